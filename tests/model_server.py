"""A real HTTP server on loopback that speaks the OpenAI chat-completions API (and Ollama's
/api/chat), scripted to misbehave: it stands in for a remote model server (a cloud endpoint, a
llama.cpp server on another box) so the failure paths run through the real clients and network
stack, without mocking LangChain internals."""

from __future__ import annotations

import json
import threading
import time

from loopback import LoopbackServer, QuietHandler

PAUSE = "|PAUSE|"
GOOD = "[REPLY]: Hello from the loopback server!\n[INTERNAL]: testing\n[CORE_UPDATE]: a test exchange\n[FUTURE_MESSAGE]: Nothing in particular"


class ScriptedModelServer(LoopbackServer):
    """Each request pops the next step: ("ok", text), ("status", code), ("garbage", body),
    ("hang", seconds), ("drop",) (close the connection), ("drip", seconds between chunks) or
    ("length", text) (stopped at the token limit) or ("cut", text, n) (n characters, then the connection drops) or ("sse_error", code) (an error event in the stream) or ("tools", text, [(name, arguments json)]) (native
    tool calls after the text) or ("pause", text, seconds[, tool calls]) (the text up to and with its
    second tag at once (or up to a PAUSE mark in it), then a pause (seconds, or until a threading.Event is set), then the rest: a model slow on its memory lines). When the script is empty: ("ok", GOOD)."""

    def __init__(self, steps=()):
        self.steps = list(steps)
        self.requests: list[dict] = []
        self.gave_up = 0  # streams the client stopped reading (its connection dropped)
        self.headers: list[dict] = []
        server = self

        class Handler(QuietHandler):
            def do_POST(self):
                length = int(self.headers.get("Content-Length", 0))
                body = json.loads(self.rfile.read(length) or b"{}")
                server.requests.append(body)
                server.headers.append({k.lower(): v for k, v in self.headers.items()})
                step = server.steps.pop(0) if server.steps else ("ok", GOOD)
                kind = step[0]
                if kind == "status":
                    self._send(step[1], json.dumps({"error": {"message": f"scripted {step[1]}", "echo": self.headers.get("authorization", "")}}).encode())
                elif kind == "garbage":
                    self._send(200, step[1].encode() if isinstance(step[1], str) else step[1])
                elif kind == "hang":
                    time.sleep(step[1])
                    self._send(200, b"{}")
                elif kind == "drop":
                    self.close_connection = True
                    self.connection.close()
                elif self.path.startswith("/api/chat"):
                    self._ollama(body, step[1])
                elif kind == "drip":  # ("drip", seconds between chunks): a slow, never-silent server
                    self._sse(body, GOOD, delay=step[1])
                elif kind == "tools":  # ("tools", text, [(name, arguments json), ...]): native tool calls
                    self._sse(body, step[1], tool_calls=step[2], finish="tool_calls")
                elif kind == "pause":
                    self._sse(body, step[1], pause=step[2], tool_calls=step[3] if len(step) > 3 else ())
                elif kind == "length":  # the answer stops at the token limit
                    self._sse(body, step[1], finish="length")
                elif kind == "sse_error":  # ("sse_error", code): an error event inside the stream, as llama.cpp's server sends one
                    self.send_response(200)
                    self.send_header("Content-Type", "text/event-stream")
                    self.send_header("Connection", "close")
                    self.end_headers()
                    self.close_connection = True
                    error = {"error": {"code": step[1], "message": "scripted in-stream error", "type": "server_error"}}
                    self.wfile.write(f"data: {json.dumps(error)}\n\n".encode())
                    self.wfile.flush()
                elif kind == "cut":  # ("cut", text, n): the first n characters, then the connection drops (no finish, no [DONE])
                    self._sse(body, step[1][: step[2]], finish=None)
                elif body.get("stream"):
                    self._sse(body, step[1])
                else:
                    self._send(200, json.dumps(_completion(step[1], body)).encode())

            def _send(self, code, data, ctype="application/json"):
                self.send_response(code)
                self.send_header("Content-Type", ctype)
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

            def _sse(self, body, text, delay=0.0, finish="stop", tool_calls=(), pause=0.0):
                self.send_response(200)
                self.send_header("Content-Type", "text/event-stream")
                self.send_header("Connection", "close")
                self.end_headers()
                self.close_connection = True
                cut = _second_tag(text) if pause else len(text)
                if PAUSE in text:  # the pause where the script marks it
                    cut, text = text.index(PAUSE), text.replace(PAUSE, "")
                pieces = [text[i : min(i + 7, cut)] for i in range(0, cut, 7)] + [text[i : i + 7] for i in range(cut, len(text), 7)]
                for n, piece in enumerate(pieces):
                    if pause and sum(map(len, pieces[:n])) == cut:
                        self.wfile.flush()
                        if isinstance(pause, threading.Event):  # held until the test releases it
                            pause.wait(30)
                        else:
                            time.sleep(pause)
                    chunk = {"id": "c1", "object": "chat.completion.chunk", "created": 0, "model": body.get("model", "m"),
                             "choices": [{"index": 0, "delta": {"role": "assistant", "content": piece}, "finish_reason": None}]}
                    try:
                        self.wfile.write(f"data: {json.dumps(chunk)}\n\n".encode())
                        self.wfile.flush()
                    except OSError:
                        server.gave_up += 1
                        return  # the client gave up
                    time.sleep(delay)
                for i, (name, arguments) in enumerate(tool_calls):  # each in two pieces, as servers stream them
                    half = len(arguments) // 2
                    for j, piece in enumerate((arguments[:half], arguments[half:])):
                        call = {"index": i, "function": {"arguments": piece}}
                        if j == 0:
                            call.update(id=f"call_{i}", type="function", function={"name": name, "arguments": piece})
                        chunk = {"id": "c1", "object": "chat.completion.chunk", "created": 0, "model": body.get("model", "m"),
                                 "choices": [{"index": 0, "delta": {"tool_calls": [call]}, "finish_reason": None}]}
                        self.wfile.write(f"data: {json.dumps(chunk)}\n\n".encode())
                if finish is None:
                    self.wfile.flush()
                    return
                end = {"id": "c1", "object": "chat.completion.chunk", "created": 0, "model": body.get("model", "m"),
                       "choices": [{"index": 0, "delta": {}, "finish_reason": finish}]}
                self.wfile.write(f"data: {json.dumps(end)}\n\ndata: [DONE]\n\n".encode())
                self.wfile.flush()

            def _ollama(self, body, text):
                self.send_response(200)
                self.send_header("Content-Type", "application/x-ndjson")
                self.send_header("Connection", "close")
                self.end_headers()
                self.close_connection = True
                for i in range(0, len(text), 7):
                    line = {"model": body.get("model"), "created_at": "2026-11-29T20:15:00Z",
                            "message": {"role": "assistant", "content": text[i : i + 7]}, "done": False}
                    self.wfile.write((json.dumps(line) + "\n").encode())
                done = {"model": body.get("model"), "created_at": "2026-11-29T20:15:00Z",
                        "message": {"role": "assistant", "content": ""}, "done": True, "done_reason": "stop"}
                self.wfile.write((json.dumps(done) + "\n").encode())
                self.wfile.flush()

        super().__init__(Handler)
        self.url = f"http://127.0.0.1:{self.port}/v1"


def _second_tag(text: str) -> int:
    """Four characters into the answer's second tag's value (its length if it has none)."""
    starts = [i for i in range(len(text)) if text.startswith("[", i) and "]" in text[i:i + 20]]
    return text.index("]", starts[1]) + 7 if len(starts) > 1 else len(text)


def _completion(text, body):
    return {"id": "c1", "object": "chat.completion", "created": 0, "model": body.get("model", "m"),
            "choices": [{"index": 0, "message": {"role": "assistant", "content": text}, "finish_reason": "stop"}],
            "usage": {"prompt_tokens": 1, "completion_tokens": 1, "total_tokens": 2}}
