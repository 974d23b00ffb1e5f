"""The [ACTION] line: the model's request for gestures, e.g. `nod(times=2); look_around()`.

`parse_actions` reads the call syntax leniently (any separator, positional or keyword
arguments, a missing `()`, `shake head` for `shake_head`, "none"), validates every call against
the tools' schemas and clamps it; what does not fit is reported in `errors`, never raised.
`ACTION_GBNF` is the llama.cpp grammar rule body that lets a small model write only valid
calls (or "none").
"""

from __future__ import annotations

import ast
import re
from dataclasses import dataclass, field
from typing import Sequence

from milo.body.tools import TOOL_NAMES, TOOLS, Call, CallError, make_call

MAX_CALLS = 6  # per action line or instruction: a looping model does not queue a minute of nods

_NONE_WORDS = {"", "none", "nothing", "no", "no action", "n/a", "na", "-", "null", "idle", "rest"}


@dataclass
class ActionPlan:
    calls: list[Call] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)

    def describe(self) -> list[str]:
        return [c.describe() for c in self.calls]


def _norm_name(raw: str) -> str:
    """`shakeHead`, `Shake-Head`, `shake head` -> `shake_head`."""
    s = re.sub(r"(?<=[a-z])(?=[A-Z])", "_", raw.strip())
    return re.sub(r"[\s\-]+", "_", s).lower()


_NAME_ALT = "|".join(sorted((n.replace("_", r"[\s_\-]*") for n in TOOL_NAMES), key=len, reverse=True))
# A known tool name (in any spelling), optionally with an argument list.
CALL_RE = re.compile(rf"(?<![\w.])(?P<name>{_NAME_ALT}|[A-Za-z_]\w*)\s*(?P<paren>\((?P<args>[^()]*)\))?", re.IGNORECASE)
_KNOWNCALL_RE = re.compile(rf"(?<![\w.])(?:{_NAME_ALT})\s*\(", re.IGNORECASE)


def looks_like_calls(text: str) -> bool:
    """True if `text` contains call syntax for one of the tools (`nod(...)`)."""
    return bool(_KNOWNCALL_RE.search(text or ""))


def _literal(node: ast.AST):
    value = ast.literal_eval(node)
    if isinstance(value, bool) or not isinstance(value, (int, float, str)):
        raise ValueError("not a number")
    if isinstance(value, str):
        value = float(value.strip().rstrip("°").strip())
    return value


def parse_call(name: str, args_text: str | None, by: str = "") -> Call:
    """One call: `name` and the text between its parentheses. Raises CallError."""
    tool = _norm_name(name)
    if tool not in TOOLS:
        raise CallError(f"there is no gesture called {name.strip()!r}")
    kwargs: dict = {}
    text = (args_text or "").strip()
    if text:
        # tolerate `times: 2` and `degrees=90°`
        text = re.sub(r"(\b[A-Za-z_]\w*)\s*:\s*", r"\1=", text).replace("°", "")
        try:
            node = ast.parse(f"f({text})", mode="eval").body
        except SyntaxError:
            raise CallError(f"{tool}: cannot read the arguments {args_text.strip()!r}") from None
        assert isinstance(node, ast.Call)
        fields = list(TOOLS[tool].Input.model_fields)
        if len(node.args) > len(fields):
            raise CallError(f"{tool} takes at most {len(fields)} arguments")
        try:
            for key, arg in zip(fields, node.args):
                kwargs[key] = _literal(arg)
            for kw in node.keywords:
                if kw.arg is None:
                    raise CallError(f"{tool}: cannot read the arguments {args_text.strip()!r}")
                kwargs[kw.arg] = _literal(kw.value)
        except (ValueError, SyntaxError, TypeError):
            raise CallError(f"{tool}: arguments must be numbers, not {args_text.strip()!r}") from None
    return make_call(tool, kwargs, by)


def _segments(value: str) -> list[str]:
    """Split on ; , newlines, "then" and "and" outside parentheses."""
    parts, depth, cur = [], 0, []
    for ch in value:
        depth += ch == "("
        depth -= ch == ")" and depth > 0
        if depth == 0 and ch in ";,\n":
            parts.append("".join(cur))
            cur = []
        else:
            cur.append(ch)
    parts.append("".join(cur))
    out: list[str] = []
    for part in parts:
        out += re.split(r"\s+(?:and\s+)?then\s+|\s+and\s+(?![^()]*\))", part)
    return [p.strip(" .!`*\"'") for p in out if p.strip(" .!`*\"'")]


def _whole_call(segment: str):
    m = CALL_RE.fullmatch(segment)
    if m and (m.group("paren") or _norm_name(m.group("name")) in TOOLS):
        return m
    return None


def is_call_list(text: str | None) -> bool:
    """True if `text` is nothing but calls (`shake head(3); look_around`), no prose."""
    segments = _segments(text or "")
    return bool(segments) and all(_whole_call(s) for s in segments)


def parse_actions(text: str | None, limit: int = MAX_CALLS, by: str = "") -> ActionPlan:
    """All gesture calls in an action line, in order.

    A segment that is exactly a call (`nod(times=2)`, `look_around`, `shake head(3)`) is read
    as one; inside prose only calls with parentheses count, so a sentence that merely names a
    gesture (or a copied placeholder) asks for nothing.
    """
    plan = ActionPlan()
    value = (text or "").strip()
    value = re.sub(r"^\W*\[?\s*action\s*\]?\s*:\s*", "", value, flags=re.IGNORECASE)  # a repeated tag
    if value.strip(" .;,!`*\"'").lower() in _NONE_WORDS:
        return plan
    found: list[tuple[str, str | None]] = []
    for segment in _segments(value):
        whole = _whole_call(segment)
        if whole:
            found.append((whole.group("name"), whole.group("args")))
            continue
        for m in CALL_RE.finditer(segment):
            if m.group("paren") and _norm_name(m.group("name")) in TOOLS:
                found.append((m.group("name"), m.group("args")))
    for name, args in found:
        if len(plan.calls) >= limit:
            plan.errors.append(f"only the first {limit} gestures are performed")
            break
        try:
            plan.calls.append(parse_call(name, args, by))
        except CallError as e:
            plan.errors.append(str(e))
    return plan


# ---- the grammar (llama.cpp GBNF) ------------------------------------------------------------


def _gbnf_call_alternatives(names: Sequence[str] = TOOL_NAMES) -> str:
    return "( " + " | ".join(TOOLS[n].gbnf() for n in names) + " )"


def action_gbnf(max_calls: int = 3, names: Sequence[str] = TOOL_NAMES) -> str:
    """A GBNF rule body (one line): "none", or 1..max_calls calls of the gestures `names`
    joined by "; "."""
    call = _gbnf_call_alternatives(names)
    more = f' ( "; " {call} ){{0,{max_calls - 1}}}' if max_calls > 1 else ""
    return f'( "none" | {call}{more} )'


ACTION_GBNF = action_gbnf()

# The format line the model sees. Written as a description, not as a sample call, so a model
# that copies it verbatim asks for nothing.
def action_placeholder(names: Sequence[str] = TOOL_NAMES) -> str:
    return f"<none, or up to three gesture calls chosen from {' / '.join(names)}>"


ACTION_PLACEHOLDER = action_placeholder()
