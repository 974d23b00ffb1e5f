"""What the tag order does for the embedded model: [REPLY] first vs last, same prompts.

    .venv/bin/python bench/format_order.py [--n 10]

For each order: well-formed answers, fields refused by memory hygiene (placeholder copies or
empty), replies that copy the persona samples or the instructions, and mean reply length.
Not a test: prints a table. Results vary with sampling; run with a larger --n to compare.
"""

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from milo.memory import LivingMemory  # noqa: E402
from milo.chat.models import choose_model  # noqa: E402
from milo.chat.persona import Persona  # noqa: E402
from milo.chat.tags import CORE_UPDATE, FUTURE_MESSAGE, INTERNAL, REPLY, MiloTagParser  # noqa: E402
from milo.chat.turn import Milo  # noqa: E402

MESSAGES = ["Hi Milo, I'm Amy!", "I have a cat called Biscuit.", "What's your favourite thing?", "Tell me a fun fact.",
            "I had a rough day at work.", "Do you like rain?", "What should I cook tonight?", "I'm learning the guitar.",
            "Can you remember my cat's name?", "Good night!", "I went hiking on Sunday.", "Why is the sky blue?"]

ORDERS = {
    "REPLY first": (REPLY, INTERNAL, CORE_UPDATE, FUTURE_MESSAGE),
    "REPLY last": (INTERNAL, CORE_UPDATE, FUTURE_MESSAGE, REPLY),
}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--n", type=int, default=len(MESSAGES))
    args = ap.parse_args()
    model = choose_model("embedded", env={}, timeout=300)
    persona = Persona.load(user_name="Amy")
    samples = [s.lower()[:40] for s in persona.samples]
    print(f"{'order':<12} {'well-formed':>11} {'refused fields':>15} {'copied text':>12} {'reply chars':>12} {'s/turn':>7}")
    for name, tags in ORDERS.items():
        parser = MiloTagParser(tags=tags)
        with tempfile.TemporaryDirectory() as d:
            memory = LivingMemory(Path(d) / "m.md", placeholders=parser.placeholders())
            milo = Milo(model, memory, persona, parser=parser)
            ok = refused = copied = 0
            lengths = []
            t = time.perf_counter()
            for text in (MESSAGES * 3)[: args.n]:
                r = milo.turn(text)
                a = r.answer
                if a is None:
                    continue
                ok += not a.missing
                kept = memory.clean_fields(a.core_update, a.future_message, a.reply)
                refused += 3 - len(kept)
                copied += any(s in a.reply.lower() for s in samples) or "angle brackets" in a.reply
                lengths.append(len(a.reply))
            per = (time.perf_counter() - t) / args.n
        print(f"{name:<12} {ok:>8}/{args.n:<2} {refused:>11}/{3 * args.n:<3} {copied:>9}/{args.n:<2} {statistics.mean(lengths or [0]):>12.0f} {per:>7.1f}", flush=True)


if __name__ == "__main__":
    main()
