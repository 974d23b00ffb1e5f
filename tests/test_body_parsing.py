"""From words and [ACTION] lines to tool calls; the action tag and its grammar."""

import re

import pytest

from milo.body import ACTION_GBNF, ACTION_TAG, parse_actions, parse_command, plan
from milo.chat.tags import TagSpec
from milo.body.actions import ACTION_PLACEHOLDER, looks_like_calls, parse_actions
from milo.body.tools import CallError
from milo.body.instructions import number_value, parse_instruction


@pytest.mark.parametrize(
    "text,calls",
    [
        ("nod twice, then look around the room", ["nod(times=2)", "look_around()"]),
        ("shake your head three times", ["shake_head(times=3)"]),
        ("turn 90 degrees to the left", ["spin_body(degrees=90)"]),
        ("Turn ninety degrees to the right", ["spin_body(degrees=-90)"]),
        ("turn a hundred and twenty degrees left", ["spin_body(degrees=120)"]),
        ("rotate 45° clockwise", ["spin_body(degrees=-45)"]),
        ("spin around", ["spin_body(degrees=160)"]),
        ("Hey Milo, can you nod?", ["nod(times=2)"]),
        ("give me a nod", ["nod(times=1)"]),
        ("nod 3 times and wiggle your antennas", ["nod(times=3)", "wiggle_antennas(times=2)"]),
        ("wave your ears five times", ["wiggle_antennas(times=5)"]),
        ("look around and then nod once", ["look_around()", "nod(times=1)"]),
        ("nod 10 times", ["nod(times=5)"]),
        ("look up", ["move_head(pitch=-20, roll=0, yaw=0)"]),
        ("look down a bit", ["move_head(pitch=20, roll=0, yaw=0)"]),
        ("look to the left", ["move_head(pitch=0, roll=0, yaw=35)"]),
        ("look 60 degrees to the right", ["move_head(pitch=0, roll=0, yaw=-60)"]),
        ("look at me", ["move_head(pitch=0, roll=0, yaw=0)"]),
        ("turn your head 60 degrees left", ["move_head(pitch=0, roll=0, yaw=60)"]),
        ("tilt your head to the left", ["move_head(pitch=0, roll=-20, yaw=0)"]),
        ("move_head(pitch=20, yaw=30), then nod(times=1)", ["move_head(pitch=20, roll=0, yaw=30)", "nod(times=1)"]),
        ("Can you nod twice then look around?", ["nod(times=2)", "look_around()"]),
    ],
)
def test_explicit_instructions_become_ordered_calls(text, calls):
    assert parse_instruction(text).describe() == calls


@pytest.mark.parametrize(
    "text",
    [
        "what a nice day",
        "I nodded off yesterday",
        "don't nod",
        "please do not shake your head",
        "it's your turn",
        "turn off the light",
        "look up the weather for me",
        "that looks good",
        "the tilt of the earth",
        "",
    ],
)
def test_ordinary_talk_asks_for_nothing(text):
    assert parse_instruction(text).calls == []


def test_number_words():
    assert number_value("ninety") == 90
    assert number_value("forty-five") == 45
    assert number_value("a hundred and twenty") == 120
    assert number_value("12.5") == 12.5
    assert number_value("banana") is None


@pytest.mark.parametrize(
    "line,calls",
    [
        ("nod(times=2); look_around()", ["nod(times=2)", "look_around()"]),
        ("none", []),
        ("None.", []),
        ("", []),
        ("nod", ["nod(times=2)"]),
        ("nod(2), shake head(3) then look_around", ["nod(times=2)", "shake_head(times=3)", "look_around()"]),
        ("I will nod(times=9) and spin_body(degrees=200)", ["nod(times=5)", "spin_body(degrees=160)"]),
        ("move_head(pitch=-50, roll=0, yaw=-190)", ["move_head(pitch=-40, roll=0, yaw=-180)"]),
        ("wiggleAntennas(times: 3)", ["wiggle_antennas(times=3)"]),
        ("spin_body(degrees=90°)", ["spin_body(degrees=90)"]),
        ("[ACTION]: nod(times=1)", ["nod(times=1)"]),
        ("I could nod or look around here", []),  # prose naming gestures is not a request
    ],
)
def test_action_lines(line, calls):
    result = parse_actions(line)
    assert result.describe() == calls and result.errors == []


def test_bad_action_calls_are_reported_not_raised():
    result = parse_actions("juggle(); nod(times=two); nod(times=1)")
    assert result.describe() == ["nod(times=1)"]
    assert len(result.errors) == 2 and "juggle" in result.errors[0]
    many = parse_actions("; ".join(["nod(times=1)"] * 20))
    assert len(many.calls) == 6 and many.errors


def test_the_placeholder_cannot_be_copied_into_motion():
    assert parse_actions(ACTION_PLACEHOLDER).calls == []
    tag = TagSpec(**ACTION_TAG)
    assert (tag.name, tag.field, tag.placeholder) == ("ACTION", "action", ACTION_PLACEHOLDER)


def test_user_words_take_precedence_over_the_model():
    assert [c.describe() for c in plan("shake your head three times", "nod(times=2)")] == ["shake_head(times=3)"]
    assert [c.describe() for c in plan("how are you?", "nod(times=2)")] == ["nod(times=2)"]
    assert plan("how are you?", "none") == []


def test_move_command_accepts_words_and_calls():
    assert [c.describe() for c in parse_command("turn 30 degrees to the right, then move_head(pitch=20, yaw=30)")] == [
        "spin_body(degrees=-30)",
        "move_head(pitch=20, roll=0, yaw=30)",
    ]
    assert [c.describe() for c in parse_command("shake head(3); look_around")] == ["shake_head(times=3)", "look_around()"]
    with pytest.raises(CallError, match="no gesture found"):
        parse_command("hello there")
    with pytest.raises(CallError, match="juggle"):
        parse_command("juggle()")
    # A person's command is done whole or not at all (issue 27: "nod(times=nod())" nodded twice).
    with pytest.raises(CallError, match="arguments are numbers"):
        parse_command("nod(times=nod())")
    with pytest.raises(CallError, match="nod: arguments must be numbers"):
        parse_command("turn left, then nod(times=abc)")
    assert looks_like_calls("please nod(times=2)") and not looks_like_calls("please nod")


# ---- the grammar -------------------------------------------------------------------------------


def _gbnf_to_regex(body: str) -> str:
    """Translate the (small) GBNF subset the action rule uses into a Python regex."""
    out = []
    for token in re.findall(r'"(?:[^"\\]|\\.)*"|\[[^\]]*\]|\{\d+,\d+\}|[()|?*+]', body):
        if token.startswith('"'):
            out.append(re.escape(token[1:-1]))
        else:
            out.append(token)
    return "".join(out)


def test_action_grammar_accepts_valid_calls_only():
    assert "\n" not in ACTION_GBNF and not ACTION_GBNF.lstrip().startswith('"[')
    pattern = re.compile(_gbnf_to_regex(ACTION_GBNF))
    good = ["none", "nod(times=2)", "nod(times=2); look_around()", "move_head(pitch=-20, roll=0, yaw=135)", "spin_body(degrees=-90); wiggle_antennas(times=6); shake_head(times=1)"]
    bad = ["nod(times=9)", "juggle()", "nod(times=2);look_around()", "nod(times=1); nod(times=1); nod(times=1); nod(times=1)", "[REPLY]: hi", ""]
    for line in good:
        assert pattern.fullmatch(line), line
        assert parse_actions(line).errors == []
    for line in bad:
        assert not pattern.fullmatch(line), line


def test_the_grammar_is_wired_into_the_tag_parser():
    from milo.chat.tags import MiloTagParser

    parser = MiloTagParser().with_tags([TagSpec(**ACTION_TAG)])
    grammar = parser.gbnf()
    assert '"[ACTION]: " action' in grammar
    assert f"action ::= {ACTION_GBNF}" in grammar
    answer = parser.parse("[REPLY]: Sure!\n[INTERNAL]: ok\n[CORE_UPDATE]: a nod\n[FUTURE_MESSAGE]: none\n[ACTION]: nod(times=2)")
    assert answer.action == "nod(times=2)"


# ---- the grammar on the real embedded model (llama.cpp) ------------------------------------------


@pytest.mark.model
def test_embedded_model_writes_only_valid_action_lines(embedded, make_milo):
    """llama.cpp accepts the [ACTION] rule, the model's action line parses, the words win. (The
    embedded brains pick no gestures by default; MILO_MODEL_GESTURES=1 asks for the line.)"""
    import dataclasses

    from milo.body import Body
    from milo.body.robots import ConsoleRobot

    body = Body(ConsoleRobot())
    try:
        result = make_milo(dataclasses.replace(embedded, chooses_gestures=True), body=body).turn("nod twice, then look around the room")
        assert result.ok, result.error
        action = result.answer.action
        assert action, result.answer  # the grammar makes the line (possibly "none")
        assert parse_actions(action).errors == [], action
        assert result.gestures == ["nod(times=2)", "look_around()"]
        assert body.wait(timeout=60)
        assert body.statuses == ["(no robot) nodded twice", "(no robot) looked around"]
    finally:
        body.close()


@pytest.mark.parametrize("line", ["spin_body(degrees='nan')", "spin_body(degrees='NaN')", "move_head(pitch='inf')", "nod(times='-inf')"])
def test_a_models_non_finite_values_are_refused_as_data(line):
    """Any model without a grammar may write these: refused with a sentence, never a crash."""
    found = parse_actions(line)
    assert not found.calls and found.errors and "finite" in found.errors[0]
    assert plan("hello", line) == []


def test_milo_move_with_nan_is_one_sentence():
    from helpers import run_milo

    proc = run_milo("move", "--robot", "none", "spin_body(degrees='NaN')")
    assert proc.returncode == 2 and "Traceback" not in proc.stderr
    assert proc.stderr.strip() == "milo: spin_body: degrees must be a finite number, not nan"


@pytest.mark.model
def test_the_embedded_brain_picks_no_gestures_but_does_what_it_is_asked(embedded, make_milo):
    """By default the embedded brains write no [ACTION] line (bench/gestures.py: the good brain's
    own picks fit 11 of 30 turns); what the user asks for in words is still done."""
    from milo.body import Body
    from milo.body.robots import ConsoleRobot

    body = Body(ConsoleRobot())
    try:
        milo = make_milo(embedded, body=body)
        assert "ACTION" not in [t.name for t in milo.parser.tags]
        assert "[ACTION]" not in milo.parser.get_format_instructions()
        assert milo.turn("Tell me about clouds.").gestures == []
        assert milo.turn("please nod twice").gestures == ["nod(times=2)"]
    finally:
        body.close()
