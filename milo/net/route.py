"""The MQTT route: requests from `<prefix>in` become wakes; answers go back out.

    route = MqttRoute("mqtt://localhost:1883", wakes, ask=ask, move=move, info=info)
    route.start()             # connect (in the background, reconnecting with backoff)
    wakes.run(stop)           # the worker: one wake at a time
    route.stop()              # refuse what still waits, publish the "stopped" health line

`ask(text)` and `move(instruction)` are given by the caller (milo.cli.serve wires them to
`Milo.turn` and to `parse_command` + `Body.run`), so this package knows nothing of the chat or the
body. Each yields what it has to say, in order, as (kind, message) pairs: kind "reply", "motion"
or "error"; the route adds the request's event and id and publishes each at QoS 1. A sentence
raised as ValueError or MiloError is an error for the sender; anything else is logged with its
traceback and reported as one sentence too.

Bad input never stops the route: invalid JSON, an unknown event, missing or mistyped fields, a
payload over `max_bytes`, or a flood beyond the queue's limit each get one sentence on
`<prefix>error` (with the request's id when it could be read) and a log line. A status request is
answered at once from the network thread, even while a turn runs. The health line on
`<prefix>status` is retained: published on every (re)connect, every `heartbeat_s`, on request,
and as "stopped" on the way out ("offline", the broker's last will, if Milo dies).
"""

from __future__ import annotations

import logging
import os
import threading
import time
from typing import Any, Callable, Iterable, Optional

from milo.errors import MiloError
from milo.net.link import MqttLink, default_client_id
from milo.net.protocol import MAX_PAYLOAD, BadRequest, Request, Topics, dumps, read_request
from milo.net.wakes import Wakes

log = logging.getLogger("milo.net")

Handler = Callable[[str], Iterable[tuple[str, dict]]]
KINDS = ("reply", "motion", "error")


class MqttRoute:
    def __init__(
        self,
        url: str,
        wakes: Wakes,
        *,
        ask: Handler,
        move: Handler,
        info: Callable[[], dict] = dict,
        prefix: str = "milo/",
        client_id: Optional[str] = None,
        ca_file: Optional[str] = None,
        max_bytes: int = MAX_PAYLOAD,
        heartbeat_s: float = 60.0,
        min_delay: float = 1.0,
        max_delay: float = 30.0,
        on_state: Optional[Callable[[bool, str], None]] = None,
    ) -> None:
        self.topics = Topics(prefix)
        self.wakes = wakes
        self.handlers: dict[str, Handler] = {"ask": ask, "move": move}
        self.info = info
        self.max_bytes = max_bytes
        self.heartbeat_s = heartbeat_s
        self.on_state = on_state
        self.closing = False
        self.refused = 0
        self.last_motion: Optional[dict] = None
        self._started_at = time.time()
        self._flood_said = 0.0
        self._flood_quiet = 0
        self._stop = threading.Event()
        self._beat: Optional[threading.Thread] = None
        self.link = MqttLink(
            url,
            subscriptions=[(self.topics.requests, 1)],
            on_message=self.on_message,
            on_state=self._on_state,
            client_id=client_id or default_client_id(prefix),
            will=(self.topics.status, dumps({"state": "offline"})),
            ca_file=ca_file,
            min_delay=min_delay,
            max_delay=max_delay,
        )

    # ---- lifecycle -------------------------------------------------------------------------

    def start(self) -> "MqttRoute":
        self.link.start()
        if self.heartbeat_s > 0:
            self._beat = threading.Thread(target=self._heartbeat, name="milo-mqtt-health", daemon=True)
            self._beat.start()
        return self

    def close_intake(self) -> None:
        """From now on requests are refused ("shutting down"); safe from a signal handler."""
        self.closing = True

    def stop(self) -> None:
        """Refuse what still waits (each sender told), publish "stopped", disconnect."""
        self.closing = True
        self._stop.set()
        self.wakes.close("Milo is shutting down; send it again when Milo is back.")
        self.link.stop(last=(self.topics.status, dumps(self.health("stopped"))))

    # ---- health ----------------------------------------------------------------------------

    def health(self, state: Optional[str] = None) -> dict:
        if state is None:
            state = "stopping" if self.closing else ("busy" if self.wakes.busy else "ready")
        line: dict[str, Any] = {
            "state": state,
            "queued": self.wakes.waiting,
            "queue_limit": self.wakes.limit,
            "done": self.wakes.done,
            "refused": self.refused,
            "broker_connects": self.link.connects,
            "uptime_s": round(time.time() - self._started_at, 1),
            "pid": os.getpid(),
            "time": time.strftime("%Y-%m-%dT%H:%M:%S%z"),
        }
        try:
            line.update(self.info() or {})
        except Exception as e:  # a broken probe must not silence the health line
            line["info_error"] = f"{type(e).__name__}: {e}"
        if self.last_motion is not None:
            line["last_motion"] = self.last_motion
        return line

    def publish_health(self, answer: bool = False, request_id: Any = None) -> None:
        """The health line: retained when periodic (a new subscriber sees it at once); an
        answer to a status request is not, and carries the request's id."""
        line = self.health()
        if answer:
            line = {"event": "status", "id": request_id, **line}
        # QoS 0 for the retained line: paho resends an unacknowledged QoS 1 message after a
        # reconnect, which could then replace the newer line (the next one comes anyway)
        self.link.publish(self.topics.status, dumps(line), qos=1 if answer else 0, retain=not answer)

    def _heartbeat(self) -> None:
        while not self._stop.wait(self.heartbeat_s):
            if self.link.connected:
                self.publish_health()

    def _on_state(self, up: bool, sentence: str) -> None:
        if up:
            self.publish_health()
        if self.on_state is not None:
            self.on_state(up, sentence)
        else:
            log.log(logging.INFO if up else logging.WARNING, "%s", sentence)

    # ---- requests (network thread) ---------------------------------------------------------

    def on_message(self, topic: str, payload: bytes) -> None:
        try:
            request = read_request(payload, self.max_bytes)
        except BadRequest as e:
            self._refuse(str(e), e.request_id, e.event, detail=_peek(payload))
            return
        if request.event == "status":
            self.publish_health(answer=True, request_id=request.id)
            return
        if self.closing:
            self._refuse("Milo is shutting down; send it again when Milo is back.", request.id, request.event)
            return
        handler = self.handlers[request.event]
        refused = lambda why: self._refuse(why, request.id, request.event)  # noqa: E731
        if not self.wakes.offer(request.describe(), lambda: self.serve(request, handler), on_refused=refused):
            if self.closing:
                refused("Milo is shutting down; send it again when Milo is back.")
            else:
                self._refuse(f"Milo is busy: {self.wakes.limit} requests are already waiting; this {request.event} "
                             f"was refused, send it again later.", request.id, request.event, flood=True)

    def _refuse(self, sentence: str, request_id: Any, event: Optional[str], detail: str = "", flood: bool = False) -> None:
        self.refused += 1
        message = {"event": event, "id": request_id, "error": sentence}
        self.link.publish(self.topics.error, dumps(message))
        if flood:  # one log line a second at most, however hard the flood
            now = time.monotonic()
            if now - self._flood_said < 1.0:
                self._flood_quiet += 1
                return
            more = f" ({self._flood_quiet} more refused since the last line)" if self._flood_quiet else ""
            self._flood_said, self._flood_quiet = now, 0
            log.warning("refused a request on %s: %s%s", self.topics.requests, sentence, more)
            return
        log.warning("refused a request on %s: %s%s", self.topics.requests, sentence, f" [{detail}]" if detail else "")

    # ---- doing one request (the worker) ----------------------------------------------------

    def serve(self, request: Request, handler: Handler) -> None:
        log.info("doing %s", request.describe())
        try:
            for kind, message in handler(request.text):
                self.send(kind, request, message)
        except (ValueError, MiloError) as e:
            self.send("error", request, {"error": str(e)})
        except Exception as e:
            log.exception("%s failed", request.describe())
            self.send("error", request, {"error": f"Milo could not do that ({type(e).__name__}: {e})."})

    def send(self, kind: str, request: Optional[Request], message: dict) -> None:
        """Publish one answer on the topic of its kind, with the request's event and id."""
        if kind not in KINDS:
            raise ValueError(f"unknown answer kind {kind!r}")
        out = {"event": request.event if request else message.get("event"), "id": request.id if request else None}
        out.update(message)
        if kind == "motion":
            self.last_motion = {k: v for k, v in out.items() if k not in ("event", "id")}
        if kind == "error":
            log.warning("%s: %s", request.describe() if request else "error", out.get("error"))
        topic = {"reply": self.topics.reply, "motion": self.topics.motion, "error": self.topics.error}[kind]
        self.link.publish(topic, dumps(out))


def _peek(payload: bytes, n: int = 80) -> str:
    """The start of a refused payload for the log, printable and short."""
    text = payload[:n].decode("utf-8", "replace")
    text = "".join(c if c.isprintable() else "?" for c in text)
    return text + ("..." if len(payload) > n else "") + f" ({len(payload)} bytes)"
