#!/usr/bin/env python3
"""The first reply of a new process, with and without the saved prompt state, side by side.

For each brain: one process takes a turn (and so saves the prompt state), then a new process
with MILO_PROMPT_CACHE=0 and one with it on each answer the next message. Printed: time to the
first reply token and to the end of the turn, and the ratio. Timings are printed, never asserted.

    .venv/bin/python bench/cold_start.py [--brain tiny --brain good] [--data-dir DIR]
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

CHILD = r"""
import json, sys, time
t0 = time.perf_counter()
from milo.cli.wiring import build_milo
from milo.config import Settings
milo = build_milo(Settings.load())
if len(sys.argv) > 2 and sys.argv[2] == "prefill":
    milo.prefill()  # as the terminal does while the first message is typed
loaded = time.perf_counter()
first = []
r = milo.turn(sys.argv[1], on_reply=lambda d: first.append(time.perf_counter()) if not first else None)
end = time.perf_counter()
print(json.dumps({"load": loaded - t0, "ttft": (first[0] - loaded) if first else None, "turn": end - loaded, "ok": r.ok}))
"""

MEMORY = "# Milo's Living Memory\n\n## Pinned\n- My name is Sam.\n- My dog is called Pixel.\n" + "".join(
    f"\n\n--- [PULSE: 0{1 + i % 9}:15 PM, November {1 + i % 28:02d}, 2026] ---\nCORE_UPDATE: Sam said: \"I spent the "
    f"afternoon on project {i} in the garden with Pixel\"\nREPLY: That sounds lovely, tell me more about project {i}!"
    for i in range(40))


def run(brain: str, data_dir: str, cache: bool, tmp: Path, text: str, prefill: bool = False) -> dict:
    env = dict(os.environ, PYTHONPATH=str(ROOT), MILO_MODEL=brain, MILO_DATA_DIR=data_dir, MILO_ROBOT="none",
               MILO_MEMORY_FILE=str(tmp / "Living_Memory.md"), SESSION_MEMORY="0", MILO_CACHE_DIR=str(tmp / "cache"),
               MILO_PROMPT_CACHE="1" if cache else "0")
    out = subprocess.run([sys.executable, "-c", CHILD, text] + (["prefill"] if prefill else []), capture_output=True,
                         text=True, env=env, timeout=900)
    if out.returncode != 0:
        raise SystemExit(out.stderr[-2000:])
    return json.loads(out.stdout.strip().splitlines()[-1])


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--brain", action="append")
    ap.add_argument("--data-dir", default=os.environ.get("MILO_DATA_DIR") or str(Path.home() / ".local/share/milo"))
    args = ap.parse_args()
    rows = []
    for brain in args.brain or ["tiny"]:
        tmp = Path(tempfile.mkdtemp())
        (tmp / "Living_Memory.md").write_text(MEMORY)
        run(brain, args.data_dir, True, tmp, "Hi Milo, how are you?")  # leaves the saved state
        # Each process etches its turn: reset the file so both answer the very same prompt.
        (tmp / "Living_Memory.md").write_text(MEMORY)
        off = run(brain, args.data_dir, False, tmp, "What did I do in the garden?")
        (tmp / "Living_Memory.md").write_text(MEMORY)
        on = run(brain, args.data_dir, True, tmp, "What did I do in the garden?")
        rows.append((brain, off, on))
    print(f"{'brain':6s} {'':14s} {'load s':>7s} {'first token s':>14s} {'whole turn s':>13s}")
    for brain, off, on in rows:
        for label, r in (("no saved state", off), ("saved state", on)):
            print(f"{brain:6s} {label:14s} {r['load']:7.2f} {r['ttft'] or float('nan'):14.2f} {r['turn']:13.2f}")
        if off["ttft"] and on["ttft"]:
            print(f"{brain:6s} {'ratio':14s} {'':7s} {off['ttft'] / on['ttft']:13.1f}x {off['turn'] / on['turn']:12.1f}x")
    return 0


if __name__ == "__main__":
    sys.exit(main())
