"""`milo update`: the newest Milo from where it was cloned, with the memory kept as it is.

The memory file is the user's, never git's: before anything, it is backed up (beside it, as
`milo memory backups` lists them) and git is told to leave the checkout's copy alone
(`skip-worktree`: `git stash`, `git checkout .` and a pull pass it by). The pull is
fast-forward only; if the memory is not byte-identical afterwards, it is put back. Then the
set-up installs what changed (scripts/setup.sh), unless --no-setup.

The tracked Living_Memory.md is the shipped template and never changes upstream (tests hold it
to its first text): a change there would stop every user's plain `git pull` on their own memory.
Should it change or go anyway, `milo update` puts the template back for the pull and the user's
memory back right after.
"""

from __future__ import annotations

import subprocess
from pathlib import Path

from milo.errors import MiloError

ROOT = Path(__file__).resolve().parent.parent.parent
MEMORY = "Living_Memory.md"


class UpdateError(MiloError):
    """The update could not be done; the memory is as it was."""


def _git(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run(["git", "-C", str(ROOT), *args], capture_output=True, text=True, timeout=300)


def protect_memory() -> bool:
    """Tell git to leave the checkout's Living_Memory.md alone; False when this is no checkout
    or the file is not tracked (nothing to do)."""
    try:
        if _git("ls-files", "--error-unmatch", MEMORY).returncode != 0:
            return False
        return _git("update-index", "--skip-worktree", MEMORY).returncode == 0
    except (OSError, subprocess.SubprocessError):
        return False


def update(memory: Path, setup: bool = True, say=print) -> int:
    from milo import storage
    from milo.memory.edit import write_backup

    if not (ROOT / ".git").exists():
        raise UpdateError(f"Milo at {ROOT} was not installed from a git clone; update it the way it was installed.")
    before = memory.read_bytes() if memory.is_file() else None
    if before is not None:
        backup = write_backup(storage.real_path(memory), before, 0o600)
        say(f"milo: memory backed up to {backup}")
    protect_memory()
    try:
        pulled = _git("pull", "--ff-only")
        if (pulled.returncode != 0 and MEMORY in pulled.stderr and before is not None
                and memory.resolve() == (ROOT / MEMORY).resolve()):
            # Upstream changed or removed the template after all: git will not pull over the
            # user's copy. The template goes back for the pull and their memory (in hand and in
            # the backup named above) is written back right after, in `finally`.
            _git("update-index", "--no-skip-worktree", MEMORY)
            try:
                _git("checkout", "--", MEMORY)
                pulled = _git("pull", "--ff-only")
                if pulled.returncode == 0:
                    say("milo: the shipped memory template changed upstream; your memory was kept as it is")
            finally:
                if not memory.is_file() or memory.read_bytes() != before:
                    storage.atomic_replace(memory, before, mode=0o600)
    except (OSError, subprocess.SubprocessError) as e:
        raise UpdateError(f"git could not be run ({e}); your memory is as it was.") from None
    finally:
        protect_memory()
    if before is not None and (not memory.is_file() or memory.read_bytes() != before):
        storage.atomic_replace(memory, before, mode=0o600)
        say(f"milo: the update touched the memory file; it was put back as it was ({memory})")
    if pulled.returncode != 0:
        why = (pulled.stderr.strip().splitlines() or ["no reason given"])[-1]
        raise UpdateError(f"git pull did not complete ({why}); your memory is as it was.")
    say("milo: " + (pulled.stdout.strip().splitlines() or ["up to date"])[-1])
    if setup:
        rc = subprocess.run([str(ROOT / "scripts" / "setup.sh")], cwd=str(ROOT)).returncode
        if rc != 0:
            raise UpdateError("The set-up after the update failed (its log is named above); your memory is as it was.")
    return 0


def register(sub, kit) -> None:
    u = sub.add_parser("update", parents=[kit.common], help="pull the newest Milo and set it up; the memory is backed up and kept as it is",
                       description="Back up the memory, git pull --ff-only, then scripts/setup.sh.")
    u.add_argument("--no-setup", action="store_true", help="only pull (the set-up installs what changed)")

    def run(args) -> int:
        from milo.config import Settings

        return update(Settings.load(args).memory_file, setup=not args.no_setup, say=kit.say)

    u.set_defaults(func=run)


__all__ = ["protect_memory", "update"]
