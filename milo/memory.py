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

import fcntl
import os
import re
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Iterable, Iterator, Optional, Sequence

FIELDS = ("CORE_UPDATE", "FUTURE_MESSAGE", "REPLY")
NO_MEMORY = "(No memory yet.)"
DEFAULT_RECALL_LINES = 100

# English month names whatever the locale: strftime("%B") follows LC_TIME.
_MONTHS = (
    "January", "February", "March", "April", "May", "June",
    "July", "August", "September", "October", "November", "December",
)
_HEADER_RE = re.compile(r"^-{2,}\s*\[?\s*PULSE\s*:?\s*(?P<ts>.*?)\s*\]?\s*-*\s*$", re.IGNORECASE)
_FIELD_RE = re.compile(r"^(?P<name>CORE_UPDATE|FUTURE_MESSAGE|REPLY)\s*:\s?(?P<value>.*)$")
_TS_RE = re.compile(
    r"^(?P<h>\d{1,2}):(?P<m>\d{2})\s*(?P<ampm>AM|PM),\s*(?P<month>[A-Za-z]+)\s+(?P<d>\d{1,2}),\s*(?P<y>\d{4})$",
    re.IGNORECASE,
)
# Everything Python's str.splitlines() treats as a line break, and the other C0 controls.
_BREAKS = re.compile(r"\s*(?:\r\n|[\n\r\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029])\s*")
_CONTROLS = re.compile(r"[\x00-\x08\x0e-\x1f\x7f\t]")


class MemoryFileError(Exception):
    """The memory file cannot be used; str() is one sentence for the user."""


def format_timestamp(when: datetime) -> str:
    hour = when.hour % 12 or 12
    ampm = "AM" if when.hour < 12 else "PM"
    return f"{hour:02d}:{when.minute:02d} {ampm}, {_MONTHS[when.month - 1]} {when.day:02d}, {when.year}"


_MONTH_NUMBERS = {name.lower(): i + 1 for i, name in enumerate(_MONTHS)}


def parse_timestamp(text: str) -> Optional[datetime]:
    m = _TS_RE.match(text.strip())
    if not m:
        return None
    month = _MONTH_NUMBERS.get(m["month"].lower())
    hour = int(m["h"])
    if month is None or not 1 <= hour <= 12:
        return None
    hour = hour % 12 + (12 if m["ampm"].upper() == "PM" else 0)
    try:
        return datetime(int(m["y"]), month, int(m["d"]), hour, int(m["m"]))
    except ValueError:
        return None


def normalize_value(value: object) -> str:
    """Fold a value onto one clean line (idempotent): the file stays readable and unforgeable."""
    text = "" if value is None else str(value)
    text = _CONTROLS.sub(" ", text)
    parts = [p.strip() for p in _BREAKS.split(text)]
    return " / ".join(p for p in parts if p).strip()


def _placeholder_key(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", " ", text.lower()).strip()


@dataclass
class Pulse:
    """One entry read back from the file."""

    header: Optional[str]  # the header line's timestamp text, None when the header is missing
    timestamp: Optional[datetime]  # None when missing or garbled
    fields: dict[str, str] = field(default_factory=dict)
    offset: int = 0  # byte offset of the entry's first line in the file
    line: int = 0  # 1-based line number of that line
    end: int = 0  # byte offset just after the entry's last line

    @property
    def core_update(self) -> str:
        return self.fields.get("CORE_UPDATE", "")

    @property
    def future_message(self) -> str:
        return self.fields.get("FUTURE_MESSAGE", "")

    @property
    def reply(self) -> str:
        return self.fields.get("REPLY", "")


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
        self._placeholders = {_placeholder_key(p) for p in placeholders if _placeholder_key(p)}
        self._recall = None
        if relevance:  # pinned + relevant older pulses + recent lines, within a token budget
            from milo.recall import MemoryRecall

            self._recall = MemoryRecall(self.path, budget_tokens=budget_tokens, recent_lines=recall_lines,
                                        cache_dir=Path(cache_dir) if cache_dir else None)

    # ---- writing -------------------------------------------------------------------------

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
        header = format_timestamp(now)
        if isinstance(entry, dict):
            folded = {k: normalize_value(v) for k, v in entry.items() if k in FIELDS}
            fields = {k: v for k, v in folded.items() if v}
            unknown = set(entry) - set(FIELDS)
            if unknown:
                raise ValueError(f"unknown memory fields: {sorted(unknown)}")
            body = "".join(f"{k}: {fields[k]}\n" for k in FIELDS if k in fields)
        else:
            # A raw body: fold each line's value but keep its line structure.
            lines = [normalize_value(l) for l in str(entry).splitlines()]
            body = "".join(l + "\n" for l in lines if l)
            fields = {}
            for l in lines:
                m = _FIELD_RE.match(l)
                if m and m["name"] not in fields:
                    fields[m["name"]] = m["value"].strip()
        text = f"\n\n--- [PULSE: {header}] ---\n{body}"
        data = text.encode("utf-8")
        offset = self._append(data)
        return Pulse(header=header, timestamp=parse_timestamp(header), fields=fields, offset=offset + 2, end=offset + len(data))

    def _open_for_append(self) -> int:
        self._check_path()
        self.path.parent.mkdir(parents=True, exist_ok=True)
        try:
            return os.open(self.path, os.O_WRONLY | os.O_APPEND | os.O_CREAT | os.O_CLOEXEC, 0o600)
        except OSError as e:
            raise MemoryFileError(f"Cannot write the memory file {self.path}: {e.strerror}.") from None

    def _append(self, data: bytes) -> int:
        """One write under an exclusive lock; returns the offset the entry starts at."""
        while True:
            fd = self._open_for_append()
            try:
                fcntl.flock(fd, fcntl.LOCK_EX)
                # The file may have been replaced (an editor's save, `milo memory forget`) while
                # we waited: then our fd points at the old inode, and the entry would be lost.
                try:
                    same = os.fstat(fd).st_ino == os.stat(self.path).st_ino
                except FileNotFoundError:
                    same = False
                if not same:
                    continue
                if os.fstat(fd).st_mode & 0o077:
                    os.fchmod(fd, os.fstat(fd).st_mode & 0o700)  # private to its owner
                st = os.fstat(fd)  # after the chmod: what the index compares against
                offset = st.st_size
                written = os.write(fd, data)
                if written != len(data):  # disk full: the kernel wrote a part; say so plainly
                    raise MemoryFileError(f"Only part of the memory entry reached {self.path}; is the disk full?")
                os.fsync(fd)
                if self._recall is not None:
                    self._recall.note_append(st, data, os.fstat(fd))
                return offset
            except OSError as e:
                raise MemoryFileError(f"Cannot write the memory file {self.path}: {e.strerror}.") from None
            finally:
                os.close(fd)  # closing releases the lock

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

    @property
    def relevance(self):
        return self._recall

    def pulses(self) -> Iterator[Pulse]:
        """Every entry in the file, tolerant of what people do to files."""
        f = self._open_for_read()
        if f is None:
            return
        with f:
            yield from _read_pulses(f)


def _read_pulses(lines: Iterable[bytes], start_offset: int = 0, start_line: int = 1, timestamps: bool = True) -> Iterator[Pulse]:
    current: Optional[Pulse] = None
    offset = start_offset
    for number, raw in enumerate(lines, start=start_line):
        line = raw.decode("utf-8", errors="replace").rstrip("\r\n")
        here = offset
        offset += len(raw)
        header = _HEADER_RE.match(line)
        if header:
            if current is not None:
                yield current
            ts = header["ts"]
            current = Pulse(header=ts, timestamp=parse_timestamp(ts) if timestamps else None, offset=here, line=number, end=offset)
            continue
        fm = _FIELD_RE.match(line)
        if fm:
            name, value = fm["name"], fm["value"].strip()
            if current is None or name in current.fields:
                # A field with no header above it (deleted or garbled by hand): its own entry.
                if current is not None:
                    yield current
                current = Pulse(header=None, timestamp=None, offset=here, line=number)
            current.fields[name] = value
            current.end = offset
            continue
        # Any other line (blank, a note, a heading) closes the entry; the text is the user's.
        if current is not None:
            yield current
            current = None
    if current is not None:
        yield current
