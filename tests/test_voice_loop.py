"""The voice loop's behaviour on real speech (espeak-ng -> Silero VAD -> faster-whisper), with a
stand-in for Milo's turn so each rule can be shown quickly: wake phrase, bare wake + question,
the follow-up window, speaking while the reply still streams, half-duplex on a real device, and
endpointing: the final transcription started in the pause, used or dropped, and its verdict on
how long the pause may last."""

import threading
import time

import pytest

from virtual_audio import concat, have, synth, trim, virtual_audio  # noqa: F401 (fixture)

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
        self.after_end = None  # called after on_reply_end, before returning

    def __call__(self, text, on_reply=None, on_reply_end=None):
        self.asked.append(text)
        step = max(1, len(self.reply) // self.pieces)
        for i in range(0, len(self.reply), step):
            on_reply(self.reply[i : i + step])
            if self.during:
                self.during(i)
        if on_reply_end:
            on_reply_end()
        if self.after_end:  # the memory lines being written
            self.after_end()

        class R:
            pass

        r = R()
        r.reply, r.gestures, r.error, r.notices = self.reply, ["nod(times=1)"], self.error, []
        return r


def _loop(wav, stt, tts, turn, out, sink=None, end_ms=480, realtime=False, **config):
    from milo.voice.loop import LoopConfig, VoiceLoop, VoicePipeline
    from milo.voice.mic import FileSource
    from milo.voice.speaker import WavSink
    from milo.voice.vad import Segmenter, SileroVad

    said, status, events = [], [], []
    pipeline = VoicePipeline(FileSource(str(wav), realtime=realtime), Segmenter(SileroVad(), end_ms=end_ms), stt, tts,
                             sink or WavSink(str(out)))
    loop = VoiceLoop(pipeline, turn, LoopConfig(**config), say=said.append, status=status.append, on_event=events.append)
    return loop, said, status, events


def _noting_first_audio(loop) -> threading.Event:
    """An event set when the loop's first audio goes out (its other events still recorded)."""
    from milo.voice.events import FirstAudio

    first_audio, original = threading.Event(), loop.on_event
    loop.on_event = lambda e: (first_audio.set() if isinstance(e, FirstAudio) else None, original(e))
    return first_audio


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
    playing = [e for e in events if isinstance(e, E.Playing)]  # each sentence's audio, as it is played
    # ... written to the speaker in pieces of at most 50 ms (a barge-in cuts it within one)
    assert sum(len(e.pcm) for e in playing) == sum(n for n, _ in sink.played)
    assert all(n <= 0.05 * rate * 2 and rate == playing[0].rate for n, rate in sink.played)
    events = [e for e in events if not isinstance(e, E.Playing)]
    kinds = [type(e) for e in events]
    order = [E.SpeechStart, E.SpeechEnd, E.Transcript, E.Answering, E.FirstToken, E.FirstSentence, E.TtsFirstSentence,
             E.FirstAudio, E.Spoken, E.Awake, E.Standby]  # then the follow-up window, open and closed
    assert sorted(kinds, key=str) == sorted(order + [E.TurnDone], key=str), kinds  # each once, nothing else
    assert [e.seconds for e in events if isinstance(e, E.Awake)] == [0.5]
    assert [k for k in kinds if k in order] == order
    assert kinds.index(E.FirstToken) < kinds.index(E.TurnDone) < kinds.index(E.Spoken)
    got = {type(e): e for e in events}
    assert all(isinstance(e, E.VoiceEvent) for e in events)
    assert [got[k].t for k in order] == sorted(got[k].t for k in order)
    assert got[E.Transcript].text == "Hey Milo, what is your name?"
    assert isinstance(got[E.SpeechEnd].utterance, Utterance) and got[E.SpeechEnd].utterance.speech_seconds > 1
    assert got[E.SpeechStart].chunk <= got[E.SpeechEnd].utterance.end_chunk
    assert got[E.TurnDone].result is loop.results[0]
    assert got[E.Spoken].seconds == pytest.approx(0.1 * 3) and len(playing) == 3  # three sentences of 0.1 s
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


def test_a_last_sentence_is_spoken_before_the_turn_is_over(whisper, tts, tmp_path):
    """The model writes its tags after the reply, so the reply's last sentence has no space after
    it until the turn returns: it is spoken at its question mark all the same."""
    wav = concat([synth("Hey Milo, how are you?", tmp_path / "q.wav")], tmp_path / "talk.wav")
    turn = StandIn(reply="How are you today?", pieces=1)
    loop, said, status, events = _loop(wav, whisper, tts, turn, tmp_path / "out.wav")
    first_audio = _noting_first_audio(loop)
    seen_before_end = []
    turn.during = lambda i: seen_before_end.append(first_audio.wait(10))
    assert loop.run() == 1
    assert seen_before_end == [True]


def test_a_reply_without_a_full_stop_is_spoken_when_it_is_whole_not_after_the_memory_lines(whisper, tts, tmp_path):
    """The tiny brain often ends its reply without punctuation ("3 days ago"): once Milo.turn
    says the reply is whole (on_reply_end), its last words are spoken, while the model still
    writes the memory lines."""
    wav = concat([synth("Hey Milo, when did we meet?", tmp_path / "q.wav")], tmp_path / "talk.wav")
    turn = StandIn(reply="Three days ago, on a rainy Tuesday", pieces=3)
    loop, said, status, events = _loop(wav, whisper, tts, turn, tmp_path / "out.wav")
    first_audio = _noting_first_audio(loop)
    heard_while_writing = []
    turn.after_end = lambda: heard_while_writing.append(first_audio.wait(10))
    assert loop.run() == 1
    assert heard_while_writing == [True]


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


# ---- endpointing: the early final pass ------------------------------------------------------


class Counted:
    """The real whisper, noting each transcription: (seconds of audio, text)."""

    def __init__(self, engine):
        self.engine, self.label, self.calls = engine, engine.label, []

    def stream(self):
        raise AssertionError("the loop transcribes through its early final pass")

    def transcribe(self, pcm):
        text = self.engine.transcribe(pcm)
        self.calls.append((len(pcm) / 32000, text))
        return text

    def spotter(self, words, fillers=()):
        return None


def _of(kind, events):
    return [e for e in events if isinstance(e, kind)]


def test_the_pass_started_in_the_pause_is_the_transcript_when_the_user_stopped(whisper, tmp_path):
    from milo.voice.events import SpeechEnd, Transcript

    wav = concat([synth("Hey Milo, what is your name?", tmp_path / "q.wav")], tmp_path / "talk.wav")
    stt, turn = Counted(whisper), StandIn()
    loop, said, status, events = _loop(wav, stt, Beeps(), turn, None, sink=Heard(), follow_up_s=0.5)
    assert loop.run() == 1 and "name" in turn.asked[0].lower()
    utt = _of(SpeechEnd, events)[0].utterance
    assert [e.early for e in _of(Transcript, events)] == [True]
    # The transcript is a pass on the audio as it was early in the last pause (after one at the
    # comma, dropped): none ran on the whole utterance, after the VAD ended it.
    whole = len(utt.pcm) / 32000
    assert "name" in stt.calls[-1][1].lower() and all(seconds < whole - 0.2 for seconds, _ in stt.calls), (stt.calls, whole)


def test_the_pass_started_in_a_pause_is_dropped_when_the_user_goes_on(whisper, tmp_path):
    from milo.voice.events import Transcript

    a = trim(synth("Hey Milo, what I would really like to know", tmp_path / "a.wav"))
    b = trim(synth("is whether it will rain tomorrow", tmp_path / "b.wav"))
    wav = concat([a, 0.35, b], tmp_path / "talk.wav")
    stt, turn = Counted(whisper), StandIn()
    # A long hangover and no verdict: only the early pass is on trial here.
    loop, said, status, events = _loop(wav, stt, Beeps(), turn, None, sink=Heard(), end_ms=1500,
                                       quick_end_ms=1500, hold_end_ms=1500, follow_up_s=0.5)
    assert loop.run() == 1
    assert "know" in turn.asked[0].lower() and "tomorrow" in turn.asked[0].lower(), (turn.asked, stt.calls)
    first, last = stt.calls[0], stt.calls[-1]
    assert len(stt.calls) >= 2 and "tomorrow" not in first[1].lower() and last[0] > first[0] + 1.0, stt.calls
    assert [e.early for e in _of(Transcript, events)] == [True]  # the pass in the last pause

    # No pause after it at all: the VAD cuts the utterance at max_s while the user talks on.
    from milo.voice.vad import Segmenter, SileroVad

    stt, turn = Counted(whisper), StandIn()
    loop, said, status, events = _loop(wav, stt, Beeps(), turn, None, sink=Heard(), end_ms=1500,
                                       quick_end_ms=1500, hold_end_ms=1500, follow_up_s=0.5)
    loop.pipeline.segmenter = Segmenter(SileroVad(), end_ms=1500, max_s=4.2)
    assert loop.run() == 1
    assert "know" in turn.asked[0].lower() and " will" in turn.asked[0].lower(), (turn.asked, stt.calls)
    assert _of(Transcript, events)[0].early is False, stt.calls


def test_a_pause_after_a_fragment_is_waited_out_and_a_finished_question_ends_sooner(whisper, tmp_path):
    """At speaking pace: the early transcript of "... what I would really like to know" sounds
    unfinished, so its 0.8 s pause does not end the utterance; the whole question sounds
    finished, so its end comes after quick_end_ms, not hold_end_ms nor the segmenter's end_ms.
    (Chunks are counted, not seconds timed: a slow pass only moves the verdict later.)"""
    from milo.voice import CHUNK_SECONDS
    from milo.voice.events import SpeechEnd

    a = trim(synth("Hey Milo, what I would really like to know", tmp_path / "a.wav"))
    b = trim(synth("is whether it will rain tomorrow", tmp_path / "b.wav"))
    wav = concat([a, 0.8, b], tmp_path / "talk.wav")
    stt, turn = Counted(whisper), StandIn()
    loop, said, status, events = _loop(wav, stt, Beeps(), turn, None, sink=Heard(), realtime=True, end_ms=3000,
                                       quick_end_ms=320, hold_end_ms=1500, follow_up_s=0.5)
    assert loop.run() == 1
    assert "know" in turn.asked[0].lower() and "tomorrow" in turn.asked[0].lower(), (turn.asked, stt.calls)
    ends = _of(SpeechEnd, events)
    assert len(ends) == 1
    silence = (ends[0].utterance.end_chunk - ends[0].utterance.speech_end_chunk) * CHUNK_SECONDS
    assert silence < 1.5, (silence, stt.calls)


def test_what_was_said_by_a_pause_gets_a_head_start_while_the_user_talks_on(whisper, tmp_path):
    """A pass in a pause the user talked over is not lost: what it heard (the wake phrase taken
    off) is given to the head start (milo.voice.cli.head_start: Milo.prefill_typed) while the
    rest is still being said; it is told when the utterance has ended, before the turn begins.
    A pause before the wake phrase was said starts nothing."""
    a = trim(synth("Hey Milo, I went for a long walk by the river", tmp_path / "a.wav"))
    b = trim(synth("and it was lovely", tmp_path / "b.wav"))
    c = trim(synth("The weather is", tmp_path / "c.wav"))
    d = trim(synth("nice today", tmp_path / "d.wav"))
    wav = concat([c, 0.4, d, 1.5, a, 0.4, b], tmp_path / "talk.wav")
    stt, turn = Counted(whisper), StandIn()
    started: list = []

    def head_start(said, ended):
        started.append((said, ended.is_set(), ended, list(turn.asked)))

    loop, said, status, events = _loop(wav, stt, Beeps(), turn, None, sink=Heard(), realtime=True, follow_up_s=0.5,
                                       quick_end_ms=1200, hold_end_ms=1200, end_ms=1200)
    loop.head_start = head_start
    assert loop.run() == 1
    assert "walk" in turn.asked[0].lower() and "lovely" in turn.asked[0].lower(), (turn.asked, stt.calls)
    assert started, stt.calls
    first, was_ended, ended, asked_then = started[0]
    assert "walk" in first.lower() and "lovely" not in first.lower() and "milo" not in first.lower(), started
    assert not was_ended and not asked_then and ended.is_set()  # while talking; told once it ended
    assert not any("weather" in s.lower() for s, *_ in started)  # no wake phrase yet: nothing


def _writing_notes(stand_in, hurried: list):
    """A turn that comes back with its reply whole, as Milo.start_turn does: the first one's
    memory lines go on until something hurries them (each turn's hurry event in `hurried`)."""
    from milo.chat.turn import PendingTurn

    def start(text, on_reply=None, on_reply_end=None):
        result = stand_in(text, on_reply)
        hurry = threading.Event()
        hurried.append(hurry)
        first = len(hurried) == 1

        def memory_lines():
            if first:
                hurry.wait(30)  # the model writing its notes, until the next question is here
            return result
            yield

        on_reply_end()
        return PendingTurn(memory_lines(), threading.Event(), hurry)

    return start


def test_a_follow_up_hurries_the_turn_before_at_its_first_words_for_a_head_start(whisper, tmp_path):
    """The turn before still writes its memory lines (Milo.start_turn's pending turn) when the
    follow-up begins: its first words heard by a pause hurry it, as the follow-up's end would,
    and the head start on them runs while the rest is being said."""
    stand_in = StandIn(reply="How lovely.")
    hurried: list = []
    start = _writing_notes(stand_in, hurried)
    a = trim(synth("Hey Milo, my sister is visiting next week", tmp_path / "a.wav"))
    b = trim(synth("She lives in Lisbon", tmp_path / "b.wav"))
    c = trim(synth("and she works in a bakery", tmp_path / "c.wav"))
    wav = concat([a, 1.5, b, 0.4, c], tmp_path / "talk.wav")
    started: list = []

    def head_start(said, ended):
        started.append((said, hurried[0].is_set(), ended.is_set()))

    loop, said, status, events = _loop(wav, Counted(whisper), Beeps(), start, None, sink=Heard(), realtime=True,
                                       follow_up_s=8, quick_end_ms=1200, hold_end_ms=1200, end_ms=1200)
    loop.head_start = head_start
    assert loop.run() == 2
    assert "lisbon" in stand_in.asked[1].lower() and "bakery" in stand_in.asked[1].lower(), stand_in.asked
    follow = [s for s in started if "lisbon" in s[0].lower()]
    assert follow, started
    text, was_hurried, was_ended = follow[0]
    assert "bakery" not in text.lower() and was_hurried and not was_ended, started


def test_the_microphone_opens_while_the_memory_lines_are_still_being_written(tmp_path):
    """A turn that comes back with its reply whole (Milo.start_turn, as `milo voice` uses it):
    the loop listens again once the reply has been heard, not once the model has written its
    memory lines. Here those lines go on until the next question hurries them (PendingTurn.hurry):
    it is heard, and answered after the first turn has etched what it had."""
    from milo.voice import events as E

    stand_in = StandIn(reply="My name is Milo.")
    hurried: list = []
    start = _writing_notes(stand_in, hurried)

    wav = concat([synth("Hey Milo, what is your name?", tmp_path / "q1.wav"), 1.0,
                  synth("And what do you like?", tmp_path / "q2.wav"), 1.0], tmp_path / "talk.wav")
    loop, said, status, events = _loop(wav, Words("Hey Milo, what is your name?"), Beeps(), start, None, sink=Heard(), follow_up_s=8)

    loop.on_event = events.append
    assert loop.run() == 2
    kinds = [type(e) for e in events]
    second_start = [i for i, k in enumerate(kinds) if k is E.SpeechStart][1]
    first_done = kinds.index(E.TurnDone)
    assert second_start < first_done, kinds  # listening while the first turn was still writing
    assert len(stand_in.asked) == 2 and len(loop.results) == 2
    assert kinds.count(E.TurnDone) == 2 and kinds.index(E.FirstToken, second_start) > first_done  # answered after
    assert hurried[0].is_set()  # the second question did not wait for the first turn's notes
