"""Calls, their statuses and the LangChain tools, made from the gestures (milo.body.gestures).

A `Call` is one validated, clamped request ("nod(times=2)"). Every way of asking for motion (the
model's [ACTION] line, native tool calling, the user's own words, `milo move`) ends up as Calls,
and every Call runs through `Call.run(robot)`, which returns a `BodyStatus`: the words ("nodded
twice", plus what was clamped) and what happened (done / clamped / refused / failed / skipped).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Optional, Sequence

from pydantic import ValidationError

import milo.body.limits as limits
from milo.body.gestures import GESTURES
from milo.body.gestures.base import Gesture
from milo.body.robots import Robot

TOOLS: dict[str, Gesture] = GESTURES
TOOL_NAMES: tuple[str, ...] = tuple(TOOLS)

# Who asked for a call: the user's words, the model's [ACTION] line, the model's native tool
# call, a command (`milo move`, `milo robot demo`).
BY_USER, BY_MODEL, BY_TOOL_CALL, BY_COMMAND = "you", "model", "tool call", "command"


class BodyStatus(str):
    """What the body says about a call or about itself. A str (the words a person reads, so
    printing and logging need nothing), typed by `kind`, which is what front ends decide on:

    done, clamped (done within the safe ranges), refused (not a valid call), failed (the robot
    raised), skipped (not performed: the body is not answering, or it was closed), down (the
    body stopped answering), back (it answers again), ambient (a motion of the body's own, such as
    the head moving along with speech: done, and not reported)."""

    kind: str
    call: str
    by: str

    def __new__(cls, text: str, kind: str, call: str = "", by: str = "") -> "BodyStatus":
        self = super().__new__(cls, text)
        self.kind, self.call, self.by = kind, call, by
        return self

    @property
    def ok(self) -> bool:
        return self.kind in ("done", "clamped", "ambient")

    @property
    def problem(self) -> bool:
        """Worth showing a person even when gestures are not (failed, refused, down, back)."""
        return self.kind in ("refused", "failed", "down", "back")


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
    by: str = field(default="", compare=False)  # who asked for it (BY_*)

    @property
    def kwargs(self) -> dict[str, Any]:
        return dict(self.args)

    @property
    def spec(self) -> Gesture:
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

    def in_words(self) -> str:
        """"nod twice (clamped times 9 -> 5)", after "Milo chose to"."""
        words = self.spec.in_words(**self.kwargs)
        return words + (f" (clamped {', '.join(self.notes)})" if self.notes else "")

    def run(self, robot: Robot) -> BodyStatus:
        text = self.spec.perform(robot, **self.kwargs)
        if self.notes:
            text += f" (clamped {', '.join(self.notes)})"
        return BodyStatus(text, "clamped" if self.notes else "done", self.describe(), self.by)

    def status(self, text: str, kind: str) -> BodyStatus:
        return BodyStatus(text, kind, self.describe(), self.by)


def make_call(name: str, args: Optional[dict[str, Any]] = None, by: str = "") -> Call:
    """Validate `args` against the tool's schema and clamp them. Raises CallError."""
    spec = TOOLS.get(name)
    if spec is None:
        raise CallError(f"there is no gesture called {name!r} (known: {', '.join(TOOL_NAMES)})")
    args = dict(args or {})
    fields = spec.Input.model_fields
    unknown = sorted(set(args) - set(fields))
    if unknown:
        raise CallError(f"{name} takes no argument {unknown[0]!r}")
    try:
        model = spec.Input.model_validate(args)
    except ValidationError as e:
        raise CallError(f"{name}: {_invalid(name, e)}") from None
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
    return Call(name, ordered, tuple(notes), by)


def make_tools(dispatch: Callable[[Call], str], by: str = BY_TOOL_CALL, names: Sequence[str] = ()) -> list:
    """The gestures as LangChain StructuredTools. LangChain validates a call against the schema;
    the tool clamps it into a Call, hands it to `dispatch` (milo.body.Body performs it on its
    motion queue) and returns what `dispatch` says. A call that does not fit comes back as a
    `refused` BodyStatus, never an exception (a model's mistake is data). `names`: only these
    gestures (default: all)."""
    from langchain_core.tools import StructuredTool

    return [
        StructuredTool.from_function(
            func=_tool_func(spec.name, dispatch, by),
            name=spec.name,
            description=spec.description,
            args_schema=spec.Input,
            handle_validation_error=_refusal(spec.name, by),
        )
        for spec in TOOLS.values()
        if not names or spec.name in names
    ]


def _invalid(name: str, error: ValidationError) -> str:
    """A validation error as words: "times input should be a valid integer"."""
    first = error.errors()[0]
    where = ".".join(str(p) for p in first.get("loc", ())) or name
    return f"{where} {first.get('msg', 'is invalid').lower()}"


def _refusal(name: str, by: str) -> Callable[[Exception], BodyStatus]:
    def refuse(error: Exception) -> BodyStatus:
        why = _invalid(name, error) if isinstance(error, ValidationError) else str(error)
        return BodyStatus(f"could not {name}: {why}", "refused", name, by)

    return refuse


def _tool_func(name: str, dispatch: Callable[[Call], str], by: str) -> Callable[..., str]:
    def tool_func(**kwargs: Any) -> str:
        try:
            call = make_call(name, kwargs, by)
        except CallError as e:
            return BodyStatus(f"could not {name}: {e}", "refused", name, by)
        return dispatch(call)

    tool_func.__name__ = name
    tool_func.__doc__ = TOOLS[name].description
    return tool_func
