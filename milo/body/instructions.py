"""Explicit motion requests in the user's own words -> ordered tool calls.

"nod twice, then look around the room" -> [nod(times=2), look_around()]
"shake your head three times"          -> [shake_head(times=3)]
"turn 90 degrees to the left"          -> [spin_body(degrees=90)]

The tiny embedded model picks the right gesture about 1 time in 15 (../shared/FACTS.md), so
clear instructions are read here, without a model, and take precedence over its [ACTION] line.
Each gesture says which words ask for it (`Gesture.words`, milo.body.gestures); this module
splits the text into clauses and reads one gesture per clause, in order. The reading is
deliberately conservative: only imperative-looking phrases ("nod", not "nodded"), and "don't
nod" asks for nothing. Call syntax typed by the user (`move_head(pitch=20, yaw=30)`) is accepted
too.
"""

from __future__ import annotations

import re
from typing import Optional

from milo.body.actions import MAX_CALLS, CALL_RE, ActionPlan, parse_call
from milo.body.gestures.base import Words
from milo.body.tools import BY_USER, TOOLS, Call, CallError, make_call
from milo.body.words import number_value  # noqa: F401  (re-exported)

# Call syntax typed by the user goes before every gesture's words.
_CALL_WORDS = re.compile(rf"(?<![\w.])(?:{'|'.join(TOOLS)})\s*\([^()]*\)", re.IGNORECASE)
# (rank, gesture name, its Words), in the order ties are settled.
_WORDS = sorted(((w.rank, name, w) for name, spec in TOOLS.items() for w in spec.words), key=lambda t: t[0])

# Clause boundaries: gestures are read one per clause, in order.
_CLAUSE_SPLIT = re.compile(r"\s*(?:[,;.!?]+|\b(?:and\s+then|then|and|after\s+that|afterwards|next|finally|also)\b)\s*", re.IGNORECASE)
_NEGATION = re.compile(r"\b(?:don'?t|do\s+not|never|stop|no\s+need\s+to|without|not|can'?t|cannot|won'?t)\b[\w\s']{0,20}$", re.IGNORECASE)


class Instruction(ActionPlan):
    """The gestures the user's words asked for (an ActionPlan that is false when there are none)."""

    def __bool__(self) -> bool:
        return bool(self.calls)


def _clauses(text: str) -> list[str]:
    # keep call syntax whole: protect the commas inside parentheses
    protected = re.sub(r"\([^()]*\)", lambda m: m.group(0).replace(",", "\0").replace(";", "\1"), text)
    protected = re.sub(r"\bhundred\s+and\s+", "hundred ", protected, flags=re.IGNORECASE)  # a number, not two clauses
    return [c.replace("\0", ",").replace("\1", ";") for c in _CLAUSE_SPLIT.split(protected) if c and c.strip()]


def _first(pattern: re.Pattern, clause: str) -> Optional[re.Match]:
    """The first match of `pattern` in `clause` that is not negated ("don't nod")."""
    for m in pattern.finditer(clause):
        if not _NEGATION.search(clause[: m.start()]):
            return m
    return None


def _clause_call(clause: str, by: str) -> Optional[Call]:
    typed = _first(_CALL_WORDS, clause)
    best: Optional[tuple[str, re.Match, Words]] = None
    for _, name, words in _WORDS:
        m = _first(words.pattern, clause)
        if m is not None and (best is None or m.start() < best[1].start()):
            best = (name, m, words)
    if typed is not None and (best is None or typed.start() <= best[1].start()):
        cm = CALL_RE.match(typed.group(0))
        return parse_call(cm.group("name"), cm.group("args"), by)
    if best is None:
        return None
    name, m, words = best
    args = words.read(m, clause)
    return None if args is None else make_call(name, args, by)


def parse_instruction(text: str | None, limit: int = MAX_CALLS, by: str = BY_USER) -> Instruction:
    """Gestures the user asked for in plain words (or call syntax), in the order asked."""
    out = Instruction()
    for clause in _clauses(text or ""):
        if len(out.calls) >= limit:
            out.errors.append(f"only the first {limit} gestures are performed")
            break
        try:
            call = _clause_call(clause, by)
        except CallError as e:
            out.errors.append(str(e))
            continue
        if call is not None:
            out.calls.append(call)
    return out


__all__ = ["Instruction", "number_value", "parse_instruction"]
