"""Every error a user may see. Each str() is one plain sentence, naming the fix where there is one.

The command line catches `MiloError` once and prints it; anything else is a bug (a traceback).
The subclasses only say which part failed, for code that wants to react to one of them.
"""

from __future__ import annotations


class MiloError(Exception):
    """Milo cannot do what was asked; str() is one sentence for the user."""


class ConfigError(MiloError):
    """A setting (option or environment variable) has a value Milo cannot use."""


class SetupError(MiloError):
    """Milo cannot start as configured."""


class MemoryFileError(MiloError):
    """The memory file cannot be read or written."""


class SessionError(MiloError):
    """The conversation store (SESSION_DIR) cannot be used."""


class PersonaError(MiloError):
    """A persona or prompt file is missing or empty."""


class ModelConfigError(MiloError):
    """The chat model cannot be set up (unknown name, missing key or package)."""


class EmbeddedModelError(ModelConfigError):
    """The embedded model (llama.cpp in-process) cannot start."""


class BodyError(MiloError):
    """The robot asked for cannot be used."""


class BodyNotAnswering(BodyError):
    """The robot stopped answering (daemon gone, cable pulled); a later gesture retries."""


class VoiceError(MiloError):
    """Voice cannot work here as asked."""
