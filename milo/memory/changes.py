"""Whether a note says a fact changed: "we moved book club to Wednesdays", "sorry, buses, not
trams", "I switched jobs". A closed, lexical class (English, with the commonest words of a few
other languages), shared by recall (a later note that changes a recalled one is shown beside it)
and the evidence step (the newer note then stands alone, milo.chat.evidence)."""

from __future__ import annotations

import re

# What corrects or moves a fact: both classes below have it.
_CORRECTING = (r"moved|changed?|switch(?:ed)?|no longer|not any ?more|anymore|instead|scratch that"
               r"|rescheduled|postponed|cancel(?:l)?ed|correction|à la place"
               r"|i\s+meant"  # "Sorry, I meant I started at 42, not 40." (dec58)
               r"|got\s+(?:that|it)\s+wrong|i\s+was\s+wrong|my\s+mistake|i\s+misspoke")  # "...the concert is on the 12th" (dec175)
_SORRY = r"sorry|oops|whoops|my\s+bad|wait"  # ...before a "not": "sorry not march, may" (dec65)
SORRY = _SORRY  # also what opens a count said again in milo.chat.evidence ("sorry, six classes")
_COUNTS = r"one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|twenty|thirty|forty|fifty|hundred"

# ("right now" is what goes on at present, no change: 'right now I'm working on a wooden boat from
# 1931' replaced 'I restore old sailing boats in a shed in Karlskrona' for "where is my shed", dec226)
CHANGE = re.compile(r"(?<!\w)(?:" + _CORRECTING + r"|move|(?<!right\s)now|actually|new|update|used to|maintenant|jetzt|ahora"
                    # a count changed: "two died last week, so six left" (dec180), "there are six left" (dec191)
                    r"|(?:so|only|just)\s+(?:\w+\s+){0,2}left"
                    r"|(?:\d+|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|a\s+few)\s+(?:[^\W\d_]+\s+)?left(?=\s*(?:[.,;!]|$|now|over))"
                    r"|(?:" + _SORRY + r")(?=.*(?<!\w)not\s)"
                    # ...or right before a count: "sorry, six classes, they added one more" (dec272)
                    r"|(?:" + _SORRY + r")(?=\W+(?:\d+|" + _COUNTS + r")(?!\w)))(?!\w)", re.IGNORECASE)


def changes(note: str) -> bool:
    return bool(CHANGE.search(note))


# A correction or a move, not only something new or now ("I got a new job" is news, not a change
# of a note before it): what recall looks for after a recalled note. ("actually" only before a "not")
CORRECTION = re.compile(r"(?<!\w)(?:" + _CORRECTING + r"|(?:" + _SORRY + r"|actually)(?=.*(?<!\w)not\s))(?!\w)", re.IGNORECASE)


def corrects(note: str) -> bool:
    return bool(CORRECTION.search(note))
