"""`milo update` on real git clones: the memory is backed up, never touched by the pull, and git
leaves the user's copy alone; the shipped Living_Memory.md never changes upstream."""

import hashlib
import subprocess

import pytest
from helpers import ROOT, shipped_memory

from milo.cli import update as upd

# The shipped Living_Memory.md as first released. Changing it would stop every user's `git pull`
# ("Your local changes to Living_Memory.md would be overwritten"): it is their memory now.
SHIPPED_SHA256 = "eeb3c647e02bbed73dfe9c5707d0beed35e8169dd1fc6f015c1894e2c7135f62"


def git(where, *args):
    return subprocess.run(["git", "-C", str(where), "-c", "user.name=t", "-c", "user.email=t@example.org", *args],
                          capture_output=True, text=True, check=True)


def test_the_shipped_memory_file_never_changes():
    assert hashlib.sha256(shipped_memory()).hexdigest() == SHIPPED_SHA256


@pytest.fixture
def clone(tmp_path, monkeypatch):
    """An upstream with the shipped memory file, and a user's clone of it whose memory grew."""
    up = tmp_path / "upstream"
    up.mkdir()
    git(up, "init", "-q", "-b", "main")
    (up / "Living_Memory.md").write_bytes(shipped_memory())
    (up / "README.md").write_text("v1\n")
    git(up, "add", ".")
    git(up, "commit", "-qm", "v1")
    subprocess.run(["git", "clone", "-q", str(up), str(tmp_path / "clone")], check=True)
    mine = tmp_path / "clone"
    with open(mine / "Living_Memory.md", "a", encoding="utf-8") as f:
        f.write("\n\n--- [PULSE: 08:15 PM, November 29, 2026] ---\nCORE_UPDATE: Zoë said: \"I teach chemistry.\"\nREPLY: Oh nice!\n")
    (up / "README.md").write_text("v2\n")
    git(up, "commit", "-qam", "v2")
    monkeypatch.setattr(upd, "ROOT", mine)
    return up, mine


def test_update_pulls_and_keeps_the_memory_byte_identical(clone):
    up, mine = clone
    memory = mine / "Living_Memory.md"
    before = memory.read_bytes()
    said = []
    assert upd.update(memory, setup=False, say=said.append) == 0
    assert (mine / "README.md").read_text() == "v2\n" and memory.read_bytes() == before
    backups = list(mine.glob("Living_Memory.md.bak-*"))
    assert len(backups) == 1 and backups[0].read_bytes() == before and f"backed up to {backups[0]}" in said[0]
    # git now leaves the user's copy alone: a stash or a checkout of everything passes it by.
    git(mine, "stash")
    git(mine, "checkout", "--", ".")
    assert memory.read_bytes() == before


@pytest.mark.parametrize("upstream", ["changed", "removed"])
def test_a_template_changed_upstream_is_pulled_and_the_memory_kept(clone, upstream):
    """Should the shipped template change or go upstream after all (a plain `git pull` then
    refuses to run over the user's copy), `milo update` still pulls and keeps their memory."""
    up, mine = clone
    memory = mine / "Living_Memory.md"
    before = memory.read_bytes()
    assert upd.protect_memory()
    if upstream == "changed":
        (up / "Living_Memory.md").write_text("# a new template\n")
        git(up, "commit", "-qam", "v3: a new template")
    else:
        git(up, "rm", "-q", "Living_Memory.md")
        (up / ".gitignore").write_text("Living_Memory.md\n")
        git(up, "add", ".gitignore")
        git(up, "commit", "-qm", "v3: the memory is untracked")
    plain = subprocess.run(["git", "-C", str(mine), "pull", "--ff-only"], capture_output=True, text=True)
    assert plain.returncode != 0 and "Living_Memory.md" in plain.stderr  # what update works around
    said = []
    assert upd.update(memory, setup=False, say=said.append) == 0
    assert memory.read_bytes() == before and (mine / "README.md").read_text() == "v2\n"
    assert git(mine, "rev-parse", "HEAD").stdout == git(up, "rev-parse", "HEAD").stdout
    assert any("template changed upstream" in s for s in said)
    if upstream == "changed":  # still tracked, and git still leaves the user's copy alone
        git(mine, "checkout", "--", ".")
        assert memory.read_bytes() == before
    assert oct(memory.stat().st_mode & 0o777) == "0o600"


def test_an_update_git_cannot_do_says_so_and_keeps_the_memory(clone):
    up, mine = clone
    memory = mine / "Living_Memory.md"
    before = memory.read_bytes()
    (mine / "README.md").write_text("my own change\n")
    git(mine, "commit", "-qam", "mine")  # diverged: no fast-forward
    with pytest.raises(upd.UpdateError, match=r"^git pull did not complete \(.+\); your memory is as it was\.$"):
        upd.update(memory, setup=False, say=lambda s: None)
    assert memory.read_bytes() == before
