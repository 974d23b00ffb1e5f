"""move_head: hold the head at an orientation (and the many ways people ask for one)."""

from __future__ import annotations

import re
from typing import Optional

from pydantic import Field

from milo.body import limits
from milo.body.gestures.base import Gesture, GestureInput, Words
from milo.body.limits import Range
from milo.body.robots import Robot, angle_diff
from milo.body.words import HEAD, NUMBER_RE, degrees, direction, number_text, number_value

LOOK_YAW = 35.0  # "look left", "turn your head left"
LOOK_PITCH = 20.0  # "look up", "lower your head"
TILT_ROLL = 20.0  # "tilt your head"


class MoveHeadInput(GestureInput):
    pitch: float = Field(0.0, description="-40 to 40 degrees; positive looks down")
    roll: float = Field(0.0, description="-40 to 40 degrees; positive tilts towards the right shoulder")
    yaw: float = Field(0.0, description="-180 to 180 degrees; positive looks left (beyond 45 the body turns along)")
    duration: float = Field(1.0, description="seconds to get there, 0.2 to 5")


def _turn_head(m: re.Match, clause: str) -> Optional[dict]:
    rest = clause[m.end():]
    deg, sign = degrees(rest), direction(rest)
    if deg is None and sign is None:
        return None
    return {"yaw": (sign or 1) * (abs(deg) if deg is not None else LOOK_YAW)}


def _tilt(m: re.Match, clause: str) -> Optional[dict]:
    rest = clause[m.end():]
    sign, deg = direction(rest), degrees(rest)
    roll = abs(deg) if deg is not None else TILT_ROLL
    # roll > 0 tilts towards the right shoulder (milo.body.limits)
    return {"roll": roll if sign == -1 else -roll if sign == 1 else roll}


def _raise_lower(m: re.Match, clause: str) -> Optional[dict]:
    down = any(w in m.group(0).lower() for w in ("lower", "drop", "bow"))
    return {"pitch": LOOK_PITCH if down else -LOOK_PITCH}


# "look up" counts only when it ends the clause or goes on with words about looking.
_LOOK_TAIL = re.compile(
    r"^\s*(?:(?P<dir>up|upwards|down|downwards|left|right|straight(?:\s+ahead)?|ahead|forward|at\s+me|to\s+(?:the|your|my)\s+(?:left|right))"
    r"(?:\s+(?:a\s+(?:bit|little)|please|now|again|slightly|for\s+me))*"
    rf"(?:\s+(?:by\s+)?(?P<deg>{NUMBER_RE})\s*(?:degrees?|°))?"
    r"(?:\s+(?:to\s+(?:the|your)\s+)?(?P<dir2>left|right))?"
    r"\s*$|^\s*(?:(?:by\s+)?(?P<deg0>" + NUMBER_RE + r")\s*(?:degrees?|°)\s+)(?:to\s+(?:the|your)\s+)?(?P<dir0>left|right|up|down)\s*$)",
    re.IGNORECASE,
)


def _look(m: re.Match, clause: str) -> Optional[dict]:
    tail = _LOOK_TAIL.match(clause[m.end():])
    if not tail:
        return None  # "look up the weather", "looks good"
    where = (tail.group("dir") or tail.group("dir0") or "").lower()
    deg_text = tail.group("deg") or tail.group("deg0")
    deg = abs(number_value(deg_text)) if deg_text else None
    second = (tail.group("dir2") or "").lower()
    pitch = yaw = 0.0
    if where.startswith("up"):
        pitch = -(deg or LOOK_PITCH)
    elif where.startswith("down"):
        pitch = deg or LOOK_PITCH
    if "left" in where or second == "left":
        yaw = deg if (deg and not pitch) else LOOK_YAW
    elif "right" in where or second == "right":
        yaw = -(deg if (deg and not pitch) else LOOK_YAW)
    return {"pitch": pitch, "yaw": yaw}


class MoveHead(Gesture):
    name = "move_head"
    rank = 60
    Input = MoveHeadInput
    description = ("Hold the head at an absolute orientation (degrees): pitch (positive looks down) and "
                   "roll -40 to 40, yaw -180 to 180 (positive looks left). It stays there.")
    ranges = {"pitch": limits.HEAD_PITCH, "roll": limits.HEAD_ROLL, "yaw": limits.HEAD_YAW,
              "duration": Range("duration", 0.2, 5.0, " s")}
    hidden_defaults = ("duration",)
    example = {"pitch": -15, "roll": 10, "yaw": 25}
    words = (
        Words(re.compile(rf"\b(?:turn|rotate|swivel|twist)\s+{HEAD}\b", re.IGNORECASE), 50, _turn_head),
        Words(re.compile(rf"\b(?:tilt|cock|lean)\s+{HEAD}\b", re.IGNORECASE), 70, _tilt),
        Words(re.compile(r"\b(?:look|face|glance|gaze|peek)\b", re.IGNORECASE), 80, _look),
        Words(re.compile(rf"\b(?:raise|lift|lower|drop|bow)\s+{HEAD}\b", re.IGNORECASE), 90, _raise_lower),
    )

    def perform(self, robot: Robot, pitch: float, roll: float, yaw: float, duration: float) -> str:
        step = robot.goto(pitch=pitch, roll=roll, yaw=yaw, duration=duration)
        status = f"moved my head to pitch {number_text(pitch)}, roll {number_text(roll)}, yaw {number_text(yaw)}"
        if step.body and step.target.body_yaw != 0:
            status += f" (my body turned along to {number_text(step.target.body_yaw)})"
        reached = step.reached
        if reached is not None:
            off = max(abs(reached.pitch - pitch), abs(reached.roll - roll), abs(angle_diff(reached.yaw, yaw)))
            if off > 3.0:
                status += (
                    f" (got as far as pitch {number_text(reached.pitch)}, roll {number_text(reached.roll)}, "
                    f"yaw {number_text(reached.yaw)}: that is as far as my head goes)"
                )
        return status

    def in_words(self, pitch: float, roll: float, yaw: float, duration: float = 1.0) -> str:
        return f"hold its head at pitch {pitch:g}, roll {roll:g}, yaw {yaw:g}"


GESTURE = MoveHead()
