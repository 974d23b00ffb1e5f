"""Whose life a question is about, and how the answer to it begins.

A small model reads the user's "I" as its own: asked "Which instrument do I play?" with the
user's words 'I play the cello' in its notes, the 1.5B brain answered "I play the cello..." in 16
of 16 held-out questions (bench/perspective.py); no prompt wording measured moved it reliably.
Asked about the user's own life, the reply is made to begin by addressing them ("You play the
cello...", "Yes, you take it black."): a grammar-driven model then keeps the perspective (0 of
16). Only the first words are fixed; the rest is the model's own.
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass
from typing import Optional

from milo.memory.names import asks_own_name, besides_own_name

# The user speaking of themselves. "me" alone does not count after "you ..." or in a request
# ("Can you tell me a joke?", "Tell me about octopuses." ask something of Milo).
_SELF = re.compile(r"\b(?:I|I'm|I've|I'd|I'll|my|mine|myself|am I)\b", re.IGNORECASE)
_ME = re.compile(r"\bme\b", re.IGNORECASE)
_REQUEST = re.compile(r"^\W*(?:please\s+)?(?:tell|show|give|teach|help|let|remind|ask)\s+me\b", re.IGNORECASE)
_YOU = re.compile(r"\byou\b", re.IGNORECASE)
# A question mark, or a question's first word (speech to text writes no punctuation: "which
# instrument do i play"), or a request that asks as much ("Remind me what my cat is called.").
_ASKING = re.compile(r"\?\s*$|^\W*(?:what|what's|where|where's|who|who's|which|when|why|how|do|does|did|am|is|are|was"
                     r"|were|have|has|can|could|should|would|will|remind me|tell me|guess)\b", re.IGNORECASE)
_SENTENCE = re.compile(r"[^.!?]+[.!?]*")
# Words around a question that ask nothing more ("Hey Milo, do you know my name again?").
_FILLER = frozenset("and do does you know remember what what's is my i me the a again milo please hey hi hello so "
                    "tell can could who am still oh ok okay well".split())


def asks_about_themselves(text: str) -> bool:
    """Whether `text` asks Milo something about the user's own life ("Where do I work?",
    "What's my dog called?", "Who is visiting me next week?"), as opposed to asking about Milo
    ("What's your name?") or telling ("I play the cello.")."""
    for sentence in _SENTENCE.findall(text or ""):
        s = sentence.strip()
        if not s or not _ASKING.search(s):
            continue
        if _SELF.search(s):
            return True
        me = _ME.search(s)
        if me and not _YOU.search(s[:me.start()]) and not _REQUEST.match(s):
            return True
    return False


# The first words of a reply to such a question: "You"/"Your"/"You're"/..., or "Yes" first ("Yes!
# You take it strong and black."). Measured: with "Oh, you"/"Hmm, you"/... allowed too, the
# model escaped through them ("Oh, you're asking me! I love ramen.", "Oh, you know what I love
# about Tuesdays?", a persona sample) in 3 of 13 answers.
SECOND_PERSON_OPENING = '("Yes" ("," " you" | "! You") | "You")'


@dataclass(frozen=True)
class Opening:
    """How a reply must begin (GBNF), and at most how many sentences it may have (None: as usual)."""

    gbnf: str
    sentences: Optional[int] = None


# Asking what the user once told Milo: "Do you remember how I take my coffee?", "What did I tell
# you about my sister?".
_TOLD = re.compile(r"\b(?:remember|recall|remind|did I (?:tell|say|mention)|I (?:told|said|mentioned))\b", re.IGNORECASE)


def asks_what_they_told(text: str) -> bool:
    """A question about the user's own life that asks Milo to remember it."""
    return asks_about_themselves(text) and bool(_TOLD.search(text or ""))


@functools.cache
def _asking_terms() -> frozenset:
    """Words that ask, not what about ("Do you still remember what I said last time?"). Built
    on first use: milo.memory.index (numpy) is not imported before the chat needs it."""
    from milo.memory.index import ASKING_TERMS, terms

    return ASKING_TERMS | frozenset(terms("said say tell told mention mentioned still ever before earlier already last time"))


def what_they_told(text: str, notes: list[str], most: int = 2) -> Optional[list[str]]:
    """The notes (the user's own words and Milo's CORE_UPDATE lines) that share a word with what
    `text` asks about, the ones sharing most first, at most `most`; None when the question names
    nothing to look for ("Do you remember me?")."""
    from milo.memory.index import terms

    asked = set(terms(text)) - _asking_terms()
    if not asked:
        return None
    scored = [(len(asked & set(terms(n))), -i, n) for i, n in enumerate(notes)]
    return [n for shared, _, n in sorted(scored, reverse=True) if shared][:most]


# Asked what they told Milo, the 1.5B brain answered from its notes only when made to say so:
# "Do you remember how I take my coffee?", with 'Sam said: "I love strong black coffee in the
# morning."' in the prompt, got "Yes, you always take your coffee from the kitchen window sill"
# with the usual opening (8 of 8 wrong), and "Yes, you told me about taking your coffee in the
# morning" with "Yes, you told me" alone. With nothing in the notes it invented ("Do you remember
# what I had for breakfast?" -> "Yes, you had eggs and toast.", 3 of 3): it says so instead.
TOLD_OPENING = '"Yes" ("," " you" | "! You") " told me" " that"? " you" "r"? " "'
NOT_TOLD_OPENING = '"I don\'t think you\'ve told me"'


def reply_opening(text: str, user_name: Optional[str], told: Optional[bool] = None) -> Optional[Opening]:
    """How the reply to `text` begins, or None to leave it to the model. `user_name`: the user's
    name, when Milo knows it. `told`, for a question about what the user told Milo: whether the
    notes in the prompt say it (None: not such a question, or nothing named to look for).
    Asked their own name ("Who am I?"), the 1.5B brain recited its system prompt, "You are
    Milo, a small desk robot...", with or without a "You" opening (4 of 4 answers), and after
    "Your name is Sam." went on "You're a small desk robot with a head...": the answer is one
    sentence beginning "Your name is" (a wrong name in it is mended by milo.chat.manners), or,
    with no name known, one that says so (and one more, to ask)."""
    if asks_own_name(text):
        # One sentence when the name is all that is asked; "What's my name, and what drink did I
        # say I love?" gets the usual room for the rest.
        more = len([w for w in re.findall(r"[a-z']+", besides_own_name(text).lower()) if w not in _FILLER]) >= 2
        if user_name:
            # A capital after it: the tiny brain went on "Your name isn't...".
            return Opening('"Your name is " [A-Z]', sentences=None if more else 1)
        return Opening('"I don\'t know your name yet"', sentences=None if more else 2)  # room to ask for it
    if told is not None and asks_what_they_told(text):
        return Opening(TOLD_OPENING) if told else Opening(NOT_TOLD_OPENING, sentences=2)  # room to ask
    if asks_about_themselves(text):
        return Opening(SECOND_PERSON_OPENING)
    return None
