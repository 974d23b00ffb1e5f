#!/usr/bin/env python3
"""Generation threads for the embedded model: 1 vs 2 (vs all cores), idle and under load.

Each row is a fresh process running the embedded llama.cpp server with MILO_THREADS=N, asked
for the same answer (a ~700-token prompt, 64 generated tokens, greedy) three times; llama.cpp's
own timings give prompt and generation speed. "Loaded" runs one busy process beside it (what the
speech recognizer or the robot daemon does on a Pi). Ratios are against 1 thread in the same
condition, in the same run.

    .venv/bin/python bench/threads.py [--brain tiny --brain good] [--data-dir DIR]

Timings are printed, never asserted.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

CHILD = r"""
import json, sys, time, urllib.request
sys.path.insert(0, sys.argv[1])
from milo.brains import weights
from milo.chat.embedded import EmbeddedServer
from milo.config import Settings
s = Settings.load()
server = EmbeddedServer(weights(sys.argv[2], s), threads=int(sys.argv[3]))
server.wait_ready()
notes = " ".join(f"Note {i}: Sam talked about the garden, the tomatoes and the rain on day {i}." for i in range(40))
out = []
for run in range(3):
    body = {"messages": [{"role": "system", "content": f"You are Milo, a small desk robot. Run {run}. {notes}"},
                         {"role": "user", "content": "Tell me about my garden in a few sentences."}],
            "max_tokens": 64, "temperature": 0, "ignore_eos": True}
    req = urllib.request.Request(server.base_url + "/chat/completions", data=json.dumps(body).encode(),
                                 headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(req, timeout=600) as r:
        t = json.loads(r.read())["timings"]
    out.append((t["prompt_n"], t["prompt_per_second"], t["predicted_n"], t["predicted_per_second"]))
print(json.dumps(out))
"""


def measure(brain: str, threads: int, loaded: bool, env: dict) -> dict:
    burner = subprocess.Popen([sys.executable, "-c", "while True: pass"]) if loaded else None
    try:
        proc = subprocess.run([sys.executable, "-c", CHILD, str(ROOT), brain, str(threads)], capture_output=True,
                              text=True, env=env, timeout=1800)
    finally:
        if burner is not None:
            burner.kill()
            burner.wait()
    if proc.returncode != 0:
        raise SystemExit(f"{brain}, {threads} threads: {proc.stderr[-600:]}")
    runs = json.loads(proc.stdout.strip().splitlines()[-1])
    return {"prompt_tps": statistics.median(r[1] for r in runs), "gen_tps": statistics.median(r[3] for r in runs),
            "prompt_n": runs[0][0]}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--brain", action="append", help="tiny, good (repeatable; default tiny)")
    ap.add_argument("--data-dir", default=os.environ.get("MILO_DATA_DIR"))
    ap.add_argument("--threads", default="1,2", help="thread counts to compare (default 1,2)")
    args = ap.parse_args()
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    if args.data_dir:
        env["MILO_DATA_DIR"] = args.data_dir
    counts = [int(t) for t in args.threads.split(",")]
    print(f"{os.cpu_count()} cores; generation threads {counts}; prompt processing always uses every core")
    print(f"{'brain':6s} {'load':7s} {'threads':>7s} {'prompt tok/s':>12s} {'gen tok/s':>9s} {'gen vs 1':>8s}")
    for brain in args.brain or ["tiny"]:
        for loaded in (False, True):
            base = None
            for n in counts:
                m = measure(brain, n, loaded, env)
                base = base or m["gen_tps"]
                print(f"{brain:6s} {'loaded' if loaded else 'idle':7s} {n:7d} {m['prompt_tps']:12.1f} {m['gen_tps']:9.1f} "
                      f"{m['gen_tps'] / base:7.2f}x", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
