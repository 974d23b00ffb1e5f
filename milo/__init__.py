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

`milo.open_memory(path)` opens a memory exactly as the app does.
"""

__version__ = "0.1.0"


def open_memory(path=None, settings=None):
    """The living memory as the app builds it (see milo.memory.open_memory)."""
    from milo.memory import open_memory as _open

    return _open(path, settings=settings)


__all__ = ["open_memory", "__version__"]
