#!/usr/bin/env python3
"""How much memory `milo chat` holds as a conversation goes on: the embedded model's host prompt
cache (llama.cpp keeps earlier prompts' states in RAM; its own default bound is 8 GiB) at each size
given, side by side in one run, on a lived-in memory (bench/lived_in.py's: LoCoMo's 419 pulses).

Each cell: one `milo chat` process, the same messages piped one a line (a real terminal session's
pace does not matter here: every turn's prompt is new after its stable start), its RSS sampled
every 0.5 s from /proc. Printed: RSS as the first and the last reply are printed, the peak, the
growth per reply after the first, and the wall time (the cache also gives the chat prompt back after a side
request, milo.chat.draft's: without it that prompt is processed again).

    .venv/bin/python bench/prompt_cache.py --brain tiny --mib 8192 --mib 256 --turns 20

Memory figures are printed, never asserted.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "bench"))

# Small talk and news with questions about the user between them: each prompt gets its own notes.
MESSAGES = ["hi milo, i'm dana", "i love hiking in the hills near my house", "what should i cook tonight",
            "my brother tom is visiting next week", "do you like music?", "i play the cello in an orchestra",
            "what's a good book to read", "tell me a joke", "my cat is called pixel", "what do you think about rain",
            "i work as a nurse", "where should i go on holiday", "what is my cat called", "i had pasta for lunch",
            "how are you today", "i'm tired after work", "what's your favourite colour", "who is visiting me",
            "i like green tea", "what did we talk about", "do you remember my brother", "i went swimming today",
            "what's the weather like on mars", "my favourite film is spirited away", "what do i do for work",
            "i'm learning french", "any tips for sleeping better", "where do i like to hike", "thanks milo",
            "good night milo"]


def rss_mb(pid: int) -> float:
    try:
        with open(f"/proc/{pid}/status") as f:
            for line in f:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1]) / 1024
    except OSError:
        pass
    return 0.0


def cell(brain: str, mib: int, memory: Path, tmp: Path, turns: int) -> dict:
    mem = tmp / "mem.md"
    mem.write_bytes(memory.read_bytes())
    mem.chmod(0o600)
    env = dict(os.environ, MILO_ROBOT="none", MILO_MEMORY_FILE=str(mem), MILO_CACHE_DIR=str(tmp / "cache"),
               SESSION_DIR=str(tmp / "s"), SESSION_TTL="3600", MILO_PROMPT_CACHE_MB=str(mib))
    env.pop("GOOGLE_API_KEY", None)
    messages = (MESSAGES * (turns // len(MESSAGES) + 1))[:turns]
    t0 = time.monotonic()
    p = subprocess.Popen([str(ROOT / ".venv" / "bin" / "milo"), "chat", "--model", brain], stdin=subprocess.PIPE,
                         stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, env=env, cwd=str(ROOT))
    samples, at_reply = [], []

    def replies():  # RSS as each reply is printed (at exit it falls while the process unmaps)
        for line in p.stdout:
            if line.strip():
                at_reply.append(rss_mb(p.pid))

    reader = threading.Thread(target=replies, daemon=True)
    reader.start()
    p.stdin.write("".join(m + "\n" for m in messages))
    p.stdin.close()
    while p.poll() is None:
        samples.append(rss_mb(p.pid))
        time.sleep(0.5)
    reader.join(timeout=5)
    samples = [s for s in samples if s > 0]
    start, end = (at_reply[0], at_reply[-1]) if at_reply else (0.0, 0.0)
    return dict(mib=mib, start=start, end=end, peak=max(samples + at_reply, default=0.0), replies=len(at_reply),
                per_turn=(end - start) / max(1, len(at_reply) - 1), wall=time.monotonic() - t0, rc=p.returncode)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--brain", default="tiny")
    ap.add_argument("--mib", type=int, action="append", help="host prompt cache sizes (MiB) to compare")
    ap.add_argument("--turns", type=int, default=20)
    ap.add_argument("--memory", type=Path, help="a memory file (default: the lived-in one)")
    a = ap.parse_args()
    sizes = a.mib or [8192, 256]
    with tempfile.TemporaryDirectory() as d:
        memory = a.memory
        what = str(memory)
        if memory is None:
            from lived_in import lived_in

            memory = Path(d) / "lived-in.md"
            what = lived_in(memory)
        print(f"# milo chat, {a.brain} brain, {a.turns} turns piped, memory: {what}")
        rows = []
        for mib in sizes:
            tmp = Path(d) / f"cell-{mib}"
            tmp.mkdir()
            rows.append(cell(a.brain, mib, memory, tmp, a.turns))
    print("| prompt cache | RSS at the first reply | at the last | peak | per turn | replies | wall | rc |")
    print("|---|---|---|---|---|---|---|---|")
    for r in rows:
        print(f"| {r['mib']} MiB | {r['start']:.0f} MB | {r['end']:.0f} MB | {r['peak']:.0f} MB | "
              f"{r['per_turn']:+.1f} MB | {r['replies']} | {r['wall']:.0f} s | {r['rc']} |")


if __name__ == "__main__":
    main()
