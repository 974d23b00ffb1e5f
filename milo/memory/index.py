"""The search index over the living memory's pulses: BM25, kept in step with the file.

The file stays the single source of truth. The index over its pulses (and the archive's) is
kept in step incrementally:
- Milo's own etch tells the index what it appended (no re-read): a new pulse costs ~1 ms.
- Anything else (an editor, `milo memory forget`, another Milo process) shows up as a changed
  inode, size or mtime. Then the file is read once: if its first `size` bytes still hash to what
  was indexed, only the new tail is parsed; otherwise the index is rebuilt.
- A cache on disk (~/.cache/milo/index, private) makes a fresh process fast. It is checked the
  same way (a hash of the whole indexed prefix), so it can never be stale, and any failure to
  read or write it only costs speed.

Terms: words lower-cased, stop words dropped, a light English stem cut to six letters (painting,
painted, paints -> paint), irregular forms to their base (bought -> buy, children -> child),
hyphenated compounds also joined (de-stress -> de, stress, destress), negated contractions
dropped. Each doc also keeps its header's date, for questions that name one and to tell one
day's conversation from the next.
"""

from __future__ import annotations

import hashlib
import logging
import math
import os
import pickle
import re
from array import array
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Iterable, Optional

import numpy as np

from milo import storage
from milo.memory.format import Pulse, iter_lines, pinned_section, read_pulses, split_lines
from milo.memory.notes import is_filler, is_question

log = logging.getLogger("milo.memory")

INDEX_VERSION = 9  # 9: terms kept as 64-bit keys, not strings; 8: a key of each doc's meaning text (milo.memory.vectors); 7: Milo's REPLY lines not indexed; 6: stems, compounds, irregular forms; header dates
_WORD = re.compile(r"[^\W_]+(?:[-'\u2019][^\W_]+)*")
_STOP = frozenset(
    "a an and are as at be but by do did does for from had has have he her him his i if in into is it its "
    "just me my no not of on or our she so that the their them then there they this to too us was we were "
    "what when where which who why will with would you your about all can could should also than been "
    "core_update future_message reply core update future message pulse am pm "
    "how whose whom being any some these those very s t m ll re ve d".split()
)
K1, B = 1.2, 0.75
DELTA_TERMS = 4096  # terms in the delta postings before they are merged into the base
STEM = 6  # a stemmed word is cut to this many letters: a crude, language-blind stem
_VOWEL = re.compile(r"[aeiouy]")


def stem(word: str) -> str:
    """A light English stem, then a prefix cut: painting, painted, paints -> paint;
    dancing, dances, dance -> danc; stories, story -> stori; bought -> buy."""
    w = _IRREGULAR.get(word, word)
    if len(w) > 4:
        if w.endswith("ies"):
            w = w[:-3] + "y"
        elif w.endswith("ing") and len(w) > 5 and _VOWEL.search(w[:-3]):
            w = w[:-3]
        elif w.endswith("ed") and _VOWEL.search(w[:-2]):
            w = w[:-2]
        elif w.endswith("es") and w[-3] in "sxz":
            w = w[:-2]
        elif w.endswith("s") and not w.endswith("ss"):
            w = w[:-1]
        if len(w) > 3 and w[-1] == w[-2] and w[-1] not in "lsz":
            w = w[:-1]  # runn -> run
    elif len(w) > 3 and w.endswith("s") and not w.endswith("ss"):
        w = w[:-1]
    if len(w) > 3 and w.endswith("y"):
        w = w[:-1] + "i"
    if len(w) > 3 and w.endswith("e"):
        w = w[:-1]
    return w[:STEM]


# English irregular forms, to their base word (a stem cannot find these): bought -> buy.
_IRREGULAR = {}
for _base, _forms in (
    ("be", "was were been"), ("begin", "began begun"), ("break", "broke broken"), ("bring", "brought"),
    ("build", "built"), ("buy", "bought"), ("catch", "caught"), ("choose", "chose chosen"), ("come", "came"),
    ("do", "did done"), ("draw", "drew drawn"), ("drink", "drank drunk"), ("drive", "drove driven"),
    ("eat", "ate eaten"), ("fall", "fell fallen"), ("feel", "felt"), ("fight", "fought"), ("find", "found"),
    ("fly", "flew flown"), ("forget", "forgot forgotten"), ("get", "got gotten"), ("give", "gave given"),
    ("go", "went gone"), ("grow", "grew grown"), ("hear", "heard"), ("hold", "held"), ("keep", "kept"),
    ("know", "knew known"), ("lead", "led"), ("leave", "left"), ("lend", "lent"), ("lose", "lost"),
    ("make", "made"), ("mean", "meant"), ("meet", "met"), ("pay", "paid"), ("ride", "rode ridden"),
    ("ring", "rang rung"), ("rise", "rose risen"), ("run", "ran"), ("say", "said"), ("see", "saw seen"),
    ("sell", "sold"), ("send", "sent"), ("shake", "shook shaken"), ("shoot", "shot"), ("sing", "sang sung"),
    ("sit", "sat"), ("sleep", "slept"), ("speak", "spoke spoken"), ("spend", "spent"), ("stand", "stood"),
    ("steal", "stole stolen"), ("swim", "swam swum"), ("take", "took taken"), ("teach", "taught"),
    ("tell", "told"), ("think", "thought"), ("throw", "threw thrown"), ("understand", "understood"),
    ("wake", "woke woken"), ("wear", "wore worn"), ("win", "won"), ("write", "wrote written"),
    ("child", "children"), ("person", "people"), ("man", "men"), ("woman", "women"), ("foot", "feet"),
    ("tooth", "teeth"), ("mouse", "mice"),
):
    for _form in _forms.split():
        _IRREGULAR[_form] = _base

_STEMS: dict[str, str] = {}


def words(text: str) -> list[str]:
    """The words of a text as `terms` reads them (before stop words and stems)."""
    return _WORD.findall(text)


def terms(text: str) -> list[str]:
    """The index terms of a text: words (with their hyphenated compounds joined too: de-stress
    gives de, stress, destress), stop words and negated contractions dropped, stemmed."""
    out = []
    for word in _WORD.findall(text.lower()):
        if "'" in word or "\u2019" in word:
            word = word.replace("\u2019", "'")
            if word.endswith("n't"):
                continue  # don't, won't, can't: negations, stop words all
            word = word.split("'", 1)[0]  # Amy's -> amy, I'll -> i
        parts = word.split("-") if "-" in word else (word,)
        if len(parts) > 1:
            parts = [p for p in parts if p] + ["".join(parts)]
        for t in parts:
            if t in _STOP or (len(t) < 2 and not t.isdigit()):
                continue
            s = _STEMS.get(t)
            if s is None:
                s = stem(t)
                # a cache of the words seen, bounded; not of numbers and codes, which a
                # long-lived memory keeps meeting for the first time (and stem cannot change)
                if len(_STEMS) < 50_000 and t.isalpha():
                    _STEMS[t] = s
            out.append(s)
    return out


# Words a question to a memory uses to ask, not to say what it is about ("Do you remember how I
# take my coffee?"): in a query they matched Milo's own chatter ("Do you remember what those
# items were like?") over the note about coffee. Dropped from queries only; notes keep them.
ASKING_TERMS = frozenset(terms("remember remembered remind recall forget forgot again know"))


_MONTHS = ("january february march april may june july august september october november december").split()
_HEADER_DATE = re.compile(r"([A-Za-z]{3,9})\s+(\d{1,2}),\s*(\d{4})")
_QUERY_DATE = re.compile(
    r"(?:\b(?P<day>\d{1,2})(?:st|nd|rd|th)?\s+(?:of\s+)?)?\b(?P<month>" + "|".join(_MONTHS) + r")\b"
    r"(?:\s+(?P<day2>\d{1,2})(?:st|nd|rd|th)?\b)?(?:,?\s+(?P<year>(?:19|20)\d\d)\b)?"
    r"|\b(?P<lone_year>(?:19|20)\d\d)\b",
    re.IGNORECASE,
)
DATE_BOOST = 2.0  # a doc of a date the query names scores this much more


def header_day(header: Optional[str]) -> int:
    """yyyymmdd of a PULSE header ("08:15 PM, November 29, 2026"), 0 when it has no date."""
    m = _HEADER_DATE.search(header or "")
    if not m or m[1].lower() not in _MONTHS:
        return 0
    return int(m[3]) * 10000 + (_MONTHS.index(m[1].lower()) + 1) * 100 + int(m[2])


def _note_values(pulse: Pulse) -> list[str]:
    """The values of a pulse that are notes: not Milo's own REPLY (a reply that matched a question
    brought back Milo's chatter, or an answer it once invented, as a note), nor a question the
    user asked (milo.memory.notes.is_question)."""
    return [v for k, v in pulse.fields.items() if k != "REPLY" and not (k == "CORE_UPDATE" and is_question(v))]


def _indexed_text(pulse: Pulse) -> str:
    """What of a pulse is searched by words: its notes."""
    return " ".join(_note_values(pulse))


def meaning_text(pulse: Pulse) -> str:
    """What of a pulse is embedded for recall by meaning (milo.memory.vectors): its notes,
    without those that say nothing ("Nothing in particular")."""
    return " ".join(v for v in _note_values(pulse) if not is_filler(v))


def term_key(term: str) -> int:
    """The 64-bit key an index term is kept as: a long-lived memory meets new words (names,
    numbers) for ever, and a key is 8 bytes in an array where a word was a string in a dict."""
    return int.from_bytes(hashlib.blake2b(term.encode("utf-8", "replace"), digest_size=8).digest(), "little")


def text_key(text: str) -> int:
    """A 64-bit key of a text (0 for no text): a vector is looked up by what it embeds, so an
    edited note can never keep an old vector."""
    if not text.strip():
        return 0
    return int.from_bytes(hashlib.blake2b(text.encode("utf-8", "replace"), digest_size=8).digest(), "little") or 1


@dataclass
class _FileState:
    ino: int = -1
    size: int = 0
    mtime_ns: int = 0
    digest: bytes = b""  # sha256 of the first `size` bytes


class PulseIndex:
    """BM25 over the pulses of one or more files, updated incrementally.

    Compact on purpose (it is pickled to disk and loaded at every start, and lives as long as
    Milo does): documents are parallel arrays, postings a CSR block (`base`, its rows the sorted
    term keys in `vocab`) built in one pass with numpy, plus a small `delta` dict for pulses
    added since, merged into the base when it grows past DELTA_TERMS.
    """

    def __init__(self, paths: list[Path]):
        self.paths = paths
        self._reset()

    def _reset(self) -> None:
        self.src, self.off, self.end, self.line = array("B"), array("Q"), array("Q"), array("I")
        self.lengths = array("I")
        self.day = array("I")  # the header's date as yyyymmdd, 0 when it has none
        self.keys = array("Q")  # text_key(meaning_text(pulse)) of each doc
        self.vocab = np.zeros(0, dtype=np.uint64)  # term_key of each row of the CSR base, sorted
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
        self._links_cache = None  # see _links (not pickled)

    def __len__(self) -> int:
        return len(self.off)

    # ---- building -----------------------------------------------------------------------

    def _add_doc(self, source: int, pulse: Pulse, words: list[str]) -> int:
        self.src.append(source)
        self.off.append(pulse.offset)
        self.end.append(pulse.end)
        self.line.append(pulse.line)
        self.lengths.append(len(words))
        self.day.append(header_day(pulse.header))
        self.keys.append(text_key(meaning_text(pulse)))
        self.total_len += len(words)
        self.dirty += 1
        return len(self.off) - 1

    def _add(self, source: int, pulse: Pulse) -> None:
        """One new pulse, into the delta postings."""
        words = terms(_indexed_text(pulse))
        doc = self._add_doc(source, pulse, words)
        for w, c in Counter(words).items():
            ids, tfs = self.delta.setdefault(w, (array("I"), array("H")))
            ids.append(doc)
            tfs.append(min(c, 65535))
        if len(self.delta) > DELTA_TERMS:
            self.compact()

    def _add_bulk(self, source: int, pulses: Iterable[Pulse]) -> None:
        """Many pulses at once (a build): collect (term, doc, tf) triples, then one numpy sort."""
        keys: dict[str, int] = {}  # this build's words, each hashed once
        t_col, d_col, f_col = array("Q"), array("I"), array("H")
        for pulse in pulses:
            if not pulse.fields:
                continue
            words = terms(_indexed_text(pulse))
            doc = self._add_doc(source, pulse, words)
            for w, c in Counter(words).items():
                k = keys.get(w)
                if k is None:
                    k = keys[w] = term_key(w)
                t_col.append(k)
                d_col.append(doc)
                f_col.append(min(c, 65535))
        del keys
        self._merge(np.frombuffer(t_col, dtype=np.uint64), np.frombuffer(d_col, dtype=np.uint32), np.frombuffer(f_col, dtype=np.uint16))

    def _merge(self, t_new, d_new, f_new) -> None:
        """Rebuild the CSR base from itself, the delta and the new (term key, doc, tf) triples."""
        parts_t, parts_d, parts_f = [t_new], [d_new], [f_new]
        if len(self.base_ids):
            parts_t.append(np.repeat(self.vocab, np.diff(self.indptr)))
            parts_d.append(self.base_ids)
            parts_f.append(self.base_tfs)
        for w, (ids, tfs) in self.delta.items():
            parts_t.append(np.full(len(ids), term_key(w), dtype=np.uint64))
            parts_d.append(np.frombuffer(ids, dtype=np.uint32))
            parts_f.append(np.frombuffer(tfs, dtype=np.uint16))
        t, d = np.concatenate(parts_t), np.concatenate(parts_d)
        order = np.lexsort((d, t))  # by term, then doc: each row's doc ids ascending
        t = t[order]
        self.base_ids, self.base_tfs = d[order], np.concatenate(parts_f)[order]
        starts = np.flatnonzero(np.concatenate([[True], t[1:] != t[:-1]])) if len(t) else np.zeros(0, dtype=np.int64)
        self.vocab = t[starts]
        self.indptr = np.concatenate([starts, [len(t)]]).astype(np.int64)
        self.delta = {}

    def compact(self) -> None:
        if self.delta:
            empty = np.zeros(0, dtype=np.uint32)
            self._merge(np.zeros(0, dtype=np.uint64), empty, np.zeros(0, dtype=np.uint16))

    def postings(self, term: str):
        """(doc ids, term frequencies) of a term, base and delta together."""
        parts_i, parts_f = [], []
        key = np.uint64(term_key(term))
        row = int(np.searchsorted(self.vocab, key))
        if row < len(self.vocab) and self.vocab[row] == key:
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
        line_no = data.count(b"\n", 0, start) + 1 if start else 1
        self._add_bulk(source, read_pulses(iter_lines(data, start), start_offset=start, start_line=line_no, timestamps=False))

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
        for pulse in read_pulses(split_lines(data), start_offset=state.size, start_line=first_line):
            if pulse.fields:
                self._add(source, pulse)
        self._lines[source] = first_line + data.count(b"\n")
        h.update(data)
        self.states[source] = _FileState(after.st_ino, after.st_size, after.st_mtime_ns, h.digest())

    def __getstate__(self):
        self.compact()
        state = dict(self.__dict__)
        state["_running"], state["_lines"] = {}, {}  # hash objects do not pickle; refresh() redoes them
        state["_links_cache"] = None
        return state

    # ---- searching ----------------------------------------------------------------------

    def scores(self, query: str, exclude_from: Optional[int] = None, context: float = 0.0) -> Optional[np.ndarray]:
        """The BM25 score of every doc for `query` (None when no term of it is indexed).

        `context` (0..1): that share of a doc's score is the BM25 score of the doc together with
        its neighbours of the same day (the conversation around it: the question before an
        answer, the answer after a question). Dates the query names (a month, a day, a year)
        raise the docs of that time. `exclude_from`: main-file docs that end after that byte
        offset score 0 (they are already in the recent part)."""
        n = len(self)
        q = set(terms(query)) - ASKING_TERMS
        if not n or not q:
            return None
        postings = [(self.postings(t)) for t in q]
        postings = [(ids, tf.astype(np.float64)) for ids, tf in postings if ids is not None]
        if not postings:
            return None
        lengths = np.frombuffer(self.lengths, dtype=np.uint32).astype(np.float64)
        scores = _bm25(n, postings, lengths, max(self.total_len / n, 1.0))
        if context:
            scores = (1 - context) * scores + context * self._window_scores(postings)
        dates = query_dates(query)
        if dates and DATE_BOOST != 1:
            days = np.frombuffer(self.day, dtype=np.uint32)
            scores[date_match(days, dates) & (scores > 0)] *= DATE_BOOST
        if exclude_from is not None:
            scores[self.excluded(exclude_from)] = 0
        return scores

    def excluded(self, exclude_from: int) -> np.ndarray:
        """Which docs are main-file docs that end after `exclude_from` (a byte offset): those the
        prompt already shows in its recent part."""
        src = np.frombuffer(self.src, dtype=np.uint8)
        end = np.frombuffer(self.end, dtype=np.uint64)
        return (src == 0) & (end > exclude_from)

    def _window_scores(self, postings) -> np.ndarray:
        """BM25 of every doc's window (the doc and its neighbours of the same day, as one text)."""
        n = len(self)
        link, norm = self._links()
        out = np.zeros(n, dtype=np.float64)
        for ids, tf in postings:
            df = len(ids)
            weight = math.log(1 + (n - df + 0.5) / (df + 0.5)) * (K1 + 1)
            if df * 16 < n:  # a rare term: work on its postings only
                ids = ids.astype(np.int64)
                before = ids[ids > 0]
                before = before[link[before - 1] > 0]  # docs whose predecessor is in their window
                after = ids[ids < n - 1]
                after = after[link[after] > 0]
                at = np.concatenate([ids, before - 1, after + 1])
                weights = np.concatenate([tf, tf[np.searchsorted(ids, before)], tf[np.searchsorted(ids, after)]])
                docs, inverse = np.unique(at, return_inverse=True)
                win = np.bincount(inverse, weights=weights, minlength=len(docs))
                out[docs] += weight * win / (win + norm[docs])
            else:  # a common one: whole arrays are quicker
                dense = np.zeros(n, dtype=np.float64)
                dense[ids] = tf
                win = dense.copy()
                win[1:] += dense[:-1] * link
                win[:-1] += dense[1:] * link
                out += weight * win / (win + norm)
        return out

    def _links(self) -> tuple[np.ndarray, np.ndarray]:
        """(link[i]: 1.0 when docs i and i+1 are neighbours of the same day, else 0; the BM25
        length norm of each doc's window). Cached until the index grows."""
        n = len(self)
        cached = self._links_cache
        if cached is not None and cached[0] == n:
            return cached[1], cached[2]
        src = np.frombuffer(self.src, dtype=np.uint8)
        off = np.frombuffer(self.off, dtype=np.uint64)
        end = np.frombuffer(self.end, dtype=np.uint64)
        day = np.frombuffer(self.day, dtype=np.uint32)
        link = np.zeros(max(n - 1, 0), dtype=np.float64)
        link[:] = (src[:-1] == src[1:]) & (end[:-1] <= off[1:]) & (day[:-1] == day[1:])
        lengths = np.frombuffer(self.lengths, dtype=np.uint32).astype(np.float64)
        plen = lengths.copy()
        plen[1:] += lengths[:-1] * link
        plen[:-1] += lengths[1:] * link
        norm = K1 * (1 - B + B * plen / max(float(plen.mean()) if n else 1.0, 1.0))
        self._links_cache = (n, link, norm)
        return link, norm

    def search(self, query: str, k: int = 5, exclude_from: Optional[int] = None) -> list[tuple[int, float]]:
        """Top-k (doc id, score), best first (see `scores`)."""
        scores = self.scores(query, exclude_from)
        if scores is None:
            return []
        return top(scores, k)

    def source(self, doc_id: int) -> int:
        return self.src[doc_id]

    def pulse(self, doc_id: int) -> Pulse:
        return self.pulses([doc_id])[doc_id]

    def pulses(self, doc_ids: Iterable[int], timestamps: bool = True) -> dict[int, Pulse]:
        """The pulses of these docs, read from their files (one read per run of neighbours)."""
        out: dict[int, Pulse] = {}
        ids = sorted(set(doc_ids))
        files: dict[int, object] = {}
        try:
            self._read_runs(ids, out, files, timestamps)
        finally:
            for f in files.values():
                f.close()
        return out

    def _read_runs(self, ids: list[int], out: dict, files: dict, timestamps: bool) -> None:
        i = 0
        while i < len(ids):
            j = i
            while j + 1 < len(ids) and ids[j + 1] == ids[j] + 1 and self.src[ids[j + 1]] == self.src[ids[i]] \
                    and self.off[ids[j + 1]] >= self.end[ids[j]]:
                j += 1
            first, last = ids[i], ids[j]
            start, stop = self.off[first], self.end[last]
            source = self.src[first]
            try:
                if source not in files:
                    files[source] = open(self.paths[source], "rb")
                f = files[source]
                f.seek(start)
                data = f.read(stop - start)
            except OSError:
                data = b""
            lines = split_lines(data)
            by_offset = {p.offset: p for p in read_pulses(lines, start_offset=start, start_line=self.line[first], timestamps=timestamps)}
            for d in ids[i : j + 1]:
                out[d] = by_offset.get(self.off[d]) or Pulse(header=None, timestamp=None, offset=self.off[d], end=self.end[d])
            i = j + 1
        return out

    def neighbours(self, doc_id: int) -> tuple[Optional[int], Optional[int]]:
        """The docs just before and after this one in the same file (None at an edge). Docs are
        numbered in file order; only pulses etched after the archive was indexed are not linked
        to the one before them (one pair, until the next rebuild)."""
        before = doc_id - 1 if doc_id > 0 and self.src[doc_id - 1] == self.src[doc_id] and self.end[doc_id - 1] <= self.off[doc_id] else None
        after = doc_id + 1 if doc_id + 1 < len(self) and self.src[doc_id + 1] == self.src[doc_id] and self.off[doc_id + 1] >= self.end[doc_id] else None
        return before, after


def _bm25(n: int, postings, lengths: np.ndarray, avgdl: float) -> np.ndarray:
    """BM25 of n docs for terms given as (doc ids, term frequencies[, document frequency])."""
    scores = np.zeros(n, dtype=np.float64)
    for p in postings:
        ids, tf = p[0], p[1]
        df = p[2] if len(p) > 2 else len(ids)
        idf = math.log(1 + (n - df + 0.5) / (df + 0.5))
        scores[ids] += idf * tf * (K1 + 1) / (tf + K1 * (1 - B + B * lengths[ids] / avgdl))
    return scores


def top(scores: np.ndarray, k: int) -> list[tuple[int, float]]:
    """The k best (doc id, score) with a score above 0, best first (ties: the older first)."""
    k = min(k, len(scores))
    if k <= 0:
        return []
    cut = np.argpartition(-scores, k - 1)[:k]
    return sorted(((int(i), float(scores[i])) for i in cut if scores[i] > 0), key=lambda x: (-x[1], x[0]))


def query_dates(query: str) -> list[tuple[int, int, int]]:
    """The dates a query names, as (year, month, day) with 0 for a part it leaves open: "in March"
    (0, 3, 0), "on May 8, 2023" (2023, 5, 8), "13 October" (0, 10, 13), "in 2022" (2022, 0, 0).
    "may" counts as a month only beside a number, or capitalised inside a sentence."""
    out = []
    for m in _QUERY_DATE.finditer(query):
        word, day = m["month"], m["day"] or m["day2"]
        year = int(m["year"] or m["lone_year"] or 0)
        if word:
            if word.lower() == "may" and not (day or year or (word == "May" and query[: m.start()].strip()[-1:].isalnum())):
                continue  # "may I..." is not a month; "in May" is
            month = _MONTHS.index(word.lower()) + 1
            day = int(day or 0)
            out.append((year, month, day if 1 <= day <= 31 else 0))
        elif year:
            out.append((year, 0, 0))
    return out


def date_match(days: np.ndarray, dates: list[tuple[int, int, int]]) -> np.ndarray:
    """Which docs (their yyyymmdd) fall on one of `dates` (see `query_dates`)."""
    match = np.zeros(len(days), dtype=bool)
    for year, month, day in dates:
        m = days > 0
        if year:
            m &= days // 10000 == year
        if month:
            m &= (days // 100) % 100 == month
        if day:
            m &= days % 100 == day
        match |= m
    return match


def _read(path: Path) -> bytes:
    with open(path, "rb") as f:
        return f.read()


def cache_file(cache_dir: Path, memory_path: Path) -> Path:
    key = hashlib.sha256(str(Path(memory_path).resolve()).encode()).hexdigest()[:16]
    return Path(cache_dir) / f"index-{key}.pickle"


def load_cached(path: Path, paths: list[Path]) -> Optional[PulseIndex]:
    """The index saved at `path` for these files, or None (missing, old, damaged: only a cache).
    refresh() then checks it against the files, so it cannot be stale."""
    try:
        with open(path, "rb") as fh:
            version, saved_paths, idx = pickle.load(fh)
        if version != INDEX_VERSION or saved_paths != [str(p) for p in paths]:
            return None
        idx.dirty = 0
        return idx
    except FileNotFoundError:
        return None
    except Exception as e:  # a damaged or unreadable cache is only a cache
        log.info("memory index cache %s not used: %s", path, e)
        return None


def save_cached(path: Path, idx: PulseIndex) -> bool:
    """Write the index (private: it is derived from the memory). False when it could not be."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
        data = pickle.dumps((INDEX_VERSION, [str(p) for p in idx.paths], idx), protocol=pickle.HIGHEST_PROTOCOL)
        storage.atomic_replace(path, data, mode=0o600)
        idx.dirty = 0
        return True
    except OSError as e:
        log.info("memory index cache %s not written: %s", path, e)
        return False
