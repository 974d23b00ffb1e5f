"""The wake word engine (milo.voice.wakeword): the real microWakeWord models from pymicro-wakeword
on real synthesized speech (espeak-ng), alone and in the real voice loop (Silero VAD,
faster-whisper), where nothing may be transcribed before the word fires; a bad choice is one
sentence. Milo's turn is a stand-in here (the loop's contract); `milo voice` runs the real one."""

import pytest

from helpers import run_milo
from virtual_audio import concat, have, synth

pytestmark = [
    pytest.mark.skipif(not have("espeak-ng", "sox"), reason="espeak-ng and sox are not installed"),
]


@pytest.fixture(scope="module")
def nabu():
    pytest.importorskip("pymicro_wakeword")
    from milo.voice.wakeword import load_wake_word

    s = load_wake_word("okay_nabu")
    yield s
    s.close()


def _feed(spotter, pcm):
    from milo.voice import CHUNK_BYTES
    from milo.voice.audio import chunked

    s = spotter.stream()
    for chunk in chunked(pcm, CHUNK_BYTES):
        s.feed(chunk)
    return s.finish()


def test_the_word_is_heard_where_it_is_said_and_not_in_other_speech(nabu, tmp_path):
    from milo.voice.audio import duration, read_wav, split_speech_end
    from milo.voice.protocols import SpotStream, Spotter

    assert isinstance(nabu, Spotter) and isinstance(nabu.stream(), SpotStream)
    assert nabu.phrase == "Okay Nabu"
    word = read_wav(synth("Okay Nabu", tmp_path / "w.wav"))
    _, word_end = split_speech_end(word)
    clip = read_wav(concat([tmp_path / "w.wav", 0.2, synth("what time is it?", tmp_path / "q.wav"), 0.5], tmp_path / "c.wav", gap_s=0))
    spot = _feed(nabu, clip)
    assert spot.found, spot.heard
    # it fires once the word is said (lead 0.3 s + the word), before the question is over
    assert 0.3 + word_end / 16000 - 0.2 <= spot.end_s <= 0.3 + word_end / 16000 + 0.4 < duration(clip)
    for text in ("Okay, let me think about that.", "Hey Milo, what is your name?", "Nobody knew about the cabin."):
        other = _feed(nabu, read_wav(synth(text, tmp_path / "o.wav")))
        assert not other.found, (text, other.heard)
    # a stream is new each time: after a miss, the next one still hears the word
    assert _feed(nabu, clip).found


def test_a_new_stream_ends_the_one_before(nabu, tmp_path):
    """The model is stateful: a stream started meanwhile owns it, and the old one hears no more
    (it can never report a word that was half said to another stream)."""
    from milo.voice.audio import read_wav

    clip = read_wav(synth("Okay Nabu, hello.", tmp_path / "c.wav"))
    old = nabu.stream()
    new = nabu.stream()
    old.feed(clip)
    new.feed(clip)
    assert not old.finish().found and new.finish().found


def test_a_word_that_is_not_shipped_is_one_sentence(tmp_path):
    pytest.importorskip("pymicro_wakeword")
    from milo.voice import VoiceError
    from milo.voice.wakeword import builtin_wake_words, load_wake_word

    assert {"okay_nabu", "hey_jarvis", "hey_mycroft", "alexa"} <= set(builtin_wake_words())
    assert load_wake_word("Okay Nabu").name == "okay_nabu" and load_wake_word("hey-jarvis").phrase == "Hey Jarvis"
    with pytest.raises(VoiceError, match=r"No wake word 'hey milo'; the ones shipped are .*okay_nabu"):
        load_wake_word("hey milo")
    with pytest.raises(VoiceError, match="was not found"):
        load_wake_word(str(tmp_path / "mine.json"))
    bad = tmp_path / "bad.json"
    bad.write_text("{not json", encoding="utf-8")
    with pytest.raises(VoiceError, match="could not be loaded"):
        load_wake_word(str(bad))


class Counting:
    """The real speech-to-text engine, noting the audio it is given (the claim under test is that
    standby transcribes nothing before the word fires): `longest` is the most seconds given at
    once (a stream's whole, or one transcription: the early final transcribes the same audio again)."""

    def __init__(self, engine):
        self.engine, self.label = engine, engine.label
        self.longest = 0.0

    def stream(self):
        inner, outer = self.engine.stream(), self

        class Stream:
            fed = 0.0

            def feed(self, pcm):
                self.fed += len(pcm) / 32000
                outer.longest = max(outer.longest, self.fed)
                inner.feed(pcm)

            def finish(self):
                return inner.finish()

        return Stream()

    def transcribe(self, pcm):
        self.longest = max(self.longest, len(pcm) / 32000)
        return self.engine.transcribe(pcm)

    def spotter(self, words, fillers=()):
        return None


class Asked:
    """Milo's turn (a stand-in: the loop's contract), answering every question alike."""

    def __init__(self):
        self.asked = []

    def __call__(self, text, on_reply=None, on_reply_end=None):
        self.asked.append(text)
        on_reply("Blue, I think!")

        class R:
            reply, gestures, error, notices = "Blue, I think!", [], None, []

        return R()


def _loop(wav, spotter, stt, tmp_path):
    from milo.voice.loop import LoopConfig, VoiceLoop, VoicePipeline
    from milo.voice.mic import FileSource
    from milo.voice.speaker import WavSink
    from milo.voice.tts.pyttsx3 import Pyttsx3Tts
    from milo.voice.vad import Segmenter, SileroVad
    from milo.voice.wake import WakePhrase

    turn, status = Asked(), []
    pipeline = VoicePipeline(FileSource(str(wav), realtime=False), Segmenter(SileroVad()), stt, Pyttsx3Tts(),
                             WavSink(str(tmp_path / "out.wav")), wake=WakePhrase(spotter.phrase), spotter=spotter)
    loop = VoiceLoop(pipeline, turn, LoopConfig(follow_up_s=0.5), say=lambda s: None, status=status.append)
    return loop, turn, status


def test_the_loop_wakes_on_the_word_and_transcribes_only_what_follows(nabu, whisper, tmp_path):
    from milo.voice.audio import duration, read_wav

    chat = synth("I watched a long film about the sea last night.", tmp_path / "n.wav")
    q = synth("Okay Nabu, what is your favourite colour?", tmp_path / "q.wav")
    wav = concat([chat, 1.5, q, 1.5], tmp_path / "talk.wav")
    stt = Counting(whisper)
    loop, turn, status = _loop(wav, nabu, stt, tmp_path)
    assert loop.run() == 1
    loop.pipeline.tts.close()
    assert len(turn.asked) == 1 and "colo" in turn.asked[0].lower() and "nabu" not in turn.asked[0].lower(), turn.asked
    # the sentence without the word was never heard by speech to text; the question only from the word on
    assert 0 < stt.longest < duration(read_wav(q)) - 0.5, stt.longest
    assert not any("wake phrase heard" in s for s in status)  # it came with its question: no "Yes?"


def test_standby_on_the_word_runs_no_vad_and_no_transcript(nabu, whisper, tmp_path):
    chat = synth("I watched a long film about the sea last night. Then I went to bed.", tmp_path / "n.wav")
    wav = concat([chat, 1.0, chat], tmp_path / "talk.wav")
    stt = Counting(whisper)
    loop, turn, _ = _loop(wav, nabu, stt, tmp_path)
    assert loop.run() == 0
    loop.pipeline.tts.close()
    assert turn.asked == [] and stt.longest == 0 and loop.pipeline.segmenter.vad_calls == 0


def test_the_word_alone_gets_yes_and_the_next_sentence_is_the_question(nabu, whisper, tmp_path):
    w = synth("Okay Nabu.", tmp_path / "w.wav")
    q = synth("What is your favourite colour?", tmp_path / "q.wav")
    wav = concat([w, 2.0, q, 1.5], tmp_path / "talk.wav")
    loop, turn, status = _loop(wav, nabu, Counting(whisper), tmp_path)
    assert loop.run() == 1
    loop.pipeline.tts.close()
    assert any("wake phrase heard" in s for s in status), status
    assert len(turn.asked) == 1 and "colo" in turn.asked[0].lower(), turn.asked


def test_milo_voice_with_a_wake_word_that_does_not_exist_is_one_sentence(tmp_path, memory_file):
    pytest.importorskip("pymicro_wakeword")
    wav = synth("Okay Nabu, hello.", tmp_path / "q.wav")
    r = run_milo("voice", "--wake-word", "hey_milo", "--input", str(wav), "--output", str(tmp_path / "a.wav"),
                 "--memory-file", str(memory_file), "--model", "openai:none", "--base-url", "http://127.0.0.1:9/v1", timeout=120)
    assert r.returncode == 2 and "Traceback" not in r.stderr, r.stderr
    assert r.stderr.strip().splitlines()[-1].startswith("milo voice: No wake word 'hey_milo'; the ones shipped are ")


def test_milo_voice_builds_its_standby_on_the_word(tmp_path, whisper):
    """MILO_WAKE_WORD (or a profile's wake_word) puts the engine in the pipeline, and the phrase
    the loop takes off transcripts and names in its lines is the model's."""
    pytest.importorskip("pymicro_wakeword")
    from milo.config import Settings
    from milo.voice.cli import build_pipeline
    from milo.voice.wakeword import MicroWakeWordSpotter

    wav = synth("hello", tmp_path / "q.wav")
    said = []
    settings = Settings.load(env={"MILO_WAKE_WORD": "hey_jarvis", "MILO_STT": "whisper"})
    p = build_pipeline(settings, input_wav=str(wav), output_wav=str(tmp_path / "a.wav"), status=said.append)
    try:
        assert isinstance(p.spotter, MicroWakeWordSpotter) and p.wake.phrase == "Hey Jarvis"
        assert any(s.startswith('Wake phrase: "Hey Jarvis" (wake word engine: ') for s in said), said
        own = p.spotter.cutoff  # the model's own, without MILO_WAKE_WORD_CUTOFF
    finally:
        p.close()
    assert p.spotter._model.interpreter is None  # closed with the pipeline
    said.clear()
    settings = Settings.load(env={"MILO_WAKE_WORD": "hey_jarvis", "MILO_WAKE_WORD_CUTOFF": "0.4", "MILO_STT": "whisper"})
    p = build_pipeline(settings, input_wav=str(wav), output_wav=str(tmp_path / "a.wav"), status=said.append)
    try:
        assert p.spotter.cutoff == 0.4 != own and any("cutoff 0.4" in s for s in said), said
    finally:
        p.close()


def test_the_cutoff_decides_how_sure_the_engine_must_be(tmp_path):
    """MILO_WAKE_WORD_CUTOFF: the word said under noise (the model less sure of it) is heard at a
    cutoff below the model's highest probability for it and not at one above; a cutoff out of
    range is one sentence."""
    pytest.importorskip("pymicro_wakeword")
    import numpy as np

    from milo.voice.audio import read_wav
    from milo.voice.wakeword import load_wake_word

    word = np.frombuffer(read_wav(synth("Okay Nabu, what time is it?", tmp_path / "w.wav")), np.int16).astype(np.float32)
    word = np.concatenate([np.zeros(8000, np.float32), word, np.zeros(8000, np.float32)])
    rms = float(np.sqrt(np.mean(word[np.abs(word) > 300] ** 2)))
    noise = np.random.default_rng(0).standard_normal(len(word)).astype(np.float32)
    for snr_db in (10, 8, 6, 12, 4, 14, 2, 16, 0):  # the first level where the model is unsure of it
        pcm = np.clip(word + noise * rms / 10 ** (snr_db / 20), -32768, 32767).astype(np.int16).tobytes()
        probe = load_wake_word("okay_nabu", 0.99)
        best = _feed_best(probe, pcm)
        probe.close()
        if 0.15 < best < 0.9:
            break
    else:
        pytest.fail("no noise level left the model unsure of the word")
    below, above = load_wake_word("okay_nabu", best - 0.05), load_wake_word("okay_nabu", best + 0.05)
    try:
        assert _feed(below, pcm).found and not _feed(above, pcm).found, best
    finally:
        below.close()
        above.close()
    r = run_milo("voice", "--wake-word", "okay_nabu", "--wake-word-cutoff", "1.5", "--input", str(tmp_path / "w.wav"), timeout=60)
    assert r.returncode == 2 and "Traceback" not in r.stderr, r.stderr
    assert r.stderr.strip().splitlines()[-1] == "milo voice: --wake-word-cutoff must be a number from 0.05 to 0.99, not '1.5'."


def _feed_best(spotter, pcm) -> float:
    """The model's highest probability over `pcm` (a spotter whose cutoff it never passes)."""
    from milo.voice import CHUNK_BYTES
    from milo.voice.audio import chunked

    s = spotter.stream()
    for chunk in chunked(pcm, CHUNK_BYTES):
        s.feed(chunk)
    assert not s.found
    s.finish()
    return s.best
