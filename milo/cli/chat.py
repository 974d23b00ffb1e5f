"""`milo chat` and `milo prompt`: talk with Milo at a terminal or through a pipe."""

from __future__ import annotations

import argparse
import sys
import threading
from typing import Optional

from milo.cli.kit import say as _print_err


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


def cmd_chat(args: argparse.Namespace, kit) -> int:
    interactive = sys.stdin.isatty() and sys.stdout.isatty()
    with Spinner("Milo is waking up...", interactive):
        milo = kit.build_milo(args)
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
        for change in result.memory_changes:
            _print_err(f"  (memory: {change})")
        if result.pulse is None and not result.memory_changes:
            _print_err("  (nothing etched: empty or placeholder fields)")


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
    from milo.chat.embedded import EmbeddedServer
    from milo.chat.models import embedded_weights, resolve_spec
    from milo.config import Settings
    from milo.errors import MiloError

    try:
        settings = Settings.load()
    except MiloError:
        return  # reported properly once the options are parsed
    kind, path = resolve_spec(spec, settings)
    if kind != "embedded":
        return

    def load():
        try:
            EmbeddedServer.shared(embedded_weights(path, settings)[0], threads=settings.threads)
        except Exception:
            pass  # the main thread loads it again and reports the error in one sentence

    threading.Thread(target=load, daemon=True, name="milo-model-load").start()


def register(sub, kit) -> None:
    chat = sub.add_parser("chat", parents=[kit.common, kit.chat], help="talk with Milo (default)",
                          description="Talk with Milo. Reads one message per line when input is not a terminal.")
    chat.add_argument("--show-thoughts", action="store_true", help="also print INTERNAL, CORE_UPDATE and FUTURE_MESSAGE")
    chat.set_defaults(func=lambda args: cmd_chat(args, kit))

    prompt = sub.add_parser("prompt", parents=[kit.common, kit.chat], help="print the exact messages the model would get for TEXT",
                            description="Print the exact messages the model would receive for TEXT, without calling it.")
    prompt.add_argument("text", nargs="+", help="the message")
    prompt.set_defaults(func=lambda args: cmd_prompt(args, kit))
