"""A wake word engine: microWakeWord models (Home Assistant Voice's), run by PyPI
`pymicro-wakeword` (TFLite C library and four trained words in the wheel: x86_64 and aarch64,
no compiler, no network). `--wake-word okay_nabu` (MILO_WAKE_WORD) uses it in standby instead
of the phrase spotter: nothing is transcribed until it fires; then only what follows the word.

    spotter = load_wake_word("okay_nabu")      # or a microWakeWord model's .json file
    s = spotter.stream(); s.feed(pcm); s.finish() -> Spot(found, end_s, heard)

No model for "hey Milo" exists: a trained one (microWakeWord's recipe) is used by giving its .json.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Optional

from milo.voice import VoiceError
from milo.voice.protocols import Spot

INSTALL = "pip install pymicro-wakeword"
_FEATURE_S = 0.010  # one feature per 10 ms of audio (the micro frontend's step)


def _package():
    try:
        import pymicro_wakeword
        from pymicro_wakeword import MicroWakeWord, MicroWakeWordFeatures
    except ImportError:
        raise VoiceError(f"A wake word needs pymicro-wakeword; run `{INSTALL}` (or leave MILO_WAKE_WORD unset to use the wake phrase).") from None
    except OSError as e:  # the bundled TFLite library does not load on this platform
        raise VoiceError(f"pymicro-wakeword's TFLite library does not load here ({e}); leave MILO_WAKE_WORD unset to use the wake phrase.") from None
    return Path(pymicro_wakeword.__file__).parent / "models", MicroWakeWord, MicroWakeWordFeatures


def builtin_wake_words() -> list[str]:
    """The trained words shipped in the wheel (okay_nabu, hey_jarvis, hey_mycroft, alexa), or []."""
    try:
        models, _, _ = _package()
    except VoiceError:
        return []
    return sorted(p.stem for p in models.glob("*.json"))


def _config_path(spec: str) -> Path:
    """A builtin name ("okay_nabu", "Okay Nabu", "okay-nabu") or a model's .json file."""
    models, _, _ = _package()
    path = Path(spec).expanduser()
    if path.suffix == ".json" or path.is_file():
        if not path.is_file():
            raise VoiceError(f"The wake word model {path} was not found.")
        return path
    name = "_".join(spec.replace("-", " ").split()).lower()
    path = models / f"{name}.json"
    if not path.is_file():
        known = ", ".join(builtin_wake_words()) or "none"
        raise VoiceError(f"No wake word '{spec}'; the ones shipped are {known} (or give a microWakeWord model's .json file).")
    return path


class MicroWakeWordSpotter:
    """A `protocols.Spotter` on a microWakeWord model. `phrase` is the word as written in its
    config ("Okay Nabu"): the loop takes it off a transcript that still carries it. `continuous`:
    it hears the microphone's stream as it comes (the loop runs no VAD in standby then)."""

    continuous = True

    def __init__(self, config: Path, cutoff: Optional[float] = None):
        _, MicroWakeWord, self._features = _package()
        try:
            data = json.loads(Path(config).read_text(encoding="utf-8"))
            self.phrase = str(data["wake_word"]).strip()
            self._model = MicroWakeWord.from_config(config)
        except (OSError, ValueError, KeyError, TypeError, RuntimeError) as e:
            raise VoiceError(f"The wake word model {config} could not be loaded ({type(e).__name__}: {e}).") from None
        if cutoff is not None:
            self._model.probability_cutoff = cutoff
        self.cutoff = self._model.probability_cutoff
        self.name = Path(config).stem
        self.label = (f"wake word engine: microWakeWord '{self.name}' (pymicro-wakeword, cutoff {self.cutoff:g}), "
                      f"nothing transcribed before it fires")
        self._current = None  # one model state: a new stream ends the one before

    def stream(self) -> "WakeWordStream":
        return WakeWordStream(self)

    def close(self) -> None:
        self._model.close()


class WakeWordStream:
    """Feeds one stretch of audio (a speech segment, or the microphone) through the model; the
    word is found where the averaged probability first passes the cutoff."""

    def __init__(self, spotter: MicroWakeWordSpotter):
        self.spotter = spotter
        spotter._current = self
        spotter._model.reset()  # the model is stateful (streaming): start clean
        self._features = spotter._features()
        self._n = 0
        self.best = 0.0
        self.end_s: Optional[float] = None

    def feed(self, pcm: bytes) -> None:
        if self.end_s is not None or self._features is None or self.spotter._current is not self:
            return  # found: the rest is the question's (transcribed by the loop)
        model = self.spotter._model
        for features in self._features.process_streaming(pcm):
            self._n += 1
            p = model.process_streaming_prob(features) or 0.0
            self.best = max(self.best, p)
            if p > self.spotter.cutoff:
                self.end_s = self._n * _FEATURE_S
                break

    @property
    def found(self) -> bool:
        return self.end_s is not None

    def finish(self) -> Spot:
        self._features = None
        if self.end_s is not None:
            return Spot(True, self.end_s, f"{self.spotter.phrase} (p={self.best:.2f})")
        return Spot(False, 0.0, f"(no wake word; best p={self.best:.2f})")


def load_wake_word(spec: str, cutoff: Optional[float] = None) -> MicroWakeWordSpotter:
    """The spotter for MILO_WAKE_WORD `spec`. Raises VoiceError (one sentence)."""
    return MicroWakeWordSpotter(_config_path(spec), cutoff)
