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

from milo.body.actions import ACTION_GBNF, ACTION_PLACEHOLDER, parse_actions
from milo.body.instructions import parse_instruction
from milo.body.plan import parse_command, plan
from milo.body.robots import ConsoleRobot, Pose, ReachyRobot, Robot
from milo.body.tools import TOOL_NAMES, Call, CallError, make_call, make_tools
from milo.body.worker import ACTION_TAG, ANSWERING_AGAIN, NOT_ANSWERING, Body
from milo.errors import BodyError, BodyNotAnswering

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
