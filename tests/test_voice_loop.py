"""The voice loop's behaviour on real speech (espeak-ng -> Silero VAD -> faster-whisper), with a
stand-in for Milo's turn so each rule can be shown quickly: wake phrase, bare wake + question,
the follow-up window, speaking while the reply still streams, half-duplex on a real device."""

import threading
import time

import pytest

from virtual_audio import concat, have, synth, virtual_audio  # noqa: F401 (fixture)

pytestmark = pytest.mark.skipif(not have("espeak-ng", "sox"), reason="espeak-ng and sox are not installed")


@pytest.fixture(scope="module")
def tts():
    from milo.voice.tts.pyttsx3 import Pyttsx3Tts

    t = Pyttsx3Tts()
    yield t
    t.close()


class StandIn:
    """Milo.turn's shape: streams the reply through on_reply, returns a TurnResult-like object."""

    def __init__(self, reply="My name is Milo. Nice to meet you!", pieces=4, error=None):
        self.asked, self.reply, self.pieces, self.error = [], reply, pieces, error
        self.during = None  # called between streamed pieces

    def __call__(self, text, on_reply=None):
        self.asked.append(text)
        step = max(1, len(self.reply) // self.pieces)
        for i in range(0, len(self.reply), step):
            on_reply(self.reply[i : i + step])
            if self.during:
                self.during(i)

        class R:
            pass

        r = R()
        r.reply, r.gestures, r.error, r.notices = self.reply, ["nod(times=1)"], self.error, []
        return r


def _loop(wav, stt, tts, turn, out, sink=None, **config):
    from milo.voice.loop import LoopConfig, VoiceLoop, VoicePipeline
    from milo.voice.mic import FileSource
    from milo.voice.speaker import WavSink
    from milo.voice.vad import Segmenter, SileroVad

    said, status, events = [], [], []
    pipeline = VoicePipeline(FileSource(str(wav), realtime=False), Segmenter(SileroVad()), stt, tts, sink or WavSink(str(out)))
    loop = VoiceLoop(pipeline, turn, LoopConfig(**config), say=said.append, status=status.append, on_event=events.append)
    return loop, said, status, events


class Words:
    """A stand-in speech to text that hears `text` in any speech."""

    label = "stand-in"

    def __init__(self, text):
        self.text = text

    def stream(self):
        engine = self

        class Stream:
            def feed(self, pcm):
                pass

            def finish(self):
                return engine.text

        return Stream()

    def transcribe(self, pcm):
        return self.text

    def spotter(self, words, fillers=()):
        return None


class Beeps:
    """A stand-in voice: 0.1 s of sound per sentence."""

    label = "beeps"

    def synth(self, text):
        return b"\x00\x10" * 1600, 16000

    def close(self):
        pass


class Heard:
    label, latency = "list", 0.0

    def __init__(self):
        self.played, self.drained, self.closed = [], 0, False

    def play(self, pcm, rate):
        self.played.append((len(pcm), rate))

    def drain(self):
        self.drained += 1

    def close(self):
        self.closed = True


def test_each_step_is_one_typed_event_in_order(tmp_path):
    """Real speech through the real VAD, stand-ins for the engines: every step of a turn is
    reported once, as its own event type, at a monotonic time, in the order it happens."""
    from milo.voice import events as E
    from milo.voice import protocols as P
    from milo.voice.vad import Utterance

    stt, voice, sink = Words("Hey Milo, what is your name?"), Beeps(), Heard()
    assert isinstance(stt, P.SpeechToText) and isinstance(voice, P.TextToSpeech) and isinstance(sink, P.AudioSink)
    wav = concat([synth("Hey Milo, what is your name?", tmp_path / "q.wav")], tmp_path / "talk.wav")
    turn = StandIn(reply="My name is Milo. Nice to meet you! I like clouds.")
    loop, said, status, events = _loop(wav, stt, voice, turn, None, sink=sink, follow_up_s=0.5)
    assert loop.run() == 1
    assert turn.asked == ["what is your name?"]
    kinds = [type(e) for e in events]
    order = [E.SpeechStart, E.SpeechEnd, E.Transcript, E.FirstToken, E.FirstSentence, E.TtsFirstSentence,
             E.FirstAudio, E.Spoken]
    assert sorted(kinds, key=str) == sorted(order + [E.TurnDone], key=str), kinds  # each once, nothing else
    assert [k for k in kinds if k in order] == order
    assert kinds.index(E.FirstToken) < kinds.index(E.TurnDone) < kinds.index(E.Spoken)
    got = {type(e): e for e in events}
    assert all(isinstance(e, E.VoiceEvent) for e in events)
    assert [got[k].t for k in order] == sorted(got[k].t for k in order)
    assert got[E.Transcript].text == "Hey Milo, what is your name?"
    assert isinstance(got[E.SpeechEnd].utterance, Utterance) and got[E.SpeechEnd].utterance.speech_seconds > 1
    assert got[E.SpeechStart].chunk <= got[E.SpeechEnd].utterance.end_chunk
    assert got[E.TurnDone].result is loop.results[0]
    assert got[E.Spoken].seconds == pytest.approx(0.1 * len(sink.played)) and len(sink.played) == 3
    assert sink.drained == 1 and said == ["You: what is your name?", "Milo: " + turn.reply]


def test_closing_the_pipeline_closes_every_part_even_when_one_fails(tmp_path):
    from milo.voice.loop import VoicePipeline
    from milo.voice.wake import WakePhrase

    closed = []

    class Part:
        def __init__(self, name, fails=False):
            self.name, self.fails = name, fails

        def close(self):
            closed.append(self.name)
            if self.fails:
                raise OSError("device gone")

    p = VoicePipeline(Part("source", fails=True), None, None, Part("tts"), Part("sink", fails=True))
    p.close()
    assert closed == ["source", "sink", "tts"]
    assert p.wake.phrase == WakePhrase().phrase and p.spotter is None


def test_follow_up_window_then_back_to_the_wake_phrase(whisper, tts, tmp_path):
    q1 = synth("Hey Milo, what is your name?", tmp_path / "q1.wav")
    q2 = synth("Do you like music?", tmp_path / "q2.wav")
    q3 = synth("Tell me a secret.", tmp_path / "q3.wav")
    q4 = synth("Hey Milo, tell me a secret.", tmp_path / "q4.wav")
    wav = concat([q1, 1.5, q2, 6.0, q3, 1.0, q4], tmp_path / "talk.wav")
    turn = StandIn()
    loop, said, status, _ = _loop(wav, whisper, tts, turn, tmp_path / "out.wav", follow_up_s=3)
    assert loop.run() == 3
    # q1 after the wake phrase, q2 inside the follow-up window, q3 ignored (window closed), q4 woke
    assert [("name" in a.lower(), "music" in a.lower(), "secret" in a.lower()) for a in turn.asked] == [
        (True, False, False), (False, True, False), (False, False, True)], turn.asked
    assert not turn.asked[0].lower().startswith("hey")
    assert said == [x for pair in zip([f"You: {a}" for a in turn.asked], ["Milo: " + turn.reply] * 3) for x in pair]
    assert sum('(listening for "hey Milo")' in s for s in status) >= 2
    assert sum("[Milo: nod(times=1)]" in s for s in status) == 3


def test_a_bare_wake_phrase_is_acknowledged_and_the_next_utterance_is_the_question(whisper, tts, tmp_path):
    wav = concat([synth("Hey Milo.", tmp_path / "w.wav"), 1.0, synth("What time is it?", tmp_path / "q.wav")],
                 tmp_path / "talk.wav")
    turn = StandIn()
    loop, said, status, _ = _loop(wav, whisper, tts, turn, tmp_path / "out.wav")
    assert loop.run() == 1
    assert "time" in turn.asked[0].lower()
    assert any("wake phrase heard" in s for s in status)


def test_the_listening_window_after_a_bare_wake_phrase_closes(whisper, tts, tmp_path):
    wav = concat([synth("Hey Milo.", tmp_path / "w.wav"), 5.0, synth("What time is it?", tmp_path / "q.wav")],
                 tmp_path / "talk.wav")
    turn = StandIn()
    loop, *_ = _loop(wav, whisper, tts, turn, tmp_path / "out.wav", listen_s=2)
    assert loop.run() == 0 and turn.asked == []


def test_milo_starts_speaking_before_the_reply_is_finished(whisper, tts, tmp_path):
    """The first sentence is synthesized and handed to the speaker while the turn is still
    streaming the rest: the stand-in holds its second half until the first audio is out."""
    wav = concat([synth("Hey Milo, how are you?", tmp_path / "q.wav")], tmp_path / "talk.wav")
    turn = StandIn(reply="I am well, thank you. The clouds are lovely today, and I like them.", pieces=2)
    first_audio = threading.Event()
    seen_before_end = []

    def during(i):
        if i == 0:
            seen_before_end.append(first_audio.wait(20))

    turn.during = during
    from milo.voice.events import FirstAudio, Spoken, TurnDone

    loop, said, status, events = _loop(wav, whisper, tts, turn, tmp_path / "out.wav")
    original = loop.on_event

    def on_event(event):
        if isinstance(event, FirstAudio):
            first_audio.set()
        original(event)

    loop.on_event = on_event
    assert loop.run() == 1
    assert seen_before_end == [True]
    kinds = [type(e) for e in events]
    assert kinds.index(FirstAudio) < kinds.index(TurnDone) < kinds.index(Spoken)


def test_a_failed_turn_still_speaks_and_says_why(whisper, tts, tmp_path):
    wav = concat([synth("Hey Milo, what is your name?", tmp_path / "q.wav")], tmp_path / "talk.wav")
    turn = StandIn(reply="Oh! I lost my train of thought.", error="The model did not answer within 60 seconds.")
    loop, said, status, _ = _loop(wav, whisper, tts, turn, tmp_path / "out.wav")
    assert loop.run() == 1
    assert said[-1] == "Milo: Oh! I lost my train of thought."
    assert "milo: The model did not answer within 60 seconds." in status


def test_the_muted_microphone_drops_what_it_hears(virtual_audio, tmp_path):
    """Half-duplex on a real (virtual) device: speech played while muted never reaches the loop;
    the same speech played after unmute does."""
    from milo.voice.audio import rms_dbfs
    from milo.voice.mic import MicSource

    speech = synth("This is Milo talking to itself.", tmp_path / "s.wav")
    mic = MicSource().open()
    try:
        chunks = mic.chunks()
        next(chunks)  # the device is running
        mic.mute()
        virtual_audio.play(speech)  # returns when played
        time.sleep(0.3)
        mic.unmute(guard_s=0.0)
        quiet = [rms_dbfs(next(chunks)) for _ in range(15)]
        assert max(quiet) < -50, quiet
        virtual_audio.play(speech, wait=False)
        heard = [rms_dbfs(next(chunks)) for _ in range(90)]
        assert sum(level > -40 for level in heard) > 20
    finally:
        mic.close()
