"""The body's worker: gestures performed in order on one background thread.

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
from typing import Callable, Iterable, Mapping, Optional, Sequence

from milo.body.actions import action_gbnf, action_placeholder
from milo.body.planning import plan
from milo.body.robots import ConsoleRobot, Pose, Robot
from milo.body.tools import BY_COMMAND, TOOL_NAMES, BodyStatus, Call, make_call, make_tools
from milo.errors import BodyError, BodyNotAnswering

log = logging.getLogger("milo.body")

NOT_ANSWERING = "my body is not answering"
ANSWERING_AGAIN = "my body is answering again"


def action_tag(names: Sequence[str] = TOOL_NAMES) -> dict:
    """The [ACTION] line of the tag protocol for the gestures `names`, as plain data: the chat
    layer makes its TagSpec of it."""
    return {"name": "ACTION", "field": "action", "placeholder": action_placeholder(names), "gbnf": action_gbnf(names=names)}


ACTION_TAG = action_tag()


class Body:
    """A robot body performing Calls in order on one background worker."""

    def __init__(
        self,
        robot: Optional[Robot] = None,
        on_status: Optional[Callable[[str], None]] = None,
        gestures: Sequence[str] = (),
    ) -> None:
        unknown = sorted(set(gestures) - set(TOOL_NAMES))
        if unknown:
            raise BodyError(f"There is no gesture called {unknown[0]!r} (known: {', '.join(TOOL_NAMES)}); check the profile's gestures.")
        self.robot: Robot = robot if robot is not None else ConsoleRobot()
        self.on_status: Optional[Callable[[str], None]] = on_status
        # The gestures this persona may make (its profile's; all by default), in the tools' order.
        self.gestures: tuple[str, ...] = tuple(n for n in TOOL_NAMES if not gestures or n in gestures)
        self.action_tag = action_tag(self.gestures)
        self.statuses: list[str] = []  # everything reported, in order (bounded)
        self._queue: "queue.Queue[Optional[tuple[Call, Future]]]" = queue.Queue()
        self._lock = threading.Lock()
        self._last: Optional[Future] = None
        self._down = False
        self._closed = False
        self._calm = threading.Event()  # ends a Breathing (Body.calm)
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
        """The gestures as LangChain tools; each performs on this body (in the queue) and
        returns its BodyStatus. Meant for models with native tool calling."""
        return make_tools(lambda call: self.run([call])[0], names=self.gestures)

    def respond(self, user_text: str, action_text: str = "", tool_calls: Sequence[Mapping] = ()) -> list[str]:
        """Queue the gestures for one turn and return their descriptions at once. The user's
        own words first; else the model's native tool calls; else its [ACTION] line."""
        calls = self.allowed(plan(user_text, action_text, tool_calls))
        self.perform(calls)
        return [c.describe() for c in calls]

    def allowed(self, calls: Sequence[Call]) -> list[Call]:
        """The calls of gestures this persona may make (the others are logged and dropped)."""
        kept = []
        for c in calls:
            if c.name in self.gestures:
                kept.append(c)
            else:
                log.info("not performed: %s is not one of this profile's gestures", c.describe())
        return kept

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

    def run(self, calls: Sequence[Call], timeout: Optional[float] = None) -> list[BodyStatus]:
        """Perform calls and wait for them; returns their statuses (empty text, kind skipped,
        for one not performed)."""
        futures = self.perform(calls)
        out = []
        for call, f in zip(calls, futures):
            try:
                out.append(f.result(timeout=timeout))
            except FutureTimeout:
                out.append(call.status("", "skipped"))
        return out

    def do(self, name: str, **args) -> BodyStatus:
        """Perform one tool by name and wait for its status: body.do("nod", times=2)."""
        return self.run([make_call(name, args, BY_COMMAND)])[0]

    def listen(self) -> Optional[Future]:
        """Turn attention to someone speaking (milo.body.speech.ListeningPose), queued like
        every move; None on a console body."""
        from milo.body.speech import ListeningPose

        return None if self.console else self.perform([ListeningPose()])[0]

    def breathe(self, seconds: float) -> Optional[Future]:
        """Breathe while awake and silent (milo.body.speech.Breathing) for up to `seconds`: it
        ends at the next small step once anything else is queued or `calm()` is called; None on
        a console body."""
        from milo.body.speech import Breathing

        if self.console:
            return None
        self._calm.clear()
        return self.perform([Breathing(seconds, stop=lambda: self._calm.is_set() or not self._queue.empty())])[0]

    def calm(self) -> None:
        """End a breathing at its next step (back to standby)."""
        self._calm.set()

    def think(self) -> Optional[Future]:
        """Show that a question is being thought about (milo.body.speech.ThinkingPose), queued
        like every move; None on a console body."""
        from milo.body.speech import ThinkingPose

        return None if self.console else self.perform([ThinkingPose()])[0]

    def speak_along(self, pcm: bytes, rate: int) -> Optional[Future]:
        """Move the head along with audio about to be played (milo.body.speech), queued after
        what is queued (the worker is the one owner of every move). None for silence or a console
        body (nothing to see, nothing to print)."""
        from milo.body.speech import SpeechMotion

        if self.console:
            return None
        motion = SpeechMotion.from_pcm(pcm, rate)
        if not any(motion.levels):
            return None
        return self.perform([motion])[0]

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
    def _say(self, status: BodyStatus) -> None:
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
                item[1].set_result(item[0].status("", "skipped"))
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
                status = call.status(f"could not {call.describe()}: {e}", "failed")
            future.set_result(status)

    def _perform(self, call: Call) -> BodyStatus:
        try:
            self.robot.ensure_ready()
            status = call.run(self.robot)
        except BodyNotAnswering as e:
            if not self._down:
                self._down = True
                self._say(BodyStatus(f"{NOT_ANSWERING}: {e}; I'll keep talking and try again later", "down"))
            # what was queued behind it would only fail the same way: drop it
            self._drain("the body is not answering")
            return call.status("", "skipped")
        except BodyError as e:
            status = call.status(f"could not {call.describe()}: {e}", "failed")
            self._say(status)
            return status
        except Exception as e:  # an SDK error that is not a lost connection
            log.info("gesture %s failed", call.describe(), exc_info=True)
            status = call.status(f"could not {call.describe()}: {type(e).__name__}: {e}", "failed")
            self._say(status)
            return status
        if self._down:
            self._down = False
            self._say(BodyStatus(ANSWERING_AGAIN, "back"))
        if self.console:
            status = BodyStatus(f"(no robot) {status}", status.kind, status.call, status.by)
        if status.kind != "ambient":  # the head moving along with speech is not news
            self._say(status)
        return status
