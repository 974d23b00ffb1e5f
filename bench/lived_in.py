#!/usr/bin/env python3
"""Warm turns on an empty and on a lived-in memory, this code beside another checkout's, in one run.

A lived-in memory: one LoCoMo conversation written as pulses (../shared/eval/locomo_dev/26.json,
428 pulses, 112 KB, as the shared eval builds it), or, where that file is missing, 400 generated
pulses. Each cell: a fresh Milo in its own process on the real embedded brain, terminal-style
turns (`start_turn(prefill_next=True)`: after each turn the next prompt's known part is
processed), one cold turn, then the median of the warm ones:

  first token   message sent -> first reply character (and split: messages that ask about the
                user, answered from a note or "not told", and the others)
  reply whole   -> the reply is whole (the terminal's prompt comes back, a voice ends)
  turn done     -> the memory lines are written (the next prompt's prefill, after it, not timed)
  follow-up     a message sent 2 s after the previous reply was whole (its memory lines still
                being written) -> its first reply character (median of 3)
  ..., prefill  the same, sent 0.5 s after the lines would be written (the median of the turns
                above), while the next prompt's known part is processed
  typed, a pause  messages that ask nothing about the user, what was typed before the last word
                processed at a pause (Milo.prefill_typed, where the checkout has it) -> first
                reply character (median of 5)

    .venv/bin/python bench/lived_in.py --brain good --before /tmp/milo-before

`--before DIR`: another checkout of Milo (e.g. `git worktree add /tmp/milo-before <commit>`),
run with the same brain, memories and messages. The memory's vectors for recall by meaning
(milo.memory.vectors) are computed before the turns, as in any wake after the first with this
version; `--first-wake` leaves them to the background, as on the first wake after an upgrade.
Tried and not kept: a follow-up typed while the memory lines are written hurrying them at its
first pause (the terminal's head start, as voice does), its last word typed 1 s later: first
token 2.03 s -> 4.45 s in one run (median of 3), 1.5-1.8 s in a probe; hurrying and etching took
~1 s, so the head start was stopped by Enter before it processed anything. Prefill steps of 40
tokens instead of 100 (milo.chat.turn.PREFILL_STEP; 2026-12-05, two runs with the sides swapped):
a follow-up sent during the prefill 2.59 vs 3.97 s, then 4.75 vs 3.92 s: the cell run second was
the slower both times (follow-ups are a median of 3): no difference seen, not kept.

Timings are printed, never asserted.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
from datetime import datetime, timedelta
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LOCOMO = ROOT.parent / "shared" / "eval" / "locomo_dev" / "26.json"
MESSAGES = ["Hi Milo, I'm Amy!", "I have a cat called Biscuit.", "What do you like to do?", "Where do I work?",
            "I'm cooking pasta tonight.", "What did I say my cat is called?", "Tell me a fun fact."]

# Run inside the checkout under test (its own milo package), printing one JSON line.
CHILD = r"""
import json, os, statistics, sys, time, urllib.request
from milo.cli.wiring import build_milo
from milo.config import Settings
messages = json.loads(sys.argv[1])
bot = build_milo(Settings.load().with_changes(model=sys.argv[2]))
recall = getattr(bot.memory, "relevance", None)
vectors = recall.vectors() if sys.argv[3] == "steady" and hasattr(recall, "vectors") else None
if vectors is not None:  # a memory this version has seen before: its vectors are in the cache
    vectors.background = False
    (getattr(vectors, "ready", None) or vectors.matrix)(recall.index())  # `matrix` before the vectors went to disk
rows = []
for text in messages:
    marks = {}
    t = time.perf_counter()
    def on_reply(d):
        marks.setdefault("first", time.perf_counter())
    pending = bot.start_turn(text, on_reply=on_reply, prefill_next=False)
    marks["whole"] = time.perf_counter()
    result = pending.finish()
    marks["done"] = time.perf_counter()
    bot.prefill()  # the next prompt's known part, as the terminal does while you type (not timed)
    rows.append((marks.get("first", marks["whole"]) - t, marks["whole"] - t, marks["done"] - t,
                 getattr(result, "evidence", None) is not None))
warm = rows[1:]
out = {k: statistics.median(r[i] for r in warm) for i, k in enumerate(("first", "whole", "done"))}
for key, about in (("first_you", True), ("first_other", False)):
    out[key] = statistics.median([r[0] for r in warm if r[3] == about] or [float("nan")])
# Follow-ups: the next message is sent some time after the previous reply is whole, as a terminal
# does it (hurried where this version can, else waited for): FOLLOW_S after it, while the memory
# lines are still being written; and half a second after the lines would be written (the median of
# the turns above), while the next prompt's known part is being processed (the prefill).
def follow_ups(wait):
    firsts = []
    pending = bot.start_turn(json.loads(sys.argv[4])[0], on_reply=lambda d: None, prefill_next=True)
    for text in json.loads(sys.argv[4])[1:]:
        time.sleep(wait)
        t = time.perf_counter()
        if hasattr(pending, "hurry"):
            pending.hurry()
        pending.finish()
        marks = {}
        pending = bot.start_turn(text, on_reply=lambda d: marks.setdefault("first", time.perf_counter()), prefill_next=True)
        firsts.append(marks.get("first", time.perf_counter()) - t)
    pending.finish()
    return statistics.median(firsts)
# Typed with a pause before the last word: what was typed so far is processed then
# (Milo.prefill_typed, where this version has it), as the terminal does at a pause.
typed = []
for text in json.loads(sys.argv[6]):
    bot.prefill()
    if hasattr(bot, "prefill_typed"):
        bot.prefill_typed(text.rsplit(" ", 1)[0])
    marks = {}
    t = time.perf_counter()
    pending = bot.start_turn(text, on_reply=lambda d: marks.setdefault("first", time.perf_counter()))
    pending.finish()
    typed.append(marks.get("first", time.perf_counter()) - t)
out["typed"] = statistics.median(typed)
out["follow"] = follow_ups(float(sys.argv[5]))
out["follow_late"] = follow_ups(out["done"] - out["whole"] + 0.5)
print("RESULT " + json.dumps(out))
"""
FOLLOW_UPS = ["My sister is visiting next week.", "She lives in Lisbon.", "What should we cook together?", "Maybe fish."]
FOLLOW_S = 2.0
TYPED = ["I went for a long walk by the river this morning.", "My neighbour's dog barked all night again.",
         "We are planning a trip to the mountains in spring.", "I finally finished that puzzle with a thousand pieces.",
         "The bakery on the corner closed down last week."]


def lived_in(path: Path, conversation: Path = LOCOMO) -> str:
    """Write the lived-in memory at `path` (`conversation`: a LoCoMo file of the shared eval);
    what it is, in words."""
    if conversation.exists():
        sys.path.insert(0, str(conversation.parent.parent))
        import memory_recall  # the shared eval's own writer

        turns = memory_recall.build(json.loads(conversation.read_text()), str(path))
        return f"LoCoMo {conversation.name}, {len(turns)} pulses"
    from milo.memory.format import format_timestamp

    rng = random.Random(7)
    words = "garden train coffee piano sister market rain museum bike holiday dinner football cat work".split()
    with open(path, "w", encoding="utf-8") as f:
        f.write("# Living Memory\n")
        t0 = datetime(2026, 9, 1, 9, 0)
        for i in range(400):
            a, b = rng.sample(words, 2)
            f.write(f"\n\n--- [PULSE: {format_timestamp(t0 + timedelta(hours=5 * i))}] ---\n"
                    f'CORE_UPDATE: Amy said: "I spent the day on the {a}, then the {b}."\nREPLY: Oh, the {a}!\n')
    return "400 generated pulses"


def cell(code: Path, brain: str, memory: Path, tmp: Path, steady: bool = True) -> dict:
    env = dict(os.environ, PYTHONPATH=str(code), MILO_MEMORY_FILE=str(memory), SESSION_DIR=str(tmp / "s"),
               MILO_CACHE_DIR=str(tmp / "cache"), MILO_ROBOT="none", SESSION_TTL="3600")
    env.pop("GOOGLE_API_KEY", None)
    out = subprocess.run([sys.executable, "-c", CHILD, json.dumps(MESSAGES), brain, "steady" if steady else "first",
                          json.dumps(FOLLOW_UPS), str(FOLLOW_S), json.dumps(TYPED)],
                         capture_output=True, text=True,
                         env=env, cwd=str(code), timeout=3600)
    line = next((l for l in out.stdout.splitlines() if l.startswith("RESULT ")), None)
    if line is None:
        raise SystemExit(f"{code}: {out.stderr.strip()[-800:]}")
    return json.loads(line[7:])


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--brain", default="good")
    ap.add_argument("--before", default=None, help="another checkout of Milo to run beside this one")
    ap.add_argument("--memories", default="empty,lived-in", help="which memories: empty, lived-in")
    ap.add_argument("--first-wake", action="store_true",
                    help="the memory's vectors not computed yet (the first wake after an upgrade: they are "
                         "computed in the background during the turns); default: already in the cache")
    a = ap.parse_args()
    tmp = Path(tempfile.mkdtemp())
    what = lived_in(tmp / "lived.md")
    codes = ([("before", Path(a.before).resolve())] if a.before else []) + [("now", ROOT)]
    results = {}
    memories = [m for m in ("empty", "lived-in") if m in a.memories.split(",")]
    for memory_name in memories:
        for name, code in codes:
            d = tmp / f"{name}-{memory_name}"
            d.mkdir()
            memory = d / "m.md"
            if memory_name == "lived-in":
                memory.write_bytes((tmp / "lived.md").read_bytes())
            results[(memory_name, name)] = cell(code, a.brain, memory, d, steady=not a.first_wake)
            print(f"  {memory_name:9s} {name:7s} {results[(memory_name, name)]}", flush=True)
    print(f"\n{a.brain} brain, {len(MESSAGES) - 1} warm turns (median); lived-in memory: {what}")
    print(f"{'memory':10s} {'figure':18s}" + "".join(f"{n:>9s}" for n, _ in codes) + ("    ratio" if a.before else ""))
    for memory_name in memories:
        for key, label in (("first", "first token"), ("first_you", " asked of you"), ("first_other", " other"),
                           ("whole", "reply whole"), ("done", "turn done"), ("typed", "typed, a pause"),
                           ("follow", "follow-up"),
                           ("follow_late", "follow-up, prefill")):
            vals = [results[(memory_name, n)].get(key, float("nan")) for n, _ in codes]
            ratio = f"  {vals[-1] / vals[0]:6.2f}x" if a.before else ""
            print(f"{memory_name:10s} {label:18s}" + "".join(f"{v:8.2f}s" for v in vals) + ratio)
    return 0


if __name__ == "__main__":
    sys.exit(main())
