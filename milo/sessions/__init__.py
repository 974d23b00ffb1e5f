"""The recent conversation, bridged on disk between wakes (SESSION_DIR).

    store    SessionStore: conversations as JSON files (a LangChain chat history each), atomic writes
    history  SessionMemory: the window a turn replays and the record it leaves
    cli      `milo sessions list|show|clear`
"""

from milo.sessions.history import SessionMemory, store_from_settings
from milo.sessions.store import DEFAULT_TTL, DEFAULT_WINDOW, JsonChatMessageHistory, SessionStore, trim_window

__all__ = ["DEFAULT_TTL", "DEFAULT_WINDOW", "JsonChatMessageHistory", "SessionMemory", "SessionStore", "store_from_settings", "trim_window"]
