"""`milo brain list|install NAME|path [NAME]`: the embedded brains, what each costs, installing one."""

from __future__ import annotations

import sys
import time

from milo import brains
from milo.brains import download


def _progress_bar():
    started = time.monotonic()
    last = [0.0]

    def show(done: int, total: int) -> None:
        now = time.monotonic()
        if now - last[0] < 0.2 and done < total:
            return
        last[0] = now
        share = done / total if total else 1.0
        bar = "#" * int(share * 30)
        rate = done / max(now - started, 1e-3) / 1e6
        sys.stderr.write(f"\r[{bar:<30}] {share * 100:5.1f}%  {done / 1e6:7.0f} / {total / 1e6:.0f} MB  {rate:5.1f} MB/s")
        if done >= total:
            sys.stderr.write("\n")
        sys.stderr.flush()

    return show


def cmd_list(args, kit) -> int:
    settings = kit.settings(args)
    chosen = brains.default_brain(settings)
    for b in brains.BRAINS.values():
        where = brains.path_of(b, settings)
        state = f"installed: {where}" if where else f"not installed: `milo brain install {b.name}` ({b.size / 1e9:.1f} GB)"
        mark = "*" if b is chosen else " "
        print(f"{mark} {b.name:5s} {b.title}; needs {b.ram}; {b.speed}\n        {state}")
    print("(* what `--model embedded` uses; pick one with --model tiny or --model good)")
    return 0


def cmd_install(args, kit) -> int:
    brain = brains.BRAINS[args.name]
    settings = kit.settings(args)
    if brain.size and not brains.path_of(brain, settings):
        kit.say(f"Installing the {brain.name} brain, {brain.title} ({brain.size / 1e9:.1f} GB; a few minutes on a "
                f"home connection), into {brains.brains_dir(settings)} ...")
    path = download.install(brain, settings, progress=_progress_bar() if sys.stderr.isatty() else None)
    print(f"{brain.name} brain ready: {path}")
    return 0


def cmd_path(args, kit) -> int:
    settings = kit.settings(args)
    brain = brains.BRAINS[args.name] if args.name else brains.default_brain(settings)
    print(brains.weights(brain.name, settings))
    return 0


def register(sub, kit) -> None:
    p = sub.add_parser("brain", parents=[kit.common], help="the embedded brains: list, install, path",
                       description="The embedded brains (offline models): tiny (ships with Milo) and good (a 1.1 GB download).")
    s = p.add_subparsers(dest="brain_command", metavar="ACTION", required=True)
    s.add_parser("list", parents=[kit.common], help="the brains, their cost, which are installed").set_defaults(func=lambda a: cmd_list(a, kit))
    i = s.add_parser("install", parents=[kit.common], help="download and check a brain (resumable)")
    i.add_argument("name", choices=sorted(brains.BRAINS))
    i.set_defaults(func=lambda a: cmd_install(a, kit))
    w = s.add_parser("path", parents=[kit.common], help="where a brain's weights are")
    w.add_argument("name", nargs="?", choices=sorted(brains.BRAINS))
    w.set_defaults(func=lambda a: cmd_path(a, kit))
