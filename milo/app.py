"""Wiring: options and environment -> a ready `Milo`. Shared by every front end."""

from __future__ import annotations

import argparse
import os
from pathlib import Path
from typing import Callable, Optional

from milo.memory import LivingMemory
from milo.prompting import PROJECT_DIR, Persona
from milo.tags import MiloTagParser
from milo.turn import Milo

DEFAULT_MEMORY_FILE = PROJECT_DIR / "Living_Memory.md"


class SetupError(Exception):
    """Milo cannot start; str() is one sentence naming the fix."""


def _env(name: str, default: str = "") -> str:
    return os.environ.get(name, default)


def _float_env(name: str, default: float) -> float:
    try:
        return float(os.environ.get(name, default))
    except ValueError:
        raise SetupError(f"{name} must be a number, not {os.environ.get(name)!r}.") from None


def _robot_cli():
    try:
        from milo.body import cli as body_cli
    except ImportError:  # the body package is optional
        return None
    return body_cli


def add_chat_options(parser: argparse.ArgumentParser) -> None:
    """Options every front end that talks to Milo shares (chat, prompt, voice)."""
    g = parser.add_argument_group("Milo")
    g.add_argument("--model", default=None, help="auto (default), embedded[:PATH.gguf], gemini[:MODEL], ollama:MODEL, openai:MODEL [env MILO_MODEL]")
    g.add_argument("--base-url", default=None, help="OpenAI-compatible server URL for --model openai:MODEL [env MILO_BASE_URL]")
    g.add_argument("--memory-file", default=None, help=f"the living memory file [env MILO_MEMORY_FILE, default {DEFAULT_MEMORY_FILE.name} in the project folder]")
    g.add_argument("--user-name", default=None, help="what Milo calls you [env MILO_USER_NAME, default Friend]")
    g.add_argument("--persona", default=None, help="sample utterances that give Milo its voice [env MILO_PERSONA_FILE, default sample_speak.txt]")
    g.add_argument("--timeout", type=float, default=None, help="seconds to wait for the model [env MILO_TIMEOUT, default 60]")
    body_cli = _robot_cli()
    if body_cli is not None:
        body_cli.add_robot_options(parser)


def cache_dir() -> Path:
    """Milo's private cache (search index); MILO_CACHE_DIR, else ~/.cache/milo."""
    base = _env("MILO_CACHE_DIR") or os.path.join(_env("XDG_CACHE_HOME") or os.path.expanduser("~/.cache"), "milo")
    return Path(base)


def memory_from_args(args: argparse.Namespace, parser: Optional[MiloTagParser] = None) -> LivingMemory:
    path = getattr(args, "memory_file", None) or _env("MILO_MEMORY_FILE") or DEFAULT_MEMORY_FILE
    try:
        recall_lines = int(_env("MILO_RECALL_LINES", "100"))
    except ValueError:
        raise SetupError("MILO_RECALL_LINES must be a whole number.") from None
    parser = parser or MiloTagParser()
    mode = _env("MILO_RECALL", "relevant").strip().lower()
    if mode not in ("relevant", "recent"):
        raise SetupError("MILO_RECALL must be 'relevant' or 'recent'.")
    try:
        budget = int(_env("MILO_MEMORY_TOKENS", "1000"))
    except ValueError:
        raise SetupError("MILO_MEMORY_TOKENS must be a whole number.") from None
    memory = LivingMemory(path, recall_lines=recall_lines, placeholders=parser.placeholders(),
                          relevance=mode == "relevant", budget_tokens=budget, cache_dir=cache_dir() / "index")
    memory.tail_lines(1)  # fail now, with one sentence, if the path is a directory or unreadable (cheap: no index)
    return memory


def persona_from_args(args: argparse.Namespace) -> Persona:
    sample = getattr(args, "persona", None) or _env("MILO_PERSONA_FILE") or PROJECT_DIR / "sample_speak.txt"
    prompts = _env("MILO_PROMPTS_DIR") or PROJECT_DIR / "prompts"
    name = getattr(args, "user_name", None) or _env("MILO_USER_NAME") or "Friend"
    return Persona.load(Path(sample), Path(prompts), user_name=name)


def history_from_args(args: argparse.Namespace):
    try:
        from milo.sessions import SessionMemory
    except ImportError:
        return None
    return SessionMemory.from_env()


def build_milo(
    args: argparse.Namespace,
    with_model: bool = True,
    notice: Callable[[str], None] = lambda s: None,
) -> Milo:
    """Build Milo from options and environment. Errors are one sentence (SetupError & co)."""
    from milo.models import choose_model

    timeout = args.timeout if getattr(args, "timeout", None) else _float_env("MILO_TIMEOUT", 60.0)
    persona = persona_from_args(args)
    memory = memory_from_args(args)
    body = None
    body_cli = _robot_cli()
    if body_cli is not None and hasattr(args, "robot"):
        body = body_cli.make_body(args)
    if with_model:
        model = choose_model(args.model, timeout=timeout, base_url=getattr(args, "base_url", None))
    else:
        model = _NoModel()
    try:
        retries = int(_env("MILO_RETRIES", "2"))
    except ValueError:
        raise SetupError("MILO_RETRIES must be a whole number.") from None
    return Milo(model, memory, persona, history=history_from_args(args), body=body, timeout=timeout, retries=retries)


class _NoModel:
    """For `milo prompt`: the prompt is built, no model is loaded or called."""

    kind, name, grammar, where, label = "none", "none", False, "", "none"
    llm = None
