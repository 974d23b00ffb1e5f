"""One connection to an MQTT broker (paho-mqtt), kept up for as long as Milo runs.

    link = MqttLink("mqtt://user:secret@localhost:1883", subscriptions=[("milo/in", 1)],
                    on_message=handle, will=("milo/status", b'{"state":"offline"}'))
    link.start()                       # returns at once; connects (and reconnects) in the background
    link.publish("milo/reply", b"...")
    link.stop()

paho's network thread connects, and when the broker goes away (restarted, network lost) it
reconnects with exponential backoff (`min_delay` doubling up to `max_delay`); every (re)connect
subscribes again, so a broker that lost its sessions still delivers. The session is persistent
(clean_session off, a fixed client id), so QoS 1 requests sent while Milo was briefly away are
delivered when it comes back, as long as the broker kept them. `mqtts://` uses TLS (the system's
CAs, or `ca_file`). The password is never logged: labels use the URL without credentials.
"""

from __future__ import annotations

import logging
import socket
import threading
from dataclasses import dataclass
from typing import Callable, Optional, Sequence
from urllib.parse import unquote, urlsplit

from milo.config import strip_credentials
from milo.errors import ConfigError, SetupError

log = logging.getLogger("milo.net")


@dataclass(frozen=True)
class BrokerAddress:
    host: str
    port: int
    tls: bool
    username: Optional[str]
    password: Optional[str]
    label: str  # for messages: the URL without credentials

    @classmethod
    def parse(cls, url: str) -> "BrokerAddress":
        parts = urlsplit(url.strip())
        if parts.scheme not in ("mqtt", "mqtts") or not parts.hostname:
            raise ConfigError("MILO_MQTT_URL must be an mqtt:// or mqtts:// URL such as mqtt://user:password@localhost:1883.")
        tls = parts.scheme == "mqtts"
        try:
            port = parts.port or (8883 if tls else 1883)
        except ValueError:
            raise ConfigError("MILO_MQTT_URL has a port that is not a number.") from None
        return cls(
            host=parts.hostname,
            port=port,
            tls=tls,
            username=unquote(parts.username) if parts.username else None,
            password=unquote(parts.password) if parts.password is not None else None,
            label=strip_credentials(url.strip()),
        )


def default_client_id(prefix: str = "milo/") -> str:
    """The same id every start on this machine (so the broker keeps Milo's session)."""
    tail = prefix.strip("/").replace("/", "-") or "milo"
    return f"{tail}-{socket.gethostname()}"[:200]


class MqttLink:
    def __init__(
        self,
        url: str,
        *,
        subscriptions: Sequence[tuple[str, int]] = (),
        on_message: Optional[Callable[[str, bytes], None]] = None,
        on_state: Optional[Callable[[bool, str], None]] = None,
        client_id: Optional[str] = None,
        persistent: bool = True,
        will: Optional[tuple[str, bytes]] = None,
        ca_file: Optional[str] = None,
        min_delay: float = 1.0,
        max_delay: float = 30.0,
        keepalive: int = 30,
    ) -> None:
        try:
            import paho.mqtt.client as mqtt
            from paho.mqtt.enums import CallbackAPIVersion
        except ImportError as e:
            raise SetupError(f"paho-mqtt (2.0 or later) is not installed ({e}); run scripts/setup.sh "
                             "or .venv/bin/pip install -r requirements.txt.") from None

        self.address = BrokerAddress.parse(url)
        self.subscriptions = list(subscriptions)
        self.on_message = on_message
        self.on_state = on_state  # (connected, one sentence) on every change
        self.keepalive = keepalive
        self.connects = 0
        self._connected = threading.Event()  # set once the connection is announced
        self._up = False  # connected, from the first moment (the announcement may still run)
        self._started = False
        self._said_down = False
        persistent = persistent and bool(client_id)
        client = mqtt.Client(
            callback_api_version=CallbackAPIVersion.VERSION2,
            client_id=client_id or "",
            clean_session=not persistent,
            protocol=mqtt.MQTTv311,
        )
        if self.address.username is not None:
            client.username_pw_set(self.address.username, self.address.password)
        if self.address.tls:
            client.tls_set(ca_certs=str(ca_file) if ca_file else None)
        if will is not None:
            client.will_set(will[0], will[1], qos=1, retain=True)
        client.reconnect_delay_set(min_delay=max(1, int(min_delay)), max_delay=max(1, int(max_delay)))
        client.max_queued_messages_set(1000)  # answers held while the broker is away, bounded
        client.on_connect = self._on_connect
        client.on_disconnect = self._on_disconnect
        client.on_message = self._on_message
        client.on_connect_fail = self._on_connect_fail
        self.client = client

    @property
    def label(self) -> str:
        return self.address.label

    @property
    def connected(self) -> bool:
        return self._connected.is_set()

    def start(self) -> "MqttLink":
        """Connect in the background (and keep reconnecting); returns at once."""
        self._started = True  # before the network thread can connect (and lose the broker)
        self.client.connect_async(self.address.host, self.address.port, keepalive=self.keepalive)
        self.client.loop_start()
        return self

    def wait_connected(self, timeout: Optional[float] = None) -> bool:
        return self._connected.wait(timeout)

    def publish(self, topic: str, payload: bytes, qos: int = 1, retain: bool = False):
        """Queue a message (sent now, or when the broker is back); the paho MQTTMessageInfo."""
        return self.client.publish(topic, payload, qos=qos, retain=retain)

    def stop(self, last: Optional[tuple[str, bytes]] = None, timeout: float = 3.0) -> None:
        """Publish `last` (retained) if connected, wait for it briefly, disconnect."""
        if not self._started:
            return
        if last is not None and self.connected:
            info = self.client.publish(last[0], last[1], qos=1, retain=True)
            try:
                info.wait_for_publish(timeout)
            except (RuntimeError, ValueError):  # not sent: the broker went away meanwhile
                pass
        self._started = False  # what follows is our own disconnection, not a lost broker
        self.client.disconnect()
        self.client.loop_stop()
        self._connected.clear()

    # ---- paho callbacks (network thread) ---------------------------------------------------

    def _state(self, up: bool, sentence: str) -> None:
        """Say a change of connection once: to `on_state` if given, else to the log."""
        if self.on_state is None:
            log.log(logging.INFO if up else logging.WARNING, "%s", sentence)
            return
        try:
            self.on_state(up, sentence)
        except Exception:  # a broken front end must not stop the network thread
            log.exception("on_state failed")

    def _on_connect(self, client, userdata, flags, reason_code, properties) -> None:
        if reason_code.is_failure:
            sentence = f"the MQTT broker at {self.label} refused the connection ({reason_code}); retrying"
            if not self._said_down:
                self._said_down = True
                self._state(False, sentence)
            return
        self.connects += 1
        _no_delay(client)
        for topic, qos in self.subscriptions:
            client.subscribe(topic, qos=qos)
        self._said_down = False
        self._up = True
        again = " again" if self.connects > 1 else ""
        self._state(True, f"connected{again} to the MQTT broker at {self.label}")
        self._connected.set()  # after the announcement (and the health line it publishes)

    def _on_disconnect(self, client, userdata, flags, reason_code, properties) -> None:
        was, self._up = self._up, False
        self._connected.clear()
        if not self._started:
            return  # our own stop()
        if was:
            sentence = f"lost the MQTT broker at {self.label} ({reason_code}); reconnecting with backoff"
            self._said_down = True
            self._state(False, sentence)

    def _on_connect_fail(self, client, userdata) -> None:
        if not self._said_down:
            sentence = f"no MQTT broker answers at {self.label}; retrying with backoff"
            self._said_down = True
            self._state(False, sentence)

    def _on_message(self, client, userdata, message) -> None:
        if self.on_message is None:
            return
        try:
            self.on_message(message.topic, bytes(message.payload))
        except Exception:  # never let one message kill the network thread
            log.exception("handling a message on %s failed", message.topic)


def _no_delay(client) -> None:
    """Small messages go out at once: without TCP_NODELAY, a reply written right after the
    PUBACK of its request waits ~40 ms for the broker's delayed ACK (Nagle's algorithm)."""
    try:
        client.socket().setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    except (AttributeError, OSError):  # a socket (websocket wrapper) that does not take it
        pass
