"""Voice building blocks: wake phrase, sentences, audio files, VAD segmentation, engine choice, TTS.

The VAD and TTS tests use the real Silero model and real espeak-ng speech."""

import os
import wave
from pathlib import Path

import pytest

from virtual_audio import concat, have, synth

pytestmark = pytest.mark.skipif(not have("espeak-ng", "sox"), reason="espeak-ng and sox are not installed")


# ---- wake phrase ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    "heard, rest",
    [
        ("Hey Milo, what is your name?", "what is your name?"),
        ("hey milo what is your name", "what is your name"),
        ("Hey, Milo. What's in your name?", "What's in your name?"),
        ("Hey Mylo, tell me a joke.", "tell me a joke."),
        ("Hi Milo!", ""),
        ("Okay, hey Milo, look around.", "look around."),
        ("Hey Milo", ""),
    ],
)
def test_wake_phrase_is_found_loosely_and_the_question_kept(heard, rest):
    from milo.voice.wake import WakePhrase

    assert WakePhrase("hey Milo").match(heard) == rest


@pytest.mark.parametrize(
    "heard",
    ["What is your name?", "I said hello to my neighbour", "", "Hey!", "hey you, come here",
     "My cat and I went to see Milo yesterday"],
)
def test_speech_without_the_wake_phrase_is_not_for_milo(heard):
    from milo.voice.wake import WakePhrase

    assert WakePhrase("hey Milo").match(heard) is None


def test_wake_phrase_is_configurable_and_works_in_any_script():
    from milo.voice.wake import WakePhrase

    w = WakePhrase("ok robot")
    assert w.match("OK robot, nod twice") == "nod twice"
    assert w.match("hey Milo, nod twice") is None
    assert WakePhrase("엄마").match("엄마 이름이 뭐예요") == "이름이 뭐예요"
    with pytest.raises(ValueError):
        WakePhrase("...")


# ---- sentences ------------------------------------------------------------------------------


def test_sentences_come_out_as_soon_as_they_end_while_the_reply_streams():
    from milo.voice.mouth import SentenceChunker

    pieces = ["Hel", "lo there! My na", "me is Milo.", " I like *octopuses* and", " clouds"]
    c = SentenceChunker(first_clause_chars=0, eager=False)
    assert [c.feed(p) for p in pieces] == [[], ["Hello there!"], [], ["My name is Milo."], []]
    assert c.flush() == ["I like *octopuses* and clouds"]
    # eager: a sentence ends at its full stop when that is the last thing written so far (the
    # reply's last sentence gets no space after it until the whole turn is over)
    c = SentenceChunker(first_clause_chars=0)
    assert [c.feed(p) for p in pieces] == [[], ["Hello there!"], ["My name is Milo."], [], []]
    assert c.flush() == ["I like *octopuses* and clouds"]
    c = SentenceChunker()  # ... but not a number's point, and punctuation alone is not a piece
    assert [c.feed(p) for p in ["It is 3.", "5 degrees", ". Well.", ".. ok", "!"]] == [
        [], [], ["It is 3.5 degrees.", "Well."], [], ["ok!"]]
    c = SentenceChunker(first_clause_chars=0)  # ... nor a title's: "Mrs." is not said as a sentence
    assert [c.feed(p) for p in ["Your teacher is Mrs.", " Ito. She", " is kind."]] == [[], ["Your teacher is Mrs. Ito."], ["She is kind."]]


def test_the_first_piece_may_end_at_a_comma_and_run_ons_are_cut():
    from milo.voice.mouth import SentenceChunker, speakable

    c = SentenceChunker(first_clause_chars=20, max_chars=60)
    got = c.feed("Well, I was thinking about clouds, and then about the sea, ")
    assert got == ["Well, I was thinking about clouds,"]
    got = c.feed("and it goes on and on without any end because it is a very long sentence ")
    assert got and all(len(s) <= 61 for s in got)
    assert speakable("*tilts head* Hi 🙂 **there**") == "tilts head Hi there"
    # A link or an address is named, not spelled out; its sentence's punctuation stays.
    assert speakable("See https://example.com/a?b=1, or www.x.org. Mail nora.b@example.co.uk!") == (
        "See a link, or a link. Mail an e-mail address!"
    )
    assert speakable("Ask @Milo about #octopuses") == "Ask Milo about octopuses"
    assert [speakable(t) for t in ("...", "…", "-", "!", '"')] == [""] * 5  # espeak: silence, or "exclamation mark"
    from milo.voice import tts

    assert tts.speakable is speakable  # one home (mouth), re-exported by tts


# ---- audio files ----------------------------------------------------------------------------


def test_read_wav_mixes_down_and_resamples_to_16k_mono(tmp_path):
    from milo.voice.audio import duration, read_wav

    src = synth("one two three", tmp_path / "a.wav")
    stereo = tmp_path / "stereo44.wav"
    import subprocess

    subprocess.run(["sox", str(src), "-r", "44100", "-c", "2", str(stereo)], check=True)
    a, b = read_wav(src), read_wav(stereo)
    assert abs(duration(a) - duration(b)) < 0.01
    assert len(a) % 2 == 0 and duration(a) > 0.5


def test_bad_input_files_are_one_sentence(tmp_path):
    from milo.voice import VoiceError
    from milo.voice.audio import read_wav

    with pytest.raises(VoiceError, match="No audio file"):
        read_wav(tmp_path / "missing.wav")
    (tmp_path / "x.wav").write_text("not audio")
    with pytest.raises(VoiceError, match="not a PCM WAV"):
        read_wav(tmp_path / "x.wav")


def test_file_source_hands_out_512_sample_chunks_then_silence(tmp_path):
    from milo.voice.audio import read_wav
    from milo.voice.mic import FileSource

    wav = synth("hello", tmp_path / "h.wav")
    n = len(read_wav(wav))
    src = FileSource(str(wav), realtime=False, tail_s=1.0)
    chunks = list(src.chunks())
    assert {len(c) for c in chunks} == {1024}
    assert len(chunks) == -(-(n + 32000) // 1024)
    assert chunks[-1] == b"\x00" * 1024
    assert len(src.delivered_at) == len(chunks)


# ---- VAD ------------------------------------------------------------------------------------


def _segments(wav, **kw):
    from milo.voice.mic import FileSource
    from milo.voice.vad import Segmenter, SileroVad

    seg = Segmenter(SileroVad(), **kw)
    events = [e for e in (seg.feed(c) for c in FileSource(str(wav), realtime=False).chunks()) if e]
    return seg, events


def test_vad_finds_each_utterance_with_a_pre_roll(tmp_path):
    from milo.voice.audio import read_wav, split_speech_end

    a = synth("Hey Milo", tmp_path / "a.wav")
    b = synth("what is your name", tmp_path / "b.wav")
    wav = concat([2.0, a, b, 1.0], tmp_path / "ab.wav", gap_s=1.2)
    from milo.voice.vad import VadEnd, VadSpeech, VadStart

    seg, events = _segments(wav, pre_roll_ms=320, end_ms=480)
    kinds = [type(e) for e in events if not isinstance(e, VadSpeech)]
    assert kinds == [VadStart, VadEnd, VadStart, VadEnd]
    assert all(isinstance(e, (VadStart, VadSpeech, VadEnd)) for e in events)
    assert all(len(e.pcm) == 1024 for e in events if not isinstance(e, VadStart))
    ends = [e.utterance for e in events if isinstance(e, VadEnd)]
    pcm = read_wav(wav)
    first_sound, _ = split_speech_end(pcm)
    # The first utterance begins before the first loud sample: the pre-roll keeps the onset.
    assert ends[0].start_chunk * 512 <= first_sound
    assert ends[0].speech_seconds > 0.4 and ends[1].speech_seconds > ends[0].speech_seconds
    assert all(not u.truncated for u in ends)


def test_wait_sets_the_silence_that_ends_this_pause_only(tmp_path):
    """Segmenter.wait(ms), called in a pause, decides when that pause ends the utterance; the
    next voiced chunk brings back end_ms (real Silero, chunks counted)."""
    from milo.voice.vad import VadEnd, VadSpeech

    a = synth("what is your name", tmp_path / "a.wav")
    b = synth("tell me a joke", tmp_path / "b.wav")
    wav = concat([a, b, 2.5], tmp_path / "ab.wav", gap_s=0.6)

    def run(first_pause_ms):
        from milo.voice.mic import FileSource
        from milo.voice.vad import Segmenter, SileroVad

        seg, ends, silent, told = Segmenter(SileroVad(), end_ms=1200), [], 0, False
        for chunk in FileSource(str(wav), realtime=False).chunks():
            ev = seg.feed(chunk)
            silent = silent + 1 if isinstance(ev, VadSpeech) and not ev.voiced else 0
            if silent == 8 and not told:  # 0.26 s into the first real pause (not a stop consonant)
                seg.wait(first_pause_ms)
                told = True
            if isinstance(ev, VadEnd):
                ends.append(ev.utterance)
        return [u.end_chunk - u.speech_end_chunk for u in ends]

    # 1.2 s of silence is 38 chunks; 0.4 s is 12
    assert run(1200) == [38]  # one utterance: the 0.6 s pause is under end_ms
    assert run(3000) == [38]  # a longer wait in the first pause is forgotten once speech goes on
    assert run(400) == [12, 38]  # a shorter one ends the utterance in that pause


@pytest.mark.parametrize("text, finished", [
    ("Hey Milo, what is your name?", True), ("Tell me something about clouds.", True), ("Wow!", True),
    ("What I would really like to know", False), ("My favorite color is...", False), ("Hey Milo", False),
    ("I went to the market and.", False), ("Can I have a", False), ("", False), ("Well, …", False),
])
def test_what_sounds_finished(text, finished):
    from milo.voice.endpoint import sounds_finished

    assert sounds_finished(text) is finished


def test_silence_costs_no_vad_model_calls(tmp_path):
    wav = concat([3.0], tmp_path / "quiet.wav")
    seg, events = _segments(wav)
    assert events == [] and seg.vad_calls == 0 and seg.chunk_index > 90


def test_a_long_monologue_is_cut_at_max_length(tmp_path):
    words = synth("one two three four five six seven eight nine ten eleven twelve", tmp_path / "w.wav")
    from milo.voice.vad import VadEnd

    seg, events = _segments(words, max_s=1.5)
    ends = [e.utterance for e in events if isinstance(e, VadEnd)]
    assert ends and ends[0].truncated


# ---- choosing engines ----------------------------------------------------------------------


def test_engine_choice_follows_what_is_found(tmp_path):
    from milo.voice import VoiceError, stt

    empty = tmp_path / "empty"
    empty.mkdir()
    fake = tmp_path / "models" / "vosk-model-small-en-us-0.15"
    for d in ("am", "conf", "graph"):
        (fake / d).mkdir(parents=True)
    assert stt.find_vosk_model("en", str(fake)) == fake
    assert stt.find_vosk_model("en", str(fake.parent)) == fake
    assert stt.find_vosk_model("ko", str(fake.parent)) != fake
    if stt.installed("vosk"):
        c = stt.choose("auto", vosk_model_path=str(fake.parent))
        assert (c.kind, c.model) == ("vosk", str(fake))
        c = stt.choose("auto", vosk_model_path=str(fake))
        assert (c.kind, c.model, c.reason) == ("vosk", str(fake), "VOSK_MODEL_PATH")
    with pytest.raises(VoiceError, match="download-model"):
        stt.choose("vosk", vosk_model_path=str(empty), lang="xx")
    with pytest.raises(VoiceError, match="MILO_WHISPER_MODEL"):
        stt.choose("whisper", whisper_model=str(empty / "nope"))
    with pytest.raises(VoiceError, match="Unknown speech-to-text"):
        stt.choose("sphinx")


def test_engine_choice_takes_its_settings_not_the_environment(tmp_path, monkeypatch):
    """The environment reaches the choice only through Settings (read once, validated)."""
    from milo.config import Settings
    from milo.voice import VoiceError, stt

    empty = tmp_path / "empty"
    empty.mkdir()
    monkeypatch.setenv("MILO_WHISPER_MODEL", str(empty / "nope"))
    monkeypatch.setenv("MILO_STT", "vosk")
    if stt.installed("faster_whisper") and stt.find_whisper_model():
        assert stt.choose("whisper").kind == "whisper"  # the variables above are not read here
    settings = Settings.load(env={"MILO_WHISPER_MODEL": str(empty / "nope"), "MILO_STT": "whisper"})
    with pytest.raises(VoiceError, match=r"MILO_WHISPER_MODEL=.*nope is neither"):
        stt.choose_for(settings)
    settings = Settings.load(env={"MILO_STT": "vosk", "MILO_STT_LANG": "xx", "VOSK_MODEL_PATH": str(empty)})
    if stt.installed("vosk"):
        with pytest.raises(VoiceError, match="No vosk model for 'xx'"):
            stt.choose_for(settings)


# ---- text to speech -------------------------------------------------------------------------


def test_pyttsx3_back_to_back_sentences_are_each_complete_and_in_order(tmp_path):
    from milo.voice.tts.pyttsx3 import Pyttsx3Tts

    tts = Pyttsx3Tts(rate=170)
    try:
        short = [tts.synth("Hi.") for _ in range(3)]
        long = tts.synth("This sentence is much longer than the short greeting before it.")
    finally:
        tts.close()
    durations = [len(p) / 2 / r for p, r in short]
    assert max(durations) - min(durations) < 0.05  # the same text, the same audio, every time
    assert len(long[0]) / 2 / long[1] > 2.5 * max(durations)
    from milo.voice.audio import rms_dbfs

    assert rms_dbfs(long[0]) > -40  # speech, not silence


def test_mouth_plays_every_sentence_in_order_into_a_wav(tmp_path):
    from milo.voice.audio import duration, read_wav
    from milo.voice.events import FirstAudio, Playing, Spoken, TtsFirstSentence
    from milo.voice.mouth import Mouth
    from milo.voice.speaker import WavSink
    from milo.voice.tts.pyttsx3 import Pyttsx3Tts

    tts = Pyttsx3Tts()
    out = tmp_path / "said.wav"
    events = []
    mouth = Mouth(tts, WavSink(str(out)), on_event=events.append)
    for s in ["One.", "Two two two two.", "Three."]:
        mouth.say(s)
    seconds = mouth.finish()
    tts.close()
    playing = [e for e in events if isinstance(e, Playing)]  # each sentence's audio as it is played
    assert len(playing) == 3 and abs(sum(len(e.pcm) / (2 * e.rate) for e in playing) - seconds) < 0.01
    events = [e for e in events if not isinstance(e, Playing)]
    assert [type(e) for e in events] == [TtsFirstSentence, FirstAudio, Spoken]
    assert events[0].t <= events[1].t <= events[2].t and events[2].seconds == seconds
    assert abs(duration(read_wav(out), 16000) - seconds) < 0.05
    with wave.open(str(out)) as w:
        assert w.getnchannels() == 1


def test_text_to_speech_is_chosen_from_its_settings(tmp_path, monkeypatch):
    from milo.config import Settings
    from milo.voice import VoiceError
    from milo.voice.tts import choose_tts, choose_tts_for
    from milo.voice.tts.piper import find_piper_voice

    with pytest.raises(VoiceError, match="Unknown text-to-speech engine 'sphinx'; use pyttsx3 or piper."):
        choose_tts("sphinx")
    monkeypatch.setenv("MILO_TTS", "sphinx")  # not read here: only through Settings
    tts = choose_tts_for(Settings.load(env={"MILO_TTS_RATE": "120", "MILO_TTS_VOICE": "en-us"}))
    try:
        assert tts.rate == 120 and tts.voice == "en-us" and "120 words/min" in tts.label
    finally:
        tts.close()
    voice = tmp_path / "v.onnx"
    assert find_piper_voice(str(voice)) is None
    voice.write_bytes(b"onnx")
    assert find_piper_voice(str(voice)) == voice


def test_missing_output_folder_is_one_sentence(tmp_path):
    from milo.voice import VoiceError
    from milo.voice.speaker import WavSink

    with pytest.raises(VoiceError, match="does not exist"):
        WavSink(str(tmp_path / "no" / "such" / "out.wav"))


def test_two_pyttsx3_voices_keep_their_own_rate():
    """pyttsx3 shares one engine per process: each instance must still speak at its own rate."""
    from milo.voice.tts.pyttsx3 import Pyttsx3Tts

    slow, fast = Pyttsx3Tts(rate=120), Pyttsx3Tts(rate=240)
    text = "one two three four five"
    d = [len(p) / 2 / r for p, r in (slow.synth(text), fast.synth(text), slow.synth(text))]
    slow.close()
    fast.close()
    assert d[1] < 0.7 * d[0] and abs(d[2] - d[0]) < 0.05, d


def test_espeak_voice_by_name_and_a_wrong_one_is_one_sentence():
    from milo.voice import VoiceError
    from milo.voice.audio import rms_dbfs
    from milo.voice.tts.pyttsx3 import Pyttsx3Tts

    us = Pyttsx3Tts(voice="en-us")
    pcm, _ = us.synth("Hello.")
    us.close()
    assert rms_dbfs(pcm) > -40
    with pytest.raises(VoiceError, match="espeak-ng has no voice 'no-such-voice'"):
        Pyttsx3Tts(voice="no-such-voice")
