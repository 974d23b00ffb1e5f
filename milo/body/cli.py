"""Robot options and commands: `--robot`, `milo move "INSTRUCTION"`, `milo robot demo|status`.

Nothing here imports the Reachy Mini SDK; it is imported only when a robot is used.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Callable

from typing import TYPE_CHECKING

from milo.body.robots import ConsoleRobot, ReachyRobot, sdk_missing_reason
from milo.config import ROBOT_MODES, Settings
from milo.errors import BodyError, BodyNotAnswering

if TYPE_CHECKING:  # the tools (pydantic) load only when a gesture is planned or performed
    from milo.body.worker import Body

_DEFAULTS = Settings()
DEFAULT_HOST, DEFAULT_PORT = _DEFAULTS.robot_host, _DEFAULTS.robot_port


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


def make_body(settings: Settings, notice: Callable[[str], None] = _err) -> "Body":
    """The body the settings ask for. `auto` falls back to the console with one notice;
    `reachy` raises BodyError (one sentence) when the SDK or the daemon is missing."""
    from milo.body.worker import Body

    mode, host, port = settings.robot, settings.robot_host, settings.robot_port
    if mode == "none":
        return Body(ConsoleRobot(), gestures=settings.gestures)
    missing = sdk_missing_reason()
    if missing:
        if mode == "reachy":
            raise BodyError(f"--robot reachy: {missing}.")
        notice(f"milo: no robot body ({missing}); gestures will only be printed.")
        return Body(ConsoleRobot(), gestures=settings.gestures)
    robot = ReachyRobot(host, port)
    try:
        robot.connect()
    except BodyNotAnswering:
        if mode == "reachy":
            raise BodyError(
                f"no Reachy Mini daemon answers at {host}:{port}; start it (reachy-mini-daemon) or use --robot none."
            ) from None
        notice(f"milo: no Reachy Mini daemon answers at {host}:{port}; gestures will only be printed (--robot none hides this).")
        return Body(ConsoleRobot(), gestures=settings.gestures)
    return Body(robot, gestures=settings.gestures)


# ---- commands ----------------------------------------------------------------------------------


def _perform_and_report(body: "Body", calls) -> int:
    """Print each status as it happens; exit code 0 if every call was performed."""
    body.on_status = lambda s: print(s, flush=True)
    try:
        statuses = body.run(calls)
    finally:
        body.close()
    if any(not s.ok for s in statuses):
        return 1
    return 0


def cmd_move(args: argparse.Namespace) -> int:
    from milo.body.planning import parse_command
    from milo.body.tools import CallError

    settings = Settings.load(args)
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
    return _perform_and_report(make_body(settings), calls)


def gesture_names() -> list[str]:
    """The gestures' names from their files (one module each, named after its gesture), without
    importing them: the tools load pydantic (~0.2 s), too slow for building the CLI's help."""
    folder = Path(__file__).with_name("gestures")
    return sorted(p.stem for p in folder.glob("*.py") if not p.stem.startswith("_") and p.stem != "base")


def demo_calls():
    """Every gesture once, with its example arguments, then the head level again."""
    from milo.body.tools import BY_COMMAND, TOOLS, make_call

    calls = [make_call(name, dict(spec.example), BY_COMMAND) for name, spec in TOOLS.items()]
    return calls + [make_call("move_head", {}, BY_COMMAND)]


def cmd_robot(args: argparse.Namespace) -> int:
    body = make_body(Settings.load(args))
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


def register(subparsers, kit) -> None:
    robot_options = argparse.ArgumentParser(add_help=False)
    add_robot_options(robot_options)
    move = subparsers.add_parser(
        "move", parents=[kit.common, robot_options],
        help='perform a gesture without a model: milo move "nod twice, then look around"',
        description="Perform an instruction on the configured robot without any model and print each "
        "status. Plain words ('shake your head three times', 'turn 90 degrees to the left') or calls "
        f"('move_head(pitch=20, yaw=30); nod(times=2)'). Gestures: {', '.join(gesture_names())}.",
    )
    move.add_argument("instruction", nargs="+", help="what to do")
    move.add_argument("--dry-run", action="store_true", help="print the calls it would make, move nothing")
    move.set_defaults(func=cmd_move)

    robot = subparsers.add_parser(
        "robot", parents=[kit.common, robot_options],
        help="the robot body: demo (every gesture once), status (which body, its pose)",
        description="demo: run every gesture once. status: say which body is used and read its pose.",
    )
    robot.add_argument("action", choices=("demo", "status"))
    robot.set_defaults(func=cmd_robot)


def doctor_rows(settings: Settings) -> list[tuple]:
    """`milo doctor`: which body Milo would use, and whether it answers."""
    mode, host, port = settings.robot, settings.robot_host, settings.robot_port
    missing = sdk_missing_reason()
    if mode == "none":
        return [("robot", None, "--robot none: gestures are printed")]
    if missing:
        return [("robot", mode == "auto" and None, f"{missing}; install it with scripts/setup.sh --robot")]
    import socket

    try:
        socket.create_connection((host, port), timeout=0.5).close()
        return [("robot", True, f"Reachy Mini daemon at {host}:{port}")]
    except OSError:
        return [("robot", False if mode == "reachy" else None, f"no daemon answers at {host}:{port}; start reachy-mini-daemon")]
