"""One queue of wakes, done one at a time: every front end of `milo serve` (MQTT, voice) puts
its work here, so turns never overlap and share one conversation and one memory.

    wakes = Wakes(limit=16)
    wakes.offer("ask 7", job)          # MQTT: False at once when `limit` jobs already wait
    wakes.call("voice", job)           # voice: waits for a place and for the result
    wakes.run(stop)                    # the worker: until `stop` is set, after the current job

`on_idle(hurry)`: run by the worker whenever the queue is empty (at start and after a job), e.g.
the embedded model processing the next prompt's known part (Milo.prefill); `hurry.is_set()` is
true as soon as a job arrives or Milo stops, and the idle work should then end (the job waits for it).
"""

from __future__ import annotations

import logging
import queue
import threading
from concurrent.futures import Future
from dataclasses import dataclass, field
from typing import Any, Callable, Optional

log = logging.getLogger("milo.net")


class Refused(RuntimeError):
    """A job that was never started (Milo stopped first); str() is one sentence."""


@dataclass
class Job:
    label: str
    fn: Callable[[], Any]
    on_refused: Optional[Callable[[str], None]] = None
    future: Future = field(default_factory=Future)


class _Either:
    """Set when either event is (read with is_set(), as a stoppable step reads its stop)."""

    def __init__(self, *events: threading.Event) -> None:
        self.events = events

    def is_set(self) -> bool:
        return any(e.is_set() for e in self.events)


class Wakes:
    def __init__(self, limit: int = 16, on_idle: Optional[Callable[[Any], Any]] = None) -> None:
        if limit < 1:
            raise ValueError("the queue needs room for at least one job")
        self.limit = limit
        self._q: "queue.Queue[Job]" = queue.Queue(maxsize=limit)
        self.busy: Optional[str] = None  # the label of the job being done
        self.done = 0
        self._lock = threading.Lock()
        self._closed = False
        self.on_idle = on_idle
        self._arrived = threading.Event()  # a job came (or Milo is stopping): idle work ends

    @property
    def waiting(self) -> int:
        return self._q.qsize()

    def offer(self, label: str, fn: Callable[[], Any], on_refused: Optional[Callable[[str], None]] = None) -> bool:
        """Queue a job unless the queue is full or closed; never blocks."""
        with self._lock:
            if self._closed:
                return False
            try:
                self._q.put_nowait(Job(label, fn, on_refused))
            except queue.Full:
                return False
        self._arrived.set()
        return True

    def call(self, label: str, fn: Callable[[], Any], timeout: Optional[float] = None) -> Any:
        """Queue a job (waiting for room) and wait for its result; raises what the job raised,
        or Refused when Milo stopped before it ran."""
        job = Job(label, fn)
        while True:
            with self._lock:
                if self._closed:
                    raise Refused("Milo is shutting down.")
                try:
                    self._q.put_nowait(job)
                    self._arrived.set()
                    break
                except queue.Full:
                    pass
            threading.Event().wait(0.05)
        return job.future.result(timeout)

    def run(self, stop: threading.Event, poll: float = 0.2) -> None:
        """Do jobs in order until `stop` is set; the job in hand is always finished first."""
        idle = True  # at start, and after each job
        while not stop.is_set():
            if idle:
                idle = False
                self._idle(stop)
            try:
                job = self._q.get(timeout=poll)
            except queue.Empty:
                continue
            if not job.future.set_running_or_notify_cancel():
                continue
            self.busy = job.label
            try:
                job.future.set_result(job.fn())
            except Exception as e:
                log.exception("%s failed", job.label)
                job.future.set_exception(e)
            except BaseException as e:  # a second Ctrl-C: the caller leaves at once
                job.future.set_exception(e)
                raise
            finally:
                self.busy = None
                self.done += 1
                idle = True

    def _idle(self, stop: threading.Event) -> None:
        if self.on_idle is None:
            return
        self._arrived.clear()
        if not self._q.empty() or stop.is_set() or self._closed:
            return
        try:
            self.on_idle(_Either(self._arrived, stop))
        except Exception:  # idle work is only a head start
            log.exception("idle work failed")

    def close(self, why: str = "Milo is shutting down.") -> list[Job]:
        """Take no more jobs; refuse those still waiting (each told `why`). Returns them."""
        with self._lock:
            self._closed = True
        self._arrived.set()
        left = []
        while True:
            try:
                job = self._q.get_nowait()
            except queue.Empty:
                break
            left.append(job)
            job.future.set_exception(Refused(why))
            if job.on_refused is not None:
                try:
                    job.on_refused(why)
                except Exception:
                    log.exception("refusing %s failed", job.label)
        return left
