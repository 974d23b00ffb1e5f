"""The contracts the voice loop is written against (structural: nothing has to inherit them).

    AudioSource          chunks() of 512-sample PCM, mute()/unmute(guard_s) for half-duplex
    AudioSink            play(pcm, rate), drain() until heard, its output latency
    SpeechToText         stream() while audio arrives, transcribe(pcm), spotter(words) or None
    Spotter              a cheap wake-phrase spotter: stream() -> feed()/finish() -> Spot
    TextToSpeech         synth(text) -> (16-bit mono PCM, sample rate)
    VoiceActivityDetector  probability of speech in one chunk
    Turn                 one turn of Milo: Milo.turn(text, on_reply=...)

The engines in milo.voice satisfy them (MicSource, FileSource, PyAudioSink, WavSink, VoskEngine,
WhisperEngine, VoskSpotter, Pyttsx3Tts, PiperTts, SileroVad); a test can hand the loop its own.
Every contract is `runtime_checkable`, so `isinstance(x, AudioSink)` checks the names are there.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Iterator, Optional, Protocol, Sequence, runtime_checkable


@runtime_checkable
class AudioSource(Protocol):
    label: str  # for the start-up line: "microphone 'USB Audio'", "recording q.wav"

    def chunks(self) -> Iterator[bytes]:
        """CHUNK_BYTES pieces of 16 kHz mono PCM until the source ends (a microphone: never)."""
        ...

    def mute(self) -> None:
        """Stop listening (Milo speaks); what arrives meanwhile is thrown away."""
        ...

    def unmute(self, guard_s: float = ...) -> None:
        """Listen again after `guard_s` more seconds (the echo of Milo's voice)."""
        ...

    def close(self) -> None: ...


@runtime_checkable
class AudioSink(Protocol):
    label: str
    latency: float  # seconds the device still holds after drain() (for the echo guard)

    def play(self, pcm: bytes, rate: int) -> None:
        """16-bit mono PCM at `rate`; may return before it has been heard."""
        ...

    def drain(self) -> None:
        """Return once everything played has been heard (a file: written)."""
        ...

    def close(self) -> None: ...

    # Optional: stop() cuts what is playing now (barge-in, milo.voice.mouth.Mouth.stop).


@runtime_checkable
class TranscriptStream(Protocol):
    def feed(self, pcm: bytes) -> None: ...

    def finish(self) -> str: ...


@dataclass
class Spot:
    """What a spotter found in a speech segment."""

    found: bool
    end_s: float = 0.0  # where the phrase ended, seconds from the start of the audio fed
    heard: str = ""  # what the recognizer decoded (for -v)


@runtime_checkable
class SpotStream(Protocol):
    def feed(self, pcm: bytes) -> None: ...

    def finish(self) -> Spot: ...


@runtime_checkable
class Spotter(Protocol):
    label: str  # for the start-up line: "vosk grammar mode with [unk]"
    # Optional: `continuous = True` (milo.voice.wakeword): it hears the microphone's stream as it
    # comes, in standby, without the VAD; its streams then have `found`, true once it fired.

    def stream(self) -> SpotStream: ...


@runtime_checkable
class SpeechToText(Protocol):
    label: str  # "faster-whisper, model tiny.en"

    def stream(self) -> TranscriptStream: ...

    def transcribe(self, pcm: bytes) -> str: ...

    def spotter(self, words: Sequence[str], fillers: Sequence[str] = ...) -> Optional[Spotter]:
        """A cheap spotter for the wake phrase `words`, or None (found in the transcript then)."""
        ...


@runtime_checkable
class TextToSpeech(Protocol):
    label: str

    def synth(self, text: str) -> tuple[bytes, int]:
        """(16-bit mono PCM, its sample rate) for `text`."""
        ...

    def close(self) -> None: ...


@runtime_checkable
class VoiceActivityDetector(Protocol):
    def __call__(self, chunk: bytes) -> float:
        """Probability (0..1) that one 512-sample chunk is speech."""
        ...

    def reset(self) -> None:
        """Forget the state carried from earlier chunks."""
        ...


class Turn(Protocol):
    """One turn of Milo (`Milo.turn`): the reply streams through on_reply, on_reply_end says it
    is whole; the result has .reply, and may have .error, .notices and .gestures."""

    def __call__(self, text: str, *, on_reply: Callable[[str], None], on_reply_end: Callable[[], None]) -> Any: ...
