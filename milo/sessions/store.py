"""The recent conversation, bridged on disk between wakes.

Living_Memory.md keeps Milo's summaries; this keeps the user's own words and Milo's replies for
the active conversation, so a fresh chain at the next wake can replay them. Nothing stays in the
process: every wake reads the active conversation from disk, and idle costs nothing.

Layout under SESSION_DIR (default ~/.cache/milo/sessions, private to its owner):
    active.json          {"id": "conv-20261129-201502-3", "last": <end of last turn, epoch s>, "seq": 3}
    conv-....json        {"id": ..., "messages": [LangChain message dicts]}
    .lock                flock for every read-modify-write (two Milo processes at once)

Rules: a conversation rotates after SESSION_TTL seconds without a turn, measured from the END
of the previous turn to the START of the next one. Writes go to a temp file, fsync, rename: a
crash leaves the previous good file. A damaged file is recovered (valid messages kept) and the
original set aside with a one-line warning.
"""

from __future__ import annotations

import json
import logging
import os
import re
import threading
import time
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Iterator, Optional, Sequence

from langchain_core.chat_history import BaseChatMessageHistory
from langchain_core.messages import BaseMessage, messages_from_dict, messages_to_dict, trim_messages

from milo import storage
from milo.errors import SessionError

log = logging.getLogger("milo.sessions")

DEFAULT_TTL = 300.0
DEFAULT_WINDOW = 40
ACTIVE = "active.json"
UNRELIABLE = "milo_unreliable"  # on an AI message never to replay (cut off, leaked tags)
REPLY_ONLY = "reply"  # its value when only the reply is left out (a persona sample copied): the user's words stay
_ID_RE = re.compile(r"^conv-\d{8}-\d{6}-\d+$")


def default_dir() -> Path:
    from milo.config import Settings

    return Path(Settings.load().session_dir)


def _atomic_write(path: Path, data: dict) -> None:
    storage.atomic_replace(path, (json.dumps(data, ensure_ascii=False, indent=1) + "\n").encode("utf-8"), mode=0o600)


def _recover_messages(text: str) -> list[BaseMessage]:
    """Every message object that still parses in a damaged file."""
    decoder = json.JSONDecoder()
    found: list[BaseMessage] = []
    for m in re.finditer(r'\{\s*"type"\s*:', text):
        try:
            obj, _ = decoder.raw_decode(text, m.start())
            found.extend(messages_from_dict([obj]))
        except (ValueError, KeyError, TypeError):
            continue
    return found


class JsonChatMessageHistory(BaseChatMessageHistory):
    """One conversation in one JSON file: LangChain's chat-history interface, atomic writes."""

    def __init__(self, path: Path, lock: Callable[[], "contextmanager"], warn: Callable[[str], None]):
        self.path = Path(path)
        self._lock = lock
        self._warn = warn

    @property
    def messages(self) -> list[BaseMessage]:  # type: ignore[override]
        try:
            text = self.path.read_text(encoding="utf-8", errors="replace")
        except FileNotFoundError:
            return []
        try:
            data = json.loads(text)
            items = data["messages"] if isinstance(data, dict) else data
            return messages_from_dict(items)
        except (ValueError, KeyError, TypeError):
            return self._recover(text)

    def _recover(self, text: str) -> list[BaseMessage]:
        messages = _recover_messages(text)
        with self._lock():
            if self.path.exists() and self.path.read_text(encoding="utf-8", errors="replace") == text:
                aside = storage.set_aside(self.path, "damaged")
                _atomic_write(self.path, {"id": self.path.stem, "messages": messages_to_dict(messages)})
                self._warn(f"The conversation file {self.path.name} was damaged; kept {len(messages)} messages and set the original aside as {aside.name}.")
        return messages

    def add_messages(self, messages: Sequence[BaseMessage]) -> None:
        with self._lock():
            current = self.messages
            _atomic_write(self.path, {"id": self.path.stem, "messages": messages_to_dict(list(current) + list(messages))})

    def clear(self) -> None:
        with self._lock():
            self.path.unlink(missing_ok=True)


@dataclass
class ConversationInfo:
    id: str
    path: Path
    messages: int
    modified: float
    active: bool


class SessionStore:
    """The conversations under one directory, and which one is active."""

    def __init__(
        self,
        directory: Optional[os.PathLike | str] = None,
        ttl: float = DEFAULT_TTL,
        window: int = DEFAULT_WINDOW,
        clock: Callable[[], float] = time.time,
        warn: Callable[[str], None] = lambda s: log.warning("%s", s),
    ):
        self.dir = Path(directory).expanduser() if directory else default_dir()
        self.ttl = ttl
        self.window_size = window
        self.clock = clock
        self.warn = warn
        self._rlock = threading.RLock()
        self._depth = 0
        self._swept = False

    def check(self) -> None:
        """Raise a SessionError (one sentence) when SESSION_DIR names something that is not a
        folder: it was taken quietly as one with no conversations (issue 27)."""
        if self.dir.exists() and not self.dir.is_dir():
            raise SessionError(f"The conversation folder {self.dir} is not a folder; point SESSION_DIR at a folder you own.")

    # ---- locking and state --------------------------------------------------------------

    @contextmanager
    def lock(self) -> Iterator[None]:
        """Exclusive across processes (flock) and re-entrant within this one."""
        with self._rlock:
            if self._depth:
                self._depth += 1
                try:
                    yield
                finally:
                    self._depth -= 1
                return
            try:
                self.dir.mkdir(parents=True, exist_ok=True, mode=0o700)
                fd = os.open(self.dir / ".lock", os.O_RDWR | os.O_CREAT | os.O_CLOEXEC, 0o600)
            except OSError as e:
                raise SessionError(f"The conversation folder {self.dir} cannot be used ({e.strerror}); point SESSION_DIR at a folder you own.") from None
            try:
                storage.flock(fd)
                self._depth = 1
                yield
            finally:
                self._depth = 0
                os.close(fd)

    def state(self) -> dict:
        path = self.dir / ACTIVE
        try:
            state = json.loads(path.read_text(encoding="utf-8"))
            if not (isinstance(state, dict) and _ID_RE.match(str(state.get("id", ""))) and isinstance(state.get("last"), (int, float))):
                raise ValueError("unexpected content")
            return state
        except FileNotFoundError:
            return {}
        except (ValueError, OSError):
            try:
                aside = storage.set_aside(path, "damaged")
                self.warn(f"The session state file {ACTIVE} was damaged; starting a new conversation and setting it aside as {aside.name}.")
            except OSError:
                pass
            return {}

    def active_id(self, at: Optional[float] = None) -> Optional[str]:
        """The conversation a turn starting at `at` continues, or None when it starts a new one."""
        at = self.clock() if at is None else at
        state = self.state()
        if state and at - float(state["last"]) <= self.ttl:
            return state["id"]
        return None

    def history(self, conv_id: str) -> JsonChatMessageHistory:
        if not _ID_RE.match(conv_id):
            raise ValueError(f"not a conversation id: {conv_id!r}")
        return JsonChatMessageHistory(self.dir / f"{conv_id}.json", self.lock, self.warn)

    def _new_id(self, at: float, state: dict) -> tuple[str, int]:
        seq = int(state.get("seq", 0)) + 1
        stamp = time.strftime("%Y%m%d-%H%M%S", time.localtime(at))
        while (self.dir / f"conv-{stamp}-{seq}.json").exists():
            seq += 1
        return f"conv-{stamp}-{seq}", seq

    def record(self, started: float, conv_id: Optional[str], messages: Sequence[BaseMessage], memory_mark: Optional[int] = None) -> str:
        """Append one turn's messages; returns the conversation id they went to. A new
        conversation remembers `memory_mark`, the memory file's size when it began."""
        with self.lock():
            if not self._swept:
                self._sweep()
            state = self.state()
            if conv_id is None or state.get("id") != conv_id:
                # Another process may have started or continued a conversation meanwhile.
                if state and started - float(state["last"]) <= self.ttl:
                    conv_id = state["id"]
                else:
                    conv_id, seq = self._new_id(started, state)
                    state["seq"] = seq
                    state.pop("memory_mark", None)
                    if memory_mark is not None:
                        state["memory_mark"] = int(memory_mark)
            hist = self.history(conv_id)
            _atomic_write(hist.path, {"id": conv_id, "messages": messages_to_dict(hist.messages + list(messages))})
            state.update(id=conv_id, last=self.clock())
            _atomic_write(self.dir / ACTIVE, state)
        return conv_id

    def _sweep(self) -> None:
        """Remove the temp files of writers killed mid-write (11 after 100 kills, never removed).
        Under the lock, which every writer holds while its temp file exists: none is live."""
        self._swept = True
        for p in self.dir.glob(".*.tmp"):
            try:
                p.unlink()
            except OSError:
                pass

    def window(self, conv_id: Optional[str]) -> list[BaseMessage]:
        if conv_id is None:
            return []
        return trim_window(replayable(self.history(conv_id).messages), self.window_size)

    # ---- listing ------------------------------------------------------------------------

    def conversations(self) -> list[ConversationInfo]:
        if not self.dir.is_dir():
            return []
        active = self.active_id()
        out = []
        for path in sorted(self.dir.glob("conv-*.json")):
            try:
                count = len(self.history(path.stem).messages)
            except ValueError:
                continue
            out.append(ConversationInfo(path.stem, path, count, path.stat().st_mtime, path.stem == active))
        return out

    def clear(self, conv_id: Optional[str] = None) -> int:
        """Delete one conversation (or all when None); returns how many files went."""
        with self.lock():
            if conv_id is None:
                paths = list(self.dir.glob("conv-*.json")) + [self.dir / ACTIVE]
                self._sweep()
            else:
                paths = [self.history(conv_id).path]
                if self.state().get("id") == conv_id:
                    paths.append(self.dir / ACTIVE)
            gone = 0
            for p in paths:
                if p.exists():
                    p.unlink()
                    gone += p.name.startswith("conv-")
            return gone


def replayable(messages: Sequence[BaseMessage]) -> list[BaseMessage]:
    """The messages without the exchanges whose reply must not be replayed (only the reply, for
    one marked REPLY_ONLY: what the user said is still what the conversation is about)."""
    kept: list[BaseMessage] = []
    for m in messages:
        if m.type == "ai" and m.additional_kwargs.get(UNRELIABLE):
            if kept and kept[-1].type == "human" and m.additional_kwargs[UNRELIABLE] != REPLY_ONLY:
                kept.pop()
            continue
        kept.append(m)
    return kept


def trim_window(messages: Sequence[BaseMessage], size: int) -> list[BaseMessage]:
    """At most the last `size` messages, never starting with an orphan reply (trim at turn
    boundaries). Once the conversation outgrows the window, its start moves half a window at a
    time, not one turn at a time: the model's prompt cache is reused up to the first changed
    token, and a window sliding every turn would have the whole conversation processed again on
    every turn (~20 turns x ~100 tokens; a minute on the good brain here)."""
    if size <= 0:
        return []
    messages = list(messages)
    step = max(2, size // 2 - (size // 2) % 2)  # whole turns
    if len(messages) > size:
        messages = messages[((len(messages) - size) // step + 1) * step :]
    return trim_messages(messages, max_tokens=size, token_counter=len, strategy="last", start_on="human")
