"""What Milo knows about the user, said back when they ask for it (milo.chat.known).

A held-out conversation (2026-12-06, good brain): asked "what do you know about me?" after four
wakes of telling it her job, her town, her surgery date and her daughter's visit, Milo said "I
don't have much information about you other than what I've been told."
"""

import pytest

from milo.chat.known import KNOWN_NOTES, asks_what_known, known, memory_notes

AMA = ['Ama said: "good morning milo my name is ama i\'m a retired teacher from kumasi"',
       'Ama said: "my hip surgery is on the 12th of next month so i\'m a bit nervous"',
       'Ama said: "my daughter efua lives in london and she\'s flying in to help me"',
       'Ama said: "hello milo its raining again here"',
       'Ama asked: "can you give me a simple recipe for groundnut soup?"',
       'Ama said: "oh and the hospital called, my surgery moved to the 20th"',
       'Ama asked: "when is my operation?"']


@pytest.mark.parametrize("text, asks", [
    ("what do you know about me?", True), ("What do you remember about me", True),
    ("so what else do you know about me", True), ("What have I told you so far?", True),
    ("tell me what you know about me", True), ("do you remember anything about me?", True),
    ("How much do you know about me?", True), ("tell me about myself", True), ("what do you know about me\u2019", True),
    ("Que sais-tu de moi ?", True), ("¿Qué sabes de mí?", True), ("Was weißt du über mich?", True),
    # one thing asked, or the world's
    ("what did i tell you about my sister?", False), ("what do you know about cats?", False),
    ("What do you know about me and my sister?", False), ("Where do I live?", False),
    ("do you know me?", False),
])
def test_what_asks_for_all_they_told_is_a_closed_form(text, asks):
    assert asks_what_known(text) == asks


def test_the_last_things_they_told_are_said_in_their_person_oldest_first():
    reply = known(AMA, "Ama", "Milo").summary
    assert reply == ("Your name is Ama. You've told me that you're a retired teacher from kumasi, that your hip "
                     "surgery is on the 12th of next month so you're a bit nervous, that your daughter efua lives in "
                     "london and she's flying in to help you, and that the hospital called, your surgery moved to the 20th.")
    # not their questions, nor what tells nothing of them ('its raining again here')
    assert "recipe" not in reply and "operation" not in reply and "raining" not in reply


def test_only_the_last_few_and_only_theirs():
    notes = [f'Amy said: "I like colour {i} a lot."' for i in range(12)]
    notes += ['Caroline said: "I paint every Sunday."', 'Amy said: "Hi Milo!"', 'Amy said: "Hi Milo!"']
    reply = known(notes, "Amy", "Milo").summary
    assert reply.count(" that ") == KNOWN_NOTES and "colour 11" in reply and "colour 6" not in reply
    assert "paint" not in reply and "Hi" not in reply
    assert reply.index("colour 7") < reply.index("colour 11")  # oldest first


def test_of_their_words_the_sentences_of_themselves_are_said():
    """A lived-in memory (LoCoMo's dialogue, 419 pulses) had said back "You've told me that that's
    so peaceful and calming, Melanie!" and "you're so happy for you, Caroline" (spoken to someone)."""
    notes = ['Caroline said: "I passed the adoption interviews last Friday! I\'m so happy for you, Mel."',
             'Caroline said: "That\'s so peaceful and calming, Melanie!"']
    reply = known(notes, "Caroline", "Milo").summary
    assert reply == "Your name is Caroline. You've told me that you passed the adoption interviews last Friday.", reply


def test_a_correction_is_said_after_what_it_corrects():
    """On a lived-in memory: 'My dog Juno is a three-year-old whippet.' then 'Sorry, Juno is four,
    not three.' was said back as the whippet alone (the correction is not in the first person)."""
    notes = ['Sam said: "Hi Milo, I\'m Sam. I teach pottery at the community college."',
             'Sam said: "My dog Juno is a three-year-old whippet."', 'Sam said: "Sorry, Juno is four, not three."']
    reply = known(notes, "Sam", "Milo").summary
    assert reply.endswith("your dog Juno is a three-year-old whippet, and that Juno is four, not three."), reply


def test_nothing_told_says_so_and_claims_nothing():
    assert known([], "", "Milo").summary == "I don't think you've told me about yourself yet. I'd love to hear!"
    assert known(['Ama asked: "what is my name?"'], "Ama", "Milo").summary.startswith("Your name is Ama. That's all I know")
    # what tells nothing of them is still said where it is all there is (fail open)
    assert "raining" in known(['Ama said: "its raining again here"'], "", "Milo").summary


def test_the_notes_read_are_the_pulses_and_this_conversation_and_the_pinned_facts_are_said_as_written():
    from milo.memory.format import Pulse

    pulses = [Pulse(header=None, timestamp=None, fields={"CORE_UPDATE": 'Amy said: "I teach chemistry."'}),
              Pulse(header=None, timestamp=None, fields={"REPLY": "Oh!"})]
    notes = memory_notes(pulses, ["I teach chemistry.", "I love rain."])
    assert notes == ['Amy said: "I teach chemistry."', 'earlier today: "I love rain."']
    reply = known(notes, "Amy", "Milo", pinned="## Pinned\n- My cat is Biscuit.\n- allergic to peanuts\n").summary
    assert reply == ("Your name is Amy. Your pinned notes say: My cat is Biscuit; allergic to peanuts. You've told me that "
                     "you teach chemistry, and that you love rain."), reply


def test_a_turn_asked_it_says_what_the_memory_holds_not_what_recall_found(make_milo, memory_file):
    """Through a turn: the fixed reply names what was told many pulses ago (more than the prompt
    shows), is the grammar's reply opening, and is etched as the reply. The server is a scripted
    stand-in for the model (what it writes after the fixed reply does not matter here)."""
    from dataclasses import replace

    from model_server import ScriptedModelServer

    from milo.chat.models import choose_model
    from milo.memory import LivingMemory
    from milo.memory.format import read_pulses
    from milo.chat.tags import MiloTagParser

    pulses = ['Amy said: "I teach chemistry at a school in Leeds."', 'Amy said: "My partner Sam bakes sourdough."']
    pulses += [f'Amy said: "Small talk number {i}, nothing much."' for i in range(12)]
    pulses[8] = 'Amy said: "My dog Rex is a border collie."'
    memory_file.write_text("# Milo's Living Memory\n" + "".join(
        f"\n\n--- [PULSE: 07:{10 + i} PM, November 28, 2026] ---\nCORE_UPDATE: {n}\nREPLY: Oh!\n" for i, n in enumerate(pulses)))
    memory = LivingMemory(memory_file, recall_lines=8, placeholders=MiloTagParser().placeholders())
    answer = "[REPLY]: x\n[CORE_UPDATE]: x\n[FUTURE_MESSAGE]: Nothing in particular"
    with ScriptedModelServer([("ok", answer)]) as srv:
        model = choose_model("openai:test-model", env={"MILO_BASE_URL": srv.url}, timeout=5.0)
        milo = make_milo(replace(model, grammar=True), memory=memory)
        inputs = milo.inputs("What do you know about me?")
        summary = inputs["evidence"].summary
        # (small talk, which tells nothing of them, is not said where they told of themselves)
        assert all(w in summary for w in ("chemistry", "sourdough", "border collie")) and "Small talk" not in summary, summary
        deltas = []
        result = milo.turn("What do you know about me?", on_reply=deltas.append)
    assert result.ok and result.reply == summary and deltas[0] == summary
    assert f'reply-opening ::= "{summary}"' in srv.requests[-1]["grammar"]
    last = list(read_pulses(memory_file.open("rb")))[-1]
    assert last.reply == summary and last.core_update == 'Amy asked: "What do you know about me?"'


def test_the_persona_named_before_the_question_is_its_profiles_name():
    assert asks_what_known("Hey Luna, what do you know about me?", own="Luna")
    assert asks_what_known("milo what do you remember about me", own="Milo")
    assert not asks_what_known("Luna, what do you know about me?", own="Milo")
