"""nod: yes, with the head."""

from __future__ import annotations

import re

from milo.body.gestures.base import Gesture, Words, counted, neutral_head, repeated
from milo.body.robots import Robot
from milo.body.words import times_word

DOWN, UP, STROKE_S = 15.0, -8.0, 0.25


class Nod(Gesture):
    name = "nod"
    rank = 10
    Input, ranges = repeated("NodInput", default=2, most=5, what="nods")
    description = "Nod (yes): tip the head down and up `times` times (1-5), then back to neutral."
    words = (
        Words(re.compile(r"\bnods?\b(?!\s+off)|\bgive\s+(?:me|us)\s+a\s+nod\b", re.IGNORECASE), 20,
              counted("nod", one=r"\ba\s+nod\b")),
    )

    def perform(self, robot: Robot, times: int) -> str:
        for _ in range(times):
            robot.goto(pitch=DOWN, duration=STROKE_S)
            robot.goto(pitch=UP, duration=STROKE_S)
        neutral_head(robot)
        return f"nodded {times_word(times)}"

    def in_words(self, times: int) -> str:
        return f"nod {times_word(times)}"


GESTURE = Nod()
