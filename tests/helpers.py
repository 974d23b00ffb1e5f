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
