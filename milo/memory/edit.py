"""Rewriting Living_Memory.md on the user's request (`milo memory forget`, `archive`, `restore`).

The only code that ever rewrites the file. Each rewrite works on a snapshot it has verified:
- the whole file, read under the same exclusive flock as `etch` (no entry is appended meanwhile),
  twice a moment apart with the same bytes, inode, size and mtime: no save in progress (an
  editor truncating and rewriting the file in place is seen, and the rewrite refuses);
- not smaller than when the plan was shown, with the same content (sha256), and parsing to at
  least as many entries as the plan saw; the new content must parse to exactly those entries
  minus the removed ones, or nothing is written.
Then it saves a backup (uniquely named, never torn; the 10 newest are kept), writes the new
content to a temp file and swaps it in atomically, checking that the file it replaced is still
the snapshot (if an editor saved in between, its file is put back and the rewrite refuses).
Mode, owner, line ends (LF, CRLF, lone CR) and every byte that is not part of a removed entry
stay as they were. Every refusal is one sentence (MemoryFileError) and changes nothing.

`archive` also appends to Living_Memory.archive.md, so it is made one recoverable step: a
journal (`.Living_Memory.md.journal`, beside the file) names the entries being moved, and the
archive's size before the move, before the archive is touched. The next rewrite (or plan) that
finds a journal finishes or rolls back: each moved entry ends up exactly once, in the memory
file if it is still there, else in the archive; a torn archive append is cut back. Entries
already in the archive (same text) are not appended twice. Temp files a killed run left behind
are removed. Entries removed on purpose are listed in `.Living_Memory.md.removed`, so a running
Milo does not take their absence for an editor's stale save and write them back (see store.py).
"""

from __future__ import annotations

import hashlib
import json
import os
import re
from collections import Counter
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Callable, Iterable, Optional, Sequence

from milo import storage
from milo.errors import MemoryFileError
from milo.memory.format import Pulse, break_before, entry_key, entry_keys, read_entries
from milo.memory.store import LivingMemory, tombstone_path

KEEP_BACKUPS = 10  # per memory file; older backups are removed after a successful rewrite
KEEP_TOMBSTONES = 20000
_BACKUP_RE = re.compile(r"\.bak-(\d{8}-\d{6})(?:-(\d+))?$")


def pulse_id(pulse: Pulse, data: bytes) -> str:
    """A short id that stays the same while the entry's own bytes do."""
    return hashlib.sha1(data[pulse.offset : pulse.end]).hexdigest()[:8]


@dataclass
class Plan:
    path: Path
    digest: str  # sha256 of the (verified) file the plan was made on
    remove: list[tuple[int, int]]  # byte spans to cut (entry plus the blank lines etch put before it)
    pulses: list[Pulse]
    ids: list[str]
    size: int = -1  # the file's size when planned
    count: int = -1  # how many entries the file had when planned
    data: bytes = field(default=b"", repr=False)  # the snapshot itself
    select: Optional[Callable[[bytes], list[Pulse]]] = field(default=None, repr=False)  # how the entries were chosen


def read_bytes(path: Path) -> bytes:
    try:
        with open(path, "rb") as f:
            return f.read()
    except FileNotFoundError:
        return b""
    except IsADirectoryError:
        raise MemoryFileError(f"The memory file {path} is a directory; point MILO_MEMORY_FILE at a file.") from None
    except PermissionError:
        raise MemoryFileError(f"The memory file {path} is not readable; check its permissions.") from None


def entries(path: Path) -> tuple[bytes, list[Pulse]]:
    data = read_bytes(path)
    return data, read_entries(data)


# ---- verified snapshots -----------------------------------------------------------------------


def _busy(path: Path) -> MemoryFileError:
    return MemoryFileError(f"The memory file {path} is being saved by another program right now (an editor?); nothing was changed, try again in a moment.")


def _changed(path: Path) -> MemoryFileError:
    return MemoryFileError(f"The memory file {path} changed while you were deciding; nothing was changed, run the command again.")


def _settled(path: Path, fd: Optional[int] = None, replaced=_changed) -> tuple[bytes, Optional[os.stat_result]]:
    try:
        return storage.read_settled(path, fd=fd)
    except storage.FileReplaced:
        raise replaced(path) from None
    except storage.FileBusy:
        raise _busy(path) from None


def _guarded(path: Path):
    """The memory file's lock (the same one `etch` takes), as a context manager; the file must exist."""
    if path.is_dir():
        raise MemoryFileError(f"The memory file {path} is a directory; point MILO_MEMORY_FILE at a file.")
    return storage.locked(path, create=False)


def snapshot(path: Path) -> bytes:
    """The whole file as a rewrite may use it: read under the lock, settled, after finishing any
    interrupted archive and removing leftover temp files. A missing file is b""."""
    path = storage.real_path(path)
    try:
        with _guarded(path) as fd:
            _tidy(path, fd)
            return _settled(path, fd, replaced=_busy)[0]
    except FileNotFoundError:
        return b""
    except PermissionError:
        raise MemoryFileError(f"The memory file {path} is not readable and writable; check its permissions.") from None


def _tidy(path: Path, fd: int) -> None:
    """Under the memory file's lock (`fd`): finish an interrupted etch and archive, remove
    leftover temp files."""
    storage.complete_pending(fd, path)
    recover(path)
    for p in (path, tombstone_path(path), journal_path(path), storage.pending_path(path)):
        storage.clean_temps(p)


# ---- planning ---------------------------------------------------------------------------------


def _span(data: bytes, p: Pulse) -> tuple[int, int]:
    """The entry's bytes, plus the blank lines (up to two: what `etch` writes) just before it.
    A line break that ends a line of text is never taken, so the line before keeps its end."""
    start = p.offset
    for _ in range(2):
        n = break_before(data, start)
        if not n or (start - n > 0 and not break_before(data, start - n)):
            break
        start -= n
    return start, p.end


def plan(path: Path, chosen: Iterable[Pulse], data: bytes, select: Optional[Callable[[bytes], list[Pulse]]] = None) -> Plan:
    chosen = sorted(chosen, key=lambda p: p.offset)
    spans = [_span(data, p) for p in chosen]
    for i in range(1, len(spans)):  # two entries side by side: never cut the same bytes twice
        if spans[i][0] < spans[i - 1][1]:
            spans[i] = (spans[i - 1][1], spans[i][1])
    return Plan(path, hashlib.sha256(data).hexdigest(), spans, chosen, [pulse_id(p, data) for p in chosen],
                size=len(data), count=len(read_entries(data)), data=data, select=select)


def plan_forget(memory: LivingMemory, query: str = "", ids: Sequence[str] = ()) -> Plan:
    data = snapshot(memory.path)
    wanted = {i.lower() for i in ids}
    patterns = forget_patterns(query)

    def select(data: bytes) -> list[Pulse]:
        pulses = read_entries(data)
        if wanted:
            return [p for p in pulses if pulse_id(p, data) in wanted]
        return [p for p in pulses if patterns and all(rx.search(" ".join(p.fields.values())) for rx in patterns)]

    if wanted:
        unknown = sorted(wanted - {pulse_id(p, data) for p in read_entries(data)})
        if unknown:
            raise MemoryFileError(f"No entry has the id {unknown[0]}; `milo memory show` lists the ids (nothing was changed).")
    return plan(memory.path, select(data), data, select)


def forget_patterns(query: str) -> list[re.Pattern]:
    """Whole words ("cat" does not match "education"), or a "quoted phrase" as written;
    an entry must contain every one of them (case does not matter)."""
    phrases = re.findall(r'"([^"]+)"', query)
    rest = re.sub(r'"[^"]*"', " ", query)
    parts = [p.strip() for p in phrases if p.strip()] + re.findall(r"\w+", rest)
    return [re.compile(r"(?<!\w)" + r"\s+".join(re.escape(w) for w in part.split()) + r"(?!\w)", re.IGNORECASE) for part in parts]


def plan_archive(memory: LivingMemory, before: datetime) -> Plan:
    def select(data: bytes) -> list[Pulse]:
        return [p for p in read_entries(data) if p.timestamp is not None and p.timestamp < before]

    data = snapshot(memory.path)
    return plan(memory.path, select(data), data, select)


# ---- carrying out a plan ----------------------------------------------------------------------


def apply(p: Plan, archive: Path | None = None, replan: bool = False) -> Path:
    """Carry out a plan; returns the backup's path. Raises MemoryFileError, one sentence.

    `replan` (the `--yes` of the command line, where no one is deciding): if entries were
    appended or the file otherwise changed since the plan, choose again the same way, on the
    verified file as it is now (never smaller, nor with fewer entries, than when planned);
    `p` then describes what was done. Without it, any change refuses."""
    path = storage.real_path(p.path)  # a symlinked memory stays a link; its target is rewritten
    try:
        with _guarded(path) as fd:
            return _apply_locked(p, path, fd, storage.real_path(archive) if archive is not None else None, replan)
    except FileNotFoundError:
        raise MemoryFileError(f"The memory file {p.path} is gone; nothing was changed.") from None
    except PermissionError:
        raise MemoryFileError(f"The memory file {p.path} is not writable; check its permissions (nothing was changed).") from None


def _cut(data: bytes, spans: list[tuple[int, int]]) -> bytes:
    kept, last = [], 0
    for s, e in spans:
        kept.append(data[last:s])
        last = e
    kept.append(data[last:])
    return b"".join(kept)


def _new_content(p: Plan, data: bytes) -> bytes:
    """What the file becomes, checked: exactly its entries minus the removed ones, every other
    entry intact (cutting must never merge two entries or tear one)."""
    before = Counter(entry_keys(data))
    removed = Counter(entry_key(data[x.offset : x.end]) for x in p.pulses)
    want = before - removed
    for spans in (p.remove, [(x.offset, x.end) for x in p.pulses]):  # with the blank lines, else without
        new = _cut(data, spans)
        if Counter(entry_keys(new)) == want:
            return new
    raise MemoryFileError(f"Removing those entries from {p.path} would change the entries around them (the file's layout is unusual); nothing was changed, edit it by hand.")


def _apply_locked(p: Plan, path: Path, fd: int, archive: Optional[Path], replan: bool = False) -> Path:
    if os.fstat(fd).st_ino != os.stat(path).st_ino:
        raise _changed(p.path)
    _tidy(path, fd)
    data, st = _settled(path, fd)
    if st is None:
        raise MemoryFileError(f"The memory file {p.path} is gone; nothing was changed.")
    if p.size >= 0 and len(data) < p.size:
        raise MemoryFileError(f"The memory file {p.path} is shorter than when you decided (is an editor saving it?); nothing was changed, run the command again.")
    if p.count >= 0 and len(read_entries(data)) < p.count:
        raise MemoryFileError(f"The memory file {p.path} has fewer entries than when you decided (is an editor saving it?); nothing was changed, run the command again.")
    if hashlib.sha256(data).hexdigest() != p.digest:
        if not replan or p.select is None:
            raise _changed(p.path)
        fresh = plan(p.path, p.select(data), data, p.select)
        p.digest, p.remove, p.pulses, p.ids, p.data = fresh.digest, fresh.remove, fresh.pulses, fresh.ids, data
        if not p.pulses:
            raise MemoryFileError(f"The memory file {p.path} changed meanwhile and nothing in it matches any more; nothing was changed.")
    mode = st.st_mode & 0o7777
    new = _new_content(p, data)
    removed_keys = [entry_key(data[x.offset : x.end]) for x in p.pulses]
    try:
        backup = write_backup(path, data, mode)
        # before the swap: a Milo that appends right after it must not write these back
        add_tombstones(path, removed_keys)
        try:
            if archive is not None and p.pulses:
                _move(p, path, data, st, new, mode, archive)
            else:
                storage.atomic_replace(path, new, mode, expect=st)
        except BaseException:
            _untombstone(path, removed_keys)
            raise
        prune_backups(path)
    except storage.FileBusy:
        raise MemoryFileError(f"The memory file {p.path} was saved by another program during the rewrite; nothing was changed, run the command again.") from None
    except OSError as e:
        raise MemoryFileError(f"Could not rewrite the memory file {p.path}: {e.strerror}; nothing was changed.") from None
    return backup


def _untombstone(path: Path, keys: list[str]) -> None:
    try:
        add_tombstones(path, [], drop=keys)
    except OSError:
        pass


# ---- archive: one recoverable step ------------------------------------------------------------


def journal_path(path: Path) -> Path:
    return path.with_name(f".{path.name}.journal")


def _chunk(data: bytes, span: tuple[int, int]) -> bytes:
    """An entry as it goes into the archive: after two blank lines, ending with a line break."""
    chunk = data[span[0] : span[1]]
    if not break_before(chunk, 1):
        chunk = b"\n\n" + chunk
    if not break_before(chunk, len(chunk)):
        chunk += b"\n"
    return chunk


class _Archive:
    """The archive file, locked (memory lock first, then this: always in that order)."""

    def __init__(self, path: Path):
        self.path = path
        self.fd = -1

    def __enter__(self) -> "_Archive":
        while True:
            fd = os.open(self.path, os.O_RDWR | os.O_CREAT | os.O_CLOEXEC, storage.PRIVATE)
            storage.flock(fd)
            try:
                if os.fstat(fd).st_ino == os.stat(self.path).st_ino:
                    self.fd = fd
                    return self
            except FileNotFoundError:
                pass
            os.close(fd)  # replaced while we waited: lock the new one

    def __exit__(self, *exc) -> None:
        os.close(self.fd)

    def read(self) -> bytes:
        return storage.read_settled(self.path, fd=self.fd)[0]

    def set_tail(self, at: int, tail: bytes) -> None:
        """Cut the archive back to `at` bytes and write `tail` there, fsynced."""
        os.ftruncate(self.fd, at)
        pos = at
        view = memoryview(tail)
        while view:
            n = os.pwrite(self.fd, view, pos)
            pos += n
            view = view[n:]
        os.fsync(self.fd)


def _move(p: Plan, path: Path, data: bytes, st: os.stat_result, new: bytes, mode: int, archive: Path) -> None:
    with _Archive(archive) as arc:
        adata = arc.read()
        have = set(entry_keys(adata))
        chunks: list[tuple[str, bytes]] = []
        for span, x in zip(p.remove, p.pulses):
            key = entry_key(data[x.offset : x.end])
            if key not in have:  # already archived (same text): not appended twice
                have.add(key)
                chunks.append((key, _chunk(data, span)))
        left = Counter(entry_keys(new))
        _write_journal(path, archive, adata, chunks, {k: left[k] for k, _ in chunks})
        arc.set_tail(len(adata), b"".join(c for _, c in chunks))
        try:
            storage.atomic_replace(path, new, mode, expect=st)
        except BaseException:
            _recover_with(path, arc)  # the memory file kept the entries: take them out of the archive
            raise
        _drop_journal(path)


def _write_journal(path: Path, archive: Path, adata: bytes, chunks: list[tuple[str, bytes]], left: dict[str, int]) -> None:
    head = {"archive": str(archive), "archive_size": len(adata), "archive_prefix": hashlib.sha256(adata).hexdigest(),
            "chunks": [[k, len(c)] for k, c in chunks], "left": left}
    body = b"".join(c for _, c in chunks)
    head["body_sha256"] = hashlib.sha256(body).hexdigest()
    storage.atomic_replace(journal_path(path), json.dumps(head).encode() + b"\n" + body, mode=0o600)


def _read_journal(path: Path) -> Optional[tuple[dict, list[tuple[str, bytes]]]]:
    try:
        raw = journal_path(path).read_bytes()
    except FileNotFoundError:
        return None
    try:
        line, body = raw.split(b"\n", 1)
        head = json.loads(line)
        if hashlib.sha256(body).hexdigest() != head["body_sha256"]:
            raise ValueError
        chunks, at = [], 0
        for key, n in head["chunks"]:
            chunks.append((key, body[at : at + n]))
            at += n
        return head, chunks
    except (ValueError, KeyError, TypeError):
        raise MemoryFileError(f"The archive journal {journal_path(path)} is damaged; move it aside and check {path.name} and its archive by hand.") from None


def _drop_journal(path: Path) -> None:
    journal_path(path).unlink(missing_ok=True)
    storage.fsync_dir(path.parent)


def recover(path: Path) -> bool:
    """Finish or roll back an archive that was interrupted (under the memory file's lock).
    True when there was one."""
    found = _read_journal(path)
    if found is None:
        return False
    with _Archive(Path(found[0]["archive"])) as arc:
        _recover_with(path, arc)
    return True


def _recover_with(path: Path, arc: _Archive) -> None:
    found = _read_journal(path)
    if found is None:
        return
    head, chunks = found
    data = _settled(path)[0]
    in_memory = Counter(entry_keys(data))
    # an entry still in the memory file (more copies than the move left there) stays there only
    keep = [(k, c) for k, c in chunks if in_memory[k] <= head["left"].get(k, 0)]
    adata = arc.read()
    at = head["archive_size"]
    tail = adata[at:]
    ours = len(adata) >= at and hashlib.sha256(adata[:at]).hexdigest() == head["archive_prefix"] and (
        b"".join(c for _, c in chunks).startswith(tail))
    if ours:
        new_tail = b"".join(c for _, c in keep)
        if new_tail != tail:
            if keep != chunks:  # the journal first names what stays, so a kill here is recoverable too
                _write_journal(path, arc.path, adata[:at], keep, head["left"])
            arc.set_tail(at, new_tail)
    else:  # the archive was edited since: add only what is in neither file
        have = set(entry_keys(adata))
        extra = b"".join(c for k, c in keep if k not in have)
        if extra:
            arc.set_tail(len(adata), extra)
    _drop_journal(path)


# ---- backups, tombstones, restore -------------------------------------------------------------


def write_backup(path: Path, data: bytes, mode: int) -> Path:
    """A new, uniquely named backup beside the file (never overwrites an earlier one)."""
    stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
    taken = [_BACKUP_RE.fullmatch(b.name[len(path.name):]) for b in list_backups(path)]
    first = max((int(m[2] or 0) + 1 for m in taken if m and m[1] == stamp), default=0)  # names sort in time order
    for n in range(first, first + 1000):
        backup = path.with_name(f"{path.name}.bak-{stamp}" + (f"-{n}" if n else ""))
        try:
            storage.write_new(backup, data, mode)
            return backup
        except FileExistsError:
            continue
    raise OSError(17, "too many backups in one second")


def list_backups(path: os.PathLike | str) -> list[Path]:
    """The memory file's backups, newest first."""
    path = storage.real_path(path)
    found = []
    try:
        candidates = list(path.parent.glob(f"{glob_escape(path.name)}.bak-*"))
    except OSError:
        return []
    for b in candidates:
        m = _BACKUP_RE.fullmatch(b.name[len(path.name):])
        if m and b.is_file():
            found.append(((m[1], int(m[2] or 0)), b))
    return [b for _, b in sorted(found, reverse=True)]


def glob_escape(name: str) -> str:
    return re.sub(r"([*?\[])", r"[\1]", name)


def prune_backups(path: Path, keep: int = KEEP_BACKUPS) -> list[Path]:
    gone = []
    for b in list_backups(path)[keep:]:
        try:
            b.unlink()
            gone.append(b)
        except OSError:
            pass
    return gone


def add_tombstones(path: Path, keys: Iterable[str], drop: Iterable[str] = ()) -> None:
    """Note entries removed on purpose, so a running Milo does not write them back (store.py)."""
    keys, drop = list(keys), set(drop)
    if not keys and not drop:
        return
    tomb = tombstone_path(path)
    try:
        old = tomb.read_text().split()
    except (FileNotFoundError, UnicodeDecodeError):
        old = []
    new = [k for k in old if k not in drop] + keys
    storage.atomic_replace(tomb, ("\n".join(new[-KEEP_TOMBSTONES:]) + "\n").encode(), mode=0o600)


def find_backup(path: Path, name: str) -> Path:
    path = storage.real_path(path)
    backups = list_backups(path)
    for b in backups:
        if name in (b.name, str(b)) or storage.real_path(name) == b:
            return b
    raise MemoryFileError(f"{name} is not a backup of {path.name}; `milo memory backups` lists them (nothing was changed).")


def restore(path: os.PathLike | str, backup: Path) -> Optional[Path]:
    """Put a backup back as the memory file, after backing up the current file (returns that
    backup, or None when there was no file). Refuses, changing nothing, as a rewrite does."""
    path = storage.real_path(path)
    try:
        wanted = backup.read_bytes()
    except OSError as e:
        raise MemoryFileError(f"Cannot read the backup {backup}: {e.strerror}; nothing was changed.") from None
    if not path.exists() and not path.is_symlink():
        storage.write_new(path, b"")
    try:
        with _guarded(path) as fd:
            _tidy(path, fd)
            data, st = _settled(path, fd)
            if st is None:
                raise _changed(path)
            mode = st.st_mode & 0o7777
            saved = write_backup(path, data, mode) if data else None
            now, then = set(entry_keys(data)), set(entry_keys(wanted))
            add_tombstones(path, sorted(now - then), drop=then)
            storage.atomic_replace(path, wanted, mode, expect=st)
            prune_backups(path)
            return saved
    except storage.FileBusy:
        raise MemoryFileError(f"The memory file {path} was saved by another program meanwhile; nothing was changed, run the command again.") from None
    except FileNotFoundError:
        raise MemoryFileError(f"The memory file {path} is gone; nothing was changed.") from None
    except PermissionError:
        raise MemoryFileError(f"The memory file {path} is not writable; check its permissions (nothing was changed).") from None
