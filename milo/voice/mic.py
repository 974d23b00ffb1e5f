"""Where audio comes from: a PyAudio microphone (16 kHz mono), or a WAV file fed like one.

Both give the same thing, an iterator of 512-sample chunks, and both can be muted: while Milo
speaks the loop mutes its source and anything captured meanwhile is thrown away (half-duplex),
so Milo never takes its own voice for the user's. Both satisfy `protocols.AudioSource`.
"""

from __future__ import annotations

import queue
import threading
import time
from typing import Iterator, Optional

from milo.voice import CHANNELS, CHUNK_BYTES, CHUNK_SAMPLES, CHUNK_SECONDS, SAMPLE_RATE, VoiceError
from milo.voice.audio import chunked, quiet_stderr, read_wav
from milo.voice.devices import open_pyaudio, pick_device


class MicSource:
    """The microphone, captured by a PyAudio callback into a queue of 512-sample chunks."""

    name = "microphone"

    def __init__(self, device: Optional[str] = None, stall_timeout: float = 5.0, max_queue_s: float = 20.0):
        self.device = device
        self.stall_timeout = stall_timeout
        self._queue: "queue.Queue[bytes]" = queue.Queue(maxsize=int(max_queue_s / CHUNK_SECONDS))
        self._muted = threading.Event()
        self._drop_until = 0.0
        self._pa = None
        self._stream = None
        self._closed = False
        self.label = "microphone"

    def open(self) -> "MicSource":
        import pyaudio

        self._pa = open_pyaudio()
        try:
            index = pick_device(self._pa, "input", self.device)
            self.label = f"microphone '{self._pa.get_device_info_by_index(index)['name']}'"
            with quiet_stderr():
                self._stream = self._pa.open(
                    format=pyaudio.paInt16, channels=CHANNELS, rate=SAMPLE_RATE, input=True,
                    input_device_index=index, frames_per_buffer=CHUNK_SAMPLES, stream_callback=self._on_audio,
                )
        except VoiceError:
            self.close()
            raise
        except (OSError, IOError, ValueError) as e:
            self.close()
            raise VoiceError(f"The microphone could not be opened at 16 kHz mono ({e}); pick another with --input-device.") from None
        return self

    def _on_audio(self, data, frame_count, time_info, status):
        import pyaudio

        if not self._muted.is_set() and time.monotonic() >= self._drop_until:
            try:
                self._queue.put_nowait(data)
            except queue.Full:  # nobody is reading: keep the newest audio
                try:
                    self._queue.get_nowait()
                    self._queue.put_nowait(data)
                except (queue.Empty, queue.Full):
                    pass
        return (None, pyaudio.paContinue)

    def chunks(self) -> Iterator[bytes]:
        if self._stream is None:
            self.open()
        pending = b""
        while not self._closed:
            try:
                data = self._queue.get(timeout=self.stall_timeout)
            except queue.Empty:
                if self._muted.is_set() or time.monotonic() < self._drop_until:
                    continue
                raise VoiceError("The microphone stopped sending audio; check that it is still plugged in.") from None
            pending += data
            while len(pending) >= CHUNK_BYTES:
                yield pending[:CHUNK_BYTES]
                pending = pending[CHUNK_BYTES:]

    def mute(self) -> None:
        self._muted.set()

    def unmute(self, guard_s: float = 0.2) -> None:
        """Listen again, dropping what was captured while muted and `guard_s` more (echo tail)."""
        self._drop_until = time.monotonic() + guard_s
        while True:
            try:
                self._queue.get_nowait()
            except queue.Empty:
                break
        self._muted.clear()

    def close(self) -> None:
        self._closed = True
        if self._stream is not None:
            try:
                self._stream.stop_stream()
                self._stream.close()
            except (OSError, IOError):
                pass
            self._stream = None
        if self._pa is not None:
            self._pa.terminate()
            self._pa = None


class FileSource:
    """A WAV recording delivered in 512-sample chunks, paced like a microphone.

    The recording waits while Milo thinks and speaks (nothing in it is lost to half-duplex), so a
    follow-up question can come after a short pause in the file. After the end, `tail_s` of
    silence lets the last utterance end. `delivered_at[i]` is when chunk i was handed out.
    """

    name = "file"

    def __init__(self, path: str, realtime: bool = True, tail_s: float = 1.5):
        self.path = path
        self.realtime = realtime
        pcm = read_wav(path)
        pcm += b"\x00" * (int(tail_s * SAMPLE_RATE) * 2)
        self._chunks = list(chunked(pcm, CHUNK_BYTES))
        self.delivered_at: list[float] = []
        self.label = f"recording {path}"
        self._muted = False

    def open(self) -> "FileSource":
        return self

    def chunks(self) -> Iterator[bytes]:
        next_due = time.monotonic()
        for chunk in self._chunks:
            if self.realtime:
                now = time.monotonic()
                if next_due > now:
                    time.sleep(next_due - now)
                next_due = max(next_due, time.monotonic() - CHUNK_SECONDS) + CHUNK_SECONDS
            self.delivered_at.append(time.monotonic())
            yield chunk

    def mute(self) -> None:
        self._muted = True

    def unmute(self, guard_s: float = 0.0) -> None:
        self._muted = False

    def close(self) -> None:
        pass
