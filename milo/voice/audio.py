"""PCM helpers shared by the voice modules: WAV in and out, resampling, loudness."""

from __future__ import annotations

import contextlib
import os
import wave
from pathlib import Path
from typing import Iterator, Tuple

import numpy as np

from milo.voice import SAMPLE_RATE, SAMPLE_WIDTH, VoiceError


def to_array(pcm: bytes) -> np.ndarray:
    return np.frombuffer(pcm, dtype="<i2")


def resample(pcm: bytes, rate_in: int, rate_out: int = SAMPLE_RATE) -> bytes:
    """Band-limited (FFT) resampling of mono 16-bit PCM."""
    if rate_in == rate_out or not pcm:
        return pcm
    x = to_array(pcm).astype(np.float64)
    n_out = max(1, int(round(len(x) * rate_out / rate_in)))
    spectrum = np.fft.rfft(x)
    keep = n_out // 2 + 1
    if keep <= len(spectrum):
        spectrum = spectrum[:keep]
    else:
        spectrum = np.concatenate([spectrum, np.zeros(keep - len(spectrum), dtype=complex)])
    y = np.fft.irfft(spectrum, n_out) * (n_out / len(x))
    return np.clip(np.round(y), -32768, 32767).astype("<i2").tobytes()


def read_wav(path: str | os.PathLike, rate: int = SAMPLE_RATE) -> bytes:
    """A WAV file as 16-bit mono PCM at `rate` (channels mixed down, resampled)."""
    p = Path(path)
    if not p.is_file():
        raise VoiceError(f"No audio file at {p}; give --input a WAV recording.")
    try:
        with wave.open(str(p), "rb") as w:
            channels, width, rate_in = w.getnchannels(), w.getsampwidth(), w.getframerate()
            frames = w.readframes(w.getnframes())
    except (wave.Error, EOFError) as e:
        raise VoiceError(f"{p} is not a PCM WAV file ({e}); convert it with `sox {p.name} -r 16000 -c 1 -b 16 out.wav`.") from None
    if width == 1:
        a = (np.frombuffer(frames, dtype=np.uint8).astype(np.int16) - 128) << 8
    elif width == 2:
        a = np.frombuffer(frames, dtype="<i2")
    elif width == 4:
        a = (np.frombuffer(frames, dtype="<i4") >> 16).astype(np.int16)
    else:
        raise VoiceError(f"{p} uses {8 * width}-bit samples; convert it with `sox {p.name} -b 16 out.wav`.")
    if channels > 1:
        a = a.reshape(-1, channels).mean(axis=1).astype(np.int16)
    return resample(a.astype("<i2").tobytes(), rate_in, rate)


def write_wav(path: str | os.PathLike, pcm: bytes, rate: int = SAMPLE_RATE) -> None:
    with wave.open(str(path), "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(SAMPLE_WIDTH)
        w.setframerate(rate)
        w.writeframes(pcm)


def rms_dbfs(pcm: bytes) -> float:
    """Loudness of a chunk in dB relative to full scale (-inf for digital silence)."""
    a = to_array(pcm)
    if a.size == 0:
        return float("-inf")
    rms = float(np.sqrt(np.mean(a.astype(np.float64) ** 2)))
    return 20 * np.log10(rms / 32768) if rms > 0 else float("-inf")


def chunked(pcm: bytes, size: int) -> Iterator[bytes]:
    """`pcm` cut into pieces of exactly `size` bytes (the last one padded with silence)."""
    for i in range(0, len(pcm), size):
        piece = pcm[i : i + size]
        if len(piece) < size:
            piece += b"\x00" * (size - len(piece))
        yield piece


def duration(pcm: bytes, rate: int = SAMPLE_RATE) -> float:
    return len(pcm) / (SAMPLE_WIDTH * rate)


_alsa_handler = None


def silence_alsa() -> None:
    """Route ALSA's own error messages ("underrun occurred", unknown PCM cards...) to nowhere:
    they would land on the terminal between Milo's lines. Problems still raise in PyAudio."""
    global _alsa_handler
    if _alsa_handler is not None:
        return
    import ctypes

    try:
        asound = ctypes.cdll.LoadLibrary("libasound.so.2")
    except OSError:
        return
    handler_type = ctypes.CFUNCTYPE(None, ctypes.c_char_p, ctypes.c_int, ctypes.c_char_p, ctypes.c_int, ctypes.c_char_p)
    _alsa_handler = handler_type(lambda *args: None)
    asound.snd_lib_error_set_handler(_alsa_handler)


@contextlib.contextmanager
def quiet_stderr() -> Iterator[None]:
    """Silence C libraries (ALSA, JACK) that print to file descriptor 2 while PyAudio starts."""
    try:
        saved = os.dup(2)
    except OSError:
        yield
        return
    try:
        with open(os.devnull, "wb") as null:
            os.dup2(null.fileno(), 2)
            yield
    finally:
        os.dup2(saved, 2)
        os.close(saved)


def split_speech_end(pcm: bytes, rate: int = SAMPLE_RATE, threshold_dbfs: float = -45.0) -> Tuple[int, int]:
    """(first, last) sample index above `threshold_dbfs` in 10 ms frames: where sound is."""
    a = to_array(pcm).astype(np.float64)
    frame = rate // 100
    n = len(a) // frame
    if n == 0:
        return 0, 0
    frames = a[: n * frame].reshape(n, frame)
    level = 20 * np.log10(np.sqrt(np.mean(frames**2, axis=1)) / 32768 + 1e-12)
    loud = np.nonzero(level > threshold_dbfs)[0]
    if loud.size == 0:
        return 0, 0
    return int(loud[0] * frame), int((loud[-1] + 1) * frame)
