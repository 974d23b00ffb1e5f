"""A model's answer within a deadline that holds in real time.

The stream is read on a thread of its own and handed over through a queue, so the turn gives up
at its deadline (or when it is stopped) whatever the server does: one that drips a token every
few seconds held a turn 66 s with MILO_TIMEOUT=2, since the deadline was looked at only when the
next piece came, and closing LangChain's stream reads the rest of it (its tracing drains the
input: `Runnable._transform_stream_with_config`). The model is therefore streamed by `until`,
which closes its stream (and connection) at the first piece after `stop`.
"""

from __future__ import annotations

import queue
import threading
import time
from typing import Callable, Iterator, Optional

from langchain_core.runnables import Runnable, RunnableConfig, RunnableGenerator


DRAIN_S = 0.05  # a piece the server has already sent is read within this; one not yet made is not


class Dropped(Exception):
    """The answer was no longer wanted (deadline, stopped turn): its stream ends here."""


def until(llm: Runnable, stop: threading.Event) -> RunnableGenerator:
    """`llm`, streaming, whose stream ends at its first piece after `stop` is set: the model's
    own stream is closed then (its connection with it). Outside the model, ending the stream
    would not do: every step after it in a chain reads the rest of its input when closed."""

    def run(values: Iterator, config: RunnableConfig) -> Iterator:
        value = None
        for value in values:  # the prompt: one value
            pass
        stream = llm.stream(value, config)
        try:
            for chunk in stream:
                if stop.is_set():
                    return
                yield chunk
        finally:
            stream.close()

    return RunnableGenerator(run, name="until_stopped")


def stream_within(make_stream: Callable[[threading.Event], Iterator], deadline: float,
                  cancelled: Optional[threading.Event] = None, poll: float = 0.1,
                  enough: Optional[threading.Event] = None) -> Iterator:
    """The items of `make_stream(stop)` as they come; TimeoutError at `deadline` (monotonic
    seconds), Dropped when `cancelled` is set, within `poll` seconds either way; once `enough` is
    set, what the model has sent already and then a plain end. The stream is
    told to stop (`stop`) when this generator ends for any reason. In step with the reader: the
    next item is read only when asked for, as a plain loop would (a voice ends the reply before
    the model's stream goes on to the memory lines)."""
    stop = threading.Event()
    wanted = threading.Semaphore(0)
    items: queue.SimpleQueue = queue.SimpleQueue()

    def pump():
        stream = make_stream(stop)
        try:
            while True:
                wanted.acquire()
                if stop.is_set():
                    break
                try:
                    item = next(stream)
                except StopIteration:
                    items.put((False, None))
                    break
                items.put((True, item))
        except BaseException as e:  # noqa: BLE001 - handed to the reader, who raises it
            if not stop.is_set():  # else nobody reads it, and its traceback would keep the connection open
                items.put((False, e))
        finally:
            # With `stop` set, until() ends the model's stream at its next piece, which closes
            # the connection; the chain's own close then has nothing left to read.
            try:
                stream.close()
            except Exception:  # noqa: BLE001 - the answer is no longer wanted
                pass

    threading.Thread(target=pump, name="milo-model-stream", daemon=True).start()
    try:
        while True:
            wanted.release()
            while True:
                if cancelled is not None and cancelled.is_set():
                    raise Dropped("the turn was stopped")
                left = deadline - time.monotonic()
                if left <= 0:
                    raise TimeoutError("the whole answer took too long")
                if enough is not None and enough.is_set():
                    # What has come already (the server writes ahead of the reader) is taken;
                    # then the stream ends at the first piece that is not there at once.
                    try:
                        ok, value = items.get(timeout=min(left, DRAIN_S))
                        break
                    except queue.Empty:
                        return
                try:
                    ok, value = items.get(timeout=min(left, poll))
                    break
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
        wanted.release()  # a pump waiting to be asked sees `stop`


__all__ = ["Dropped", "stream_within", "until"]
