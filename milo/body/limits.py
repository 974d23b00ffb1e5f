"""Safe ranges for every value Milo's body sends, and the clamping that enforces them.

The Reachy Mini SDK clamps nothing (../shared/FACTS.md: antennas accepted 10 rad), so every
number goes through `clamp` before it reaches a driver. Angles are in degrees.

Conventions (the SDK's, `reachy_mini.utils.create_head_pose`): pitch > 0 tilts the head down,
yaw > 0 turns it to its left, roll > 0 tilts it towards its right shoulder; body yaw > 0 turns
the body to its left. Antennas are (right, left).
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Range:
    name: str
    low: float
    high: float
    unit: str = ""

    def clamp(self, value: float) -> tuple[float, bool]:
        """(value inside the range, whether it had to be changed)."""
        try:
            v = float(value)
        except (TypeError, ValueError):
            raise ValueError(f"{self.name} must be a number, not {value!r}") from None
        if v != v or v in (float("inf"), float("-inf")):  # NaN, infinity: data from a model, refused
            raise ValueError(f"{self.name} must be a finite number, not {value!r}")
        if v < self.low:
            return self.low, True
        if v > self.high:
            return self.high, True
        return v, False

    def __contains__(self, value: float) -> bool:
        return self.low <= value <= self.high

    def describe(self) -> str:
        return f"{_num(self.low)} to {_num(self.high)}{self.unit}"


def _num(x: float) -> str:
    return str(int(x)) if float(x).is_integer() else f"{x:g}"


# The head's own range (a gesture's input ranges are in its module, milo.body.gestures).
HEAD_PITCH = Range("pitch", -40, 40, " degrees")
HEAD_ROLL = Range("roll", -40, 40, " degrees")
HEAD_YAW = Range("yaw", -180, 180, " degrees")

# What the drivers themselves accept (a last guard, whatever a gesture computes).
BODY_YAW = Range("body_yaw", -160, 160, " degrees")  # the SDK's own IK stops at 160
ANTENNA = Range("antenna", -70, 70, " degrees")
MOVE_DURATION = Range("duration", 0.05, 6.0, " s")

# Body yaw alone stops at 65 degrees from the head (FACTS.md), and less when the head is also
# tilted (measured on the simulated daemon: pitch 40 stopped short at 55, pitch -30 with roll 30
# at 50); head and body are kept within 45 degrees of each other.
MAX_HEAD_BODY_OFFSET = 45.0

# Rest pose: head level and centred, body at 0, antennas slightly apart (the SDK's own
# INIT_ANTENNAS_JOINT_POSITIONS, ~10 degrees, which keeps them from shaking upright).
REST_ANTENNAS = (-10.0, 10.0)


def clamp_int(rng: Range, value) -> tuple[int, bool]:
    """Clamp and round to a whole number (counts such as `times`)."""
    v, clamped = rng.clamp(value)
    r = int(round(v))
    return r, clamped or r != float(value)


def follow(anchor: float, target: float, offset: float = MAX_HEAD_BODY_OFFSET) -> float:
    """Where `anchor` must be so that it stays within `offset` degrees of `target`.

    It moves only as far as it must: used to drag the body along behind a head turned far to
    one side, and the head along with a body turned far (body yaw alone stops 65 degrees from
    the head).
    """
    return min(max(anchor, target - offset), target + offset)
