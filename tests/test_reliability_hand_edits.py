"""Hand edits while Milo runs (issue 12): a save from an older copy never loses Milo's entries,
and what the user deleted on purpose stays deleted where that can be told."""

import os
from datetime import datetime, timedelta
from pathlib import Path

import pytest

from milo import storage
from milo.memory import LivingMemory
from milo.memory import edit as memory_edit
from milo.memory.format import read_entries


@pytest.fixture(autouse=True)
def quick_settle(monkeypatch):
    monkeypatch.setattr(storage, "SETTLE_S", 0.005)


def memory(tmp_path):
    t = [datetime(2026, 3, 1, 9, 0)]

    def clock():
        t[0] += timedelta(minutes=1)
        return t[0]

    return LivingMemory(tmp_path / "Living_Memory.md", clock=clock)


def cores(path):
    return [p.core_update for p in read_entries(Path(path).read_bytes())]


def save(path, data, style):
    if style == "inplace":
        with open(path, "r+b") as f:
            f.write(data)
            f.truncate()
    elif style == "rename":
        tmp = path.with_name("editor.new")
        tmp.write_bytes(data)
        os.replace(tmp, path)
    else:  # vim: the old file renamed away, a new one written
        os.rename(path, path.with_name(path.name + "~"))
        path.write_bytes(data)
        os.unlink(path.with_name(path.name + "~"))


@pytest.mark.parametrize("style", ["inplace", "rename", "vim"])
def test_a_save_from_an_older_copy_loses_no_entry_and_no_user_line(tmp_path, style):
    m = memory(tmp_path)
    path = m.path
    path.write_text("# Notes\n")
    for i in range(3):
        m.witness(f"p{i}", "", "")
    buffer = path.read_bytes()  # the editor loads the file ...
    for i in range(3, 6):
        m.witness(f"p{i}", "", "")  # ... Milo writes on ...
    save(path, buffer.replace(b"# Notes\n", b"# Notes\nmy own line\n") + b"another line of mine\n", style)  # ... the editor saves
    m.witness("p6", "", "")
    data = path.read_bytes()
    assert cores(path) == ["p0", "p1", "p2", "p3", "p4", "p5", "p6"]  # each once, in order
    assert b"my own line\n" in data and b"another line of mine\n" in data


def test_entries_deleted_on_purpose_stay_deleted(tmp_path):
    m = memory(tmp_path)
    path = m.path
    for i in range(5):
        m.witness(f"p{i}", "", "")
    data = path.read_bytes()
    p1 = read_entries(data)[1]
    save(path, data[: p1.offset - 2] + data[p1.end :], "rename")  # p1 deleted by hand; p4, newer, kept
    m.witness("p5", "", "")
    assert cores(path) == ["p0", "p2", "p3", "p4", "p5"]


def test_an_emptied_file_stays_empty_of_old_entries(tmp_path):
    m = memory(tmp_path)
    for i in range(3):
        m.witness(f"p{i}", "", "")
    m.path.write_bytes(b"")
    m.witness("after", "", "")
    assert cores(m.path) == ["after"]
    m.witness("and on", "", "")
    assert cores(m.path) == ["after", "and on"]


def test_forgotten_entries_are_not_written_back(tmp_path):
    m = memory(tmp_path)
    for i in range(4):
        m.witness(f"p{i} cat" if i >= 2 else f"p{i}", "", "")
    memory_edit.apply(memory_edit.plan_forget(LivingMemory(m.path), "cat"))  # the two newest
    m.witness("p4", "", "")
    assert cores(m.path) == ["p0", "p1", "p4"]
    assert m.heal() == 0


def test_line_ends_converted_by_an_editor_are_not_a_loss(tmp_path):
    m = memory(tmp_path)
    for i in range(3):
        m.witness(f"p{i}", "", "")
    save(m.path, m.path.read_bytes().replace(b"\n", b"\r\n"), "rename")
    m.witness("p3", "", "")
    assert cores(m.path) == ["p0", "p1", "p2", "p3"]


def test_heal_writes_back_once_and_other_writers_are_left_alone(tmp_path):
    m = memory(tmp_path)
    other = memory(tmp_path)
    m.witness("mine 0", "", "")
    buffer = m.path.read_bytes()
    other.witness("theirs 0", "", "")
    m.witness("mine 1", "", "")
    save(m.path, buffer, "inplace")  # drops "theirs 0" and "mine 1"
    assert m.heal() == 1
    assert m.heal() == 0
    assert other.heal() == 1
    assert sorted(cores(m.path)) == ["mine 0", "mine 1", "theirs 0"]


def test_an_untouched_file_is_not_read_again(tmp_path, monkeypatch):
    m = memory(tmp_path)
    m.witness("p0", "", "")
    calls = []
    real = storage.read_settled
    monkeypatch.setattr(storage, "read_settled", lambda *a, **k: calls.append(1) or real(*a, **k))
    for i in range(5):
        m.witness(f"p{i + 1}", "", "")
    other = LivingMemory(m.path)
    other.witness("another Milo", "", "")  # appends by another Milo: the cheap check
    m.witness("p6", "", "")
    assert calls == []
