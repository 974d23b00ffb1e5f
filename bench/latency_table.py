#!/usr/bin/env python3
"""Issue 14's table in one run, per brain: how long each wait is here, the previous behaviour
beside it where it can still be switched on (the saved prompt state: MILO_PROMPT_CACHE=0; warm
turns without the prefill of the next prompt: Milo.turn), and
the same figures extrapolated to a Raspberry Pi 5 from per-token speeds.

    .venv/bin/python bench/latency_table.py [--brain tiny --brain good] [--data-dir DIR]

Rows: `milo --help`; command to the chat's first prompt (a real pty; the model then loads while
you type) and to "Milo is awake" (loaded); a new process's first reply token without / with the
saved prompt state (the message sent at once), and with the message sent once Milo is awake (the
terminal has prefilled by then); warm turns (median of 5): first token, reply
whole (Milo.turn's on_reply_end: a voice speaks its end, the terminal's prompt comes back and
takes the next message), whole turn (the memory lines written, while you type); peak RSS.

Pi 5 column: each wait is split into prompt processing and generation by the speeds measured
here in the same run, then each part is scaled by the Pi 5's speed for the same model, derived
from public figures (not measured here, ../shared/FACTS.md): TinyLlama-1.1B Q8_0 reads a prompt
at ~40 tokens/s and generates ~9 tokens/s (llamafile, 4 cores). Prompt speed is scaled by the
parameter count, generation by the weights' size (it is memory-bound). An estimate, marked so.
Timings are printed, never asserted.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

import cold_start  # noqa: E402  (the saved-state comparison)
import threads  # noqa: E402  (per-token speeds)
from chat_latency import time_to_prompt  # noqa: E402

PI5_REF = {"params_b": 1.1, "bytes_gb": 1.17, "prompt_tps": 40.0, "gen_tps": 9.0}  # TinyLlama-1.1B Q8_0
MODEL_SIZE = {"tiny": (0.135, 0.10), "good": (1.54, 0.99)}  # billions of parameters, GB of weights
MESSAGES = ["Hi Milo, I'm Amy!", "I have a cat called Biscuit.", "What do you like to do?", "Tell me a fun fact.",
            "I'm cooking pasta tonight.", "What did I say my cat is called?"]


def pi5_speeds(brain: str) -> tuple[float, float]:
    params, size = MODEL_SIZE[brain]
    return PI5_REF["prompt_tps"] * PI5_REF["params_b"] / params, PI5_REF["gen_tps"] * PI5_REF["bytes_gb"] / size


def help_seconds(env) -> float:
    runs = []
    for _ in range(3):
        t = time.perf_counter()
        subprocess.run([sys.executable, str(ROOT / "main.py"), "--help"], capture_output=True, env=env, check=True)
        runs.append(time.perf_counter() - t)
    return statistics.median(runs)


def warm_turns(brain: str, tmp: Path, prefill: bool = True) -> dict:
    """In this process: one cold turn, then 5 warm ones, timed; and the speeds behind them.
    `prefill`: as the terminal does (Milo.start_turn(prefill_next=True)): after each turn the
    next prompt's known part is processed before the next message comes; without: Milo.turn."""
    os.environ.update(MILO_MEMORY_FILE=str(tmp / f"warm{int(prefill)}.md"), SESSION_DIR=str(tmp / f"s{int(prefill)}"),
                      MILO_ROBOT="none", MILO_CACHE_DIR=str(tmp / f"cache-warm{int(prefill)}"))
    from milo.cli.wiring import build_milo
    from milo.config import Settings

    bot = build_milo(Settings.load().with_changes(model=brain))
    rows = []
    for text in MESSAGES:
        marks = {}
        t = time.perf_counter()
        pieces = []

        def on_reply(d):
            marks.setdefault("first", time.perf_counter())
            pieces.append(d)

        if prefill:
            pending = bot.start_turn(text, on_reply=on_reply, prefill_next=True)
            marks["whole"] = time.perf_counter()
            r = pending.finish()  # the memory lines, then the next prompt's known part
        else:
            r = bot.turn(text, on_reply=on_reply, on_reply_end=lambda: marks.setdefault("whole", time.perf_counter()))
        end = time.perf_counter()
        if "first" in marks:
            rows.append((marks["first"] - t, marks.get("whole", end) - t, end - t, len(r.reply)))
    import resource

    warm = rows[1:]
    return {"ttft": statistics.median(r[0] for r in warm), "whole_reply": statistics.median(r[1] for r in warm),
            "turn": statistics.median(r[2] for r in warm), "rss_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024}


def speeds_here(brain: str, env) -> tuple[float, float]:
    """(prompt, generation) tokens/s of the embedded server here, as Milo runs it (bench/threads.py)."""
    from milo.chat.embedded import default_threads

    m = threads.measure(brain, default_threads(), loaded=False, env=env)
    return m["prompt_tps"], m["gen_tps"]


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--brain", action="append", help="tiny, good (repeatable; default tiny)")
    ap.add_argument("--data-dir", default=os.environ.get("MILO_DATA_DIR") or str(Path.home() / ".local/share/milo"))
    args = ap.parse_args()
    os.environ["MILO_DATA_DIR"] = args.data_dir
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    brains = args.brain or ["tiny"]
    if len(brains) > 1:  # one process per brain: its peak RSS is its own
        for brain in brains:
            subprocess.run([sys.executable, __file__, "--brain", brain, "--data-dir", args.data_dir], check=False)
        return 0
    for brain in brains:
        tmp = Path(tempfile.mkdtemp())
        (tmp / "Living_Memory.md").write_text(cold_start.MEMORY)
        cold_start.run(brain, args.data_dir, True, tmp, "Hi Milo, how are you?")  # leaves the saved state
        (tmp / "Living_Memory.md").write_text(cold_start.MEMORY)
        off = cold_start.run(brain, args.data_dir, False, tmp, "What did I do in the garden?")
        (tmp / "Living_Memory.md").write_text(cold_start.MEMORY)
        on = cold_start.run(brain, args.data_dir, True, tmp, "What did I do in the garden?")
        (tmp / "Living_Memory.md").write_text(cold_start.MEMORY)
        typed = cold_start.run(brain, args.data_dir, True, tmp, "What did I do in the garden?", prefill=True)
        p_here, g_here = speeds_here(brain, env)
        p_pi, g_pi = pi5_speeds(brain)
        helps = help_seconds(env)
        pty_env = dict(env, MILO_MEMORY_FILE=str(tmp / "p.md"), SESSION_DIR=str(tmp / "ps"), MILO_ROBOT="none")
        ready = statistics.median(time_to_prompt(pty_env, model=brain) for _ in range(3))
        awake = statistics.median(time_to_prompt(pty_env, model=brain, until=b"Milo is awake") for _ in range(3))
        w0 = warm_turns(brain, tmp, prefill=False)
        w = warm_turns(brain, tmp, prefill=True)

        def pi(seconds: float, prompt_share: float) -> str:
            """The wait on a Pi 5: its prompt part at the Pi's prompt speed, the rest at its generation speed."""
            return f"~{seconds * prompt_share * p_here / p_pi + seconds * (1 - prompt_share) * g_here / g_pi:.1f}"

        print(f"\n=== {brain}: here prompt {p_here:.0f} tok/s, generation {g_here:.1f} tok/s; "
              f"Pi 5 (estimated) {p_pi:.0f} / {g_pi:.1f} tok/s")
        print(f"{'figure':44s} {'before':>8s} {'now':>8s} {'ratio':>6s} {'Pi 5 est.':>9s}")
        rows = [
            ("milo --help", None, helps, "-"),
            ("command -> chat's first prompt", None, ready, "-"),
            ("command -> Milo awake (model loaded)", None, awake, "-"),
            ("new process: first reply token", off["ttft"], on["ttft"], pi(on["ttft"], 1.0)),
            ("new process: whole turn", off["turn"], on["turn"], pi(on["turn"], on["ttft"] / on["turn"])),
            ("new process: 1st token, typed once awake", on["ttft"], typed["ttft"], pi(typed["ttft"], 1.0)),
            ("warm: first reply token (median)", w0["ttft"], w["ttft"], pi(w["ttft"], 1.0)),
            ("warm: reply whole (prompt back; voice ends)", w0["whole_reply"], w["whole_reply"], pi(w["whole_reply"], w["ttft"] / w["whole_reply"])),
            ("warm: whole turn (memory written, next prefilled)", w0["turn"], w["turn"], pi(w["turn"], w["ttft"] / w["turn"])),
        ]
        for label, before, now, est in rows:
            b = f"{before:8.2f}" if before else f"{'':8s}"
            ratio = f"{now / before:5.2f}x" if before else f"{'':6s}"
            print(f"{label:44s} {b} {now:8.2f} {ratio} {est:>9s}")
        print(f"{'peak RSS, MB (the chat with its model)':44s} {'':8s} {w['rss_mb']:8.0f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
