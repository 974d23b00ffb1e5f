"""Reading motion words: numbers ("ninety", "forty-five"), counts ("twice", "3 times"), angles
("90 degrees") and directions ("left", "clockwise"). Used by the gestures' own readers of what
the user asked (milo.body.gestures) and by the instruction parser (milo.body.instructions).

English only, on purpose: these are words for amounts and sides, read from a clause that a
gesture's own pattern already matched; anything not read here falls to the model.
"""

from __future__ import annotations

import re
from typing import Optional

_UNITS = {
    "zero": 0, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7,
    "eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13,
    "fourteen": 14, "fifteen": 15, "sixteen": 16, "seventeen": 17, "eighteen": 18, "nineteen": 19,
}
_TENS = {"twenty": 20, "thirty": 30, "forty": 40, "fifty": 50, "sixty": 60, "seventy": 70, "eighty": 80, "ninety": 90}
_NUM_WORD = "|".join(sorted(list(_UNITS) + list(_TENS) + ["hundred", "a", "and"], key=len, reverse=True))
NUMBER_RE = (
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
    rf"|(?P<n>{NUMBER_RE})\s*(?:times|x)\b|x\s*(?P<x>\d+))",
    re.IGNORECASE,
)
_DEGREES_RE = re.compile(rf"(?P<n>{NUMBER_RE})\s*(?:degrees?|degs?|°)", re.IGNORECASE)


def count(scope: str) -> Optional[int]:
    """'twice', '3 times', 'a few times', 'x4' -> how many (None if no count is said)."""
    m = _COUNT_RE.search(scope)
    if not m:
        return None
    if m.group("word"):
        return _COUNT_WORDS[re.sub(r"\s+", " ", m.group("word").lower())]
    value = number_value(m.group("n") or m.group("x"))
    return int(value) if value is not None else None


def degrees(scope: str) -> Optional[float]:
    """'ninety degrees', '45°' -> the angle (None if none is said)."""
    m = _DEGREES_RE.search(scope)
    if not m:
        return None
    return number_value(m.group("n"))


def direction(scope: str) -> Optional[int]:
    """+1 for left / anticlockwise, -1 for right / clockwise (None if no side is said)."""
    m = re.search(r"\b(left|right|counter[\s-]?clockwise|anti[\s-]?clockwise|clockwise)\b", scope, re.IGNORECASE)
    if not m:
        return None
    word = m.group(1).lower()
    return -1 if word in ("right", "clockwise") else 1


def times_word(n: int) -> str:
    return {1: "once", 2: "twice"}.get(n, f"{n} times")


def number_text(x: float) -> str:
    """A number as a status says it: 90, 12.5, never -0."""
    x = round(x, 1) + 0.0
    return f"{x:g}"


def side(degrees: float) -> str:
    return "left" if degrees > 0 else "right"


# Objects of a gesture phrase: "your head", "the antennas".
HEAD = r"(?:(?:your|ur|the|my|ya)\s+)?head"
ANTENNAS = r"(?:(?:your|ur|the|both|my)\s+)*(?:antennas?|antennae|ears)"
