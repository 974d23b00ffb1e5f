"""The embedded model: a GGUF brain (milo.brains) on llama.cpp through `xllamacpp`.

Why xllamacpp: it has prebuilt wheels for x86_64 and aarch64 (a Pi 5 or a Jetson needs no
compiler; llama-cpp-python builds llama.cpp from source for ~10 minutes), and it serves an
OpenAI-compatible endpoint in-process on 127.0.0.1, so the chain drives it with the same
`langchain_openai.ChatOpenAI` that talks to a user's own llama.cpp server, LM Studio or vLLM.
The server also serialises requests per slot, which llama-cpp-python's shared object does not.

No network at run time: the brains' weights are installed beforehand (milo.brains); any
other GGUF file can be given by path.
"""

from __future__ import annotations

import hashlib
import os
import socket
import threading
import time
from pathlib import Path
from typing import Optional

from milo import storage
from milo.errors import EmbeddedModelError



def resolve_weights(path: str) -> Path:
    """A GGUF file given by path (the named brains are found by milo.brains)."""
    p = Path(path).expanduser()
    if not p.is_file():
        raise EmbeddedModelError(f"No GGUF model file at {p}; check the path given to --model.")
    return p


def default_threads() -> int:
    """One core less than the machine has (at most 4); MILO_THREADS overrides it.

    llama.cpp's threads busy-wait for each other: with every core in use and anything else
    running (speech recognition, the robot daemon), generation collapses. bench/threads.py on
    this 2-core box (generation tokens/s, 1 -> 2 threads): tiny idle 39.7 -> 71.7 (1.8x), tiny
    with one busy process beside it 21.1 -> 4.2 (0.2x); good idle 6.8 -> 5.7, loaded 4.1 -> 3.7
    (2 threads never helped the 1.5B brain here). A companion shares its machine with the
    voice stack, so one core is left free; prompt processing (big batches) uses them all."""
    return max(1, min(4, (os.cpu_count() or 2) - 1))


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


# Earlier prompts' states kept in RAM (llama.cpp's host prompt cache, MiB). It gives the chat prompt
# back after a side request took the one slot (milo.chat.draft: 5 s of the tiny brain's 1,200-token
# prompt again without it, 0.1 s with). llama.cpp's default, 8 GiB, is more than a Pi has: every
# turn's prompt state was kept (~30 KB a token, ~40 MB a lived-in prompt of the good brain), and
# `milo chat` grew without bound (tests/test_embedded_cache.py). A few prompts' worth.
PROMPT_CACHE_MIB = 256


class EmbeddedServer:
    """An in-process llama.cpp server on a private loopback port. One per process."""

    _lock = threading.Lock()
    _instances: dict[str, "EmbeddedServer"] = {}

    def __init__(self, weights: Path, n_ctx: int = 4096, threads: Optional[int] = None, state_dir: Optional[Path] = None,
                 cache_mib: int = PROMPT_CACHE_MIB):
        try:
            import xllamacpp
        except ImportError:
            raise EmbeddedModelError(
                "The embedded runtime is not installed; run ./start.sh or `pip install xllamacpp`."
            ) from None
        self.weights = weights
        self.port = _free_port()
        params = xllamacpp.CommonParams()
        params.model.path = str(weights)
        params.n_ctx = n_ctx
        params.n_batch = 512
        params.n_parallel = 1  # one slot: its KV cache keeps the long, stable prompt prefix warm
        params.cache_prompt = True
        params.cache_ram_mib = cache_mib
        params.warmup = False
        params.port = self.port
        params.endpoint_metrics = False
        self.state_file: Optional[Path] = None
        if state_dir is not None:
            self.state_file = self._prepare_state_dir(Path(state_dir), weights)
            if self.state_file is not None:
                params.slot_save_path = str(self.state_file.parent) + "/"  # llama.cpp joins without a separator
                params.endpoint_slots = True
        threads = threads or default_threads()
        params.cpuparams.n_threads = threads
        # Prompt processing works in big batches (few thread barriers): it can use every core.
        params.cpuparams_batch.n_threads = max(threads, min(8, os.cpu_count() or 1))
        # The server's default is no repetition penalty, and a 135M model then loops.
        params.sampling.penalty_repeat = 1.15
        params.sampling.penalty_last_n = 128
        params.sampling.temp = 0.4
        params.verbosity = -1
        try:
            self._server = xllamacpp.Server(params)
        except Exception as e:  # the runtime reports a bad file as a generic error
            raise EmbeddedModelError(f"The model file {weights} could not be loaded ({e}); is it a GGUF file?") from None
        self.base_url = f"http://127.0.0.1:{self.port}/v1"

    @classmethod
    def shared(cls, weights: Path, **kw) -> "EmbeddedServer":
        """The process-wide server for these weights (loading once costs ~0.2 s and ~200 MB)."""
        key = str(weights)
        with cls._lock:
            if key not in cls._instances:
                cls._instances[key] = cls(weights, **kw)
            return cls._instances[key]

    # ---- the saved prompt state --------------------------------------------------------------
    # The long, stable start of Milo's prompt (persona, rules, format, memory) takes most of a
    # cold first reply to process (~50 s for the good brain here). After each turn the slot's KV
    # state is saved to disk (private, one file per model file); a new process restores it, and
    # llama.cpp itself reuses it only as far as the new prompt's tokens match, so a changed
    # prefix is never wrong, only slower.

    @staticmethod
    def _prepare_state_dir(state_dir: Path, weights: Path) -> Optional[Path]:
        try:
            state_dir.mkdir(parents=True, exist_ok=True, mode=0o700)
            st = weights.stat()
        except OSError:
            return None  # only a cache
        key = hashlib.sha256(f"{weights.resolve()}|{st.st_size}|{st.st_mtime_ns}".encode()).hexdigest()[:16]
        keep = state_dir / f"slot-{key}.kv"
        # Bounded: the state of the three most recently used model files.
        others = sorted((p for p in state_dir.glob("slot-*.kv") if p != keep), key=lambda p: p.stat().st_mtime, reverse=True)
        for old in others[2:]:
            old.unlink(missing_ok=True)
        for tmp in state_dir.glob(".slot-*.tmp"):
            tmp.unlink(missing_ok=True)
        return keep

    def _slot(self, action: str, filename: str) -> dict:
        import json
        import urllib.request

        req = urllib.request.Request(f"http://127.0.0.1:{self.port}/slots/0?action={action}",
                                     data=json.dumps({"filename": filename}).encode(), headers={"Content-Type": "application/json"})
        with urllib.request.urlopen(req, timeout=60) as r:
            return json.loads(r.read())

    def restore_state(self) -> int:
        """Load the saved prompt state, if any; returns the tokens restored (0: none)."""
        if self.state_file is None or not self.state_file.exists():
            return 0
        try:
            return int(self._slot("restore", self.state_file.name).get("n_restored", 0))
        except Exception:  # damaged, from another llama.cpp: only a cache
            self.state_file.unlink(missing_ok=True)
            return 0

    def restore_state_once(self) -> int:
        """restore_state, the first time a process asks (later turns have the state already)."""
        with self._lock:
            if getattr(self, "_restored", False):
                return 0
            self._restored = True
        return self.restore_state()

    def save_state(self) -> None:
        """Save the slot's state after a turn (written aside, then renamed: never half a file)."""
        if self.state_file is None:
            return
        tmp = self.state_file.with_name(f".{self.state_file.stem}.{os.getpid()}.tmp")
        try:
            self._slot("save", tmp.name)
            storage.install_file(tmp, self.state_file, mode=0o600)  # the prompt it holds is the user's memory
        except Exception:
            tmp.unlink(missing_ok=True)

    def wait_ready(self, timeout: float = 30.0) -> None:
        import urllib.request

        deadline = time.monotonic() + timeout
        while True:
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{self.port}/health", timeout=2) as r:
                    if r.status == 200:
                        return
            except OSError:
                pass
            if time.monotonic() > deadline:
                raise EmbeddedModelError("The embedded model did not become ready in time.")
            time.sleep(0.05)
