"""`milo chat` as a person meets it: on a real pseudo-terminal (readline, colour, Ctrl-C,
gestures, notices), through real pipes, and the turn's promise that what streams is the reply."""

import codecs
import os
import re
import select
import socket
import stat
import subprocess
import sys
import threading
import time

import pytest
from helpers import ROOT, run_milo
from model_server import GOOD, ScriptedModelServer

from milo.chat.turn import LOST_THREAD
from milo.memory import LivingMemory

_ESCAPE = re.compile(rb"\x1b\[[0-9;?]*[A-Za-z]|\x1b[=>]|[\x01\x02]")
_PARTIAL_ESCAPE = re.compile(rb"\x1b(\[[0-9;?]*)?$")
REPLY = "Hello from the loopback server!"


def _own_terminal():
    # A new session whose controlling terminal is the pty, so Ctrl-C becomes SIGINT as in a shell.
    import fcntl
    import termios

    os.setsid()
    fcntl.ioctl(0, termios.TIOCSCTTY, 0)


def closed_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]  # nothing listens here once closed


class Terminal:
    """`milo ARGS` on a real pseudo-terminal (120 columns), driven as a person would. `text` is
    what was written, without colours and terminal codes; `raw` is every byte."""

    def __init__(self, *args, env=None):
        import fcntl
        import pty
        import struct
        import termios

        master, slave = pty.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 40, 120, 0, 0))
        full_env = dict(os.environ, PYTHONPATH=str(ROOT), TERM="xterm")
        full_env.update(env or {})
        self.proc = subprocess.Popen([sys.executable, str(ROOT / "main.py"), *args], stdin=slave, stdout=slave, stderr=slave,
                                     env=full_env, cwd=str(ROOT), preexec_fn=_own_terminal)
        os.close(slave)
        self.master = master
        self.raw = b""
        self.text = ""
        self.seen = 0  # how far expect() has matched in text
        self._pending = b""
        self._decode = codecs.getincrementaldecoder("utf-8")("replace")

    def _read(self, wait: float) -> bool:
        r, _, _ = select.select([self.master], [], [], wait)
        if not r:
            return True
        try:
            data = os.read(self.master, 4096)
        except OSError:
            return False
        if not data:
            return False
        self.raw += data
        self._pending += data
        partial = _PARTIAL_ESCAPE.search(self._pending)
        cut = partial.start() if partial else len(self._pending)
        self.text += self._decode.decode(_ESCAPE.sub(b"", self._pending[:cut]))
        self._pending = self._pending[cut:]
        return True

    def expect(self, marker: str, timeout: float = 60) -> str:
        """Wait for `marker` after what was matched before; the text up to and including it."""
        deadline = time.monotonic() + timeout
        while True:
            i = self.text.find(marker, self.seen)
            if i >= 0:
                chunk = self.text[self.seen:i + len(marker)]
                self.seen = i + len(marker)
                return chunk
            if time.monotonic() > deadline or not self._read(0.2):
                raise AssertionError(f"{marker!r} not shown; the screen so far:\n{self.text}")

    def send(self, keys: bytes) -> None:
        if keys.startswith(b"\x03") and self.text.endswith("you> "):
            # As a person would, not in the instant the prompt appears: a Ctrl-C in that instant
            # waits for the next key (CPython's readline loop checks signals only when woken).
            time.sleep(0.3)
        os.write(self.master, keys)

    def wait(self, timeout: float = 30) -> int:
        code = self.proc.wait(timeout=timeout)
        while self._read(0.2):
            if not select.select([self.master], [], [], 0)[0]:
                break
        os.close(self.master)
        return code


def chat(srv, memory_file, *extra, env=None) -> Terminal:
    term = Terminal("--model", "openai:m", "--memory-file", str(memory_file), *extra,
                    env={"MILO_BASE_URL": srv.url, **(env or {})})
    term.expect("Type 'exit' or Ctrl-D to leave.")
    term.expect("you> ")
    return term


def screen_lines(text: str) -> list[str]:
    """The lines as a terminal shows them: a carriage return writes over the line from its start."""
    lines = []
    for line in text.replace("\r\n", "\n").split("\n"):
        shown = ""
        for part in line.split("\r"):
            shown = part + shown[len(part):]
        lines.append(shown.rstrip())
    return lines


def pulses(path):
    return list(LivingMemory(path).pulses())


# ---- what streams is the reply ------------------------------------------------------------


QUOTED = '[REPLY]: "Hello there, my friend!"\n[INTERNAL]: x\n[CORE_UPDATE]: a test exchange\n[FUTURE_MESSAGE]: Nothing in particular'


@pytest.mark.parametrize("answer", [
    QUOTED,  # streamed with its opening quote, then parsed without it: printed twice before
    '[REPLY]: "Hi," said Milo, "nice to see you!"\n[INTERNAL]: x\n[CORE_UPDATE]: a test exchange',
    "[REPLY]: Hello there. [INTERNAL]: x [CORE_UPDATE]: a test exchange",  # a tag mid-line
    "Just plain words, no tags at all.",  # nothing to stream until the end
    "[REPLY]: Hello\nthere, friend\n[INTERNAL]: x\n[CORE_UPDATE]: a test exchange",
], ids=["quoted", "quotes-inside", "tag-mid-line", "untagged", "two-lines"])
def test_the_pieces_given_to_on_reply_are_the_reply_etched(make_milo, memory_file, answer):
    from milo.chat.models import choose_model

    with ScriptedModelServer([("ok", answer)]) as srv:
        pieces = []
        result = make_milo(choose_model("openai:m", env={"MILO_BASE_URL": srv.url})).turn("hello, a test exchange", on_reply=pieces.append)
    assert result.ok and pieces and "".join(pieces) == result.reply
    # (not a reply wrapped in quotes; quotes inside it stay: '"Hi," said Milo, "nice to see you!"'
    # was cut to "Hi," until a reply that opens with an exclamation was held, 2026-12-06)
    assert "[" not in result.reply and not (result.reply.startswith('"') and result.reply.count('"') == 2)
    assert "friend" in result.reply or "see you" in result.reply or "Just plain" in result.reply or "there" in result.reply
    if result.pulse is not None:
        assert pulses(memory_file)[0].fields["REPLY"] == " / ".join(result.reply.splitlines())


def test_a_reply_cut_short_by_a_failure_is_finished_by_the_apology(make_milo, memory_file):
    from milo.chat.models import choose_model

    # A chunk every 0.3 s, and 1.5 s for the whole answer: the reply starts, then time is up.
    with ScriptedModelServer([("drip", 0.3)]) as srv:
        pieces = []
        model = choose_model("openai:m", env={"MILO_BASE_URL": srv.url}, timeout=1.5)
        result = make_milo(model, timeout=1.5, retries=0).turn("hello", on_reply=pieces.append)
    assert not result.ok and "".join(pieces) == result.reply
    assert result.reply.endswith(" ... " + LOST_THREAD) and REPLY.startswith(result.reply.split(" ... ")[0])
    assert not memory_file.exists()


def test_a_failure_before_any_reply_is_given_whole(make_milo, memory_file):
    from milo.chat.models import choose_model

    with ScriptedModelServer([("status", 500)]) as srv:
        pieces = []
        result = make_milo(choose_model("openai:m", env={"MILO_BASE_URL": srv.url}), retries=0).turn("hi", on_reply=pieces.append)
    assert pieces == [LOST_THREAD] and result.reply == LOST_THREAD


def test_a_reply_is_printed_once_at_the_terminal(memory_file):
    with ScriptedModelServer([("ok", QUOTED)]) as srv:
        term = chat(srv, memory_file)
        term.send(b"hello, a test exchange\r")
        shown = term.expect("you> ")
        term.send(b"exit\r")
        term.expect("Bye!")
        assert term.wait() == 0
    assert "milo> Hello there, my friend!\r\n" in shown
    assert shown.count("milo>") == 1 and shown.count("Hello there") == 1
    assert pulses(memory_file)[0].fields["REPLY"] == "Hello there, my friend!"


# ---- Ctrl-C -------------------------------------------------------------------------------


def test_ctrl_c_while_thinking_stops_the_reply_and_the_chat_goes_on(memory_file):
    with ScriptedModelServer([("hang", 5)]) as srv:
        term = chat(srv, memory_file)
        term.send(b"hello\r")
        term.expect("thinking...")
        term.send(b"\x03")
        term.expect("(stopped)")
        term.expect("you> ")
        term.send(b"again, a test exchange\r")
        again = term.expect("you> ")
        term.send(b"\x03")  # at the prompt: leave
        term.expect("Bye!")
        assert term.wait() == 0, term.text
    assert f"milo> {REPLY}" in again
    assert "Traceback" not in term.text and "KeyboardInterrupt" not in term.text
    assert [p.reply for p in pulses(memory_file)] == [REPLY]  # only the turn that was answered


def test_ctrl_c_mid_reply_stops_it_and_nothing_of_it_is_kept(memory_file, tmp_path):
    with ScriptedModelServer([("drip", 0.3)]) as srv:
        term = chat(srv, memory_file)
        term.send(b"hello\r")
        term.expect("milo> Hello")
        term.send(b"\x03")
        term.expect("(stopped)")
        term.expect("you> ")
        term.send(b"exit\r")
        term.expect("Bye!")
        assert term.wait() == 0, term.text
    assert REPLY not in term.text  # it was stopped mid-sentence
    assert "Traceback" not in term.text
    assert not memory_file.exists()  # nothing etched...
    stored = "".join(p.read_text() for p in (tmp_path / "sessions").rglob("*.json"))
    assert "hello" not in stored  # ...nor kept in the conversation


@pytest.mark.model
def test_ctrl_c_mid_reply_on_the_embedded_model_then_it_answers_again(memory_file):
    """The abandoned answer does not hold the in-process llama.cpp server: the next one comes."""
    term = Terminal("--model", "tiny", "--memory-file", str(memory_file))
    term.expect("you> ", timeout=180)
    term.send(b"Tell me a long story about a dragon.\r")
    term.expect("milo> ", timeout=180)
    term.send(b"\x03")
    term.expect("(stopped)")
    term.expect("you> ")
    term.send(b"What is your name?\r")
    term.expect("milo> ", timeout=180)
    term.expect("you> ", timeout=180)
    term.send(b"\x04")
    term.expect("Bye!")
    assert term.wait() == 0, term.text
    assert "Traceback" not in term.text
    assert len(pulses(memory_file)) <= 1  # the stopped story left nothing
    # The model loaded after the prompt was up is the one with the saved prompt state: the
    # next process starts from it (once, the early load made a server without it).
    assert list((memory_file.parent / "cache" / "prompt-state").glob("slot-*.kv"))


@pytest.mark.model
def test_a_pause_in_typing_has_what_is_typed_processed_before_enter(memory_file):
    """On the embedded model, what is typed is processed at a pause (Milo.prefill_typed), read
    from readline's line while the user is still typing; the message is then answered as usual."""
    term = Terminal("-v", "--model", "tiny", "--memory-file", str(memory_file))
    term.expect("you> ", timeout=180)
    term.send(b"Then I baked sourdough")
    term.expect("processed ahead: what is typed so far (4 words)", timeout=180)
    term.send(b" bread for dinner.\r")
    term.expect("milo> ", timeout=180)
    term.expect("you> ", timeout=180)
    term.send(b"\x04")
    term.expect("Bye!")
    assert term.wait() == 0, term.text
    assert "Traceback" not in term.text and "prefill of what is typed failed" not in term.text


@pytest.mark.model
def test_the_chat_command_saves_its_prompt_state_for_the_next_process(memory_file):
    proc = run_milo("chat", "--model", "tiny", "--memory-file", str(memory_file), input="hello there\n")
    assert proc.returncode == 0, proc.stderr
    (state,) = (memory_file.parent / "cache" / "prompt-state").glob("slot-*.kv")
    assert oct(state.stat().st_mode & 0o777) == "0o600"


# ---- the input line: readline and its history ---------------------------------------------


def test_arrow_keys_and_a_private_history_across_runs(memory_file, tmp_path):
    history = tmp_path / "data" / "chat_history"  # MILO_DATA_DIR is tmp_path/data (conftest)
    with ScriptedModelServer() as srv:
        first = chat(srv, memory_file)
        first.send(b"my first message\r")
        first.expect("you> ")
        first.send(b"exit\r")
        first.expect("Bye!")
        assert first.wait() == 0
        assert "my first message" in history.read_text()
        assert stat.S_IMODE(history.stat().st_mode) == 0o600
        assert stat.S_IMODE(history.parent.stat().st_mode) == 0o700

        second = chat(srv, memory_file)
        second.send(b"\x1b[A")  # up: the last line of the run before
        second.expect("my first message")
        second.send(b"\r")
        second.expect("you> ")
        second.send(b"second one\r")
        second.expect("you> ")
        second.send(b"\x1b[A\x1b[A\x1b[B\r")  # up, up, down: "second one" again
        second.expect("you> ")
        second.send(b"\x04")
        second.expect("Bye!")
        assert second.wait() == 0
    asked = [r["messages"][-1]["content"] for r in srv.requests]
    assert asked == ["my first message", "my first message", "second one", "second one"]


def test_colour_tells_milo_from_you(memory_file):
    with ScriptedModelServer() as srv:
        term = chat(srv, memory_file)
        term.send(b"hello\r")
        term.expect("you> ")
        term.send(b"exit\r")
        term.expect("Bye!")
        assert term.wait() == 0
    assert b"\x1b[1;36mmilo>\x1b[0m Hello from" in term.raw and b"\x1b[1;32myou>\x1b[0m " in term.raw


def _settings_know_no_color() -> bool:
    from milo.config import Settings

    return hasattr(Settings(), "no_color")


@pytest.mark.skipif(not _settings_know_no_color(), reason="needs the NO_COLOR setting in milo/config.py (Settings.no_color)")
def test_no_color_means_no_colour(memory_file):
    with ScriptedModelServer() as srv:
        term = chat(srv, memory_file, env={"NO_COLOR": "1"})
        term.send(b"hello\r")
        term.expect(f"milo> {REPLY}")
        term.send(b"exit\r")
        term.expect("Bye!")
        assert term.wait() == 0
    assert b"\x1b[1;" not in term.raw


# ---- gestures and notices -----------------------------------------------------------------


def test_gestures_show_once_saying_who_chose_them(memory_file):
    # An OpenAI-compatible server calls the body's tools natively (a llama.cpp model under a
    # grammar writes an [ACTION] line instead: the same path from there).
    with ScriptedModelServer([("tools", GOOD, [("nod", '{"times": 1}')]), ("ok", GOOD)]) as srv:
        term = chat(srv, memory_file)  # MILO_ROBOT=none (conftest): the console body
        term.send(b"hello, a test exchange\r")
        term.expect("[Milo chose to nod once]")
        term.expect("you> ")
        term.send(b"please nod twice\r")
        term.expect("[you asked Milo to nod twice]")
        term.expect("you> ")
        time.sleep(0.5)  # anything the body's worker still had to say would show now
        term.send(b"exit\r")
        term.expect("Bye!")
        assert term.wait() == 0
    lines = screen_lines(term.text)
    first = lines.index(f"milo> {REPLY}")
    assert lines[first + 1:first + 3] == ["  [Milo chose to nod once]", "you> please nod twice"], lines
    assert lines[first + 3:first + 5] == [f"milo> {REPLY}", "  [you asked Milo to nod twice]"], lines
    assert term.text.count("[Milo chose to nod once]") == 1 and term.text.count("nod twice]") == 1
    assert "nodded" not in term.text and "[Milo: " not in term.text  # not a second time, in other words


def test_the_prompt_comes_back_with_the_whole_reply_and_the_turn_lands_above_what_you_type(memory_file):
    """The memory lines are written while you type: the prompt is back before the model has sent
    them (the server holds them until the test lets go), the turn's gesture is printed above the
    line being typed, which is drawn again and sent whole."""
    rest = threading.Event()
    with ScriptedModelServer([("pause", GOOD, rest, [("nod", '{"times": 1}')]), ("ok", GOOD)]) as srv:
        term = chat(srv, memory_file)
        term.send(b"hello, a test exchange\r")
        term.expect(f"milo> {REPLY}")
        term.expect("you> ")
        term.send(b"what do yo")
        term.expect("what do yo")
        assert not pulses(memory_file)
        rest.set()
        term.expect("[Milo chose to nod once]")
        term.expect("you> what do yo")  # drawn again, with what was typed
        term.send(b"u remember?\r")
        term.expect(f"milo> {REPLY}")
        term.expect("you> ")
        term.send(b"exit\r")
        term.expect("Bye!")
        assert term.wait() == 0, term.text
    assert srv.requests[1]["messages"][-1] == {"role": "user", "content": "what do you remember?"}
    assert [m["content"] for m in srv.requests[1]["messages"][-4:-2]] == ["hello, a test exchange", REPLY]  # the first turn, recorded
    assert len(pulses(memory_file)) == 2


def test_a_message_sent_while_milo_writes_its_notes_is_answered_without_waiting_for_them(memory_file):
    """The server holds the first turn's memory lines (until the test ends): the next message
    ends them where they are (PendingTurn.hurry) and is answered at once; the first turn is
    etched with what it had (its note unwritten: the user's words, quoted) and recorded."""
    rest = threading.Event()
    with ScriptedModelServer([("pause", GOOD, rest), ("ok", GOOD)]) as srv:
        term = chat(srv, memory_file)
        term.send(b"hello, a test exchange\r")
        term.expect("you> ")
        term.send(b"and another test exchange\r")
        term.expect(f"milo> {REPLY}")
        term.expect("you> ")
        assert len(srv.requests) == 2 and not rest.is_set()
        term.send(b"\x04")
        term.expect("Bye!")
        assert term.wait() == 0, term.text
        rest.set()
    assert [p.reply for p in pulses(memory_file)] == [REPLY, REPLY]  # both turns, in order
    assert '"hello, a test exchange"' in pulses(memory_file)[0].core_update
    assert [m["content"] for m in srv.requests[1]["messages"][-4:-2]] == ["hello, a test exchange", REPLY]  # recorded


@pytest.mark.parametrize("leave, drop", [(b"exit\r", False), (b"\x04", True)], ids=["kept", "dropped-by-a-second-ctrl-c"])
def test_leaving_while_milo_writes_its_notes_keeps_them_unless_asked_not_to(memory_file, leave, drop):
    rest = threading.Event()
    with ScriptedModelServer([("pause", GOOD, rest)]) as srv:
        term = chat(srv, memory_file)
        term.send(b"hello, a test exchange\r")
        term.expect("you> ")
        term.send(leave)
        term.expect("writing down the last turn (Ctrl-C drops it)")
        if drop:
            term.send(b"\x03")
        else:
            rest.set()
        term.expect("Bye!", timeout=30)
        assert term.wait() == 0, term.text
        rest.set()
    assert len(pulses(memory_file)) == (0 if drop else 1) and "Traceback" not in term.text


def test_the_no_robot_notice_has_its_own_line(memory_file):
    with ScriptedModelServer() as srv:
        term = chat(srv, memory_file, env={"MILO_ROBOT": "auto", "MILO_ROBOT_HOST": "127.0.0.1", "MILO_ROBOT_PORT": str(closed_port())})
        term.expect("Milo is awake (openai:m")  # while the prompt is up
        term.send(b"\x04")
        term.expect("Bye!")
        assert term.wait() == 0
    notices = [line for line in screen_lines(term.text) if "gestures will only be printed" in line]
    assert len(notices) == 1 and notices[0].startswith("milo: no "), screen_lines(term.text)


def test_the_prompt_is_up_while_milo_wakes_and_a_brain_that_cannot_load_is_one_sentence(memory_file, tmp_path):
    # The model is loaded while the first message is typed; when it cannot be, the chat says
    # why at once, without waiting for a message, and exits 2 (as for any setup error).
    junk = tmp_path / "not-a-model.gguf"
    junk.write_bytes(b"this is not a GGUF file" * 100)
    term = Terminal("--model", str(junk), "--memory-file", str(memory_file))
    term.expect("Type 'exit' or Ctrl-D to leave.")
    term.expect("could not be loaded", timeout=120)
    assert term.wait() == 2, term.text
    lines = [line for line in screen_lines(term.text) if line.strip()]
    assert lines[-1].startswith("milo: The model file") and lines[-1].endswith("is it a GGUF file?"), lines
    assert "Traceback" not in term.text and "Bye!" not in term.text


def test_commands_that_do_not_move_say_nothing_about_the_robot(memory_file):
    env = {"MILO_ROBOT": "auto", "MILO_ROBOT_HOST": "127.0.0.1", "MILO_ROBOT_PORT": str(closed_port())}
    for args in (["prompt", "hello"], ["memory", "stats"], ["memory", "show"]):
        proc = run_milo(*args, "--memory-file", str(memory_file), env=env)
        assert (proc.returncode, proc.stderr) == (0, ""), args


# ---- pipes, missing extras ----------------------------------------------------------------


def test_a_pipe_where_no_message_could_be_answered_exits_1(memory_file):
    with ScriptedModelServer([("status", 500)] * 4) as srv:
        proc = run_milo("chat", "--model", "openai:m", "--memory-file", str(memory_file),
                        input="one\ntwo\n", env={"MILO_BASE_URL": srv.url, "MILO_RETRIES": "0"})
    assert proc.returncode == 1
    assert proc.stdout == f"{LOST_THREAD}\n{LOST_THREAD}\n"  # one reply per line, as always
    assert proc.stderr.count("internal error (HTTP 500)") == 2 and "Traceback" not in proc.stderr
    empty = run_milo("chat", "--model", "openai:m", input="\n", env={"MILO_BASE_URL": "http://127.0.0.1:9/v1"})
    assert empty.returncode == 0 and empty.stdout == ""


def _big_memory(path, entries=3000):
    path.write_text("# Memory\n" + "".join(
        f"\n\n--- [PULSE: 08:15 PM, November 29, 2026] ---\nCORE_UPDATE: note {i} about gardens\nREPLY: reply number {i}\n"
        for i in range(entries)))


def test_a_reader_that_leaves_early_is_not_an_error(memory_file):
    _big_memory(memory_file)
    main = [sys.executable, str(ROOT / "main.py")]
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    # A real shell pipeline: head leaves after two lines, with most of the memory unwritten.
    shell = subprocess.run(["bash", "-c", '"$@" memory show | head -n 2 >/dev/null; exit "${PIPESTATUS[0]}"', "-", *main,
                            "--memory-file", str(memory_file)], capture_output=True, text=True, env=env, timeout=120)
    assert (shell.returncode, shell.stderr) == (0, "")
    # A reader gone before the first byte, and a short output (written only at exit).
    for args in (["memory", "show"], ["memory", "path"]):
        read, write = os.pipe()
        os.close(read)
        proc = subprocess.run([*main, *args, "--memory-file", str(memory_file)], stdout=write, stderr=subprocess.PIPE,
                              env=env, timeout=120)
        os.close(write)
        assert (proc.returncode, proc.stderr) == (0, b""), args


def test_voice_without_the_voice_extras_is_one_sentence(tmp_path):
    shim = tmp_path / "shim"
    shim.mkdir()
    (shim / "sitecustomize.py").write_text("import sys\nsys.modules['pyaudio'] = None  # as if not installed\n")
    proc = run_milo("voice", env={"PYTHONPATH": f"{shim}{os.pathsep}{ROOT}"}, timeout=120)
    assert proc.returncode == 2
    assert proc.stderr.splitlines()[-1] == "milo voice: the voice extras are not installed (no Python module 'pyaudio'); run scripts/setup.sh --voice."
    assert "Traceback" not in proc.stderr


def test_a_missing_module_of_milo_itself_is_still_a_bug():
    from milo.cli import missing_package

    assert missing_package(ModuleNotFoundError("No module named 'pyaudio'", name="pyaudio"), "voice").endswith("run scripts/setup.sh --voice.")
    assert missing_package(ModuleNotFoundError("No module named 'milo.nope'", name="milo.nope"), "voice") is None
    assert missing_package(ImportError("cannot import name 'x'"), "chat") is None
