#!/usr/bin/env python3
"""How much invented "fact" reaches the memory: the model's raw summaries vs what Milo etches.

A scripted conversation in three sessions (a fresh conversation each, one memory file, a pinned
section), on the real embedded model. For every turn it counts, in CORE_UPDATE and
FUTURE_MESSAGE, the names, numbers/dates and links that appear nowhere in what the user said
in the whole script so far or in the pinned facts (a looser test than the gate's own, which only
accepts this exchange): once for what the model wrote, once for what was etched.

    .venv/bin/python bench/junk_rate.py [--model embedded] [--sessions 3]

Prints one row per turn and the totals. Nothing is asserted: read the rows.
"""

from __future__ import annotations

import argparse
import re
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

PINNED = "# Milo's Living Memory\n\n## Pinned\n- My name is Sam.\n- My dog is called Pixel.\n\n"
SESSIONS = [
    ["Hi Milo! I just got back from the farmers market.", "I bought tomatoes and some honey.",
     "I love strong black coffee in the morning.", "What do you think I should cook tonight?"],
    ["I have a job interview on Thursday and I'm nervous.", "It's for a librarian position downtown.",
     "Any tips for staying calm?", "Thanks, I'll try the breathing trick."],
    ["What's my dog's name?", "Do you remember what drink I love?", "I started learning the guitar this week.",
     "My sister Nora is visiting next month."],
]
_NAME = re.compile(r"(?<![.!?:\"]\s)(?<!^)\b[A-Z][a-z]+\b")
_NUMBER = re.compile(r"\d+")
_URL = re.compile(r"https?://\S+|www\.\S+|\b\w+\.(?:com|org|net|io|be|ly)\b")


def invented(value: str, said: str) -> list[str]:
    low = said.lower()
    out = [u for u in _URL.findall(value) if u.lower() not in low]
    out += [n for n in _NAME.findall(value) if n.lower() not in low and n not in ("Milo", "I")]
    out += [d for d in _NUMBER.findall(value) if d not in re.findall(r"\d+", said)]
    return out


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--model", default="embedded")
    ap.add_argument("--sessions", type=int, default=len(SESSIONS))
    args = ap.parse_args()

    from milo.cli.wiring import build_milo
    from milo.config import Settings

    tmp = Path(tempfile.mkdtemp())
    memory = tmp / "Living_Memory.md"
    memory.write_text(PINNED)
    said = PINNED
    totals = {"turns": 0, "raw_lines": 0, "raw_junk": 0, "etched_lines": 0, "etched_junk": 0, "replaced": 0}
    started = time.perf_counter()
    for n, lines in enumerate(SESSIONS[: args.sessions]):
        settings = Settings.load(env={"MILO_MEMORY_FILE": str(memory), "SESSION_DIR": str(tmp / f"s{n}"),
                                      "MILO_CACHE_DIR": str(tmp / "cache"), "MILO_ROBOT": "none", "MILO_MODEL": args.model,
                                      "MILO_TIMEOUT": "300"})
        milo = build_milo(settings)
        print(f"--- session {n + 1}")
        for text in lines:
            said += "\n" + text
            result = milo.turn(text)
            totals["turns"] += 1
            raw = [v for v in ((result.answer.core_update, result.answer.future_message) if result.answer else ()) if v]
            etched = [v for v in ((result.pulse.core_update, result.pulse.future_message) if result.pulse else ()) if v]
            totals["raw_lines"] += len(raw)
            totals["raw_junk"] += sum(1 for v in raw if invented(v, said))
            totals["etched_lines"] += len(etched)
            totals["etched_junk"] += sum(1 for v in etched if invented(v, said))
            totals["replaced"] += len(result.memory_changes)
            print(f"you:  {text}\nmilo: {result.reply}")
            for v in raw:
                print(f"  model wrote: {v}" + (f"   <- invented: {', '.join(invented(v, said))}" if invented(v, said) else ""))
            for v in etched:
                print(f"  etched:      {v}" + (f"   <- invented: {', '.join(invented(v, said))}" if invented(v, said) else ""))
    t = time.perf_counter() - started
    print()
    print(f"turns: {totals['turns']}  ({t / max(1, totals['turns']):.1f} s per turn)")
    print(f"summary lines the model wrote: {totals['raw_lines']:3d}, with an invented name/number/link: {totals['raw_junk']}")
    print(f"summary lines etched:          {totals['etched_lines']:3d}, with an invented name/number/link: {totals['etched_junk']}")
    print(f"values replaced or dropped by the gate: {totals['replaced']}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
