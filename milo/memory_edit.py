"""Rewriting Living_Memory.md on the user's request (`milo memory forget`, `archive`).

The only code that ever rewrites the file. Each rewrite:
- takes the same exclusive flock as `etch`, so no entry is appended mid-rewrite;
- refuses if the file changed since the user saw the plan (content hash);
- writes a backup next to the file, then the new content to a temp file, fsync, rename
  (an `etch` waiting on the lock notices the new inode and appends to the new file);
- keeps the file's mode, and every byte that is not part of a removed entry.
"""

from __future__ import annotations

import fcntl
import hashlib
import os
import re
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Iterable, Sequence

from milo.memory import LivingMemory, MemoryFileError, Pulse, _read_pulses


def pulse_id(pulse: Pulse, data: bytes) -> str:
    """A short id that stays the same while the entry's own bytes do."""
    return hashlib.sha1(data[pulse.offset : pulse.end]).hexdigest()[:8]


@dataclass
class Plan:
    path: Path
    digest: str  # sha256 of the file the plan was made on
    remove: list[tuple[int, int]]  # byte spans to cut (entry plus the blank lines etch put before it)
    pulses: list[Pulse]
    ids: list[str]


def read_bytes(path: Path) -> bytes:
    try:
        with open(path, "rb") as f:
            return f.read()
    except FileNotFoundError:
        return b""
    except IsADirectoryError:
        raise MemoryFileError(f"The memory file {path} is a directory; point MILO_MEMORY_FILE at a file.") from None


def entries(path: Path) -> tuple[bytes, list[Pulse]]:
    data = read_bytes(path)
    return data, [p for p in _read_pulses(data.splitlines(keepends=True)) if p.fields or p.header is not None]


def _span(data: bytes, p: Pulse) -> tuple[int, int]:
    """The entry's bytes, plus up to the two line breaks `etch` wrote before its header."""
    start = p.offset
    for _ in range(2):
        if data[:start].endswith(b"\r\n"):
            start -= 2
        elif data[:start].endswith(b"\n"):
            start -= 1
        else:
            break
    return start, p.end


def plan(path: Path, chosen: Iterable[Pulse], data: bytes) -> Plan:
    chosen = sorted(chosen, key=lambda p: p.offset)
    return Plan(path, hashlib.sha256(data).hexdigest(), [_span(data, p) for p in chosen], chosen, [pulse_id(p, data) for p in chosen])


def plan_forget(memory: LivingMemory, query: str = "", ids: Sequence[str] = ()) -> Plan:
    data, pulses = entries(memory.path)
    if ids:
        wanted = {i.lower() for i in ids}
        chosen = [p for p in pulses if pulse_id(p, data) in wanted]
    else:
        words = [w for w in re.findall(r"\w+", query.lower()) if w]
        chosen = [p for p in pulses if words and all(w in " ".join(p.fields.values()).lower() for w in words)]
    return plan(memory.path, chosen, data)


def plan_archive(memory: LivingMemory, before: datetime) -> Plan:
    data, pulses = entries(memory.path)
    return plan(memory.path, [p for p in pulses if p.timestamp is not None and p.timestamp < before], data)


def apply(p: Plan, archive: Path | None = None) -> Path:
    """Carry out a plan; returns the backup's path. Raises MemoryFileError, one sentence."""
    path = p.path
    fd = os.open(path, os.O_RDWR)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX)
        data = read_bytes(path)
        if hashlib.sha256(data).hexdigest() != p.digest or os.fstat(fd).st_ino != os.stat(path).st_ino:
            raise MemoryFileError(f"The memory file {path} changed while you were deciding; nothing was changed, run the command again.")
        mode = os.fstat(fd).st_mode & 0o7777
        stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
        backup = path.with_name(f"{path.name}.bak-{stamp}")
        _write_new(backup, data, mode)
        if archive is not None and p.pulses:
            moved = b"".join(data[s:e] if data[s:e].startswith(b"\n") else b"\n\n" + data[s:e] for s, e in p.remove)
            _append_archive(archive, moved if moved.endswith(b"\n") else moved + b"\n")
        kept, last = [], 0
        for s, e in p.remove:
            kept.append(data[last:s])
            last = e
        kept.append(data[last:])
        tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
        _write_new(tmp, b"".join(kept), mode)
        os.replace(tmp, path)
        _fsync_dir(path.parent)
        return backup
    finally:
        os.close(fd)


def _write_new(path: Path, data: bytes, mode: int) -> None:
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    try:
        os.fchmod(fd, mode)
        os.write(fd, data)
        os.fsync(fd)
    finally:
        os.close(fd)


def _append_archive(archive: Path, data: bytes) -> None:
    fd = os.open(archive, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o600)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX)
        os.write(fd, data)
        os.fsync(fd)  # the archive holds the entries before the main file loses them
    finally:
        os.close(fd)


def _fsync_dir(d: Path) -> None:
    fd = os.open(d, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)
