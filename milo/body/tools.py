"""Milo's six motion tools: typed schemas, clamping, the gestures themselves, LangChain tools.

A `Call` is one validated, clamped request ("nod(times=2)"). Every way of asking for motion
(the model's [ACTION] line, native tool calling, the user's own words, `milo move`) ends up as
Calls, and every Call runs through `Call.run(robot)`, which returns a short status such as
"nodded twice" (plus what was clamped, if anything).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any, Callable, Optional

from pydantic import BaseModel, Field, ValidationError

import milo.body.limits as limits
from milo.body.limits import Range
from milo.body.robots import Robot, angle_diff

# ---- schemas (what a model sees) -----------------------------------------------------------


class NodInput(BaseModel):
    times: int = Field(2, description="how many nods, 1 to 5")


class ShakeHeadInput(BaseModel):
    times: int = Field(2, description="how many shakes, 1 to 5")


class LookAroundInput(BaseModel):
    pass


class WiggleAntennasInput(BaseModel):
    times: int = Field(2, description="how many wiggles, 1 to 6")


class SpinBodyInput(BaseModel):
    degrees: float = Field(..., description="how far to turn the body, -160 to 160; positive turns left")
    duration: float = Field(1.5, description="seconds to get there (and as many to come back), 0.5 to 5")


class MoveHeadInput(BaseModel):
    pitch: float = Field(0.0, description="-40 to 40 degrees; positive looks down")
    roll: float = Field(0.0, description="-40 to 40 degrees; positive tilts towards the right shoulder")
    yaw: float = Field(0.0, description="-180 to 180 degrees; positive looks left (beyond 45 the body turns along)")
    duration: float = Field(1.0, description="seconds to get there, 0.2 to 5")


# ---- words for statuses ----------------------------------------------------------------------


def times_word(n: int) -> str:
    return {1: "once", 2: "twice"}.get(n, f"{n} times")


def _deg(x: float) -> str:
    x = round(x, 1) + 0.0
    return f"{x:g}"


def _side(degrees: float) -> str:
    return "left" if degrees > 0 else "right"


# ---- the gestures (each returns its status) ------------------------------------------------

NOD_DOWN, NOD_UP, NOD_STROKE_S = 15.0, -8.0, 0.25
SHAKE_YAW, SHAKE_STROKE_S = 20.0, 0.22
LOOK_YAW, LOOK_PITCH = 50.0, -5.0
WIGGLE_A, WIGGLE_B, WIGGLE_STROKE_S = (35.0, -35.0), (-35.0, 35.0), 0.2
RETURN_S = 0.5


def _neutral_head(robot: Robot, duration: float = RETURN_S) -> None:
    robot.goto(pitch=0, roll=0, yaw=0, body_yaw=0, duration=duration)


def _nod(robot: Robot, times: int) -> str:
    for _ in range(times):
        robot.goto(pitch=NOD_DOWN, duration=NOD_STROKE_S)
        robot.goto(pitch=NOD_UP, duration=NOD_STROKE_S)
    _neutral_head(robot)
    return f"nodded {times_word(times)}"


def _shake_head(robot: Robot, times: int) -> str:
    for _ in range(times):
        robot.goto(yaw=SHAKE_YAW, duration=SHAKE_STROKE_S)
        robot.goto(yaw=-SHAKE_YAW, duration=SHAKE_STROKE_S)
    _neutral_head(robot)
    return f"shook my head {times_word(times)}"


def _look_around(robot: Robot) -> str:
    robot.goto(pitch=LOOK_PITCH, roll=0, yaw=LOOK_YAW, duration=0.9)
    robot.goto(pitch=LOOK_PITCH, yaw=-LOOK_YAW, duration=1.5)
    _neutral_head(robot, 0.8)
    return "looked around"


def _wiggle_antennas(robot: Robot, times: int) -> str:
    for _ in range(times):
        robot.goto(antennas=WIGGLE_A, duration=WIGGLE_STROKE_S)
        robot.goto(antennas=WIGGLE_B, duration=WIGGLE_STROKE_S)
    robot.goto(antennas=limits.REST_ANTENNAS, duration=0.3)
    return f"wiggled my antennas {times_word(times)}"


def _spin_body(robot: Robot, degrees: float, duration: float) -> str:
    start = robot.target
    step = robot.goto(body_yaw=degrees, duration=duration)
    robot.goto(body_yaw=start.body_yaw, yaw=start.yaw, duration=duration)
    status = f"turned {_deg(abs(degrees))} degrees to my {_side(degrees)} and back" if degrees else "stayed put"
    if abs(angle_diff(step.target.yaw, start.yaw)) > 0.5:
        status += f" (my head turned along to {_deg(step.target.yaw)})"
    return status


def _move_head(robot: Robot, pitch: float, roll: float, yaw: float, duration: float) -> str:
    step = robot.goto(pitch=pitch, roll=roll, yaw=yaw, duration=duration)
    status = f"moved my head to pitch {_deg(pitch)}, roll {_deg(roll)}, yaw {_deg(yaw)}"
    if step.body and step.target.body_yaw != 0:
        status += f" (my body turned along to {_deg(step.target.body_yaw)})"
    reached = step.reached
    if reached is not None:
        off = max(abs(reached.pitch - pitch), abs(reached.roll - roll), abs(angle_diff(reached.yaw, yaw)))
        if off > 3.0:
            status += (
                f" (got as far as pitch {_deg(reached.pitch)}, roll {_deg(reached.roll)}, "
                f"yaw {_deg(reached.yaw)}: that is as far as my head goes)"
            )
    return status


# ---- the table ----------------------------------------------------------------------------


@dataclass(frozen=True)
class ToolSpec:
    name: str
    schema: type[BaseModel]
    description: str
    ranges: dict[str, Range]  # argument -> its clamp range
    perform: Callable[..., str]  # (robot, **args) -> status
    hidden_defaults: tuple[str, ...] = ()  # arguments left out of descriptions at their default

    def defaults(self) -> dict[str, Any]:
        return {
            n: f.default
            for n, f in self.schema.model_fields.items()
            if not f.is_required()
        }


TOOLS: dict[str, ToolSpec] = {
    spec.name: spec
    for spec in (
        ToolSpec(
            "nod",
            NodInput,
            "Nod (yes): tip the head down and up `times` times (1-5), then back to neutral.",
            {"times": limits.NOD_TIMES},
            lambda robot, times: _nod(robot, times),
        ),
        ToolSpec(
            "shake_head",
            ShakeHeadInput,
            "Shake the head (no): turn it left and right `times` times (1-5), then back to neutral.",
            {"times": limits.SHAKE_TIMES},
            lambda robot, times: _shake_head(robot, times),
        ),
        ToolSpec(
            "look_around",
            LookAroundInput,
            "Look around the room: sweep the head left, then right, then back to the centre.",
            {},
            lambda robot: _look_around(robot),
        ),
        ToolSpec(
            "wiggle_antennas",
            WiggleAntennasInput,
            "Wiggle both antennas `times` times (1-6), then put them back at rest.",
            {"times": limits.WIGGLE_TIMES},
            lambda robot, times: _wiggle_antennas(robot, times),
        ),
        ToolSpec(
            "spin_body",
            SpinBodyInput,
            "Turn the whole body by `degrees` (-160 to 160, positive is left) over `duration` "
            "seconds, then turn back.",
            {"degrees": limits.SPIN_DEGREES, "duration": limits.SPIN_DURATION},
            lambda robot, degrees, duration: _spin_body(robot, degrees, duration),
            hidden_defaults=("duration",),
        ),
        ToolSpec(
            "move_head",
            MoveHeadInput,
            "Hold the head at an absolute orientation (degrees): pitch (positive looks down) and "
            "roll -40 to 40, yaw -180 to 180 (positive looks left). It stays there.",
            {
                "pitch": limits.HEAD_PITCH,
                "roll": limits.HEAD_ROLL,
                "yaw": limits.HEAD_YAW,
                "duration": limits.HEAD_DURATION,
            },
            lambda robot, pitch, roll, yaw, duration: _move_head(robot, pitch, roll, yaw, duration),
            hidden_defaults=("duration",),
        ),
    )
}

TOOL_NAMES: tuple[str, ...] = tuple(TOOLS)


class CallError(ValueError):
    """A request that does not fit any tool; the message is one sentence."""


def _fmt(value: Any) -> str:
    if isinstance(value, float):
        return f"{round(value, 2) + 0.0:g}"
    return str(value)


@dataclass(frozen=True)
class Call:
    """One validated, clamped tool call."""

    name: str
    args: tuple[tuple[str, Any], ...]
    notes: tuple[str, ...] = ()  # what was clamped: "times 9 -> 5"

    @property
    def kwargs(self) -> dict[str, Any]:
        return dict(self.args)

    @property
    def spec(self) -> ToolSpec:
        return TOOLS[self.name]

    def describe(self) -> str:
        defaults = self.spec.defaults()
        shown = [
            f"{k}={_fmt(v)}"
            for k, v in self.args
            if not (k in self.spec.hidden_defaults and defaults.get(k) == v)
        ]
        return f"{self.name}({', '.join(shown)})"

    __str__ = describe

    def run(self, robot: Robot) -> str:
        status = self.spec.perform(robot, **self.kwargs)
        if self.notes:
            status += f" (clamped {', '.join(self.notes)})"
        return status


def make_call(name: str, args: Optional[dict[str, Any]] = None) -> Call:
    """Validate `args` against the tool's schema and clamp them. Raises CallError."""
    spec = TOOLS.get(name)
    if spec is None:
        raise CallError(f"there is no gesture called {name!r} (known: {', '.join(TOOL_NAMES)})")
    args = dict(args or {})
    unknown = sorted(set(args) - set(spec.schema.model_fields))
    if unknown:
        raise CallError(f"{name} takes no argument {unknown[0]!r}")
    fields = spec.schema.model_fields
    for key, value in list(args.items()):
        # counts: accept 2.0 and round 2.4, so a model's float does not fail validation
        if fields[key].annotation is int and isinstance(value, float) and math.isfinite(value):
            args[key] = int(round(value))
    try:
        model = spec.schema.model_validate(args)
    except ValidationError as e:
        first = e.errors()[0]
        where = ".".join(str(p) for p in first.get("loc", ())) or name
        raise CallError(f"{name}: {where} {first.get('msg', 'is invalid').lower()}") from None
    values = model.model_dump()
    notes: list[str] = []
    for key, rng in spec.ranges.items():
        raw = values[key]
        try:
            if fields[key].annotation is int:
                v, changed = limits.clamp_int(rng, raw)
            else:
                v, changed = rng.clamp(raw)
                v = float(v)
        except ValueError as e:  # NaN or infinity: refused as data, never a crash
            raise CallError(f"{name}: {e}") from None
        if changed:
            notes.append(f"{key} {_fmt(raw)} -> {_fmt(v)}")
        values[key] = v
    ordered = tuple((k, values[k]) for k in fields)
    return Call(name, ordered, tuple(notes))


def make_tools(dispatch: Callable[[Call], str]) -> list:
    """The six tools as LangChain StructuredTools. Each validates and clamps its input, hands
    the Call to `dispatch` (milo.body.Body performs it on its motion queue) and returns the
    status it gets back."""
    from langchain_core.tools import StructuredTool

    return [
        StructuredTool.from_function(
            func=_tool_func(spec.name, dispatch),
            name=spec.name,
            description=spec.description,
            args_schema=spec.schema,
        )
        for spec in TOOLS.values()
    ]


def _tool_func(name: str, dispatch: Callable[[Call], str]) -> Callable[..., str]:
    def tool_func(**kwargs: Any) -> str:
        try:
            call = make_call(name, kwargs)
        except CallError as e:
            return f"could not {name}: {e}"
        return dispatch(call)

    tool_func.__name__ = name
    return tool_func
