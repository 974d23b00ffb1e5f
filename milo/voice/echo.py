"""Milo's own voice taken out of the microphone: WebRTC's echo canceller (AEC3).

While Milo speaks the microphone stays open (barge-in, milo.voice.loop), so what the speaker
plays comes back through it. `EchoCanceller.played()` is given every piece of audio as it is
written to the speaker (the reference); `clean()` takes a microphone chunk and returns it with
that echo removed. AEC3 finds the delay between the two itself (the speaker's buffer, the room).

The canceller is WebRTC's audio processing module as LiveKit ships it (PyPI `livekit`, wheels for
x86_64 and aarch64, a maintained build of WebRTC). Measured here on espeak speech with its echo at
-10 dB and two reflections: the echo 28-31 dB quieter, the user's voice over it kept, ~1% of one
core. Without the package there is no canceller (`load` says why, once) and the voice stays
half-duplex.
"""

from __future__ import annotations

import collections
import logging
import threading
from typing import Optional

from milo.voice import CHUNK_BYTES, SAMPLE_RATE, SAMPLE_WIDTH
from milo.voice.audio import resample, rms_dbfs

log = logging.getLogger("milo.voice")

FRAME = SAMPLE_RATE // 100  # AEC3 works on 10 ms frames
FRAME_BYTES = FRAME * SAMPLE_WIDTH
MAX_REFERENCE_S = 3.0  # reference not yet matched by the microphone (a stalled mic): older is dropped
# Seconds of Milo's voice the canceller hears before its echo counts as gone (barge-in is armed):
# through the virtual devices a new canceller let enough through in its first ~2 s for the VAD
# (up to 24-30 voiced chunks in a row at 1.1-2 s into the first reply; later 0-3).
TRAIN_S = 2.0
# ...and until it shows it: in each of the last TRAINED_CHUNKS microphone chunks that carried its
# echo (louder than QUIET_DBFS while Milo's voice was playing) the echo came out ECHO_DB or more
# quieter. Traced chunk by chunk through the virtual devices (tests/test_voice_barge.py's first
# replies): a new canceller let Milo's voice through now and then until 2-3.5 s in; with TRAIN_S
# alone 5 of 16 replies cut themselves off, all 2.0-2.5 s in. A canceller that never shows it
# (headphones: no echo comes back; a loud fan) arms at TRAIN_MAX_S.
TRAINED_CHUNKS = 8
QUIET_DBFS = -45.0
TRAIN_MAX_S = 8.0
# A chunk the canceller made this much quieter is Milo's own voice coming back, whatever the VAD
# makes of what is left (milo.voice.barge). Measured (tests/test_voice_barge.py's recordings, echo
# at -10 dB): the echo alone 20-44 dB quieter once the canceller has learnt the room, 2-13 dB
# before; the user speaking over it 1-3 dB (after the canceller's first ~0.3 s of doubt).
ECHO_DB = 12.0


class EchoCanceller:
    """`played(pcm, rate)` as audio goes to the speaker; `clean(chunk)` for each microphone chunk
    (CHUNK_BYTES of 16 kHz mono). Thread safe: one thread plays, another listens.

    Each 10 ms of the microphone is paired with the next 10 ms of what was played (silence when
    nothing is waiting), and AEC3 finds the delay between them (the speaker's buffer, the room).
    Tried and not kept: laying both on the clock (the reference where it was written, the
    microphone where its chunks were captured), which held across pauses and a lost second in a
    synthetic test (41 vs 34 dB) but through the virtual devices let Milo's voice through more
    often (false barge-ins in 3 of 6 whole replies vs 0 of 6; bench/barge_in.py)."""

    def __init__(self):
        from livekit import rtc

        self._rtc = rtc
        self._apm = rtc.AudioProcessingModule(echo_cancellation=True)
        self._silence = b"\x00" * FRAME_BYTES
        self._ref = bytearray()
        self._in = bytearray()
        self._out = bytearray(b"\x00" * FRAME_BYTES)  # one frame ahead: every chunk has a whole chunk back
        self._lock = threading.Lock()
        self.frames = 0
        self.heard_s = 0.0  # seconds of Milo's voice (non-silent reference) processed
        self._taken = collections.deque(maxlen=TRAINED_CHUNKS)  # dB taken out of recent chunks with echo

    def played(self, pcm: bytes, rate: int) -> None:
        """Audio the speaker is about to play (any rate; mono 16-bit)."""
        pcm = resample(pcm, rate, SAMPLE_RATE)
        with self._lock:
            self._ref += pcm
            extra = len(self._ref) - int(MAX_REFERENCE_S * SAMPLE_RATE) * SAMPLE_WIDTH
            if extra > 0:
                del self._ref[: extra + (-extra % SAMPLE_WIDTH)]

    def flush(self) -> None:
        """The speech was cut off: what was written ahead of the speaker will not be heard."""
        with self._lock:
            self._ref.clear()

    @property
    def trained(self) -> bool:
        """Whether it has heard enough of Milo's voice (TRAIN_S) and takes all of it out now
        (ECHO_DB, TRAINED_CHUNKS), or has heard TRAIN_MAX_S of it."""
        if self.heard_s >= TRAIN_MAX_S:
            return True
        with self._lock:
            taken = list(self._taken)
        return self.heard_s >= TRAIN_S and len(taken) == TRAINED_CHUNKS and min(taken) >= ECHO_DB

    def clean(self, chunk: bytes) -> bytes:
        """`chunk` without the echo of what was played (10 ms later: the canceller's frames)."""
        if len(chunk) != CHUNK_BYTES:
            raise ValueError(f"chunks must be {CHUNK_BYTES} bytes")
        rtc = self._rtc
        voiced = False
        with self._lock:
            self._in += chunk
            while len(self._in) >= FRAME_BYTES:
                if len(self._ref) >= FRAME_BYTES:
                    ref = bytes(self._ref[:FRAME_BYTES])
                    del self._ref[:FRAME_BYTES]
                    if ref.strip(b"\x00"):
                        self.heard_s += FRAME / SAMPLE_RATE
                        voiced = True
                else:
                    ref = self._silence
                self._apm.process_reverse_stream(rtc.AudioFrame(ref, SAMPLE_RATE, 1, FRAME))
                frame = rtc.AudioFrame(bytes(self._in[:FRAME_BYTES]), SAMPLE_RATE, 1, FRAME)
                del self._in[:FRAME_BYTES]
                self._apm.process_stream(frame)  # in place
                self._out += bytes(frame.data)
                self.frames += 1
            out = bytes(self._out[:CHUNK_BYTES])
            del self._out[:CHUNK_BYTES]
            if voiced:
                level = rms_dbfs(chunk)
                if level > QUIET_DBFS:  # the echo came back: how much of it was taken out
                    self._taken.append(level - rms_dbfs(out))
        return out


_unavailable: list[str] = []  # why it could not be built, said once per process


def load() -> Optional[EchoCanceller]:
    """A new echo canceller (one per voice loop: it learns that room's echo), or None when it
    cannot run here (the reason logged once)."""
    if _unavailable:
        return None
    try:
        return EchoCanceller()
    except Exception as e:  # noqa: BLE001 - any failure only costs barge-in
        _unavailable.append(f"{type(e).__name__}: {e}")
        log.warning("echo cancelling is off (%s): Milo does not listen while it speaks", _unavailable[0])
        return None


__all__ = ["EchoCanceller", "load"]
