"""Living_Memory.md: Milo's memory, one plain Markdown file that the user owns.

Each exchange is appended ("etched") as an entry:

    (two newlines)
    --- [PULSE: 08:15 PM, November 29, 2026] ---
    CORE_UPDATE: User shared that their name is Amy
    FUTURE_MESSAGE: Ask Amy how the job interview went
    REPLY: Nice to meet you, Amy!

Rules that keep the user's file safe:
- Append only: one write per entry, flushed and fsynced, under an exclusive flock, so two Milo
  processes never interleave. A killed process can still stop a large write part way (Linux
  ends it at a page boundary); its bytes were noted beside the file first, and the next etch, or
  `finish_interrupted()` when the app opens the memory, completes the entry. Nothing here
  ever truncates or rewrites the file; whatever the user wrote stays byte for byte.
- Values are folded onto one line (line breaks become " / ", control characters spaces), so a
  value can never be read back as a new entry or field.
- Entries whose fields are all empty, or copies of the format placeholders, are not etched.
- A new file is created 0600: the memory is private to its owner.
- Hand edits while Milo runs: an editor that loaded the file, held it, and saved after Milo
  appended would drop those entries. So each LivingMemory remembers the last RECENT_KEEP entries
  it wrote (their exact bytes), in the order they reached the file. Before each etch (and in
  `heal()`), under the lock, if the file changed other than by whole Milo-style appends, it waits
  until the file holds still, reads it, and finds them (line ends aside; an entry right after
  the one it followed, at its place, with its header and text never seen before counts as the
  same entry edited by hand). Let L be the last one written that is still there:
  - those written before L and gone were deleted on purpose (a copy that had L had them too):
    they stay deleted, and are forgotten;
  - those written after L are all gone, which is what a save from an older copy looks like:
    they are written back, unchanged, just before the new entry (and count as written now),
    unless `milo memory forget/archive/restore` removed them (the tombstone file lists those);
  - a file that is empty or gone was cleared on purpose: nothing is written back.
  If someone wrote between the look and the write (an editor does not take the lock), it looks
  again at once, without counting the entries it just wrote as evidence. Limits: deleting
  Milo's newest entries by hand while it runs looks exactly like a stale save, so they come back
  (`milo memory forget` removes them for good); and only the process that wrote an entry can
  write it back, while it runs.
"""

from __future__ import annotations

import logging
import os
import re
import time
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Iterator, Optional, Sequence

from milo import storage
from milo.errors import MemoryFileError
from milo.memory.notes import number, render_lines
from milo.memory.format import (FIELD_RE, FIELDS, NO_MEMORY, Pulse, entry_key, normalize_value, parse_timestamp, pinned_section,
                                read_entries, read_pulses, render_entry)

DEFAULT_RECALL_LINES = 100
RECENT_KEEP = 256  # entries each LivingMemory remembers, to write back after an editor's stale save
KNOWN_KEEP = 4096  # keys of other entries it has seen, to tell an edit from another Milo's entry
_QUICK_S = 0.005  # a file that did not change in this long is not being written right now
_MAX_CHECK = 4 << 20  # bytes read on the cheap path (appends by other Milo processes)
_APPENDS_RE = re.compile(rb"(?:\n\n--- \[PULSE: [^\]\n]*\] ---\n(?:[^\n]+\n)*)*")
log = logging.getLogger("milo.memory")


def tombstone_path(path: Path) -> Path:
    """Keys of entries `milo memory` removed on purpose (forget, archive, restore), one a line."""
    return path.with_name(f".{path.name}.removed")


def read_tombstones(path: Path) -> set[str]:
    try:
        return set(tombstone_path(storage.real_path(path)).read_text().split())
    except (OSError, UnicodeDecodeError):
        return set()


@dataclass
class _Etched:
    """An entry this process etched: its bytes (from the header on), key, and where it was seen."""

    text: bytes
    key: str
    offset: int
    header: Optional[str]
    pred: Optional[str] = None  # the key of the entry just before it when written ("": none; None: unknown)


def _placeholder_key(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", " ", text.lower()).strip()


class LivingMemory:
    """The store. `etch`, `witness`, `recall`, `pulses` keep the names of the original design."""

    def __init__(
        self,
        path: os.PathLike | str = "Living_Memory.md",
        recall_lines: int = DEFAULT_RECALL_LINES,
        placeholders: Sequence[str] = (),
        clock=datetime.now,
        relevance: bool = False,
        budget_tokens: int = 1000,
        cache_dir: Optional[os.PathLike | str] = None,
        meaning: bool = False,
        own: str = "",
    ):
        self.path = Path(path).expanduser()
        self.own = own  # the persona's name (milo.memory.quoting: a note addressing it as an instruction is flagged)
        self._etched: list[_Etched] = []
        self._seen: Optional[tuple] = None  # (dev, ino, size, mtime_ns) after our last look
        self._healed = 0
        self.written_back = 0  # entries this process wrote back after a save from an older copy
        self._known: dict[str, None] = {}  # keys of entries seen in the file at our looks (bounded)
        self._looked: Optional[tuple] = None  # the file's state that the last look judged
        self._gave_up = False  # the last look found the file never holding still
        self.recall_lines = recall_lines
        self.clock = clock
        self._placeholders: set[str] = set()
        self.add_placeholders(placeholders)
        self._recall = None
        if relevance:  # pinned + relevant older pulses + recent lines, within a token budget
            from milo.memory.recall import MemoryRecall

            self._recall = MemoryRecall(self.path, budget_tokens=budget_tokens, recent_lines=recall_lines,
                                        cache_dir=Path(cache_dir) if cache_dir else None, meaning=meaning, own=own)

    # ---- writing -------------------------------------------------------------------------

    def add_placeholders(self, placeholders: Sequence[str]) -> None:
        """Texts of the answer format's <placeholder> descriptions: copies are never etched."""
        self._placeholders |= {_placeholder_key(p) for p in placeholders if _placeholder_key(p)}

    def is_placeholder(self, value: str) -> bool:
        """True for a copy of a format placeholder (with or without its angle brackets)."""
        key = _placeholder_key(value)
        if not key:
            return False
        return any(key == p or (key.startswith(p) and len(key) <= len(p) + 12) for p in self._placeholders)

    def clean_fields(self, core_update="", future_message="", reply="") -> dict[str, str]:
        """The fields that would be etched: normalized, empty and placeholder copies dropped."""
        out = {}
        for name, value in zip(FIELDS, (core_update, future_message, reply)):
            value = normalize_value(value)
            if value and not self.is_placeholder(value):
                out[name] = value
        return out

    def witness(self, core_update: str = "", future_message: str = "", reply: str = "") -> Optional[Pulse]:
        """Record one exchange. Returns the etched Pulse, or None when hygiene refused it."""
        fields = self.clean_fields(core_update, future_message, reply)
        if not fields:
            return None
        return self.etch(fields)

    def etch(self, entry: dict[str, str] | str) -> Pulse:
        """Append one entry (a dict of fields, or a raw body of field lines) with a PULSE header."""
        now = self.clock()
        if isinstance(entry, dict):
            unknown = set(entry) - set(FIELDS)
            if unknown:
                raise ValueError(f"unknown memory fields: {sorted(unknown)}")
            fields = {k: normalize_value(entry[k]) for k in FIELDS if k in entry}
            fields = {k: v for k, v in fields.items() if v}
            text = render_entry(now, fields)
        else:
            # A raw body: fold each line's value but keep its line structure.
            lines = [normalize_value(l) for l in str(entry).splitlines()]
            text = render_entry(now, {}) + "".join(l + "\n" for l in lines if l)
            fields = {}
            for l in lines:
                m = FIELD_RE.match(l)
                if m and m["name"] not in fields:
                    fields[m["name"]] = m["value"].strip()
        data = text.encode("utf-8")
        offset = self._append(data)
        header = text.split("[PULSE: ", 1)[1].split("]", 1)[0]
        return Pulse(header=header, timestamp=parse_timestamp(header), fields=fields, offset=offset + 2, end=offset + len(data))

    def _append(self, data: bytes, fresh: Sequence["_Etched"] = (), depth: int = 0) -> int:
        """One write under an exclusive lock; returns the offset the entry starts at.
        `fresh`: entries just written while someone else wrote too (not evidence, see _missing)."""
        self._check_path()
        back: list[_Etched] = []
        pred: list[Optional[str]] = [None]
        looked: list[Optional[tuple]] = [None]
        raced = [False]
        new: list[_Etched] = []

        def before(fd: int) -> Optional[bytes]:
            self._looked, self._gave_up = None, False
            back[:] = self._look(fd, fresh)
            looked[0] = self._looked or _state(os.fstat(fd))  # the file as the look judged it
            pred[0] = _last_key(fd)
            return b"".join(b"\n\n" + e.text for e in back)

        def after(st_before: os.stat_result, st_after: os.stat_result) -> None:
            written = b"".join(b"\n\n" + e.text for e in back) + data
            # someone wrote between our look and our write, or during it (an editor does not lock)
            raced[0] = _state(st_before) != looked[0] or st_after.st_ino != st_before.st_ino \
                or st_after.st_size != st_before.st_size + len(written)
            new[:] = self._note_written(back, data, pred[0], st_before, st_after)
            if raced[0]:
                self._seen = None  # the next look reads the file
            if self._recall is not None:
                self._recall.note_append(st_before, written, st_after)

        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            offset = storage.locked_append(self.path, data, before_write=before, after_write=after)
        except OSError as e:
            if e.errno == 28:
                raise MemoryFileError(f"Only part of the memory entry reached {self.path}; is the disk full?") from None
            raise MemoryFileError(f"Cannot write the memory file {self.path}: {e.strerror}.") from None
        if back:
            log.warning("%d entr%s Milo wrote %s missing after %s was saved from an older copy (an editor?); written back at the end.",
                        len(back), "ies" if len(back) != 1 else "y", "were" if len(back) != 1 else "was", self.path)
        if raced[0] and depth < 3 and not self._gave_up:  # look again at once, this write not counting as evidence
            self._append(b"", fresh=list(fresh) + back + new, depth=depth + 1)
        return offset

    def finish_interrupted(self) -> int:
        """Complete an entry that a killed Milo left half written (the next etch would too);
        returns the bytes added. Run when the app opens the memory, so nothing reads a torn one."""
        try:
            return storage.finish_append(self.path)
        except OSError as e:
            raise MemoryFileError(f"Cannot finish the entry a stopped Milo left half written in {self.path}: {e.strerror}.") from None

    def heal(self) -> int:
        """Write back this process's recent entries that an editor's save from an older copy
        dropped (what each etch does first); returns how many were written back."""
        if not self._etched or not self.path.exists():
            return 0
        self._healed = 0
        self._append(b"")
        return self._healed

    # ---- the guard against stale saves (see the module's docstring) --------------------------

    def _note_written(self, back: list[_Etched], data: bytes, pred: Optional[str], st_before: os.stat_result,
                      st_after: os.stat_result) -> list[_Etched]:
        at = st_before.st_size
        for e in back:
            e.offset, e.pred = at + 2, pred
            at += 2 + len(e.text)
            pred = e.key
        if back:  # remembered in the order they reached the file: written back = written now
            again = {id(e) for e in back}
            self._etched = [e for e in self._etched if id(e) not in again] + list(back)
        self._healed += len(back)
        self.written_back += len(back)
        pulse = next(iter(read_entries(data)), None) if data else None
        self._seen = _state(st_after)
        if pulse is None:
            return []
        text = data[pulse.offset : pulse.end]  # the entry as the reader sees it
        record = _Etched(text, entry_key(text), at + pulse.offset, pulse.header, pred)
        self._etched.append(record)
        del self._etched[:-RECENT_KEEP]
        return [record]

    def _look(self, fd: int, fresh: Sequence[_Etched] = ()) -> list[_Etched]:
        """Under the lock: the remembered entries to write back (usually none, cheaply)."""
        if not self._etched:
            return []
        try:
            st = os.fstat(fd)
            self._looked = _state(st)
            if self._seen == _state(st):
                return []  # untouched since our last write
            time.sleep(_QUICK_S)  # a save under way changes the file within moments
            if storage.same_file(st, os.fstat(fd)) and self._only_appended(fd, st):
                self._seen = _state(st)
                return []
            try:
                data, st = storage.read_settled(self.path, fd=fd)
            except storage.FileBusy:
                log.warning("%s kept changing (an editor saving?); Milo appends without checking it.", self.path)
                self._gave_up = True
                return []
            self._seen = self._looked = _state(st) if st is not None else None
            return self._missing(data, fresh)
        except storage.FileReplaced:
            raise
        except OSError:
            return []  # cannot read it (a write-only file): append as before
        except Exception:  # a bug here must never cost the entry being written
            log.exception("checking %s for entries to write back failed; appending as before", self.path)
            self._seen = None
            return []

    def _only_appended(self, fd: int, st: os.stat_result) -> bool:
        """True when, since our last look, the file only grew by Milo-style entries (another Milo
        process) and our remembered entries are where we left them."""
        seen = self._seen
        if seen is None or (seen[0], seen[1]) != (st.st_dev, st.st_ino) or st.st_size < seen[2]:
            return False
        grown = os.pread(fd, st.st_size - seen[2], seen[2]) if st.st_size - seen[2] <= _MAX_CHECK else b""
        if len(grown) != st.st_size - seen[2] or not _APPENDS_RE.fullmatch(grown):
            return False
        first = min(e.offset for e in self._etched)
        if first < 0 or any(e.offset + len(e.text) > seen[2] for e in self._etched):
            return False
        if seen[2] - first <= _MAX_CHECK:
            block = os.pread(fd, seen[2] - first, first)
            intact = all(block[e.offset - first : e.offset - first + len(e.text)] == e.text for e in self._etched)
        else:
            intact = all(os.pread(fd, len(e.text), e.offset) == e.text for e in self._etched)
        if intact:
            self._remember(grown, read_entries(grown))
        return intact

    def _remember(self, data: bytes, entries: list[Pulse]) -> None:
        for p in entries[-KNOWN_KEEP:]:
            self._known[entry_key(data[p.offset : p.end])] = None
        if len(self._known) > 2 * KNOWN_KEEP:
            self._known = dict.fromkeys(list(self._known)[-KNOWN_KEEP:])

    def _missing(self, data: bytes, fresh: Sequence[_Etched] = ()) -> list[_Etched]:
        """Which remembered entries a save from an older copy dropped (the rest: forgotten).
        Entries in `fresh` were written while someone else wrote too: where they are present,
        they say nothing about what the other writer's copy held."""
        if not data.strip():
            return []  # emptied or deleted on purpose (or a save just begun): write nothing back
        entries = read_entries(data)
        keys = [entry_key(data[p.offset : p.end]) for p in entries]
        where: dict[str, list[int]] = {}
        for i, k in enumerate(keys):
            where.setdefault(k, []).append(i)
        claimed: set[int] = set()
        present: list[bool] = []
        for e in self._etched:  # exact copies first (line ends aside)
            spot = next((i for i in where.get(e.key, ()) if i not in claimed), None)
            if spot is not None:
                claimed.add(spot)
                e.offset = entries[spot].offset
            present.append(spot is not None)
        edited: set[int] = set()
        for n, e in enumerate(self._etched):  # then: edited by hand in its place
            if present[n] or e.pred is None or e.header is None:
                continue
            after = [-1] if e.pred == "" else where.get(e.pred, [])
            for i in after:
                j = i + 1
                # right after the entry it followed, where it was, with its header, and new text
                # (not an entry seen before: another Milo's entry written back after an old copy)
                if j < len(entries) and j not in claimed and entries[j].header == e.header \
                        and entries[j].offset == e.offset and keys[j] not in self._known:
                    claimed.add(j)
                    present[n] = True
                    edited.add(n)
                    break
        self._remember(data, entries)
        fresh_ids = {id(e) for e in fresh}
        newest = max((n for n, ok in enumerate(present) if ok and id(self._etched[n]) not in fresh_ids), default=-1)
        gone = read_tombstones(self.path) if not all(present[newest + 1 :]) else set()
        back = [e for n, e in enumerate(self._etched) if n > newest and not present[n] and e.key not in gone]
        # still remembered: entries there as written, and those written back now (new offsets)
        self._etched = [e for n, e in enumerate(self._etched)
                        if (present[n] and n not in edited) or (n > newest and not present[n] and e.key not in gone)]
        return back

    # ---- reading -------------------------------------------------------------------------

    def _check_path(self) -> None:
        if self.path.is_dir():
            raise MemoryFileError(f"The memory file {self.path} is a directory; point MILO_MEMORY_FILE at a file.")

    def check_readable(self) -> None:
        """Raise a MemoryFileError (one sentence) when the file is there but cannot be read: a
        folder, no permission. A missing file is an empty memory."""
        f = self._open_for_read()
        if f is not None:
            f.close()

    def _open_for_read(self):
        self._check_path()
        try:
            return open(self.path, "rb")
        except FileNotFoundError:
            return None
        except PermissionError:
            raise MemoryFileError(f"The memory file {self.path} is not readable; check its permissions.") from None
        except OSError as e:
            raise MemoryFileError(f"Cannot read the memory file {self.path}: {e.strerror}.") from None

    def tail_lines(self, n: int) -> list[str]:
        """The last n lines of the file, read backwards in blocks: cost independent of file size."""
        return self._tail(n)[0]

    def close(self) -> None:
        """Keep what recall computed (its index, the pulses' vectors) for the next process: the
        exit hook only reaches a memory still held then, and a front end lets go of it before."""
        if self._recall is not None:
            self._recall.save()

    def size(self) -> int:
        try:
            return self.path.stat().st_size
        except FileNotFoundError:
            return 0

    def _tail(self, n: int, upto: Optional[int] = None) -> tuple[list[str], int]:
        """(the last n lines before byte `upto` (default: the end), where the first starts)."""
        f = self._open_for_read()
        if f is None or n <= 0:
            return [], 0
        with f:
            f.seek(0, os.SEEK_END)
            pos = f.tell()
            if upto is not None and 0 <= upto < pos:
                f.seek(max(0, upto - 1))
                after = f.read(4097)
                cut = after.find(b"\n")  # a hand edit may have moved things: end on a line end
                pos = max(0, upto - 1) + (cut + 1 if cut >= 0 else len(after))
            chunks: list[bytes] = []
            newlines = 0
            block = 8192
            while pos > 0 and newlines <= n:
                step = min(block, pos)
                pos -= step
                f.seek(pos)
                chunk = f.read(step)
                chunks.append(chunk)
                newlines += chunk.count(b"\n")
                block = min(block * 2, 1 << 20)
        data = b"".join(reversed(chunks))
        body = data[:-1] if data.endswith(b"\n") else data
        start, cut, found = 0, len(body), 0
        while found < n:
            j = body.rfind(b"\n", 0, cut)
            if j < 0:
                # Fewer lines than asked: all of them, unless the first one may be cut mid-way.
                start = 0 if pos == 0 else (cut + 1 if found else len(body))
                break
            found += 1
            start, cut = j + 1, j
        text = body[start:].decode("utf-8", errors="replace").replace("\r\n", "\n")
        return (text.split("\n") if body[start:] or found else []), pos + start

    def recall(self, query: str = "") -> str:
        """Memory for the prompt. Plain: the most recent `recall_lines` lines, as numbered notes. With
        relevance: pinned facts, recent lines and the older pulses relevant to `query`."""
        stable, relevant = self.recall_parts(query)
        if relevant:
            return f"{stable}\n\n## Older notes related to this message\n{relevant}"
        return stable

    def recall_parts(self, query: str = "", upto: Optional[int] = None, earlier: str = "",
                     ahead: Optional[tuple[str, str]] = None, extra: int = 0, about_user: bool = False) -> tuple[str, str]:
        """(the part stable from turn to turn, the part that depends on the query). `upto`: read
        the recent lines as of that byte offset (the start of the current conversation, whose
        turns the prompt replays word for word), so the block stays identical all conversation.
        `earlier`: what the user said just before the query, which counts for less than it.
        `ahead`: (the message before the query, what was said before that): the query part is
        the notes for it, then `extra` tokens of notes for the query (milo.memory.recall's
        relevant_ahead), so that most of it can be processed before the query comes. `about_user`:
        the query asks about the user (its best hits by words are shown: MemoryRecall.relevant)."""
        lines, start = self._tail(self.recall_lines, upto)
        if self._recall is None:  # the most recent lines, as notes (milo.memory.notes)
            return number(render_lines(lines, self.own))[0].strip() or NO_MEMORY, ""
        stable, relevant = self._recall.assemble(query, lines, start, earlier, ahead=ahead, extra=extra, about_user=about_user)
        return stable or NO_MEMORY, relevant

    def recent_pulses(self, n: int = 20) -> list[Pulse]:
        """The last `n` entries (read from the end of the file: cheap whatever its size)."""
        lines, _ = self._tail(n * 8)
        return list(read_pulses(line.encode("utf-8") + b"\n" for line in lines))[-n:]

    def pinned(self) -> str:
        """The facts the user keeps under a `## Pinned` heading at the top of the file."""
        if self._recall is not None:
            return self._recall.index().pinned
        f = self._open_for_read()
        if f is None:
            return ""
        with f:
            return pinned_section(f.read(65536).decode("utf-8", errors="replace"))

    @property
    def relevance(self):
        return self._recall

    @property
    def embed(self):
        """texts -> unit vectors (milo.memory.embedder), remembered from turn to turn; None when
        recall by meaning is off or cannot run here."""
        vectors = self._recall.vectors() if self._recall is not None else None
        return vectors.emb.encode_cached if vectors is not None else None

    def pulses(self) -> Iterator[Pulse]:
        """Every entry in the file, tolerant of what people do to files."""
        f = self._open_for_read()
        if f is None:
            return
        with f:
            yield from read_pulses(f)


def _state(st: os.stat_result) -> tuple:
    return (st.st_dev, st.st_ino, st.st_size, st.st_mtime_ns)


def _last_key(fd: int, window: int = 16384) -> Optional[str]:
    """The key of the file's last entry ("" when it has none; None when it cannot be told)."""
    try:
        size = os.fstat(fd).st_size
        start = max(0, size - window)
        data = os.pread(fd, size - start, start)
    except OSError:
        return None
    entries = read_entries(data)
    if start and len(entries) < 2:
        return None  # the window may begin inside the last entry
    return entry_key(data[entries[-1].offset : entries[-1].end]) if entries else ("" if not start else None)
