"""wiggle_antennas: both antennas, back and forth."""

from __future__ import annotations

import re

from milo.body import limits
from milo.body.gestures.base import Gesture, Words, counted, repeated
from milo.body.robots import Robot
from milo.body.words import ANTENNAS, times_word

A, B, STROKE_S = (35.0, -35.0), (-35.0, 35.0), 0.2


class WiggleAntennas(Gesture):
    name = "wiggle_antennas"
    rank = 40
    Input, ranges = repeated("WiggleAntennasInput", default=2, most=6, what="wiggles")
    description = "Wiggle both antennas `times` times (1-6), then put them back at rest."
    words = (
        Words(re.compile(rf"\b(?:wiggle|wag|wave|twitch|flap|shake|move)\s+{ANTENNAS}\b|\bwiggle\b", re.IGNORECASE), 40,
              counted("wiggle_antennas")),
    )

    def perform(self, robot: Robot, times: int) -> str:
        for _ in range(times):
            robot.goto(antennas=A, duration=STROKE_S)
            robot.goto(antennas=B, duration=STROKE_S)
        robot.goto(antennas=limits.REST_ANTENNAS, duration=0.3)
        return f"wiggled my antennas {times_word(times)}"

    def in_words(self, times: int) -> str:
        return f"wiggle its antennas {times_word(times)}"


GESTURE = WiggleAntennas()
