"""The voice loop: wake -> listen -> speech to text -> one turn -> speak.

    pipeline = VoicePipeline(source, segmenter, stt, tts, sink, wake=WakePhrase("hey Milo"))
    VoiceLoop(pipeline, milo.turn, LoopConfig(follow_up_s=8), on_event=print).run()

States:
    wake    waiting for the wake phrase. Nothing but a loudness check runs while the room is
            quiet; speech goes through the VAD, and a speech segment through the wake spotter
            (vosk grammar mode) or the transcript check. With a wake word engine
            (milo.voice.wakeword) every chunk goes to it alone: no VAD, no transcript, until it
            fires; what is said next is the question ("Yes?" if nothing is, as after a bare
            wake phrase). The chat model never runs here.
    listen  the wake phrase came alone: the next utterance (within `listen_s`) is the question.
    follow  Milo has just answered: for `follow_up_s` the next utterance is taken without the
            wake phrase; then back to `wake`.

Barge-in (milo.voice.barge), where an echo canceller runs (milo.voice.echo): while Milo speaks
the microphone stays open, its echo of Milo's voice taken out; speech cuts the reply off at once,
the turn keeps what the user heard of it (marked as cut off), and what they are saying is the next
question ("stop", "be quiet" or "wait" alone start no turn). Otherwise, or with `barge_in` off,
half-duplex: the source is muted from the moment a question is taken until the last sample of
the reply has played (plus an echo guard), and what it captured meanwhile is thrown away. A turn
may come back as soon as its reply is whole (a PendingTurn, Milo.start_turn): the loop listens
again once the reply has been heard, and the next question waits for its memory lines.

Each step is reported to `on_event` as one typed event (milo.voice.events).

Endpointing (milo.voice.endpoint): with an engine that transcribes whole utterances (whisper),
the final transcription starts early in each pause, and what it heard sets how long that pause
may last: `quick_end_ms` after a sentence that sounds finished, `hold_end_ms` after a fragment,
the segmenter's `end_ms` until the early transcript is there.

A head start (`head_start(question, ended)`, e.g. Milo.prefill_typed): what a pass heard by a
pause (the question so far, the wake phrase taken off) is given to it on a thread of its own,
while the user may still be talking; a turn still writing its memory lines is hurried first, as
the question's end would hurry it. `ended` is set when the utterance ends. The prompt for what
was said so far is then processed before the question ends, as the terminal does at a pause in
typing.
"""

from __future__ import annotations

import logging
import sys
import threading
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any, Callable, Iterator, Optional, Union

from milo.voice import CHUNK_SECONDS, SAMPLE_RATE, SAMPLE_WIDTH
from milo.voice.audio import split_speech_end
from milo.voice.barge import BargeIn, Cut, Microphone, is_stop
from milo.voice.endpoint import EarlyFinal, EarlyStream, sounds_finished
from milo.voice.events import (
    Answering, Awake, CutOff, EventHandler, FirstSentence, FirstToken, SpeechEnd, SpeechStart, Standby, Stopped, Transcript,
    TurnDone, ignore,
)
from milo.voice.mouth import Mouth, SentenceChunker, sentences
from milo.voice.protocols import (
    AudioSink, AudioSource, SpeechToText, SpotStream, Spotter, TextToSpeech, TranscriptStream, Turn,
)
from milo.voice.vad import Segmenter, Utterance, VadSpeech, VadStart
from milo.voice.wake import WakePhrase

log = logging.getLogger("milo.voice")

ACKNOWLEDGE = "Yes?"


@dataclass
class LoopConfig:
    follow_up_s: float = 8.0
    listen_s: float = 8.0
    min_speech_s: float = 0.2
    echo_guard_s: float = 0.25
    acknowledge: str = ACKNOWLEDGE  # said when the wake phrase comes alone ("" for silence)
    word_alone_s: float = 0.8  # a wake word engine fired and no speech began this soon: it came alone
    # Endpointing (milo.voice.endpoint), from bench/voice_latency.py --hangover: 8 espeak phrases
    # x 8 pauses of 0.2-0.9 s inside the sentence, -50 dBFS noise, real Silero and tiny.en.
    # split: recordings cut in two (of 64); then false cut-offs by pause length (of 10 each);
    # delay: end of speech -> end decided (median over the recordings not split).
    #
    #   silence that ends it   split  0.2 0.3 0.4 0.5 0.6 0.7 0.8 0.9  delay
    #   fixed 0.32 s             48    0   0  10  10  10  10  10  10  0.39 s
    #   fixed 0.40 s             43    0   0   4  10  10  10  10  10  0.46 s
    #   fixed 0.48 s (before)    36    0   0   1   4  10  10  10  10  0.55 s
    #   fixed 0.64 s             22    0   0   0   0   0   8  10  10  0.70 s
    #   fixed 0.80 s             10    0   0   0   0   0   0   3  10  0.87 s
    #   verdict 0.25 / 0.80      32    0   3   4   2   5   6   7  10  0.34 s
    #   verdict 0.32 / 0.80      29    0   0   3   2   5   6   7  10  0.39 s  <- these defaults
    #   verdict 0.40 / 0.80      28    0   0   2   2   5   6   7  10  0.45 s
    #   verdict 0.32 / 0.64      34    0   0   3   2   5  10  10  10  0.39 s
    #   verdict 0.32 / 1.00      27    0   0   3   2   5   6   5   7  0.39 s
    #
    # verdict quick / hold: the segmenter's end_ms (0.48 s) until the early transcript is in.
    # Fewer sentences cut than the fixed 0.48 s, and 0.16 s sooner; quick under 0.32 s cuts 0.3 s
    # pauses; 4 of 35 whole sentences that whisper heard as fragments waited 0.8 s.
    early_final: bool = True  # the final transcription starts in the pause (engines without streaming)
    early_after_ms: int = 96  # ... this far into it
    quick_end_ms: int = 320  # the pause ends the utterance: after a sentence that sounds finished
    hold_end_ms: int = 800  # ... after a fragment ("what I would really like to know")
    # The first piece (milo.voice.mouth.SentenceChunker), from 2 x 26 reply streams replayed by
    # bench/voice_latency.py --compare: eager ends brought it from 0.78 / 0.83 s after the first
    # token to 0.26 / 0.65 s (medians); the comma rule saves 0.02 / 0.09 s, and from 12 characters
    # no more. Cutting at a space after 40-80 characters saved 0-0.02 s and split whole sentences
    # ("... octopuses and the | stars."): not done.
    first_clause_chars: int = 24
    eager_ends: bool = True
    # Speech over the reply cuts it off (needs the pipeline's echo canceller; else half-duplex).
    barge_in: bool = True


@dataclass
class VoicePipeline:
    """What the loop listens and speaks with."""

    source: AudioSource
    segmenter: Segmenter
    stt: SpeechToText
    tts: TextToSpeech
    sink: AudioSink
    wake: WakePhrase = field(default_factory=WakePhrase)
    spotter: Optional[Spotter] = None  # None: the wake phrase is found in the transcript
    echo: Any = None  # milo.voice.echo.EchoCanceller: Milo's voice out of the microphone (barge-in)

    def close(self) -> None:
        """Close the source, the sink, the text-to-speech engine and a wake word engine; a part
        that fails to close does not keep the others open."""
        for part in (self.source, self.sink, self.tts, self.spotter):
            try:
                if hasattr(part, "close"):
                    part.close()
            except Exception:
                pass


def _stderr(msg: str) -> None:
    print(msg, file=sys.stderr, flush=True)


def _stdout(msg: str) -> None:
    print(msg, flush=True)


class VoiceLoop:
    """say(line): the transcript and the reply ("You: ...", "Milo: ..."), stdout by default;
    status(line): what the loop is doing, stderr by default; on_event(event): each step."""

    def __init__(
        self,
        pipeline: VoicePipeline,
        turn: Turn,
        config: Optional[LoopConfig] = None,
        *,
        say: Callable[[str], None] = _stdout,
        status: Callable[[str], None] = _stderr,
        on_event: Optional[EventHandler] = None,
        head_start: Optional[Callable[[str, threading.Event], object]] = None,
        name: str = "Milo",
    ):
        self.pipeline = pipeline
        self.name = name  # the persona's, in the lines it says (a profile's)
        self.turn = turn
        self.config = config or LoopConfig()
        self.say, self.status = say, status
        self.on_event: EventHandler = on_event or ignore
        self.state = "wake"
        self.turns = 0
        self.results: list[Any] = []
        self._window = 0  # chunks left in the listen/follow window
        self._pending: Any = None  # a turn still writing its memory lines (see _answer)
        self._mic: Optional[Microphone] = None
        self._barged: Optional[VadStart] = None  # speech that cut the last reply off: the next question
        self.head_start = head_start
        self._ended = threading.Event()  # this utterance is over (a head start under way stops)
        self._ahead: Optional[threading.Thread] = None  # the head start running
        self._word: Optional[SpotStream] = None  # standby on a wake word engine: its stream
        self._alone_in = 0  # chunks until a wake word that fired counts as said alone ("Yes?")

    # ---- the loop -------------------------------------------------------------------------

    def run(self, max_turns: Optional[int] = None) -> int:
        """Listen until the source ends (or `max_turns` turns); the number of turns taken."""
        p = self.pipeline
        self._to_wake(announce=True)
        self._mic = Microphone(p.source, p.echo if self.barge_in else None)
        p.source.unmute(0.0)  # drop what was captured while everything was loading
        early = EarlyFinal(p.stt, self.config.early_after_ms) if self._early_final() else None
        try:
            self._listen(early, max_turns)
            self._finish_pending()
            return self.turns
        finally:
            if early is not None:
                early.close()

    @property
    def barge_in(self) -> bool:
        return self.config.barge_in and self.pipeline.echo is not None

    def _early_final(self) -> bool:
        # vosk recognizes while the user speaks: its finish() is already cheap.
        return self.config.early_final and not getattr(self.pipeline.stt, "streaming", False)

    def _listen(self, early: Optional[EarlyFinal], max_turns: Optional[int]) -> None:
        p = self.pipeline
        answered = 0
        stream: Union[TranscriptStream, SpotStream, None] = None
        for chunk in self._mic:
            if self._by_word(chunk):
                continue
            ev = p.segmenter.feed(chunk)
            if ev is None:
                if self._alone_in and not p.segmenter.in_speech:
                    self._alone_in -= 1
                    if not self._alone_in:
                        self._acknowledge()
                    continue
                if self.state != "wake" and not p.segmenter.in_speech:
                    self._window -= 1
                    if self._window <= 0:
                        self._to_wake(announce=True)
                continue
            if isinstance(ev, VadStart):
                self._alone_in = 0
                stream = self._begin(ev, early)
                continue
            assert stream is not None  # a VadStart came first
            if isinstance(stream, EarlyStream):
                stream.feed(ev.pcm, ev.voiced)
                if isinstance(ev, VadSpeech) and not ev.voiced:
                    self._judge_pause(stream)
                if self.head_start is not None:
                    self._start_ahead(stream.so_far())
            else:
                stream.feed(ev.pcm)
            if isinstance(ev, VadSpeech):
                continue
            utt = ev.utterance
            self._ended.set()
            self.on_event(SpeechEnd(utt))
            text = self._understand(stream, utt)
            stream = None
            if text and is_stop(text, p.wake.words):
                self.status("(stopped)")
                self.on_event(Stopped(text))
                continue
            if text:
                self._answer(text)
                answered += 1
                if max_turns is not None and answered >= max_turns:
                    break
                if self._barged is not None:  # what cut the reply off goes on as the next question
                    ev, self._barged = self._barged, None
                    stream = self._begin(ev, early)

    def _by_word(self, chunk: bytes) -> bool:
        """Standby on a wake word engine that hears a stream (a spotter with `continuous`,
        milo.voice.wakeword): each chunk goes to it alone, no VAD and no transcript, until it
        fires; then the question is what is said next, as after a bare wake phrase. True: the
        chunk was the engine's."""
        p = self.pipeline
        if self.state != "wake" or not getattr(p.spotter, "continuous", False):
            return False
        if self._word is None:
            self._word = p.spotter.stream()
        self._word.feed(chunk)
        if not self._word.found:  # a continuous spotter's stream says when it fired (protocols.Spotter)
            return True
        spot, self._word = self._word.finish(), None
        log.info("wake word heard: %s", spot.heard)
        p.segmenter.reset()
        self._open_window("listen", self.config.listen_s)
        self._alone_in = max(1, round(self.config.word_alone_s / CHUNK_SECONDS))
        return True

    def _begin(self, ev: VadStart, early: Optional[EarlyFinal]) -> Union[TranscriptStream, SpotStream]:
        """Speech began: the stream that will hear it (the wake spotter, or speech to text)."""
        p = self.pipeline
        self._ended = threading.Event()
        self.on_event(SpeechStart(p.segmenter.chunk_index))
        if self.state == "wake" and p.spotter is not None:
            stream = p.spotter.stream()
        else:
            stream = early.stream() if early is not None else p.stt.stream()
        stream.feed(ev.pcm)
        return stream

    def _start_ahead(self, heard: Optional[str]) -> None:
        """A head start on what `heard` asks so far: at least two words, the wake phrase taken
        off (in standby, only once it was said), not a stop, once the head start before it has
        ended. A turn still writing its memory lines is hurried first, as the question's end
        would hurry it: a follow-up then continues that turn's prompt (Milo's continuation)
        while it is still being said, instead of after."""
        if not heard:
            return
        p = self.pipeline
        rest = p.wake.match(heard)
        question = rest if rest is not None or self.state == "wake" else heard.strip()
        if not question or len(question.split()) < 2 or is_stop(question, p.wake.words):
            return
        if self._ahead is not None and self._ahead.is_alive():
            return
        pending = self._pending  # hurried on the head start's thread (the loop still waits for it, and raises its error)
        ended = self._ended
        log.debug("a head start on %r", question)
        self._ahead = threading.Thread(target=self._run_ahead, args=(question, ended, pending), daemon=True, name="milo-ahead")
        self._ahead.start()

    def _run_ahead(self, question: str, ended: threading.Event, pending: Any = None) -> None:
        try:
            if pending is not None:
                if hasattr(pending, "hurry"):
                    pending.hurry()
                pending.wait()
            self.head_start(question, ended)
        except Exception as e:  # only a head start
            log.info("head start failed: %s", e)

    def _judge_pause(self, stream: EarlyStream) -> None:
        heard = stream.news()
        if heard is not None:
            finished = sounds_finished(heard)
            log.debug("in the pause: %r %s", heard, "sounds finished" if finished else "sounds unfinished: waiting longer")
            c = self.config
            self.pipeline.segmenter.wait(c.quick_end_ms if finished else c.hold_end_ms)

    def _to_wake(self, announce: bool = False) -> None:
        changed = self.state != "wake"
        self.state = "wake"
        if changed:
            self.on_event(Standby())
        if announce and (changed or self.turns == 0):
            self.status(f"(listening for \"{self.pipeline.wake.phrase}\")")

    def _open_window(self, state: str, seconds: float) -> None:
        self.state = state
        self._window = max(1, int(seconds / CHUNK_SECONDS))
        if seconds > 0:
            self.on_event(Awake(seconds=seconds))

    # ---- understanding an utterance -------------------------------------------------------

    def _understand(self, stream: Union[TranscriptStream, SpotStream], utt: Utterance) -> Optional[str]:
        """The question in `utt`, or None. May move to `listen` (a bare wake phrase)."""
        p = self.pipeline
        short = utt.speech_seconds < self.config.min_speech_s
        if self.state == "wake":
            if p.spotter is not None:
                spot = stream.finish()
                log.info("wake spotter heard %r", spot.heard)
                if short or not spot.found:
                    return None
                tail = utt.pcm[int(spot.end_s * SAMPLE_RATE) * SAMPLE_WIDTH :]
                first, last = split_speech_end(tail)
                text = p.stt.transcribe(tail) if (last - first) / SAMPLE_RATE > 0.3 else ""
                self.on_event(Transcript(text))
                rest = p.wake.match(text)
                question = text if rest is None else rest
            else:
                text = stream.finish()
                self._heard(stream, text)
                rest = None if short else p.wake.match(text)
                if rest is None:
                    return None
                question = rest
            if not question:
                self._acknowledge()
                return None
            return question
        text = stream.finish()
        self._heard(stream, text)
        if short or not text.strip():
            return None
        rest = p.wake.match(text)
        if rest is not None:
            if not rest:
                self._acknowledge()
                return None
            return rest
        return text.strip()

    def _heard(self, stream: Union[TranscriptStream, SpotStream], text: str) -> None:
        early = isinstance(stream, EarlyStream) and stream.was_early
        self.on_event(Transcript(text, early=early))
        log.info("heard %r%s", text, " (early pass)" if early else "")

    def _acknowledge(self) -> None:
        self.status("(wake phrase heard; listening)")
        if self.config.acknowledge:
            self._speak([self.config.acknowledge])
        self._open_window("listen", self.config.listen_s)

    # ---- answering ------------------------------------------------------------------------

    def _turn_done(self, result: Any) -> None:
        """What a turn says once it is over (on the background thread for a pending turn)."""
        self.on_event(TurnDone(result))
        if getattr(result, "error", None):
            self.status(f"milo: {result.error}")
        for notice in getattr(result, "notices", None) or []:
            self.status(f"milo: {notice}")
        for gesture in getattr(result, "gestures", None) or []:
            self.status(f"  [{self.name}: {gesture}]")
        self.results.append(result)
        self.turns += 1

    def _finish_pending(self, timeout: Optional[float] = None, hurry: bool = False) -> None:
        """Wait for the last turn's memory lines (a turn started by Milo.start_turn); `hurry`:
        a new question is here, they end where they are (PendingTurn.hurry)."""
        pending, self._pending = self._pending, None
        if pending is not None:
            if hurry and hasattr(pending, "hurry"):
                pending.hurry()
            pending.wait(timeout)

    def close(self, timeout: float = 10.0) -> None:
        """Leaving (Ctrl-C): let the last turn finish writing its memory lines, within `timeout`."""
        self._finish_pending(timeout)

    def _speak(self, lines: list[str]) -> None:
        self.pipeline.source.mute()
        with self._speaking(Mouth(self.pipeline.tts, self.pipeline.sink)) as mouth:
            for line in lines:
                mouth.say(line)

    @contextmanager
    def _speaking(self, mouth: Mouth, watcher: Optional[BargeIn] = None, cut: Optional[Cut] = None) -> Iterator[Mouth]:
        """Speak what the block says, to the end (or until the user speaks over it: `watcher`);
        on any error cut it short. Either way the microphone opens again afterwards."""
        try:
            yield mouth
            mouth.finish()
        except BaseException:
            mouth.abandon()
            raise
        finally:
            start = watcher.close() if watcher is not None else None
            if cut is not None:
                cut.settled.set()  # heard to its end (or cut off): the turn may etch it
            if watcher is not None and watcher.error is not None:
                raise watcher.error
            if start is not None:
                self._barged = start  # the segmenter is in that speech: no reset, no echo guard
            elif watcher is not None:
                self.pipeline.segmenter.reset()  # the echo canceller already took Milo's voice out
            else:
                self._listen_again()

    def _listen_again(self) -> None:
        # The reply may still be in the device's buffers when drain() returns: wait that out too.
        p = self.pipeline
        p.source.unmute(self.config.echo_guard_s + float(p.sink.latency or 0.0))
        p.segmenter.reset()

    def _cut_off(self, heard: str) -> None:
        self.on_event(CutOff(heard))
        self.status(f"(you spoke over {self.name}: it stopped to listen)")

    def _answer(self, text: str) -> None:
        p = self.pipeline
        self.say(f"You: {text}")
        self.on_event(Answering(text))
        barge = self.barge_in
        if not barge:
            p.source.mute()  # half-duplex from here until the reply has been heard
        self._finish_pending(hurry=True)  # the turn before etches what it has written
        if self._ahead is not None:  # told the utterance ended: it stops after the step under way
            self._ahead.join()
        mouth = Mouth(p.tts, p.sink, on_event=self.on_event, on_audio=p.echo.played if barge else None)
        cut = Cut() if barge else None
        watcher = BargeIn(self._mic, p.segmenter, mouth, cut, on_cut=self._cut_off) if barge else None
        c = self.config
        chunker = SentenceChunker(first_clause_chars=c.first_clause_chars, eager=c.eager_ends)
        streamed: list[str] = []

        def speak(sentence: str) -> None:
            if not mouth.sentences:
                self.on_event(FirstSentence(sentence))
            mouth.say(sentence)

        def on_reply(delta: str) -> None:
            if not streamed:
                self.on_event(FirstToken())
            streamed.append(delta)
            for sentence in chunker.feed(delta):
                speak(sentence)

        def on_reply_end() -> None:  # the last sentence, without waiting for the memory lines
            for sentence in chunker.flush():
                speak(sentence)

        with self._speaking(mouth, watcher, cut):
            result = self.turn(text, on_reply=on_reply, on_reply_end=on_reply_end, **({"interruption": cut} if cut else {}))
            pending = result if hasattr(result, "finish_in_background") else None
            # A turn still writing its memory lines (Milo.start_turn) gave the whole reply to
            # on_reply already; a finished one has it in .reply.
            reply = "".join(streamed).strip() if pending is not None else (getattr(result, "reply", None) or "").strip()
            said = "".join(streamed)
            if said.strip():
                for sentence in chunker.flush():
                    speak(sentence)
                if reply.startswith(said.strip()) and len(reply) > len(said.strip()):
                    for sentence in sentences(reply[len(said.strip()) :]):
                        speak(sentence)
            else:
                for sentence in sentences(reply):
                    speak(sentence)
            self.say(f"{self.name}: {' '.join(reply.split())}")
            if pending is None:
                self._turn_done(result)
            else:
                # The rest of the turn goes on while the last sentences are heard: its gesture is
                # made as soon as the model has written its [ACTION] line, and the microphone
                # opens again (the reply heard) while the memory lines are written.
                self._pending = pending.finish_in_background(self._turn_done)
        self._open_window("follow", self.config.follow_up_s)
        if self.config.follow_up_s > 0:
            self.status(f"(follow-up: {self.config.follow_up_s:g} s to ask more without the wake phrase)")
