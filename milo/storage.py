"""Durable files: the one place Milo locks, appends, and replaces files on disk.

- `locked_append`: one write under an exclusive flock, re-opened if the file was replaced while
  we waited (an editor's save, a rewrite), fsynced, private (0600).
- `atomic_replace`: temp file in the same directory, fsync, rename, fsync of the directory; a
  symlinked path is replaced at its target, so the link stays a link.
- `write_new`: a file that must not exist yet (backups: never overwritten).
- `locked`: an exclusive flock on a file, for read-modify-write sequences.
"""

from __future__ import annotations

import fcntl
import os
import time
from contextlib import contextmanager
from pathlib import Path
from typing import Callable, Iterator, Optional

PRIVATE = 0o600
TMP_PREFIX = "."
TMP_SUFFIX = ".tmp"


def real_path(path: os.PathLike | str) -> Path:
    """Where the bytes live: a symlink resolved (the link itself is left alone)."""
    return Path(os.path.realpath(path))


def fsync_dir(directory: os.PathLike | str) -> None:
    """Make a rename or a new file in `directory` survive a power cut."""
    fd = os.open(directory, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def _write_all(fd: int, data: bytes) -> None:
    view = memoryview(data)
    while view:
        n = os.write(fd, view)
        if n <= 0:
            raise OSError(28, "No space left on device")
        view = view[n:]


def locked_append(
    path: os.PathLike | str,
    data: bytes,
    before_write: Optional[Callable[[int], None]] = None,
    after_write: Optional[Callable[[os.stat_result, os.stat_result], None]] = None,
) -> int:
    """Append `data` in one write under an exclusive lock; returns the offset it starts at.

    `before_write(fd)` runs under the lock before the write (it may raise to refuse);
    `after_write(stat_before, stat_after)` runs under the lock after the fsync.
    A short write (disk full) raises OSError(ENOSPC) after the part written."""
    path = Path(path)
    while True:
        fd = os.open(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT | os.O_CLOEXEC, PRIVATE)
        try:
            flock(fd)
            # The file may have been replaced while we waited: our fd would point at the old
            # inode, and the entry would be lost with it. Open the new file and try again.
            try:
                same = os.fstat(fd).st_ino == os.stat(path).st_ino
            except FileNotFoundError:
                same = False
            if not same:
                continue
            st = os.fstat(fd)
            if st.st_mode & 0o077:
                os.fchmod(fd, st.st_mode & 0o700)  # private to its owner
                st = os.fstat(fd)
            if before_write is not None:
                before_write(fd)
            written = os.write(fd, data)
            if written != len(data):
                raise OSError(28, "only part of the entry was written (is the disk full?)")
            os.fsync(fd)
            if after_write is not None:
                after_write(st, os.fstat(fd))
            return st.st_size
        finally:
            os.close(fd)  # closing releases the lock


def write_new(path: os.PathLike | str, data: bytes, mode: int = PRIVATE) -> None:
    """Create `path` (it must not exist), write `data`, fsync. Never overwrites."""
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_CLOEXEC, PRIVATE)
    try:
        os.fchmod(fd, mode)
        _write_all(fd, data)
        os.fsync(fd)
    except BaseException:
        os.close(fd)
        Path(path).unlink(missing_ok=True)
        raise
    os.close(fd)


def temp_name(target: Path) -> Path:
    """A temp file beside `target`, hidden, named so `clean_temps` can find it after a crash."""
    return target.with_name(f"{TMP_PREFIX}{target.name}.{os.getpid()}.{time.monotonic_ns()}{TMP_SUFFIX}")


def atomic_replace(path: os.PathLike | str, data: bytes, mode: Optional[int] = None) -> Path:
    """Replace the file's content all at once. A symlink is followed: its target is replaced and
    the link stays. Mode (and owner, when allowed) are kept. Returns the real path written."""
    target = real_path(path)
    try:
        st: Optional[os.stat_result] = os.stat(target)
    except FileNotFoundError:
        st = None
    if mode is None:
        mode = (st.st_mode & 0o7777) if st else PRIVATE
    tmp = temp_name(target)
    write_new(tmp, data, mode)
    try:
        if st is not None and hasattr(os, "chown"):
            try:
                os.chown(tmp, st.st_uid, st.st_gid)
            except PermissionError:
                pass  # not ours to give away: the new file stays the caller's
        os.replace(tmp, target)
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise
    fsync_dir(target.parent)
    return target


def clean_temps(target: os.PathLike | str, older_than_s: float = 0.0) -> int:
    """Remove temp files left beside `target` by a killed process; returns how many went."""
    target = real_path(target)
    gone = 0
    now = time.time()
    try:
        candidates = list(target.parent.glob(f"{TMP_PREFIX}{target.name}.*{TMP_SUFFIX}"))
    except OSError:
        return 0
    for p in candidates:
        parts = p.name[len(TMP_PREFIX) + len(target.name) + 1 : -len(TMP_SUFFIX)].split(".")
        pid = int(parts[0]) if parts and parts[0].isdigit() else 0
        if pid and pid != os.getpid() and _alive(pid):
            continue  # another process is writing it right now
        try:
            if now - p.stat().st_mtime >= older_than_s:
                p.unlink()
                gone += 1
        except OSError:
            pass
    return gone


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def flock(fd: int) -> None:
    """Wait for an exclusive lock on an open file (released when the fd is closed)."""
    fcntl.flock(fd, fcntl.LOCK_EX)


@contextmanager
def locked(path: os.PathLike | str, create: bool = True, mode: int = PRIVATE) -> Iterator[int]:
    """An exclusive flock on `path` for the block; yields the fd (opened read-write)."""
    flags = os.O_RDWR | os.O_CLOEXEC | (os.O_CREAT if create else 0)
    fd = os.open(path, flags, mode)
    try:
        flock(fd)
        yield fd
    finally:
        os.close(fd)
