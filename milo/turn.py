"""The one place a turn happens: recall, chain, etch, return. Every front end calls `Milo.turn`.

A fresh chain (`prompt | model | parser`) is built for every turn from the persona, the memory
recall and the user's text; nothing about the conversation lives in the process between turns
(the recent conversation is read from disk by the session history, see milo.sessions).
"""

from __future__ import annotations

import logging
import signal
import threading
import time
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Callable, Optional, Protocol

from langchain_core.messages import BaseMessage
from langchain_core.runnables import Runnable

from milo.memory import LivingMemory, MemoryFileError, Pulse
from milo.models import ModelChoice
from milo.prompting import Persona
from milo.tags import MiloTagParser, TaggedAnswer, TagSpec

log = logging.getLogger("milo")

LOST_THREAD = "Oh! I completely lost my train of thought there. Could you say that again?"


class History(Protocol):
    """Recent conversation bridged on disk (milo.sessions.SessionMemory)."""

    def window(self) -> list[BaseMessage]: ...

    def memory_mark(self) -> Optional[int]: ...

    def record(self, user_text: str, reply: str, memory_mark: Optional[int] = None) -> None: ...


class Body(Protocol):
    """A robot body (milo.body.Body): performs gestures in the background."""

    action_tag: TagSpec

    def respond(self, user_text: str, action_text: str) -> list[str]: ...


@dataclass
class TurnResult:
    text: str
    reply: str
    answer: Optional[TaggedAnswer] = None
    pulse: Optional[Pulse] = None  # the entry etched, None when nothing was (failure, hygiene)
    gestures: list[str] = field(default_factory=list)
    error: Optional[str] = None  # one plain sentence when the model failed
    notices: list[str] = field(default_factory=list)  # non-fatal problems (memory not written...)
    attempts: int = 0

    @property
    def ok(self) -> bool:
        return self.error is None


class ModelFailure(Exception):
    def __init__(self, sentence: str, transient: bool):
        super().__init__(sentence)
        self.sentence = sentence
        self.transient = transient


def classify(exc: BaseException, where: str = "", timeout: float = 0) -> ModelFailure:
    """Turn a provider's exception into one plain sentence, and whether retrying may help."""
    name = type(exc).__name__
    status = getattr(exc, "status_code", None) or getattr(exc, "code", None)
    if status is None and getattr(exc, "response", None) is not None:
        status = getattr(exc.response, "status_code", None)
    place = f" at {where}" if where else ""
    if isinstance(status, int):
        if status == 429:
            return ModelFailure(f"The model{place} is rate-limiting requests (HTTP 429); wait a minute and try again.", True)
        if status >= 500:
            return ModelFailure(f"The model server{place} had an internal error (HTTP {status}).", True)
        if status in (401, 403):
            return ModelFailure(f"The model{place} refused the API key (HTTP {status}); check GOOGLE_API_KEY or MILO_API_KEY.", False)
        if status == 404:
            return ModelFailure(f"The model server{place} does not know that model (HTTP 404); check the name given to --model.", False)
        if 400 <= status < 500:
            return ModelFailure(f"The model server{place} rejected the request (HTTP {status}).", False)
    if "Timeout" in name or isinstance(exc, TimeoutError):
        secs = f" within {timeout:g} seconds" if timeout else ""
        return ModelFailure(f"The model{place} did not answer{secs}; it may be overloaded (raise MILO_TIMEOUT if it is just slow).", True)
    if isinstance(exc, ValueError) or "Decode" in name or "Validation" in name:
        return ModelFailure(f"The model server{place} sent an answer that could not be read.", True)
    if "Connect" in name or isinstance(exc, ConnectionError):
        return ModelFailure(f"Cannot reach the model server{place}; is it running? (check --base-url, MILO_BASE_URL or OLLAMA_HOST).", True)
    return ModelFailure(f"The model call failed ({name}).", False)


@contextmanager
def _deferred_interrupt():
    """Hold Ctrl-C (SIGINT) until the block is done, then raise it as usual."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    pending = []
    previous = signal.signal(signal.SIGINT, lambda *a: pending.append(a))
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)
        if pending:
            raise KeyboardInterrupt


class Milo:
    def __init__(
        self,
        model: ModelChoice,
        memory: LivingMemory,
        persona: Persona,
        parser: Optional[MiloTagParser] = None,
        history: Optional[History] = None,
        body: Optional[Body] = None,
        retries: int = 2,
        backoff: float = 0.5,
        timeout: float = 60.0,
        sleep: Callable[[float], None] = time.sleep,
    ):
        self.model = model
        self.memory = memory
        self.persona = persona
        self.body = body
        parser = parser or MiloTagParser()
        if body is not None:
            parser = parser.with_tags([body.action_tag])
        self.parser = parser
        self.history = history
        self.retries = retries
        self.backoff = backoff
        self.timeout = timeout
        self.sleep = sleep

    # ---- the chain ------------------------------------------------------------------------

    def build_chain(self) -> Runnable:
        prompt = self.persona.prompt(self.parser.get_format_instructions())
        llm: Runnable = self.model.llm
        if self.model.grammar:
            llm = llm.bind(extra_body={"grammar": self.parser.gbnf()})
        return prompt | llm | self.parser

    def inputs(self, text: str) -> dict:
        history = self.history.window() if self.history else []
        # Relevance is judged on the new message and the last things the user said before it.
        query = " ".join([text] + [m.content for m in history if m.type == "human"][-2:])
        # The memory as it was when this conversation began: its own turns are in `history`.
        mark = self.history.memory_mark() if self.history else None
        stable, relevant = self.memory.recall_parts(query, upto=mark)
        return {"memory": stable, "relevant": relevant or "(none)", "history": history, "input": text}

    def prompt_messages(self, text: str) -> list[BaseMessage]:
        """The exact messages the model would receive for `text` (for `milo prompt`)."""
        prompt = self.persona.prompt(self.parser.get_format_instructions())
        return prompt.invoke(self.inputs(text)).to_messages()

    # ---- the turn -------------------------------------------------------------------------

    def turn(self, text: str, on_reply: Optional[Callable[[str], None]] = None) -> TurnResult:
        text = (text or "").strip()
        result = TurnResult(text=text, reply="")
        if not text:
            return result
        try:
            mark = self.memory.size()  # where a conversation starting now begins in the memory
            inputs = self.inputs(text)
        except MemoryFileError as e:
            result.error = str(e)
            result.reply = LOST_THREAD
            return result
        chain = self.build_chain()
        answer = self._run(chain, inputs, on_reply, result)
        if answer is None:
            result.reply = LOST_THREAD  # in character; nothing etched, the loop goes on
            if self.body is not None:  # a clear request in the user's words still moves the body
                result.gestures = self.body.respond(text, "")
            return result
        result.answer = answer
        result.reply = answer.reply
        with _deferred_interrupt():  # the reply was shown: what it etches must land whole
            try:
                result.pulse = self.memory.witness(answer.core_update, answer.future_message, answer.reply)
            except MemoryFileError as e:
                result.notices.append(str(e))
            if self.history is not None:
                try:
                    self.history.record(text, answer.reply, memory_mark=mark)
                except OSError as e:
                    result.notices.append(f"Could not save the conversation: {e}.")
        if self.body is not None:
            result.gestures = self.body.respond(text, answer.action)
        return result

    def _run(self, chain, inputs, on_reply, result: TurnResult) -> Optional[TaggedAnswer]:
        emitted = ""
        for attempt in range(self.retries + 1):
            result.attempts = attempt + 1
            final: Optional[TaggedAnswer] = None
            try:
                for partial in chain.stream(inputs):
                    final = partial
                    if on_reply and "REPLY" not in partial.missing:
                        reply = partial.reply
                        if len(reply) > len(emitted) and reply.startswith(emitted):
                            on_reply(reply[len(emitted):])
                            emitted = reply
                if final is None or not final.reply:
                    raise ModelFailure("The model's answer could not be understood.", True)
                result.error = None
                return final
            except Exception as exc:  # providers raise many types; classify them all
                failure = exc if isinstance(exc, ModelFailure) else classify(exc, self.model.where, self.timeout)
                log.info("model attempt %d failed: %s", attempt + 1, failure.sentence)
                result.error = failure.sentence
                # A reply already half shown cannot be taken back: do not start it over.
                if not failure.transient or emitted or attempt == self.retries:
                    return None
                self.sleep(self.backoff * (2**attempt))
        return None
