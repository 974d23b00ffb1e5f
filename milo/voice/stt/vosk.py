"""vosk: streaming recognition with its own endpointing, and a grammar mode that knows only a
handful of words, which makes a cheap wake-phrase spotter (`VoskSpotter`).

A vosk model is a directory: VOSK_MODEL_PATH (settings.vosk_model_path), ~/.cache/vosk or
/usr/share/vosk; `download_vosk_model` (`milo voice --download-model`) fetches vosk's small one
for a language. The vosk package itself is imported only when a model is loaded or fetched.
"""

from __future__ import annotations

import json
import os
import re
from pathlib import Path
from typing import Optional, Sequence, Union

from milo.voice import SAMPLE_RATE, VoiceError
from milo.voice.protocols import Spot

VOSK_DIRS_HELP = "$VOSK_MODEL_PATH, ~/.cache/vosk or /usr/share/vosk"
DEFAULT_VOSK_LANG = "en-us"

PathLike = Union[str, os.PathLike]


# ---- finding models -------------------------------------------------------------------------


def is_vosk_model(p: Path) -> bool:
    return p.is_dir() and ((p / "am").is_dir() or (p / "final.mdl").is_file()) and (
        (p / "conf").is_dir() or (p / "graph").is_dir()
    )


def vosk_dirs(model_path: Optional[PathLike] = None) -> list[Path]:
    """Where vosk models are looked for: `model_path` (VOSK_MODEL_PATH) first, if given."""
    dirs = []
    if model_path:
        dirs.append(Path(model_path).expanduser())
    dirs += [Path.home() / ".cache" / "vosk", Path("/usr/share/vosk")]
    return dirs


def find_vosk_model(lang: Optional[str] = "en", model_path: Optional[PathLike] = None) -> Optional[Path]:
    """A vosk model directory: `model_path` (VOSK_MODEL_PATH) itself if it is one (any language,
    the user chose it), else `vosk-model(-small)?-<lang>*` in `model_path`, ~/.cache/vosk,
    /usr/share/vosk."""
    if model_path and is_vosk_model(Path(model_path).expanduser()):
        return Path(model_path).expanduser()
    pattern = re.compile(rf"^vosk-model(-small)?-{re.escape(lang or '')}", re.I)
    for d in vosk_dirs(model_path):
        try:
            entries = sorted(d.iterdir(), key=lambda p: ("small" not in p.name, p.name))
        except OSError:
            continue
        for p in entries:
            if pattern.match(p.name) and is_vosk_model(p):
                return p
    return None


def download_vosk_model(lang: str = DEFAULT_VOSK_LANG) -> Path:
    """Fetch vosk's small model for `lang` into ~/.cache/vosk with vosk's own downloader
    (a no-op when one is already there). Returns its directory; VoiceError when it cannot."""
    try:
        import vosk
    except ImportError:
        raise VoiceError("vosk is not installed; run `pip install vosk`.") from None
    existing = find_vosk_model(lang)
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
    found = find_vosk_model(lang)
    if not found:
        raise VoiceError(f"The download finished but no vosk model for '{lang}' is in {cache}.")
    return found


# ---- recognizing ----------------------------------------------------------------------------


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
    """A loaded vosk model (a `protocols.SpeechToText`)."""

    kind = "vosk"
    streaming = True  # recognizes as audio arrives: finish() is cheap (no early final pass)

    def __init__(self, path: PathLike):
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

    def spotter(self, words: Sequence[str], fillers: Sequence[str] = ()) -> Optional["VoskSpotter"]:
        """A grammar-mode spotter for the phrase `words`, or None when it cannot be built: a word
        of the phrase the model does not know, or nothing to absorb other speech ("[unk]" or
        fillers). Without that garbage path every sound would be forced into the phrase."""
        if not words or not all(self.has_word(w) for w in words):
            return None
        garbage = [w for w in fillers if self.has_word(w) and w not in words]
        if self.has_word("[unk]"):
            garbage.append("[unk]")
        if not garbage:
            return None
        return VoskSpotter(self, list(words), garbage)


# ---- spotting the wake phrase ---------------------------------------------------------------


class VoskSpotter:
    """Grammar-mode spotting: the phrase and a garbage path are all the recognizer knows. It runs
    on the speech segment, far cheaper than full recognition (a `protocols.Spotter`)."""

    def __init__(self, engine: VoskEngine, words: Sequence[str], garbage: Sequence[str], max_lead_words: int = 1):
        self.engine = engine
        self.words = list(words)
        self.garbage = list(garbage)
        self.grammar = [" ".join(self.words)] + self.garbage
        self.max_lead_words = max_lead_words
        self.label = "vosk grammar mode" + (" with [unk]" if "[unk]" in self.garbage else f" with {len(self.garbage)} filler words")

    def stream(self) -> "SpotStream":
        return SpotStream(self, VoskStream(self.engine, self.grammar))


class SpotStream:
    def __init__(self, spotter: VoskSpotter, stream: VoskStream):
        self.spotter = spotter
        self._stream = stream

    def feed(self, pcm: bytes) -> None:
        self._stream.feed(pcm)

    def finish(self) -> Spot:
        heard = self._stream.finish()
        found = self._stream.words()
        tokens = [w["word"] for w in found]
        n = len(self.spotter.words)
        for start in range(0, min(self.spotter.max_lead_words, len(tokens)) + 1):
            if tokens[start : start + n] == self.spotter.words:
                return Spot(True, float(found[start + n - 1]["end"]), heard)
        return Spot(False, 0.0, heard)
