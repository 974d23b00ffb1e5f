"""Relevance recall on the flat file: pinned facts, the older pulses that matter, recent lines.

The file stays the single source of truth. An in-process BM25 index over its pulses (and the
archive's) is kept in step incrementally:
- Milo's own etch tells the index what it appended (no re-read): a new pulse costs ~1 ms.
- Anything else (an editor, `milo memory forget`, another Milo process) shows up as a changed
  inode, size or mtime. Then the file is read once: if its first `size` bytes still hash to what
  was indexed, only the new tail is parsed; otherwise the index is rebuilt.
- A cache on disk (~/.cache/milo/index, private) makes a fresh process fast. It is checked the
  same way (a hash of the whole indexed prefix), so it can never be stale.
"""

from __future__ import annotations

import atexit
import hashlib
import math
import os
import pickle
import re
from array import array
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Iterable, Optional, Sequence

import numpy as np

from milo.memory import Pulse, _read_pulses

INDEX_VERSION = 4
_TOKEN = re.compile(r"[a-z0-9]+")
_STOP = frozenset(
    "a an and are as at be but by do did does for from had has have he her him his i if in into is it its "
    "just me my no not of on or our she so that the their them then there they this to too us was we were "
    "what when where which who why will with would you your about all can could should also than been "
    "core_update future_message reply core update future message pulse am pm".split()
)
# Lines that read like instructions: kept in the file, flagged when shown to the model.
_INSTRUCTION = re.compile(
    r"\b(ignore|disregard|forget|override)\b.{0,40}\b(instruction|rule|prompt|above|previous|prior|everything)"
    r"|\bfrom now on\b|\byou (must|will|shall|should|have to) (always|never|now|only|obey)"
    r"|\byou are (now|no longer)\b|\bnew (instructions|rules|persona)\b|\bsystem prompt\b"
    r"|\b(always|never) (say|reply|respond|answer|mention|tell)\b|\bact as\b|\bpretend (to be|you)\b",
    re.IGNORECASE,
)
_TAG_LIKE = re.compile(r"\[(\s*(?:REPLY|INTERNAL|CORE_UPDATE|FUTURE_MESSAGE|ACTION)\s*)\]", re.IGNORECASE)
_PINNED_HEADING = re.compile(r"^(#{1,6})\s*pinned\b.*$", re.IGNORECASE)
_ANY_HEADING = re.compile(r"^(#{1,6})\s")
_PULSE_LINE = re.compile(r"^-{2,}\s*\[?\s*PULSE", re.IGNORECASE)
K1, B = 1.2, 0.75


def terms(text: str) -> list[str]:
    out = []
    for t in _TOKEN.findall(text.lower()):
        if t in _STOP or len(t) < 2:
            continue
        if len(t) > 3 and t.endswith("s") and not t.endswith("ss"):
            t = t[:-1]  # cats -> cat: a light stem that keeps recall honest
        out.append(t)
    return out


def estimate_tokens(text: str) -> int:
    """A cheap, conservative count: English runs ~4 chars a token; digits tokenize singly."""
    return math.ceil(len(text) / 3.5)


def neutralise(line: str) -> str:
    """Present a stored line as data: tag-like text defused, instruction-like lines flagged."""
    line = line.replace("</memory", "<\\/memory").replace("<memory", "<\\memory")
    line = _TAG_LIKE.sub(r"(\1)", line)
    if _INSTRUCTION.search(line):
        return f"[quoted note, not an instruction] {line}"
    return line


def pulse_text(p: Pulse) -> str:
    lines = [f"--- [PULSE: {p.header}] ---"] if p.header is not None else []
    lines += [f"{k}: {v}" for k, v in p.fields.items()]
    return "\n".join(lines)


def pinned_section(text: str) -> str:
    """The `## Pinned` section at the top of the file (before the first pulse), as written."""
    lines = text.split("\n")
    out: list[str] = []
    level = 0
    for line in lines:
        line = line.rstrip("\r")
        if _PULSE_LINE.match(line):
            break
        if level:
            h = _ANY_HEADING.match(line)
            if h and len(h.group(1)) <= level:
                break
            out.append(line)
            continue
        m = _PINNED_HEADING.match(line)
        if m:
            level = len(m.group(1))
    return "\n".join(out).strip()


@dataclass
class _FileState:
    ino: int = -1
    size: int = 0
    mtime_ns: int = 0
    digest: bytes = b""  # sha256 of the first `size` bytes


@dataclass
class Hit:
    pulse: Pulse
    score: float
    source: str  # "memory" | "archive"


class PulseIndex:
    """BM25 over the pulses of one or more files, updated incrementally.

    Compact on purpose (it is pickled to disk and loaded at every start): documents are
    parallel arrays, postings a CSR block (`base`) built in one pass with numpy, plus a small
    `delta` dict for pulses added since.
    """

    def __init__(self, paths: list[Path]):
        self.paths = paths
        self._reset()

    def _reset(self) -> None:
        self.src, self.off, self.end, self.line = array("B"), array("Q"), array("Q"), array("I")
        self.lengths = array("I")
        self.vocab: dict[str, int] = {}  # term -> row of the CSR base
        self.indptr = np.zeros(1, dtype=np.int64)
        self.base_ids = np.zeros(0, dtype=np.uint32)
        self.base_tfs = np.zeros(0, dtype=np.uint16)
        self.delta: dict[str, tuple[array, array]] = {}
        self.states = [_FileState() for _ in self.paths]
        self.pinned = ""
        self.total_len = 0
        self.dirty = 0  # docs added since the disk cache was written
        self._running: dict = {}  # source -> running sha256 of the file (not pickled)
        self._lines: dict = {}  # source -> line number the next append starts on (not pickled)

    def __len__(self) -> int:
        return len(self.off)

    # ---- building -----------------------------------------------------------------------

    def _add_doc(self, source: int, pulse: Pulse, words: list[str]) -> int:
        self.src.append(source)
        self.off.append(pulse.offset)
        self.end.append(pulse.end)
        self.line.append(pulse.line)
        self.lengths.append(len(words))
        self.total_len += len(words)
        self.dirty += 1
        return len(self.off) - 1

    def _add(self, source: int, pulse: Pulse) -> None:
        """One new pulse, into the delta postings."""
        words = terms(" ".join(pulse.fields.values()))
        doc = self._add_doc(source, pulse, words)
        for w, c in Counter(words).items():
            ids, tfs = self.delta.setdefault(w, (array("I"), array("H")))
            ids.append(doc)
            tfs.append(min(c, 65535))

    def _add_bulk(self, source: int, pulses: Iterable[Pulse]) -> None:
        """Many pulses at once (a build): collect (term, doc, tf) triples, then one numpy sort."""
        vocab = {t: i for i, t in enumerate(self._all_terms())}
        t_col, d_col, f_col = array("I"), array("I"), array("H")
        for pulse in pulses:
            if not pulse.fields:
                continue
            words = terms(" ".join(pulse.fields.values()))
            doc = self._add_doc(source, pulse, words)
            for w, c in Counter(words).items():
                t_col.append(vocab.setdefault(w, len(vocab)))
                d_col.append(doc)
                f_col.append(min(c, 65535))
        self._merge(vocab, np.frombuffer(t_col, dtype=np.uint32), np.frombuffer(d_col, dtype=np.uint32), np.frombuffer(f_col, dtype=np.uint16))

    def _all_terms(self) -> list[str]:
        terms_ = sorted(self.vocab, key=self.vocab.get)
        return terms_ + [t for t in self.delta if t not in self.vocab]

    def _merge(self, vocab: dict, t_new, d_new, f_new) -> None:
        """Rebuild the CSR base from itself, the delta and the new triples."""
        parts_t, parts_d, parts_f = [t_new], [d_new], [f_new]
        if len(self.base_ids):
            rows = np.repeat(np.arange(len(self.indptr) - 1, dtype=np.uint32), np.diff(self.indptr))
            parts_t.append(rows)  # base rows keep their numbers: vocab extends the old order
            parts_d.append(self.base_ids)
            parts_f.append(self.base_tfs)
        for w, (ids, tfs) in self.delta.items():
            parts_t.append(np.full(len(ids), vocab.setdefault(w, len(vocab)), dtype=np.uint32))
            parts_d.append(np.frombuffer(ids, dtype=np.uint32))
            parts_f.append(np.frombuffer(tfs, dtype=np.uint16))
        t = np.concatenate(parts_t)
        order = np.lexsort((np.concatenate(parts_d), t))
        self.base_ids = np.concatenate(parts_d)[order]
        self.base_tfs = np.concatenate(parts_f)[order]
        counts = np.bincount(t, minlength=len(vocab))
        self.indptr = np.concatenate([[0], np.cumsum(counts)]).astype(np.int64)
        self.vocab, self.delta = vocab, {}

    def compact(self) -> None:
        if self.delta:
            vocab = {t: i for i, t in enumerate(self._all_terms())}
            empty = np.zeros(0, dtype=np.uint32)
            self._merge(vocab, empty, empty, np.zeros(0, dtype=np.uint16))

    def postings(self, term: str):
        """(doc ids, term frequencies) of a term, base and delta together."""
        parts_i, parts_f = [], []
        row = self.vocab.get(term)
        if row is not None:
            a, b = self.indptr[row], self.indptr[row + 1]
            parts_i.append(self.base_ids[a:b])
            parts_f.append(self.base_tfs[a:b])
        if term in self.delta:
            ids, tfs = self.delta[term]
            parts_i.append(np.frombuffer(ids, dtype=np.uint32))
            parts_f.append(np.frombuffer(tfs, dtype=np.uint16))
        if not parts_i:
            return None, None
        return (np.concatenate(parts_i), np.concatenate(parts_f)) if len(parts_i) > 1 else (parts_i[0], parts_f[0])

    def _parse_from(self, source: int, data: bytes, start: int) -> None:
        lines = data[start:].splitlines(keepends=True)
        line_no = data.count(b"\n", 0, start) + 1 if start else 1
        self._add_bulk(source, _read_pulses(lines, start_offset=start, start_line=line_no, timestamps=False))

    def refresh(self) -> bool:
        """Bring the index in step with the files; True when anything changed."""
        changed = False
        for source, path in enumerate(self.paths):
            state = self.states[source]
            try:
                st = os.stat(path)
            except FileNotFoundError:
                if state.ino != -1:
                    self._rebuild()
                    return True
                continue
            if (st.st_ino, st.st_size, st.st_mtime_ns) == (state.ino, state.size, state.mtime_ns):
                if source not in self._running:  # loaded from the disk cache: check it once
                    data = _read(path)
                    h = hashlib.sha256(data)
                    if h.digest() != state.digest:
                        self._rebuild()
                        return True
                    self._running[source] = h
                    self._lines[source] = data.count(b"\n") + 1
                continue
            data = _read(path)
            h = hashlib.sha256(data[: state.size])
            appended = state.ino == st.st_ino and len(data) >= state.size and h.digest() == state.digest
            if state.ino == -1:
                self._parse_from(source, data, 0)
            elif appended:
                self._parse_from(source, data, state.size)  # only what was appended
            else:
                self._rebuild()  # edited, replaced or truncated: start over
                return True
            h.update(data[state.size :])
            if source == 0:
                self.pinned = pinned_section(data[:65536].decode("utf-8", errors="replace"))
            self.states[source] = _FileState(st.st_ino, len(data), st.st_mtime_ns, h.digest())
            self._running[source] = h
            self._lines[source] = data.count(b"\n") + 1  # the line number the next append starts on
            changed = True
        return changed

    def _rebuild(self) -> None:
        self._reset()
        self.refresh()

    def note_append(self, path: Path, before: os.stat_result, data: bytes, after: os.stat_result) -> None:
        """Milo's own etch: index the appended bytes without re-reading the file. Only when the
        file was exactly as indexed just before the write (stat taken under the etch lock)."""
        source = self.paths.index(path)
        state, h = self.states[source], self._running.get(source)
        if h is None or (before.st_ino, before.st_size, before.st_mtime_ns) != (state.ino, state.size, state.mtime_ns):
            return  # the next refresh() reads the file and finds out properly
        if after.st_ino != before.st_ino or after.st_size != before.st_size + len(data):
            return
        first_line = self._lines[source] if source in self._lines else None
        if first_line is None:
            return
        for pulse in _read_pulses(data.splitlines(keepends=True), start_offset=state.size, start_line=first_line):
            if pulse.fields:
                self._add(source, pulse)
        self._lines[source] = first_line + data.count(b"\n")
        h.update(data)
        self.states[source] = _FileState(after.st_ino, after.st_size, after.st_mtime_ns, h.digest())

    def __getstate__(self):
        self.compact()
        state = dict(self.__dict__)
        state["_running"], state["_lines"] = {}, {}  # hash objects do not pickle; refresh() redoes them
        return state

    # ---- searching ----------------------------------------------------------------------

    def search(self, query: str, k: int = 5, exclude_from: Optional[int] = None) -> list[tuple[int, float]]:
        """Top-k (doc id, score), best first. `exclude_from`: skip main-file docs at or after
        that byte offset (they are already in the recent part)."""
        n = len(self)
        q = set(terms(query))
        if not n or not q:
            return []
        scores = np.zeros(n, dtype=np.float64)
        lengths = np.frombuffer(self.lengths, dtype=np.uint32)
        avgdl = max(self.total_len / n, 1.0)
        for t in q:
            ids, tf = self.postings(t)
            if ids is None:
                continue
            tf = tf.astype(np.float64)
            df = len(ids)
            idf = math.log(1 + (n - df + 0.5) / (df + 0.5))
            scores[ids] += idf * tf * (K1 + 1) / (tf + K1 * (1 - B + B * lengths[ids] / avgdl))
        if exclude_from is not None:
            src = np.frombuffer(self.src, dtype=np.uint8)
            off = np.frombuffer(self.off, dtype=np.uint64)
            scores[(src == 0) & (off >= exclude_from)] = 0
        k = min(k, n)
        top = np.argpartition(-scores, k - 1)[:k]
        return sorted(((int(i), float(scores[i])) for i in top if scores[i] > 0), key=lambda x: -x[1])

    def source(self, doc_id: int) -> int:
        return self.src[doc_id]

    def pulse(self, doc_id: int) -> Pulse:
        offset, end = self.off[doc_id], self.end[doc_id]
        with open(self.paths[self.src[doc_id]], "rb") as f:
            f.seek(offset)
            data = f.read(end - offset)
        pulses = list(_read_pulses(data.splitlines(keepends=True), start_offset=offset, start_line=self.line[doc_id]))
        return pulses[0] if pulses else Pulse(header=None, timestamp=None, offset=offset, end=end)


def _read(path: Path) -> bytes:
    with open(path, "rb") as f:
        return f.read()


class MemoryRecall:
    """Assembles the memory for one prompt within a token budget."""

    def __init__(self, path: Path, archive: Optional[Path] = None, budget_tokens: int = 1000,
                 recent_lines: int = 100, top_k: int = 3, cache_dir: Optional[Path] = None):
        self.path = Path(path)
        self.archive = Path(archive) if archive else archive_path(self.path)
        self.budget = budget_tokens
        self.recent_lines = recent_lines
        self.top_k = top_k
        self.cache_dir = cache_dir
        self._index: Optional[PulseIndex] = None
        if cache_dir is not None:
            atexit.register(self.save)  # what this process added, for the next one

    # ---- the index and its cache --------------------------------------------------------

    def _cache_file(self) -> Optional[Path]:
        if self.cache_dir is None:
            return None
        key = hashlib.sha256(str(self.path.resolve()).encode()).hexdigest()[:16]
        return self.cache_dir / f"index-{key}.pickle"

    def index(self) -> PulseIndex:
        if self._index is None:
            self._index = self._load_cache() or PulseIndex([self.path, self.archive])
        idx = self._index
        if idx.refresh() and idx.dirty >= 50:
            self._save_cache()  # a big (re)build: keep it for the next process
        return idx

    def _load_cache(self) -> Optional[PulseIndex]:
        f = self._cache_file()
        if f is None or not f.exists():
            return None
        try:
            with open(f, "rb") as fh:
                version, paths, idx = pickle.load(fh)
            if version != INDEX_VERSION or paths != [str(self.path), str(self.archive)]:
                return None
            idx.dirty = 0
            return idx  # refresh() then checks it against the files: it cannot be stale
        except Exception:  # a damaged cache is only a cache
            return None

    def _save_cache(self) -> None:
        f = self._cache_file()
        if f is None or self._index is None:
            return
        f.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
        idx = self._index
        tmp = f.with_name(f".{f.name}.{os.getpid()}.tmp")
        try:
            fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)  # derived from private memory
            with os.fdopen(fd, "wb") as fh:
                pickle.dump((INDEX_VERSION, [str(self.path), str(self.archive)], idx), fh, protocol=pickle.HIGHEST_PROTOCOL)
            os.replace(tmp, f)
            idx.dirty = 0
        except OSError:
            pass

    def save(self) -> None:
        if self._index is not None and self._index.dirty:
            self._save_cache()

    def note_append(self, before: os.stat_result, data: bytes, after: os.stat_result) -> None:
        if self._index is not None:
            self._index.note_append(self.path, before, data, after)

    # ---- assembling ---------------------------------------------------------------------

    def search(self, query: str, k: Optional[int] = None, exclude_from: Optional[int] = None) -> list[Hit]:
        idx = self.index()
        hits = idx.search(query, k or self.top_k, exclude_from)
        return [Hit(idx.pulse(i), s, "memory" if idx.source(i) == 0 else "archive") for i, s in hits]

    def assemble(self, query: str, tail_lines: Sequence[str], tail_start: Optional[int]) -> tuple[str, str]:
        """(stable part, query part): pinned + recent lines, then the relevant older pulses.

        The budget is split in fixed shares (pinned as written, a quarter for the query part,
        the rest for recent lines), so the stable part does not move with the query."""
        idx = self.index()
        budget = self.budget
        parts = []
        pinned = idx.pinned
        if pinned:
            parts.append("## Pinned (facts the user keeps here)\n" + pinned)
            budget -= estimate_tokens(pinned)
        relevant_budget = max(0, budget // 4)
        recent_budget = max(0, budget - relevant_budget)
        relevant_lines: list[str] = []
        if query.strip() and relevant_budget:
            used, chosen = 0, []
            for h in self.search(query, exclude_from=tail_start):  # best first
                text = "\n".join(neutralise(l) for l in pulse_text(h.pulse).split("\n"))
                cost = estimate_tokens(text)
                if used + cost > relevant_budget:
                    continue
                used += cost
                chosen.append((h, text))
            chosen.sort(key=lambda ht: (ht[0].source != "archive", ht[0].pulse.offset))  # time order
            relevant_lines = [t for _, t in chosen]
        recent_text = "\n".join(_anchored_recent(tail_lines, tail_start or 0, recent_budget, pinned)).strip()
        if recent_text:
            parts.append("## Most recent notes\n" + recent_text)
        return "\n\n".join(parts), "\n\n".join(relevant_lines)


def _anchored_recent(lines: Sequence[str], start: int, budget: int, pinned: str) -> list[str]:
    """The newest lines that fit `budget`, with a start that moves in steps, not line by line.

    The model's prompt cache is reused up to the first changed token. If the window slid by a
    line every turn, the whole memory block would be processed again every turn; snapping its
    start to a grid (a third of the budget, in bytes) keeps it byte-identical for several turns."""
    offsets, pos = [], start
    for line in lines:
        offsets.append(pos)
        pos += len(line.encode("utf-8", errors="replace")) + 1
    pinned_lines = {l.strip() for l in pinned.split("\n") if l.strip()}
    keep = [i for i, l in enumerate(lines) if l.strip() not in pinned_lines and not _PINNED_HEADING.match(l.strip())]
    shown = {i: neutralise(lines[i].rstrip()) for i in keep}
    used, first = 0, len(lines)
    for i in reversed(keep):  # the earliest line from which the rest fits
        cost = estimate_tokens(shown[i]) + 1
        if used + cost > budget:
            break
        used += cost
        first = i
    if first >= len(lines):
        return []
    step = max(256, int(budget * 3.5) // 3)
    anchor = -(-offsets[first] // step) * step  # round the start up to the grid
    return [shown[i] for i in keep if i >= first and offsets[i] >= anchor] or [shown[i] for i in keep if i >= first]


def archive_path(path: Path) -> Path:
    return path.with_name(f"{path.stem}.archive{path.suffix or '.md'}")
