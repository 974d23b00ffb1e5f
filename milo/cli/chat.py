"""`milo chat` and `milo prompt`: talk with Milo at a terminal or through a pipe.

At a terminal (stdin and stdout both terminals): a line editor (readline: arrow keys, a history
kept across runs in a private file under the data directory), a little colour to tell Milo from
you (never with NO_COLOR), a spinner while Milo wakes up and thinks, the reply as it streams.
The prompt comes back as soon as the reply is whole: the model's memory lines after it (more
than half of its generation time, bench/tag_share.py) are written while you type, and the
turn's gestures and notices are printed above the line you are typing once they are known.
A message sent before that waits for them. Ctrl-C while Milo thinks or talks stops that reply
(nothing of it is kept) and the chat goes on; Ctrl-C at the prompt, Ctrl-D or `exit` leave,
after the last turn's memory is written (a second Ctrl-C then drops it).

Through a pipe: one message per line in, one reply per line out (exit 1 when not one message
could be answered), status lines on stderr.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import signal
import sys
import threading
import time
from pathlib import Path
from typing import Callable, Optional

from milo.cli.kit import say as _print_err

EXIT_WORDS = ("exit", "quit", "bye!", "/exit")
HISTORY_FILE = "chat_history"  # under Settings.data_dir, mode 0600
HISTORY_LENGTH = 1000
_STDERR = threading.Lock()  # the spinner and the status lines share stderr
PROMPT_UP = threading.Event()  # the chat's first prompt is on the screen (see prewarm_embedded)


class Spinner:
    """A visible sign on a terminal (stderr) while the model loads or thinks. `say` prints a
    line without running into it."""

    FRAMES = "|/-\\"

    def __init__(self, label: str, enabled: bool):
        self.label, self.enabled = label, enabled
        self._stop = threading.Event()
        self._thread: Optional[threading.Thread] = None

    def start(self) -> "Spinner":
        if self.enabled and self._thread is None:
            self._draw(0)  # at once: a line printed from now on must clear it first
            self._thread = threading.Thread(target=self._spin, daemon=True)
            self._thread.start()
        return self

    __enter__ = start

    def _draw(self, i: int) -> None:
        with _STDERR:
            sys.stderr.write(f"\r{self.FRAMES[i % 4]} {self.label}")
            sys.stderr.flush()

    def _spin(self):
        i = 1
        while not self._stop.wait(0.12):
            self._draw(i)
            i += 1

    def _clear(self) -> None:
        sys.stderr.write("\r" + " " * (len(self.label) + 2) + "\r")

    def say(self, msg: str) -> None:
        """A status line while the spinner runs: on a line of its own, the spinner redrawn after."""
        if not self.running:
            _print_err(msg)
            return
        with _STDERR:
            self._clear()
            sys.stderr.write(msg + "\n")
            sys.stderr.flush()

    @property
    def running(self) -> bool:
        return self._thread is not None and not self._stop.is_set()

    def stop(self):
        if self.running:
            self._stop.set()
            try:
                self._thread.join()
            except RuntimeError:
                pass  # Ctrl-C came while it was being started: it stops on its own, unseen
            with _STDERR:
                self._clear()
                sys.stderr.flush()

    def __exit__(self, *exc):
        self.stop()


# ---- the terminal ---------------------------------------------------------------------------


class Colours:
    """ANSI colour for the labels, or nothing. `wrap` marks them invisible for readline, which
    otherwise counts them in the prompt's width (and then redraws long lines wrongly)."""

    def __init__(self, enabled: bool, wrap: bool = False):
        self.enabled, self.wrap = enabled, wrap

    def paint(self, text: str, code: str, for_prompt: bool = False) -> str:
        if not self.enabled:
            return text
        start, end = f"\033[{code}m", "\033[0m"
        if for_prompt and self.wrap:
            start, end = f"\001{start}\002", f"\001{end}\002"
        return f"{start}{text}{end}"

    def you(self) -> str:
        return self.paint("you>", "1;32", for_prompt=True) + " "

    def milo(self) -> str:
        return self.paint("milo>", "1;36") + " "

    def dim(self, text: str) -> str:
        return self.paint(text, "2")


def colour_wanted(stream, no_color: Optional[str]) -> bool:
    """Colour only on a terminal, and never when NO_COLOR is set (https://no-color.org)."""
    try:
        return bool(stream.isatty()) and not no_color
    except (AttributeError, ValueError):
        return False


class LineReader:
    """`input()` with GNU readline when it is there: line editing, arrow keys, and a history
    that survives restarts in `history_file` (created 0600 in a 0700 folder). Without readline
    (or without a history file) plain `input()`."""

    def __init__(self, history_file: Optional[Path]):
        self.history_file = history_file
        self.readline = None
        self._saved = 0
        try:
            import readline
        except ImportError:  # a Python built without it: plain input() still works
            return
        self.readline = readline
        if history_file is None:
            return
        try:
            history_file.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
            if history_file.exists():
                os.chmod(history_file, 0o600)
                readline.read_history_file(str(history_file))
        except OSError as e:
            _print_err(f"milo: the input history {history_file} cannot be used ({e.strerror or e}); it is not kept this time.")
            self.history_file = None
        readline.set_history_length(HISTORY_LENGTH)
        self._saved = readline.get_current_history_length()

    def read(self, prompt: str) -> str:
        line = input(prompt)
        rl = self.readline
        if rl is not None and line.strip().lower() in EXIT_WORDS and rl.get_current_history_length() > self._saved:
            rl.remove_history_item(rl.get_current_history_length() - 1)  # up-arrow should not bring back "exit"
        self._save()
        return line

    def _save(self) -> None:
        rl, path = self.readline, self.history_file
        if rl is None or path is None:
            return
        new = rl.get_current_history_length() - self._saved
        if new <= 0:
            return
        try:
            # Created private; then only appended to, so two chats at once both keep their lines.
            os.close(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o600))
            if hasattr(rl, "append_history_file"):
                rl.append_history_file(new, str(path))
            else:  # pragma: no cover - libedit builds
                rl.write_history_file(str(path))
            self._saved = rl.get_current_history_length()
        except OSError as e:
            _print_err(f"milo: could not save the input history to {path} ({e.strerror or e}).")
            self.history_file = None


class StatusBox:
    """Status lines from the body's worker thread, held until the next prompt (never printed
    over the line being typed). A finished gesture is not reported again: it was announced
    with the reply; what went wrong is."""

    def __init__(self, say: Callable[[str], None] = _print_err):
        self.say = say
        self._lines: list[str] = []
        self._lock = threading.Lock()

    def __call__(self, status) -> None:
        if getattr(status, "problem", False):  # a BodyStatus (milo.body.tools): failed, refused, down, back
            with self._lock:
                self._lines.append(status)

    def flush(self) -> None:
        with self._lock:
            lines, self._lines = self._lines, []
        for line in lines:
            self.say(f"  [{line}]")


# ---- the chat -------------------------------------------------------------------------------


def cmd_chat(args: argparse.Namespace, kit) -> int:
    interactive = sys.stdin.isatty() and sys.stdout.isatty()
    settings = kit.settings(args)
    statuses = StatusBox()
    if interactive:
        return _chat_at_terminal(kit, args, settings, statuses)
    with Spinner(f"{settings.persona_name} is waking up...", interactive) as spinner:
        milo = kit.build_milo(args, notice=spinner.say)
    if milo.body is not None and hasattr(milo.body, "on_status"):
        milo.body.on_status = statuses
    try:
        return _chat_through_pipe(milo, args, statuses)
    finally:
        _close_body(milo)


def _close_body(milo) -> None:
    """The body, and what recall computed kept for the next wake (LivingMemory.close)."""
    if milo is None:
        return
    if hasattr(milo.memory, "close"):
        milo.memory.close()
    if milo.body is not None and hasattr(milo.body, "close"):
        milo.body.close()


class Waking:
    """Milo built on a thread of its own while the first prompt is already up: importing
    LangChain and loading the model are most of a chat's start (bench/latency_table.py), and
    typing the first message takes longer. `on_failure` is called from that thread when the
    build fails; `get()` waits for Milo (a spinner when that is not instant) or raises why not."""

    def __init__(self, build: Callable[[], object], on_ready: Callable[[object], None], on_failure: Callable[[], None],
                 name: str = "Milo"):
        self._milo, self._error = None, None
        self._name = name
        self._done = threading.Event()
        self._thread = threading.Thread(target=self._run, args=(build, on_ready, on_failure), daemon=True, name="milo-waking")
        self._thread.start()

    def _run(self, build, on_ready, on_failure) -> None:
        try:
            self._milo = build()
        except BaseException as e:  # raised again by get(), in the main thread
            self._error = e
            self._done.set()
            on_failure()
            return
        on_ready(self._milo)
        try:
            self._milo.prefill()  # the first message then starts from its prompt, already processed
        finally:
            self._done.set()

    @property
    def failed(self) -> bool:
        return self._done.is_set() and self._error is not None

    @property
    def built(self):
        """Milo if it is ready, else None (never waits)."""
        return self._milo if self._done.is_set() else None

    def get(self):
        if not self._done.wait(0.2):
            with Spinner(f"{self._name} is waking up...", True):
                self._done.wait()
        if self._error is not None:
            raise self._error
        return self._milo


def _chat_through_pipe(milo, args, statuses: StatusBox) -> int:
    asked = answered = 0
    try:
        while True:
            line = sys.stdin.readline()  # one line at a time: a writer may wait for each reply
            if line == "":
                break  # end of input
            text = line.strip()
            if not text:
                continue
            if text.lower() in EXIT_WORDS:
                break
            # (streamed, unseen: as at a terminal, a reply that only copied a sample is written
            # once more; piped, bench/truth.py and the shared truth eval had none of it)
            result = milo.turn(text, on_reply=lambda _piece: None)
            print(" ".join(result.reply.splitlines()), flush=True)
            asked += 1
            answered += result.ok
            _after_reply(milo, result, args, Colours(False))
            statuses.flush()
    except KeyboardInterrupt:
        return 0
    # The model was down for every line: say so to whoever runs the pipe.
    return 1 if asked and not answered else 0


def _chat_at_terminal(kit, args, settings, statuses: StatusBox) -> int:
    colours = Colours(colour_wanted(sys.stdout, getattr(settings, "no_color", None)))
    data_dir = getattr(settings, "data_dir", None)
    reader = LineReader(Path(data_dir) / HISTORY_FILE if data_dir else None)
    colours.wrap = reader.readline is not None
    screen = PromptScreen(reader)

    def ready(milo) -> None:
        if milo.body is not None and hasattr(milo.body, "on_status"):
            milo.body.on_status = statuses
        screen.show([f"{milo.persona.name} is awake ({milo.model.label})."])

    def failed() -> None:
        screen.interrupt()  # out of the prompt at once, to say why in one sentence

    waking = Waking(lambda: kit.build_milo(args, notice=lambda line: screen.show([line])), ready, failed,
                    name=settings.persona_name)
    print(f"{settings.persona_name} is waking up. Memory: {settings.memory_file}. Type 'exit' or Ctrl-D to leave.")
    pending = milo = None
    try:
        while True:
            statuses.flush()
            screen.flush()
            if waking.failed:
                break
            try:
                line = screen.read(colours.you(), on_pause=lambda typed, sent: _head_start(waking.built, pending, typed, sent))
            except EOFError:
                break
            text = line.strip()
            if not text:
                continue
            if text.lower() in EXIT_WORDS:
                break
            if milo is None:
                milo = waking.get()
                screen.flush()
            if pending is not None:
                pending.hurry()  # its notes end where they are: this message is answered now
                _wait_for(pending, f"{milo.persona.name} is still writing down the last turn...")
                screen.flush()
            pending = _turn_at_terminal(milo, text, args, colours, screen)
    except KeyboardInterrupt:
        pass  # Ctrl-C at the prompt: leave
    try:
        if waking.failed:
            sys.stdout.write("\n")
            waking.get()  # raises the build's error: one sentence (milo.cli), exit 2
        if pending is not None:
            try:
                _wait_for(pending, f"{milo.persona.name} is writing down the last turn (Ctrl-C drops it)...")
            except KeyboardInterrupt:
                pending.cancel()  # stops before anything is etched; an etch under way lands whole
                pending.wait(timeout=10)
            screen.flush()
    finally:
        _close_body(waking.built)
    print("\nBye! I'll remember this.")
    return 0


def _head_start(milo, pending, typed: str, sent: threading.Event) -> bool:
    """At a pause in typing: the prompt for what is typed so far, processed (Milo.prefill_typed),
    once Milo is up and the last turn is over (its memory lines and its own prefill first);
    False while they are not."""
    if milo is None or (pending is not None and not pending.done):
        return False
    if hasattr(milo, "prefill_typed"):
        milo.prefill_typed(typed, stop=sent)
    return True


def _wait_for(pending, label: str) -> None:
    """Wait for a turn's memory lines, with a spinner when that is not instant."""
    if pending.wait(timeout=0.2) is not None:
        return
    with Spinner(label, True):
        pending.wait()


class Pauses:
    """While the user types: what is typed so far, each time it has stayed the same for PAUSE
    seconds (at least two words, not an exit word), given to `on_pause(typed, sent)` on this
    watcher's thread; `sent` is set once the line is sent (a head start to stop). The
    terminal's Milo.prefill_typed: the notes for the message are processed before Enter.
    `on_pause` returning False means "not now": it is asked again while the pause lasts."""

    PAUSE = 0.4  # s without a key: a word finished, a thought (typing runs ~0.1-0.3 s a key)
    POLL = 0.1

    def __init__(self, buffer: Callable[[], str], on_pause: Callable[[str, threading.Event], object]):
        self.buffer, self.on_pause = buffer, on_pause
        self.sent = threading.Event()
        self._thread = threading.Thread(target=self._watch, daemon=True, name="milo-typing")

    def __enter__(self) -> "Pauses":
        self._thread.start()
        return self

    def __exit__(self, *exc) -> None:
        self.sent.set()  # the watcher ends at its next look; a head start under way stops at its next step

    def _watch(self) -> None:
        last, since, given = None, 0.0, ""
        while not self.sent.wait(self.POLL):
            clock = time.monotonic()
            try:
                typed = self.buffer()
            except Exception:  # noqa: BLE001 - only a head start
                return
            if typed != last:
                last, since = typed, clock
                continue
            text = typed.strip()
            if clock - since >= self.PAUSE and text != given and len(text.split()) >= 2 and text.lower() not in EXIT_WORDS:
                try:
                    if self.on_pause(text, self.sent) is not False:  # False: not now (Milo busy), again at the next look
                        given = text
                except Exception:  # noqa: BLE001 - only a head start
                    given = text


class PromptScreen:
    """Lines that arrive while the user types (a turn's gestures and notices, finished in the
    background) are printed above the prompt, which is drawn again with what was typed so far
    (GNU readline); without readline, or between prompts, they wait until the next flush()."""

    def __init__(self, reader: LineReader):
        self.reader = reader
        self._lock = threading.Lock()
        self._reading: Optional[str] = None  # the prompt, while input() waits
        self._interrupted = False
        self._held: list[str] = []

    def interrupt(self) -> None:
        """From another thread: leave the prompt now (as a Ctrl-C would), or the next one at once."""
        with self._lock:
            if self._reading is not None:
                os.kill(os.getpid(), signal.SIGINT)
            else:
                self._interrupted = True

    def read(self, prompt: str, on_pause: Optional[Callable[[str, threading.Event], object]] = None) -> str:
        """A line; `on_pause`: see Pauses (with readline only: it is what shows what is typed)."""
        with self._lock:
            if self._interrupted:
                raise KeyboardInterrupt
            self._reading = prompt
        rl = self.reader.readline
        if rl is not None:  # called by readline itself, once it no longer needs Python's lock
            rl.set_startup_hook(PROMPT_UP.set)
        else:
            PROMPT_UP.set()
        pauses = Pauses(rl.get_line_buffer, on_pause) if rl is not None and on_pause is not None else None
        try:
            if pauses is None:
                return self.reader.read(prompt)
            with pauses:
                return self.reader.read(prompt)
        finally:
            with self._lock:
                self._reading = None

    def show(self, lines: list[str]) -> None:
        """From any thread."""
        if not lines:
            return
        with self._lock:
            rl = self.reader.readline
            if self._reading is None or rl is None:
                self._held.extend(lines)
                return
            prompt = self._reading.replace("\001", "").replace("\002", "")
            typed = rl.get_line_buffer()
            width = max(1, shutil.get_terminal_size().columns)
            rows = len(_VISIBLE.sub("", prompt) + typed) // width
            with _STDERR:
                # Back to the prompt's first row, clear to the end of the screen, the lines, the prompt again.
                sys.stdout.write((f"\033[{rows}A" if rows else "") + "\r\033[J")
                sys.stdout.flush()
                for line in lines:
                    sys.stderr.write(line + "\n")
                sys.stderr.flush()
                sys.stdout.write(prompt + typed)
                sys.stdout.flush()

    def flush(self) -> None:
        with self._lock:
            lines, self._held = self._held, []
        for line in lines:
            _print_err(line)


_VISIBLE = re.compile(r"\033\[[0-9;]*m")


def _turn_at_terminal(milo, text: str, args, colours: Colours, screen: PromptScreen):
    """One turn up to its whole reply: the spinner, the reply as it streams. Ctrl-C stops it.
    Returns the turn, finishing in the background (None when it was stopped)."""
    shown: list[str] = []
    spinner = Spinner("thinking...", True)

    def on_reply(delta: str) -> None:
        if not shown:
            spinner.stop()
            sys.stdout.write(colours.milo())
        shown.append(delta)
        sys.stdout.write(delta)
        sys.stdout.flush()

    try:
        spinner.start()
        # The gestures are shown when they are made (their line written), not when the turn ends.
        pending = milo.start_turn(text, on_reply=on_reply, prefill_next=True,
                                  on_gestures=lambda made: screen.show([colours.dim(f"  {line}") for line in gesture_lines(made, milo.persona.name)]))
        if not shown:  # on_reply had nothing (an empty answer): the turn is told whole, here
            result = pending.finish()
            if result.reply:
                print(f"{colours.milo()}{result.reply}")
    except KeyboardInterrupt:
        # The turn stops where it is: what was not etched yet never will be (an etch already
        # under way finishes whole), and the conversation goes on.
        spinner.stop()
        if shown:
            sys.stdout.write("\n")
            sys.stdout.flush()
        _print_err(colours.dim("  (stopped)"))
        return None
    finally:
        spinner.stop()
    if shown:
        print()  # the whole reply was streamed: Milo.turn gives every piece to on_reply
    return pending.finish_in_background(lambda result: screen.show(after_reply_lines(result, args, colours, gestures=False)))


def _after_reply(milo, result, args, colours: Colours) -> None:
    for line in after_reply_lines(result, args, colours, name=milo.persona.name):
        _print_err(line)


def after_reply_lines(result, args, colours: Colours, gestures: bool = True, name: str = "Milo") -> list[str]:
    """Errors, notices, the turn's gestures (once, saying who chose them; `gestures=False`: they
    were shown when made), --show-thoughts."""
    lines = []
    if result.error:
        lines.append(f"milo: {result.error}")
    lines += [f"milo: {notice}" for notice in result.notices]
    if gestures:
        lines += [colours.dim(f"  {line}") for line in gesture_lines(result, name)]
    if getattr(args, "show_thoughts", False) and result.answer is not None:
        a = result.answer
        for label, value in (("INTERNAL", a.internal), ("CORE_UPDATE", a.core_update), ("FUTURE_MESSAGE", a.future_message), ("ACTION", a.action)):
            if value:
                lines.append(f"  {label}: {value}")
        lines += [f"  (memory: {change})" for change in result.memory_changes]
        if result.pulse is None and not result.memory_changes:
            lines.append("  (nothing etched: empty or placeholder fields)")
    return lines


def gesture_lines(result, name: str = "Milo") -> list[str]:
    """The turn's gestures in words: "[you asked Milo to nod twice]" when your words asked for
    them, "[Milo chose to nod once]" when the model did (its tool calls or its [ACTION] line)."""
    if not result.gestures:
        return []
    from milo.body.instructions import parse_instruction
    from milo.body.planning import plan

    asked = parse_instruction(result.text).calls
    if [c.describe() for c in asked] == result.gestures:
        return [f"[you asked {name} to {_in_words(asked)}]"]
    answer = result.answer
    chosen = plan("", answer.action, answer.tool_calls) if answer is not None else []
    if [c.describe() for c in chosen] == result.gestures:
        return [f"[{name} chose to {_in_words(chosen)}]"]
    return [f"[{name}: {', '.join(result.gestures)}]"]


def _in_words(calls) -> str:
    return ", then ".join(call.in_words() for call in calls)


def cmd_prompt(args: argparse.Namespace, kit) -> int:
    milo = kit.build_milo(args, with_model=False)
    for message in milo.prompt_messages(" ".join(args.text)):
        print(f"===== {message.type} =====")
        print(message.content)
    return 0


def prewarm_embedded(argv: list[str]) -> None:
    """Start loading the embedded model in the background while the rest is imported: the
    chat is ready sooner (loading and importing each take about a second here)."""
    command = next((a for a in argv if not a.startswith("-")), None)
    if command not in ("chat", "voice") or any(a in ("-h", "--help", "--download-model") for a in argv):
        return
    spec = None
    for i, a in enumerate(argv):
        if a == "--model" and i + 1 < len(argv):
            spec = argv[i + 1]
        elif a.startswith("--model="):
            spec = a.split("=", 1)[1]
    from milo.chat.models import embedded_server, embedded_weights, resolve_spec
    from milo.config import Settings
    from milo.errors import MiloError

    try:
        settings = Settings.load()
    except MiloError:
        return  # reported properly once the options are parsed
    kind, path = resolve_spec(spec, settings)
    if kind != "embedded":
        return

    at_terminal = command == "chat" and sys.stdin.isatty() and sys.stdout.isatty()

    def load():
        if at_terminal:
            # llama.cpp holds Python's lock while it loads (2.2 s for the good brain): not
            # before the first prompt is on the screen, or the prompt waits for it.
            PROMPT_UP.wait(10)
        try:
            embedded_server(embedded_weights(path, settings)[0], settings)  # the one the chat then asks for
        except Exception:
            pass  # the main thread loads it again and reports the error in one sentence

    threading.Thread(target=load, daemon=True, name="milo-model-load").start()


def register(sub, kit) -> None:
    chat = sub.add_parser("chat", parents=[kit.common, kit.chat], help="talk with Milo (default)",
                          description="Talk with Milo. Reads one message per line when input is not a terminal "
                          "(exit 1 when not one of them could be answered).")
    chat.add_argument("--show-thoughts", action="store_true", help="also print INTERNAL, CORE_UPDATE and FUTURE_MESSAGE")
    chat.set_defaults(func=lambda args: cmd_chat(args, kit))

    prompt = sub.add_parser("prompt", parents=[kit.common, kit.chat], help="print the exact messages the model would get for TEXT",
                            description="Print the exact messages the model would receive for TEXT, without calling it.")
    prompt.add_argument("text", nargs="+", help="the message")
    prompt.set_defaults(func=lambda args: cmd_prompt(args, kit))
