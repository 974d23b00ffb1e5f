"""Settings: every option and environment variable Milo reads, validated in one place.

    settings = Settings.load(args)            # command-line options over the environment
    settings = Settings.load(env={...})       # tests, the Python API

An option given on the command line wins over its environment variable, which wins over the
default. A bad value is one `ConfigError` sentence naming the setting and what it accepts, raised
when the settings are loaded (so at start-up, before anything is touched). Nothing else in Milo
reads `os.environ` for its own settings.

Secrets (GOOGLE_API_KEY, MILO_API_KEY, passwords in URLs) are kept out of `repr()`; use
`redact()` on any URL before it goes into a message or a log line.
"""

from __future__ import annotations

import math
import os
import re
import tomllib
from dataclasses import dataclass, field, fields
from pathlib import Path
from typing import Any, Callable, Mapping, Optional
from urllib.parse import urlsplit, urlunsplit

from milo.errors import ConfigError

PROJECT_DIR = Path(__file__).resolve().parent.parent
PACKAGE_DIR = Path(__file__).resolve().parent

ROBOT_MODES = ("auto", "reachy", "none")
RECALL_MODES = ("relevant", "recent")


def _data_dir(name: str) -> Path:
    """A shipped data file or folder: the checkout's copy when there is one (so a user's edits
    to ./prompts win), else the copy installed inside the package."""
    here = PROJECT_DIR / name
    return here if here.exists() else PACKAGE_DIR / "data" / name


def default_data_dir(env: Mapping[str, str]) -> Path:
    return Path(env.get("XDG_DATA_HOME") or os.path.expanduser("~/.local/share")) / "milo"


def default_cache_dir(env: Mapping[str, str]) -> Path:
    return Path(env.get("XDG_CACHE_HOME") or os.path.expanduser("~/.cache")) / "milo"


# ---- value parsers: raw text -> value, or ValueError(what is allowed) ----------------------------


def _number(lo: float = -math.inf, hi: float = math.inf, whole: bool = False, lo_open: bool = False) -> Callable[[str], Any]:
    kind = "a whole number" if whole else "a number"
    if lo > -math.inf and hi < math.inf:
        allowed = f"{kind} from {lo:g} to {hi:g}"
    elif lo > -math.inf:
        allowed = f"{kind} above {lo:g}" if lo_open else f"{kind} of at least {lo:g}"
    else:
        allowed = kind

    def parse(raw: str):
        try:
            value = int(raw) if whole else float(raw)
        except (TypeError, ValueError):
            raise ValueError(allowed) from None
        if not math.isfinite(value) or value < lo or value > hi or (lo_open and value == lo):
            raise ValueError(allowed)
        return value

    return parse


def _choice(*options: str) -> Callable[[str], str]:
    def parse(raw: str) -> str:
        value = str(raw).strip().lower()
        if value not in options:
            raise ValueError("one of " + ", ".join(options))
        return value

    return parse


_TRUE = ("1", "true", "yes", "on")
_FALSE = ("0", "false", "no", "off")


def _flag(raw: str) -> bool:
    value = str(raw).strip().lower()
    if value in _TRUE:
        return True
    if value in _FALSE:
        return False
    raise ValueError("1 or 0 (also true/false, yes/no, on/off)")


def _url(raw: str) -> str:
    value = str(raw).strip()
    parts = urlsplit(value)
    if parts.scheme not in ("http", "https") or not parts.hostname:
        raise ValueError("an http:// or https:// URL such as http://127.0.0.1:8080/v1")
    return value


def _host_url(raw: str) -> str:
    value = str(raw).strip()
    return _url(value if "://" in value else "http://" + value)


def _text(raw: str) -> str:
    return str(raw).strip()


NAME_BYTES, PATH_BYTES = 255, 4000  # what Linux file systems take (longer: ENAMETOOLONG at first use)


def _path(raw: str) -> Path:
    value = str(raw).strip()
    if not value:
        raise ValueError("a path")
    path = Path(value).expanduser()
    if len(os.fsencode(path)) > PATH_BYTES or any(len(os.fsencode(part)) > NAME_BYTES for part in path.parts):
        raise ValueError(f"a path of at most {PATH_BYTES} bytes, each name in it at most {NAME_BYTES}")
    return path


def _file(raw: str) -> Path:
    """A path that names a file (not "/" or "~/")."""
    path = _path(raw)
    if not path.name or str(raw).strip().endswith("/"):
        raise ValueError("the path of a file, such as ~/milo/Living_Memory.md")
    return path


def _folder(raw: str) -> Path:
    """A folder Milo may create: not under a regular file (MILO_DATA_DIR=notes.txt/milo)."""
    path = _path(raw)
    problem = not_a_folder(path)
    if problem:
        raise ValueError(f"a folder ({problem})")
    return path


def not_a_folder(path: Path) -> str:
    """Why `path` cannot be a folder ("/x/notes.txt is a file"), or "" when it can."""
    for where in (path, *path.parents):
        if where.exists():
            return f"{where} is a file" if not where.is_dir() else ""
    return ""


NAME_CHARS = 60  # a persona's or user's name: longer is a mistake (and every rule that reads names grows with it)


def _name(raw: str) -> str:
    value = re.sub(r"[{}\n\r]", "", str(raw)).strip()
    if len(value) > NAME_CHARS:
        raise ValueError(f"a name of at most {NAME_CHARS} characters")
    return value


def _mqtt_url(raw: str) -> str:
    value = str(raw).strip()
    parts = urlsplit(value)
    try:
        parts.port  # noqa: B018  (raises ValueError on a port that is not a number)
    except ValueError:
        raise ValueError("an mqtt:// or mqtts:// URL such as mqtt://user:password@localhost:1883") from None
    if parts.scheme not in ("mqtt", "mqtts") or not parts.hostname or parts.path not in ("", "/"):
        raise ValueError("an mqtt:// or mqtts:// URL such as mqtt://user:password@localhost:1883")
    return value


def _mqtt_prefix(raw: str) -> str:
    value = str(raw).strip()
    if not value or any(c in value for c in "+#\0") or value.startswith("$"):
        raise ValueError("a topic prefix without + # or a leading $, such as milo/ or home/desk/milo/")
    return value if value.endswith("/") else value + "/"


# ---- profiles: a persona is a folder ----------------------------------------------------------

PROFILE_FILE = "profile.toml"
DEFAULT_PROFILE = "milo"
_PROFILE_NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$")
# What a profile.toml may set, and the setting each fills (unless an option or variable does).
_PROFILE_KEYS = {"name": "persona_name", "language": "stt_lang", "wake_phrase": "wake_phrase", "wake_word": "wake_word", "voice": "tts_voice",
                 "samples": "persona_file", "prompts": "prompts_dir", "memory": "memory_file", "gestures": "gestures"}


def profile_id(raw: str) -> str:
    value = str(raw).strip()
    if not _PROFILE_NAME.match(value):
        raise ValueError("a profile name of letters, digits, '-', '_' or '.' (a folder name), such as milo")
    return value


def profile_dirs(data_dir: Path) -> list[Path]:
    """Where profiles are looked for, in order: the user's own (`milo profile new`), then the
    ones shipped with Milo."""
    return [Path(data_dir) / "profiles", _data_dir("profiles")]


def all_profiles(data_dir: Path) -> dict[str, Path]:
    """Every profile by name, the user's own first (a name found in both is the user's)."""
    found: dict[str, Path] = {}
    for folder in profile_dirs(data_dir):
        if folder.is_dir():
            for p in sorted(folder.iterdir()):
                if (p / PROFILE_FILE).is_file():
                    found.setdefault(p.name, p)
    return found


def find_profile(name: str, data_dir: Path) -> Optional[Path]:
    for folder in profile_dirs(data_dir):
        if (folder / name / PROFILE_FILE).is_file():
            return folder / name
    return None


def read_profile(folder: Path) -> dict[str, Any]:
    """A profile's settings from its profile.toml: paths made absolute (relative to the folder),
    defaults filled: the samples and the memory in the folder, its prompts/ if it has one (else
    the shipped prompts, which take the persona's name from it). Raises ValueError (what is wrong)."""
    path = folder / PROFILE_FILE
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError) as e:
        raise ValueError(f"{path} cannot be read ({getattr(e, 'strerror', None) or e})") from None
    except tomllib.TOMLDecodeError as e:
        raise ValueError(f"{path} is not valid TOML ({e})") from None
    unknown = sorted(set(data) - set(_PROFILE_KEYS))
    if unknown:
        raise ValueError(f"{path} has an unknown key {unknown[0]!r} (known: {', '.join(_PROFILE_KEYS)})")
    for key, value in data.items():
        if key == "gestures":
            if not (isinstance(value, list) and all(isinstance(v, str) for v in value)):
                raise ValueError(f"{path}: gestures must be a list of gesture names ([] for all)")
        elif not isinstance(value, str):
            raise ValueError(f"{path}: {key} must be a non-empty text")
        elif key == "name":
            try:
                named = _name(value)
            except ValueError as e:
                raise ValueError(f"{path}: name must be {e}") from None
            if not named:
                raise ValueError(f"{path}: name must be a non-empty text")
    out: dict[str, Any] = {
        "persona_name": _name(data.get("name", "")) or folder.name.title(),
        "persona_file": _under(folder, data.get("samples", "sample_speak.txt")),
        "prompts_dir": _under(folder, data["prompts"]) if "prompts" in data
        else (folder / "prompts" if (folder / "prompts").is_dir() else _data_dir("prompts")),
        "memory_file": _under(folder, data.get("memory", "Living_Memory.md")),
        "gestures": tuple(data.get("gestures", ())),
    }
    out["wake_phrase"] = data.get("wake_phrase", "").strip() or f"hey {out['persona_name']}"
    for key in ("language", "voice", "wake_word"):
        if data.get(key, "").strip():
            out[_PROFILE_KEYS[key]] = data[key].strip()
    return out


def _under(folder: Path, relative: str) -> Path:
    # normpath, not resolve: a memory file that is a symlink stays the path the user gave
    return Path(os.path.normpath(folder / Path(relative).expanduser()))


def _setting(env: Optional[str], parse: Callable[[str], Any] = _text, option: Optional[str] = None,
             flag: Optional[str] = None, default: Any = None, secret: bool = False):
    """A field of Settings: read from option `option` (argparse dest), else environment `env`."""
    return field(default=default, repr=not secret,
                 metadata={"env": env, "parse": parse, "option": option, "flag": flag})


@dataclass(frozen=True)
class Settings:
    # the chat model
    model: str = _setting("MILO_MODEL", option="model", flag="--model", default="auto")
    base_url: Optional[str] = _setting("MILO_BASE_URL", _url, option="base_url", flag="--base-url")
    api_key: Optional[str] = _setting("MILO_API_KEY", secret=True)
    google_api_key: Optional[str] = _setting("GOOGLE_API_KEY", secret=True)
    # None: Google's own endpoint; else a proxy or gateway that speaks the Gemini REST API (tests: a loopback fake)
    gemini_base_url: Optional[str] = _setting("MILO_GEMINI_BASE_URL", _url)
    ollama_host: str = _setting("OLLAMA_HOST", _host_url, default="http://127.0.0.1:11434")
    gguf: Optional[str] = _setting("MILO_GGUF")
    # None: the brain's own (60 s for remote models and the tiny brain, more for bigger local ones)
    timeout: Optional[float] = _setting("MILO_TIMEOUT", _number(0, 86400, lo_open=True), option="timeout", flag="--timeout")
    retries: int = _setting("MILO_RETRIES", _number(0, 10, whole=True), default=2)
    threads: Optional[int] = _setting("MILO_THREADS", _number(1, 256, whole=True))
    prompt_cache: bool = _setting("MILO_PROMPT_CACHE", _flag, default=True)  # save/restore the embedded model's prompt state
    # RAM the embedded model keeps earlier prompts' states in (None: milo.chat.embedded's bound)
    prompt_cache_mb: Optional[int] = _setting("MILO_PROMPT_CACHE_MB", _number(0, 65536, whole=True))
    # None: the brain's own default (the embedded brains pick no gestures themselves: bench/gestures.py)
    model_gestures: Optional[bool] = _setting("MILO_MODEL_GESTURES", _flag)
    # persona and memory: a profile (profiles/<name>/profile.toml) gives the persona's name, its
    # samples, prompts, memory file, wake phrase, language and voice; options and variables win
    profile: str = _setting("MILO_PROFILE", profile_id, option="profile", flag="--profile", default=DEFAULT_PROFILE)
    persona_name: str = _setting("MILO_PERSONA_NAME", _name, default="")
    gestures: tuple = _setting(None, default=())  # the gestures the persona may use (its profile; empty: all)
    user_name: str = _setting("MILO_USER_NAME", _name, option="user_name", flag="--user-name", default="Friend")
    persona_file: Path = _setting("MILO_PERSONA_FILE", _file, option="persona", flag="--persona", default=_data_dir("sample_speak.txt"))
    prompts_dir: Path = _setting("MILO_PROMPTS_DIR", _path, default=_data_dir("prompts"))
    memory_file: Path = _setting("MILO_MEMORY_FILE", _file, option="memory_file", flag="--memory-file", default=PROJECT_DIR / "Living_Memory.md")
    recall: str = _setting("MILO_RECALL", _choice(*RECALL_MODES), default="relevant")
    meaning: bool = _setting("MILO_MEANING", _flag, default=True)  # recall and evidence by meaning too (milo.memory.embedder)
    recall_lines: int = _setting("MILO_RECALL_LINES", _number(1, 100000, whole=True), default=100)
    # None: what the model can afford per turn (milo.chat.models.memory_budget)
    memory_tokens: Optional[int] = _setting("MILO_MEMORY_TOKENS", _number(50, 100000, whole=True))
    cache_dir: Optional[Path] = _setting("MILO_CACHE_DIR", _path)
    data_dir: Optional[Path] = _setting("MILO_DATA_DIR", _folder)
    # the recent conversation
    session_memory: bool = _setting("SESSION_MEMORY", _flag, default=True)
    session_ttl: float = _setting("SESSION_TTL", _number(0, 10**9), default=300.0)
    session_window: int = _setting("SESSION_WINDOW", _number(0, 10000, whole=True), default=40)
    session_dir: Optional[Path] = _setting("SESSION_DIR", _path)
    # the robot body
    robot: str = _setting("MILO_ROBOT", _choice(*ROBOT_MODES), option="robot", flag="--robot", default="auto")
    robot_host: str = _setting("MILO_ROBOT_HOST", _text, option="robot_host", flag="--robot-host", default="localhost")
    robot_port: int = _setting("MILO_ROBOT_PORT", _number(1, 65535, whole=True), option="robot_port", flag="--robot-port", default=8000)
    # voice
    wake_phrase: str = _setting("MILO_WAKE_PHRASE", option="wake", flag="--wake", default="")  # "": the profile's
    # a wake word engine's model (milo.voice.wakeword: okay_nabu, hey_jarvis, ... or a .json); "": the phrase
    wake_word: str = _setting("MILO_WAKE_WORD", option="wake_word", flag="--wake-word", default="")
    # how sure the wake word engine must be (its model's own cutoff when unset; lower hears more in
    # noise and may wake on other speech: bench/wakeword.py --cutoffs)
    wake_word_cutoff: Optional[float] = _setting("MILO_WAKE_WORD_CUTOFF", _number(0.05, 0.99), option="wake_word_cutoff",
                                                 flag="--wake-word-cutoff")
    wake_fillers: str = _setting("MILO_WAKE_FILLERS", option="wake_fillers", flag="--wake-fillers", default="")
    stt: str = _setting("MILO_STT", _choice("auto", "vosk", "whisper"), option="stt", flag="--stt", default="auto")
    stt_lang: str = _setting("MILO_STT_LANG", option="lang", flag="--lang", default="en")
    stt_threads: Optional[int] = _setting("MILO_STT_THREADS", _number(0, 256, whole=True))
    whisper_model: Optional[str] = _setting("MILO_WHISPER_MODEL")
    whisper_full: bool = _setting("MILO_WHISPER_FULL", _flag, default=False)
    vosk_model_path: Optional[str] = _setting("VOSK_MODEL_PATH")
    tts: Optional[str] = _setting("MILO_TTS", _choice("pyttsx3", "piper"), option="tts", flag="--tts")
    tts_voice: Optional[str] = _setting("MILO_TTS_VOICE", option="voice", flag="--voice")
    tts_rate: int = _setting("MILO_TTS_RATE", _number(40, 600, whole=True), option="rate", flag="--rate", default=170)
    piper_voice: Optional[str] = _setting("MILO_PIPER_VOICE")
    barge_in: bool = _setting("MILO_BARGE_IN", _flag, default=False)  # listen while Milo speaks (voice; opt-in)
    input_device: Optional[str] = _setting("MILO_INPUT_DEVICE", option="input_device", flag="--input-device")
    output_device: Optional[str] = _setting("MILO_OUTPUT_DEVICE", option="output_device", flag="--output-device")
    no_color: Optional[str] = _setting("NO_COLOR")  # https://no-color.org: any value turns colour off
    # the MQTT route (`milo serve`, `milo send`); the URL may carry a password: never shown unredacted
    mqtt_url: str = _setting("MILO_MQTT_URL", _mqtt_url, option="mqtt_url", flag="--mqtt-url", default="mqtt://localhost:1883", secret=True)
    mqtt_prefix: str = _setting("MILO_MQTT_PREFIX", _mqtt_prefix, option="mqtt_prefix", flag="--mqtt-prefix", default="milo/")
    mqtt_ca_file: Optional[Path] = _setting("MILO_MQTT_CA_FILE", _file)  # mqtts://: a CA for a self-signed broker
    mqtt_client_id: Optional[str] = _setting("MILO_MQTT_CLIENT_ID")  # None: milo-<hostname>
    # where `milo service install` writes its systemd user unit (default ~/.config)
    config_home: Optional[Path] = _setting("XDG_CONFIG_HOME", _path)

    @classmethod
    def load(cls, args: Any = None, env: Optional[Mapping[str, str]] = None) -> "Settings":
        """Options in `args` (an argparse Namespace; None values are "not given") over `env`
        (default: os.environ) over the defaults. Raises ConfigError, one sentence."""
        env = os.environ if env is None else env
        values: dict[str, Any] = {}
        for f in fields(cls):
            meta = f.metadata
            option = meta.get("option")
            raw = getattr(args, option, None) if (args is not None and option) else None
            source = meta.get("flag") or meta["env"]
            if raw is None and meta.get("env"):
                raw = env.get(meta["env"])
                source = meta["env"]
                if raw is not None and str(raw).strip() == "":
                    raw = None  # an empty variable counts as unset
            if raw is None:
                continue
            try:
                values[f.name] = meta["parse"](raw) if isinstance(raw, str) else _recheck(meta["parse"], raw)
            except ValueError as e:
                shown = redact(str(raw)) if f.repr else "(hidden)"
                shown = shown if len(shown) <= 80 else shown[:60] + "..."  # one sentence, not a page
                raise ConfigError(f"{source} must be {e}, not {shown!r}.") from None
        if "data_dir" not in values:
            values["data_dir"] = default_data_dir(env)
        values.update({k: v for k, v in _profile_values(values.get("profile", DEFAULT_PROFILE), values["data_dir"]).items()
                       if k not in values})
        if "cache_dir" not in values:
            values["cache_dir"] = default_cache_dir(env)
        if "session_dir" not in values:
            values["session_dir"] = default_cache_dir(env) / "sessions"
        return cls(**values)

    def with_changes(self, **changes: Any) -> "Settings":
        from dataclasses import replace

        return replace(self, **changes)

    @staticmethod
    def env_names() -> list[str]:
        return [f.metadata["env"] for f in fields(Settings) if f.metadata.get("env")]


def _profile_values(name: str, data_dir: Path) -> dict[str, Any]:
    folder = find_profile(name, data_dir)
    if folder is None:
        known = sorted(all_profiles(data_dir))
        raise ConfigError(f"There is no profile called {name!r} (known: {', '.join(known) or 'none'}); "
                          f"`milo profile new {name}` makes one.")
    try:
        return read_profile(folder)
    except ValueError as e:
        raise ConfigError(f"The profile {name!r} cannot be used: {e}.") from None


def _recheck(parse: Callable[[str], Any], value: Any) -> Any:
    """A value argparse already typed (an int port, a float timeout): validate it the same way."""
    return parse(str(value))


_USERINFO = re.compile(r"(?<=://)[^/@\s]+@")


def redact(text: str) -> str:
    """Mask credentials in every URL inside `text`: http://user:secret@host -> http://***@host."""
    return _USERINFO.sub("***@", str(text))


def strip_credentials(url: str) -> str:
    """A URL without its user:password part (for labels shown to the user)."""
    parts = urlsplit(url)
    if not parts.username and not parts.password:
        return url
    netloc = parts.hostname or ""
    if parts.port:
        netloc += f":{parts.port}"
    return urlunsplit((parts.scheme, netloc, parts.path, parts.query, parts.fragment))
