"""The wake word engine (milo.voice.wakeword: microWakeWord models run by pymicro-wakeword),
measured on synthesized speech: how often each shipped word is heard (voices, levels, noise),
how often it fires on an hour of speech that does not contain it, and what standby costs in CPU
beside the standby without it (the wake phrase looked for in the transcript of every speech
segment), both in the real voice loop.

    .venv/bin/python bench/wakeword.py [--words okay_nabu,hey_jarvis] [--hours 1] [--whisper-minutes 3] [--cutoffs 0.85,0.7,0.5]

Positives: "<word>, <question>" in every espeak-ng English voice listed below at two speeds, and
piper's en_US voice when installed; each at a normal level (-20 dBFS RMS) and a quiet one
(-38 dBFS), clean, with white noise 20 or 10 dB under the speech, and with another person
talking 12 or 6 dB under it. Each clip (0.5 s of silence either side) is fed in 32 ms pieces, as the microphone's.
Negatives: sentences from this repository's README, docs and persona samples (none holds a wake
word), in the same voices, one stream for the whole duration; after a false accept the stream
starts anew, as after a wake. Both are stricter than `milo voice`, which feeds the engine only
the speech segments its VAD found. Timings and counts are printed, never asserted. Needs
espeak-ng and pymicro-wakeword (`./test.sh` installs them); piper-tts is optional.
"""

from __future__ import annotations

import argparse
import random
import re
import resource
import sys
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from milo.voice import CHUNK_BYTES, SAMPLE_RATE  # noqa: E402
from milo.voice.audio import chunked, resample  # noqa: E402
from milo.voice.wakeword import builtin_wake_words, load_wake_word  # noqa: E402

VOICES = ["en-us", "en-gb", "en-gb-scotland", "en-029", "en-gb-x-rp", "en-gb-x-gbcwmd"]
SPEEDS = [150, 185]
NOISES = ["clean", "white 20 dB under", "white 10 dB under", "talk 12 dB under", "talk 6 dB under"]
QUESTIONS = ["what time is it?", "tell me a joke.", "what did I say about my sister?", "can you nod twice?",
             "how are you today?", "what's the weather like?", "remind me what we talked about."]


def _rss_mb() -> float:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


class Espeak:
    """espeak-ng's command line (one process per sentence: pyttsx3 keeps one engine per process,
    which cannot switch voices back and forth)."""

    def __init__(self, voice: str, speed: int):
        self.voice, self.speed = voice, speed
        self.synth("test")  # a voice this espeak-ng lacks fails here

    def synth(self, text: str) -> tuple[bytes, int]:
        import io
        import subprocess
        import wave

        out = subprocess.run(["espeak-ng", "-v", self.voice, "-s", str(self.speed), "--stdout", text],
                             capture_output=True, check=True, timeout=60).stdout
        with wave.open(io.BytesIO(out)) as w:
            return w.readframes(w.getnframes()), w.getframerate()


class Voices:
    """Every voice used: (label, a TextToSpeech)."""

    def __init__(self, piper: bool = True):
        self.all = []
        for v in VOICES:
            for speed in SPEEDS:
                try:
                    self.all.append((f"espeak {v} {speed}", Espeak(v, speed)))
                except Exception as e:
                    print(f"  (no espeak-ng voice {v}: {e})")
                    break
        if piper:
            try:
                from milo.voice.tts.piper import PiperTts

                self.all.append(("piper en_US joe", PiperTts()))
            except Exception as e:
                print(f"  (no piper voice: {e})")

    def say(self, tts, text: str) -> np.ndarray:
        pcm, rate = tts.synth(text)
        return np.frombuffer(resample(pcm, rate), np.int16).astype(np.float32)


def _at_level(x: np.ndarray, dbfs: float) -> np.ndarray:
    rms = float(np.sqrt(np.mean(x[np.abs(x) > 300] ** 2))) if np.any(np.abs(x) > 300) else 1.0
    return x * (32768 * 10 ** (dbfs / 20) / rms)


def _pcm(x: np.ndarray) -> bytes:
    return np.clip(x, -32768, 32767).astype(np.int16).tobytes()


def detect(spotter, pcm: bytes) -> bool:
    s = spotter.stream()
    for chunk in chunked(pcm, CHUNK_BYTES):
        s.feed(chunk)
        if s.found:
            break
    return s.finish().found


def positives(phrase: str, voices: Voices, rng: random.Random, babble: np.ndarray):
    """(condition, pcm) for every voice x level x noise."""
    sil = np.zeros(SAMPLE_RATE // 2, np.float32)
    for i, (label, tts) in enumerate(voices.all):
        speech = voices.say(tts, f"{phrase}, {QUESTIONS[i % len(QUESTIONS)]}")
        for level, dbfs in (("normal", -20.0), ("quiet", -38.0)):
            x = np.concatenate([sil, _at_level(speech, dbfs), sil])
            for noise in NOISES:
                if noise == "clean":
                    y = x
                elif noise.startswith("white"):
                    n = np.array([rng.gauss(0, 1) for _ in range(len(x))], np.float32)
                    y = x + _at_level(n * 1000, dbfs - int(noise.split()[1]))
                else:  # another person talking, that many dB under
                    start = rng.randrange(0, max(1, len(babble) - len(x)))
                    other = babble[start:start + len(x)]
                    y = x + _at_level(other, dbfs - int(noise.split()[1])) if len(other) == len(x) else x
                yield (label, level, noise), _pcm(y)


def sentences() -> list[str]:
    """Plain sentences from the repository's prose (README, docs, persona samples)."""
    text = ""
    for p in [ROOT / "README.md", ROOT / "sample_speak.txt", *sorted((ROOT / "docs").glob("*.md"))]:
        if p.is_file():
            text += "\n" + p.read_text(encoding="utf-8")
    text = re.sub(r"```.*?```", " ", text, flags=re.S)
    text = re.sub(r"`[^`]*`|\|[^\n]*\||https?://\S+|[#*_>\[\]()]", " ", text)
    out = []
    for s in re.split(r"(?<=[.!?])\s+", " ".join(text.split())):
        words = re.findall(r"[A-Za-z']+", s)
        if 4 <= len(words) <= 40:
            out.append(" ".join(words))
    return out


def negatives(said: list[str], voices: Voices, seconds: float, rng: random.Random) -> np.ndarray:
    """`seconds` of speech without a wake word (`said`, shuffled), espeak voices in turn, 0.2-1.5 s pauses."""
    said = list(said)
    rng.shuffle(said)
    espeak = [v for v in voices.all if v[0].startswith("espeak")]
    parts, total, i = [], 0, 0
    while total < seconds * SAMPLE_RATE:
        x = _at_level(voices.say(espeak[i % len(espeak)][1], said[i % len(said)]), -20.0)
        gap = np.zeros(int(rng.uniform(0.2, 1.5) * SAMPLE_RATE), np.float32)
        parts += [x, gap]
        total += len(x) + len(gap)
        i += 1
    return np.concatenate(parts)


def best_p(spotter, pcm: bytes) -> float:
    """The highest probability the model gives over `pcm` (the word is heard at any cutoff below it)."""
    own, spotter.cutoff = spotter.cutoff, 2.0  # never fires: the whole clip is heard
    s = spotter.stream()
    for chunk in chunked(pcm, CHUNK_BYTES):
        s.feed(chunk)
    spotter.cutoff = own
    best = s.best
    s.finish()
    return best


def false_accepts(spotter, pcm: bytes) -> tuple[int, float]:
    """Wakes on `pcm`, fed as one microphone stream; the CPU seconds it took."""
    n, cpu = 0, time.process_time()
    s = spotter.stream()
    for chunk in chunked(pcm, CHUNK_BYTES):
        s.feed(chunk)
        if s.found:
            n += 1
            s.finish()
            s = spotter.stream()
    s.finish()
    return n, time.process_time() - cpu


def loop_standby(pcm: bytes, stt, spotter=None, phrase: str = "hey Milo") -> tuple[float, int]:
    """The real voice loop in standby on `pcm` (fed as fast as it runs): with `spotter` None, the
    wake phrase is looked for in the transcript of every speech segment (Silero VAD + speech to
    text); with a wake word engine, only the engine hears. (CPU seconds, turns taken)."""
    import tempfile

    from milo.voice.loop import LoopConfig, VoiceLoop, VoicePipeline
    from milo.voice.mic import FileSource
    from milo.voice.speaker import WavSink
    from milo.voice.audio import write_wav
    from milo.voice.vad import Segmenter, SileroVad
    from milo.voice.wake import WakePhrase

    class Silent:  # no turn should happen; if one does (a false wake), it is counted
        label = "none"

        def synth(self, text):
            return b"\0\0" * 160, SAMPLE_RATE

        def close(self):
            pass

    asked = []

    def turn(text, on_reply=None, on_reply_end=None):
        asked.append(text)
        on_reply("ok")

        class R:
            reply, gestures, error, notices = "ok", [], None, []

        return R()

    with tempfile.TemporaryDirectory() as d:
        wav = Path(d) / "standby.wav"
        write_wav(wav, pcm)
        pipeline = VoicePipeline(FileSource(str(wav), realtime=False), Segmenter(SileroVad()), stt, Silent(),
                                 WavSink(str(Path(d) / "out.wav")), wake=WakePhrase(spotter.phrase if spotter else phrase), spotter=spotter)
        loop = VoiceLoop(pipeline, turn, LoopConfig(follow_up_s=0.5), say=lambda s: None, status=lambda s: None)
        cpu = time.process_time()
        loop.run()
        cpu = time.process_time() - cpu
        pipeline.source.close()
    return cpu, len(asked)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--words", default=",".join(builtin_wake_words()), help="shipped wake words to measure (default: all)")
    ap.add_argument("--hours", type=float, default=1.0, help="hours of non-wake speech for false accepts (default 1)")
    ap.add_argument("--whisper-minutes", type=float, default=3.0, help="minutes of it to time the voice loop's standby on, both ways (0: skip)")
    ap.add_argument("--cutoffs", default="", metavar="P,P", help="also each word at these cutoffs (MILO_WAKE_WORD_CUTOFF): heard and false accepts")
    ap.add_argument("--no-piper", action="store_true")
    ap.add_argument("--seed", type=int, default=7)
    a = ap.parse_args()
    rng = random.Random(a.seed)
    words = [w for w in a.words.split(",") if w]
    if not words:
        print("pymicro-wakeword is not installed (pip install pymicro-wakeword)")
        return 1
    voices = Voices(piper=not a.no_piper)
    print(f"voices: {len(voices.all)} ({', '.join(v[0] for v in voices.all)})")
    t = time.perf_counter()
    said = sentences()
    neg = negatives(said, voices, a.hours * 3600, rng)
    neg_pcm = _pcm(neg)
    hours = len(neg) / SAMPLE_RATE / 3600
    print(f"non-wake speech: {hours:.2f} h from {len(said)} sentences (synthesized in {time.perf_counter() - t:.0f} s)\n")
    rows = []
    for word in words:
        before = _rss_mb()
        spotter = load_wake_word(word)
        rss = _rss_mb() - before
        by: dict[str, list[bool]] = {}
        missed = []
        best: list[tuple[str, float]] = []  # (noise, the highest probability in the clip): heard at any cutoff below it
        for (voice, level, noise), pcm in positives(spotter.phrase, voices, rng, neg):
            hit = detect(spotter, pcm)
            if a.cutoffs:
                best.append((noise, best_p(spotter, pcm)))
            for key in (voice, level, noise, "all"):
                by.setdefault(key, []).append(hit)
            if not hit:
                missed.append(f"{voice}/{level}/{noise}")
        fa, cpu = false_accepts(spotter, neg_pcm)
        core = 100 * cpu / (hours * 3600)
        allhits = by["all"]
        print(f"{word} (\"{spotter.phrase}\", cutoff {spotter.cutoff}): heard {sum(allhits)}/{len(allhits)}; "
              f"false accepts {fa} in {hours:.2f} h ({fa / hours:.1f}/h); CPU {core:.2f}% of one core; +{rss:.0f} MB RSS")
        for key in [v[0] for v in voices.all] + ["normal", "quiet"] + NOISES:
            if key in by:
                print(f"    {key:24s} {sum(by[key])}/{len(by[key])}")
        if missed:
            print("    missed: " + "; ".join(missed[:12]) + (" ..." if len(missed) > 12 else ""))
        rows.append((word, sum(allhits), len(allhits), fa / hours, core))
        own = spotter.cutoff
        for cut in [float(c) for c in a.cutoffs.split(",") if c]:
            spotter.cutoff = cut
            fa, _ = false_accepts(spotter, neg_pcm)
            per = "  ".join(f"{n} {sum(p > cut for m, p in best if m == n)}/{sum(m == n for m, _ in best)}" for n in NOISES)
            print(f"    cutoff {cut:<5g} heard {sum(p > cut for _, p in best)}/{len(best)}  ({per})  false accepts {fa} in {hours:.2f} h")
        spotter.cutoff = own
        spotter.close()
    if a.whisper_minutes > 0:
        from milo.config import Settings
        from milo.voice import stt

        engine = stt.load(stt.choose_for(Settings.load(env={"MILO_STT": "whisper"})))
        part = neg_pcm[: int(a.whisper_minutes * 60 * SAMPLE_RATE) * 2]
        secs = len(part) / 2 / SAMPLE_RATE
        print(f"\nthe voice loop in standby on {secs / 60:.1f} min of that speech, CPU as % of one core at speaking pace:")
        base, woke = loop_standby(part, engine)
        print(f"    the wake phrase in the transcript (Silero VAD + faster-whisper tiny.en)  {100 * base / secs:5.2f}%  ({woke} wakes)")
        for word in words:
            spotter = load_wake_word(word)
            cpu, woke = loop_standby(part, engine, spotter)
            spotter.close()
            print(f"    wake word {word:12s} (the engine alone: no VAD, no transcript)       {100 * cpu / secs:5.2f}%  "
                  f"({base / max(cpu, 1e-6):.0f}x less; {woke} wakes)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
