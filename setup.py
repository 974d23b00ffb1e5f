"""The one build step pyproject.toml cannot say: ship Milo's prompts and persona in the package.

`prompts/`, `profiles/` and `sample_speak.txt` live at the top of the checkout, where you edit them. A wheel
(and an sdist) carries a copy as `milo/data/prompts/` and `milo/data/sample_speak.txt`, where
milo.config looks when there is no checkout around the package; in a checkout (an editable
install included) the checkout's own files are used. Everything else is in pyproject.toml.
"""

from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py
from setuptools.command.sdist import sdist

ROOT = Path(__file__).resolve().parent
SHIPPED = ("sample_speak.txt", "prompts", "profiles")  # milo.config's _data_dir() names


def shipped_files() -> list[Path]:
    found = []
    for name in SHIPPED:
        path = ROOT / name
        if path.is_dir():
            found += sorted(p for p in path.rglob("*") if p.is_file() and "__pycache__" not in p.parts)
        elif path.is_file():
            found.append(path)
    return found


class BuildPy(build_py):
    """Also copy the shipped files into the build, under milo/data/."""

    def run(self):
        super().run()
        if getattr(self, "editable_mode", False):
            return  # an editable install reads the checkout's files themselves
        for src in shipped_files():
            dest = Path(self.build_lib, "milo", "data", src.relative_to(ROOT))
            self.mkpath(str(dest.parent))
            self.copy_file(str(src), str(dest))


class Sdist(sdist):
    """An sdist carries them too, so a wheel built from it has them."""

    def make_release_tree(self, base_dir, files):
        super().make_release_tree(base_dir, files)
        for src in shipped_files():
            dest = Path(base_dir, src.relative_to(ROOT))
            self.mkpath(str(dest.parent))
            self.copy_file(str(src), str(dest))


setup(cmdclass={"build_py": BuildPy, "sdist": Sdist})
