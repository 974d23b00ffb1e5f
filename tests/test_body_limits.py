"""Clamping, the head/body coupling, the tools' schemas and their status strings."""

import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from milo.body import limits
from milo.body.robots import ConsoleRobot, Pose, Robot
from milo.body.tools import TOOL_NAMES, TOOLS, CallError, make_call, make_tools


class RecordingRobot(Robot):
    """Records every step it would send (the real clamping and coupling run)."""

    def __init__(self):
        super().__init__()
        self.sent = []

    def _send(self, step):
        step.reached = step.target
        self.sent.append(step)


def test_range_clamp_reports_changes():
    assert TOOLS["nod"].ranges["times"].clamp(3) == (3, False)
    assert TOOLS["nod"].ranges["times"].clamp(9) == (5, True)
    assert TOOLS["nod"].ranges["times"].clamp(0) == (1, True)
    assert TOOLS["spin_body"].ranges["degrees"].clamp(-500) == (-160, True)
    with pytest.raises(ValueError):
        limits.HEAD_PITCH.clamp("up")
    with pytest.raises(ValueError):
        limits.HEAD_PITCH.clamp(float("nan"))


def test_follow_moves_only_as_far_as_needed():
    assert limits.follow(0, 30) == 0
    assert limits.follow(0, 100) == 55
    assert limits.follow(0, -170) == -125
    assert limits.follow(80, 100) == 80


def test_the_tools_exist_with_typed_schemas():
    assert TOOL_NAMES == ("nod", "shake_head", "look_around", "wiggle_antennas", "spin_body", "move_head", "dance")
    assert set(TOOLS["nod"].Input.model_fields) == {"times"}
    assert TOOLS["nod"].Input.model_fields["times"].annotation is int
    assert set(TOOLS["move_head"].Input.model_fields) == {"pitch", "roll", "yaw", "duration"}
    assert set(TOOLS["spin_body"].Input.model_fields) == {"degrees", "duration"}
    assert TOOLS["spin_body"].Input.model_fields["degrees"].is_required()


@pytest.mark.parametrize(
    "name,args,described,notes",
    [
        ("nod", {"times": 2}, "nod(times=2)", ()),
        ("nod", {"times": 9}, "nod(times=5)", ("times 9 -> 5",)),
        ("nod", {"times": 0}, "nod(times=1)", ("times 0 -> 1",)),
        ("nod", {"times": 2.6}, "nod(times=3)", ()),
        ("shake_head", {"times": -3}, "shake_head(times=1)", ("times -3 -> 1",)),
        ("wiggle_antennas", {"times": 7}, "wiggle_antennas(times=6)", ("times 7 -> 6",)),
        ("look_around", {}, "look_around()", ()),
        ("spin_body", {"degrees": 200}, "spin_body(degrees=160)", ("degrees 200 -> 160",)),
        ("spin_body", {"degrees": -90, "duration": 60}, "spin_body(degrees=-90, duration=5)", ("duration 60 -> 5",)),
        ("move_head", {"pitch": 80, "yaw": -300}, "move_head(pitch=40, roll=0, yaw=-180)", ("pitch 80 -> 40", "yaw -300 -> -180")),
        ("move_head", {"pitch": 20, "yaw": 30, "duration": 0.01}, "move_head(pitch=20, roll=0, yaw=30, duration=0.2)", ("duration 0.01 -> 0.2",)),
    ],
)
def test_calls_are_validated_and_clamped(name, args, described, notes):
    call = make_call(name, args)
    assert call.describe() == described
    assert call.notes == notes


@pytest.mark.parametrize(
    "name,args,message",
    [
        ("juggle", {}, "no gesture called 'juggle'"),
        ("nod", {"speed": 3}, "no argument 'speed'"),
        ("nod", {"times": "lots"}, "times"),
        ("spin_body", {}, "degrees"),
    ],
)
def test_bad_calls_are_one_sentence_errors(name, args, message):
    with pytest.raises(CallError, match=message):
        make_call(name, args)


@pytest.mark.parametrize(
    "name,args,status",
    [
        ("nod", {"times": 1}, "nodded once"),
        ("nod", {"times": 2}, "nodded twice"),
        ("nod", {"times": 8}, "nodded 5 times (clamped times 8 -> 5)"),
        ("shake_head", {"times": 3}, "shook my head 3 times"),
        ("look_around", {}, "looked around"),
        ("wiggle_antennas", {"times": 2}, "wiggled my antennas twice"),
        ("spin_body", {"degrees": 30}, "turned 30 degrees to my left and back"),
        ("spin_body", {"degrees": -120}, "turned 120 degrees to my right and back (my head turned along to -75)"),
        ("move_head", {"pitch": 20, "yaw": 30}, "moved my head to pitch 20, roll 0, yaw 30"),
        ("move_head", {"yaw": 100}, "moved my head to pitch 0, roll 0, yaw 100 (my body turned along to 55)"),
    ],
)
def test_status_strings(name, args, status):
    assert make_call(name, args).run(RecordingRobot()) == status


def test_gestures_return_to_neutral_and_move_head_stays():
    robot = RecordingRobot()
    for name, args in [("nod", {"times": 2}), ("shake_head", {"times": 2}), ("look_around", {}), ("spin_body", {"degrees": 150})]:
        make_call(name, args).run(robot)
        assert robot.target == Pose(), name
    make_call("wiggle_antennas", {"times": 1}).run(robot)
    assert robot.target.antennas == limits.REST_ANTENNAS
    make_call("move_head", {"pitch": -20, "roll": 10, "yaw": 30}).run(robot)
    assert robot.target == Pose(pitch=-20, roll=10, yaw=30)


def test_nod_pitches_down_and_up_and_spin_turns_the_body():
    robot = RecordingRobot()
    make_call("nod", {"times": 2}).run(robot)
    pitches = [s.target.pitch for s in robot.sent]
    assert pitches == [15, -8, 15, -8, 0]
    assert all(s.target.body_yaw == 0 for s in robot.sent)
    robot.sent.clear()
    make_call("spin_body", {"degrees": 90, "duration": 2}).run(robot)
    out, back = robot.sent
    assert (out.target.body_yaw, out.target.yaw, out.duration) == (90, 45, 2)  # head dragged along
    assert (back.target.body_yaw, back.target.yaw) == (0, 0)


def test_driver_clamps_whatever_a_gesture_computes():
    robot = RecordingRobot()
    step = robot.goto(pitch=90, roll=-90, yaw=400, antennas=(math.degrees(10), -1000), duration=60)
    t = step.target
    assert (t.pitch, t.roll, t.yaw, t.antennas) == (40, -40, 180, (70, -70))
    assert t.body_yaw == 135  # the body turned so the head could look behind
    assert len(step.clamped) == 6
    # a head pose cannot tell +180 from -180: big turns go in parts of at most 120 degrees
    assert [(s.target.yaw, s.target.body_yaw) for s in robot.sent] == [(90, 67.5), (180, 135)]
    assert sum(s.duration for s in robot.sent) == 6
    step = robot.goto(body_yaw=-1000)
    assert step.target.body_yaw == -160 and step.target.yaw == -115
    assert [(s.target.yaw, s.target.body_yaw) for s in robot.sent[2:]] == [
        pytest.approx((180 - 295 / 3, 135 - 295 / 3)),
        pytest.approx((180 - 2 * 295 / 3, 135 - 2 * 295 / 3)),
        (-115, -160),
    ]


@st.composite
def robot_poses(draw):
    """Any pose a robot may report when the driver connects: head within 65 degrees of the body
    (its mechanical limit), anything else anywhere (asleep, the antennas are at +-175)."""
    body = draw(st.floats(-170, 170))
    return Pose(
        pitch=draw(st.floats(-60, 60)),
        roll=draw(st.floats(-60, 60)),
        yaw=body + draw(st.floats(-65, 65)),
        body_yaw=body,
        antennas=(draw(st.floats(-200, 200)), draw(st.floats(-200, 200))),
    )


@settings(max_examples=300, deadline=None)
@given(
    start=robot_poses(),
    moves=st.lists(
        st.fixed_dictionaries(
            {},
            optional={
                "pitch": st.floats(-1e4, 1e4),
                "roll": st.floats(-1e4, 1e4),
                "yaw": st.floats(-1e4, 1e4),
                "body_yaw": st.floats(-1e4, 1e4),
                "antennas": st.tuples(st.floats(-1e4, 1e4), st.floats(-1e4, 1e4)),
                "duration": st.floats(-10, 1e4),
            },
        ),
        min_size=1,
        max_size=6,
    ),
)
def test_nothing_outside_the_ranges_ever_reaches_the_robot(start, moves):
    robot = RecordingRobot()
    robot.target = start
    finals = [robot.goto(**move) for move in moves]
    previous_yaw = start.yaw
    for step in robot.sent:
        t = step.target
        assert t.pitch in limits.HEAD_PITCH and t.roll in limits.HEAD_ROLL and t.yaw in limits.HEAD_YAW
        assert t.body_yaw in limits.BODY_YAW
        assert t.antennas[0] in limits.ANTENNA and t.antennas[1] in limits.ANTENNA
        assert step.duration in limits.MOVE_DURATION
        assert abs(t.yaw - t.body_yaw) <= 65 + 1e-9  # never past the mechanical limit
        assert abs(t.yaw - previous_yaw) <= 180  # no turn a head pose could read the other way round
        previous_yaw = t.yaw
    for step in finals:
        if any(step is sent for sent in robot.sent):  # where a move ends, the safer margin holds
            assert abs(step.target.yaw - step.target.body_yaw) <= limits.MAX_HEAD_BODY_OFFSET + 1e-9


def test_langchain_tools_validate_clamp_and_dispatch():
    performed = []

    def dispatch(call):
        performed.append(call.describe())
        return call.run(ConsoleRobot())

    tools = {t.name: t for t in make_tools(dispatch)}
    assert set(tools) == set(TOOL_NAMES)
    assert tools["nod"].invoke({"times": 9}) == "nodded 5 times (clamped times 9 -> 5)"
    assert tools["move_head"].invoke({"pitch": 20, "yaw": 30}) == "moved my head to pitch 20, roll 0, yaw 30"
    assert performed == ["nod(times=5)", "move_head(pitch=20, roll=0, yaw=30)"]

    from langchain_core.utils.function_calling import convert_to_openai_tool

    spec = convert_to_openai_tool(tools["spin_body"])["function"]
    assert spec["name"] == "spin_body"
    assert spec["parameters"]["properties"]["degrees"]["type"] == "number"
    assert spec["parameters"]["required"] == ["degrees"]
