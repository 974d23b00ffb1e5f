"""Recall by meaning: one unit vector per pulse (milo.memory.embedder), a cache beside the word index.

- A vector is looked up by the key of the text it embeds (PulseIndex.keys, from
  `meaning_text`): a hand edit, a forget or an archive changes the docs and their keys, so a
  vector can never be stale, only missing.
- A missing vector is computed: a few at once (a pulse Milo just etched) before the recall that
  needs them; many (a memory written before this version, or by another program) newest first
  in a background thread at low priority, so a first recall never waits for them. Until then
  those pulses are found by their words alone.
- The cache on disk (MILO_CACHE_DIR/vectors-*.npz, private) holds the vectors of the docs the
  index has (float16: 0.8 KB a pulse, as the process holds them too), nothing else: it is bounded
  by the memory itself, and anything wrong with it only costs time. In the process, the vectors
  of texts the index no longer has are let go of once they are as many as its docs.
"""

from __future__ import annotations

import atexit
import hashlib
import io
import logging
import os
import threading
import weakref
from pathlib import Path
from typing import Optional

import numpy as np

from milo import storage
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
PRUNE_MIN = 1024  # vectors of texts the index no longer has are let go of past this many (and past the docs)


def cache_file(cache_dir: Path, memory_path: Path, model_id: str) -> Path:
    key = hashlib.sha256(f"{Path(memory_path).resolve()}\0{model_id}".encode()).hexdigest()[:16]
    return Path(cache_dir) / f"vectors-{key}.npz"


class DocVectors:
    """The vectors of an index's docs. `matrix(idx)`: (n, dim) float32, aligned with doc ids,
    with `have` saying which rows are real (the others are zero)."""

    def __init__(self, embedder, path: Optional[Path] = None, background: bool = True):
        self.emb = embedder
        self.path = path
        self.background = background
        self._lock = threading.Lock()
        # text key -> vector, float16 as on disk (a process that loads the cache has no more than
        # that): half the memory of a float32 copy beside the matrix recall multiplies
        self._vec: dict[int, np.ndarray] = {}
        self._pending: list[tuple[int, str]] = []  # (key, text) for the background, newest first
        self._thread: Optional[threading.Thread] = None
        self._dirty = 0
        self._mat: Optional[np.ndarray] = None  # a view of _buf
        self._buf: Optional[np.ndarray] = None
        self._have: Optional[np.ndarray] = None
        self._mat_keys: Optional[np.ndarray] = None
        self._load()

    # ---- the disk cache -------------------------------------------------------------------

    def _load(self) -> None:
        if self.path is None:
            return
        try:
            with np.load(self.path, allow_pickle=False) as z:
                if str(z["model"]) != self.emb.model_id:
                    return
                keys, vecs = z["keys"], z["vecs"]
            if vecs.shape[1:] != (self.emb.dim,) or len(keys) != len(vecs):
                return
            # each row its own float16 array (a row view would keep the whole array alive)
            self._vec = dict(zip(keys.tolist(), (v.astype(np.float16) for v in vecs)))
        except FileNotFoundError:
            pass
        except Exception as e:  # noqa: BLE001 - a damaged cache is only a cache
            log.info("memory vector cache %s not used: %s", self.path, e)

    def save(self, idx: Optional[PulseIndex] = None) -> bool:
        """Write the vectors of the index's docs (all known ones without an index)."""
        if self.path is None or not self._dirty:
            return False
        with self._lock:
            wanted = set(np.frombuffer(idx.keys, dtype=np.uint64).tolist()) if idx is not None else None
            items = [(k, v) for k, v in self._vec.items() if wanted is None or k in wanted]
            self._dirty = 0
        keys = np.array([k for k, _ in items], dtype=np.uint64)
        vecs = np.array([v for _, v in items], dtype=np.float16).reshape(len(items), self.emb.dim)
        buf = io.BytesIO()
        np.savez(buf, model=np.array(self.emb.model_id), keys=keys, vecs=vecs)
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
            storage.atomic_replace(self.path, buf.getvalue(), mode=0o600)
            return True
        except OSError as e:
            log.info("memory vector cache %s not written: %s", self.path, e)
            return False

    # ---- vectors ----------------------------------------------------------------------------

    def _embed(self, items: list[tuple[int, str]]) -> None:
        vecs = self.emb.encode([t for _, t in items])
        with self._lock:
            for (k, _), v in zip(items, vecs):
                self._vec[k] = v.astype(np.float16)  # its own array: a row view would keep the whole batch
            self._dirty += len(items)

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
                self._embed(chunk)
            except Exception as e:  # noqa: BLE001 - recall goes on by words
                log.warning("recall by meaning: vectors not computed (%s: %s)", type(e).__name__, e)
                with self._lock:
                    self._pending, self._thread = [], None
                return
        # Kept now, not only at exit: `milo chat` let go of its memory before the exit hook ran,
        # so a lived-in memory's vectors (~400 pulses) were computed again on every wake, on the
        # cores the model needed, and the pulses without one yet were shown whatever their meaning.
        self.save()

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

    def matrix(self, idx: PulseIndex) -> tuple[np.ndarray, np.ndarray]:
        keys = np.frombuffer(idx.keys, dtype=np.uint64).copy()
        n, dim = len(keys), self.emb.dim
        # The rows of the last matrix whose key is unchanged are kept: after an append only the
        # new docs (and any still without a vector) are looked at.
        start, old = 0, self._mat
        if old is not None:
            m = min(len(self._mat_keys), n)
            differ = np.flatnonzero(self._mat_keys[:m] != keys[:m])
            start = int(differ[0]) if len(differ) else m
        have = np.zeros(n, dtype=bool)
        if start:
            have[:start] = self._have[:start]
        todo = np.concatenate([np.flatnonzero(~have[:start] & (keys[:start] != 0)), np.arange(start, n)])
        todo = [int(d) for d in todo if keys[d]]
        if todo:
            with self._lock:
                queued = {k for k, _ in self._pending}
                missing, seen = [], set()
                for d in reversed(todo):  # newest first, one doc per text (a repeated note is embedded once)
                    k = int(keys[d])
                    if k not in self._vec and k not in queued and k not in seen:
                        seen.add(k)
                        missing.append(d)
            if missing:
                self._compute(idx, keys, missing)
        if old is not None and start == len(self._mat_keys) == n:
            if not todo:
                return old, self._have
            mat = old  # the same docs: rows are filled in place
        else:
            mat = self._rows(n, start)
        with self._lock:
            for d in todo:
                v = self._vec.get(int(keys[d]))
                if v is not None:
                    mat[d] = v
                    have[d] = True
        self._mat, self._mat_keys, self._have = mat, keys, have
        self._prune(keys)
        return mat, have

    def _prune(self, keys: np.ndarray) -> None:
        """Forget the vectors of texts the index no longer has (forgotten, archived, edited) once
        they are as many as the docs: a long-lived Milo (`milo serve`) kept every vector it ever
        computed, 1.5 KB a pulse as float32 (`bench/reliability.py --soak`: RSS +18% over 6,000 turns)."""
        if len(self._vec) <= max(2 * len(keys), PRUNE_MIN):
            return
        with self._lock:
            wanted = set(keys.tolist()) | {k for k, _ in self._pending}
            self._vec = {k: v for k, v in self._vec.items() if k in wanted}  # each its own array already

    def _rows(self, n: int, start: int) -> np.ndarray:
        """An (n, dim) matrix whose first `start` rows are the last one's and the rest zero: a
        view of a buffer with room to grow (by a quarter), so that a new pulse writes one row
        instead of copying them all (154 MB at 100k pulses: recall after an etch took 91 ms)."""
        buf = self._buf
        if buf is None or len(buf) < n:
            grown = np.zeros((max(n, n + n // 4, 1024), self.emb.dim), dtype=np.float32)
            if start:
                grown[:start] = buf[:start]
            self._buf = buf = grown
        else:
            buf[start:n] = 0
        return buf[:n]

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


__all__ = ["DocVectors", "cache_file"]
