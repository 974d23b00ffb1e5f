"""shake_head: no, with the head."""

from __future__ import annotations

import re

from milo.body.gestures.base import Gesture, Words, counted, neutral_head, repeated
from milo.body.robots import Robot
from milo.body.words import HEAD, times_word

YAW, STROKE_S = 20.0, 0.22


class ShakeHead(Gesture):
    name = "shake_head"
    rank = 20
    Input, ranges = repeated("ShakeHeadInput", default=2, most=5, what="shakes")
    description = "Shake the head (no): turn it left and right `times` times (1-5), then back to neutral."
    words = (
        Words(re.compile(rf"\bshake\s+{HEAD}\b|\bshake\s+no\b|\bshake\s+(?:it\s+)?(?=(?:once|twice|thrice|\d|a\s+few|a\s+couple))",
                         re.IGNORECASE), 10, counted("shake_head")),
    )

    def perform(self, robot: Robot, times: int) -> str:
        for _ in range(times):
            robot.goto(yaw=YAW, duration=STROKE_S)
            robot.goto(yaw=-YAW, duration=STROKE_S)
        neutral_head(robot)
        return f"shook my head {times_word(times)}"

    def in_words(self, times: int) -> str:
        return f"shake its head {times_word(times)}"


GESTURE = ShakeHead()
