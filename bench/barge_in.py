"""Barge-in, measured through real (virtual) sound devices: how soon Milo's reply stops when the
user speaks over it, whether its own voice ever stops it, and whether "stop" starts no turn.

    .venv/bin/python bench/barge_in.py [--trials 20] [--echo-db -10]

A user-level PulseAudio with a virtual speaker and microphone (tests/virtual_audio.py); the
speaker comes back into the microphone `--echo-db` down, ~60 ms late (a loopback, as a room
would). The loop is the real one with the real parts (PyAudio on both devices, WebRTC AEC3,
Silero VAD, faster-whisper tiny.en, espeak-ng); the turn is a stand-in that streams a fixed long
reply (what is measured is the audio loop, not a model). Three rows:

    over   the user asks something over the reply, 1-3 s into it: the time from the first sample
           of their voice in the microphone (found by cross-correlating their recording with what
           the microphone captured; its time from the sample clock, anchored at the chunk that
           arrived soonest after capture, so PulseAudio's least latency is not counted) to the
           reply's cut (CutOff event: the speaker's stream closed, its buffer dropped); their
           question must be the next turn
    stop   the same with "stop" / "be quiet" / "wait": cut, and no turn
    echo   a whole reply with nobody speaking: any CutOff is a false barge-in
    first  the same with a new echo canceller, as the first reply of a `milo voice` session: the
           canceller learns the room while it speaks (barge-in is armed once it takes the echo out)

Timings are printed, never asserted. Needs pulseaudio, paplay, espeak-ng, sox, faster-whisper and
livekit (./test.sh installs them).
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

LONG = ("Octopuses are wonderful animals. They have three hearts and blue blood. Each of their eight arms "
        "can taste and touch on its own. Some of them change colour in a blink, and they squeeze through "
        "holes no bigger than a coin. I could talk about them all day long, honestly, all day.")
OVER = ["What is your favourite colour?", "Can you tell me a joke instead?", "Where do penguins live?",
        "How far away is the moon?"]
KEYS = {OVER[0]: ("colour", "color"), OVER[1]: ("joke",), OVER[2]: ("penguin",), OVER[3]: ("moon",)}
STOPS = ["Stop.", "Be quiet.", "Wait."]


class StandInTurn:
    """The Turn the loop calls: streams LONG (or a short answer to a question asked over it)
    through on_reply, word by word, and keeps what an interruption says was heard."""

    def __init__(self):
        self.asked: list[str] = []
        self.kept: list[str] = []

    def __call__(self, text, *, on_reply, on_reply_end, interruption=None):
        self.asked.append(text)
        reply = LONG if len(self.asked) == 1 else "Okay."
        for word in reply.split(" "):
            if interruption is not None and interruption.event.is_set():
                break
            on_reply(word + " ")
            time.sleep(0.01)
        on_reply_end()
        if interruption is not None:
            interruption.settled.wait(60)
            self.kept.append(f"{interruption.heard} (cut off)" if interruption.event.is_set() else reply)
        return type("Result", (), {"reply": reply, "error": None, "notices": [], "gestures": []})()


class TimedSource:
    """A microphone whose chunks are kept with the time each was handed over."""

    def __init__(self, mic):
        self.mic = mic
        self.label = mic.label
        self.times: list[float] = []
        self.pcm = bytearray()

    def chunks(self):
        for chunk in self.mic.chunks():
            self.times.append(time.monotonic())
            self.pcm += chunk
            yield chunk

    def mute(self):
        self.mic.mute()

    def unmute(self, guard_s=0.2):
        self.mic.unmute(guard_s)

    def close(self):
        self.mic.close()


def onset(source: TimedSource, voice_pcm: bytes, after: float) -> float:
    """When the first sample of `voice_pcm`'s speech reached the microphone (monotonic seconds),
    from where it correlates best with what was captured after `after`."""
    import numpy as np

    from milo.voice.audio import split_speech_end, to_array

    times = source.times
    start_chunk = next(i for i, t in enumerate(times) if t >= after - 0.2)
    mic = to_array(bytes(source.pcm[start_chunk * 1024:])).astype(np.float64)
    voice = to_array(voice_pcm).astype(np.float64)
    n = 1 << int(np.ceil(np.log2(len(mic) + len(voice))))
    corr = np.fft.irfft(np.fft.rfft(mic, n) * np.conj(np.fft.rfft(voice, n)), n)[: len(mic)]
    k = int(np.argmax(corr))
    first, _ = split_speech_end(voice_pcm)
    sample = start_chunk * 512 + k + first
    # The microphone hands chunks over in bursts (PulseAudio's fragments): a chunk's capture time
    # is read from the steady sample clock, anchored where a chunk came soonest after its capture.
    t0 = min(t - (i + 1) * 512 / 16000 for i, t in enumerate(times))
    return t0 + sample / 16000


def trial(kind: str, va, whisper, tts, wavs: dict, rng: random.Random, echo) -> dict:
    from milo.voice.audio import read_wav
    from milo.voice.loop import LoopConfig, VoiceLoop, VoicePipeline
    from milo.voice.mic import MicSource
    from milo.voice.speaker import PyAudioSink
    from milo.voice.vad import Segmenter, SileroVad

    source = TimedSource(MicSource().open())
    cleaned = []
    clean = type(echo).clean.__get__(echo)

    def timed_clean(chunk):
        s = time.perf_counter()
        out = clean(chunk)
        cleaned.append(time.perf_counter() - s)
        return out

    echo.clean = timed_clean
    pipeline = VoicePipeline(source, Segmenter(SileroVad()), whisper, tts, PyAudioSink().open(), echo=echo)
    events: list = []
    lines: list = []
    turn = StandInTurn()
    loop = VoiceLoop(pipeline, turn, LoopConfig(follow_up_s=3), say=lines.append, status=lines.append, on_event=events.append)
    runner = threading.Thread(target=loop.run, kwargs={"max_turns": 2 if kind == "over" else None}, daemon=True)
    out = {"kind": kind}

    def wait(name, timeout):
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            for e in list(events):
                if type(e).__name__ == name:
                    return e
            time.sleep(0.01)
        return None

    try:
        runner.start()
        time.sleep(0.8)
        va.play(wavs["question"])
        if wait("FirstAudio", 60) is None:
            out["error"] = f"no reply: {lines[-3:]}"
            return out
        if kind == "echo":
            done = wait("Spoken", 90)
            out["false"] = any(type(e).__name__ == "CutOff" for e in events)
            out["spoken"] = done.seconds if done else None
            return out
        time.sleep(rng.uniform(1.0, 3.0))
        said = rng.choice(OVER if kind == "over" else STOPS)
        started = time.monotonic()
        va.play(wavs[said], wait=False)
        cut = wait("CutOff", 10)
        time.sleep(3.0 if kind == "over" else 2.5)
        if cut is None:
            out["error"] = "not cut off"
            return out
        out["delay"] = cut.t - onset(source, read_wav(wavs[said]), started)
        if kind == "over":
            runner.join(timeout=30)
            you = [l for l in lines if l.startswith("You: ")]
            out["understood"] = len(you) == 2 and any(k in you[1].lower() for k in KEYS[said])
            out["said"] = said
            out["heard_as"] = you[1:]
            out["heard"] = turn.kept[0] if turn.kept else ""
        else:
            out["stopped"] = any(type(e).__name__ == "Stopped" for e in events)
            out["said"] = said
            out["heard_as"] = [e.text for e in events if type(e).__name__ == "Transcript"][1:]
            out["turns"] = sum(type(e).__name__ == "Answering" for e in events)
        return out
    finally:
        source.close()
        runner.join(timeout=10)
        pipeline.sink.close()  # the voice and speech to text are shared by every trial
        out["aec_ms"] = 1000 * statistics.mean(cleaned) if cleaned else 0.0


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--trials", type=int, default=20)
    ap.add_argument("--echo-db", type=float, default=-10.0)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()

    from virtual_audio import VirtualAudio, concat, synth

    from milo.voice.stt import find_whisper_model
    from milo.voice.stt.whisper import WhisperEngine
    from milo.voice.tts.pyttsx3 import Pyttsx3Tts

    tmp = Path(tempfile.mkdtemp(prefix="milo-barge-"))
    import os

    va = VirtualAudio(tmp / "pulse").start()
    os.environ.update(va.env)
    va.loopback(gain_db=args.echo_db)
    wavs = {"question": concat([synth("Hey Milo, tell me about octopuses.", tmp / "q.wav")], tmp / "question.wav")}
    for i, text in enumerate(OVER + STOPS):
        wavs[text] = concat([synth(text, tmp / f"u{i}.wav", voice="en-gb")], tmp / f"user{i}.wav")
    whisper = WhisperEngine(find_whisper_model())
    tts = Pyttsx3Tts(rate=170)
    rng = random.Random(args.seed)
    from milo.voice.echo import load

    echo = load()  # one per session, as `milo voice` has: it learns the room once
    rows = {"over": [], "stop": [], "echo": [], "first": []}
    try:
        for i in range(args.trials):
            for kind in rows:
                if kind == "first":
                    r = trial("echo", va, whisper, tts, wavs, rng, load())
                    r["kind"] = "first"
                else:
                    r = trial(kind, va, whisper, tts, wavs, rng, echo)
                rows[kind].append(r)
                print(f"{kind:5s} {i + 1:2d}: " + ", ".join(f"{k}={v:.3f}" if isinstance(v, float) else f"{k}={v}"
                                                            for k, v in r.items() if k != "kind"), flush=True)
    finally:
        va.stop()
    print(f"\nbarge-in, {args.trials} trials each, echo {args.echo_db:g} dB (virtual devices, this machine)")
    for kind in ("over", "stop"):
        delays = [r["delay"] for r in rows[kind] if "delay" in r]
        failed = sum("error" in r for r in rows[kind])
        if delays:
            print(f"  {kind}: reply cut after the user began: median {1000 * statistics.median(delays):.0f} ms, "
                  f"max {1000 * max(delays):.0f} ms, <= 300 ms in {sum(d <= 0.3 for d in delays)} of {len(rows[kind])}; "
                  f"not cut: {failed}")
    print(f"  over: the user's question was the next turn in {sum(r.get('understood', False) for r in rows['over'])} of {len(rows['over'])}")
    print(f"  stop: no turn started in {sum(r.get('turns') == 1 for r in rows['stop'])} of {len(rows['stop'])} "
          f"(told from a question: {sum(r.get('stopped', False) for r in rows['stop'])}; the rest heard as nothing)")
    print(f"  echo: false barge-ins {sum(r.get('false', False) for r in rows['echo'])} over {len(rows['echo'])} whole replies "
          f"(median {statistics.median([r['spoken'] for r in rows['echo'] if r.get('spoken')] or [0]):.1f} s of speech each)")
    print(f"  first: false barge-ins {sum(r.get('false', False) for r in rows['first'])} over {len(rows['first'])} first replies "
          f"(a new echo canceller each)")
    aec = [r["aec_ms"] for kind in rows for r in rows[kind] if r.get("aec_ms")]
    if aec:
        print(f"  echo canceller: {statistics.mean(aec):.2f} ms per 32 ms chunk ({100 * statistics.mean(aec) / 32:.1f}% of one core)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
