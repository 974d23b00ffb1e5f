#!/usr/bin/env python3
"""A conversation benchmark: scripted multi-session conversations, each session a new `milo chat`
process (a new wake), scored automatically. One table per brain.

Facts are given three ways: in the pinned section, in an earlier session, and earlier in the
same session; later questions ask for them. Scored per turn:
  recalled    a recall question's answer contains the fact (any of its accepted words)
  identity    Milo calls itself by another name, calls the user Milo, or claims the user's name or
              facts as its own
  cut         the reply ends mid-word (no closing punctuation and the last word unfinished)
  loop        a 4-word sequence repeated 3 times or more in one reply
  leaked      tag text ([REPLY], CORE_UPDATE:...) in the reply
  copied      the reply repeats 6 or more words in a row of a persona sample (sample_speak.txt)
  etched      the turn left a PULSE with a CORE_UPDATE
  repeat      ...or did not, because its note only repeated a recent one (the grounding's choice,
              `milo -v`: "Who is visiting me next week?" after "Nora is visiting next week")
  invented    an etched CORE_UPDATE/FUTURE_MESSAGE names a name, number or link nobody said
Plus seconds per turn (wall time of each process over its turns, model load included) and peak
RSS of the chat processes.

    .venv/bin/python bench/conversation.py --brain tiny --brain good
    .venv/bin/python bench/conversation.py --model ollama:llama3.2:3b      # any --model spec

Timings are printed, never asserted. Write your own scripts below; do not tune prompts to them.
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

# (text, accepted answer words or None for a plain turn)
PINNED = "# Milo's Living Memory\n\n## Pinned\n- My name is Sam.\n- My dog is called Pixel.\n"
SESSIONS = [
    [("Hi Milo! I just got back from the farmers market.", None),
     ("I bought tomatoes and a jar of honey there.", None),
     ("By the way, I love strong black coffee in the morning.", None),
     ("What's my name, and what drink did I just say I love?", [["sam"], ["coffee"]])],
    [("Hello again Milo, it's a rainy day here.", None),
     ("What's my dog called?", [["pixel"]]),
     ("What did I buy at the farmers market last time?", [["tomato", "honey"]]),
     ("My sister Nora is visiting next week, I'm excited.", None)],
    [("Good morning Milo!", None),
     ("Who is visiting me next week?", [["nora"]]),
     ("Do you remember how I take my coffee?", [["black", "strong"]]),
     ("What is your own name?", [["milo"]])],
]
_TAG = re.compile(r"\[\s*(REPLY|INTERNAL|CORE_UPDATE|FUTURE_MESSAGE|ACTION)\s*\]|\b(CORE_UPDATE|FUTURE_MESSAGE|INTERNAL)\s*:", re.I)


@dataclass
class Score:
    turns: int = 0
    questions: int = 0
    recalled: int = 0
    identity: int = 0
    cut: int = 0
    loops: int = 0
    leaked: int = 0
    copied: int = 0
    etched: int = 0
    repeats: int = 0
    invented: int = 0
    seconds: list = field(default_factory=list)
    rss_mb: float = 0.0
    examples: list = field(default_factory=list)


_RSS_WRAPPER = ("import resource, subprocess, sys; r = subprocess.run(sys.argv[1:]); "
                "print('peak-rss-kb', resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss, file=sys.stderr); sys.exit(r.returncode)")
USER_NAME = "sam"  # from the pinned facts
NOT_A_NAME = frozenset("milo a an the so not here just really sorry glad happy curious excited always doing "
                       "thinking also very sure fine good great well still going in".split())


def identity_error(reply: str) -> bool:
    low = reply.lower()
    said = re.search(r"\byour name is ([a-z]+)", low)
    if said and said.group(1) != USER_NAME:
        return True  # calls the user by another name (often its own)
    # A name is capitalized: "I'm looking forward" is not one.
    m = re.search(r"\b(?:[Mm]y name is|I am|I'm|[Cc]all me)\s+([A-Z][a-z]+)", reply)
    if m and m.group(1).lower() not in NOT_A_NAME:
        return True
    if re.search(r"\b(?:hi|hello|hey|morning|again)\b[,!]?\s+milo\b(?!')|,\s*milo[,.!?]", low):
        return True  # greets the user by Milo's own name ("Oh, hi Milo!")
    # The user's facts claimed as Milo's own ("I remember taking my coffee", "Milo's dog").
    return bool(re.search(r"\b(?:my|milo's)\s+(?:own\s+)?(?:coffee|dog|sister|tomatoes|honey)\b"
                          r"|\bi (?:bought|love|drink|take|took)\b[^.?!]{0,20}\b(?:coffee|tomato|honey)", low))


def cut_mid_word(reply: str) -> bool:
    r = reply.strip()
    return bool(r) and not re.search(r"[.!?…)\"'*:;~\]]\s*$|[\U0001F300-\U0001FAFF]\s*$", r)


def loops(reply: str) -> bool:
    words = re.findall(r"\w+", reply.lower())
    grams = [" ".join(words[i:i + 4]) for i in range(len(words) - 3)]
    return any(grams.count(g) >= 3 for g in set(grams))


def _grams(text: str, n: int = 6) -> set:
    words = re.findall(r"[a-z']+", text.lower().replace("’", "'"))
    return {" ".join(words[i:i + n]) for i in range(len(words) - n + 1)}


SAMPLE_GRAMS = set().union(*(_grams(line) for line in (ROOT / "sample_speak.txt").read_text().splitlines()))


def copied(reply: str) -> bool:
    return bool(_grams(reply) & SAMPLE_GRAMS)


def invented(value: str, said: str) -> bool:
    low = said.lower()
    # Capitalized, but not where a sentence or a quote begins.
    for n in re.findall(r"(?<![.!?:\"]\s)(?<![\"\u201c])(?<!^)\b[A-Z][a-z]+\b", value):
        if n.lower() not in low and n not in ("Milo", "I"):
            return True
    return any(d not in re.findall(r"\d+", said) for d in re.findall(r"\d+", value)) or bool(
        [u for u in re.findall(r"https?://\S+|www\.\S+", value) if u.lower() not in low])


def run_brain(model: str, data_dir: str, timeout: float) -> Score:
    from milo.memory import LivingMemory

    tmp = Path(tempfile.mkdtemp())
    memory = tmp / "Living_Memory.md"
    memory.write_text(PINNED)
    score = Score()
    said = PINNED
    for n, session in enumerate(SESSIONS):
        env = dict(os.environ, PYTHONPATH=str(ROOT), MILO_MEMORY_FILE=str(memory), SESSION_DIR=str(tmp / f"s{n}"),
                   MILO_CACHE_DIR=str(tmp / "cache"), MILO_ROBOT="none", MILO_DATA_DIR=data_dir)
        lines = "".join(text + "\n" for text, _ in session)
        before = len(list(LivingMemory(memory).pulses()))
        started = time.perf_counter()
        # Through a small wrapper that reports its one child's peak RSS (this process's own
        # RUSAGE_CHILDREN would mix the brains).
        proc = subprocess.run([sys.executable, "-c", _RSS_WRAPPER, sys.executable, str(ROOT / "main.py"), "-v", "chat", "--model", model],
                              input=lines, capture_output=True, text=True, env=env, timeout=timeout)
        rss_line = proc.stderr.rstrip().rsplit("\n", 1)[-1]
        if rss_line.startswith("peak-rss-kb "):
            score.rss_mb = max(score.rss_mb, int(rss_line.split()[1]) / 1024)
        took = time.perf_counter() - started
        replies = proc.stdout.rstrip("\n").split("\n") if proc.stdout.strip() else []
        if proc.returncode != 0 or len(replies) != len(session):
            print(f"  session {n + 1}: exit {proc.returncode}, {len(replies)} replies\n{proc.stderr[-800:]}", file=sys.stderr)
        score.seconds.append(took / max(1, len(session)))
        pulses = list(LivingMemory(memory).pulses())[before:]
        for (text, expect), reply in zip(session, replies):
            said += "\n" + text
            score.turns += 1
            low = reply.lower()
            if expect is not None:
                score.questions += len(expect)
                got = sum(any(w in low for w in alts) for alts in expect)
                score.recalled += got
                if got < len(expect):
                    score.examples.append(f"missed: {text!r} -> {reply!r}")
            if identity_error(reply):
                score.identity += 1
                score.examples.append(f"identity: {text!r} -> {reply!r}")
            score.cut += cut_mid_word(reply)
            score.loops += loops(reply)
            score.leaked += bool(_TAG.search(reply))
            if copied(reply):
                score.copied += 1
                score.examples.append(f"copied: {text!r} -> {reply!r}")
        score.etched += sum(1 for p in pulses if p.core_update)
        score.repeats += len(re.findall(r"dropped CORE_UPDATE .*: it repeats a recent note", proc.stderr))
        score.invented += sum(1 for p in pulses for v in (p.core_update, p.future_message) if v and invented(v, said))
        for (text, _), reply in zip(session, replies):
            print(f"  you:  {text}\n  milo: {reply}")
    return score


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--brain", action="append", help="tiny, good (repeatable)")
    ap.add_argument("--model", action="append", help="any --model spec (repeatable)")
    ap.add_argument("--data-dir", default=os.environ.get("MILO_DATA_DIR") or str(Path.home() / ".local/share/milo"),
                    help="where installed brains are (MILO_DATA_DIR)")
    ap.add_argument("--timeout", type=float, default=1800)
    args = ap.parse_args()
    specs = (args.brain or []) + (args.model or [])
    if not specs:
        specs = ["tiny"]
    results = {}
    for spec in specs:
        print(f"=== {spec}")
        results[spec] = run_brain(spec, args.data_dir, args.timeout)
    print()
    print(f"{'brain':14s} {'recalled':>9s} {'identity':>8s} {'cut':>4s} {'loop':>4s} {'leaked':>6s} {'copied':>6s} {'etched':>7s} {'repeat':>6s} {'invented':>8s} {'s/turn':>7s} {'RSS MB':>7s}")
    for spec, s in results.items():
        print(f"{spec:14s} {s.recalled:>4d}/{s.questions:<4d} {s.identity:>8d} {s.cut:>4d} {s.loops:>4d} {s.leaked:>6d} {s.copied:>6d} "
              f"{s.etched:>3d}/{s.turns:<3d} {s.repeats:>6d} {s.invented:>8d} {sum(s.seconds) / len(s.seconds):7.1f} {s.rss_mb:7.0f}")
    for spec, s in results.items():
        for e in s.examples:
            print(f"  [{spec}] {e}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
