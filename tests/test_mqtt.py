"""The MQTT route (milo.net) against a real mosquitto on loopback: requests read and checked,
bad input answered with one sentence and never a crash, a flood bounded, requests sent while
Milo is busy answered in order, a broker restart survived, credentials and TLS."""

import json
import logging
import shutil
import subprocess
import threading
import time

import pytest
from mqtt_broker import MosquittoBroker, Watcher, requires_mosquitto

from milo.config import Settings, redact
from milo.errors import ConfigError
from milo.net import BadRequest, Wakes, read_request
from milo.net.protocol import MAX_PAYLOAD
from milo.net.route import MqttRoute

# ---- the protocol (no network) ------------------------------------------------------------------


def req(obj) -> bytes:
    return obj if isinstance(obj, bytes) else json.dumps(obj).encode()


def test_good_requests_are_read():
    r = read_request(req({"event": "ask", "text": "  hello Milo ", "id": 7}))
    assert (r.event, r.text, r.id) == ("ask", "hello Milo", 7)
    r = read_request(req({"event": "MOVE", "instruction": "nod twice, then look around", "id": "a-1", "extra": [1]}))
    assert (r.event, r.text, r.id) == ("move", "nod twice, then look around", "a-1")
    assert read_request(req({"event": "status"})).event == "status"


@pytest.mark.parametrize("payload, sentence, rid", [
    (b"not json", "not valid JSON", None),
    (b"", "empty", None),
    (b"\xff\xfe{", "not UTF-8", None),
    (req([1, 2]), "must be a JSON object", None),
    (req("ask"), "must be a JSON object", None),
    (req({"text": "hi", "id": 3}), 'has no "event"', 3),
    (req({"event": 5}), '"event" must be a string', None),
    (req({"event": "dance", "id": "x"}), "Unknown event 'dance'; use one of ask, move, status.", "x"),
    (req({"event": "ask", "id": 4}), 'An ask request needs a "text" field with what to say.', 4),
    (req({"event": "move"}), 'A move request needs an "instruction" field', None),
    (req({"event": "ask", "text": 42}), '"text" must be a string, not a number.', None),
    (req({"event": "move", "instruction": ["nod"]}), '"instruction" must be a string, not a list.', None),
    (req({"event": "ask", "text": "   "}), '"text" is empty', None),
    (req({"event": "ask", "text": "hi", "id": {"a": 1}}), '"id" must be a string or a number', None),
    (req({"event": "ask", "text": "hi", "id": True}), '"id" must be a string or a number', None),
    (req({"event": "ask", "text": "x" * 3000}), "at most 2000", None),
    (b"{" + b" " * MAX_PAYLOAD + b"}", f"at most {MAX_PAYLOAD} are accepted", None),
])
def test_bad_requests_are_one_sentence(payload, sentence, rid):
    with pytest.raises(BadRequest) as err:
        read_request(payload)
    message = str(err.value)
    assert sentence in message
    assert message.endswith(".") and "\n" not in message and "Traceback" not in message
    assert err.value.request_id == rid


def test_mqtt_settings_are_checked_and_secret():
    s = Settings.load(env={})
    assert (s.mqtt_url, s.mqtt_prefix) == ("mqtt://localhost:1883", "milo/")
    s = Settings.load(env={"MILO_MQTT_URL": "mqtts://milo:p%40ss@broker.local:8883", "MILO_MQTT_PREFIX": "home/desk"})
    assert s.mqtt_prefix == "home/desk/"
    assert "p%40ss" not in repr(s) and "pass" not in repr(s)
    assert redact(s.mqtt_url) == "mqtts://***@broker.local:8883"
    for bad in ("http://milo:hunter2@host", "mqtt://", "mqtt://host:port", "mqtt://milo:hunter2@host/topic"):
        with pytest.raises(ConfigError) as err:
            Settings.load(env={"MILO_MQTT_URL": bad})
        assert "MILO_MQTT_URL must be an mqtt:// or mqtts:// URL" in str(err.value) and "hunter2" not in str(err.value)
    for bad in ("milo/#", "a/+/b", "$SYS/"):
        with pytest.raises(ConfigError, match="MILO_MQTT_PREFIX"):
            Settings.load(env={"MILO_MQTT_PREFIX": bad})


# ---- the route on a real broker ------------------------------------------------------------------


@pytest.fixture(scope="module")
def broker():
    b = MosquittoBroker()
    b.start()
    yield b
    b.cleanup()


class Served:
    """A route with scripted handlers and its worker thread, on its own topic prefix."""

    count = 0

    def __init__(self, url, *, limit=16, ask=None, move=None, max_bytes=MAX_PAYLOAD, **kw):
        Served.count += 1
        self.prefix = f"t{Served.count}-{time.monotonic_ns()}/"
        self.asked: list[str] = []
        self.gate = threading.Event()
        self.gate.set()
        self.started = threading.Event()
        self.states: list[tuple[bool, str]] = []
        self.wakes = Wakes(limit)
        self.route = MqttRoute(url, self.wakes, ask=ask or self.ask, move=move or self.move, prefix=self.prefix,
                               client_id="test-" + self.prefix.strip("/"), max_bytes=max_bytes,
                               info=lambda: {"model": "scripted"}, on_state=lambda up, s: self.states.append((up, s)), **kw)
        self.stop = threading.Event()
        self.route.start()
        self.worker = threading.Thread(target=self.wakes.run, args=(self.stop, 0.05), daemon=True)
        self.worker.start()
        assert self.route.link.wait_connected(10), self.states

    def ask(self, text):
        self.asked.append(text)
        self.started.set()
        self.gate.wait(30)
        yield "reply", {"reply": text.upper(), "ok": True, "gestures": []}

    def move(self, instruction):
        if "fly" in instruction:
            raise ValueError("no gesture found in 'fly'")
        for i, step in enumerate(instruction.split(", then "), 1):
            yield "motion", {"ran": step, "status": "done " + step, "ok": True, "step": i}
        yield "reply", {"done": instruction.split(", then "), "ok": True}

    def topic(self, name):
        return self.prefix + name

    def close(self):
        self.gate.set()
        self.stop.set()
        self.worker.join(10)
        self.route.stop()


@pytest.fixture
def served(broker):
    made = []

    def make(**kw):
        s = Served(kw.pop("url", broker.url), **kw)
        made.append(s)
        return s

    yield make
    for s in made:
        s.close()


def is_(topic, **fields):
    return lambda t, m: t == topic and isinstance(m, dict) and all(m.get(k) == v for k, v in fields.items())


@requires_mosquitto
def test_ask_and_move_are_answered_with_their_ids(broker, served):
    s = served()
    w = Watcher(broker.url, [s.prefix + "#"])
    try:
        w.publish(s.topic("in"), {"event": "ask", "text": "hello", "id": 1})
        w.publish(s.topic("in"), {"event": "move", "instruction": "nod twice, then look around", "id": "m"})
        reply = w.wait_for(is_(s.topic("reply"), id=1))[0][1]
        assert reply == {"event": "ask", "id": 1, "reply": "HELLO", "ok": True, "gestures": []}
        done = w.wait_for(is_(s.topic("reply"), id="m"))[0][1]
        assert done["done"] == ["nod twice", "look around"] and done["ok"] is True
        motion = w.on(s.topic("motion"))
        assert [m["ran"] for m in motion] == ["nod twice", "look around"] and all(m["id"] == "m" for m in motion)
        w.publish(s.topic("in"), {"event": "move", "instruction": "fly", "id": 9})
        err = w.wait_for(is_(s.topic("error"), id=9))[0][1]
        assert err == {"event": "move", "id": 9, "error": "no gesture found in 'fly'"}
    finally:
        w.close()


@requires_mosquitto
def test_bad_input_is_one_error_each_and_never_a_crash(broker, served, caplog):
    s = served(max_bytes=1000)
    w = Watcher(broker.url, [s.prefix + "#"])
    bad = [b"{nope", b"[1]", req({"event": "sing", "id": 1}), req({"event": "ask", "id": 2}),
           req({"event": "ask", "text": 5, "id": 3}), req({"event": "move", "instruction": None, "id": 4}),
           b'{"event":"ask","text":"' + b"a" * 2000 + b'"}', b"\x00\xff"]
    try:
        with caplog.at_level(logging.WARNING, logger="milo.net"):
            for payload in bad:
                w.publish(s.topic("in"), payload)
            errors = w.wait_for(lambda t, m: t == s.topic("error"), count=len(bad))
            w.publish(s.topic("in"), {"event": "ask", "text": "still here?", "id": 5})
            w.wait_for(is_(s.topic("reply"), id=5, reply="STILL HERE?"))
        sentences = [m["error"] for _, m in errors]
        assert [m["id"] for _, m in errors][:6] == [None, None, 1, 2, 3, 4]
        assert "not valid JSON" in sentences[0] and "Unknown event 'sing'" in sentences[2]
        assert "2025 bytes; at most 1000" in sentences[6] and "not UTF-8" in sentences[7]
        assert all(x.count(". ") == 0 and x.endswith(".") for x in sentences[2:6])
        refused = [r for r in caplog.records if "refused a request" in r.getMessage()]
        assert len(refused) == len(bad)
        assert s.asked == ["still here?"] and s.route.refused == len(bad)
    finally:
        w.close()


@requires_mosquitto
def test_a_flood_is_bounded_and_what_was_taken_is_answered_in_order(broker, served):
    s = served(limit=3)
    w = Watcher(broker.url, [s.prefix + "#"])
    try:
        s.gate.clear()  # Milo is busy with the first ask
        w.publish(s.topic("in"), {"event": "ask", "text": "first", "id": 0})
        assert s.started.wait(10)
        for i in range(1, 21):  # QoS 1, while Milo is busy
            w.client.publish(s.topic("in"), json.dumps({"event": "ask", "text": f"q{i}", "id": i}), qos=1)
        errors = w.wait_for(lambda t, m: t == s.topic("error"), count=17)
        assert [m["id"] for _, m in errors] == list(range(4, 21))
        assert all("Milo is busy: 3 requests are already waiting" in m["error"] for _, m in errors)
        # a status request is answered at once, even now
        w.publish(s.topic("in"), {"event": "status", "id": "st"})
        status = w.wait_for(is_(s.topic("status"), id="st"))[0][1]
        assert status["state"] == "busy" and status["queued"] == 3 and status["refused"] == 17 and status["model"] == "scripted"
        s.gate.set()
        replies = w.wait_for(lambda t, m: t == s.topic("reply"), count=4)
        assert [m["id"] for _, m in replies] == [0, 1, 2, 3]
        assert s.asked == ["first", "q1", "q2", "q3"]
    finally:
        w.close()


@requires_mosquitto
def test_stopping_refuses_what_waits_and_says_stopped(broker, served):
    s = served()
    w = Watcher(broker.url, [s.prefix + "#"])
    try:
        s.gate.clear()
        w.publish(s.topic("in"), {"event": "ask", "text": "in hand", "id": 1})
        assert s.started.wait(10)
        w.publish(s.topic("in"), {"event": "ask", "text": "waiting", "id": 2})
        deadline = time.monotonic() + 10
        while s.wakes.waiting < 1 and time.monotonic() < deadline:
            time.sleep(0.02)
        s.route.close_intake()  # what SIGTERM does
        w.publish(s.topic("in"), {"event": "move", "instruction": "nod", "id": 3})
        w.wait_for(is_(s.topic("error"), id=3))
        s.stop.set()
        s.gate.set()
        s.worker.join(10)
        s.route.stop()
        w.wait_for(is_(s.topic("reply"), id=1))
        refused = w.wait_for(is_(s.topic("error"), id=2))[0][1]
        assert "shutting down" in refused["error"]
        w.wait_for(lambda t, m: t == s.topic("status") and m.get("state") == "stopped")
        assert s.asked == ["in hand"]
    finally:
        w.close()


@requires_mosquitto
def test_a_broker_restart_is_survived_with_backoff():
    with MosquittoBroker() as b:
        s = Served(b.url, min_delay=1, max_delay=2)
        w = None
        try:
            b.kill()
            lost = lambda: any(not up and "lost the MQTT broker at mqtt://127.0.0.1" in text for up, text in s.states)  # noqa: E731
            deadline = time.monotonic() + 10
            while not lost() and time.monotonic() < deadline:
                time.sleep(0.05)
            assert lost() and not s.route.link.connected, s.states
            b.start()
            assert s.route.link.wait_connected(20), s.states
            assert s.route.link.connects == 2 and s.states[-1] == (True, f"connected again to the MQTT broker at {b.url}")
            w = Watcher(b.url, [s.prefix + "#"])
            w.publish(s.topic("in"), {"event": "ask", "text": "are you back?", "id": 1})
            assert w.wait_for(is_(s.topic("reply"), id=1))[0][1]["reply"] == "ARE YOU BACK?"
            # the retained health line was published again on the new connection
            assert any(m.get("broker_connects") == 2 for m in w.on(s.topic("status"))), w.on(s.topic("status"))
        finally:
            if w:
                w.close()
            s.close()


@requires_mosquitto
def test_credentials_work_and_are_never_shown(caplog):
    with MosquittoBroker(users={"milo": "hunter2"}) as b:
        s = Served(b.url_for("milo", "hunter2"))
        w = Watcher(b.url_for("milo", "hunter2"), [s.prefix + "#"])
        try:
            w.publish(s.topic("in"), {"event": "ask", "text": "hi", "id": 1})
            w.wait_for(is_(s.topic("reply"), id=1))
            assert s.route.link.label == f"mqtt://127.0.0.1:{b.port}"
        finally:
            w.close()
            s.close()
        with caplog.at_level(logging.DEBUG):
            wrong = Wakes(2)
            route = MqttRoute(b.url_for("milo", "wrong-pass"), wrong, ask=lambda t: iter(()), move=lambda t: iter(()),
                              client_id="test-wrong", heartbeat_s=0)
            route.start()
            try:
                assert not route.link.wait_connected(3)
            finally:
                route.stop()
        text = caplog.text
        assert "refused the connection" in text and "wrong-pass" not in text and "hunter2" not in text


def _self_signed(tmp_path):
    cert, key = tmp_path / "cert.pem", tmp_path / "key.pem"
    done = subprocess.run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", str(key), "-out", str(cert),
                           "-days", "1", "-subj", "/CN=127.0.0.1", "-addext", "subjectAltName=IP:127.0.0.1"],
                          capture_output=True)
    if done.returncode != 0:
        pytest.skip(f"openssl could not make a certificate: {done.stderr.decode()[-200:]}")
    return str(cert), str(key)


@requires_mosquitto
@pytest.mark.skipif(shutil.which("openssl") is None, reason="openssl is not installed")
def test_mqtts_with_a_ca_file(tmp_path):
    cert, key = _self_signed(tmp_path)
    with MosquittoBroker(tls=(cert, key)) as b:
        assert b.url.startswith("mqtts://")
        s = Served(b.url, ca_file=cert)
        try:
            got = []
            import paho.mqtt.client as mqtt
            from paho.mqtt.enums import CallbackAPIVersion

            c = mqtt.Client(callback_api_version=CallbackAPIVersion.VERSION2)
            c.tls_set(ca_certs=cert)
            ready = threading.Event()
            c.on_connect = lambda cl, u, f, rc, p: cl.subscribe(s.topic("reply"), qos=1)
            c.on_subscribe = lambda *a: ready.set()
            c.on_message = lambda cl, u, m: got.append(json.loads(m.payload))
            c.connect("127.0.0.1", b.port)
            c.loop_start()
            assert ready.wait(10)
            c.publish(s.topic("in"), json.dumps({"event": "ask", "text": "secure?", "id": 1}), qos=1)
            deadline = time.monotonic() + 20
            while not got and time.monotonic() < deadline:
                time.sleep(0.05)
            c.disconnect()
            c.loop_stop()
            assert got and got[0]["reply"] == "SECURE?"
        finally:
            s.close()


def test_idle_work_runs_while_no_wake_waits_and_ends_when_one_comes():
    """`milo serve` processes the next prompt (Milo.prefill) while no request waits: the idle work
    runs at start and after each wake, and is told to hurry as soon as a wake comes or Milo stops
    (the embedded model's prefill stops between two steps; the wake then waits one step)."""
    import threading
    import time

    log, steps = [], []

    def idle(hurry):
        log.append("idle")
        while not hurry.is_set():  # a prefill in steps, each checking `hurry`
            steps.append(1)
            time.sleep(0.01)
        log.append("hurried")

    wakes = Wakes(4, on_idle=idle)
    stop = threading.Event()
    worker = threading.Thread(target=wakes.run, args=(stop,), kwargs={"poll": 0.05}, daemon=True)
    worker.start()

    def until(cond):
        deadline = time.monotonic() + 5
        while not cond() and time.monotonic() < deadline:
            time.sleep(0.01)
        return cond()

    try:
        assert until(lambda: log == ["idle"])
        assert wakes.call("ask", lambda: log.append("job") or 42, timeout=5) == 42
        assert until(lambda: log.count("idle") == 2)  # idle again after the wake
    finally:
        stop.set()
    worker.join(5)
    assert not worker.is_alive()
    assert log == ["idle", "hurried", "job", "idle", "hurried"], log
    assert steps  # it did run until told
    # No idle work while wakes wait: each job follows the one before.
    queued, done = Wakes(4, on_idle=lambda hurry: done.append("idle")), []
    for i in range(3):
        queued.offer(f"ask {i}", lambda i=i: done.append(i))
    stop = threading.Event()
    runner = threading.Thread(target=queued.run, args=(stop,), kwargs={"poll": 0.05}, daemon=True)
    runner.start()
    until(lambda: len(done) >= 4)
    stop.set()
    runner.join(5)
    assert done[:4] == [0, 1, 2, "idle"], done
