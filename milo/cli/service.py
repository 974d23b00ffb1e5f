"""`milo service install|uninstall`: start `milo serve` on boot, as a systemd *user* service.

    milo service install                       # ~/.config/systemd/user/milo.service, enabled
    milo service install --now -- --voice --robot reachy --model good
    milo service uninstall

The unit runs this checkout's Python (`.venv/bin/python -m milo serve ...`) in the project folder,
restarts it when it fails (Restart=on-failure), and its output goes to the journal
(`journalctl --user -u milo -f`). Settings that are secrets (MILO_MQTT_URL with a password, API
keys) do not go into the unit: they go into the environment file it reads,
`~/.config/milo/milo.env` (created 0600, with examples, when missing; never overwritten).

With `systemctl` at hand, install runs `systemctl --user daemon-reload` and `enable` (and
`start` with --now); otherwise, or when it fails (no user session bus), it says what to run.
Starting at boot without logging in needs `loginctl enable-linger $USER` once.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any, Callable, Optional, Sequence

from milo import storage
from milo.config import PROJECT_DIR, Settings
from milo.errors import SetupError

UNIT_NAME = "milo.service"

ENV_TEMPLATE = """\
# Settings for `milo serve` started by systemd (milo.service). One NAME=value a line; see
# README.md "Configuration". This file is private (0600): secrets belong here, not in the unit.
#MILO_MQTT_URL=mqtt://milo:secret@localhost:1883
#MILO_MQTT_PREFIX=milo/
#MILO_ROBOT=reachy
#MILO_MODEL=embedded
#MILO_INPUT_DEVICE=USB
#MILO_OUTPUT_DEVICE=USB
#OLLAMA_HOST=http://127.0.0.1:11434
"""


def config_home(settings: Settings) -> Path:
    return settings.config_home or Path("~/.config").expanduser()


def unit_path(settings: Settings) -> Path:
    return config_home(settings) / "systemd" / "user" / UNIT_NAME


def env_path(settings: Settings) -> Path:
    return config_home(settings) / "milo" / "milo.env"


def _quote(arg: str) -> str:
    """One ExecStart word: systemd's quoting (double quotes, backslash escapes), `%` doubled."""
    arg = arg.replace("%", "%%")
    if arg and all(c.isalnum() or c in "-_./:=,+@" for c in arg):
        return arg
    return '"' + arg.replace("\\", "\\\\").replace('"', '\\"') + '"'


def unit_text(settings: Settings, serve_args: Sequence[str] = (), python: Optional[str] = None,
              project: Optional[Path] = None) -> str:
    python = python or os.path.abspath(sys.executable)  # the venv's python (not resolved: that would leave the venv)
    project = project or PROJECT_DIR
    command = " ".join(_quote(a) for a in [python, "-m", "milo", "serve", *serve_args])
    return f"""\
# Written by `milo service install`; `milo service uninstall` removes it.
[Unit]
Description=Milo, the companion robot brain (milo serve: MQTT and voice)
Documentation=file://{project}/docs/pi.md
# the robot's daemon, when it runs as a user service too (deploy/reachy-mini-daemon.service)
After=reachy-mini-daemon.service

[Service]
Type=simple
WorkingDirectory={str(project).replace("%", "%%")}
EnvironmentFile=-{str(env_path(settings)).replace("%", "%%")}
Environment=PYTHONUNBUFFERED=1
ExecStart={command}
Restart=on-failure
RestartSec=5
# SIGTERM lets the turn in hand finish its reply and its memory entry; give it that long.
TimeoutStopSec=300
KillSignal=SIGTERM
StandardOutput=journal
StandardError=journal
SyslogIdentifier=milo

[Install]
WantedBy=default.target
"""


def _systemctl(*args: str, run: Callable = subprocess.run) -> tuple[bool, str]:
    exe = shutil.which("systemctl")
    if not exe:
        return False, "systemctl is not installed here"
    try:
        done = run([exe, "--user", *args], capture_output=True, text=True, timeout=60)
    except (OSError, subprocess.TimeoutExpired) as e:
        return False, str(e)
    if done.returncode != 0:
        why = (done.stderr or done.stdout or "").strip().splitlines()
        return False, why[0] if why else f"exit {done.returncode}"
    return True, ""


def install(settings: Settings, serve_args: Sequence[str], now: bool, say: Callable[[str], None]) -> int:
    path = unit_path(settings)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        storage.atomic_replace(path, unit_text(settings, serve_args).encode("utf-8"), mode=0o644)
        env = env_path(settings)
        if not env.exists():
            env.parent.mkdir(parents=True, exist_ok=True)
            fd = os.open(env, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
            with os.fdopen(fd, "w") as f:
                f.write(ENV_TEMPLATE)
    except OSError as e:
        raise SetupError(f"Could not write the service files under {path.parent.parent.parent}: {e.strerror or e}.") from None
    print(f"wrote {path}")
    print(f"settings for the service (secrets too): {env_path(settings)}")
    steps = [("daemon-reload",), ("enable", UNIT_NAME)] + ([("restart", UNIT_NAME)] if now else [])
    for step in steps:
        ok, why = _systemctl(*step)
        if not ok:
            say(f"milo service: could not run `systemctl --user {' '.join(step)}` ({why}). Run these yourself "
                "(in a login session of this user):")
            for s in steps:
                say(f"  systemctl --user {' '.join(s)}")
            say(f"  loginctl enable-linger {_user()}    # start at boot without logging in")
            return 1
    print(f"enabled {UNIT_NAME}" + (" and started it" if now else "; start it now with: systemctl --user start milo"))
    print(f"logs: journalctl --user -u milo -f; to start at boot without logging in: loginctl enable-linger {_user()}")
    return 0


def uninstall(settings: Settings, say: Callable[[str], None]) -> int:
    path = unit_path(settings)
    ok, why = _systemctl("disable", "--now", UNIT_NAME) if path.exists() else (True, "")
    if not ok:
        say(f"milo service: could not run `systemctl --user disable --now {UNIT_NAME}` ({why}); run it yourself.")
    try:
        path.unlink()
        print(f"removed {path}")
    except FileNotFoundError:
        print(f"no {path}; nothing to remove")
    except OSError as e:
        raise SetupError(f"Could not remove {path}: {e.strerror or e}.") from None
    if ok:
        _systemctl("daemon-reload")
    print(f"kept {env_path(settings)} (your settings); delete it yourself if you want")
    return 0 if ok else 1


def _user() -> str:
    import getpass

    try:
        return getpass.getuser()
    except Exception:
        return "$USER"


def cmd_service(args: argparse.Namespace, kit: Any) -> int:
    settings = kit.settings(args)
    rest = list(args.serve_args or [])
    # argparse hands over everything after the action (without the `--`, on most Pythons):
    # `--now` is ours wherever it is (serve has no such option), the rest is serve's
    if rest[:1] == ["--"]:
        rest = rest[1:]
    now = args.now or "--now" in rest
    serve_args = [a for a in rest if a != "--now"]
    if args.action == "install":
        from milo.cli import build_parser

        try:  # a typo found now, not at boot
            build_parser().parse_args(["serve", *serve_args])
        except SystemExit:
            raise SetupError("those are not options of `milo serve` (see milo serve --help); nothing was written.") from None
        return install(settings, serve_args, now, kit.say)
    if serve_args or now:
        raise SetupError(f"`milo service uninstall` takes no options, not {(serve_args or ['--now'])[0]!r}.")
    return uninstall(settings, kit.say)


def register(sub: Any, kit: Any) -> None:
    p = sub.add_parser(
        "service", parents=[kit.common],
        help="start `milo serve` on boot: install|uninstall a systemd user service",
        description="install: write ~/.config/systemd/user/milo.service (Restart=on-failure, logs in the journal) "
        "running `milo serve` with the options after --, and enable it. uninstall: disable and remove it. "
        "Secrets go in ~/.config/milo/milo.env, never in the unit.",
    )
    p.add_argument("action", choices=("install", "uninstall"))
    p.add_argument("--now", action="store_true", help="install: also (re)start the service now")
    p.add_argument("serve_args", nargs=argparse.REMAINDER, metavar="-- SERVE_OPTIONS",
                   help="options for `milo serve`, e.g. -- --voice --robot reachy --model good")
    p.set_defaults(func=lambda a: cmd_service(a, kit), error_prefix="milo service")
