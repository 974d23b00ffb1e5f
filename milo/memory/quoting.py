"""Memory shown to the model as data, never as instructions.

The memory file is the user's (and, through etches, partly the model's own words). Anything in
it reaches the prompt, so each line is presented as a quotation: tag-like text is defused (a
note cannot start a `[REPLY]`), the `<memory>` fence cannot be closed from inside, a chat
template's special tokens (`<|im_start|>`, `</s>`, `[INST]`...) are altered so the model's
tokenizer cannot read them as real ones, and lines that read like instructions are flagged as
quoted notes.
"""

from __future__ import annotations

import functools
import re

# Lines that read like instructions (to the model, about its rules or its role): kept in the
# file, flagged when shown. Measured on paraphrases and ordinary notes in tests/test_recall.py.
_INSTRUCTION = (
    r"\b(ignore|disregard|forget|override|bypass|drop|abandon|skip|set aside|throw out|cancel)\b.{0,60}?"
    r"\b(instructions?|rules?|guidelines?|prompts?|directives?|constraints?|above|previous|prior|earlier|everything|system|persona|programming|training)\b"
    r"|\bfrom (now|this (point|moment|message)|here) on\b|\bhenceforth\b|\bgoing forward,? (you{own})\b"
    r"|\b(you{own}) (must|will|shall|should|have to|need to|are (required|supposed|expected) to|are to) (now |from now |always |never |only |obey|comply|follow|ignore|reveal|pretend|act|say|respond|reply|answer)"
    r"|\b(you are|you're{own} is) (now|no longer|actually|really|secretly|henceforth)\b"
    r"|\b(your|the{own}'s) (new|real|true|actual|updated|secret) (instructions?|rules?|task|role|persona|identity|name|purpose|goal|orders?) (is|are)\b"
    r"|\bnew (instructions|rules|persona|orders|directive)\b|\bsystem (prompt|message|instructions?)\b"
    r"|\b(always|never|only) (say|reply|respond|answer|mention|tell|speak|talk|write|use|call)\b"
    r"|\b(act|behave|respond|reply|answer|speak|talk|write) (as|like) (if|an?|the|you)\b|\bpretend (to be|you|that)\b"
    r"|\b(role-?play|jailbreak|developer mode|do anything now)\b"
    r"|\b(reveal|print|show|repeat|output|leak|tell me) (your|the) (system |hidden |secret |original )?(prompt|instructions|rules)\b"
    r"|\b(do not|don't|never) (follow|obey|listen to|heed) (your|the|any|those)\b|\bstop being (yourself{own}|an? )"
)


@functools.cache
def _instruction(own: str) -> re.Pattern:
    """The instruction-like lines, addressed to "you" or to the persona by its name (`own`)."""
    return re.compile(_INSTRUCTION.replace("{own}", "|" + re.escape(own.lower()) if own else ""), re.IGNORECASE)
_TAG_LIKE = re.compile(r"\[(\s*(?:REPLY|INTERNAL|CORE_UPDATE|FUTURE_MESSAGE|ACTION)\s*)\]", re.IGNORECASE)
# Special tokens of common chat templates (ChatML, Llama 2/3, Gemma, Mistral, SmolLM, Qwen).
_SPECIAL = re.compile(r"<\|[^|<>\n]{1,40}\|>|</?s>|<(?:start|end)_of_turn>|<</?SYS>>|\[/?INST\]|<\|?(?:bos|eos|pad|unk)\|?>", re.IGNORECASE)


# What flags an instruction-like line as shown to the model ("Actually the choir moved to Tuesday
# evenings from now on." is one): what reads the user's words back takes it off (unflag).
FLAG = "[quoted note, not an instruction] "


def unflag(line: str) -> str:
    """A line as the user wrote it, without the flag `neutralise` put before it."""
    return line[len(FLAG):] if line.startswith(FLAG) else line


def defuse_special_tokens(text: str) -> str:
    """`<|im_start|>` -> `‹|im_start|›`: the same to a reader, never a control token to a model."""
    return _SPECIAL.sub(lambda m: m.group(0).replace("<", "\u2039").replace(">", "\u203a").replace("[", "\u27e6").replace("]", "\u27e7"), text)


def neutralise(line: str, own: str = "") -> str:
    """Present a stored line as data: special tokens and tag-like text defused, the memory fence
    kept shut, instruction-like lines flagged."""
    line = defuse_special_tokens(line)
    line = line.replace("</memory", "<\\/memory").replace("<memory", "<\\memory")
    line = _TAG_LIKE.sub(r"(\1)", line)
    if _instruction(own).search(line):
        return FLAG + line
    return line
