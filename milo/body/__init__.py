"""Milo's body: gestures on a Reachy Mini (or a console stand-in), never blocking the chat.

    body = Body(ReachyRobot("localhost", 8000))      # or Body(ConsoleRobot())
    body.on_status = print                             # "nodded twice", notices
    body.respond("nod twice, then look around", "")    # -> ["nod(times=2)", "look_around()"]
    body.wait()                                        # (tests, `milo move`) until it is done

Every motion, whatever asked for it (the user's words, the model's [ACTION] line, a LangChain
tool call, `milo move`), is a `Call` performed in order by one worker thread, so gestures never
interleave (two SDK gotos at once would) and the conversation never waits for them. If the robot
stops answering, the body says so once through `on_status`, drops what was queued, and tries to
reconnect on the next gesture.
"""

# Re-exported lazily (PEP 562): `import milo.body.limits` or the CLI's option parsing must not
# load pydantic and the tools.
_EXPORTS = {
    "ACTION_GBNF": "milo.body.actions", "ACTION_PLACEHOLDER": "milo.body.actions", "parse_actions": "milo.body.actions",
    "parse_instruction": "milo.body.instructions", "parse_command": "milo.body.planning", "plan": "milo.body.planning",
    "ConsoleRobot": "milo.body.robots", "Pose": "milo.body.robots", "ReachyRobot": "milo.body.robots", "Robot": "milo.body.robots",
    "TOOL_NAMES": "milo.body.tools", "Call": "milo.body.tools", "CallError": "milo.body.tools", "make_call": "milo.body.tools",
    "make_tools": "milo.body.tools", "ACTION_TAG": "milo.body.worker", "ANSWERING_AGAIN": "milo.body.worker",
    "NOT_ANSWERING": "milo.body.worker", "Body": "milo.body.worker", "BodyError": "milo.errors", "BodyNotAnswering": "milo.errors",
}


def __getattr__(name: str):
    if name in _EXPORTS:
        import importlib

        return getattr(importlib.import_module(_EXPORTS[name]), name)
    raise AttributeError(f"module 'milo.body' has no attribute {name!r}")


__all__ = [
    "ACTION_GBNF",
    "ACTION_PLACEHOLDER",
    "ACTION_TAG",
    "ANSWERING_AGAIN",
    "Body",
    "BodyError",
    "BodyNotAnswering",
    "Call",
    "CallError",
    "ConsoleRobot",
    "NOT_ANSWERING",
    "Pose",
    "ReachyRobot",
    "Robot",
    "TOOL_NAMES",
    "make_call",
    "make_tools",
    "parse_actions",
    "parse_command",
    "parse_instruction",
    "plan",
]
