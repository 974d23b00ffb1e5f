"""The LCEL chain of one turn: `prompt | model | parser`, built fresh for every turn."""

from __future__ import annotations

from typing import Sequence

from langchain_core.runnables import Runnable

from milo.chat.models import ModelChoice
from milo.chat.persona import Persona
from milo.chat.tags import MiloTagParser


def build_chain(persona: Persona, model: ModelChoice, parser: MiloTagParser, tools: Sequence = ()) -> Runnable:
    """`tools`: LangChain tools the model may call natively (Gemini, Ollama, OpenAI-compatible
    servers); the calls come back in the answer (TaggedAnswer.tool_calls), and the turn performs
    them. A grammar-driven model writes an [ACTION] line instead."""
    prompt = persona.prompt(parser.get_format_instructions())
    llm: Runnable = model.llm
    if model.grammar:  # llama.cpp: a GBNF grammar forces the tagged lines
        llm = llm.bind(extra_body={"grammar": parser.gbnf()})
    elif tools:
        llm = llm.bind_tools(list(tools))
    return prompt | llm | parser
