"""Milo's body: gestures on a Reachy Mini (or a console stand-in), never blocking the chat.

    body = Body(ReachyRobot("localhost", 8000))      # or Body(ConsoleRobot())
    body.on_status = print                             # "nodded twice", notices
    body.respond("nod twice, then look around", "")    # -> ["nod(times=2)", "look_around()"]
    body.wait()                                        # (tests, `milo move`) until it is done

Every motion, whatever asked for it (the user's words, the model's [ACTION] line, a LangChain
tool call, `milo move`), is a `Call` performed in order by one worker thread, so gestures never
interleave (two SDK gotos at once would) and the conversation never waits for them. If the robot
stops answering, the body says so once through `on_status`, drops what was queued, and tries to
reconnect on the next gesture.
"""

from __future__ import annotations

import logging
import queue
import threading
from concurrent.futures import Future
from concurrent.futures import TimeoutError as FutureTimeout
from typing import Callable, Iterable, Optional, Sequence

from milo.body.actions import ACTION_GBNF, ACTION_PLACEHOLDER, is_call_list, parse_actions
from milo.body.robots import BodyError, BodyNotAnswering, ConsoleRobot, Pose, ReachyRobot, Robot
from milo.body.tools import TOOL_NAMES, Call, CallError, make_call, make_tools
from milo.body.words import parse_instruction

log = logging.getLogger("milo.body")

NOT_ANSWERING = "my body is not answering"
ANSWERING_AGAIN = "my body is answering again"


def action_tag():
    """The [ACTION] line of the tag protocol (milo.tags.TagSpec)."""
    from milo.tags import TagSpec

    return TagSpec(name="ACTION", field="action", placeholder=ACTION_PLACEHOLDER, gbnf=ACTION_GBNF)


def plan(user_text: str, action_text: str = "") -> list[Call]:
    """What to do for one turn: the user's explicit instructions if there are any (a small
    model picks the right gesture rarely), else the model's [ACTION] line."""
    asked = parse_instruction(user_text)
    if asked.calls:
        return asked.calls
    proposed = parse_actions(action_text)
    for error in proposed.errors:
        log.info("ignored from the action line: %s", error)
    return proposed.calls


def parse_command(text: str) -> list[Call]:
    """`milo move` input: call syntax or plain words. Raises CallError if nothing fits."""
    # nothing but calls (`shake head(3); look_around`): the lenient call reader; otherwise
    # words, which also read call syntax clause by clause ("turn left, then nod(times=1)")
    found = parse_actions(text) if is_call_list(text) else parse_instruction(text)
    if found.errors and not found.calls:
        raise CallError(found.errors[0])
    if not found.calls:
        raise CallError(
            f"no gesture found in {text!r}; try words like 'nod twice, then look around' or calls "
            f"like 'move_head(pitch=20, yaw=30)' (gestures: {', '.join(TOOL_NAMES)})"
        )
    return found.calls


class Body:
    """A robot body performing Calls in order on one background worker."""

    def __init__(
        self,
        robot: Optional[Robot] = None,
        on_status: Optional[Callable[[str], None]] = None,
    ) -> None:
        self.robot: Robot = robot if robot is not None else ConsoleRobot()
        self.on_status: Optional[Callable[[str], None]] = on_status
        self.action_tag = action_tag()
        self.statuses: list[str] = []  # everything reported, in order (bounded)
        self._queue: "queue.Queue[Optional[tuple[Call, Future]]]" = queue.Queue()
        self._lock = threading.Lock()
        self._last: Optional[Future] = None
        self._down = False
        self._closed = False
        self._worker = threading.Thread(target=self._work, name="milo-body", daemon=True)
        self._worker.start()

    # --- planning ---------------------------------------------------------------------------
    @property
    def console(self) -> bool:
        return isinstance(self.robot, ConsoleRobot)

    def describe(self) -> str:
        return self.robot.describe()

    @property
    def tools(self) -> list:
        """The six LangChain tools; each performs on this body (in the queue) and returns the
        status. Meant for models with native tool calling."""
        return make_tools(lambda call: self.run([call])[0])

    def respond(self, user_text: str, action_text: str = "") -> list[str]:
        """Queue the gestures for one turn and return their descriptions at once."""
        calls = plan(user_text, action_text)
        self.perform(calls)
        return [c.describe() for c in calls]

    # --- performing -------------------------------------------------------------------------
    def perform(self, calls: Iterable[Call]) -> list[Future]:
        """Queue calls (in order, after what is queued); returns one Future per call."""
        futures = []
        with self._lock:
            if self._closed:
                raise RuntimeError("the body is closed")
            for call in calls:
                future: Future = Future()
                self._queue.put((call, future))
                self._last = future
                futures.append(future)
        return futures

    def run(self, calls: Sequence[Call], timeout: Optional[float] = None) -> list[str]:
        """Perform calls and wait for them; returns their statuses ('' for one skipped)."""
        futures = self.perform(calls)
        out = []
        for f in futures:
            try:
                out.append(f.result(timeout=timeout))
            except FutureTimeout:
                out.append("")
        return out

    def do(self, name: str, **args) -> str:
        """Perform one tool by name and wait for its status: body.do("nod", times=2)."""
        return self.run([make_call(name, args)])[0]

    def wait(self, timeout: Optional[float] = None) -> bool:
        """Block until everything queued so far is done; False if `timeout` ran out first."""
        with self._lock:
            last = self._last
        if last is None:
            return True
        try:
            last.result(timeout=timeout)
        except FutureTimeout:
            return False
        except Exception:
            pass
        return True

    def close(self, timeout: Optional[float] = 15.0) -> None:
        """Finish what is queued (up to `timeout` seconds), stop the worker, let go of the robot."""
        with self._lock:
            if self._closed:
                return
            self._closed = True
        self._queue.put(None)
        self._worker.join(timeout)
        if self._worker.is_alive():
            self._drain("the body was closed")
        try:
            self.robot.close()
        except Exception as e:  # never fail on the way out
            log.info("closing the robot: %s", e)

    def __enter__(self) -> "Body":
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    def pose(self) -> Pose:
        return self.robot.read_pose()

    # --- the worker -------------------------------------------------------------------------
    def _say(self, status: str) -> None:
        self.statuses.append(status)
        del self.statuses[:-200]
        log.info("%s", status)
        callback = self.on_status
        if callback is not None:
            try:
                callback(status)
            except Exception as e:  # a broken front end must not stop the body
                log.warning("on_status failed: %s", e)

    def _drain(self, why: str) -> None:
        while True:
            try:
                item = self._queue.get_nowait()
            except queue.Empty:
                return
            if item is not None and not item[1].done():
                item[1].set_result("")
                log.info("skipped %s: %s", item[0].describe(), why)

    def _work(self) -> None:
        while True:
            item = self._queue.get()
            if item is None:
                return
            call, future = item
            if not future.set_running_or_notify_cancel():
                continue
            try:
                status = self._perform(call)
            except BaseException as e:  # pragma: no cover - last resort, keep the worker alive
                log.exception("gesture %s failed", call.describe())
                status = f"could not {call.describe()}: {e}"
            future.set_result(status)

    def _perform(self, call: Call) -> str:
        try:
            self.robot.ensure_ready()
            status = call.run(self.robot)
        except BodyNotAnswering as e:
            if not self._down:
                self._down = True
                self._say(f"{NOT_ANSWERING}: {e}; I'll keep talking and try again later")
            # what was queued behind it would only fail the same way: drop it
            self._drain("the body is not answering")
            return ""
        except BodyError as e:
            status = f"could not {call.describe()}: {e}"
            self._say(status)
            return status
        except Exception as e:  # an SDK error that is not a lost connection
            log.info("gesture %s failed", call.describe(), exc_info=True)
            status = f"could not {call.describe()}: {type(e).__name__}: {e}"
            self._say(status)
            return status
        if self._down:
            self._down = False
            self._say(ANSWERING_AGAIN)
        if self.console:
            status = f"(no robot) {status}"
        self._say(status)
        return status


__all__ = [
    "ANSWERING_AGAIN",
    "Body",
    "BodyError",
    "BodyNotAnswering",
    "Call",
    "CallError",
    "ConsoleRobot",
    "NOT_ANSWERING",
    "Pose",
    "ReachyRobot",
    "Robot",
    "TOOL_NAMES",
    "action_tag",
    "make_call",
    "parse_actions",
    "parse_command",
    "parse_instruction",
    "plan",
]
