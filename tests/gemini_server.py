"""A real HTTP server on loopback that speaks the part of the Gemini REST API the google-genai
SDK uses: `/{v1,v1beta}/models/{model}:streamGenerateContent?alt=sse` and `:generateContent` (SDK
3.x calls v1 unless told otherwise).
Milo's Gemini path (langchain-google-genai over google-genai, MILO_GEMINI_BASE_URL pointing
here) then runs through the real SDK, HTTP client and network stack.

Like Google, it accepts one API key (in the x-goog-api-key header) and answers any other with
400 INVALID_ARGUMENT / API_KEY_INVALID."""

from __future__ import annotations

import json
import re
from typing import Optional

from loopback import LoopbackServer, QuietHandler

KEY = "AIzaSyFAKE-loopback-key-0123456789abcdef"
GOOD = "[REPLY]: Hello from the Gemini loopback!\n[INTERNAL]: testing\n[CORE_UPDATE]: a test exchange\n[FUTURE_MESSAGE]: Nothing in particular"

# Google's bodies, as the real endpoint sends them (trimmed of links).
RATE_LIMITED = {"error": {"code": 429, "status": "RESOURCE_EXHAUSTED",
                          "message": "You exceeded your current quota, please check your plan and billing details.",
                          "details": [{"@type": "type.googleapis.com/google.rpc.RetryInfo", "retryDelay": "37s"}]}}
BAD_KEY = {"error": {"code": 400, "status": "INVALID_ARGUMENT", "message": "API key not valid. Please pass a valid API key.",
                     "details": [{"@type": "type.googleapis.com/google.rpc.ErrorInfo", "reason": "API_KEY_INVALID",
                                  "domain": "googleapis.com", "metadata": {"service": "generativelanguage.googleapis.com"}}]}}

_PATH = re.compile(r"^/v1(?:beta)?/models/(?P<model>[^/:]+):(?P<method>streamGenerateContent|generateContent)(?:\?.*)?$")


class GeminiServer(LoopbackServer):
    """Each request pops the next step: ("text", answer) streamed in 7-character chunks,
    ("call", answer, [(name, args dict), ...]) the answer then functionCall parts, or
    ("status", 429) Google's RESOURCE_EXHAUSTED. When the script is empty: ("text", GOOD).
    `requests` holds {"path", "headers" (lower-case names), "body"} for every request."""

    def __init__(self, steps=(), key: str = KEY):
        self.steps = list(steps)
        self.key = key
        self.requests: list[dict] = []
        server = self

        class Handler(QuietHandler):
            def do_POST(self):
                body = json.loads(self.rfile.read(int(self.headers.get("Content-Length", 0))) or b"{}")
                server.requests.append({"path": self.path, "headers": {k.lower(): v for k, v in self.headers.items()}, "body": body})
                match = _PATH.match(self.path)
                if not match:
                    return self._json(404, {"error": {"code": 404, "status": "NOT_FOUND", "message": f"no route {self.path}"}})
                if self.headers.get("x-goog-api-key") != server.key:
                    return self._json(400, BAD_KEY)
                step = server.steps.pop(0) if server.steps else ("text", GOOD)
                if step[0] == "status":
                    return self._json(step[1], RATE_LIMITED if step[1] == 429 else {"error": {"code": step[1], "message": "scripted"}})
                parts = [{"text": step[1][i : i + 7]} for i in range(0, len(step[1]), 7)]
                if step[0] == "call":
                    parts += [{"functionCall": {"name": name, "args": args}} for name, args in step[2]]
                model = match["model"]
                if match["method"] == "generateContent":
                    text = "".join(p.get("text", "") for p in parts)
                    whole = [{"text": text}] + [p for p in parts if "functionCall" in p]
                    return self._json(200, _response(model, whole, "STOP"))
                self.send_response(200)
                self.send_header("Content-Type", "text/event-stream")
                self.send_header("Connection", "close")
                self.end_headers()
                self.close_connection = True
                for i, part in enumerate(parts):
                    chunk = _response(model, [part], "STOP" if i == len(parts) - 1 else None)
                    self.wfile.write(f"data: {json.dumps(chunk)}\r\n\r\n".encode())
                    self.wfile.flush()

            def _json(self, code, payload):
                data = json.dumps(payload).encode()
                self.send_response(code)
                self.send_header("Content-Type", "application/json; charset=UTF-8")
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

        super().__init__(Handler)
        self.url = f"http://127.0.0.1:{self.port}"


def _response(model: str, parts: list, finish: Optional[str]) -> dict:
    candidate = {"content": {"role": "model", "parts": parts}, "index": 0}
    if finish:
        candidate["finishReason"] = finish
    return {"candidates": [candidate], "modelVersion": model, "responseId": "loopback",
            "usageMetadata": {"promptTokenCount": 100, "candidatesTokenCount": 20, "totalTokenCount": 120}}
