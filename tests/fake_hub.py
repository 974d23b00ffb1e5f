"""A loopback stand-in for the Hugging Face Hub, enough for `huggingface_hub.hf_hub_download(repo,
file, endpoint=hub.url)` (huggingface_hub 1.x) to run its real code against it.

What the real Hub does, and this does too:
    HEAD/GET /{repo_id}/resolve/{revision}/{filename}
        a 302 to the file's CDN copy (another host name: `localhost` where the endpoint is
        `127.0.0.1`, so huggingface_hub stops its HEAD at the redirect, reads the metadata there,
        then GETs the CDN URL), with X-Repo-Commit, X-Linked-Etag (the file's SHA-256, as for
        LFS files), X-Linked-Size, ETag; 404 with X-Error-Code for an unknown repo, revision or
        file. With `cdn=False` the file itself is served there (200, ETag, Content-Length).
    GET  /cdn/{sha256}          the bytes, Accept-Ranges: bytes; a Range header gets 206 Partial
                                Content with Content-Range (what a resumed download asks for)
    GET  /api/models/{repo_id}[/revision/{revision}]   the repo's info (JSON: sha, siblings)

Modes (set `hub.mode` at any time):
    "normal"  as above
    "drop"    the first GET of the bytes sends the headers for the whole file, then only
              `drop_after` bytes, then closes the connection (a network cut mid-download)
    "wrong"   the bytes served are not the file's (same length, same headers): a corrupt mirror
    "503"     every request gets 503 Service Unavailable
and `stop()` makes the port refuse connections (the Hub down, or no network).

Every request is recorded in `hub.requests` (method, path, headers), in order.
"""

from __future__ import annotations

import hashlib
import json
import re
import socket
import threading
from dataclasses import dataclass
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Optional
from urllib.parse import unquote, urlsplit

COMMIT = "5d3c7e1f9a2b4c6d8e0f1a3b5c7d9e1f2a4b6c8d"  # a made-up 40-hex commit of the repo's main
_RESOLVE = re.compile(r"^/(?P<repo>[^/]+/[^/]+)/resolve/(?P<rev>[^/]+)/(?P<file>.+)$")
_API = re.compile(r"^/api/models/(?P<repo>[^/]+/[^/]+)(?:/revision/(?P<rev>[^/]+))?$")
_RANGE = re.compile(r"^bytes=(\d+)-(\d*)$")


@dataclass
class Request:
    method: str
    path: str
    headers: dict  # lower-case names

    @property
    def range_start(self) -> Optional[int]:
        m = _RANGE.match(self.headers.get("range", ""))
        return int(m.group(1)) if m else None


class FakeHub:
    def __init__(self, repo: str, filename: str, data: bytes, *, cdn: bool = True, drop_after: int = 0):
        self.repo, self.filename, self.data = repo, filename, data
        self.sha256 = hashlib.sha256(data).hexdigest()
        self.cdn = cdn
        self.mode = "normal"
        self.drop_after = drop_after or len(data) // 2
        self.requests: list[Request] = []
        self._dropped = False
        self._lock = threading.Lock()
        self._server: Optional[ThreadingHTTPServer] = None
        self._thread: Optional[threading.Thread] = None
        self.port = 0

    # ---- life ----------------------------------------------------------------------------------

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> "FakeHub":
        hub = self

        class Handler(_Handler):
            pass

        Handler.hub = hub
        self._server = _Server(("127.0.0.1", self.port), Handler)
        self.port = self._server.server_address[1]
        self._thread = threading.Thread(target=self._server.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True)
        self._thread.start()
        return self

    def stop(self) -> None:
        """Stop serving: from now on `url` refuses connections."""
        if self._server is not None:
            self._server.shutdown()
            self._server.server_close()
            self._thread.join(5)
            self._server = None

    def __enter__(self) -> "FakeHub":
        return self.start()

    def __exit__(self, *exc) -> None:
        self.stop()

    # ---- what was asked --------------------------------------------------------------------------

    def gets(self) -> list[Request]:
        """The GETs of the file's bytes (not the HEADs, not the redirects)."""
        return [r for r in self.requests if r.method == "GET" and self._is_bytes(r.path)]

    def _is_bytes(self, path: str) -> bool:
        return path.startswith("/cdn/") if self.cdn else bool(_RESOLVE.match(path))

    # ---- answering -------------------------------------------------------------------------------

    def handle(self, h: "_Handler", method: str) -> None:
        path = unquote(urlsplit(h.path).path)
        with self._lock:
            self.requests.append(Request(method, path, {k.lower(): v for k, v in h.headers.items()}))
        if self.mode == "503":
            return self._reply(h, method, 503, {"Content-Type": "text/plain"}, b"Service Unavailable")
        if m := _API.match(path):
            if m["repo"] != self.repo:
                return self._not_found(h, method, "RepoNotFound")
            info = {"id": self.repo, "modelId": self.repo, "sha": COMMIT, "private": False, "gated": False,
                    "siblings": [{"rfilename": self.filename, "size": len(self.data),
                                  "lfs": {"sha256": self.sha256, "size": len(self.data)}}]}
            return self._reply(h, method, 200, {"Content-Type": "application/json"}, json.dumps(info).encode())
        if m := _RESOLVE.match(path):
            if m["repo"] != self.repo:
                return self._not_found(h, method, "RepoNotFound")
            if m["rev"] not in ("main", COMMIT):
                return self._not_found(h, method, "RevisionNotFound")
            if m["file"] != self.filename:
                return self._not_found(h, method, "EntryNotFound")
            meta = {"X-Repo-Commit": COMMIT, "X-Linked-Etag": f'"{self.sha256}"', "X-Linked-Size": str(len(self.data))}
            if self.cdn:
                host = "localhost" if h.headers.get("Host", "").startswith("127.0.0.1") else "127.0.0.1"
                location = f"http://{host}:{self.port}/cdn/{self.sha256}?repo={self.repo}"
                return self._reply(h, method, 302, {**meta, "ETag": f'"{hashlib.sha1(self.data).hexdigest()}"',
                                                     "Location": location}, b"")
            return self._bytes(h, method, meta)
        if path.startswith("/cdn/"):
            if path != f"/cdn/{self.sha256}":
                return self._reply(h, method, 403, {"Content-Type": "text/plain"}, b"AccessDenied")
            return self._bytes(h, method, {})
        return self._reply(h, method, 404, {"Content-Type": "text/plain"}, b"Not Found")

    def _bytes(self, h: "_Handler", method: str, extra: dict) -> None:
        data = self.data
        if self.mode == "wrong":
            data = bytes(b ^ 0x5A for b in data[:4096]) + data[4096:]
        size = len(data)
        start, end, status = 0, size - 1, 200
        m = _RANGE.match(h.headers.get("Range", ""))
        if m and method == "GET":
            start = int(m.group(1))
            end = min(int(m.group(2)), size - 1) if m.group(2) else size - 1
            if start >= size:
                return self._reply(h, method, 416, {"Content-Range": f"bytes */{size}"}, b"")
            status = 206
        headers = {**extra, "ETag": f'"{self.sha256}"', "Accept-Ranges": "bytes",
                   "Content-Type": "application/octet-stream"}
        if status == 206:
            headers["Content-Range"] = f"bytes {start}-{end}/{size}"
        body = data[start:end + 1]
        if method == "GET" and self.mode == "drop":
            with self._lock:
                drop, self._dropped = not self._dropped, True
            if drop:
                h.send_response(status)
                for k, v in {**headers, "Content-Length": str(len(body))}.items():
                    h.send_header(k, v)
                h.end_headers()
                h.wfile.write(body[:self.drop_after])
                h.wfile.flush()
                h.close_connection = True
                try:
                    h.connection.shutdown(socket.SHUT_RDWR)
                except OSError:
                    pass
                return
        self._reply(h, method, status, headers, body)

    def _not_found(self, h: "_Handler", method: str, code: str) -> None:
        headers = {"X-Error-Code": code, "X-Error-Message": f"{code} (fake hub)", "Content-Type": "application/json"}
        if code == "EntryNotFound":
            headers["X-Repo-Commit"] = COMMIT
        self._reply(h, method, 404, headers, json.dumps({"error": code}).encode())

    @staticmethod
    def _reply(h: "_Handler", method: str, status: int, headers: dict, body: bytes) -> None:
        h.send_response(status)
        for k, v in headers.items():
            h.send_header(k, v)
        h.send_header("Content-Length", str(len(body)))
        h.end_headers()
        if method == "GET" and body:
            h.wfile.write(body)


class _Server(ThreadingHTTPServer):
    daemon_threads = True
    allow_reuse_address = True

    def handle_error(self, request, client_address):  # a client gone mid-answer is not news
        pass


class _Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    hub: FakeHub

    def do_HEAD(self):
        self.hub.handle(self, "HEAD")

    def do_GET(self):
        self.hub.handle(self, "GET")

    def log_message(self, *args):
        pass
