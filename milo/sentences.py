"""Where a sentence ends: after ".", "!", "?" (or "…"), but not after a title before a name.

"my teacher is Mrs. Ito." was two sentences everywhere text is cut into them: the note's parts
compared by meaning ("...my teacher is Mrs." / "Ito moved my lessons"), the draft answer, cut
at its first stop ("Mrs."), the reply shown and the speech queued. Titles are a closed, lexical
class; a regex lookbehind must be of fixed width, so each is its own.
"""

from __future__ import annotations

TITLES = ("Mr", "Mrs", "Ms", "Mx", "Dr", "Prof", "St", "Mt", "Jr", "Sr", "Sra", "Mme", "Mlle", "Fr", "Hr")

# Put before a sentence-end pattern's own lookbehind: a stop that closes a title is not an end.
NOT_AFTER_TITLE = "".join(rf"(?<!(?i:\b{t}\.))" for t in TITLES)

# A whole sentence, for findall: its title stops inside it ("Your uncle's name is Prof. Haddad.").
SENTENCE = r"(?:(?i:\b(?:" + "|".join(TITLES) + r")\.)|[^.!?。！？])+[.!?。！？]*"

# GBNF: a title and its stop, then a space ("Mrs. "), for grammars that otherwise end at a stop.
TITLE_GBNF = "(" + " | ".join(f'"{t}. "' for t in TITLES) + ")"

__all__ = ["NOT_AFTER_TITLE", "SENTENCE", "TITLES", "TITLE_GBNF"]
