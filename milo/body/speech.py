"""A head that listens and talks: attention when someone starts speaking, a thinking pose while
the answer is being made, then, while it is heard, the head follows the loudness of the audio.

`ListeningPose`: the head level and straight ahead, the antennas upright, when speech starts.

`Breathing`: awake and silent (a listen or follow-up window open), a slow rise and fall, ended
by anything else the body is asked to do.

`ThinkingPose`: the head tilted a little and raised, the antennas perked (further apart), from
when a question is taken until the first sentence is heard.

`SpeechMotion.from_pcm(pcm, rate)` reads the loudness envelope of 16-bit mono PCM (the audio
about to be played) in WINDOW_S steps; performed by the body's worker (the one owner of every
move, so it never overlaps a gesture), each step tilts the head up a little with the loudness
and sways it, then the head goes back level. Every value goes through `robot.goto`, clamped
like every move; the whole motion lasts as long as the audio.
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass
from typing import Callable

import numpy as np

from milo.body import limits
from milo.body.robots import Robot
from milo.body.tools import BodyStatus

WINDOW_S = 0.25  # one head move per quarter second: a syllable-ish rhythm, few SDK calls
PITCH_LOUD = -8.0  # degrees at full loudness (negative looks up, towards the listener)
ROLL_SWAY = 3.0  # degrees of roll, alternating side, at full loudness
QUIET = 0.02  # RMS (of full scale) under which a window is a pause: the head rests
MAX_S = 60.0  # longer audio is followed for its first minute


THINK_PITCH, THINK_ROLL, THINK_ANTENNAS, THINK_S = -6.0, 8.0, (-30.0, 30.0), 0.4
LISTEN_ANTENNAS, LISTEN_S = (0.0, 0.0), 0.3  # antennas upright (rest is +/-10), head level and straight
# Breathing: a slow rise and fall of the head and antennas, BREATH_S a breath, in BREATH_STEP_S
# moves; small enough to read as alive, not as a gesture.
BREATH_S, BREATH_STEP_S, BREATH_PITCH, BREATH_ANTENNAS = 4.0, 0.5, 2.5, 6.0


class _Ambient:
    """A motion of the body's own, performed by its worker like a tool's Call (describe,
    status, run) without being a tool."""

    def describe(self) -> str:
        raise NotImplementedError

    def status(self, text: str, kind: str) -> BodyStatus:
        return BodyStatus(text, kind, self.describe(), "voice")


class ThinkingPose(_Ambient):
    """The pose of a question being thought about."""

    name = "thinking"

    def describe(self) -> str:
        return "thinking()"

    def run(self, robot: Robot) -> BodyStatus:
        robot.goto(pitch=THINK_PITCH, roll=THINK_ROLL, antennas=THINK_ANTENNAS, duration=THINK_S)
        return self.status("tilted my head, thinking", "ambient")


class ListeningPose(_Ambient):
    """Attention: someone started speaking. The head level and straight ahead (the user's
    direction is not known: the SDK's audio gives no direction here), the antennas upright."""

    name = "listening"

    def describe(self) -> str:
        return "listening()"

    def run(self, robot: Robot) -> BodyStatus:
        robot.goto(pitch=0.0, roll=0.0, yaw=0.0, antennas=LISTEN_ANTENNAS, duration=LISTEN_S)
        return self.status("looked up, listening", "ambient")


class Breathing(_Ambient):
    """Awake and silent: the head rises and falls slowly, the antennas with it, for `seconds`
    or until `stop()` says so (checked before each small move: anything else queued for the
    body, or the window closing, ends it within BREATH_STEP_S); then level, antennas at rest."""

    name = "breathing"

    def __init__(self, seconds: float, stop: Callable[[], bool] = lambda: False):
        self.seconds, self.stop = max(0.0, float(seconds)), stop

    def describe(self) -> str:
        return f"breathing({self.seconds:.1f} s)"

    def poses(self) -> list[tuple[float, tuple[float, float]]]:
        """(pitch, antennas) of each step: one sine per BREATH_S, starting and ending level."""
        out = []
        left, right = limits.REST_ANTENNAS
        for i in range(1, int(self.seconds / BREATH_STEP_S) + 1):
            rise = math.sin(2 * math.pi * i * BREATH_STEP_S / BREATH_S)
            out.append((-BREATH_PITCH * rise, (left - BREATH_ANTENNAS * rise, right + BREATH_ANTENNAS * rise)))
        return out

    def run(self, robot: Robot) -> BodyStatus:
        moved = 0
        start = time.monotonic()
        for pitch, antennas in self.poses():
            if self._stopped_before(start + moved * BREATH_STEP_S):
                break
            robot.goto(pitch=pitch, antennas=antennas, duration=BREATH_STEP_S)
            moved += 1
        if moved:
            robot.goto(pitch=0.0, roll=0.0, antennas=limits.REST_ANTENNAS, duration=BREATH_STEP_S)
        return self.status(f"breathed for {moved * BREATH_STEP_S:.1f} s", "ambient")

    def _stopped_before(self, when: float) -> bool:
        """Wait until `when` (a robot that does not block for a move's duration would otherwise
        run through every breath at once), looking at `stop` every 50 ms; True once it says so."""
        while True:
            if self.stop():
                return True
            left = when - time.monotonic()
            if left <= 0:
                return False
            time.sleep(min(0.05, left))


@dataclass(frozen=True)
class SpeechMotion(_Ambient):
    """Head poses in time with a stretch of audio: one (pitch, roll) per WINDOW_S."""

    levels: tuple[float, ...]  # loudness per window, 0..1 (of the loudest window)
    name = "speaking"

    @classmethod
    def from_pcm(cls, pcm: bytes, rate: int) -> "SpeechMotion":
        return cls(tuple(envelope(pcm, rate)))

    def poses(self) -> list[tuple[float, float]]:
        return [(PITCH_LOUD * level, ROLL_SWAY * level * (1 if i % 2 else -1)) for i, level in enumerate(self.levels)]

    def describe(self) -> str:
        return f"speaking({len(self.levels) * WINDOW_S:.2f} s)"

    def run(self, robot: Robot) -> BodyStatus:
        for pitch, roll in self.poses():
            robot.goto(pitch=pitch, roll=roll, duration=WINDOW_S)
        if self.levels:  # level again, the antennas back at rest (after a thinking pose)
            robot.goto(pitch=0, roll=0, antennas=limits.REST_ANTENNAS, duration=WINDOW_S)
        return self.status(f"moved my head along with {len(self.levels) * WINDOW_S:.1f} s of speech", "ambient")


def envelope(pcm: bytes, rate: int) -> list[float]:
    """Loudness per WINDOW_S of 16-bit little-endian mono PCM, scaled to the loudest window
    (0..1); a window under QUIET of full scale is 0."""
    # numpy: it runs on the speaker's thread just before each sentence plays (a Python loop over
    # the samples took ~4 ms for 5 s of audio, numpy ~1 ms).
    samples = np.frombuffer(pcm[: len(pcm) - len(pcm) % 2][: int(MAX_S * rate) * 2], dtype="<i2").astype(np.float64)
    step = max(1, int(rate * WINDOW_S))
    rms = [float(np.sqrt(np.mean(np.square(samples[at: at + step])))) / 32768.0 for at in range(0, len(samples), step)]
    loudest = max(rms, default=0.0)
    if loudest < QUIET:
        return [0.0] * len(rms)
    return [0.0 if r < QUIET else r / loudest for r in rms]
