"""A threaded HTTP server on a free loopback port, run for the length of a `with` block: the base
of the tests' stand-ins for remote services (model_server, gemini_server)."""

from __future__ import annotations

import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Optional


class QuietHandler(BaseHTTPRequestHandler):
    """HTTP/1.1 (the clients keep connections alive), and no request lines printed."""

    protocol_version = "HTTP/1.1"

    def log_message(self, *a):
        pass


class LoopbackServer:
    def __init__(self, handler: type[BaseHTTPRequestHandler]):
        self.httpd = ThreadingHTTPServer(("127.0.0.1", 0), handler)
        self.httpd.daemon_threads = True
        self.port = self.httpd.server_address[1]
        self.thread: Optional[threading.Thread] = None

    def __enter__(self):
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)
        self.thread.start()
        return self

    def __exit__(self, *exc):
        self.httpd.shutdown()
        self.httpd.server_close()
