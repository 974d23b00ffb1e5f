"""Milo's body against the real Reachy Mini daemon in its headless simulation.

The daemon (tests/robot_daemon.py) runs as a separate process on a free port. Every check reads
the pose back from the daemon: through the driver's own read-back after each step (its trace),
and through an independent SDK client (the observer). Skipped only when reachy_mini is not
importable.
"""

import math
import subprocess
import sys
import time
from pathlib import Path

import pytest
from model_server import GOOD, ScriptedModelServer
from robot_daemon import HAVE_REACHY, WHY_NOT, RobotDaemon, daemon_fixture, free_port

from milo.body import ANSWERING_AGAIN, NOT_ANSWERING, Body, make_call
from milo.body import limits
from milo.body.robots import Pose, ReachyRobot, angle_diff

pytestmark = pytest.mark.skipif(not HAVE_REACHY, reason=WHY_NOT or "reachy_mini available")

ROOT = Path(__file__).resolve().parent.parent
TOL = 1.0  # degrees

daemon = daemon_fixture(scope="module")


# ---- helpers ------------------------------------------------------------------------------------


def read_pose(mini) -> Pose:
    """The pose as the daemon reports it to an independent SDK client."""
    from reachy_mini.utils.rotation import Rotation

    m = mini.get_current_head_pose()
    roll, pitch, yaw = Rotation.from_matrix(m[:3, :3]).as_euler("xyz", degrees=True)
    joints, antennas = mini.get_current_joint_positions()
    return Pose(float(pitch), float(roll), float(yaw), math.degrees(joints[0]), tuple(math.degrees(a) for a in antennas))


def differences(pose: Pose, expected: dict) -> dict:
    out = {}
    for key, want in expected.items():
        if key == "antennas":
            out[key] = max(abs(pose.antennas[0] - want[0]), abs(pose.antennas[1] - want[1]))
        elif key == "yaw":
            out[key] = abs(angle_diff(pose.yaw, want))
        else:
            out[key] = abs(getattr(pose, key) - want)
    return out


def settle(mini, expected: dict, timeout: float = 5.0) -> Pose:
    """Poll the observer until the pose matches `expected` within TOL (or the time is up) and
    return the last pose read; the assertion is made by the caller on that pose."""
    deadline = time.monotonic() + timeout
    while True:
        pose = read_pose(mini)
        if all(d <= TOL for d in differences(pose, expected).values()) or time.monotonic() > deadline:
            return pose
        time.sleep(0.05)


def assert_pose(pose: Pose, expected: dict) -> None:
    diffs = differences(pose, expected)
    assert all(d <= TOL for d in diffs.values()), f"pose {pose.rounded()} differs from {expected}: {diffs}"


NEUTRAL = {"pitch": 0, "roll": 0, "yaw": 0, "body_yaw": 0, "antennas": limits.REST_ANTENNAS}


def steps_reached(robot, since=0):
    """Every step since `since`: each must have been read back within TOL of its target."""
    steps = list(robot.trace)[since:]
    for step in steps:
        assert step.reached is not None
        expected = {}
        if step.head:
            expected.update(pitch=step.target.pitch, roll=step.target.roll, yaw=step.target.yaw)
        if step.body:
            expected["body_yaw"] = step.target.body_yaw
        if step.antennas:
            expected["antennas"] = step.target.antennas
        assert_pose(step.reached, expected)
    return steps


@pytest.fixture(scope="module")
def observer(daemon):
    from reachy_mini import ReachyMini

    mini = ReachyMini(connection_mode="localhost_only", port=daemon.port, media_backend="no_media", log_level="WARNING")
    yield mini
    mini.client.disconnect()


@pytest.fixture
def body(daemon):
    robot = ReachyRobot("localhost", daemon.port)
    robot.connect()
    statuses = []
    b = Body(robot, on_status=statuses.append)
    b.seen = statuses
    b.run([make_call("move_head", {"pitch": 0, "roll": 0, "yaw": 0})])
    robot.rest()
    yield b
    b.close()


# ---- each tool moves the simulated robot ---------------------------------------------------------


def test_nod_pitches_the_head_down_and_up_then_back(body, observer):
    start = len(body.robot.trace)
    assert body.run([make_call("nod", {"times": 2})]) == ["nodded twice"]
    steps = steps_reached(body.robot, start)
    pitches = [round(s.reached.pitch) for s in steps]
    assert pitches == [15, -8, 15, -8, 0]
    assert all(abs(s.reached.body_yaw) <= TOL for s in steps)
    assert_pose(settle(observer, NEUTRAL), NEUTRAL)


def test_shake_head_turns_the_head_left_and_right_then_back(body, observer):
    start = len(body.robot.trace)
    assert body.run([make_call("shake_head", {"times": 1})]) == ["shook my head once"]
    yaws = [round(s.reached.yaw) for s in steps_reached(body.robot, start)]
    assert yaws == [20, -20, 0]
    assert_pose(settle(observer, NEUTRAL), NEUTRAL)


def test_look_around_sweeps_left_right_and_centre(body, observer):
    start = len(body.robot.trace)
    assert body.run([make_call("look_around")]) == ["looked around"]
    yaws = [round(s.reached.yaw) for s in steps_reached(body.robot, start)]
    assert yaws == [50, -50, 0]
    assert_pose(settle(observer, NEUTRAL), NEUTRAL)


def test_wiggle_antennas_moves_both_then_rests(body, observer):
    start = len(body.robot.trace)
    assert body.run([make_call("wiggle_antennas", {"times": 1})]) == ["wiggled my antennas once"]
    antennas = [tuple(round(a) for a in s.reached.antennas) for s in steps_reached(body.robot, start)]
    assert antennas == [(35, -35), (-35, 35), (-10, 10)]
    assert_pose(settle(observer, NEUTRAL), NEUTRAL)


def test_spin_body_turns_the_body_and_back(body, observer):
    start = len(body.robot.trace)
    assert body.run([make_call("spin_body", {"degrees": 40, "duration": 0.6})]) == ["turned 40 degrees to my left and back"]
    out, back = steps_reached(body.robot, start)
    assert abs(out.reached.body_yaw - 40) <= TOL and abs(out.reached.yaw) <= TOL  # the head kept looking ahead
    assert abs(back.reached.body_yaw) <= TOL
    assert_pose(settle(observer, NEUTRAL), NEUTRAL)


def test_spin_beyond_65_degrees_turns_the_head_with_the_body(body, observer):
    start = len(body.robot.trace)
    (status,) = body.run([make_call("spin_body", {"degrees": -120, "duration": 1.0})])
    assert status == "turned 120 degrees to my right and back (my head turned along to -75)"
    out, back = steps_reached(body.robot, start)
    # body yaw alone would have stopped 65 degrees from the head (FACTS.md): it reached -120
    assert abs(out.reached.body_yaw + 120) <= TOL and abs(out.reached.yaw + 75) <= TOL
    assert_pose(settle(observer, NEUTRAL), NEUTRAL)


def test_move_head_holds_an_absolute_orientation(body, observer):
    assert body.run([make_call("move_head", {"pitch": 20, "roll": -10, "yaw": 30})]) == ["moved my head to pitch 20, roll -10, yaw 30"]
    time.sleep(0.3)  # it stays there: nothing brings it back
    assert_pose(read_pose(observer), {"pitch": 20, "roll": -10, "yaw": 30, "body_yaw": 0})
    (status,) = body.run([make_call("move_head", {"yaw": 150})])
    assert status == "moved my head to pitch 0, roll 0, yaw 150 (my body turned along to 105)"
    assert_pose(settle(observer, {"yaw": 150, "body_yaw": 105}), {"pitch": 0, "yaw": 150, "body_yaw": 105})
    body.run([make_call("move_head")])
    assert_pose(settle(observer, NEUTRAL), NEUTRAL)


def test_a_head_only_move_leaves_the_body_where_it_is(body, observer):
    """The SDK's body_yaw defaults to 0.0: a nod must not swing a turned body back."""
    body.run([make_call("move_head", {"yaw": 100})])
    assert_pose(settle(observer, {"yaw": 100, "body_yaw": 55}), {"yaw": 100, "body_yaw": 55})
    start = len(body.robot.trace)
    body.run([make_call("nod", {"times": 1})])
    down, up, home = steps_reached(body.robot, start)
    assert abs(down.reached.body_yaw - 55) <= TOL and abs(up.reached.body_yaw - 55) <= TOL
    assert abs(down.reached.pitch - 15) <= TOL
    assert_pose(settle(observer, NEUTRAL), NEUTRAL)


# ---- clamping -----------------------------------------------------------------------------------


def test_out_of_range_requests_arrive_clamped(body, observer):
    (status,) = body.run([make_call("move_head", {"pitch": 80, "roll": 0, "yaw": -400})])
    assert "clamped pitch 80 -> 40, yaw -400 -> -180" in status
    assert_pose(settle(observer, {"pitch": 40, "yaw": -180}), {"pitch": 40, "yaw": -180, "body_yaw": -135})
    start = len(body.robot.trace)
    (status,) = body.run([make_call("spin_body", {"degrees": 1000, "duration": 0.5})])
    assert "clamped degrees 1000 -> 160" in status
    (out,) = [s for s in steps_reached(body.robot, start) if s.target.body_yaw == 160]
    assert abs(out.reached.body_yaw - 160) <= TOL and abs(out.reached.yaw - 115) <= TOL
    start = len(body.robot.trace)
    (status,) = body.run([make_call("nod", {"times": 50})])
    assert status == "nodded 5 times (clamped times 50 -> 5)"
    assert sum(1 for s in steps_reached(body.robot, start) if s.target.pitch == 15) == 5
    # antennas: the SDK takes any angle (10 rad read back as 573 degrees); the driver does not send it
    step = body.robot.goto(antennas=(math.degrees(10), -1000), duration=0.3)
    assert step.clamped == ["antenna 572.958 -> 70", "antenna -1000 -> -70"]
    assert_pose(settle(observer, {"antennas": (70, -70)}), {"antennas": (70, -70)})
    body.robot.rest()
    assert_pose(settle(observer, NEUTRAL), NEUTRAL)


# ---- through a chat turn and the command line -----------------------------------------------------


def _milo_with(make_milo, server, body):
    from milo.chat.models import choose_model

    model = choose_model("openai:test-model", env={"MILO_BASE_URL": server.url}, timeout=30)
    return make_milo(model, body=body)


def test_a_chat_turn_asking_for_a_nod_nods_the_simulated_head(body, observer, make_milo):
    with ScriptedModelServer() as srv:  # the model calls no tool at all
        milo = _milo_with(make_milo, srv, body)
        start = len(body.robot.trace)
        result = milo.turn("Milo, can you nod twice for me?")
    assert result.ok and result.reply == "Hello from the loopback server!"
    assert result.gestures == ["nod(times=2)"]
    assert "nod" in [t["function"]["name"] for t in srv.requests[0]["tools"]]  # the model is offered the tools
    assert body.wait(timeout=30)
    pitches = [round(s.reached.pitch) for s in steps_reached(body.robot, start)]
    assert pitches == [15, -8, 15, -8, 0]
    assert body.seen[-1] == "nodded twice"
    assert_pose(settle(observer, NEUTRAL), NEUTRAL)


def test_the_models_tool_call_moves_the_robot(body, observer, make_milo):
    with ScriptedModelServer([("tools", GOOD, [("shake_head", '{"times": 1}')])]) as srv:
        milo = _milo_with(make_milo, srv, body)
        start = len(body.robot.trace)
        result = milo.turn("Do you like Mondays?")
    assert result.gestures == ["shake_head(times=1)"]
    assert body.wait(timeout=30)
    yaws = [round(s.reached.yaw) for s in steps_reached(body.robot, start)]
    assert yaws == [20, -20, 0]


def test_milo_move_command_drives_the_daemon(daemon, observer):
    run = subprocess.run(
        [sys.executable, "-m", "milo", "move", "--robot", "reachy", "--robot-port", str(daemon.port),
         "wiggle your antennas once, then move_head(pitch=20, yaw=30)"],
        cwd=ROOT, capture_output=True, text=True, timeout=120,
    )
    assert run.returncode == 0, run.stderr
    assert run.stdout.splitlines() == ["wiggled my antennas once", "moved my head to pitch 20, roll 0, yaw 30"]
    assert_pose(settle(observer, {"pitch": 20, "yaw": 30}), {"pitch": 20, "roll": 0, "yaw": 30, "body_yaw": 0})
    run = subprocess.run(
        [sys.executable, "-m", "milo", "move", "--robot-port", str(daemon.port), "look at me"],
        cwd=ROOT, capture_output=True, text=True, timeout=120, env=_env(MILO_ROBOT="auto"),
    )
    assert run.returncode == 0 and run.stdout.strip() == "moved my head to pitch 0, roll 0, yaw 0", run.stderr
    assert_pose(settle(observer, {"pitch": 0, "yaw": 0}), {"pitch": 0, "roll": 0, "yaw": 0, "body_yaw": 0})


def _env(**extra):
    import os

    env = dict(os.environ)
    env.update(extra)
    return env


# ---- losing the robot ---------------------------------------------------------------------------


def test_no_daemon_the_chat_goes_on_and_says_so_once(make_milo):
    robot = ReachyRobot("localhost", free_port())  # nothing listens there
    statuses = []
    body = Body(robot, on_status=statuses.append)
    try:
        with ScriptedModelServer() as srv:
            milo = _milo_with(make_milo, srv, body)
            first = milo.turn("nod twice, then look around the room")
            assert body.wait(timeout=30)
            second = milo.turn("shake your head")
            assert body.wait(timeout=30)
        assert first.ok and second.ok and second.reply == "Hello from the loopback server!"
        assert first.gestures == ["nod(times=2)", "look_around()"] and second.gestures == ["shake_head(times=2)"]
        assert len(statuses) == 1
        assert statuses[0].startswith(f"{NOT_ANSWERING}: no Reachy Mini daemon answers at localhost:{robot.port}")
    finally:
        body.close()


def test_daemon_killed_mid_gesture_then_back(make_milo):
    with RobotDaemon() as own:
        robot = ReachyRobot("localhost", own.port)
        robot.connect()
        robot.RETRY_AFTER_S = 0.5
        statuses = []
        body = Body(robot, on_status=statuses.append)
        try:
            body.respond("", "look_around(); nod(times=2)")
            deadline = time.monotonic() + 30
            while len(robot.trace) < 1 and time.monotonic() < deadline:  # the first sweep is done
                time.sleep(0.02)
            own.kill()  # during the second sweep (1.5 s)
            assert body.wait(timeout=30)
            assert [s for s in statuses if s.startswith(NOT_ANSWERING)] == statuses  # nothing performed after
            assert len(statuses) == 1 and "stopped answering" in statuses[0]

            with ScriptedModelServer() as srv:  # the chat goes on, without a second notice
                milo = _milo_with(make_milo, srv, body)
                result = milo.turn("can you shake your head?")
                assert result.ok and result.gestures == ["shake_head(times=2)"]
                assert body.wait(timeout=30)
            assert len(statuses) == 1

            own.start()  # the daemon is back on the same port: the body reconnects by itself
            deadline = time.monotonic() + 60
            while ANSWERING_AGAIN not in statuses and time.monotonic() < deadline:
                body.respond("nod once", "")
                body.wait(timeout=30)
                time.sleep(0.2)
            assert statuses[1:3] == [ANSWERING_AGAIN, "nodded once"]
            assert robot.connects == 2
            from reachy_mini import ReachyMini

            fresh = ReachyMini(connection_mode="localhost_only", port=own.port, media_backend="no_media", log_level="WARNING")
            try:
                assert_pose(settle(fresh, {"pitch": 0, "yaw": 0}), {"pitch": 0, "yaw": 0, "body_yaw": 0})
            finally:
                fresh.client.disconnect()
        finally:
            body.close()
