"""Voice latency: from the end of the user's speech to the first audio Milo plays, broken down.

    .venv/bin/python bench/voice_latency.py [--runs 5] [--model embedded] [--memory-file F]

Each run synthesizes "hey Milo, <question>" with espeak-ng, feeds it through the real pipeline at
speaking pace (FileSource -> Silero VAD -> speech to text -> Milo.turn -> pyttsx3 -> sink), and
times the steps:

    endpointing   end of speech -> the VAD decides the utterance is over (its silence wait)
    stt           -> transcript
    first token   -> first piece of the reply from the model
    1st sentence  -> the model has written the first sentence (or clause) of the reply
    tts           -> that sentence synthesized
    total         end of speech -> first audio handed to the speaker

The first run is reported apart (cold: whisper and the model's prompt cache warm up); the table's
median is over the warm runs. A measurement, not a test: nothing here passes or fails.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from milo.voice import CHUNK_SAMPLES  # noqa: E402
from milo.voice.audio import read_wav, split_speech_end, write_wav  # noqa: E402

QUESTIONS = [
    "what is your name?",
    "how are you today?",
    "tell me something about clouds.",
    "do you like music?",
    "what should I cook tonight?",
    "can you look around?",
]


class TimedSink:
    """An AudioSink that notes when the first audio is handed to it, and plays nothing."""

    label = "timer"
    latency = 0.0

    def __init__(self):
        self.first = None

    def play(self, pcm, rate):
        if self.first is None:
            self.first = time.monotonic()

    def drain(self):
        pass

    def close(self):
        pass


def main() -> int:
    from milo.voice import stt as stt_mod
    from milo.voice.events import FirstSentence, FirstToken, SpeechEnd, Transcript, TtsFirstSentence, TurnDone
    from milo.voice.loop import LoopConfig, VoiceLoop, VoicePipeline
    from milo.voice.mic import FileSource
    from milo.voice.tts.pyttsx3 import Pyttsx3Tts
    from milo.voice.vad import Segmenter, SileroVad
    from milo.voice.wake import WakePhrase

    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--runs", type=int, default=5, help="timed runs after the cold one (default 5)")
    ap.add_argument("--model", default=None, help="the chat model, as for `milo --model` [env MILO_MODEL, default auto]")
    ap.add_argument("--base-url", default=None, help="server URL for --model openai:MODEL [env MILO_BASE_URL]")
    ap.add_argument("--memory-file", default=None, help="the living memory file (default: a fresh one in a temporary folder)")
    ap.add_argument("--robot", default="none", help="auto, reachy or none (default none)")
    ap.add_argument("--stt", default=None, choices=("auto", "vosk", "whisper"), help="speech-to-text engine [env MILO_STT, default auto]")
    ap.add_argument("--end-silence", type=int, default=480)
    args = ap.parse_args()
    tmp = Path(tempfile.mkdtemp(prefix="milo-bench-"))
    if not args.memory_file:
        args.memory_file = str(tmp / "Living_Memory.md")
    # A fresh conversation store: the user's recent conversation stays out of the prompt, and
    # the bench leaves nothing in it.
    os.environ.setdefault("SESSION_DIR", str(tmp / "sessions"))
    from milo.cli.wiring import build_milo
    from milo.config import Settings

    settings = Settings.load(args)

    tts = Pyttsx3Tts(rate=170)
    choice = stt_mod.choose_for(settings)
    engine = stt_mod.load(choice, threads=settings.stt_threads, full_window=settings.whisper_full)
    print(f"speech to text: {engine.label}", file=sys.stderr)
    milo = build_milo(settings)
    print(f"model: {milo.model.label}", file=sys.stderr)

    rows = []
    for i in range(args.runs + 1):
        question = QUESTIONS[i % len(QUESTIONS)]
        pcm, rate = tts.synth(f"Hey Milo, {question}")
        wav = tmp / f"q{i}.wav"
        write_wav(wav, pcm, rate)
        speech = read_wav(wav)
        _, last = split_speech_end(speech)
        source = FileSource(str(wav), realtime=True)
        times: dict[type, float] = {}  # event type -> when it first happened
        heard: list[str] = []

        def on_event(event):
            times.setdefault(type(event), event.t)
            if isinstance(event, Transcript):
                heard.append(event.text)

        sink = TimedSink()
        pipeline = VoicePipeline(source, Segmenter(SileroVad(), end_ms=args.end_silence), engine, tts, sink,
                                 wake=WakePhrase("hey Milo"))
        loop = VoiceLoop(pipeline, milo.turn, LoopConfig(), say=lambda s: None, status=lambda s: None, on_event=on_event)
        loop.run(max_turns=1)
        if not loop.turns or FirstToken not in times or sink.first is None:
            print(f"run {i}: no turn (heard {heard!r})", file=sys.stderr)
            continue
        t_end = source.delivered_at[min(last // CHUNK_SAMPLES, len(source.delivered_at) - 1)]
        sentence_at = times.get(FirstSentence, times[TurnDone])
        row = {
            "endpointing": times[SpeechEnd] - t_end,
            "stt": times[Transcript] - times[SpeechEnd],
            "first token": times[FirstToken] - times[Transcript],
            "1st sentence": sentence_at - times[FirstToken],
            "tts": times[TtsFirstSentence] - sentence_at,
            "total": sink.first - t_end,
        }
        rows.append(row)
        print(f"run {i}{' (cold)' if i == 0 else ''}: " + "  ".join(f"{k} {v:.2f}s" for k, v in row.items())
              + f"  | {loop.results[-1].reply[:60]!r}", file=sys.stderr)
    tts.close()
    if len(rows) < 2:
        print("not enough runs completed")
        return 1
    cold, warm = rows[0], rows[1:]
    keys = list(cold)
    print(f"\nvoice latency, end of speech -> first audio out ({choice.kind}, {milo.model.label}, {len(warm)} warm runs)")
    print(f"{'step':<14}{'cold':>8}{'median':>9}{'min':>8}{'max':>8}")
    for k in keys:
        vals = [r[k] for r in warm]
        print(f"{k:<14}{cold[k]:>7.2f}s{statistics.median(vals):>8.2f}s{min(vals):>7.2f}s{max(vals):>7.2f}s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
