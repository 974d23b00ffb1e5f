"""`milo serve` in its own process, end to end on loopback: a real mosquitto, the real headless
Reachy Mini daemon, a real turn (the loopback model server; the tiny embedded brain in one
@pytest.mark.model test). Moves go through parse_command + Body.run and report the pose the
daemon reads back; asks run Milo.turn and share one conversation and one memory; SIGTERM lets
the turn in hand finish its reply and its etch; a broker restart is survived; `milo send` and
scripts/send_mqtt.sh talk to it."""

import json
import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest
from model_server import ScriptedModelServer
from mqtt_broker import MosquittoBroker, Watcher, requires_mosquitto
from robot_daemon import daemon_fixture

ROOT = Path(__file__).resolve().parent.parent
pytestmark = requires_mosquitto

robot_daemon = daemon_fixture(scope="module")


class Serve:
    """`python -m milo serve ...` with its stderr collected in the background."""

    def __init__(self, args, env):
        self.process = subprocess.Popen([sys.executable, "-m", "milo", "serve", *args], cwd=ROOT, env=env,
                                        stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                                        text=True, start_new_session=True)
        self.lines: list[str] = []
        self._t = threading.Thread(target=self._read, daemon=True)
        self._t.start()

    def _read(self):
        for line in iter(self.process.stdout.readline, ""):
            self.lines.append(line.rstrip("\n"))

    @property
    def output(self) -> str:
        return "\n".join(self.lines)

    def terminate(self, timeout=60) -> int:
        if self.process.poll() is None:
            os.kill(self.process.pid, signal.SIGTERM)
        try:
            rc = self.process.wait(timeout)
        except subprocess.TimeoutExpired:
            os.kill(self.process.pid, signal.SIGKILL)
            rc = self.process.wait(10)
        self._t.join(5)
        return rc


@pytest.fixture
def env(tmp_path):
    e = dict(os.environ)
    e.update(MILO_MEMORY_FILE=str(tmp_path / "Living_Memory.md"), SESSION_DIR=str(tmp_path / "sessions"),
             MILO_CACHE_DIR=str(tmp_path / "cache"), MILO_ROBOT="none", MILO_MQTT_CLIENT_ID=f"milo-test-{tmp_path.name}")
    return e


def ready(prefix="milo/"):
    return lambda t, m: t == prefix + "status" and isinstance(m, dict) and m.get("state") == "ready"


def is_(topic, **fields):
    return lambda t, m: t == topic and isinstance(m, dict) and all(m.get(k) == v for k, v in fields.items())


def test_serve_moves_the_real_robot_and_answers_asks_in_one_conversation(robot_daemon, env, tmp_path):
    with MosquittoBroker() as broker, ScriptedModelServer() as model:
        w = Watcher(broker.url, ["milo/#"])
        env.update(MILO_MQTT_URL=broker.url, MILO_ROBOT="reachy", MILO_ROBOT_PORT=str(robot_daemon.port))
        serve = Serve(["--model", "openai:loopback", "--base-url", model.url], env)
        try:
            w.wait_for(ready(), timeout=120)
            w.publish("milo/in", {"event": "move", "instruction": "nod twice, then look around", "id": "m1"})
            w.publish("milo/in", {"event": "ask", "text": "Hi Milo, I'm Sam and I love black coffee.", "id": 1})
            w.publish("milo/in", {"event": "ask", "text": "What do I love?", "id": 2})
            done = w.wait_for(is_("milo/reply", id="m1"), timeout=120)[0][1]
            assert done["ok"] is True and done["done"] == ["nodded twice", "looked around"]
            motion = [m for m in w.on("milo/motion") if m["id"] == "m1"]
            assert [m["ran"] for m in motion] == ["nod(times=2)", "look_around()"]
            assert [(m["step"], m["of"]) for m in motion] == [(1, 2), (2, 2)]
            for m in motion:  # the pose the daemon reads back: neutral again after each gesture
                assert m["body"] == f"Reachy Mini at localhost:{robot_daemon.port}" and m["ok"] is True
                assert abs(m["pose"]["head"]["pitch"]) < 3 and abs(m["pose"]["head"]["yaw"]) < 3 and abs(m["pose"]["body_yaw"]) < 3
                assert len(m["pose"]["antennas"]) == 2
            first = w.wait_for(is_("milo/reply", id=1), timeout=120)[0][1]
            assert first["reply"] == "Hello from the loopback server!" and first["ok"] is True
            w.wait_for(is_("milo/reply", id=2), timeout=120)
            # one conversation: the second turn's prompt replays the first exchange
            second_prompt = json.dumps(model.requests[-1]["messages"])
            assert "I love black coffee" in second_prompt and "Hello from the loopback server!" in second_prompt
            # one memory: both turns etched into the one file
            memory = Path(env["MILO_MEMORY_FILE"]).read_text()
            assert memory.count("--- [PULSE:") == 2
            w.publish("milo/in", {"event": "status", "id": "s"})
            status = w.wait_for(is_("milo/status", id="s"))[0][1]
            assert status["done"] == 3 and status["body"].startswith("Reachy Mini") and status["last_motion"]["ran"] == "look_around()"
        finally:
            rc = serve.terminate()
            w.close()
        assert rc == 0, serve.output
        assert "stopped after 3 wakes" in serve.output


def test_a_robot_that_goes_away_is_an_error_not_a_crash(env):
    from robot_daemon import HAVE_REACHY, WHY_NOT, RobotDaemon

    if not HAVE_REACHY:
        pytest.skip(WHY_NOT)
    daemon = RobotDaemon().start()
    with MosquittoBroker() as broker, ScriptedModelServer() as model:
        w = Watcher(broker.url, ["milo/#"])
        env.update(MILO_MQTT_URL=broker.url, MILO_ROBOT="reachy", MILO_ROBOT_PORT=str(daemon.port))
        serve = Serve(["--model", "openai:loopback", "--base-url", model.url], env)
        try:
            w.wait_for(ready(), timeout=120)
            daemon.kill()  # a pulled cable
            w.publish("milo/in", {"event": "move", "instruction": "nod twice, then look around", "id": "gone"})
            err = w.wait_for(is_("milo/error", id="gone"), timeout=60)[0][1]
            assert err["error"].startswith("Skipped nod(times=2): my body is not answering")
            done = w.wait_for(is_("milo/reply", id="gone"))[0][1]
            assert done["ok"] is False and len(done["done"]) == 2
            w.publish("milo/in", {"event": "ask", "text": "Are you still there?", "id": 1})
            assert w.wait_for(is_("milo/reply", id=1), timeout=60)[0][1]["ok"] is True  # the chat goes on
            daemon.cleanup()
            daemon = RobotDaemon(port=daemon.port).start()  # plugged back in
            deadline = time.monotonic() + 60
            for attempt in range(30):  # the body retries connecting at most every 2 s
                w.publish("milo/in", {"event": "move", "instruction": "nod", "id": f"back{attempt}"})
                if w.wait_for(is_("milo/reply", id=f"back{attempt}"), timeout=60)[0][1]["ok"] or time.monotonic() > deadline:
                    break
                time.sleep(1)
            assert w.wait_for(is_("milo/reply", id=f"back{attempt}"))[0][1]["ok"] is True
            assert serve.process.poll() is None
        finally:
            rc = serve.terminate()
            w.close()
            daemon.cleanup()
        assert rc == 0, serve.output
        assert "my body is not answering" in serve.output and "my body is answering again" in serve.output


def test_sigterm_finishes_the_turn_in_hand_and_its_etch(env):
    with MosquittoBroker() as broker, ScriptedModelServer([("drip", 0.15)]) as model:
        w = Watcher(broker.url, ["milo/#"])
        env.update(MILO_MQTT_URL=broker.url)
        serve = Serve(["--model", "openai:loopback", "--base-url", model.url], env)
        try:
            w.wait_for(ready(), timeout=120)
            w.publish("milo/in", {"event": "ask", "text": "Tell me something slowly.", "id": 1})
            w.publish("milo/in", {"event": "ask", "text": "And then this.", "id": 2})
            deadline = time.monotonic() + 60
            while not model.requests and time.monotonic() < deadline:
                time.sleep(0.02)
            assert model.requests, serve.output
            os.kill(serve.process.pid, signal.SIGTERM)  # mid-answer: the answer drips for ~3 s
            rc = serve.process.wait(60)
        finally:
            rc = serve.terminate()
            w.close()
        assert rc == 0, serve.output
        reply = [m for m in w.on("milo/reply") if m["id"] == 1]
        assert reply and reply[0]["reply"] == "Hello from the loopback server!", serve.output
        refused = [m for m in w.on("milo/error") if m["id"] == 2]
        assert refused and "shutting down" in refused[0]["error"]
        assert Path(env["MILO_MEMORY_FILE"]).read_text().count("--- [PULSE:") == 1
        assert [m["state"] for m in w.on("milo/status") if "id" not in m][-1] == "stopped"
        assert len(model.requests) == 1


def test_broker_restart_and_requests_sent_while_milo_was_away(env):
    with MosquittoBroker() as broker, ScriptedModelServer() as model:
        env.update(MILO_MQTT_URL=broker.url)
        args = ["--model", "openai:loopback", "--base-url", model.url, "--heartbeat", "0"]
        serve = Serve(args, env)
        w = Watcher(broker.url, ["milo/#"])
        try:
            w.wait_for(ready(), timeout=120)
            w.close()
            broker.kill()
            broker.start()  # same port, sessions lost: Milo reconnects and subscribes again
            w = Watcher(broker.url, ["milo/#"])
            w.wait_for(lambda t, m: t == "milo/status" and m.get("broker_connects") == 2, timeout=60)
            w.publish("milo/in", {"event": "ask", "text": "Still there?", "id": 1})
            w.wait_for(is_("milo/reply", id=1), timeout=60)
            assert serve.terminate() == 0
            assert "lost the MQTT broker" in serve.output and "connected again" in serve.output
            # Milo is away (restarting): a QoS 1 request waits at the broker for its session
            w.publish("milo/in", {"event": "ask", "text": "Sent while you were away.", "id": 2}, qos=1)
            serve = Serve(args, env)
            w.wait_for(is_("milo/reply", id=2), timeout=120)
        finally:
            rc = serve.terminate()
            w.close()
        assert rc == 0, serve.output


def test_milo_send_and_the_script(env, tmp_path):
    with MosquittoBroker(users={"milo": "hunter2"}) as broker, ScriptedModelServer() as model:
        url = broker.url_for("milo", "hunter2")
        env.update(MILO_MQTT_URL=url, MILO_MQTT_PREFIX="desk/milo")
        serve = Serve(["--model", "openai:loopback", "--base-url", model.url, "-v"], env)
        w = Watcher(url, ["desk/milo/#"])
        try:
            w.wait_for(ready("desk/milo/"), timeout=120)
            send = subprocess.run([sys.executable, "-m", "milo", "send", '{"event":"move","instruction":"nod twice, then look around","id":"x"}'],
                                  cwd=ROOT, env=env, capture_output=True, text=True, timeout=120)
            assert send.returncode == 0, send.stderr
            lines = [json.loads(x) for x in send.stdout.splitlines()]
            assert [m.get("ran") for m in lines[:2]] == ["nod(times=2)", "look_around()"] and lines[-1]["done"] and lines[-1]["id"] == "x"
            script = subprocess.run([str(ROOT / "scripts" / "send_mqtt.sh"), "what is your name?"],
                                    cwd=tmp_path, env=env, capture_output=True, text=True, timeout=120)
            assert script.returncode == 0, script.stderr
            assert json.loads(script.stdout.splitlines()[0])["reply"] == "Hello from the loopback server!"
            bad = subprocess.run([sys.executable, "-m", "milo", "send", '{"event":"dance"}'], cwd=ROOT, env=env,
                                 capture_output=True, text=True, timeout=60)
            assert bad.returncode == 2 and bad.stderr.strip() == "milo send: Unknown event 'dance'; use one of ask, move, status."
            fail = subprocess.run([sys.executable, "-m", "milo", "send", '{"event":"move","instruction":"fly to the moon"}'],
                                  cwd=ROOT, env=env, capture_output=True, text=True, timeout=60)
            assert fail.returncode == 1 and "no gesture found" in json.loads(fail.stdout)["error"]
        finally:
            rc = serve.terminate()
            w.close()
        assert rc == 0
        assert "hunter2" not in serve.output and "hunter2" not in send.stderr + script.stderr
        assert f"mqtt://127.0.0.1:{broker.port}" in serve.output


def test_send_without_a_broker_is_one_sentence(env):
    from mqtt_broker import free_port

    env.update(MILO_MQTT_URL=f"mqtt://milo:hunter2@127.0.0.1:{free_port()}")
    done = subprocess.run([sys.executable, "-m", "milo", "send", "--connect-timeout", "2", "hello"], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 2
    assert done.stderr.strip().endswith("start one (sudo apt install mosquitto) or set MILO_MQTT_URL.")
    assert "hunter2" not in done.stderr


def test_voice_and_mqtt_share_one_queue_and_one_conversation(env, tmp_path):
    pytest.importorskip("faster_whisper")
    pytest.importorskip("pyttsx3")
    from milo.voice import stt
    from virtual_audio import concat, have, synth

    if not have("espeak-ng", "sox") or not stt.find_whisper_model():
        pytest.skip("needs espeak-ng, sox and a faster-whisper model (scripts/setup.sh --voice)")
    question = concat([synth("hey Milo, what is your name?", tmp_path / "q.wav"), 1.5], tmp_path / "in.wav")
    with MosquittoBroker() as broker, ScriptedModelServer() as model:
        env.update(MILO_MQTT_URL=broker.url)
        w = Watcher(broker.url, ["milo/#"])
        serve = Serve(["--model", "openai:loopback", "--base-url", model.url, "--voice",
                       "--voice-input", str(question), "--voice-output", str(tmp_path / "out.wav")], env)
        try:
            heard = w.wait_for(lambda t, m: t == "milo/reply" and m.get("event") == "voice", timeout=180)[0][1]
            assert "name" in heard["heard"].lower() and heard["reply"] == "Hello from the loopback server!"
            w.publish("milo/in", {"event": "ask", "text": "And what did I just ask you?", "id": 1})
            w.wait_for(is_("milo/reply", id=1), timeout=60)
            assert "name" in json.dumps(model.requests[-1]["messages"]).lower()  # the voice turn is in the conversation
            w.publish("milo/in", {"event": "status", "id": "s"})
            assert w.wait_for(is_("milo/status", id="s"))[0][1]["done"] == 2
        finally:
            rc = serve.terminate()
            w.close()
        assert rc == 0, serve.output
        assert Path(env["MILO_MEMORY_FILE"]).read_text().count("--- [PULSE:") == 2


@pytest.mark.model
def test_serve_on_the_tiny_brain(env):
    with MosquittoBroker() as broker:
        env.update(MILO_MQTT_URL=broker.url, MILO_DATA_DIR=str(Path(env["MILO_CACHE_DIR"]) / "data"))
        w = Watcher(broker.url, ["milo/#"])
        serve = Serve(["--model", "tiny"], env)
        try:
            w.wait_for(ready(), timeout=240)
            w.publish("milo/in", {"event": "ask", "text": "Hello Milo! Please nod.", "id": 1})
            reply = w.wait_for(is_("milo/reply", id=1), timeout=240)[0][1]
            assert reply["ok"] is True and reply["reply"].strip()
            assert reply["gestures"] == ["nod(times=2)"]  # "nod" in the user's words: followed whatever the model says
            w.wait_for(is_("milo/motion", id=1), timeout=60)
        finally:
            rc = serve.terminate(timeout=120)
            w.close()
        assert rc == 0, serve.output
