"""Milo: a persona chatbot with a living memory, for a Reachy Mini desk robot.

Layout (imports go one way: cli -> chat/voice/body -> memory/sessions -> storage/config/errors):

    milo.config    Settings: every option and environment variable, validated
    milo.errors    MiloError and its kinds: every user-facing error, one sentence
    milo.storage   locked appends and atomic replaces: the one place files are written
    milo.memory    the living memory (Living_Memory.md): format, store, index, recall
    milo.sessions  the recent conversation, bridged on disk between wakes
    milo.chat      persona, tags, chain, models, the turn
    milo.body      the robot body: tools, limits, a Reachy Mini or a console
    milo.voice     wake phrase, speech to text, text to speech, the voice loop
    milo.cli       the `milo` command

From Python (see README, "Use Milo from Python"):

    memory = milo.open_memory("Living_Memory.md")   # the memory exactly as the app opens it
    bot = milo.make_milo(llm, memory)                # any LangChain chat model
    result = bot.turn("Hi Milo!")                    # -> TurnResult: .reply, .pulse, .error

The names below are loaded on first use: `import milo` stays cheap (the command line starts
without LangChain).
"""

from __future__ import annotations

import os

# numpy's OpenBLAS on one thread (unless the user chose otherwise, or numpy is loaded already).
# Its thread pool hung a process at exit: the shared LoCoMo eval over 8 conversations finished,
# then waited forever in OpenBLAS's shutdown joining an idle worker (0.3.31, numpy 2.4.6). And
# the embedder's matrices are small: one thread embeds a query as fast here (36 vs 40 ms), and
# leaves the other cores to the language model.
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

__version__ = "0.1.0"

_EXPORTS = {
    "Milo": "milo.chat.turn", "TurnResult": "milo.chat.turn", "PendingTurn": "milo.chat.turn", "LOST_THREAD": "milo.chat.turn",
    "Persona": "milo.chat.persona",
    "MiloTagParser": "milo.chat.tags", "TaggedAnswer": "milo.chat.tags",
    "ModelChoice": "milo.chat.models", "choose_model": "milo.chat.models",
    "LivingMemory": "milo.memory.store", "Pulse": "milo.memory.format",
    "MemoryRetriever": "milo.memory.retriever",
    "SessionMemory": "milo.sessions.history",
    "Settings": "milo.config",
    "MiloError": "milo.errors",
}


def __getattr__(name: str):
    if name in _EXPORTS:
        import importlib

        return getattr(importlib.import_module(_EXPORTS[name]), name)
    raise AttributeError(f"module 'milo' has no attribute {name!r}")


def open_memory(path=None, settings=None):
    """The living memory as the app builds it (see milo.memory.open_memory)."""
    from milo.memory import open_memory as _open

    return _open(path, settings=settings)


def chat_model(llm, name=None, *, timeout: float = 60.0):
    """Any LangChain chat model (ChatOpenAI, ChatOllama, a fake one in tests...) as a brain for
    `Milo`. Milo reads its tagged answer with the parser; no grammar is sent."""
    from milo.chat.models import ModelChoice

    return ModelChoice("custom", name or type(llm).__name__, llm, grammar=False, timeout=timeout)


def make_milo(llm, memory=None, *, user_name: str = "Friend", history=None, timeout: float = 60.0, retries: int = 2):
    """A Milo talking through `llm` (a LangChain chat model, or a ModelChoice from choose_model)
    with `memory` (default: open_memory(), the file the settings name) and Milo's own persona.
    `history`: a SessionMemory to bridge the conversation on disk (default: none)."""
    from milo.chat.models import ModelChoice
    from milo.chat.persona import Persona
    from milo.chat.turn import Milo

    model = llm if isinstance(llm, ModelChoice) else chat_model(llm, timeout=timeout)
    memory = memory if memory is not None else open_memory()
    return Milo(model, memory, Persona.load(user_name=user_name), history=history, timeout=model.timeout, retries=retries)


__all__ = ["__version__", "chat_model", "make_milo", "open_memory", *sorted(_EXPORTS)]
