"""look_around: a sweep of the room with the head."""

from __future__ import annotations

import re

from milo.body.gestures.base import Gesture, GestureInput, Words, neutral_head
from milo.body.robots import Robot

YAW, PITCH = 50.0, -5.0


class LookAroundInput(GestureInput):
    pass


class LookAround(Gesture):
    name = "look_around"
    rank = 30
    Input = LookAroundInput
    description = "Look around the room: sweep the head left, then right, then back to the centre."
    words = (
        Words(re.compile(r"\blook\s+(?:all\s+)?a?round\b|\bscan\s+the\s+room\b|\blook\s+about\b", re.IGNORECASE), 30,
              lambda m, clause: {}),
    )

    def perform(self, robot: Robot) -> str:
        robot.goto(pitch=PITCH, roll=0, yaw=YAW, duration=0.9)
        robot.goto(pitch=PITCH, yaw=-YAW, duration=1.5)
        neutral_head(robot, 0.8)
        return "looked around"

    def in_words(self) -> str:
        return "look around"


GESTURE = LookAround()
