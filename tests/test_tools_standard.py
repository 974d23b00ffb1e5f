"""LangChain's own standard tool tests (langchain-tests, ToolsUnitTests) on every gesture's
tool, one test class per gesture, made from the set (a new gesture is tested without editing
this file)."""

from langchain_tests.unit_tests import ToolsUnitTests

from milo.body.gestures import GESTURES
from milo.body.robots import ConsoleRobot
from milo.body.tools import make_tools

TOOLS = {t.name: t for t in make_tools(lambda call: call.run(ConsoleRobot(write=lambda s: None)))}


def _standard_tests(name: str) -> type:
    example = dict(GESTURES[name].example)

    class Standard(ToolsUnitTests):
        @property
        def tool_constructor(self):
            return TOOLS[name]

        @property
        def tool_invoke_params_example(self):
            return example

    Standard.__name__ = Standard.__qualname__ = f"TestStandard_{name}"
    return Standard


for _name in GESTURES:
    globals()[f"TestStandard_{_name}"] = _standard_tests(_name)


def test_every_gesture_has_its_standard_tests():
    assert {n for n in globals() if n.startswith("TestStandard_")} == {f"TestStandard_{n}" for n in GESTURES}
    assert len(GESTURES) == 7
    # and each example performs: the example is a valid call, not only a valid schema
    for name, tool in TOOLS.items():
        assert tool.invoke(dict(GESTURES[name].example)).ok, name
