"""`milo memory path|show|search|stats|forget|archive|backups|restore`: look after the living memory."""

from __future__ import annotations

import argparse
import sys
from datetime import datetime

from milo.memory import edit as memory_edit
from milo.memory import open_memory
from milo.memory.format import archive_path, entry_keys


def _memory(args, check: bool = True):
    """The memory as the app opens it; `check`: a file there that cannot be read (a folder, no
    permission) is said in one sentence before anything reads it."""
    from milo.config import Settings

    memory = open_memory(settings=Settings.load(args))
    if check:
        memory.check_readable()
    return memory


def _print_entries(data, pulses):
    for p in pulses:
        print(f"[{memory_edit.pulse_id(p, data)}] line {p.line}")
        print(p.text())
        print()


def cmd_path(args) -> int:
    print(_memory(args, check=False).path)
    return 0


def cmd_show(args) -> int:
    memory = _memory(args)
    data, pulses = memory_edit.entries(memory.path)
    _print_entries(data, pulses[-args.last :] if args.last else pulses)
    return 0


def cmd_search(args) -> int:
    memory = _memory(args)
    if memory.relevance is None:
        print("milo: relevance recall is off (MILO_RECALL=recent).", file=sys.stderr)
        return 2
    query = " ".join(args.query)
    hits = memory.relevance.search(query, k=args.limit)
    pinned = _matching_pinned(memory.pinned(), query)
    if pinned:
        print("pinned (always in the prompt):")
        print("  " + "\n  ".join(pinned))
    if not hits and not pinned:
        print("Nothing in memory matches that.")
    for h in hits:
        where = " (archive)" if h.source == "archive" else ""
        print(f"score {h.score:6.2f}{where}  line {h.pulse.line}")
        print("  " + h.pulse.text().replace("\n", "\n  "))
    print("\nWhat recall would give the model for this message:")
    stable, relevant = memory.recall_parts(query)
    from milo.memory.recall import estimate_tokens  # numpy: only for the commands that search

    print(f"  pinned + recent: ~{estimate_tokens(stable)} tokens; related older notes: ~{estimate_tokens(relevant)} tokens (budget {memory.relevance.budget})")
    return 0


def _matching_pinned(pinned: str, query: str) -> list[str]:
    from milo.memory.index import terms

    wanted = set(terms(query))
    return [line.strip() for line in pinned.splitlines() if line.strip() and wanted & set(terms(line))]


def cmd_about(args) -> int:
    """What Milo knows about you: the pinned facts, your name, and what recall brings for it."""
    from milo.config import Settings
    from milo.memory.names import learn_name

    settings = Settings.load(args)
    memory = _memory(args)
    pinned = memory.pinned()
    said = [p.core_update for p in reversed(memory.recent_pulses(200)) if p.core_update]
    name = args.name or (settings.user_name if settings.user_name != "Friend" else None) or learn_name(pinned, said)
    print(f"Your name, as Milo knows it: {name or '(not known yet: tell Milo, or pin it)'}")
    print("\nPinned facts (always in the prompt):")
    print("  " + ("\n  ".join(l for l in pinned.splitlines() if l.strip()) if pinned.strip() else "(none: add a '## Pinned' section at the top of the file)"))
    if memory.relevance is not None and name:
        hits = memory.relevance.search(name, k=args.limit)
        print(f"\nWhat recall brings for '{name}':")
        for h in hits:
            print("  " + h.pulse.text().replace("\n", "\n  "))
        if not hits:
            print("  (nothing yet)")
    return 0


def cmd_stats(args) -> int:
    memory = _memory(args)
    data, pulses = memory_edit.entries(memory.path)
    stamps = [p.timestamp for p in pulses if p.timestamp]
    print(f"file:     {memory.path}")
    print(f"size:     {len(data):,} bytes")
    print(f"entries:  {len(pulses):,}")
    if stamps:
        print(f"from:     {min(stamps):%Y-%m-%d %H:%M} to {max(stamps):%Y-%m-%d %H:%M}")
    pinned = memory.pinned()
    if pinned or memory.relevance is not None:
        facts = [l for l in pinned.splitlines() if l.strip()]
        print(f"pinned:   {len(facts)} line{'s' if len(facts) != 1 else ''} under '## Pinned'")
    archive = archive_path(memory.path)
    if archive.exists():
        _, archived = memory_edit.entries(archive)
        print(f"archive:  {archive} ({len(archived):,} entries)")
    return 0


def _confirm(plan, yes: bool, what: str) -> bool:
    if not plan.pulses:
        print(f"Nothing to {what}.")
        return False
    data = plan.data or memory_edit.read_bytes(plan.path)
    n = len(plan.pulses)
    print(f"{'This entry' if n == 1 else f'These {n} entries'} will {what}:")
    _print_entries(data, plan.pulses)
    if yes:
        return True
    if not sys.stdin.isatty():
        print("milo: not a terminal, so nothing was changed; add --yes to confirm.", file=sys.stderr)
        return False
    return input("Go ahead? [y/N] ").strip().lower() in ("y", "yes")


def cmd_forget(args) -> int:
    memory = _memory(args)
    if not args.query and not args.pulse:
        print("milo: say what to forget (words that the entries contain) or --pulse ID.", file=sys.stderr)
        return 2
    query = " ".join(args.query)
    if args.query and not memory_edit.forget_patterns(query):
        print(f"milo: {query!r} has no words to look for; nothing was changed.", file=sys.stderr)
        return 2
    plan = memory_edit.plan_forget(memory, query, args.pulse or ())
    if not _confirm(plan, args.yes, "be forgotten"):
        return 0 if not plan.pulses else 1
    backup = memory_edit.apply(plan, replan=args.yes)
    print(f"Forgot {len(plan.pulses)} entr{'ies' if len(plan.pulses) != 1 else 'y'}. Backup: {backup}")
    return 0


def cmd_archive(args) -> int:
    memory = _memory(args)
    try:
        before = datetime.strptime(args.before, "%Y-%m-%d")
    except ValueError:
        print("milo: --before takes a date like 2026-01-31.", file=sys.stderr)
        return 2
    plan = memory_edit.plan_archive(memory, before)
    archive = archive_path(memory.path)
    if not _confirm(plan, args.yes, f"move to {archive.name}"):
        return 0 if not plan.pulses else 1
    backup = memory_edit.apply(plan, archive=archive, replan=args.yes)
    print(f"Archived {len(plan.pulses)} entr{'ies' if len(plan.pulses) != 1 else 'y'} to {archive}. Backup: {backup}")
    return 0


def cmd_backups(args) -> int:
    memory = _memory(args)
    backups = memory_edit.list_backups(memory.path)
    if not backups:
        print(f"No backups of {memory.path} yet (forget, archive and restore make one).")
        return 0
    print(f"Backups of {memory.path}, newest first (the {memory_edit.KEEP_BACKUPS} newest are kept):")
    for b in backups:
        data, pulses = memory_edit.entries(b)
        stamp = datetime.fromtimestamp(b.stat().st_mtime)
        print(f"  {b.name}  {stamp:%Y-%m-%d %H:%M:%S}  {len(pulses):,} entr{'ies' if len(pulses) != 1 else 'y'}  {len(data):,} bytes")
    print("Put one back with `milo memory restore NAME` (the current file is backed up first).")
    return 0


def cmd_restore(args) -> int:
    memory = _memory(args)
    backup = memory_edit.find_backup(memory.path, args.backup)
    _, now = memory_edit.entries(memory.path)
    _, then = memory_edit.entries(backup)
    print(f"{memory.path} has {len(now):,} entr{'ies' if len(now) != 1 else 'y'}; {backup.name} has {len(then):,}.")
    if not args.yes:
        if not sys.stdin.isatty():
            print("milo: not a terminal, so nothing was changed; add --yes to confirm.", file=sys.stderr)
            return 1
        if input(f"Replace the memory file with {backup.name}? [y/N] ").strip().lower() not in ("y", "yes"):
            return 1
    saved = memory_edit.restore(memory.path, backup)
    print(f"Restored {backup.name}." + (f" The file it replaced is backed up as {saved.name}." if saved else ""))
    archive = archive_path(memory.path)
    if archive.exists():
        data, pulses = memory_edit.entries(backup)
        archived = set(entry_keys(memory_edit.read_bytes(archive)))
        both = sum(1 for k in entry_keys(data, pulses) if k in archived)
        if both:
            print(f"{both} of its entries are also in {archive.name}; `milo memory archive --before DATE --yes` moves them there again without copying them twice.")
    return 0


def _count(raw: str) -> int:
    try:
        n = int(raw)
    except ValueError:
        n = -1
    if n < 0:
        raise argparse.ArgumentTypeError(f"must be a whole number of at least 0, not {raw!r}")
    return n


def _at_least_one(raw: str) -> int:
    n = _count(raw)
    if n < 1:
        raise argparse.ArgumentTypeError(f"must be a whole number of at least 1, not {raw!r}")
    return n


def register(sub: argparse._SubParsersAction, kit) -> None:
    p = sub.add_parser("memory", parents=[kit.common], help="show, search, forget or archive what Milo remembers", description="Look after Living_Memory.md.")
    s = p.add_subparsers(dest="memory_command", metavar="ACTION", required=True)

    def action(name: str, func, **kw):
        a = s.add_parser(name, parents=[kit.common], **kw)
        a.set_defaults(func=func)
        return a

    action("path", cmd_path, help="print the memory file's path")
    show = action("show", cmd_show, help="print the entries (with their ids)")
    show.add_argument("--last", type=_count, default=0, metavar="N", help="only the last N entries")
    search = action("search", cmd_search, help="what recall would bring for QUERY, with scores")
    search.add_argument("query", nargs="+")
    search.add_argument("--limit", type=_at_least_one, default=5, help="at most this many entries (default 5)")
    action("stats", cmd_stats, help="entries, size, date range, pinned facts")
    about = action("about", cmd_about, help="what Milo knows about you: pinned facts, your name, what recall brings for it")
    about.add_argument("name", nargs="?", help="the name to look for (default: the one Milo knows)")
    about.add_argument("--limit", type=_at_least_one, default=5, help="at most this many entries (default 5)")
    forget = action("forget", cmd_forget, help="remove entries containing all of QUERY's whole words (or a \"quoted phrase\"), or --pulse ID")
    forget.add_argument("query", nargs="*")
    forget.add_argument("--pulse", action="append", metavar="ID", help="an entry id from `milo memory show` (repeatable)")
    forget.add_argument("--yes", action="store_true", help="do not ask")
    archive = action("archive", cmd_archive, help="move entries older than DATE to the archive file (search still reads it)")
    archive.add_argument("--before", required=True, metavar="YYYY-MM-DD")
    archive.add_argument("--yes", action="store_true", help="do not ask")
    action("backups", cmd_backups, help="list the backups forget/archive/restore saved, newest first, with entry counts")
    restore = action("restore", cmd_restore, help="put a backup back (the current file is backed up first)")
    restore.add_argument("backup", metavar="BACKUP", help="a name from `milo memory backups`, or its path")
    restore.add_argument("--yes", action="store_true", help="do not ask")
