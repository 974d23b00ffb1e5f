"""The tag protocol: the model answers in tagged lines, this turns them into a TaggedAnswer.

    [REPLY]: what Milo says (the only part the user sees or hears)
    [INTERNAL]: a private thought (never shown, never stored)
    [CORE_UPDATE]: what this exchange was about
    [FUTURE_MESSAGE]: what to carry forward

Real models decorate and reorder, so the parser accepts any order, any case, markdown
decoration (`**[REPLY]**:`), a missing colon, leading bullets/quotes/spaces, multi-line values
and repeated tags. Rules:
- A value runs from its tag to the next tag (or the end), stripped.
- A repeated tag: the first non-empty occurrence wins; later ones are ignored (small models
  loop and repeat the whole block) and listed in `repeated`.
- No [REPLY]: the reply is the untagged text before the first tag, never another tag's text.
- The parser never raises; what was missing is listed in `missing`.
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass, replace
from typing import Any, AsyncIterator, Iterable, Iterator, Mapping, Optional, Sequence

from langchain_core.messages import BaseMessage

from langchain_core.output_parsers.transform import BaseCumulativeTransformOutputParser
from pydantic import BaseModel, Field

from milo.chat.evidence import instructions


@dataclass(frozen=True)
class TagSpec:
    """One tagged line: its tag name, the TaggedAnswer field it fills, the placeholder the
    format instructions show, and optionally a GBNF rule body for its value (llama.cpp)."""

    name: str
    field: str
    placeholder: str
    gbnf: Optional[str] = None
    max_chars: int = 100  # bound for the grammar-forced value (small models ramble and loop)


@functools.cache
def _placeholder_re(placeholder: str) -> re.Pattern:
    """A placeholder not yet given the persona's name ({name}, MiloTagParser.named): its copy
    with any name in it."""
    return re.compile(re.escape(placeholder).replace(re.escape("{name}"), r"[^<>\n]{1,60}?"))


# Placeholders are written as descriptions in angle brackets, not as sample values, so that a
# small model that copies them produces text the memory store recognises and refuses.
REPLY = TagSpec("REPLY", "reply", "<your answer to the user, in {name}'s own voice>", max_chars=240)  # {name}: MiloTagParser.named
# INTERNAL is never etched nor shown: a short thought is enough, and every token of it delays the
# end of the turn (bench/tag_share.py: the tags were ~70% of the tiny brain's generation time).
INTERNAL = TagSpec("INTERNAL", "internal", "<one short private thought>", max_chars=48)
CORE_UPDATE = TagSpec("CORE_UPDATE", "core_update", "<a few words on what this exchange was about>")
FUTURE_MESSAGE = TagSpec(
    "FUTURE_MESSAGE", "future_message", "<a thread to pick up next time, or Nothing in particular>"
)

# [REPLY] first: measured on the embedded model (../shared/FACTS.md, bench/format_order.py), it
# gives more conversational replies and lets the reply stream to the user first. Tried: [INTERNAL]
# last (a hurried turn would lose it, never shown, before the notes) and a body's [ACTION] right
# after the reply (the gesture with the words): on a lived-in memory the good brain then wrote
# the description of the line after its reply as the reply ("You mentioned your cat.", "ACTION /
# nod / look_around ... // CORE_UPDATE / Hi Amy!", "They name is Amy. They're curious and warm")
# in 3 of 5 five-turn runs (the 3 with recall's meaning floor), against 0 of 2 with this order.
DEFAULT_TAGS: tuple[TagSpec, ...] = (REPLY, INTERNAL, CORE_UPDATE, FUTURE_MESSAGE)


class TaggedAnswer(BaseModel):
    """The structured result of one model answer."""

    reply: str = ""
    internal: str = ""
    core_update: str = ""
    future_message: str = ""
    action: str = ""
    missing: list[str] = Field(default_factory=list)  # tag names absent or empty
    repeated: list[str] = Field(default_factory=list)  # tag names seen more than once
    untagged: str = ""  # text before the first tag
    truncated: bool = False  # the model stopped at its token limit: the answer is cut off
    cut: bool = False  # streamed from a model, and its end (a finish reason) never came: the connection broke
    growing: str = ""  # in a partial answer: the tag whose line is still being written ("" when none)
    tool_calls: list[dict] = Field(default_factory=list)  # native tool calls: {"name", "args"}, in order

    @property
    def complete(self) -> bool:
        return not self.missing


_DECOR = r"[*_`~]*"
# Leading bullets / quotes / numbering a model may put before a tag at the start of a line.
_LINE_PREFIX = r"(?:^[ \t]*(?:(?:[-*+>•]|\d{1,2}[.)])[ \t]*)*)?"


def _name_pattern(name: str) -> str:
    # CORE_UPDATE also matches "core update", "Core-Update", "CoreUpdate"; INTERNAL also
    # "Internal thought(s)" (models write it so).
    pattern = r"[ _-]?".join(re.escape(part) for part in name.split("_"))
    return pattern + r"(?:[ _-]?thoughts?)?" if name == "INTERNAL" else pattern


_THINK = re.compile(r"<think>.*?(?:</think>|$)", re.IGNORECASE | re.DOTALL)
# Terminal escape sequences (colours, cursor moves, OSC titles and links) and other controls.
_ESCAPES = re.compile(r"\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)?|\x1b\[[0-?]*[ -/]*[@-~]|\x1b[@-_]?|[\x00-\x08\x0b-\x1f\x7f\x9b]")


def _visible(text: str, partial: bool) -> str:
    """What may reach the user: reasoning blocks (`<think>...</think>`, their content ignored,
    an unclosed one held back while streaming) and terminal escapes removed."""
    if "<think" in text.lower():
        text = _THINK.sub("", text)
    if partial:
        text = re.sub(r"<[A-Za-z/]{0,6}$|\x1b[^A-Za-z\x07]*$", "", text)  # maybe the start of one, not yet whole
    return _ESCAPES.sub("", text)


class MiloTagParser(BaseCumulativeTransformOutputParser[TaggedAnswer]):
    """LangChain output parser for Milo's tagged answer.

    Streams: `chain.stream()` yields growing TaggedAnswers whose `reply` only ever grows by text
    that is safe to show (a half-written tag at the end of the stream is held back).
    """

    tags: tuple[TagSpec, ...] = DEFAULT_TAGS
    diff: bool = False
    # The reply comes first, untagged, in free sentences; only the other lines are tagged (and,
    # on llama.cpp, forced by the grammar). A bigger model then talks instead of filling a form.
    free_reply: bool = False
    # At most, in the free reply's grammar (stops loops, never cuts a word); the persona asks for
    # one to three, and a fourth was most often a help-desk closer (milo.chat.manners).
    reply_sentences: int = 3
    # A GBNF expression that is the whole reply on llama.cpp, or "" for the model's own
    # (milo.chat.addressing: a question about the user is answered from what answers it).
    reply_opening: str = ""
    # The answer starts with a [NOTE] line (milo.chat.evidence), written before the rest on a
    # call of its own and given to the model as the answer's start: the format describes it.
    evidence: bool = False
    # One worked answer shown after the format (the profile's prompts/example.md; free replies
    # only, where it was measured): {"intro": ..., "reply": ..., "INTERNAL": ..., ...}. Told only
    # the format, the good brain answered news in the form of a note ("We planted tomatoes on the
    # balcony.", "The conversation continues about Léa's plans.") or recited its prompt; with
    # the example, bench/replies.py held-out: replies asking the user something 5/12 -> 11/12.
    example: tuple[tuple[str, str], ...] = ()

    @property
    def _type(self) -> str:
        return "milo_tags"

    def with_tags(self, extra: Iterable[TagSpec]) -> "MiloTagParser":
        """A parser that also knows `extra` tags (for example an [ACTION] line for the body)."""
        known = {t.name for t in self.tags}
        return self.model_copy(update={"tags": self.tags + tuple(t for t in extra if t.name not in known)})

    def named(self, name: str) -> "MiloTagParser":
        """The persona's name in the placeholders that speak of it ({name})."""
        tags = tuple(replace(t, placeholder=t.placeholder.replace("{name}", name)) for t in self.tags)
        return self.model_copy(update={"tags": tags})

    def with_example(self, example: Mapping[str, str]) -> "MiloTagParser":
        return self.model_copy(update={"example": tuple(example.items())})

    def _example_text(self) -> str:
        """The example after the format, in the format's own order; "" without one (or without
        its reply, or where a tag of the format has no line in it)."""
        given = dict(self.example)
        lines = [given.get("reply", "").strip()] + [f"[{t.name}]: {given.get(t.name, '').strip()}" for t in self._tagged()]
        if not given.get("intro") or not lines[0] or any(l.endswith("]: ") for l in lines[1:]):
            return ""
        return "\n\n" + given["intro"].strip() + "\n" + "\n".join(lines)

    def with_evidence(self, on: bool = True) -> "MiloTagParser":
        return self.model_copy(update={"evidence": on})

    def with_free_reply(self, free: bool = True) -> "MiloTagParser":
        return self.model_copy(update={"free_reply": free})

    def opening_with(self, opening: str) -> "MiloTagParser":
        return self.model_copy(update={"reply_opening": opening})

    def _tagged(self) -> tuple[TagSpec, ...]:
        """The lines that carry a tag in the answer."""
        return tuple(t for t in self.tags if not (self.free_reply and t.field == "reply"))

    def _marker_re(self) -> re.Pattern:
        names = "|".join(_name_pattern(t.name) for t in sorted(self.tags, key=lambda t: -len(t.name)))
        bracketed = (
            rf"{_LINE_PREFIX}{_DECOR}\[[ \t]*(?P<b>{names})[ \t]*\]{_DECOR}[ \t]*:?{_DECOR}[ \t]*"
        )
        # Without brackets a tag only counts at the start of a line and needs its colon.
        bare = rf"^[ \t]*(?:(?:[-*+>•]|\d{{1,2}}[.)])[ \t]*)*{_DECOR}(?P<n>{names}){_DECOR}[ \t]*:{_DECOR}[ \t]*"
        return re.compile(f"{bracketed}|{bare}", re.IGNORECASE | re.MULTILINE)

    def _canonical(self, raw: str) -> TagSpec:
        key = re.sub(r"[ _-]", "", raw).upper()
        key = re.sub(r"^INTERNALTHOUGHTS?$", "INTERNAL", key)
        for t in self.tags:
            if t.name.replace("_", "") == key:
                return t
        raise KeyError(raw)  # unreachable: the regex only matches known names

    def parse(self, text: str) -> TaggedAnswer:
        return self._parse(text, partial=False)

    def _transform(self, input: Iterator[Any]) -> Iterator[TaggedAnswer]:
        # Like the base class (a growing parse per chunk), plus a final, non-partial parse so
        # the last item streamed is the complete answer.
        stream = _Stream(self)
        for chunk in input:
            yield from stream.feed(chunk)
        yield from stream.finish()

    async def _atransform(self, input: AsyncIterator[Any]) -> AsyncIterator[TaggedAnswer]:
        stream = _Stream(self)
        async for chunk in input:
            for parsed in stream.feed(chunk):
                yield parsed
        for parsed in stream.finish():
            yield parsed

    def parse_result(self, result, *, partial: bool = False) -> Optional[TaggedAnswer]:
        return self._parse(result[0].text, partial=partial)

    def _parse(self, text: str, partial: bool) -> TaggedAnswer:
        if not isinstance(text, str):
            text = "" if text is None else str(text)
        text = _visible(text.replace("\r\n", "\n").replace("\r", "\n"), partial)
        matches = list(self._marker_re().finditer(text))
        values: dict[str, str] = {}
        repeated: list[str] = []
        growing = ""
        untagged = text[: matches[0].start()] if matches else text
        for i, m in enumerate(matches):
            spec = self._canonical(m.group("b") or m.group("n"))
            end = matches[i + 1].start() if i + 1 < len(matches) else len(text)
            segment = text[m.end() : end]
            still_growing = partial and i + 1 == len(matches)
            if still_growing and not re.search(r"\S[ \t]*\n", segment):
                growing = spec.name  # no line end after its value yet
            if still_growing:
                segment = _hold_back_partial_tag(segment)
            value = _clean(segment)
            if still_growing:
                value = _hold_back_open_quote(value)
            if values.get(spec.field):
                if spec.name not in repeated:
                    repeated.append(spec.name)
                continue
            values[spec.field] = value
        if partial:
            untagged = _hold_back_partial_tag(untagged)
        untagged = _clean(untagged)
        if partial and not matches:
            untagged = _hold_back_open_quote(untagged)
        for field, value in list(values.items()):
            if "<" in value:  # a copy of a format description is never an answer
                values[field] = _clean(self._without_placeholders(value))
        if self.free_reply and not values.get("reply"):
            values["reply"] = untagged  # where the free reply is: not missing when written
        missing = [t.name for t in self.tags if not values.get(t.field)]
        if not values.get("reply"):
            values["reply"] = untagged
        return TaggedAnswer(**values, missing=missing, repeated=repeated, untagged=untagged, growing=growing)

    def _without_placeholders(self, value: str) -> str:
        for t in self.tags:
            value = _placeholder_re(t.placeholder).sub("", value) if "{name}" in t.placeholder else value.replace(t.placeholder, "")
        return value

    def get_format_instructions(self) -> str:
        if self.evidence:
            return self.with_evidence(False).get_format_instructions() + "\n" + instructions()
        if self.free_reply:
            tagged = self._tagged()
            lines = "\n".join(f"[{t.name}]: {t.placeholder}" for t in tagged)
            return (
                "First answer in your own words, in one to three sentences, without any tag. "
                f"Then add exactly these {len(tagged)} lines, in this order, each starting with its tag, "
                "one line each. Replace each description in angle brackets with your own words; never "
                f"repeat the description itself.\n{lines}"
                + self._example_text()
            )
        lines = "\n".join(f"[{t.name}]: {t.placeholder}" for t in self.tags)
        return (
            f"Answer with exactly these {len(self.tags)} lines, in this order, each starting with "
            f"its tag, one line each. Replace each description in angle brackets with your own "
            f"words; never repeat the description itself.\n{lines}"
        )

    def placeholders(self) -> list[str]:
        return [t.placeholder for t in self.tags]

    def gbnf(self) -> str:
        """A llama.cpp grammar that forces exactly the tagged lines, in order, one line each.

        Each value is a bounded run of non-newline characters that does not start with "[", so
        the model can neither skip a tag nor start a new one inside a value (../shared/FACTS.md).
        """
        tagged = self._tagged()
        lines = ' "\\n" '.join(f'"[{t.name}]: " {_rule(t)}' for t in tagged)
        # The reply, free or tagged: whole sentences only (each ends in . ! or ?), a bounded
        # number, never cut mid-word (a 240-character cap once left "... I have a lot").
        n = max(1, self.reply_sentences)
        sentences = [f'sentences ::= sentence (" " sentence){{0,{n - 1}}}',
                     # An emoji may end a sentence too: held to [.!?] alone, a small model that
                     # wanted to stop at one rambled on in emoji until the token limit.
                     # Nor open with "(": a spoken reply never does, and the good brain's that did
                     # were stage directions or its prompt recited ("(No name yet: ...)",
                     # "(One short private thought) ...": 4 of 24 replies in bench/replies.py).
                     'sentence ::= [^\\n\\[<(.!?: ] [^\\n\\[.!?:]{0,300} sentence-end | emoji',
                     # "." or "..." alone: with any run of marks allowed, the good brain ended
                     # sentences "books.?" and "exposed.?." (a statement, then the question mark
                     # it had in mind).
                     'sentence-end ::= ("." | "..." | [!?] [!?]{0,2}) ["\')]{0,1} | emoji',
                     'emoji ::= [\\u2600-\\u27BF\\U0001F300-\\U0001FAFF] [\\uFE0F]?']
        if self.reply_opening:
            sentences[0] = "sentences ::= reply-opening"
            sentences.append(f"reply-opening ::= {self.reply_opening}")
        if self.free_reply:
            rules = [f'root ::= sentences "\\n" {lines}'] + sentences
        else:
            rules = [f"root ::= {lines}"] + sentences
        for t in tagged:
            if t.field == "reply" and not t.gbnf:
                rules.append(f"{_rule(t)} ::= sentences")
                continue
            # Not starting with "<" either: the placeholders are in angle brackets, so a value
            # can never begin as a copy of one. Nor be a list's bullet or number or a decoration
            # alone (read as no value): the tiny brain, after a numbered reply, went on "[INTERNAL]: 3." (CI).
            m = max(4, t.max_chars)
            value = (f"( [^\\n\\[< 0-9*+>\u2022_`~-] [^\\n\\[]{{0,{m - 1}}}"
                     f" | [0-9]{{1,4}} [^\\n\\[.)0-9] [^\\n\\[]{{0,{m - 5}}} )")
            rules.append(f"{_rule(t)} ::= {t.gbnf or value}")
        return "\n".join(rules) + "\n"


class _Stream:
    """The text streamed so far, parsed again as it grows; yields only changed answers."""

    def __init__(self, parser: "MiloTagParser"):
        self.parser, self.text, self.prev = parser, "", None
        self.truncated = False
        self.parsed_at = 0
        self.tool_parts: dict[int, dict] = {}  # streamed tool-call pieces by index
        self.from_model = False  # chunks of a chat model's message (not plain text)
        self.ended = False  # one of them said the answer ended (finish_reason / done_reason)

    def _emit(self, partial: bool) -> list[TaggedAnswer]:
        parsed = self.parser._parse(self.text, partial=partial)
        if self.truncated:
            parsed.truncated = True
        if not partial and self.tool_parts:
            parsed.tool_calls = _tool_calls(self.tool_parts)
        if not partial and self.from_model and not self.ended:
            parsed.cut = True
        if parsed == self.prev:
            return []
        self.prev = parsed
        return [parsed]

    def feed(self, chunk: Any) -> list[TaggedAnswer]:
        self.text += _chunk_text(chunk)
        for part in getattr(chunk, "tool_call_chunks", None) or []:
            slot = self.tool_parts.setdefault(part.get("index") or 0, {"name": "", "args": ""})
            slot["name"] += part.get("name") or ""
            slot["args"] += part.get("args") or ""
        for call in getattr(chunk, "tool_calls", None) or []:  # whole calls (models that do not stream them)
            if not getattr(chunk, "tool_call_chunks", None):
                self.tool_parts[len(self.tool_parts)] = {"name": call.get("name", ""), "args": call.get("args", {})}
        meta = getattr(chunk, "response_metadata", None)
        if meta is not None:
            self.from_model = True
        meta = meta or {}
        # OpenAI-compatible servers and Gemini: finish_reason; Ollama: done_reason. A stream that
        # stops without one was cut (a dropped connection reads as a normal end of the body).
        end = str(meta.get("finish_reason") or meta.get("done_reason") or "").lower()
        if end:
            self.ended = True
        if end in ("length", "max_tokens"):
            self.truncated = True
        # Every chunk while the answer is short (the reply streams word by word); past that, only
        # when it has grown by an eighth: a runaway 50 KB answer costs a few dozen parses, not
        # thousands (the whole stream stays linear in its length).
        if len(self.text) > 4096 and len(self.text) < self.parsed_at * 9 // 8:
            return []
        self.parsed_at = len(self.text)
        return self._emit(partial=True)

    def finish(self) -> list[TaggedAnswer]:
        return self._emit(partial=False)


def _tool_calls(parts: dict[int, dict]) -> list[dict]:
    """The streamed pieces, joined: [{"name": ..., "args": {...}}]; unreadable arguments are {}
    (the body then refuses the call with a sentence, as for any bad request)."""
    import json

    calls = []
    for _, part in sorted(parts.items()):
        args = part["args"]
        if isinstance(args, str):
            try:
                args = json.loads(args) if args.strip() else {}
            except ValueError:
                args = {"_unreadable": args[:200]}
        calls.append({"name": part["name"], "args": args if isinstance(args, dict) else {}})
    return calls


# A line that may still become a label, as _marker_re reads them: its bullets or numbering
# ("2) ", "- "), decoration, then a bracket not yet closed or words not yet followed by their
# colon ("Future-M": "-" and " " join a label's words too).
_PARTIAL_LABEL = re.compile(r"[ \t]*(?:(?:[-*+>•]|\d{1,2}[.)])[ \t]*)*(?:\d{1,2}$)?[*_`~]*(?:\[[^\]\n]*|\[[^\]\n]*\][*_`~ \t]*|[A-Za-z_ \t-]{0,24}[*_`~]*[ \t]*)")


def _hold_back_partial_tag(segment: str) -> str:
    """While streaming, drop a trailing line that may be the start of a tag not yet complete,
    and a "[" not yet closed on the last line (a tag may start mid-line: "Hi! [INTERNAL]: ...")."""
    head, sep, last = segment.rpartition("\n")
    stripped = last.lstrip(" \t-*+>•_`~")
    if sep and _PARTIAL_LABEL.fullmatch(last):
        return head
    if not sep and stripped.startswith("[") and "]" not in stripped:
        return ""
    opened = last.rfind("[")
    if opened >= 0 and "]" not in last[opened:]:
        return segment[: len(segment) - len(last) + opened]
    return segment


def _hold_back_open_quote(value: str) -> str:
    """While streaming, a value that opens with a quote not yet closed is shown without it: a
    reply written in quotes ("Hello!") loses them when complete (see _clean), so the text
    streamed stays the beginning of the final reply."""
    if value.startswith('"') and value.count('"') == 1:
        return value[1:].lstrip()
    return value


_BULLET_ONLY = re.compile(r"^[ \t]*(?:[-*+>•]|\d{1,2}[.)])?[ \t]*$")


def _clean(segment: str) -> str:
    lines = segment.split("\n")
    # A dangling decoration left before the next tag ("**", "- ", "> ") is not part of the value.
    while lines and (_BULLET_ONLY.match(lines[-1]) or re.fullmatch(r"[ \t*_`~]*", lines[-1])):
        lines.pop()
    value = "\n".join(lines).strip()
    value = value.strip("*_`~").strip()
    if len(value) >= 2 and value[0] == value[-1] == '"' and value.count('"') == 2:
        value = value[1:-1].strip()
    return value


def parse(text: str, tags: Sequence[TagSpec] = DEFAULT_TAGS) -> TaggedAnswer:
    """Convenience: parse one complete answer."""
    return MiloTagParser(tags=tuple(tags)).parse(text)


def _rule(tag: TagSpec) -> str:
    return tag.field.replace("_", "-").lower()  # GBNF rule names allow letters, digits and '-'


def _chunk_text(chunk: Any) -> str:
    if isinstance(chunk, BaseMessage):
        return str(chunk.text)  # content may be a list of blocks (Gemini); .text joins them
    return str(chunk)


__all__ = ["CORE_UPDATE", "DEFAULT_TAGS", "FUTURE_MESSAGE", "INTERNAL", "REPLY", "MiloTagParser", "TagSpec", "TaggedAnswer", "parse"]
