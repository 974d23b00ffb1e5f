"""PyAudio devices: opening PyAudio quietly, listing microphones and speakers, picking one.

PyAudio itself is imported only by `open_pyaudio()`.
"""

from __future__ import annotations

from typing import Any, Optional

from milo.voice import VoiceError
from milo.voice.audio import quiet_stderr, silence_alsa

NO_MIC = (
    "No microphone found: plug in a USB microphone (check `arecord -l`), "
    "or run on a recording with --input FILE.wav."
)
NO_SPEAKER = (
    "No speaker found: plug in a speaker or USB sound card (check `aplay -l`), "
    "or write the reply to a file with --output FILE.wav."
)


def open_pyaudio() -> Any:
    """A PyAudio instance, with ALSA/JACK start-up chatter silenced. VoiceError if missing."""
    try:
        import pyaudio
    except ImportError:
        raise VoiceError(
            "PyAudio is not installed; run `apt-get install portaudio19-dev` then `pip install pyaudio`."
        ) from None
    silence_alsa()
    with quiet_stderr():
        return pyaudio.PyAudio()


def list_devices(pa: Any, kind: str) -> list[tuple[int, str]]:
    """(index, name) of devices with input (kind='input') or output channels."""
    key = "maxInputChannels" if kind == "input" else "maxOutputChannels"
    found = []
    for i in range(pa.get_device_count()):
        try:
            info = pa.get_device_info_by_index(i)
        except OSError:
            continue
        if int(info.get(key, 0)) > 0:
            found.append((i, str(info.get("name", f"device {i}"))))
    return found


def default_device_name(pa: Any, kind: str) -> Optional[str]:
    """The name of the system's default input or output device, None when there is none."""
    try:
        info = pa.get_default_input_device_info() if kind == "input" else pa.get_default_output_device_info()
    except (OSError, IOError):
        return None
    return str(info["name"])


def pick_device(pa: Any, kind: str, wanted: Optional[str]) -> Optional[int]:
    """The device index for `wanted` (an index or part of a name); None = the default one."""
    devices = list_devices(pa, kind)
    noun = "microphone" if kind == "input" else "speaker"
    if not devices:
        raise VoiceError(NO_MIC if kind == "input" else NO_SPEAKER)
    if wanted in (None, ""):
        try:
            default = pa.get_default_input_device_info() if kind == "input" else pa.get_default_output_device_info()
            return int(default["index"])
        except (OSError, IOError):
            return devices[0][0]
    if str(wanted).isdigit() and any(i == int(wanted) for i, _ in devices):
        return int(wanted)
    for i, name in devices:
        if str(wanted).lower() in name.lower():
            return i
    names = ", ".join(f"{i}: {n}" for i, n in devices)
    raise VoiceError(f"No {noun} matches '{wanted}'; the {noun}s here are {names}.")
