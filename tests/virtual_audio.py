"""A real virtual microphone and speaker for the voice tests: a user-level PulseAudio with null sinks.

    milo_speaker      a null sink, the default output: what PyAudio plays goes here;
                      `record()` captures it from milo_speaker.monitor
    milo_micbus       a null sink that `play()` writes a WAV into (paplay)
    milo_mic          milo_micbus.monitor remapped as a source, the default input: PyAudio's
                      default microphone hears what was played into milo_micbus

The daemon runs with a private XDG_RUNTIME_DIR/HOME under the test's temp folder, is reached by
PULSE_SERVER, and is stopped by its PID. `synth()` makes speech with espeak-ng (a real voice,
not a tone), so every test that uses it recognizes real speech.
"""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import time
from pathlib import Path

import pytest

SPEAKER, MICBUS, MIC = "milo_speaker", "milo_micbus", "milo_mic"

CONFIG = f"""\
load-module module-native-protocol-unix auth-anonymous=1 socket={{socket}}
load-module module-null-sink sink_name={SPEAKER} rate=16000 channels=1 sink_properties=device.description=MiloSpeaker
load-module module-null-sink sink_name={MICBUS} rate=16000 channels=1 sink_properties=device.description=MiloMicBus
load-module module-remap-source source_name={MIC} master={MICBUS}.monitor source_properties=device.description=MiloMic
set-default-sink {SPEAKER}
set-default-source {MIC}
"""


def have(*tools: str) -> bool:
    return all(shutil.which(t) for t in tools)


def synth(text: str, path: Path, voice: str = "en-us", speed: int = 150, rate: int = 16000) -> Path:
    """Speech for `text` as a 16 kHz mono WAV at `path` (espeak-ng, resampled by sox)."""
    raw = path.with_suffix(".espeak.wav")
    subprocess.run(["espeak-ng", "-v", voice, "-s", str(speed), "-w", str(raw), text], check=True, capture_output=True)
    subprocess.run(["sox", str(raw), "-r", str(rate), "-c", "1", "-b", "16", str(path)], check=True, capture_output=True)
    raw.unlink()
    return path


def trim(path: Path, margin_s: float = 0.03) -> Path:
    """Cut espeak's silent edges off a WAV (keeping `margin_s`), so that a pause put between two
    phrases with `concat` is the silence the listener hears, not that plus espeak's own."""
    from milo.voice.audio import read_wav, split_speech_end, write_wav

    pcm = read_wav(path)
    first, last = split_speech_end(pcm)
    margin = int(margin_s * 16000)
    write_wav(path, pcm[max(0, first - margin) * 2 : (last + margin) * 2])
    return path


def concat(parts: list, path: Path, gap_s: float = 0.8, lead_s: float = 0.3) -> Path:
    """WAV files (or seconds of silence, as floats) joined with `gap_s` of silence between them."""
    import wave

    frames = bytearray(b"\x00" * int(lead_s * 16000) * 2)
    for i, part in enumerate(parts):
        if isinstance(part, (int, float)):
            frames += b"\x00" * int(part * 16000) * 2
            continue
        with wave.open(str(part), "rb") as w:
            assert w.getframerate() == 16000 and w.getnchannels() == 1 and w.getsampwidth() == 2
            frames += w.readframes(w.getnframes())
        if i < len(parts) - 1 and not isinstance(parts[i + 1], (int, float)):
            frames += b"\x00" * int(gap_s * 16000) * 2
    with wave.open(str(path), "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(16000)
        w.writeframes(bytes(frames))
    return path


class VirtualAudio:
    def __init__(self, root: Path):
        self.root = Path(root)
        self.runtime = self.root / "run"
        self.home = self.root / "home"
        self.socket = self.runtime / "pulse" / "native"
        self.log = self.root / "pulseaudio.log"
        self.proc: subprocess.Popen | None = None
        self._children: list[subprocess.Popen] = []

    @property
    def env(self) -> dict:
        """What a client process needs to use these devices (add to os.environ)."""
        return {"PULSE_SERVER": f"unix:{self.socket}", "XDG_RUNTIME_DIR": str(self.runtime)}

    def _client_env(self) -> dict:
        return {**os.environ, **self.env}

    def start(self, timeout: float = 15.0) -> "VirtualAudio":
        for d in (self.runtime / "pulse", self.home):
            d.mkdir(parents=True, exist_ok=True)
        os.chmod(self.runtime, 0o700)
        cfg = self.root / "milo.pa"
        cfg.write_text(CONFIG.format(socket=self.socket))
        env = {**os.environ, "XDG_RUNTIME_DIR": str(self.runtime), "HOME": str(self.home)}
        env.pop("PULSE_SERVER", None)
        with open(self.log, "wb") as log:
            self.proc = subprocess.Popen(
                ["pulseaudio", "-n", "-F", str(cfg), "--exit-idle-time=-1", "--daemonize=no",
                 "--disallow-exit", "--use-pid-file=no", "--log-target=stderr", "--disable-shm=yes"],
                env=env, stdout=log, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL,
            )
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"pulseaudio exited ({self.proc.returncode}): {self.log.read_text()[-2000:]}")
            if self.socket.exists() and self.pactl("info").returncode == 0:
                return self
            time.sleep(0.1)
        self.stop()
        raise RuntimeError(f"pulseaudio did not start within {timeout} s: {self.log.read_text()[-2000:]}")

    def pactl(self, *args: str) -> subprocess.CompletedProcess:
        return subprocess.run(["pactl", *args], env=self._client_env(), capture_output=True, text=True, timeout=10)

    def play(self, wav: Path, wait: bool = True) -> subprocess.Popen:
        """Say `wav` into the virtual microphone."""
        p = subprocess.Popen(["paplay", f"--device={MICBUS}", str(wav)], env=self._client_env())
        self._children.append(p)
        if wait:
            p.wait(timeout=60)
        return p

    def record(self, path: Path, device: str = f"{SPEAKER}.monitor") -> subprocess.Popen:
        """Start recording what is played on the virtual speaker (or `device`) into `path`
        (stop with stop_child)."""
        p = subprocess.Popen(
            ["parecord", f"--device={device}", "--file-format=wav", "--rate=16000", "--channels=1",
             "--format=s16le", str(path)],
            env=self._client_env(),
        )
        self._children.append(p)
        return p

    def loopback(self, gain_db: float = 0.0) -> None:
        """Route the speaker into the microphone, as a room does: Milo would hear itself, `gain_db`
        louder (or quieter) than it plays, ~60 ms later."""
        r = self.pactl("load-module", "module-loopback", f"source={SPEAKER}.monitor", f"sink={MICBUS}", "latency_msec=60")
        if r.returncode != 0:
            raise RuntimeError(f"module-loopback failed: {r.stderr}")
        if gain_db:
            inputs = [l.split() for l in self.pactl("list", "short", "sink-inputs").stdout.splitlines()]
            (index,) = [i[0] for i in inputs if len(i) > 3 and i[3] == "module-loopback.c"]  # the one loopback
            # PulseAudio's volume scale is cubic: a linear amplitude gain g is g ** (1/3) of 100%.
            percent = 100 * (10 ** (gain_db / 20)) ** (1 / 3)
            r = self.pactl("set-sink-input-volume", index, f"{percent:.1f}%")
            if r.returncode != 0:
                raise RuntimeError(f"setting the loopback's volume failed: {r.stderr}")

    @staticmethod
    def stop_child(p: subprocess.Popen, sig: int = signal.SIGINT, timeout: float = 10.0) -> None:
        if p.poll() is None:
            p.send_signal(sig)
            try:
                p.wait(timeout=timeout)
            except subprocess.TimeoutExpired:
                p.kill()
                p.wait()

    def stop(self) -> None:
        for p in self._children:
            self.stop_child(p, signal.SIGTERM, 5)
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        self.proc = None


@pytest.fixture
def virtual_audio(tmp_path, monkeypatch):
    """A running virtual microphone/speaker; this process (PyAudio) and children use it."""
    if not have("pulseaudio", "pactl", "paplay", "parecord"):
        pytest.skip("PulseAudio is not installed (apt-get install pulseaudio pulseaudio-utils libasound2-plugins)")
    va = VirtualAudio(tmp_path / "pulse").start()
    for k, v in va.env.items():
        monkeypatch.setenv(k, v)
    try:
        yield va
    finally:
        va.stop()


# ---- checking what Milo said ----------------------------------------------------------------


def audible_seconds(pcm: bytes, threshold_dbfs: float = -45.0) -> float:
    """Seconds of 32 ms chunks louder than `threshold_dbfs` in 16 kHz PCM."""
    from milo.voice.audio import chunked, rms_dbfs

    return sum(rms_dbfs(c) > threshold_dbfs for c in chunked(pcm, 1024)) * 0.032


def words_heard(engine, pcm: bytes, piece_s: int = 12) -> set:
    """The words whisper hears in 16 kHz PCM, transcribed in pieces of `piece_s` seconds."""
    import re

    step = piece_s * 32000
    text = " ".join(engine.transcribe(pcm[i : i + step]) for i in range(0, len(pcm), step))
    return set(re.findall(r"[a-z']{3,}", text.lower()))


def _spectrogram(x):
    """Log band energies of 16 kHz samples, 10 ms a frame: espeak's output jitters by a few
    samples from run to run, so waveforms of the same sentence do not line up; spectra do."""
    import numpy as np

    hop, size = 160, 512
    if len(x) < size:
        return np.zeros((0, 32))
    idx = np.arange(size)[None, :] + hop * np.arange((len(x) - size) // hop + 1)[:, None]
    mag = np.abs(np.fft.rfft(x[idx] * np.hanning(size), axis=1))[:, :256]
    return np.log1p(mag.reshape(len(idx), 32, 8).sum(axis=2))


def _best_match(recorded, piece, start: int) -> tuple[float, int]:
    """(correlation, frame) of `piece`'s spectrogram at its best place in `recorded`'s from
    frame `start` on. Near 1.0 is the same speech; another sentence scores far lower."""
    import numpy as np

    x, r = recorded[start:], piece - piece.mean()
    if len(x) < len(r):
        return 0.0, start
    windows = np.lib.stride_tricks.sliding_window_view(x, len(r), axis=0)  # (n, 32, len(r))
    windows = windows - windows.mean(axis=(1, 2), keepdims=True)
    num = np.einsum("nbt,tb->n", windows, r)
    den = np.sqrt(np.einsum("nbt,nbt->n", windows, windows)) * np.linalg.norm(r) + 1e-9
    ncc = num / den
    k = int(np.argmax(ncc))
    return float(ncc[k]), start + k


def assert_spoke(engine, recorded: bytes, reply: str, hear: bool = True) -> None:
    """`recorded` (16 kHz) holds `reply` spoken in full and in order: each sentence, as the voice
    reads it (milo.voice.mouth.speakable), synthesized here by the same engine, is found in the
    recording after the one before it. With `hear`, whisper also hears the reply's words in it.

    (`hear=False` for replies of the real embedded model: the tiny one sometimes answers in
    made-up handles and hashtags, which whisper does not transcribe at all; that the engine's
    speech is intelligible is tested on fixed sentences in test_voice_engines.py.)"""
    import numpy as np

    from milo.voice.audio import resample
    from milo.voice.mouth import sentences, speakable
    from milo.voice.tts.pyttsx3 import Pyttsx3Tts

    tts = Pyttsx3Tts()
    try:
        pieces = [resample(*tts.synth(speakable(s))) for s in sentences(reply) if speakable(s)]
    finally:
        tts.close()
    reference = b"".join(pieces)
    want, got = audible_seconds(reference), audible_seconds(recorded)
    assert got >= 0.7 * want, f"only {got:.1f} s of speech came out, the reply is {want:.1f} s: {reply!r}"
    x = _spectrogram(np.frombuffer(recorded, dtype="<i2").astype(np.float64))
    at = 0
    for i, piece in enumerate(pieces):
        # The sentence without its silent edges (silence matches anything), 3 s at most.
        r = np.frombuffer(piece, dtype="<i2").astype(np.float64)
        loud = np.flatnonzero(np.abs(r) > 300)
        if len(loud) < 1600:
            continue
        r = _spectrogram(r[loud[0] : loud[-1] + 1][:48000])
        # In half-second pieces, each after the one before: a real (virtual) sound device under
        # load may open gaps inside a sentence, which shift what follows; a piece spanning a gap
        # matches poorly (seen in CI: 3 of 5 pieces). Another sentence, or none, matches no piece
        # at all (0 of n, test_assert_spoke_finds_each_sentence_in_order...), so two pieces (half
        # of a shorter sentence) are plenty: CI once found 2 of 5 of a sentence under load.
        pieces_ok, n, scores = 0, max(1, len(r) // 50), []
        for k in range(n):
            part = r[k * 50 : (k + 1) * 50 if k < n - 1 else len(r)]
            # Once a piece is found, the next is looked for just after it; until then, anywhere
            # after the sentence before (a gap inside the first piece had every other piece looked
            # for in the recording's first seconds only, before the reply: 0.0 each, seen in a
            # clean clone's run).
            score, where = _best_match(x[: at + len(part) + 200], part, at) if pieces_ok else _best_match(x, part, at)
            scores.append(round(score, 2))
            if score >= 0.9:
                pieces_ok += 1
                at = where + len(part)
        assert pieces_ok >= min((n + 1) // 2, 2), (
            f"sentence {i + 1} of the reply is not in the recording ({pieces_ok} of its {n} pieces found, "
            f"best matches {scores}): {reply!r}")
    if not hear:
        return
    import re

    said = set(re.findall(r"[a-z']{3,}", reply.lower()))
    ref_words, heard = words_heard(engine, reference), words_heard(engine, recorded)
    # Whisper tiny mishears short synthetic clips either way: what it hears from the speaker
    # must match the reply's words or what it hears in our own synthesis of them.
    assert len(heard & (said | ref_words)) >= 0.5 * min(len(said), len(ref_words)), (reply, ref_words, heard)
