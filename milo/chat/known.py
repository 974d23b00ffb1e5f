"""What Milo knows about the user, said back when they ask for it ("What do you know about me?").

Asked that, the good brain, with a few notes in its prompt chosen by the words of the question,
said "I don't have much information about you other than what I've been told... It doesn't seem
I have anything in particular related to you" to a user who had told it her job, her town, her
surgery date and her daughter's visit (a held-out conversation, 2026-12-06). The reply is fixed
instead, as a question about them is (milo.chat.addressing): their name, their pinned notes as
they wrote them, then the last things they told of themselves, in their person, oldest first;
nothing invented, since nothing is written but what the memory holds.

Which messages ask it is read from their words: a closed form ("what do you know / remember
about me", "what have I told you"), in English and the commonest of a few other languages.
"""

from __future__ import annotations

import re
from typing import Iterable, Sequence

from milo.chat.evidence import SAID, Evidence, as_told, changes, only_greets, opening_words, own_words, quoted_speaker, tells
from milo.memory.notes import is_question

KNOWN_NOTES = 5  # the last things told that are said back: a spoken reply stays short
KNOWN_CHARS = 160  # of one of them, cut at its first sentence beyond that

_ABOUT_ME = r"(?:about|of)\s+(?:me|myself)"
_ASKS_KNOWN = (  # {own}: the persona's name (opening_words)
    r"^\W*(?:(?:and|so|ok|okay|well|{own}hey)\W+)*(?:"
    r"what\s+(?:else\s+)?(?:do|did|can)\s+you\s+(?:know|remember|recall)\s+" + _ABOUT_ME +
    r"|how\s+much\s+do\s+you\s+(?:know|remember)\s+" + _ABOUT_ME +
    r"|(?:do|did)\s+you\s+(?:know|remember)\s+anything\s+" + _ABOUT_ME +
    r"|what\s+(?:have|did)\s+i\s+(?:told|tell)\s+you(?:\s+(?:so\s+far|" + _ABOUT_ME + r"))?"
    r"|tell\s+me\s+(?:what|everything|all)\s+you\s+(?:know|remember)\s+" + _ABOUT_ME +
    r"|what\s+you\s+(?:know|remember)\s+" + _ABOUT_ME +
    r"|tell\s+me\s+about\s+(?:me|myself)" +
    # French, Spanish, German, Portuguese, Italian
    r"|(?:qu'est-ce\s+que\s+tu\s+sais|que\s+sais-tu|que\s+sais\s+tu)\s+(?:de|sur)\s+moi"
    r"|qu[ée]\s+sabes\s+(?:de|sobre)\s+m[ií]"
    r"|was\s+wei(?:ß|ss)t\s+du\s+(?:über|ueber|von)\s+mich"
    r"|o\s+que\s+(?:voc[êe]\s+sabe|sabes)\s+(?:sobre|de)\s+mim"
    r"|(?:cosa|che\s+cosa)\s+sai\s+di\s+me"
    r")\W*$")


def asks_what_known(text: str, own: str = "") -> bool:
    """Whether `text` asks what the persona (named `own`) knows of the user as a whole ("what do
    you know about me?"), not of one thing ("what did I tell you about my sister?")."""
    return bool(opening_words(_ASKS_KNOWN, own).match(text.replace("\u2019", "'").strip()))


def known(notes: Iterable[str], user: str = "", own: str = "", pinned: str = "") -> Evidence:
    """The fixed reply (as Evidence, choice SAID) naming what the user told: `notes` are the
    memory's notes oldest first (a CORE_UPDATE each); `user`, their name when known; `own`, the
    persona's; `pinned`, the memory's `## Pinned` section (said as they wrote it)."""
    told = _told(notes, user, own)
    facts = [f for f in (line.strip(" -*\t").rstrip(".") for line in pinned.splitlines() if not line.lstrip().startswith("#")) if f]
    parts = [f"Your name is {user}."] if user else []
    if facts:
        parts.append(f"Your pinned notes say: {'; '.join(facts)}.")
    if told:
        said = told[0] if len(told) == 1 else ", that ".join(told[:-1]) + ", and that " + told[-1]
        parts.append(f"You've told me that {said}.")
    elif parts:
        parts.append("That's all I know so far. What else would you like to tell me?")
    else:
        parts.append("I don't think you've told me about yourself yet. I'd love to hear!")
    reply = " ".join(parts)
    return Evidence(SAID, reply, own=own, summary=reply)


def _told(notes: Iterable[str], user: str, own: str) -> list[str]:
    """The last KNOWN_NOTES things the user told of themselves, in their person, oldest first."""
    theirs: list[str] = []
    other: list[str] = []
    seen: set[str] = set()
    for note in reversed(list(notes)):
        note = note.strip()
        if not note or is_question(note) or not tells(note, own) or only_greets(note, own):
            continue  # (a question of theirs, quoted: 'Ama asked: "when is my operation?"')
        speaker = quoted_speaker(note)
        if user and speaker is not None and speaker != user.casefold():
            continue  # someone else's words (an imported memory, another person)
        words = own_words(note)
        # Of themselves first: their sentences in the first person that speak to no one ('my
        # daughter efua lives in london', not 'I'm so happy for you!' nor 'its raining again
        # here'); a note not in their words, where it is in their person. Fail open: where none
        # is, the last things they said are said as they are.
        mine = _of_themselves(words) if words is not None else ""
        if words is not None and not mine and changes(words):
            # A correction is theirs whatever its person: 'Sorry, Juno is four, not three.' was left
            # out, and "your dog Juno is a three-year-old whippet" said alone (a lived-in memory).
            mine = words
        clause = _short(as_told(f'earlier today: "{mine}"' if mine else note, own))
        key = clause.casefold()
        if len(clause.split()) < 2 or key in seen:
            continue
        seen.add(key)
        (theirs if (mine if words is not None else _YOU.search(clause)) else other).append(clause)
        if len(theirs) == KNOWN_NOTES:
            break
    return list(reversed(theirs or other[:KNOWN_NOTES]))


_SELF = re.compile(r"(?<!\w)(?:i|i'm|im|i've|ive|i'd|i'll|my|mine|we|we're|we've|our|ours|me)(?!\w)", re.IGNORECASE)
# The second person: in their words, spoken to someone; in a note said back, of them.
_YOU = re.compile(r"(?<!\w)(?:you|your|you're|youre|you've|you'll|yours)(?!\w)", re.IGNORECASE)


def _of_themselves(words: str) -> str:
    """The sentences of `words` (the user's) in the first person, speaking to no one."""
    words = words.replace("\u2019", "'")
    return " ".join(s for s in re.split(r"(?<=[.!?])\s+", words.strip()) if _SELF.search(s) and not _YOU.search(s))


def _short(clause: str) -> str:
    clause = clause.strip().rstrip(".!?")
    if len(clause) <= KNOWN_CHARS:
        return clause
    first = re.split(r"(?<=[.!?])\s+", clause, maxsplit=1)[0].rstrip(".!?")
    return first if len(first) <= KNOWN_CHARS else first[:KNOWN_CHARS].rsplit(" ", 1)[0]


def memory_notes(pulses: Sequence, said: Sequence[str] = ()) -> list[str]:
    """The notes `known` reads, oldest first: each pulse's CORE_UPDATE, then this conversation's
    messages (`said`) not yet in them."""
    notes = [p.core_update for p in pulses if p.core_update]
    quoted = " ".join(notes)
    notes += [f'earlier today: "{t}"' for t in said if t and t not in quoted]
    return notes
