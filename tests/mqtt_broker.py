"""A real MQTT broker (mosquitto) on a free loopback port, for tests and bench/mqtt_latency.py.

    with MosquittoBroker() as broker:                 # anonymous
        broker.url                                    # mqtt://127.0.0.1:PORT
    MosquittoBroker(users={"milo": "s3cret"})         # password file, anonymous refused
    broker.kill(); broker.start()                     # a broker restart on the same port

Started from a temporary config file, stopped by its PID. Tests that use it skip only when
`mosquitto` is not installed (deps/apt-test.txt).
"""

from __future__ import annotations

import getpass
import os
import shutil
import socket
import subprocess
import tempfile
import time
from pathlib import Path
from typing import Optional

import pytest
from child_process import ChildDaemon

MOSQUITTO = shutil.which("mosquitto") or next((p for p in ("/usr/sbin/mosquitto", "/usr/bin/mosquitto") if os.path.exists(p)), None)
MOSQUITTO_PASSWD = shutil.which("mosquitto_passwd") or ("/usr/bin/mosquitto_passwd" if os.path.exists("/usr/bin/mosquitto_passwd") else None)
requires_mosquitto = pytest.mark.skipif(MOSQUITTO is None, reason="mosquitto is not installed (deps/apt-test.txt)")


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


class MosquittoBroker(ChildDaemon):
    def __init__(self, port: Optional[int] = None, users: Optional[dict[str, str]] = None,
                 tls: Optional[tuple[str, str]] = None, max_packet: Optional[int] = None) -> None:
        self.port = port or free_port()
        self.users = users or {}
        self.tls = tls  # (cert file, key file)
        self.max_packet = max_packet
        self.dir = Path(tempfile.mkdtemp(prefix="milo-mqtt-"))
        self.process: Optional[subprocess.Popen] = None
        self.log_path = self.dir / "mosquitto.log"

    @property
    def url(self) -> str:
        return f"{'mqtts' if self.tls else 'mqtt'}://127.0.0.1:{self.port}"

    def url_for(self, user: str, password: str) -> str:
        return f"{'mqtts' if self.tls else 'mqtt'}://{user}:{password}@127.0.0.1:{self.port}"

    def _config(self) -> Path:
        lines = [f"listener {self.port} 127.0.0.1", "persistence false", "set_tcp_nodelay true", f"log_dest file {self.log_path}",
                 "log_type error", "log_type warning", "log_type notice"]
        try:
            lines.append(f"user {getpass.getuser()}")  # as root: do not drop to `mosquitto` (it could not read the temp files)
        except Exception:
            pass
        if self.users:
            passwd = self.dir / "passwd"
            passwd.write_text("")
            for name, password in self.users.items():
                subprocess.run([MOSQUITTO_PASSWD, "-b", str(passwd), name, password], check=True, capture_output=True)
            os.chmod(passwd, 0o600)
            lines += ["allow_anonymous false", f"password_file {passwd}"]
        else:
            lines.append("allow_anonymous true")
        if self.tls:
            lines += [f"certfile {self.tls[0]}", f"keyfile {self.tls[1]}"]
        if self.max_packet:
            lines.append(f"max_packet_size {self.max_packet}")
        conf = self.dir / "mosquitto.conf"
        conf.write_text("\n".join(lines) + "\n")
        return conf

    def start(self, timeout: float = 10.0) -> "MosquittoBroker":
        if MOSQUITTO is None:
            pytest.skip("mosquitto is not installed (deps/apt-test.txt)")
        conf = self._config()
        self.process = subprocess.Popen([MOSQUITTO, "-c", str(conf)], stdin=subprocess.DEVNULL,
                                        stdout=subprocess.DEVNULL, stderr=subprocess.STDOUT, start_new_session=True)
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"mosquitto exited with {self.process.returncode}: {self.log_tail()}")
            try:
                socket.create_connection(("127.0.0.1", self.port), timeout=0.2).close()
                return self
            except OSError:
                time.sleep(0.05)
        self.stop()
        raise RuntimeError(f"mosquitto did not listen on {self.port} within {timeout} s: {self.log_tail()}")

    def cleanup(self) -> None:
        self.stop()
        shutil.rmtree(self.dir, ignore_errors=True)

    def __enter__(self) -> "MosquittoBroker":
        return self.start()

    def __exit__(self, *exc) -> None:
        self.cleanup()


class Watcher:
    """A test-side MQTT client: subscribes to topics, records every message, publishes."""

    def __init__(self, url: str, topics=("#",)) -> None:
        import json
        import threading

        import paho.mqtt.client as mqtt
        from paho.mqtt.enums import CallbackAPIVersion

        self._json = json
        self.messages: list[tuple[str, object]] = []
        self._cv = threading.Condition()
        self._ready = threading.Event()
        host_port = url.split("@")[-1].split("://")[-1]
        host, port = host_port.rsplit(":", 1)
        self.client = mqtt.Client(callback_api_version=CallbackAPIVersion.VERSION2, protocol=mqtt.MQTTv311)
        if "@" in url:
            user, password = url.split("://", 1)[1].split("@", 1)[0].split(":", 1)
            self.client.username_pw_set(user, password)

        def on_connect(client, userdata, flags, rc, props):
            import socket as socket_mod

            client.socket().setsockopt(socket_mod.IPPROTO_TCP, socket_mod.TCP_NODELAY, 1)
            for t in topics:
                client.subscribe(t, qos=1)

        def on_subscribe(client, userdata, mid, rcs, props):
            self._ready.set()

        def on_message(client, userdata, msg):
            try:
                body = json.loads(msg.payload)
            except ValueError:
                body = msg.payload
            with self._cv:
                self.messages.append((msg.topic, body))
                self._cv.notify_all()

        self.client.on_connect = on_connect
        self.client.on_subscribe = on_subscribe
        self.client.on_message = on_message
        self.client.connect(host, int(port))
        self.client.loop_start()
        if not self._ready.wait(10):
            raise RuntimeError("the test client could not subscribe")

    def publish(self, topic: str, payload, qos: int = 1) -> None:
        if isinstance(payload, (dict, list)):
            payload = self._json.dumps(payload)
        self.client.publish(topic, payload, qos=qos).wait_for_publish(10)

    def wait_for(self, predicate, timeout: float = 30.0, count: int = 1) -> list:
        deadline = time.monotonic() + timeout
        with self._cv:
            while True:
                found = [m for m in self.messages if predicate(*m)]
                if len(found) >= count:
                    return found
                left = deadline - time.monotonic()
                if left <= 0:
                    raise AssertionError(f"no {count} matching message(s) within {timeout} s; got: {self.messages[-20:]}")
                self._cv.wait(left)

    def on(self, topic: str) -> list:
        with self._cv:
            return [b for t, b in self.messages if t == topic]

    def close(self) -> None:
        self.client.disconnect()
        self.client.loop_stop()
