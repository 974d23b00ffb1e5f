"""Speaking a reply sentence by sentence, while it is still being written.

`Mouth.say()` queues a sentence; one thread synthesizes, another plays, so the first sentence
plays while the model writes the rest. `SentenceChunker` cuts the streamed reply into those
sentences; `speakable` is what a voice should read of a text.

The Mouth reports TtsFirstSentence, FirstAudio and Spoken (milo.voice.events) to `on_event`.
"""

from __future__ import annotations

import queue
import re
import threading
import unicodedata
from typing import Callable, Optional

from milo.sentences import NOT_AFTER_TITLE
from milo.voice import VoiceError
from milo.voice.events import EventHandler, FirstAudio, Playing, Spoken, TtsFirstSentence, ignore
from milo.voice.protocols import AudioSink, TextToSpeech

# ---- sentences ------------------------------------------------------------------------------

_BOUNDARY = re.compile(NOT_AFTER_TITLE + r"(?<=[.!?…])[\"'”’)\]]*\s+|\n+")
_CLAUSE = re.compile(r"(?<=[,;:])\s+")
_LAST = re.compile(NOT_AFTER_TITLE + r"(?<=[.!?…])[\"'”’)\]]*$")  # a sentence end as the last thing written


_LINK = re.compile(r"\b(?:https?://|www\.)\S+?(?=[.,;:!?)\]\"']*(?:\s|$))", re.I)
_EMAIL = re.compile(r"\b[\w.+-]+@[\w-]+(?:\.[\w-]+)+\b")
_HANDLE = re.compile(r"(?<![\w@])@(?=\w)")


def speakable(text: str) -> str:
    """What a voice should read: no markdown marks, no emoji, single spaces. A link or an
    e-mail address is said as "a link" / "an e-mail address", not spelled out letter by letter
    for half a minute; "#tag" and "@name" are read as the word."""
    text = _LINK.sub("a link", text)
    text = _EMAIL.sub("an e-mail address", text)
    text = _HANDLE.sub("", text)
    text = re.sub(r"[*_#`~|<>\[\]]", " ", text)
    text = "".join(ch for ch in text if unicodedata.category(ch) not in ("So", "Cs", "Co"))
    if not re.search(r"\w", text):
        return ""  # "..." or "-" alone: espeak said nothing (pyttsx3 raised, the reply stopped) or "exclamation mark"
    return " ".join(text.split())


class SentenceChunker:
    """Feed it the reply as it streams; it hands back whole sentences as soon as they end.

    With `eager`, a sentence ends at its ".", "?" or "!" when that is the last thing written,
    without waiting for the space after it: the reply's last sentence has none, and the tag
    parser gives it only when the whole turn is over (a one-sentence reply waited 1-2 s).

    The very first piece may end at a comma once it has `first_clause_chars` characters, so
    Milo starts talking before a long first sentence is finished."""

    def __init__(self, max_chars: int = 220, first_clause_chars: int = 24, eager: bool = True):
        self.max_chars = max_chars
        self.first_clause_chars = first_clause_chars
        self.eager = eager
        self._buf = ""
        self._first = True

    def _end(self):
        m = _BOUNDARY.search(self._buf)
        if self._first and self.first_clause_chars:
            c = _CLAUSE.search(self._buf, self.first_clause_chars)
            if c and (not m or c.start() < m.start()):
                m = c
        if m or not self.eager:
            return m
        m = _LAST.search(self._buf)
        if m and self._buf[m.start() - 1] == "." and self._buf[m.start() - 2 : m.start() - 1].isdigit():
            return None  # "3." may go on as "3.5"
        return m

    def feed(self, delta: str) -> list[str]:
        self._buf += delta
        out = []
        while True:
            m = self._end()
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


PIECE_S = 0.05  # audio is written in pieces this long: a stop (barge-in) cuts it within one


class Mouth:
    """Speaks sentences in order as they are queued: one thread synthesizes, one plays.

    `on_audio(pcm, rate)` is given each piece just before it goes to the speaker (the echo
    canceller's reference). `stop()` cuts the speech short where it is (the user spoke over it)
    and says what of it was heard."""

    def __init__(self, tts: TextToSpeech, sink: AudioSink, on_event: Optional[EventHandler] = None,
                 on_audio: Optional[Callable[[bytes, int], None]] = None):
        self.tts, self.sink = tts, sink
        self.on_event: EventHandler = on_event or ignore
        self.on_audio = on_audio
        self._texts: "queue.Queue" = queue.Queue()
        self._audio: "queue.Queue" = queue.Queue()
        self._error: Optional[BaseException] = None
        self._stopped = threading.Event()
        self.sentences: list[str] = []
        self.spoken: list[str] = []  # sentences played to the end
        self._current: tuple[str, float] = ("", 0.0)  # the sentence playing, and the share of it played
        self.playing = threading.Event()  # set once the first audio went to the speaker
        self.seconds = 0.0
        self._synth = threading.Thread(target=self._synth_loop, name="milo-tts", daemon=True)
        self._play = threading.Thread(target=self._play_loop, name="milo-speaker", daemon=True)
        self._synth.start()
        self._play.start()

    def say(self, text: str) -> None:
        text = speakable(text)
        if text and not self._stopped.is_set():
            self.sentences.append(text)
            self._texts.put(text)

    def _synth_loop(self) -> None:
        first = True
        while True:
            text = self._texts.get()
            if text is _STOP:
                self._audio.put(_STOP)
                return
            if self._error is not None or self._stopped.is_set():
                continue
            try:
                pcm, rate = self.tts.synth(text)
            except BaseException as e:  # reported by finish()
                self._error = e
                continue
            if first:
                self.on_event(TtsFirstSentence())
                first = False
            self._audio.put((text, pcm, rate))

    def _play_loop(self) -> None:
        first = True
        while True:
            item = self._audio.get()
            if item is _STOP:
                return
            if self._error is not None or self._stopped.is_set():
                continue
            text, pcm, rate = item
            if first:
                self.on_event(FirstAudio())
                first = False
            self.on_event(Playing(pcm, rate))
            step = max(2, int(rate * PIECE_S) * 2)
            try:
                for i in range(0, len(pcm), step):
                    if self._stopped.is_set():
                        break
                    self._current = (text, i / len(pcm))
                    piece = pcm[i : i + step]
                    if self.on_audio is not None:
                        self.on_audio(piece, rate)
                    self.playing.set()
                    self.sink.play(piece, rate)
                    self.seconds += len(piece) / (2 * rate)
                else:
                    self.spoken.append(text)
                    self._current = ("", 0.0)
            except BaseException as e:
                self._error = e

    def stop(self) -> str:
        """Stop speaking now: what is queued is dropped and what is playing is cut (the speaker's
        buffer too, where it can). What the listener heard: the sentences played whole and the
        words of the one cut short, as far as it got."""
        self._stopped.set()
        stop = getattr(self.sink, "stop", None)
        if stop is not None:
            try:
                stop()
            except Exception:  # noqa: BLE001 - the speaker stops anyway with nothing more written
                pass
        return self.heard()

    def heard(self) -> str:
        text, share = self._current
        words = text.split()
        part = " ".join(words[: int(len(words) * share)])
        return " ".join(self.spoken + ([part] if part else []))

    def abandon(self) -> None:
        """Stop without waiting (the turn failed): queued sentences are dropped."""
        self._error = self._error or VoiceError("abandoned")
        self._texts.put(_STOP)

    def finish(self) -> float:
        """Wait until everything queued has been played to the end (or the speech was stopped);
        seconds spoken."""
        self._texts.put(_STOP)
        self._synth.join()
        self._play.join()
        if self._error is None and not self._stopped.is_set():
            try:
                self.sink.drain()
            except BaseException as e:
                self._error = e
        if self._error is not None:
            e = self._error
            raise e if isinstance(e, VoiceError) else VoiceError(f"Speaking failed ({type(e).__name__}: {e}).")
        self.on_event(Spoken(self.seconds))
        return self.seconds
