"""dance: a little dance to a beat (head bobbing, body swaying, antennas wiggling), for a
celebration. The seventh tool: this file and tests/test_gesture_dance.py are all it took."""

from __future__ import annotations

import re

from milo.body import limits
from milo.body.gestures.base import Gesture, Words, counted, neutral_head, repeated
from milo.body.robots import Robot
from milo.body.words import times_word

BEAT_S = 0.35
# One round: four beats, each a pose (head pitch and roll, body yaw, antennas), all well
# inside the safe ranges (every goto is clamped again by the robot).
ROUND = (
    dict(pitch=10.0, roll=10.0, body_yaw=15.0, antennas=(30.0, -30.0)),
    dict(pitch=-5.0, roll=0.0, body_yaw=0.0, antennas=(-30.0, 30.0)),
    dict(pitch=10.0, roll=-10.0, body_yaw=-15.0, antennas=(30.0, -30.0)),
    dict(pitch=-5.0, roll=0.0, body_yaw=0.0, antennas=(-30.0, 30.0)),
)

# An imperative, not a mention: "dance!", "can you dance", "do a little dance", "let's dance";
# not "I love to dance" or "the dance class".
_ASKED = re.compile(
    r"(?:^\s*|\b(?:please|can\s+you|could\s+you|would\s+you|will\s+you|let'?s|go\s+on(?:\s+and)?|time\s+to)\s+)"
    r"(?:do\s+(?:a|your|the)\s+(?:little\s+|happy\s+|victory\s+)?)?dance\b|\bbust\s+a\s+move\b",
    re.IGNORECASE,
)


class Dance(Gesture):
    name = "dance"
    rank = 70
    Input, ranges = repeated("DanceInput", default=1, most=3, what="rounds of four beats")
    description = ("Dance: bob the head, sway the body and wiggle the antennas to a beat for `times` "
                   "rounds (1-3), then back to rest. For good news worth celebrating.")
    words = (Words(_ASKED, 35, counted("dance")),)

    def perform(self, robot: Robot, times: int) -> str:
        for _ in range(times):
            for beat in ROUND:
                robot.goto(duration=BEAT_S, **beat)
        neutral_head(robot)
        robot.goto(antennas=limits.REST_ANTENNAS, duration=0.3)
        return "danced" if times == 1 else f"danced {times_word(times)}"

    def in_words(self, times: int) -> str:
        return "dance" if times == 1 else f"dance {times_word(times)}"


GESTURE = Dance()
