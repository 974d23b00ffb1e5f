"""The tag protocol parser: tolerant of what real models write, never leaking into the reply."""

import re

from hypothesis import given, settings, strategies as st
from langchain_core.messages import AIMessageChunk

import pytest
from helpers import ROOT

from milo.chat.tags import DEFAULT_TAGS, MiloTagParser, TagSpec

P = MiloTagParser()


def test_well_formed_answer():
    a = P.parse("[REPLY]: Hello Amy!\n[INTERNAL]: she seems nice\n[CORE_UPDATE]: greeting\n[FUTURE_MESSAGE]: ask about the job")
    assert (a.reply, a.internal, a.core_update, a.future_message) == ("Hello Amy!", "she seems nice", "greeting", "ask about the job")
    assert a.missing == [] and a.complete


def test_any_order_and_case():
    a = P.parse("[future_message]: later\n[Core_Update]: topic\n[reply]: hi\n[Internal]: hm")
    assert (a.reply, a.internal, a.core_update, a.future_message) == ("hi", "hm", "topic", "later")


def test_markdown_decoration_bullets_quotes_and_missing_colon():
    text = (
        "**[REPLY]**: Bold reply\n"
        "  - **[INTERNAL]:** bulleted thought\n"
        "> [CORE_UPDATE] quoted, no colon\n"
        "1. `[FUTURE_MESSAGE]`: numbered"
    )
    a = P.parse(text)
    assert a.reply == "Bold reply"
    assert a.internal == "bulleted thought"
    assert a.core_update == "quoted, no colon"
    assert a.future_message == "numbered"


def test_bare_labels_and_spaced_names():
    a = P.parse("REPLY: plain label\nCore Update: spaced name\nFuture-Message: dashed")
    assert (a.reply, a.core_update, a.future_message) == ("plain label", "spaced name", "dashed")


def test_multiline_value_runs_until_next_tag():
    a = P.parse("[REPLY]: first line\nsecond line\n\nthird\n[INTERNAL]: x")
    assert a.reply == "first line\nsecond line\n\nthird"
    assert a.internal == "x"


def test_inline_tags_on_one_line_are_split():
    a = P.parse("[REPLY]: hello [INTERNAL]: secret [CORE_UPDATE]: topic")
    assert a.reply == "hello"
    assert a.internal == "secret" and a.core_update == "topic"


def test_repeated_tag_first_non_empty_wins():
    a = P.parse("[REPLY]:\n[REPLY]: first\n[INTERNAL]: t\n[REPLY]: second (a loop)")
    assert a.reply == "first"
    assert a.repeated == ["REPLY"]


def test_missing_reply_falls_back_to_untagged_text_only():
    a = P.parse("Well hello there!\n[INTERNAL]: do not say this\n[CORE_UPDATE]: nor this")
    assert a.reply == "Well hello there!"
    assert "REPLY" in a.missing
    assert "do not say" not in a.reply and "nor this" not in a.reply


def test_missing_reply_and_no_untagged_text_gives_empty_reply():
    a = P.parse("[INTERNAL]: only a thought")
    assert a.reply == "" and "REPLY" in a.missing


def test_untagged_text_is_reply_when_no_tags():
    a = P.parse("Just talking, no tags at all.")
    assert a.reply == "Just talking, no tags at all."
    assert set(a.missing) == {"REPLY", "INTERNAL", "CORE_UPDATE", "FUTURE_MESSAGE"}


def test_crlf_and_quotes():
    a = P.parse('[REPLY]: "Quoted reply"\r\n[INTERNAL]: x\r\n')
    assert a.reply == "Quoted reply" and a.internal == "x"


def test_format_instructions_list_every_tag_in_order_with_placeholders():
    text = P.get_format_instructions()
    positions = [text.index(f"[{t.name}]: {t.placeholder}") for t in DEFAULT_TAGS]
    assert positions == sorted(positions)
    assert all(t.placeholder.startswith("<") for t in DEFAULT_TAGS)


def test_extra_tag_can_be_added_without_rewriting():
    action = TagSpec("ACTION", "action", "<gestures, or none>")
    p = P.with_tags([action])
    a = p.parse("[REPLY]: sure!\n[ACTION]: nod(times=2)\n[INTERNAL]: ok")
    assert a.action == "nod(times=2)" and a.reply == "sure!"
    assert "[ACTION]" in p.get_format_instructions()
    assert 'action ::=' in p.gbnf()
    # the base parser does not know ACTION: it is then part of the text of the tag before it
    assert P.parse("[REPLY]: x\n[ACTION]: nod()").action == ""


def test_a_partial_answer_says_which_line_is_still_being_written():
    assert P._parse("[REPLY]: Hi there!\n[CORE_UPDATE]: Amy has a c", partial=True).growing == "CORE_UPDATE"
    assert P._parse("[REPLY]: Hi there!\n[CORE_UPDATE]: ", partial=True).growing == "CORE_UPDATE"
    # its line ended: written, even before the next tag begins
    assert P._parse("[REPLY]: Hi there!\n[CORE_UPDATE]: Amy has a cat\n", partial=True).growing == ""
    assert P._parse("[REPLY]: Hi there!\n[CORE_UPDATE]: Amy has a cat\n[FUT", partial=True).growing == ""
    assert P.parse("[REPLY]: Hi there!\n[CORE_UPDATE]: Amy has a c").growing == ""  # a whole answer


def test_grammar_shape():
    g = P.gbnf()
    assert g.startswith('root ::= "[REPLY]: " reply "\\n" "[INTERNAL]: "')
    for rule in ("reply", "internal", "core-update", "future-message"):
        assert re.search(rf"^{rule} ::= ", g, re.M)
    assert "_" not in "".join(re.findall(r"^(\S+) ::=", g, re.M))  # GBNF names: no underscores


def test_a_tag_value_is_never_a_list_number_or_bullet_alone():
    """The tiny brain, after a numbered reply, went on "[INTERNAL]: 3." on CI: a value the parser
    rightly reads as none. The grammar lets a value start with a number only when words follow."""
    rule = re.search(r"^core-update ::= (.*)$", P.gbnf(), re.M).group(1)
    # the GBNF subset used here is regex syntax once the spaces between items are removed
    value = re.compile(re.sub(r" (?=[\[(|)])|(?<=[\])}|]) ", "", rule).replace("( ", "(").replace(" )", ")"))
    for ok in ["Amy has a cat", "3 cats now", "2024 was her first marathon", "é", "Björn moved"]:
        assert value.fullmatch(ok), ok
    for bad in ["3.", "12)", "3", "- ", "-", "* x", "\u2022 x", "**", "_x_", "`x`", "~", "<one short private thought>", "[CORE_UPDATE]: x"]:
        assert not value.fullmatch(bad), bad
    for bad in ["3.", "- "]:
        assert P.parse(f"[REPLY]: Hi!\n[INTERNAL]: {bad}\n[CORE_UPDATE]: x\n[FUTURE_MESSAGE]: y").missing == ["INTERNAL"]


def test_streaming_never_shows_a_half_written_tag():
    pieces = ["[REP", "LY]: Hel", "lo there", "\n[INT", "ERNAL]: hm", "m\n[CORE_UPDATE]: x\n[FUTURE_MESSAGE]: y"]
    replies = [a.reply for a in P.transform(iter(AIMessageChunk(content=p) for p in pieces))]
    assert replies[-1] == "Hello there"
    assert all("[" not in r and "INT" not in r for r in replies)
    # the reply only grows while streaming
    shown = [r for r in replies if r]
    assert all(b.startswith(a) for a, b in zip(shown, shown[1:]))


TAG_WORDS = ["[REPLY]", "[INTERNAL]", "[CORE_UPDATE]", "[FUTURE_MESSAGE]", "REPLY:", "**[reply]**:", "\n", ": ", "- ", "> "]


@settings(max_examples=300, deadline=None)
@given(st.lists(st.one_of(st.sampled_from(TAG_WORDS), st.text(max_size=20)), max_size=12))
def test_parser_never_raises_on_any_text(parts):
    a = P.parse("".join(parts))
    assert isinstance(a.reply, str)


@settings(max_examples=300, deadline=None)
@given(
    before=st.text(alphabet=st.characters(blacklist_characters="[]"), max_size=30),
    secrets=st.lists(st.from_regex(r"[a-z]{3,8}", fullmatch=True), min_size=3, max_size=3),
    reply=st.one_of(st.none(), st.text(alphabet="abcdefgh ", min_size=1, max_size=20)),
    order=st.permutations(["INTERNAL", "CORE_UPDATE", "FUTURE_MESSAGE"]),
)
def test_other_tags_content_never_leaks_into_reply(before, secrets, reply, order):
    # Unique markers inside the non-REPLY values must never appear in the reply.
    markers = [f"zq{s}qz" for s in secrets]
    lines = [f"[{tag}]: {m}" for tag, m in zip(order, markers)]
    if reply is not None:
        lines.insert(1, f"[REPLY]: {reply}")
    a = P.parse(before + "\n" + "\n".join(lines))
    for m in markers:
        assert m not in a.reply


def test_free_reply_format_streams_the_untagged_reply():
    """The good brain's format: the reply first, untagged; only the memory lines are tagged."""
    parser = MiloTagParser().with_free_reply()
    assert "[REPLY]" not in parser.get_format_instructions() and "[CORE_UPDATE]:" in parser.get_format_instructions()
    grammar = parser.gbnf()
    assert grammar.startswith('root ::= sentences "\\n" "[INTERNAL]: "') and "sentence" in grammar
    text = "Oh, coffee! I love that smell. Tell me more?\n[INTERNAL]: likes coffee\n[CORE_UPDATE]: Sam loves black coffee\n[FUTURE_MESSAGE]: Ask about coffee"
    chunks = [text[i:i + 7] for i in range(0, len(text), 7)]
    shown = [a.reply for a in parser.transform(iter(chunks)) if "REPLY" not in a.missing]
    assert shown[-1] == "Oh, coffee! I love that smell. Tell me more?"
    assert all(r.startswith(prev) for prev, r in zip(shown, shown[1:]))  # it only ever grows
    assert not any("[" in r or "INTERNAL" in r for r in shown)
    final = parser.parse(text)
    assert final.missing == [] and final.core_update == "Sam loves black coffee"



def test_the_profiles_example_answer_is_shown_with_free_replies_only(tmp_path):
    """prompts/example.md: one worked answer after the format, in the format's order, for a
    model that answers in free sentences (the good brain, where bench/replies.py measured it);
    none for the tagged format, for a profile without the file, or for a format with a line the
    example lacks. Copying it is reciting the prompt (the copy guard reads prompt_lines)."""
    import shutil

    from milo.chat.persona import Persona

    persona = Persona.load()
    assert persona.example["reply"] and persona.example["CORE_UPDATE"]
    free = MiloTagParser().with_free_reply().with_example(persona.example)
    text = free.get_format_instructions()
    assert text.index("[FUTURE_MESSAGE]: <") < text.index(persona.example["intro"]) < text.index(persona.example["reply"])
    shown = text[text.index(persona.example["reply"]):].splitlines()
    assert [l.split("]:")[0] for l in shown[1:4]] == ["[INTERNAL", "[CORE_UPDATE", "[FUTURE_MESSAGE"]
    assert "<" not in "".join(shown[:4])
    assert persona.example["intro"] not in MiloTagParser().with_example(persona.example).get_format_instructions()
    with_action = free.with_tags([TagSpec("ACTION", "action", "<a gesture, or none>")])
    assert persona.example["reply"] not in with_action.get_format_instructions()
    assert persona.example["reply"] in persona.prompt_lines()
    prompts = tmp_path / "prompts"
    shutil.copytree(ROOT / "prompts", prompts)
    (prompts / "example.md").unlink()
    bare = Persona.load(prompts_dir=prompts)
    assert bare.example == {} and "For example" not in MiloTagParser().with_free_reply().with_example(bare.example).get_format_instructions()


@pytest.mark.model
def test_the_free_reply_grammar_runs_on_llama_cpp(embedded, make_milo):
    """The grammar compiles in llama.cpp and the reply comes out as whole sentences (the tiny
    model stands in for the good brain, which is not installed on every machine)."""
    import re
    from dataclasses import replace

    free = replace(embedded, free_reply=True)
    result = make_milo(free).turn("Tell me something about octopuses.")
    assert result.ok and result.answer is not None and "REPLY" not in result.answer.missing
    assert re.search(r"[.!?][\"')]?$", result.reply), result.reply  # ends on a sentence, not mid-word
    assert result.answer.core_update and "[" not in result.reply


@pytest.mark.parametrize("free", [False, True])
def test_only_the_reply_reaches_the_user(free):
    """Reasoning blocks, 'Internal thought:' lines, terminal escapes and copied placeholders
    never reach the user, streamed or final; a tag inside <think> is not a tag."""
    parser = MiloTagParser().with_free_reply(free)
    reply_tag = "" if free else "[REPLY]: "
    text = ("<think>The user wants [REPLY]: fake. Let me plan.</think>" + reply_tag +
            "Hi \x1b[31mSam\x1b[0m! \x1b]8;;http://evil\x07Coffee\x1b]8;;\x07 is great.\n"
            "Internal thought: she likes coffee\n[CORE_UPDATE]: Sam likes coffee\n[FUTURE_MESSAGE]: Ask about coffee")
    chunks = [text[i:i + 5] for i in range(0, len(text), 5)]
    streamed = [a.reply for a in parser.transform(iter(chunks))]
    final = parser.parse(text)
    assert final.reply == "Hi Sam! Coffee is great." and final.internal == "she likes coffee"
    for reply in streamed:
        assert "\x1b" not in reply and "think" not in reply and "fake" not in reply and "<" not in reply
        assert final.reply.startswith(reply)
    assert MiloTagParser().parse("[REPLY]: <your answer to the user, in Milo's own voice>").reply == ""


def test_streaming_parse_is_linear_in_the_answer():
    """A runaway 50 KB answer in 7-character chunks: a few dozen parses past the first 4 KB,
    not one per chunk (before: 18.7 s of CPU). Counted, not timed."""
    from milo.chat import tags

    calls = []
    original = tags.MiloTagParser._parse

    def counting(self, text, partial):
        calls.append(len(text))
        return original(self, text, partial)

    big = "[REPLY]: " + "word " * 10000 + "\n[INTERNAL]: x"
    chunks = [big[i:i + 7] for i in range(0, len(big), 7)]
    tags.MiloTagParser._parse = counting
    try:
        items = list(MiloTagParser().transform(iter(chunks)))
    finally:
        tags.MiloTagParser._parse = original
    assert items[-1].internal == "x" and items[-1].reply.startswith("word word")
    assert sum(calls) < 40 * len(big)  # total characters parsed: linear, not quadratic (~7,000 x 50 KB)


# Every way of writing a label the parser accepts (issue 27: "Future-Message:" and
# "2) [Future Message]:" streamed into the reply as "Hello there, Sam. Future-M").
_SPELLINGS = st.builds(
    lambda prefix, deco, bracket, words, sep, colon: f"{prefix}{deco}{'[' if bracket else ''}{sep.join(words)}{']' if bracket else ''}{deco}{colon}",
    prefix=st.sampled_from(["", "- ", "* ", "> ", "2) ", "3. ", "  "]),
    deco=st.sampled_from(["", "**", "_"]),
    bracket=st.booleans(),
    words=st.sampled_from([("FUTURE", "MESSAGE"), ("Future", "Message"), ("core", "update"), ("INTERNAL",), ("Internal",)]),
    sep=st.sampled_from(["_", "-", " ", ""]),
    colon=st.sampled_from([": ", ":", " : "]),
)


@settings(max_examples=400, deadline=None)
@given(reply=st.text(alphabet="abcdefgh ,.!'", min_size=1, max_size=40).filter(lambda s: s.strip(" ,.!'")),
       labels=st.lists(_SPELLINGS, min_size=1, max_size=3), values=st.lists(st.from_regex(r"[a-z ]{1,12}", fullmatch=True), min_size=3, max_size=3),
       cuts=st.lists(st.integers(min_value=1, max_value=9), min_size=1, max_size=40))
def test_what_streams_is_the_start_of_the_final_reply(reply, labels, values, cuts):
    """For any answer whose label lines the final parse reads, every reply shown while it
    streams is the start of the final reply: no label fragment is ever shown."""
    text = "[REPLY]: " + reply + "".join(f"\n{label}{value}" for label, value in zip(labels, values))
    final = P.parse(text)
    pieces, i = [], 0
    for n in cuts * 20:
        if i >= len(text):
            break
        pieces.append(text[i:i + n])
        i += n
    pieces.append(text[i:])
    for a in P.transform(iter(AIMessageChunk(content=p) for p in pieces if p)):
        assert final.reply.startswith(a.reply), (a.reply, final.reply, text)


def test_a_sentence_ends_in_one_kind_of_mark():
    """The good brain ended replies "...reading books.?" and "...exposed.?." (seen talking to it on
    a lived-in memory): the grammar let any run of . ! ? end a sentence."""
    body = re.search(r"^sentence-end ::= (.*)$", P.gbnf(), re.M).group(1).replace(" | emoji", "")
    tokens = re.findall(r'"(?:[^"\\]|\\.)*"|\[[^\]]*\]|\{\d+,\d+\}|[()|]', body)
    pattern = re.compile("".join(re.escape(t[1:-1]) if t.startswith('"') else t for t in tokens))
    for end in (".", "...", "!", "?", "?!", "!!!", '."', "?)"):
        assert pattern.fullmatch(end), end
    for end in (".?", ".?.", "?.", "!.", ".!", "..", "...."):
        assert not pattern.fullmatch(end), end
