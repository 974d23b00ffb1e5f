#!/usr/bin/env python3
"""Notes chosen ahead (Milo.inputs, milo.memory.recall's relevant_ahead): what a message that is
not about the user loses of its own notes, and how many prompt tokens are left after it is sent.

The data is real conversation, not written for this: each LoCoMo conversation of the shared eval
(../shared/eval/locomo_dev) is split; the memory is its sessions but the last three, written as
the shared eval writes them, and the messages are one speaker's turns of the last three sessions,
each session one conversation, in order. For every message after a session's first, beside the
notes recall chooses for the message alone (today's prompt for a question about the user, and
the prompt before notes were chosen ahead):

  best hit      the message's own best note is in the prompt (chosen ahead, or in the extra part)
  top 3         share of its three best notes in the prompt
  notes kept    share of the notes it would show that are shown
  after Enter   prompt tokens of notes that are new once the message is sent (the rest were
                processed while it was typed or spoken), vs all of them

    .venv/bin/python bench/notes_ahead.py [--extra 0,30,60,120]

No model runs; ~1 min. Nothing is asserted.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
EVAL = ROOT.parent / "shared" / "eval"
LAST = 3  # sessions held back as the conversations


def sessions(conv: dict) -> int:
    n = 1
    while f"session_{n}" in conv:
        n += 1
    return n - 1


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--extra", default="0,30,60,120", help="token budgets for the message's own notes")
    args = ap.parse_args()
    extras = [int(x) for x in args.extra.split(",")]
    files = sorted((EVAL / "locomo_dev").glob("*.json"))
    if not files:
        print(f"no LoCoMo conversations under {EVAL / 'locomo_dev'}")
        return 1
    sys.path.insert(0, str(EVAL))
    import memory_recall  # the shared eval's own writer

    from milo.memory import LivingMemory
    from milo.memory.recall import BEST_UP_TO, estimate_tokens
    from milo.chat.models import memory_budget
    from milo.config import Settings

    budget = memory_budget(Settings.load(env={}).with_changes(model="good"))  # the default brain's
    rows: dict[int, list] = {e: [] for e in extras}
    full_tokens: list[int] = []
    with tempfile.TemporaryDirectory() as tmp:
        for path in files:
            conv = json.loads(path.read_text())
            n = sessions(conv)
            kept = {k: v for k, v in conv.items() if not any(k == f"session_{s}" for s in range(n - LAST + 1, n + 1))}
            mem_path = Path(tmp) / f"{path.stem}.md"
            memory_recall.build(kept, str(mem_path))
            mem = LivingMemory(mem_path, relevance=True, cache_dir=Path(tmp) / "cache", budget_tokens=budget, meaning=True)
            r = mem.relevance
            r.background = False  # every note's vector before the first recall, as on any later wake
            stable, _ = mem.recall_parts("warm up")
            left = r.budget - estimate_tokens(stable) - 12
            speaker = conv["speaker_a"]
            for s in range(n - LAST + 1, n + 1):
                said = [t["text"] for t in conv[f"session_{s}"] if t["speaker"] == speaker]
                for i in range(1, len(said)):
                    text = said[i]
                    alone = r._select(text, left, None, " ".join(said[max(0, i - 2):i]))
                    if not alone.hits:
                        continue
                    full_tokens.append(estimate_tokens(alone.render()))
                    best = alone.hits[:3]
                    for e in extras:
                        first = r._select(said[i - 1], max(0, left - e), None, " ".join(said[max(0, i - 3):i - 1]))
                        more = r._select(text, e, None, " ".join(said[max(0, i - 2):i]), skip=set(first.docs),
                                         best_up_to=BEST_UP_TO) if e else None
                        shown = set(first.docs) | (set(more.docs) if more else set())
                        rows[e].append((best[0] in shown, sum(d in shown for d in best) / len(best),
                                        len(shown & set(alone.docs)) / len(alone.docs),
                                        estimate_tokens(more.render()) if more else 0))
            print(f"{path.name}: memory of {n - LAST} sessions, {speaker}'s messages of the last {LAST}; "
                  f"notes budget {left} tokens (the good brain's)")
    count = len(full_tokens)
    print(f"\n{count} messages; their own notes alone: {statistics.median(full_tokens)} tokens (median), all new after Enter\n")
    print("| extra tokens | best hit shown | top 3 shown | notes kept | new note tokens after Enter (median / max) |")
    print("|---|---|---|---|---|")
    for e in extras:
        rs = rows[e]
        print(f"| {e} | {sum(r[0] for r in rs) / len(rs):.0%} | {statistics.mean(r[1] for r in rs):.0%} | "
              f"{statistics.mean(r[2] for r in rs):.0%} | {statistics.median(r[3] for r in rs)} / {max(r[3] for r in rs)} |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
