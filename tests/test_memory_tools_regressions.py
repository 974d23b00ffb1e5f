"""One regression test per row of issue 12's table that the reliability tests do not cover:
the real `milo` command in a child process, real files."""

import os
import stat

import pytest
from helpers import run_milo
from model_server import ScriptedModelServer

from milo.memory import LivingMemory

ENTRIES = "".join(
    f"\n\n--- [PULSE: 08:15 PM, November {d:02d}, 2026] ---\nCORE_UPDATE: {text}\nREPLY: ok\n"
    for d, text in ((1, "Sam talked about his education"), (2, "Sam's location is Lisbon"), (3, "Sam's cat is called Tom"),
                    (4, "Sam communicates by email"))
)


def test_forget_matches_whole_words_and_shows_what_goes(tmp_path):
    path = tmp_path / "Living_Memory.md"
    path.write_text("# Memory\n" + ENTRIES)
    proc = run_milo("memory", "forget", "cat", "--yes", "--memory-file", str(path))
    assert proc.returncode == 0, proc.stderr
    assert "This entry will be forgotten:" in proc.stdout and "Forgot 1 entry." in proc.stdout
    left = [p.core_update for p in LivingMemory(path).pulses()]
    assert left == ["Sam talked about his education", "Sam's location is Lisbon", "Sam communicates by email"]
    proc = run_milo("memory", "forget", '"talked about his"', "--yes", "--memory-file", str(path))
    assert proc.returncode == 0 and len(list(LivingMemory(path).pulses())) == 2


def test_two_rewrites_in_one_second_keep_two_backups(tmp_path):
    path = tmp_path / "Living_Memory.md"
    path.write_text("# Memory\n" + ENTRIES)
    for word in ("education", "Lisbon"):
        assert run_milo("memory", "forget", word, "--yes", "--memory-file", str(path)).returncode == 0
    backups = sorted(tmp_path.glob("Living_Memory.md.bak-*"))
    assert len(backups) == 2 and backups[0].read_bytes() != backups[1].read_bytes()
    assert "education" in backups[0].read_text() + backups[1].read_text()


def test_forget_on_a_symlinked_memory_keeps_the_link(tmp_path):
    real = tmp_path / "synced" / "Living_Memory.md"
    real.parent.mkdir()
    real.write_text("# Memory\n" + ENTRIES)
    link = tmp_path / "Living_Memory.md"
    link.symlink_to(real)
    assert run_milo("memory", "forget", "Tom", "--yes", "--memory-file", str(link)).returncode == 0
    assert link.is_symlink() and "Tom" not in real.read_text() and "Lisbon" in real.read_text()


def test_forget_on_a_read_only_file_is_one_sentence(tmp_path):
    if os.geteuid() == 0:
        pytest.skip("root can write any file")
    path = tmp_path / "Living_Memory.md"
    path.write_text("# Memory\n" + ENTRIES)
    path.chmod(0o444)
    proc = run_milo("memory", "forget", "Tom", "--yes", "--memory-file", str(path))
    assert proc.returncode == 2 and "Traceback" not in proc.stderr and "not writable" in proc.stderr


@pytest.mark.parametrize("where", ["file", "unwritable"])
def test_a_cache_folder_that_cannot_be_made_is_only_a_notice(tmp_path, where):
    """With 60 entries (the index cache is written past 50) and a cache path that cannot be
    used, chat and stats still work."""
    path = tmp_path / "Living_Memory.md"
    path.write_text("# Memory\n" + "".join(f"\n\n--- [PULSE: 08:15 PM, November 29, 2026] ---\nCORE_UPDATE: note {i}\n" for i in range(60)))
    cache = tmp_path / "cache"
    if where == "file":
        cache.write_text("not a folder")
    else:
        if os.geteuid() == 0:
            pytest.skip("root can write any folder")
        cache.mkdir(mode=0o500)
    env = {"MILO_CACHE_DIR": str(cache)}
    stats = run_milo("memory", "stats", "--memory-file", str(path), env=env)
    assert stats.returncode == 0 and "Traceback" not in stats.stderr and "entries:  60" in stats.stdout
    with ScriptedModelServer() as srv:
        chat = run_milo("chat", "--model", "openai:m", "--memory-file", str(path), input="note 7?\n",
                        env={**env, "MILO_BASE_URL": srv.url})
    assert chat.returncode == 0 and "Traceback" not in chat.stderr and chat.stdout.strip()


@pytest.mark.parametrize("env, name", [({"SESSION_TTL": "abc"}, "SESSION_TTL"), ({"SESSION_WINDOW": "-3"}, "SESSION_WINDOW")])
def test_bad_session_settings_are_one_sentence(env, name):
    proc = run_milo("sessions", "list", env=env)
    assert proc.returncode == 2 and "Traceback" not in proc.stderr
    assert proc.stderr.startswith(f"milo: {name} must be ") and proc.stderr.count("\n") == 1


def test_a_session_dir_that_is_a_file_is_one_sentence(tmp_path):
    not_a_dir = tmp_path / "sessions"
    not_a_dir.write_text("x")
    proc = run_milo("sessions", "clear", "--all", env={"SESSION_DIR": str(not_a_dir)})
    assert proc.returncode == 2 and "Traceback" not in proc.stderr
    assert "conversation folder" in proc.stderr and "SESSION_DIR" in proc.stderr


def test_temp_files_of_killed_writers_go_with_clear_all(tmp_path):
    sessions = tmp_path / "sessions"
    sessions.mkdir()
    (sessions / "conv-20261129-201502-3.json").write_text('{"id": "conv-20261129-201502-3", "messages": []}')
    (sessions / ".conv-20261129-201502-3.json.4242.tmp").write_text("private words")
    assert run_milo("sessions", "clear", "--all", env={"SESSION_DIR": str(sessions)}).returncode == 0
    assert [p.name for p in sessions.iterdir() if p.name != ".lock"] == []


def test_a_byte_order_mark_does_not_hide_the_pinned_facts(tmp_path):
    path = tmp_path / "Living_Memory.md"
    path.write_bytes("\ufeff## Pinned\n- My dog is called Pixel.\n".encode("utf-8") + ENTRIES.encode())
    proc = run_milo("prompt", "what is my dog called?", "--memory-file", str(path))
    assert proc.returncode == 0 and "My dog is called Pixel." in proc.stdout.split("## Pinned", 1)[1]
    assert "pinned:   1 line" in run_milo("memory", "stats", "--memory-file", str(path)).stdout


def test_a_password_in_the_base_url_is_never_shown(tmp_path):
    """Not in the error sentence, not in -v logs (the HTTP client's loggers stay quiet too)."""
    proc = run_milo("-v", "chat", "--model", "openai:m", "--memory-file", str(tmp_path / "m.md"), input="hi\n",
                    env={"MILO_BASE_URL": "http://u:hunter2@127.0.0.1:9/v1", "MILO_RETRIES": "0"})
    assert "hunter2" not in proc.stdout + proc.stderr
    assert "Cannot reach the model server at http://127.0.0.1:9/v1" in proc.stderr


def test_the_memory_file_is_private(tmp_path):
    path = tmp_path / "Living_Memory.md"
    path.write_text("# Memory\n")
    path.chmod(0o644)
    LivingMemory(path).witness("Sam said hi", "", "hi")
    assert stat.S_IMODE(path.stat().st_mode) == 0o600


def test_memory_about_and_search_show_the_pinned_facts(tmp_path):
    """'What do you know about me?': the pinned facts, the name Milo knows, what recall brings
    for it; and `memory search` lists the pinned facts that match."""
    path = tmp_path / "Living_Memory.md"
    path.write_text("# Memory\n\n## Pinned\n- My name is Sam.\n- My dog is called Pixel.\n"
                    '\n\n--- [PULSE: 08:15 PM, November 29, 2026] ---\nCORE_UPDATE: Sam said: "I love strong black coffee"\n')
    about = run_milo("memory", "about", "--memory-file", str(path))
    assert about.returncode == 0, about.stderr
    assert "Your name, as Milo knows it: Sam" in about.stdout and "- My dog is called Pixel." in about.stdout
    assert 'Sam said: "I love strong black coffee"' in about.stdout.split("What recall brings for 'Sam'", 1)[1]
    search = run_milo("memory", "search", "dog", "--memory-file", str(path))
    assert search.returncode == 0 and "pinned (always in the prompt):\n  - My dog is called Pixel." in search.stdout
    unknown = tmp_path / "new.md"
    unknown.write_text("# Memory\n")
    assert "not known yet" in run_milo("memory", "about", "--memory-file", str(unknown)).stdout
