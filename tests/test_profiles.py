"""Profiles: a persona is a folder (profiles/<name>/profile.toml). A second persona, of another
name and language, made with `milo profile new`, chats end to end through a real `milo` process
with no code change: its name in the prompt, its samples, its own memory file, its wake phrase
and language for the voice, the gestures it may make; the default persona's memory untouched."""

import ast
import json
from pathlib import Path

import pytest
from helpers import run_milo
from model_server import ScriptedModelServer

from milo.body import Body, ConsoleRobot
from milo.config import Settings
from milo.errors import BodyError, ConfigError
from milo.memory import LivingMemory
from milo.voice.wake import WakePhrase

ROOT = Path(__file__).resolve().parent.parent
LUNA_SAYS = ["Oh là là, un nuage qui ressemble à un chat !", "Je me demande pourquoi la lune est si ronde ce soir..."]
ANSWER = ("[REPLY]: Enchantée, Chloé ! Les nuages de Lyon sont-ils jolis ?\n[INTERNAL]: une amie\n"
          "[CORE_UPDATE]: Chloé tient une boutique de fleurs à Lyon\n[FUTURE_MESSAGE]: Nothing in particular")


@pytest.fixture
def luna(tmp_path, monkeypatch):
    """A profile made the way a user makes one, in the test's own data folder."""
    monkeypatch.delenv("MILO_MEMORY_FILE")  # the profile's own memory, not the test default
    data = Path(Settings.load().data_dir)
    made = run_milo("profile", "new", "luna", "--language", "fr")
    assert made.returncode == 0, made.stderr
    folder = data / "profiles" / "luna"
    (folder / "sample_speak.txt").write_text("\n".join(LUNA_SAYS) + "\n", encoding="utf-8")
    return folder


def test_a_new_profile_is_listed_and_its_settings_come_from_it(luna):
    listed = run_milo("profile", "list").stdout
    assert "* milo: Milo" in listed and "  luna: Luna" in listed
    s = Settings.load(env={"MILO_PROFILE": "luna", "MILO_DATA_DIR": str(luna.parent.parent)})
    assert (s.persona_name, s.stt_lang, s.wake_phrase) == ("Luna", "fr", "hey Luna")
    assert s.memory_file == luna / "Living_Memory.md" and s.persona_file == luna / "sample_speak.txt"
    assert WakePhrase(s.wake_phrase).match("hey luna quelle heure est-il") == "quelle heure est-il"
    # an option or a variable still wins over the profile
    s = Settings.load(env={"MILO_PROFILE": "luna", "MILO_DATA_DIR": str(luna.parent.parent), "MILO_WAKE_PHRASE": "salut Luna"})
    assert s.wake_phrase == "salut Luna"
    # a profile may listen for a trained wake word instead (milo.voice.wakeword)
    toml = luna / "profile.toml"
    toml.write_text(toml.read_text(encoding="utf-8") + 'wake_word = "okay_nabu"\n', encoding="utf-8")
    s = Settings.load(env={"MILO_PROFILE": "luna", "MILO_DATA_DIR": str(luna.parent.parent)})
    assert s.wake_word == "okay_nabu" and Settings.load().wake_word == ""
    again = run_milo("profile", "new", "luna")
    assert again.returncode == 2 and again.stderr.strip() == "milo: A profile called 'luna' already exists; `milo profile list` shows where."


def test_the_second_persona_chats_end_to_end_with_its_own_name_samples_and_memory(luna):
    default_memory = Settings.load(env={}).memory_file
    before = default_memory.read_bytes()
    with ScriptedModelServer([("ok", ANSWER), ("ok", ANSWER)]) as srv:
        proc = run_milo("--profile", "luna", "chat", "--model", "openai:m",
                        input="Salut Luna ! Je m'appelle Chloé, je tiens une boutique de fleurs à Lyon.\nEt toi ?\n",
                        env={"MILO_BASE_URL": srv.url})
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.splitlines()[0] == "Enchantée, Chloé ! Les nuages de Lyon sont-ils jolis ?"
    system = srv.requests[0]["messages"][0]["content"]
    assert system.startswith("You are Luna, a small desk robot") and "Examples of how Luna sounds" in system
    assert all(f"- {line}" in system for line in LUNA_SAYS) and "octopuses" not in system  # its samples, not Milo's
    assert "in Luna's own voice" in system and "Milo" not in system
    # its own memory file; the default persona's is untouched
    pulses = list(LivingMemory(luna / "Living_Memory.md").pulses())
    assert len(pulses) == 2 and "Lyon" in pulses[0].fields["CORE_UPDATE"]
    assert default_memory.read_bytes() == before
    # the user's name is learned from the message; the persona's own name never is
    second = json.dumps(srv.requests[1]["messages"], ensure_ascii=False)
    assert "Their name is Chloé." in second and "Their name is Luna" not in second


def test_the_gestures_a_profile_allows():
    body = Body(ConsoleRobot(write=lambda s: None), gestures=["nod", "dance"])
    try:
        assert body.gestures == ("nod", "dance")
        assert sorted(t.name for t in body.tools) == ["dance", "nod"]
        assert "nod / dance>" in body.action_tag["placeholder"] and "spin_body" not in body.action_tag["gbnf"]
        assert body.respond("shake your head, then nod") == ["nod(times=2)"]  # what it may not do is dropped
    finally:
        body.close()
    with pytest.raises(BodyError, match="no gesture called 'fly'"):
        Body(ConsoleRobot(), gestures=["fly"])


def test_a_broken_profile_is_one_sentence(tmp_path):
    folder = tmp_path / "data" / "profiles" / "odd"
    folder.mkdir(parents=True)
    (folder / "profile.toml").write_text('name = "Odd"\ncolour = "blue"\n')
    with pytest.raises(ConfigError, match=r"^The profile 'odd' cannot be used: .*unknown key 'colour'"):
        Settings.load(env={"MILO_PROFILE": "odd", "MILO_DATA_DIR": str(tmp_path / "data")})
    (folder / "profile.toml").write_text('name = "Odd\n')
    with pytest.raises(ConfigError, match="is not valid TOML"):
        Settings.load(env={"MILO_PROFILE": "odd", "MILO_DATA_DIR": str(tmp_path / "data")})
    with pytest.raises(ConfigError, match="There is no profile called 'nope'"):
        Settings.load(env={"MILO_PROFILE": "nope", "MILO_DATA_DIR": str(tmp_path / "data")})
    with pytest.raises(ConfigError, match="MILO_PROFILE must be a profile name"):
        Settings.load(env={"MILO_PROFILE": "../etc"})


# The modules whose rules read what the user says and what the model writes: the persona's name
# reaches them from its profile (`own`), never from a word list.
RULES = ["chat/evidence.py", "chat/manners.py", "chat/forgetting.py", "chat/known.py", "chat/draft.py", "chat/addressing.py", "chat/tags.py", "chat/persona.py", "chat/turn.py",
         "memory/names.py", "memory/grounding.py", "memory/quoting.py", "memory/notes.py", "memory/recall.py"]


def _strings(path: Path) -> list[str]:
    """The string constants of a module that are not docstrings."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    docs = {id(n.body[0].value) for n in ast.walk(tree)
            if isinstance(n, (ast.Module, ast.FunctionDef, ast.ClassDef, ast.AsyncFunctionDef)) and n.body
            and isinstance(n.body[0], ast.Expr) and isinstance(n.body[0].value, ast.Constant)}
    exported = {id(c) for n in ast.walk(tree) if isinstance(n, ast.Assign) and any(getattr(t, "id", "") == "__all__" for t in n.targets)
                for c in ast.walk(n.value)}  # class names may keep it
    return [n.value for n in ast.walk(tree) if isinstance(n, ast.Constant) and isinstance(n.value, str)
            and id(n) not in docs and id(n) not in exported and not n.value.startswith("milo-")]  # thread names


def test_no_rule_or_prompt_names_the_persona():
    import re

    named = [(f, s) for f in RULES for s in _strings(ROOT / "milo" / f)
             if re.search(r"(?<![\w.`])milo(?![\w.])", s, re.IGNORECASE) and s not in ("milo",)]  # (`milo ...`: a command)
    assert named == []
    for template in (ROOT / "prompts").glob("*.md"):
        assert "Milo" not in template.read_text(encoding="utf-8"), template


NAME_ANSWER = ("[REPLY]: I'm Luna, a little robot who loves clouds!\n[INTERNAL]: a question\n"
               "[CORE_UPDATE]: They asked my name\n[FUTURE_MESSAGE]: Nothing in particular")


def test_the_second_persona_answers_by_voice_with_its_own_wake_phrase_and_name(luna, tmp_path):
    """`milo --profile luna voice` on a recording (real speech synthesis and recognition): its
    wake phrase is heard, its name is in the prompt and in every line it says; nothing names Milo."""
    pytest.importorskip("faster_whisper")
    from virtual_audio import concat, have, synth

    if not have("espeak-ng", "sox"):
        pytest.skip("espeak-ng and sox are not installed")
    wav = concat([synth("Hey Luna, what is your name?", tmp_path / "q.wav"), 1.0], tmp_path / "talk.wav")
    with ScriptedModelServer([("ok", NAME_ANSWER)]) as srv:
        # English speech to text (no French model is installed here); the rest is the profile's
        r = run_milo("--profile", "luna", "voice", "--input", str(wav), "--output", str(tmp_path / "out.wav"),
                     "--lang", "en", "--model", "openai:m", "--robot", "none", env={"MILO_BASE_URL": srv.url}, timeout=300)
    assert r.returncode == 0, r.stderr
    assert 'Wake phrase: "hey Luna"' in r.stderr
    assert "Luna: I'm Luna, a little robot who loves clouds!" in r.stdout.splitlines()
    system = srv.requests[0]["messages"][0]["content"]
    assert system.startswith("You are Luna") and "Milo" not in system
    assert "Milo" not in r.stdout and "Milo" not in r.stderr
