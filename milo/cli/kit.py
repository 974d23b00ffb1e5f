"""What the command line hands to each package's `register(sub, kit)`: shared options, a way
to build a ready Milo, the one stderr printer."""

from __future__ import annotations

import argparse
import sys
from dataclasses import dataclass
from typing import Callable, Optional


def say(msg: str) -> None:
    """The one way the command line prints a status or an error line (stderr)."""
    print(msg, file=sys.stderr, flush=True)


def common_options(top: bool) -> argparse.ArgumentParser:
    """Options every command takes, before or after its name. On subcommands they default to
    SUPPRESS, so a value given before the command is not reset by the subcommand's default."""
    p = argparse.ArgumentParser(add_help=False)
    default = (lambda v: v) if top else (lambda v: argparse.SUPPRESS)
    g = p.add_argument_group("common")
    g.add_argument("-v", "--verbose", action="count", default=default(0), help="log what happens (never secrets); -v -v also logs HTTP requests")
    g.add_argument("--memory-file", default=default(None), help="the living memory file [env MILO_MEMORY_FILE, default Living_Memory.md in the project folder]")
    g.add_argument("--profile", default=default(None), help="the persona: a folder of profiles/ (`milo profile list`) "
                   "[env MILO_PROFILE, default milo]")
    return p


def chat_options() -> argparse.ArgumentParser:
    """Options for everything that talks to Milo (chat, prompt, voice, doctor)."""
    from milo.body.cli import add_robot_options

    p = argparse.ArgumentParser(add_help=False)
    g = p.add_argument_group("Milo")
    g.add_argument("--model", default=None, help="auto (default), embedded[:PATH.gguf], gemini[:MODEL], ollama:MODEL, openai:MODEL [env MILO_MODEL]")
    g.add_argument("--base-url", default=None, help="OpenAI-compatible server URL for --model openai:MODEL [env MILO_BASE_URL]")
    g.add_argument("--user-name", default=None, help="what Milo calls you [env MILO_USER_NAME, default Friend]")
    g.add_argument("--persona", default=None, help="sample utterances that give Milo its voice [env MILO_PERSONA_FILE, default sample_speak.txt]")
    g.add_argument("--timeout", default=None, help="seconds to wait for the model [env MILO_TIMEOUT, default 60]")
    add_robot_options(p)
    return p


@dataclass
class Kit:
    """What the command line hands to each package's `register(sub, kit)`."""

    common: argparse.ArgumentParser  # -v, --memory-file: add to `parents` of every command
    chat: argparse.ArgumentParser  # model, persona, robot options: commands that talk to Milo
    say: Callable[[str], None]

    @staticmethod
    def settings(args: argparse.Namespace):
        from milo.config import Settings

        return Settings.load(args)

    @staticmethod
    def build_milo(args: argparse.Namespace, with_model: bool = True, notice: Optional[Callable[[str], None]] = None):
        """A ready Milo. `notice` prints what is worth knowing while it is set up (no robot
        body...); default: a line on stderr. Only a Milo with a model has a body, so commands
        that do not talk (`milo prompt`) never print a body notice."""
        from milo.cli.wiring import build_milo

        return build_milo(Kit.settings(args), with_model=with_model, notice=notice or say)
