"""The turn: provider selection and failure paths against real loopback servers, and the real
embedded model end to end."""

import json
import re
import socket
import threading
import time

import pytest

from milo.memory.recall import estimate_tokens
from model_server import GOOD, ScriptedModelServer

from milo.memory import LivingMemory
from milo.chat.models import ModelConfigError, choose_model
from milo.chat.turn import LOST_THREAD


def openai_model(server_url, timeout=5.0):
    return choose_model("openai:test-model", env={"MILO_BASE_URL": server_url}, timeout=timeout)


def entries(path):
    return list(LivingMemory(path).pulses())


# ---- provider selection --------------------------------------------------------------------


def test_auto_picks_gemini_with_a_key_and_never_leaks_it():
    choice = choose_model("auto", env={"GOOGLE_API_KEY": "AIza-test-secret"})
    assert choice.kind == "gemini" and choice.name == "gemini-2.5-flash"
    assert choice.llm.temperature == 0.2
    assert "AIza-test-secret" not in repr(choice.llm) and "AIza-test-secret" not in choice.label


def test_gemini_model_name_and_missing_key():
    assert choose_model("gemini:gemini-2.5-pro", env={"GOOGLE_API_KEY": "k"}).name == "gemini-2.5-pro"
    with pytest.raises(ModelConfigError, match="GOOGLE_API_KEY"):
        choose_model("gemini", env={})


def test_auto_without_key_is_the_embedded_model(embedded):
    import os

    # The test's own data folder (conftest): a brain the user installed is not this test's.
    choice = choose_model("auto", env={"MILO_DATA_DIR": os.environ["MILO_DATA_DIR"]})
    assert choice.kind == "embedded" and choice.grammar
    assert choice.where == embedded.where  # one shared in-process server


def test_env_selects_model_and_errors_are_one_sentence():
    assert choose_model(None, env={"MILO_MODEL": "ollama:llama3.2", "OLLAMA_HOST": "10.0.0.5:11434"}).where == "http://10.0.0.5:11434"
    for spec, fix in [("openai:m", "MILO_BASE_URL"), ("ollama", "ollama:"), ("bogus", "Unknown model"), ("/nope/model.gguf", "No GGUF model file")]:
        with pytest.raises(Exception, match=fix) as e:
            choose_model(spec, env={})
        assert str(e.value).count(". ") == 0 and str(e.value).endswith(".")


# ---- failure paths through a real HTTP server ---------------------------------------------


def test_good_answer_is_etched_and_streamed(make_milo, memory_file):
    with ScriptedModelServer() as srv:
        milo = make_milo(openai_model(srv.url))
        deltas = []
        result = milo.turn("hello, this is a test exchange", on_reply=deltas.append)
    assert result.ok and result.reply == "Hello from the loopback server!"
    assert "".join(deltas) == result.reply and len(deltas) > 1  # streamed in pieces
    (pulse,) = entries(memory_file)
    assert pulse.fields == {"CORE_UPDATE": "a test exchange", "FUTURE_MESSAGE": "Nothing in particular", "REPLY": result.reply}
    assert "testing" not in memory_file.read_text()  # INTERNAL is never stored
    sent = srv.requests[0]["messages"]
    assert sent[0]["role"] == "system" and "[REPLY]:" in sent[0]["content"]
    assert sent[-1] == {"role": "user", "content": "hello, this is a test exchange"}
    assert "grammar" not in srv.requests[0]  # only llama.cpp servers get a grammar


def test_start_turn_returns_with_the_whole_reply_before_the_memory_lines_exist(make_milo, memory_file, tmp_path):
    """A terminal takes the next message while the model writes its notes: start_turn comes back
    as soon as the reply is whole; finish() (here on another thread) etches it and records it."""
    import threading

    from milo.sessions import SessionMemory, SessionStore

    history = SessionMemory(SessionStore(tmp_path / "s"))
    rest = threading.Event()  # the server sends the memory lines only once this is set
    with ScriptedModelServer([("pause", GOOD, rest)]) as srv:
        milo = make_milo(openai_model(srv.url), history=history)
        deltas = []
        pending = milo.start_turn("hello, this is a test exchange", on_reply=deltas.append)
        assert "".join(deltas) == "Hello from the loopback server!"  # whole, and the server still holds the rest
        assert not entries(memory_file) and history.window() == []
        done = []
        pending.finish_in_background(done.append)
        rest.set()
        result = pending.wait(timeout=30)
    assert done == [result] and result.ok and result.reply == "Hello from the loopback server!"
    (pulse,) = entries(memory_file)
    assert pulse.fields["CORE_UPDATE"] == "a test exchange"
    assert [m.content for m in history.window()] == ["hello, this is a test exchange", result.reply]


def _hurried(make_milo, tmp_path, answer, text):
    """A turn whose memory lines are held by the server at `answer`'s PAUSE mark, hurried by
    the next message: it must end without them (the rest is sent only after the wait)."""
    import threading

    from milo.sessions import SessionMemory, SessionStore

    history = SessionMemory(SessionStore(tmp_path / "s"))
    rest = threading.Event()
    with ScriptedModelServer([("pause", answer, rest)]) as srv:
        pending = make_milo(openai_model(srv.url), history=history).start_turn(text, on_reply=lambda d: None)
        pending.finish_in_background()
        pending.hurry()
        result = pending.wait(timeout=20)  # the rest never came: hurry() did not wait for it
        rest.set()
    assert result is not None, "the hurried turn waited for the memory lines"
    return result, history


def test_a_follow_up_message_ends_the_memory_lines_where_they_are(make_milo, memory_file, tmp_path):
    """The next message came while the model wrote its notes: the lines it finished are etched,
    the one half written is not, and the turn is recorded (issue 23: a follow-up never waits
    ~8 s for them)."""
    from model_server import PAUSE

    answer = ("[REPLY]: Oh, a balcony garden!\n[CORE_UPDATE]: Amy grows tomatoes on the balcony\n"
              f"[FUTURE_MESSAGE]: Ask how the tom{PAUSE}atoes are doing\n[INTERNAL]: nice")
    result, history = _hurried(make_milo, tmp_path, answer, "I grow tomatoes on my balcony")
    assert result.ok and result.hurried and result.reply == "Oh, a balcony garden!"
    (pulse,) = entries(memory_file)
    assert pulse.fields == {"CORE_UPDATE": "Amy grows tomatoes on the balcony", "REPLY": "Oh, a balcony garden!"}
    assert [m.content for m in history.window()] == ["I grow tomatoes on my balcony", "Oh, a balcony garden!"]


def test_a_note_left_unwritten_by_a_follow_up_is_the_users_own_words(make_milo, memory_file, tmp_path):
    from model_server import PAUSE

    answer = f"[REPLY]: Oh, a balcony garden!\n[CORE_UPDATE]: Amy gr{PAUSE}ows tomatoes on her balcony\n[FUTURE_MESSAGE]: x"
    result, _ = _hurried(make_milo, tmp_path, answer, "I grow tomatoes on my balcony")
    (pulse,) = entries(memory_file)
    assert pulse.fields == {"CORE_UPDATE": 'Amy said: "I grow tomatoes on my balcony"', "REPLY": "Oh, a balcony garden!"}
    assert any("next message came" in change for change in result.memory_changes), result.memory_changes


def test_the_gesture_is_made_when_its_line_is_written_not_after_the_notes(make_milo, memory_file):
    """The body moves, and the front end hears of it, as soon as the [ACTION] line is written,
    not when the answer ends: here the server holds back the lines after it."""
    import dataclasses
    import threading

    from model_server import PAUSE

    from milo.body import Body, ConsoleRobot

    body = Body(ConsoleRobot())
    rest, made = threading.Event(), []
    answer = f"[REPLY]: Sure thing!\n[ACTION]: nod(times=2)\n{PAUSE}[CORE_UPDATE]: Amy asked for a nod\n[FUTURE_MESSAGE]: Nothing in particular"
    try:
        with ScriptedModelServer([("pause", answer, rest)]) as srv:
            milo = make_milo(dataclasses.replace(openai_model(srv.url), grammar=True), body=body)
            assert [t.name for t in milo.parser.tags] == ["REPLY", "INTERNAL", "CORE_UPDATE", "FUTURE_MESSAGE", "ACTION"]
            pending = milo.start_turn("Do you agree with me?", on_reply=lambda d: None, on_gestures=made.append)
            pending.finish_in_background()
            for _ in range(200):  # the memory lines are held until `rest` is set
                if made:
                    break
                time.sleep(0.05)
            assert [m.gestures for m in made] == [["nod(times=2)"]] and not entries(memory_file)
            assert made[0].answer.action == "nod(times=2)"
            rest.set()
            result = pending.wait(timeout=20)
        assert body.wait(10)
    finally:
        body.close()
    assert result.gestures == ["nod(times=2)"] and len(made) == 1  # made once
    assert entries(memory_file)[0].fields["REPLY"] == "Sure thing!"  # the turn went on to its notes
    assert body.statuses == ["(no robot) nodded twice"]


@pytest.mark.model
def test_the_embedded_model_stopped_by_the_next_message_etches_what_it_wrote(embedded, make_milo, memory_file, tmp_path):
    """On the real llama.cpp server: a turn hurried as soon as its reply is whole drops the
    model's stream mid-line, etches the lines it had, and the next turn is answered as usual."""
    from milo.sessions import SessionMemory, SessionStore

    history = SessionMemory(SessionStore(tmp_path / "s"))
    milo = make_milo(embedded, history=history)
    pending = milo.start_turn("I grow tomatoes on my balcony.", on_reply=lambda d: None)
    pending.hurry()
    first = pending.finish()
    assert first.ok and first.hurried, first
    (pulse,) = entries(memory_file)
    assert pulse.fields["REPLY"] == first.reply and pulse.fields["CORE_UPDATE"]
    assert first.answer.growing == "" and "[" not in "".join(pulse.fields.values())  # no half line
    second = milo.turn("Do you like rain?")
    assert second.ok, second.error
    # Both exchanges are kept (the tiny brain samples: a reply that copies a persona sample is
    # kept but not replayed, so the window may hold three messages; a fresh-clone run saw that).
    kept = history.store.history(history.store.active_id()).messages
    assert len(entries(memory_file)) == 2 and len(kept) == 4 and len(history.window()) in (3, 4)


def test_a_failure_after_the_reply_is_whole_keeps_the_reply_and_etches_nothing(make_milo, memory_file):
    # The server stalls during the memory lines (a read timeout): the reply stood whole on the
    # screen, so it is not followed by an apology; what is lost is said once, as a notice.
    with ScriptedModelServer([("pause", GOOD, 5)]) as srv:
        deltas = []
        result = make_milo(openai_model(srv.url, timeout=1.0)).turn("hello, a test exchange", on_reply=deltas.append)
    assert result.reply == "".join(deltas) == "Hello from the loopback server!"
    assert result.ok and LOST_THREAD not in result.reply and result.pulse is None and not entries(memory_file)
    assert len(result.notices) == 1 and result.notices[0].endswith("Nothing was etched for this turn."), result.notices


def test_a_cancelled_turn_etches_nothing(make_milo, memory_file):
    import threading

    rest = threading.Event()
    with ScriptedModelServer([("pause", GOOD, rest)]) as srv:
        pending = make_milo(openai_model(srv.url)).start_turn("hello, a test exchange", on_reply=lambda d: None)
        pending.finish_in_background()
        pending.cancel()
        rest.set()
        result = pending.wait(timeout=30)
    assert result.reply == "Hello from the loopback server!" and result.pulse is None and not entries(memory_file)
    assert result.notices == ["The turn was stopped. Nothing was etched for this turn."]


INVENTED = ("[REPLY]: Hi Amy! How is Biscuit, your cat?\n[INTERNAL]: x\n[CORE_UPDATE]: Amy told Milo her cat is called Biscuit\n"
            "[FUTURE_MESSAGE]: Ask Amy about Biscuit on 1978-02-31 at https://youtu.be/x")


def test_invented_facts_are_not_etched(make_milo, memory_file, caplog):
    """The model's summary names a cat the user never mentioned: the user's own words are
    etched instead, the invented follow-up is dropped, and -v says what was replaced."""
    caplog.set_level("INFO", logger="milo.memory")
    with ScriptedModelServer([("ok", INVENTED)]) as srv:
        result = make_milo(openai_model(srv.url)).turn("Hi Milo, I'm back from work")
    assert result.ok and result.reply == "Hi Amy! How is Biscuit, your cat?"  # what was said is what was said
    (pulse,) = entries(memory_file)
    assert pulse.fields == {"CORE_UPDATE": 'Amy said: "Hi Milo, I\'m back from work"', "REPLY": result.reply}
    assert "Biscuit" not in pulse.core_update and "1978" not in memory_file.read_text()
    assert any("replaced CORE_UPDATE 'Amy told Milo her cat is called Biscuit'" in r.getMessage() for r in caplog.records)
    assert any("dropped FUTURE_MESSAGE" in c for c in result.memory_changes)


def test_supported_summary_is_kept_and_repeats_are_not(make_milo, memory_file):
    answer = "[REPLY]: Strong black coffee, yum!\n[INTERNAL]: x\n[CORE_UPDATE]: Amy loves strong black coffee\n[FUTURE_MESSAGE]: Ask Amy about her coffee"
    with ScriptedModelServer([("ok", answer), ("ok", answer)]) as srv:
        milo = make_milo(openai_model(srv.url))
        milo.turn("I love strong black coffee")
        second = milo.turn("Did I say I love strong black coffee?")
    (first,) = entries(memory_file)
    assert first.core_update == "Amy loves strong black coffee" and first.future_message == "Ask Amy about her coffee"
    # The same notes and reply again would only feed a loop: nothing new, nothing etched.
    assert second.ok and second.pulse is None
    assert any("repeats a recent note" in c for c in second.memory_changes)


def test_cut_off_answer_is_not_etched_nor_replayed(make_milo, memory_file, tmp_path):
    from milo.sessions import SessionMemory, SessionStore

    history = SessionMemory(SessionStore(tmp_path / "s"))
    with ScriptedModelServer([("ok", GOOD.replace("server!", "server! FUTURE_MESSAGE: leaked"))]) as srv:
        milo = make_milo(openai_model(srv.url), history=history)
        leaked = milo.turn("hello there")
    assert leaked.ok and leaked.pulse is None and not entries(memory_file)
    assert any("tag text" in c for c in leaked.memory_changes)
    assert history.window() == []  # the exchange is kept on disk but never replayed


def test_a_note_may_rest_on_what_the_user_said_earlier_in_the_conversation(make_milo, memory_file, tmp_path):
    from milo.sessions import SessionMemory, SessionStore

    history = SessionMemory(SessionStore(tmp_path / "s"))
    note = "[REPLY]: Coffee, and you are Amy!\n[INTERNAL]: x\n[CORE_UPDATE]: Amy asked about coffee\n" \
           "[FUTURE_MESSAGE]: Ask Amy about the tomatoes from the farmers market"
    first = "[REPLY]: Tomatoes!\n[INTERNAL]: x\n[CORE_UPDATE]: Amy bought tomatoes at the farmers market\n[FUTURE_MESSAGE]: Nothing in particular"
    with ScriptedModelServer([("ok", first), ("ok", note)]) as srv:
        milo = make_milo(openai_model(srv.url), history=history)
        assert milo.turn("I bought tomatoes at the farmers market.").pulse is not None
        second = milo.turn("What's my name, and what do I drink?")
    # "tomatoes" and "farmers market" are not in the second message, but were said in this conversation.
    assert second.pulse is not None and second.pulse.future_message == "Ask Amy about the tomatoes from the farmers market", second.memory_changes


@pytest.mark.parametrize("first", [("status", 429), ("status", 500), ("status", 503), ("garbage", "not json {"), ("drop",)])
def test_transient_failure_is_retried(make_milo, memory_file, first):
    with ScriptedModelServer([first]) as srv:
        result = make_milo(openai_model(srv.url)).turn("hi")
    assert result.ok and result.attempts == 2 and len(srv.requests) == 2
    assert len(entries(memory_file)) == 1


def test_persistent_5xx_gives_in_character_reply_and_etches_nothing(make_milo, memory_file):
    waits = []
    with ScriptedModelServer([("status", 500)] * 5) as srv:
        milo = make_milo(openai_model(srv.url), retries=2, backoff=0.25, sleep=waits.append)
        result = milo.turn("hi")
    assert result.reply == LOST_THREAD and not result.ok
    assert result.error == f"The model server at {srv.url} had an internal error (HTTP 500)."
    assert len(srv.requests) == 3 and waits == [0.25, 0.5]  # bounded, with backoff
    assert not memory_file.exists()


def test_rate_limit_sentence(make_milo):
    with ScriptedModelServer([("status", 429)] * 3) as srv:
        result = make_milo(openai_model(srv.url)).turn("hi")
    assert "rate-limiting" in result.error and "429" in result.error


def test_bad_key_is_not_retried_and_never_shown(make_milo, memory_file, monkeypatch):
    with ScriptedModelServer([("status", 401)]) as srv:
        model = choose_model("openai:m", env={"MILO_BASE_URL": srv.url, "MILO_API_KEY": "sk-very-secret"})
        result = make_milo(model).turn("hi")
    assert srv.headers[0]["authorization"] == "Bearer sk-very-secret"  # it was really sent...
    assert len(srv.requests) == 1 and "API key" in result.error
    assert "sk-very-secret" not in result.error and "sk-very-secret" not in result.reply  # ...never shown
    assert not memory_file.exists()


def test_hanging_server_times_out(make_milo):
    with ScriptedModelServer([("hang", 3)] * 3) as srv:
        result = make_milo(openai_model(srv.url, timeout=0.5), retries=0, timeout=0.5).turn("hi")
    assert result.error == f"The model at {srv.url} did not answer within 0.5 seconds; it may be overloaded (raise MILO_TIMEOUT if it is just slow)."


def test_refused_connection_names_the_fix(make_milo, memory_file):
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]  # nothing listens here once closed
    url = f"http://127.0.0.1:{port}/v1"
    result = make_milo(openai_model(url), retries=1).turn("hi")
    assert result.reply == LOST_THREAD and result.attempts == 2
    assert result.error.startswith(f"Cannot reach the model server at {url}; is it running?")
    assert not memory_file.exists()


def test_untagged_answer_still_replies(make_milo, memory_file):
    with ScriptedModelServer([("ok", "Just plain words, no tags.")]) as srv:
        result = make_milo(openai_model(srv.url)).turn("hi")
    assert result.ok and result.reply == "Just plain words, no tags."
    assert entries(memory_file)[0].fields == {"REPLY": "Just plain words, no tags."}


def test_unparseable_empty_answer_is_retried_then_lost_thread(make_milo, memory_file):
    with ScriptedModelServer([("ok", "[INTERNAL]: nothing to say")] * 3) as srv:
        result = make_milo(openai_model(srv.url)).turn("hi")
    assert len(srv.requests) == 3 and result.reply == LOST_THREAD
    assert result.error == "The model's answer could not be understood."
    assert not memory_file.exists()


def test_placeholder_copying_answer_is_not_etched(make_milo, memory_file):
    copy = "[REPLY]: Hi!\n[INTERNAL]: <one short private thought>\n[CORE_UPDATE]: <a few words on what this exchange was about>\n[FUTURE_MESSAGE]: <a thread to pick up next time, or Nothing in particular>"
    with ScriptedModelServer([("ok", copy)]) as srv:
        result = make_milo(openai_model(srv.url)).turn("hi")
    assert result.reply == "Hi!"
    assert entries(memory_file)[0].fields == {"REPLY": "Hi!"}


def test_ollama_provider_through_a_real_http_server(make_milo, memory_file):
    with ScriptedModelServer([("ok", GOOD)]) as srv:
        model = choose_model("ollama:tiny", env={"OLLAMA_HOST": f"127.0.0.1:{srv.port}"})
        result = make_milo(model).turn("hello")
    assert result.reply == "Hello from the loopback server!"
    assert srv.requests[0]["model"] == "tiny"


def test_memory_and_user_message_reach_the_prompt(make_milo, memory_file):
    memory_file.write_text("CORE_UPDATE: The user's cat is called Biscuit\n")
    with ScriptedModelServer() as srv:
        make_milo(openai_model(srv.url)).turn("what is my cat called?")
    system = [m["content"] for m in srv.requests[0]["messages"] if m["role"] == "system"]
    assert "<memory>\n[1] The user's cat is called Biscuit\n</memory>" in system[1]
    # the long, stable part first and identical from turn to turn
    with ScriptedModelServer() as srv2:
        make_milo(openai_model(srv2.url)).turn("and my dog?")
    assert srv2.requests[0]["messages"][0] == srv.requests[0]["messages"][0]


# ---- the real embedded model ---------------------------------------------------------------


@pytest.mark.model
def test_embedded_grammar_always_yields_a_parseable_answer(embedded, make_milo, memory_file):
    milo = make_milo(embedded)
    messages = ["Hi Milo, I'm Amy!", "Tell me a fun fact.", "My cat is called Biscuit.", "What should I cook tonight?", "ok", "Do you like rain?"]
    for text in messages:
        result = milo.turn(text)
        assert result.ok, result.error
        assert result.answer.missing == [], result.answer
        assert result.reply and "[" not in result.reply
    assert 1 <= len(entries(memory_file)) <= len(messages)
    assert milo.model.where.startswith("http://127.0.0.1:")


@pytest.mark.model
def test_embedded_streams_reply_first(embedded, make_milo):
    # Whatever the machine's load does to the answer (a slow one runs out of time and ends in
    # the apology), every piece of the reply goes through on_reply and they join to it exactly.
    deltas = []
    result = make_milo(embedded, timeout=embedded.timeout).turn("Hello there!", on_reply=deltas.append)
    assert deltas and "".join(deltas) == result.reply
    if result.ok and len(result.reply.split()) >= 4:
        # it streamed, reply first (a reply of a greeting alone, "Hello!", is held whole until it is
        # known to be no more than that: milo.chat.manners; the tiny brain samples and once said it)
        assert len(deltas) > 1


def test_memory_block_is_byte_identical_within_a_conversation(make_milo, memory_file, tmp_path):
    # The conversation's own turns come back word for word in the replayed window, so the
    # memory block stays as it was when the conversation began: the model's cached prefix holds.
    from milo.sessions import SessionMemory, SessionStore

    memory_file.write_text("".join(f"CORE_UPDATE: old note {i}\n" for i in range(30)))
    clock = [1_800_000_000.0]
    store = SessionStore(tmp_path / "s", ttl=300, clock=lambda: clock[0])
    with ScriptedModelServer() as srv:
        milo = make_milo(openai_model(srv.url), history=SessionMemory(store))
        for text in ("one", "two", "three"):
            assert milo.turn(text).ok
            clock[0] += 10
        clock[0] += 301  # a new conversation: now the memory has caught up
        milo.turn("four")
    first, second, third, fourth = (r["messages"] for r in srv.requests)
    assert first[:2] == second[:2] == third[:2]  # system + memory unchanged
    assert {"role": "user", "content": "one"} in third and 'said: "one"' not in third[1]["content"]
    assert 'said: "one"' in fourth[1]["content"] and {"role": "user", "content": "one"} not in fourth


def test_milo_learns_the_name_from_the_pinned_facts_or_the_user(tmp_path):
    from milo.chat.persona import Persona
    from milo.chat.turn import Milo

    pinned = tmp_path / "pinned.md"
    pinned.write_text("# Memory\n\n## Pinned\n- My name is Sam.\n")
    plain = tmp_path / "plain.md"
    with ScriptedModelServer() as srv:
        by_pin = Milo(openai_model(srv.url), LivingMemory(pinned), Persona.load(), sleep=lambda s: None)
        by_pin.turn("hello")
        by_word = Milo(openai_model(srv.url), LivingMemory(plain), Persona.load(), sleep=lambda s: None)
        by_word.turn("I'm tired")  # not a name
        assert by_word.persona.user_name == "Friend"
        by_word.turn("Hi, I'm Nora!")
        # A new process (a new wake) finds it in the memory: the user's words were etched.
        again = Milo(openai_model(srv.url), LivingMemory(plain), Persona.load(), sleep=lambda s: None)
        again.turn("what's up?")
    assert by_pin.persona.user_name == "Sam" and "[0] Their name is Sam." in srv.requests[0]["messages"][1]["content"]
    assert by_word.persona.user_name == "Nora" and again.persona.user_name == "Nora"
    assert "[0] Their name is Nora." in srv.requests[-1]["messages"][1]["content"]
    # Once known, "i'm ..." without a greeting is how they are, not a new name ("i'm open from five
    # in the morning" made a tea seller "Open", dec289); a greeting, "call me" or a correction is.
    with ScriptedModelServer() as srv2:
        again = Milo(openai_model(srv2.url), LivingMemory(plain), Persona.load(), sleep=lambda s: None)
        for text, name in [("i'm open from five in the morning until noon", "Nora"), ("i'm nervous about tomorrow", "Nora"),
                           ("I'm Norah, not Nora", "Norah"), ("hi milo, i'm Bea", "Bea"), ("call me Beatrice", "Beatrice")]:
            again.turn(text)
            assert again.persona.user_name == name, text
    # The system prompt is the same whoever the user is (its processed tokens are kept).
    assert srv.requests[0]["messages"][0] == srv.requests[-1]["messages"][0]


@pytest.mark.model
def test_a_new_process_restores_the_saved_prompt_state(tmp_path, memory_file):
    """The second process's first answer starts from the first one's saved KV state: llama.cpp
    processes only the new tokens, and the answer (greedy) is the one the first process gave
    when it asked again with its own cache warm: a restart changes nothing. (A cold answer may
    differ in its last words: llama.cpp evaluates the prompt's last token alone when it reuses a
    cache, and its float sums then differ slightly from one big batch.)"""
    import json
    import subprocess
    import sys

    from helpers import ROOT

    memory_file.write_text("# Memory\n\n" + "".join(f"CORE_UPDATE: Sam said: \"fact number {i} is about gardens\"\n" for i in range(60)))
    script = r'''
import json, sys, urllib.request
from milo.chat.models import choose_model
from milo.config import Settings
choice = choose_model(Settings.load().with_changes(model="embedded:tiny"))
body = {"messages": [{"role": "system", "content": open(sys.argv[1]).read()}, {"role": "user", "content": "Say hello to Sam."}],
        "max_tokens": 40, "temperature": 0, "seed": 1}
req = urllib.request.Request(choice.llm.openai_api_base + "/chat/completions", data=json.dumps(body).encode(), headers={"Content-Type": "application/json"})
for _ in range(int(sys.argv[2])):
    r = json.loads(urllib.request.urlopen(req, timeout=300).read())
    print(json.dumps({"text": r["choices"][0]["message"]["content"], "prompt_n": r["timings"]["prompt_n"]}))
choice.after_turn()
'''
    env = dict(__import__("os").environ, PYTHONPATH=str(ROOT), MILO_CACHE_DIR=str(tmp_path / "cache"))
    runs = []
    for times in (2, 1):  # the first process asks twice (cold, then warm); the second once
        out = subprocess.run([sys.executable, "-c", script, str(memory_file), str(times)], capture_output=True, text=True, env=env, timeout=300)
        assert out.returncode == 0, out.stderr
        runs += [json.loads(line) for line in out.stdout.strip().splitlines()[-times:]]
    cold, warm, restored = runs
    state = list((tmp_path / "cache" / "prompt-state").glob("slot-*.kv"))
    assert len(state) == 1 and oct(state[0].stat().st_mode & 0o777) == "0o600"
    assert cold["prompt_n"] > 500 and warm["prompt_n"] < 20 and restored["prompt_n"] < 20
    assert restored["text"] == warm["text"]


def test_the_timeout_bounds_the_whole_answer_not_each_read(make_milo, memory_file):
    """A server that sends a chunk every 0.3 s never trips a per-read timeout; the whole answer
    (~20 chunks) must still stop at the limit, with one sentence and nothing etched."""
    # Without the whole-answer bound this drip (~6 s in all, 0.3 s per read) would succeed.
    with ScriptedModelServer([("drip", 0.3)]) as srv:
        result = make_milo(openai_model(srv.url, timeout=2), timeout=2, retries=0).turn("hello")
    assert not result.ok and "did not answer within 2 seconds" in result.error
    assert result.reply == LOST_THREAD and not entries(memory_file)


def test_the_timeout_holds_in_real_time_and_drops_the_connection(make_milo, memory_file):
    """A chunk every 1.5 s (~20 chunks, ~30 s in all) and MILO_TIMEOUT=1: the deadline was looked
    at only when a chunk came, and closing LangChain's stream read the rest (66 s in issue 27).
    The turn ends at the bound (not a benchmark: the margin is 10 s against 30), and the server
    sees the connection dropped at its next chunk."""
    with ScriptedModelServer([("drip", 1.5)]) as srv:
        milo = make_milo(openai_model(srv.url, timeout=5), timeout=1, retries=0)  # 5: no read is slow
        t = time.monotonic()
        result = milo.turn("hello", on_reply=lambda piece: None)
        took = time.monotonic() - t
        assert not result.ok and "did not answer within 1 second;" in result.error
        assert took < 10, took
        for _ in range(100):  # dropped at the next chunk (1.5 s); the server sees it at a write after that
            if srv.gave_up:
                break
            time.sleep(0.1)
        assert srv.gave_up == 1
    assert not entries(memory_file)


def test_an_answer_whose_connection_drops_is_never_taken_as_whole(make_milo, memory_file):
    """No finish reason and no [DONE]: the user saw 'All good here. [INT' and it was etched
    (issue 27). Nothing shown yet: retried; something shown: it stays, marked, nothing etched."""
    with ScriptedModelServer([("cut", GOOD, 30)]) as srv:
        result = make_milo(openai_model(srv.url), retries=1).turn("hello")
    assert result.ok and result.reply == "Hello from the loopback server!" and len(srv.requests) == 2
    shown: list[str] = []
    with ScriptedModelServer([("cut", GOOD, 24), ("ok", GOOD)]) as srv:
        result = make_milo(openai_model(srv.url), retries=1).turn("hello again", on_reply=shown.append)
    assert not result.ok and "broke off before its answer was finished" in result.error
    assert len(srv.requests) == 1  # a reply half shown is not started over
    assert "".join(shown).startswith("Hello from") and result.reply.endswith(LOST_THREAD)
    assert len(entries(memory_file)) == 1  # the first turn's only


def test_an_error_inside_the_stream_is_named_and_retried(make_milo, memory_file):
    """llama.cpp's server (and others) send an error as an event of the stream: it was "The
    model call failed (APIError)." and never retried (issue 27)."""
    with ScriptedModelServer([("sse_error", 503), ("ok", GOOD)]) as srv:
        result = make_milo(openai_model(srv.url), retries=1).turn("hello")
    assert result.ok and result.reply == "Hello from the loopback server!" and len(srv.requests) == 2
    with ScriptedModelServer([("sse_error", 503)]) as srv:
        result = make_milo(openai_model(srv.url), retries=0).turn("hello")
    assert result.error == f"The model server at {srv.url} had an internal error (HTTP 503)."


def test_an_answer_cut_at_the_token_limit_is_not_etched(make_milo, memory_file):
    with ScriptedModelServer([("length", GOOD)]) as srv:
        result = make_milo(openai_model(srv.url)).turn("hello there")
    assert result.ok and result.answer.truncated and result.pulse is None
    assert any("cut off" in c for c in result.memory_changes)


TOOL_ANSWER = "[REPLY]: Yes! Watch this.\n[INTERNAL]: x\n[CORE_UPDATE]: Amy asked for a dance\n[FUTURE_MESSAGE]: Nothing in particular"


def test_models_with_native_tool_calls_get_the_body_s_tools(make_milo, memory_file):
    """A server that calls tools (OpenAI-style, streamed in pieces): the six tools are offered,
    no [ACTION] line is asked for, and the calls are performed in order, clamped, a bad one
    refused as data."""
    from milo.body import Body, ConsoleRobot

    calls = [("nod", '{"times": 2}'), ("spin_body", '{"degrees": 360}'), ("move_head", '{"pitch": "nan"}'), ("fly", "{}")]
    body = Body(ConsoleRobot())
    try:
        with ScriptedModelServer([("tools", TOOL_ANSWER, calls)]) as srv:
            milo = make_milo(openai_model(srv.url), body=body)
            result = milo.turn("Show me what you can do!")
        body.wait(10)
    finally:
        body.close()
    sent = srv.requests[0]
    assert sorted(t["function"]["name"] for t in sent["tools"]) == sorted(
        ["nod", "shake_head", "look_around", "wiggle_antennas", "spin_body", "move_head", "dance"])
    assert "[ACTION]" not in sent["messages"][0]["content"]
    assert result.ok and result.reply == "Yes! Watch this."
    assert [c["name"] for c in result.answer.tool_calls] == ["nod", "spin_body", "move_head", "fly"]
    assert result.gestures == ["nod(times=2)", "spin_body(degrees=160)"]  # 360 clamped
    assert "nodded twice" in " ".join(body.statuses)


def test_the_users_own_words_win_over_the_models_tool_calls(make_milo, memory_file):
    from milo.body import Body, ConsoleRobot

    body = Body(ConsoleRobot())
    try:
        with ScriptedModelServer([("tools", TOOL_ANSWER, [("spin_body", '{"degrees": 90}')])]) as srv:
            result = make_milo(openai_model(srv.url), body=body).turn("shake your head three times")
    finally:
        body.close()
    assert result.gestures == ["shake_head(times=3)"]


def test_questions_about_the_users_own_life_are_told_apart():
    from milo.chat.evidence import asks_about_user, only_asks

    for q in ("Where do I work?", "What's my dog called?", "Who is visiting me next week?", "Am I boring you?",
              "Do you remember how I take my coffee?", "Remind me what my cat is called.", "How are you? What did I buy?",
              "which instrument do i play", "hi milo whats my name", "so where do i live", "who am i",  # speech to text
              "Qu'est-ce que je fais dans la vie ?", "wo wohne ich", "我叫什么名字？",
              "What should you call me?", "hey milo what do you call me",  # their name
              "guess what my job is", "How do I like my coffee?", "how do i take my tea"):
        assert asks_about_user(q, "Milo"), q  # the default profile's persona, addressed by its name
    for q in ("What is your own name?", "Can you tell me a joke?", "I play the cello.", "How are you? I had a long day.",
              "My sister Nora is visiting next week, I'm excited.", "i play the cello in an orchestra",
              "Tell me about octopuses.", "What should I cook tonight?", "Any idea what I should bake this weekend?", "How do I boil an egg?", "Do you remember me?", "Can you call me Bob from now on?",
              "Guess what, I'm getting married!", "Guess what! I got a puppy.", ""):  # news, not a question (bench/gestures.py)
        assert not asks_about_user(q, "Milo"), q
    # A question tells nothing (its words are not a note); a correction with a question does.
    assert only_asks("Hello again! Do you know my name?") and only_asks("what pet do i have")
    assert not only_asks("I moved the dentist to Friday. When is it again?") and not only_asks("I play the cello.")
    # An auxiliary asks with a subject after it; before a verb it is a contraction written without
    # its apostrophe (dec36: "were throwing her a party..." was etched as asked, never as told).
    assert not only_asks("were throwing her a party at her favourite dim sum place")
    assert not only_asks("are going to the beach tomorrow")
    assert only_asks("were you at the party") and only_asks("is something wrong with my car") and only_asks("is my sister coming")


def test_what_answers_a_question_is_a_note_that_shares_its_words_the_newest_beside_it():
    from milo.chat.evidence import NONE, Candidate, find

    notes = [Candidate("1", 'Amy said: "My dentist appointment is on Tuesday."'),
             Candidate("2", 'Amy said: "I work night shifts at the hospital."'),
             Candidate("3", 'Amy said: "What should I cook with some leftover rice?"'),  # a question, not a fact
             Candidate("4", 'Amy said: "Ugh, I had to move the dentist to Friday."'),
             Candidate("0", "Their name is Amy.")]
    work = find("Where do I work?", notes)
    # In the line before the reply the user's words are turned to "you" (the model took their "I" for its own).
    assert work.choice == "2" and work.describe() == "[NOTE]: 2 (you work night shifts at the hospital)\n"
    dentist = find("when is my dentist appointment", notes)  # the old note shares more; the newer one changes it
    assert dentist.choice == "1" and [c.key for c in dentist.newer] == ["4"] and dentist.replaced
    assert dentist.describe() == "[NOTE]: 4 (Ugh, you had to move the dentist to Friday)\n"
    assert dentist.prefill() == "[NOTE]: 4\n"  # what the model is given: the number (the reply is the note)
    # A newer note on the same thing that changes nothing is shown after the one that answers.
    cats = [Candidate("1", 'Amy said: "Hi! My cat is called Biscuit."'), Candidate("2", 'Amy said: "The cat scratched the sofa."')]
    assert find("What's my cat called?", cats).describe() == (
        "[NOTE]: 1 (your cat is called Biscuit); newer: 2 (The cat scratched the sofa)\n")
    assert find("What did I cook last night?", notes).choice == NONE  # the question about rice is no answer
    assert find("What's my brother's name?", notes).choice == NONE
    assert find("Do you know my name?", notes).choice == "0" and find("who am i", notes).choice == "0"
    assert find("What's my name?", notes[:-1]).choice == NONE  # no name known
    assert find("Tell me about octopuses.", notes) is None  # not about the user: no evidence at all


def test_asked_about_their_own_life_a_grammar_model_answers_from_the_note_named_before_its_reply(make_milo, memory_file):
    """The 1.5B brain answered "Where do I work?" with "I work at the hospital..." (the user's
    fact as its own) in 8 of 8 held-out questions, and never-told questions with an invention
    ("Your mother is called Mary."). The answer now starts from a line that names the note (an
    assistant prefill) and the reply begins "You ..."; with nothing to name, the reply says so;
    asked their own name, it is given. Only llama.cpp models get the grammar and the line."""
    from dataclasses import replace

    from milo.chat.addressing import NOT_TOLD_REPLY

    memory_file.write_text("# Milo's Living Memory\n\n--- [PULSE: 07:10 PM, November 28, 2026] ---\n"
                           'CORE_UPDATE: Amy said: "I work night shifts at the hospital."\nREPLY: Oh, tiring!\n')
    with ScriptedModelServer([("ok", GOOD)] * 4) as srv:
        milo = make_milo(replace(openai_model(srv.url), grammar=True))
        results = [milo.turn(q) for q in ("Where do I work?", "Tell me about octopuses.", "What's my brother called?", "Who am I?")]
    work, octopuses, brother, name = srv.requests
    assert work["messages"][-1] == {"role": "assistant", "content": "[NOTE]: 1\n"}
    # The note's words are the reply, in the user's person.
    assert 'reply-opening ::= "You told me you work night shifts at the hospital."' in work["grammar"]
    assert "sentences ::= reply-opening\n" in work["grammar"]  # nothing after it: that is where it invented
    assert octopuses["messages"][-1]["role"] == "user" and "reply-opening" not in octopuses["grammar"]
    assert brother["messages"][-1]["content"] == "[NOTE]: none\n" and f"reply-opening ::= {NOT_TOLD_REPLY}" in brother["grammar"]
    assert 'reply-opening ::= "Your name is Amy."' in name["grammar"] and name["messages"][-1]["content"] == "[NOTE]: 0\n"
    assert results[0].evidence.choice == "1" and results[1].evidence is None
    # The reply is what the model wrote after the line, never the line itself.
    assert all("[NOTE]" not in r.reply for r in results) and results[0].reply == "Hello from the loopback server!"
    # A question is etched as asked, in the user's words: no summary of it can add a fact.
    assert entries(memory_file)[-1].core_update == 'Amy asked: "Who am I?"'


def test_asked_about_themselves_the_users_words_of_the_last_pulses_are_read_beyond_the_prompt(make_milo, memory_file):
    """On a lived-in memory "What is my job?" in a new wake was "I don't think you've told me
    that yet": "I work as a train driver..." had been said three pulses before, past the few most
    recent notes the prompt shows, and recall did not bring it back. The user's words of the last
    pulses are now read too (not shown to the model: the reply quotes them)."""
    from dataclasses import replace

    from milo.chat.evidence import EARLIER
    from milo.chat.tags import MiloTagParser

    notes = ['Amy said: "I work night shifts at the hospital."', 'Amy asked: "Where is the nearest bakery?"'] + [
        f'Amy said: "The sky was grey again on day {i}."' for i in range(4)]
    memory_file.write_text("# Milo's Living Memory\n" + "".join(
        f"\n\n--- [PULSE: 07:1{i} PM, November 28, 2026] ---\nCORE_UPDATE: {n}\nREPLY: Oh!\n" for i, n in enumerate(notes)))
    memory = LivingMemory(memory_file, recall_lines=8, placeholders=MiloTagParser().placeholders())
    with ScriptedModelServer([("ok", GOOD)]) as srv:
        milo = make_milo(replace(openai_model(srv.url), grammar=True), memory=memory)
        inputs = milo.inputs("Where do I work?")
        assert "hospital" not in inputs["memory"] + inputs["relevant"]  # the prompt shows the last two pulses
        assert inputs["evidence"].choice == EARLIER, inputs["evidence"].describe()
        from milo.memory.notes import numbered

        earlier = milo._earlier_words(numbered(inputs["memory"]).values(), [])
        texts = [c.text for c in earlier]  # not the question asked, nor the notes shown
        assert texts == [notes[0], notes[2], notes[3]] and all(t not in inputs["memory"] for t in texts), texts
        assert milo.inputs("What's my sister called?")["evidence"].choice == "none"
        milo.turn("Where do I work?")
    assert 'reply-opening ::= "You told me you work night shifts at the hospital."' in srv.requests[-1]["grammar"]


def test_asked_about_themselves_the_pulse_they_introduced_themselves_in_is_read_however_old(make_milo, memory_file):
    """A held-out conversation by hand: four wakes on, "what city am i from" was "I don't think
    you've told me that yet": 'good morning milo my name is ama i'm a retired teacher from kumasi'
    was far past the last pulses read, and recall did not bring it (no word shared). The pulse in
    which they gave their name is read as their last pulses are."""
    from dataclasses import replace

    from milo.chat.evidence import EARLIER
    from milo.chat.tags import MiloTagParser

    notes = ['Amy said: "good morning milo my name is amy i\'m a retired teacher from kumasi"']
    notes += [f'Amy said: "The sky was grey again on day {i}."' for i in range(30)]
    memory_file.write_text("# Milo's Living Memory\n" + "".join(
        f"\n\n--- [PULSE: 07:{10 + i} PM, November 28, 2026] ---\nCORE_UPDATE: {n}\nREPLY: Oh!\n" for i, n in enumerate(notes)))
    memory = LivingMemory(memory_file, recall_lines=8, placeholders=MiloTagParser().placeholders())
    with ScriptedModelServer([("ok", GOOD)]) as srv:
        milo = make_milo(replace(openai_model(srv.url), grammar=True), memory=memory)
        # (by words here: the vectors of a new memory are made in the background)
        ev = milo.inputs("Which city did I teach in before I retired?")["evidence"]
        assert ev.choice == EARLIER and "kumasi" in ev.note, ev.describe()
        # ...and not where no pulse gives their name as theirs
        milo.persona.user_name = "Zoe"
        assert milo._introduction() is None


@pytest.mark.parametrize("question, told", [("Where do I work?", True), ("What's my brother called?", False)])
def test_a_reply_fixed_by_the_note_is_shown_before_the_model_has_read_the_prompt(make_milo, memory_file, question, told):
    """The grammar fixes "You told me ..." (and the first sentence of "not told") from the note
    alone: it is given to on_reply at once, while the server has sent nothing yet (issue 23: the
    good brain spends ~5 s on a lived-in memory's notes before its first token). A whole fixed
    reply brings the turn back at once; the model's own copy, when it comes, changes nothing."""
    import threading
    from dataclasses import replace

    from model_server import PAUSE

    from milo.chat.addressing import NOT_TOLD

    memory_file.write_text("# Milo's Living Memory\n\n--- [PULSE: 07:10 PM, November 28, 2026] ---\n"
                           'CORE_UPDATE: Amy said: "I work night shifts at the hospital."\nREPLY: Oh, tiring!\n')
    fixed = "You told me you work night shifts at the hospital." if told else NOT_TOLD
    reply = fixed if told else f"{NOT_TOLD} Will you tell me?"
    rest, deltas = threading.Event(), []
    answer = f"{PAUSE}[REPLY]: {reply}\n[CORE_UPDATE]: x\n[FUTURE_MESSAGE]: Nothing in particular"
    with ScriptedModelServer([("pause", answer, rest)]) as srv:
        milo = make_milo(replace(openai_model(srv.url), grammar=True))
        if told:
            pending = milo.start_turn(question, on_reply=deltas.append)  # back before the server said a word
            assert deltas == [fixed]
        else:
            threading.Timer(1.0, lambda: deltas.append("(the server goes on)") or rest.set()).start()
            pending = milo.start_turn(question, on_reply=deltas.append)
            assert deltas[:2] == [fixed, "(the server goes on)"], deltas
        rest.set()
        result = pending.finish()
    assert result.ok and result.reply == reply and "".join(d for d in deltas if not d.startswith("(")) == reply
    assert entries(memory_file)[-1].reply == reply and entries(memory_file)[-1].core_update == f'Amy asked: "{question}"'


def test_a_fixed_reply_hurried_before_the_model_wrote_anything_is_still_etched(make_milo, memory_file):
    """The next question came while the model had not yet said a word of an answer whose reply
    was fixed (and shown) at once: the turn is etched with that reply and the question quoted."""
    import threading
    from dataclasses import replace

    from model_server import PAUSE

    memory_file.write_text("# Milo's Living Memory\n\n--- [PULSE: 07:10 PM, November 28, 2026] ---\n"
                           'CORE_UPDATE: Amy said: "I work night shifts at the hospital."\nREPLY: Oh, tiring!\n')
    rest = threading.Event()
    answer = f"{PAUSE}[REPLY]: You told me you work night shifts at the hospital.\n[CORE_UPDATE]: x"
    with ScriptedModelServer([("pause", answer, rest)]) as srv:
        pending = make_milo(replace(openai_model(srv.url), grammar=True)).start_turn("Where do I work?", on_reply=lambda d: None)
        pending.hurry()
        result = pending.wait(timeout=20)
        rest.set()
    assert result.ok and result.hurried and result.reply == "You told me you work night shifts at the hospital."
    assert entries(memory_file)[-1].fields == {"CORE_UPDATE": 'Amy asked: "Where do I work?"', "REPLY": result.reply}


@pytest.mark.model
def test_the_note_line_and_the_openings_run_on_llama_cpp(embedded, make_milo, memory_file):
    """On the real model: the answer continues the line that names the note (llama.cpp takes the
    assistant prefill), the reply begins by addressing the user, says so when nothing is known,
    gives their name; the memory lines still come whole."""
    memory_file.write_text('# Milo\'s Living Memory\n\n--- [PULSE: 07:10 PM, November 28, 2026] ---\n'
                           'CORE_UPDATE: Amy said: "I work night shifts at the hospital."\n')
    milo = make_milo(embedded)
    for q in ("Where do I work?", "what did i tell you about my shifts"):
        result = milo.turn(q)
        assert result.ok and result.answer.missing == [], result.answer
        assert result.reply.startswith("You told me you work night shifts at the hospital.") and "[NOTE]" not in result.reply, result.reply
    result = milo.turn("Do you remember what my brother's name is?")
    assert result.ok and result.reply.startswith("I don't think you've told me that yet."), result.reply
    result = milo.turn("Who am I?")
    assert result.ok and result.answer.missing == [], result.answer
    assert re.match(r"Your name is Amy[.!]", result.reply), result.reply


def test_the_notes_for_a_message_are_chosen_by_it_first_and_by_what_came_before_it_second(make_milo, memory_file, tmp_path):
    """The conversation so far counts for less than the message (tests/test_recall.py has the
    case that was measured): a new question gets its own notes, a follow-up those of before."""
    from milo.sessions import SessionMemory, SessionStore

    memory_file.write_text("# Milo's Living Memory\n" + "".join(
        f'\n--- [PULSE: 0{i + 1}:00 PM, November 2{i}, 2026] ---\nCORE_UPDATE: Amy said: "{said}"\nREPLY: {reply}\n'
        for i, (said, reply) in enumerate([("I love strong black coffee in the morning.", "Coffee! Lovely."),
                                           ("My sister Nora is visiting next week.", "How exciting!"),
                                           ("The garden is full of tulips.", "Tulips!")])))
    history = SessionMemory(SessionStore(tmp_path / "s"))
    history.record("Good morning Milo!", "Morning!")
    history.record("Who is visiting me next week?", "Your sister Nora!")
    milo = make_milo(openai_model("http://127.0.0.1:9/v1"), history=history,
                     memory=LivingMemory(memory_file, relevance=True, budget_tokens=60, cache_dir=tmp_path / "c"))
    notes = lambda text: milo.prompt_messages(text)[-2].content
    assert "strong black coffee" in notes("How do I take my coffee?")
    assert "Nora" not in notes("How do I take my coffee?")  # the budget holds one note: the message's
    assert "Nora" in notes("And what will she want to do?")


def test_a_help_desk_closer_is_neither_shown_etched_nor_replayed(make_milo, memory_file, tmp_path):
    from milo.sessions import SessionMemory, SessionStore

    history = SessionMemory(SessionStore(tmp_path / "s"))
    answer = ("[REPLY]: Your name is Milo, and you love strong black coffee! Is there anything else you'd like to "
              "talk about? I'm here to help!\n[INTERNAL]: x\n[CORE_UPDATE]: Amy loves strong black coffee\n"
              "[FUTURE_MESSAGE]: Nothing in particular")
    pieces = []
    with ScriptedModelServer([("ok", answer)]) as srv:
        result = make_milo(openai_model(srv.url), history=history).turn("What's my name? I love black coffee.", on_reply=pieces.append)
    assert result.reply == "Your name is Amy, and you love strong black coffee!" == "".join(pieces)
    assert len(pieces) > 1  # still streamed
    assert entries(memory_file)[0].reply == result.reply
    assert history.window()[-1].content == result.reply


def test_a_reply_that_copies_a_persona_sample_is_not_replayed_but_the_users_words_are(make_milo, memory_file, tmp_path):
    """The copy guard keeps a reply that is only a copied sample (fail open); replayed, it taught
    the next reply the same copy (twice in a row on a lived-in memory). It is still shown and
    etched (the user heard it); the next prompt has the user's words without it."""
    from milo.sessions import SessionMemory, SessionStore

    history = SessionMemory(SessionStore(tmp_path / "s"))
    copied = ("[REPLY]: Oh! Oh, wait, did you know octopuses have three hearts? Three!\n[INTERNAL]: x\n"
              "[CORE_UPDATE]: Amy said her dentist is on Tuesday\n[FUTURE_MESSAGE]: Nothing in particular")
    fine = ("[REPLY]: Friday it is, then!\n[INTERNAL]: x\n[CORE_UPDATE]: Amy moved the dentist to Friday\n"
            "[FUTURE_MESSAGE]: Nothing in particular")
    other = fine.replace("Friday it is, then!", "You're welcome, Amy!")
    with ScriptedModelServer([("ok", copied), ("ok", fine), ("ok", other)]) as srv:
        milo = make_milo(openai_model(srv.url), history=history)
        first = milo.turn("My dentist appointment is on Tuesday.")
        assert "octopuses" in first.reply and entries(memory_file)[-1].reply == first.reply
        milo.turn("Actually I moved the dentist to Friday.")
        milo.turn("Thanks!")
        # the conversation replayed (the system messages hold the samples themselves)
        second, third = (json.dumps([m for m in r["messages"] if m["role"] != "system"]) for r in srv.requests[1:3])
    assert "My dentist appointment is on Tuesday." in second and "octopuses" not in second
    assert "Friday it is, then!" in third  # a reply that copies nothing is replayed as before
    assert [m.content for m in history.window()] == ["My dentist appointment is on Tuesday.", "Actually I moved the dentist to Friday.",
                                                     "Friday it is, then!", "Thanks!", "You're welcome, Amy!"]


def test_a_reply_repeating_an_earlier_one_says_only_what_is_new_and_a_whole_repeat_is_not_replayed(make_milo, memory_file, tmp_path):
    """Seen on the good brain with a lived-in memory: one reply three times in five turns, each
    copy replayed teaching the next. Milo's earlier replies count as samples for the copy guard."""
    from milo.sessions import SessionMemory, SessionStore

    history = SessionMemory(SessionStore(tmp_path / "s"))
    said = "Oh wow, that must be exciting news! Do you have any plans for the upcoming weekend?"
    lines = "\n[INTERNAL]: x\n[CORE_UPDATE]: Amy said so\n[FUTURE_MESSAGE]: Nothing in particular"
    with ScriptedModelServer([("ok", f"[REPLY]: {said}{lines}"), ("ok", f"[REPLY]: {said}{lines}"),
                              ("ok", f"[REPLY]: Oh wow, that must be exciting news! Which bread will you bake first?{lines}"),
                              ("ok", f"[REPLY]: That sounds lovely! Do you have any plans for the upcoming weekend?{lines}")]) as srv:
        milo = make_milo(openai_model(srv.url), history=history)
        assert milo.turn("I got a job at the bakery.").reply == said
        assert milo.turn("I moved the dentist to Friday.").reply == said  # nothing else to say: kept (fail open)...
        assert milo.turn("I start on Monday.").reply == "Which bread will you bake first?"  # ...only what is new
        # what is left must say something: not a filler alone (fail open)
        assert milo.turn("It is sunny.").reply == "That sounds lovely! Do you have any plans for the upcoming weekend?"
    replayed = [m.content for m in history.window()]
    assert replayed.count(said) == 1 and "I moved the dentist to Friday." in replayed  # ...and not replayed
    assert "That sounds lovely! Do you have any plans for the upcoming weekend?" not in replayed


def test_on_reply_end_comes_when_the_reply_is_whole_before_the_memory_lines(make_milo, memory_file):
    """A voice speaks the reply's last words then, not after the model wrote its notes."""
    from langchain_core.callbacks import BaseCallbackHandler

    log = []

    class Tokens(BaseCallbackHandler):
        def on_llm_new_token(self, token, **kw):
            log.append(token)

    answer = ("[REPLY]: Three days ago, on a rainy Tuesday\n[INTERNAL]: we met\n"
              "[CORE_UPDATE]: Amy asked when we met\n[FUTURE_MESSAGE]: Nothing in particular")
    with ScriptedModelServer([("ok", answer)]) as srv:
        model = openai_model(srv.url)
        model.llm = model.llm.with_config(callbacks=[Tokens()])
        pieces = []
        result = make_milo(model).turn("When did we meet?", on_reply=lambda d: (pieces.append(d), log.append(("reply", d))),
                                       on_reply_end=lambda: log.append("END"))
    assert result.reply == "Three days ago, on a rainy Tuesday" == "".join(pieces)
    end_at, seen, core_at = log.index("END"), "", None
    for i, t in enumerate(log):
        seen += t if isinstance(t, str) and t != "END" else ""
        if core_at is None and "[CORE" in seen:
            core_at = i  # the model's stream reached the CORE_UPDATE line here
    assert log.count("END") == 1 and core_at is not None and end_at < core_at, log
    assert all(not (isinstance(t, tuple)) for t in log[end_at + 1 :])  # nothing of the reply after it
    # Without a stream (no on_reply), or when the model fails, it still comes, once.
    ends = []
    with ScriptedModelServer([("status", 404)]) as srv:
        failed = make_milo(openai_model(srv.url)).turn("hi", on_reply_end=lambda: ends.append(1))
    assert not failed.ok and ends == [1]


def _processed(milo, embedded, text: str) -> tuple[int, int, str]:
    """The prompt `milo` would send for `text`, sent to the embedded server with one token to
    write: (tokens it processed, tokens in the prompt, the notes message), as llama.cpp reports."""
    import json
    import urllib.request

    msgs = milo.prompt_messages(text)
    body = {"messages": [{"role": {"human": "user", "ai": "assistant"}.get(m.type, m.type), "content": m.content} for m in msgs],
            "max_tokens": 1}
    req = urllib.request.Request(embedded.llm.openai_api_base + "/chat/completions", data=json.dumps(body).encode(),
                                 headers={"Content-Type": "application/json"})
    r = json.loads(urllib.request.urlopen(req, timeout=120).read())
    return r["timings"]["prompt_n"], r["usage"]["prompt_tokens"], msgs[-2].content


@pytest.mark.model
def test_prefill_leaves_only_the_notes_and_the_message_to_process(embedded, make_milo, memory_file, tmp_path):
    """After a turn the terminal and the voice prefill the next prompt's known part (persona,
    memory, the conversation so far): the next message's prompt then shares all of it with the
    server's cache, as llama.cpp itself reports (timings.prompt_n: the tokens it processed)."""
    from milo.sessions import SessionMemory, SessionStore

    memory_file.write_text("# Memory\n\n## Pinned\n- My dog is called Pixel.\n" + "".join(
        f"\n--- [PULSE: 0{1 + i % 9}:15 PM, November {1 + i:02d}, 2026] ---\nCORE_UPDATE: Amy said: \"I walked Pixel to the lake {i}\"\n"
        for i in range(12)))
    milo = make_milo(embedded, history=SessionMemory(SessionStore(tmp_path / "s")))
    assert milo.start_turn("Hi Milo, I'm back from the lake.", on_reply=lambda d: None, prefill_next=True).finish().ok

    new, total, _ = _processed(milo, embedded, "What is my dog called?")
    assert total > 300 and new < 60, (new, total)  # the message and its notes only
    assert milo.prefill()
    again, _, _ = _processed(milo, embedded, "And where did we walk?")
    assert again < 60, again
    # Not for models whose time is not the machine's (an API, a server elsewhere): never.
    assert make_milo(choose_model("openai:m", env={"MILO_BASE_URL": "http://127.0.0.1:9/v1"})).prefill() is False


def _lived_in_turn(embedded, make_milo, memory_file, tmp_path):
    """A Milo on a memory of 120 pulses (recall by words, the good brain's budget), one turn in
    with its prefill: (milo, memory)."""
    from milo.sessions import SessionMemory, SessionStore

    topics = ["walked Pixel to the lake", "baked sourdough bread", "fixed the bike's brakes", "painted the fence green",
              "went to a jazz concert", "planted tulips in the garden"]
    memory_file.write_text("# Memory\n" + "".join(
        f"\n--- [PULSE: 0{1 + i % 9}:15 PM, October {1 + i % 28:02d}, 2026] ---\n"
        f"CORE_UPDATE: Amy said: \"Today I {topics[i % len(topics)]}, the {i}th time this year\"\n"
        for i in range(120)))
    memory = LivingMemory(memory_file, relevance=True, budget_tokens=400, cache_dir=tmp_path / "cache")
    milo = make_milo(embedded, memory=memory, history=SessionMemory(SessionStore(tmp_path / "s")))
    assert milo.start_turn("I walked Pixel to the lake again.", on_reply=lambda d: None, prefill_next=True).finish().ok
    return milo, memory


@pytest.mark.model
def test_notes_for_a_message_not_about_the_user_are_mostly_processed_before_it(embedded, make_milo, memory_file, tmp_path):
    """On a lived-in memory the notes were processed anew for every message (~5 s before the
    first reply token on the default brain). For a message that asks nothing about the user,
    those chosen by the conversation so far were processed by the prefill: after it is sent,
    only a few notes of its own and the message itself are new, as llama.cpp reports."""
    from milo.sessions import SessionMemory, SessionStore

    milo, memory = _lived_in_turn(embedded, make_milo, memory_file, tmp_path)

    new, _, notes = _processed(milo, embedded, "Then I baked sourdough bread for dinner.")
    assert "lake" in notes and estimate_tokens(notes) > 200  # notes chosen by the conversation so far...
    assert "sourdough" in notes and new < 200, new  # ...were processed before: new are its own few notes
    # Asked about themselves, the notes are the question's own (the reply is fixed from one at once).
    inputs = milo.inputs("When did I bake bread?")
    assert inputs["evidence"] is not None and "sourdough" in inputs["relevant"]
    # A message that hurried the turn before it (sent while its memory lines were written) finds
    # nothing processed ahead: only its own few notes, not the ones the last message chose.
    pending = milo.start_turn("I painted the fence green yesterday.", on_reply=lambda d: None, prefill_next=True)
    pending.hurry()
    assert pending.finish().hurried
    follow = milo.inputs("Then I baked sourdough bread for dinner.")["relevant"]
    assert "sourdough" in follow and "fence" not in follow and estimate_tokens(follow) <= 160, follow
    assert milo.prefill() and "fence" in milo.inputs("Then I baked sourdough bread for dinner.")["relevant"]
    # A front end that prefills nothing (milo serve, the Python API's turn()): the notes as before.
    other = make_milo(embedded, memory=memory, history=milo.history).inputs("Then I baked sourdough bread for dinner.")
    assert "fence" not in other["relevant"] and estimate_tokens(other["relevant"]) > 200
    # At the start of a conversation nothing chose notes ahead: once prefilled, only its own few.
    fresh = make_milo(embedded, memory=memory, history=SessionMemory(SessionStore(tmp_path / "s2")))
    assert fresh.prefill()
    assert estimate_tokens(fresh.inputs("Then I baked sourdough bread for dinner.")["relevant"]) <= 160


@pytest.mark.model
def test_what_is_typed_is_processed_at_a_pause_and_the_sent_message_finds_it(embedded, make_milo, memory_file, tmp_path):
    """At a pause in typing the terminal has the prompt for what is typed so far processed
    (Milo.prefill_typed): its own notes and its words. The message sent then shares all of it
    but its last words, as llama.cpp reports; without it, its notes are new too."""
    milo, _ = _lived_in_turn(embedded, make_milo, memory_file, tmp_path)
    message = "Then I baked sourdough bread for dinner."
    assert milo.prefill()
    plain, _, _ = _processed(milo, embedded, message)  # its own notes and its words
    assert milo.prefill() and milo.prefill_typed("Then I baked sourdough bread")
    typed, _, notes = _processed(milo, embedded, message)
    assert "sourdough" in notes and typed < 20 < plain, (typed, plain)
    # A question about the user is answered from a note at once: nothing to process ahead.
    assert milo.prefill_typed("When did I bake") is False
    stop = threading.Event()
    stop.set()
    assert milo.prefill_typed("Then I baked sourdough bread", stop=stop) is False  # sent already


def test_a_follow_up_that_hurried_the_turn_before_replays_that_turn_as_the_model_holds_it(make_milo, memory_file, tmp_path, monkeypatch):
    """A message sent while the last turn's memory lines are written (it hurries them) is
    answered from that turn's prompt as it was sent, then the reply as the model wrote it, then
    its own notes and words: the server holds all but those (rebuilt as the conversation, the
    exchange was new tokens again). Not for a reply cut off, nor beyond CONTINUE_TOKENS; the
    next prefill goes back to the conversation as it is kept."""
    from langchain_core.language_models.fake_chat_models import FakeListChatModel

    from milo.chat import turn as turn_module
    from milo.chat.models import ModelChoice
    from milo.sessions import SessionMemory, SessionStore
    from milo.voice.barge import Cut

    replies = ["What a lovely colour!", "All afternoon, wow!", "A shed as well, busy day!", "Good to have help!"]
    lines = "\n[INTERNAL]: They like green.\n[CORE_UPDATE]: Amy painted the fence.\n[FUTURE_MESSAGE]: Ask about the garden."
    sent: list = []

    class Server(FakeListChatModel):  # the embedded model's place: the messages of each answer kept
        def _stream(self, messages, *args, **kwargs):
            sent.append(messages)
            yield from super()._stream(messages, *args, **kwargs)

        def _call(self, messages, *args, **kwargs):  # a prefill's request
            return "x"

    model = ModelChoice("embedded", "stand-in", Server(responses=[r + lines for r in replies]), grammar=True, free_reply=True)
    milo = make_milo(model, history=SessionMemory(SessionStore(tmp_path / "s")))
    shape = lambda msgs: [(m.type, m.content) for m in msgs]  # noqa: E731

    pending = milo.start_turn("I painted the fence green yesterday.", on_reply=lambda d: None, prefill_next=True)
    pending.hurry()
    assert pending.finish().hurried
    follow = milo.prompt_messages("It took me all afternoon.")
    last = shape(sent[-1])
    assert shape(follow)[: len(last)] == last  # the last prompt, as sent
    assert shape(follow)[len(last)] == ("ai", replies[0])  # its reply as written, not its memory lines
    assert follow[-2].type == "system" and shape(follow)[-1] == ("human", "It took me all afternoon.")
    # The follow-up's answer is asked with exactly that prompt.
    pending = milo.start_turn("It took me all afternoon.", on_reply=lambda d: None, prefill_next=True)
    assert shape(sent[-1]) == shape(follow)
    assert pending.finish().reply == replies[1]  # not hurried: its prefill goes back to the conversation as kept
    again = shape(milo.prompt_messages("Now the gate."))
    assert again[2:6] == [("human", "I painted the fence green yesterday."), ("ai", replies[0]),
                          ("human", "It took me all afternoon."), ("ai", replies[1])]
    assert not any("[INTERNAL]" in content for kind, content in again if kind != "system")  # the format's own

    # Too long to fit (CONTINUE_TOKENS): the conversation as kept.
    pending = milo.start_turn("And the shed too.", on_reply=lambda d: None, prefill_next=True)
    pending.hurry()
    assert pending.finish().hurried and milo._continued is not None
    monkeypatch.setattr(turn_module, "CONTINUE_TOKENS", 10)
    kept = shape(milo.prompt_messages("It was hard work."))
    assert kept[6:8] == [("human", "And the shed too."), ("ai", replies[2])] and kept[-1] == ("human", "It was hard work.")
    monkeypatch.undo()

    # A reply cut off by the user (barge-in): what they heard is the conversation, not what was written.
    cut = Cut()
    pending = milo.start_turn("My sister came to help.", on_reply=lambda d: None, interruption=cut)
    cut.interrupt("Good to")
    assert pending.finish().hurried and milo._continued is None
    assert ("ai", "Good to (cut off)") in shape(milo.prompt_messages("She is strong."))


@pytest.mark.model
def test_a_follow_up_that_hurried_the_turn_before_finds_that_turn_processed(embedded, make_milo, memory_file, tmp_path):
    """On the real embedded model, as llama.cpp reports it: a message that hurried the turn
    before it reuses all of that turn's prompt (the server holds it, the reply after it), where
    the conversation rebuilt (the exchange moved before the notes) reused only what came before
    the last exchange."""
    import json
    import urllib.request
    from dataclasses import replace

    free = replace(embedded, free_reply=True)  # the default brain's format: the reply first, in free sentences
    milo, _ = _lived_in_turn(free, make_milo, memory_file, tmp_path)

    def tokens(msgs) -> int:  # a prompt's length in tokens, as the server counts it
        body = {"messages": [{"role": {"human": "user", "ai": "assistant"}.get(m.type, m.type), "content": m.content} for m in msgs],
                "max_tokens": 1}
        req = urllib.request.Request(free.llm.openai_api_base + "/chat/completions", data=json.dumps(body).encode(),
                                     headers={"Content-Type": "application/json"})
        return json.loads(urllib.request.urlopen(req, timeout=120).read())["usage"]["prompt_tokens"]

    reused = {}
    for how, message in (("rebuilt", "I painted the fence green yesterday."), ("continued", "My neighbour lent me a ladder.")):
        pending = milo.start_turn(message, on_reply=lambda d: None, prefill_next=True)
        pending.hurry()
        assert pending.finish().hurried
        # The reply as the tiny model wrote it, whatever the reply guard made of it (what it
        # lets be continued is the stand-in test's above): what is measured is the server's reuse.
        line = "".join(milo._answered[1]).split("\n", 1)[0]
        milo._continued = milo._as_continued(line)
        assert milo._continued is not None
        last = milo.prompt_messages("It took me all afternoon.")[:-3]  # the last turn's prompt: what the server holds
        if how == "rebuilt":
            milo._continued = None  # as before: the conversation as kept, the exchange in it
        new, total, _ = _processed(milo, free, "It took me all afternoon.")
        reused[how] = (total - new, tokens(last))
    assert reused["continued"][0] >= reused["continued"][1], reused
    assert reused["rebuilt"][0] < reused["rebuilt"][1], reused

def test_the_prefill_at_start_knows_the_users_name_as_the_first_turn_will(memory_file, tmp_path):
    """A new process learns the user's name from the memory at its first turn; the prefill at
    start (before anyone speaks) had not, so the memory message it processed named no one and
    the first message was processed from there (first token 2.9-4.8 s on a lived-in memory
    with the default brain, 1.3 s once the prefill knew the name)."""
    from langchain_core.language_models.fake_chat_models import FakeListChatModel

    from milo.chat.models import ModelChoice
    from milo.chat.persona import Persona
    from milo.chat.turn import Milo
    from milo.sessions import SessionMemory, SessionStore

    memory_file.write_text("# Memory\n\n--- [PULSE: 08:15 PM, November 29, 2026] ---\n"
                           "CORE_UPDATE: Zoë said: \"Hi Milo, I'm Zoë and I repair bicycles.\"\n")
    sent: list = []

    class Server(FakeListChatModel):  # the embedded model's place: the prefill's requests kept
        def _call(self, messages, *args, **kwargs):
            sent.append(messages)
            return "x"

    model = ModelChoice("embedded", "stand-in", Server(responses=["x"]), grammar=False)
    milo = Milo(model, LivingMemory(memory_file), Persona.load(), history=SessionMemory(SessionStore(tmp_path / "s")))
    assert milo.persona.known_name is None  # nobody named in the settings: the memory says it
    assert milo.prefill()
    milo._learn_name("Hello again!")  # as the first turn does before its prompt
    first = milo.prompt_messages("Hello again!")
    assert milo.persona.known_name == "Zoë" and "No name yet" not in first[1].content
    assert [m.content for m in sent[-1][:2]] == [m.content for m in first[:2]]  # the same system and memory messages


def test_a_pause_in_typing_gives_what_is_typed_once(monkeypatch):
    """The terminal's watcher: what is typed, after PAUSE seconds without a change, once per
    text, at least two words; nothing after the line is sent."""
    from milo.cli.chat import Pauses

    typed = {"now": ""}
    given = []
    monkeypatch.setattr(Pauses, "PAUSE", 0.2)
    busy = {"now": True}

    def on_pause(text, sent):
        if busy["now"]:
            busy["now"] = False
            return False  # not now: asked again while the pause lasts
        given.append(text)

    with Pauses(lambda: typed["now"], on_pause):
        for text in ("Then", "Then I", "Then I baked", "Then I baked sourdough"):
            typed["now"] = text
            time.sleep(0.05)  # typing: no pause
        time.sleep(0.6)
        typed["now"] = "Then I baked sourdough bread"
        time.sleep(0.6)
        typed["now"] = "Then I baked sourdough bread "  # the same words
        time.sleep(0.6)
    typed["now"] = "something else entirely"
    time.sleep(0.5)
    assert given == ["Then I baked sourdough", "Then I baked sourdough bread"]


def test_a_message_sent_during_the_prefill_waits_for_one_step_of_it_at_most(make_milo, memory_file, tmp_path):
    """The notes chosen ahead (~300 tokens, ~5 s on the default brain here) are processed in
    steps; the next message (the turn's `hurried`) stops the prefill between two, and then finds
    the notes part unprocessed: it is given only its own few notes."""
    import threading

    from langchain_core.language_models.fake_chat_models import FakeListChatModel
    from langchain_core.messages import AIMessage, HumanMessage

    from milo.chat.models import ModelChoice
    from milo.chat.turn import HURRIED
    from milo.sessions import SessionMemory, SessionStore

    memory_file.write_text("# Memory\n" + "".join(
        f"\n--- [PULSE: 0{1 + i % 9}:15 PM, October {1 + i % 28:02d}, 2026] ---\n"
        f"CORE_UPDATE: Amy said: \"Today I walked Pixel to the lake, the {i}th time this year\"\n" for i in range(60)))
    seen: list = []
    stop = threading.Event()

    class Server(FakeListChatModel):  # the embedded model's place: each request is one step
        def _call(self, messages, *args, **kwargs):
            seen.append(messages[-1].content)
            if len(seen) == 2:
                stop.set()  # the next message comes while the second step is processed
            return "x"

    model = ModelChoice("embedded", "stand-in", Server(responses=["x"]), grammar=False)
    history = SessionMemory(SessionStore(tmp_path / "s"))
    memory = LivingMemory(memory_file, relevance=True, budget_tokens=400, cache_dir=tmp_path / "cache")
    milo = make_milo(model, memory=memory, history=history)
    history.add_messages([HumanMessage("I walked Pixel to the lake again."), AIMessage("Lovely!")])
    assert milo.prefill()  # whole, in steps: each a longer start of the same notes
    whole = list(seen)
    assert len(whole) >= 3 and all(b.startswith(a) for a, b in zip(whole, whole[1:])), whole
    notes = milo.inputs("The water was cold.")["relevant"]
    assert (whole[-1].split("<memory>\n", 1)[1]) in notes and notes.startswith(whole[-1].split("<memory>\n", 1)[1])
    seen.clear()
    assert milo.prefill() and seen == []  # the server holds them already: nothing sent again
    milo._held = None  # as after a turn (its prompt takes the server's cache)
    stop.clear()
    assert milo.prefill(stop=stop) is False and len(seen) == 2  # stopped after the step under way
    assert milo._ready == HURRIED
    assert estimate_tokens(milo.inputs("The water was cold.")["relevant"]) <= 160  # its own few notes


def test_a_reply_cut_off_by_the_user_is_remembered_as_heard(make_milo, memory_file, tmp_path):
    """Barge-in after the reply was whole (issue 24): the memory lines end where they are, and
    what is etched and replayed is what the user heard, marked as cut off, not the whole reply."""
    import threading

    from model_server import PAUSE

    from milo.chat.turn import CUT_OFF
    from milo.voice.barge import Cut as Interruption
    from milo.sessions import SessionMemory, SessionStore

    history = SessionMemory(SessionStore(tmp_path / "s"))
    rest = threading.Event()
    answer = ("[REPLY]: Octopuses have three hearts. They also taste with their arms!\n"
              f"[CORE_UPDATE]: Amy asked about oct{PAUSE}opuses\n[FUTURE_MESSAGE]: x")
    cut = Interruption()
    with ScriptedModelServer([("pause", answer, rest)]) as srv:
        pending = make_milo(openai_model(srv.url), history=history).start_turn(
            "tell me about octopuses", on_reply=lambda d: None, interruption=cut)
        pending.finish_in_background()
        cut.interrupt("Octopuses have three hearts. They also")
        result = pending.wait(timeout=20)
        rest.set()
    assert result is not None and result.hurried
    assert result.reply == f"Octopuses have three hearts. They also {CUT_OFF}"
    (pulse,) = entries(memory_file)
    assert pulse.fields["REPLY"] == result.reply
    assert [m.content for m in history.window()] == ["tell me about octopuses", result.reply]


def test_a_reply_cut_off_while_it_is_written_ends_the_answer_there(make_milo, memory_file, tmp_path):
    """Barge-in while the model still writes the reply: the answer stops at once (the server
    is still sending), the user's words are the note, and the reply kept is what was heard."""
    import threading

    from milo.chat.turn import CUT_OFF
    from milo.voice.barge import Cut as Interruption

    cut = Interruption()
    got = []

    def on_reply(delta):
        got.append(delta)
        if not cut.event.is_set():
            threading.Timer(0.05, cut.interrupt, args=("Oh, Leeds!",)).start()

    # Every chunk 0.4 s apart: the whole answer would take several seconds.
    with ScriptedModelServer([("drip", 0.4)]) as srv:
        started = time.monotonic()
        result = make_milo(openai_model(srv.url)).start_turn("I live in Leeds now", on_reply=on_reply, interruption=cut).finish()
        took = time.monotonic() - started
    assert got, "the reply never began"
    assert result.reply == f"Oh, Leeds! {CUT_OFF}" and result.hurried, result
    assert took < 3.0, took  # not the whole drip
    (pulse,) = entries(memory_file)
    assert pulse.fields["REPLY"] == result.reply
    assert pulse.fields["CORE_UPDATE"] == 'Amy said: "I live in Leeds now"'


def test_a_question_nothing_matched_is_answered_from_the_note_the_models_draft_restates(make_milo, memory_file, tmp_path):
    """"What do I do for a living?" is far in meaning from 'I run a small bakery...' (0.19):
    before the turn's answer, one request asks the model for its own answer from the user's notes
    (milo.chat.draft); it restates the note, so the reply the grammar fixes is the note. The
    scripted server stands in for the model's words; the embedder is the real one."""
    from dataclasses import replace

    from milo.chat.draft import DRAFT_GBNF
    from milo.chat.tags import MiloTagParser

    memory_file.write_text("# Milo's Living Memory\n\n--- [PULSE: 07:10 PM, November 28, 2026] ---\n"
                           'CORE_UPDATE: Amy said: "I run a small bakery on the corner of Elm Street."\nREPLY: Yum!\n')
    memory = LivingMemory(memory_file, placeholders=MiloTagParser().placeholders(), relevance=True,
                          cache_dir=tmp_path / "c", meaning=True)
    fixed = "You told me you run a small bakery on the corner of Elm Street."
    with ScriptedModelServer([("ok", "You own and operate a small bakery on Elm Street."),
                              ("ok", f"[REPLY]: {fixed}\n[CORE_UPDATE]: x\n[FUTURE_MESSAGE]: y")]) as srv:
        milo = make_milo(replace(openai_model(srv.url), grammar=True), memory=memory)
        assert memory.embed is not None
        result = milo.turn("What do I do for a living?")
    assert srv.requests[0]["grammar"] == DRAFT_GBNF and "you run a small bakery" in srv.requests[0]["messages"][-1]["content"]
    assert f'reply-opening ::= "{fixed}"' in srv.requests[1]["grammar"]
    assert result.ok and result.reply == fixed
    # The draft restating nothing (an invention): find's answer, as before (here "not sure", the
    # note said as the closest), never "You told me".
    with ScriptedModelServer([("ok", "You are a pilot."), ("ok", "[REPLY]: x\n[CORE_UPDATE]: x\n[FUTURE_MESSAGE]: y")]) as srv:
        milo = make_milo(replace(openai_model(srv.url), grammar=True), memory=memory)
        milo.turn("What car do I drive?")
    grammar = srv.requests[1]["grammar"]
    assert len(srv.requests) == 2 and "You told me" not in grammar and "I'm not sure you've told me that." in grammar


def _milo_with_notes(make_milo, memory_file, server_url, notes):
    """A Milo on the scripted server (with a grammar), its memory these notes (one pulse each),
    recalled by meaning too, and its conversation kept on disk."""
    from dataclasses import replace

    from milo.chat.tags import MiloTagParser
    from milo.sessions import SessionMemory, SessionStore

    memory_file.write_text("# Milo's Living Memory\n" + "".join(
        f"\n\n--- [PULSE: 07:1{i} PM, November 28, 2026] ---\nCORE_UPDATE: {n}\nREPLY: Oh!\n" for i, n in enumerate(notes)))
    memory = LivingMemory(memory_file, placeholders=MiloTagParser().placeholders(), relevance=True,
                          cache_dir=memory_file.parent / "c", meaning=True)
    return make_milo(replace(openai_model(server_url), grammar=True), memory=memory,
                     history=SessionMemory(SessionStore(memory_file.parent / "s")))


def test_a_follow_up_a_note_answers_alone_is_not_read_with_the_question_before(make_milo, memory_file):
    """"Where does he sleep?" after "What's my dog called?": read with the question before it, the
    draft mixed both ("You adopted a greyhound named Biscuit who sleeps on the sofa all day.") and
    the sofa note was not said. A note that answers it alone answers it; "When is it?" still leans."""
    notes = ['Amy said: "I adopted a greyhound from a shelter last month."', 'He is named Biscuit and is grey.',
             'Amy said: "He sleeps on the sofa all day."', 'Amy said: "I have a vet appointment for him on Friday."']
    with ScriptedModelServer([("ok", GOOD)] * 3) as srv:
        milo = _milo_with_notes(make_milo, memory_file, srv.url, notes)
        milo.turn("What's my dog called?")
        assert milo.inputs("Where does he sleep?")["said"] == ["What's my dog called?"]
        inputs = milo.inputs("Where does he sleep?")
        assert inputs["asked"] == "Where does he sleep?" and "sofa" in inputs["evidence"].note, inputs["evidence"].describe()
        milo.turn("When is the vet appointment?")
        assert milo.inputs("When is it?")["asked"] != "When is it?"  # nothing answers it alone: read with the one before


def test_a_follow_up_on_a_lived_in_memory_is_shown_the_notes_of_the_question_it_is_read_with(make_milo, memory_file):
    """bench/truth.py dec127 --lived-in: "where is the party" after "how old will akosua be" (read
    with it) was shown no note: recall looked for the party alone, the note of Akosua's ninetieth
    was under the meaning floor, and the model said "The party is in town." Its notes are now
    those of the question it is read with; and asked alone it is only where a note of theirs,
    not someone else's party, is closer."""
    others = [f"Caroline said: We had a big party at the park for {w}, so much fun!" for w in
              ("my birthday", "the kids", "Mel's new job", "the summer", "the team")] * 6
    notes = ['Amy said: "Milo, my grandmother Akosua turns ninety next week!"', *others]
    with ScriptedModelServer([("ok", GOOD)] * 2) as srv:
        milo = _milo_with_notes(make_milo, memory_file, srv.url, notes)
        milo.turn("how old will akosua be")
        inputs = milo.inputs("where is the party")
        assert inputs["asked"] != "where is the party" and "Akosua" in inputs["relevant"], inputs["relevant"]
        assert inputs["evidence"] is not None and not inputs["evidence"].answered
        assert "Akosua" in inputs["evidence"].told()


def test_a_free_reply_ends_before_a_fact_of_theirs_nobody_told(make_milo, memory_file):
    """Told "My brother Julien lives in Montréal.", the good brain went on "He is a father with his
    wife and two daughters." (held-out bench/truth.py dec29). What the model was given of the user
    (their notes, the conversation, the message) is what a sentence about someone of theirs may
    say: the reply ends before one that gives a relation, number or name nobody told; shown and
    etched alike. A sentence that keeps to what was told stays."""
    memory_file.write_text("# Milo's Living Memory\n\n--- [PULSE: 07:10 PM, November 28, 2026] ---\n"
                           'CORE_UPDATE: Emilie said: "My brother Julien lives in Montréal."\nREPLY: Oh!\n')
    invented = "[REPLY]: Julien lives in Montreal. He is a father with his wife and two daughters.\n[CORE_UPDATE]: x\n[FUTURE_MESSAGE]: y"
    kept = "[REPLY]: Julien lives in Montreal. He loves Montréal.\n[CORE_UPDATE]: x\n[FUTURE_MESSAGE]: y"
    with ScriptedModelServer([("ok", invented), ("ok", kept)]) as srv:
        milo = make_milo(openai_model(srv.url))
        shown = []
        result = milo.turn("Tell me about Julien", on_reply=shown.append)
        assert result.ok and result.reply == "Julien lives in Montreal." and "".join(shown) == result.reply
        assert "REPLY: Julien lives in Montreal.\n" in memory_file.read_text()
        assert milo.turn("And where does he live?").reply == "Julien lives in Montreal. He loves Montréal."


def test_a_bare_question_that_answers_nothing_read_with_the_one_before_is_asked_alone(make_milo, memory_file):
    """dec29, run again: "who is visiting" after "how old is pepper" was read as one question,
    answered nothing, and was said "not sure ... you have a cat named pepper". It points at nothing
    before it: asked alone. "When is it?" still leans (the test above)."""
    notes = ['Amy said: "hey milo i have a cat named pepper and she is ten"',
             'Pepper loves sleeping on the printer.', 'Amy said: "my sister abena is visiting on saturday"']
    with ScriptedModelServer([("ok", GOOD)] * 2) as srv:
        milo = _milo_with_notes(make_milo, memory_file, srv.url, notes)
        milo.turn("how old is pepper")
        inputs = milo.inputs("who is visiting")
        assert inputs["asked"] == "who is visiting" and (inputs["evidence"] is None or "pepper" not in inputs["evidence"].told())


def test_a_follow_up_that_finds_nothing_read_with_the_one_before_is_asked_alone(make_milo, memory_file):
    """bench/truth.py dec266 (held out): "which university is it for" after "what is on the roof" was
    read as one question, found nothing, and went to the model: "It's for a university in Abuja,
    Nigeria." Alone it is about the library note: "not sure", that note the closest."""
    notes = ['Amy said: "Hi Milo, Amy here. I\'m an architect in Abuja"',
             'Amy said: "I\'m designing a new library for a university"', 'The library will have five floors and a rooftop garden.']
    with ScriptedModelServer([("ok", GOOD)] * 2) as srv:
        milo = _milo_with_notes(make_milo, memory_file, srv.url, notes)
        milo.turn("what is on the roof")
        inputs = milo.inputs("which university is it for")
        assert inputs["asked"] == "which university is it for" and inputs["evidence"] is not None, inputs["asked"]
        assert not inputs["evidence"].answered and "library" in inputs["evidence"].closest.text, inputs["evidence"]


def test_a_drafted_note_is_checked_against_the_message_itself(make_milo, monkeypatch):
    """bench/truth.py dec180 (held out, its third run): "who conducts the choir" after "what do i
    sing in" was read with it ("what do i sing in who conducts the choir"), and the draft's note,
    'We're rehearsing the Mozart Requiem for Easter.', was said as the answer: what the message
    itself asks (who does it) is checked against the note the draft chose."""
    from dataclasses import replace

    import milo.chat.turn as turn
    from milo.chat.evidence import Candidate, Evidence

    mozart = Evidence("2", "We're rehearsing the Mozart Requiem for Easter.", own="Milo")
    monkeypatch.setattr(turn, "confirm", lambda *a, **k: mozart)
    monkeypatch.setattr(turn, "needed", lambda *a, **k: True)
    with ScriptedModelServer([("ok", GOOD)]) as srv:
        milo = make_milo(replace(openai_model(srv.url), grammar=True))
        inputs = {"asked": "what do i sing in who conducts the choir", "evidence": None,
                  "told": (Candidate("2", mozart.note),)}
        got = milo._confirmed("who conducts the choir", inputs)["evidence"]
        assert not got.answered and got.closest.key == "2", got
        got = milo._confirmed("what are we rehearsing", {**inputs, "asked": "what are we rehearsing"})["evidence"]
        assert got is mozart  # (nothing asked that the note lacks)


def test_a_reply_that_opens_as_an_assistants_refusal_is_written_again(make_milo, memory_file):
    """The good brain answered "hey milo, its cold today" with "I'm sorry, but I can't assist with
    that." (./start.sh, 2026-12-07): an instruct model's boilerplate, not Milo. None of it is shown;
    it is written once more, and a refusal again is shown as written (fail open)."""
    refusal = ("[REPLY]: I'm sorry, but I can't assist with that.\n[INTERNAL]: x\n[CORE_UPDATE]: Amy said it is cold\n"
               "[FUTURE_MESSAGE]: Nothing in particular")
    fine = refusal.replace("I'm sorry, but I can't assist with that.", "Brr! Cold days are for cocoa, I think.")
    shown: list[str] = []
    with ScriptedModelServer([("ok", refusal), ("ok", fine)]) as srv:
        result = make_milo(openai_model(srv.url)).turn("hey milo, its cold today", on_reply=shown.append)
    assert result.ok and result.reply == "Brr! Cold days are for cocoa, I think." and len(srv.requests) == 2
    assert "".join(shown) == result.reply and entries(memory_file)[-1].reply == result.reply
    with ScriptedModelServer([("ok", refusal), ("ok", refusal)]) as srv:
        result = make_milo(openai_model(srv.url)).turn("hey milo, its cold today", on_reply=lambda _: None)
    assert result.ok and result.reply == "I'm sorry, but I can't assist with that." and len(srv.requests) == 2
