"""The voice loop: wake -> listen -> speech to text -> one turn -> speak.

    pipeline = VoicePipeline(source, segmenter, stt, tts, sink, wake=WakePhrase("hey Milo"))
    VoiceLoop(pipeline, milo.turn, LoopConfig(follow_up_s=8), on_event=print).run()

States:
    wake    waiting for the wake phrase. Nothing but a loudness check runs while the room is
            quiet; speech goes through the VAD, and a speech segment through the wake spotter
            (vosk grammar mode) or the transcript check. The chat model never runs here.
    listen  the wake phrase came alone: the next utterance (within `listen_s`) is the question.
    follow  Milo has just answered: for `follow_up_s` the next utterance is taken without the
            wake phrase; then back to `wake`.

Half-duplex: the source is muted from the moment a question is taken until the last sample of
the reply has played (plus an echo guard), and what it captured meanwhile is thrown away.

Each step is reported to `on_event` as one typed event (milo.voice.events).
"""

from __future__ import annotations

import logging
import sys
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any, Callable, Iterator, Optional, Union

from milo.voice import CHUNK_SECONDS, SAMPLE_RATE, SAMPLE_WIDTH
from milo.voice.audio import split_speech_end
from milo.voice.events import (
    EventHandler, FirstSentence, FirstToken, SpeechEnd, SpeechStart, Transcript, TurnDone, ignore,
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

    def close(self) -> None:
        """Close the source, the sink and the text-to-speech engine; a part that fails to close
        does not keep the others open."""
        for part in (self.source, self.sink, self.tts):
            try:
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
    ):
        self.pipeline = pipeline
        self.turn = turn
        self.config = config or LoopConfig()
        self.say, self.status = say, status
        self.on_event: EventHandler = on_event or ignore
        self.state = "wake"
        self.turns = 0
        self.results: list[Any] = []
        self._window = 0  # chunks left in the listen/follow window

    # ---- the loop -------------------------------------------------------------------------

    def run(self, max_turns: Optional[int] = None) -> int:
        """Listen until the source ends (or `max_turns` turns); the number of turns taken."""
        p = self.pipeline
        self._to_wake(announce=True)
        p.source.unmute(0.0)  # drop what was captured while everything was loading
        stream: Union[TranscriptStream, SpotStream, None] = None
        for chunk in p.source.chunks():
            ev = p.segmenter.feed(chunk)
            if ev is None:
                if self.state != "wake" and not p.segmenter.in_speech:
                    self._window -= 1
                    if self._window <= 0:
                        self._to_wake(announce=True)
                continue
            if isinstance(ev, VadStart):
                self.on_event(SpeechStart(p.segmenter.chunk_index))
                if self.state == "wake" and p.spotter is not None:
                    stream = p.spotter.stream()
                else:
                    stream = p.stt.stream()
                stream.feed(ev.pcm)
                continue
            assert stream is not None  # a VadStart came first
            stream.feed(ev.pcm)
            if isinstance(ev, VadSpeech):
                continue
            utt = ev.utterance
            self.on_event(SpeechEnd(utt))
            text = self._understand(stream, utt)
            stream = None
            if text:
                self._answer(text)
                if max_turns is not None and self.turns >= max_turns:
                    break
        return self.turns

    def _to_wake(self, announce: bool = False) -> None:
        changed = self.state != "wake"
        self.state = "wake"
        if announce and (changed or self.turns == 0):
            self.status(f"(listening for \"{self.pipeline.wake.phrase}\")")

    def _open_window(self, state: str, seconds: float) -> None:
        self.state = state
        self._window = max(1, int(seconds / CHUNK_SECONDS))

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
                self.on_event(Transcript(text))
                log.info("heard %r", text)
                rest = None if short else p.wake.match(text)
                if rest is None:
                    return None
                question = rest
            if not question:
                self._acknowledge()
                return None
            return question
        text = stream.finish()
        self.on_event(Transcript(text))
        log.info("heard %r", text)
        if short or not text.strip():
            return None
        rest = p.wake.match(text)
        if rest is not None:
            if not rest:
                self._acknowledge()
                return None
            return rest
        return text.strip()

    def _acknowledge(self) -> None:
        self.status("(wake phrase heard; listening)")
        if self.config.acknowledge:
            self._speak([self.config.acknowledge])
        self._open_window("listen", self.config.listen_s)

    # ---- answering ------------------------------------------------------------------------

    def _speak(self, lines: list[str]) -> None:
        self.pipeline.source.mute()
        with self._speaking(Mouth(self.pipeline.tts, self.pipeline.sink)) as mouth:
            for line in lines:
                mouth.say(line)

    @contextmanager
    def _speaking(self, mouth: Mouth) -> Iterator[Mouth]:
        """Speak what the block says, to the end; on any error cut it short. Either way the
        microphone opens again afterwards."""
        try:
            yield mouth
            mouth.finish()
        except BaseException:
            mouth.abandon()
            raise
        finally:
            self._listen_again()

    def _listen_again(self) -> None:
        # The reply may still be in the device's buffers when drain() returns: wait that out too.
        p = self.pipeline
        p.source.unmute(self.config.echo_guard_s + float(p.sink.latency or 0.0))
        p.segmenter.reset()

    def _answer(self, text: str) -> None:
        p = self.pipeline
        self.say(f"You: {text}")
        p.source.mute()  # half-duplex from here until the reply has been heard
        mouth = Mouth(p.tts, p.sink, on_event=self.on_event)
        chunker = SentenceChunker()
        streamed: list[str] = []

        def on_reply(delta: str) -> None:
            if not streamed:
                self.on_event(FirstToken())
            streamed.append(delta)
            for sentence in chunker.feed(delta):
                if not mouth.sentences:
                    self.on_event(FirstSentence())
                mouth.say(sentence)

        with self._speaking(mouth):
            result = self.turn(text, on_reply=on_reply)
            reply = (getattr(result, "reply", None) or "").strip()
            said = "".join(streamed)
            if said.strip():
                for sentence in chunker.flush():
                    mouth.say(sentence)
                if reply.startswith(said.strip()) and len(reply) > len(said.strip()):
                    for sentence in sentences(reply[len(said.strip()) :]):
                        mouth.say(sentence)
            else:
                for sentence in sentences(reply):
                    mouth.say(sentence)
            self.on_event(TurnDone(result))
            self.say(f"Milo: {' '.join(reply.split())}")
            if getattr(result, "error", None):
                self.status(f"milo: {result.error}")
            for notice in getattr(result, "notices", None) or []:
                self.status(f"milo: {notice}")
            for gesture in getattr(result, "gestures", None) or []:
                self.status(f"  [Milo: {gesture}]")
            self.results.append(result)
            self.turns += 1
        self._open_window("follow", self.config.follow_up_s)
        if self.config.follow_up_s > 0:
            self.status(f"(follow-up: {self.config.follow_up_s:g} s to ask more without the wake phrase)")
