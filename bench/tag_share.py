#!/usr/bin/env python3
"""Where a turn's generation time goes: the share of each tagged line ([REPLY], [INTERNAL],
[CORE_UPDATE], [FUTURE_MESSAGE], [ACTION]) in the tokens and seconds the model spends writing.

Runs real turns (`Milo.turn`, the embedded brain, a fresh temp memory and conversation) and
times every streamed token with a LangChain callback; a token belongs to the line it starts in.
"prompt" is the time to the first token (the new prompt tokens being processed). "(start)" is
what comes before the first tag: the reply itself for a brain that writes it freely (good), the
tag's own text otherwise.

    .venv/bin/python bench/tag_share.py [--brain tiny] [--turns 6] [--data-dir DIR] [--before]

--before also runs the same turns (fresh memory) with the format as it was before the tags were
shortened (a 100-character INTERNAL, up to four reply sentences), and prints the ratios.

Timings are printed, never asserted.
"""

from __future__ import annotations

import argparse
import dataclasses
import os
import re
import sys
import tempfile
import time
from collections import defaultdict
from pathlib import Path

from langchain_core.callbacks import BaseCallbackHandler

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

MESSAGES = ["Hi Milo, I'm Amy! I just got back from a long walk by the river.", "I saw two herons and a very grumpy swan.",
            "Do you think birds have favourite places?", "My brother Tom is coming over tomorrow for dinner.",
            "What should I cook for him?", "What did I see by the river?", "Good night, Milo."]
_TAG = re.compile(r"\[\s*(REPLY|INTERNAL|CORE_UPDATE|FUTURE_MESSAGE|ACTION)\s*\]")


class Clock(BaseCallbackHandler):
    def __init__(self):
        self.start, self.tokens = 0.0, []

    def on_chat_model_start(self, *a, **k):
        self.start, self.tokens = time.perf_counter(), []

    def on_llm_new_token(self, token, **k):
        self.tokens.append((time.perf_counter(), token))


def sections(tokens) -> list[tuple[str, float, int]]:
    """(line, seconds, tokens) for each token, by the tag line it starts in."""
    text, out, at = "", [], "(start)"
    prev = tokens[0][0] if tokens else 0.0
    for t, tok in tokens:
        starts = len(text)
        text += tok
        tags = [m for m in _TAG.finditer(text) if m.start() <= starts + len(tok)]
        at = tags[-1].group(1) if tags else at
        out.append((at, t - prev, 1))
        prev = t
    return out


def run(brain: str, turns: int, before: bool) -> dict:
    tmp = Path(tempfile.mkdtemp())
    os.environ.update(MILO_MEMORY_FILE=str(tmp / "m.md"), SESSION_DIR=str(tmp / "s"), MILO_ROBOT="none",
                      MILO_CACHE_DIR=str(tmp / "cache"))
    from milo.cli.wiring import build_milo
    from milo.config import Settings

    bot = build_milo(Settings.load().with_changes(model=brain))
    if before:  # the format before the tags were shortened
        old = tuple(dataclasses.replace(t, max_chars=100, placeholder="<one private thought>") if t.name == "INTERNAL" else t
                    for t in bot.parser.tags)
        bot.parser = bot.parser.model_copy(update={"tags": old, "reply_sentences": 4})
    clock = Clock()
    bot.model.llm = bot.model.llm.with_config(callbacks=[clock])
    secs, toks, prompt_s, n_turns = defaultdict(float), defaultdict(int), [], 0
    for text in MESSAGES[:turns]:
        r = bot.turn(text)
        if not clock.tokens:
            print(f"no tokens for {text!r}: {r.error}")
            continue
        n_turns += 1
        if n_turns == 1:
            print(f"(first turn, cold: not counted) prompt {clock.tokens[0][0] - clock.start:.1f} s")
            continue
        prompt_s.append(clock.tokens[0][0] - clock.start)
        for line, s, n in sections(clock.tokens):
            secs[line] += s
            toks[line] += n
        print(f"you: {text}\nmilo: {r.reply}")
    total_s, total_t = sum(secs.values()), sum(toks.values())
    n = max(1, len(prompt_s))
    print(f"\n{brain}{' (before)' if before else ''}: {n} warm turns; per turn: prompt (to first token) "
          f"{sum(prompt_s) / n:.2f} s, generation {total_s / n:.2f} s, {total_t / n:.0f} tokens")
    print(f"{'line':16s} {'tokens/turn':>11s} {'s/turn':>7s} {'share':>6s}")
    for line in ("(start)", "REPLY", "INTERNAL", "CORE_UPDATE", "FUTURE_MESSAGE", "ACTION"):
        if toks[line]:
            print(f"{line:16s} {toks[line] / n:11.1f} {secs[line] / n:7.2f} {secs[line] / max(total_s, 1e-9):6.0%}")
    return {"prompt": sum(prompt_s) / n, "gen": total_s / n, "tokens": total_t / n}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--brain", default="tiny")
    ap.add_argument("--turns", type=int, default=len(MESSAGES))
    ap.add_argument("--data-dir", default=os.environ.get("MILO_DATA_DIR"))
    ap.add_argument("--before", action="store_true", help="also run the format as it was, side by side")
    args = ap.parse_args()
    if args.data_dir:
        os.environ["MILO_DATA_DIR"] = args.data_dir
    now = run(args.brain, args.turns, before=False)
    if args.before:
        then = run(args.brain, args.turns, before=True)
        print(f"\nside by side ({args.brain}, per warm turn): before -> now")
        for key, label in (("prompt", "prompt (to first token) s"), ("gen", "generation s"), ("tokens", "tokens generated")):
            print(f"  {label:26s} {then[key]:7.2f} -> {now[key]:7.2f}  ({now[key] / max(then[key], 1e-9):.2f}x)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
