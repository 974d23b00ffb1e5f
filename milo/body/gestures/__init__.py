"""Every gesture Milo's body can make: one module each in this folder, found at import.

    from milo.body.gestures import GESTURES
    GESTURES["nod"].perform(robot, times=2)

A module is a gesture if it defines `GESTURE`, named as the module is, (an instance of milo.body.gestures.base.Gesture);
they are listed by their `rank`. Adding a tool is adding a module (and its test).
"""

from __future__ import annotations

import importlib
import pkgutil

from milo.body.gestures.base import Gesture


def _discover() -> dict[str, Gesture]:
    found: list[Gesture] = []
    for info in pkgutil.iter_modules(__path__):
        if info.name == "base" or info.name.startswith("_"):
            continue
        module = importlib.import_module(f"{__name__}.{info.name}")
        gesture = getattr(module, "GESTURE", None)
        if isinstance(gesture, Gesture):
            if gesture.name != info.name:  # one file per tool, named after it (the CLI lists the files)
                raise ImportError(f"{module.__name__} defines the gesture {gesture.name!r}: name the file after it")
            found.append(gesture)
    found.sort(key=lambda g: (g.rank, g.name))
    return {g.name: g for g in found}  # names are the modules' own: never two alike


GESTURES: dict[str, Gesture] = _discover()

__all__ = ["GESTURES", "Gesture"]
