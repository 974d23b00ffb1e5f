"""Memory across wakes: the recent conversation bridged on disk."""

import json
import os
import random
import signal
import subprocess
import sys
import time

from helpers import ROOT, run_milo
from langchain_core.messages import AIMessage, HumanMessage
from model_server import ScriptedModelServer

from milo.config import Settings
from milo.sessions import SessionMemory, SessionStore, trim_window


class Clock:
    def __init__(self, t=1_800_000_000.0):
        self.t = t

    def __call__(self):
        return self.t


def turn(store, clock, user, reply, duration=1.0):
    """One turn as milo.turn does it: window at the start, record at the end."""
    mem = SessionMemory(store)
    window = mem.window()
    clock.t += duration
    mem.record(user, reply)
    return window


def test_two_chat_processes_then_prompt_replays_the_window(tmp_path):
    sessions = tmp_path / "s"
    env = {"SESSION_DIR": str(sessions), "MILO_BASE_URL": "", "MILO_MEMORY_FILE": str(tmp_path / "m.md")}
    with ScriptedModelServer() as srv:
        env["MILO_BASE_URL"] = srv.url
        for line in ("my favourite colour is teal", "and I have a cat"):
            proc = run_milo("chat", "--model", "openai:m", input=line + "\n", env=env)
            assert proc.returncode == 0, proc.stderr
        # the second process continued the same conversation: its request carried the first turn
        second = srv.requests[1]["messages"]
        assert {"role": "user", "content": "my favourite colour is teal"} in second
    # `milo prompt` (the default, embedded brain): the messages as it reads them, a line without
    # capitals given them (milo.chat.written)
    out = run_milo("prompt", "what did I say first?", env=env).stdout
    assert "===== human =====\nMy favourite colour is teal" in out
    assert out.index("My favourite colour is teal") < out.index("and I have a cat") < out.index("what did I say first?")
    assert out.index("</memory>") < out.index("My favourite colour is teal")  # after memory, before the message
    # Let the TTL pass without sleeping: age the end of the last turn.
    state_file = sessions / "active.json"
    state = json.loads(state_file.read_text())
    state["last"] -= 301
    state_file.write_text(json.dumps(state))
    out = run_milo("prompt", "what did I say first?", env=env).stdout
    assert "===== human =====\nMy favourite colour is teal" not in out  # not replayed (the memory may quote it)
    assert out.count("===== human =====") == 1
    assert json.loads(state_file.read_text()) == state  # `milo prompt` only reads


def test_ttl_runs_from_end_of_previous_turn_to_start_of_next(tmp_path):
    clock = Clock()
    store = SessionStore(tmp_path, ttl=300, clock=clock)
    turn(store, clock, "a", "b", duration=1000)  # a very long turn
    clock.t += 299
    assert turn(store, clock, "c", "d") == [HumanMessage("a"), AIMessage("b")]
    first = store.active_id()
    clock.t += 301
    assert turn(store, clock, "e", "f") == []
    second = store.active_id()
    assert first != second and first.startswith("conv-") and second.startswith("conv-")
    assert [c.messages for c in store.conversations()] == [4, 2]


def test_ids_are_unique_across_restarts_within_one_second(tmp_path):
    clock = Clock()
    ids = set()
    for _ in range(5):
        store = SessionStore(tmp_path, ttl=0, clock=clock)  # a fresh store: like a restart
        turn(store, clock, "x", "y", duration=0)
        clock.t += 0.001
        ids.add(store.state()["id"])
    assert len(ids) == 5


def test_window_bound_and_turn_boundary_trimming(tmp_path):
    clock = Clock()
    store = SessionStore(tmp_path, window=40, clock=clock)
    for i in range(30):
        turn(store, clock, f"u{i}", f"r{i}")
    window = SessionMemory(store).window()
    assert len(window) == 20 and window[0].content == "u20" and window[-1].content == "r29"
    # Past the window, its start moves half a window at a time (the prompt cache keeps the rest).
    firsts = [trim_window([HumanMessage(f"u{i // 2}") if i % 2 == 0 else AIMessage(f"r{i // 2}") for i in range(n)], 40)[0].content
              for n in range(2, 102, 2)]
    assert firsts[:20] == ["u0"] * 20 and firsts[20:29] == ["u10"] * 9 and firsts[29:39] == ["u20"] * 10
    assert all(len(trim_window([HumanMessage("u"), AIMessage("r")] * (n // 2), 40)) <= 40 for n in range(2, 200, 2))
    store.window_size = 5  # odd: the first of the last 5 would be an orphan reply
    window = SessionMemory(store).window()
    assert [m.content for m in window] == ["u28", "r28", "u29", "r29"]
    assert trim_window([AIMessage("x"), AIMessage("y"), HumanMessage("z")], 10) == [HumanMessage("z")]
    assert trim_window([HumanMessage("z")], 0) == []


def test_session_memory_off_is_stateless(tmp_path, monkeypatch):
    monkeypatch.setenv("SESSION_MEMORY", "0")
    assert SessionMemory.from_settings(Settings.load()) is None
    with ScriptedModelServer() as srv:
        proc = run_milo("chat", "--model", "openai:m", "--memory-file", str(tmp_path / "m.md"), input="hello\nagain\n",
                        env={"MILO_BASE_URL": srv.url, "SESSION_DIR": str(tmp_path / "s"), "SESSION_MEMORY": "0"})
    assert proc.returncode == 0
    assert not (tmp_path / "s").exists()
    assert {"role": "user", "content": "hello"} not in srv.requests[1]["messages"]


def test_env_settings(tmp_path, monkeypatch):
    monkeypatch.setenv("SESSION_TTL", "12")
    monkeypatch.setenv("SESSION_WINDOW", "6")
    monkeypatch.setenv("SESSION_DIR", str(tmp_path / "x"))
    store = SessionMemory.from_settings(Settings.load()).store
    assert (store.ttl, store.window_size, store.dir) == (12.0, 6, tmp_path / "x")


def test_damaged_conversation_is_recovered_and_set_aside(tmp_path):
    clock = Clock()
    warnings = []
    store = SessionStore(tmp_path, clock=clock, warn=warnings.append)
    for i in range(3):
        turn(store, clock, f"u{i}", f"r{i}")
    path = store.history(store.active_id()).path
    text = path.read_text()
    path.write_text(text[: text.rindex('"type"') - 5])  # a crash or an editor cut the end off
    window = SessionMemory(store).window()
    assert [m.content for m in window] == ["u0", "r0", "u1", "r1", "u2"]
    assert len(warnings) == 1 and "damaged; kept 5 messages" in warnings[0]
    aside = list(tmp_path.glob("conv-*.json.damaged-*"))
    assert len(aside) == 1 and aside[0].read_text() != text
    json.loads(path.read_text())  # the conversation file is whole again
    turn(store, clock, "u3", "r3")
    assert len(store.history(store.active_id()).messages) == 7 and len(warnings) == 1


def test_garbage_files_never_crash(tmp_path):
    clock = Clock()
    warnings = []
    store = SessionStore(tmp_path, clock=clock, warn=warnings.append)
    (tmp_path / "active.json").write_text("{not json")
    assert SessionMemory(store).window() == []
    assert "session state file active.json was damaged" in warnings[0]
    turn(store, clock, "hi", "hello")
    conv = store.history(store.active_id()).path
    conv.write_bytes(b"\xff\x00 binary rubbish")
    assert SessionMemory(store).window() == []
    conv.write_text(json.dumps({"messages": [{"type": "human", "data": {"content": "ok"}}, {"type": "alien"}, 7]}))
    assert [m.content for m in SessionMemory(store).window()] == ["ok"]


WRITER = r"""
import sys
from milo.sessions import SessionMemory, SessionStore
store = SessionStore(sys.argv[1], ttl=3600)
tag, count = sys.argv[2], int(sys.argv[3])
print("ready", flush=True)
i = 0
while count < 0 or i < count:
    m = SessionMemory(store)
    m.window()
    m.record(f"{tag} user {i} " + "x" * 2000, f"{tag} reply {i}")
    i += 1
"""


def spawn(directory, tag, count):
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    return subprocess.Popen([sys.executable, "-c", WRITER, str(directory), tag, str(count)], env=env, stdout=subprocess.PIPE, text=True)


def check_pairs(store):
    messages = store.history(store.active_id(at=time.time())).messages
    assert len(messages) % 2 == 0
    for user, reply in zip(messages[::2], messages[1::2]):
        tag, _, n = user.content.split()[:3]
        assert reply.content == f"{tag} reply {n}"
    return messages


def test_writer_killed_mid_write_leaves_previous_good_state(tmp_path):
    rng = random.Random(7)
    store = SessionStore(tmp_path, ttl=3600)
    for round_ in range(12):
        proc = spawn(tmp_path, f"k{round_}", -1)
        assert proc.stdout.readline().strip() == "ready"
        time.sleep(rng.uniform(0.01, 0.15))
        proc.send_signal(signal.SIGKILL)
        proc.wait()
        for f in tmp_path.glob("*.json"):
            json.loads(f.read_text())  # every file whole: never half written
        check_pairs(store)
    assert len(check_pairs(store)) > 0
    # What the kills left mid-write: made sure of (a kill may land between two writes), then
    # cleared by the next process's first turn (11 after 100 kills stayed for good: issue 27).
    (tmp_path / ".conv-x.json.k.tmp").write_text("{half")
    (tmp_path / ".active.json.k.tmp").write_text("")
    turn_ = SessionMemory(SessionStore(tmp_path, ttl=3600))
    turn_.window()
    turn_.record("k user 0", "k reply 0")
    assert list(tmp_path.glob(".*.tmp")) == []


def test_two_concurrent_writers_lose_nothing(tmp_path):
    procs = [spawn(tmp_path, f"w{i}", 25) for i in range(2)]
    for p in procs:
        assert p.stdout.readline().strip() == "ready"
    for p in procs:
        assert p.wait(timeout=120) == 0
    store = SessionStore(tmp_path, ttl=3600)
    messages = check_pairs(store)
    assert len(messages) == 100  # both writers, one conversation, every turn once
    assert len(list(tmp_path.glob("conv-*.json"))) == 1


def test_a_session_dir_that_is_a_file_is_one_sentence(tmp_path, memory_file):
    """`sessions list` said "No conversations" and `chat` ran with nothing recorded (issue 27)."""
    path = tmp_path / "sessions"
    path.write_text("not a folder")
    sentence = f"milo: The conversation folder {path} is not a folder; point SESSION_DIR at a folder you own.\n"
    for args in (["sessions", "list"], ["chat", "--robot", "none", "--memory-file", str(memory_file)]):
        proc = run_milo(*args, input="hi\n", env={"SESSION_DIR": str(path)})
        assert (proc.returncode, proc.stderr) == (2, sentence), args
    assert path.read_text() == "not a folder" and not memory_file.exists()


def test_sessions_command(tmp_path):
    env = {"SESSION_DIR": str(tmp_path)}
    assert "No conversations" in run_milo("sessions", "list", env=env).stdout
    clock = Clock(time.time())
    store = SessionStore(tmp_path, clock=clock)
    turn(store, clock, "my cat is Biscuit", "What a name!")
    conv = store.active_id()
    out = run_milo("sessions", "list", env=env).stdout
    assert f"* {conv}" in out and "2 messages" in out
    assert run_milo("sessions", "show", env=env).stdout == "you> my cat is Biscuit\nmilo> What a name!\n"
    assert run_milo("sessions", "show", "../../etc/passwd", env=env).returncode == 2
    assert run_milo("sessions", "clear", env=env).returncode == 2
    assert run_milo("sessions", "clear", "--all", env=env).stdout == "Cleared 1 conversation.\n"
    assert store.conversations() == [] and store.active_id() is None


def test_the_session_memory_is_langchain_s_chat_history(tmp_path):
    """What the turn uses is LangChain's BaseChatMessageHistory: `messages` is the window,
    `add_messages` records an exchange (its memory mark and an unreliable reply honoured),
    `clear` forgets the active conversation."""
    from langchain_core.chat_history import BaseChatMessageHistory

    from milo.sessions.history import MEMORY_MARK
    from milo.sessions.store import REPLY_ONLY, UNRELIABLE

    clock = Clock()
    store = SessionStore(tmp_path / "s", ttl=300, window=40, clock=clock)
    mem = SessionMemory(store)
    assert isinstance(mem, BaseChatMessageHistory) and mem.messages == []
    mem.add_messages([HumanMessage("I grow tomatoes", additional_kwargs={MEMORY_MARK: 42}), AIMessage("A garden!")])
    clock.t += 5
    assert [m.content for m in mem.messages] == ["I grow tomatoes", "A garden!"] and mem.memory_mark() == 42
    mem.add_messages([HumanMessage("and peppers"), AIMessage("Pep-", additional_kwargs={UNRELIABLE: True})])
    clock.t += 5
    assert [m.content for m in mem.messages] == ["I grow tomatoes", "A garden!"]  # kept on disk, never replayed
    mem.add_messages([HumanMessage("and basil"), AIMessage("Octopuses have three hearts!", additional_kwargs={UNRELIABLE: REPLY_ONLY})])
    clock.t += 5
    assert [m.content for m in mem.messages] == ["I grow tomatoes", "A garden!", "and basil"]  # the reply alone left out
    assert all(not m.additional_kwargs for m in store.history(store.active_id()).messages if m.type == "human")
    mem.clear()
    assert mem.messages == [] and store.active_id() is None
