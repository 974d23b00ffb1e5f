"""The recent conversation, bridged on disk between wakes (SESSION_DIR).

    store    SessionStore: conversations as JSON files (a LangChain chat history each), atomic writes
    history  SessionMemory: the window a turn replays and the record it leaves
    cli      `milo sessions list|show|clear`

Names are re-exported lazily, so the command line can register `milo sessions` without loading
LangChain.
"""

_EXPORTS = {
    "SessionMemory": "milo.sessions.history", "store_from_settings": "milo.sessions.history",
    "DEFAULT_TTL": "milo.sessions.store", "DEFAULT_WINDOW": "milo.sessions.store",
    "JsonChatMessageHistory": "milo.sessions.store", "SessionStore": "milo.sessions.store", "trim_window": "milo.sessions.store",
}
__all__ = sorted(_EXPORTS)


def __getattr__(name: str):
    if name in _EXPORTS:
        import importlib

        return getattr(importlib.import_module(_EXPORTS[name]), name)
    raise AttributeError(f"module 'milo.sessions' has no attribute {name!r}")
