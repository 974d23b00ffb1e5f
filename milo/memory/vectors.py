"""Recall by meaning: one unit vector per pulse (milo.memory.embedder), kept on disk beside the word index.

- A vector is looked up by the key of the text it embeds (PulseIndex.keys, from
  `meaning_text`): a hand edit, a forget or an archive changes the docs and their keys, so a
  vector can never be stale, only missing.
- A missing vector is computed: a few at once (a pulse Milo just etched) before the recall that
  needs them; many (a memory written before this version, or by another program) newest first
  in a background thread at low priority, so a first recall never waits for them. Until then
  those pulses are found by their words alone.
- The vectors live in a file (MILO_CACHE_DIR/vectors-*.vec, private): records of (key, float32
  vector; 1.5 KB a pulse), appended as they are computed, read back in blocks when a question is scored. The
  process holds only the keys (8 bytes a pulse): a long-lived Milo held every vector in RAM and
  grew with its memory and archive (`bench/reliability.py --soak`, ~4.6 KB a pulse, +27.5% RSS
  over a simulated week). Other Milo processes on the same memory append to the same file; the
  records of texts the memory no longer has are dropped once they are as many as the live ones.
  It is only a cache: anything wrong with it (torn by a kill, zeroed by a power cut, another
  model's) costs time, never a wrong vector: a record whose vector is not of unit length is
  ignored. Without a cache folder the same records are kept in RAM.
"""

from __future__ import annotations

import atexit
import errno
import fcntl
import hashlib
import logging
import os
import threading
import time
import weakref
from pathlib import Path
from typing import Optional, Sequence

import numpy as np

from milo import heap, storage
from milo.memory.index import PulseIndex, meaning_text

log = logging.getLogger("milo.memory")

# Every DocVectors whose background is running (its thread holds it, so it stays listed until
# done): stopped at exit even when its memory was let go of. The shared LoCoMo eval opens eight
# memories one after another; exiting with their threads still computing, it crashed
# (segmentation fault) after printing its scores.
_BUSY: "weakref.WeakSet[DocVectors]" = weakref.WeakSet()


@atexit.register
def _stop_all() -> None:
    for vectors in list(_BUSY):
        vectors.stop()


SYNC_MAX = 48  # missing vectors computed before a recall; more go to the background
CHUNK = 16  # vectors the background computes between looks at what is wanted (and at `stop`)
PRUNE_MIN = 1024  # records of texts the memory no longer has are dropped past this many (and past the live ones)
BLOCK = 2048  # records read at once when scoring (3 MB)
MAGIC = b"MILOVEC1"
HEADER = 64  # MAGIC, the dimension (uint32 LE), 4 spare bytes, the model id (utf-8, zero padded)
LOCK_WAIT_S = 2.0  # an append waits this long for another process's compaction, then drops its vectors
UNIT_TOL = 0.01  # a stored vector's length must be 1 within this


def cache_file(cache_dir: Path, memory_path: Path, model_id: str) -> Path:
    key = hashlib.sha256(f"{Path(memory_path).resolve()}\0{model_id}".encode()).hexdigest()[:16]
    return Path(cache_dir) / f"vectors-{key}.vec"


def _header(dim: int, model_id: str) -> bytes:
    return (MAGIC + int(dim).to_bytes(4, "little") + bytes(4) + model_id.encode()[:HEADER - 16]).ljust(HEADER, b"\0")


def _unit(vecs: np.ndarray) -> np.ndarray:
    """Which rows are unit vectors (a torn or zeroed record is not)."""
    return np.abs(np.linalg.norm(vecs, axis=1) - 1.0) < UNIT_TOL


class DocVectors:
    """The vectors of an index's docs. `ready(idx)` computes what is missing and says which docs
    have one; `cosines(idx, queries)` scores every doc against each query, block by block."""

    def __init__(self, embedder, path: Optional[Path] = None, background: bool = True):
        self.emb = embedder
        self.path = Path(path) if path is not None else None
        self.background = background
        self.dim = embedder.dim
        self._rec = np.dtype([("key", "<u8"), ("vec", "<f4", (self.dim,))])  # float32: numpy turns float16 into float32 at ~3 ns a number (16,000 pulses: 29 ms a question instead of 10)
        self._lock = threading.RLock()
        self._keys = np.zeros(1024, dtype=np.uint64)  # the key of each stored record; 0: not usable
        self._n = 0  # records stored (in the file: read so far, whole ones only)
        self._sorted: Optional[tuple[np.ndarray, np.ndarray]] = None  # (keys sorted, their rows)
        self._ram: Optional[np.ndarray] = None  # the records' vectors where there is no file
        self._fd: Optional[int] = None
        self._ino: Optional[tuple[int, int]] = None
        self._pending: list[tuple[int, str]] = []  # (key, text) for the background, newest first
        self._thread: Optional[threading.Thread] = None
        if self.path is not None:
            try:
                self._open()
            except OSError as e:  # an unwritable cache folder: the vectors stay in RAM
                log.info("memory vector cache %s not used: %s", self.path, e)
                self._close()
        if self._fd is None:
            self._ram = np.zeros((1024, self.dim), dtype=np.float32)

    # ---- the file ---------------------------------------------------------------------------

    def _close(self) -> None:
        if self._fd is not None:
            os.close(self._fd)
        self._fd, self._ino, self._n, self._sorted = None, None, 0, None

    def _open(self) -> None:
        """Open (or start) the file and read its keys."""
        self._close()
        head = _header(self.dim, self.emb.model_id)
        self.path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
        storage.clean_temps(self.path)  # a compaction's, killed half-way
        old = self.path.with_suffix(".npz")  # the cache of earlier versions, all in one array
        for _ in range(3):
            try:
                fd = os.open(self.path, os.O_RDWR | os.O_CLOEXEC)
            except FileNotFoundError:
                try:
                    storage.write_new(self.path, head)
                except FileExistsError:
                    pass
                continue
            if os.pread(fd, HEADER, 0) == head:
                break
            os.close(fd)  # another model's, or damaged: started anew
            storage.atomic_replace(self.path, head, mode=storage.PRIVATE)
        else:
            raise OSError(errno.EAGAIN, "the file kept changing")
        st = os.fstat(fd)
        self._fd, self._ino = fd, (st.st_dev, st.st_ino)
        self._read_new()
        if self._n == 0 and old.exists():
            self._take_old(old)

    def _take_old(self, old: Path) -> None:
        try:
            with np.load(old, allow_pickle=False) as z:
                if str(z["model"]) == self.emb.model_id and z["vecs"].shape[1:] == (self.dim,):
                    self._append(list(zip(z["keys"].tolist(), z["vecs"])))
            old.unlink()
        except Exception as e:  # noqa: BLE001 - only a cache
            log.info("memory vector cache %s not taken over: %s", old, e)

    def _read_new(self) -> None:
        """The records other processes (or we) appended since the last look; the file anew
        where another process replaced it (a compaction)."""
        if self._fd is None:
            return
        try:
            st = os.stat(self.path)
        except FileNotFoundError:
            st = None
        if st is None or (st.st_dev, st.st_ino) != self._ino:
            try:
                self._open()
            except OSError as e:
                log.info("memory vector cache %s not used: %s", self.path, e)
                self._close()
                self._ram = np.zeros((1024, self.dim), dtype=np.float32)
            return
        rows = (st.st_size - HEADER) // self._rec.itemsize  # a torn last record waits for the next append to pad it
        while self._n < rows:
            recs = self._records(self._fd, self._n, min(rows, self._n + BLOCK))
            if not len(recs):
                break  # cut short meanwhile
            self._grow(self._n + len(recs))
            self._keys[self._n:self._n + len(recs)] = np.where(_unit(recs["vec"]), recs["key"], 0)
            self._n += len(recs)
            self._sorted = None

    def _records(self, fd: int, start: int, stop: int) -> np.ndarray:
        """Records start..stop of the file open as `fd` (fewer where it is shorter)."""
        size = self._rec.itemsize
        raw = os.pread(fd, (stop - start) * size, HEADER + start * size)
        return np.frombuffer(raw[:len(raw) // size * size], dtype=self._rec)

    def _grow(self, n: int) -> None:
        if n > len(self._keys):
            keys = np.zeros(max(n, len(self._keys) * 2), dtype=np.uint64)
            keys[:self._n] = self._keys[:self._n]
            self._keys = keys

    def _append(self, items: list[tuple[int, np.ndarray]]) -> None:
        recs = np.zeros(len(items), dtype=self._rec)
        recs["key"] = [k for k, _ in items]
        recs["vec"] = np.array([v for _, v in items], dtype=np.float32).reshape(len(items), self.dim)
        with self._lock:
            if self._fd is None:
                n = self._n + len(items)
                if n > len(self._ram):
                    ram = np.zeros((max(n, 2 * len(self._ram)), self.dim), dtype=np.float32)
                    ram[:self._n] = self._ram[:self._n]
                    self._ram = ram
                self._ram[self._n:n] = recs["vec"]
                self._grow(n)
                self._keys[self._n:n] = recs["key"]
                self._n, self._sorted = n, None
                return
            try:
                self._write(recs.tobytes())
            except OSError as e:
                log.info("memory vectors not kept in %s: %s", self.path, e)
            self._read_new()

    def _write(self, data: bytes) -> None:
        """Append whole records under the file's lock (another process may be compacting it)."""
        for _ in range(2):
            deadline = time.monotonic() + LOCK_WAIT_S
            while True:
                try:
                    fcntl.flock(self._fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
                    break
                except BlockingIOError:
                    if time.monotonic() > deadline:
                        raise OSError(errno.EWOULDBLOCK, "another process held the file") from None
                    time.sleep(0.01)
            try:
                st = os.stat(self.path)
                if (st.st_dev, st.st_ino) == self._ino:
                    size = os.fstat(self._fd).st_size
                    pad = -(size - HEADER) % self._rec.itemsize  # a record torn by a kill: made whole, then ignored
                    storage.write_all(self._fd, bytes(pad) + data, at=size)
                    return
            finally:
                fcntl.flock(self._fd, fcntl.LOCK_UN)
            self._read_new()  # replaced by a compaction: append to the new file

    def _blocks(self):
        """(first row, vectors) of every stored record, BLOCK at a time."""
        for start in range(0, self._n, BLOCK):
            stop = min(self._n, start + BLOCK)
            if self._fd is None:
                yield start, self._ram[start:stop]
            else:
                yield start, self._records(self._fd, start, stop)["vec"]

    def _keep(self, live: np.ndarray) -> np.ndarray:
        """Which records to keep: the first of each live key."""
        keys = self._keys[:self._n]
        _, first = np.unique(keys, return_index=True)
        keep = np.zeros(self._n, dtype=bool)
        keep[first] = True
        return keep & np.isin(keys, live) & (keys != 0)

    def _compact(self, live: np.ndarray) -> None:
        """Keep only the records of `live` keys, one each."""
        if self._fd is None:
            keep = self._keep(live)
            self._ram = np.ascontiguousarray(self._ram[:self._n][keep])
            self._keys = np.ascontiguousarray(self._keys[:self._n][keep])
            self._n, self._sorted = len(self._keys), None
            return
        fd_old, ino_old = self._fd, self._ino
        try:
            fcntl.flock(fd_old, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            return  # another process is at it
        tmp = storage.temp_name(self.path)
        try:
            self._read_new()  # what was appended before we held the lock
            if self._ino != ino_old:
                return  # another process compacted it first (our lock went with the old fd)
            keep = self._keep(live)
            fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_CLOEXEC, storage.PRIVATE)
            try:
                storage.write_all(fd, os.pread(fd_old, HEADER, 0))
                for start in range(0, self._n, BLOCK):
                    stop = min(self._n, start + BLOCK)
                    storage.write_all(fd, self._records(fd_old, start, stop)[keep[start:stop]].tobytes())
            finally:
                os.close(fd)
            storage.install_file(tmp, self.path)
        except OSError as e:
            tmp.unlink(missing_ok=True)
            log.info("memory vector cache %s not compacted: %s", self.path, e)
        finally:
            if self._ino == ino_old:
                fcntl.flock(fd_old, fcntl.LOCK_UN)
        self._read_new()  # the new file

    def save(self, idx: Optional[PulseIndex] = None) -> bool:
        """Every vector is in the file as soon as it is computed; this only drops the records of
        texts the index no longer has, once they are many. True if it did."""
        if idx is None:
            return False
        with self._lock:
            return self._prune(np.frombuffer(idx.keys, dtype=np.uint64), force=True)

    def _prune(self, keys: np.ndarray, force: bool = False) -> bool:
        """Drop the records of texts the index no longer has (forgotten, archived, edited) once
        they are as many as the live ones and PRUNE_MIN."""
        if self._n <= max(2 * len(keys), PRUNE_MIN) and not force:
            return False  # cannot be that many yet: not worth a look
        live = np.union1d(keys, np.array([k for k, _ in self._pending], dtype=np.uint64))
        stale = self._n - int(np.isin(self._keys[:self._n], live).sum())
        if stale <= max(len(live), PRUNE_MIN):
            return False
        self._compact(live)
        return True

    # ---- vectors ----------------------------------------------------------------------------

    def _embed(self, items: list[tuple[int, str]]) -> None:
        vecs = self.emb.encode([t for _, t in items])
        self._append([(k, v) for (k, _), v in zip(items, vecs)])

    def _work(self) -> None:
        try:
            os.nice(10)  # this thread only (Linux): the model's threads come first
        except (OSError, AttributeError):
            pass
        while True:
            with self._lock:
                chunk, self._pending = self._pending[:CHUNK], self._pending[CHUNK:]
                if not chunk:
                    self._thread = None
                    break
            try:
                self._embed(chunk)  # each chunk in the file as soon as it is computed
            except Exception as e:  # noqa: BLE001 - recall goes on by words
                log.warning("recall by meaning: vectors not computed (%s: %s)", type(e).__name__, e)
                with self._lock:
                    self._pending, self._thread = [], None
                return
        heap.give_back()  # the batches' arrays, freed in this thread's own heap

    def wait(self) -> None:
        """Until the background has computed what it was given (benches, tests)."""
        t = self._thread
        if t is not None:
            t.join()

    def stop(self) -> None:
        """Drop what the background has not started and wait for the chunk it is on. Called at
        exit: a process that ends while a thread is inside OpenBLAS hangs in OpenBLAS's own exit
        handler (seen: `milo memory search` never returned)."""
        with self._lock:
            self._pending = []
        self.wait()

    def _rows(self, keys: np.ndarray) -> np.ndarray:
        """The stored record of each key, -1 where there is none."""
        self._read_new()
        if self._sorted is None:
            order = np.argsort(self._keys[:self._n], kind="stable")
            self._sorted = (self._keys[:self._n][order], order)
        skeys, order = self._sorted
        if not len(skeys):
            return np.full(len(keys), -1, dtype=np.int64)
        at = np.minimum(np.searchsorted(skeys, keys), len(skeys) - 1)
        return np.where((skeys[at] == keys) & (keys != 0), order[at], -1)

    def ready(self, idx: PulseIndex) -> np.ndarray:
        """Which docs have a vector, after computing those missing (a few now, the rest in the
        background, newest first)."""
        keys = np.frombuffer(idx.keys, dtype=np.uint64)
        with self._lock:
            rows = self._rows(keys)
            queued = {k for k, _ in self._pending}
        missing, seen = [], set()
        for d in np.flatnonzero(rows < 0)[::-1]:  # newest first, one doc per text (a repeated note is embedded once)
            k = int(keys[d])
            if k and k not in queued and k not in seen:
                seen.add(k)
                missing.append(int(d))
        if missing:
            self._compute(idx, keys, missing)
        with self._lock:
            self._prune(keys)
            return self._rows(keys) >= 0

    def cosines(self, idx: PulseIndex, queries: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """(n docs, n queries) cosines, 0 where a doc has no vector yet, and which docs have one.
        Every record is read once, a block at a time: the process never holds the vectors."""
        keys = np.frombuffer(idx.keys, dtype=np.uint64)
        q = np.asarray(queries, dtype=np.float32).reshape(-1, self.dim)
        with self._lock:
            rows = self._rows(keys)
            per_row = np.zeros((self._n, len(q)), dtype=np.float32)
            for start, vecs in self._blocks():
                per_row[start:start + len(vecs)] = vecs @ q.T
        have = rows >= 0
        cos = per_row[np.where(have, rows, 0)] if self._n else np.zeros((len(keys), len(q)), dtype=np.float32)
        cos[~have] = 0.0
        return cos, have

    def of(self, idx: PulseIndex, docs: Sequence[int]) -> tuple[np.ndarray, np.ndarray]:
        """(len(docs), dim) vectors of those docs (zeros where there is none yet), and which have
        one: a few records read, not the file."""
        keys = np.frombuffer(idx.keys, dtype=np.uint64)[np.asarray(docs, dtype=np.int64)]
        out = np.zeros((len(keys), self.dim), dtype=np.float32)
        with self._lock:
            rows = self._rows(keys)
            for i, row in enumerate(rows):
                if row < 0:
                    continue
                if self._fd is None:
                    out[i] = self._ram[row]
                else:
                    rec = self._records(self._fd, int(row), int(row) + 1)
                    if len(rec):
                        out[i] = rec["vec"][0]
        return out, rows >= 0

    def _compute(self, idx: PulseIndex, keys: np.ndarray, missing: list[int]) -> None:
        """`missing` (newest first): a few now, the rest in the background."""
        now, later = (missing, []) if not self.background else (missing[:SYNC_MAX], missing[SYNC_MAX:])
        texts = idx.pulses(now + later, timestamps=False)
        if now:
            self._embed([(int(keys[d]), meaning_text(texts[d])) for d in now])
        if later:
            with self._lock:
                self._pending = [(int(keys[d]), meaning_text(texts[d])) for d in later] + self._pending
                if self._thread is None:
                    self._thread = threading.Thread(target=self._work, name="milo-vectors", daemon=True)
                    _BUSY.add(self)
                    self._thread.start()

    def __del__(self):
        fd, self._fd = getattr(self, "_fd", None), None
        if fd is not None:
            try:
                os.close(fd)
            except OSError:
                pass


__all__ = ["DocVectors", "cache_file"]
