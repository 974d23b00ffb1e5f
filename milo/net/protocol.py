"""The MQTT protocol: topics under a prefix, requests read and checked, answers as JSON.

    milo/in       requests: {"event": "ask", "text": "...", "id": 7}
                            {"event": "move", "instruction": "nod twice, then look around"}
                            {"event": "status"}
    milo/reply    answers: {"event": "ask", "id": 7, "reply": "...", "ok": true, "gestures": [...]}
                           {"event": "move", "id": 8, "done": ["nodded twice", ...], "ok": true}
    milo/motion   after each gesture: {"event": "move", "id": 8, "ran": "nod(times=2)",
                  "status": "nodded twice", "step": 1, "of": 2, "pose": {...}}
    milo/error    one sentence each: {"event": "ask", "id": 7, "error": "..."}
    milo/status   the health line (retained): {"state": "ready", "queued": 0, ...}

Nothing here touches the network: `read_request` turns raw bytes into a `Request` or raises
`BadRequest` (one sentence for the sender), never anything else.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any, Optional, Union

EVENTS = ("ask", "move", "status")
MAX_PAYLOAD = 4096  # bytes of one request
MAX_TEXT = 2000  # characters of an ask's text or a move's instruction
MAX_ID = 100  # characters of a request id

RequestId = Union[str, int, float, None]


class BadRequest(ValueError):
    """A request Milo cannot take; str() is one sentence for whoever sent it."""

    def __init__(self, sentence: str, request_id: RequestId = None, event: Optional[str] = None):
        super().__init__(sentence)
        self.request_id = request_id
        self.event = event


def _topic(suffix: str) -> property:
    return property(lambda self: self.prefix + suffix, doc=f"<prefix>{suffix}")


@dataclass(frozen=True)
class Topics:
    prefix: str = "milo/"

    def __post_init__(self) -> None:
        if not self.prefix.endswith("/"):
            object.__setattr__(self, "prefix", self.prefix + "/")

    requests = _topic("in")
    reply = _topic("reply")
    error = _topic("error")
    motion = _topic("motion")
    status = _topic("status")

    def answers(self) -> list[str]:
        return [self.reply, self.error, self.motion, self.status]


@dataclass(frozen=True)
class Request:
    event: str
    id: RequestId = None
    text: str = ""  # ask: what the user says; move: the instruction

    def describe(self) -> str:
        shown = self.text if len(self.text) <= 60 else self.text[:57] + "..."
        return f"{self.event}" + (f" {self.id!r}" if self.id is not None else "") + (f": {shown!r}" if shown else "")


def _kind(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true/false"
    if isinstance(value, (int, float)):
        return "a number"
    if isinstance(value, str):
        return "a string"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, dict):
        return "an object"
    return type(value).__name__


EXAMPLE = '{"event": "ask", "text": "hello"}'


def read_request(payload: bytes, max_bytes: int = MAX_PAYLOAD, max_text: int = MAX_TEXT) -> Request:
    """Raw bytes from the request topic -> a Request; BadRequest (one sentence) otherwise."""
    if len(payload) > max_bytes:
        raise BadRequest(f"The request is {len(payload)} bytes; at most {max_bytes} are accepted.")
    try:
        text = payload.decode("utf-8")
    except UnicodeDecodeError:
        raise BadRequest("The request is not UTF-8 text; send JSON such as " + EXAMPLE + ".") from None
    if not text.strip():
        raise BadRequest("The request is empty; send JSON such as " + EXAMPLE + ".")
    try:
        data = json.loads(text)
    except ValueError as e:
        where = f" (line {e.lineno} column {e.colno}: {e.msg})" if isinstance(e, json.JSONDecodeError) else ""
        raise BadRequest(f"The request is not valid JSON{where}; send JSON such as {EXAMPLE}.") from None
    if not isinstance(data, dict):
        raise BadRequest(f"The request must be a JSON object such as {EXAMPLE}, not {_kind(data)}.")
    rid = data.get("id")
    if rid is not None and (isinstance(rid, bool) or not isinstance(rid, (str, int, float))):
        raise BadRequest(f'"id" must be a string or a number, not {_kind(rid)}.')
    if isinstance(rid, str) and len(rid) > MAX_ID:
        raise BadRequest(f'"id" is {len(rid)} characters long; at most {MAX_ID} are accepted.')
    if isinstance(rid, float) and rid != rid:  # pragma: no cover - json gives no NaN unless asked
        rid = None
    event = data.get("event")
    if event is None:
        raise BadRequest(f'The request has no "event"; use one of {", ".join(EVENTS)}.', rid)
    if not isinstance(event, str):
        raise BadRequest(f'"event" must be a string ({", ".join(EVENTS)}), not {_kind(event)}.', rid)
    event = event.strip().lower()
    if event not in EVENTS:
        shown = event if len(event) <= 40 else event[:37] + "..."
        raise BadRequest(f"Unknown event {shown!r}; use one of {', '.join(EVENTS)}.", rid)
    if event == "status":
        return Request("status", rid)
    field, what = ("text", "what to say") if event == "ask" else ("instruction", "what to do, such as \"nod twice\"")
    value = data.get(field)
    if value is None:
        article = "An" if event[0] in "aeiou" else "A"
        raise BadRequest(f'{article} {event} request needs an "{field}" field with {what}.' if field[0] in "aeiou"
                         else f'{article} {event} request needs a "{field}" field with {what}.', rid, event)
    if not isinstance(value, str):
        raise BadRequest(f'"{field}" must be a string, not {_kind(value)}.', rid, event)
    value = value.strip()
    if not value:
        raise BadRequest(f'"{field}" is empty; give it {what}.', rid, event)
    if len(value) > max_text:
        raise BadRequest(f'"{field}" is {len(value)} characters long; at most {max_text} are accepted.', rid, event)
    return Request(event, rid, value)


def dumps(message: dict) -> bytes:
    """An answer as compact UTF-8 JSON (non-ASCII kept as is)."""
    return json.dumps(message, ensure_ascii=False, separators=(",", ":")).encode("utf-8")
