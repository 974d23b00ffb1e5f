"""The house plan, checked: imports go one way, no circles, settings read in one place.

    cli -> chat / voice / body -> memory / sessions / brains -> storage / config -> errors

Read from the source with `ast` (imports inside functions count too; `if TYPE_CHECKING:`
blocks do not, since they never run).
"""

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "milo"

# A module may import its own package and anything of a lower rank, never sideways or up.
RANK = {
    "milo.errors": 0,
    "milo.config": 1,
    "milo.storage": 1,
    "milo.sentences": 1,  # where a sentence ends: text alone, for chat and voice
    "milo.heap": 1,  # freed memory given back to the system: the C library alone
    "milo.memory": 2,
    "milo.sessions": 2,
    "milo.brains": 2,
    "milo.chat": 3,
    "milo.voice": 3,
    "milo.body": 3,
    "milo.net": 3,
    "milo.cli": 4,
}


def modules() -> dict[str, Path]:
    out = {}
    for path in PACKAGE.rglob("*.py"):
        rel = path.relative_to(PACKAGE.parent).with_suffix("")
        parts = list(rel.parts)
        if parts[-1] == "__init__":
            parts.pop()
        out[".".join(parts)] = path
    return out


def _is_type_checking(node: ast.If) -> bool:
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def imports_of(path: Path, name: str, known: set[str]) -> set[str]:
    """The milo modules `name` imports (a `from pkg import sub` of a submodule is the submodule)."""
    tree = ast.parse(path.read_text())
    found: set[str] = set()
    is_pkg = path.name == "__init__.py"

    def visit(node):
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.If) and _is_type_checking(child):
                for sub in child.orelse:
                    visit(sub)
                continue
            if isinstance(child, ast.Import):
                found.update(a.name for a in child.names if a.name.startswith("milo"))
            elif isinstance(child, ast.ImportFrom):
                base = child.module or ""
                if child.level:
                    anchor = name.split(".")
                    anchor = anchor[: len(anchor) - child.level + (1 if is_pkg else 0)]
                    base = ".".join(anchor + ([base] if base else []))
                if not base.startswith("milo"):
                    continue
                for alias in child.names:
                    sub = f"{base}.{alias.name}"
                    found.add(sub if sub in known else base)
            visit(child)

    visit(tree)
    return {m for m in found if m != name}


def top(module: str) -> str:
    parts = module.split(".")
    return ".".join(parts[:2]) if len(parts) > 1 else module


def graph() -> dict[str, set[str]]:
    mods = modules()
    known = set(mods)
    return {name: imports_of(path, name, known) for name, path in mods.items()}


def test_imports_go_one_way():
    wrong = []
    for name, deps in graph().items():
        if name in ("milo", "milo.__main__"):
            continue  # the public facade and `python -m milo`
        for dep in deps:
            a, b = top(name), top(dep)
            if a == b or dep == "milo":
                continue
            if a not in RANK or b not in RANK:
                wrong.append(f"{name} -> {dep} (unranked: add it to RANK)")
            elif RANK[b] >= RANK[a]:
                wrong.append(f"{name} -> {dep}")
    assert not wrong, "imports sideways or up:\n" + "\n".join(sorted(wrong))


def test_no_import_circles():
    g = graph()
    cycles = []
    state: dict[str, int] = {}
    stack: list[str] = []

    def dfs(n):
        state[n] = 1
        stack.append(n)
        for d in sorted(g.get(n, ())):
            if d not in g:
                continue
            if state.get(d) == 1:
                cycles.append(" -> ".join(stack[stack.index(d):] + [d]))
            elif d not in state:
                dfs(d)
        stack.pop()
        state[n] = 2

    for n in sorted(g):
        if n not in state:
            dfs(n)
    assert not cycles, "import circles:\n" + "\n".join(cycles)


def test_no_private_names_across_modules():
    mods = modules()
    wrong = []
    for name, path in mods.items():
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("milo"):
                for alias in node.names:
                    if alias.name.startswith("_") and node.module != name:
                        wrong.append(f"{name}: from {node.module} import {alias.name}")
    assert not wrong, "\n".join(wrong)


def _setting_name(node) -> str:
    if isinstance(node, ast.Constant) and isinstance(node.value, str) and node.value.startswith(("MILO_", "SESSION_", "GOOGLE_API_KEY", "OLLAMA_HOST", "VOSK_MODEL_PATH")):
        return node.value
    return ""


def test_settings_are_read_only_through_config():
    """Every MILO_*/SESSION_* variable (and the keys) is read by milo.config.Settings alone:
    no `os.environ`/`os.getenv` anywhere else, no `x.get("MILO_...")` or `x["MILO_..."]`."""
    wrong = []
    for name, path in modules().items():
        if name == "milo.config":
            continue
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Attribute) and node.attr in ("environ", "getenv") and isinstance(node.value, ast.Name) and node.value.id == "os":
                wrong.append(f"{name}: os.{node.attr} (line {node.lineno})")
            elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "get" and node.args and _setting_name(node.args[0]):
                wrong.append(f"{name}: .get({_setting_name(node.args[0])!r}) (line {node.lineno})")
            elif isinstance(node, ast.Subscript) and _setting_name(node.slice):
                wrong.append(f"{name}: [{_setting_name(node.slice)!r}] (line {node.lineno})")
    wrong = [w for w in wrong if w.split(" (line")[0] not in ALLOWED_ENV_READS]
    assert not wrong, "settings read outside milo.config:\n" + "\n".join(sorted(set(wrong)))


# Reads that are not Milo's settings: passing the environment on to a child process or a
# library, and variables that belong to other programs.
ALLOWED_ENV_READS: set[str] = {"milo: os.environ"}  # OPENBLAS_NUM_THREADS for numpy, before it loads (milo/__init__.py)


def test_every_durable_write_goes_through_storage():
    """Files are replaced or renamed only in milo/storage.py (temp file, fsync, rename, fsync of
    the folder); anywhere else a power cut could leave a torn or vanished file."""
    found = []
    for name, path in modules().items():
        if name == "milo.storage":
            continue
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr in ("replace", "rename", "renames"):
                owner = node.func.value
                if isinstance(owner, ast.Name) and owner.id in ("os", "shutil"):
                    found.append(f"{name}:{node.lineno} {owner.id}.{node.func.attr}")
                elif node.func.attr == "rename":  # Path.rename
                    found.append(f"{name}:{node.lineno} .rename")
    assert found == []
