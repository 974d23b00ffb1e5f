"""`milo` / `python main.py`: the command line.

Each package registers its own commands: a module in COMMAND_MODULES has `register(sub, kit)`,
where `kit` (a `Kit`) gives it the shared option groups and a way to build a ready Milo, so no
package below the command line imports another front end. `milo doctor` gathers each package's
`doctor_rows(settings)` (milo.cli.doctor). Every user-facing error is a `MiloError`, caught here
once and printed as one sentence (exit 2).

Imports are lazy: `milo --help` and the memory tools load neither LangChain nor the audio stack.
"""

from __future__ import annotations

import argparse
import logging
import sys
from typing import Optional, Sequence

from milo.cli.kit import Kit, chat_options, common_options, say
from milo.errors import MiloError

COMMAND_MODULES = (
    "milo.cli.chat",
    "milo.cli.brain",
    "milo.sessions.cli",
    "milo.memory.cli",
    "milo.body.cli",
    "milo.voice.cli",
    "milo.cli.doctor",
    "milo.cli.serve",
    "milo.cli.service",
    "milo.cli.update",
    "milo.cli.profile",
)
# Loggers that may print request URLs (with keys in them): quiet unless -v -v.
NOISY_LOGGERS = ("httpx", "httpcore", "openai", "urllib3", "google_genai", "langchain_google_genai")


def build_parser() -> argparse.ArgumentParser:
    import importlib

    parser = argparse.ArgumentParser(
        prog="milo", parents=[common_options(top=True)],
        description="Milo: a companion robot brain with a living memory.",
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    kit = Kit(common=common_options(top=False), chat=chat_options(), say=say)
    for name in COMMAND_MODULES:
        try:
            module = importlib.import_module(name)
        except ImportError as e:
            # An optional package that is not installed; a broken import inside it is a bug.
            if e.name and (name == e.name or name.startswith(e.name + ".")):
                continue
            raise
        module.register(sub, kit)
    return parser


def _default_command(argv: list[str]) -> list[str]:
    """`milo` and `milo --model X` mean `milo chat ...` (common options may come first)."""
    lead = 0
    while lead < len(argv):
        a = argv[lead]
        if a in ("-v", "--verbose", "-vv") or a.startswith(("--memory-file=", "--profile=")):
            lead += 1
        elif a in ("--memory-file", "--profile"):
            lead += 2
        else:
            break
    rest = argv[lead:]
    if not rest or (rest[0].startswith("-") and rest[0] not in ("-h", "--help")):
        argv = argv[:lead] + ["chat"] + rest
    return argv


def setup_logging(verbosity: int) -> None:
    logging.basicConfig(level=logging.INFO if verbosity else logging.WARNING, format="%(name)s: %(message)s")
    for noisy in NOISY_LOGGERS:
        logging.getLogger(noisy).setLevel(logging.INFO if verbosity >= 2 else logging.WARNING)
    if verbosity:
        from milo.config import redact

        class _Redact(logging.Filter):
            def filter(self, record: logging.LogRecord) -> bool:
                record.msg = redact(record.getMessage())
                record.args = ()
                return True

        for handler in logging.getLogger().handlers:
            handler.addFilter(_Redact())


def main(argv: Optional[Sequence[str]] = None) -> int:
    argv = _default_command(list(sys.argv[1:] if argv is None else argv))
    from milo.cli.chat import prewarm_embedded

    prewarm_embedded(argv)
    parser = build_parser()
    args = parser.parse_args(argv)
    setup_logging(getattr(args, "verbose", 0) or 0)
    if not getattr(args, "func", None):
        parser.print_help()
        return 2
    try:
        code = args.func(args)
        sys.stdout.flush()  # a reader that left (`| head`) is noticed here, not at exit
        return code
    except MiloError as e:
        from milo.config import redact

        say(f"{getattr(args, 'error_prefix', 'milo')}: {redact(str(e))}")
        return 2
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        # `milo memory show | head`: the reader left; nothing more to say.
        import os

        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 0
    except ImportError as e:
        sentence = missing_package(e, getattr(args, "command", None))
        if sentence is None:
            raise  # a broken import inside Milo is a bug: show it
        say(f"{getattr(args, 'error_prefix', 'milo')}: {sentence}")
        return 2


# What installs the optional parts a command needs (scripts/setup.sh installs the core).
EXTRAS = {"voice": ("the voice extras are", "scripts/setup.sh --voice"),
          "move": ("the robot extras are", "scripts/setup.sh --robot"),
          "robot": ("the robot extras are", "scripts/setup.sh --robot")}


def missing_package(error: ImportError, command: Optional[str]) -> Optional[str]:
    """One sentence for a Python package that is not installed (`milo voice` without PyAudio),
    naming what installs it; None when the missing module is Milo's own (a bug)."""
    name = getattr(error, "name", None)
    if not isinstance(error, ModuleNotFoundError) or not name or name.split(".")[0] == "milo":
        return None
    what, fix = EXTRAS.get(command or "", ("a package Milo needs is", "scripts/setup.sh"))
    return f"{what} not installed (no Python module '{name.split('.')[0]}'); run {fix}."


if __name__ == "__main__":
    sys.exit(main())
