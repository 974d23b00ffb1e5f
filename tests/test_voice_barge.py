"""Barge-in through the virtual sound devices (issue 24): Milo's reply plays out of the virtual
speaker and comes back into the virtual microphone as a room's echo (a PulseAudio loopback,
~60 ms late); the user speaks over it. The real parts: PyAudio on both devices, the echo canceller
(WebRTC AEC3, milo.voice.echo), Silero VAD, faster-whisper, espeak-ng; the model is the loopback
server with a fixed long reply (what is under test is the loop, not what the model says)."""

from __future__ import annotations

import re
import threading
import time

import pytest

from model_server import ScriptedModelServer
from virtual_audio import audible_seconds, concat, synth, virtual_audio  # noqa: F401


LONG = ("[REPLY]: Octopuses are wonderful animals. They have three hearts and blue blood. "
        "Each of their eight arms can taste and touch on its own. Some of them can change colour in a blink, "
        "and they squeeze through holes no bigger than a coin. I could talk about them all day long.\n"
        "[INTERNAL]: octopus facts\n[CORE_UPDATE]: Amy asked about octopuses\n[FUTURE_MESSAGE]: Nothing in particular")
SHORT = ("[REPLY]: Blue, like the sky over the sea.\n[INTERNAL]: colour\n"
         "[CORE_UPDATE]: Amy asked about my favourite colour\n[FUTURE_MESSAGE]: Nothing in particular")


# ---- without sound devices -------------------------------------------------------------------


@pytest.mark.parametrize("text,stop", [
    ("stop", True), ("Stop!", True), ("hey milo stop", True), ("wait a second", True), ("be quiet please", True),
    ("hold on a minute", True), ("okay, stop", True), ("Arrête !", True), ("STOP IT", True), ("Wait... Wait...", True), ("stop stop stop", True),
    ("Be quiet. Be quiet. Be quiet. Be", True), ("stop the music stop the music", False),
    ("stop the music", False), ("wait what did you say", False), ("what time is it", False),
    ("cancel my dentist appointment", False), ("", False),
])
def test_a_bare_stop_is_told_from_a_question(text, stop):
    from milo.voice.barge import is_stop

    assert is_stop(text, ["hey", "milo"]) is stop


def test_stop_alone_starts_no_turn(tmp_path):
    """"Hey Milo, stop." through the real VAD: no turn, the loop says it stopped."""
    from test_voice_loop import Beeps, StandIn, Words, _loop

    from milo.voice.events import Answering, Stopped
    from virtual_audio import synth

    wav = concat([synth("Hey Milo, stop.", tmp_path / "s.wav")], tmp_path / "talk.wav")
    turn = StandIn()
    loop, said, status, events = _loop(wav, Words("Hey Milo, stop."), Beeps(), turn, tmp_path / "out.wav", follow_up_s=0.5)
    assert loop.run() == 0
    assert turn.asked == [] and "(stopped)" in status
    assert {e.text for e in events if isinstance(e, Stopped)} == {"stop."} and not any(isinstance(e, Answering) for e in events)


class SlowSink:
    """Plays in real time (sleeps as long as the audio lasts) and records what it was given."""

    label, latency = "slow", 0.0

    def __init__(self):
        self.pieces, self.stopped, self.drained = [], 0, 0

    def play(self, pcm, rate):
        self.pieces.append(time.monotonic())
        time.sleep(len(pcm) / (2 * rate))

    def stop(self):
        self.stopped += 1

    def drain(self):
        self.drained += 1

    def close(self):
        pass


class Seconds:
    """A stand-in voice: one second of sound per sentence."""

    label = "seconds"

    def synth(self, text):
        return b"\x00\x10" * 16000, 16000

    def close(self):
        pass


def test_a_stopped_mouth_goes_quiet_within_a_piece_and_says_what_was_heard():
    from milo.voice.mouth import PIECE_S, Mouth

    sink = SlowSink()
    mouth = Mouth(Seconds(), sink)
    mouth.say("Octopuses have three hearts and blue blood.")
    mouth.say("They taste with their arms.")
    time.sleep(1.5)  # the first sentence whole, half of the second
    stopped_at = time.monotonic()
    heard = mouth.stop()
    mouth.say("Never said.")
    assert mouth.finish() < 1.6
    assert sink.stopped == 1 and sink.drained == 0  # cut, not played out
    assert max(sink.pieces) <= stopped_at + PIECE_S  # no piece began after the stop (one may have been under way)
    assert heard.startswith("Octopuses have three hearts and blue blood. They") and "arms" not in heard, heard


def test_a_burst_of_milos_own_voice_does_not_cut_it_off_and_speech_that_goes_on_does():
    """The echo canceller lets Milo's voice through now and then for a few chunks, enough for the
    VAD to start: the reply is cut only when the speech goes on CONFIRM_CHUNKS more."""
    from milo.voice import CHUNK_BYTES
    from milo.voice.barge import CONFIRM_CHUNKS, BargeIn, Cut, Microphone
    from milo.voice.mouth import Mouth
    from milo.voice.vad import Segmenter

    burst = 2 + CONFIRM_CHUNKS  # the VAD starts on its 3rd voiced chunk: one short of confirmed
    probs = [0.0] * 4 + [0.9] * burst + [0.0] * 20 + [0.9] * 12 + [0.0] * 20
    cut_at = 4 + burst + 20 + 3 + CONFIRM_CHUNKS  # chunks read when the user's speech is confirmed

    class ScriptedVad:
        """Stands in for Silero: what the VAD says of each chunk is the script (the decision
        under test is what BargeIn does with it)."""

        def __init__(self):
            self.i = 0

        def __call__(self, chunk):
            self.i += 1
            return probs[min(self.i - 1, len(probs) - 1)]

        def reset(self):
            pass

    loud = b"\x00\x10" * (CHUNK_BYTES // 2)
    mouth = Mouth(Seconds(), SlowSink())
    for _ in range(5):
        mouth.say("A long answer.")
    read = []

    class Source:
        def chunks(self):
            mouth.playing.wait(5)
            for _ in probs:
                read.append(1)
                yield loud

    cut = Cut()
    watcher = BargeIn(Microphone(Source()), Segmenter(ScriptedVad()), mouth, cut)
    assert cut.event.wait(10), len(read)
    start = watcher.close()
    mouth.finish()
    assert len(read) == cut_at, (len(read), cut_at)
    assert start is not None and start.pcm.endswith(loud * (3 + CONFIRM_CHUNKS))


def test_the_echo_canceller_takes_milos_voice_out_and_keeps_the_users(tmp_path):
    """WebRTC AEC3 on real speech: Milo's reply comes back 10 dB down, 60 ms late with a second
    reflection; the user speaks over it from 2 s on."""
    pytest.importorskip("livekit")
    import numpy as np

    from milo.voice import CHUNK_BYTES
    from milo.voice.audio import read_wav, to_array
    from milo.voice.echo import load
    from virtual_audio import synth

    reply = to_array(read_wav(synth("Octopuses are amazing! They have three hearts and blue blood, and they can "
                                    "taste with their arms. I once read that they dream too.", tmp_path / "r.wav"))).astype(float)
    user = to_array(read_wav(synth("Wait, tell me about the stars instead.", tmp_path / "u.wav", voice="en-gb"))).astype(float)
    n = len(reply) + 16000
    echo = np.zeros(n)
    d = int(0.06 * 16000)
    echo[d : d + len(reply)] += reply * 10 ** (-10 / 20)
    echo[d + 160 : d + 160 + len(reply)] += reply * 10 ** (-18 / 20)
    at = 3 * 16000
    mic = echo.copy()
    mic[at : at + len(user)] += user[: n - at]
    mic += np.random.default_rng(0).normal(0, 30, n)
    aec = load()
    assert aec is not None
    played = np.zeros(n)
    played[: len(reply)] = reply
    pcm = lambda a: np.clip(a, -32768, 32767).astype("<i2").tobytes()  # noqa: E731
    out = bytearray()
    trained = []
    for i in range(0, n - 512, 512):
        aec.played(pcm(played[i : i + 512]), 16000)  # as the speaker is given it
        out += aec.clean(pcm(mic[i : i + 512]))
        trained.append(aec.trained)
    assert len(out) % CHUNK_BYTES == 0
    cleaned = to_array(bytes(out)).astype(float)
    rms = lambda a: float(np.sqrt(np.mean(a**2) + 1e-9))  # noqa: E731
    alone = slice(8000, at)  # Milo talking, the user not yet
    erle = 20 * np.log10(rms(mic[alone]) / rms(cleaned[alone]))
    both = slice(at, at + len(user))
    kept = rms(cleaned[both]) / rms(user)
    print(f"echo {erle:.1f} dB quieter; user's voice over it kept at {kept:.2f}")
    assert erle >= 20, erle
    assert 0.5 <= kept <= 1.5, kept
    # Armed (barge-in) once it has heard 2 s of Milo and shown it takes the echo out, before the user spoke.
    assert not any(trained[: 2 * 16000 // 512 - 2]) and trained[at // 512 - 1], trained


def test_the_echo_canceller_is_not_trained_while_milos_voice_still_comes_through(tmp_path):
    """Barge-in waits for a canceller that has shown it takes Milo's echo out: here what comes
    back is not what was played now (the same voice, from ten seconds further on: as loud, but
    nothing a canceller models), so
    little is taken out, and it would stop Milo. Armed anyway after TRAIN_MAX_S (a room that never
    shows it)."""
    pytest.importorskip("livekit")
    import numpy as np

    from milo.voice.audio import read_wav, to_array
    from milo.voice.echo import TRAIN_MAX_S, TRAIN_S, load
    from virtual_audio import synth

    text = "Octopuses are amazing! They have three hearts and blue blood, and they can taste with their arms. "
    reply = to_array(read_wav(synth(text * 3, tmp_path / "r.wav"))).astype(float)
    back = np.roll(reply, len(reply) // 2) * 10 ** (-10 / 20)
    n = len(reply) // 512 * 512
    pcm = lambda a: np.clip(a, -32768, 32767).astype("<i2").tobytes()  # noqa: E731
    aec = load()
    assert aec is not None
    states = []
    for i in range(0, n, 512):
        aec.played(pcm(reply[i : i + 512]), 16000)
        aec.clean(pcm(back[i : i + 512]))
        states.append((aec.heard_s, aec.trained))
    assert states[-1][0] > TRAIN_S + 2, states[-1]
    assert not any(t for heard, t in states if heard < TRAIN_MAX_S), [s for s in states if s[1]][:3]
    assert all(t for heard, t in states if heard >= TRAIN_MAX_S)


# ---- through the virtual sound devices ---------------------------------------------------------


def _loop(whisper, milo, events):
    from milo.voice.cli import turn_until_reply
    from milo.voice.echo import load
    from milo.voice.loop import LoopConfig, VoiceLoop, VoicePipeline
    from milo.voice.mic import MicSource
    from milo.voice.speaker import PyAudioSink
    from milo.voice.tts.pyttsx3 import Pyttsx3Tts
    from milo.voice.vad import Segmenter, SileroVad

    echo = load()
    assert echo is not None, "the echo canceller did not load"
    pipeline = VoicePipeline(MicSource().open(), Segmenter(SileroVad()), whisper, Pyttsx3Tts(rate=170),
                             PyAudioSink().open(), echo=echo)
    lines = []
    loop = VoiceLoop(pipeline, turn_until_reply(milo), LoopConfig(follow_up_s=6), say=lines.append,
                     status=lines.append, on_event=events.append)
    return pipeline, loop, lines


def _wait(events, kind, timeout, after=0):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        found = [e for e in events[after:] if type(e).__name__ == kind]
        if found:
            return found[0]
        time.sleep(0.02)
    raise AssertionError(f"no {kind} within {timeout} s: {[type(e).__name__ for e in events]}")


def test_speaking_over_milo_cuts_the_reply_and_is_the_next_question(virtual_audio, tmp_path, whisper, make_milo, memory_file):
    pytest.importorskip("pyaudio")
    pytest.importorskip("livekit")
    from milo.chat.models import choose_model
    from milo.chat.turn import CUT_OFF
    from milo.memory import LivingMemory

    virtual_audio.loopback(gain_db=-10)  # Milo hears itself 10 dB down, as from a speaker beside the mic
    question = concat([synth("Hey Milo, tell me about octopuses.", tmp_path / "q.wav")], tmp_path / "question.wav")
    lead = 0.3
    over = concat([synth("What is your favourite colour?", tmp_path / "c.wav", voice="en-gb")], tmp_path / "over.wav", lead_s=lead)
    recording = tmp_path / "speaker.wav"
    events: list = []
    with ScriptedModelServer([("ok", LONG), ("ok", SHORT)]) as srv:
        model = choose_model("openai:m", env={"MILO_BASE_URL": srv.url}, timeout=30)
        pipeline, loop, lines = _loop(whisper, make_milo(model), events)
        runner = threading.Thread(target=loop.run, kwargs={"max_turns": 2}, daemon=True)
        recorder = virtual_audio.record(recording)
        try:
            runner.start()
            time.sleep(1.0)
            virtual_audio.play(question)
            first_audio = _wait(events, "FirstAudio", 120)
            # A few sentences of the reply have been heard: barge-in is armed once the new canceller has
            # heard 2 s of Milo and takes its echo out (2-3.5 s in here; milo.voice.echo.trained).
            time.sleep(5.0)
            assert not any(type(e).__name__ == "CutOff" for e in events), "cut off by its own echo"
            said = time.monotonic() + lead  # the user starts speaking (paplay's start + the file's lead)
            player = virtual_audio.play(over, wait=False)
            cut = _wait(events, "CutOff", 10)
            player.wait(timeout=30)
            runner.join(timeout=120)
            assert not runner.is_alive(), lines
        finally:
            virtual_audio.stop_child(recorder)
            pipeline.close()
    delay = cut.t - said
    # Stopped while the user was still speaking (the time it took is bench/barge_in.py's to
    # measure, not a test's: it includes PulseAudio's own buffering here).
    from milo.voice.audio import read_wav

    assert delay < len(read_wav(over)) / 32000 - lead, f"the reply stopped only {delay:.2f} s after the user began"
    heard = cut.heard
    assert heard and "all day long" not in heard, heard
    you = [l for l in lines if l.startswith("You: ")]
    # The speech over the reply is the next question, not Milo's own voice. What whisper (tiny)
    # makes of the words varies on a loaded box ("Hey Marit Cutler" once, for "What is your
    # favourite colour?"), so it is told from the reply's own words, not by its own.
    assert len(you) == 2, lines
    assert not re.search(r"octopus|heart|blood|arms|taste|touch|squeeze|coin|day long", you[1], re.IGNORECASE), lines
    assert "(you spoke over Milo: it stopped to listen)" in lines, lines
    first, second = LivingMemory(memory_file).recent_pulses(5)
    assert first.fields["REPLY"].endswith(CUT_OFF) and first.fields["REPLY"].startswith("Octopuses are wonderful")
    assert "all day long" not in first.fields["REPLY"]
    assert second.fields["CORE_UPDATE"] and "octopus" not in second.fields["CORE_UPDATE"].lower(), second.fields
    # The speaker went quiet when the user spoke: far less than the whole reply was played.
    played = audible_seconds(read_wav(recording))
    assert played < 12, played
    print(f"barge-in: reply cut {delay * 1000:.0f} ms after the user began; first audio at {first_audio.t - said:.1f} s")


