"""Living_Memory.md: Milo's memory, one plain Markdown file that the user owns.

Each exchange is appended ("etched") as an entry:

    (two newlines)
    --- [PULSE: 08:15 PM, November 29, 2026] ---
    CORE_UPDATE: User shared that their name is Amy
    FUTURE_MESSAGE: Ask Amy how the job interview went
    REPLY: Nice to meet you, Amy!

Rules that keep the user's file safe:
- Append only: one write per entry, flushed and fsynced, under an exclusive flock, so two Milo
  processes never interleave and a killed process leaves an entry whole or absent. Nothing here
  ever truncates or rewrites the file; whatever the user wrote stays byte for byte.
- Values are folded onto one line (line breaks become " / ", control characters spaces), so a
  value can never be read back as a new entry or field.
- Entries whose fields are all empty, or copies of the format placeholders, are not etched.
- A new file is created 0600: the memory is private to its owner.
"""

from __future__ import annotations

import os
import re
from datetime import datetime
from pathlib import Path
from typing import Iterator, Optional, Sequence

from milo import storage
from milo.errors import MemoryFileError
from milo.memory.format import FIELD_RE, FIELDS, NO_MEMORY, Pulse, normalize_value, parse_timestamp, pinned_section, read_pulses, render_entry

DEFAULT_RECALL_LINES = 100


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
    ):
        self.path = Path(path).expanduser()
        self.recall_lines = recall_lines
        self.clock = clock
        self._placeholders: set[str] = set()
        self.add_placeholders(placeholders)
        self._recall = None
        if relevance:  # pinned + relevant older pulses + recent lines, within a token budget
            from milo.memory.recall import MemoryRecall

            self._recall = MemoryRecall(self.path, budget_tokens=budget_tokens, recent_lines=recall_lines,
                                        cache_dir=Path(cache_dir) if cache_dir else None)

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

    def _append(self, data: bytes) -> int:
        """One write under an exclusive lock; returns the offset the entry starts at."""
        self._check_path()
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            after = None
            if self._recall is not None:
                after = lambda before, now: self._recall.note_append(before, data, now)  # noqa: E731
            return storage.locked_append(self.path, data, after_write=after)
        except OSError as e:
            if e.errno == 28:
                raise MemoryFileError(f"Only part of the memory entry reached {self.path}; is the disk full?") from None
            raise MemoryFileError(f"Cannot write the memory file {self.path}: {e.strerror}.") from None

    # ---- reading -------------------------------------------------------------------------

    def _check_path(self) -> None:
        if self.path.is_dir():
            raise MemoryFileError(f"The memory file {self.path} is a directory; point MILO_MEMORY_FILE at a file.")

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
        """Memory for the prompt. Plain: the most recent `recall_lines` lines, stripped. With
        relevance: pinned facts, recent lines and the older pulses relevant to `query`."""
        stable, relevant = self.recall_parts(query)
        if relevant:
            return f"{stable}\n\n## Older notes related to this message\n{relevant}"
        return stable

    def recall_parts(self, query: str = "", upto: Optional[int] = None) -> tuple[str, str]:
        """(the part stable from turn to turn, the part that depends on the query). `upto`: read
        the recent lines as of that byte offset (the start of the current conversation, whose
        turns the prompt replays word for word), so the block stays identical all conversation."""
        lines, start = self._tail(self.recall_lines, upto)
        if self._recall is None:
            return "\n".join(lines).strip() or NO_MEMORY, ""
        stable, relevant = self._recall.assemble(query, lines, start)
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

    def pulses(self) -> Iterator[Pulse]:
        """Every entry in the file, tolerant of what people do to files."""
        f = self._open_for_read()
        if f is None:
            return
        with f:
            yield from read_pulses(f)
