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

from dataclasses import dataclass
from typing import TYPE_CHECKING, Mapping, Optional, Union

from milo.config import Settings, redact, strip_credentials
from milo.errors import EmbeddedModelError, ModelConfigError

if TYPE_CHECKING:  # kept light: the CLI resolves the spec before the heavy imports
    from langchain_core.language_models import BaseChatModel

DEFAULT_GEMINI = "gemini-2.5-flash"


@dataclass
class ModelChoice:
    kind: str  # embedded | gemini | ollama | openai
    name: str  # model name or file
    llm: BaseChatModel
    grammar: bool  # the server takes a GBNF grammar (llama.cpp): force the tag format
    where: str = ""  # server address, for error sentences (never with credentials)

    @property
    def label(self) -> str:
        return f"{self.kind}:{self.name}" + (f" at {self.where}" if self.where and self.kind != "embedded" else "")


class NoModel:
    """For `milo prompt`: the prompt is built, no model is loaded or called."""

    kind, name, grammar, where, label = "none", "none", False, "", "none"
    llm = None


def resolve_spec(spec: Optional[str], settings: Settings) -> tuple[str, str]:
    """(kind, argument) for a --model value: `auto` and bare .gguf paths resolved, the
    embedded model's file from MILO_GGUF when none is given. Imports nothing heavy."""
    spec = (spec or settings.model or "auto").strip()
    kind, _, arg = spec.partition(":")
    kind = kind.lower()
    if spec.lower().endswith(".gguf") and kind not in ("embedded", "openai", "ollama", "gemini"):
        kind, arg = "embedded", spec
    if kind == "auto":
        kind = "gemini" if settings.google_api_key else "embedded"
        arg = ""
    if kind == "embedded":
        arg = arg or settings.gguf or ""
    return kind, arg


def choose_model(
    settings: Union[Settings, str, None] = None,
    env: Optional[Mapping[str, str]] = None,
    timeout: Optional[float] = None,
    max_tokens: int = 320,
) -> ModelChoice:
    """The chat model the settings ask for. Also `choose_model("ollama:llama3.2")`: a --model
    spec read with the environment (or `env`) for the rest."""
    if not isinstance(settings, Settings):
        spec = settings
        settings = Settings.load(env=env)
        if spec:
            settings = settings.with_changes(model=spec)
    if timeout is not None:
        settings = settings.with_changes(timeout=timeout)
    spec = settings.model.strip()
    kind, arg = resolve_spec(spec, settings)
    timeout = settings.timeout
    if kind == "embedded":
        return _embedded(arg or None, timeout, max_tokens, settings.threads)
    if kind == "gemini":
        return _gemini(arg or DEFAULT_GEMINI, settings, timeout, max_tokens)
    if kind == "ollama":
        if not arg:
            raise ModelConfigError("Name the Ollama model, for example --model ollama:llama3.2:3b.")
        return _ollama(arg, settings, timeout, max_tokens)
    if kind == "openai":
        if not arg:
            raise ModelConfigError("Name the served model, for example --model openai:qwen2.5-3b-instruct.")
        if not settings.base_url:
            raise ModelConfigError("Set MILO_BASE_URL (or --base-url) to your server, for example http://127.0.0.1:8080/v1.")
        return _openai(arg, settings.base_url, settings.api_key or "not-needed", timeout, max_tokens, grammar=False)
    raise ModelConfigError(
        f"Unknown model '{redact(spec)}'; use auto, embedded, gemini[:MODEL], ollama:MODEL, openai:MODEL or a .gguf path."
    )


def _openai(name, url, key, timeout, max_tokens, grammar) -> ModelChoice:
    from langchain_openai import ChatOpenAI

    llm = ChatOpenAI(
        base_url=url, api_key=key, model=name, timeout=timeout, max_retries=0,
        max_tokens=max_tokens, temperature=0.4,
    )
    return ModelChoice("openai", name, llm, grammar=grammar, where=strip_credentials(url))


def _embedded(path: Optional[str], timeout: float, max_tokens: int, threads: Optional[int]) -> ModelChoice:
    from milo.chat.embedded import EmbeddedServer, resolve_weights

    weights = resolve_weights(path)
    server = EmbeddedServer.shared(weights, threads=threads)
    server.wait_ready()
    choice = _openai(weights.stem, server.base_url, "embedded", timeout, max_tokens, grammar=True)
    choice.kind = "embedded"
    return choice


def _gemini(name: str, settings: Settings, timeout: float, max_tokens: int) -> ModelChoice:
    key = settings.google_api_key
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


def _ollama(name: str, settings: Settings, timeout: float, max_tokens: int) -> ModelChoice:
    try:
        from langchain_ollama import ChatOllama
    except ImportError:
        raise ModelConfigError("Ollama support is not installed; run `pip install langchain-ollama`.") from None
    host = settings.ollama_host
    llm = ChatOllama(
        model=name, base_url=host, temperature=0.4, num_predict=max_tokens, client_kwargs={"timeout": timeout}
    )
    return ModelChoice("ollama", name, llm, grammar=False, where=strip_credentials(host))


def doctor_rows(settings: Settings) -> list[tuple]:
    """`milo doctor`: which chat model answers, and whether it can."""
    kind, arg = resolve_spec(settings.model, settings)
    if kind == "embedded":
        from milo.chat.embedded import resolve_weights

        try:
            return [("chat model", True, f"embedded, {resolve_weights(arg or None).name}")]
        except EmbeddedModelError as e:
            return [("chat model", False, str(e))]
    if kind == "gemini":
        ok = bool(settings.google_api_key)
        return [("chat model", ok, f"Gemini ({settings.model})" if ok else "Gemini needs GOOGLE_API_KEY; or use --model embedded.")]
    if kind not in ("ollama", "openai"):
        return [("chat model", False, f"Unknown model '{redact(settings.model)}'; use auto, embedded, gemini[:MODEL], ollama:MODEL, openai:MODEL or a .gguf path.")]
    return [("chat model", True, f"{redact(settings.model)} (reached when Milo first talks)")]
