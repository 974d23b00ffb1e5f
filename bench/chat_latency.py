"""Embedded-model turn latency: time to first reply token (cold, warm), full turn, prompt
tokens, peak RSS, and time from the command to the chat's first prompt.

    .venv/bin/python bench/chat_latency.py [--turns 6]

Not a test: prints figures. Uses a temp memory file pre-filled with 40 lines (13 pulses) and a
temp session dir, so your own memory is untouched.
"""

import argparse
import json
import os
import pty
import resource
import select
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

MESSAGES = ["Hi Milo, I'm Amy!", "I have a cat called Biscuit.", "What do you like to do?", "Tell me a fun fact.",
            "I'm cooking pasta tonight.", "What did I say my cat is called?", "Good night, Milo."]


def seed_memory(path):
    from milo.memory import LivingMemory

    mem = LivingMemory(path)
    for i in range(13):
        mem.witness(f"Amy talked about her garden, day {i}", "Ask how the tomatoes are growing", "Tomatoes are berries, did you know? Tell me more!")


def time_to_prompt(env, model="embedded", until=b"you> "):
    """Seconds from starting `milo chat` on a terminal to its first `you>` prompt (`until`:
    another marker, e.g. b"Milo is awake": the model loaded, a first message answered at once)."""
    env = dict(env, NO_COLOR="1")  # the prompt is then the plain text "you> "
    master, slave = pty.openpty()
    t = time.perf_counter()
    proc = subprocess.Popen([sys.executable, str(ROOT / "main.py"), "chat", "--model", model], stdin=slave, stdout=slave, stderr=slave, env=env, cwd=ROOT)
    os.close(slave)
    out = b""
    while until not in out and time.perf_counter() - t < 120:
        if select.select([master], [], [], 0.05)[0]:
            out += os.read(master, 4096)
    ready = time.perf_counter() - t
    proc.terminate()
    proc.wait()
    os.close(master)
    return ready


def prompt_tokens(milo, text):
    body = {"messages": [{"role": {"human": "user", "ai": "assistant"}.get(m.type, m.type), "content": m.content} for m in milo.prompt_messages(text)], "max_tokens": 1}
    req = urllib.request.Request(milo.model.where + "/chat/completions", json.dumps(body).encode(), {"Content-Type": "application/json"})
    return json.load(urllib.request.urlopen(req))["usage"]["prompt_tokens"]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--turns", type=int, default=6)
    args = ap.parse_args()
    tmp = Path(tempfile.mkdtemp())
    os.environ.update(MILO_MEMORY_FILE=str(tmp / "Living_Memory.md"), SESSION_DIR=str(tmp / "sessions"), MILO_ROBOT="none")
    seed_memory(tmp / "Living_Memory.md")
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    ready = [time_to_prompt(env) for _ in range(3)]

    from milo.cli.wiring import build_milo
    from milo.config import Settings

    t = time.perf_counter()
    milo = build_milo(Settings.load().with_changes(model="embedded"))
    load = time.perf_counter() - t
    rows = []
    for i, text in enumerate(MESSAGES[: args.turns]):
        first = []
        t = time.perf_counter()
        result = milo.turn(text, on_reply=lambda d: first.append(time.perf_counter()) if not first else None)
        total = time.perf_counter() - t
        ttft = (first[0] - t) if first else float("nan")
        # Counted after the turn (counting first would warm the cache and hide the cold start).
        tokens = prompt_tokens(milo, text) if i < 2 else None
        rows.append((text, ttft, total, len(result.reply)))
        print(f"turn {i + 1}: ttft {ttft:5.2f} s  full {total:5.2f} s  reply {len(result.reply):3d} chars" + (f"  prompt {tokens} tokens" if tokens else ""), flush=True)
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    warm = rows[1:]
    print()
    print(f"command -> first prompt: median {statistics.median(ready):.2f} s (runs: {', '.join(f'{r:.2f}' for r in ready)})")
    print(f"build Milo (model load): {load:.2f} s")
    print(f"cold turn: time to first reply token {rows[0][1]:.2f} s, full turn {rows[0][2]:.2f} s")
    print(f"warm turns: time to first reply token median {statistics.median(r[1] for r in warm):.2f} s, full turn median {statistics.median(r[2] for r in warm):.2f} s")
    print(f"peak RSS (process with the in-process model server): {rss:.0f} MB")


if __name__ == "__main__":
    main()
