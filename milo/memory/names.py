"""The user's name, learned: from the pinned facts, or from what the user said ("I'm Sam")."""

from __future__ import annotations

import re
from typing import Iterable, Optional

_NAME = r"([A-Z][a-z]+(?:[-'][A-Z][a-z]+)?)"
# "my name is sam" in any case; "I'm Sam" only capitalised (so "I'm tired" is not a name).
_ANY_CASE = re.compile(r"\b(?:my name is|my name's|call me|name:)\s+([A-Za-z][a-z]+(?:[-'][A-Za-z][a-z]+)?)\b", re.IGNORECASE)
_INTRO = re.compile(rf"(?:^|[.!?,]\s*|\b(?:hi|hello|hey)\b[, ]*)(?:I'm|I am|it's|this is)\s+{_NAME}\b(?=\s*(?:[.!,?]|$|and\b|here\b))")
NOT_NAMES = frozenset(
    "back here fine good great okay ok sorry tired sure home ready busy happy sad done new not just so very "
    "really still also glad excited bored hungry sick well milo friend the a an".split()
)


def name_in(text: str) -> Optional[str]:
    """The name a user gives in `text`, if any."""
    for rx in (_ANY_CASE, _INTRO):
        for m in rx.finditer(text or ""):
            name = m.group(1)
            if name.lower() not in NOT_NAMES:
                return name[0].upper() + name[1:]
    return None


_ASKS_OWN_NAME = re.compile(
    r"\b(?:what(?:'s| is| was)\s+my\s+name|my\s+name\s*\?|who\s+am\s+i\b|(?:know|remember)\s+(?:my\s+name|who\s+i\s+am)"
    r"|what\s+(?:do|did)\s+(?:you|i)\s+(?:call\s+me|say\s+my\s+name\s+was))", re.IGNORECASE)


def asks_own_name(text: str) -> bool:
    """Whether the user asks Milo their own name ("What's my name?", "Do you know who I am?")."""
    return bool(_ASKS_OWN_NAME.search(text or ""))


def besides_own_name(text: str) -> str:
    """What `text` says besides asking the user's own name ("and what drink do I love?")."""
    return _ASKS_OWN_NAME.sub(" ", text or "")


def learn_name(pinned: str, said: Iterable[str]) -> Optional[str]:
    """From the pinned facts first, then the newest thing the user said that gives a name."""
    found = name_in(pinned)
    if found:
        return found
    for text in said:
        found = name_in(text)
        if found:
            return found
    return None
