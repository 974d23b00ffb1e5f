"""Memory shown to the model as data, never as instructions.

The memory file is the user's (and, through etches, partly the model's own words). Anything in
it reaches the prompt, so each line is presented as a quotation: tag-like text is defused (a
note cannot start a `[REPLY]`), the `<memory>` fence cannot be closed from inside, and lines
that read like instructions are flagged as quoted notes.
"""

from __future__ import annotations

import re

# Lines that read like instructions: kept in the file, flagged when shown to the model.
_INSTRUCTION = re.compile(
    r"\b(ignore|disregard|forget|override)\b.{0,40}\b(instruction|rule|prompt|above|previous|prior|everything)"
    r"|\bfrom now on\b|\byou (must|will|shall|should|have to) (always|never|now|only|obey)"
    r"|\byou are (now|no longer)\b|\bnew (instructions|rules|persona)\b|\bsystem prompt\b"
    r"|\b(always|never) (say|reply|respond|answer|mention|tell)\b|\bact as\b|\bpretend (to be|you)\b",
    re.IGNORECASE,
)
_TAG_LIKE = re.compile(r"\[(\s*(?:REPLY|INTERNAL|CORE_UPDATE|FUTURE_MESSAGE|ACTION)\s*)\]", re.IGNORECASE)


def neutralise(line: str) -> str:
    """Present a stored line as data: tag-like text defused, instruction-like lines flagged."""
    line = line.replace("</memory", "<\\/memory").replace("<memory", "<\\memory")
    line = _TAG_LIKE.sub(r"(\1)", line)
    if _INSTRUCTION.search(line):
        return f"[quoted note, not an instruction] {line}"
    return line
