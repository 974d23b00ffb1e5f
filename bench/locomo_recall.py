"""Relevance recall: LoCoMo evidence recall vs memory tokens, and warm latency at 100k pulses.

    .venv/bin/python bench/locomo_recall.py [../shared/eval/locomo_dev] [--budgets 400,600,1000,1500]
                                            [--pulses 100000]

Part 1, per token budget (MILO_MEMORY_TOKENS), by words alone and by words and meaning
(milo.memory.vectors) side by side, the shared eval's measure: each LoCoMo conversation
written as a Living_Memory.md (one pulse per dialogue turn), `recall(question)` asked for every
question with evidence, and the share of evidence turns whose text appears in the answer; overall
and per conversation, with the median context size in the eval's tokens (chars / 4) and how much
of it is the query part (processed afresh every turn: the prompt cache cannot keep it).

Part 2: the same turns repeated (dates moved on each round) into a 100k-pulse file; the index is
built once, then every question is recalled warm, as in a running Milo. Timings are printed, never
asserted. Not a test.
"""

import argparse
import importlib.util
import json
import os
import statistics
import sys
import tempfile
import time
from datetime import datetime, timedelta
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from milo.memory import LivingMemory  # noqa: E402
from milo.memory.format import format_timestamp  # noqa: E402


def load_eval(folder: Path):
    """The shared eval's own file writer and matcher, so the numbers are the eval's."""
    script = folder.parent / "memory_recall.py"
    spec = importlib.util.spec_from_file_location("memory_recall_eval", script)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def conversations(folder: Path, ev, tmp: Path):
    out = []
    for fn in sorted(folder.glob("*.json")):
        conv = json.loads(fn.read_text())
        path = tmp / f"{fn.stem}.md"
        turns = ev.build(conv, str(path))
        qs = [(qa["question"], [e for e in qa.get("evidence", []) if e in turns], qa.get("category")) for qa in conv["qa"]]
        out.append((fn.stem, conv, path, turns, [(q, e, c) for q, e, c in qs if e]))
    return out


# LoCoMo's question categories (the dataset's numbers).
CATEGORIES = {1: "multi-hop", 2: "temporal", 3: "open-domain", 4: "single-hop", 5: "adversarial"}


def recall_table(convs, ev, budgets, modes=("words", "meaning")):
    """Per budget, recall by words alone and by words and meaning (milo.memory.vectors), side by
    side, overall, per conversation and per category of question."""
    print(f"{'recall':>7} {'budget':>6} {'recall':>7} " + " ".join(f"{name + '.json':>8}" for name, *_ in convs)
          + f" {'tokens':>7} {'query part':>10} {'ms':>5}  " + " ".join(f"{c:>11}" for c in CATEGORIES.values()))
    for budget in budgets:
        for mode in modes:
            recall_row(convs, ev, budget, mode)


def recall_row(convs, ev, budget, mode):
    per, scores, sizes, rel, times, by_cat = {}, [], [], [], [], {}
    for name, _conv, path, turns, qs in convs:
        mem = LivingMemory(path, relevance=True, budget_tokens=budget, meaning=mode == "meaning")
        mem.relevance.background = False  # every vector computed before the first recall
        mem.recall_parts("warm up")
        mine = []
        for q, evidence, cat in qs:
            t = time.perf_counter()
            ctx = mem.recall(q)  # what the eval scores
            times.append(time.perf_counter() - t)
            sizes.append(len(ctx))
            rel.append(len(mem.recall_parts(q)[1]))
            mine.append(sum(ev.found(ctx, turns[e]) for e in evidence) / len(evidence))
            by_cat.setdefault(cat, []).append(mine[-1])
        per[name] = statistics.mean(mine)
        scores += mine
    print(f"{mode:>7} {budget:>6} {statistics.mean(scores):>7.3f} " + " ".join(f"{per[n]:>8.3f}" for n, *_ in convs)
          + f" {statistics.median(sizes) / 4:>7.0f} {statistics.median(rel) / 4:>10.0f} {statistics.median(times) * 1e3:>5.1f}  "
          + " ".join(f"{statistics.mean(by_cat[c]):>7.3f}/{len(by_cat[c]):<3d}" if c in by_cat else f"{'-':>11}" for c in CATEGORIES),
          flush=True)


def big_file(convs, path: Path, n: int) -> None:
    """n pulses made of the conversations' turns, round after round, each round a year later."""
    written, rnd = 0, 0
    with open(path, "w", encoding="utf-8") as f:
        f.write("# Living Memory\n\n## Pinned\n- My name is Amy.\n")
        while written < n:
            for _name, conv, *_ in convs:
                s = 1
                while f"session_{s}" in conv and written < n:
                    when = datetime(2023, 1, 1) + timedelta(days=365 * rnd + 7 * s)
                    stamp = format_timestamp(when)
                    for t in conv[f"session_{s}"]:
                        if written >= n:
                            break
                        text = t["text"].replace("\n", " ")
                        f.write(f"\n\n--- [PULSE: {stamp}] ---\nCORE_UPDATE: {t['speaker']} said: {text}\n"
                                f"FUTURE_MESSAGE: Nothing in particular\nREPLY: I see.\n")
                        written += 1
                    s += 1
            rnd += 1


def latency(convs, n: int, budget: int, meaning: bool = False) -> None:
    """Warm recall at n pulses. With meaning, the vectors come from the texts' keys: the file
    repeats the conversations' ~700 turns, so only those are embedded (the matrix is n rows)."""
    with tempfile.TemporaryDirectory() as d:
        path, cache = Path(d) / "Living_Memory.md", Path(d) / "cache"
        big_file(convs, path, n)
        t = time.perf_counter()
        mem = LivingMemory(path, relevance=True, budget_tokens=budget, cache_dir=cache, meaning=meaning)
        mem.relevance.background = False
        mem.recall_parts("hello")
        build = time.perf_counter() - t
        mem.relevance.save()
        t = time.perf_counter()
        mem = LivingMemory(path, relevance=True, budget_tokens=budget, cache_dir=cache, meaning=meaning)
        mem.recall_parts("hello")
        cached = time.perf_counter() - t
        questions = [q for *_, qs in convs for q, _, _ in qs]
        warm = []
        for q in questions:
            t = time.perf_counter()
            mem.recall_parts(q)
            warm.append(time.perf_counter() - t)
        upd = []
        for i in range(20):
            mem.witness(f"Amy adopted a tortoise called Rocket {i}", "", "")
            t = time.perf_counter()
            mem.recall_parts("what is my tortoise called?")
            upd.append(time.perf_counter() - t)
        warm.sort()
        print(f"\n{'words and meaning' if meaning else 'words'}: {n:,} pulses ({path.stat().st_size / 1e6:.1f} MB), budget {budget}: index built in {build:.2f} s, "
              f"from the disk cache {cached:.2f} s")
        print(f"warm recall over {len(warm)} questions: median {statistics.median(warm) * 1e3:.1f} ms, "
              f"p95 {warm[int(len(warm) * 0.95)] * 1e3:.1f} ms, max {warm[-1] * 1e3:.1f} ms; "
              f"after a new pulse: median {statistics.median(upd) * 1e3:.1f} ms")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("folder", nargs="?", default=str(ROOT.parent / "shared" / "eval" / "locomo_dev"))
    ap.add_argument("--budgets", default="400,600,690,1000,1500,1700")
    ap.add_argument("--pulses", type=int, default=100_000)
    ap.add_argument("--latency-budget", type=int, default=1500)
    a = ap.parse_args()
    folder = Path(a.folder)
    ev = load_eval(folder)
    os.environ.pop("MILO_MEMORY_TOKENS", None)
    with tempfile.TemporaryDirectory() as d:
        convs = conversations(folder, ev, Path(d))
        recall_table(convs, ev, [int(b) for b in a.budgets.split(",") if b])
        if a.pulses:
            latency(convs, a.pulses, a.latency_budget)
            latency(convs, a.pulses, a.latency_budget, meaning=True)


if __name__ == "__main__":
    main()
