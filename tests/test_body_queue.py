"""The motion queue: in order, never interleaved, never blocking the caller; robot loss."""

import threading

from milo.body import ANSWERING_AGAIN, NOT_ANSWERING, Body, BodyNotAnswering, make_call
from milo.body.robots import ConsoleRobot, Robot


class GatedRobot(Robot):
    """Each step waits for `gate`; records the thread and the overlap of steps."""

    def __init__(self):
        super().__init__()
        self.gate = threading.Event()
        self.sent = []
        self.threads = set()
        self.active = 0
        self.max_active = 0
        self._lock = threading.Lock()

    def _send(self, step):
        with self._lock:
            self.active += 1
            self.max_active = max(self.max_active, self.active)
        self.threads.add(threading.current_thread().name)
        assert self.gate.wait(30), "test gate never opened"
        step.reached = step.target
        self.sent.append(step)
        with self._lock:
            self.active -= 1


class FlakyRobot(Robot):
    """Not answering while `down` is set; counts connection attempts."""

    def __init__(self):
        super().__init__()
        self.down = False
        self.attempts = 0
        self.sent = []

    def ensure_ready(self):
        self.attempts += 1
        if self.down:
            raise BodyNotAnswering("no Reachy Mini daemon answers at test:1")

    def _send(self, step):
        if self.down:
            raise BodyNotAnswering("the Reachy Mini at test:1 stopped answering")
        step.reached = step.target
        self.sent.append(step)


def test_respond_returns_at_once_and_motion_follows_in_order():
    robot = GatedRobot()
    statuses = []
    body = Body(robot, on_status=statuses.append)
    try:
        planned = body.respond("nod twice, then look around the room", "wiggle_antennas(times=6)")
        assert planned == ["nod(times=2)", "look_around()"]  # the user's words win
        # the robot is still held at its first step, yet respond() has returned
        assert robot.sent == [] and not body.wait(timeout=0.05)
        assert body.respond("", "wiggle_antennas(times=1)") == ["wiggle_antennas(times=1)"]
        robot.gate.set()
        assert body.wait(timeout=30)
        assert statuses == ["nodded twice", "looked around", "wiggled my antennas once"]
        assert robot.max_active == 1 and robot.threads == {"milo-body"}  # one at a time, one thread
        pitches = [s.target.pitch for s in robot.sent[:5]]
        assert pitches == [15, -8, 15, -8, 0]  # the nod finished before the look around began
    finally:
        robot.gate.set()
        body.close()


def test_concurrent_callers_never_interleave_gestures():
    robot = GatedRobot()
    robot.gate.set()
    body = Body(robot)
    threads = [threading.Thread(target=body.respond, args=("", "nod(times=1); shake_head(times=1)")) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert body.wait(timeout=30)
    body.close()
    assert robot.max_active == 1
    assert body.statuses == ["nodded once", "shook my head once"] * 4


def test_run_returns_statuses_and_tools_go_through_the_same_queue():
    body = Body(ConsoleRobot())
    try:
        assert body.run([make_call("nod", {"times": 3}), make_call("spin_body", {"degrees": -400})]) == [
            "(no robot) nodded 3 times",
            "(no robot) turned 160 degrees to my right and back (my head turned along to -115) (clamped degrees -400 -> -160)",
        ]
        nod = next(t for t in body.tools if t.name == "nod")
        assert nod.invoke({"times": 2}) == "(no robot) nodded twice"
        assert body.do("look_around") == "(no robot) looked around"
    finally:
        body.close()


def test_robot_loss_is_said_once_and_the_body_comes_back():
    robot = FlakyRobot()
    statuses = []
    body = Body(robot, on_status=statuses.append)
    try:
        robot.down = True
        for _ in range(3):  # three turns while the robot is gone: the chat goes on
            assert body.respond("nod twice, then look around", "") == ["nod(times=2)", "look_around()"]
            assert body.wait(timeout=30)
        assert len(statuses) == 1 and statuses[0].startswith(NOT_ANSWERING)
        assert "test:1" in statuses[0] and robot.sent == []
        robot.down = False
        body.respond("nod once", "")
        assert body.wait(timeout=30)
        assert statuses[1:] == [ANSWERING_AGAIN, "nodded once"]
        robot.down = True  # lost again: said again, once
        body.respond("", "nod(times=1); nod(times=1)")
        assert body.wait(timeout=30)
        assert statuses[3].startswith(NOT_ANSWERING) and len(statuses) == 4
    finally:
        body.close()


def test_an_sdk_error_is_reported_and_the_worker_survives():
    class Broken(Robot):
        def _send(self, step):
            raise ValueError("Task failed with error: boom")

    statuses = []
    body = Body(Broken(), on_status=statuses.append)
    body.respond("nod", "")
    body.respond("shake your head", "")
    assert body.wait(timeout=30)
    body.close()
    assert statuses == [
        "could not nod(times=2): ValueError: Task failed with error: boom",
        "could not shake_head(times=2): ValueError: Task failed with error: boom",
    ]


def test_a_failing_status_callback_does_not_stop_the_body():
    def explode(status):
        raise RuntimeError("front end broke")

    body = Body(ConsoleRobot(), on_status=explode)
    assert body.run([make_call("nod", {"times": 1}), make_call("nod", {"times": 2})]) == [
        "(no robot) nodded once",
        "(no robot) nodded twice",
    ]
    body.close()


def test_close_finishes_queued_motion_and_refuses_more():
    robot = GatedRobot()
    body = Body(robot)
    body.respond("nod once", "")
    robot.gate.set()
    body.close()
    assert body.statuses == ["nodded once"]
    try:
        body.respond("nod", "")
    except RuntimeError as e:
        assert "closed" in str(e)
    else:
        raise AssertionError("a closed body accepted motion")
