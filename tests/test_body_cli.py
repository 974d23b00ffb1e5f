"""--robot options, make_body, `milo move` and `milo robot` without a daemon."""

import argparse

import pytest
from robot_daemon import free_port

from milo.body import BodyError
from milo.body import cli as body_cli
from milo.body.robots import ConsoleRobot, ReachyRobot
from milo.body.tools import TOOL_NAMES
from milo.cli import main
from milo.config import Settings
from milo.errors import ConfigError


def parse(argv):
    parser = argparse.ArgumentParser()
    body_cli.add_robot_options(parser)
    return Settings.load(parser.parse_args(argv))


def robot_settings(settings):
    return settings.robot, settings.robot_host, settings.robot_port


def test_options_env_and_defaults(monkeypatch):
    monkeypatch.delenv("MILO_ROBOT", raising=False)
    assert robot_settings(parse([])) == ("auto", "localhost", 8000)
    monkeypatch.setenv("MILO_ROBOT", "reachy")
    monkeypatch.setenv("MILO_ROBOT_HOST", "reachy-mini.local")
    monkeypatch.setenv("MILO_ROBOT_PORT", "8123")
    assert robot_settings(parse([])) == ("reachy", "reachy-mini.local", 8123)
    assert robot_settings(parse(["--robot", "none", "--robot-host", "10.0.0.7", "--robot-port", "9000"])) == ("none", "10.0.0.7", 9000)
    monkeypatch.setenv("MILO_ROBOT", "robot")
    with pytest.raises(ConfigError, match="MILO_ROBOT must be one of auto, reachy, none"):
        parse([])
    monkeypatch.setenv("MILO_ROBOT", "auto")
    monkeypatch.setenv("MILO_ROBOT_PORT", "eighty")
    with pytest.raises(ConfigError, match="MILO_ROBOT_PORT"):
        parse([])


def test_none_is_the_console_body():
    body = body_cli.make_body(parse(["--robot", "none"]))
    assert isinstance(body.robot, ConsoleRobot)
    body.close()


def test_auto_without_a_daemon_falls_back_with_one_notice():
    port = free_port()  # nothing listens there
    notices = []
    body = body_cli.make_body(parse(["--robot", "auto", "--robot-port", str(port)]), notice=notices.append)
    assert isinstance(body.robot, ConsoleRobot)
    assert len(notices) == 1 and f"localhost:{port}" in notices[0] and "printed" in notices[0]
    body.close()


def test_auto_without_the_sdk_falls_back_and_reachy_explains(monkeypatch):
    monkeypatch.setattr(body_cli, "sdk_missing_reason", lambda: "the Reachy Mini SDK is not installed (test)")
    notices = []
    body = body_cli.make_body(parse(["--robot", "auto"]), notice=notices.append)
    assert isinstance(body.robot, ConsoleRobot) and len(notices) == 1 and "not installed" in notices[0]
    body.close()
    with pytest.raises(BodyError, match="--robot reachy: the Reachy Mini SDK is not installed"):
        body_cli.make_body(parse(["--robot", "reachy"]))


def test_reachy_without_a_daemon_is_one_clear_sentence():
    if body_cli.sdk_missing_reason():
        pytest.skip("reachy_mini is not importable")
    port = free_port()
    with pytest.raises(BodyError) as err:
        body_cli.make_body(parse(["--robot", "reachy", "--robot-port", str(port)]))
    message = str(err.value)
    assert message == f"no Reachy Mini daemon answers at localhost:{port}; start it (reachy-mini-daemon) or use --robot none."


def test_milo_move_on_the_console(capsys):
    assert main(["move", "--robot", "none", "nod twice, then look around the room"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out == ["(no robot) nodded twice", "(no robot) looked around"]
    assert main(["move", "--robot", "none", "move_head(pitch=60, yaw=30)"]) == 0
    assert capsys.readouterr().out.strip() == "(no robot) moved my head to pitch 40, roll 0, yaw 30 (clamped pitch 60 -> 40)"
    assert main(["move", "--dry-run", "--robot", "none", "shake", "your", "head", "three", "times"]) == 0
    assert capsys.readouterr().out.strip() == "shake_head(times=3)"


def test_milo_move_explains_what_it_cannot_do(capsys):
    assert main(["move", "--robot", "none", "make me a sandwich"]) == 2
    err = capsys.readouterr().err
    assert "no gesture found" in err and "nod twice" in err
    assert main(["move", "--robot", "none", "juggle(balls=2)"]) == 2
    assert "no gesture called 'juggle'" in capsys.readouterr().err


def test_milo_move_reachy_without_daemon_exits_2(capsys):
    if body_cli.sdk_missing_reason():
        pytest.skip("reachy_mini is not importable")
    assert main(["move", "--robot", "reachy", "--robot-port", str(free_port()), "nod"]) == 2
    assert "no Reachy Mini daemon answers" in capsys.readouterr().err


def test_robot_demo_runs_every_gesture_once(capsys):
    assert main(["robot", "demo", "--robot", "none"]) == 0
    out = capsys.readouterr().out.splitlines()
    names = [c.name for c in body_cli.demo_calls()]
    assert set(names) == set(TOOL_NAMES) and len(TOOL_NAMES) == 7
    assert len(out) == len(names) and all(line.startswith("(no robot) ") for line in out)
    assert body_cli.gesture_names() == sorted(TOOL_NAMES)  # the help lists the files, without importing them
    assert main(["robot", "status", "--robot", "none"]) == 0
    assert "console body" in capsys.readouterr().out


def test_chat_options_include_the_robot(capsys):
    with pytest.raises(SystemExit):
        main(["chat", "--help"])
    help_text = capsys.readouterr().out
    assert "--robot {auto,reachy,none}" in help_text and "MILO_ROBOT_PORT" in help_text


def test_reachy_robot_is_not_connected_until_asked():
    robot = ReachyRobot("localhost", free_port())
    assert not robot.connected and robot.describe().startswith("Reachy Mini at localhost:")
