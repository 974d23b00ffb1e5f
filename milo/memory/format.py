"""The PULSE format of Living_Memory.md: the one place that writes and reads it.

    (two newlines)
    --- [PULSE: 08:15 PM, November 29, 2026] ---
    CORE_UPDATE: User shared that their name is Amy
    FUTURE_MESSAGE: Ask Amy how the job interview went
    REPLY: Nice to meet you, Amy!

Reading is tolerant of what people do to files: headings and notes between entries, garbled or
missing headers, CRLF or lone-CR line ends, a UTF-8 byte-order mark, invalid UTF-8 (replaced).
"""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Iterable, Iterator, Optional

FIELDS = ("CORE_UPDATE", "FUTURE_MESSAGE", "REPLY")
NO_MEMORY = "(No memory yet.)"
BOM = b"\xef\xbb\xbf"

# English month names whatever the locale: strftime("%B") follows LC_TIME.
_MONTHS = (
    "January", "February", "March", "April", "May", "June",
    "July", "August", "September", "October", "November", "December",
)
_MONTH_NUMBERS = {name.lower(): i + 1 for i, name in enumerate(_MONTHS)}
MONTH_NUMBERS = _MONTH_NUMBERS  # also where milo.chat.evidence tells a month from a name
HEADER_RE = re.compile(r"^-{2,}\s*\[?\s*PULSE\s*:?\s*(?P<ts>.*?)\s*\]?\s*-*\s*$", re.IGNORECASE)
PULSE_LINE_RE = re.compile(r"^-{2,}\s*\[?\s*PULSE", re.IGNORECASE)
FIELD_RE = re.compile(r"^(?P<name>CORE_UPDATE|FUTURE_MESSAGE|REPLY)\s*:\s?(?P<value>.*)$")
_TS_RE = re.compile(
    r"^(?P<h>\d{1,2}):(?P<m>\d{2})\s*(?P<ampm>AM|PM),\s*(?P<month>[A-Za-z]+)\s+(?P<d>\d{1,2}),\s*(?P<y>\d{4})$",
    re.IGNORECASE,
)
# Everything Python's str.splitlines() treats as a line break, and the other C0 controls.
_BREAKS = re.compile(r"\s*(?:\r\n|[\n\r\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029])\s*")
_CONTROLS = re.compile(r"[\x00-\x08\x0e-\x1f\x7f\t]")
_PINNED_HEADING = re.compile(r"^(#{1,6})\s*pinned\b.*$", re.IGNORECASE)
_ANY_HEADING = re.compile(r"^(#{1,6})\s")


def format_timestamp(when: datetime) -> str:
    hour = when.hour % 12 or 12
    ampm = "AM" if when.hour < 12 else "PM"
    return f"{hour:02d}:{when.minute:02d} {ampm}, {_MONTHS[when.month - 1]} {when.day:02d}, {when.year}"


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

    def text(self) -> str:
        """The entry as it reads in the file (header, then its fields)."""
        lines = [f"--- [PULSE: {self.header}] ---"] if self.header is not None else []
        lines += [f"{k}: {v}" for k, v in self.fields.items()]
        return "\n".join(lines)


def render_entry(when: datetime, fields: dict[str, str]) -> str:
    """The bytes `etch` appends for one entry (values already folded, empty ones left out)."""
    body = "".join(f"{k}: {fields[k]}\n" for k in FIELDS if fields.get(k))
    return f"\n\n--- [PULSE: {format_timestamp(when)}] ---\n{body}"


def split_lines(data: bytes) -> list[bytes]:
    """Lines with their ends, for \\n, \\r\\n and lone \\r files alike (offsets stay exact)."""
    return data.splitlines(keepends=True)


_LINE = re.compile(rb"[^\r\n]*(?:\r\n|\r|\n)|[^\r\n]+")


def iter_lines(data: bytes, start: int = 0) -> Iterator[bytes]:
    """split_lines(data[start:]) one line at a time: a rebuild of a big memory and its archive
    would otherwise hold every line at once (~85,000 small objects for 17,000 pulses), and the
    interpreter keeps the pages such a peak leaves scattered for as long as Milo runs."""
    for m in _LINE.finditer(data, start):
        yield m.group()


def read_pulses(lines: Iterable[bytes], start_offset: int = 0, start_line: int = 1, timestamps: bool = True) -> Iterator[Pulse]:
    """Every entry in `lines` (bytes with their line ends, as from split_lines)."""
    current: Optional[Pulse] = None
    offset = start_offset
    for number, raw in enumerate(lines, start=start_line):
        line = raw.decode("utf-8", errors="replace").rstrip("\r\n")
        if number == 1 and offset == 0:
            line = line.lstrip("\ufeff")  # a byte-order mark (Notepad) is not text
        here = offset
        offset += len(raw)
        header = HEADER_RE.match(line)
        if header:
            if current is not None:
                yield current
            ts = header["ts"]
            current = Pulse(header=ts, timestamp=parse_timestamp(ts) if timestamps else None, offset=here, line=number, end=offset)
            continue
        fm = FIELD_RE.match(line)
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


def iter_entries(data: bytes) -> Iterator[Pulse]:
    """The entries of a whole file's bytes (fields or a header; blank headers count), one at a time."""
    return (p for p in read_pulses(iter_lines(data)) if p.fields or p.header is not None)


def read_entries(data: bytes) -> list[Pulse]:
    """The entries of a whole file's bytes, as a list (see iter_entries)."""
    return list(iter_entries(data))


def entry_key(raw: bytes) -> str:
    """An entry's identity, from its own bytes (header and field lines), whatever its line ends
    (LF, CRLF, lone CR), trailing spaces or missing final newline: the same entry written twice,
    or converted by an editor, has the same key. Used to dedupe and to find entries again."""
    raw = raw[len(BOM):] if raw.startswith(BOM) else raw
    lines = [line.rstrip() for line in raw.splitlines()]
    return hashlib.sha1(b"\n".join(line for line in lines if line)).hexdigest()[:20]


def entry_keys(data: bytes, pulses: Optional[list[Pulse]] = None) -> list[str]:
    """The key of every entry of a whole file's bytes, in file order (read one entry at a time:
    an archive can hold tens of thousands)."""
    return [entry_key(data[p.offset : p.end]) for p in (iter_entries(data) if pulses is None else pulses)]


def break_before(data: bytes, i: int) -> int:
    """The length of the line break that ends just before byte `i` (\r\n: 2, \n or \r: 1, none: 0)."""
    if i >= 2 and data[i - 2 : i] == b"\r\n":
        return 2
    if i >= 1 and data[i - 1 : i] in (b"\n", b"\r"):
        return 1
    return 0


def pinned_section(text: str) -> str:
    """The `## Pinned` section at the top of the file (before the first pulse), as written."""
    out: list[str] = []
    level = 0
    for line in text.lstrip("\ufeff").replace("\r\n", "\n").replace("\r", "\n").split("\n"):
        if PULSE_LINE_RE.match(line):
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


# The shipped Living_Memory.md's own description of the file (frozen: tests/test_update.py). It
# is not something the user told (notes skip it): on a new memory its last two lines, one cut
# mid-sentence ("about), `FUTURE_MESSAGE` (what to carry forward) and..."), were the prompt's
# only notes, numbered as facts about the user.
SHIPPED_PREAMBLE = frozenset((
    "# Milo's Living Memory",
    "This file is Milo's memory, and it is yours: read it, fix it, delete from it, even while Milo",
    "runs. Milo only ever appends to the end. After each conversation turn it adds an entry: a line",
    "`--- [PULSE: time, date] ---` and then up to three lines, `CORE_UPDATE` (what the exchange was",
    "about), `FUTURE_MESSAGE` (what to carry forward) and `REPLY` (what Milo said).",
    "Milo reads the most recent lines back before it answers. Anything you write here, Milo reads too.",
))


def is_pinned_heading(line: str) -> bool:
    return bool(_PINNED_HEADING.match(line.strip()))


def archive_path(path: Path) -> Path:
    """Where `milo memory archive` moves old entries: Living_Memory.archive.md beside the file."""
    return path.with_name(f"{path.stem}.archive{path.suffix or '.md'}")
