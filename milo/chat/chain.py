"""The LCEL chain of one turn: `prompt | model | parser`, built fresh for every turn."""

from __future__ import annotations

from langchain_core.runnables import Runnable

from milo.chat.models import ModelChoice
from milo.chat.persona import Persona
from milo.chat.tags import MiloTagParser


def build_chain(persona: Persona, model: ModelChoice, parser: MiloTagParser) -> Runnable:
    prompt = persona.prompt(parser.get_format_instructions())
    llm: Runnable = model.llm
    if model.grammar:  # llama.cpp: a GBNF grammar forces the tagged lines
        llm = llm.bind(extra_body={"grammar": parser.gbnf()})
    return prompt | llm | parser
