"""Do the gestures the model chooses fit the moment? 30 held-out turns, one table.

    .venv/bin/python bench/gestures.py [--brain good] [--choose] [--placeholder "..."]

Without --choose the brain's own default holds (the embedded brains pick no gestures: the table
is then empty, the time per turn is what the [ACTION] line costs); --choose makes it pick
(MILO_MODEL_GESTURES=1).

Each message goes to a fresh Milo (empty memory, the default persona, a console body), so every
gesture in the table is the model's own choice from its [ACTION] line (none of the messages asks
for a gesture in words). What fits each moment was written down with the messages, before any
run: a chosen gesture fits when it is in the message's set (a set of none: nothing fits, a
gesture there is noise, such as a 160-degree turn to "Which city do I work in?"). Reported: the
turns with a gesture, and of those, the ones that fit (issue 24: fit >= 80%, on <= 1 turn in 3).
Not a test; sampling is greedy, so a run is repeatable on one machine.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from milo.body import Body, ConsoleRobot  # noqa: E402
from milo.body.actions import action_gbnf  # noqa: E402
from milo.chat.models import choose_model  # noqa: E402
from milo.chat.persona import Persona  # noqa: E402
from milo.chat.turn import Milo  # noqa: E402
from milo.memory import LivingMemory  # noqa: E402

YES, NO, LOOK, JOY, SOFT = {"nod"}, {"shake_head"}, {"look_around"}, {"dance", "wiggle_antennas", "nod"}, {"nod"}
# (message, the gestures that would fit it; empty: none does)
TURNS = [
    ("I got the job!!", JOY),
    ("My grandmother passed away last night.", SOFT),
    ("Which city do I work in?", set()),
    ("Good morning!", {"wiggle_antennas", "nod"}),
    ("What's the capital of Australia?", set()),
    ("Do you agree that pineapple belongs on pizza?", YES | NO),
    ("I can't find my keys anywhere.", LOOK),
    ("Is it true that octopuses have three hearts?", YES),
    ("Tell me a joke.", {"wiggle_antennas"}),
    ("I'm so tired today.", SOFT),
    ("We're going to the beach this weekend!", JOY),
    ("What time is it?", set()),
    ("Did you hear that noise?", LOOK),
    ("My team won the match!", JOY),
    ("I failed my driving test.", SOFT),
    ("Can you recommend a book?", set()),
    ("Is two plus two five?", NO),
    ("I'm learning to play the violin.", {"nod", "wiggle_antennas"}),
    ("What do you think of rainy days?", set()),
    ("I'm back from my trip to Japan.", {"wiggle_antennas", "nod"}),
    ("Goodnight, talk tomorrow.", {"nod", "wiggle_antennas"}),
    ("How do I boil an egg?", set()),
    ("Guess what, I'm getting married!", JOY),
    ("Where did I leave my phone, do you know?", LOOK | NO),
    ("It's my birthday today.", JOY),
    ("The weather is awful.", set()),
    ("Do you remember my dog's name?", NO),
    ("Should I take the bus or walk?", set()),
    ("Thanks for listening.", SOFT),
    ("Let's play a game!", {"wiggle_antennas", "nod", "dance"}),
]


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--brain", default="good")
    ap.add_argument("--choose", action="store_true", help="let the brain pick gestures (MILO_MODEL_GESTURES=1)")
    ap.add_argument("--placeholder", help="another [ACTION] placeholder to try")
    ap.add_argument("--gestures", help="the gestures the model may choose, comma-separated (default: the body's)")
    ap.add_argument("--max-calls", type=int, help="gestures per [ACTION] line (default: the body's)")
    args = ap.parse_args()
    model = choose_model(args.brain, env={"MILO_MODEL_GESTURES": "1"} if args.choose else {}, timeout=300)  # good / tiny
    persona = Persona.load()
    with_gesture = fits = 0
    t0 = time.perf_counter()
    for text, fitting in TURNS:
        body = Body(ConsoleRobot(write=lambda s: None), gestures=args.gestures.split(",") if args.gestures else ())
        if args.max_calls:
            body.action_tag = {**body.action_tag, "gbnf": action_gbnf(args.max_calls, body.gestures)}
        if args.placeholder:
            body.action_tag = {**body.action_tag, "placeholder": args.placeholder}
        with tempfile.TemporaryDirectory() as d:
            milo = Milo(model, LivingMemory(Path(d) / "m.md"), persona, body=body)
            result = milo.turn(text)
        body.close(timeout=0.1)
        chosen = sorted({g.split("(")[0] for g in result.gestures})
        fit = all(c in fitting for c in chosen)
        with_gesture += bool(chosen)
        fits += bool(chosen) and fit
        print(f"{'  ' if not chosen else ('ok' if fit else '--')} {text[:45]:45} {', '.join(result.gestures) or '-':40} {result.reply[:60]}",
              flush=True)
    n = len(TURNS)
    print(f"\nturns with a gesture: {with_gesture}/{n}; of those fitting: {fits}/{with_gesture or 1} "
          f"({100 * fits / max(with_gesture, 1):.0f}%); {(time.perf_counter() - t0) / n:.1f} s a turn")


if __name__ == "__main__":
    main()
