#!/usr/bin/env python3
"""Whose life is it? Questions about the user's own life, each fact in the memory as Milo etches
it (the user's own words), asked in a new conversation: does the reply give the fact back to the
user ("You play the cello"), or claim it as Milo's own ("I play the cello")?

Side by side in one run, per brain: "plain" (no line naming the note, the reply's first words
left to the model) and "evidence" (what Milo does, milo.chat.evidence: the answer starts from a
line naming the note that answers, and the reply begins "You told me"; with none, it says it has
not been told; asked their own name, "Your name is ..."). Scored per answer:
  claimed    the reply claims the user's fact as Milo's ("I work at the hospital", "my cats"), or
             calls the user Milo
  recalled   the reply contains the fact (any of its words)
Plus the median seconds until the reply was whole.

With --remember, the same facts are asked as questions about what the user told Milo ("Do you
remember where I work?"), plus two about things never told (the reply should say so: counted
under "recalled" when it does, under "claimed" when it answers anyway), "plain" and "evidence".

    .venv/bin/python bench/perspective.py --brain good --runs 2
    .venv/bin/python bench/perspective.py --brain good --remember

These facts and questions were written for this check and never used to tune a prompt.
Timings are printed, never asserted.
"""

from __future__ import annotations

import argparse
import os
import re
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

# (name, what they said, the question, the claim as Milo's own, the fact's words)
CASES = [
    ("Priya", "I work night shifts at the hospital as a nurse.", "Where do I work?",
     r"\bI work|\bmy (?:job|shift|night)", ["hospital", "nurse"]),
    ("Leo", "I have two cats, Miso and Tofu.", "How many cats do I have?",
     r"\bI have (?:two|2)|\bmy (?:two )?cats", ["two", "2"]),
    ("Ana", "I grew up in Lisbon, by the sea.", "Where did I grow up?",
     r"\bI grew up|\bI was (?:born|raised)", ["lisbon"]),
    ("Ken", "I'm learning Japanese for a trip in April.", "What language am I learning?",
     r"\bI(?:'m| am) learning", ["japanese"]),
    ("Mia", "My favorite food is ramen.", "What's my favorite food?",
     r"\bmy favou?rite|\bI (?:love|like|adore) ramen", ["ramen"]),
    ("Omar", "I run every Sunday morning by the river.", "What do I do on Sunday mornings?",
     r"\bI (?:run|go|usually)", ["run"]),
    ("Nora", "I play the cello in a small orchestra on Tuesdays.", "Which instrument do I play, and when?",
     r"\bI (?:play|usually)", ["cello"]),
    ("Tom", "I drink chamomile tea before bed.", "What do I drink before bed?",
     r"\bI (?:drink|usually|like)", ["chamomile", "tea"]),
    # Their own name: the claim here is calling the user Milo (the system prompt recited).
    ("Ruth", "I keep bees in my garden.", "Who am I?", r"\byou(?:'re| are) milo\b", ["ruth"]),
    ("Ivan", "I fix old radios for fun.", "Do you know who I am?", r"\byou(?:'re| are) milo\b", ["ivan"]),
]

# The same facts asked as what the user told Milo; then two never told (None: no fact to find).
REMEMBER = [
    (0, "Do you remember where I work?"),
    (1, "Do you remember how many cats I have?"),
    (2, "Do you remember where I grew up?"),
    (3, "Do you remember which language I'm learning?"),
    (4, "Do you remember my favorite food?"),
    (5, "What did I tell you about my Sunday mornings?"),
    (6, "Did I tell you which instrument I play?"),
    (7, "Do you recall what I drink before bed?"),
    (0, None, "Do you remember what my brother's name is?"),
    (1, None, "Do you remember where I went on holiday last summer?"),
]
_ADMITS = r"\b(?:don't|do not|didn't|haven't|not sure|no idea|not yet|can't)\b"


def remember_cases() -> list[tuple]:
    out = []
    for case in REMEMBER:
        name, fact, _question, claim, words = CASES[case[0]]
        if len(case) == 2:
            out.append((name, fact, case[1], claim, words))
        else:  # never told: answering anyway is the claim; saying so is what is wanted
            out.append((name, fact, case[2], None, None))
    return out


def memory_text(name: str, fact: str) -> str:
    """An earlier wake's entry, as the grounding etches a user's introduction (their words quoted)."""
    return (f"# Milo's Living Memory\n\n--- [PULSE: 07:10 PM, November 28, 2026] ---\n"
            f'CORE_UPDATE: {name} said: "Hi Milo, I\'m {name}! {fact}"\n'
            f"FUTURE_MESSAGE: Ask {name} more about it next time.\n"
            f"REPLY: Oh, how lovely to meet you, {name}! Tell me more!\n")


def ask(model, settings, question: str, cond: str) -> tuple[str, float]:
    """One new conversation, one question; the reply once whole (the memory lines are not
    waited for: the turn is cancelled once the reply is whole, nothing is etched)."""
    import milo.chat.turn as turn
    from milo.cli.wiring import build_milo

    milo = build_milo(settings, with_model=False)
    milo = turn.Milo(model, milo.memory, milo.persona, history=milo.history, timeout=model.timeout)
    real = turn.find
    if cond == "plain":
        turn.find = lambda text, candidates: None  # no evidence: no line, no opening
    try:
        pieces: list[str] = []
        started = time.perf_counter()
        pending = milo.start_turn(question, pieces.append)
        took = time.perf_counter() - started
        pending.cancel()
        pending.finish()
    finally:
        turn.find = real
    return "".join(pieces).strip(), took


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--brain", action="append", help="tiny, good, or any --model spec (repeatable)")
    ap.add_argument("--runs", type=int, default=1)
    ap.add_argument("--remember", action="store_true", help="ask what the user told Milo, and what they never did")
    ap.add_argument("--data-dir", default=os.environ.get("MILO_DATA_DIR") or str(Path.home() / ".local/share/milo"))
    args = ap.parse_args()
    from milo.chat.models import choose_model
    from milo.config import Settings

    tmp = Path(tempfile.mkdtemp())
    rows = []
    for spec in args.brain or ["tiny"]:
        base = dict(os.environ, MILO_DATA_DIR=args.data_dir, MILO_ROBOT="none", MILO_CACHE_DIR=str(tmp / "cache"), MILO_MODEL=spec)
        model = choose_model(spec, env=base)
        print(f"=== {spec}")
        cases = remember_cases() if args.remember else CASES
        for cond in ("plain", "evidence"):
            claimed = recalled = n = 0
            times = []
            for r in range(args.runs):
                for i, (name, fact, question, claim, words) in enumerate(cases):
                    where = tmp / f"{spec}-{cond}-{r}-{i}"
                    where.mkdir(parents=True)
                    (where / "m.md").write_text(memory_text(name, fact))
                    settings = Settings.load(env=dict(base, MILO_MEMORY_FILE=str(where / "m.md"), SESSION_DIR=str(where / "s")))
                    reply, took = ask(model, settings, question, cond)
                    if claim is None:  # never told
                        got = bool(re.search(_ADMITS, reply, re.IGNORECASE))
                        bad = not got
                    else:
                        bad = bool(re.search(claim, reply, re.IGNORECASE))
                        got = any(w in reply.lower() for w in words)
                    claimed += bad
                    recalled += got
                    n += 1
                    times.append(took)
                    print(f"  {cond:7s} {'CLAIMED' if bad else 'ok':7s} {'' if got else 'missed ':7s}{question} -> {reply}", flush=True)
            rows.append((spec, cond, claimed, recalled, n, statistics.median(times)))
    print()
    print(f"{'brain':10s} {'reply start':12s} {'claimed':>8s} {'recalled':>9s} {'reply whole s':>14s}")
    for spec, cond, claimed, recalled, n, med in rows:
        print(f"{spec:10s} {cond:12s} {claimed:>4d}/{n:<3d} {recalled:>5d}/{n:<3d} {med:14.1f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
