"""`milo voice` (talk to Milo: "hey Milo, ...") and `milo doctor` (what voice needs, what is here).

    milo voice                                  microphone in, speaker out
    milo voice --input q.wav --output a.wav     the same pipeline on a recording, reply to a file
    milo voice --download-model                 fetch vosk's small English model (needs network)
    milo doctor                                 audio devices, engines, models; each fix
"""

from __future__ import annotations

import argparse
import os
import sys
from typing import Callable, Optional

from milo.voice import VoiceError


def _status(msg: str) -> None:
    print(msg, file=sys.stderr, flush=True)


def _add_chat_options(parser: argparse.ArgumentParser) -> None:
    try:
        from milo.app import add_chat_options
    except ImportError:
        return
    add_chat_options(parser)


def register(subparsers, doctor_rows: Optional[Callable] = None) -> None:
    """Add `voice` and `doctor` to the `milo` command. doctor_rows(args) -> extra
    (name, ok, detail) rows for doctor (see milo.voice.doctor.add_rows for the same later)."""
    env = os.environ
    p = subparsers.add_parser(
        "voice", help="talk to Milo by voice (say \"hey Milo\")",
        description="Talk to Milo by voice: say the wake phrase and a question; Milo answers aloud. "
        "With --input/--output the same pipeline runs on a WAV recording and writes the spoken reply to a WAV file.",
    )
    _add_chat_options(p)
    g = p.add_argument_group("voice")
    g.add_argument("--input", metavar="FILE.wav", help="listen to this recording (fed like a microphone) instead of the microphone")
    g.add_argument("--output", metavar="FILE.wav", help="write what Milo says to this WAV file instead of the speaker")
    g.add_argument("--wake", default=env.get("MILO_WAKE_PHRASE", "hey Milo"), help="the wake phrase [env MILO_WAKE_PHRASE, default \"hey Milo\"]")
    g.add_argument("--stt", choices=("auto", "vosk", "whisper"), default=env.get("MILO_STT", "auto"), help="speech-to-text engine [env MILO_STT, default auto: vosk if a model is found, else faster-whisper]")
    g.add_argument("--stt-model", metavar="PATH", help="a vosk model directory or a faster-whisper model (directory or name)")
    g.add_argument("--lang", default=env.get("MILO_STT_LANG", "en"), help="language of the vosk model to look for [env MILO_STT_LANG, default en]")
    g.add_argument("--wake-fillers", default=env.get("MILO_WAKE_FILLERS", ""), metavar="W1,W2", help="extra words for vosk's grammar spotter to absorb other speech, for models without [unk] [env MILO_WAKE_FILLERS]")
    g.add_argument("--tts", choices=("pyttsx3", "piper"), default=env.get("MILO_TTS") or None, help="text-to-speech engine [env MILO_TTS, default pyttsx3 (espeak-ng)]")
    g.add_argument("--voice", default=env.get("MILO_TTS_VOICE") or None, help="espeak-ng voice name, or piper .onnx voice [env MILO_TTS_VOICE]")
    g.add_argument("--rate", type=int, default=None, help="speaking rate, words per minute [env MILO_TTS_RATE, default 170]")
    g.add_argument("--input-device", default=env.get("MILO_INPUT_DEVICE") or None, help="microphone: index or part of its name (see `milo doctor`) [env MILO_INPUT_DEVICE]")
    g.add_argument("--output-device", default=env.get("MILO_OUTPUT_DEVICE") or None, help="speaker: index or part of its name [env MILO_OUTPUT_DEVICE]")
    g.add_argument("--follow-up", type=float, default=8.0, metavar="SECONDS", help="after a reply, how long a question is taken without the wake phrase (default 8)")
    g.add_argument("--end-silence", type=int, default=480, metavar="MS", help="silence that ends an utterance (default 480 ms)")
    g.add_argument("--no-realtime", action="store_true", help="feed --input as fast as it can be processed, not at speaking pace")
    g.add_argument("--download-model", nargs="?", const="en-us", metavar="LANG", help="download vosk's small model for LANG (default en-us) into ~/.cache/vosk, then exit")
    p.set_defaults(func=cmd_voice)

    d = subparsers.add_parser(
        "doctor", help="check microphone, speaker, speech engines and models",
        description="List audio devices, the speech-to-text and text-to-speech engines and models found, and what else Milo needs; each missing piece with its fix.",
    )
    _add_chat_options(d)
    d.set_defaults(func=lambda args: cmd_doctor(args, doctor_rows))


def cmd_doctor(args, extra: Optional[Callable] = None) -> int:
    from milo.voice import doctor

    return doctor.run(args, [extra] if extra else [])


def cmd_voice(args) -> int:
    if args.download_model:
        return _download(args.download_model)
    parts = _Parts()
    try:
        try:
            parts.build(args)
        except VoiceError as e:
            _status(f"milo voice: {e}")
            return 2
        try:
            from milo.app import build_milo

            milo = build_milo(args, notice=_status)
        except Exception as e:
            if not isinstance(e, _setup_errors()):
                raise
            _status(f"milo voice: {e}")
            return 2
        parts.milo = milo
        if getattr(milo, "body", None) is not None and hasattr(milo.body, "on_status"):
            milo.body.on_status = lambda s: _status(f"  [{s}]")
        model = getattr(getattr(milo, "model", None), "label", None)
        if model:
            _status(f"Model: {model}")
        loop = parts.loop(milo.turn, args)
        try:
            turns = loop.run()
        except KeyboardInterrupt:
            _status("Bye!")
            return 0
        except VoiceError as e:
            _status(f"milo voice: {e}")
            return 1
        if args.input and turns == 0:
            _status(f"milo voice: no question for Milo was heard in {args.input} (start with \"{loop.wake.phrase}\").")
            return 1
        return 0
    finally:
        parts.close()


def _download(lang: str) -> int:
    from milo.voice.stt import download_vosk_model

    _status(f"Downloading vosk's small model for '{lang}' into ~/.cache/vosk ...")
    try:
        path = download_vosk_model(lang)
    except VoiceError as e:
        _status(f"milo voice: {e}")
        return 1
    print(f"vosk model ready: {path}")
    return 0


def _setup_errors() -> tuple:
    """The core's one-sentence setup errors (model, memory, persona, robot), and ours."""
    try:
        from milo.cli import _setup_errors as core
    except ImportError:
        return (VoiceError,)
    return tuple(core()) + (VoiceError,)


class _Parts:
    """Everything the loop needs, built in order of cost (fail fast), closed in reverse."""

    def __init__(self):
        self.source = self.sink = self.tts = self.stt = self.seg = self.spotter = self.milo = None
        self.wake = None

    def build(self, args) -> None:
        from milo.voice import stt as stt_mod
        from milo.voice.mic import FileSource, MicSource
        from milo.voice.speaker import PyAudioSink, WavSink
        from milo.voice.tts import choose_tts
        from milo.voice.vad import Segmenter, SileroVad
        from milo.voice.wake import WakePhrase

        try:
            self.wake = WakePhrase(args.wake)
        except ValueError:
            raise VoiceError(f"The wake phrase '{args.wake}' has no words; give --wake a phrase like \"hey Milo\".") from None
        self.source = FileSource(args.input, realtime=not args.no_realtime) if args.input else MicSource(args.input_device).open()
        self.sink = WavSink(args.output) if args.output else PyAudioSink(args.output_device).open()
        choice = stt_mod.choose(args.stt, model=args.stt_model, lang=args.lang)
        rate = args.rate
        if rate is None:
            raw = os.environ.get("MILO_TTS_RATE") or "170"
            try:
                rate = int(raw)
            except ValueError:
                raise VoiceError(f"MILO_TTS_RATE must be words per minute (a whole number), not {raw!r}.") from None
        self.tts = choose_tts(args.tts, voice=args.voice, rate=rate)
        self.seg = Segmenter(SileroVad(), end_ms=args.end_silence)
        _status(f"Loading speech to text ({choice.kind}) ...")
        self.stt = stt_mod.load(choice)
        fillers = [w for w in (args.wake_fillers or "").replace(",", " ").split() if w]
        self.spotter = self.stt.spotter(self.wake.words, fillers)
        _status(f"Speech to text: {self.stt.label} ({choice.reason})")
        if choice.kind == "whisper":
            _status("  (vosk is used instead when it finds a model: `milo voice --download-model` fetches the small English one)")
        how = self.spotter.label if self.spotter else "found in the transcript"
        _status(f"Wake phrase: \"{self.wake.phrase}\" ({how})")
        _status(f"Text to speech: {self.tts.label}")
        _status(f"Listening to the {self.source.label}; speaking to the {self.sink.label}")

    def loop(self, turn, args):
        from milo.voice.loop import LoopConfig, VoiceLoop

        return VoiceLoop(
            self.source, self.seg, self.stt, self.tts, self.sink, turn, wake=self.wake, spotter=self.spotter,
            config=LoopConfig(follow_up_s=args.follow_up),
        )

    def close(self) -> None:
        for part in (self.source, self.sink, self.tts):
            if part is not None:
                try:
                    part.close()
                except Exception:
                    pass
        body = getattr(self.milo, "body", None)
        if body is not None and hasattr(body, "close"):
            try:
                body.close()
            except Exception:
                pass
