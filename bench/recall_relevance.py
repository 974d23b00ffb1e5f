"""Relevance recall vs tail-only recall at 10k, 100k and 1M pulses.

    .venv/bin/python bench/recall_relevance.py [--sizes 10000,100000,1000000]

For each size, in a fresh process: first call without a disk cache (index built from the file),
first call with the disk cache (a new process's usual case), warm recall(query), the cost of
indexing one new pulse (etch + next recall), the index cache size, peak RSS, and the tail-only
recall beside it. Not a test: prints a table.
"""

import argparse
import json
import random
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

WORDS = ("weather football dinner pasta movie train ticket budget laptop printer garden tulip rain holiday beach "
         "museum podcast guitar piano coffee tea bread running shoes paint window sister brother bike river").split()
QUERIES = ["what is my cat called?", "should I repaint the window?", "any ideas for a holiday at the beach?", "I'm learning piano"]


def make(path, n):
    rng = random.Random(n)
    with open(path, "w") as f:
        f.write("# Memory\n\n## Pinned\n- My name is Amy.\n\n")
        for i in range(n):
            a, b, c = rng.sample(WORDS, 3)
            core = "Amy said her cat is called Biscuit" if i == 7 else f"Chatted about {a} and {b}, day {i}"
            f.write(f"\n\n--- [PULSE: 0{i % 9 + 1}:15 PM, November 29, 2026] ---\nCORE_UPDATE: {core}\n"
                    f"FUTURE_MESSAGE: Ask about the {c}\nREPLY: Oh, {a}! I love {b}.\n")


def one(path, cache):
    from milo.memory import LivingMemory

    def mem():
        return LivingMemory(path, relevance=True, cache_dir=cache)

    t = time.perf_counter()
    m = mem()
    stable, relevant = m.recall_parts(QUERIES[0])
    cold_cache = time.perf_counter() - t
    assert "Biscuit" in relevant
    warm = []
    for _ in range(5):
        for q in QUERIES:
            t = time.perf_counter()
            m.recall_parts(q)
            warm.append(time.perf_counter() - t)
    upd = []
    for i in range(20):
        m.witness(f"New pulse {i} about a tortoise", "", "")
        t = time.perf_counter()
        m.recall_parts("tortoise")
        upd.append(time.perf_counter() - t)
    tail = LivingMemory(path)
    tails = []
    for _ in range(50):
        t = time.perf_counter()
        tail.recall()
        tails.append(time.perf_counter() - t)
    size = sum(f.stat().st_size for f in Path(cache).glob("*.pickle"))
    return dict(cold_cache=cold_cache, warm=statistics.median(warm), warm_p95=sorted(warm)[int(len(warm) * 0.95)],
                update=statistics.median(upd), tail=statistics.median(tails), cache_mb=size / 1e6,
                rss=resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024)


def child(n):
    with tempfile.TemporaryDirectory() as d:
        path, cache = Path(d) / "Living_Memory.md", Path(d) / "cache"
        make(path, n)
        from milo.memory import LivingMemory

        t = time.perf_counter()
        LivingMemory(path, relevance=True, cache_dir=cache).recall_parts(QUERIES[0])
        cold = time.perf_counter() - t
        rss_build = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
        # the rest in a fresh process, as the next `milo` start would be
        out = subprocess.run([sys.executable, __file__, "--measure", str(path), str(cache)], capture_output=True, text=True, check=True)
        r = json.loads(out.stdout)
        r.update(n=n, cold=cold, rss_build=rss_build, file_mb=path.stat().st_size / 1e6)
        print(json.dumps(r))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--sizes", default="10000,100000,1000000")
    ap.add_argument("--child", type=int)
    ap.add_argument("--measure", nargs=2)
    a = ap.parse_args()
    if a.child:
        return child(a.child)
    if a.measure:
        print(json.dumps(one(Path(a.measure[0]), Path(a.measure[1]))))
        return
    print(f"{'pulses':>9} {'file MB':>8} {'1st, no cache':>13} {'1st, cache':>10} {'warm ms':>8} {'p95 ms':>7} {'new pulse ms':>12} {'tail ms':>8} {'warm/tail':>9} {'cache MB':>8} {'RSS MB':>7}")
    for n in [int(s) for s in a.sizes.split(",")]:
        out = subprocess.run([sys.executable, __file__, "--child", str(n)], capture_output=True, text=True)
        if out.returncode:
            print(f"{n:>9} failed: {out.stderr.strip().splitlines()[-1:]}")
            continue
        r = json.loads(out.stdout.strip().splitlines()[-1])
        print(f"{n:>9,} {r['file_mb']:>8.1f} {r['cold']:>12.2f}s {r['cold_cache']:>9.2f}s {r['warm'] * 1e3:>8.2f} {r['warm_p95'] * 1e3:>7.2f} "
              f"{r['update'] * 1e3:>12.2f} {r['tail'] * 1e3:>8.3f} {r['warm'] / r['tail']:>8.0f}x {r['cache_mb']:>8.1f} {max(r['rss'], r['rss_build']):>7.0f}", flush=True)


if __name__ == "__main__":
    main()
