"""Robot drivers: the real Reachy Mini (through its official SDK) and a console stand-in.

Both share `Robot.goto`, the one door every motion goes through. It clamps every value to
milo.body.limits (the SDK clamps nothing), keeps the head and the body within 45 degrees of
each other (body yaw alone stops 65 degrees from the head: whichever of the two is asked to go
further drags the other along), and records what was asked and what the robot reported back.

`ReachyRobot` imports `reachy_mini` only when it connects. It passes `body_yaw=None` on
head-only moves (the SDK would otherwise turn the body back to 0), and turns a dead daemon
(`TimeoutError`, then `ConnectionError`, no reconnection of its own) into `BodyNotAnswering`,
reconnecting on a later gesture.

Drivers are not thread-safe: `milo.body.Body` calls them from one worker thread only.
"""

from __future__ import annotations

import logging
import math
import time
from collections import deque
from dataclasses import dataclass, field
from typing import Callable, Optional

import milo.body.limits as limits
from milo.errors import BodyError, BodyNotAnswering

log = logging.getLogger("milo.body")


@dataclass(frozen=True)
class Pose:
    """Head orientation, body yaw and antennas, in degrees."""

    pitch: float = 0.0
    roll: float = 0.0
    yaw: float = 0.0
    body_yaw: float = 0.0
    antennas: tuple[float, float] = limits.REST_ANTENNAS

    def rounded(self, digits: int = 1) -> "Pose":
        r = lambda v: round(v, digits) + 0.0  # noqa: E731  (+0.0 turns -0.0 into 0.0)
        return Pose(r(self.pitch), r(self.roll), r(self.yaw), r(self.body_yaw), (r(self.antennas[0]), r(self.antennas[1])))


NEUTRAL = Pose()
MAX_YAW_STEP = 120.0  # degrees of head yaw per goto (see Robot.goto)


def angle_diff(a: float, b: float) -> float:
    """a - b wrapped to [-180, 180) (yaw 180 and -180 are the same heading)."""
    return (a - b + 180.0) % 360.0 - 180.0


@dataclass
class Step:
    """One goto: what was sent (after clamping) and the pose read back when it ended."""

    target: Pose
    head: bool
    antennas: bool
    body: bool
    duration: float
    reached: Optional[Pose] = None
    clamped: list[str] = field(default_factory=list)


class Robot:
    """Base driver: clamping, head/body coupling and the step trace. Subclasses send."""

    kind = "robot"

    def __init__(self) -> None:
        self.target = NEUTRAL  # last pose sent
        self.trace: deque[Step] = deque(maxlen=500)

    # --- what subclasses provide -----------------------------------------------------------
    def describe(self) -> str:
        return self.kind

    def ensure_ready(self) -> None:
        """Connect (or reconnect) if needed; raise BodyNotAnswering if that fails."""

    def _send(self, step: Step) -> None:
        raise NotImplementedError

    def read_pose(self) -> Pose:
        return self.target

    def close(self) -> None:
        pass

    # --- the one door ----------------------------------------------------------------------
    def goto(
        self,
        *,
        pitch: Optional[float] = None,
        roll: Optional[float] = None,
        yaw: Optional[float] = None,
        antennas: Optional[tuple[float, float]] = None,
        body_yaw: Optional[float] = None,
        duration: float = 0.5,
    ) -> Step:
        """Move to the given values (None: keep). Everything is clamped before it is sent."""
        clamped: list[str] = []

        def c(rng: limits.Range, value: float) -> float:
            v, changed = rng.clamp(value)
            if changed:
                clamped.append(f"{rng.name} {value:g} -> {v:g}")
            return v

        cur = self.target
        keep = lambda rng, v: rng.clamp(v)[0]  # noqa: E731  (a pose read from the robot may lie outside)
        head = pitch is not None or roll is not None or yaw is not None
        new_pitch = c(limits.HEAD_PITCH, pitch) if pitch is not None else keep(limits.HEAD_PITCH, cur.pitch)
        new_roll = c(limits.HEAD_ROLL, roll) if roll is not None else keep(limits.HEAD_ROLL, cur.roll)
        new_yaw = c(limits.HEAD_YAW, yaw) if yaw is not None else keep(limits.HEAD_YAW, cur.yaw)
        new_body = c(limits.BODY_YAW, body_yaw) if body_yaw is not None else keep(limits.BODY_YAW, cur.body_yaw)
        new_ant = (
            (c(limits.ANTENNA, antennas[0]), c(limits.ANTENNA, antennas[1]))
            if antennas is not None
            else (keep(limits.ANTENNA, cur.antennas[0]), keep(limits.ANTENNA, cur.antennas[1]))
        )
        dur = c(limits.MOVE_DURATION, duration)

        # Head and body stay within MAX_HEAD_BODY_OFFSET of each other: what was asked for
        # explicitly wins, the other one follows. A head turn without a body yaw puts the body
        # where that head yaw needs it, nearest to 0 (so looking back to the centre brings the
        # body home); a body turn without a head yaw drags the head only as far as it must.
        if yaw is not None and body_yaw is None:
            new_body = limits.BODY_YAW.clamp(limits.follow(0.0, new_yaw))[0]
        if abs(new_yaw - new_body) > limits.MAX_HEAD_BODY_OFFSET:
            new_yaw = limits.HEAD_YAW.clamp(limits.follow(new_yaw, new_body))[0]
            head = head or new_yaw != cur.yaw
        step = Step(
            target=Pose(new_pitch, new_roll, new_yaw, new_body, new_ant),
            head=head,
            antennas=antennas is not None,
            body=new_body != cur.body_yaw or body_yaw is not None,
            duration=dur,
            clamped=clamped,
        )
        if not (step.head or step.antennas or step.body):
            step.reached = self.target
            return step
        # A head pose cannot tell yaw 240 from -120: a turn of more than MAX_YAW_STEP degrees
        # is sent in parts, or the head would take the short way round while the body takes
        # the long one (and the daemon's IK would then pull them apart).
        parts = max(1, math.ceil(abs(new_yaw - cur.yaw) / MAX_YAW_STEP - 1e-9))
        part_duration = max(dur / parts, limits.MOVE_DURATION.low)
        a = Pose(  # where the parts start from, inside the ranges too
            keep(limits.HEAD_PITCH, cur.pitch),
            keep(limits.HEAD_ROLL, cur.roll),
            keep(limits.HEAD_YAW, cur.yaw),
            keep(limits.BODY_YAW, cur.body_yaw),
            (keep(limits.ANTENNA, cur.antennas[0]), keep(limits.ANTENNA, cur.antennas[1])),
        )
        for i in range(1, parts):
            f = i / parts
            mid = Pose(
                a.pitch + f * (new_pitch - a.pitch),
                a.roll + f * (new_roll - a.roll),
                a.yaw + f * (new_yaw - a.yaw),
                a.body_yaw + f * (new_body - a.body_yaw),
                (a.antennas[0] + f * (new_ant[0] - a.antennas[0]), a.antennas[1] + f * (new_ant[1] - a.antennas[1])),
            )
            self._commit(Step(mid, step.head, step.antennas, step.body, part_duration))
        step.duration = part_duration
        self._commit(step)
        return step

    def _commit(self, step: Step) -> None:
        self._send(step)
        self.target = step.target
        self.trace.append(step)

    def rest(self, duration: float = 0.6) -> Step:
        """Head level and centred, body at 0, antennas at rest."""
        return self.goto(pitch=0, roll=0, yaw=0, body_yaw=0, antennas=limits.REST_ANTENNAS, duration=duration)


class ConsoleRobot(Robot):
    """No robot: remembers the pose it would have and, if given `write`, prints each move."""

    kind = "console"

    def __init__(self, write: Optional[Callable[[str], None]] = None) -> None:
        super().__init__()
        self.write = write

    def describe(self) -> str:
        return "console body (no robot)"

    def _send(self, step: Step) -> None:
        step.reached = step.target
        if self.write:
            t = step.target.rounded()
            parts = []
            if step.head:
                parts.append(f"head pitch {t.pitch:g} roll {t.roll:g} yaw {t.yaw:g}")
            if step.body:
                parts.append(f"body yaw {t.body_yaw:g}")
            if step.antennas:
                parts.append(f"antennas {t.antennas[0]:g}/{t.antennas[1]:g}")
            self.write(f"(console) {', '.join(parts)} in {step.duration:g} s")


def _connection_errors() -> tuple[type[BaseException], ...]:
    errors: list[type[BaseException]] = [OSError]  # ConnectionError and TimeoutError are OSErrors
    try:
        import websockets.exceptions

        errors.append(websockets.exceptions.ConnectionClosed)
    except ImportError:  # pragma: no cover
        pass
    return tuple(errors)


def sdk_missing_reason() -> Optional[str]:
    """None if `reachy_mini` imports, else one sentence saying how to install it."""
    try:
        import reachy_mini  # noqa: F401
    except Exception as e:  # ImportError, or a broken system dependency (Gst namespace)
        return (
            f"the Reachy Mini SDK is not installed ({e}); install the robot extra: "
            "see requirements-robot.txt and deps/apt-robot.txt"
        )
    return None


class ReachyRobot(Robot):
    """A Reachy Mini behind its daemon, driven with the official SDK."""

    kind = "reachy"
    SETTLE_S = 0.5  # after a goto, wait at most this long for the read-back to arrive
    SETTLE_TOLERANCE = 0.5
    RETRY_AFTER_S = 2.0  # after a failure, do not retry connecting more often than this

    def __init__(self, host: str = "localhost", port: int = 8000, connect_timeout: float = 5.0) -> None:
        super().__init__()
        self.host, self.port, self.connect_timeout = host, int(port), connect_timeout
        self._mini = None
        self._last_attempt = -math.inf
        self.connects = 0

    def describe(self) -> str:
        return f"Reachy Mini at {self.host}:{self.port}"

    @property
    def connected(self) -> bool:
        return self._mini is not None

    def connect(self) -> None:
        """Connect now; raise BodyError (SDK missing) or BodyNotAnswering (no daemon)."""
        missing = sdk_missing_reason()
        if missing:
            raise BodyError(missing[0].upper() + missing[1:] + ".")
        from reachy_mini import ReachyMini

        self._last_attempt = time.monotonic()
        local = self.host in ("localhost", "127.0.0.1", "::1")
        try:
            mini = ReachyMini(
                host=self.host,
                port=self.port,
                connection_mode="localhost_only" if local else "network",
                media_backend="no_media",
                timeout=self.connect_timeout,
                log_level="WARNING",
            )
        except _connection_errors() as e:
            log.info("connecting to %s failed: %s", self.describe(), e)
            raise BodyNotAnswering(f"no Reachy Mini daemon answers at {self.host}:{self.port}") from e
        self._mini = mini
        self.connects += 1
        self.target = self._read(mini)
        log.info("connected to %s", self.describe())

    def ensure_ready(self) -> None:
        if self._mini is not None:
            return
        if time.monotonic() - self._last_attempt < self.RETRY_AFTER_S:
            raise BodyNotAnswering(f"no Reachy Mini daemon answers at {self.host}:{self.port}")
        self.connect()

    def _drop(self) -> None:
        mini, self._mini = self._mini, None
        self._last_attempt = time.monotonic()
        if mini is not None:
            try:
                mini.client.disconnect()
            except Exception:  # already dead
                pass

    def _send(self, step: Step) -> None:
        self.ensure_ready()
        from reachy_mini.utils import create_head_pose

        t = step.target
        kwargs: dict = {
            "duration": step.duration,
            # None keeps the body where it is; 0.0 (the SDK's default) would turn it back.
            "body_yaw": math.radians(t.body_yaw) if step.body else None,
        }
        if step.head:
            kwargs["head"] = create_head_pose(pitch=t.pitch, roll=t.roll, yaw=t.yaw, degrees=True)
        if step.antennas:
            kwargs["antennas"] = [math.radians(t.antennas[0]), math.radians(t.antennas[1])]
        try:
            try:
                self._mini.goto_target(**kwargs)
            except _connection_errors():
                raise
            except Exception as e:
                # The daemon's playback loop can fail a goto on its own ("Task failed with
                # error: time value is out of range [0,1]": it reads the clock twice, seen on a
                # loaded machine). The robot is then part way there: one more try finishes it.
                log.info("goto failed (%s); trying once more", e)
                self._mini.goto_target(**kwargs)
            # The daemon's goto stops at its last 100 Hz tick before the end, which on a busy
            # machine is short of the target (seen: 1.3 degrees of a 90-degree turn). Setting
            # the exact final target closes that last bit.
            final = {k: v for k, v in kwargs.items() if k != "duration"}
            if any(v is not None for v in final.values()):
                self._mini.set_target(**final)
            step.reached = self._settle(step)
        except _connection_errors() as e:
            log.info("%s stopped answering: %s: %s", self.describe(), type(e).__name__, e)
            self._drop()
            raise BodyNotAnswering(f"the Reachy Mini at {self.host}:{self.port} stopped answering") from e

    def _settle(self, step: Step) -> Pose:
        """The pose read back once it is within tolerance of the target (or SETTLE_S passed)."""
        deadline = time.monotonic() + self.SETTLE_S
        while True:
            pose = self._read(self._mini)
            if _close_to(pose, step) or time.monotonic() >= deadline:
                return pose
            time.sleep(0.01)

    @staticmethod
    def _read(mini) -> Pose:
        from reachy_mini.utils.rotation import Rotation

        matrix = mini.get_current_head_pose()
        roll, pitch, yaw = Rotation.from_matrix(matrix[:3, :3]).as_euler("xyz", degrees=True)
        joints, antennas = mini.get_current_joint_positions()
        body_yaw = math.degrees(joints[0])
        return Pose(
            pitch=float(pitch),
            roll=float(roll),
            # the matrix gives yaw in [-180, 180]; the body says which turn it is (head -180 with
            # the body at -135 is not head +180)
            yaw=body_yaw + angle_diff(float(yaw), body_yaw),
            body_yaw=body_yaw,
            antennas=(math.degrees(antennas[0]), math.degrees(antennas[1])),
        )

    def read_pose(self) -> Pose:
        if self._mini is None:
            return self.target
        return self._read(self._mini)

    def close(self) -> None:
        self._drop()


def _close_to(pose: Pose, step: Step, tol: Optional[float] = None) -> bool:
    tol = ReachyRobot.SETTLE_TOLERANCE if tol is None else tol
    t = step.target
    diffs = []
    if step.head:
        diffs += [pose.pitch - t.pitch, pose.roll - t.roll, angle_diff(pose.yaw, t.yaw)]
    if step.body:
        diffs.append(pose.body_yaw - t.body_yaw)
    if step.antennas:
        diffs += [pose.antennas[0] - t.antennas[0], pose.antennas[1] - t.antennas[1]]
    return all(abs(d) <= tol for d in diffs)


def pose_error(pose: Pose, target: Pose) -> float:
    """The largest difference, in degrees, between two poses (yaw wrapped)."""
    return max(
        abs(pose.pitch - target.pitch),
        abs(pose.roll - target.roll),
        abs(angle_diff(pose.yaw, target.yaw)),
        abs(pose.body_yaw - target.body_yaw),
        abs(pose.antennas[0] - target.antennas[0]),
        abs(pose.antennas[1] - target.antennas[1]),
    )


__all__ = [
    "BodyError",
    "BodyNotAnswering",
    "ConsoleRobot",
    "NEUTRAL",
    "Pose",
    "ReachyRobot",
    "Robot",
    "Step",
    "angle_diff",
    "pose_error",
    "sdk_missing_reason",
]
