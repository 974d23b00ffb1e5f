"""A model's answer within a deadline that holds in real time.

The stream is read on a thread of its own and handed over through a queue, so the turn gives up
at its deadline (or when it is stopped) whatever the server does: one that drips a token every
few seconds held a turn 66 s with MILO_TIMEOUT=2, since the deadline was looked at only when the
next piece came, and closing LangChain's stream reads the rest of it (its tracing drains the
input: `Runnable._transform_stream_with_config`). Closing is therefore done from inside the
chain: `until(stop)` sits right after the model and raises at the first piece after `stop`, which
ends the stream there and drops the connection.
"""

from __future__ import annotations

import queue
import threading
import time
from typing import Callable, Iterator, Optional

from langchain_core.runnables import RunnableGenerator


class Dropped(Exception):
    """The answer was no longer wanted (deadline, stopped turn): its stream ends here."""


def until(stop: threading.Event) -> RunnableGenerator:
    """Passes the model's chunks through until `stop` is set, then ends the stream by raising."""

    def guard(chunks):
        for chunk in chunks:
            if stop.is_set():
                raise Dropped("the answer is no longer read")
            yield chunk

    return RunnableGenerator(guard)


def stream_within(make_stream: Callable[[threading.Event], Iterator], deadline: float,
                  cancelled: Optional[threading.Event] = None, poll: float = 0.1) -> Iterator:
    """The items of `make_stream(stop)` as they come; TimeoutError at `deadline` (monotonic
    seconds), Dropped when `cancelled` is set, within `poll` seconds either way. The stream is
    told to stop (`stop`) when this generator ends for any reason."""
    stop = threading.Event()
    items: queue.SimpleQueue = queue.SimpleQueue()

    def pump():
        stream = make_stream(stop)
        try:
            for item in stream:
                if stop.is_set():
                    break
                items.put((True, item))
            else:
                items.put((False, None))
        except BaseException as e:  # noqa: BLE001 - handed to the reader, who raises it
            if not stop.is_set():  # else nobody reads it, and its traceback would keep the connection open
                items.put((False, e))
        finally:
            # Ends the model's stream (until() raises inside LangChain's drain of it) and, with
            # nothing left holding it, its connection.
            try:
                stream.close()
            except Exception:  # noqa: BLE001 - Dropped, as meant
                pass

    threading.Thread(target=pump, name="milo-model-stream", daemon=True).start()
    try:
        while True:
            if cancelled is not None and cancelled.is_set():
                raise Dropped("the turn was stopped")
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError("the whole answer took too long")
            try:
                ok, value = items.get(timeout=min(left, poll))
            except queue.Empty:
                continue
            if ok:
                yield value
            elif value is None:
                return
            else:
                raise value
    finally:
        stop.set()


__all__ = ["Dropped", "stream_within", "until"]
