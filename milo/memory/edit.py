"""Rewriting Living_Memory.md on the user's request (`milo memory forget`, `archive`).

The only code that ever rewrites the file. Each rewrite:
- takes the same exclusive flock as `etch`, so no entry is appended mid-rewrite;
- refuses if the file changed since the user saw the plan (content hash);
- writes a backup next to the file, then the new content to a temp file, fsync, rename
  (an `etch` waiting on the lock notices the new inode and appends to the new file);
- keeps the file's mode, and every byte that is not part of a removed entry.
"""

from __future__ import annotations

import hashlib
import os
import re
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Iterable, Sequence

from milo import storage
from milo.errors import MemoryFileError
from milo.memory.format import Pulse, read_entries
from milo.memory.store import LivingMemory


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
    return data, read_entries(data)


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
        known = {pulse_id(p, data) for p in pulses}
        unknown = sorted(wanted - known)
        if unknown:
            raise MemoryFileError(f"No entry has the id {unknown[0]}; `milo memory show` lists the ids (nothing was changed).")
        chosen = [p for p in pulses if pulse_id(p, data) in wanted]
    else:
        patterns = forget_patterns(query)
        chosen = [p for p in pulses if patterns and all(rx.search(" ".join(p.fields.values())) for rx in patterns)]
    return plan(memory.path, chosen, data)


def forget_patterns(query: str) -> list[re.Pattern]:
    """Whole words ("cat" does not match "education"), or a "quoted phrase" as written;
    an entry must contain every one of them (case does not matter)."""
    phrases = re.findall(r'"([^"]+)"', query)
    rest = re.sub(r'"[^"]*"', " ", query)
    parts = [p.strip() for p in phrases if p.strip()] + re.findall(r"\w+", rest)
    return [re.compile(r"(?<!\w)" + r"\s+".join(re.escape(w) for w in part.split()) + r"(?!\w)", re.IGNORECASE) for part in parts]


def plan_archive(memory: LivingMemory, before: datetime) -> Plan:
    data, pulses = entries(memory.path)
    return plan(memory.path, [p for p in pulses if p.timestamp is not None and p.timestamp < before], data)


def apply(p: Plan, archive: Path | None = None) -> Path:
    """Carry out a plan; returns the backup's path. Raises MemoryFileError, one sentence."""
    path = storage.real_path(p.path)  # a symlinked memory stays a link; its target is rewritten
    try:
        with storage.locked(path, create=False) as fd:
            return _apply_locked(p, path, fd, archive)
    except FileNotFoundError:
        raise MemoryFileError(f"The memory file {p.path} is gone; nothing was changed.") from None
    except PermissionError:
        raise MemoryFileError(f"The memory file {p.path} is not writable; check its permissions (nothing was changed).") from None


def _apply_locked(p: Plan, path: Path, fd: int, archive: Path | None) -> Path:
    data = read_bytes(path)
    if hashlib.sha256(data).hexdigest() != p.digest or os.fstat(fd).st_ino != os.stat(path).st_ino:
        raise MemoryFileError(f"The memory file {p.path} changed while you were deciding; nothing was changed, run the command again.")
    mode = os.fstat(fd).st_mode & 0o7777
    try:
        backup = write_backup(path, data, mode)
        if archive is not None and p.pulses:
            moved = b"".join(data[s:e] if data[s:e].startswith(b"\n") else b"\n\n" + data[s:e] for s, e in p.remove)
            _append_archive(archive, moved if moved.endswith(b"\n") else moved + b"\n")
        kept, last = [], 0
        for s, e in p.remove:
            kept.append(data[last:s])
            last = e
        kept.append(data[last:])
        storage.atomic_replace(path, b"".join(kept), mode)
    except OSError as e:
        raise MemoryFileError(f"Could not rewrite the memory file {p.path}: {e.strerror}; nothing was changed.") from None
    return backup


def write_backup(path: Path, data: bytes, mode: int) -> Path:
    """A new, uniquely named backup beside the file (never overwrites an earlier one)."""
    stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
    for n in range(1000):
        backup = path.with_name(f"{path.name}.bak-{stamp}" + (f"-{n}" if n else ""))
        try:
            storage.write_new(backup, data, mode)
            return backup
        except FileExistsError:
            continue
    raise OSError(17, "too many backups in one second")


def _append_archive(archive: Path, data: bytes) -> None:
    # the archive holds the entries (fsynced) before the main file loses them
    storage.locked_append(archive, data)
