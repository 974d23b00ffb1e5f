"""What to do for a turn or a command: the user's words first, then the model's own choice."""

from __future__ import annotations

import logging
import re
from typing import Mapping, Sequence

from milo.body.actions import MAX_CALLS, is_call_list, parse_actions
from milo.body.instructions import parse_instruction
from milo.body.tools import BY_COMMAND, BY_MODEL, TOOL_NAMES, BodyStatus, Call, CallError, make_tools

log = logging.getLogger("milo.body")


def plan(user_text: str, action_text: str = "", tool_calls: Sequence[Mapping] = ()) -> list[Call]:
    """What to do for one turn: the user's explicit instructions if there are any (a small
    model picks the right gesture rarely), else the model's native tool calls (run through the
    LangChain tools, validated and clamped like everything else, at most MAX_CALLS), else its
    [ACTION] line."""
    asked = parse_instruction(user_text)
    if asked.calls:
        return asked.calls
    if tool_calls:
        return from_tool_calls(tool_calls)
    proposed = parse_actions(action_text, by=BY_MODEL)
    for error in proposed.errors:
        log.info("ignored from the action line: %s", error)
    return proposed.calls


def from_tool_calls(tool_calls: Sequence[Mapping]) -> list[Call]:
    """A model's native tool calls, each invoked on its LangChain tool; the tools only collect
    the Calls here (the body performs them in its queue, after the reply)."""
    calls: list[Call] = []

    def collect(call: Call) -> BodyStatus:
        calls.append(call)
        return call.status(f"queued {call.describe()}", "done")

    tools = {tool.name: tool for tool in make_tools(collect)}
    for tc in list(tool_calls)[:MAX_CALLS]:
        name = str(tc.get("name", ""))
        tool = tools.get(name)
        if tool is None:
            log.info("ignored a tool call: there is no gesture called %r", name)
            continue
        said = tool.invoke(dict(tc.get("args") or {}))
        if getattr(said, "kind", "") == "refused":
            log.info("ignored a tool call: %s", said)
    return calls


_NESTED = re.compile(r"\([^()]*\(")


def parse_command(text: str) -> list[Call]:
    """`milo move` input: call syntax or plain words. Raises CallError if nothing fits."""
    # nothing but calls (`shake head(3); look_around`): the lenient call reader; otherwise
    # words, which also read call syntax clause by clause ("turn left, then nod(times=1)")
    if _NESTED.search(text):
        # Read as words, "nod(times=nod())" nodded twice (issue 27): a call inside a call is
        # no gesture's argument.
        raise CallError(f"cannot read {text!r}: a gesture's arguments are numbers, like 'nod(times=2)'")
    found = parse_actions(text, by=BY_COMMAND) if is_call_list(text) else parse_instruction(text, by=BY_COMMAND)
    if found.errors:
        # A person's command is done whole or not at all (a model's [ACTION] line is read leniently).
        raise CallError(found.errors[0])
    if not found.calls:
        raise CallError(
            f"no gesture found in {text!r}; try words like 'nod twice, then look around' or calls "
            f"like 'move_head(pitch=20, yaw=30)' (gestures: {', '.join(TOOL_NAMES)})"
        )
    return found.calls
