"""`milo memory path|show|search|stats|forget|archive`: look after the living memory."""

from __future__ import annotations

import argparse
import sys
from datetime import datetime

from milo import memory_edit
from milo.app import SetupError, memory_from_args
from milo.memory import MemoryFileError
from milo.recall import archive_path, estimate_tokens, pulse_text


def _memory(args):
    return memory_from_args(args)


def _print_entries(data, pulses):
    for p in pulses:
        print(f"[{memory_edit.pulse_id(p, data)}] line {p.line}")
        print(pulse_text(p))
        print()


def cmd_path(args) -> int:
    print(_memory(args).path)
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
    if not hits:
        print("Nothing in memory matches that.")
    for h in hits:
        where = " (archive)" if h.source == "archive" else ""
        print(f"score {h.score:6.2f}{where}  line {h.pulse.line}")
        print("  " + pulse_text(h.pulse).replace("\n", "\n  "))
    print("\nWhat recall would give the model for this message:")
    stable, relevant = memory.recall_parts(query)
    print(f"  pinned + recent: ~{estimate_tokens(stable)} tokens; related older notes: ~{estimate_tokens(relevant)} tokens (budget {memory.relevance.budget})")
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
    if memory.relevance is not None:
        pinned = memory.relevance.index().pinned
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
    data = memory_edit.read_bytes(plan.path)
    print(f"These {len(plan.pulses)} entr{'ies' if len(plan.pulses) != 1 else 'y'} will {what}:")
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
    plan = memory_edit.plan_forget(memory, " ".join(args.query), args.pulse or ())
    if not _confirm(plan, args.yes, "be forgotten"):
        return 0 if not plan.pulses else 1
    backup = memory_edit.apply(plan)
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
    backup = memory_edit.apply(plan, archive=archive)
    print(f"Archived {len(plan.pulses)} entr{'ies' if len(plan.pulses) != 1 else 'y'} to {archive}. Backup: {backup}")
    return 0


def _guard(func):
    def run(args):
        try:
            return func(args)
        except (MemoryFileError, SetupError) as e:
            print(f"milo: {e}", file=sys.stderr)
            return 2
    return run


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("memory", help="show, search, forget or archive what Milo remembers", description="Look after Living_Memory.md.")
    p.add_argument("--memory-file", default=None, help="the living memory file [env MILO_MEMORY_FILE]")
    s = p.add_subparsers(dest="memory_command", metavar="ACTION", required=True)
    s.add_parser("path", help="print the memory file's path").set_defaults(func=_guard(cmd_path))
    show = s.add_parser("show", help="print the entries (with their ids)")
    show.add_argument("--last", type=int, default=0, metavar="N", help="only the last N entries")
    show.set_defaults(func=_guard(cmd_show))
    search = s.add_parser("search", help="what recall would bring for QUERY, with scores")
    search.add_argument("query", nargs="+")
    search.add_argument("--limit", type=int, default=5)
    search.set_defaults(func=_guard(cmd_search))
    s.add_parser("stats", help="entries, size, date range, pinned facts").set_defaults(func=_guard(cmd_stats))
    forget = s.add_parser("forget", help="remove entries containing all of QUERY's words, or --pulse ID")
    forget.add_argument("query", nargs="*")
    forget.add_argument("--pulse", action="append", metavar="ID", help="an entry id from `milo memory show` (repeatable)")
    forget.add_argument("--yes", action="store_true", help="do not ask")
    forget.set_defaults(func=_guard(cmd_forget))
    archive = s.add_parser("archive", help="move entries older than DATE to the archive file (search still reads it)")
    archive.add_argument("--before", required=True, metavar="YYYY-MM-DD")
    archive.add_argument("--yes", action="store_true", help="do not ask")
    archive.set_defaults(func=_guard(cmd_archive))
