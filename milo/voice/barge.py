"""Barge-in: the user speaks over Milo's reply and Milo stops to listen.

While Milo speaks, `BargeIn` reads the microphone (its echo of Milo's voice taken out,
milo.voice.echo) through the loop's own segmenter: the first speech it finds stops the Mouth (the
speaker's buffer dropped), tells the turn what the user heard of the reply (`Cut`), and hands the
speech it caught back to the loop, which goes on listening to it as the next question. `is_stop`
tells a bare "stop" / "be quiet" / "wait" (no turn is started for it).
"""

from __future__ import annotations

import collections
import re
import threading
from typing import Optional, Sequence

from milo.voice import CHUNK_BYTES
from milo.voice.audio import rms_dbfs
from milo.voice.echo import ECHO_DB
from milo.voice.mouth import Mouth
from milo.voice.vad import Segmenter, VadSpeech, VadStart


class Cut:
    """What a turn is given so that it can be cut off (Milo.start_turn's `interruption`):
    `event` is set once the user spoke over the reply; `heard` is what of it they heard;
    `settled` once the reply was heard to its end or cut off (the turn etches after it)."""

    def __init__(self):
        self.event = threading.Event()
        self.settled = threading.Event()
        self.heard = ""

    def interrupt(self, heard: str) -> None:
        self.heard = heard
        self.event.set()
        self.settled.set()


class Microphone:
    """The source's chunks, with the echo of what Milo plays taken out (when there is a
    canceller: always, so that it keeps its sense of time; with nothing played it changes
    little), and chunks handed back (`give_back`) read again first. One reader at a time:
    the loop, or while Milo speaks the barge-in watcher."""

    def __init__(self, source, echo=None, keep: int = 4):
        self.source = source
        self._it = iter(source.chunks())
        self.echo = echo
        self._back: collections.deque = collections.deque()
        self.raw: collections.deque = collections.deque(maxlen=keep)  # the last chunks as captured (BargeIn._near)

    def __iter__(self) -> "Microphone":
        return self

    def __next__(self) -> bytes:
        if self._back:
            return self._back.popleft()
        chunk = next(self._it)
        self.raw.append(chunk)
        return self.echo.clean(chunk) if self.echo is not None else chunk

    def give_back(self, chunk: bytes) -> None:
        self._back.append(chunk)


SILENCE = b"\x00" * CHUNK_BYTES
# Speech that stops Milo goes on this many chunks past the VAD's start, each voiced and not its
# echo (~0.2 s from its first voiced chunk in all). Traced through the virtual devices (26 first
# replies, echo at -10 dB): once armed, the canceller still let Milo's voice through now and then,
# after pauses most often, in bursts of 1-5 chunks (91 bursts; one of 14), enough for the VAD's 3;
# a user speaking over it goes on.
CONFIRM_CHUNKS = 3


class BargeIn:
    """Watches the microphone on a thread of its own while `mouth` speaks. Armed once the first
    audio went out and the echo canceller is trained (it has heard ~2 s of Milo in this session and
    takes its echo out now, milo.voice.echo; what comes before is dropped, as a muted microphone
    would); speech the segmenter found that goes on CONFIRM_CHUNKS more (not a burst of Milo's
    voice let through) stops the mouth and sets `cut`. `close()` stops watching; `start` is then the
    VadStart that cut the reply off (None if nothing did), for the loop to go on from."""

    def __init__(self, mic: Microphone, segmenter: Segmenter, mouth: Mouth, cut: Cut, on_cut=None):
        self.mic, self.segmenter, self.mouth, self.cut = mic, segmenter, mouth, cut
        self.on_cut = on_cut
        self.start: Optional[VadStart] = None
        self.error: Optional[BaseException] = None
        self._done = threading.Event()
        self._thread = threading.Thread(target=self._watch, name="milo-barge-in", daemon=True)
        self._thread.start()

    def _watch(self) -> None:
        armed = False
        start: Optional[VadStart] = None  # speech begun, not yet confirmed
        confirming: list[bytes] = []
        try:
            for chunk in self.mic:
                if self._done.is_set():
                    self.mic.give_back(chunk)  # the loop reads it
                    return
                if not armed:
                    # Armed once Milo is heard, and the canceller has learnt its echo in this room.
                    if not self.mouth.playing.is_set() or not getattr(self.mic.echo, "trained", True):
                        continue
                    armed = True
                    self.segmenter.reset()
                near = self._near(chunk)
                ev = self.segmenter.feed(chunk if near else SILENCE)
                if start is None:
                    if isinstance(ev, VadStart):
                        start, confirming = ev, []
                    continue
                if not (isinstance(ev, VadSpeech) and ev.voiced and near):
                    start = None  # a burst of Milo's own voice let through: forgotten
                    self.segmenter.reset()
                    continue
                confirming.append(ev.pcm)
                if len(confirming) >= CONFIRM_CHUNKS:
                    ev = VadStart(start.pcm + b"".join(confirming))  # the loop goes on from here
                    heard = self.mouth.stop()
                    if self.mic.echo is not None:
                        self.mic.echo.flush()
                    # Tried: speech to text given the start as captured (Milo's echo and all):
                    # "stop" / "wait" / "be quiet" were heard right 0 of 3 times vs 2 of 4.
                    self.start = ev
                    self.cut.interrupt(heard)
                    if self.on_cut is not None:
                        self.on_cut(self.cut.heard)
                    return
        except StopIteration:
            return
        except BaseException as e:  # the loop raises it (a microphone that stopped)
            self.error = e

    def _near(self, chunk: bytes) -> bool:
        """Whether the chunk, echo taken out, still holds much of what the microphone captured:
        a voice in the room does; Milo's echo, once cancelled, is ECHO_DB or more quieter."""
        raw = self.mic.raw[-1] if self.mic.raw else chunk
        return rms_dbfs(chunk) >= rms_dbfs(raw) - ECHO_DB

    def close(self) -> Optional[VadStart]:
        self._done.set()
        self._thread.join()
        return self.start


# A bare command to stop talking, in a few languages: a closed, lexical class. The utterance must
# be nothing else (with a polite word or the persona's name): "stop the music" is a question.
_STOP = {
    "stop", "stop it", "stop talking", "stop please", "be quiet", "quiet", "hush", "shush", "shh", "sh", "shut up",
    "wait", "hold on", "hang on", "one moment", "one second", "enough", "that's enough", "thats enough",
    "never mind", "nevermind", "pause", "cancel", "silence", "okay stop", "ok stop", "alright stop",
    "arrête", "arrete", "tais-toi", "tais toi", "attends", "stopp", "halt", "warte", "ruhe", "sei still",
    "para", "basta", "espera", "cállate", "callate", "aspetta", "zitto", "silenzio", "wacht", "stil",
}
_FILLER = {"please", "ok", "okay", "oh", "um", "uh", "hey", "now", "just", "a", "second", "sec", "moment", "minute",
           "thanks", "thank", "you", "right", "sorry", "no"}


def is_stop(text: str, names: Sequence[str] = ()) -> bool:
    """Whether `text` only asks Milo to stop talking (speech to text: any case, no punctuation).
    `names`: words that may come with it (the wake phrase's: "hey Milo, stop")."""
    words = re.findall(r"[\w'-]+", (text or "").casefold())
    words = [w for i, w in enumerate(words) if i == 0 or w != words[i - 1]]  # "stop stop", "wait... wait..."
    # A phrase said (or transcribed: whisper repeats) over and over, the last time maybe cut:
    # "be quiet be quiet be quiet be" is "be quiet".
    for n in range(2, len(words) // 2 + 1):
        if all(w == words[i % n] for i, w in enumerate(words)):
            words = words[:n]
            break
    fillers = _FILLER | {n.casefold() for n in names}
    while words and words[-1] in fillers - {"a", "you", "no"}:
        words.pop()
    while words and words[0] in fillers - {"a", "you"}:
        words.pop(0)
    phrase = " ".join(words)
    if phrase in _STOP:
        return True
    # "wait a second", "hold on a minute", "stop it please": a command and only fillers after it
    for n in range(len(words) - 1, 0, -1):
        if " ".join(words[:n]) in _STOP and all(w in fillers for w in words[n:]):
            return True
    return False


__all__ = ["BargeIn", "Cut", "Microphone", "is_stop"]
