"""What a turn uses from the conversation store: the recent window, then a record of the turn.

A conversation rotates after SESSION_TTL seconds of quiet (end of one turn to the start of the
next); the window replayed into the prompt is the last SESSION_WINDOW messages, cut at a turn
boundary (LangChain's `trim_messages`).
"""

from __future__ import annotations

from typing import Optional

from typing import Sequence

from langchain_core.chat_history import BaseChatMessageHistory
from langchain_core.messages import AIMessage, BaseMessage, HumanMessage

from milo.sessions.store import REPLY_ONLY, UNRELIABLE, SessionStore

# On the HumanMessage given to add_messages: the memory file's size when the turn began, kept as
# where a conversation starting with it begins in the memory (LangChain's history has no such field).
MEMORY_MARK = "milo_memory_mark"


class SessionMemory(BaseChatMessageHistory):
    """The conversation as LangChain's chat history: `messages` is the window a turn starting now
    replays (the active conversation, trimmed); `add_messages` records a turn's exchange. Beyond
    the interface, and why: `memory_mark()`, the memory as it was when the conversation began
    (its own turns are replayed, so recall leaves them out); an AI message marked UNRELIABLE is
    kept on disk but never replayed (a reply cut off or leaking tag text)."""

    def __init__(self, store: SessionStore):
        self.store = store
        self._started: Optional[float] = None
        self._conv_id: Optional[str] = None

    @property
    def messages(self) -> list[BaseMessage]:  # type: ignore[override]
        return self.window()

    def add_messages(self, messages: Sequence[BaseMessage]) -> None:
        """One exchange or more: each HumanMessage with the AIMessage after it."""
        pending: Optional[BaseMessage] = None
        for m in messages:
            if m.type == "human":
                pending = m
            elif m.type == "ai" and pending is not None:
                mark = pending.additional_kwargs.get(MEMORY_MARK)
                flag = m.additional_kwargs.get(UNRELIABLE)
                self.record(str(pending.content), str(m.content), memory_mark=mark if isinstance(mark, int) else None,
                            reliable=REPLY_ONLY if flag == REPLY_ONLY else not flag)
                pending = None

    def clear(self) -> None:
        """Forget the active conversation (LangChain's clear: its messages are deleted)."""
        active = self.store.active_id()
        if active is not None:
            self.store.clear(active)
        self._conv_id = None

    @classmethod
    def from_settings(cls, settings) -> Optional["SessionMemory"]:
        """None when SESSION_MEMORY is off: stateless per wake, nothing attached, nothing written."""
        if not settings.session_memory:
            return None
        return cls(store_from_settings(settings))

    def window(self) -> list[BaseMessage]:
        """Read only (milo prompt uses it too): which conversation a turn starting now continues."""
        self._started = self.store.clock()
        self._conv_id = self.store.active_id(self._started)
        return self.store.window(self._conv_id)

    def memory_mark(self) -> Optional[int]:
        """The memory file's size when the active conversation began (None: a new one)."""
        if self._conv_id is None:
            return None
        mark = self.store.state().get("memory_mark")
        return int(mark) if isinstance(mark, int) else None

    def record(self, user_text: str, reply: str, memory_mark: Optional[int] = None, reliable=True) -> None:
        """`reliable=False`: a reply cut off or leaking tag text; kept on disk (the user saw it)
        but never replayed into a prompt, nor what the user said before it. REPLY_ONLY: the
        reply alone is not replayed (it copied a persona sample)."""
        started = self._started if self._started is not None else self.store.clock()
        if reliable is True:
            answer = AIMessage(reply)
        else:
            answer = AIMessage(reply, additional_kwargs={UNRELIABLE: REPLY_ONLY if reliable == REPLY_ONLY else True})
        self._conv_id = self.store.record(started, self._conv_id, [HumanMessage(user_text), answer], memory_mark)
        self._started = None


def store_from_settings(settings) -> SessionStore:
    """The store SESSION_DIR names; a SessionError when it names a file."""
    store = SessionStore(settings.session_dir, ttl=settings.session_ttl, window=settings.session_window)
    store.check()
    return store
