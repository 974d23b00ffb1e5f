"""A real Reachy Mini daemon in its headless mockup simulation, for tests.

``RobotDaemon`` starts ``reachy-mini-daemon --mockup-sim --headless ...`` (the recipe in
shared/FACTS.md) on a free port with throw-away XDG directories, telemetry off and the
model hub offline, waits until ``/api/daemon/status`` says ``running``, and stops it by
its PID.  It needs no display, GPU, network or robot.

Import it from a test module::

    from tests.robot_daemon import daemon_fixture, requires_reachy
    robot_daemon = daemon_fixture(scope="module")

Tests that use it skip only when the ``reachy_mini`` package cannot be imported.
"""

from __future__ import annotations

import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest
from child_process import ChildDaemon

try:  # the optional robot extra
    import reachy_mini  # noqa: F401

    HAVE_REACHY = True
    WHY_NOT = ""
except Exception as error:  # pragma: no cover - depends on the environment
    HAVE_REACHY = False
    WHY_NOT = f"reachy_mini is not importable ({error}); install requirements-robot.txt"

requires_reachy = pytest.mark.skipif(not HAVE_REACHY, reason=WHY_NOT or "reachy_mini available")

READY_TIMEOUT_S = 60.0


def free_port() -> int:
    """A TCP port that nothing listens on right now."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def _daemon_command() -> list[str]:
    exe = Path(sys.executable).with_name("reachy-mini-daemon")
    if exe.exists():
        return [str(exe)]
    found = shutil.which("reachy-mini-daemon")
    if found:
        return [found]
    return [sys.executable, "-m", "reachy_mini.daemon.app.main"]


def _die_with_parent() -> None:
    """Linux: the daemon gets SIGTERM if the test process dies without stopping it."""
    if sys.platform.startswith("linux"):
        import ctypes

        try:
            ctypes.CDLL("libc.so.6", use_errno=True).prctl(1, signal.SIGTERM)  # PR_SET_PDEATHSIG
        except OSError:
            pass


class RobotDaemon(ChildDaemon):
    """One headless simulated daemon process."""

    def __init__(self, port: int | None = None) -> None:
        self.port = port or free_port()
        self.host = "localhost"
        self.process: subprocess.Popen | None = None
        self._tmp = tempfile.mkdtemp(prefix="milo-reachy-")
        self.log_path = Path(self._tmp) / "daemon.log"
        self._log = None

    @property
    def pid(self) -> int | None:
        return self.process.pid if self.process else None

    def env(self) -> dict[str, str]:
        env = dict(os.environ)
        env.update(
            REACHY_MINI_TELEMETRY="0",
            HF_HUB_OFFLINE="1",
            XDG_CONFIG_HOME=str(Path(self._tmp) / "config"),
            XDG_CACHE_HOME=str(Path(self._tmp) / "cache"),
            XDG_DATA_HOME=str(Path(self._tmp) / "data"),
            HOME=str(Path(self._tmp) / "home"),
        )
        for name in ("config", "cache", "data", "home"):
            (Path(self._tmp) / name).mkdir(exist_ok=True)
        return env

    def start(self) -> "RobotDaemon":
        command = _daemon_command() + [
            "--mockup-sim",
            "--headless",
            "--no-media",
            "--no-wake-up-on-start",
            "--no-goto-sleep-on-stop",
            "--dataset-update-interval",
            "0",
            "--log-level",
            "WARNING",
            "--fastapi-port",
            str(self.port),
        ]
        self._log = open(self.log_path, "wb")
        self.process = subprocess.Popen(
            command,
            env=self.env(),
            stdout=self._log,
            stderr=subprocess.STDOUT,
            stdin=subprocess.DEVNULL,
            start_new_session=True,
            preexec_fn=_die_with_parent,
        )
        self.wait_running()
        return self

    def status(self) -> dict | None:
        url = f"http://127.0.0.1:{self.port}/api/daemon/status"
        try:
            with urllib.request.urlopen(url, timeout=2) as reply:
                return json.loads(reply.read().decode())
        except (OSError, ValueError, urllib.error.URLError):
            return None

    def wait_running(self, timeout: float = READY_TIMEOUT_S) -> None:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process is not None and self.process.poll() is not None:
                raise RuntimeError(
                    f"reachy-mini-daemon exited with {self.process.returncode}:\n{self.log_tail()}"
                )
            status = self.status()
            if status and status.get("state") == "running":
                return
            time.sleep(0.2)
        self.stop()
        raise RuntimeError(f"reachy-mini-daemon not running after {timeout:.0f} s:\n{self.log_tail()}")

    def log_tail(self, chars: int = 4000) -> str:
        return super().log_tail(chars)

    def stop(self) -> None:
        """Stop the daemon by its PID: SIGTERM, then SIGKILL if it lingers."""
        super().stop()
        if self._log is not None:
            self._log.close()
            self._log = None

    def cleanup(self) -> None:
        self.stop()
        shutil.rmtree(self._tmp, ignore_errors=True)

    def __enter__(self) -> "RobotDaemon":
        return self.start()

    def __exit__(self, *exc) -> None:
        self.cleanup()


def daemon_fixture(scope: str = "module"):
    """A pytest fixture yielding a started ``RobotDaemon``; skips without reachy_mini."""

    @pytest.fixture(scope=scope)
    def _robot_daemon():
        if not HAVE_REACHY:
            pytest.skip(WHY_NOT)
        daemon = RobotDaemon()
        daemon.start()
        try:
            yield daemon
        finally:
            daemon.cleanup()

    return _robot_daemon
