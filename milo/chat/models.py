"""Which chat model answers: `--model` / MILO_MODEL.

    auto                  Gemini when GOOGLE_API_KEY is set, else the embedded model (default)
    embedded[:PATH.gguf]  SmolLM2-135M on llama.cpp in-process (or your own GGUF file)
    PATH.gguf             same as embedded:PATH.gguf
    gemini[:MODEL]        Google Gemini (default gemini-2.5-flash, temperature 0.2)
                          (MILO_GEMINI_BASE_URL: another endpoint that speaks its REST API)
    ollama:MODEL          an Ollama server (OLLAMA_HOST, default http://127.0.0.1:11434)
    openai:MODEL          any OpenAI-compatible server at MILO_BASE_URL (llama.cpp server,
                          LM Studio, vLLM...); MILO_API_KEY if it wants one

Every model is built with its own retries off: the turn (milo.turn) owns one retry policy.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Callable, Mapping, Optional, Union

from pathlib import Path

from milo.brains import BRAINS, GOOD, TINY, Brain, brain_for_path, default_brain, weights
from milo.config import Settings, redact, strip_credentials
from milo.errors import EmbeddedModelError, ModelConfigError

if TYPE_CHECKING:  # kept light: the CLI resolves the spec before the heavy imports
    from langchain_core.language_models import BaseChatModel

DEFAULT_GEMINI = "gemini-2.5-flash"
DEFAULT_TIMEOUT = 60.0  # remote models answer in seconds
GGUF_TIMEOUT = 240.0  # your own GGUF: size unknown, so the bigger brain's limit


@dataclass
class ModelChoice:
    kind: str  # embedded | gemini | ollama | openai
    name: str  # model name or file
    llm: BaseChatModel
    grammar: bool  # the server takes a GBNF grammar (llama.cpp): force the tag format
    where: str = ""  # server address, for error sentences (never with credentials)
    timeout: float = 60.0  # seconds a whole answer may take
    free_reply: bool = False  # with a grammar: the reply is free sentences, only the tags are forced
    chooses_gestures: bool = True  # the model may pick gestures itself ([ACTION] line, native tool calls)
    after_turn: Optional[Callable[[], None]] = None  # e.g. save the embedded model's prompt state

    @property
    def label(self) -> str:
        return f"{self.kind}:{self.name}" + (f" at {self.where}" if self.where and self.kind != "embedded" else "")


class NoModel:
    """For `milo prompt`: the prompt is built, no model is loaded or called."""

    kind, name, grammar, where, label, timeout, free_reply = "none", "none", False, "", "none", 60.0, False
    chooses_gestures = True
    llm = None

    @classmethod
    def like(cls, settings: Settings) -> "NoModel":
        """Described as the model the settings choose would be (its answer format, so its
        prompt), without loading or calling it: `milo prompt` showed the tagged format to a user
        of the good brain, which answers in free sentences."""
        m = cls()
        kind, arg = resolve_spec(None, settings)
        if kind == "embedded":  # the brain, as embedded_weights finds it, without its weights
            _as_embedded(m, BRAINS.get(arg) or (default_brain(settings) if not arg else brain_for_path(Path(arg))))
        return _with_overrides(m, settings)


def _as_embedded(choice, brain: Optional[Brain]) -> None:
    """An embedded brain's answer format: grammar-bound, a free reply and its own gesture
    default (a GGUF that is not one of ours: free reply, gestures)."""
    choice.kind, choice.grammar = "embedded", True
    choice.free_reply = brain.free_reply if brain else True
    choice.chooses_gestures = brain.chooses_gestures if brain else True


def _with_overrides(choice, settings: Settings):
    if settings.model_gestures is not None:  # MILO_MODEL_GESTURES over the brain's own default
        choice.chooses_gestures = settings.model_gestures
    return choice


def resolve_spec(spec: Optional[str], settings: Settings) -> tuple[str, str]:
    """(kind, argument) for a --model value: `auto` and bare .gguf paths resolved, the
    embedded model's file from MILO_GGUF when none is given. Imports nothing heavy."""
    spec = (spec or settings.model or "auto").strip()
    kind, _, arg = spec.partition(":")
    kind = kind.lower()
    if spec.lower().endswith(".gguf") and kind not in ("embedded", "openai", "ollama", "gemini"):
        kind, arg = "embedded", spec
    if kind in BRAINS and not arg:  # `--model good` is `--model embedded:good`
        kind, arg = "embedded", kind
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
    return _with_overrides(_choose(settings, max_tokens), settings)


def _choose(settings: Settings, max_tokens: int) -> ModelChoice:
    spec = settings.model.strip()
    kind, arg = resolve_spec(spec, settings)
    if kind == "embedded":
        return _embedded(arg, settings, max_tokens)
    timeout = settings.timeout or DEFAULT_TIMEOUT
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
    return ModelChoice("openai", name, llm, grammar=grammar, where=strip_credentials(url), timeout=timeout)


def embedded_weights(arg: str, settings: Settings) -> tuple[Path, Optional[Brain]]:
    """The GGUF file for `embedded[:ARG]` (ARG: a brain's name, a path, or nothing for the
    default brain), and the brain it is, if it is one of ours."""
    from milo.chat.embedded import resolve_weights

    if not arg:
        brain = default_brain(settings)
        return weights(brain.name, settings), brain
    if arg in BRAINS:
        return weights(arg, settings), BRAINS[arg]
    path = resolve_weights(arg)
    return path, brain_for_path(path)


def embedded_server(path: Path, settings: Settings):
    """The process's llama.cpp server for these weights, with its saved prompt state: the one
    place it is made (the early load in milo.cli.chat once made it without the state)."""
    from milo.chat.embedded import PROMPT_CACHE_MIB, EmbeddedServer

    state_dir = Path(settings.cache_dir) / "prompt-state" if settings.prompt_cache and settings.cache_dir else None
    cache_mib = PROMPT_CACHE_MIB if settings.prompt_cache_mb is None else settings.prompt_cache_mb
    return EmbeddedServer.shared(path, threads=settings.threads, state_dir=state_dir, cache_mib=cache_mib)


def _embedded(arg: str, settings: Settings, max_tokens: int) -> ModelChoice:
    path, brain = embedded_weights(arg, settings)
    timeout = settings.timeout or (brain.timeout if brain else GGUF_TIMEOUT)
    server = embedded_server(path, settings)
    server.wait_ready(timeout=max(30.0, timeout))
    server.restore_state_once()
    # The grammar bounds the whole answer (the reply's sentences, free or tagged, and every tag):
    # room for all of it, so that the token limit never cuts the tags off. The tiny brain's reply
    # is three sentences of up to 300 characters too: at 320 tokens it once answered "What should
    # I cook tonight?" with a numbered list and no memory lines after it.
    choice = _openai(path.stem, server.base_url, "embedded", timeout, max_tokens * 2, grammar=True)
    _as_embedded(choice, brain)
    choice.after_turn = server.save_state
    return choice


def _gemini(name: str, settings: Settings, timeout: float, max_tokens: int) -> ModelChoice:
    key = settings.google_api_key
    if not key:
        raise ModelConfigError("Gemini needs an API key: set GOOGLE_API_KEY, or use --model embedded to stay offline.")
    try:
        from langchain_google_genai import ChatGoogleGenerativeAI
    except ImportError:
        raise ModelConfigError("Gemini support is not installed; run `pip install langchain-google-genai`.") from None
    url = settings.gemini_base_url  # None: Google's own endpoint
    llm = ChatGoogleGenerativeAI(
        model=name, google_api_key=key, temperature=0.2, max_retries=0, timeout=timeout,
        max_output_tokens=max_tokens, base_url=url,
    )
    return ModelChoice("gemini", name, llm, grammar=False, where=strip_credentials(url) if url else "", timeout=timeout)


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


REMOTE_MEMORY_TOKENS = 1700  # servers process prompts fast: 0.90 of LoCoMo evidence (bench/locomo_recall.py)


def memory_budget(settings: Settings) -> int:
    """Memory tokens per prompt that the chosen model can afford (MILO_MEMORY_TOKENS overrides).
    The query part is processed anew every turn: ~3-4 s per 100 tokens for the good brain on 2
    cores, so it gets less than the tiny brain, and servers get the most."""
    if settings.memory_tokens:
        return settings.memory_tokens
    kind, arg = resolve_spec(settings.model, settings)
    if kind != "embedded":
        return REMOTE_MEMORY_TOKENS
    brain = BRAINS.get(arg) or (default_brain(settings) if not arg else None)
    return brain.memory_tokens if brain else GOOD.memory_tokens


def doctor_rows(settings: Settings) -> list[tuple]:
    """`milo doctor`: which chat model answers, and whether it can."""
    kind, arg = resolve_spec(settings.model, settings)
    if kind == "embedded":
        try:
            path, brain = embedded_weights(arg, settings)
        except EmbeddedModelError as e:
            return [("chat model", False, str(e))]
        rows = [("chat model", True, f"embedded, {path.name}" + (f" (the {brain.name} brain: needs {brain.ram}; {brain.speed})" if brain else ""))]
        if brain is TINY and not arg:
            rows.append(("better brain", None, f"`milo brain install good` ({GOOD.size / 1e9:.1f} GB download) for a companion that can hold a conversation"))
        return rows
    if kind == "gemini":
        ok = bool(settings.google_api_key)
        return [("chat model", ok, f"Gemini ({settings.model})" if ok else "Gemini needs GOOGLE_API_KEY; or use --model embedded.")]
    if kind not in ("ollama", "openai"):
        return [("chat model", False, f"Unknown model '{redact(settings.model)}'; use auto, embedded, gemini[:MODEL], ollama:MODEL, openai:MODEL or a .gguf path.")]
    return [("chat model", True, f"{redact(settings.model)} (reached when Milo first talks)")]
