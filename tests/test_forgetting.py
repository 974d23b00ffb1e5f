"""Asked to forget, Milo says what it can truly do (milo.chat.forgetting): a turn never removes
anything from the memory, so a promise to forget would be false."""

import pytest

from milo.chat.forgetting import FORGET_REPLY, asks_to_forget


@pytest.mark.parametrize("text, asks", [
    ("please forget what i said about my ex", True), ("Forget that.", True), ("can you delete that?", True),
    ("forget about my sister, we're not talking", True), ("remove the last thing i said", True),
    ("Could you please erase it?", True), ("Oublie ça, s'il te plaît", True), ("olvida eso por favor", True),
    # not a request to forget
    ("don't forget my birthday", False), ("I always forget my keys", False), ("forget it, never mind", False),
    ("milo forget about it", False), ("what did i forget", False), ("I forgot to tell you something", False),
    ("do you ever forget things?", False),
])
def test_a_request_to_forget_is_a_closed_form(text, asks):
    assert asks_to_forget(text) == asks


def test_asked_to_forget_the_reply_says_it_is_still_remembered_and_the_memory_is_kept(make_milo, memory_file):
    """Through a turn: the fixed reply is the grammar's reply opening, the draft is not asked, and
    the note stays in the file. The server is a scripted stand-in for the model."""
    from dataclasses import replace

    from model_server import ScriptedModelServer

    from milo.chat.models import choose_model
    from milo.memory import LivingMemory
    from milo.memory.format import read_pulses
    from milo.chat.tags import MiloTagParser

    note = 'Amy said: "My ex Tom lives in Leeds."'
    memory_file.write_text(f"# Milo's Living Memory\n\n--- [PULSE: 07:10 PM, November 28, 2026] ---\nCORE_UPDATE: {note}\nREPLY: Oh!\n")
    memory = LivingMemory(memory_file, placeholders=MiloTagParser().placeholders())
    answer = "[REPLY]: x\n[CORE_UPDATE]: x\n[FUTURE_MESSAGE]: Nothing in particular"
    with ScriptedModelServer([("ok", answer)]) as srv:
        model = choose_model("openai:test-model", env={"MILO_BASE_URL": srv.url}, timeout=5.0)
        milo = make_milo(replace(model, grammar=True), memory=memory)
        deltas = []
        result = milo.turn("Please forget what I said about my ex.", on_reply=deltas.append)
    assert result.ok and result.reply == FORGET_REPLY and deltas[0] == FORGET_REPLY
    assert len(srv.requests) == 1  # no draft asked
    assert f'reply-opening ::= "{FORGET_REPLY}"' in srv.requests[-1]["grammar"].replace("\\`", "`")
    pulses = list(read_pulses(memory_file.open("rb")))
    assert pulses[0].core_update == note and pulses[-1].reply == FORGET_REPLY


def test_the_persona_named_before_the_request_is_its_profiles_name():
    assert asks_to_forget("Luna, forget that please", own="Luna") and asks_to_forget("milo forget what i said", own="Milo")
    assert not asks_to_forget("Luna, forget that please", own="Milo")  # another name: not the persona addressed
