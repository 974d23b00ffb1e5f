"""Which chat model answers: `--model` / MILO_MODEL.

    auto                  Gemini when GOOGLE_API_KEY is set, else the embedded model (default)
    embedded[:PATH.gguf]  SmolLM2-135M on llama.cpp in-process (or your own GGUF file)
    PATH.gguf             same as embedded:PATH.gguf
    gemini[:MODEL]        Google Gemini (default gemini-2.5-flash, temperature 0.2)
    ollama:MODEL          an Ollama server (OLLAMA_HOST, default http://127.0.0.1:11434)
    openai:MODEL          any OpenAI-compatible server at MILO_BASE_URL (llama.cpp server,
                          LM Studio, vLLM...); MILO_API_KEY if it wants one

Every model is built with its own retries off: the turn (milo.turn) owns one retry policy.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from typing import TYPE_CHECKING, Mapping, Optional

if TYPE_CHECKING:  # kept light: the CLI resolves the spec before the heavy imports
    from langchain_core.language_models import BaseChatModel

DEFAULT_GEMINI = "gemini-2.5-flash"
DEFAULT_OLLAMA_HOST = "http://127.0.0.1:11434"


class ModelConfigError(Exception):
    """The model cannot be set up; str() is one sentence naming the fix."""


@dataclass
class ModelChoice:
    kind: str  # embedded | gemini | ollama | openai
    name: str  # model name or file
    llm: BaseChatModel
    grammar: bool  # the server takes a GBNF grammar (llama.cpp): force the tag format
    where: str = ""  # server address, for error sentences

    @property
    def label(self) -> str:
        return f"{self.kind}:{self.name}" + (f" at {self.where}" if self.where and self.kind != "embedded" else "")


def resolve_spec(spec: Optional[str], env: Mapping[str, str] = os.environ) -> tuple[str, str]:
    """(kind, argument) for a --model value: `auto` and bare .gguf paths resolved, the
    embedded model's file from MILO_GGUF when none is given. Imports nothing heavy."""
    spec = (spec or env.get("MILO_MODEL") or "auto").strip()
    kind, _, arg = spec.partition(":")
    kind = kind.lower()
    if spec.lower().endswith(".gguf") and kind not in ("embedded", "openai", "ollama", "gemini"):
        kind, arg = "embedded", spec
    if kind == "auto":
        kind = "gemini" if env.get("GOOGLE_API_KEY") else "embedded"
        arg = ""
    if kind == "embedded":
        arg = arg or env.get("MILO_GGUF") or ""
    return kind, arg


def choose_model(
    spec: Optional[str] = None,
    env: Mapping[str, str] = os.environ,
    timeout: float = 60.0,
    max_tokens: int = 320,
    base_url: Optional[str] = None,
) -> ModelChoice:
    spec = (spec or env.get("MILO_MODEL") or "auto").strip()
    kind, arg = resolve_spec(spec, env)
    if kind == "embedded":
        return _embedded(arg or None, timeout, max_tokens)
    if kind == "gemini":
        return _gemini(arg or DEFAULT_GEMINI, env, timeout, max_tokens)
    if kind == "ollama":
        if not arg:
            raise ModelConfigError("Name the Ollama model, for example --model ollama:llama3.2:3b.")
        return _ollama(arg, env, timeout, max_tokens)
    if kind == "openai":
        if not arg:
            raise ModelConfigError("Name the served model, for example --model openai:qwen2.5-3b-instruct.")
        url = base_url or env.get("MILO_BASE_URL")
        if not url:
            raise ModelConfigError("Set MILO_BASE_URL (or --base-url) to your server, for example http://127.0.0.1:8080/v1.")
        return _openai(arg, url, env.get("MILO_API_KEY") or "not-needed", timeout, max_tokens, grammar=False)
    raise ModelConfigError(
        f"Unknown model '{spec}'; use auto, embedded, gemini[:MODEL], ollama:MODEL, openai:MODEL or a .gguf path."
    )


def _openai(name, url, key, timeout, max_tokens, grammar) -> ModelChoice:
    from langchain_openai import ChatOpenAI

    llm = ChatOpenAI(
        base_url=url, api_key=key, model=name, timeout=timeout, max_retries=0,
        max_tokens=max_tokens, temperature=0.4,
    )
    return ModelChoice("openai", name, llm, grammar=grammar, where=url)


def _embedded(path: Optional[str], timeout: float, max_tokens: int) -> ModelChoice:
    from milo.embedded import EmbeddedServer, resolve_weights

    weights = resolve_weights(path)
    server = EmbeddedServer.shared(weights)
    server.wait_ready()
    choice = _openai(weights.stem, server.base_url, "embedded", timeout, max_tokens, grammar=True)
    choice.kind = "embedded"
    return choice


def _gemini(name: str, env: Mapping[str, str], timeout: float, max_tokens: int) -> ModelChoice:
    key = env.get("GOOGLE_API_KEY")
    if not key:
        raise ModelConfigError("Gemini needs an API key: set GOOGLE_API_KEY, or use --model embedded to stay offline.")
    try:
        from langchain_google_genai import ChatGoogleGenerativeAI
    except ImportError:
        raise ModelConfigError("Gemini support is not installed; run `pip install langchain-google-genai`.") from None
    llm = ChatGoogleGenerativeAI(
        model=name, google_api_key=key, temperature=0.2, max_retries=0, timeout=timeout,
        max_output_tokens=max_tokens,
    )
    return ModelChoice("gemini", name, llm, grammar=False)


def _ollama(name: str, env: Mapping[str, str], timeout: float, max_tokens: int) -> ModelChoice:
    try:
        from langchain_ollama import ChatOllama
    except ImportError:
        raise ModelConfigError("Ollama support is not installed; run `pip install langchain-ollama`.") from None
    host = env.get("OLLAMA_HOST") or DEFAULT_OLLAMA_HOST
    if "://" not in host:
        host = "http://" + host
    llm = ChatOllama(
        model=name, base_url=host, temperature=0.4, num_predict=max_tokens, client_kwargs={"timeout": timeout}
    )
    return ModelChoice("ollama", name, llm, grammar=False, where=host)
