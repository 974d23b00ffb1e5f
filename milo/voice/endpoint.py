"""Ending an utterance sooner: the final transcription runs in the pause, while the VAD still
waits, and its words say whether the pause ends the question.

Whisper transcribes a finished utterance, and the VAD calls it finished only after `end_ms` of
silence: one after the other, both stood between the user's last word and the turn. An
`EarlyStream` starts the final pass `after_ms` into a pause, on the audio so far. If the user
stays quiet, the utterance is that audio plus silence, and the pass is its transcript; a voiced
chunk discards it (a pass not yet started is cancelled, a running one is never used).

`sounds_finished(text)` judges the early transcript: whisper ends a whole question with "." or
"?" and leaves a fragment open ("What I would really like to know", "My favorite color is..."),
so the loop ends the pause sooner after the one and waits longer after the other
(LoopConfig.quick_end_ms, hold_end_ms; bench/voice_latency.py --hangover measured both).

    early = EarlyFinal(whisper)     # one per loop: its passes run one at a time
    stream = early.stream()         # one per utterance
    stream.feed(pcm, voiced)        # each chunk, with the VAD's verdict on it
    stream.news()                   # the early transcript, once, when it has come; else None
    stream.so_far()                 # the newest transcript of any pass, once: what was said so far
    stream.finish()                 # the early transcript (waited for), else a full pass

A pass the user talked over is not lost when it was already running: its transcript is what had
been said up to that pause (`so_far`), for a head start on the answer (milo.voice.loop).
"""

from __future__ import annotations

import re
from concurrent.futures import Future, ThreadPoolExecutor
from typing import Optional

from milo.voice import CHUNK_SECONDS
from milo.voice.protocols import SpeechToText

# Words a finished sentence hardly ends on, even when whisper put a full stop after them.
_OPEN_WORDS = {"and", "or", "but", "because", "the", "a", "an", "my", "your"}


def sounds_finished(text: str) -> bool:
    """True when `text` reads as a whole sentence: ends with . ? or ! (not "..."), and not on a
    word like "and" or "the"."""
    t = text.strip()
    if not t or t.endswith(("...", "…")) or t[-1] not in ".?!":
        return False
    words = re.findall(r"[\w']+", t.lower())
    return bool(words) and words[-1] not in _OPEN_WORDS


class EarlyFinal:
    """Early final passes for an engine that transcribes whole utterances (faster-whisper)."""

    def __init__(self, engine: SpeechToText, after_ms: float = 96):
        self.engine = engine
        self.after_n = max(1, round(after_ms / 1000 / CHUNK_SECONDS))
        # One worker: a pass made stale by more speech must not slow the next one down by
        # sharing the cores with it; the fallback pass queues behind it too.
        self._pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="milo-stt")
        self.started = self.used = self.discarded = 0  # passes, for the bench

    def stream(self) -> "EarlyStream":
        return EarlyStream(self)

    def submit(self, pcm: bytes) -> "Future[str]":
        return self._pool.submit(self.engine.transcribe, pcm)

    def close(self) -> None:
        self._pool.shutdown(wait=False, cancel_futures=True)


class EarlyStream:
    """One utterance's audio (a `protocols.TranscriptStream`, with the VAD's verdict per chunk)."""

    def __init__(self, early: EarlyFinal):
        self.early = early
        self._buf = bytearray()
        self._silent = 0
        self._pass: Optional["Future[str]"] = None
        self._told: Optional["Future[str]"] = None
        self._passes: list["Future[str]"] = []  # every pass submitted, oldest first (so_far skips the cancelled)
        self._so_far: Optional["Future[str]"] = None
        self.was_early = False  # finish() returned the early pass

    def feed(self, pcm: bytes, voiced: bool = True) -> None:
        self._buf += pcm
        if voiced:
            self._silent = 0
            if self._pass is not None:  # the user went on talking
                self._pass.cancel()  # one that was running is still heard by so_far
                self._pass = None
                self.early.discarded += 1
            return
        self._silent += 1
        if self._silent == self.early.after_n:
            self._pass = self.early.submit(bytes(self._buf))
            self._passes.append(self._pass)
            self.early.started += 1

    def news(self) -> Optional[str]:
        """The early transcript, once: on the first call after it came (else None)."""
        f = self._pass
        if f is None or self._told is f or not f.done() or f.exception() is not None:
            return None
        self._told = f
        return f.result()

    def so_far(self) -> Optional[str]:
        """The transcript of the newest pass that has finished, once (else None): what the user
        had said by a pause, whether or not they went on talking after it."""
        done = [f for f in self._passes if f.done() and not f.cancelled() and f.exception() is None]
        if not done or done[-1] is self._so_far:
            return None
        self._so_far = done[-1]
        return done[-1].result()

    def finish(self) -> str:
        if self._pass is not None:
            self.was_early = True
            self.early.used += 1
            return self._pass.result()
        return self.early.submit(bytes(self._buf)).result()
