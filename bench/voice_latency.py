"""Voice latency: from the end of the user's speech to the first audio Milo plays, broken down.

    .venv/bin/python bench/voice_latency.py [--runs 5] [--model embedded] [--memory-file F]
    .venv/bin/python bench/voice_latency.py --compare [--runs 6]   # before vs after, one run
    .venv/bin/python bench/voice_latency.py --compare-head-start --model good --memory-file F
    .venv/bin/python bench/voice_latency.py --follow-ups --model good --memory-file F
    .venv/bin/python bench/voice_latency.py --hangover             # VAD hangover vs cut-offs

Each run synthesizes "hey Milo, <question>" with espeak-ng, feeds it through the real pipeline at
speaking pace (FileSource -> Silero VAD -> speech to text -> Milo.turn -> pyttsx3 -> sink), and
times the steps:

    endpointing   end of speech -> the VAD decides the utterance is over (its silence wait)
    stt           -> transcript
    first token   -> first piece of the reply from the model
    1st sentence  -> the model has written the first sentence (or clause) of the reply
    tts           -> that sentence synthesized
    to speaker    -> handed to the speaker
    total         end of speech -> first audio handed to the speaker (the sum of the above)

The first run is reported apart (cold: whisper and the model's prompt cache warm up); the table's
median is over the warm runs. --compare runs each question twice, with the old behaviour
("before": no early final pass, a fixed 480 ms hangover) and the new defaults ("after"), in
alternating order, so both meet the same machine and the same conversation; the cold run is an
"after" run. It also replays the recorded reply streams through SentenceChunker with other
options, to show when the first piece would have been spoken.

--compare-head-start: the same, "before" being today's defaults without the head start (what
was heard by a pause processed while the user talks on: Milo.prefill_typed), on statements
with a pause before their last words (HEAD_QUESTIONS: espeak pauses at a comma).

--follow-ups: a statement, then, FOLLOW_GAP_S after its reply was heard (at a speaker's pace; the
turn's memory lines or the next prompt's prefill maybe still under way), a follow-up paused before
its last words, in one recording; end of the follow-up's speech -> its first audio, with and
without the head start (which hurries what the turn before still does at the first words heard,
and processes the follow-up's prompt while it is said), alternately, in one run.

--hangover needs no model: espeak phrases joined by mid-sentence pauses of 0.2-0.9 s, with
-50 dBFS noise, through the real Silero VAD at each hangover, with and without the early
transcript's verdict (whisper, timed). A false cut-off is an utterance ended at a pause inside
the sentence. A measurement, not a test: nothing here passes or fails.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from milo.voice import CHUNK_BYTES, CHUNK_SAMPLES, CHUNK_SECONDS, SAMPLE_RATE, VoiceError  # noqa: E402
from milo.voice.audio import chunked, read_wav, split_speech_end, write_wav  # noqa: E402

QUESTIONS = [
    "what is your name?",
    "how are you today?",
    "tell me something about clouds.",
    "do you like music?",
    "what should I cook tonight?",
    "can you look around?",
]

HEAD_QUESTIONS = [  # not about the user (their reply is fixed from a note at once anyway), a pause late
    "I went for a long walk by the river this morning, it was lovely.",
    "my neighbour's dog barked all night again, so I slept badly.",
    "we are planning a trip to the mountains this year, maybe in spring.",
    "I finally finished that puzzle with a thousand pieces, at last.",
    "the bakery on the corner of my street closed down, sadly.",
    "tell me something fun about octopuses and their arms, please.",
]

FOLLOW_PAIRS = [  # a statement, then a follow-up said soon after its reply was heard
    ("my sister is coming to visit next week.", "she lives in Lisbon, by the sea."),
    ("I started learning the guitar.", "my fingers hurt so much, every evening."),
    ("we adopted a puppy on Sunday.", "he chews everything in sight, even shoes."),
    ("I baked bread this afternoon.", "the crust came out really crispy, finally."),
    ("my team lost the match yesterday.", "the referee was terrible all game, honestly."),
    ("I repainted my kitchen last weekend.", "it is bright yellow now, like the sun."),
]
FOLLOW_GAP_S = 1.5  # of listening after the reply was heard (a FileSource waits while Milo answers)


STAGES = ["endpointing", "stt", "first token", "1st sentence", "tts", "to speaker", "total"]
# The old behaviour, for --compare: every new step off, the old hangover.
BEFORE = {"end_ms": 480, "early_final": False, "first_clause_chars": 24, "eager_ends": False}


class TimedSink:
    """An AudioSink that notes when the first audio is handed to it, and plays nothing."""

    label = "timer"
    latency = 0.0

    def __init__(self):
        self.first = None
        self.times: list[float] = []  # every piece handed over

    def play(self, pcm, rate):
        self.times.append(time.monotonic())
        if self.first is None:
            self.first = time.monotonic()

    def drain(self):
        pass

    def close(self):
        pass


class SpeakingSink(TimedSink):
    """A TimedSink that takes as long to drain as its audio lasts, as a speaker does."""

    def __init__(self):
        super().__init__()
        self.until = 0.0

    def play(self, pcm, rate):
        super().play(pcm, rate)
        self.until = max(self.until, time.monotonic()) + len(pcm) / 2 / rate

    def drain(self):
        time.sleep(max(0.0, self.until - time.monotonic()))


# ---- end of speech to first audio ---------------------------------------------------------


def one_run(wav: Path, engine, tts, milo, before: bool, end_ms: int, only_head: bool = False):
    """(stage times, reply, the reply's (time, delta) stream, first token and turn done times) of
    one turn, or None."""
    from milo.voice.events import (
        FirstSentence, FirstToken, SpeechEnd, Transcript, TtsFirstSentence, TurnDone,
    )
    from milo.voice.cli import head_start
    from milo.voice.loop import LoopConfig, VoiceLoop, VoicePipeline
    from milo.voice.mic import FileSource
    from milo.voice.vad import Segmenter, SileroVad
    from milo.voice.wake import WakePhrase

    _, last = split_speech_end(read_wav(wav))
    source = FileSource(str(wav), realtime=True)
    times: dict[type, float] = {}  # event type -> when it first happened
    heard: list[str] = []
    stream: list[tuple[float, str]] = []

    def on_event(event):
        times.setdefault(type(event), event.t)
        if isinstance(event, Transcript):
            heard.append(event.text)

    def turn(text, on_reply, on_reply_end=None):
        def tap(delta):
            stream.append((time.monotonic(), delta))
            on_reply(delta)

        if before and not only_head:  # the last words after the memory lines, no prefill
            return milo.turn(text, on_reply=tap)
        # As `milo voice` does (milo.voice.cli.turn_until_reply): back with the whole reply, the
        # memory lines and the next prompt's prefill after it (the next run starts from it).
        pending = milo.start_turn(text, on_reply=tap, prefill_next=True)
        on_reply_end()
        return pending

    sink = TimedSink()
    old = before and not only_head
    config = LoopConfig(**{k: v for k, v in BEFORE.items() if k != "end_ms"}) if old else LoopConfig()
    segmenter = Segmenter(SileroVad(), end_ms=BEFORE["end_ms"] if old else end_ms)
    # The head start (milo.voice.cli.head_start) in every "after" run, and in "before" ones
    # only where the steps before it are measured (--compare).
    pipeline = VoicePipeline(source, segmenter, engine, tts, sink, wake=WakePhrase("hey Milo"))
    loop = VoiceLoop(pipeline, turn, config, say=lambda s: None, status=lambda s: None, on_event=on_event,
                     head_start=None if before else head_start(milo))
    loop.run(max_turns=1)
    if not loop.turns or FirstToken not in times or sink.first is None:
        print(f"  no turn (heard {heard!r})", file=sys.stderr)
        return None
    t_end = source.delivered_at[min(last // CHUNK_SAMPLES, len(source.delivered_at) - 1)]
    sentence_at = times.get(FirstSentence, times[TurnDone])
    row = {
        "endpointing": times[SpeechEnd] - t_end,
        "stt": times[Transcript] - times[SpeechEnd],
        "first token": times[FirstToken] - times[Transcript],
        "1st sentence": sentence_at - times[FirstToken],
        "tts": times[TtsFirstSentence] - sentence_at,
        "to speaker": sink.first - times[TtsFirstSentence],
        "total": sink.first - t_end,
    }
    return row, loop.results[-1].reply, stream, times[FirstToken], times[TurnDone]


def follow_run(i: int, tmp: Path, engine, tts, milo, head: bool):
    """A statement and its follow-up in one recording: (end of the follow-up's speech -> its
    first token, -> its first audio, whether the turn before was hurried), or None."""
    from milo.voice.cli import head_start, turn_until_reply
    from milo.voice.events import FirstToken, SpeechEnd
    from milo.voice.loop import LoopConfig, VoiceLoop, VoicePipeline
    from milo.voice.mic import FileSource
    from milo.voice.vad import Segmenter, SileroVad
    from milo.voice.wake import WakePhrase

    first, then = FOLLOW_PAIRS[i % len(FOLLOW_PAIRS)]
    parts = []
    for n, text in enumerate((f"Hey Milo, {first}", then)):
        pcm, rate = tts.synth(text)
        write_wav(tmp / f"f{i}_{n}.wav", pcm, rate)
        parts.append(read_wav(tmp / f"f{i}_{n}.wav"))
    pcm = parts[0] + b"\x00\x00" * int(FOLLOW_GAP_S * SAMPLE_RATE) + parts[1]
    wav = tmp / f"f{i}.wav"
    write_wav(wav, pcm, SAMPLE_RATE)
    _, last = split_speech_end(read_wav(wav))
    tokens, ends = [], []

    def on_event(event):
        if isinstance(event, FirstToken):
            tokens.append(event.t)
        elif isinstance(event, SpeechEnd):
            ends.append(event.t)

    source, sink = FileSource(str(wav), realtime=True), SpeakingSink()
    pipeline = VoicePipeline(source, Segmenter(SileroVad()), engine, tts, sink, wake=WakePhrase("hey Milo"))
    loop = VoiceLoop(pipeline, turn_until_reply(milo), LoopConfig(), say=lambda s: None, status=lambda s: None,
                     on_event=on_event, head_start=head_start(milo) if head else None)
    loop.run(max_turns=2)
    t_end = source.delivered_at[min(last // CHUNK_SAMPLES, len(source.delivered_at) - 1)]
    later = [t for t in sink.times if t > t_end]
    if loop.turns < 2 or len(tokens) < 2 or not later:
        print(f"  follow-up run {i}: {loop.turns} turns", file=sys.stderr)
        return None
    return tokens[-1] - t_end, later[0] - t_end, bool(getattr(loop.results[0], "hurried", False))


def follow_ups(args, tmp: Path, engine, tts, milo) -> int:
    rows = {True: [], False: []}
    for i in range(args.runs + 1):
        for head in ((True, False) if i % 2 == 0 else (False, True)):
            milo.history.clear()  # each pair a conversation of its own
            milo.prefill()
            got = follow_run(i, tmp, engine, tts, milo, head)
            if got is None:
                continue
            print(f"run {i} {'head start' if head else 'without'}: first token {got[0]:.2f}s  first audio {got[1]:.2f}s"
                  f"  turn before hurried: {got[2]}", file=sys.stderr)
            if i > 0:  # the first is cold
                rows[head].append(got)
    print(f"\nfollow-ups said {FOLLOW_GAP_S} s after the reply ({len(rows[False])} and {len(rows[True])} warm runs, medians)")
    print(f"{'':22}{'without':>9}{'head start':>12}{'ratio':>8}")
    for k, label in ((0, "first token"), (1, "first audio")):
        b, a = (statistics.median(r[k] for r in rows[h]) for h in (False, True))
        print(f"{label:22}{b:>8.2f}s{a:>11.2f}s{a / b:>8.2f}")
    print(f"{'turn before hurried':22}{sum(r[2] for r in rows[False]):>9}{sum(r[2] for r in rows[True]):>12}")
    return 0


def table(label: str, rows: list[dict]) -> None:
    cold, warm = rows[0], rows[1:]
    print(f"\n{label} ({len(warm)} warm runs)")
    print(f"{'step':<14}{'cold':>8}{'median':>9}{'min':>8}{'max':>8}{'share':>8}")
    mean_total = statistics.mean(r["total"] for r in warm)
    for k in STAGES:
        vals = [r[k] for r in warm]
        share = statistics.mean(vals) / mean_total
        print(f"{k:<14}{cold[k]:>7.2f}s{statistics.median(vals):>8.2f}s{min(vals):>7.2f}s{max(vals):>7.2f}s{share:>7.0%}")


def side_by_side(before: list[dict], after: list[dict]) -> None:
    """Warm medians and shares of the mean total, before and after, and their ratio."""
    print(f"\nbefore vs after, warm ({len(before)} and {len(after)} runs; share = of the mean total)")
    print(f"{'step':<14}{'before':>9}{'share':>7}{'after':>9}{'share':>7}{'after/before':>14}")
    tb, ta = (statistics.mean(r["total"] for r in rows) for rows in (before, after))
    for k in STAGES:
        b, a = (statistics.median(r[k] for r in rows) for rows in (before, after))
        sb, sa = (statistics.mean(r[k] for r in rows) / t for rows, t in ((before, tb), (after, ta)))
        ratio = f"{a / b:.2f}" if b > 0.005 else "-"
        print(f"{k:<14}{b:>8.2f}s{sb:>7.0%}{a:>8.2f}s{sa:>7.0%}{ratio:>14}")


CHUNKERS = [  # label, SentenceChunker options
    ("before: at '. ' only (comma from 24)", {"first_clause_chars": 24, "eager": False}),
    ("+ no comma rule", {"first_clause_chars": 0, "eager": False}),
    ("+ eager ends (comma from 24)", {"first_clause_chars": 24}),
    ("+ eager, comma from 12", {"first_clause_chars": 12}),
    ("+ eager, no comma rule", {"first_clause_chars": 0}),
]


def first_piece_replay(streams: list[tuple[list, float]], end_at: list[float]) -> None:
    """When the first piece would have gone to the mouth, from the first token, with other
    SentenceChunker options: the recorded reply streams replayed (`end_at`: when each turn
    returned, where a piece left in the chunker is flushed)."""
    from milo.voice.mouth import SentenceChunker

    print(f"\nfirst piece of the reply, {len(streams)} recorded streams replayed: seconds after the first token "
          "(median, max), its length (median chars)")
    for label, kw in CHUNKERS:
        waits, sizes = [], []
        for (stream, first), done in zip(streams, end_at):
            c = SentenceChunker(**kw)
            piece = next(((t, out[0]) for t, d in stream for out in [c.feed(d)] if out), None)
            if piece is None:
                rest = c.flush()
                piece = (done, rest[0] if rest else "")
            waits.append(piece[0] - first)
            sizes.append(len(piece[1]))
        print(f"  {label:<38} {statistics.median(waits):>5.2f}s {max(waits):>5.2f}s {statistics.median(sizes):>5.0f}")


def latency(args) -> int:
    from milo.voice import stt as stt_mod
    from milo.voice.tts.pyttsx3 import Pyttsx3Tts

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
    milo.prefill()  # as `milo voice` does before it listens (the cold run starts from it)
    print(f"model: {milo.model.label}", file=sys.stderr)

    if args.follow_ups:
        return follow_ups(args, tmp, engine, tts, milo)
    rows = {False: [], True: []}  # before? -> rows
    streams, turn_done = [], []
    compare = args.compare or args.compare_head_start
    questions = HEAD_QUESTIONS if args.compare_head_start and not args.short else QUESTIONS
    for i in range(args.runs + 1):
        question = questions[i % len(questions)]
        pcm, rate = tts.synth(f"Hey Milo, {question}")
        wav = tmp / f"q{i}.wav"
        write_wav(wav, pcm, rate)
        order = [False] if not compare else ([False, True] if i % 2 == 0 else [True, False])
        for before in order:
            if args.compare_head_start and getattr(milo, "history", None) is not None:
                # Each run a conversation of its own: asked twice in one, the good brain copied
                # its first reply (the reply guard then has it written again: seconds, either way).
                milo.history.clear()
                milo.prefill()
            try:
                got = one_run(wav, engine, tts, milo, before, args.end_silence, only_head=args.compare_head_start)
            except VoiceError as e:  # noted, not hidden: the run is left out
                print(f"run {i}: {e}", file=sys.stderr)
                got = None
            if got is None:
                continue
            row, reply, stream, first, done = got
            rows[before].append(row)
            streams.append((stream, first))
            turn_done.append(done)
            name = "before" if before else "after"
            print(f"run {i}{' (cold)' if i == 0 and len(rows[before]) == 1 and not before else ''} {name}: "
                  + "  ".join(f"{k} {v:.2f}s" for k, v in row.items()) + f"  | {reply[:50]!r}", file=sys.stderr)
    tts.close()
    if len(rows[False]) < 2 or (compare and len(rows[True]) < 2):
        print("not enough runs completed")
        return 1
    what = f"{choice.kind}, {milo.model.label}"
    table(f"voice latency, end of speech -> first audio out ({what})" + (" -- after" if compare else ""), rows[False])
    if compare:
        # The cold run was an "after" run: the "before" table's cold column is its first warm run.
        table(f"voice latency ({what}) -- before (cold column: its first run, not cold)", rows[True])
        side_by_side(rows[True][1:], rows[False][1:])
        first_piece_replay(streams, turn_done)
    return 0


# ---- hangover vs false cut-offs ------------------------------------------------------------

PHRASES = [  # split where a speaker may pause mid-sentence
    ("Hey Milo", "what is your name?"),
    ("what I would really like to know", "is whether it will rain tomorrow"),
    ("can you tell me", "about the stars"),
    ("I went to the market", "and bought some apples"),
    ("my favourite colour is", "blue"),
    ("remind me to call my sister", "tomorrow at noon"),
    ("how far is it", "from here", "to the moon?"),
    ("tell me a story about", "a dragon", "who likes music"),
]
PAUSES = (0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9)
SPEEDS = (140, 160, 175)  # espeak words per minute, by phrase
NOISE_DBFS = -50.0


def recordings(tmp: Path) -> list[dict]:
    """Each phrase with each pause between its parts (silence as the gap between the parts'
    sounds, their own silent edges cut), in -50 dBFS noise: the pcm and where each part sounds."""
    import numpy as np

    sys.path.insert(0, str(ROOT / "tests"))
    from virtual_audio import concat, synth, trim

    rng = np.random.default_rng(1)
    margin = int(0.03 * SAMPLE_RATE)  # trim()'s
    out = []
    for i, parts in enumerate(PHRASES):
        wavs = [trim(synth(text, tmp / f"p{i}_{j}.wav", speed=SPEEDS[i % len(SPEEDS)])) for j, text in enumerate(parts)]
        sounds = [len(read_wav(w)) // 2 for w in wavs]
        for pause in PAUSES:
            seq = [0.5]
            for j, w in enumerate(wavs):
                seq += ([pause] if j else []) + [w]
            seq.append(2.0)
            path = concat(seq, tmp / f"r{i}_{pause}.wav", lead_s=0.0)
            bounds, at = [], int(0.5 * SAMPLE_RATE)
            for j, n in enumerate(sounds):
                at += int(pause * SAMPLE_RATE) if j else 0
                bounds.append(((at + margin) / SAMPLE_RATE, (at + n - margin) / SAMPLE_RATE))
                at += n
            a = np.frombuffer(read_wav(path), "<i2").astype(np.float64)
            a += rng.normal(0, 32768 * 10 ** (NOISE_DBFS / 20), len(a))
            pcm = np.clip(a, -32768, 32767).astype("<i2").tobytes()
            out.append({"pause": pause, "bounds": bounds, "pcm": pcm, "parts": parts})
    return out


class Replay:
    """A VAD that gives back the probabilities Silero gave for the same audio (the segmenter
    calls it on the same chunks whatever its hangover), so each setting costs no model time."""

    def __init__(self, probs):
        self.probs, self.i = probs, 0

    def __call__(self, chunk):
        self.i += 1
        return self.probs[self.i - 1]

    def reset(self):
        pass


class Recorded:
    def __init__(self):
        from milo.voice.vad import SileroVad

        self.vad, self.probs = SileroVad(), []

    def __call__(self, chunk):
        self.probs.append(self.vad(chunk))
        return self.probs[-1]

    def reset(self):
        self.vad.reset()


def segment(rec: dict, end_ms: int, early=None):
    """(utterance ends, passes started) for one recording: each end as (time decided, time of
    the last voiced chunk). `early` = (after_ms, quick_ms, hold_ms): the loop's rule, with the
    early transcript (rec["transcribe"]) ready when its timed pass would have finished."""
    from milo.voice.endpoint import sounds_finished
    from milo.voice.vad import Segmenter, VadEnd, VadSpeech, VadStart

    seg = Segmenter(Replay(rec["probs"]), end_ms=end_ms)
    ends, passes, start, pending = [], 0, 0, None  # pending: (ready at, text)
    for chunk in chunked(rec["pcm"], CHUNK_BYTES):
        ev = seg.feed(chunk)
        now = (seg.chunk_index + 1) * CHUNK_SECONDS
        if isinstance(ev, VadStart):
            start, silent, pending = seg.chunk_index - len(ev.pcm) // CHUNK_BYTES + 1, 0, None
        elif isinstance(ev, VadSpeech) and early:
            after_ms, quick, hold = early
            if ev.voiced:
                silent, pending = 0, None
                continue
            silent += 1
            if silent == round(after_ms / 1000 / CHUNK_SECONDS):
                passes += 1
                text, took = rec["transcribe"](start, seg.chunk_index)
                pending = (now + took, text)
            if pending and pending[0] <= now:
                seg.wait(quick if sounds_finished(pending[1]) else hold)
        elif isinstance(ev, VadEnd):
            ends.append((now, (ev.utterance.speech_end_chunk + 1) * CHUNK_SECONDS))
    return ends, passes


def score(recs: list[dict], end_ms: int, early=None) -> dict:
    cut = {p: 0 for p in PAUSES}
    n = {p: 0 for p in PAUSES}
    split, inside, delays, passes = 0, 0, [], 0
    for rec in recs:
        ends, started = segment(rec, end_ms, early)
        passes += started
        bounds = rec["bounds"]
        n[rec["pause"]] += len(bounds) - 1
        cuts = ends[:-1]  # the recording is one utterance: any end before the last one is a cut-off
        split += bool(cuts)
        for _, voiced_until in cuts:  # the pause after the part that was sounding
            if any(bounds[j][1] - 0.1 <= voiced_until <= bounds[j + 1][0] for j in range(len(bounds) - 1)):
                cut[rec["pause"]] += 1
            else:
                inside += 1
        if ends and not cuts:  # a split recording's delay is not the one the user waits out
            delays.append(ends[-1][0] - bounds[-1][1])
    delays.sort()
    return {"split": split, "cut": cut, "n": n, "inside": inside, "passes": passes,
            "median": statistics.median(delays), "p90": delays[int(0.9 * (len(delays) - 1))],
            "slow": sum(d > 0.6 for d in delays), "whole": len(delays)}


def hangover(args) -> int:
    from milo.voice import stt as stt_mod
    from milo.voice.loop import LoopConfig
    from milo.voice.vad import Segmenter

    tmp = Path(tempfile.mkdtemp(prefix="milo-hangover-"))
    recs = recordings(tmp)
    for rec in recs:  # Silero once per recording
        vad = Recorded()
        seg = Segmenter(vad)
        for chunk in chunked(rec["pcm"], CHUNK_BYTES):
            seg.feed(chunk)
        rec["probs"] = vad.probs
    pauses = sum(len(r["bounds"]) - 1 for r in recs)
    print(f"{len(recs)} recordings ({len(PHRASES)} phrases x {len(PAUSES)} pause lengths), {pauses} pauses, "
          f"noise {NOISE_DBFS:g} dBFS")
    head = f"{'split':>7} " + " ".join(f"{p:>5.1f}s" for p in PAUSES) + f"{'other':>6}{'delay':>7}{'p90':>6}{'>0.6s':>7}"

    def line(label, s):
        cuts = " ".join(f"{s['cut'][p]:>2}/{s['n'][p]:<3}" for p in PAUSES)
        return (f"{label}{s['split']:>3}/{len(recs):<3} {cuts}{s['inside']:>5}{s['median']:>6.2f}s{s['p90']:>5.2f}s"
                f"{s['slow']:>3}/{s['whole']:<3}")

    print("\nsplit: recordings cut in two or more; by pause length: false cut-offs/pauses; other: cut-offs not at a pause;\n"
          "delay: end of speech -> end decided, median and p90 over the recordings not split; >0.6s: how many of those")
    print("\nfixed hangover")
    print(f"{'hangover':>9} " + head)
    for h in (160, 250, 320, 400, 480, 560, 640, 800):
        print(line(f"{h / 1000:>8.2f}s ", score(recs, h)))

    choice = stt_mod.choose_for(_stt_settings(args))
    engine = stt_mod.load(choice)
    cache: dict = {}

    def transcriber(rec):
        def transcribe(start, upto):  # timed once: every setting meets the same pass
            key = (id(rec), start, upto)
            if key not in cache:
                t0 = time.monotonic()
                text = engine.transcribe(rec["pcm"][start * CHUNK_BYTES : (upto + 1) * CHUNK_BYTES])
                cache[key] = (text, time.monotonic() - t0)
            return cache[key]

        return transcribe

    for rec in recs:
        rec["transcribe"] = transcriber(rec)

    d = LoopConfig()
    print(f"\nwith the early transcript's verdict ({engine.label}; pass starts {d.early_after_ms} ms into a pause, "
          "ready when its timed pass would be;\nquick: after a sentence that sounds finished, hold: after a fragment, "
          "end: until the verdict is in)")
    print(f"{'quick/hold/end':>15} " + head + f"{'passes':>8}")
    settings = [(250, 800, 480), (320, 800, 480), (400, 800, 480), (320, 640, 480), (320, 1000, 480), (320, 800, 400)]
    ours = (d.quick_end_ms, d.hold_end_ms, args.end_silence)
    for quick, hold, end in settings + ([] if ours in settings else [ours]):
        s = score(recs, end, (d.early_after_ms, quick, hold))
        mark = "*" if (quick, hold, end) == ours else " "
        print(line(f"{quick / 1000:.2f}/{hold / 1000:.2f}/{end / 1000:.2f}{mark}", s) + f"{s['passes'] / len(recs):>7.1f}")
    print("(* the defaults)")
    took = sorted(t for _, t in cache.values())
    print(f"\nearly passes: {len(took)} timed, {statistics.median(took):.2f}s median, {took[int(0.9 * (len(took) - 1))]:.2f}s p90")
    return 0


def _stt_settings(args):
    from milo.config import Settings

    return Settings.load(args)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--runs", type=int, default=5, help="timed runs after the cold one (default 5)")
    ap.add_argument("--compare", action="store_true", help="run each question with the old behaviour too; print both and their ratios")
    ap.add_argument("--compare-head-start", action="store_true",
                    help="today's defaults with and without the head start, on statements paused before their last words")
    ap.add_argument("--short", action="store_true", help="--compare-head-start on the short questions (no pause inside)")
    ap.add_argument("--follow-ups", action="store_true",
                    help="follow-ups said while the memory lines are written, with and without the head start")
    ap.add_argument("--hangover", action="store_true", help="measure false cut-offs against the VAD hangover on synthesized pauses (no model)")
    ap.add_argument("--model", default=None, help="the chat model, as for `milo --model` [env MILO_MODEL, default auto]")
    ap.add_argument("--base-url", default=None, help="server URL for --model openai:MODEL [env MILO_BASE_URL]")
    ap.add_argument("--memory-file", default=None, help="the living memory file (default: a fresh one in a temporary folder)")
    ap.add_argument("--robot", default="none", help="auto, reachy or none (default none)")
    ap.add_argument("--stt", default=None, choices=("auto", "vosk", "whisper"), help="speech-to-text engine [env MILO_STT, default auto]")
    ap.add_argument("--end-silence", type=int, default=480, help="the VAD hangover, ms (the \"after\" runs)")
    args = ap.parse_args()
    return hangover(args) if args.hangover else latency(args)


if __name__ == "__main__":
    sys.exit(main())
