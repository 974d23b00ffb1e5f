"""What the test fixtures that run a real daemon (mosquitto, the Reachy Mini daemon) share:
reading the end of its log, killing it as a crash would, stopping it by its PID."""

from __future__ import annotations

import os
import signal
import subprocess
from pathlib import Path
from typing import Optional


class ChildDaemon:
    process: Optional[subprocess.Popen] = None
    log_path: Path

    def log_tail(self, chars: int = 2000) -> str:
        try:
            return self.log_path.read_text(errors="replace")[-chars:]
        except OSError:
            return ""

    def kill(self) -> None:
        """SIGKILL, as a crash or a pulled cable would."""
        if self.process is not None and self.process.poll() is None:
            os.kill(self.process.pid, signal.SIGKILL)
            self.process.wait(timeout=10)

    def stop(self) -> None:
        """By its PID: SIGTERM, then SIGKILL if it lingers."""
        if self.process is not None and self.process.poll() is None:
            os.kill(self.process.pid, signal.SIGTERM)
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                os.kill(self.process.pid, signal.SIGKILL)
                self.process.wait(timeout=10)
