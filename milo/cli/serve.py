"""`milo serve`: Milo all day in one process; `milo send`: one request to it over MQTT.

    milo serve [--voice] [--robot reachy] [--model good]
    milo send '{"event": "ask", "text": "how are you?"}'
    milo send '{"event": "move", "instruction": "nod twice, then look around"}'

`serve` takes wakes from MQTT (milo.net: requests on `<prefix>in`) and, with `--voice` when
audio is available, from the microphone. Every wake goes through one queue (milo.net.Wakes) and
is done one at a time by the main thread, with one Milo: one conversation, one memory, one body.
A move runs `parse_command` + `Body.run`, the path of `milo move`; an ask runs `Milo.turn`, and
the gestures it plans are performed after the reply is out, through the same `Body.run`. After
every gesture a motion snapshot (what ran, its status, the pose read back) goes to
`<prefix>motion`.

SIGTERM (systemd stopping the service) or Ctrl-C: no new wake is taken, the one in hand finishes
(its reply, its etch), those still waiting are told Milo is shutting down, the health line says
"stopped", exit 0. A second Ctrl-C leaves at once (an etch under way still lands whole).
"""

from __future__ import annotations

import argparse
import json
import logging
import os
import signal
import threading
import time
import uuid
from typing import Any, Callable, Iterable, Iterator, Optional

from milo.config import Settings
from milo.errors import ConfigError, MiloError, SetupError

log = logging.getLogger("milo.serve")

DEFAULT_QUEUE = 16


def add_mqtt_options(p: argparse.ArgumentParser) -> None:
    g = p.add_argument_group("MQTT")
    g.add_argument("--mqtt-url", default=None, help="the broker: mqtt://[user:password@]host[:1883], mqtts:// for TLS "
                   "[env MILO_MQTT_URL, default mqtt://localhost:1883]; the password is never shown")
    g.add_argument("--mqtt-prefix", default=None, help="topic prefix [env MILO_MQTT_PREFIX, default milo/]: requests on "
                   "<prefix>in; answers on <prefix>reply, error, motion, status")


# ---- the body, shared by moves and the gestures of a turn -----------------------------------


class TurnGestures:
    """Stands in for the body inside `Milo.turn`: plans the turn's gestures (the same plan the
    body would make) without performing them, so `serve` performs them after the reply is out,
    one at a time, each followed by a snapshot."""

    def __init__(self, body: Any) -> None:
        self.body = body
        self.action_tag = body.action_tag
        self.pending: list = []

    @property
    def tools(self) -> list:
        return self.body.tools  # offered to models that call tools natively (schemas only here)

    def respond(self, user_text: str, action_text: str = "", tool_calls=()) -> list[str]:
        from milo.body import plan

        self.pending = self.body.allowed(plan(user_text, action_text, tool_calls))
        return [c.describe() for c in self.pending]

    def take(self) -> list:
        calls, self.pending = self.pending, []
        return calls


def pose_dict(body: Any) -> dict:
    pose = body.pose().rounded()
    return {"head": {"pitch": pose.pitch, "roll": pose.roll, "yaw": pose.yaw}, "body_yaw": pose.body_yaw,
            "antennas": [pose.antennas[0], pose.antennas[1]]}


def perform(body: Any, calls: list, done: Optional[list] = None) -> Iterator[tuple[str, dict]]:
    """Each call through `Body.run` (in order, waiting for each), then a motion snapshot."""
    for i, call in enumerate(calls, 1):
        said = body.run([call])[0]
        ok = said.ok
        status = str(said) or f"skipped {call.describe()}: my body is not answering"
        if done is not None:
            done.append(status)
        snapshot: dict[str, Any] = {"ran": call.describe(), "status": status, "ok": ok, "step": i, "of": len(calls),
                                    "body": body.describe()}
        try:
            snapshot["pose"] = pose_dict(body)
        except Exception as e:  # the robot went away between the gesture and the read
            snapshot["pose"] = None
            snapshot["pose_error"] = f"{type(e).__name__}: {e}"
        yield "motion", snapshot


def make_move(body: Any) -> Callable[[str], Iterable[tuple[str, dict]]]:
    def move(instruction: str) -> Iterator[tuple[str, dict]]:
        from milo.body import parse_command

        calls = parse_command(instruction)  # CallError (a ValueError): one sentence for the sender
        done: list[str] = []
        oks: list[bool] = []
        for event, snapshot in perform(body, calls, done):
            oks.append(snapshot["ok"])
            yield event, snapshot
        failed = [s for s, ok in zip(done, oks) if not ok]
        yield "reply", {"done": done, "ok": not failed}
        if failed:
            yield "error", {"error": failed[0][0].upper() + failed[0][1:].rstrip(".") + "."}

    return move


def make_ask(milo: Any, gestures: Optional[TurnGestures]) -> Callable[[str], Iterable[tuple[str, dict]]]:
    def ask(text: str) -> Iterator[tuple[str, dict]]:
        result = milo.turn(text)
        calls = gestures.take() if gestures is not None else []
        reply: dict[str, Any] = {"reply": result.reply, "ok": result.ok, "gestures": list(result.gestures)}
        if result.error:
            reply["error"] = result.error
        if result.notices:
            reply["notices"] = list(result.notices)
        yield "reply", reply
        if result.error:
            yield "error", {"error": result.error}
        if calls:
            yield from perform(gestures.body, calls)

    return ask


# ---- milo serve ------------------------------------------------------------------------------


def cmd_serve(args: argparse.Namespace, kit: Any) -> int:
    from milo.net import Wakes
    from milo.net.route import MqttRoute

    settings = kit.settings(args)
    if args.queue < 1:
        raise ConfigError(f"--queue must be a whole number of at least 1, not {args.queue}.")
    say = kit.say
    milo = kit.build_milo(args)
    body = milo.body
    gestures = None
    if body is not None:
        body.on_status = lambda s: say(f"milo serve: {s}") if s.startswith(("my body", "could not")) else None
        gestures = TurnGestures(body)
        milo.body = gestures
    # While no request waits, the embedded model processes the next prompt's known part (as the
    # terminal does between messages); a request that comes meanwhile waits one step at most.
    wakes = Wakes(args.queue, on_idle=lambda hurry: milo.prefill(stop=hurry))
    voice = {"state": "off"}

    def info() -> dict:
        return {"model": getattr(milo.model, "label", "?"), "body": body.describe() if body is not None else "none",
                "voice": voice["state"], "prefix": settings.mqtt_prefix}

    route = MqttRoute(
        settings.mqtt_url, wakes, ask=make_ask(milo, gestures), move=make_move(body), info=info,
        prefix=settings.mqtt_prefix, client_id=settings.mqtt_client_id,
        ca_file=str(settings.mqtt_ca_file) if settings.mqtt_ca_file else None,
        heartbeat_s=args.heartbeat, on_state=lambda up, s: say(f"milo serve: {s}"),
    )
    stop = threading.Event()
    interrupts = []

    def on_signal(signum, frame):
        # only flags here: the wake in hand finishes (reply, etch), then run() returns
        if signum == signal.SIGINT:
            interrupts.append(signum)
            if len(interrupts) > 1:
                raise KeyboardInterrupt
        if not stop.is_set():
            stop.set()
            route.close_intake()
            busy = " after the turn in hand" if wakes.busy else ""
            hint = " (Ctrl-C again to stop now)" if signum == signal.SIGINT and wakes.busy else ""
            os.write(2, f"milo serve: stopping{busy}{hint}\n".encode())  # os.write: safe inside a handler

    previous = {s: signal.signal(s, on_signal) for s in (signal.SIGTERM, signal.SIGINT)}
    try:
        route.start()
        if args.serve_voice:
            start_voice(args, settings, milo, gestures, wakes, route, voice, say)
            route.publish_health()  # now with the voice's state
        t = route.topics
        say(f"Milo is serving ({info()['model']}; body: {info()['body']}; voice: {voice['state']}). "
            f"Requests on {t.requests} at {route.link.label}; answers on {t.reply}, {t.motion}, {t.error}; "
            f"health on {t.status}. SIGTERM or Ctrl-C to stop.")
        try:
            wakes.run(stop)
        except KeyboardInterrupt:
            say("milo serve: stopping now")
    finally:
        for s, handler in previous.items():
            signal.signal(s, handler)
        route.stop()
        if body is not None:
            body.close()
        say(f"milo serve: stopped after {wakes.done} wake{'s' if wakes.done != 1 else ''}.")
    return 0


def start_voice(args, settings: Settings, milo: Any, gestures: Optional[TurnGestures], wakes: Any, route: Any,
                voice: dict, say: Callable[[str], None]) -> Optional[threading.Thread]:
    """The voice loop on its own thread; each question becomes a wake in the shared queue. No
    audio here: one line saying why, and Milo serves MQTT alone."""
    try:
        from milo.voice.cli import build_pipeline
        from milo.voice.loop import LoopConfig, VoiceLoop

        pipeline = build_pipeline(settings, input_wav=args.voice_input, output_wav=args.voice_output, status=say)
    except (MiloError, ImportError, OSError) as e:
        voice["state"] = f"off ({e})"
        say(f"milo serve: voice is off: {e}")
        return None

    def job(text: str, on_reply, on_reply_end=None) -> Any:
        result = milo.turn(text, on_reply=on_reply, on_reply_end=on_reply_end)
        calls = gestures.take() if gestures is not None else []
        route.send("reply", None, {"event": "voice", "heard": text, "reply": result.reply, "ok": result.ok,
                                    "gestures": list(result.gestures)})
        if calls:
            for kind, message in perform(gestures.body, calls):
                route.send(kind, None, {"event": "voice", **message})
        return result

    def turn(text: str, on_reply=None, on_reply_end=None) -> Any:
        return wakes.call(f"voice: {text[:40]!r}", lambda: job(text, on_reply, on_reply_end))

    def listen() -> None:
        try:
            VoiceLoop(pipeline, turn, LoopConfig(), status=say, name=settings.persona_name).run()
            voice["state"] = "ended"
        except Exception as e:  # the microphone went away, or Milo is stopping
            voice["state"] = f"stopped ({e})"
            say(f"milo serve: voice stopped: {e}")

    voice["state"] = "on"
    thread = threading.Thread(target=listen, name="milo-voice", daemon=True)
    thread.start()
    return thread


# ---- milo send -------------------------------------------------------------------------------


def build_request(words: list[str]) -> dict:
    """`milo send '{...}'` as given; plain words are an ask."""
    from milo.net.protocol import BadRequest, read_request

    raw = " ".join(words).strip()
    if not raw.startswith("{"):
        raw = json.dumps({"event": "ask", "text": raw})
    try:
        read_request(raw.encode("utf-8"))
    except BadRequest as e:
        raise ConfigError(str(e)) from None
    data = json.loads(raw)
    if data.get("id") is None:
        data["id"] = "send-" + uuid.uuid4().hex[:8]
    return data


def cmd_send(args: argparse.Namespace, kit: Any) -> int:
    import queue as queue_mod

    from milo.net.link import MqttLink
    from milo.net.protocol import Topics, dumps

    settings = kit.settings(args)
    request = build_request(args.request)
    topics = Topics(settings.mqtt_prefix)
    got: "queue_mod.Queue[tuple[str, dict]]" = queue_mod.Queue()

    def on_message(topic: str, payload: bytes) -> None:
        try:
            message = json.loads(payload)
        except ValueError:
            return
        if isinstance(message, dict) and message.get("id") == request["id"]:
            got.put((topic, message))

    link = MqttLink(settings.mqtt_url, subscriptions=[(t, 1) for t in topics.answers()], on_message=on_message,
                    persistent=False, ca_file=str(settings.mqtt_ca_file) if settings.mqtt_ca_file else None)
    link.start()
    try:
        if not link.wait_connected(args.connect_timeout):
            raise SetupError(f"no MQTT broker answers at {link.label}; start one (sudo apt install mosquitto) or set MILO_MQTT_URL.")
        link.publish(topics.requests, dumps(request)).wait_for_publish(args.connect_timeout)
        deadline = time.monotonic() + args.wait
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                kit.say(f"milo send: no answer within {args.wait:g} s (is `milo serve` running with prefix {topics.prefix}?).")
                return 1
            try:
                topic, message = got.get(timeout=left)
            except queue_mod.Empty:
                continue
            print(json.dumps(message, ensure_ascii=False), flush=True)
            if topic == topics.error:
                return 1
            if topic in (topics.reply, topics.status):
                return 0 if message.get("ok", True) else 1
    finally:
        link.stop()


def register(sub: Any, kit: Any) -> None:
    p = sub.add_parser(
        "serve", parents=[kit.common, kit.chat],
        help="run Milo all day: wakes from MQTT (and the microphone with --voice), one at a time",
        description="One long-running Milo taking wakes from MQTT (requests on <prefix>in: "
        '{"event":"ask","text":...}, {"event":"move","instruction":...}, {"event":"status"}) and, with --voice, '
        "from the microphone; one turn at a time through one queue, one conversation, one memory. Answers on "
        "<prefix>reply, motion snapshots on <prefix>motion, errors on <prefix>error, the health line on "
        "<prefix>status. SIGTERM finishes the turn in hand, then exits 0. See docs/pi.md.",
    )
    add_mqtt_options(p)
    g = p.add_argument_group("serve")
    g.add_argument("--voice", dest="serve_voice", action="store_true", help="also listen on the microphone (skipped, with one line, when there is no audio)")
    g.add_argument("--voice-input", metavar="FILE.wav", help=argparse.SUPPRESS)  # tests: a recording instead of the microphone
    g.add_argument("--voice-output", metavar="FILE.wav", help=argparse.SUPPRESS)  # tests: a WAV file instead of the speaker
    g.add_argument("--input-device", default=None, help="microphone: index or part of its name (see `milo doctor`) [env MILO_INPUT_DEVICE]")
    g.add_argument("--output-device", default=None, help="speaker: index or part of its name [env MILO_OUTPUT_DEVICE]")
    g.add_argument("--wake", default=None, help="the wake phrase [env MILO_WAKE_PHRASE, default \"hey Milo\"]")
    g.add_argument("--queue", type=int, default=DEFAULT_QUEUE, help=f"requests that may wait; more are refused with an error (default {DEFAULT_QUEUE})")
    g.add_argument("--heartbeat", type=float, default=60.0, metavar="SECONDS", help="publish the health line this often (default 60; 0: only on connect and on request)")
    p.set_defaults(func=lambda a: cmd_serve(a, kit), error_prefix="milo serve")

    s = sub.add_parser(
        "send", parents=[kit.common],
        help="send one request to `milo serve` over MQTT and print its answers",
        description="Publish one request on <prefix>in and print the answers to it (JSON lines: motion snapshots, "
        "then the reply, or the error). Plain words are an ask. Exit 0 when answered, 1 on an error or no answer.",
    )
    s.add_argument("request", nargs="+", help='JSON such as \'{"event":"move","instruction":"nod twice"}\', or words to ask')
    add_mqtt_options(s)
    s.add_argument("--wait", type=float, default=300.0, metavar="SECONDS", help="how long to wait for the answer (default 300)")
    s.add_argument("--connect-timeout", type=float, default=10.0, metavar="SECONDS", help=argparse.SUPPRESS)
    s.set_defaults(func=lambda a: cmd_send(a, kit), error_prefix="milo send")
