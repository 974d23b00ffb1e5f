"""The seventh gesture, dance (milo/body/gestures/dance.py): added as one file, it is a tool
everywhere a tool is. Its words, the model's [ACTION] line and native tool calls ask for it; it
moves within the safe ranges and ends at rest, on a recording robot and on the real Reachy Mini
daemon in its headless simulation (pose read back by an independent SDK client)."""

import math

import pytest
from robot_daemon import HAVE_REACHY, WHY_NOT, daemon_fixture

from milo.body import Body, make_call, plan
from milo.body import limits
from milo.body.actions import ACTION_GBNF, ACTION_PLACEHOLDER, parse_actions
from milo.body.gestures import GESTURES
from milo.body.gestures.dance import ROUND
from milo.body.instructions import parse_instruction
from milo.body.robots import NEUTRAL, Robot
from milo.body.tools import BY_MODEL, BY_TOOL_CALL, BY_USER, TOOL_NAMES, make_tools

daemon = daemon_fixture(scope="module")


class Recorder(Robot):
    def _send(self, step):
        step.reached = step.target


@pytest.mark.parametrize(
    "text,calls",
    [
        ("dance!", ["dance(times=1)"]),
        ("Hey, can you dance?", ["dance(times=1)"]),
        ("do a little dance", ["dance(times=1)"]),
        ("let's dance twice", ["dance(times=2)"]),
        ("dance for me and then nod once", ["dance(times=1)", "nod(times=1)"]),
        ("dance 9 times", ["dance(times=3)"]),
    ],
)
def test_asked_in_words(text, calls):
    got = parse_instruction(text)
    assert got.describe() == calls
    assert all(c.by == BY_USER for c in got.calls)


@pytest.mark.parametrize("text", ["I love to dance", "the dance class was fun", "please don't dance", "we went to a dance"])
def test_a_mention_is_no_request(text):
    assert parse_instruction(text).calls == []


def test_it_is_a_tool_everywhere_a_tool_is():
    assert "dance" in TOOL_NAMES and TOOL_NAMES[-1] == "dance"
    assert '"dance(times=" [1-3] ")"' in ACTION_GBNF
    assert "dance" in ACTION_PLACEHOLDER
    model_line = parse_actions("dance(times=2)", by=BY_MODEL)
    assert model_line.describe() == ["dance(times=2)"] and model_line.calls[0].by == BY_MODEL
    native = plan("", "", [{"name": "dance", "args": {"times": 7}}])
    assert [(c.describe(), c.notes, c.by) for c in native] == [("dance(times=3)", ("times 7 -> 3",), BY_TOOL_CALL)]
    tools = {t.name: t for t in make_tools(lambda call: call.run(Recorder()))}
    said = tools["dance"].invoke({"times": 2})
    assert (said, said.kind) == ("danced twice", "done")
    refused = tools["dance"].invoke({"times": "all night"})
    assert refused.kind == "refused" and refused.startswith("could not dance")
    assert make_call("dance", {"times": 3}).in_words() == "dance 3 times"


def test_every_beat_is_inside_the_safe_ranges_and_it_ends_at_rest():
    robot = Recorder()
    status = make_call("dance", {"times": 2}).run(robot)
    assert (status, status.kind) == ("danced twice", "done")
    steps = list(robot.trace)
    assert len(steps) == 2 * len(ROUND) + 2
    for step in steps:
        t = step.target
        assert t.pitch in limits.HEAD_PITCH and t.roll in limits.HEAD_ROLL and t.body_yaw in limits.BODY_YAW
        assert t.antennas[0] in limits.ANTENNA and t.antennas[1] in limits.ANTENNA
    swayed = {round(s.target.body_yaw) for s in steps}
    assert {15, -15} <= swayed  # it does sway both ways
    assert robot.target == NEUTRAL


@pytest.mark.skipif(not HAVE_REACHY, reason=WHY_NOT or "reachy_mini available")
def test_it_dances_on_the_simulated_reachy_mini(daemon):
    from reachy_mini import ReachyMini

    from milo.body.robots import ReachyRobot

    robot = ReachyRobot("localhost", daemon.port)
    robot.connect()
    body = Body(robot)
    observer = ReachyMini(connection_mode="localhost_only", port=daemon.port, media_backend="no_media", log_level="WARNING")
    try:
        start = len(robot.trace)
        assert body.run([make_call("dance", {"times": 1})]) == ["danced"]
        steps = list(robot.trace)[start:]
        assert len(steps) == len(ROUND) + 2
        # each beat was read back from the daemon where it was sent
        for step, beat in zip(steps, ROUND):
            assert step.reached is not None
            assert abs(step.reached.body_yaw - beat["body_yaw"]) <= 1.0
            assert abs(step.reached.pitch - beat["pitch"]) <= 1.0
        joints, antennas = observer.get_current_joint_positions()
        assert abs(math.degrees(joints[0])) <= 1.0  # the body is back at 0
        assert all(abs(math.degrees(a) - r) <= 1.0 for a, r in zip(antennas, limits.REST_ANTENNAS))
    finally:
        observer.client.disconnect()
        body.close()


def test_it_was_found_as_a_file():
    assert type(GESTURES["dance"]).__module__ == "milo.body.gestures.dance"
