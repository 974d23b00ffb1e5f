"""What the voice loop reports while it works: one typed event per step, each with `t`, the
`time.monotonic()` at which it happened (set when the event is made, unless given).

    loop = VoiceLoop(pipeline, milo.turn, on_event=handler)   # handler(event), one argument

In the order a turn produces them:

    SpeechStart(chunk)      the VAD heard speech begin (chunk: its index in the source)
    SpeechEnd(utterance)    ... and end (the vad.Utterance: audio, where it lay)
    Transcript(text, early) speech to text is done (text may be "" or not for Milo; early: it
                            came from the pass started in the pause, milo.voice.endpoint)
    Awake(seconds)          a listen or follow-up window opened (no wake phrase needed)
    Standby                 ... and closed: back to waiting for the wake phrase
    Answering(text)         a question for Milo was taken: its turn starts
    FirstToken              the first piece of the reply came from the model
    FirstSentence(text)     the first sentence (or clause) of the reply was handed to the mouth
    TtsFirstSentence        ... and synthesized (from the Mouth)
    FirstAudio              ... and handed to the speaker (from the Mouth)
    Playing(pcm, rate)      each sentence's audio, as it goes to the speaker (from the Mouth)
    TurnDone(result)        the turn returned (Milo.turn's result)
    Spoken(seconds)         the whole reply has been heard (from the Mouth)
    CutOff(heard)           the user spoke over the reply and it stopped (barge-in, milo.voice.barge);
                            heard: what of it was played
    Stopped(text)           the user only said "stop" (or "be quiet", "wait"): no turn

bench/voice_latency.py times these; a handler must be quick (it runs on the loop's threads).
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Callable

if TYPE_CHECKING:
    from milo.voice.vad import Utterance


@dataclass(frozen=True, kw_only=True)
class VoiceEvent:
    t: float = field(default_factory=time.monotonic)


@dataclass(frozen=True)
class SpeechStart(VoiceEvent):
    chunk: int


@dataclass(frozen=True)
class SpeechEnd(VoiceEvent):
    utterance: "Utterance"


@dataclass(frozen=True)
class Transcript(VoiceEvent):
    text: str
    early: bool = False


@dataclass(frozen=True)
class Awake(VoiceEvent):
    """A listen or follow-up window opened: the next `seconds` of speech need no wake phrase (a
    body breathes meanwhile)."""

    seconds: float = 0.0


@dataclass(frozen=True)
class Standby(VoiceEvent):
    """Back to waiting for the wake phrase."""


@dataclass(frozen=True)
class Answering(VoiceEvent):
    """A question for Milo was taken: its turn starts (a body shows it is thinking)."""

    text: str = ""


@dataclass(frozen=True)
class FirstToken(VoiceEvent):
    """The reply's first piece came from the model (where latency is measured from)."""


@dataclass(frozen=True)
class FirstSentence(VoiceEvent):
    """The reply's first whole sentence, handed to text to speech."""

    text: str = ""


@dataclass(frozen=True)
class TtsFirstSentence(VoiceEvent):
    """Text to speech has the first sentence's audio."""


@dataclass(frozen=True)
class FirstAudio(VoiceEvent):
    """The first audio of the reply went to the speaker."""


@dataclass(frozen=True)
class Playing(VoiceEvent):
    """A sentence's audio, about to be played (a body moves its head along with it)."""

    pcm: bytes = field(repr=False)
    rate: int


@dataclass(frozen=True)
class Spoken(VoiceEvent):
    seconds: float  # of speech played for the reply


@dataclass(frozen=True)
class TurnDone(VoiceEvent):
    result: Any


@dataclass(frozen=True)
class CutOff(VoiceEvent):
    heard: str


@dataclass(frozen=True)
class Stopped(VoiceEvent):
    text: str


EventHandler = Callable[[VoiceEvent], None]


def ignore(event: VoiceEvent) -> None:
    """The handler when nobody listens."""
