"""A message as the model reads it: speech-to-text style (all lower case) given capitals, for
the model only.

Why: read "hello milo its kwame i drive a bus in kumasi and i have twin girls", the good brain
took the line for text to correct and answered with it, in its own voice: "Hello Milo! It's
Kwame. I drive a bus in Kumasi. I have two twin girls named Lily and Rose." Ten such
introductions through the real turn, two replies each: 3 of 20 were the user's words said back
as Milo's, 0 of 20 with this (bench/replies.py --split spoken: one in ten, then none). What the
user said is kept as said everywhere else (the memory, the conversation, what answers a question
about them). Only for the embedded brain, where it was measured.

Only a line without one capital letter is touched (a typed message keeps its own way of writing),
and only what is sure: its first letter, the English pronoun "i" and its contractions (a closed,
lexical class) and the persona's name. No stop is added: a question without its mark is still
one ("where do i live."). Scripts without case are left as they are.
"""

from __future__ import annotations

import re

_I = {"i": "I", "im": "I'm", "ive": "I've", "id": "I'd", "ill": "I'll"}
# "i", "i'm", "i've" ... and the same without the apostrophe as speech to text writes them
# ("ill" and "id" are words too: only with the apostrophe).
_PRONOUN = re.compile(r"(?<![\w'\u2019])(i(?:['\u2019](?:m|ve|d|ll))?|im|ive)(?![\w'\u2019])")


def as_written(text: str, own: str = "") -> str:
    """`text` with capitals where it has none at all (see the module)."""
    if not text or any(c.isupper() for c in text) or not any(c.islower() for c in text):
        return text
    out = _PRONOUN.sub(lambda m: _I.get(m.group(1), "I" + m.group(1)[1:]), text)
    if own:
        out = re.sub(rf"(?<!\w){re.escape(own.lower())}(?!\w)", own, out)
    out = out.rstrip()
    first = next((i for i, c in enumerate(out) if c.isalpha()), None)
    if first is not None:
        out = out[:first] + out[first].upper() + out[first + 1:]
    return out


__all__ = ["as_written"]
