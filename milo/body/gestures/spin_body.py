"""spin_body: turn the whole body and back."""

from __future__ import annotations

import re
from typing import Optional

from pydantic import Field

from milo.body.gestures.base import Gesture, GestureInput, Words
from milo.body.limits import Range
from milo.body.robots import Robot, angle_diff
from milo.body.words import degrees, direction, number_text, side

TURN_DEFAULT = 45.0  # "turn left": how far


class SpinBodyInput(GestureInput):
    degrees: float = Field(..., description="how far to turn the body, -160 to 160; positive turns left")
    duration: float = Field(1.5, description="seconds to get there (and as many to come back), 0.5 to 5")


def _read(m: re.Match, clause: str) -> Optional[dict]:
    rest = clause[m.end():]
    deg, sign = degrees(rest), direction(rest)
    around = re.search(r"\b(?:a\s*round|all\s+the\s+way)\b", rest, re.IGNORECASE)
    if deg is None and sign is None and not around:
        return None  # "it's your turn", "turn off the light"
    if deg is None:
        deg = 180.0 if around else TURN_DEFAULT
        if around and sign is None:
            sign = 1
        magnitude = min(deg, 160.0) if around else deg  # "turn around": as far as it goes
    else:
        magnitude = abs(deg)
    sign = sign if sign is not None else (1 if deg >= 0 else -1)
    return {"degrees": sign * magnitude}


class SpinBody(Gesture):
    name = "spin_body"
    rank = 50
    Input = SpinBodyInput
    description = ("Turn the whole body by `degrees` (-160 to 160, positive is left) over `duration` "
                   "seconds, then turn back.")
    ranges = {"degrees": Range("degrees", -160, 160, " degrees"), "duration": Range("duration", 0.5, 5.0, " s")}
    hidden_defaults = ("duration",)
    example = {"degrees": 45}
    words = (
        Words(re.compile(r"\b(?:turn|spin|rotate|swivel|twist)(?:\s+(?:your\s+body|your\s*self|the\s+body|your\s+base|"
                         r"the\s+base|body|yourself))?\b", re.IGNORECASE), 60, _read),
    )

    def perform(self, robot: Robot, degrees: float, duration: float) -> str:
        start = robot.target
        step = robot.goto(body_yaw=degrees, duration=duration)
        robot.goto(body_yaw=start.body_yaw, yaw=start.yaw, duration=duration)
        status = f"turned {number_text(abs(degrees))} degrees to my {side(degrees)} and back" if degrees else "stayed put"
        if abs(angle_diff(step.target.yaw, start.yaw)) > 0.5:
            status += f" (my head turned along to {number_text(step.target.yaw)})"
        return status

    def in_words(self, degrees: float, duration: float = 1.5) -> str:
        if not degrees:
            return "stay put"
        return f"turn {abs(degrees):g} degrees to its {side(degrees)} and back"


GESTURE = SpinBody()
