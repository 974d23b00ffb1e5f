"""Gemini, the seed's own model path (GOOGLE_API_KEY set, `--model auto`), end to end through
the real langchain-google-genai / google-genai stack against a loopback server that speaks the
Gemini REST API (MILO_GEMINI_BASE_URL)."""

import json

import pytest
from gemini_server import KEY, GeminiServer
from helpers import run_milo

from milo.chat.models import choose_model
from milo.chat.turn import LOST_THREAD
from milo.errors import ConfigError
from milo.memory import LivingMemory


def gemini_env(srv, tmp_path, key=KEY):
    # No MILO_MODEL: `auto` picks Gemini because the key is set.
    return {"GOOGLE_API_KEY": key, "MILO_GEMINI_BASE_URL": srv.url, "MILO_MEMORY_FILE": str(tmp_path / "Living_Memory.md"),
            "MILO_USER_NAME": "Amy"}


def files_under(folder):
    return {p.relative_to(folder): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


def test_the_base_url_is_optional_and_checked():
    plain = choose_model("gemini", env={"GOOGLE_API_KEY": KEY})
    assert plain.llm.base_url is None and plain.where == ""  # Google's own endpoint, as before
    assert choose_model("gemini", env={"GOOGLE_API_KEY": KEY, "MILO_GEMINI_BASE_URL": "http://127.0.0.1:1"}).llm.base_url == "http://127.0.0.1:1"
    with pytest.raises(ConfigError, match="MILO_GEMINI_BASE_URL must be an http"):
        choose_model("gemini", env={"GOOGLE_API_KEY": KEY, "MILO_GEMINI_BASE_URL": "generativelanguage"})


# The tags in another order than the prompt asks, the reply last: 7-character SSE chunks split
# every tag and value across chunks.
GARDEN = ("[INTERNAL]: She sounds proud of it.\n[CORE_UPDATE]: Amy planted tomatoes in the garden\n"
          "[FUTURE_MESSAGE]: Ask Amy how the tomatoes are doing\n[REPLY]: Tomatoes! I hope they grow tall and sweet.")


def test_a_streamed_tagged_answer_shows_only_the_reply_and_is_etched(tmp_path):
    with GeminiServer([("text", GARDEN)]) as srv:
        proc = run_milo("chat", input="I planted tomatoes in my garden today\n", env=gemini_env(srv, tmp_path))
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout == "Tomatoes! I hope they grow tall and sweet.\n" and proc.stderr == ""
    (pulse,) = LivingMemory(tmp_path / "Living_Memory.md").pulses()
    # Every word of both summaries is in Amy's message: etched as the model wrote them.
    assert pulse.fields == {"CORE_UPDATE": "Amy planted tomatoes in the garden", "FUTURE_MESSAGE": "Ask Amy how the tomatoes are doing",
                            "REPLY": "Tomatoes! I hope they grow tall and sweet."}
    assert "proud" not in (tmp_path / "Living_Memory.md").read_text()  # INTERNAL is never stored
    (req,) = srv.requests
    assert req["path"].endswith("/models/gemini-2.5-flash:streamGenerateContent?alt=sse")
    assert req["headers"]["x-goog-api-key"] == KEY  # in a header, never in the URL
    assert "[REPLY]:" in json.dumps(req["body"]["systemInstruction"])
    assert req["body"]["contents"][-1] == {"role": "user", "parts": [{"text": "I planted tomatoes in my garden today"}]}


def test_the_reply_reaches_the_user_as_it_streams(make_milo, memory_file):
    with GeminiServer([("text", GARDEN)]) as srv:
        milo = make_milo(choose_model("gemini", env={"GOOGLE_API_KEY": KEY, "MILO_GEMINI_BASE_URL": srv.url}))
        deltas = []
        result = milo.turn("I planted tomatoes in my garden today", on_reply=deltas.append)
    assert result.ok and result.reply == "Tomatoes! I hope they grow tall and sweet."
    assert "".join(deltas) == result.reply and len(deltas) > 1


DANCE = "[REPLY]: Yes! Watch this.\n[INTERNAL]: x\n[CORE_UPDATE]: Amy asked for a dance\n[FUTURE_MESSAGE]: Nothing in particular"


def test_a_function_call_reaches_the_body_clamped(make_milo, memory_file):
    from milo.body import Body, ConsoleRobot

    calls = [("nod", {"times": 9}), ("move_head", {"pitch": 90, "yaw": 10}), ("spin_body", {"degrees": "nan"})]
    body = Body(ConsoleRobot())
    try:
        with GeminiServer([("call", DANCE, calls)]) as srv:
            milo = make_milo(choose_model("gemini", env={"GOOGLE_API_KEY": KEY, "MILO_GEMINI_BASE_URL": srv.url}), body=body)
            result = milo.turn("Show me what you can do!")
        body.wait(10)
    finally:
        body.close()
    (req,) = srv.requests
    declared = [f["name"] for tool in req["body"]["tools"] for f in tool["functionDeclarations"]]
    assert sorted(declared) == sorted(["nod", "shake_head", "look_around", "wiggle_antennas", "spin_body", "move_head", "dance"])
    assert "[ACTION]" not in json.dumps(req["body"]["systemInstruction"])  # native calls, no tagged line asked for
    assert result.ok and result.reply == "Yes! Watch this."
    assert result.answer.tool_calls == [{"name": n, "args": a} for n, a in calls]
    # times 9 -> 5, pitch 90 -> 40 (the nod and move_head ranges); degrees NaN refused.
    assert result.gestures == ["nod(times=5)", "move_head(pitch=40, roll=0, yaw=10)"]
    said = " ".join(body.statuses)
    assert "nodded 5 times (clamped times 9 -> 5)" in said and "clamped pitch 90 -> 40" in said


def test_http_429_is_one_sentence_and_keeps_memory_and_conversation(tmp_path):
    memory = tmp_path / "Living_Memory.md"
    sessions = tmp_path / "sessions"
    with GeminiServer([("text", GARDEN)]) as srv:
        assert run_milo("chat", input="I planted tomatoes in my garden today\n", env=gemini_env(srv, tmp_path)).returncode == 0
    before, conversation = memory.read_bytes(), files_under(sessions)
    with GeminiServer([("status", 429)] * 2) as srv:
        proc = run_milo("chat", input="what should I plant next?\n", env={**gemini_env(srv, tmp_path), "MILO_RETRIES": "1"})
    assert len(srv.requests) == 2  # rate limits pass: retried once
    assert proc.returncode == 1  # a pipe where not one message could be answered
    assert proc.stdout == LOST_THREAD + "\n"
    assert proc.stderr == f"milo: The model at {srv.url} is rate-limiting requests (HTTP 429); wait a minute and try again.\n"
    assert memory.read_bytes() == before and files_under(sessions) == conversation
    # The conversation goes on: the next turn still carries the first exchange.
    with GeminiServer() as srv:
        assert run_milo("chat", input="and now?\n", env=gemini_env(srv, tmp_path)).returncode == 0
    texts = [p["text"] for c in srv.requests[0]["body"]["contents"] for p in c["parts"]]
    assert texts == ["I planted tomatoes in my garden today", "Tomatoes! I hope they grow tall and sweet.", "and now?"]


def test_a_bad_key_is_one_sentence_that_never_shows_the_key(tmp_path):
    bad = "AIzaSyBAD-key-google-refuses-0123456789"
    with GeminiServer() as srv:
        # -vv: Milo's log and the HTTP requests too, where a key could slip out
        proc = run_milo("chat", "-vv", input="hello there\n", env={**gemini_env(srv, tmp_path, key=bad), "MILO_RETRIES": "2"})
    assert [r["headers"]["x-goog-api-key"] for r in srv.requests] == [bad]  # sent once: a refused key is not retried
    assert proc.returncode == 1 and proc.stdout == LOST_THREAD + "\n"
    assert proc.stderr.splitlines()[-1] == (
        f"milo: The model at {srv.url} refused the API key (HTTP 400); check GOOGLE_API_KEY or MILO_API_KEY.")
    assert "HTTP Request: POST" in proc.stderr and "Traceback" not in proc.stderr  # -vv logged, and no more
    assert bad not in proc.stdout + proc.stderr
    for data in files_under(tmp_path).values():
        assert bad.encode() not in data
