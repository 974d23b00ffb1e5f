"""Run the real `milo` command line in a child process."""

import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def run_milo(*args, input=None, env=None, timeout=300):
    import subprocess

    full_env = {k: v for k, v in os.environ.items()}
    full_env.update(env or {})
    full_env.setdefault("PYTHONPATH", str(ROOT))
    return subprocess.run(
        [sys.executable, str(ROOT / "main.py"), *args], input=input, capture_output=True, text=True,
        env=full_env, timeout=timeout, cwd=str(ROOT),
    )


def shipped_memory() -> bytes:
    """Living_Memory.md as shipped (git's copy): the checkout's own file is the user's memory
    once they have chatted (./start.sh before ./test.sh)."""
    import subprocess

    try:
        out = subprocess.run(["git", "show", "HEAD:Living_Memory.md"], cwd=str(ROOT), capture_output=True, timeout=30)
        if out.returncode == 0:
            return out.stdout
    except (OSError, subprocess.SubprocessError):
        pass
    return (ROOT / "Living_Memory.md").read_bytes()  # not a git checkout: the file as it is
