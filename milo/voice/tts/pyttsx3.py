"""pyttsx3 + espeak-ng, the default voice, with the workarounds it needs.

pyttsx3's `runAndWait()` can return before the audio file is written (seen 1 run in 8; back-to-
back saves even swapped files), so `Pyttsx3Tts.synth` waits for the engine's
`finished-utterance` callback, which fires only after the file is closed. A second trap: setting
the rate makes espeak's thread busy for a moment, and a run started then is cancelled by pyttsx3
itself (`finished-utterance` with completed=False, no file: 30 of 129 sentences here); so synth
waits for espeak to be idle first, and retries a run that did not complete. A third: the first
sentence of a process, synthesized on another thread (the Mouth's), sometimes came out at
espeak's default rate, 17% fast (1 run in 20; 1 in 8 through `milo voice`); one throwaway
sentence when the engine is first made settles it (0 in 40 after). Still seen once in CI on a
later sentence, so voice and rate are now set on espeak directly (not queued behind pyttsx3's
commands), the rate espeak reports is checked before and after each sentence, and a sentence
made while the rate was not ours is made again. pyttsx3 keeps one engine per process (made anew
once every instance is gone): every instance shares it, under one lock, and sets its own voice
and rate before each sentence.
"""

from __future__ import annotations

import ctypes
import shutil
import sys
import tempfile
import threading
import time
import wave
from pathlib import Path
from typing import Optional

from milo.voice import VoiceError
from milo.voice.mouth import speakable


class Pyttsx3Tts:
    """espeak-ng through pyttsx3 (a `protocols.TextToSpeech`)."""

    name = "pyttsx3"
    # pyttsx3 keeps one engine per driver for the whole process: every instance shares it.
    _lock = threading.Lock()
    _n = 0

    def __init__(self, voice: Optional[str] = None, rate: int = 170, timeout: float = 20.0):
        try:
            import pyttsx3
        except ImportError:
            raise VoiceError("pyttsx3 is not installed; run `pip install pyttsx3` (and `apt-get install espeak-ng`).") from None
        try:
            self._engine = pyttsx3.init("espeak")
        except Exception:  # OSError/RuntimeError when libespeak-ng is missing
            raise VoiceError("espeak-ng is not installed; run `apt-get install espeak-ng`.") from None
        driver = sys.modules.get("pyttsx3.drivers.espeak")
        if driver is not None:
            driver.print = lambda *a, **k: None  # it prints "Audio saved to ..." on stdout
        if voice:  # the engine queues setProperty and swallows its errors: check the name here
            known = set()
            for v in self._engine.getProperty("voices"):
                known |= {v.id.lower(), v.id.rsplit("/", 1)[-1].lower(), str(v.name).lower()}
                known |= {str(lang).lower() for lang in (v.languages or [])}
            if voice.lower() not in known:
                raise VoiceError(f"espeak-ng has no voice '{voice}'; list them with `espeak-ng --voices`.")
        # Rate and voice are set before every sentence (the engine is shared; its default rate
        # differs by version), never here: a queued setProperty would apply to someone else's.
        self._voice_id = voice or self._engine.getProperty("voice")
        self.voice = voice or "default"
        self.rate = rate
        self.timeout = timeout
        self._dir = Path(tempfile.mkdtemp(prefix="milo-tts-"))
        self._done = threading.Event()
        self._token = None
        self.label = f"pyttsx3 + espeak-ng (voice {self.voice}, {rate} words/min)"
        with Pyttsx3Tts._lock:
            # See the module's docstring (about 50 ms, once an engine: a new engine is made when
            # every instance of the old one is gone, and it starts at the driver's rate of 200).
            if not getattr(self._engine, "_milo_settled", False):
                self._synth_once("ok")
                self._engine._milo_settled = True

    def _finished(self, name=None, completed=True):
        self._completed = bool(completed)
        self._done.set()

    @staticmethod
    def _wait_idle(timeout: float = 2.0) -> None:
        """Wait until espeak's own thread is idle. Setting the rate queues a command there, and
        while it runs espeak reports "playing"; pyttsx3's runAndWait then cancels espeak's queue
        (the sentence is lost: `finished-utterance` comes with completed=False, no file)."""
        espeak = sys.modules.get("pyttsx3.drivers._espeak")
        deadline = time.monotonic() + timeout
        while espeak is not None and espeak.IsPlaying() and time.monotonic() < deadline:
            time.sleep(0.002)

    def synth(self, text: str) -> tuple[bytes, int]:
        """(16-bit mono PCM, sample rate) for `text`."""
        with Pyttsx3Tts._lock:
            for attempt in range(3):
                pcm, rate = self._synth_once(text)
                if (pcm.strip(b"\x00") or not speakable(text)) and self._rate_is_ours():
                    return pcm, rate
                # a cancelled run, or one that may have run at another rate: say it again
            raise VoiceError("espeak-ng produced no sound for a sentence; check `espeak-ng \"hello\"` works.")

    def _rate_is_ours(self) -> bool:
        """espeak's current rate (not the default pyttsx3 reports) is the one we asked for."""
        espeak = sys.modules.get("pyttsx3.drivers._espeak")
        if espeak is None:
            return True
        get = espeak.dll.espeak_GetParameter  # pyttsx3's binding omits the `current` argument
        get.argtypes, get.restype = [ctypes.c_int, ctypes.c_int], ctypes.c_int
        return get(espeak.RATE, 1) == int(self.rate)

    def _set_voice_and_rate(self) -> None:
        """Ours, on espeak itself, once it is idle (voice first: it resets the rate). The engine
        is shared, so this runs before every sentence."""
        espeak = sys.modules.get("pyttsx3.drivers._espeak")
        driver = getattr(getattr(self._engine, "proxy", None), "_driver", None)
        if espeak is None or driver is None:  # another pyttsx3 layout: its own queued way
            if self._voice_id:
                self._engine.setProperty("voice", self._voice_id)
            self._engine.setProperty("rate", int(self.rate))
            self._wait_idle()
            return
        for _ in range(3):
            self._wait_idle()
            if self._voice_id:
                driver.setProperty("voice", self._voice_id)
            driver.setProperty("rate", int(self.rate))
            self._wait_idle()
            if self._rate_is_ours():
                return

    def _synth_once(self, text: str) -> tuple[bytes, int]:
        Pyttsx3Tts._n += 1
        path = self._dir / f"utt{Pyttsx3Tts._n}.wav"
        self._set_voice_and_rate()
        self._token = self._engine.connect("finished-utterance", self._finished)
        self._done.clear()
        self._completed = False
        try:
            self._engine.save_to_file(text, str(path))
            self._engine.runAndWait()
            if not self._done.wait(self.timeout):
                raise VoiceError("espeak-ng did not finish speaking a sentence; check `espeak-ng \"hello\"` works.")
        finally:
            self._engine.disconnect(self._token)
        if not self._completed:  # cancelled, not finished: no file to trust
            path.unlink(missing_ok=True)
            return b"", 22050
        try:
            with wave.open(str(path), "rb") as w:
                rate = w.getframerate()
                pcm = w.readframes(w.getnframes())
        except (OSError, wave.Error, EOFError):
            pcm, rate = b"", 22050
        finally:
            path.unlink(missing_ok=True)
        return pcm, rate

    def close(self) -> None:
        shutil.rmtree(self._dir, ignore_errors=True)
