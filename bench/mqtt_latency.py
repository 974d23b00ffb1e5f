"""MQTT route latency: what `milo serve` adds around a turn, and how soon a move starts moving.

    .venv/bin/python bench/mqtt_latency.py [--asks 30] [--queued 100] [--robot-daemon]

Runs a real mosquitto on a free loopback port, the route and the worker of `milo serve` in this
process (the same wiring: milo.cli.serve's ask and move on one queue), a real Milo on the
loopback model server (it answers at once, so what is measured is Milo and the route, not a
model), and a test client that publishes requests and times the answers.

    ask round trip      publish {"event":"ask"} -> the reply arrives at the client
    Milo.turn           the turn itself (recall, the loopback model, parse, etch, session)
    outside the turn    round trip - Milo.turn: JSON, queue, broker hops, publishing

    move, idle          publish {"event":"move"} -> the first motor command (Robot._send)
    move, queued        100 moves published at once: each one's publish -> its first motor
                        command (waiting behind the ones before it), and the hand-off: one
                        move done (its motion finished) -> the next one's first motor command

The body is the console stand-in (motion takes no time: the queue's own cost shows), or with
--robot-daemon the real headless Reachy Mini daemon (tests/robot_daemon.py; a nod takes ~1 s,
so --queued 100 takes minutes). A measurement, not a test: nothing here passes or fails.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

from milo.cli.serve import TurnGestures, make_ask, make_move  # noqa: E402
from milo.cli.wiring import build_milo  # noqa: E402
from milo.config import Settings  # noqa: E402
from milo.net import Wakes  # noqa: E402
from milo.net.route import MqttRoute  # noqa: E402
from model_server import ScriptedModelServer  # noqa: E402
from mqtt_broker import MosquittoBroker, Watcher  # noqa: E402


def ms(values) -> str:
    values = list(values)
    if not values:
        return "-"
    return f"{statistics.median(values) * 1000:8.1f} ms (min {min(values) * 1000:.1f}, max {max(values) * 1000:.1f}, n={len(values)})"


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--asks", type=int, default=30)
    ap.add_argument("--moves", type=int, default=20, help="idle moves, one at a time")
    ap.add_argument("--queued", type=int, default=100, help="moves published at once")
    ap.add_argument("--robot-daemon", action="store_true", help="the headless Reachy Mini daemon instead of the console body")
    opts = ap.parse_args()

    tmp = Path(tempfile.mkdtemp(prefix="milo-bench-mqtt-"))
    daemon = None
    if opts.robot_daemon:
        from robot_daemon import RobotDaemon

        daemon = RobotDaemon().start()
    with MosquittoBroker() as broker, ScriptedModelServer() as model:
        env = {"MILO_MODEL": "openai:loopback", "MILO_BASE_URL": model.url, "MILO_MEMORY_FILE": str(tmp / "Living_Memory.md"),
               "SESSION_DIR": str(tmp / "sessions"), "MILO_CACHE_DIR": str(tmp / "cache"), "MILO_RETRIES": "0",
               "MILO_ROBOT": "reachy" if daemon else "none", "MILO_ROBOT_PORT": str(daemon.port if daemon else 8000),
               "SESSION_WINDOW": "4"}
        settings = Settings.load(env=env)
        milo = build_milo(settings)
        body = milo.body
        gestures = TurnGestures(body)
        milo.body = gestures

        turn_times: list[float] = []
        real_turn = milo.turn

        def timed_turn(text, on_reply=None):
            t0 = time.monotonic()
            try:
                return real_turn(text, on_reply=on_reply)
            finally:
                turn_times.append(time.monotonic() - t0)

        milo.turn = timed_turn
        sends: list[float] = []  # every motor command, in order
        robot = body.robot
        real_send = robot._send

        def timed_send(step):
            sends.append(time.monotonic())
            return real_send(step)

        robot._send = timed_send

        wakes = Wakes(limit=max(16, opts.queued + 8))
        route = MqttRoute(broker.url, wakes, ask=make_ask(milo, gestures), move=make_move(body), prefix="bench/",
                          client_id="milo-bench", heartbeat_s=0)
        route.start()
        stop = threading.Event()
        worker = threading.Thread(target=wakes.run, args=(stop, 0.01), daemon=True)
        worker.start()
        route.link.wait_connected(10)
        client = Watcher(broker.url, ["bench/reply", "bench/error"])

        def publish(message: dict) -> float:
            t = time.monotonic()
            client.client.publish("bench/in", json.dumps(message), qos=1)
            return t

        def arrival(rid) -> float:
            client.wait_for(lambda t, m: isinstance(m, dict) and m.get("id") == rid, timeout=600)
            return time.monotonic()

        # ---- asks: round trip vs the turn ----------------------------------------------------
        rtts = []
        for i in range(opts.asks + 1):
            t0 = publish({"event": "ask", "text": f"Tell me about the weather, number {i}.", "id": f"a{i}"})
            rtts.append(arrival(f"a{i}") - t0)
        rtts, turns = rtts[1:], turn_times[1:]  # the first is a warm-up (imports, the HTTP client)
        outside = [r - t for r, t in zip(rtts, turns)]

        # ---- moves: message -> first motor command --------------------------------------------
        idle = []
        for i in range(opts.moves):
            before = len(sends)
            t0 = publish({"event": "move", "instruction": "nod", "id": f"m{i}"})
            arrival(f"m{i}")
            idle.append(sends[before] - t0)

        jobs_started: list[tuple[int, float]] = []
        real_run = body.run

        jobs_ended: list[float] = []

        def marked_run(calls, timeout=None):
            jobs_started.append((len(sends), time.monotonic()))
            try:
                return real_run(calls, timeout)
            finally:
                jobs_ended.append(time.monotonic())

        body.run = marked_run
        before = len(sends)
        published = [publish({"event": "move", "instruction": "nod", "id": f"q{i}"}) for i in range(opts.queued)]
        arrival(f"q{opts.queued - 1}")
        firsts = [sends[k] for k, _ in jobs_started if k < len(sends)]
        waits = [f - p for f, p in zip(firsts, published)]
        # hand-off: one move done (Body.run returned: its motion finished) -> the next one's first motor command
        handoffs = [sends[k] - end for (k, _), end in zip(jobs_started[1:], jobs_ended) if k < len(sends)]
        total = (sends[-1] - published[0]) if len(sends) > before else float("nan")

        stop.set()
        worker.join(10)
        route.stop()
        client.close()
        body.close()

    if daemon:
        daemon.cleanup()
    print(f"MQTT route latency ({'headless Reachy Mini daemon' if daemon else 'console body'}; loopback broker and model; {os.cpu_count()} cores)")
    print(f"  ask round trip        {ms(rtts)}")
    print(f"  Milo.turn             {ms(turns)}")
    print(f"  outside the turn      {ms(outside)}")
    print(f"  move, idle: message -> first motor command   {ms(idle)}")
    print(f"  move, {opts.queued} queued: message -> its first motor command   {ms(waits)}")
    print(f"  move, {opts.queued} queued: hand-off: one move done -> the next one's first motor command   {ms(handoffs)}")
    print(f"  move, {opts.queued} queued: all done in {total:.2f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
