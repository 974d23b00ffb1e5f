"""Durable files: the one place Milo locks, appends, and replaces files on disk.

- `locked_append`: one write under an exclusive flock, re-opened if the file was replaced while
  we waited (an editor's save, a rewrite), fsynced, private (0600). A write is not all or
  nothing (Linux stops a large one at a page boundary when the process is killed), so the bytes
  are first noted beside the file; the next append (or `finish_append`) completes a torn one.
- `atomic_replace`: temp file in the same directory, fsync, rename, fsync of the directory; a
  symlinked path is replaced at its target, so the link stays a link.
- `write_new`: a file that must not exist yet (backups: never overwritten, never torn).
- `install_file`: a finished temp file another writer made (a download, a model's saved state,
  an extracted weight) put under its name: fsynced, renamed, the directory fsynced.
- `set_aside`: a damaged file renamed out of the way, kept for its owner, durably.
- `locked`: an exclusive flock on a file, for read-modify-write sequences.
- `read_settled`: a whole file that no one is saving right now (two reads a moment apart agree).
- `clean_temps`: temp files a killed process left behind.
"""

from __future__ import annotations

import ctypes
import errno
import fcntl
import hashlib
import json
import os
import time
from contextlib import contextmanager
from pathlib import Path
from typing import Callable, Iterator, Optional

PRIVATE = 0o600
TMP_PREFIX = "."
TMP_SUFFIX = ".tmp"
SETTLE_S = 0.05  # how long a file must stay unchanged to count as not being saved right now
SETTLE_TIMEOUT_S = 3.0


class FileBusy(OSError):
    """The file kept changing (another program is saving it), or changed under a rewrite."""


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


def write_all(fd: int, data: bytes, at: Optional[int] = None) -> None:
    """All of `data`, at the fd's position or at offset `at`."""
    view = memoryview(data)
    while view:
        n = os.write(fd, view) if at is None else os.pwrite(fd, view, at)
        if n <= 0:
            raise OSError(28, "No space left on device")
        view = view[n:]
        at = None if at is None else at + n


def pending_path(path: os.PathLike | str) -> Path:
    """Where an append notes its bytes until they are all in the file (hidden, beside it)."""
    path = Path(path)
    return path.with_name(f".{path.name}.appending")


def _note_pending(path: Path, st: os.stat_result, out: bytes) -> bool:
    """Note the bytes about to be appended; False where the folder takes no new file (the
    append then goes ahead as one plain write)."""
    head = {"dev": st.st_dev, "ino": st.st_ino, "offset": st.st_size, "length": len(out),
            "sha256": hashlib.sha256(out).hexdigest()}
    try:
        fd = os.open(pending_path(path), os.O_WRONLY | os.O_CREAT | os.O_TRUNC | os.O_CLOEXEC, PRIVATE)
    except OSError as e:
        if e.errno in (errno.EACCES, errno.EPERM, errno.EROFS):
            return False
        raise
    try:
        write_all(fd, json.dumps(head).encode() + b"\n" + out)
        os.fsync(fd)
    finally:
        os.close(fd)
    return True


def complete_pending(fd: int, path: Path) -> int:
    """Under the lock: finish an append that a killed process (or a full disk) left torn; returns
    the bytes added. Only when the file still holds exactly a first part of what was noted, at
    the place noted, in the same file: anything else (an editor's save since, a note torn
    itself, an append that never started or did finish) leaves the file alone."""
    note = pending_path(path)
    try:
        raw = note.read_bytes()
    except FileNotFoundError:
        return 0
    added = 0
    try:
        line, out = raw.split(b"\n", 1)
        head = json.loads(line)
        whole = len(out) == head["length"] and hashlib.sha256(out).hexdigest() == head["sha256"]
        st = os.fstat(fd)
        at = head["offset"]
        if whole and (st.st_dev, st.st_ino) == (head["dev"], head["ino"]) and at < st.st_size < at + len(out):
            there = os.pread(fd, st.st_size - at, at)
            if out.startswith(there):
                write_all(fd, out[len(there):], at=st.st_size)
                os.fsync(fd)
                added = len(out) - len(there)
    except (ValueError, KeyError, TypeError):
        pass  # a note torn itself: its append had not begun
    except OSError as e:
        if e.errno == errno.EBADF:
            return 0  # opened write-only (no read permission): cannot check, leave the note
        raise
    note.unlink(missing_ok=True)
    return added


def finish_append(path: os.PathLike | str) -> int:
    """Complete an append that a killed process left torn (what the next append does first);
    returns the bytes added. Cheap when there is none: one look for the note."""
    path = Path(path)
    if not pending_path(path).exists():
        return 0
    try:
        with locked(path, create=False) as fd:
            if os.fstat(fd).st_ino != os.stat(path).st_ino:
                return 0  # replaced meanwhile: the note is about a file that is gone
            return complete_pending(fd, path)
    except FileNotFoundError:
        pending_path(path).unlink(missing_ok=True)
        return 0
    except PermissionError:
        return 0  # not ours to write; the next append that can will finish it


def locked_append(
    path: os.PathLike | str,
    data: bytes,
    before_write: Optional[Callable[[int], Optional[bytes]]] = None,
    after_write: Optional[Callable[[os.stat_result, os.stat_result], None]] = None,
) -> int:
    """Append `data` in one write under an exclusive lock; returns the offset `data` starts at.

    `before_write(fd)` runs under the lock before the write (it may raise to refuse, and may
    return bytes to write just before `data`, in the same write);
    `after_write(stat_before, stat_after)` runs under the lock after the fsync.
    The bytes are noted beside the file first (`pending_path`), so that an append torn by a kill
    is completed by the next one. A short write (disk full) raises OSError(ENOSPC) after the part
    written; the note stays, and the next append completes it."""
    path = Path(path)
    # Started again each time the file was replaced meanwhile; bounded, so that another program
    # replacing it every 10-50 ms cannot hold a turn (it held one 15 s, as long as it went on).
    deadline = time.monotonic() + SETTLE_TIMEOUT_S
    while True:
        if time.monotonic() > deadline:
            raise FileBusy(errno.EBUSY, "the file kept being replaced (is another program saving it?)", str(path))
        try:  # read-write, so that `before_write` may look at the file
            fd = os.open(path, os.O_RDWR | os.O_APPEND | os.O_CREAT | os.O_CLOEXEC, PRIVATE)
        except PermissionError:
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
            complete_pending(fd, path)
            st = os.fstat(fd)
            if st.st_mode & 0o077:
                os.fchmod(fd, st.st_mode & 0o700)  # private to its owner
                st = os.fstat(fd)
            try:
                prefix = before_write(fd) if before_write is not None else None
            except FileReplaced:
                continue  # replaced while the hook looked: start again on the new file
            if before_write is not None:
                st = os.fstat(fd)  # what the hook saw; the offset is taken from here
            out = (prefix or b"") + data
            if not out:
                if after_write is not None:
                    after_write(st, st)
                return st.st_size
            noted = _note_pending(path, st, out)
            written = os.write(fd, out)
            if written != len(out):
                raise OSError(28, "only part of the entry was written (is the disk full?)")
            os.fsync(fd)
            if st.st_size == 0:
                # Its first bytes (a file this open may have created): its name must survive a
                # power cut too, or every entry goes with it (bench/reliability.py, power cuts).
                fsync_dir(path.parent)
            if noted:
                pending_path(path).unlink(missing_ok=True)
            if after_write is not None:
                after_write(st, os.fstat(fd))
            return st.st_size + len(prefix or b"")
        finally:
            os.close(fd)  # closing releases the lock


def _write_temp(tmp: Path, data: bytes, mode: int, lock: bool = False) -> int:
    """Create the temp file, write and fsync it; returns its open fd (flocked if `lock`)."""
    fd = os.open(tmp, os.O_RDWR | os.O_CREAT | os.O_EXCL | os.O_CLOEXEC, PRIVATE)
    try:
        if lock:
            flock(fd)
        os.fchmod(fd, mode)
        write_all(fd, data)
        os.fsync(fd)
    except BaseException:
        os.close(fd)
        tmp.unlink(missing_ok=True)
        raise
    return fd


def write_new(path: os.PathLike | str, data: bytes, mode: int = PRIVATE) -> None:
    """Create `path` (it must not exist) holding `data`, fsynced. Never overwrites, and never
    leaves a torn file under that name: the bytes go to a temp file first, which is then linked
    under the name (a killed process leaves at most a temp file, see `clean_temps`)."""
    path = Path(path)
    tmp = temp_name(path)
    os.close(_write_temp(tmp, data, mode))
    try:
        os.link(tmp, path)  # fails if `path` exists: nothing is overwritten
    except OSError as e:
        if e.errno not in (errno.EPERM, errno.ENOTSUP, errno.EOPNOTSUPP, errno.ENOSYS, errno.EMLINK):
            raise
        # no hard links here (some synced or FAT folders): create it exclusively and write it
        tmp.unlink(missing_ok=True)
        os.close(_write_temp(path, data, mode))  # O_EXCL: still never overwrites
    finally:
        tmp.unlink(missing_ok=True)
    fsync_dir(path.parent)


def install_file(tmp: os.PathLike | str, path: os.PathLike | str, mode: Optional[int] = None) -> Path:
    """Put the finished file `tmp` (same folder) under the name `path`: its bytes fsynced, then
    renamed over whatever was there, then the directory fsynced, so a power cut leaves the old
    file or the new one, whole. `mode`: set first (0600 for what holds the user's words). The
    temp file is removed if anything fails. Returns `path`."""
    tmp, path = Path(tmp), Path(path)
    try:
        fd = os.open(tmp, os.O_RDONLY | os.O_CLOEXEC)
        try:
            if mode is not None:
                os.fchmod(fd, mode)
            os.fsync(fd)
        finally:
            os.close(fd)
        os.replace(tmp, path)
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise
    fsync_dir(path.parent)
    return path


def set_aside(path: os.PathLike | str, tag: str) -> Path:
    """Rename a damaged file to `<name>.<tag>-<time>` beside it (never over another one) and
    return the new name; the directory is fsynced, so the rename survives a power cut."""
    path = Path(path)
    stamp = time.strftime("%Y%m%d-%H%M%S")
    aside = path.with_name(f"{path.name}.{tag}-{stamp}")
    n = 1
    while aside.exists():
        n += 1
        aside = path.with_name(f"{path.name}.{tag}-{stamp}-{n}")
    os.replace(path, aside)
    fsync_dir(path.parent)
    return aside


def temp_name(target: Path) -> Path:
    """A temp file beside `target`, hidden, named so `clean_temps` can find it after a crash."""
    return target.with_name(f"{TMP_PREFIX}{target.name}.{os.getpid()}.{time.monotonic_ns()}{TMP_SUFFIX}")


def same_file(a: os.stat_result, b: os.stat_result) -> bool:
    """The same inode with the same size and modification time: nobody wrote in between."""
    return (a.st_dev, a.st_ino, a.st_size, a.st_mtime_ns) == (b.st_dev, b.st_ino, b.st_size, b.st_mtime_ns)


_RENAME_EXCHANGE = 2
_AT_FDCWD = -100
_renameat2 = None


def _exchange(a: Path, b: Path) -> bool:
    """Swap two names atomically (Linux renameat2 RENAME_EXCHANGE); False where unsupported."""
    global _renameat2
    if _renameat2 is None:
        try:
            libc = ctypes.CDLL(None, use_errno=True)
            _renameat2 = libc.renameat2
            _renameat2.argtypes = [ctypes.c_int, ctypes.c_char_p, ctypes.c_int, ctypes.c_char_p, ctypes.c_uint]
        except (OSError, AttributeError):
            _renameat2 = False
    if _renameat2 is False:
        return False
    if _renameat2(_AT_FDCWD, os.fsencode(a), _AT_FDCWD, os.fsencode(b), _RENAME_EXCHANGE) == 0:
        return True
    err = ctypes.get_errno()
    if err in (errno.EINVAL, errno.ENOSYS, errno.EOPNOTSUPP):
        return False  # this file system cannot swap: the caller renames
    raise OSError(err, os.strerror(err), str(b))


def atomic_replace(path: os.PathLike | str, data: bytes, mode: Optional[int] = None,
                   expect: Optional[os.stat_result] = None) -> Path:
    """Replace the file's content all at once. A symlink is followed: its target is replaced and
    the link stays. Mode (and owner, when allowed) are kept. Returns the real path written.

    `expect`: the stat of the file the new content was made from. The swap is then checked: if
    the file that was replaced is not exactly that one (an editor saved meanwhile, in place or
    by renaming), it is put back and FileBusy is raised, so no one's save is lost. The new file
    is flocked until then, so a Milo append waits and then goes to whichever file stays."""
    target = real_path(path)
    try:
        st: Optional[os.stat_result] = os.stat(target)
    except FileNotFoundError:
        st = None
    if mode is None:
        mode = (st.st_mode & 0o7777) if st else PRIVATE
    tmp = temp_name(target)
    fd = _write_temp(tmp, data, mode, lock=expect is not None)
    try:
        if st is not None and hasattr(os, "chown"):
            try:
                os.fchown(fd, st.st_uid, st.st_gid)
                os.fchmod(fd, mode)  # chown may clear set-id bits
            except PermissionError:
                pass  # not ours to give away: the new file stays the caller's
        if expect is None:
            os.replace(tmp, target)
        elif _exchange(tmp, target):
            # `tmp` now names the file that was at `target`: was it the one we read?
            if not same_file(os.lstat(tmp), expect):
                _exchange(tmp, target)  # put theirs back
                raise FileBusy(errno.EBUSY, "the file was saved by another program during the rewrite", str(target))
            os.unlink(tmp)
        else:
            if not same_file(os.stat(target), expect):
                raise FileBusy(errno.EBUSY, "the file was saved by another program during the rewrite", str(target))
            os.replace(tmp, target)
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise
    finally:
        os.close(fd)
    fsync_dir(target.parent)
    return target


def read_settled(path: os.PathLike | str, fd: Optional[int] = None, settle_s: Optional[float] = None,
                 timeout_s: Optional[float] = None) -> tuple[bytes, Optional[os.stat_result]]:
    """The whole file, once nobody is writing it: read twice `settle_s` apart, with the same
    bytes, inode, size and modification time both times (and still the file at `path`).
    With `fd`, that open file is read; if `path` then names another file, FileReplaced.
    A missing file is (b"", None). Raises FileBusy if the file never holds still for
    `timeout_s` (an editor saving in a loop)."""
    settle_s = SETTLE_S if settle_s is None else settle_s
    timeout_s = SETTLE_TIMEOUT_S if timeout_s is None else timeout_s
    deadline = time.monotonic() + timeout_s
    previous: Optional[tuple[bytes, os.stat_result]] = None
    while True:
        current = _read_once(path, fd)
        if current is None:
            return b"", None
        if current[1] is not None and previous is not None and previous[0] == current[0] and same_file(previous[1], current[1]):
            return current  # type: ignore[return-value]
        if time.monotonic() >= deadline:
            raise FileBusy(errno.EBUSY, "the file kept changing (is another program saving it?)", str(path))
        previous = current if current[1] is not None else None
        time.sleep(settle_s)


class FileReplaced(OSError):
    """The open file is no longer the one at its path (an editor renamed a new file over it)."""


def _read_once(path, fd: Optional[int]) -> Optional[tuple[bytes, Optional[os.stat_result]]]:
    """(bytes, stat), the stat None when the file changed during the read."""
    own = fd is None
    if own:
        try:
            fd = os.open(path, os.O_RDONLY | os.O_CLOEXEC)
        except FileNotFoundError:
            return None
    try:
        st = os.fstat(fd)
        chunks, pos = [], 0
        while True:
            chunk = os.pread(fd, max(1 << 20, st.st_size - pos + 1), pos)
            if not chunk:
                break
            chunks.append(chunk)
            pos += len(chunk)
        after = os.fstat(fd)
        try:
            here = os.stat(path)
        except FileNotFoundError:
            here = None
        if here is None or (here.st_dev, here.st_ino) != (after.st_dev, after.st_ino):
            if not own:
                raise FileReplaced(errno.ESTALE, "the file was replaced", str(path))
            return b"".join(chunks), None  # replaced while we read: read the new one next round
        return b"".join(chunks), (after if same_file(st, after) and pos == after.st_size else None)
    finally:
        if own:
            os.close(fd)


def clean_temps(target: os.PathLike | str, older_than_s: float = 0.0) -> int:
    """Remove temp files left beside `target` by a killed process (its own, and those of files
    named after it, such as its backups); returns how many went."""
    target = real_path(target)
    gone = 0
    now = time.time()
    try:
        candidates = list(target.parent.glob(f"{TMP_PREFIX}{target.name}.*{TMP_SUFFIX}"))
    except OSError:
        return 0
    for p in candidates:
        parts = p.name[: -len(TMP_SUFFIX)].rsplit(".", 2)
        if len(parts) != 3 or not parts[1].isdigit() or not parts[2].isdigit():
            continue  # not one of ours
        pid = int(parts[1])
        if pid != os.getpid() and _alive(pid):
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
