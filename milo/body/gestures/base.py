"""What a gesture is: one object that says everything about one motion tool.

A gesture module (one per tool, beside this file) defines a `Gesture` subclass and an instance
named `GESTURE`. From the set of them come the LangChain tools (milo.body.tools), the [ACTION]
line's grammar and placeholder (milo.body.actions), the reading of the user's own words
(milo.body.instructions), `milo move`'s help and the front ends' wording. Adding a tool is one
new module here plus its test.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from typing import Any, Callable, ClassVar, Optional

from pydantic import BaseModel, model_validator

from milo.body.limits import Range
from milo.body.robots import Robot


class GestureInput(BaseModel):
    """A gesture's arguments (what a model sees as the tool's schema)."""

    @model_validator(mode="before")
    @classmethod
    def _whole_counts(cls, data: Any) -> Any:
        # A model's 2.0 or 2.4 for a count is read as a whole number, here and in LangChain's
        # own validation of a native tool call, instead of failing the call.
        if isinstance(data, dict):
            data = dict(data)
            for key, value in data.items():
                field = cls.model_fields.get(key)
                if field is not None and field.annotation is int and isinstance(value, float) and math.isfinite(value):
                    data[key] = int(round(value))
        return data


@dataclass(frozen=True)
class Words:
    """User words that ask for a gesture. `pattern` finds the phrase in one clause; `read(match,
    clause)` gives the arguments, or None when the phrase is not a request after all ("turn off
    the light"). When two phrases start at the same place in a clause, the lower `rank` is read."""

    pattern: re.Pattern
    rank: int
    read: Callable[[re.Match, str], Optional[dict]]


# The [ACTION] grammar's value for an angle: what a small model writes, clamped afterwards.
ANGLE_GBNF = '"-"? [0-9] [0-9]? [0-9]?'


class Gesture:
    """One motion tool. Subclasses set the class attributes and write `perform` and `in_words`."""

    name: ClassVar[str]
    rank: ClassVar[int]  # its place in every list (tools, grammar, placeholder, help)
    Input: ClassVar[type[GestureInput]]
    description: ClassVar[str]  # how it is described to a model
    ranges: ClassVar[dict[str, Range]] = {}  # argument -> the range it is clamped to
    hidden_defaults: ClassVar[tuple[str, ...]] = ()  # left out of descriptions (at their default) and the grammar
    words: ClassVar[tuple[Words, ...]] = ()  # the user's words that ask for it
    example: ClassVar[dict[str, Any]] = {}  # arguments for `milo robot demo` and the tool tests

    def perform(self, robot: Robot, **args: Any) -> str:
        """Move `robot` (every move through robot.goto, which clamps again) and say what was done."""
        raise NotImplementedError

    def in_words(self, **args: Any) -> str:
        """What was asked, after "Milo chose to": "nod twice"."""
        raise NotImplementedError

    # ---- derived from the attributes -------------------------------------------------------
    def defaults(self) -> dict[str, Any]:
        return {n: f.default for n, f in self.Input.model_fields.items() if not f.is_required()}

    def gbnf(self) -> str:
        """The GBNF alternative for one call of this gesture in the [ACTION] line (the arguments
        a model may set; hidden ones keep their defaults)."""
        shown = [n for n in self.Input.model_fields if n not in self.hidden_defaults]
        if not shown:
            return f'"{self.name}()"'
        parts = [f'"{self.name}(' if i == 0 else '", ' for i in range(len(shown))]
        out = " ".join(f'{p}{n}=" {self._value_gbnf(n)}' for p, n in zip(parts, shown))
        return f'{out} ")"'

    def _value_gbnf(self, arg: str) -> str:
        kind = self.Input.model_fields[arg].annotation
        rng = self.ranges.get(arg)
        if kind is int and rng is not None and 0 <= rng.low <= rng.high <= 9:
            return f"[{int(rng.low)}-{int(rng.high)}]"
        if kind is int:
            return "[0-9] [0-9]?"
        if kind is float:
            return ANGLE_GBNF
        raise TypeError(f"{self.name}.{arg}: the [ACTION] grammar knows int and float arguments only")


def repeated(schema: str, default: int, most: int, what: str) -> tuple[type[GestureInput], dict[str, Range]]:
    """A gesture done `times` times, 1 to `most`: its arguments' schema (named `schema`) and range,
    written once (`Input, ranges = repeated(...)` in its class)."""
    from pydantic import Field, create_model

    described = Field(default, description=f"how many {what}, 1 to {most}")
    return create_model(schema, __base__=GestureInput, times=(int, described)), {"times": Range("times", 1, most)}


def counted(name: str, one: str = "") -> Callable[[re.Match, str], Optional[dict]]:
    """A reader for gestures done a number of times ("nod twice", "wiggle 3 times"); `one`: a
    phrase that means once ("a nod")."""
    from milo.body.words import count

    def read(m: re.Match, clause: str) -> Optional[dict]:
        n = count(clause[m.start():])
        if n is None and one and re.search(one, m.group(0), re.IGNORECASE):
            n = 1
        return {} if n is None else {"times": n}

    read.__name__ = f"read_{name}"
    return read


def neutral_head(robot: Robot, duration: float = 0.5) -> None:
    """Head level and centred, body at 0 (where most gestures end)."""
    robot.goto(pitch=0, roll=0, yaw=0, body_yaw=0, duration=duration)
