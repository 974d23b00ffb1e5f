"""Recall latency vs file size, side by side with the naive read, and etch throughput.

    .venv/bin/python bench/memory_recall.py [--max-mb 200]

Not a test: prints a table. Files are written under a temp dir and removed afterwards.
"""

import argparse
import statistics
import sys
import tempfile
import time
from datetime import datetime
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from milo.memory import LivingMemory  # noqa: E402

ENTRY = (
    "\n\n--- [PULSE: 08:15 PM, November 29, 2026] ---\n"
    "CORE_UPDATE: User talked about their cat Biscuit and the garden\n"
    "FUTURE_MESSAGE: Ask how the tomatoes are doing\n"
    "REPLY: Oh! Tomatoes! Did you know they are technically berries? Tell me everything.\n"
)


def naive_recall(path, n=100):
    with open(path, encoding="utf-8", errors="replace") as f:
        lines = f.readlines()
    return "".join(lines[-n:]).strip()


def make_file(path, size):
    block = (ENTRY * (1 + 65536 // len(ENTRY))).encode()
    with open(path, "wb") as f:
        written = 0
        while written < size:
            chunk = block[: size - written]
            f.write(chunk)
            written += len(chunk)


def timeit(fn, reps):
    times = []
    for _ in range(reps):
        t = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t)
    return statistics.median(times)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--max-mb", type=float, default=200)
    args = ap.parse_args()
    sizes = [s for s in (1_000, 100_000, 1_000_000, 10_000_000, 100_000_000, 200_000_000) if s <= args.max_mb * 1e6]
    with tempfile.TemporaryDirectory() as d:
        print(f"{'file size':>12} {'recall() ms':>12} {'naive ms':>10} {'ratio':>8}")
        for size in sizes:
            path = Path(d) / f"mem-{size}.md"
            make_file(path, size)
            mem = LivingMemory(path)
            assert mem.recall() == naive_recall(path), "recall must equal the naive result"
            fast = timeit(mem.recall, 200)
            slow = timeit(lambda: naive_recall(path), 3 if size > 10_000_000 else 20)
            print(f"{size:>12,} {fast * 1e3:>12.3f} {slow * 1e3:>10.1f} {slow / fast:>7.0f}x")
            path.unlink()
        mem = LivingMemory(Path(d) / "etch.md", clock=lambda: datetime(2026, 11, 29, 20, 15))
        n = 300
        t = time.perf_counter()
        for i in range(n):
            mem.witness(f"topic {i}", "Nothing in particular", "A reply of ordinary length, a sentence or two long.")
        dt = time.perf_counter() - t
        print(f"\netch with flock + fsync: {n / dt:,.0f} entries/s ({dt / n * 1e3:.2f} ms each, {n} entries)")


if __name__ == "__main__":
    main()
