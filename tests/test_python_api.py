"""Milo as a Python package: the README's example runs as written, the public names are there,
and a built wheel carries the prompts and the persona."""

import os
import re
import shutil
import stat
import subprocess
import sys
import zipfile

import pytest
from helpers import ROOT


def readme_example() -> str:
    readme = (ROOT / "README.md").read_text()
    section = readme[readme.index("## Use Milo from Python"):]
    section = section[:section.index("\n## ", 1)]
    return re.search(r"```python\n(.*?)```", section, re.S).group(1)


def test_the_readme_example_runs_as_written(tmp_path):
    proc = subprocess.run([sys.executable, "-c", readme_example()], cwd=str(tmp_path), capture_output=True, text=True,
                          env=dict(os.environ, PYTHONPATH=str(ROOT)), timeout=120)
    assert proc.returncode == 0, proc.stderr
    lines = proc.stdout.splitlines()
    assert lines[0] == "Strong black coffee, yum! Where do you like to drink it?"  # streamed, once
    assert "'CORE_UPDATE': 'Sam loves strong black coffee'" in lines[1]
    memory = tmp_path / "demo_memory.md"
    assert "CORE_UPDATE: Sam loves strong black coffee" in memory.read_text()
    assert stat.S_IMODE(memory.stat().st_mode) == 0o600
    assert "REPLY: Strong black coffee, yum!" in proc.stdout.split("\n", 2)[2]  # recall and the retriever found it


def test_public_names():
    import milo
    import milo.chat.tags
    import milo.chat.turn

    for module in (milo, milo.chat.turn, milo.chat.tags):
        for name in module.__all__:
            assert getattr(module, name) is not None, f"{module.__name__}.{name}"
    assert {"open_memory", "make_milo", "chat_model", "Milo", "TurnResult", "Persona", "MemoryRetriever"} <= set(milo.__all__)


def test_import_milo_stays_light():
    code = "import sys, milo; print(sorted(m for m in ('langchain_core', 'pydantic', 'milo.chat.turn') if m in sys.modules))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=dict(os.environ, PYTHONPATH=str(ROOT)))
    assert out.stdout.strip() == "[]", out.stderr


def test_a_built_wheel_carries_the_prompts_and_the_persona(tmp_path):
    src = tmp_path / "src"
    ignore = shutil.ignore_patterns("__pycache__", "*.pyc")
    shutil.copytree(ROOT / "milo", src / "milo", ignore=ignore)
    shutil.copytree(ROOT / "prompts", src / "prompts", ignore=ignore)
    shutil.copytree(ROOT / "profiles", src / "profiles", ignore=ignore)
    for name in ("sample_speak.txt", "pyproject.toml", "setup.py", "README.md", "requirements.txt"):
        shutil.copy2(ROOT / name, src / name)
    build = subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(tmp_path / "dist"), str(src)],
                           capture_output=True, text=True, timeout=600)
    if build.returncode != 0 and re.search(r"No matching distribution|Could not find a version|Failed to establish", build.stderr):
        pytest.skip(f"no package index to build with here: {build.stderr.strip().splitlines()[-1]}")
    assert build.returncode == 0, build.stderr
    (wheel,) = (tmp_path / "dist").glob("milo-*.whl")
    with zipfile.ZipFile(wheel) as z:
        names = set(z.namelist())
        for shipped in ["sample_speak.txt", "profiles/milo/profile.toml",
                        *(f"prompts/{p.name}" for p in (ROOT / "prompts").iterdir() if p.is_file())]:
            assert z.read(f"milo/data/{shipped}") == (ROOT / shipped).read_bytes(), shipped
        z.extractall(tmp_path / "installed")
    missing = [str(p.relative_to(ROOT)) for p in (ROOT / "milo").rglob("*.py") if str(p.relative_to(ROOT)) not in names]
    assert not missing, f"left out of the wheel: {missing}"
    # Installed with no checkout around it, Milo finds its persona and prompts in the package.
    env = dict(os.environ, PYTHONPATH=str(tmp_path / "installed"), MILO_MEMORY_FILE=str(tmp_path / "m.md"))
    where = subprocess.run([sys.executable, "-c", "from milo.config import Settings; s = Settings.load(); print(s.persona_file); print(s.prompts_dir)"],
                           cwd=str(tmp_path), capture_output=True, text=True, env=env)
    assert where.stdout.split() == [str(tmp_path / "installed/milo/data/sample_speak.txt"), str(tmp_path / "installed/milo/data/prompts")], where.stderr
    prompt = subprocess.run([sys.executable, "-m", "milo", "prompt", "hello"], cwd=str(tmp_path), capture_output=True, text=True, env=env, timeout=120)
    assert prompt.returncode == 0, prompt.stderr
    assert "===== system =====" in prompt.stdout and "You are Milo" in prompt.stdout
