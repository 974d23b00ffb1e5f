"""What the model reads: speech-to-text lines given capitals (milo.chat.written), the persona's
samples in the prompt's order (milo.chat.persona.prompt_order). The replies these change are
bench/replies.py's to count (--split spoken, all): a model's sampling is not a test's to assert."""

import dataclasses
import json

import pytest

from milo.chat.models import choose_model
from milo.chat.persona import Persona, prompt_order
from milo.chat.written import as_written
from milo.sessions import SessionMemory, SessionStore
from tests.model_server import ScriptedModelServer


@pytest.mark.parametrize("said, read", [
    ("hello milo its kwame i drive a bus in kumasi", "Hello Milo its kwame I drive a bus in kumasi"),
    ("hey milo i'm leo and im learning, ive started", "Hey Milo I'm leo and I'm learning, I've started"),
    ("where do i live", "Where do I live"),  # no stop added: still a question
    ("  milo? i'll be late", "  Milo? I'll be late"),
    ("ill and id are words", "Ill and id are words"),  # without the apostrophe only "im" and "ive"
    ("Hi Milo, i am Zoë", "Hi Milo, i am Zoë"),  # a capital anywhere: written as the user wrote it
    ("李娜 你好", "李娜 你好"),  # no case in the script
    ("ça va? je suis chloé", "Ça va? je suis chloé"),
    ("", ""),
])
def test_a_line_without_capitals_is_given_them_for_the_model(said, read):
    assert as_written(said, "Milo") == read


def test_the_samples_that_open_like_a_reply_are_listed_last_the_rest_as_written():
    samples = Persona.load().samples
    ordered = prompt_order(samples)
    assert sorted(ordered) == sorted(samples)
    assert not ordered[0].startswith(("Oh", "Ooh", "Ha"))
    late = [s for s in samples if s.split()[0].strip("!,").lower() in ("oh", "ooh", "ha")]
    assert late and ordered[-len(late):] == late  # in the file's order
    assert ordered[: -len(late)] == [s for s in samples if s not in late]
    assert prompt_order(["No exclamation.", "Another."]) == ["No exclamation.", "Another."]


def test_the_model_reads_the_capitals_and_the_memory_and_conversation_keep_the_words_as_said(make_milo, tmp_path, memory_file):
    with ScriptedModelServer() as srv:
        # The embedded brain's server is llama.cpp's, as this one: the same requests (only the
        # embedded brain's messages are given capitals, where it was measured).
        model = dataclasses.replace(choose_model("openai:test-model", env={"MILO_BASE_URL": srv.url}, timeout=5), kind="embedded")
        milo = make_milo(model, history=SessionMemory(SessionStore(tmp_path / "sessions")))
        assert milo.turn("hi milo its kwame i drive a bus").ok
        assert milo.turn("what do i drive").ok
    sent = [[m["content"] for m in r["messages"] if m["role"] == "user"] for r in srv.requests]
    assert sent[0][-1] == "Hi Milo its kwame I drive a bus"
    assert sent[-1][-2:] == ["Hi Milo its kwame I drive a bus", "What do I drive"]  # the replayed line too: one prefix
    kept = json.dumps([m.content for m in milo.history.messages])
    assert "hi milo its kwame i drive a bus" in kept and "what do i drive" in kept
    assert "Hi Milo its" not in memory_file.read_text() and "Hi Milo its" not in kept


def test_a_server_model_reads_the_line_as_said(make_milo):
    with ScriptedModelServer() as srv:
        assert make_milo(choose_model("openai:test-model", env={"MILO_BASE_URL": srv.url}, timeout=5)).turn("what do i drive").ok
    assert srv.requests[0]["messages"][-1] == {"role": "user", "content": "what do i drive"}


COPY = ("[REPLY]: Oh! Oh, wait, did you know octopuses have three hearts? Three! I keep thinking about that.\n"
        "[INTERNAL]: a fact\n[CORE_UPDATE]: They said hello.\n[FUTURE_MESSAGE]: Nothing in particular")
OWN = "[REPLY]: Ooh, a bus driver! Which route do you drive?\n[INTERNAL]: buses\n[CORE_UPDATE]: They drive a bus.\n[FUTURE_MESSAGE]: Nothing in particular"


def scripted_turn(make_milo, answers, message):
    """One turn against a scripted server (it stands in for the model's sampling): the result, what
    was shown as it streamed, and the requests the server got."""
    with ScriptedModelServer([("ok", a) for a in answers]) as srv:
        shown = []
        result = make_milo(choose_model("openai:test-model", env={"MILO_BASE_URL": srv.url}, timeout=5)).turn(
            message, on_reply=shown.append)
    return result, "".join(shown), srv.requests


def test_a_reply_that_only_copies_a_sample_is_written_once_more(make_milo, memory_file):
    """Which copy the model writes is chance: a scripted server stands in for it."""
    result, shown, requests = scripted_turn(make_milo, [COPY, OWN], "Hi Milo, I drive a bus.")
    assert result.ok and result.reply == "Ooh, a bus driver! Which route do you drive?" == shown
    assert len(requests) == 2 and requests[1]["temperature"] == 0.9
    assert requests[0]["messages"] == requests[1]["messages"]  # the same prompt: the server's cache serves it
    assert "octopuses" not in memory_file.read_text()
    # A copy again: shown as the model wrote it (never an empty reply), and not written a third time.
    result, _, requests = scripted_turn(make_milo, [COPY, COPY, OWN], "Hi Milo, I drive a bus.")
    assert result.ok and result.reply.startswith("Oh! Oh, wait, did you know octopuses") and len(requests) == 2


YES = "[REPLY]: Absolutely!\n[INTERNAL]: a book\n[CORE_UPDATE]: They asked for a book.\n[FUTURE_MESSAGE]: Nothing in particular"
BOOK = ("[REPLY]: Absolutely! Try The Hobbit, it's cosy for a train.\n[INTERNAL]: a book\n[CORE_UPDATE]: They asked for a book.\n"
        "[FUTURE_MESSAGE]: Nothing in particular")


def test_a_yes_alone_to_a_question_is_written_once_more(make_milo):
    """A bare "Absolutely!" to "Can you recommend a good book...?" (seen, though there the reply guard
    had cut the rest) is written once more."""
    result, shown, requests = scripted_turn(make_milo, [YES, BOOK], "Can you recommend a good book for a long train ride?")
    assert result.ok and result.reply == "Absolutely! Try The Hobbit, it's cosy for a train." == shown
    assert len(requests) == 2 and requests[1]["temperature"] == 0.9
    # A yes to news is a reply; and a yes again is shown as written, not asked a third time.
    result, _, requests = scripted_turn(make_milo, [YES, BOOK], "I finished my book.")
    assert result.reply == "Absolutely!" and len(requests) == 1
    result, _, requests = scripted_turn(make_milo, [YES, YES, BOOK], "Can you recommend a book?")
    assert result.reply == "Absolutely!" and len(requests) == 2


NARRATES = ("[REPLY]: Amy asked about her new home in Kyiv.\n[INTERNAL]: a move\n[CORE_UPDATE]: They moved.\n"
            "[FUTURE_MESSAGE]: Nothing in particular")
KYIV = ("[REPLY]: Kyiv! How are you finding it there?\n[INTERNAL]: a move\n[CORE_UPDATE]: They moved.\n"
        "[FUTURE_MESSAGE]: Nothing in particular")


def test_a_reply_that_only_narrates_the_user_is_written_once_more_and_a_copy_is_kept_from_its_opening(make_milo):
    """bench/truth.py dec80 (held out): told 'Sorry, I meant Kyiv, not Lviv. I moved there last
    year.', the good brain wrote "Oksana asked about her new home in Kyiv." (the user narrated to
    the user), and "Oh! Oh, wait, did you know octopuses have three hearts? Three!" three times in
    three tries, the once-more included. A llama.cpp brain writes it again kept from the
    exclamations it opened with (a logit bias, beside the grammar); others as before."""
    grammar = lambda choice: dataclasses.replace(choice, grammar=True)  # noqa: E731 - the scripted server reads no grammar
    result, shown, requests = scripted_turn(lambda c: make_milo(grammar(c)), [NARRATES, KYIV], "Sorry, I meant Kyiv, not Lviv.")
    assert result.reply == "Kyiv! How are you finding it there?" == shown and len(requests) == 2
    assert "logit_bias" not in requests[1] and "grammar" in requests[1]
    okey = "[REPLY]: Okey!\n[INTERNAL]: a move\n[CORE_UPDATE]: They moved.\n[FUTURE_MESSAGE]: Nothing in particular"
    result, shown, requests = scripted_turn(make_milo, [okey, KYIV], "Sorry, I meant Kyiv, not Lviv.")
    assert result.reply == "Kyiv! How are you finding it there?" == shown and len(requests) == 2
    result, shown, requests = scripted_turn(lambda c: make_milo(grammar(c)), [COPY, OWN], "Hi Milo, I drive a bus.")
    assert result.reply == shown and "octopuses" not in shown and len(requests) == 2
    assert {"Oh", " Oh", "oh", " oh", "wait", " wait", "Wait", " Wait"} == {w for w, bias in requests[1]["logit_bias"] if bias == -100}
    assert "grammar" in requests[1] and requests[1]["temperature"] == 0.9


def test_llama_cpp_keeps_the_answer_from_words_given_a_logit_bias(embedded):
    """The real embedded server (the tiny brain) takes a logit bias by words, as a reply written
    again after a copied sample is given it."""
    ask = [("human", "Repeat exactly: Oh! Oh, wait, cats are great.")]
    plain = embedded.llm.bind(temperature=0, max_tokens=12).invoke(ask).content
    kept = embedded.llm.bind(temperature=0, max_tokens=12,
                             extra_body={"logit_bias": [[v, -100] for v in ("Oh", " Oh", "oh", " oh")]}).invoke(ask).content
    assert plain.lstrip().startswith("Oh"), plain  # what the bias is for, on this brain
    assert "Oh" not in kept and "oh" not in kept.split(), kept
