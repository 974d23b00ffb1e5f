"""End to end through real devices: `milo voice` in its own process, listening to the virtual
microphone and speaking to the virtual speaker of a real PulseAudio; "hey Milo, what is your
name" is played into the microphone; the real Milo (embedded model) answers; what comes out of
the speaker is recorded and recognized. The speaker is also looped back into the microphone, as
a room would: half-duplex must keep Milo from taking its own voice for a follow-up question."""

import os
import queue
import re
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from model_server import ScriptedModelServer
from virtual_audio import VirtualAudio, assert_spoke, audible_seconds, concat, have, synth, virtual_audio  # noqa: F401

ROOT = Path(__file__).resolve().parent.parent
pytestmark = [
    pytest.mark.skipif(not have("espeak-ng", "sox"), reason="espeak-ng and sox are not installed"),
    pytest.mark.model,
]


class Lines:
    """A child's output lines, read in the background, waited on by pattern."""

    def __init__(self, stream):
        self.lines: list[str] = []
        self._q: "queue.Queue[str]" = queue.Queue()
        self._t = threading.Thread(target=self._read, args=(stream,), daemon=True)
        self._t.start()

    def _read(self, stream):
        for line in iter(stream.readline, ""):
            self._q.put(line.rstrip("\n"))
        self._q.put(None)

    def wait_for(self, pattern: str, timeout: float) -> str:
        deadline = time.monotonic() + timeout
        for line in self.lines:
            if re.search(pattern, line):
                return line
        while time.monotonic() < deadline:
            try:
                line = self._q.get(timeout=max(0.05, deadline - time.monotonic()))
            except queue.Empty:
                break
            if line is None:
                break
            self.lines.append(line)
            if re.search(pattern, line):
                return line
        raise AssertionError(f"no line matching {pattern!r} within {timeout} s; got: {self.lines[-30:]}")

    def rest(self, timeout: float = 5) -> list[str]:
        self._t.join(timeout)
        while True:
            try:
                line = self._q.get_nowait()
            except queue.Empty:
                return self.lines
            if line is not None:
                self.lines.append(line)


SPOKEN = ("[REPLY]: My name is Milo, and I love talking about octopuses and the stars.\n[INTERNAL]: a name question\n"
          "[CORE_UPDATE]: The user asked for my name\n[FUTURE_MESSAGE]: Nothing in particular")


@pytest.mark.parametrize("wake, options", [("hey Milo", []), ("Okay Nabu", ["--wake-word", "okay_nabu"])])
def test_hey_milo_through_a_virtual_microphone_and_speaker(virtual_audio, tmp_path, wake, options):
    """The audio path end to end: synthesized speech into a virtual microphone, the real VAD,
    whisper and TTS, the spoken reply out of a virtual speaker. The model is a loopback server
    with a fixed, speakable reply (the tiny model's replies are URLs and hashtags whisper cannot
    hear back; the real model's voice turn is tests/test_voice_cli.py's recording test). With a
    wake word engine (milo.voice.wakeword) the microphone's stream goes to it alone in standby."""
    pytest.importorskip("faster_whisper")
    pytest.importorskip("pyaudio")
    if options:
        pytest.importorskip("pymicro_wakeword")
    server = ScriptedModelServer([("ok", SPOKEN)] * 5).__enter__()
    question = concat([synth(f"{wake}, what is your name?", tmp_path / "q.wav")], tmp_path / "question.wav")
    virtual_audio.loopback()
    recording = tmp_path / "speaker.wav"
    recorder = virtual_audio.record(recording)
    mic_heard = tmp_path / "mic.wav"
    mic_recorder = virtual_audio.record(mic_heard, device="milo_micbus.monitor")
    env = {**os.environ, **virtual_audio.env, "PYTHONPATH": str(ROOT), "PYTHONUNBUFFERED": "1", "MILO_BASE_URL": server.url}
    proc = subprocess.Popen(
        [sys.executable, str(ROOT / "main.py"), "voice", "--memory-file", str(tmp_path / "Living_Memory.md"),
         "--follow-up", "4", "--model", "openai:m", *options],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env, cwd=str(ROOT),
    )
    out, err = Lines(proc.stdout), Lines(proc.stderr)
    try:
        _converse(virtual_audio, question, out, err, wake)
    except AssertionError as e:
        VirtualAudio.stop_child(proc, signal.SIGINT, timeout=30)
        raise AssertionError(f"{e}\nexit code {proc.returncode}; stderr: {err.rest()[-30:]}") from None
    finally:
        VirtualAudio.stop_child(proc, signal.SIGINT, timeout=30)
        VirtualAudio.stop_child(recorder, signal.SIGINT)
        VirtualAudio.stop_child(mic_recorder, signal.SIGINT)
        server.__exit__(None, None, None)
    reply = [l for l in out.lines if l.startswith("Milo: ")][0][len("Milo: "):]
    stderr = "\n".join(err.rest())
    stdout = out.rest()
    assert proc.returncode == 0, stderr
    assert "Bye!" in stderr and "Traceback" not in stderr and "ALSA lib" not in stderr
    assert len([l for l in stdout if l.startswith("You: ")]) == 1, stdout

    from milo.voice.audio import read_wav
    from milo.voice.stt import find_whisper_model
    from milo.voice.stt.whisper import WhisperEngine

    spoken = read_wav(recording)
    # The loopback was live: the microphone heard most of Milo's reply too, not only the question.
    reply_s, question_s = audible_seconds(spoken), audible_seconds(read_wav(question))
    assert reply_s > 0.3, f"nothing audible came out of the speaker for the reply {reply!r}"
    assert audible_seconds(read_wav(mic_heard)) > question_s + 0.5 * reply_s
    assert_spoke(WhisperEngine(find_whisper_model()), spoken, reply)


def _converse(virtual_audio, question, out, err, wake):
    listening = re.escape(f'(listening for "{wake}")')
    err.wait_for(listening, timeout=180)
    assert any("Listening to the microphone" in l for l in err.lines), err.lines
    virtual_audio.play(question)
    you = out.wait_for(r"^You: ", timeout=120)
    assert "name" in you.lower() and wake.split()[-1].lower() not in you.lower(), you
    reply = out.wait_for(r"^Milo: ", timeout=400)[len("Milo: "):]
    assert reply.strip()
    err.wait_for(r"^\(follow-up: 4 s", timeout=300)  # the whole reply has been played
    # Milo's own voice came back into the microphone all along; the window must close
    # without it being taken for a question.
    err.wait_for(listening, timeout=60)
