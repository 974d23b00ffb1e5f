"""Never lose a memory: Living_Memory.md under kills, concurrency, editors and hostile files.

    .venv/bin/python bench/reliability.py            # the full run (a few minutes on 2 cores)
    .venv/bin/python bench/reliability.py --quick    # small counts (what tests/test_reliability.py runs)
    .venv/bin/python bench/reliability.py --soak 20000   # only the week in an hour, no deadline

Prints one table, a row per scenario: tried, pulses lost, user lines lost, torn entries or
fragments, duplicated entries, tracebacks. The goal is a row of zeros everywhere.

- writer kills: a Milo process etching in a loop is SIGKILLed at a random moment, again and
  again; every entry it reported written must be in the file, whole, once.
- rewrite kills: `archive` (and `forget`) is SIGKILLed at a random step (a random write, fsync,
  rename, truncate, link or unlink of the run), then run again: each entry must be exactly once
  in exactly one of the two files, the archive untorn, no temp copy or journal left.
- concurrency: 4 Milo writers, an editor that saves in place, by renaming, vim-style (rename the
  old file away, write a new one) and from a buffer held for seconds, adding a line of its own
  each time, and `forget`/`archive` running meanwhile. At the end the editor stops, each writer
  heals once and exits, and `archive` runs once more (it dedupes what a stale editor buffer
  brought back from the archive). Every pulse and user line must be there, once.
- power cuts: a Milo etching (and archiving, forgetting) is cut off at a random moment; the folder
  is rebuilt as a disk would hold it (only what was fsynced: see "power cuts" below), and every
  etch it acknowledged must be there, whole, and the next Milo must append to it.
- a week in an hour: one Milo (a loopback model) for thousands of turns on a simulated clock,
  with conversations rotating, hand edits, forgets, archives and other Milo processes killed
  mid-turn; every acknowledged turn must be there, and RSS, open files and threads must not grow
  (see "a week in an hour" below).
- slow answers: a server that drips its answer (a piece every 0.4-2.5 s, never silent long enough
  for a read timeout) against MILO_TIMEOUT of 1-3 s: every turn must end within 1 s of its bound,
  with its one sentence, the connection dropped and nothing etched (issue 27: 66 s at a 2 s bound).
- hostile files: random bytes, byte-order marks, CR/CRLF/lone-CR line ends, huge lines, fake and
  garbled headers, NULs, invalid UTF-8, mixed with real entries: read, recall, forget and etch
  each; no traceback, and nothing but the forgotten entries may change.

Each scenario runs in its own temp dir, in processes forked from this one. Bounded in time:
every scenario has a deadline and reports how far it got.
"""

from __future__ import annotations

import argparse
import logging
import os
import random
import re
import signal
import sys
import tempfile
import time
import traceback
from collections import Counter
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from milo import storage  # noqa: E402
from milo.errors import MemoryFileError  # noqa: E402
from milo.memory import LivingMemory  # noqa: E402
from milo.memory import edit as memory_edit  # noqa: E402
from milo.memory.format import FIELD_RE, HEADER_RE, archive_path, entry_key, format_timestamp, read_entries  # noqa: E402

logging.getLogger("milo.memory").setLevel(logging.ERROR)  # the write-back notices: counted, not printed
PINNED = "# Milo's memory\n\n## Pinned\n- My name is Amy.\n\n## Other notes\n"
TAG_RE = re.compile(r"^(?P<tag>\S+) future (?P<n>\d+)$")


@dataclass
class Row:
    name: str
    tried: int = 0
    lost_pulses: int = 0
    lost_lines: int = 0
    torn: int = 0
    duplicated: int = 0
    tracebacks: int = 0
    notes: list[str] = field(default_factory=list)
    seconds: float = 0.0

    def zero(self) -> bool:
        return not (self.lost_pulses or self.lost_lines or self.torn or self.duplicated or self.tracebacks)


# ---- helpers ----------------------------------------------------------------------------------


def _fork(target, *args) -> int:
    """Run target(*args) in a forked child; the child never returns (exit 0, or 70 on a traceback)."""
    pid = os.fork()
    if pid == 0:
        code = 0
        try:
            target(*args)
        except BaseException:
            traceback.print_exc()
            code = 70
        finally:
            os._exit(code)
    return pid


def _reap(pid: int) -> int:
    _, status = os.waitpid(pid, 0)
    return os.waitstatus_to_exitcode(status)


def _read_lines(fd: int) -> list[str]:
    chunks = []
    while True:
        try:
            chunk = os.read(fd, 65536)
        except BlockingIOError:
            break
        if not chunk:
            break
        chunks.append(chunk)
    return b"".join(chunks).decode().splitlines()


def _pulse(tag: str, i: int, size: int = 0) -> tuple[str, str, str]:
    body = " " + "x" * size if size else ""
    return f"{tag} core {i}{body}", f"{tag} future {i}", f"{tag} reply {i}{body}"


def _tagged(data: bytes) -> tuple[Counter, int]:
    """(how often each tagged pulse is in the file, torn tagged entries)."""
    seen: Counter = Counter()
    torn = 0
    for p in read_entries(data):
        m = TAG_RE.match(p.fields.get("FUTURE_MESSAGE", ""))
        if not m:
            if any(re.match(r"^\S+ (core|reply) \d+", v) for v in p.fields.values()):
                torn += 1  # a tagged entry without its FUTURE_MESSAGE
            continue
        tag, n = m["tag"], m["n"]
        if p.timestamp is None or not p.fields.get("CORE_UPDATE", "").startswith(f"{tag} core {n}") \
                or not p.fields.get("REPLY", "").startswith(f"{tag} reply {n}"):
            torn += 1
        seen[(tag, int(n))] += 1
    return seen, torn


def _fragments(data: bytes, allowed: set[str]) -> int:
    """Lines that are neither blank, a header, a field, nor a line someone wrote on purpose."""
    bad = 0
    for raw in data.decode("utf-8", errors="replace").splitlines():
        line = raw.strip()
        if line and line not in allowed and not HEADER_RE.match(line) and not FIELD_RE.match(line):
            bad += 1
    return bad


def _leftovers(directory: Path) -> list[str]:
    return sorted(p.name for p in directory.iterdir() if p.name.endswith(".tmp") or p.name.endswith(".journal"))


# ---- writer kills -----------------------------------------------------------------------------


def _writer(path: str, tag: str, count: int, size: int, pace: float, wfd: int, heal_flag: str = "") -> None:
    m = LivingMemory(path)
    os.write(wfd, b"ready\n")
    i = 0
    while count < 0 or i < count:
        m.witness(*_pulse(tag, i, size))
        os.write(wfd, f"{tag} {i}\n".encode())
        i += 1
        if pace:
            time.sleep(random.uniform(0, pace))
    if heal_flag:
        while not os.path.exists(heal_flag):
            time.sleep(0.02)
        n = m.heal()
        os.write(wfd, f"healed {n} {m.written_back}\n".encode())


def writer_kills(rounds: int, deadline: float, seed: int = 7) -> Row:
    row = Row("writer SIGKILLs")
    rng = random.Random(seed)
    with tempfile.TemporaryDirectory() as d:
        path = Path(d) / "Living_Memory.md"
        user = ["my own note, line one", "another line of mine (no newline at the end)"]
        path.write_bytes((PINNED + user[0] + "\n" + user[1]).encode())
        confirmed: set = set()
        for r in range(rounds):
            if time.monotonic() > deadline:
                row.notes.append(f"stopped at the deadline after {r} kills")
                break
            rfd, wfd = os.pipe()
            pid = _fork(_writer, str(path), f"w{r}", -1, rng.choice([0, 0, 300, 5000]), 0.0, wfd)
            os.close(wfd)
            with os.fdopen(rfd, "rb", buffering=0) as pipe:
                pipe.readline()  # ready
                time.sleep(rng.uniform(0, 0.03))
                os.kill(pid, signal.SIGKILL)
                code = _reap(pid)
                lines = pipe.read().decode().splitlines()
            if code not in (-signal.SIGKILL, 0):
                row.tracebacks += 1
            confirmed |= {(t, int(n)) for t, n in (l.split() for l in lines if l.startswith("w"))}
            row.tried += 1
        data = path.read_bytes()
        seen, torn = _tagged(data)
        row.torn += torn + _fragments(data, set(PINNED.splitlines()) | set(user))
        row.lost_pulses += sum(1 for k in confirmed if seen[k] == 0)
        row.duplicated += sum(n - 1 for n in seen.values() if n > 1)
        text = data.decode()
        row.lost_lines += sum(1 for u in user + PINNED.splitlines() if u and u not in text)
        row.notes.append(f"{len(confirmed)} pulses confirmed")
    return row


# ---- rewrite kills ----------------------------------------------------------------------------

_OPS = ("write", "pwrite", "fsync", "replace", "rename", "ftruncate", "link", "unlink")


def _kill_at(k: int) -> None:
    """In a child: SIGKILL ourselves just before the k-th file-changing call (0: never; count)."""
    counter = [0]

    def wrap(fn):
        def inner(*a, **kw):
            counter[0] += 1
            if counter[0] == k:
                os.kill(os.getpid(), signal.SIGKILL)
            return fn(*a, **kw)
        return inner

    for name in _OPS:
        setattr(os, name, wrap(getattr(os, name)))
    storage._exchange = wrap(storage._exchange)
    _kill_at.counter = counter  # type: ignore[attr-defined]


def _rewrite(path: str, kind: str, k: int, wfd: int) -> None:
    _kill_at(k)
    m = LivingMemory(path)
    try:
        if kind == "archive":
            plan = memory_edit.plan_archive(m, datetime(2025, 1, 15))
            if plan.pulses:
                memory_edit.apply(plan, archive=archive_path(Path(path)), replan=True)
        else:
            plan = memory_edit.plan_forget(m, "forgetme")
            if plan.pulses:
                memory_edit.apply(plan, replan=True)
    except MemoryFileError as e:
        os.write(wfd, f"refused {e}\n".encode())
    ops = getattr(_kill_at, "counter", [0])[0]
    os.write(wfd, f"ops {ops}\n".encode())


def _seed_file(path: Path, n: int, rng: random.Random, crlf: bool = False) -> tuple[bytes, list[str]]:
    """A memory file of n entries over January 2025, some to forget, with user lines between."""
    t0 = datetime(2025, 1, 1, 9, 0)
    user = [PINNED]
    chunks = [PINNED]
    for i in range(n):
        when = t0 + timedelta(hours=i * 720 // n)
        core, fut, rep = _pulse("s", i)
        if i % 17 == 5:
            core += " forgetme"
        chunks.append(f"\n\n--- [PULSE: {format_timestamp(when)}] ---\nCORE_UPDATE: {core}\nFUTURE_MESSAGE: {fut}\nREPLY: {rep}\n")
        if rng.random() < 0.05:
            line = f"a line of my own, number {i}\n"
            chunks.append(line)
            user.append(line)
    text = "".join(chunks)
    if crlf:
        text = text.replace("\n", "\r\n")
    path.write_bytes(text.encode())
    return text.encode(), [u.strip() for u in "".join(user).splitlines() if u.strip()]


def _check_split(row: Row, path: Path, original: bytes, user: list[str], kind: str) -> None:
    """Each original entry exactly once, in the right one of the two files; nothing torn."""
    arch = archive_path(path)
    mem = path.read_bytes()
    adata = arch.read_bytes() if arch.exists() else b""
    before, _ = _tagged(original)
    in_mem, torn_m = _tagged(mem)
    in_arch, torn_a = _tagged(adata)
    row.torn += torn_m + torn_a + _fragments(adata, set())
    forgotten = set()
    for p in read_entries(original):
        m = TAG_RE.match(p.fields["FUTURE_MESSAGE"])
        key = (m["tag"], int(m["n"]))
        if kind == "forget" and "forgetme" in p.fields["CORE_UPDATE"]:
            forgotten.add(key)
    for key in before:
        total = in_mem[key] + in_arch[key]
        if key in forgotten:
            row.duplicated += max(0, total - 1)  # forgotten or not yet: never twice
            continue
        if total == 0:
            row.lost_pulses += 1
        elif total > 1:
            row.duplicated += total - 1
    if kind == "archive":  # the run that finished moved everything before Jan 15 out
        for p in read_entries(mem):
            if p.timestamp and p.timestamp < datetime(2025, 1, 15):
                row.notes.append("an entry to archive stayed behind")
                row.lost_pulses += 1
                break
    text = mem.decode("utf-8", errors="replace")
    row.lost_lines += sum(1 for u in user if u not in text)
    left = _leftovers(path.parent)
    if left:
        row.torn += len(left)
        row.notes.append(f"left behind: {left[:3]}")


def rewrite_kills(rounds: int, deadline: float, seed: int = 11) -> Row:
    row = Row("rewrite SIGKILLs + rerun")
    rng = random.Random(seed)
    storage_settle = storage.SETTLE_S
    storage.SETTLE_S = 0.002  # one process at a time here: nothing to wait for
    try:
        with tempfile.TemporaryDirectory() as d:
            total_ops = {}
            for r in range(rounds):
                if time.monotonic() > deadline:
                    row.notes.append(f"stopped at the deadline after {r} kills")
                    break
                kind = "archive" if r % 4 else "forget"
                crlf = r % 5 == 3
                sub = Path(d) / f"r{r}"
                sub.mkdir()
                path = sub / "Living_Memory.md"
                original, user = _seed_file(path, rng.choice([30, 200, 600]), rng, crlf)
                if r % 3 == 0:  # an archive that already holds a few of them
                    pre = LivingMemory(path)
                    plan = memory_edit.plan_archive(pre, datetime(2025, 1, 3))
                    if plan.pulses:
                        memory_edit.apply(plan, archive=archive_path(path))
                    for b in memory_edit.list_backups(path):
                        b.unlink()
                key = (kind, crlf, len(original) // 10000)
                if key not in total_ops:  # how many file-changing calls a whole run makes
                    probe = sub / "probe"
                    probe.mkdir()
                    for f in sub.iterdir():
                        if f.is_file():
                            (probe / f.name).write_bytes(f.read_bytes())
                    rfd, wfd = os.pipe()
                    pid = _fork(_rewrite, str(probe / "Living_Memory.md"), kind, 0, wfd)
                    os.close(wfd)
                    _reap(pid)
                    out = os.fdopen(rfd, "rb").read().decode()
                    total_ops[key] = max(1, int(re.search(r"ops (\d+)", out)[1]) if "ops" in out else 1)
                k = rng.randint(1, total_ops[key])
                rfd, wfd = os.pipe()
                pid = _fork(_rewrite, str(path), kind, k, wfd)
                os.close(wfd)
                code = _reap(pid)
                os.close(rfd)
                if code not in (-signal.SIGKILL, 0):
                    row.tracebacks += 1
                if rng.random() < 0.25:  # the rerun is killed too, then run once more
                    rfd, wfd = os.pipe()
                    pid = _fork(_rewrite, str(path), kind, rng.randint(1, total_ops[key]), wfd)
                    os.close(wfd)
                    if _reap(pid) not in (-signal.SIGKILL, 0):
                        row.tracebacks += 1
                    os.close(rfd)
                rfd, wfd = os.pipe()
                pid = _fork(_rewrite, str(path), kind, 0, wfd)  # the rerun, to completion
                os.close(wfd)
                if _reap(pid) != 0:
                    row.tracebacks += 1
                out = os.fdopen(rfd, "rb").read().decode()
                if "refused" in out:
                    row.notes.append(out.strip().splitlines()[0][:120])
                _check_split(row, path, original, user, kind)
                row.tried += 1
    finally:
        storage.SETTLE_S = storage_settle
    return row


# ---- concurrency ------------------------------------------------------------------------------


def _save(path: Path, data: bytes, style: str) -> None:
    if style == "inplace":  # nano, most editors by default: truncate and write
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        try:
            for i in range(0, len(data), 8192):
                os.write(fd, data[i : i + 8192])
        finally:
            os.close(fd)
    elif style == "rename":  # write a new file, rename it over the old one
        tmp = path.with_name(path.name + ".editor-new")
        tmp.write_bytes(data)
        os.replace(tmp, path)
    elif style == "vim":  # rename the old one away, write a new one, drop the old one
        old = path.with_name(path.name + "~")
        os.rename(path, old)
        with open(path, "wb") as f:
            f.write(data)
        os.unlink(old)


def _editor(path: str, until: float, wfd: int, seed: int) -> None:
    rng = random.Random(seed)
    path = Path(path)
    styles = ["inplace", "rename", "vim", "held-inplace", "held-rename"]
    k = 0
    while time.monotonic() < until:
        style = styles[k % len(styles)]
        try:
            data = path.read_bytes()
        except FileNotFoundError:
            time.sleep(0.01)
            continue
        time.sleep(rng.uniform(0.3, 1.5) if style.startswith("held") else rng.uniform(0, 0.03))
        line = f"user line e-{k}"
        lines = data.split(b"\n")
        if rng.random() < 0.5 and len(lines) > 3:  # among the pinned facts
            lines.insert(3, line.encode())
            new = b"\n".join(lines)
        else:
            new = data + (b"\n" if data and not data.endswith(b"\n") else b"") + line.encode() + b"\n"
        _save(path, new, style.replace("held-", ""))
        os.write(wfd, f"{line}\n".encode())
        k += 1
        time.sleep(rng.uniform(0.05, 0.25))


def _rewriter(path: str, until: float, wfd: int, seed: int) -> None:
    rng = random.Random(seed)
    m = LivingMemory(path)
    day = 2
    while time.monotonic() < until:
        time.sleep(rng.uniform(0.1, 0.4))
        try:  # as `milo memory archive --before DAY --yes` and `milo memory forget forgetme --yes` do
            if rng.random() < 0.5:
                plan = memory_edit.plan_archive(m, datetime(2025, 1, day))
                if plan.pulses:
                    memory_edit.apply(plan, archive=archive_path(Path(path)), replan=True)
                    os.write(wfd, f"archived {len(plan.pulses)}\n".encode())
                day = min(day + 1, 28)
            else:
                plan = memory_edit.plan_forget(m, "forgetme")
                if plan.pulses:
                    memory_edit.apply(plan, replan=True)
                    os.write(wfd, f"forgot {len(plan.pulses)}\n".encode())
        except MemoryFileError as e:
            os.write(wfd, f"refused {str(e)[:60]}\n".encode())


def concurrency(seconds: float, writers: int = 4, per_writer: int = 150, seed: int = 3) -> Row:
    row = Row(f"{writers} writers + editor + forget/archive")
    rng = random.Random(seed)
    with tempfile.TemporaryDirectory() as d:
        path = Path(d) / "Living_Memory.md"
        original, user = _seed_file(path, 300, rng)
        flag = Path(d) / "heal-now"
        until = time.monotonic() + seconds
        pipes, pids = {}, {}
        for w in range(writers):
            rfd, wfd = os.pipe()
            pace = max(0.005, seconds / per_writer * 1.2)
            pids[f"c{w}"] = _fork(_writer, str(path), f"c{w}", per_writer, 0, pace, wfd, str(flag))
            os.close(wfd)
            pipes[f"c{w}"] = rfd
        for name, target, s in (("editor", _editor, seed), ("rewriter", _rewriter, seed + 1)):
            rfd, wfd = os.pipe()
            pids[name] = _fork(target, str(path), until, wfd, s)
            os.close(wfd)
            pipes[name] = rfd
        outputs = {name: [] for name in pids}
        for name in ("editor", "rewriter"):
            outputs[name] = os.fdopen(pipes[name], "rb").read().decode().splitlines()
            if _reap(pids[name]) != 0:
                row.tracebacks += 1
        flag.touch()  # the editor is done: each writer heals once (after its last pulse)
        for w in range(writers):
            name = f"c{w}"
            outputs[name] = os.fdopen(pipes[name], "rb").read().decode().splitlines()
            if _reap(pids[name]) != 0:
                row.tracebacks += 1
        # a stale editor buffer may have brought archived entries back: archive again dedupes
        m = LivingMemory(path)
        plan = memory_edit.plan_archive(m, datetime(2025, 2, 1))
        if plan.pulses:
            memory_edit.apply(plan, archive=archive_path(path))
        mem = path.read_bytes()
        adata = archive_path(path).read_bytes() if archive_path(path).exists() else b""
        in_mem, torn_m = _tagged(mem)
        in_arch, torn_a = _tagged(adata)
        saved_lines = [l for l in outputs["editor"] if l.startswith("user line")]
        row.torn += torn_m + torn_a + _fragments(mem, set(user) | set(saved_lines)) + _fragments(adata, set())
        confirmed = {(t, int(n)) for name in pids if name.startswith("c") for t, n in
                     (l.split() for l in outputs[name] if l.startswith("c"))}
        seeded, _ = _tagged(original)
        forgettable = {(p.fields["FUTURE_MESSAGE"].split()[0], int(p.fields["FUTURE_MESSAGE"].split()[2]))
                       for p in read_entries(original) if "forgetme" in p.fields["CORE_UPDATE"]}
        everyone = confirmed | set(seeded)
        for key in everyone:
            total = in_mem[key] + in_arch[key]
            if total == 0 and key not in forgettable:
                row.lost_pulses += 1
            row.duplicated += max(0, total - 1)
        text = mem.decode("utf-8", errors="replace")
        row.lost_lines += sum(1 for u in user + saved_lines if u not in text)
        row.tried = len(everyone)
        healed = sum(int(l.split()[1]) for name in pids if name.startswith("c") for l in outputs[name] if l.startswith("healed"))
        back = sum(int(l.split()[2]) for name in pids if name.startswith("c") for l in outputs[name] if l.startswith("healed"))
        rw = Counter(l.split()[0] for l in outputs["rewriter"])
        row.notes.append(f"{len(confirmed)} pulses by {writers} writers, {len(saved_lines)} editor saves, "
                         f"{rw['archived']} archives, {rw['forgot']} forgets, {rw['refused']} refused; "
                         f"{back} entries dropped by stale saves written back ({healed} at the final heal)")
        left = _leftovers(path.parent)
        if left:
            row.torn += len(left)
            row.notes.append(f"left behind: {left[:3]}")
    return row


def _nano_loop(path: str, buffer: bytes, until: float, wfd: int, seed: int) -> None:
    rng = random.Random(seed)
    saves = 0
    while time.monotonic() < until:
        _save(Path(path), buffer, "inplace")
        saves += 1
        time.sleep(rng.choice([0.0, 0.002, 0.01, 0.06, 0.12]))  # saves back to back, and with pauses
    os.write(wfd, f"saves {saves}\n".encode())


def nano_vs_archive(rounds: int, entries: int, deadline: float, seed: int = 13) -> Row:
    """The issue's case: nano-style saves (truncate, write in place) in a loop, of a buffer
    loaded before, while `archive --yes` runs again and again; the editor stops at a random
    moment. Each archive's backup is its snapshot: one missing entries was made from a file
    half-saved, and the rewrite dropped them (counted as lost). Then archive runs once more."""
    row = Row(f"nano save loop vs archive ({entries} entries)")
    rng = random.Random(seed)
    done = refused = 0
    with tempfile.TemporaryDirectory() as d:
        for r in range(rounds):
            if time.monotonic() > deadline:
                row.notes.append(f"stopped at the deadline after {r} rounds")
                break
            sub = Path(d) / f"n{r}"
            sub.mkdir()
            path = sub / "Living_Memory.md"
            original, user = _seed_file(path, entries, rng)
            whole = set(_tagged(original)[0])
            rfd, wfd = os.pipe()
            pid = _fork(_nano_loop, str(path), original, time.monotonic() + rng.uniform(0.6, 1.4), wfd, seed + r)
            os.close(wfd)
            m = LivingMemory(path)
            t_end = time.monotonic() + 1.5
            while time.monotonic() < t_end:
                try:
                    plan = memory_edit.plan_archive(m, datetime(2025, 1, rng.randint(2, 28)))
                    if plan.pulses:
                        backup = memory_edit.apply(plan, archive=archive_path(path), replan=True)
                        done += 1
                        kept = set(_tagged(backup.read_bytes())[0]) | set(_tagged(archive_path(path).read_bytes())[0])
                        row.lost_pulses += len(whole - kept)  # a rewrite made from a half-saved file
                except MemoryFileError:
                    refused += 1
                time.sleep(rng.uniform(0, 0.05))
            os.fdopen(rfd, "rb").read()
            if _reap(pid) != 0:
                row.tracebacks += 1
            plan = memory_edit.plan_archive(m, datetime(2025, 1, 15))  # the editor is done: once more
            if plan.pulses:
                memory_edit.apply(plan, archive=archive_path(path), replan=True)
            _check_split(row, path, original, user, "archive")
            row.tried += 1
    row.notes.append(f"{done} archives went through while the editor saved, {refused} refused")
    return row


# ---- hostile files ----------------------------------------------------------------------------


def _hostile(rng: random.Random, i: int) -> bytes:
    parts = []
    for j in range(rng.randint(0, 12)):
        r = rng.random()
        if r < 0.35:
            when = datetime(2025, rng.randint(1, 12), rng.randint(1, 28), rng.randint(0, 23), rng.randint(0, 59))
            fields = [f"CORE_UPDATE: h{i} core {j} word{rng.randint(0, 5)}", f"FUTURE_MESSAGE: h{i} future {j}", f"REPLY: h{i} reply {j}"]
            rng.shuffle(fields)
            parts.append(f"\n\n--- [PULSE: {format_timestamp(when)}] ---\n" + "\n".join(fields[: rng.randint(1, 3)]) + "\n")
        elif r < 0.45:
            parts.append(rng.choice(["--- [PULSE: garbage] ---\n", "---[pulse:]---\n", "--- [PULSE: 13:99 PM, Smarch 40, 2025\n",
                                     "-- PULSE\n", "--- [PULSE: 08:15 PM, November 29, 2026] ---", "CORE_UPDATE:\n", "REPLY: \n"]))
        elif r < 0.55:
            parts.append(bytes(rng.randrange(256) for _ in range(rng.randint(1, 300))).decode("latin-1"))
        elif r < 0.6:
            parts.append("y" * rng.choice([1000, 100_000, 1_000_000]) + rng.choice(["", "\n"]))
        elif r < 0.7:
            parts.append("## Pinned\n- fact " + str(j) + "\n")
        elif r < 0.8:
            parts.append("\x00\x01 nul \x00 bytes\n")
        else:
            parts.append(f"a plain line of mine {j}\n")
    data = "".join(parts).encode("utf-8", errors="surrogateescape") if parts else b""
    data = data.replace("\u00ff".encode(), b"\xff")
    r = rng.random()
    if r < 0.15:
        data = data.replace(b"\n", b"\r\n")
    elif r < 0.3:
        data = data.replace(b"\n", b"\r")
    if rng.random() < 0.15:
        data = b"\xef\xbb\xbf" + data
    if rng.random() < 0.2 and data:
        data = data[: rng.randrange(len(data))]  # cut anywhere
    return data


def _non_entry_lines(data: bytes) -> Counter:
    """The lines outside entries (with their ends stripped): what the user wrote."""
    out: Counter = Counter()
    pulses = read_entries(data)
    last = 0
    for p in pulses:
        out.update(l.rstrip(b"\r\n") for l in data[last : p.offset].splitlines() if l.strip())
        last = p.end
    out.update(l.rstrip(b"\r\n") for l in data[last:].splitlines() if l.strip())
    return out


def hostile_files(count: int, deadline: float, seed: int = 5) -> Row:
    row = Row("hostile files: read/recall/forget/etch")
    rng = random.Random(seed)
    settle = storage.SETTLE_S
    storage.SETTLE_S = 0.001  # one process: nothing else writes these files
    try:
        with tempfile.TemporaryDirectory() as d:
            for i in range(count):
                if time.monotonic() > deadline:
                    row.notes.append(f"stopped at the deadline after {i} files")
                    break
                sub = Path(d) / f"h{i}"
                sub.mkdir()
                path = sub / "Living_Memory.md"
                data = _hostile(rng, i)
                path.write_bytes(data)
                try:
                    _one_hostile(row, rng, path, data, sub, i)
                except MemoryFileError:
                    pass
                except Exception:
                    row.tracebacks += 1
                    if row.tracebacks <= 3:
                        row.notes.append(f"file {i}: " + traceback.format_exc().strip().splitlines()[-1][:160])
                row.tried += 1
                for f in sub.iterdir():
                    f.unlink()
                sub.rmdir()
    finally:
        storage.SETTLE_S = settle
    return row


def _one_hostile(row: Row, rng: random.Random, path: Path, data: bytes, sub: Path, i: int) -> None:
    m = LivingMemory(path, recall_lines=rng.choice([3, 100]), relevance=rng.random() < 0.3, budget_tokens=300)
    list(m.pulses())
    m.recall("what about word1 and the cat?")
    m.recent_pulses(5)
    m.pinned()
    pulses = read_entries(data)
    keys = Counter(entry_key(data[p.offset : p.end]) for p in pulses)
    if pulses:
        target = rng.choice(pulses)
        if rng.random() < 0.5:
            plan = memory_edit.plan_forget(m, ids=[memory_edit.pulse_id(target, data)])
        else:
            words = re.findall(r"\w+", " ".join(target.fields.values()))
            plan = memory_edit.plan_forget(m, " ".join(rng.sample(words, min(2, len(words)))) if words else "nothingatall")
        if plan.pulses:
            try:
                memory_edit.apply(plan)
            except MemoryFileError:
                pass
        new = path.read_bytes()
        removed = Counter(entry_key(data[p.offset : p.end]) for p in plan.pulses) if new != data else Counter()
        after = Counter(entry_key(new[p.offset : p.end]) for p in read_entries(new))
        if after != keys - removed:
            row.lost_pulses += sum((keys - removed - after).values())
            row.torn += sum((after - (keys - removed)).values())
        if _non_entry_lines(new) != _non_entry_lines(data):
            row.lost_lines += max(1, sum((_non_entry_lines(data) - _non_entry_lines(new)).values()))
        data, keys = new, after
    # an etch into whatever is there: the old bytes stay, and the new entry reads back whole
    p = m.witness(f"h{i} etched core", f"h{i} etched future", f"h{i} etched reply")
    new = path.read_bytes()
    if not new.startswith(data):
        row.lost_lines += 1
    after = Counter(entry_key(new[q.offset : q.end]) for q in read_entries(new))
    lost = keys - after
    row.lost_pulses += sum(lost.values())
    last = read_entries(new)[-1]
    if last.fields != p.fields:
        row.torn += 1


# ---- the table --------------------------------------------------------------------------------


# ---- slow answers ------------------------------------------------------------------------------

def drips(trials: int, deadline: float, seed: int = 29) -> Row:
    """A turn against a server that drips its answer must end at MILO_TIMEOUT, within 1 s, and
    drop the connection; counted in `torn` when it ran past, a traceback when it raised."""
    sys.path.insert(0, str(ROOT / "tests"))
    from model_server import ScriptedModelServer

    from milo.chat.models import choose_model
    from milo.chat.persona import Persona
    from milo.chat.turn import Milo

    row = Row("slow answers (MILO_TIMEOUT held within 1 s)")
    rng = random.Random(seed)
    overs = []
    with tempfile.TemporaryDirectory() as d, ScriptedModelServer() as server:
        path = Path(d) / "Living_Memory.md"
        path.write_text(PINNED)
        for t in range(trials):
            if time.monotonic() > deadline:
                row.notes.append(f"stopped at the deadline after {t} trials")
                break
            bound, every = rng.choice([1, 2, 3]), rng.uniform(0.4, 2.5)
            server.steps = [("drip", every)]
            # the read timeout above the drip: only the turn's own bound can end it
            model = choose_model("openai:drip", env={"MILO_BASE_URL": server.url}, timeout=10)
            milo = Milo(model, LivingMemory(path), Persona.load(user_name="Amy"), retries=0, timeout=bound)
            start = time.monotonic()
            try:
                result = milo.turn(f"hello {t}", on_reply=lambda piece: None)
            except Exception as e:  # noqa: BLE001 - counted
                row.tracebacks += 1
                row.notes.append(f"trial {t}: {type(e).__name__}: {e}")
                continue
            took = time.monotonic() - start
            row.tried += 1
            overs.append(took - bound)
            if took > bound + 1.0 or result.ok or result.pulse is not None:
                row.torn += 1
                row.notes.append(f"trial {t}: bound {bound} s, a piece every {every:.1f} s: ended after {took:.1f} s, "
                                 f"ok={result.ok}, etched={result.pulse is not None}")
        # The reader drops the connection when the next piece comes (it is blocked reading it), and
        # the server's write fails at the second piece after that: every stream seen gone within
        # 3 pieces of the last turn (the server answers each on a thread of its own).
        end = time.monotonic() + 3 * 2.5 + 1
        while server.gave_up < row.tried and time.monotonic() < end:
            time.sleep(0.05)
        if server.gave_up < row.tried:
            row.torn += row.tried - server.gave_up
            row.notes.append(f"{row.tried - server.gave_up} connections not dropped")
        if overs:
            row.notes.append(f"{len(overs)} turns ended {min(overs):+.2f} to {max(overs):+.2f} s from their bound; "
                             f"{len(read_entries(path.read_bytes()))} entries etched, {server.gave_up} connections dropped")
    return row


# ---- power cuts -------------------------------------------------------------------------------
#
# A SIGKILL leaves the page cache: what was written survives it. A power cut does not: only what
# was fsynced is on the disk, file data by an fsync of the file, a name (a new file, a rename, an
# unlink) by an fsync of its folder. The forked writer's os.fsync/os.fdatasync are wrapped to log
# what each call made durable (a copy of the file's bytes; the folder's names and inodes); after
# the SIGKILL the folder is rebuilt as the disk would hold it, under two models:
#   synced    names as of the folder's last fsync, each file's bytes as of its last fsync
#   metadata  names as they are now (a journal may have committed a rename no fsync asked for),
#             bytes still only as of each file's last fsync (data is not journaled)
# Bytes never fsynced are lost (an empty file). Every etch the writer acknowledged (its call
# returned) must be in the rebuilt memory or its archive, whole; the next Milo must read and
# append to it. A writer that does not fsync (`naive`) shows the check can fail.


def _record_durable(watched: str, store: str, log_fd: int) -> None:
    """In a child: log what each fsync of a file or folder under `watched` makes durable."""
    import json
    import stat as stat_mod

    count = [0]

    def durable(fd: int) -> None:
        try:
            where = os.readlink(f"/proc/self/fd/{fd}")
        except OSError:
            return
        if not where.startswith(watched):
            return
        st = os.fstat(fd)
        if stat_mod.S_ISDIR(st.st_mode):
            names = {}
            for name in os.listdir(where):
                try:
                    names[name] = os.stat(os.path.join(where, name), follow_symlinks=False).st_ino
                except FileNotFoundError:
                    pass
            record = {"dir": where, "names": names}
        else:
            count[0] += 1
            copy = os.path.join(store, f"{st.st_ino}.{count[0]}")
            with open(f"/proc/self/fd/{fd}", "rb") as f:  # the same inode, even when renamed since
                data = f.read()
            with open(copy, "wb") as f:
                f.write(data)
            record = {"ino": st.st_ino, "copy": copy}
        os.write(log_fd, (json.dumps(record) + "\n").encode())

    for name in ("fsync", "fdatasync"):
        real = getattr(os, name)

        def synced(fd, _real=real):
            _real(fd)
            durable(fd)

        setattr(os, name, synced)


def _listing(folder: Path) -> dict[str, int]:
    return {p.name: p.lstat().st_ino for p in folder.iterdir() if p.is_file() or p.is_symlink()}


def _after_cut(folder: Path, initial: dict[str, int], initial_bytes: dict[int, bytes], log: list[str],
               model: str) -> dict[str, bytes]:
    """The folder's files as the disk would hold them after the cut (see above)."""
    import json

    names, content = dict(initial), dict(initial_bytes)
    for line in log:
        try:
            record = json.loads(line)
        except ValueError:
            continue  # the last line, cut by the kill
        if "dir" in record:
            if record["dir"] == str(folder):
                names = record["names"]
        elif Path(record["copy"]).exists():
            content[record["ino"]] = Path(record["copy"]).read_bytes()
    if model == "metadata":
        names = _listing(folder)
    return {name: content.get(ino, b"") for name, ino in names.items()}


def _cut_writer(path: str, store: str, log_fd: int, wfd: int, seed: int, naive: bool) -> None:
    rng = random.Random(seed)
    _record_durable(str(Path(path).parent), store, log_fd)
    clock = [datetime(2025, 1, 1, 9, 0) + timedelta(days=seed % 50)]
    m = LivingMemory(path, clock=lambda: clock[0])
    os.write(wfd, b"ready\n")
    for i in range(10_000):
        clock[0] += timedelta(hours=7)
        core, fut, rep = _pulse(f"c{seed}", i)
        if i % 9 == 4:
            core += " forgetme"
        if naive:  # what a careless writer does: appended, never fsynced
            with open(path, "a") as f:
                f.write(f"\n--- [PULSE: {format_timestamp(clock[0])}] ---\nCORE_UPDATE: {core}\nFUTURE_MESSAGE: {fut}\nREPLY: {rep}\n")
        else:
            m.witness(core, fut, rep)
        os.write(wfd, f"c{seed} {i}\n".encode())
        if not naive and i % 6 == 5:
            kind = rng.choice(("forget", "archive"))
            try:
                if kind == "archive":
                    plan = memory_edit.plan_archive(m, clock[0] - timedelta(days=1))
                    if plan.pulses:
                        memory_edit.apply(plan, archive=archive_path(Path(path)), replan=True)
                else:
                    plan = memory_edit.plan_forget(m, "forgetme")
                    if plan.pulses:
                        memory_edit.apply(plan, replan=True)
                os.write(wfd, f"rewrite {kind}\n".encode())
            except MemoryFileError:
                pass
            for b in memory_edit.list_backups(Path(path)):
                b.unlink()  # kept small: every rewrite leaves one


def power_cuts(rounds: int, deadline: float, seed: int = 17, naive: bool = False) -> Row:
    row = Row("power cuts (naive writer: must lose)" if naive else "power cuts (synced / metadata)")
    rng = random.Random(seed)
    total_acked = rewrites = 0
    with tempfile.TemporaryDirectory() as d:
        for r in range(rounds):
            if time.monotonic() > deadline:
                row.notes.append(f"stopped at the deadline after {r} cuts")
                break
            folder = Path(d) / f"r{r}" / "memory"
            store = Path(d) / f"r{r}" / "store"
            folder.mkdir(parents=True)
            store.mkdir()
            path = folder / "Living_Memory.md"
            user = ["my own note, line one"] if r % 4 else []  # one in four: the first run, no file yet
            if user:
                path.write_bytes((PINNED + user[0] + "\n").encode())
            storage.fsync_dir(folder)
            initial = _listing(folder)
            initial_bytes = {ino: (folder / n).read_bytes() for n, ino in initial.items()}
            log_path = Path(d) / f"r{r}" / "durable.log"
            log_fd = os.open(log_path, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o600)
            rfd, wfd = os.pipe()
            pid = _fork(_cut_writer, str(path), str(store), log_fd, wfd, seed * 1000 + r, naive)
            os.close(wfd)
            os.close(log_fd)
            with os.fdopen(rfd, "rb", buffering=0) as pipe:
                pipe.readline()  # ready
                time.sleep(rng.uniform(0.002, 0.25))
                os.kill(pid, signal.SIGKILL)
                code = _reap(pid)
                said = [l.split() for l in pipe.read().decode().splitlines()]
                acked = {(t, int(n)) for t, n in said if t != "rewrite"}
                rewrites += sum(1 for t, _ in said if t == "rewrite")
            if code not in (-signal.SIGKILL, 0):
                row.tracebacks += 1
            total_acked += len(acked)
            log = log_path.read_text().splitlines()
            states = {model: _after_cut(folder, initial, initial_bytes, log, model) for model in ("synced", "metadata")}
            aside = "at-the-cut"
            for model, state in states.items():
                row.tried += 1
                # Rebuilt in the folder itself: an archive's journal names its files by full path.
                folder.rename(folder.with_name(aside))
                aside = f"after-{model}"
                folder.mkdir()
                for name, data in state.items():
                    (folder / name).write_bytes(data)
                mem = folder / "Living_Memory.md"
                try:
                    memory_edit.recover(mem)  # an archive cut short: what the next `milo memory` rewrite does first
                    after = LivingMemory(mem)
                    after.witness("after the cut", "", "")  # the next Milo appends to what is left
                    data = mem.read_bytes()
                except Exception as e:  # noqa: BLE001 - counted, the row says which
                    row.tracebacks += 1
                    row.notes.append(f"{model}: {type(e).__name__}: {e}")
                    continue
                arch = archive_path(mem)
                seen, torn = _tagged(data + (b"\n" + arch.read_bytes() if arch.exists() else b""))
                forgettable = {k for k in acked if k[1] % 9 == 4}
                lost = sum(1 for k in acked if seen[k] == 0 and k not in forgettable)
                row.lost_pulses += lost
                row.torn += torn
                dup = sum(n - 1 for n in seen.values() if n > 1)
                row.duplicated += dup
                if dup and len(row.notes) < 4:
                    twice = sorted(k for k, n in seen.items() if n > 1)[:3]
                    row.notes.append(f"{model}, cut {r}: {dup} entries twice, e.g. {twice}")
                row.lost_lines += sum(1 for u in user if u not in data.decode("utf-8", "replace"))
                if lost and len(row.notes) < 4:
                    row.notes.append(f"{model}, cut {r}: {lost} of {len(acked)} acknowledged etches lost")
        row.notes.append(f"{total_acked} etches and {rewrites} archives or forgets acknowledged before the cuts")
    return row


# ---- a week in an hour --------------------------------------------------------------------------
#
# One long-lived process talks to a loopback model (it answers every message at once, its
# CORE_UPDATE the message itself) for thousands of turns on a simulated clock (one Milo, a fresh
# chain per turn, as `milo serve` and `milo voice` run), a quiet period now and then that rotates
# the conversation, the user editing the file by hand, forgets and archives, and now and then a second
# Milo process SIGKILLed mid-conversation. At the end every acknowledged turn (its entry etched)
# must be in the memory or its archive, every line the user wrote still there, and the process
# must not have grown: RSS, open files and threads after the warm-up vs at the end.

SOAK_WORDS = ("watered painted fixed cleaned moved sold found lost baked planted drew carried borrowed repaired "
              "garden kitchen bicycle fence window piano tulips bread letters lamp boat scarf roof clock kite "
              "sister neighbour brother cousin friend uncle aunt grandmother colleague teacher daughter son").split()
SOAK_CHILD = r"""
import os, sys, time
sys.path.insert(0, sys.argv[1])
sys.path.insert(0, os.path.join(sys.argv[1], "tests"))
from milo.chat.models import choose_model
from milo.chat.persona import Persona
from milo.chat.turn import Milo
from milo.memory import LivingMemory
from milo.sessions import SessionMemory
from milo.sessions.store import SessionStore
path, sessions, url, tag = sys.argv[2:6]
model = choose_model("openai:soak", env={"MILO_BASE_URL": url}, timeout=30)
milo = Milo(model, LivingMemory(path, relevance=True, budget_tokens=1700), Persona.load(user_name="Amy"),
            history=SessionMemory(SessionStore(sessions)), retries=0)
for i in range(100000):
    result = milo.turn(f"{tag} #{i}# I had a nice day")
    if result.pulse is not None:
        print(f"{tag} {i}", flush=True)
"""


def _usage() -> tuple[int, int, int, int]:
    """(RSS in kB, open file descriptors, threads, the file-backed part of the RSS in kB) of this
    process. File-backed pages are mapped files read so far (the embedder's memory-mapped word
    table grows with the vocabulary seen, up to its size): the kernel reclaims them at will."""
    rss = threads = rss_file = 0
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            rss = int(line.split()[1])
        elif line.startswith("Threads:"):
            threads = int(line.split()[1])
        elif line.startswith("RssFile:"):
            rss_file = int(line.split()[1])
    return rss, len(os.listdir("/proc/self/fd")), threads, rss_file


def _pulses(path: Path) -> int:
    return sum(p.read_text(errors="replace").count("--- [PULSE:") for p in (path, archive_path(path)) if p.exists())


def soak(turns: int, deadline: float, kills: int = 4, seed: int = 23, meaning: bool = True) -> Row:
    import gc
    import subprocess

    sys.path.insert(0, str(ROOT / "tests"))
    from model_server import ScriptedModelServer

    from milo.chat.models import choose_model
    from milo.chat.persona import Persona
    from milo.chat.turn import Milo
    from milo.sessions import SessionMemory
    from milo.sessions.store import SessionStore

    row = Row(f"a week in an hour ({turns} turns)")
    rng = random.Random(seed)
    clock = [datetime(2025, 3, 1, 8, 0)]

    class Echo(list):
        """The model's answers: the user's message as the note, a short reply."""

        def pop(self, index=-1):
            messages = server.requests[-1].get("messages", [])
            del server.requests[:], server.headers[:]  # the stand-in's own log: not Milo's memory
            said = next((m["content"] for m in reversed(messages) if m.get("role") == "user"), "")
            said = said if isinstance(said, str) else " ".join(p.get("text", "") for p in said)
            return ("ok", f"[REPLY]: Oh, nice! Tell me more.\n[INTERNAL]: fine\n[CORE_UPDATE]: {said}\n"
                          f"[FUTURE_MESSAGE]: Nothing in particular")

        def __bool__(self):
            return True

    with tempfile.TemporaryDirectory() as d, ScriptedModelServer() as server:
        server.steps = Echo()
        folder = Path(d)
        path, sessions, cache = folder / "Living_Memory.md", folder / "sessions", folder / "cache"
        user = ["my own note, line one"]
        path.write_text(PINNED + user[0] + "\n")
        model = choose_model("openai:soak", env={"MILO_BASE_URL": server.url}, timeout=30)
        persona = Persona.load(user_name="Amy")
        store = SessionStore(sessions, ttl=3 * 3600, clock=lambda: clock[0].timestamp())
        # The bench's own bookkeeping lives in the measured process: a flag byte a turn, not a
        # set of tuples (~150 bytes a turn, 3 MB of "growth" over 20,000 turns that was not Milo's)
        ACKED, FORGETTABLE = 1, 2
        turn_flags = bytearray(turns)
        acked: set[tuple[str, int]] = set()  # the killed processes' turns, a few dozen
        edit_every, forget_every, archive_every = min(150, max(10, turns // 8)), min(250, max(20, turns // 3)), min(900, max(30, turns // 2))
        rewrites = Counter()
        kill_at = set(rng.sample(range(turns // 10, turns), min(kills, max(0, turns - turns // 10)))) if kills else set()
        milo, before, pulses_before = None, None, 0

        def tool(args: list[str], counted: str) -> None:
            out = subprocess.run([sys.executable, "-m", "milo", "memory", *args, "--yes", "--memory-file", str(path)],
                                 capture_output=True, text=True, env={**os.environ, "PYTHONPATH": str(ROOT), "MILO_CACHE_DIR": str(cache)})
            if out.returncode != 0:
                row.notes.append(f"{args[0]} refused: {(out.stderr.strip().splitlines() or [out.returncode])[-1]}")
            elif "\nForgot " in out.stdout or "\nArchived " in out.stdout:
                rewrites[counted] += 1

        r = 0
        for r in range(turns):
            if time.monotonic() > deadline:
                row.notes.append(f"stopped at the deadline after {r} turns")
                break
            clock[0] += timedelta(hours=rng.choice([0.02, 0.05, 0.1, 0.2, 5.0]))  # now and then a quiet period
            if milo is None:  # one long-lived process (`milo serve`, `milo voice`); a chain per turn
                memory = LivingMemory(path, relevance=True, budget_tokens=1700, cache_dir=cache, clock=lambda: clock[0],
                                      meaning=meaning)
                milo = Milo(model, memory, persona, history=SessionMemory(store), retries=0)
            a, b, c = rng.sample(SOAK_WORDS, 3)
            text = f"day {clock[0]:%j} #{r}# I {a} the {b} with my {c}" + (" forgetme" if r % 7 == 3 else "")
            try:
                result = milo.turn(text)
            except Exception as e:  # noqa: BLE001 - counted
                row.tracebacks += 1
                row.notes.append(f"turn {r}: {type(e).__name__}: {e}")
                continue
            row.tried += 1
            if result.pulse is not None:
                turn_flags[r] = ACKED | (FORGETTABLE if "forgetme" in text else 0)
            elif len(row.notes) < 6:
                row.notes.append(f"turn {r} not etched: {result.error or result.memory_changes}")
            if r % edit_every == edit_every - 1:  # the user edits the file by hand
                if rng.random() < 0.5:
                    line = f"a line I added by hand, {r}"
                    with open(path, "a") as f:
                        f.write(line + "\n")
                    user.append(line)
                    rewrites["lines added by hand"] += 1
                else:  # an editor that rewrites the whole file in place, changing a line of its own
                    text_now = path.read_text()
                    old, new = user[-1], user[-1] + " (edited)"
                    if old + "\n" in text_now:
                        path.write_text(text_now.replace(old + "\n", new + "\n", 1))
                        user[-1] = new
                        rewrites["files rewritten by hand"] += 1
            # forget and archive as the user runs them: `milo memory ...`, a process of its own
            # (in this one, their whole-file peaks would be counted as the long-lived Milo's growth)
            if r % forget_every == forget_every - 1:
                tool(["forget", "forgetme"], "forgets")
            if r % archive_every == archive_every - 1:
                tool(["archive", "--before", f"{clock[0] - timedelta(days=2):%Y-%m-%d}"], "archives")
                for b in memory_edit.list_backups(path):
                    b.unlink()  # a real user's backups are theirs; here they would only fill the disk
            if r in kill_at:  # another Milo, killed in the middle of its turns
                child = subprocess.Popen([sys.executable, "-c", SOAK_CHILD, str(ROOT), str(path), str(sessions), server.url, f"k{r}"],
                                         stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
                first = child.stdout.readline()
                time.sleep(rng.uniform(0.05, 0.6))
                child.kill()
                out, _ = child.communicate()
                for line in (first + out).splitlines():
                    t, n = line.split()
                    acked.add((t, int(n)))
            if r == max(turns // 10, 1):
                gc.collect()
                before = _usage()
                pulses_before = _pulses(path)
        milo = None
        gc.collect()
        after = _usage()
        text = path.read_text(errors="replace") + "\n" + (archive_path(path).read_text(errors="replace")
                                                          if archive_path(path).exists() else "")
        found = set()
        for m in re.finditer(r"^CORE_UPDATE: .*?(?:day \d+ |(k\d+) )#(\d+)#", text, re.MULTILINE):
            found.add((m.group(1) or "p", int(m.group(2))))
        acked |= {("p", i) for i, f in enumerate(turn_flags) if f & ACKED}
        forgettable = {("p", i) for i, f in enumerate(turn_flags) if f & FORGETTABLE}
        lost = [k for k in acked - forgettable if k not in found]
        row.lost_pulses += len(lost)
        row.lost_lines += sum(1 for u in user if u not in text)
        if lost:
            row.notes.append(f"lost: {sorted(lost)[:5]}")
        row.notes.append(f"{len(acked)} turns acknowledged, {sum(1 for k in acked if k[0] != 'p')} of them by "
                         f"{len(kill_at)} killed processes; {len(list(sessions.glob('*.json')))} conversation files; "
                         + ", ".join(f"{n} {k}" for k, n in sorted(rewrites.items())))
        if before:
            growth = 100.0 * (after[0] - before[0]) / before[0]
            anon = [u[0] - u[3] for u in (before, after)]
            row.notes.append(f"after the warm-up -> at the end: RSS {before[0] // 1024} -> {after[0] // 1024} MB "
                             f"({growth:+.1f}%; without mapped files {anon[0] // 1024} -> {anon[1] // 1024} MB, "
                             f"{100.0 * (anon[1] - anon[0]) / max(anon[0], 1):+.1f}%), open files {before[1]} -> {after[1]}, "
                             f"threads {before[2]} -> {after[2]}; the memory and its archive (recall searches both; "
                             f"the word index grows with them) {pulses_before} -> {_pulses(path)} pulses")
            if after[1] > before[1] or after[2] > before[2]:
                row.torn += 1  # counted as a fault: something leaks
                row.notes.append("open files or threads grew")
    return row


def _merged(rows: list[Row]) -> Row:
    out = Row(rows[0].name)
    for r in rows:
        for f in ("tried", "lost_pulses", "lost_lines", "torn", "duplicated", "tracebacks"):
            setattr(out, f, getattr(out, f) + getattr(r, f))
        out.notes += r.notes
    return out


def run(quick: bool = False, budget_s: float = 840.0) -> list[Row]:
    start = time.monotonic()
    counts = dict(kills=12, rewrites=16, seconds=6.0, rounds=1, per_writer=40, nano=1, hostile=60, cuts=12, soak=100, drips=3) if quick else \
        dict(kills=200, rewrites=100, seconds=60.0, rounds=3, per_writer=300, nano=20, hostile=1000, cuts=200, soak=20000, drips=20)
    share = budget_s / 8
    rows = []
    for make in (lambda: writer_kills(counts["kills"], time.monotonic() + share),
                 lambda: rewrite_kills(counts["rewrites"], time.monotonic() + share),
                 lambda: _merged([concurrency(counts["seconds"], per_writer=counts["per_writer"], seed=3 + i)
                                  for i in range(counts["rounds"])]),
                 lambda: nano_vs_archive(counts["nano"], 2000, time.monotonic() + share),
                 lambda: hostile_files(counts["hostile"], time.monotonic() + share),
                 lambda: power_cuts(counts["cuts"], time.monotonic() + share),
                 lambda: drips(counts["drips"], time.monotonic() + share),
                 lambda: soak(counts["soak"], time.monotonic() + share, kills=1 if quick else 8)):
        t = time.monotonic()
        row = make()
        row.seconds = time.monotonic() - t
        rows.append(row)
    total = Row("all", sum(r.tried for r in rows), sum(r.lost_pulses for r in rows), sum(r.lost_lines for r in rows),
                sum(r.torn for r in rows), sum(r.duplicated for r in rows), sum(r.tracebacks for r in rows))
    total.seconds = time.monotonic() - start
    rows.append(total)
    return rows


def table(rows: list[Row]) -> str:
    head = f"{'scenario':<42} {'tried':>7} {'lost pulses':>11} {'lost lines':>10} {'torn':>5} {'dup':>5} {'tracebacks':>10} {'s':>6}"
    out = [head, "-" * len(head)]
    for r in rows:
        out.append(f"{r.name:<42} {r.tried:>7} {r.lost_pulses:>11} {r.lost_lines:>10} {r.torn:>5} {r.duplicated:>5} {r.tracebacks:>10} {r.seconds:>6.1f}")
    for r in rows:
        for n in r.notes:
            out.append(f"  {r.name}: {n}")
    return "\n".join(out)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--quick", action="store_true", help="small counts (seconds, not minutes)")
    ap.add_argument("--budget", type=float, default=840.0, help="seconds for the whole run (default 840)")
    ap.add_argument("--soak", type=int, metavar="TURNS", help="only the soak, this many turns, no deadline")
    args = ap.parse_args()
    if args.soak:
        t = time.monotonic()
        row = soak(args.soak, float("inf"), kills=max(1, args.soak // 2500))
        row.seconds = time.monotonic() - t
        print(table([row]))
        return 0 if row.zero() else 1
    rows = run(args.quick, args.budget)
    print(table(rows))
    return 0 if rows[-1].zero() else 1


if __name__ == "__main__":
    sys.exit(main())
