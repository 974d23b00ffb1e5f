"""`milo doctor`: what this machine has for Milo, each missing piece with its fix.

A row is (name, ok, detail): ok True = fine, False = cannot work until fixed (the detail says
how), None = optional and missing. Each package contributes `doctor_rows(settings)`.
"""

from __future__ import annotations

import importlib
from typing import Callable, Iterable

Row = tuple  # (name: str, ok: Optional[bool], detail: str)
SOURCES = ("milo.voice.doctor", "milo.chat.models", "milo.body.cli")


def collect(settings, sources: Iterable = SOURCES) -> list[Row]:
    """Every package's rows; a check that breaks is an ERR row, never a traceback. A source is a
    module name or a callable settings -> rows."""
    rows: list[Row] = []
    for source in sources:
        name = source if isinstance(source, str) else getattr(source, "__name__", "check")
        try:
            provider: Callable = importlib.import_module(source).doctor_rows if isinstance(source, str) else source
        except ImportError:
            continue  # an optional part that is not installed
        try:
            rows.extend(provider(settings))
        except Exception as e:  # a broken check must not hide the others
            rows.append((name, False, f"the check itself failed ({type(e).__name__}: {e})"))
    return rows


def render(rows: Iterable[Row]) -> str:
    rows = list(rows)
    width = max((len(r[0]) for r in rows), default=0)
    marks = {True: "ok ", False: "ERR", None: " - "}
    return "\n".join(f"[{marks[r[1] if r[1] in (True, False) else None]}] {r[0].ljust(width)}  {r[2]}" for r in rows)


def run(settings, sources: Iterable = SOURCES, out: Callable[[str], None] = print) -> int:
    rows = collect(settings, sources)
    out(render(rows))
    problems = [r for r in rows if r[1] is False]
    if problems:
        out(f"{len(problems)} problem{'s' if len(problems) > 1 else ''} to fix before talking to Milo by voice (see ERR above).")
        return 1
    out("Everything Milo needs to listen and speak is here.")
    return 0


def register(sub, kit) -> None:
    d = sub.add_parser(
        "doctor", parents=[kit.common, kit.chat], help="check microphone, speaker, speech engines, model and robot",
        description="List audio devices, the speech-to-text and text-to-speech engines and models found, the chat "
        "model and the robot; each missing piece with its fix.",
    )
    d.set_defaults(func=lambda args: run(kit.settings(args)))
