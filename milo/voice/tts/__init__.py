"""Text to speech behind one small interface (`protocols.TextToSpeech`: synth(text) -> (pcm, rate)):

    pyttsx3   (tts.pyttsx3)  pyttsx3 + espeak-ng, the default
    piper     (tts.piper)    piper, a more natural voice from a voice .onnx file

`choose_tts` builds the one asked for; the engine's library loads with it. Speaking a reply
sentence by sentence is milo.voice.mouth's job; `speakable` (what a voice should read of a text)
lives there and is re-exported here.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Optional, Union

from milo.voice import VoiceError
from milo.voice.mouth import speakable

if TYPE_CHECKING:
    from milo.config import Settings
    from milo.voice.tts.piper import PiperTts
    from milo.voice.tts.pyttsx3 import Pyttsx3Tts

__all__ = ["choose_tts", "choose_tts_for", "speakable"]


def choose_tts(pref: Optional[str] = None, voice: Optional[str] = None, rate: int = 170,
               piper_voice: Optional[str] = None) -> Union["Pyttsx3Tts", "PiperTts"]:
    """The text-to-speech engine `pref` (--tts: pyttsx3, the default, or piper). voice: --voice
    (an espeak-ng voice name, or a piper .onnx file); rate: --rate, words per minute (espeak-ng);
    piper_voice: MILO_PIPER_VOICE, piper's voice when --voice is not given."""
    pref = (pref or "auto").lower()
    if pref in ("auto", "pyttsx3", "espeak", "espeak-ng"):
        from milo.voice.tts.pyttsx3 import Pyttsx3Tts

        return Pyttsx3Tts(voice=voice, rate=rate)
    if pref == "piper":
        from milo.voice.tts.piper import PiperTts

        return PiperTts(voice or piper_voice)
    raise VoiceError(f"Unknown text-to-speech engine '{pref}'; use pyttsx3 or piper.")


def choose_tts_for(settings: "Settings") -> Union["Pyttsx3Tts", "PiperTts"]:
    """`choose_tts` with what the settings ask for (--tts, --voice, --rate, MILO_PIPER_VOICE)."""
    return choose_tts(settings.tts, voice=settings.tts_voice, rate=settings.tts_rate, piper_voice=settings.piper_voice)
