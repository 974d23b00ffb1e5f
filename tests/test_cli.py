"""The `milo` command line, run as a real child process."""

import os
import re
import stat

import pytest
from helpers import run_milo
from model_server import ScriptedModelServer

from milo.memory import LivingMemory


@pytest.mark.model
def test_scripted_chat_through_a_pipe_with_the_embedded_model(memory_file):
    proc = run_milo("chat", "--model", "embedded", "--memory-file", str(memory_file),
                    input="Hi Milo, my name is Amy.\n\nWhat is your favourite colour?\nexit\nnot read\n")
    assert proc.returncode == 0, proc.stderr
    replies = proc.stdout.strip().split("\n")
    assert len(replies) == 2 and all(r.strip() for r in replies)  # one line per message, blank skipped
    assert "Traceback" not in proc.stderr
    pulses = list(LivingMemory(memory_file).pulses())
    assert 1 <= len(pulses) <= 2 and all(p.timestamp for p in pulses)
    assert stat.S_IMODE(os.stat(memory_file).st_mode) == 0o600


def test_pipe_with_a_server_prints_one_reply_per_line(memory_file):
    with ScriptedModelServer() as srv:
        proc = run_milo("--model", "openai:m", "--memory-file", str(memory_file), "--show-thoughts",
                        input="one\ntwo\n", env={"MILO_BASE_URL": srv.url})
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout == "Hello from the loopback server!\nHello from the loopback server!\n"
    assert "CORE_UPDATE: a test exchange" in proc.stderr  # --show-thoughts goes to stderr
    assert len(list(LivingMemory(memory_file).pulses())) == 2


def test_a_piped_reply_that_only_copies_a_sample_is_written_once_more(memory_file):
    """bench/truth.py pipes its messages, as the shared truth eval does: there a reply that was
    only a persona sample copied ("Oh! Oh, wait, did you know octopuses have three hearts?") was
    shown as it was, where the terminal wrote it once more."""
    copy = ("[REPLY]: Oh! Oh, wait, did you know octopuses have three hearts? Three!\n[INTERNAL]: x\n"
            "[CORE_UPDATE]: They drive a bus.\n[FUTURE_MESSAGE]: Nothing in particular")
    own = "[REPLY]: Ooh, a bus driver! Which route do you drive?\n[INTERNAL]: x\n[CORE_UPDATE]: They drive a bus."
    with ScriptedModelServer([("ok", copy), ("ok", own)]) as srv:
        proc = run_milo("chat", "--model", "openai:m", "--memory-file", str(memory_file),
                        input="Hi Milo, I drive a bus.\n", env={"MILO_BASE_URL": srv.url})
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout == "Ooh, a bus driver! Which route do you drive?\n" and len(srv.requests) == 2


def test_failed_model_keeps_the_loop_going(memory_file):
    with ScriptedModelServer([("status", 500)]) as srv:
        proc = run_milo("chat", "--model", "openai:m", "--memory-file", str(memory_file),
                        input="one\ntwo\n", env={"MILO_BASE_URL": srv.url, "MILO_RETRIES": "0"})
    assert proc.returncode == 0
    lines = proc.stdout.strip().split("\n")
    assert lines[0].startswith("Oh! I completely lost my train of thought") and lines[1] == "Hello from the loopback server!"
    assert "internal error (HTTP 500)" in proc.stderr and "Traceback" not in proc.stderr
    assert [p.reply for p in LivingMemory(memory_file).pulses()] == ["Hello from the loopback server!"]


def test_prompt_shows_exact_messages_without_calling_a_model(memory_file):
    memory_file.write_text("CORE_UPDATE: Amy's cat is Biscuit {not a template}\n")
    # The URL points nowhere: a call would fail, and `prompt` must not make one.
    proc = run_milo("prompt", "--memory-file", str(memory_file), "--user-name", "Amy", "what", "is", "my", "cat's", "name?",
                    env={"MILO_MODEL": "openai:m", "MILO_BASE_URL": "http://127.0.0.1:9/v1"})
    assert proc.returncode == 0, proc.stderr
    out = proc.stdout
    assert out.index("===== system =====") < out.index("[REPLY]: <your answer") < out.index("<memory>")
    assert "[1] Amy's cat is Biscuit {not a template}" in out  # a numbered note, braces as written
    assert out.rstrip().endswith("===== human =====\nwhat is my cat's name?")
    assert "[0] Their name is Amy." in out
    # The good brain's own format (free sentences first, then its example), without loading it.
    good = run_milo("prompt", "--memory-file", str(memory_file), "--model", "good", "hello")
    assert good.returncode == 0, good.stderr
    assert "[REPLY]: <your answer" not in good.stdout and "First answer in your own words" in good.stdout
    assert "For example, if the person says" in good.stdout


@pytest.mark.parametrize("args, sentence", [
    (["--model", "embedded:/nowhere/model.gguf"], "milo: No GGUF model file at /nowhere/model.gguf; check the path given to --model.\n"),
    (["--model", "gemini"], "milo: Gemini needs an API key: set GOOGLE_API_KEY, or use --model embedded to stay offline.\n"),
    (["--model", "what"], "milo: Unknown model 'what'; use auto, embedded, gemini[:MODEL], ollama:MODEL, openai:MODEL or a .gguf path.\n"),
])
def test_setup_errors_are_one_sentence(memory_file, args, sentence):
    proc = run_milo("chat", "--memory-file", str(memory_file), *args, input="hi\n")
    assert proc.returncode == 2
    assert proc.stderr == sentence
    assert not memory_file.exists()


def test_memory_path_that_is_a_directory(tmp_path):
    proc = run_milo("chat", "--memory-file", str(tmp_path), input="hi\n")
    assert proc.returncode == 2
    assert proc.stderr == f"milo: The memory file {tmp_path} is a directory; point MILO_MEMORY_FILE at a file.\n"


@pytest.mark.parametrize("command", [["show"], ["stats"], ["search", "hi"], ["about", "Sam"], ["forget", "hi"]])
def test_every_memory_command_says_a_folder_is_not_a_memory_file(tmp_path, command):
    """`search` and `about` printed an IsADirectoryError traceback (issue 27)."""
    proc = run_milo("memory", *command, "--memory-file", str(tmp_path))
    assert proc.returncode == 2, proc.stderr
    assert proc.stderr == f"milo: The memory file {tmp_path} is a directory; point MILO_MEMORY_FILE at a file.\n"


def test_an_unreadable_memory_file_is_one_sentence(tmp_path, monkeypatch, capsys):
    """PermissionError was a traceback for stats/show/search/about (issue 27). Here the file's
    open is refused by a stand-in: this suite may run as root, who reads any file."""
    import builtins

    from milo.cli import main

    path = tmp_path / "m.md"
    path.write_text("# Living Memory\n")
    real_open = builtins.open

    def refusing(file, *a, **kw):
        if os.fspath(file) == str(path):
            raise PermissionError(13, "Permission denied", str(file))
        return real_open(file, *a, **kw)

    monkeypatch.setattr(builtins, "open", refusing)
    for command in (["show"], ["stats"], ["search", "hi"], ["about", "Sam"]):
        assert main(["memory", *command, "--memory-file", str(path)]) == 2
        assert capsys.readouterr().err == f"milo: The memory file {path} is not readable; check its permissions.\n"


def test_memory_commands_refuse_what_would_do_nothing(memory_file):
    """`search --limit 0` searched and `forget "!!!"` said "Nothing to be forgotten", rc 0 (issue 27)."""
    memory_file.write_text("# Living Memory\n\n--- [PULSE: 08:15 PM, November 29, 2026] ---\nCORE_UPDATE: hi there\nREPLY: yo\n")
    before = memory_file.read_bytes()
    proc = run_milo("memory", "search", "hi", "--limit", "0", "--memory-file", str(memory_file))
    assert proc.returncode == 2 and "--limit: must be a whole number of at least 1, not '0'" in proc.stderr
    for query in ("!!!", '"  "'):
        proc = run_milo("memory", "forget", query, "--yes", "--memory-file", str(memory_file))
        assert (proc.returncode, proc.stderr) == (2, f"milo: {query!r} has no words to look for; nothing was changed.\n")
    assert memory_file.read_bytes() == before


def test_a_cache_or_data_folder_under_a_file_is_said(tmp_path):
    """MILO_CACHE_DIR under a regular file was ignored silently (issue 27): the cache is only a
    cache, so Milo works on and says so in one line; the data folder (the brains) is needed."""
    (tmp_path / "notes.txt").write_text("mine")
    under = tmp_path / "notes.txt" / "milo"
    proc = run_milo("memory", "stats", env={"MILO_CACHE_DIR": str(under)})
    assert proc.returncode == 0 and proc.stderr == (
        f"milo: the cache folder {under} cannot be used ({tmp_path / 'notes.txt'} is a file); Milo works without it, slower to start.\n")
    proc = run_milo("memory", "stats", env={"MILO_DATA_DIR": str(under)})
    assert (proc.returncode, proc.stderr) == (2, f"milo: MILO_DATA_DIR must be a folder ({tmp_path / 'notes.txt'} is a file), not '{under}'.\n")
    assert (tmp_path / "notes.txt").read_text() == "mine"


def test_help_everywhere():
    for args in (["--help"], ["chat", "--help"], ["prompt", "--help"]):
        proc = run_milo(*args)
        assert proc.returncode == 0 and "usage: milo" in proc.stdout
    assert "--memory-file" in run_milo("chat", "--help").stdout


def _own_terminal():
    # A new session whose controlling terminal is the pty, so Ctrl-C becomes SIGINT as in a shell.
    import fcntl
    import termios

    os.setsid()
    fcntl.ioctl(0, termios.TIOCSCTTY, 0)


_ESCAPES = re.compile(rb"\x1b\[[0-9;?]*[A-Za-z]|\x1b[=>]|[\x01\x02]")


def _pty_session(memory_file, srv_url, keys, env=None):
    """Drive `milo chat` on a real pseudo-terminal, as a person at a terminal would. Markers
    are matched on what the screen shows: colours and readline's terminal codes left out."""
    import pty
    import select
    import subprocess
    import sys
    import time

    from helpers import ROOT

    master, slave = pty.openpty()
    env = dict(os.environ, MILO_BASE_URL=srv_url, PYTHONPATH=str(ROOT), **(env or {}))
    proc = subprocess.Popen([sys.executable, str(ROOT / "main.py"), "--model", "openai:m", "--memory-file", str(memory_file)],
                            stdin=slave, stdout=slave, stderr=slave, env=env, cwd=str(ROOT),
                            preexec_fn=_own_terminal)
    os.close(slave)
    out = b""

    def read_until(marker, timeout=60):
        nonlocal out
        deadline = time.monotonic() + timeout
        while marker not in _ESCAPES.sub(b"", out) and time.monotonic() < deadline:
            r, _, _ = select.select([master], [], [], 0.2)
            if r:
                try:
                    out += os.read(master, 4096)
                except OSError:
                    break
        return marker in _ESCAPES.sub(b"", out)

    assert read_until(b"you> ")
    for send, expect in keys:
        # As a person would, not in the instant the prompt appears: a Ctrl-C in that instant
        # waits for the next key (CPython's readline loop checks signals only when woken).
        time.sleep(0.3)
        os.write(master, send)
        if expect:
            assert read_until(expect), out.decode(errors="replace")
    code = proc.wait(timeout=30)
    read_until(b"\x00", timeout=0.5)
    os.close(master)
    return code, _ESCAPES.sub(b"", out).decode(errors="replace")


@pytest.mark.parametrize("ending", [b"\x04", b"exit\r", b"\x03"])
def test_interactive_terminal_session_ends_cleanly(memory_file, ending):
    with ScriptedModelServer() as srv:
        code, out = _pty_session(memory_file, srv.url, [(b"hello\r", b"milo> Hello from the loopback server!\r\nyou> "), (ending, b"Bye!")])
    assert code == 0, out
    assert "Milo is awake (openai:m at " in out
    assert "Traceback" not in out and "KeyboardInterrupt" not in out
    assert len(list(LivingMemory(memory_file).pulses())) == 1


def test_doctor_reports_the_chat_model_and_the_robot():
    proc = run_milo("doctor", "--model", "embedded:/nowhere/m.gguf", env={"MILO_ROBOT": "none"}, timeout=120)
    assert "chat model" in proc.stdout and "No GGUF model file at /nowhere/m.gguf" in proc.stdout
    assert "--robot none: gestures are printed" in proc.stdout
    ok = run_milo("doctor", "--model", "embedded", env={"MILO_ROBOT": "none"}, timeout=120).stdout
    assert "[ok ] chat model" in ok and "SmolLM2-135M-Instruct.Q4_1.gguf" in ok


def test_doctor_gathers_every_packages_rows_and_survives_a_broken_check(capsys):
    from milo.cli import doctor
    from milo.config import Settings

    def model_rows(settings):
        return [("model", True, f"{settings.model} (test row)")]

    def broken(settings):
        raise RuntimeError("robot check exploded")

    settings = Settings.load(env={"MILO_MODEL": "embedded"})
    assert doctor.run(settings, sources=[model_rows]) == 0
    assert "[ok ] model  embedded (test row)" in capsys.readouterr().out
    assert doctor.run(settings, sources=[model_rows, broken]) == 1
    out = capsys.readouterr().out
    assert "[ERR] broken" in out and "robot check exploded" in out and "[ok ] model" in out


@pytest.mark.parametrize("env, sentence", [
    ({"MILO_RETRIES": "-1"}, "milo: MILO_RETRIES must be a whole number from 0 to 10, not '-1'.\n"),
    ({"MILO_TIMEOUT": "nan"}, "milo: MILO_TIMEOUT must be a number from 0 to 86400, not 'nan'.\n"),
    ({"MILO_MEMORY_TOKENS": "0"}, "milo: MILO_MEMORY_TOKENS must be a whole number from 50 to 100000, not '0'.\n"),
    ({"SESSION_MEMORY": "maybe"}, "milo: SESSION_MEMORY must be 1 or 0 (also true/false, yes/no, on/off), not 'maybe'.\n"),
    ({"MILO_BASE_URL": "http://u:secret@"}, "milo: MILO_BASE_URL must be an http:// or https:// URL such as http://127.0.0.1:8080/v1, not 'http://***@'.\n"),
    # found by giving every setting odd values (each had been a traceback)
    ({"MILO_MEMORY_FILE": "/"}, "milo: MILO_MEMORY_FILE must be the path of a file, such as ~/milo/Living_Memory.md, not '/'.\n"),
    ({"MILO_PERSONA_NAME": "Ada" * 30}, f"milo: MILO_PERSONA_NAME must be a name of at most 60 characters, not '{'Ada' * 20}...'.\n"),
    ({"MILO_CACHE_DIR": "/tmp/" + "x" * 300}, "milo: MILO_CACHE_DIR must be a path of at most 4000 bytes, each name in it at most 255, "
                                              f"not '/tmp/{'x' * 55}...'.\n"),
])
def test_bad_settings_are_one_sentence_at_start_up(memory_file, env, sentence):
    mine = () if "MILO_MEMORY_FILE" in env else ("--memory-file", str(memory_file))  # (the option wins)
    proc = run_milo("chat", *mine, input="hi\n", env=env)
    assert (proc.returncode, proc.stderr) == (2, sentence)
    assert "secret" not in proc.stderr and not memory_file.exists()


def test_global_options_work_before_or_after_the_command(memory_file):
    memory_file.write_text("# Memory\n\n## Pinned\n- My dog is Pixel.\n")
    for argv in (["--memory-file", str(memory_file), "memory", "stats"], ["memory", "stats", "--memory-file", str(memory_file)]):
        proc = run_milo(*argv)
        assert proc.returncode == 0, proc.stderr
        assert f"file:     {memory_file}" in proc.stdout and "pinned:   1 line" in proc.stdout
