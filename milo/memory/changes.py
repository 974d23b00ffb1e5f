"""Whether a note says a fact changed: "we moved book club to Wednesdays", "sorry, buses, not
trams", "I switched jobs". A closed, lexical class (English, with the commonest words of a few
other languages), shared by recall (a later note that changes a recalled one is shown beside it)
and the evidence step (the newer note then stands alone, milo.chat.evidence)."""

from __future__ import annotations

import re

CHANGE = re.compile(r"(?<!\w)(?:moved|move|changed?|switch(?:ed)?|now|no longer|not any ?more|anymore|instead|actually|scratch that"
                    r"|rescheduled|postponed|cancel(?:l)?ed|new|update|correction|used to|à la place|maintenant|jetzt|ahora"
                    r"|i\s+meant"  # "Sorry, I meant I started at 42, not 40." (dec58)
                    r"|(?:sorry|oops|whoops|my\s+bad|wait)(?=.*(?<!\w)not\s))(?!\w)",  # "sorry not march, may" (dec65)
                    re.IGNORECASE)


def changes(note: str) -> bool:
    return bool(CHANGE.search(note))


# A correction or a move, not only something new or now ("I got a new job" is news, not a change
# of a note before it): what recall looks for after a recalled note.
CORRECTION = re.compile(r"(?<!\w)(?:moved|changed?|switch(?:ed)?|no longer|not any ?more|anymore|instead|scratch that"
                        r"|rescheduled|postponed|cancel(?:l)?ed|correction|à la place|i\s+meant"
                        r"|(?:sorry|oops|whoops|my\s+bad|wait|actually)(?=.*(?<!\w)not\s))(?!\w)", re.IGNORECASE)


def corrects(note: str) -> bool:
    return bool(CORRECTION.search(note))
