"""Milo over the network: the MQTT route of `milo serve` (paho-mqtt).

    protocol.py   topics under a prefix, requests read and checked (BadRequest: one sentence)
    link.py       one broker connection, reconnecting with backoff (MqttLink)
    wakes.py      the one queue of wakes, done one at a time (Wakes)
    route.py      requests -> wakes -> answers (MqttRoute); the health line

This package knows nothing of the chat, the voice or the body: `milo.cli.serve` hands it a turn
function and a move function.
"""

from milo.net.protocol import EVENTS, MAX_PAYLOAD, BadRequest, Request, Topics, read_request
from milo.net.wakes import Refused, Wakes

__all__ = ["BadRequest", "EVENTS", "MAX_PAYLOAD", "Refused", "Request", "Topics", "Wakes", "read_request"]
