"""Asked to forget something, Milo says truly what it can do.

A turn never removes anything from the memory file (the user owns it; `milo memory forget` and an
editor do, with a backup), so a model's "Okay, I'll forget it!" to "please forget what I said about
my ex" would be false while the note stays. The reply is fixed instead, as a question about the
user is (milo.chat.addressing), and says how to remove it.

Which messages ask it is read from their words: an imperative "forget / delete / erase" and what
(a closed form, English and the commonest of a few other languages); "don't forget my birthday"
and "I always forget my keys" ask nothing of the kind, nor "forget it" ("never mind").
"""

from __future__ import annotations

import re

from milo.chat.evidence import NONE, Evidence, opening_words

FORGET_REPLY = ("I can't forget things on my own yet, so it's still in my memory. To remove it, run "
                "`milo memory forget` with words from it, or delete it from Living_Memory.md.")

_ASKS_FORGET = (
    r"^\W*(?:(?:please|pls|{own}hey|ok|okay|and|so|actually|oh|um|also)\W+)*"
    r"(?:(?:can|could|would|will)\s+you\s+(?:please\s+)?|i\s+(?:want|need|would\s+like)\s+you\s+to\s+|i'd\s+like\s+you\s+to\s+)?"
    # (not "forget it", "forget about it": "never mind")
    r"(?:forget|delete|erase|remove|wipe)\s+(?:that|this|everything|all\s+of\s+(?:that|it)|what\s+i\s+(?:said|told\s+you|just\s+said)"
    r"|about\s+(?!it(?![\w']))|my\s+|(?<!forget\s)it(?![\w'])|the\s+(?:last|thing|part|bit)|i\s+(?:said|told\s+you|mentioned))"
    # French, Spanish, German, Portuguese, Italian
    r"|^\W*(?:(?:s'il\s+te\s+pla[iî]t|por\s+favor|bitte|{own}per\s+favore)\W+)*"
    r"(?:oublie|olvida|vergiss|esquece|esqueça|dimentica)(?:\s|\W|$)")  # {own}: the persona's name (opening_words)


def asks_to_forget(text: str, own: str = "") -> bool:
    """Whether `text` asks the persona (named `own`) to forget or delete something it was told."""
    return bool(opening_words(_ASKS_FORGET, own).match(text.replace("\u2019", "'").strip()))


def cannot_forget(own: str = "") -> Evidence:
    """The fixed reply to such a message (as Evidence: said whole)."""
    return Evidence(NONE, own=own, summary=FORGET_REPLY)
