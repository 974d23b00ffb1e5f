"""`milo` / `python main.py`: the command line front end."""

from __future__ import annotations

import argparse
import logging
import os
import sys
import threading
from typing import Optional, Sequence


# Errors that mean "Milo cannot start": each carries one sentence for the user.
def _setup_errors() -> tuple[type[BaseException], ...]:
    from milo.app import SetupError
    from milo.embedded import EmbeddedModelError
    from milo.memory import MemoryFileError
    from milo.models import ModelConfigError
    from milo.prompting import PersonaError

    errors: list[type[BaseException]] = [SetupError, EmbeddedModelError, MemoryFileError, ModelConfigError, PersonaError]
    try:
        from milo.body import BodyError  # optional package
        errors.append(BodyError)
    except ImportError:
        pass
    return tuple(errors)


class Spinner:
    """A visible sign on a terminal (stderr) while the model loads or thinks."""

    FRAMES = "|/-\\"

    def __init__(self, label: str, enabled: bool):
        self.label, self.enabled = label, enabled
        self._stop = threading.Event()
        self._thread: Optional[threading.Thread] = None

    def __enter__(self):
        if self.enabled:
            self._thread = threading.Thread(target=self._spin, daemon=True)
            self._thread.start()
        return self

    def _spin(self):
        i = 0
        while not self._stop.wait(0.12):
            sys.stderr.write(f"\r{self.FRAMES[i % 4]} {self.label}")
            sys.stderr.flush()
            i += 1

    def stop(self):
        if self._thread and not self._stop.is_set():
            self._stop.set()
            self._thread.join()
            sys.stderr.write("\r" + " " * (len(self.label) + 2) + "\r")
            sys.stderr.flush()

    def __exit__(self, *exc):
        self.stop()


def _print_err(msg: str) -> None:
    print(msg, file=sys.stderr, flush=True)


def cmd_chat(args: argparse.Namespace) -> int:
    from milo.app import build_milo

    interactive = sys.stdin.isatty() and sys.stdout.isatty()
    try:
        with Spinner("Milo is waking up...", interactive):
            milo = build_milo(args)
    except _setup_errors() as e:
        _print_err(f"milo: {e}")
        return 2
    if interactive:
        print(f"Milo is awake ({milo.model.label}). Memory: {milo.memory.path}. Type 'exit' or Ctrl-D to leave.")
    if milo.body is not None and hasattr(milo.body, "on_status"):
        milo.body.on_status = lambda s: _print_err(f"  [{s}]")
    try:
        while True:
            try:
                line = input("you> ") if interactive else sys.stdin.readline()
            except EOFError:
                break
            if not interactive and line == "":
                break  # end of input
            text = line.strip()
            if not text:
                continue
            if text.lower() in ("exit", "quit", "bye!") or text.lower() == "/exit":
                break
            _one_turn(milo, text, args, interactive)
    except KeyboardInterrupt:
        pass
    finally:
        if interactive:
            print("\nBye! I'll remember this.")
        if milo.body is not None and hasattr(milo.body, "close"):
            milo.body.close()
    return 0


def _one_turn(milo, text: str, args, interactive: bool) -> None:
    shown = []
    if interactive:
        spinner = Spinner("thinking...", True).__enter__()

        def on_reply(delta: str) -> None:
            if not shown:
                spinner.stop()
                sys.stdout.write("milo> ")
            shown.append(delta)
            sys.stdout.write(delta)
            sys.stdout.flush()

        try:
            result = milo.turn(text, on_reply=on_reply)
        finally:
            spinner.stop()
        streamed = "".join(shown)
        if not shown:
            print(f"milo> {result.reply}")
        elif streamed != result.reply:
            print(f"\nmilo> {result.reply}")
        else:
            print()
    else:
        result = milo.turn(text)
        print(" ".join(result.reply.splitlines()), flush=True)
    if result.error:
        _print_err(f"milo: {result.error}")
    for notice in result.notices:
        _print_err(f"milo: {notice}")
    for gesture in result.gestures:
        _print_err(f"  [Milo: {gesture}]")
    if getattr(args, "show_thoughts", False) and result.answer is not None:
        a = result.answer
        for label, value in (("INTERNAL", a.internal), ("CORE_UPDATE", a.core_update), ("FUTURE_MESSAGE", a.future_message), ("ACTION", a.action)):
            if value:
                _print_err(f"  {label}: {value}")
        if result.pulse is None:
            _print_err("  (nothing etched: empty or placeholder fields)")


def cmd_prompt(args: argparse.Namespace) -> int:
    from milo.app import build_milo

    try:
        milo = build_milo(args, with_model=False)
    except _setup_errors() as e:
        _print_err(f"milo: {e}")
        return 2
    for message in milo.prompt_messages(" ".join(args.text)):
        print(f"===== {message.type} =====")
        print(message.content)
    return 0


def _optional_registrations():
    """Subcommands from optional packages (robot body, voice, memory tools, sessions)."""
    modules = []
    for name in ("milo.sessions_cli", "milo.memory_cli", "milo.body.cli", "milo.voice.cli"):
        try:
            modules.append(__import__(name, fromlist=["register"]))
        except ImportError as e:
            if e.name and not name.startswith(e.name) and e.name != name:
                raise  # the module exists but one of its own imports is broken: say so
    return modules


def build_parser() -> argparse.ArgumentParser:
    from milo.app import add_chat_options

    parser = argparse.ArgumentParser(prog="milo", description="Milo: a companion robot brain with a living memory.")
    parser.add_argument("-v", "--verbose", action="store_true", help="log what happens (never secrets)")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")

    chat = sub.add_parser("chat", help="talk with Milo (default)", description="Talk with Milo. Reads one message per line when input is not a terminal.")
    add_chat_options(chat)
    chat.add_argument("--show-thoughts", action="store_true", help="also print INTERNAL, CORE_UPDATE and FUTURE_MESSAGE")
    chat.set_defaults(func=cmd_chat)

    prompt = sub.add_parser("prompt", help="print the exact messages the model would get for TEXT", description="Print the exact messages the model would receive for TEXT, without calling it.")
    add_chat_options(prompt)
    prompt.add_argument("text", nargs="+", help="the message")
    prompt.set_defaults(func=cmd_prompt)

    for module in _optional_registrations():
        module.register(sub)
    try:
        from milo.voice import doctor
    except ImportError:
        pass
    else:
        doctor.add_rows(_doctor_rows)
    return parser


def _doctor_rows(args: argparse.Namespace) -> list[tuple[str, Optional[bool], str]]:
    """`milo doctor` lines for the chat model and the robot, each with its fix."""
    rows: list[tuple[str, Optional[bool], str]] = []
    from milo.models import resolve_spec

    spec = getattr(args, "model", None) or os.environ.get("MILO_MODEL") or "auto"
    kind, arg = resolve_spec(spec)
    if kind == "embedded":
        from milo.embedded import EmbeddedModelError, resolve_weights

        try:
            rows.append(("chat model", True, f"embedded, {resolve_weights(arg or None).name}"))
        except EmbeddedModelError as e:
            rows.append(("chat model", False, str(e)))
    elif kind == "gemini":
        ok = bool(os.environ.get("GOOGLE_API_KEY"))
        rows.append(("chat model", ok, f"Gemini ({spec})" if ok else "Gemini needs GOOGLE_API_KEY; or use --model embedded."))
    else:
        rows.append(("chat model", True, f"{spec} (reached when Milo first talks)"))
    try:
        from milo.body.cli import robot_settings
        from milo.body.robots import sdk_missing_reason
    except ImportError:
        return rows
    mode, host, port = robot_settings(args) if hasattr(args, "robot") else ("none", "", 0)
    missing = sdk_missing_reason()
    if mode == "none":
        rows.append(("robot", None, "--robot none: gestures are printed"))
    elif missing:
        rows.append(("robot", mode == "auto" and None, f"{missing}; install it with scripts/setup.sh --robot"))
    else:
        import socket

        try:
            socket.create_connection((host, port), timeout=0.5).close()
            rows.append(("robot", True, f"Reachy Mini daemon at {host}:{port}"))
        except OSError:
            rows.append(("robot", False if mode == "reachy" else None, f"no daemon answers at {host}:{port}; start reachy-mini-daemon"))
    return rows


def _prewarm_embedded(argv: list[str]) -> None:
    """Start loading the embedded model in the background while the rest is imported: the
    chat is ready sooner (loading and importing each take about a second here)."""
    if not argv or argv[0] not in ("chat", "voice") or any(a in ("-h", "--help", "--download-model") for a in argv):
        return
    spec = None
    for i, a in enumerate(argv):
        if a == "--model" and i + 1 < len(argv):
            spec = argv[i + 1]
        elif a.startswith("--model="):
            spec = a.split("=", 1)[1]
    from milo.embedded import EmbeddedServer, resolve_weights
    from milo.models import resolve_spec

    kind, path = resolve_spec(spec)
    if kind != "embedded":
        return

    def load():
        try:
            EmbeddedServer.shared(resolve_weights(path or None))
        except Exception:
            pass  # the main thread loads it again and reports the error in one sentence

    threading.Thread(target=load, daemon=True, name="milo-model-load").start()


def main(argv: Optional[Sequence[str]] = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    lead = 1 if argv[:1] in (["-v"], ["--verbose"]) else 0  # top-level flags before the command
    rest = argv[lead:]
    if not rest or (rest[0].startswith("-") and rest[0] not in ("-h", "--help")):
        argv.insert(lead, "chat")
    _prewarm_embedded(argv)
    parser = build_parser()
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.INFO if args.verbose else logging.WARNING, format="%(name)s: %(message)s")
    for noisy in ("httpx", "httpcore", "openai", "urllib3"):
        logging.getLogger(noisy).setLevel(logging.WARNING)  # request logs may carry URLs with keys
    if not getattr(args, "func", None):
        parser.print_help()
        return 2
    try:
        return args.func(args)
    except KeyboardInterrupt:
        return 130


if __name__ == "__main__":
    sys.exit(main())
