"""How the memory reads in a prompt: numbered notes, one line each, dated by day.

The file keeps every entry as written (header, CORE_UPDATE, FUTURE_MESSAGE, REPLY); the prompt
shows what Milo knows about the user, compactly:

    November 29, 2026
    [3] Zoë said: "I teach chemistry at a high school in Leeds."
    to follow up: Ask Zoë how her class went

- A CORE_UPDATE, a pinned fact, or a line the user wrote into the file is a note with a number:
  the model names the note that answers a question by it (milo.chat.evidence).
- A FUTURE_MESSAGE is Milo's own thread to pick up: shown, never numbered (it is not something
  the user said).
- Milo's own REPLY lines are not shown: an answer Milo invented once came back as a note about
  the user and was believed (issue "Truthful about you"); they are also most of an entry's
  tokens.
- One date line per day instead of a PULSE header per entry (a header is ~20 tokens).

Numbers are given when the prompt's parts are put together (`number`), in prompt order, so the
same memory gives the same text every turn (the prompt cache keeps it).
"""

from __future__ import annotations

import re
from typing import Optional

from milo.memory.format import FIELD_RE, HEADER_RE, SHIPPED_PREAMBLE
from milo.memory.quoting import neutralise

NOTE_MARK = "[#] "  # a numbered note, before it has its number
FOLLOW_UP = "to follow up: "
_MARK_RE = re.compile(r"^\[#\] ", re.MULTILINE)
_NOTE_RE = re.compile(r"^\[(\d+)\] (.*)$", re.MULTILINE)
_DAY_RE = re.compile(r"([A-Za-z]{3,9}\s+\d{1,2},\s*\d{4})\s*$")
_BULLET = re.compile(r"^\s*(?:[-*+•]|\d{1,2}[.)])\s+")
# A question the user asked, quoted (milo.memory.grounding.faithful_core): it tells nothing about
# them, so it is shown without a number (nothing to name as an answer) and not searched (asked
# again, it outranked the note that answers it).
_QUESTION = re.compile(r'^[^"\n]{1,60} asked: "')


def is_question(core_update: str) -> bool:
    return bool(_QUESTION.match(core_update or ""))


def day_label(header: Optional[str]) -> Optional[str]:
    """The day of a PULSE header ("08:15 PM, November 29, 2026" -> "November 29, 2026"); a
    header without a readable date is shown as written; no header, no label."""
    if header is None:
        return None
    m = _DAY_RE.search(header.strip())
    return m.group(1) if m else (header.strip() or None)


# Field values that carry nothing: a FUTURE_MESSAGE of "nothing in particular", a REPLY of "I see".
_FILLER = frozenset(
    "nothing|nothing in particular|nothing special|nothing specific|nothing yet|nothing new|none|none yet|"
    "n a|na|nil|no|not applicable|no message|ok|okay|i see|got it|mm|hmm|uh huh|mhm|right|noted|sure".split("|")
)


def is_filler(value: str) -> bool:
    """A field value that says nothing (empty, "none", "nothing in particular", "I see.")."""
    return len(value) < 40 and re.sub(r"[^a-z0-9]+", " ", value.lower()).strip() in _FILLER


def field_note(name: str, value: str, own: str = "") -> Optional[str]:
    """How one field of an entry is shown (None: not shown), as data (milo.memory.quoting)."""
    value = value.strip()
    if not value or is_filler(value):
        return None
    if name == "CORE_UPDATE":
        return neutralise(value, own) if is_question(value) else NOTE_MARK + neutralise(value, own)
    if name == "FUTURE_MESSAGE":
        return FOLLOW_UP + neutralise(value, own)
    return None  # REPLY: Milo's own words, not a note about the user


def line_note(line: str, own: str = "") -> tuple[str, Optional[str]]:
    """One line of the file as the prompt shows it: ("day", label) for an entry's header,
    ("note", text) for a field or a line the user wrote, ("skip", None) for nothing."""
    s = line.strip()
    if not s or s in SHIPPED_PREAMBLE:
        return "skip", None
    h = HEADER_RE.match(s)
    if h:
        return "day", day_label(h["ts"])
    m = FIELD_RE.match(s)
    if m:
        shown = field_note(m["name"], m["value"], own)
        return ("note", shown) if shown else ("skip", None)
    if s.startswith("#"):
        return "note", neutralise(s, own)  # a heading the user wrote: structure, not a note
    return "note", NOTE_MARK + neutralise(_BULLET.sub("", s), own)


def render_lines(lines, own: str = "") -> str:
    """Lines of the file as the prompt shows them: notes, a date line per day, no replies."""
    out, last_day = [], None
    for line in lines:
        kind, text = line_note(line, own)
        if kind == "skip" or text is None:
            continue
        if kind == "day":
            if text == last_day:
                continue
            last_day = text
            if out and out[-1][0] == "day":
                out.pop()
        out.append((kind, text))
    if out and out[-1][0] == "day":
        out.pop()
    return "\n".join(text for _, text in out)


def pinned_notes(pinned: str) -> list[str]:
    """The pinned section's lines, each fact a numbered note (headings kept as they are)."""
    out = []
    for line in pinned.split("\n"):
        s = line.strip()
        if s:
            out.append(s if s.startswith("#") else NOTE_MARK + _BULLET.sub("", s))
    return out


CHANGED = " (changed later: see [{newer}])"


def mark_changed(text: str, changed: dict[str, str]) -> str:
    """`text` with each numbered note in `changed` ({its number: the newer note's}) marked as
    changed later (milo.chat.evidence.changed_later): the note stays, what it says still holds
    but for what the newer one changed ("...at the library" after the day moved)."""
    if not changed:
        return text
    return _NOTE_RE.sub(lambda m: m.group(0) + CHANGED.format(newer=changed[m.group(1)]) if m.group(1) in changed else m.group(0), text)


def number(text: str, start: int = 1) -> tuple[str, int]:
    """`text` with each note mark replaced by its number, from `start`; and the next number."""
    counter = [start]

    def give(_m: re.Match) -> str:
        counter[0] += 1
        return f"[{counter[0] - 1}] "

    return _MARK_RE.sub(give, text), counter[0]


def numbered(text: str) -> dict[str, str]:
    """The numbered notes in a rendered prompt part: {"3": "Zoë said: ..."}."""
    return {m.group(1): m.group(2).strip() for m in _NOTE_RE.finditer(text or "")}


__all__ = ["CHANGED", "mark_changed", "FOLLOW_UP", "NOTE_MARK", "day_label", "field_note", "is_filler", "is_question", "line_note", "number", "numbered", "pinned_notes", "render_lines"]
