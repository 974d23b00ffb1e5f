#!/usr/bin/env python3
"""What a memory costs a long-lived Milo as it grows: RSS and recall time, this code beside another checkout's.

One process per checkout opens a generated memory (the same for both: notes of small daily
events, a few words in each that no other note has) and lets it grow to each size in turn, as
`milo serve` or `milo voice` would over weeks; recall by meaning on (every pulse's vector
computed first, as in any wake after the first). At each size:

  RSS, anon      the process's resident memory after a recall, all of it and without mapped
                 files; freed heap given back first where the checkout does that at the end of
                 a turn (milo.heap)
  recall         median of 9 questions, `LivingMemory.recall_parts` (words and meaning, the
                 notes chosen), warm
  reopen         a new LivingMemory on the same file and cache (a wake: index and vectors from
                 the cache), to its first recall

    .venv/bin/python bench/memory_growth.py --before /tmp/milo-before

`--before DIR`: another checkout (e.g. `git worktree add /tmp/milo-before <commit>`).
Timings and sizes are printed, never asserted.
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
SIZES = (400, 4000, 16000)

CHILD = r"""
import gc, json, os, random, statistics, sys, time
from pathlib import Path
from milo.memory import LivingMemory
try:
    from milo.heap import give_back
except ImportError:
    give_back = None

def usage():
    rss = anon = 0
    for line in open("/proc/self/status"):
        if line.startswith("VmRSS:"):
            rss = int(line.split()[1]) // 1024
        elif line.startswith("RssAnon:"):
            anon = int(line.split()[1]) // 1024
    return rss, anon

folder, sizes = Path(sys.argv[1]), json.loads(sys.argv[2])
rng = random.Random(7)
verbs = "fixed painted watered cleaned sold found lost baked planted repaired borrowed visited".split()
things = "fence bicycle tulips kitchen piano bread roof kite lamp boat scarf clock garden letters".split()
people = "sister neighbour brother cousin friend uncle aunt grandmother colleague teacher".split()
path = folder / "Living_Memory.md"
path.write_text("# Milo's Living Memory\n")
questions = ["What did I paint last week?", "Who helped me with the roof?", "Did I ever sell my bicycle?",
             "What do I bake?", "Tell me about my grandmother.", "Where did I lose my scarf?",
             "What did my cousin borrow?", "How is the garden doing?", "Have I fixed the fence yet?"]
written, rows = 0, []
for size in sizes:
    with open(path, "a") as f:
        for i in range(written, size):
            v, t, p = rng.choice(verbs), rng.choice(things), rng.choice(people)
            f.write(f"\n--- [PULSE: 0{i % 9 + 1}:15 PM, {['March', 'April', 'May'][i // 28 % 3]} {i % 28 + 1:02d}, 2026] ---\n"
                    f"CORE_UPDATE: Amy said she {v} the {t} with her {p} (note {i}, {rng.getrandbits(24):x}).\n"
                    f"FUTURE_MESSAGE: Ask how the {t} is.\nREPLY: Oh, lovely!\n")
    written = size
    mem = LivingMemory(path, relevance=True, budget_tokens=1000, cache_dir=folder / "cache", meaning=True)
    vectors = mem.relevance.vectors()
    vectors.background = False
    mem.recall_parts(questions[0])  # every vector computed (none in the background)
    times = []
    for q in questions:
        t = time.perf_counter()
        mem.recall_parts(q)
        times.append(time.perf_counter() - t)
    mem.close()
    del mem, vectors
    t = time.perf_counter()
    again = LivingMemory(path, relevance=True, budget_tokens=1000, cache_dir=folder / "cache", meaning=True)
    again.recall_parts(questions[1])
    reopen = time.perf_counter() - t
    gc.collect()
    if give_back is not None:
        give_back()  # as a turn does at its end, where the checkout has it (milo.heap)
    rss, anon = usage()
    rows.append({"size": size, "rss": rss, "anon": anon, "recall": statistics.median(times), "reopen": reopen})
    again.close()
    print(json.dumps(rows[-1]), flush=True)
"""


def run(checkout: Path, sizes) -> list[dict]:
    with tempfile.TemporaryDirectory() as d:
        env = {**os.environ, "PYTHONPATH": str(checkout)}
        proc = subprocess.run([str(checkout / ".venv/bin/python"), "-c", CHILD, d, json.dumps(list(sizes))],
                              cwd=checkout, env=env, capture_output=True, text=True)
        if proc.returncode != 0:
            sys.exit(f"{checkout}: {proc.stderr.strip().splitlines()[-1] if proc.stderr.strip() else proc.returncode}")
        return [json.loads(line) for line in proc.stdout.splitlines() if line.startswith("{")]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--before", default=None, help="another checkout of Milo to run beside this one")
    ap.add_argument("--sizes", default=",".join(map(str, SIZES)), help="pulses, growing (default %(default)s)")
    args = ap.parse_args()
    sizes = [int(s) for s in args.sizes.split(",")]
    cells = {"this": run(ROOT, sizes)}
    if args.before:
        cells["before"] = run(Path(args.before).resolve(), sizes)
    print(f"{'pulses':>7} {'':7} {'RSS MB':>7} {'anon MB':>8} {'recall ms':>10} {'reopen s':>9}")
    for i, size in enumerate(sizes):
        for name, rows in cells.items():
            r = rows[i]
            print(f"{size:>7} {name:7} {r['rss']:>7} {r['anon']:>8} {1000 * r['recall']:>10.1f} {r['reopen']:>9.2f}")
        if len(cells) == 2:
            a, b = cells["this"][i], cells["before"][i]
            print(f"{'':>7} {'ratio':7} {a['rss'] / b['rss']:>7.2f} {a['anon'] / b['anon']:>8.2f} "
                  f"{a['recall'] / b['recall']:>10.2f} {a['reopen'] / b['reopen']:>9.2f}")
    if len(sizes) > 1:
        for name, rows in cells.items():
            first, last = rows[0], rows[-1]
            grew = (last["rss"] - first["rss"]) * 1024 / max(1, last["size"] - first["size"])
            print(f"{name}: RSS {first['rss']} -> {last['rss']} MB from {first['size']} to {last['size']} pulses "
                  f"({grew:.2f} KB a pulse)")


if __name__ == "__main__":
    main()
