"""Time to build the prompt with a full 40-message window while SESSION_DIR holds 10,000 old
conversations (only the active one should be read).

    .venv/bin/python bench/session_prompt.py [--old 10000]
"""

import argparse
import json
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from langchain_core.messages import AIMessage, HumanMessage, messages_to_dict  # noqa: E402


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--old", type=int, default=10_000)
    args = ap.parse_args()
    tmp = Path(tempfile.mkdtemp())
    sessions = tmp / "sessions"
    sessions.mkdir()
    old = messages_to_dict([HumanMessage("an old message " * 5), AIMessage("an old reply " * 5)] * 20)
    for i in range(args.old):
        cid = f"conv-20250101-000000-{i}"
        (sessions / f"{cid}.json").write_text(json.dumps({"id": cid, "messages": old}))
    os.environ.update(SESSION_DIR=str(sessions), MILO_MEMORY_FILE=str(tmp / "Living_Memory.md"), MILO_ROBOT="none")

    from milo.cli.wiring import build_milo
    from milo.config import Settings
    from milo.sessions import SessionMemory

    milo = build_milo(Settings.load(), with_model=False)
    store = milo.history.store
    for i in range(20):  # a full window: 20 turns = 40 messages
        m = SessionMemory(store)
        m.window()
        m.record(f"user message {i} about gardens and cats", f"Milo's reply {i}, rambling about octopuses")
    times_prompt, times_window = [], []
    for _ in range(200):
        t = time.perf_counter()
        messages = milo.prompt_messages("what did I say first?")
        times_prompt.append(time.perf_counter() - t)
        t = time.perf_counter()
        SessionMemory(store).window()
        times_window.append(time.perf_counter() - t)
    replayed = sum(1 for m in messages if m.type in ("human", "ai")) - 1
    print(f"old conversations in SESSION_DIR: {args.old:,}; replayed messages: {replayed}")
    print(f"build the whole prompt (recall + window + template): median {statistics.median(times_prompt) * 1e3:.2f} ms, p95 {sorted(times_prompt)[189] * 1e3:.2f} ms")
    print(f"read the replay window alone:                          median {statistics.median(times_window) * 1e3:.2f} ms")


if __name__ == "__main__":
    main()
