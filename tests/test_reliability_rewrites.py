"""Rewrites that cannot destroy: verified snapshots, swaps checked, line ends kept, backups
bounded and restorable, archive as one recoverable step (issue 12)."""

import os
import stat
import threading
import time
from datetime import datetime, timedelta

import pytest
from helpers import run_milo

from milo import storage
from milo.memory import LivingMemory, MemoryFileError
from milo.memory import edit as memory_edit
from milo.memory.format import archive_path, entry_keys, format_timestamp, read_entries


def entry(i, when=None, nl="\n"):
    when = when or datetime(2025, 1, 1, 9, 0) + timedelta(hours=i)
    return f"{nl}{nl}--- [PULSE: {format_timestamp(when)}] ---{nl}CORE_UPDATE: note {i} about topic{i}{nl}REPLY: reply {i}{nl}"


def seed(path, n, nl="\n", head="# Memory\n\n## Pinned\n- Amy\n"):
    path.write_bytes((head.replace("\n", nl) + "".join(entry(i, nl=nl) for i in range(n))).encode())
    return path.read_bytes()


@pytest.fixture(autouse=True)
def quick_settle(monkeypatch):
    monkeypatch.setattr(storage, "SETTLE_S", 0.01)
    monkeypatch.setattr(storage, "SETTLE_TIMEOUT_S", 0.5)


def test_a_truncated_file_is_never_rewritten(tmp_path):
    path = tmp_path / "Living_Memory.md"
    before = seed(path, 50)
    plan = memory_edit.plan_archive(LivingMemory(path), datetime(2025, 1, 2))
    assert len(plan.pulses) == 15
    # an editor truncates the file and is about to write it again (nano-style save)
    path.write_bytes(before[: len(before) // 3])
    for replan in (False, True):
        with pytest.raises(MemoryFileError, match="shorter than when you decided"):
            memory_edit.apply(plan, archive=archive_path(path), replan=replan)
    assert path.read_bytes() == before[: len(before) // 3] and not archive_path(path).exists()
    # the same length but fewer entries (half-written) refuses too
    path.write_bytes(before[:-300] + b"x" * 300)
    with pytest.raises(MemoryFileError, match="fewer entries"):
        memory_edit.apply(plan, archive=archive_path(path), replan=True)


def test_a_file_being_saved_is_refused_in_one_sentence(tmp_path):
    path = tmp_path / "Living_Memory.md"
    before = seed(path, 30)
    stop = threading.Event()

    def editor():  # saves in place, again and again
        while not stop.is_set():
            with open(path, "wb") as f:
                f.write(before[:100])
                f.flush()
                f.write(before[100:])
            time.sleep(0.001)

    t = threading.Thread(target=editor)
    t.start()
    try:
        with pytest.raises(MemoryFileError) as e:
            memory_edit.plan_forget(LivingMemory(path), "topic3")
    finally:
        stop.set()
        t.join()
    assert "being saved by another program" in str(e.value) and "\n" not in str(e.value)
    assert path.read_bytes() == before


def test_an_editor_save_during_the_swap_is_put_back(tmp_path, monkeypatch):
    path = tmp_path / "Living_Memory.md"
    seed(path, 40)
    plan = memory_edit.plan_archive(LivingMemory(path), datetime(2025, 1, 2))
    real = memory_edit._new_content
    theirs = b"# I rewrote it all by hand\n" + entry(99).encode()

    def racing(p, data):  # the snapshot is verified; now an editor saves before the swap
        out = real(p, data)
        with open(path, "r+b") as f:  # in place
            f.write(theirs)
            f.truncate()
        return out

    monkeypatch.setattr(memory_edit, "_new_content", racing)
    with pytest.raises(MemoryFileError, match="saved by another program during the rewrite"):
        memory_edit.apply(plan, archive=archive_path(path))
    assert path.read_bytes() == theirs  # their save stands
    # the entries being moved are where the recovery rule puts them: once, in the archive
    # (their save dropped them from the memory file; nothing is lost either way)
    assert sorted(entry_keys(archive_path(path).read_bytes())) == sorted(entry_keys(plan.data)[:15])
    assert not [p for p in tmp_path.iterdir() if p.name.endswith((".tmp", ".journal"))]


def test_a_rename_save_during_the_swap_is_put_back(tmp_path, monkeypatch):
    path = tmp_path / "Living_Memory.md"
    seed(path, 10)
    plan = memory_edit.plan_forget(LivingMemory(path), "topic3")
    real = memory_edit._new_content
    theirs = b"saved by vim\n"

    def racing(p, data):
        out = real(p, data)
        (tmp_path / "vim.new").write_bytes(theirs)
        os.replace(tmp_path / "vim.new", path)
        return out

    monkeypatch.setattr(memory_edit, "_new_content", racing)
    with pytest.raises(MemoryFileError):
        memory_edit.apply(plan)
    assert path.read_bytes() == theirs


@pytest.mark.parametrize("nl", ["\n", "\r\n", "\r"])
def test_line_ends_mode_and_final_break_are_kept(tmp_path, nl):
    path = tmp_path / "Living_Memory.md"
    before = seed(path, 5, nl=nl)
    os.chmod(path, 0o640)
    mem = LivingMemory(path)
    plan = memory_edit.plan_forget(mem, "topic4")  # the last entry
    memory_edit.apply(plan)
    after = path.read_bytes()
    assert after.endswith(f"REPLY: reply 3{nl}".encode())  # a lone-CR file keeps its final \r
    assert before.startswith(after) and len(read_entries(after)) == 4
    if nl != "\n":
        assert b"\n" not in after.replace(b"\r\n", b"")  # no LF crept in
    plan = memory_edit.plan_forget(mem, "topic1")  # one in the middle
    memory_edit.apply(plan)
    assert path.read_bytes() == after.replace(entry(1, nl=nl).encode(), b"")
    assert stat.S_IMODE(path.stat().st_mode) == 0o640


def test_a_line_without_a_break_before_an_entry_keeps_its_end(tmp_path):
    path = tmp_path / "Living_Memory.md"
    path.write_bytes(b"my note\n--- [PULSE: 09:00 AM, January 01, 2025] ---\nCORE_UPDATE: cat\n")
    memory_edit.apply(memory_edit.plan_forget(LivingMemory(path), "cat"))
    assert path.read_bytes() == b"my note\n"


def test_cutting_that_would_merge_entries_is_refused(tmp_path):
    path = tmp_path / "Living_Memory.md"
    # removing the middle entry would make one entry of the two around it
    data = b"CORE_UPDATE: a\n--- [PULSE: 09:00 AM, January 01, 2025] ---\nREPLY: gone\nREPLY: b\n"
    path.write_bytes(data)
    plan = memory_edit.plan_forget(LivingMemory(path), "gone")
    assert [p.fields for p in plan.pulses] == [{"REPLY": "gone"}]
    with pytest.raises(MemoryFileError, match="would change the entries around them"):
        memory_edit.apply(plan)
    assert path.read_bytes() == data


def test_a_symlinked_memory_stays_a_link(tmp_path):
    real = tmp_path / "synced" / "Living_Memory.md"
    real.parent.mkdir()
    seed(real, 5)
    link = tmp_path / "Living_Memory.md"
    link.symlink_to(real)
    memory_edit.apply(memory_edit.plan_forget(LivingMemory(link), "topic2"))
    assert link.is_symlink() and b"topic2" not in real.read_bytes()


def test_backups_are_bounded_listed_and_restorable(tmp_path):
    path = tmp_path / "Living_Memory.md"
    seed(path, 14)
    mem = LivingMemory(path)
    firsts = []
    for i in range(12):
        firsts.append(path.read_bytes())
        memory_edit.apply(memory_edit.plan_forget(mem, f"topic{i}"))
    backups = memory_edit.list_backups(path)
    assert len(backups) == memory_edit.KEEP_BACKUPS == 10
    assert [b.read_bytes() for b in backups] == firsts[::-1][:10]  # newest first
    env = {"MILO_MEMORY_FILE": str(path), "MILO_CACHE_DIR": str(tmp_path / "c")}
    out = run_milo("memory", "backups", env=env).stdout
    names = [line.split()[0] for line in out.splitlines() if ".bak-" in line]
    assert names == [b.name for b in backups] and "entries" in out
    assert f"{backups[0].name}" in out and " 3 entries " in out.splitlines()[1]
    current = path.read_bytes()
    oldest = backups[-1]
    proc = run_milo("memory", "restore", oldest.name, env=env)
    assert proc.returncode == 1 and path.read_bytes() == current  # asked, not done
    proc = run_milo("memory", "restore", oldest.name, "--yes", env=env)
    assert proc.returncode == 0, proc.stderr
    assert path.read_bytes() == firsts[2]
    newest = memory_edit.list_backups(path)[0]
    assert newest.read_bytes() == current  # the file it replaced was backed up first
    proc = run_milo("memory", "restore", "Living_Memory.archive.md", "--yes", env=env)
    assert proc.returncode != 0 and "is not a backup" in proc.stderr and path.read_bytes() == firsts[2]


def test_archive_dedupes_and_a_journal_is_finished_or_rolled_back(tmp_path):
    path = tmp_path / "Living_Memory.md"
    seed(path, 30)
    arch = archive_path(path)
    mem = LivingMemory(path)
    memory_edit.apply(memory_edit.plan_archive(mem, datetime(2025, 1, 1, 15)), archive=arch)
    archived = arch.read_bytes()
    # an editor's old buffer brings the archived entries back: archiving again dedupes
    old = b"".join(path.read_bytes().split(b"\n\n--- [PULSE")[:1]) + b"".join(entry(i).encode() for i in range(30))
    path.write_bytes(old)
    memory_edit.apply(memory_edit.plan_archive(mem, datetime(2025, 1, 1, 15)), archive=arch)
    assert arch.read_bytes() == archived
    assert sorted(entry_keys(path.read_bytes()) + entry_keys(arch.read_bytes())) == sorted(entry_keys(old))


def test_leftover_temp_files_are_cleaned_on_the_next_run(tmp_path):
    path = tmp_path / "Living_Memory.md"
    seed(path, 5)
    dead = 2 ** 22 + 12345  # no such process
    left = [tmp_path / f".Living_Memory.md.{dead}.1.tmp", tmp_path / f".Living_Memory.md.bak-20250101-000000.{dead}.2.tmp"]
    for p in left:
        p.write_bytes(path.read_bytes())
    mine = tmp_path / ".Living_Memory.md.notes.tmp"  # not ours: left alone
    mine.write_text("x")
    memory_edit.plan_forget(LivingMemory(path), "nothing")
    assert not any(p.exists() for p in left) and mine.exists()


def test_without_renameat2_or_hard_links_rewrites_still_check_and_work(tmp_path, monkeypatch):
    import errno

    def no_link(*a, **k):
        raise OSError(errno.EPERM, "Operation not permitted")

    monkeypatch.setattr(storage, "_exchange", lambda a, b: False)  # a file system that cannot swap
    monkeypatch.setattr(os, "link", no_link)  # nor make hard links
    path = tmp_path / "Living_Memory.md"
    before = seed(path, 5)
    backup = memory_edit.apply(memory_edit.plan_forget(LivingMemory(path), "topic2"))
    assert b"topic2" not in path.read_bytes() and backup.read_bytes() == before
    plan = memory_edit.plan_forget(LivingMemory(path), "topic3")
    real = memory_edit._new_content

    def racing(p, data):
        out = real(p, data)
        path.write_bytes(b"an editor saved\n")
        return out

    monkeypatch.setattr(memory_edit, "_new_content", racing)
    with pytest.raises(MemoryFileError, match="during the rewrite"):
        memory_edit.apply(plan)
    assert path.read_bytes() == b"an editor saved\n"


def test_install_file_and_set_aside_are_durable(tmp_path, monkeypatch):
    synced = []
    real_fsync = os.fsync
    monkeypatch.setattr(os, "fsync", lambda fd: (synced.append(os.fstat(fd).st_mode), real_fsync(fd))[1])
    target = tmp_path / "state.bin"
    target.write_bytes(b"old")
    tmp = tmp_path / ".state.bin.tmp"
    tmp.write_bytes(b"new state")
    assert storage.install_file(tmp, target, mode=0o600) == target
    assert target.read_bytes() == b"new state" and not tmp.exists()
    assert stat.S_IMODE(target.stat().st_mode) == 0o600
    assert [stat.S_ISREG(m) for m in synced] == [True, False]  # the file, then its folder

    synced.clear()
    aside = storage.set_aside(target, "damaged")
    again = tmp_path / "state.bin"
    again.write_bytes(b"second")
    aside2 = storage.set_aside(again, "damaged")
    assert aside != aside2 and aside.read_bytes() == b"new state" and aside2.read_bytes() == b"second"
    assert aside.name.startswith("state.bin.damaged-") and not target.exists()
    assert [stat.S_ISDIR(m) for m in synced] == [True, True]

    # a temp file that cannot be installed is not left behind
    missing_dir = tmp_path / "gone" / "x.bin"
    tmp.write_bytes(b"x")
    with pytest.raises(OSError):
        storage.install_file(tmp, missing_dir)
    assert not tmp.exists()
