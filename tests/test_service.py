"""`milo service install|uninstall`: the systemd user unit is right (there is no systemd to run
it in this container: `systemctl` is a recording stand-in, and `systemd-analyze verify` checks
the file when it is installed)."""

import configparser
import os
import shutil
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from milo.cli import main
from milo.cli.service import unit_text
from milo.config import PROJECT_DIR, Settings


@pytest.fixture
def home(tmp_path, monkeypatch):
    config = tmp_path / "config"
    monkeypatch.setenv("XDG_CONFIG_HOME", str(config))
    monkeypatch.setenv("MILO_MQTT_URL", "mqtt://milo:hunter2@localhost:1883")
    return config


def fake_systemctl(tmp_path, monkeypatch, rc=0, err=""):
    """A `systemctl` on PATH that records its arguments (and fails with `rc`, `err` if asked)."""
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir(exist_ok=True)
    calls = tmp_path / "systemctl.calls"
    script = bin_dir / "systemctl"
    script.write_text(f"#!/bin/sh\necho \"$@\" >> {calls}\necho '{err}' >&2\nexit {rc}\n")
    script.chmod(0o755)
    monkeypatch.setenv("PATH", str(bin_dir))
    return calls


def read_unit(path: Path) -> configparser.ConfigParser:
    unit = configparser.ConfigParser(strict=False, interpolation=None)
    unit.optionxform = str
    unit.read_string(path.read_text())
    return unit


def test_install_writes_the_user_unit_and_enables_it(home, tmp_path, monkeypatch, capsys):
    calls = fake_systemctl(tmp_path, monkeypatch)
    assert main(["service", "install", "--", "--voice", "--robot", "reachy", "--model", "good"]) == 0
    path = home / "systemd" / "user" / "milo.service"
    unit = read_unit(path)
    service = unit["Service"]
    assert service["ExecStart"] == f"{os.path.abspath(sys.executable)} -m milo serve --voice --robot reachy --model good"
    assert service["Restart"] == "on-failure" and service["RestartSec"] == "5"
    assert service["StandardOutput"] == "journal" and service["StandardError"] == "journal"
    assert service["WorkingDirectory"] == str(PROJECT_DIR)
    assert service["EnvironmentFile"] == f"-{home / 'milo' / 'milo.env'}"
    assert service["KillSignal"] == "SIGTERM" and int(service["TimeoutStopSec"]) >= 240
    assert unit["Install"]["WantedBy"] == "default.target"
    assert "hunter2" not in path.read_text()  # secrets stay in the private environment file
    env = home / "milo" / "milo.env"
    assert stat.S_IMODE(env.stat().st_mode) == 0o600 and "#MILO_MQTT_URL=" in env.read_text()
    assert calls.read_text().splitlines() == ["--user daemon-reload", "--user enable milo.service"]
    out = capsys.readouterr().out
    assert f"wrote {path}" in out and "loginctl enable-linger" in out and "journalctl --user -u milo" in out

    # again, with --now: the unit is replaced, the environment file (the user's) is kept
    env.write_text("MILO_ROBOT=reachy\n")
    assert main(["service", "install", "--now"]) == 0
    assert read_unit(path)["Service"]["ExecStart"].endswith("-m milo serve")
    assert env.read_text() == "MILO_ROBOT=reachy\n"
    assert calls.read_text().splitlines()[-1] == "--user restart milo.service"

    assert main(["service", "uninstall"]) == 0
    assert not path.exists() and env.exists()
    assert calls.read_text().splitlines()[-2:] == ["--user disable --now milo.service", "--user daemon-reload"]
    assert main(["service", "uninstall"]) == 0  # nothing left: says so


def test_without_systemctl_it_says_what_to_run(home, tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("PATH", str(tmp_path / "nothing-here"))
    assert main(["service", "install"]) == 1
    assert (home / "systemd" / "user" / "milo.service").exists()
    err = capsys.readouterr().err
    assert "systemctl is not installed here" in err
    for line in ("systemctl --user daemon-reload", "systemctl --user enable milo.service", "loginctl enable-linger"):
        assert line in err


def test_a_failing_systemctl_is_one_sentence(home, tmp_path, monkeypatch, capsys):
    fake_systemctl(tmp_path, monkeypatch, rc=1, err="Failed to connect to bus: No medium found")
    assert main(["service", "install"]) == 1
    err = capsys.readouterr().err
    assert "(Failed to connect to bus: No medium found)" in err and "systemctl --user enable milo.service" in err


def test_unusual_arguments_are_quoted_for_systemd(tmp_path):
    settings = Settings.load(env={"XDG_CONFIG_HOME": str(tmp_path)})
    text = unit_text(settings, ["--user-name", 'Sam "the" Great', "--memory-file", "/data/100% mine.md"],
                     python="/opt/milo/.venv/bin/python", project=Path("/opt/milo"))
    exec_start = [line for line in text.splitlines() if line.startswith("ExecStart=")][0]
    assert exec_start == ('ExecStart=/opt/milo/.venv/bin/python -m milo serve --user-name "Sam \\"the\\" Great" '
                          '--memory-file "/data/100%% mine.md"')


@pytest.mark.skipif(shutil.which("systemd-analyze") is None, reason="systemd-analyze is not installed")
def test_systemd_accepts_the_unit(tmp_path):
    settings = Settings.load(env={"XDG_CONFIG_HOME": str(tmp_path)})
    path = tmp_path / "milo.service"
    path.write_text(unit_text(settings, ["--robot", "reachy", "--user-name", "Sam Smith"]))
    done = subprocess.run(["systemd-analyze", "verify", str(path)], capture_output=True, text=True, timeout=60)
    problems = [line for line in (done.stderr + done.stdout).splitlines() if "milo.service" in line]
    assert done.returncode == 0 and not problems, done.stderr
