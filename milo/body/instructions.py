"""Explicit motion requests in the user's own words -> ordered tool calls.

"nod twice, then look around the room" -> [nod(times=2), look_around()]
"shake your head three times"          -> [shake_head(times=3)]
"turn 90 degrees to the left"          -> [spin_body(degrees=90)]

The tiny embedded model picks the right gesture about 1 time in 15 (../shared/FACTS.md), so
clear instructions are read here, without a model, and take precedence over its [ACTION] line.
The reading is deliberately conservative: one gesture per clause, only imperative-looking
phrases ("nod", not "nodded"), and "don't nod" asks for nothing. Call syntax typed by the user
(`move_head(pitch=20, yaw=30)`) is accepted too.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Optional

from milo.body.actions import MAX_CALLS, CALL_RE, parse_call
from milo.body.tools import TOOLS, Call, CallError, make_call

# ---- numbers ----------------------------------------------------------------------------------

_UNITS = {
    "zero": 0, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7,
    "eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13,
    "fourteen": 14, "fifteen": 15, "sixteen": 16, "seventeen": 17, "eighteen": 18, "nineteen": 19,
}
_TENS = {"twenty": 20, "thirty": 30, "forty": 40, "fifty": 50, "sixty": 60, "seventy": 70, "eighty": 80, "ninety": 90}
_NUM_WORD = "|".join(sorted(list(_UNITS) + list(_TENS) + ["hundred", "a", "and"], key=len, reverse=True))
_NUMBER_RE = (
    r"(?:[-+]?\d+(?:\.\d+)?"
    rf"|(?:(?:{'|'.join(sorted(list(_UNITS) + list(_TENS) + ['a'], key=len, reverse=True))})"
    rf"(?:[\s-]+(?:{_NUM_WORD}))*))"
)


def number_value(text: str) -> Optional[float]:
    """'90', 'ninety', 'forty-five', 'a hundred and twenty' -> number (None if not one)."""
    t = text.strip().lower()
    try:
        return float(t)
    except ValueError:
        pass
    total, current, seen = 0, 0, False
    for word in re.split(r"[\s-]+", t):
        if word in ("and",):
            continue
        if word == "a":
            current = max(current, 1)
            continue
        if word in _UNITS:
            current += _UNITS[word]
        elif word in _TENS:
            current += _TENS[word]
        elif word == "hundred":
            current = max(current, 1) * 100
        else:
            return None
        seen = True
    return float(total + current) if seen else None


_COUNT_WORDS = {"once": 1, "twice": 2, "thrice": 3, "a couple of times": 2, "a couple times": 2, "a few times": 3, "several times": 3}
_COUNT_RE = re.compile(
    r"\b(?:(?P<word>once|twice|thrice|a couple(?: of)? times|a few times|several times)"
    rf"|(?P<n>{_NUMBER_RE})\s*(?:times|x)\b|x\s*(?P<x>\d+))",
    re.IGNORECASE,
)
_DEGREES_RE = re.compile(rf"(?P<n>{_NUMBER_RE})\s*(?:degrees?|degs?|°)", re.IGNORECASE)


def _count(scope: str) -> Optional[int]:
    m = _COUNT_RE.search(scope)
    if not m:
        return None
    if m.group("word"):
        return _COUNT_WORDS[re.sub(r"\s+", " ", m.group("word").lower())]
    value = number_value(m.group("n") or m.group("x"))
    return int(value) if value is not None else None


def _degrees(scope: str) -> Optional[float]:
    m = _DEGREES_RE.search(scope)
    if not m:
        return None
    return number_value(m.group("n"))


def _direction(scope: str) -> Optional[int]:
    """+1 for left / anticlockwise, -1 for right / clockwise."""
    m = re.search(r"\b(left|right|counter[\s-]?clockwise|anti[\s-]?clockwise|clockwise)\b", scope, re.IGNORECASE)
    if not m:
        return None
    word = m.group(1).lower()
    return -1 if word in ("right", "clockwise") else 1


# ---- gesture phrases --------------------------------------------------------------------------

_HEAD = r"(?:(?:your|ur|the|my|ya)\s+)?head"
_ANTENNAS = r"(?:(?:your|ur|the|both|my)\s+)*(?:antennas?|antennae|ears)"
_TRIGGERS: list[tuple[str, re.Pattern]] = [
    ("call", re.compile(rf"(?<![\w.])(?:{'|'.join(TOOLS)})\s*\([^()]*\)", re.IGNORECASE)),
    ("shake_head", re.compile(rf"\bshake\s+{_HEAD}\b|\bshake\s+no\b|\bshake\s+(?:it\s+)?(?=(?:once|twice|thrice|\d|a\s+few|a\s+couple))", re.IGNORECASE)),
    ("nod", re.compile(rf"\bnods?\b(?!\s+off)|\bgive\s+(?:me|us)\s+a\s+nod\b", re.IGNORECASE)),
    ("look_around", re.compile(r"\blook\s+(?:all\s+)?a?round\b|\bscan\s+the\s+room\b|\blook\s+about\b", re.IGNORECASE)),
    ("wiggle_antennas", re.compile(rf"\b(?:wiggle|wag|wave|twitch|flap|shake|move)\s+{_ANTENNAS}\b|\bwiggle\b", re.IGNORECASE)),
    ("turn_head", re.compile(rf"\b(?:turn|rotate|swivel|twist)\s+{_HEAD}\b", re.IGNORECASE)),
    ("spin_body", re.compile(r"\b(?:turn|spin|rotate|swivel|twist)(?:\s+(?:your\s+body|your\s*self|the\s+body|your\s+base|the\s+base|body|yourself))?\b", re.IGNORECASE)),
    ("tilt", re.compile(rf"\b(?:tilt|cock|lean)\s+{_HEAD}\b", re.IGNORECASE)),
    ("look", re.compile(r"\b(?:look|face|glance|gaze|peek)\b", re.IGNORECASE)),
    ("raise_lower", re.compile(rf"\b(?:raise|lift|lower|drop|bow)\s+{_HEAD}\b", re.IGNORECASE)),
]

# Clause boundaries: gestures are read one per clause, in order.
_CLAUSE_SPLIT = re.compile(r"\s*(?:[,;.!?]+|\b(?:and\s+then|then|and|after\s+that|afterwards|next|finally|also)\b)\s*", re.IGNORECASE)
_NEGATION = re.compile(r"\b(?:don'?t|do\s+not|never|stop|no\s+need\s+to|without|not|can'?t|cannot|won'?t)\b[\w\s']{0,20}$", re.IGNORECASE)
# "look up" counts only when it ends the clause or goes on with words about looking.
_LOOK_TAIL = re.compile(
    r"^\s*(?:(?P<dir>up|upwards|down|downwards|left|right|straight(?:\s+ahead)?|ahead|forward|at\s+me|to\s+(?:the|your|my)\s+(?:left|right))"
    r"(?:\s+(?:a\s+(?:bit|little)|please|now|again|slightly|for\s+me))*"
    rf"(?:\s+(?:by\s+)?(?P<deg>{_NUMBER_RE})\s*(?:degrees?|°))?"
    r"(?:\s+(?:to\s+(?:the|your)\s+)?(?P<dir2>left|right))?"
    r"\s*$|^\s*(?:(?:by\s+)?(?P<deg0>" + _NUMBER_RE + r")\s*(?:degrees?|°)\s+)(?:to\s+(?:the|your)\s+)?(?P<dir0>left|right|up|down)\s*$)",
    re.IGNORECASE,
)

LOOK_YAW = 35.0
LOOK_PITCH = 20.0
TILT_ROLL = 20.0
TURN_DEFAULT = 45.0


@dataclass
class Instruction:
    calls: list[Call] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)

    def describe(self) -> list[str]:
        return [c.describe() for c in self.calls]

    def __bool__(self) -> bool:
        return bool(self.calls)


def _clauses(text: str) -> list[str]:
    # keep call syntax whole: protect the commas inside parentheses
    protected = re.sub(r"\([^()]*\)", lambda m: m.group(0).replace(",", "\0").replace(";", "\1"), text)
    protected = re.sub(r"\bhundred\s+and\s+", "hundred ", protected, flags=re.IGNORECASE)  # a number, not two clauses
    return [c.replace("\0", ",").replace("\1", ";") for c in _CLAUSE_SPLIT.split(protected) if c and c.strip()]


def _clause_call(clause: str) -> Optional[Call]:
    best: Optional[tuple[int, str, re.Match]] = None
    for kind, pattern in _TRIGGERS:
        for m in pattern.finditer(clause):
            if _NEGATION.search(clause[: m.start()]):
                continue
            if best is None or m.start() < best[0]:
                best = (m.start(), kind, m)
            break
    if best is None:
        return None
    _, kind, m = best
    rest = clause[m.end():]
    scope = clause[m.start():]
    if kind == "call":
        cm = CALL_RE.match(m.group(0))
        return parse_call(cm.group("name"), cm.group("args"))
    if kind in ("nod", "shake_head", "wiggle_antennas"):
        n = _count(scope)
        if n is None and re.search(r"\ba\s+nod\b", m.group(0), re.IGNORECASE):
            n = 1
        return make_call(kind, {} if n is None else {"times": n})
    if kind == "look_around":
        return make_call("look_around")
    if kind == "spin_body":
        deg = _degrees(rest)
        direction = _direction(rest)
        around = re.search(r"\b(?:a\s*round|all\s+the\s+way)\b", rest, re.IGNORECASE)
        if deg is None and direction is None and not around:
            return None  # "it's your turn", "turn off the light"
        if deg is None:
            deg = 180.0 if around else TURN_DEFAULT
            if around and direction is None:
                direction = 1
            magnitude = min(deg, 160.0) if around else deg  # "turn around": as far as it goes
        else:
            magnitude = abs(deg)
        sign = direction if direction is not None else (1 if deg >= 0 else -1)
        return make_call("spin_body", {"degrees": sign * magnitude})
    if kind == "turn_head":
        deg = _degrees(rest)
        direction = _direction(rest)
        if deg is None and direction is None:
            return None
        yaw = abs(deg) if deg is not None else LOOK_YAW
        return make_call("move_head", {"yaw": (direction or 1) * yaw})
    if kind == "tilt":
        direction = _direction(rest)
        deg = _degrees(rest)
        roll = abs(deg) if deg is not None else TILT_ROLL
        # roll > 0 tilts towards the right shoulder (milo.body.limits)
        return make_call("move_head", {"roll": roll if direction == -1 else -roll if direction == 1 else roll})
    if kind == "raise_lower":
        word = m.group(0).lower()
        down = any(w in word for w in ("lower", "drop", "bow"))
        return make_call("move_head", {"pitch": LOOK_PITCH if down else -LOOK_PITCH})
    if kind == "look":
        tail = _LOOK_TAIL.match(rest)
        if not tail:
            return None  # "look up the weather", "looks good"
        where = (tail.group("dir") or tail.group("dir0") or "").lower()
        deg_text = tail.group("deg") or tail.group("deg0")
        deg = abs(number_value(deg_text)) if deg_text else None
        second = (tail.group("dir2") or "").lower()
        pitch = yaw = 0.0
        if where.startswith("up"):
            pitch = -(deg or LOOK_PITCH)
        elif where.startswith("down"):
            pitch = deg or LOOK_PITCH
        if "left" in where or second == "left":
            yaw = deg if (deg and not pitch) else LOOK_YAW
        elif "right" in where or second == "right":
            yaw = -(deg if (deg and not pitch) else LOOK_YAW)
        return make_call("move_head", {"pitch": pitch, "yaw": yaw})
    return None


def parse_instruction(text: str | None, limit: int = MAX_CALLS) -> Instruction:
    """Gestures the user asked for in plain words (or call syntax), in the order asked."""
    out = Instruction()
    for clause in _clauses(text or ""):
        if len(out.calls) >= limit:
            out.errors.append(f"only the first {limit} gestures are performed")
            break
        try:
            call = _clause_call(clause)
        except CallError as e:
            out.errors.append(str(e))
            continue
        if call is not None:
            out.calls.append(call)
    return out


__all__ = ["Instruction", "number_value", "parse_instruction"]
