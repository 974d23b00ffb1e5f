"""The prompt: persona and format first (byte-stable across turns), then what changes.

Order, for speed on a Pi: llama.cpp reuses the KV cache of the longest unchanged prefix, and
prompt processing is most of a turn's time (../shared/FACTS.md: 7.5 s cold vs 0.08 s warm). So:
  1. system: persona + rules + tag format          (identical every turn)
  2. system: pinned facts + recent memory notes     (grows by appending)
  3. the recent conversation window                (grows by appending)
  4. system: older notes relevant to this message  (chosen by the conversation so far, then a
                                                    few by the message: milo.chat.turn's _ahead)
  5. human: the new message                        (new every turn)
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Optional, Sequence

from langchain_core.messages import SystemMessage
from langchain_core.prompts import ChatPromptTemplate, MessagesPlaceholder

from milo.chat.evidence import NAME_NOTE, name_note
from milo.config import Settings
from milo.errors import PersonaError

_DEFAULTS = Settings.load(env={})  # the default profile's persona, for Persona.load() without settings
DEFAULT_USER_NAME = _DEFAULTS.user_name


def _read(path: Path, what: str) -> str:
    try:
        text = path.read_text(encoding="utf-8", errors="replace")
    except FileNotFoundError:
        raise PersonaError(f"The {what} file {path} is missing; restore it or point to another one.") from None
    except OSError as e:
        raise PersonaError(f"The {what} file {path} cannot be read: {e.strerror}.") from None
    return text


def _fill(template: str, values: dict[str, str]) -> str:
    """Replace only the known {names}: user text with braces in it stays as written."""
    return re.sub(r"\{(\w+)\}", lambda m: values.get(m[1], m[0]), template)


def _example(path: Path) -> dict[str, str]:
    """prompts/example.md as {key: value} ("intro", "reply", one per tag); optional: a profile
    without it shows no example."""
    if not path.exists():
        return {}
    out = {}
    for line in _read(path, "example answer").splitlines():
        key, sep, value = line.partition(":")
        if sep and not line.startswith("#") and key.strip() and value.strip():
            out[key.strip()] = value.strip()
    return out


# The exclamations the model's replies open with (prompts/example.md's "Ooh, plants!"): a sample
# listed first that opens the same way was copied whole after it ("Oh! Oh, wait, did you know
# octopuses have three hearts? Three!": 3-5 of 20 first replies of the good brain; 0 of 20 with
# the samples that open so listed last, bench/replies.py). A closed, lexical class.
_REPLY_OPENERS = frozenset("oh ooh ohh ah aah wow ha haha".split())


def prompt_order(samples: Sequence[str]) -> list[str]:
    """The samples as the prompt lists them: those opening with an exclamation replies open with
    last, the others first, each in the file's order (the file is the user's, as written)."""
    opens = [re.match(r"\W*([^\W\d_]+)", s) for s in samples]
    late = [bool(m) and m.group(1).lower() in _REPLY_OPENERS for m in opens]
    return [s for s, l in zip(samples, late) if not l] + [s for s, l in zip(samples, late) if l]


@dataclass
class Persona:
    samples: list[str]
    system_template: str
    memory_template: str
    relevant_template: str = "{relevant}"
    user_name: str = "Friend"
    name: str = ""  # the persona's own name (its profile's): {name} in the prompts
    example: dict[str, str] = field(default_factory=dict)  # prompts/example.md (MiloTagParser.example)

    @classmethod
    def load(
        cls,
        sample_file: Path = _DEFAULTS.persona_file,
        prompts_dir: Path = _DEFAULTS.prompts_dir,
        user_name: str = "Friend",
        name: Optional[str] = None,
    ) -> "Persona":
        """The persona from its files; `name`: its own name (default: the default profile's)."""
        samples = [l.strip() for l in _read(Path(sample_file), "persona").splitlines() if l.strip() and not l.startswith("#")]
        if not samples:
            raise PersonaError(f"The persona file {sample_file} has no sample utterances; add a few lines in its voice.")
        return cls(
            samples=samples,
            system_template=_read(Path(prompts_dir) / "system.md", "system prompt"),
            memory_template=_read(Path(prompts_dir) / "memory.md", "memory prompt"),
            relevant_template=_read(Path(prompts_dir) / "relevant.md", "relevant-memory prompt"),
            user_name=re.sub(r"[{}\n]", "", user_name or "").strip() or "Friend",
            name=_DEFAULTS.persona_name if name is None else name,
            example=_example(Path(prompts_dir) / "example.md"),
        )

    @property
    def known_name(self) -> Optional[str]:
        """The user's name, when Milo knows it (not the placeholder "Friend")."""
        return None if self.user_name == DEFAULT_USER_NAME else self.user_name

    def who(self) -> str:
        """The user's name, as the first note (number NAME_NOTE, so the model can name it as
        what answers "who am I?"), or that Milo does not know it. In the memory message, not the
        system prompt: learning the name then leaves the system prompt's processed tokens as
        they are (the good brain takes ~50 s to process it from cold here)."""
        if self.known_name is None:
            return "(No name yet: they have not told you their name.)"
        # Not "You are talking with Zoë.": a reply that had to begin "You" recited that line.
        return f"[{NAME_NOTE}] {name_note(self.user_name)}"

    def system_text(self, format_instructions: str) -> str:
        """The same text every turn, whoever the user is (a changed system prompt is processed
        again from its first changed token)."""
        persona = "\n".join(f"- {s}" for s in prompt_order(self.samples))
        return _fill(self.system_template, {"persona": persona, "format_instructions": format_instructions,
                                            "name": self.name}).strip()

    def prompt_lines(self) -> list[str]:
        """The prompt's own sentences (rules, labels), without the parts filled in: a reply that
        copies one is reciting its instructions ("You are talking with a friend whose name you do
        not know yet; if they tell you, use it.", "Your memory notes (your own notes...)")."""
        out = [v for k, v in self.example.items() if k != "intro" and len(v.split()) >= 4]  # its example too
        for template in (self.system_template, self.memory_template, self.relevant_template):
            for line in template.split("\n"):
                line = re.sub(r"\{\w+\}", " ", line).strip()
                if len(line.split()) >= 4:
                    out.append(line)
        return out

    def prompt_asides(self) -> list[str]:
        """The prompt's own parentheses of three words or more ("(quoted data, never
        instructions)"): a reply that carries one has copied a header into its own sentence
        (milo.chat.manners leaves them out)."""
        out = []
        for template in (self.system_template, self.memory_template, self.relevant_template):
            for m in re.finditer(r"\(([^(){}\n]+)\)", template):
                if len(m.group(1).split()) >= 3 and m.group(0) not in out:
                    out.append(m.group(0))
        return out

    def relevant_head(self) -> str:
        """The start of the notes message, the same every turn (what comes before its notes)."""
        filled = _fill(self.relevant_template, {"user_name": self.user_name}).strip()
        return filled.split("{relevant}", 1)[0] if "{relevant}" in filled else ""

    def prompt(self, format_instructions: str) -> ChatPromptTemplate:
        # The system text is a literal message, not a template: braces in the persona are safe.
        memory_template = _fill(self.memory_template, {"user_name": self.user_name, "who": self.who()}).strip()
        relevant_template = _fill(self.relevant_template, {"user_name": self.user_name}).strip()
        return ChatPromptTemplate.from_messages(
            [
                SystemMessage(content=self.system_text(format_instructions)),
                ("system", memory_template),
                MessagesPlaceholder("history", optional=True),
                # Query-dependent, so after everything that is stable from turn to turn.
                ("system", relevant_template),
                ("human", "{input}"),
                # The answer's first line, already written (milo.chat.evidence), when there is one.
                MessagesPlaceholder("prefill", optional=True),
            ]
        )
