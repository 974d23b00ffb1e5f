"""The LCEL chain of one turn: `prompt | model | parser`, built fresh for every turn."""

from __future__ import annotations

import threading
from typing import Mapping, Optional, Sequence

from langchain_core.messages import AIMessageChunk, BaseMessage
from langchain_core.runnables import Runnable, RunnableGenerator

from milo.chat.models import ModelChoice
from milo.chat.persona import Persona
from milo.chat.tags import MiloTagParser


def build_chain(persona: Persona, model: ModelChoice, parser: MiloTagParser, tools: Sequence = (), prefill: str = "",
                stop: Optional[threading.Event] = None, bind: Optional[Mapping] = None,
                written: Optional[list] = None) -> Runnable:
    """`tools`: LangChain tools the model may call natively (Gemini, Ollama, OpenAI-compatible
    servers); the calls come back in the answer (TaggedAnswer.tool_calls), and the turn performs
    them. A grammar-driven model writes an [ACTION] line instead. `prefill`: the start of the
    answer, already written (the input's "prefill" message; milo.chat.evidence): the model
    continues it, and the parser reads only the continuation. `stop`: once set, the model's stream
    ends at its next piece (milo.chat.bounded). `bind`: call options for this answer (a
    temperature; for llama.cpp an extra_body, merged with the grammar's). `written`: the model's
    text is appended to it as it comes (after the prefill), for a next prompt that repeats this
    answer as the model wrote it (Milo's continuation)."""
    prompt = persona.prompt(parser.get_format_instructions())
    llm: Runnable = model.llm
    bind = dict(bind or {})
    if model.grammar:  # llama.cpp: a GBNF grammar forces the tagged lines
        # (with the call's own extra_body, a logit bias: one bind would replace the other's)
        llm = llm.bind(extra_body={"grammar": parser.gbnf(), **bind.pop("extra_body", {})})
    elif tools:
        llm = llm.bind_tools(list(tools))
    if bind:
        llm = llm.bind(**bind)
    if stop is not None:
        from milo.chat.bounded import until

        llm = until(llm, stop)
    if prefill:
        llm = llm | without_prefill(prefill)
    if written is not None:
        llm = llm | noting(written)
    return prompt | llm | parser


def noting(into: list) -> Runnable:
    """The chunks unchanged, their text appended to `into` as they pass."""

    def note(chunks):
        for chunk in chunks:
            into.append(chunk.text if isinstance(chunk, BaseMessage) else str(chunk))
            yield chunk

    return RunnableGenerator(note)


def without_prefill(prefill: str) -> Runnable:
    """The model's chunks without the prefill: llama.cpp streams only what follows it, but
    returns it with the text of a whole (non-streamed) answer, and other servers may too."""

    def strip(chunks):
        held: list = []
        text = ""
        decided = False
        for chunk in chunks:
            if decided:
                yield chunk
                continue
            piece = chunk.text if isinstance(chunk, BaseMessage) else str(chunk)
            text += piece
            held.append(chunk)
            if text.startswith(prefill) or not prefill.startswith(text):
                decided = True
                if text.startswith(prefill):
                    rest = text[len(prefill):]
                    held = [_with_text(held[-1], rest)] if rest or _has_extra(held[-1]) else []
                yield from (_as_chunk(c) for c in held)
                held = []
        if not decided:  # the whole answer was a part of the prefill: nothing of its own
            for chunk in held:
                yield _with_text(chunk, "")

    return RunnableGenerator(strip)


def _with_text(chunk, text: str):
    if isinstance(chunk, BaseMessage):
        return _as_chunk(chunk).model_copy(update={"content": text})
    return text


def _as_chunk(message):
    """Chunks add up (a whole answer, invoked, is one message that must join like the rest)."""
    if isinstance(message, AIMessageChunk) or not isinstance(message, BaseMessage):
        return message
    return AIMessageChunk(content=message.content, response_metadata=message.response_metadata,
                          id=message.id)


def _has_extra(chunk) -> bool:
    """A chunk that carries more than text (a finish reason, tool calls): it must get through."""
    return isinstance(chunk, AIMessageChunk) and bool(chunk.response_metadata or chunk.tool_call_chunks)
