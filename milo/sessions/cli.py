"""`milo sessions list|show|clear`: the recent conversations bridged on disk."""

from __future__ import annotations

import argparse
import sys
import time

def _store(args):
    # SESSION_MEMORY=0 stops recording; the stored ones can still be listed and cleared.
    from milo.config import Settings
    from milo.sessions import store_from_settings  # LangChain: only when a command runs

    return store_from_settings(Settings.load(args))


def cmd_list(args) -> int:
    store = _store(args)
    convs = store.conversations()
    if not convs:
        print(f"No conversations in {store.dir}.")
        return 0
    for c in convs:
        when = time.strftime("%Y-%m-%d %H:%M", time.localtime(c.modified))
        print(f"{'*' if c.active else ' '} {c.id}  {c.messages:4d} messages  last {when}")
    print("(* active)")
    return 0


def cmd_show(args) -> int:
    store = _store(args)
    conv_id = args.id or store.active_id()
    if conv_id is None:
        print("No active conversation (it rotates after SESSION_TTL seconds of quiet).")
        return 0
    try:
        hist = store.history(conv_id)
    except ValueError as e:
        print(f"milo: {e}.", file=sys.stderr)
        return 2
    if not hist.path.exists():
        print(f"milo: no conversation {conv_id} in {store.dir}.", file=sys.stderr)
        return 2
    for m in hist.messages:
        who = "you" if m.type == "human" else "milo"
        print(f"{who}> {m.content}")
    return 0


def cmd_clear(args) -> int:
    store = _store(args)
    if not args.all and not args.id:
        print("milo: name a conversation id, or use --all.", file=sys.stderr)
        return 2
    try:
        gone = store.clear(None if args.all else args.id)
    except ValueError as e:
        print(f"milo: {e}.", file=sys.stderr)
        return 2
    print(f"Cleared {gone} conversation{'s' if gone != 1 else ''}.")
    return 0


def register(sub: argparse._SubParsersAction, kit) -> None:
    p = sub.add_parser("sessions", parents=[kit.common], help="list, show or clear the recent conversations", description="The recent conversations bridged on disk (SESSION_DIR).")
    s = p.add_subparsers(dest="sessions_command", metavar="ACTION", required=True)
    s.add_parser("list", parents=[kit.common], help="list conversations (* marks the active one)").set_defaults(func=cmd_list)
    show = s.add_parser("show", parents=[kit.common], help="print a conversation (default: the active one)")
    show.add_argument("id", nargs="?")
    show.set_defaults(func=cmd_show)
    clear = s.add_parser("clear", parents=[kit.common], help="delete a conversation, or all of them")
    clear.add_argument("id", nargs="?")
    clear.add_argument("--all", action="store_true")
    clear.set_defaults(func=cmd_clear)
