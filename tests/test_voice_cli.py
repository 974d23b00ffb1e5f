"""`milo voice` and `milo doctor` as a user runs them: real processes, real speech, the real Milo
with the embedded model; a bad environment is one sentence, never a traceback."""

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
        [sys.executable, "-c", "from milo.voice.mic import open_pyaudio; print(open_pyaudio().get_device_count())"],
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
    the reply is spoken into the WAV: whisper hears the printed reply in it."""
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
    from milo.voice import stt
    from milo.voice.audio import read_wav

    assert_spoke(stt.WhisperEngine(stt.find_whisper_model({})), read_wav(out), milo[0][len("Milo: "):])


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


def _voice_command(argv):
    """Our subcommands on a parser of their own, in this process (the full `milo` CLI would
    also start loading the chat model in the background, which --download-model never needs)."""
    import argparse

    from milo.voice import cli

    parser = argparse.ArgumentParser(prog="milo")
    cli.register(parser.add_subparsers())
    args = parser.parse_args(argv)
    return args.func(args)


def test_download_model_without_network_is_one_sentence(tmp_path, monkeypatch, capsys):
    """Provisioning uses vosk's own downloader; where it cannot reach the model list, the user
    gets one sentence that says where to get the model by hand."""
    vosk = pytest.importorskip("vosk")
    monkeypatch.setenv("HOME", str(tmp_path))
    monkeypatch.delenv("VOSK_MODEL_PATH", raising=False)
    monkeypatch.setattr(vosk, "MODEL_LIST_URL", "http://127.0.0.1:9/model-list.json")
    monkeypatch.setattr(vosk, "MODEL_DIRS", [None, tmp_path / ".cache" / "vosk"])
    assert _voice_command(["voice", "--download-model"]) == 1
    err = capsys.readouterr().err.strip().splitlines()[-1]
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


def test_doctor_with_devices_is_all_clear_and_takes_extra_rows(virtual_audio, capsys):
    import argparse

    from milo.voice import cli, doctor

    parser = argparse.ArgumentParser()
    sub = parser.add_subparsers()

    def model_rows(args):
        return [("model", True, "embedded:SmolLM2 (test row)")]

    cli.register(sub, doctor_rows=model_rows)
    args = parser.parse_args(["doctor"])
    assert args.func(args) == 0
    out = capsys.readouterr().out
    assert re.search(r"\[ok \] microphone .*pulse", out) and re.search(r"\[ok \] speaker .*pulse", out)
    assert "[ok ] model" in out and "embedded:SmolLM2 (test row)" in out

    def broken(args):
        raise RuntimeError("robot check exploded")

    doctor.add_rows(broken)
    try:
        assert args.func(args) == 1
        out = capsys.readouterr().out
        assert "[ERR] broken" in out and "robot check exploded" in out
    finally:
        doctor._PROVIDERS.remove(broken)
