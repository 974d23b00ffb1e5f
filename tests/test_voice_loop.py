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
    from milo.voice.tts import Pyttsx3Tts

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


def _loop(wav, stt, tts, turn, out, **config):
    from milo.voice.loop import LoopConfig, VoiceLoop
    from milo.voice.mic import FileSource
    from milo.voice.speaker import WavSink
    from milo.voice.vad import Segmenter, SileroVad

    said, status, events = [], [], []
    loop = VoiceLoop(
        FileSource(str(wav), realtime=False), Segmenter(SileroVad()), stt, tts, WavSink(str(out)), turn,
        config=LoopConfig(**config), say=said.append, status=status.append,
        on_event=lambda name, t, **kw: events.append(name),
    )
    return loop, said, status, events


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
    loop, said, status, events = _loop(wav, whisper, tts, turn, tmp_path / "out.wav")
    original = loop.on_event

    def on_event(name, t, **kw):
        if name == "first_audio":
            first_audio.set()
        original(name, t, **kw)

    loop.on_event = on_event
    assert loop.run() == 1
    assert seen_before_end == [True]
    assert events.index("first_audio") < events.index("turn_done") < events.index("spoken")


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
