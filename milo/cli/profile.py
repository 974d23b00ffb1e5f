"""`milo profile list|new NAME`: personas, one folder each (profiles/<name>/profile.toml).

A profile gives the persona's name, its sample utterances, its prompts, its memory file, its
wake phrase, language and voice, and the gestures it may make (milo.config.read_profile).
`--profile NAME` / MILO_PROFILE chooses one. New profiles go to the user's data folder
(~/.local/share/milo/profiles), beside their own memory, never into the project.
"""

from __future__ import annotations

import argparse
import shutil

from milo.config import PROFILE_FILE, Settings, all_profiles, find_profile, profile_id, read_profile
from milo.errors import ConfigError

TEMPLATE = """# A persona for Milo's brain: `milo --profile {folder}` (or MILO_PROFILE={folder}).
name = "{name}"                    # its name: in its prompt, and never taken for yours
language = "{language}"            # what speech recognition listens for
wake_phrase = "hey {name}"
# wake_word = "okay_nabu"          # or listen for a trained word (okay_nabu, hey_jarvis, hey_mycroft, alexa, a .json)
voice = ""                         # a text-to-speech voice; "" = the engine's default
gestures = []                      # the gestures it may make; [] = all of them
# Its sample utterances are sample_speak.txt in this folder: write a few lines in its voice.
# Its memory is Living_Memory.md in this folder (memory = "..." to use another, or to share one).
# Its prompts are the shipped ones ({{name}} is the name above), or a prompts/ folder here.
"""


def cmd_list(args: argparse.Namespace) -> int:
    settings = Settings.load(args)
    for name, p in all_profiles(settings.data_dir).items():
        mark = "*" if name == settings.profile else " "
        try:
            info = read_profile(p)
            print(f"{mark} {name}: {info['persona_name']}, memory {info['memory_file']} ({p})")
        except ValueError as e:
            print(f"{mark} {name}: cannot be used: {e}")
    return 0


def cmd_new(args: argparse.Namespace) -> int:
    settings = Settings.load(args)
    folder = settings.data_dir / "profiles" / args.folder
    if find_profile(args.folder, settings.data_dir) is not None:
        raise ConfigError(f"A profile called {args.folder!r} already exists; `milo profile list` shows where.")
    source = find_profile(args.copy_from, settings.data_dir) if args.copy_from else None
    if args.copy_from and source is None:
        raise ConfigError(f"There is no profile called {args.copy_from!r} to copy the samples from.")
    samples = read_profile(source)["persona_file"] if source else settings.persona_file
    name = args.name or args.folder[:1].upper() + args.folder[1:]
    try:
        folder.mkdir(parents=True, mode=0o700)
        (folder / PROFILE_FILE).write_text(TEMPLATE.format(folder=args.folder, name=name, language=args.language), encoding="utf-8")
        shutil.copyfile(samples, folder / "sample_speak.txt")
    except OSError as e:
        shutil.rmtree(folder, ignore_errors=True)  # never half a profile
        raise ConfigError(f"Could not make the profile {args.folder!r} in {folder} ({e.strerror or e}).") from None
    print(f"profile {args.folder} ready in {folder}: edit sample_speak.txt there to give {name} its voice, "
          f"then `milo --profile {args.folder}`")
    return 0


def _folder_name(raw: str) -> str:
    try:
        return profile_id(raw)
    except ValueError as e:
        raise argparse.ArgumentTypeError(f"{e}, not {raw!r}") from None


def register(subparsers, kit) -> None:
    p = subparsers.add_parser("profile", parents=[kit.common], help="personas: list them, make a new one",
                              description="Personas, one folder each: a name, sample utterances, prompts, a memory, "
                              "a wake phrase, a language and a voice. --profile NAME (env MILO_PROFILE) chooses one.")
    sub = p.add_subparsers(dest="action", metavar="ACTION", required=True)
    sub.add_parser("list", parents=[kit.common], help="the profiles, the one in use marked *").set_defaults(func=cmd_list)
    new = sub.add_parser("new", parents=[kit.common], help="make a profile in your data folder")
    new.add_argument("folder", metavar="NAME", type=_folder_name, help="the profile's folder name (letters, digits, - _ .)")
    new.add_argument("--name", help="the persona's name (default: NAME, capitalised)")
    new.add_argument("--language", default="en", help="its language, for speech recognition (default en)")
    new.add_argument("--from", dest="copy_from", metavar="PROFILE", help="copy the sample utterances of this profile (default: the one in use)")
    new.set_defaults(func=cmd_new)
