"""Robot options and commands: `--robot`, `milo move "INSTRUCTION"`, `milo robot demo|status`.

Nothing here imports the Reachy Mini SDK; it is imported only when a robot is used.
"""

from __future__ import annotations

import argparse
import os
import sys
from typing import Callable

from milo.body import Body, BodyError, CallError, make_call, parse_command
from milo.body.robots import BodyNotAnswering, ConsoleRobot, ReachyRobot, sdk_missing_reason

ROBOT_MODES = ("auto", "reachy", "none")
DEFAULT_HOST = "localhost"
DEFAULT_PORT = 8000


def _err(msg: str) -> None:
    print(msg, file=sys.stderr, flush=True)


def add_robot_options(parser: argparse.ArgumentParser) -> None:
    """--robot, --robot-host, --robot-port (each with its environment variable)."""
    g = parser.add_argument_group("robot body")
    g.add_argument(
        "--robot",
        default=None,
        choices=ROBOT_MODES,
        help="auto: use the Reachy Mini daemon if one answers, else print gestures; reachy: require "
        "the daemon; none: only print gestures [env MILO_ROBOT, default auto]",
    )
    g.add_argument("--robot-host", default=None, help=f"host of the Reachy Mini daemon [env MILO_ROBOT_HOST, default {DEFAULT_HOST}]")
    g.add_argument("--robot-port", default=None, type=int, help=f"port of the Reachy Mini daemon [env MILO_ROBOT_PORT, default {DEFAULT_PORT}]")


def robot_settings(args: argparse.Namespace) -> tuple[str, str, int]:
    """(mode, host, port) from options, then environment, then defaults. Raises BodyError."""
    mode = (getattr(args, "robot", None) or os.environ.get("MILO_ROBOT") or "auto").strip().lower()
    if mode not in ROBOT_MODES:
        raise BodyError(f"MILO_ROBOT must be one of {', '.join(ROBOT_MODES)}, not {mode!r}.")
    host = (getattr(args, "robot_host", None) or os.environ.get("MILO_ROBOT_HOST") or DEFAULT_HOST).strip()
    port = getattr(args, "robot_port", None)
    if port is None:
        raw = os.environ.get("MILO_ROBOT_PORT") or str(DEFAULT_PORT)
        try:
            port = int(raw)
        except ValueError:
            raise BodyError(f"MILO_ROBOT_PORT must be a port number, not {raw!r}.") from None
    if not 0 < port < 65536:
        raise BodyError(f"the robot port must be between 1 and 65535, not {port}.")
    return mode, host, port


def make_body(args: argparse.Namespace, notice: Callable[[str], None] = _err) -> Body:
    """The body the options ask for. `auto` falls back to the console with one notice;
    `reachy` raises BodyError (one sentence) when the SDK or the daemon is missing."""
    mode, host, port = robot_settings(args)
    if mode == "none":
        return Body(ConsoleRobot())
    missing = sdk_missing_reason()
    if missing:
        if mode == "reachy":
            raise BodyError(f"--robot reachy: {missing}.")
        notice(f"milo: no robot body ({missing}); gestures will only be printed.")
        return Body(ConsoleRobot())
    robot = ReachyRobot(host, port)
    try:
        robot.connect()
    except BodyNotAnswering:
        if mode == "reachy":
            raise BodyError(
                f"no Reachy Mini daemon answers at {host}:{port}; start it (reachy-mini-daemon) or use --robot none."
            ) from None
        notice(f"milo: no Reachy Mini daemon answers at {host}:{port}; gestures will only be printed (--robot none hides this).")
        return Body(ConsoleRobot())
    return Body(robot)


# ---- commands ----------------------------------------------------------------------------------


def _perform_and_report(body: Body, calls) -> int:
    """Print each status as it happens; exit code 0 if every call was performed."""
    body.on_status = lambda s: print(s, flush=True)
    try:
        statuses = body.run(calls)
    finally:
        body.close()
    if any(not s or s.startswith("could not") for s in statuses):
        return 1
    return 0


def cmd_move(args: argparse.Namespace) -> int:
    text = " ".join(args.instruction).strip()
    try:
        calls = parse_command(text)
    except CallError as e:
        _err(f"milo: {e}")
        return 2
    if args.dry_run:
        for call in calls:
            print(call.describe())
        return 0
    try:
        body = make_body(args)
    except BodyError as e:
        _err(f"milo: {e}")
        return 2
    return _perform_and_report(body, calls)


DEMO = (
    ("nod", {"times": 2}),
    ("shake_head", {"times": 2}),
    ("look_around", {}),
    ("wiggle_antennas", {"times": 2}),
    ("spin_body", {"degrees": 45}),
    ("move_head", {"pitch": -15, "roll": 10, "yaw": 25}),
    ("move_head", {"pitch": 0, "roll": 0, "yaw": 0}),
)


def demo_calls():
    return [make_call(name, args) for name, args in DEMO]


def cmd_robot(args: argparse.Namespace) -> int:
    try:
        body = make_body(args)
    except BodyError as e:
        _err(f"milo: {e}")
        return 2
    if args.action == "status":
        pose = body.pose().rounded()
        print(f"body: {body.describe()}")
        print(
            f"head pitch {pose.pitch:g}, roll {pose.roll:g}, yaw {pose.yaw:g}; body yaw {pose.body_yaw:g}; "
            f"antennas {pose.antennas[0]:g}/{pose.antennas[1]:g} (degrees)"
        )
        body.close()
        return 0
    return _perform_and_report(body, demo_calls())


def register(subparsers) -> None:
    move = subparsers.add_parser(
        "move",
        help='perform a gesture without a model: milo move "nod twice, then look around"',
        description="Perform an instruction on the configured robot without any model and print each "
        "status. Plain words ('shake your head three times', 'turn 90 degrees to the left') or calls "
        "('move_head(pitch=20, yaw=30); nod(times=2)'). Gestures: nod(times), shake_head(times), "
        "look_around(), wiggle_antennas(times), spin_body(degrees, duration), "
        "move_head(pitch, roll, yaw, duration).",
    )
    move.add_argument("instruction", nargs="+", help="what to do")
    move.add_argument("--dry-run", action="store_true", help="print the calls it would make, move nothing")
    add_robot_options(move)
    move.set_defaults(func=cmd_move)

    robot = subparsers.add_parser(
        "robot",
        help="the robot body: demo (every gesture once), status (which body, its pose)",
        description="demo: run every gesture once. status: say which body is used and read its pose.",
    )
    robot.add_argument("action", choices=("demo", "status"))
    add_robot_options(robot)
    robot.set_defaults(func=cmd_robot)
