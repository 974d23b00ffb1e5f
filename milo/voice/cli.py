"""`milo voice`: talk to Milo ("hey Milo, ...").

    milo voice                                  microphone in, speaker out
    milo voice --input q.wav --output a.wav     the same pipeline on a recording, reply to a file
    milo voice --download-model                 fetch vosk's small English model (needs network)

`milo doctor` (milo.cli.doctor) shows what voice needs and what is here (milo.voice.doctor).
Settings come from milo.config.Settings: each voice option here falls back to its environment
variable there. Errors are `MiloError`s (VoiceError, ConfigError, ...), printed by the command
line as one sentence after "milo voice: " (exit 2); a failure while listening exits 1.
"""

from __future__ import annotations

import logging
import sys
from typing import TYPE_CHECKING, Any, Callable, Optional

from milo.voice import VoiceError

log = logging.getLogger("milo.voice")

if TYPE_CHECKING:
    import argparse

    from milo.config import Settings
    from milo.voice.loop import VoicePipeline


def _stderr(msg: str) -> None:
    print(msg, file=sys.stderr, flush=True)


def register(sub: Any, kit: Any) -> None:
    """Add `voice` to the `milo` command (see milo.cli.Kit for `kit`)."""
    p = sub.add_parser(
        "voice", parents=[kit.common, kit.chat], help="talk to Milo by voice (say \"hey Milo\")",
        description="Talk to Milo by voice: say the wake phrase and a question; Milo answers aloud. "
        "With --input/--output the same pipeline runs on a WAV recording and writes the spoken reply to a WAV file.",
    )
    add_voice_options(p)
    p.set_defaults(func=lambda args: cmd_voice(args, kit), error_prefix="milo voice")


def add_voice_options(p: "argparse.ArgumentParser") -> None:
    """The `voice` option group. Options that are settings default to None (not given), so
    Settings.load falls back to their environment variables; their dests are Settings' options."""
    g = p.add_argument_group("voice")
    g.add_argument("--input", metavar="FILE.wav", help="listen to this recording (fed like a microphone) instead of the microphone")
    g.add_argument("--output", metavar="FILE.wav", help="write what Milo says to this WAV file instead of the speaker")
    g.add_argument("--wake", default=None, help="the wake phrase [env MILO_WAKE_PHRASE, default \"hey Milo\"]")
    g.add_argument("--wake-word", default=None, metavar="NAME|FILE.json", help="listen for a trained wake word instead of the phrase: okay_nabu, hey_jarvis, hey_mycroft, alexa (pymicro-wakeword), or a microWakeWord model's .json; nothing is transcribed before it fires [env MILO_WAKE_WORD]")
    g.add_argument("--wake-word-cutoff", default=None, metavar="P", help="how sure the wake word engine must be, 0.05-0.99: lower hears more in noise and wakes more on other speech (bench/wakeword.py --cutoffs) [env MILO_WAKE_WORD_CUTOFF, default the model's own]")
    g.add_argument("--stt", choices=("auto", "vosk", "whisper"), default=None, help="speech-to-text engine [env MILO_STT, default auto: vosk if a model is found, else faster-whisper]")
    g.add_argument("--stt-model", metavar="PATH", help="a vosk model directory or a faster-whisper model (directory or name)")
    g.add_argument("--lang", default=None, help="language of the vosk model to look for [env MILO_STT_LANG, default en]")
    g.add_argument("--wake-fillers", default=None, metavar="W1,W2", help="extra words for vosk's grammar spotter to absorb other speech, for models without [unk] [env MILO_WAKE_FILLERS]")
    g.add_argument("--tts", choices=("pyttsx3", "piper"), default=None, help="text-to-speech engine [env MILO_TTS, default pyttsx3 (espeak-ng)]")
    g.add_argument("--voice", default=None, help="espeak-ng voice name, or piper .onnx voice [env MILO_TTS_VOICE]")
    g.add_argument("--rate", default=None, help="speaking rate, words per minute [env MILO_TTS_RATE, default 170]")
    g.add_argument("--input-device", default=None, help="microphone: index or part of its name (see `milo doctor`) [env MILO_INPUT_DEVICE]")
    g.add_argument("--output-device", default=None, help="speaker: index or part of its name [env MILO_OUTPUT_DEVICE]")
    g.add_argument("--follow-up", type=float, default=8.0, metavar="SECONDS", help="after a reply, how long a question is taken without the wake phrase (default 8)")
    g.add_argument("--end-silence", type=int, default=480, metavar="MS", help="silence that ends an utterance (default 480 ms); with faster-whisper, until the early transcript says whether it sounds finished")
    g.add_argument("--barge-in", action="store_true", help="listen while Milo speaks: talk over it to stop it [env MILO_BARGE_IN=1]")
    g.add_argument("--no-realtime", action="store_true", help="feed --input as fast as it can be processed, not at speaking pace")
    g.add_argument("--download-model", nargs="?", const="en-us", metavar="LANG", help="download vosk's small model for LANG (default en-us) into ~/.cache/vosk, then exit")


def turn_until_reply(milo: Any):
    """Milo's turn for the voice loop, back as soon as the reply is whole (Milo.start_turn): the
    loop opens the microphone once the reply has been heard, while the memory lines are still
    being written (the good brain's take ~8 s, longer than its last sentences)."""

    def turn(text: str, *, on_reply, on_reply_end, interruption=None):
        cut = {"interruption": interruption} if interruption is not None else {}  # barge-in (milo.voice.barge)
        pending = milo.start_turn(text, on_reply, prefill_next=True, **cut)  # prefill: for a follow-up question
        on_reply_end()
        return pending

    return turn


def head_start(milo: Any):
    """The voice loop's head start: the prompt for what was said by a pause processed while the
    user may still be talking (Milo.prefill_typed, as the terminal does at a pause in typing);
    it stops between two steps once the utterance has ended."""
    if not hasattr(milo, "prefill_typed"):
        return None
    return lambda said, ended: milo.prefill_typed(said, stop=ended)


def cmd_voice(args: "argparse.Namespace", kit: Any) -> int:
    if args.download_model:
        return _download(args.download_model, kit.say)
    from milo.voice.loop import LoopConfig, VoiceLoop

    settings = kit.settings(args)
    pipeline = build_pipeline(
        settings, input_wav=args.input, output_wav=args.output, realtime=not args.no_realtime,
        stt_model=args.stt_model, end_silence_ms=args.end_silence, status=kit.say,
        barge_in=settings.barge_in or args.barge_in,
    )
    milo = None
    try:
        milo = kit.build_milo(args)
        body = getattr(milo, "body", None)
        if body is not None and hasattr(body, "on_status"):
            body.on_status = lambda s: kit.say(f"  [{s}]")
        model = getattr(getattr(milo, "model", None), "label", None)
        if model:
            kit.say(f"Model: {model}")
        # The prompt's known part processed now, before the first question (the embedded model
        # only): the first answer then starts as fast as a later one.
        milo.prefill()
        loop = VoiceLoop(pipeline, turn_until_reply(milo), LoopConfig(follow_up_s=args.follow_up), status=kit.say,
                         on_event=head_along(body), head_start=head_start(milo),
                         name=settings.persona_name)
        try:
            turns = loop.run()
        except KeyboardInterrupt:
            loop.close()
            kit.say("Bye!")
            return 0
        except VoiceError as e:
            kit.say(f"milo voice: {e}")
            return 1
        if args.input and turns == 0:
            kit.say(f"milo voice: no question for {settings.persona_name} was heard in {args.input} (start with \"{pipeline.wake.phrase}\").")
            return 1
        return 0
    finally:
        pipeline.close()
        if hasattr(getattr(milo, "memory", None), "close"):
            milo.memory.close()  # what recall computed, for the next wake
        body = getattr(milo, "body", None)
        if body is not None and hasattr(body, "close"):
            try:
                body.close()
            except Exception:
                pass


def head_along(body) -> Callable:
    """The voice events' handler for the robot's body: breathing while awake and silent,
    attention when speech starts, a thinking pose when a question is taken, the head moving along
    with each sentence heard."""
    from milo.voice.events import Answering, Awake, Playing, SpeechStart, Standby

    def on_event(event) -> None:
        if body is None or not hasattr(body, "speak_along"):
            return
        try:
            if isinstance(event, Awake):
                body.breathe(event.seconds)
            elif isinstance(event, Standby):
                body.calm()
            elif isinstance(event, SpeechStart):
                body.listen()
            elif isinstance(event, Answering):
                body.think()
            elif isinstance(event, Playing):
                body.speak_along(event.pcm, event.rate)
        except Exception as e:  # the body closed meanwhile: the voice goes on
            log.info("no head motion along with the voice: %s", e)

    return on_event


def _download(lang: str, say: Callable[[str], None]) -> int:
    from milo.voice.stt.vosk import download_vosk_model

    say(f"Downloading vosk's small model for '{lang}' into ~/.cache/vosk ...")
    try:
        path = download_vosk_model(lang)
    except VoiceError as e:
        say(f"milo voice: {e}")
        return 1
    print(f"vosk model ready: {path}")
    return 0


def build_pipeline(
    settings: "Settings",
    *,
    input_wav: Optional[str] = None,
    output_wav: Optional[str] = None,
    realtime: bool = True,
    stt_model: Optional[str] = None,
    end_silence_ms: int = 480,
    status: Callable[[str], None] = _stderr,
    barge_in: bool = False,
) -> "VoicePipeline":
    """Everything the loop needs, built in order of cost (fail fast), each step said on `status`.
    input_wav/output_wav: WAV files instead of the microphone/speaker (--input, --output).
    barge_in: listen while Milo speaks (with a microphone and a speaker, where the echo
    canceller runs).
    Raises VoiceError (one sentence), after closing what was already open."""
    from milo.voice import stt
    from milo.voice.loop import VoicePipeline
    from milo.voice.mic import FileSource, MicSource
    from milo.voice.speaker import PyAudioSink, WavSink
    from milo.voice.tts import choose_tts_for
    from milo.voice.vad import Segmenter, SileroVad
    from milo.voice.wake import WakePhrase

    word = None
    if settings.wake_word:  # a wake word engine: its model says the phrase it hears
        from milo.voice.wakeword import load_wake_word

        word = load_wake_word(settings.wake_word, settings.wake_word_cutoff)
    phrase = word.phrase if word is not None else settings.wake_phrase
    try:
        wake = WakePhrase(phrase)
    except ValueError:
        raise VoiceError(f"The wake phrase '{phrase}' has no words; give --wake a phrase like \"hey Milo\".") from None
    opened: list[Any] = [word] if word is not None else []
    try:
        source = FileSource(input_wav, realtime=realtime) if input_wav else MicSource(settings.input_device).open()
        opened.append(source)
        sink = WavSink(output_wav) if output_wav else PyAudioSink(settings.output_device).open()
        opened.append(sink)
        choice = stt.choose_for(settings, model=stt_model)
        tts = choose_tts_for(settings)
        opened.append(tts)
        segmenter = Segmenter(SileroVad(), end_ms=end_silence_ms)
        status(f"Loading speech to text ({choice.kind}) ...")
        engine = stt.load(choice, threads=settings.stt_threads, full_window=settings.whisper_full)
        fillers = [w for w in (settings.wake_fillers or "").replace(",", " ").split() if w]
        spotter = word if word is not None else engine.spotter(wake.words, fillers)
    except BaseException:
        for part in opened:
            try:
                part.close()
            except Exception:
                pass
        raise
    status(f"Speech to text: {engine.label} ({choice.reason})")
    if choice.kind == "whisper":
        status("  (vosk is used instead when it finds a model: `milo voice --download-model` fetches the small English one)")
    how = spotter.label if spotter else "found in the transcript"
    status(f"Wake phrase: \"{wake.phrase}\" ({how})")
    status(f"Text to speech: {tts.label}")
    status(f"Listening to the {source.label}; speaking to the {sink.label}")
    echo, name = None, settings.persona_name
    if barge_in and not input_wav and not output_wav:  # a file neither hears nor plays aloud
        from milo.voice import echo as aec

        echo = aec.load()
        status(f"Barge-in: on (speak over {name} to stop it; \"stop\" alone just stops)" if echo is not None
               else f"Barge-in: off (the echo canceller could not load: pip install livekit); {name} does not listen while it speaks")
    else:
        status(f"{name} does not listen while it speaks (--barge-in to talk over it)")
    return VoicePipeline(source, segmenter, engine, tts, sink, wake=wake, spotter=spotter, echo=echo)
