"""What of the memory goes into one prompt: pinned facts, recent lines, relevant older pulses.

Assembled within a token budget, offline, with no model call. The part that is stable from turn
to turn (pinned + recent) comes first so the model's prompt cache keeps it; the part that
depends on the message (relevant older pulses) comes after the conversation.

The budget: the pinned facts as written; for the recent lines a quarter of the rest, at most
RECENT_MAX tokens (the last few pulses: continuity, the FUTURE_MESSAGE to follow up on); it never
depends on the query. Everything the stable part leaves goes to the relevant pulses: ranked by
BM25 mixed with the BM25 of each pulse's conversation window (see PulseIndex.scores), each hit
shown with its neighbours of the same day (the question before an answer, the answer after a
question), best first until the budget is spent; with the embedder, only hits close enough in
meaning to the message (MEANING_FLOOR): a budget is a bound, not a quota. They are shown as numbered notes (milo.memory.notes):
in time order, one date line per day, Milo's REPLY lines and fields that say nothing ("Nothing
in particular") left out. Every value shown is verbatim, passed through `neutralise`.

Measured with LoCoMo (bench/locomo_recall.py): evidence recall 0.82 at ~600 tokens, 0.90 at
~1,480 (a quarter of the budget for relevant pulses, before: 0.47 at ~680).
"""

from __future__ import annotations

import atexit
import math
import os
import weakref
from dataclasses import dataclass
from pathlib import Path
from typing import Optional, Sequence

import numpy as np

from milo.memory.changes import corrects
from milo.memory.format import Pulse, archive_path, is_pinned_heading
from milo.memory.index import ASKING_TERMS, PulseIndex, cache_file, load_cached, save_cached, terms, top, words
from milo.memory.notes import day_label, field_note, line_note, number, pinned_notes

PINNED_LABEL = "## Pinned (facts the user keeps here)\n"
RECENT_LABEL = "## Most recent notes\n"
RECENT_SHARE = 0.25  # of the budget left after the pinned facts, for the recent lines...
RECENT_MAX = 150  # ...up to this many tokens: the last few pulses, for continuity
CONTEXT = (1, 1)  # neighbours (of the same day) shown before and after a hit
CONTEXT_WEIGHT = 0.7  # of a pulse's score that comes from its window (see PulseIndex.scores)
CANDIDATES = 200  # best hits considered
MAX_MISSES = 8  # candidates in a row that did not fit: the budget is spent
# What the user said before the message counts for this much of what the message says: as much,
# "Good morning Milo! Who is visiting me next week?" outranked the coffee note for "Do you
# remember how I take my coffee?" (6th of 10; the budget ran out at the 4th).
EARLIER_WEIGHT = 0.3
# Recall by meaning (milo.memory.vectors), fused with words: a doc's words score scaled to the
# best one's (0..1) plus MEANING_WEIGHT times its cosine with the message. On the shared LoCoMo
# split (bench/locomo_recall.py): 0.771 -> 0.793 at 400 tokens, 0.892 -> 0.910 at 1,500. Tried
# and dropped: reciprocal rank fusion (0.675-0.757 at 400: meaning's ranking alone is weak here,
# 0.463, and rank fusion gives it as much say), weights 0.3-3 (0.757-0.793), the neighbours'
# cosine mixed in (0.776-0.790); a vector per sentence of a pulse, its best sentence scoring the
# pulse alone, the better of it and the whole, or their mean (0.763 / 0.780 / 0.777 vs 0.779 at 400,
# 0.891 / 0.902 / 0.907 vs 0.903 at 1,500, same run): not worth two to three times the vectors.
MEANING_WEIGHT = 1.0
# A note is shown only if it is this close in meaning to the message (fail open: a note without a
# vector yet is not held back, and without the embedder there is no floor). Filling the budget
# whatever the scores put ~300 tokens of other talk before "Tell me a fun fact." (~5 s for the
# good brain here) and gave the evidence step more wrong notes to pick. Lived-in memory (LoCoMo
# 26), floors 0 / 0.25 / 0.3 / 0.35: chit-chat notes (20 messages, median) 306 / 297 / 122 / 0
# tokens; LoCoMo recall at 400 tokens 0.793 / 0.788 / 0.779 / 0.771; bench/evidence.py --no-model
# --lived-in answered 27 / - / 31 / 30 of 36, never told 12 / - / 12 / 13 of 18 (small memories:
# 33/36 and 16/18 either way). The evidence turns' own cosines: 5% under 0.27, median 0.51.
MEANING_FLOOR = 0.3
# Recall is by words alone while fewer than this share of the pulses have a vector (the background
# is still computing them: a memory from before this version, or written by another program).
# Fused with half the vectors missing, words plus meaning ranked the pulses that had one first
# whatever their words: the shared eval, which asks as soon as the memory opens, scored LoCoMo 41
# (held out) 0.760, below words alone (0.787, what it scores now); with every vector 0.801.
MEANING_COVERAGE = 0.95
BEST_UP_TO = 150  # tokens: a message's own best note is shown after the notes chosen ahead, up to this long
# For a question about the user, this many of the best hits by words are shown whatever their
# meaning: "Where do I work?" missed 'Dana said: "Hi Milo, I am Dana. I work as a baker in
# Porto."' on a lived-in memory (the greeting put it under the floor, and jobs of other notes
# filled the part). Not for other messages: chit-chat would pay for the notes (~1 s each here).
WORD_HITS_ABOUT_USER = 3
# A word of the message that the embedder does not have whole (a name, most often) and that this
# few pulses hold makes the best of them by words pass the meaning floor: 'my cat pepik sleeps on
# the warm amplifiers all day' was 0.28 from "how old is pepik" on a lived-in memory, under the
# floor, and the good brain answered "Pepik is 5 years old". Any word this rare (not only those
# the embedder splits) put notes before 16 of 25 chit-chat messages instead of 12 on that memory
# ("How far away is the moon?": the one note with "moon"), tokens 117 -> 164 (mean).
RARE_DF = 3
RARE_HITS = 2
# A later note that changes a hit is shown beside it (MemoryRecall._add_change): one of the next
# LATER_DOCS pulses this close in meaning to the hit ('they moved my shift to Sundays' is 0.55
# from '...volunteering at the animal shelter on Saturdays'; 'sorry, buses, not trams.' 0.73 from
# 'I drive trams in Leipzig.'; another's 'I moved to a new flat now' 0.20 from a dentist's day).
# LoCoMo at 400 / 1,000 tokens 0.782 / 0.861 -> 0.782 / 0.857 (0.786 / 0.860 at 0.6, which misses
# the shelter's shift); with any word of milo.memory.changes ("now", "new": news, not corrections)
# 0.755 / 0.857.
LATER_DOCS = 40
CHANGED_SAME = 0.5


# The recalls to save (and whose vector threads to stop) at exit, held weakly: registering each
# with atexit kept every one alive with its index, so a process that opened memories one after
# another (the soak in bench/reliability.py, a wake each) grew by each (RSS +38% over 300 turns).
_AT_EXIT: "weakref.WeakSet[MemoryRecall]" = weakref.WeakSet()


@atexit.register
def _at_exit() -> None:
    for recall in list(_AT_EXIT):
        recall.save()  # without a cache folder it only stops the vector thread


def estimate_tokens(text: str) -> int:
    """A cheap, conservative count: English runs ~4 chars a token; digits tokenize singly."""
    return math.ceil(len(text) / 3.5)


@dataclass
class Hit:
    pulse: Pulse
    score: float
    source: str  # "memory" | "archive"


class MemoryRecall:
    """Assembles the memory for one prompt within a token budget."""

    def __init__(self, path: Path, archive: Optional[Path] = None, budget_tokens: int = 1000,
                 recent_lines: int = 100, top_k: int = 3, cache_dir: Optional[Path] = None,
                 meaning: bool = False, background: bool = True, own: str = ""):
        self.path = Path(path)
        self.own = own  # the persona's name: a note addressing it as an instruction is flagged
        self.archive = Path(archive) if archive else archive_path(self.path)
        self.budget = budget_tokens
        self.recent_lines = recent_lines
        self.top_k = top_k
        self.cache_dir = cache_dir
        self._index: Optional[PulseIndex] = None
        self._recent_memo: Optional[tuple] = None
        self.meaning = meaning  # recall by meaning too (milo.memory.vectors), when the embedder loads
        self.background = background
        self._vectors = None  # DocVectors, made on first use
        if cache_dir is not None:
            _AT_EXIT.add(self)  # what this process added, saved for the next one

    # ---- the index and its cache --------------------------------------------------------

    def _cache_file(self) -> Optional[Path]:
        return cache_file(self.cache_dir, self.path) if self.cache_dir is not None else None

    def index(self) -> PulseIndex:
        if self._index is None:
            f = self._cache_file()
            self._index = (load_cached(f, [self.path, self.archive]) if f else None) or PulseIndex([self.path, self.archive])
        idx = self._index
        if idx.refresh() and idx.dirty >= 50:
            self._save_cache()  # a big (re)build: keep it for the next process
        return idx

    def _save_cache(self) -> None:
        f = self._cache_file()
        if f is not None and self._index is not None:
            save_cached(f, self._index)

    def save(self) -> None:
        if self._index is not None and self._index.dirty:
            self._save_cache()
        if self._vectors is not None:
            self._vectors.stop()  # never exit with its thread inside numpy (see DocVectors.stop)
            if self._index is not None:
                self._vectors.save(self._index)

    def vectors(self):
        """The pulses' vectors (milo.memory.vectors), or None: recall by meaning is off, or its
        model cannot run here (said once in the log; recall works by words)."""
        if not self.meaning:
            return None
        if self._vectors is None:
            from milo.memory import embedder
            from milo.memory.vectors import DocVectors, cache_file as vectors_file

            emb = embedder.load(self.cache_dir.parent if self.cache_dir is not None else None)  # beside the index
            if emb is None:
                self.meaning = False
                return None
            path = vectors_file(self.cache_dir, self.path, emb.model_id) if self.cache_dir is not None else None
            self._vectors = DocVectors(emb, path, background=self.background)
            _AT_EXIT.add(self)  # its thread stopped, with or without a cache to save (see DocVectors.stop)
        return self._vectors

    def meaning_scores(self, query: str, earlier: str = "", exclude_from: Optional[int] = None) -> Optional[np.ndarray]:
        """The cosine of every doc with `query` (plus EARLIER_WEIGHT of its cosine with
        `earlier`); -inf for docs without a vector or excluded. None when meaning is off, or too
        few docs have a vector yet (MEANING_COVERAGE)."""
        vectors = self.vectors()
        if vectors is None:
            return None
        idx = self.index()
        if not len(idx):
            return None
        have = vectors.ready(idx)
        if (~have).sum() > (1 - MEANING_COVERAGE) * len(have):
            return None  # words alone until the background has the vectors (see MEANING_COVERAGE)
        q = vectors.emb.encode([query, earlier] if earlier.strip() else [query])
        both, have = vectors.cosines(idx, q)
        cos = both[:, 0].astype(np.float64)
        if len(q) > 1:
            cos += EARLIER_WEIGHT * both[:, 1]
        cos[~have] = -np.inf
        if exclude_from is not None:
            cos[idx.excluded(exclude_from)] = -np.inf
        return cos

    def note_append(self, before: os.stat_result, data: bytes, after: os.stat_result) -> None:
        if self._index is not None:
            self._index.note_append(self.path, before, data, after)

    # ---- assembling ---------------------------------------------------------------------

    def search(self, query: str, k: Optional[int] = None, exclude_from: Optional[int] = None) -> list[Hit]:
        idx = self.index()
        hits = idx.search(query, k or self.top_k, exclude_from)
        pulses = idx.pulses(i for i, _ in hits)
        return [Hit(pulses[i], s, "memory" if idx.source(i) == 0 else "archive") for i, s in hits]

    def assemble(self, query: str, tail_lines: Sequence[str], tail_start: Optional[int], earlier: str = "",
                 ahead: Optional[tuple[str, str]] = None, extra: int = 0, about_user: bool = False) -> tuple[str, str]:
        """(stable part, query part): pinned + recent lines, then the relevant older pulses.

        The stable part takes the pinned facts and a fixed share of the rest (it never depends on
        the query); the query part takes whatever the stable part left of the budget. `ahead`:
        the query part is chosen mostly before the query (relevant_ahead)."""
        idx = self.index()
        parts = []
        pinned = idx.pinned
        budget = self.budget
        if pinned:
            shown_pinned = "\n".join(pinned_notes(pinned))
            parts.append(PINNED_LABEL + shown_pinned)
            budget -= estimate_tokens(shown_pinned)
        recent_budget = max(0, min(int(budget * RECENT_SHARE), RECENT_MAX))
        key = (tail_start or 0, recent_budget, pinned, "\n".join(tail_lines))
        if self._recent_memo is None or self._recent_memo[0] != key:  # the same turn after turn
            self._recent_memo = (key, _anchored_recent(tail_lines, tail_start or 0, recent_budget, pinned, self.own))
        recent, shown_from = self._recent_memo[1]
        if recent:
            parts.append(RECENT_LABEL + "\n".join(recent))
        stable, first = number("\n\n".join(parts))
        left = self.budget - estimate_tokens(stable) - 12  # the label the query part goes under
        if ahead is not None:
            relevant = self.relevant_ahead(ahead, query, left, extra, exclude_from=shown_from, earlier=earlier)
        else:
            relevant = (self.relevant(query, left, exclude_from=shown_from, earlier=earlier, about_user=about_user)
                        if (query + earlier).strip() else "")
        return stable, number(relevant, first)[0]

    def relevant(self, query: str, budget: int, exclude_from: Optional[int] = None, earlier: str = "",
                 about_user: bool = False) -> str:
        """The older pulses relevant to `query`, rendered within `budget` tokens: the best hits,
        each with its neighbours of the same day, until the budget is spent. `earlier` (what was
        said just before the query, for a follow-up like "and what did she bring?") adds
        EARLIER_WEIGHT of its own scores. `about_user`: the query asks about the user, so its best
        hits by words are shown even under the meaning floor (WORD_HITS_ABOUT_USER)."""
        return self._select(query, budget, exclude_from, earlier,
                            word_hits=WORD_HITS_ABOUT_USER if about_user else 0).render()

    def relevant_ahead(self, ahead: tuple[str, str], query: str, budget: int, extra: int,
                       exclude_from: Optional[int] = None, earlier: str = "") -> str:
        """The notes for the conversation so far, then those for the new message that they do not
        already show, within `extra` tokens of the budget.

        `ahead` (the last message before this one, and what was said before it) chooses the first
        part, which is the same before the message is sent as after: the model processes it while
        the user is still typing or speaking (Milo.prefill), and after the message only the
        extra notes and the message itself are new (~60 prompt tokens/s on the default brain on
        a Pi-class CPU: ~300 tokens of notes were ~5 s before the first reply token)."""
        first = self._select(ahead[0], max(0, budget - extra), exclude_from, ahead[1]) if ahead[0].strip() else None
        shown = first.render() if first is not None else ""
        if not query.strip() or extra <= 0:
            return shown
        more = self._select(query, extra, exclude_from, earlier, skip=set(first.docs) if first is not None else set(),
                            best_up_to=BEST_UP_TO).render()
        return f"{shown}\n\n{more}" if shown and more else shown or more

    def _select(self, query: str, budget: int, exclude_from: Optional[int] = None, earlier: str = "",
                skip: Optional[set] = None, best_up_to: int = 0, word_hits: int = 0) -> "_Selection":
        """The pulses `relevant` shows; `skip`: pulses already shown elsewhere in the prompt;
        `best_up_to`: the best hit is shown (alone) even past `budget`, up to this many tokens;
        `word_hits`: this many of the best hits by the query's words pass the meaning floor."""
        idx = self.index()
        shown = _Selection(idx)
        if budget <= 0:
            return shown
        scores = idx.scores(query, exclude_from, context=CONTEXT_WEIGHT)
        words = scores
        before = idx.scores(earlier, exclude_from, context=CONTEXT_WEIGHT) if earlier.strip() else None
        if before is not None:
            scores = EARLIER_WEIGHT * before if scores is None else scores + EARLIER_WEIGHT * before
        meaning = self.meaning_scores(query, earlier, exclude_from) if query.strip() else None
        if meaning is not None:
            scores = fuse(scores, meaning)
            passes = (meaning >= MEANING_FLOOR) | ~np.isfinite(meaning)
            if word_hits and words is not None:
                passes[[d for d, s in top(words, word_hits) if s > 0]] = True
            rare = _rare_docs(idx, query, self.vectors().emb)
            if len(rare) and words is not None:
                held = np.zeros(len(words))
                held[rare] = words[rare]
                passes[[d for d, s in top(held, RARE_HITS) if s > 0]] = True
            scores = np.where(passes, scores, 0.0)
        if scores is None:
            return shown
        # An entry with no note (a question the user asked, alone) is no hit: its neighbours'
        # scores lent it one, and with no vector it passed the meaning floor.
        empty = np.frombuffer(idx.keys, dtype=np.uint64)[: len(scores)] == 0
        if empty.any():
            scores = np.where(empty, 0.0, scores)
        mask = idx.excluded(exclude_from) if exclude_from is not None else None
        skip = skip or set()
        excluded = (lambda d: bool(mask[d]) or d in skip) if mask is not None else (lambda d: d in skip)
        limit = int(budget * 3.5)  # estimate_tokens, in characters
        misses = 0
        for doc, _ in top(scores, CANDIDATES):
            if doc in skip:
                continue
            cap = max(limit, int(best_up_to * 3.5)) if not shown.hits else limit
            if cap - shown.size < 60 or misses >= MAX_MISSES:
                break
            window = [d for d in _window(idx, doc, CONTEXT, excluded) if d not in shown.docs]
            if not window:
                continue
            pulses = idx.pulses(window, timestamps=False)
            rendered = {d: _render_fields(pulses[d], self.own) for d in window}
            # The best hit may go past the budget alone, up to `best_up_to` (cap).
            tries = [(window, limit), ([doc], cap)] if len(window) > 1 and doc in rendered else [(window, cap)]
            for attempt, most in tries:
                size = shown.size_with(attempt, rendered)
                if size <= most:
                    shown.add(attempt, rendered, size)
                    shown.hits.append(doc)
                    misses = 0
                    self._add_change(idx, doc, shown, excluded, limit)
                    break
            else:
                misses += 1
        return shown

    def _add_change(self, idx: PulseIndex, doc: int, shown: "_Selection", excluded, limit: int) -> None:
        """A later note that changes the hit `doc`, shown beside it where the budget allows: the
        newest of those after it (up to LATER_DOCS) that correct or move something (milo.memory.changes) and are
        CHANGED_SAME close in meaning to it. On a lived-in memory "when do I volunteer" was shown
        '...at the animal shelter on Saturdays' and not 'they moved my shift to Sundays' two pulses
        later (no word shared with the question): the answer was the old day."""
        vectors = self.vectors()
        if vectors is None:
            return
        src = idx.src
        after = [d for d in range(doc + 1, min(len(idx), doc + 1 + LATER_DOCS))
                 if src[d] == src[doc] and idx.keys[d] and d not in shown.docs and not excluded(d)]
        if not after:
            return
        vecs, have = vectors.of(idx, [doc, *after])
        if not have[0]:
            return
        cos = vecs[1:] @ vecs[0]
        close = [d for d, c, h in zip(after, cos, have[1:]) if h and c >= CHANGED_SAME]
        if not close:
            return
        pulses = idx.pulses(close, timestamps=False)
        for d in reversed(close):  # the newest change wins
            rendered = {d: _render_fields(pulses[d], self.own)}
            if rendered[d][1] and corrects(" ".join(rendered[d][1])):
                size = shown.size_with([d], rendered)
                if size <= limit:
                    shown.add([d], rendered, size)
                return


def _rare_docs(idx: PulseIndex, query: str, emb) -> np.ndarray:
    """The docs that hold a word of `query` that at most RARE_DF docs hold and `emb` (the
    embedder) does not have whole."""
    held, seen = [], set()
    for word in words(query):
        for term in terms(word):
            if term in seen or term in ASKING_TERMS:
                continue
            seen.add(term)
            ids, _ = idx.postings(term)
            if ids is not None and len(ids) <= RARE_DF and not emb.knows(word):
                held.append(ids)
    return np.unique(np.concatenate(held)).astype(np.int64) if held else np.zeros(0, dtype=np.int64)


def fuse(words: Optional[np.ndarray], meaning: np.ndarray) -> np.ndarray:
    """Words and meaning in one score (see MEANING_WEIGHT); -inf in `meaning` (no vector, or
    excluded) adds nothing."""
    out = MEANING_WEIGHT * np.where(np.isfinite(meaning), np.maximum(meaning, 0.0), 0.0)
    if words is not None and len(words) and words.max() > 0:
        out = out + words / words.max()
    return out


class _Selection:
    """The pulses chosen so far and the exact length of their rendering, kept up to date as
    pulses are added (a blank line between runs of neighbours; in a run, a header only where it
    differs from the one before; pulses with nothing but fillers not shown)."""

    def __init__(self, idx: PulseIndex):
        self.idx = idx
        self.docs: dict[int, tuple] = {}  # doc -> (header, lines)
        self.hits: list[int] = []  # the docs chosen for their own score, best first (the rest: neighbours)
        self.size = 0  # len(self.render())
        self._runs_size = 0  # the runs' lengths, without the blank lines between them
        self._runs = 0  # runs that show something

    def _run_size(self, docs: list[int], items: dict) -> int:
        size, last = 0, None
        for d in docs:
            header, lines = items[d]
            if not lines:
                continue
            if header is not None and header != last:
                size += len(header) + 1
            last = header
            size += sum(len(l) + 1 for l in lines)
        return size - 1 if size else 0

    def _region(self, new: list[int]) -> list[int]:
        """The run the new (contiguous, with chosen docs between them) docs will be part of."""
        src, lo, hi = self.idx.src, min(new), max(new)
        while lo - 1 in self.docs and src[lo - 1] == src[lo]:
            lo -= 1
        while hi + 1 in self.docs and src[hi + 1] == src[hi]:
            hi += 1
        return list(range(lo, hi + 1))

    def _after(self, new: list[int], rendered: dict):
        region = self._region(new)
        items = {d: rendered[d] if d in rendered and d not in self.docs else self.docs[d] for d in region}
        old_runs, run = [], []
        for d in region:  # the runs the region held before
            if d in self.docs:
                run.append(d)
            elif run:
                old_runs.append(run)
                run = []
        if run:
            old_runs.append(run)
        old = [self._run_size(r, self.docs) for r in old_runs]
        new_size = self._run_size(region, items)
        runs_size = self._runs_size - sum(old) + new_size
        runs = self._runs - sum(1 for o in old if o) + (1 if new_size else 0)
        return runs_size, runs

    def size_with(self, new: list[int], rendered: dict) -> int:
        runs_size, runs = self._after(new, rendered)
        return runs_size + 2 * max(runs - 1, 0)

    def add(self, new: list[int], rendered: dict, size: int) -> None:
        self._runs_size, self._runs = self._after(new, rendered)
        self.docs.update({d: rendered[d] for d in new})
        self.size = size

    def render(self) -> str:
        return _render(self.idx, self.docs)


def _window(idx: PulseIndex, doc: int, context: tuple[int, int], excluded) -> list[int]:
    """The doc with up to `context` neighbours before and after it of the same day, in file order."""
    out = [doc]
    for step, count in ((0, context[0]), (1, context[1])):
        d = doc
        for _ in range(count):
            d = idx.neighbours(d)[step]
            # (not one with no note: a question the user asked, alone, tells nothing, and next to
            # 'her name is Bølle' "What is my partner's name?" led the good brain to answer it again
            # for "can you suggest a name for a cat?")
            if d is None or excluded(d) or idx.day[d] != idx.day[doc] or not idx.keys[d]:
                break
            out.insert(len(out) if step else 0, d)
    return out


def _render_fields(pulse: Pulse, own: str = "") -> tuple[Optional[str], list[str]]:
    """A pulse as the prompt shows it (milo.memory.notes): its day, and its notes."""
    lines = [shown for k, v in pulse.fields.items() if (shown := field_note(k, v, own))]
    return day_label(pulse.header), lines


def _runs(idx: PulseIndex, chosen: dict) -> list[list[int]]:
    """The chosen docs in time order (archive first), in runs of neighbours."""
    order = sorted(chosen, key=lambda d: (idx.src[d] == 0, idx.off[d]))
    runs: list[list[int]] = []
    for d in order:
        if runs and idx.src[d] == idx.src[runs[-1][-1]] and d == runs[-1][-1] + 1:
            runs[-1].append(d)
        else:
            runs.append([d])
    return runs


def _render(idx: PulseIndex, chosen: dict) -> str:
    """The chosen pulses in time order (archive first): a blank line between runs of neighbours,
    a header only where it differs from the one before it in the run."""
    blocks = []
    for run in _runs(idx, chosen):
        block, last = [], None
        for d in run:
            header, lines = chosen[d]
            if not lines:
                continue  # nothing but fillers: not shown
            if header is not None and header != last:
                block.append(header)
            last = header
            block.extend(lines)
        if block:
            blocks.append("\n".join(block))
    return "\n\n".join(blocks)


def _anchored_recent(lines: Sequence[str], start: int, budget: int, pinned: str, own: str = "") -> tuple[list[str], int]:
    """The newest lines that fit `budget`, as notes (milo.memory.notes), with a start that
    moves in steps, not line by line, and the byte offset the first shown line starts at (the
    end of `lines` when none is shown).

    The model's prompt cache is reused up to the first changed token. If the window slid by a
    line every turn, the whole memory block would be processed again every turn; snapping its
    start to a grid (a third of the budget, in bytes) keeps it byte-identical for several turns.
    Field lines that say nothing ("FUTURE_MESSAGE: Nothing in particular") are left out, and so
    are Milo's own REPLY lines: long, and not what it learned (with the good brain's 96 tokens, one
    reply filled the block and the note above it, "My sister Nora is visiting", was not shown).
    Each entry's header becomes a date line, shown once per day.
    The block starts at an entry's header, never in the middle of an entry: an entry it does not
    show whole stays for the relevant part to find."""
    offsets, pos = [], start
    for line in lines:
        offsets.append(pos)
        pos += len(line.encode("utf-8", errors="replace")) + 1
    end = pos
    pinned_lines = {l.strip() for l in pinned.split("\n") if l.strip()}
    items: list[tuple[int, str, str]] = []  # (line index, kind, text)
    for i, l in enumerate(lines):
        if l.strip() in pinned_lines or is_pinned_heading(l):
            continue
        kind, text = line_note(l, own)
        if kind != "skip" and text is not None:
            items.append((i, kind, text))
    # What a date line costs: nothing when the day is the one already shown above it.
    cost, last_day = [], None
    for _, kind, text in items:
        if kind == "day":
            cost.append(0 if text == last_day else estimate_tokens(text) + 1)
            last_day = text
        else:
            cost.append(estimate_tokens(text) + 1)
    used, first = 0, len(items)
    for k in range(len(items) - 1, -1, -1):  # the earliest item from which the rest fits
        if used + cost[k] > budget:
            break
        used += cost[k]
        first = k
    if first >= len(items):
        return [], end
    step = max(256, int(budget * 3.5) // 3)
    # Round the start up to the grid; but a memory that fits whole is shown whole (rounded up,
    # a two-entry memory lost its first entry, "i live in malmö", from the block).
    anchor = start if first == 0 and start == 0 else -(-offsets[items[first][0]] // step) * step
    chosen = [it for it in items[first:] if offsets[it[0]] >= anchor] or items[first:]
    # From the first whole entry: the tail of the one before it is left for the relevant part.
    first_day = next((k for k, it in enumerate(chosen) if it[1] == "day"), 0)
    chosen = chosen[first_day:]
    out: list[tuple[str, str]] = []
    last_day = None
    for _, kind, text in chosen:
        if kind == "day":
            if text == last_day:
                continue
            last_day = text
            if out and out[-1][0] == "day":
                out.pop()  # a date with nothing under it
        out.append((kind, text))
    if out and out[-1][0] == "day":
        out.pop()
    return [text for _, text in out], (offsets[chosen[0][0]] if out else end)
