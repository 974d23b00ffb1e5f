"""Where speech goes: a PyAudio output device, or a WAV file (`--output`). Both satisfy
`protocols.AudioSink`."""

from __future__ import annotations

import threading
from pathlib import Path
from typing import Optional

from milo.voice import VoiceError
from milo.voice.audio import quiet_stderr, resample, write_wav
from milo.voice.devices import open_pyaudio, pick_device


class PyAudioSink:
    """Plays PCM on a speaker; `drain()` returns once the last sample has been heard."""

    def __init__(self, device: Optional[str] = None):
        self.device = device
        self._pa = None
        self._index: Optional[int] = None
        self._stream = None
        self._rate: Optional[int] = None
        self.latency = 0.0  # the device's output latency, seconds (for the echo guard)
        self.label = "speaker"
        self._lock = threading.Lock()  # one thread touches the stream at a time
        self._closing = False

    def open(self) -> "PyAudioSink":
        self._pa = open_pyaudio()
        try:
            self._index = pick_device(self._pa, "output", self.device)
            self.label = f"speaker '{self._pa.get_device_info_by_index(self._index)['name']}'"
        except VoiceError:
            self.close()
            raise
        return self

    def _ensure(self, rate: int) -> None:
        import pyaudio

        if self._stream is not None and rate == self._rate:
            return
        self._drain()
        try:
            with quiet_stderr():
                self._stream = self._pa.open(format=pyaudio.paInt16, channels=1, rate=rate, output=True, output_device_index=self._index)
        except (OSError, IOError, ValueError) as e:
            raise VoiceError(f"The speaker could not be opened at {rate} Hz ({e}); pick another with --output-device.") from None
        self._rate = rate

    def play(self, pcm: bytes, rate: int) -> None:
        """Blocks while it plays; written in 0.2 s pieces so close() can cut it short."""
        if self._pa is None:
            self.open()
        step = max(2, int(rate * 0.2) * 2)
        for i in range(0, len(pcm), step):
            with self._lock:
                if self._closing:
                    return
                self._ensure(rate)
                self._stream.write(pcm[i : i + step])

    def drain(self) -> None:
        with self._lock:
            self._drain()

    def _drain(self) -> None:
        if self._stream is not None:
            try:
                self.latency = float(self._stream.get_output_latency())
                self._stream.stop_stream()  # blocks until the buffered audio has played
                self._stream.close()
            except (OSError, IOError):
                pass
            self._stream = None

    def stop(self) -> None:
        """Cut what is playing now, the device's buffer included (barge-in); the next play()
        opens the stream again."""
        with self._lock:
            self._cut()

    def _cut(self) -> None:
        if self._stream is not None:
            try:
                self._stream.close()  # PortAudio drops what is still buffered (Pa_CloseStream)
            except (OSError, IOError):
                pass
            self._stream = None

    def close(self) -> None:
        self._closing = True
        with self._lock:
            self._cut()  # leaving: do not wait for the rest to play
            if self._pa is not None:
                self._pa.terminate()
                self._pa = None


class WavSink:
    """Collects everything Milo says into one WAV file, rewritten after each reply."""

    def __init__(self, path: str, rate: Optional[int] = None):
        self.path = Path(path)
        if not self.path.parent.is_dir():
            raise VoiceError(f"Cannot write {self.path}: the folder {self.path.parent} does not exist.")
        self.rate = rate
        self._pcm = bytearray()
        self.label = f"file {self.path}"
        self.latency = 0.0  # a file holds nothing back

    def open(self) -> "WavSink":
        return self

    def play(self, pcm: bytes, rate: int) -> None:
        if self.rate is None:
            self.rate = rate
        self._pcm += resample(pcm, rate, self.rate)

    def stop(self) -> None:
        """A file plays nothing aloud: what was written stays (the loop cuts what comes next)."""

    def drain(self) -> None:
        try:
            write_wav(self.path, bytes(self._pcm), self.rate or 16000)
        except OSError as e:
            raise VoiceError(f"Cannot write {self.path} ({e.strerror}).") from None

    def close(self) -> None:
        self.drain()
