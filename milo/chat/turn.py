"""The one place a turn happens: recall, chain, etch, return. Every front end calls `Milo.turn`.

A fresh chain (`prompt | model | parser`) is built for every turn from the persona, the memory
recall and the user's text; nothing about the conversation lives in the process between turns
(the recent conversation is read from disk by the session history, see milo.sessions).

What the user sees is what the turn returns: with `on_reply`, every piece of the reply goes
through it (as it streams, or at once when nothing could be streamed, a failure included), and
the pieces always join to exactly `TurnResult.reply`, which is also what is etched and replayed.

Where the turn does not use LangChain's own parts, and why (one line each):
- Recall runs before the chain, not as a step in it: what it finds shapes the chain (a note that
  answers is the answer's prefill, sometimes shown before the model runs) and the turn reads it
  after (reply guard, grounding, etch); a retry must not recall again.
- Retries are the turn's loop, not `with_retry`: a retry after part of a reply was shown would
  say it twice, so a shown reply is never retried.
- A whole answer is bounded in real time (milo.chat.bounded), not by a client timeout: LangChain
  bounds each read, and a server dripping a token every few seconds never trips it.
"""

from __future__ import annotations

import logging
import os
import re
import threading
import time
from dataclasses import dataclass, field
from typing import Callable, Generator, Iterable, Mapping, Optional, Protocol, Sequence

from langchain_core.messages import AIMessage, BaseMessage, HumanMessage, SystemMessage
from langchain_core.runnables import Runnable

from milo import heap
from milo.chat.addressing import fixed_reply, reply_opening
from milo.chat.bounded import Dropped, stream_within
from milo.chat.chain import build_chain
from milo.chat.draft import confirm, needed
from milo.chat.evidence import (SAID, lacks_asked, asks_of_the, asks_how_they_do, changed_later, Candidate, Evidence, asks_about_them, earlier_words, find, followed_up, leaning, name_note,
                                only_asks, own_words, points_back, closest_told)
from milo.chat.failures import LOST_THREAD, ModelFailure, classify, deferred_interrupt
from milo.chat.forgetting import asks_to_forget, cannot_forget
from milo.chat.known import asks_what_known, known, memory_notes
from milo.chat.manners import Manners, opening_interjections
from milo.chat.models import ModelChoice
from milo.chat.persona import NAME_NOTE, Persona
from milo.chat.tags import MiloTagParser, TaggedAnswer, TagSpec
from milo.chat.written import as_written
from milo.sessions.history import MEMORY_MARK
from milo.sessions.store import REPLY_ONLY, UNRELIABLE
from milo.errors import MemoryFileError, MiloError
from milo.memory import LivingMemory, Pulse
from milo.memory.grounding import Grounded, ground
from milo.memory.names import learn_name, name_in
from milo.memory.notes import mark_changed, numbered

log = logging.getLogger("milo")

NATIVE_TOOL_KINDS = ("gemini", "ollama", "openai")  # chat models with native tool calling
# The last pulses whose user's words evidence.find reads beyond what the prompt shows (a wake or
# two; each new text costs ~10 ms to embed, once).
EARLIER_PULSES = 12
KNOWN_PULSES = 80  # the last pulses read for what they told as a whole (milo.chat.known)
INTRO_PULSES = 400  # the last pulses looked through for the one they introduced themselves in (Milo._introduction)
AHEAD_EXTRA = 60  # tokens of notes chosen for the message itself, after those processed ahead (Milo.inputs)
HURRIED = ("\0hurried", "")  # Milo._ready after a turn hurried by the next message
# A message that hurried the turn before it repeats that turn's prompt and answer as the model
# saw and wrote them (Milo._continuation), up to this many tokens (the embedded brain's context
# is 4,096: room for the answer after it).
CONTINUE_TOKENS = 2500
PREFILL_STEP = 100  # tokens of notes per prefill request: the longest a message sent meanwhile waits (~1.7-3.4 s, good brain here: slower as the prompt grows)


class History(Protocol):
    """Recent conversation bridged on disk (milo.sessions.SessionMemory): LangChain's
    BaseChatMessageHistory (`messages`: the window a turn replays; `add_messages`), plus where
    the conversation began in the memory (its own turns are replayed, so recall leaves them out)."""

    @property
    def messages(self) -> list[BaseMessage]: ...

    def add_messages(self, messages: Sequence[BaseMessage]) -> None: ...

    def memory_mark(self) -> Optional[int]: ...


class Body(Protocol):
    """A robot body (milo.body.Body): performs gestures in the background."""

    action_tag: Mapping[str, str]  # name, field, placeholder, gbnf of its [ACTION] line

    @property
    def tools(self) -> list: ...  # LangChain tools, for models that call tools natively

    def respond(self, user_text: str, action_text: str = "", tool_calls: Sequence[Mapping] = ()) -> list[str]: ...


@dataclass
class TurnResult:
    text: str
    reply: str
    answer: Optional[TaggedAnswer] = None
    pulse: Optional[Pulse] = None  # the entry etched, None when nothing was (failure, hygiene)
    gestures: list[str] = field(default_factory=list)
    error: Optional[str] = None  # one plain sentence when the model failed
    notices: list[str] = field(default_factory=list)  # non-fatal problems (memory not written...)
    memory_changes: list[str] = field(default_factory=list)  # what grounding replaced or dropped
    attempts: int = 0
    evidence: Optional[Evidence] = None  # what answers a question about the user (grammar-driven brains)
    hurried: bool = False  # the next message came before the lines after the reply were all written

    @property
    def ok(self) -> bool:
        return self.error is None


CUT_OFF = "(cut off)"
RESAMPLE_TEMPERATURE = 0.9  # a reply written again (only a sample copied): the brains' own is 0.2-0.4


SETTLE_S = 120  # the longest a turn waits for its reply to be heard before etching it


class Interruption(Protocol):
    """start_turn's `interruption` (milo.voice.barge.Cut): the user spoke over the reply and cut
    it off. `event`, set from any thread, ends the answer where it is; the turn etches once
    `settled` is set (the reply heard to its end, or cut off), and the reply it keeps (etched,
    replayed in later prompts) is `heard`, what the user heard of it, marked CUT_OFF."""

    event: threading.Event
    settled: threading.Event
    heard: str


def _said(history: Sequence[BaseMessage]) -> list[str]:
    """What the user said in the conversation so far, oldest first."""
    return [m.content for m in history if m.type == "human" and isinstance(m.content, str)]


def _steps_of(notes: str, step: int) -> list[str]:
    """"" and then longer starts of `notes`, each ending at a line's end about `step` tokens
    after the one before it, the last the whole."""
    from milo.memory.recall import estimate_tokens

    out, lines, size = [""], notes.split("\n"), 0
    for i, line in enumerate(lines[:-1]):
        size += estimate_tokens(line) + 1
        if size >= step:
            out.append("\n".join(lines[: i + 1]))
            size = 0
    return out + [notes] if notes else out


def _cut(interruption) -> Optional[str]:
    """The reply an interrupted turn keeps (what was heard, marked), None if not interrupted."""
    if interruption is None or not interruption.event.is_set():
        return None
    heard = " ".join((interruption.heard or "").split())
    return f"{heard} {CUT_OFF}" if heard else CUT_OFF


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
        self.settings_name = persona.known_name is not None  # a name given by the settings stays
        self._intro_key: Optional[tuple] = None
        self._intro: Optional[Pulse] = None  # see _introduction
        self.body = body
        parser = (parser or MiloTagParser()).named(persona.name).with_example(persona.example)
        if model.grammar and getattr(model, "free_reply", False):
            parser = parser.with_free_reply()
        # Gestures: models that call tools natively get the body's tools; the others (llama.cpp
        # under a grammar) an [ACTION] line in the format.
        chooses = body is not None and getattr(model, "chooses_gestures", True)
        self.native_tools = chooses and not model.grammar and model.kind in NATIVE_TOOL_KINDS
        if chooses and not self.native_tools:
            # Last: placed earlier, the good brain recited it as its reply (milo.chat.tags). The
            # gesture is still made as soon as its line is written, before the answer ends.
            parser = parser.with_tags([TagSpec(**body.action_tag)])
        # For grammar-driven brains, an answer about the user starts from what answers it
        # (milo.chat.evidence): the format says so.
        if model.grammar:
            parser = parser.with_evidence()
        self.parser = parser
        memory.add_placeholders(parser.placeholders())  # copies of the format's descriptions are never etched
        self.history = history
        self._inputs_lock = threading.Lock()
        self.retries = retries
        self.backoff = backoff
        self.timeout = timeout
        self.sleep = sleep
        # What the notes the model holds were chosen by (`_ahead`, as Milo.prefill last processed
        # them); HURRIED after a turn hurried by the next message (no prefill then); None: none.
        self._ready: Optional[tuple[str, str]] = None
        # The notes the server holds after the prompt's known part (as the last prefill left
        # them): a step within them is not sent again (a step's end, written after its notes,
        # replaces the rest of them in the server's cache). None once a turn has begun.
        self._held: Optional[str] = None
        # A turn hurried by the next message: its prompt's messages after the fixed two, and its
        # answer as far as the model wrote it (Milo._continuation); None otherwise.
        self._continued: Optional[list[BaseMessage]] = None
        self._answered: Optional[tuple[dict, list[str]]] = None  # the last answer's inputs and text

    # ---- the chain ------------------------------------------------------------------------

    def build_chain(self, evidence: Optional[Evidence] = None, stop: Optional[threading.Event] = None,
                    bind: Optional[Mapping] = None, written: Optional[list] = None) -> Runnable:
        """The chain for one answer; `evidence`: what answers a question about the user (its
        line is then the answer's prefill, and the reply's opening follows it); `bind`: the
        model's call options for this answer (a temperature); `written`: gets the model's text."""
        parser = self.parser
        opening = reply_opening(evidence, self.persona.known_name) if self.model.grammar else None
        if opening:
            parser = parser.opening_with(opening)
        return build_chain(self.persona, self.model, parser, self.body.tools if self.native_tools else (),
                           prefill=evidence.prefill() if evidence is not None else "", stop=stop, bind=bind,
                           written=written)

    def inputs(self, text: str) -> dict:
        """What the prompt for `text` is filled with. One at a time: the terminal computes them for
        what is being typed (prefill_typed) on a thread of its own while a turn may start."""
        with self._inputs_lock:
            return self._inputs(text)

    def _inputs(self, text: str) -> dict:
        history = list(self.history.messages) if self.history else []
        # Relevance is judged on the new message, and for less on the last things the user said
        # before it (a follow-up: "and what did she bring?").
        said = _said(history)
        earlier = " ".join(said[-2:])
        # The memory as it was when this conversation began: its own turns are in `history`.
        mark = self.history.memory_mark() if self.history else None
        # A follow-up that points back ("When is it?") is read with the question before it.
        asked = leaning(text, said, self.persona.name) if text else text
        # About them or theirs ("Who taught us?"): its best notes by words are shown, and the
        # user's last words (the pulses the prompt does not show) are looked at too.
        about_user = bool(self.model.grammar and text) and asks_about_them(asked, self.persona.name)
        # (a follow-up's notes are those of the question it is read with: "where is the party"
        # after "how old will akosua be" was shown none on a lived-in memory, not the one of her
        # ninetieth, and the model said "The party is in town.")
        stable, relevant = self.memory.recall_parts(asked, upto=mark, earlier=earlier, about_user=about_user)
        candidates = self._candidates(stable, relevant, said, about_user)
        evidence = find(asked, candidates, embed=self.memory.embed, own=self.persona.name,
                        user=self.persona.known_name or "") if self.model.grammar and text else None
        if (evidence is None and self.model.grammar and text and not about_user
                and (asks_of_the(asked, self.persona.name) or asks_how_they_do(asked))):
            # Of "the" thing, and nothing found: its best notes by words too, as for a question
            # about them. On a lived-in memory "how old are the twins" (0.20 from 'i have twin
            # boys, yusuf and idris', under the meaning floor) was left to the model: "They are
            # both about 15 years old." (dec131). So is "how do i get to work" (a note may say how).
            # Kept only where find then names a note.
            wider = self.memory.recall_parts(asked, upto=mark, earlier=earlier, about_user=True)
            if wider[1] != relevant:
                more = self._candidates(*wider, said, True)
                found = find(asked, more, embed=self.memory.embed, own=self.persona.name, user=self.persona.known_name or "")
                if found is not None:
                    (stable, relevant), candidates, evidence = wider, more, found
        alone = (find(text, candidates, embed=self.memory.embed, own=self.persona.name, user=self.persona.known_name or "")
                 if asked != text and self.model.grammar and text else None)
        if evidence is None and alone is not None:
            # Read with the question before it, it found nothing; alone it may ("which university
            # is it for" after "what is on the roof", read as one, went to the model, which said
            # "It's for a university in Abuja, Nigeria.", dec266).
            evidence, asked = alone, text
        if evidence is not None and asked != text:
            # A note that answers the follow-up alone answers it ("Where does he sleep?" / 'He
            # sleeps on the sofa all day.', read with "What's my dog called?" before it, went to the draft,
            # which mixed both); else it is read with the question before it.
            if alone is not None and alone.answered:  # (unsure: the draft looks at it, asked alone)
                evidence, asked = alone, text
            else:
                evidence = followed_up(evidence, text, self.persona.name, self.persona.known_name or "")
                if (not evidence.answered and evidence.closest is not None and not points_back(text)
                        and closest_told(text, candidates, self.memory.embed, self.persona.name, self.persona.known_name or "")
                        not in (None, evidence.closest.key)):
                    # A bare question read with the one before answers nothing that way either, and
                    # alone it is closest to another note: it is asked alone ("who is visiting" after
                    # "how old is pepper" was said "not sure ... you have a cat named pepper"; alone,
                    # 0.43 from 'my sister abena is visiting on saturday'). Else it leans: "When is
                    # practice?" with no time told is "not sure" beside the coaching note, not a time
                    # the model makes up.
                    evidence, asked = alone, text
        if evidence is not None and text:
            # (what a note must hold for what is asked, however it was found: "who conducts the
            # choir" after "what do i sing in", read with it, was answered 'We're rehearsing the
            # Mozart Requiem for Easter.', dec180)
            evidence = lacks_asked(text, evidence)
        if self.model.grammar and text and asks_what_known(text, self.persona.name):
            # What they told as a whole ("What do you know about me?"): the last things the memory
            # holds of theirs, not the few notes the words of the question found.
            notes = memory_notes(self.memory.recent_pulses(KNOWN_PULSES), said)
            evidence, asked = known(notes, self.persona.known_name or "", self.persona.name, self.memory.pinned()), text
        elif self.model.grammar and text and asks_to_forget(text, self.persona.name):
            evidence, asked = cannot_forget(self.persona.name), text  # never a promise it cannot keep
        ahead = self._ahead(said)
        if ahead is not None and text:
            # Not about the user (an answer from a note is shown at once whatever the notes cost):
            # the notes for the conversation so far, processed before the message came
            # (Milo.prefill; none at its start), and a few for the message itself. A message that
            # hurried the turn before it found nothing processed: it gets only its own few (a
            # follow-up at once). Nothing prefilled (a front end without it): the notes as before.
            if evidence is not None or self._ready not in (ahead, HURRIED):
                ahead = None
            elif self._ready == HURRIED:
                ahead = ("", "")
        if ahead is not None:
            stable, relevant = self.memory.recall_parts(text, upto=mark, earlier=earlier, ahead=ahead, extra=AHEAD_EXTRA)
        # A note whose day a newer one changed is marked so (asked "Where does it meet?" after book
        # club moved to Wednesdays, the good brain answered "...It's on Thursdays.").
        shown = [*numbered(relevant).items(), *numbered(stable).items()]
        changed = changed_later([Candidate(k, v) for k, v in shown], self.memory.embed, self.persona.name)
        stable, relevant = mark_changed(stable, changed), mark_changed(relevant, changed)
        # What each part costs (the relevant notes are processed anew every turn); -v shows it.
        from milo.memory.recall import estimate_tokens  # numpy: not before a turn needs it

        log.info("prompt parts (~tokens): memory %d, relevant notes %d, conversation %d messages, message %d",
                 estimate_tokens(stable), estimate_tokens(relevant), len(history), estimate_tokens(text))
        # Speech-to-text style lines capitalised for the embedded brain (milo.chat.written: where
        # it was measured; a server's model reads them as said), the conversation's as well as
        # this one (the same prompt prefix turn after turn).
        if self.model.kind == "embedded":
            own = self.persona.name
            history = [HumanMessage(as_written(m.content, own), additional_kwargs=m.additional_kwargs)
                       if m.type == "human" and isinstance(m.content, str) else m for m in history]
            text = as_written(text, own)
        inputs = {"memory": stable, "relevant": relevant or "(none)", "history": history, "input": text,
                  "evidence": evidence, "told": tuple(candidates), "said": said, "asked": asked}
        # A question about the user is answered from a note at once anyway (and its notes' numbers
        # would repeat the replayed ones'): the conversation as it was.
        replay = self._continuation(inputs) if text and evidence is None and self._ready == HURRIED else None
        if replay is not None:
            inputs["replay"] = replay
        return inputs

    def _continuation(self, inputs: Mapping) -> Optional[list[BaseMessage]]:
        """For a message that hurried the turn before it: what the prompt replays in place of the
        conversation, that turn's prompt and answer as the model saw and wrote them (the
        server still holds them). Rebuilt as the conversation (the exchange after the notes
        chosen for it) they were new tokens again: a follow-up sent while the memory lines were
        written waited 2.4 s for its first token on a lived-in memory, 1.7 s continued
        (bench/lived_in.py, good brain).
        None where it would not fit (CONTINUE_TOKENS) or there is none."""
        from milo.memory.recall import estimate_tokens

        replay = self._continued
        if not replay or self.model.kind != "embedded":
            return None
        parts = [inputs["memory"], inputs["relevant"], inputs["input"], *(m.content for m in replay if isinstance(m.content, str))]
        if sum(estimate_tokens(p) for p in parts) > CONTINUE_TOKENS:
            return None
        return replay

    @staticmethod
    def _sent(inputs: Mapping) -> Mapping:
        """The inputs as the prompt is filled with them: a continuation in place of the conversation."""
        return {**inputs, "history": inputs["replay"]} if inputs.get("replay") else inputs

    def _confirmed(self, text: str, inputs: dict) -> dict:
        """`inputs` with what answers a question about the user looked at again where `find` is
        not sure, or read "How do I ...?" as advice: the note the model's own answer restates, if
        any (milo.chat.draft). In the turn only (not for what is being typed): it is a request
        to the model."""
        message, text = text, inputs.get("asked") or text  # a follow-up, with the question it points back at
        if not self.model.grammar or not needed(text, inputs.get("evidence"), self.persona.name):
            return inputs
        evidence = inputs.get("evidence")
        found = confirm(text, evidence, inputs.get("told", ()), self.model.llm, self.memory.embed,
                        own=self.persona.name, user=self.persona.known_name or "")
        # (the message itself, not only as read with the one before: "who conducts the choir" after
        # "what do i sing in" was drafted of 'We're rehearsing the Mozart Requiem...', dec180)
        found = lacks_asked(message, found)
        self._held = None  # the request took the server's cache
        return inputs if found is evidence else {**inputs, "evidence": found}

    def _candidates(self, stable: str, relevant: str, said: Sequence[str], about_user: bool) -> list[Candidate]:
        """What the user told Milo, oldest first, for what answers a question about them: the
        older notes, the recent ones, the pinned facts and their name, this conversation."""
        relevant_notes, stable_notes = numbered(relevant), numbered(stable)
        candidates = [Candidate(k, v) for k, v in relevant_notes.items()]
        if about_user:
            candidates += self._earlier_words({*relevant_notes.values(), *stable_notes.values()}, said)
        candidates += [Candidate(k, v) for k, v in stable_notes.items()]
        if self.persona.known_name:
            candidates.append(Candidate(NAME_NOTE, name_note(self.persona.known_name)))
        return candidates + [Candidate(SAID, f'earlier today: "{t}"') for t in said]

    def _earlier_words(self, shown: Iterable[str], said: Sequence[str]) -> list[Candidate]:
        """The user's own words of the last few pulses that the prompt does not show (the most
        recent notes are only the last two or three), oldest first, for evidence.find: on a lived-
        in memory "What is my job?" in a new wake was "not told" though "I work as a train driver
        between Seville and Madrid." had been said three pulses before (recall by meaning
        compares a whole pulse, greeting and name in it: 0.18, under its floor). The reply
        quotes them; the model is not shown them. `shown`: the notes the prompt shows."""
        pulses = self.memory.recent_pulses(EARLIER_PULSES)
        intro = self._introduction()
        if intro is not None and all(p.offset != intro.offset for p in pulses):
            pulses = [intro, *pulses]
        return earlier_words(pulses, shown, said, self.persona.name)

    def _introduction(self) -> Optional[Pulse]:
        """The newest pulse of the last INTRO_PULSES whose user's words give their name, as they
        introduced themselves ("good morning milo my name is ama i'm a retired teacher from
        kumasi"): what they say of themselves then is read as their words of the last few pulses
        are, however long ago (four wakes on, "what city am i from" was "not told": recall did not
        bring that pulse, sharing no word with it). Looked for again only when the file changed."""
        user = self.persona.known_name
        if not user:
            return None
        key = (user, self.memory.size())
        if self._intro_key != key:
            self._intro_key, self._intro = key, None
            mine = user.casefold()
            for p in reversed(self.memory.recent_pulses(INTRO_PULSES)):
                words = own_words(p.core_update) if p.core_update else None
                # (name_in only where their name is written: it is the costly part, ~27 ms for 400 pulses)
                if words and mine in words.casefold() and (name_in(words, self.persona.name) or "").casefold() == mine:
                    self._intro = p
                    break
        return self._intro

    def _ahead(self, said: Sequence[str]) -> Optional[tuple[str, str]]:
        """What chooses the notes before the next message is known: the last message of this
        conversation, and the two before it (Memory.recall_parts' `ahead`; nothing at its start);
        None where nothing is processed ahead (a model other than the embedded one)."""
        if self.model.kind != "embedded":
            return None
        return (said[-1], " ".join(said[-3:-1])) if said else ("", "")

    def prefill(self, stop: Optional[threading.Event] = None) -> bool:
        """Process the part of the next prompt already known (persona, memory, the conversation
        so far, the notes it chooses: `_ahead`) while the user is still typing or speaking: the
        next turn then starts from it and processes only a few notes for its message and the
        message itself. Only for the embedded model (its time is the machine's; a paid API's is
        not). Whether it ran whole; a failure only loses the head start.

        `stop` (the turn's `hurried`: the next message came): the notes are processed in steps
        of PREFILL_STEP tokens, and it stops between two, so a message sent meanwhile waits for
        one step at most (the server takes one request at a time), not for all the notes."""
        if self.model.kind != "embedded" or self.model.llm is None:
            return False
        try:
            # The user's name as the next turn will know it (from the memory): learned there
            # first, it changed the memory message, and a new process's first message was
            # processed from there (first token 2.9-4.8 s on a lived-in memory, 1.3 s after).
            self._learn_name("")
            # Up to the notes for the message (which depend on it): the notes message's fixed
            # start and the notes chosen ahead are included (the server reuses the longest run
            # of tokens the next prompt shares with it).
            inputs = self.inputs("")
            ahead = self._ahead(inputs["said"])  # what chose the notes in `inputs`
            head = self.persona.relevant_head()
            notes = inputs["relevant"] if head and inputs["relevant"] != "(none)" else ""
            prompt = self.persona.prompt(self.parser.get_format_instructions())
            known = prompt.invoke(inputs).to_messages()[:-2]
            self._ready, self._continued = None, None
            for part in self._new_steps(notes):
                if stop is not None and stop.is_set():
                    self._ready = HURRIED  # the next message finds the notes part unprocessed
                    return False
                self.model.llm.bind(max_tokens=1).invoke(known + ([SystemMessage(content=head + part)] if head else []))
                self._held = part
            self._ready = ahead
        except Exception as e:  # only a head start
            log.info("prefill failed: %s", e)
            return False
        return True

    def _new_steps(self, notes: str) -> list[str]:
        """The steps of `notes` to send (_steps_of): those past what the server already holds
        after the known part (`_held`). Sent again, a step within them was not free: the end
        of its request replaced the rest of the notes in the cache, so the next step processed
        them anew (the notes of a lived-in memory, ~4 s on the default brain, at every pause in
        typing)."""
        steps = _steps_of(notes, PREFILL_STEP)
        held = self._held
        if held is None:
            return steps
        same = len(os.path.commonprefix([notes, held]))
        return [p for p in steps if len(p) > same]

    def prefill_typed(self, typed: str, stop: Optional[threading.Event] = None) -> bool:
        """Process the prompt for what has been typed (or said) so far, at a pause: the notes
        chosen for it and the words themselves. When the message is sent, its prompt shares all
        of that where its notes are the same (they are chosen by its words: most often they are),
        and only its last words are new (~35-60 prompt tokens/s on the default brain here: its
        own notes were ~1.5 s before the first reply token). Different notes cost nothing
        but this request. Not for a question about the user (its reply is shown at once anyway).
        `stop` (the message was sent): it stops between two steps of PREFILL_STEP tokens.
        Whether it ran whole; `_ready` is left as it was (the part chosen ahead stays a prefix)."""
        typed = (typed or "").strip()
        if self.model.kind != "embedded" or self.model.llm is None or not typed:
            return False
        try:
            inputs = self.inputs(typed)
            if inputs["evidence"] is not None:
                return False
            messages = self.persona.prompt(self.parser.get_format_instructions()).invoke(self._sent(inputs)).to_messages()
            head = self.persona.relevant_head()
            notes = inputs["relevant"] if head and inputs["relevant"] != "(none)" else ""
            known = messages[:-2]
            # The notes in steps (those the prefill processed are not sent again), then the
            # words typed.
            for part in [*self._new_steps(notes), None]:
                if stop is not None and stop.is_set():
                    return False
                step = messages if part is None else known + ([SystemMessage(content=head + part)] if head else [])
                self.model.llm.bind(max_tokens=1).invoke(step)
                self._held = notes if part is None else part
        except Exception as e:  # only a head start
            log.info("prefill of what is typed failed: %s", e)
            return False
        log.info("processed ahead: what is typed so far (%d words) and its notes%s", len(typed.split()),
                 ", continuing the last turn" if inputs.get("replay") else "")
        return True

    def prompt_messages(self, text: str) -> list[BaseMessage]:
        """The exact messages the model would receive for `text` (for `milo prompt`)."""
        prompt = self.persona.prompt(self.parser.get_format_instructions())
        return prompt.invoke(self._sent(self.inputs(text))).to_messages()

    # ---- the turn -------------------------------------------------------------------------

    def turn(self, text: str, on_reply: Optional[Callable[[str], None]] = None,
             on_reply_end: Optional[Callable[[], None]] = None) -> TurnResult:
        """`on_reply_end` is called once the reply is whole: as soon as the model starts on the
        memory lines after it (so a voice speaks its last sentence then, not after them).
        What the reply guard does while a reply streams (a copied sample, a yes alone, written
        once more) needs `on_reply`: a front end that shows only whole replies passes one that does nothing."""
        pending = self.start_turn(text, on_reply)
        if on_reply_end is not None:
            on_reply_end()
        return pending.finish()

    def start_turn(self, text: str, on_reply: Optional[Callable[[str], None]] = None,
                   prefill_next: bool = False, on_gestures: Optional[Callable[[TurnResult], None]] = None,
                   interruption: Optional[Interruption] = None) -> "PendingTurn":
        """The turn up to the moment its reply is whole (streamed through `on_reply`); the rest
        (the memory lines, grounding, etching, the gestures) is the returned PendingTurn's
        `finish()`, here or on another thread, so a terminal can take the next message while
        the model still writes its notes. Ctrl-C before this returns stops the turn as `turn`.
        `prefill_next`: the rest ends with `prefill()` for the next message (front ends that
        wait for one: the terminal, the voice's follow-up). `on_gestures(result)`: the turn's
        gestures were queued on the body (result.gestures, result.answer: what chose them),
        as soon as the [ACTION] line is written (not when the answer ends), on the thread that
        runs the turn then. `interruption` (see CUT_OFF): once set, the answer ends where it is
        and the reply kept is what the user heard of it, whether or not it was whole by then."""
        cancelled = threading.Event()
        # An interruption ends the answer as the next message does (hurry), from any point.
        hurried = interruption.event if interruption is not None else threading.Event()
        steps = self._steps((text or "").strip(), on_reply, cancelled, prefill_next, hurried, on_gestures, interruption)
        pending = PendingTurn(steps, cancelled, hurried)
        pending._advance()
        return pending

    def _steps(self, text: str, on_reply, cancelled: threading.Event, prefill_next: bool = False,
               hurried: Optional[threading.Event] = None, on_gestures=None,
               interruption: Optional[Interruption] = None) -> Generator[None, None, TurnResult]:
        """The turn as a generator: it yields once, when the reply is whole, and returns the result."""
        result = TurnResult(text=text, reply="")
        gestured: list[bool] = []

        def gesture(action: str = "", tool_calls: Sequence[Mapping] = (), answer: Optional[TaggedAnswer] = None) -> None:
            if self.body is None or gestured:
                return
            gestured.append(True)
            result.gestures = self.body.respond(text, action, tool_calls)
            if on_gestures is not None and result.gestures:
                on_gestures(TurnResult(text=text, reply=result.reply, answer=answer, gestures=list(result.gestures)))

        if not text:
            return result
        try:
            self._held = None  # the turn's own prompt takes the server's cache
            mark = self.memory.size()  # where a conversation starting now begins in the memory
            self._learn_name(text)
            inputs = self._confirmed(text, self.inputs(text))
        except MemoryFileError as e:
            self._continued = None
            result.error = str(e)
            result.reply = _say_rest(LOST_THREAD, "", on_reply)
            return result
        self._continued, self._answered = None, None  # taken (inputs["replay"]); a new one only if hurried again
        manners = self._manners(inputs)  # the reply guard: on the stream, then for the replay
        answer, shown, whole = yield from self._run(inputs, manners, on_reply, result, cancelled, hurried,
                                                    lambda partial: gesture(partial.action, answer=partial), interruption)
        if _cut(interruption) is not None and answer is not None:
            result.hurried = True
            answer = answer.model_copy(update={"reply": _cut(interruption)})
        if answer is None and whole:
            # The reply was whole when the model failed on its memory lines (or the turn was
            # stopped then): it stands as the user saw it; only this turn's notes are lost.
            result.reply = shown
            if result.error:
                result.notices.append(f"{result.error} Nothing was etched for this turn.")
                result.error = None
            return result
        if answer is None:
            # In character; nothing etched, the loop goes on. A reply cut short by the failure
            # cannot be taken back: the apology follows what was shown.
            result.reply = _say_rest((shown + " ... " if shown else "") + LOST_THREAD, shown, on_reply)
            yield
            gesture()  # a clear request in the user's words still moves the body
            return result
        result.answer = answer
        result.reply = answer.reply
        if not whole:
            yield
        settled = getattr(interruption, "settled", None)
        if settled is not None and not settled.wait(SETTLE_S):
            log.info("the reply was still being spoken after %d s: etched as written", SETTLE_S)
        if _cut(interruption) is not None and not result.reply.endswith(CUT_OFF):
            # Cut off while it was spoken, after the model had finished with it.
            result.hurried = True
            answer = answer.model_copy(update={"reply": _cut(interruption)})
            result.reply = answer.reply
        replayable = False  # the answer may be repeated to the model as it wrote it (_continuation)
        with deferred_interrupt():  # the reply was shown: what it etches must land whole
            reliable = True
            try:
                grounded = self._ground(text, answer, inputs["history"], result.evidence, result.hurried)
                result.memory_changes = grounded.changes + ([f"nothing etched: {grounded.refused}"] if grounded.refused else [])
                reliable = grounded.refused is None
                if reliable:
                    result.pulse = self.memory.witness(
                        grounded.fields.get("CORE_UPDATE", ""), grounded.fields.get("FUTURE_MESSAGE", ""), grounded.fields.get("REPLY", ""))
            except MemoryFileError as e:
                result.notices.append(str(e))
            if self.history is not None:
                try:
                    # A reply cut off, leaking tag text or copying a persona sample is not
                    # replayed into later prompts (the model would take it as its way to answer).
                    # The user's words stay for a copy: the conversation is still about them.
                    left_out = {} if reliable else {UNRELIABLE: True}
                    if reliable and manners.copies(answer.reply):
                        left_out = {UNRELIABLE: REPLY_ONLY}
                    self.history.add_messages([
                        HumanMessage(text, additional_kwargs={MEMORY_MARK: mark}),
                        AIMessage(answer.reply, additional_kwargs=left_out)])
                    replayable = not left_out and _cut(interruption) is None
                except (OSError, MiloError) as e:
                    result.notices.append(f"Could not save the conversation: {e}.")
        gesture(answer.action, answer.tool_calls, answer)  # if the [ACTION] line did not already
        if hurried is not None and hurried.is_set():
            self._ready = HURRIED
            self._continued = self._as_continued(result.reply) if replayable else None
            return result  # the next message is waiting: its turn saves the state, and processes this prefix
        after = getattr(self.model, "after_turn", None)
        if after is not None:
            after()  # the embedded model saves its prompt state for the next process (~0.2 s)
        if prefill_next and not cancelled.is_set():
            self.prefill(stop=hurried)
        heap.give_back()  # what the turn freed, before Milo waits for the next message
        return result

    def _as_continued(self, reply: str) -> Optional[list[BaseMessage]]:
        """The last answer's prompt after its two fixed messages (the conversation, the notes,
        the message) and its reply as the model wrote it (after the prefill from a note, if
        any), as one message: what a continuation replays (_continuation). The reply only: the
        memory lines after it are the model's own business, and their tokens could not be
        reused anyway (under the grammar the model writes "." and "\n" apart, where the prompt
        would read ".\n" as one token). Only for a free reply (the answer's first line) that is
        the reply the user got."""
        if self._answered is None or self.model.kind != "embedded" or not self.parser.free_reply:
            return None
        run_inputs, written = self._answered
        prefill = list(run_inputs.get("prefill") or [])
        line = "".join(written).split("\n", 1)[0]
        if " ".join(line.split()) != " ".join(reply.split()):
            return None  # shown otherwise (the reply guard changed it): the conversation as it was
        sent = self.persona.prompt(self.parser.get_format_instructions()).invoke(run_inputs).to_messages()
        start = len(sent) - len(run_inputs["history"]) - 2 - len(prefill)  # the system and memory messages
        if start < 0:
            return None
        own = (prefill[0].content if prefill else "") + line
        return [*sent[start:len(sent) - len(prefill)], AIMessage(content=own)]

    def _manners(self, inputs: Optional[Mapping] = None) -> Manners:
        """The reply guard (milo.chat.manners) for this persona and user. With the turn's
        `inputs`, Milo's own replies in the conversation count as samples too: the good brain
        repeated an earlier reply whole, three times in five turns on a lived-in memory ("Oh
        wow, that must be exciting news! Do you have any plans for the upcoming weekend? ..."),
        each copy replayed teaching the next. Not where the reply is fixed from a note (it is
        worded alike on purpose: "I don't think you've told me that yet.")."""
        earlier: list[str] = []
        told: Optional[str] = None
        # A reply fixed from a note quotes the user (from notes the prompt may not show): it is
        # neither their news said back nor a "you told me" to check.
        fixed = inputs is not None and inputs.get("evidence") is not None
        message = "" if inputs is None else str(inputs.get("input", ""))
        if inputs is not None and not fixed:
            earlier = [m.content for m in inputs.get("history", ()) if m.type == "ai" and isinstance(m.content, str)]
        if inputs is not None:
            # What the model was given of the user: their notes, this conversation's messages, and
            # the message (not Milo's replies: they may be where an invention began).
            said = [m.content for m in inputs.get("history", ()) if m.type == "human" and isinstance(m.content, str)]
            told = "\n".join([str(inputs.get("memory", "")), str(inputs.get("relevant", "")), *said, *([message] if fixed else [])])
        return Manners(self.persona.user_name, known=bool(self.persona.known_name),
                       samples=self.persona.samples + self.persona.prompt_lines(), own=self.persona.name, earlier=earlier,
                       told=told, asides=self.persona.prompt_asides(), claims=not fixed, message="" if fixed else message)

    def _lines_begun(self, partial: TaggedAnswer) -> frozenset:
        """The tagged lines other than the reply that the answer has begun so far."""
        return frozenset(t.name for t in self.parser.tags if t.field != "reply" and t.name not in partial.missing)

    def _learn_name(self, text: str) -> None:
        """No name given in the settings: take the one the user gives now ("I'm Chloé", "call
        me Björn": a new one replaces the old), else the one in the pinned facts or in a recent
        entry. Changes the memory message's first note (not the system prompt)."""
        if self.settings_name:
            return
        # Once a name is known, "i'm ..." replaces it only after a greeting or Milo's name, or said
        # as a correction of it ("I'm Chloé, not Chloe"): "i'm open from five in the morning" made
        # a tea seller "Open", and his notes another's (dec289).
        known = self.persona.known_name
        name = name_in(text, self.persona.name, greeted=bool(known))
        not_known = rf",?\s*(?<!\w)not\s+{re.escape(known)}(?!\w)" if known else None
        if name is None and not_known and re.search(not_known, text, re.IGNORECASE):
            name = name_in(re.sub(not_known, "", text, flags=re.IGNORECASE), self.persona.name)
        if name is None and known:
            return
        if name is None:
            said = [p.core_update for p in reversed(self.memory.recent_pulses(200)) if p.core_update]
            name = learn_name(self.memory.pinned(), said, self.persona.name)
        if name and name != self.persona.known_name:
            log.info("calling the user %s (from the memory or their own words)", name)
            self.persona.user_name = name

    def _ground(self, text: str, answer: TaggedAnswer, history: Sequence[BaseMessage] = (),
                evidence: Optional[Evidence] = None, hurried: bool = False) -> Grounded:
        """Keep only what this exchange, or what the user said before it in this conversation,
        supports (milo.memory.grounding)."""
        recent = [p.fields for p in self.memory.recent_pulses(20)]
        clean = self.memory.clean_fields(answer.core_update, answer.future_message, answer.reply)  # placeholder copies go
        return ground(clean.get("CORE_UPDATE", ""), clean.get("FUTURE_MESSAGE", ""), clean.get("REPLY", ""), text,
                      pinned=self.memory.pinned(),
                      user_name=self.persona.user_name, recent=recent, truncated=answer.truncated,
                      conversation=_said(history),
                      asked=only_asks(text, self.persona.name), named=name_in(text, self.persona.name) is not None,
                      unwritten=hurried, own=self.persona.name)

    def _run(self, inputs, manners: Manners, on_reply, result: TurnResult, cancelled: threading.Event,
             hurried: Optional[threading.Event] = None, on_action: Optional[Callable[[TaggedAnswer], None]] = None,
             interruption: Optional[Interruption] = None) -> Generator[None, None, tuple[Optional[TaggedAnswer], str, bool]]:
        """The answer (None when the model failed), the reply as far as on_reply was given it,
        and whether it yielded because the reply was whole (then the reply is final as shown).
        `hurried`: set after that yield, the answer ends where it is (its last line, unfinished,
        is left out). `on_action`: called with the answer once its [ACTION] line is written."""
        emitted, whole = "", False
        acted = "ACTION" not in {t.name for t in self.parser.tags} or on_action is None
        # A reply the grammar fixes from what answers the message (milo.chat.addressing) is shown
        # now, before the model has processed the notes; the model's own copy of it follows.
        fixed, fixed_whole = fixed_reply(inputs.get("evidence"), self.persona.known_name) if self.model.grammar else ("", False)
        if fixed and on_reply is not None:
            emitted = manners.visible(fixed, final=fixed_whole)
            on_reply(emitted)
            if fixed_whole:
                whole = True
                yield
        for attempt in range(self.retries + 1):
            result.attempts = attempt + 1
            final: Optional[TaggedAnswer] = None
            before: Optional[frozenset] = None  # the other lines already begun when the reply began
            # The client's timeout bounds each read; this bounds the whole answer, in real time
            # (milo.chat.bounded), so a server that drips a chunk every few seconds cannot hold a
            # turn (and a robot) for minutes.
            deadline = time.monotonic() + self.timeout
            try:
                run_inputs, evidence = self._sent(inputs), inputs.get("evidence")
                if evidence is not None:
                    result.evidence = evidence
                    log.info("evidence: %s", evidence.describe().strip())
                    run_inputs = {**run_inputs, "prefill": [AIMessage(content=evidence.prefill())]}
                bind: dict = {}
                while True:
                    written: list[str] = []  # the model's own text, for a continuation (_as_continued)
                    self._answered = (run_inputs, written)
                    answer = stream_within(lambda stop: self.build_chain(evidence, stop, bind, written).stream(run_inputs),
                                           deadline, cancelled, enough=hurried)
                    again = False
                    for partial in answer:
                        final = partial
                        if not acted and "ACTION" not in partial.missing and partial.growing != "ACTION":
                            acted = True
                            on_action(partial)
                        if on_reply and not whole and "REPLY" not in partial.missing:
                            # Whole once the model begins a line after it (models put the reply
                            # anywhere: a line begun before it says nothing).
                            begun = self._lines_begun(partial)
                            before = begun if before is None else before
                            whole = bool(begun - before)
                            reply = manners.visible(partial.reply, final=whole)
                            if whole and (manners.copied_only or manners.yes_only or manners.again) and not emitted and not bind:
                                again = True  # nothing but a sample copied, or a yes: written once more (below)
                                break
                            if len(reply) > len(emitted) and reply.startswith(emitted):
                                on_reply(reply[len(emitted):])
                                emitted = reply
                            if whole:
                                yield  # the caller may hand the rest of the turn to another thread
                    if not again:
                        break
                    # The good brain copied a persona sample whole ("Oh! Oh, wait, did you know
                    # octopuses have three hearts? Three!"), its likeliest words after "Oh!": the
                    # answer is written again from the same (cached) prompt, sampled more freely,
                    # once; a copy again is shown as before (fail open).
                    answer.close()
                    log.info("the reply %r only copied a sample, or said yes: written again", partial.reply)
                    bind, final, before, whole = {"temperature": RESAMPLE_TEMPERATURE}, None, None, False
                    # ...and kept from the exclamations it opened with: sampled more freely, the good
                    # brain still wrote "Oh! Oh, wait, did you know octopuses..." again (3 of 3 tries
                    # after a correction, 'Sorry, I meant Kyiv, not Lviv.'). llama.cpp's logit bias
                    # takes words.
                    avoid = opening_interjections(partial.reply) if self.model.grammar else []
                    if avoid:
                        bind["extra_body"] = {"logit_bias": [[v, -100] for w in avoid for c in {w, w.lower(), w.capitalize()}
                                                             for v in (c, " " + c)]}
                if _cut(interruption) is not None and not whole:
                    # Cut off while the reply was still being written: the lines finished
                    # before it stand; the reply is what was heard (_steps).
                    result.hurried = True
                    final = _written(final or TaggedAnswer(reply=emitted, missing=[t.name for t in self.parser.tags if t.field != "reply"]), self.parser)
                    return final.model_copy(update={"reply": _cut(interruption)}), emitted, True
                if hurried is not None and hurried.is_set() and whole and (final is not None or emitted):
                    # Stopped by the next message: the lines written so far stand, not the one
                    # being written (grounding quotes the user for a CORE_UPDATE left unwritten);
                    # a reply fixed and shown before the model wrote anything stands alone.
                    result.hurried = True
                    final = _written(final or TaggedAnswer(reply=emitted, missing=[t.name for t in self.parser.tags if t.field != "reply"]), self.parser)
                elif final is not None and final.cut and self.model.kind in ENDS_SAID:
                    # A dropped connection reads as a normal end of the stream; only the finish
                    # reason says the answer is whole (issue 27: 'All good here. [INT' was etched).
                    raise ModelFailure("The connection to the model broke off before its answer was finished.", True)
                if final is None or not final.reply:
                    raise ModelFailure("The model's answer could not be understood.", True)
                polite = manners.visible(final.reply, final=True)
                if polite != final.reply:
                    log.info("manners: the reply %r is shown as %r", final.reply, polite)
                    final = final.model_copy(update={"reply": polite})
                result.error = None
                if on_reply is None:
                    return final, emitted, whole
                if whole or not final.reply.startswith(emitted):
                    # The final parse disagrees with what was streamed (rare: the parser holds
                    # back what may still change), or the reply was already declared whole.
                    # What was shown is the reply: it is what the user read or heard, and so
                    # what is etched and replayed.
                    if final.reply != emitted:
                        log.info("the final reply %r differs from the one streamed %r; keeping the streamed one", final.reply, emitted)
                    final = final.model_copy(update={"reply": emitted})
                return final, _say_rest(final.reply, emitted, on_reply), whole
            except Exception as exc:  # providers raise many types; classify them all
                if isinstance(exc, Dropped):
                    exc = ModelFailure("The turn was stopped.", False)
                failure = exc if isinstance(exc, ModelFailure) else classify(exc, self.model.where, self.timeout)
                log.info("model attempt %d failed: %s", attempt + 1, failure.sentence)
                result.error = failure.sentence
                # A reply already half shown cannot be taken back: do not start it over.
                if not failure.transient or emitted or attempt == self.retries:
                    return None, emitted, whole
                self.sleep(self.backoff * (2**attempt))
        return None, emitted, whole


# The providers whose streams end with a finish reason (a model of one's own, passed to
# milo.make_milo, may not say it: LangChain's fake chat models do not).
ENDS_SAID = frozenset({"openai", "gemini", "ollama"})


def _written(answer: TaggedAnswer, parser: MiloTagParser) -> TaggedAnswer:
    """`answer` without the line it was still writing (a half-written note is not a note)."""
    spec = next((t for t in parser.tags if t.name == answer.growing), None)
    if spec is None or spec.field == "reply":
        return answer
    return answer.model_copy(update={spec.field: "", "growing": "", "missing": [*answer.missing, spec.name]})


class PendingTurn:
    """A turn whose reply is whole (or that is over), its memory lines perhaps still to come.
    `finish()` runs the rest in the calling thread; `finish_in_background()` on a thread of its
    own, and `wait()` then joins it. `cancel()` stops it before it etches anything (the reply,
    already shown, stands); `hurry()` ends its memory lines where they are and etches what was
    written (the next message is waiting)."""

    def __init__(self, steps: Generator[None, None, TurnResult], cancelled: threading.Event,
                 hurried: Optional[threading.Event] = None):
        self._steps, self._cancelled = steps, cancelled
        self._hurried = hurried or threading.Event()
        self._result: Optional[TurnResult] = None
        self._error: Optional[BaseException] = None
        self._lock = threading.Lock()
        self._thread: Optional[threading.Thread] = None

    def _advance(self) -> None:
        try:
            next(self._steps)
        except StopIteration as stop:
            self._result = stop.value

    @property
    def done(self) -> bool:
        return self._result is not None or self._error is not None

    def finish(self) -> TurnResult:
        with self._lock:
            while not self.done:
                try:
                    self._advance()
                except BaseException as e:  # kept for wait(): a bug must not vanish with a thread
                    self._error = e
            if self._error is not None:
                raise self._error
            return self._result

    def finish_in_background(self, on_done: Optional[Callable[[TurnResult], None]] = None) -> "PendingTurn":
        def run():
            try:
                result = self.finish()
            except BaseException:
                return  # raised again by wait()
            if on_done is not None:
                on_done(result)

        if not self.done:
            self._thread = threading.Thread(target=run, name="milo-turn-rest", daemon=True)
            self._thread.start()
        elif on_done is not None and self._result is not None:
            on_done(self._result)
        return self

    def wait(self, timeout: Optional[float] = None) -> Optional[TurnResult]:
        """The result (None if `timeout` passed first); raises what the turn raised."""
        if self._thread is not None:
            self._thread.join(timeout)
            if self._thread.is_alive():
                return None
        return self.finish()

    def cancel(self) -> None:
        self._cancelled.set()

    def hurry(self) -> None:
        """The next message is here: the model stops at once (its next token), the lines it
        finished are etched and the unfinished one is left out; the reply stands as shown."""
        self._hurried.set()


def _say_rest(reply: str, shown: str, on_reply: Optional[Callable[[str], None]]) -> str:
    """Give on_reply what it has not been given of `reply` (which begins with `shown`)."""
    if on_reply is not None and len(reply) > len(shown):
        on_reply(reply[len(shown):])
    return reply


__all__ = ["Body", "CUT_OFF", "History", "LOST_THREAD", "Milo", "PendingTurn", "TurnResult"]
