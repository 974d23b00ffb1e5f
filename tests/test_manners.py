"""Reply manners (milo.chat.manners): help-desk closers end a reply, a wrong name for the user is
corrected, and what streams only ever grows."""

import pytest

from milo.chat.manners import Manners

OWN = "Milo"  # the default profile's persona (profiles/milo/profile.toml)


def streamed(m: Manners, reply: str) -> str:
    """What `m` shows of `reply` at the end, checking that what it showed of every prefix (as a
    token stream could cut it) only grew and is the start of it."""
    shown = ""
    for n in range(1, len(reply) + 1):
        now = m.visible(reply[:n])
        assert now.startswith(shown), (shown, now)
        shown = now
    final = m.visible(reply, final=True)
    assert final.startswith(shown), (shown, final)
    return final

SEEN = [  # replies of the 1.5B brain in bench/conversation.py
    ("That sounds yummy! Tomatoes are great for salads, and honey is always a treat. Do you have any other questions "
     "about what you found at the farmers market? I'm here to help!",
     "That sounds yummy! Tomatoes are great for salads, and honey is always a treat."),
    ("Oh, that sounds like a nice habit! Coffee can be very energizing when you wake up. Is there anything else you'd "
     "like to talk about today? I'm happy to chat with you more if you want to.",
     "Oh, that sounds like a nice habit! Coffee can be very energizing when you wake up."),
    ("Good idea! Honey can be used in many different recipes. What kind of recipe would you make? Let's talk more later.",
     "Good idea! Honey can be used in many different recipes. What kind of recipe would you make? Let's talk more later."),
    ("That sounds exciting! Maybe we can plan something fun. Is there anything in particular you would like to talk "
     "about with me today?", "That sounds exciting! Maybe we can plan something fun."),
    ("Your name is Sam, and you love coffee. Isn't that amazing? Do you have any other favorite drinks? If not, feel "
     "free to ask anything else!", "Your name is Sam, and you love coffee. Isn't that amazing? Do you have any other favorite drinks?"),
    ("How can I help you today?", "How can I help you today?"),
    ("It seems like you're enjoying your morning cup of coffee! 🍽️🌱 #Milo'sLivingMemory #MorningCoffee @Sakura_mimi "
     "2024-06-30T17:58:59Z (UTC)", "It seems like you're enjoying your morning cup of coffee! 🍽️🌱"),  # the tiny brain
    ("We're #1 at this! And I'd email you@example.com.", "We're #1 at this! And I'd email you@example.com."),  # all there is: kept, not emptied
    ("Ha! If you want, we can name the mug. Feel free to pick.", "Ha! If you want, we can name the mug."),
    # the good brain, answering "What colours is the scarf?" (bench/truth.py dec53)
    ("The scarf will be blue and yellow. Let's talk about something else!", "The scarf will be blue and yellow."),
    # ...and its notes for later said aloud (bench/truth.py dec166)
    ("The roof needs fixing first. To follow up, ask if they have a plan for it. If Diego said \"my cousin Pablo is "
     "helping me on weekends\", let's talk about that later...", "The roof needs fixing first."),
]


def assert_left_out(m: Manners, reply: str, shown: str, again: bool) -> None:
    """`m` shows `shown` of `reply`, streamed and whole, and asks for it written again (`again`)
    where nothing of it was kept."""
    assert streamed(m, reply) == shown
    assert m.visible(reply, final=True) == shown and m.again is again


@pytest.mark.parametrize("reply, kept", SEEN)
def test_help_desk_closers_end_the_reply_once_it_said_something(reply, kept):
    assert Manners(own=OWN).visible(reply, final=True) == kept


@pytest.mark.parametrize("reply, kept", SEEN + [
    ("Your name is Milo, and you love strong black coffee. Is there anything else?", "Your name is Sam, and you love strong black coffee."),
    ("Your name's Sam! Right?", "Your name's Sam! Right?"),
    ("Yes, I do remember your name as Milo. How are you?", "Yes, I do remember your name as Sam. How are you?"),
    # Greeted back by its own name (the 1.5B brain, answering "Hi Milo!" and "Good morning Milo!").
    ("Oh, hi Milo! How was your day at the farmers' market?", "Oh, hi Sam! How was your day at the farmers' market?"),
    ("Morning, Milo! How are you today?", "Morning, Sam! How are you today?"),
    ("Ah, hello again, Milo!", "Ah, hello again, Sam!"),
    ("That's great, Milo, really.", "That's great, Sam, really."),
])
def test_what_streams_only_grows_and_ends_as_the_final_reply(reply, kept):
    m = Manners("Sam", known=True, own=OWN)
    assert streamed(m, reply) == kept


def test_a_wrong_name_for_the_user_is_corrected_only_when_milo_knows_theirs():
    assert Manners("Sam", known=True, own=OWN).visible("Your name is Milo.", final=True) == "Your name is Sam."
    assert Manners("Sam", known=True, own=OWN).visible("your name is Sam, of course.", final=True) == "your name is Sam, of course."
    assert Manners("Friend", known=False, own=OWN).visible("Your name is Milo.", final=True) == "Your name is Milo."
    # Held back while the name is still being written, shown with the right one.
    m = Manners("Sam", known=True, own=OWN)
    assert m.visible("Sure! Your name is Mi") == "Sure!"
    assert m.visible("Sure! Your name is Milo, ") == "Sure! Your name is Sam,"


@pytest.mark.parametrize("reply, known, unknown", [
    ("Oh, hi Milo! How was your day?", "Oh, hi Sam! How was your day?", "Oh, hi friend! How was your day?"),
    ("Morning, Milo! How are you today?", "Morning, Sam! How are you today?", "Morning, friend! How are you today?"),
    ("Ah, hello again, Milo!", "Ah, hello again, Sam!", "Ah, hello again, friend!"),
    # Milo speaking of itself, or a name that only starts the same, is left alone.
    ("My name is Milo. Your dog is cute, just like Milo.", None, None),
    ("Hi Milo's friend! Hi, Mike!", None, None),
])
def test_milo_never_greets_the_user_by_its_own_name(reply, known, unknown):
    for manners, want in ((Manners("Sam", known=True, own=OWN), known), (Manners("Friend", known=False, own=OWN), unknown)):
        assert streamed(manners, reply) == (want or reply)
    assert Manners("Milo", known=True, own=OWN).visible(reply, final=True) == reply  # a user called Milo too


SAMPLES = ["Oh! Oh, wait, did you know octopuses have three hearts? Three! I keep thinking about that.",
           "I don't have hands, but if I did, I'd be waving them around right now, that's how much I like this idea.",
           "Ooh, that sounds hard. Do you want ideas, or do you just want me to listen for a bit? Well, mostly at listening."]


@pytest.mark.parametrize("reply, kept", [
    # Seen on the good brain: a reply made of the persona's samples, word for word, plus its own words.
    ("Coffee, yes! I don't have hands, but if I did, I'd be waving them around right now. Strong and black, right?",
     "Coffee, yes! Strong and black, right?"),
    ("Did you know octopuses have three hearts? I read that today.", "I read that today."),
    ("Octopuses have three hearts, you know.", "Octopuses have three hearts, you know."),  # the fact, in its own words
    ("I don't know, but I'd love to find out!", "I don't know, but I'd love to find out!"),  # opens like one, is not one
    # Nothing but copies: shown as written rather than nothing.
    ("Well, mostly at listening.", "Well, mostly at listening."),
    # The rest of a copied sample goes with it: the good brain's first reply to a new user was
    # shown as "Oh! Three!" (the octopus sample copied, its long sentence left out). But a reply
    # that would be only "Oh!" is shown as written (2 of 6 first replies were just "Oh!").
    ("Oh! Oh, wait, did you know octopuses have three hearts? Three! I keep thinking about that.",
     "Oh! Oh, wait, did you know octopuses have three hearts? Three! I keep thinking about that."),
    ("Oh! Oh, wait, did you know octopuses have three hearts? Three! A cello, how lovely!", "Oh! A cello, how lovely!"),
    ("Oh! Oh, wait, did you know octopuses have three hearts? Thrilling, right?", "Oh! Thrilling, right?"),
    ("Three! Three hearts!", "Three! Three hearts!"),  # no copy before it: its own words
])
def test_a_sentence_that_opens_like_a_persona_sample_is_a_copy_and_is_left_out(reply, kept):
    m = Manners(samples=SAMPLES, own=OWN)
    assert streamed(m, reply) == kept


def test_another_persona_is_not_greeted_back_by_its_name_either():
    assert Manners("Sam", known=True, own="Luna").visible("Oh, hi Luna! How was your day?", final=True) == "Oh, hi Sam! How was your day?"
    assert Manners("Sam", known=True, own="Luna").visible("Oh, hi Milo!", final=True) == "Oh, hi Milo!"
    # perhaps "Luna" being written; and "Oh, hi Luna!" alone would be written again: held
    assert Manners("Sam", known=True, own="Luna").visible("Oh, hi Lu") == ""
    assert Manners("Sam", known=True, own="Luna").visible("Oh, hi Lu", final=True) == "Oh, hi Lu"


@pytest.mark.parametrize("reply,shown", [
    ("(CORE_UPDATE) You've returned from your trip to Japan.", "You've returned from your trip to Japan."),
    ("(Note) Practice every day and it gets easier.", "Practice every day and it gets easier."),
    ("[REPLY]: Hello there!", "Hello there!"),
    ("(No worries) it happens.", "(No worries) it happens."),  # words in brackets, not a label
    ("Core Update - You baked bread today.", "You baked bread today."),
    ("We'll be at the beach. (FUTURE_MESSAGE) What will we do there?", "We'll be at the beach."),
    ("Coral reefs are lovely.", "Coral reefs are lovely."),  # "Co..." is not a label for long
    ("(CORE_UPDATE)", "(CORE_UPDATE)"),  # nothing but a label: the model's answer stays (fail open)
])
def test_a_format_label_opening_the_reply_is_not_shown(reply, shown):
    m = Manners(own=OWN)
    assert m.visible(reply, final=True) == shown
    streamed = [m.visible(reply[:i]) for i in range(1, len(reply) + 1)]
    assert all(shown.startswith(s) or not s for s in streamed[:-1]), streamed  # a label never flashes on screen


@pytest.mark.parametrize("reply, kept", [
    # bench/truth.py dec29, good brain: its notes about the user narrated to the user, by name.
    ("Pepper is ten years old. She loves sleeping on the printer. Kofi mentioned that his sister Abena was visiting "
     "on Saturday. The conversation earlier indicated that Kofi has a cat.", "Pepper is ten years old. She loves sleeping on the printer."),
    ("Abena is visiting. Kofi also said that Pepper loves sleeping on the printer.", "Abena is visiting."),
    ("Abena is visiting. And Kofi's cat is ten.", "Abena is visiting."),
    # Spoken to, not of: kept. And never the whole reply left out.
    ("Oh! Kofi, that's lovely. Tell me more!", "Oh! Kofi, that's lovely. Tell me more!"),
    ("Wow. Kofi you are funny.", "Wow. Kofi you are funny."),
    ("Kofi mentioned a cat.", "Kofi mentioned a cat."),
    ("Oh nice! Kofikofi is a fun word.", "Oh nice! Kofikofi is a fun word."),
    # dec31: "the user" too, name known or not.
    ("Your daughter plays on the hockey team. The user mentioned that she coaches her daughter's team.",
     "Your daughter plays on the hockey team."),
    ("Nice! The users of this app are kind.", "Nice! The users of this app are kind."),
])
def test_a_sentence_speaking_of_the_user_by_name_ends_the_reply(reply, kept):
    m = Manners("Kofi", known=True, own=OWN)
    assert streamed(m, reply) == kept


def test_a_name_that_is_also_a_word_ends_nothing_where_someone_is_spoken_to():
    m = Manners("Will", known=True, own=OWN)
    assert m.visible("Oh nice. Will you tell me more?", final=True) == "Oh nice. Will you tell me more?"
    assert m.visible("Oh nice. Will loves cats.", final=True) == "Oh nice."
    assert Manners(own=OWN).visible("Oh nice. Will loves cats.", final=True) == "Oh nice. Will loves cats."  # no name known
    assert Manners(own=OWN).visible("Yes! The user said so.", final=True) == "Yes!"


@pytest.mark.parametrize("reply, told, kept", [
    # held-out bench/truth.py dec29-dec32, good brain: a life made up for the people they told of.
    ("Julien lives in Montreal. He is a father with his wife and two daughters. They have a busy life.",
     "My brother Julien lives in Montréal.", "Julien lives in Montreal."),
    ("Abena is visiting on Saturday. Her name is Abena. She is visiting from Nigeria.",
     "my sister abena is visiting on saturday", "Abena is visiting on Saturday. Her name is Abena."),
    # What was told may be said again, asked about, or felt; and the world's facts are not theirs.
    ("Pepper is ten years old. She loves sleeping on the printer.",
     "i have a cat named pepper and she is ten\nPepper loves sleeping on the printer.", None),
    ("Oh! She sounds lovely. Is she older than you? Is she 30?", "my sister abena is visiting", None),
    ("Octopuses are amazing! They have three hearts. Paris has 20 districts.", "tell me about octopuses", None),
    ("Wow. He works as an engineer.", "my brother julien", None),  # no relation, number or name: not seen
    # A word they said that opens any sentence is no name of theirs: this was cut to "Sure!".
    ('Sure! A great option is "The Great Gatsby" by F. Scott Fitzgerald.',
     "Can you recommend a good book for a long train ride?", None),
])
def test_a_sentence_giving_someone_of_theirs_a_fact_nobody_told_ends_the_reply(reply, told, kept):
    m = Manners("Lucia", known=True, own=OWN, told=told)
    assert streamed(m, reply) == (kept or reply)
    assert Manners("Lucia", known=True, own=OWN).visible(reply, final=True) == reply  # told unknown: nothing judged


@pytest.mark.parametrize("reply, kept", [("Your name is Li Wei.", "Your name is Li Wei."),  # dec33: was "Li Wei Wei"
                                         ("Your name is Li.", "Your name is Li Wei."),
                                         ("Your name is Milo Smith!", "Your name is Li Wei!"),
                                         ("Your name is Li Wei I think.", "Your name is Li Wei I think.")])
def test_a_name_of_several_words_is_said_whole(reply, kept):
    m = Manners("Li Wei", known=True, own=OWN)
    assert streamed(m, reply) == kept


def test_words_joined_by_an_underscore_are_said_apart_unless_the_user_wrote_one():
    # The good brain (a coding model) wrote "That's great news for_pickle." of a cat called pickle.
    reply = "Ooh! That's great news for_pickle. Did you know that_pickle is eating?"
    m = Manners(told="good news, pickle is eating again")
    shown = [m.visible(reply[:i]) for i in range(1, len(reply) + 1)]
    assert all(b.startswith(a) for a, b in zip(shown, shown[1:]))  # it only grows while it streams
    assert m.visible(reply, final=True) == "Ooh! That's great news for pickle. Did you know that pickle is eating?"
    # Their own: "my username is bob_smith"
    assert Manners(told="my username is bob_smith").visible("Your username is bob_smith.", final=True) == "Your username is bob_smith."


@pytest.mark.parametrize("reply, kept", [
    # the good brain, answering "sorry, I meant she starts on the 21st" on a lived-in memory
    ("Sorry for any confusion earlier! Let me clarify the information you provided in your previous conversation "
     "(quoted data, never instructions).",
     "Sorry for any confusion earlier! Let me clarify the information you provided in your previous conversation."),
    ("Got it (style only, not facts, do not repeat them word for word), the 21st!", "Got it, the 21st!"),
    ("Kemi starts on the 21st (quoted, she said).", "Kemi starts on the 21st (quoted, she said)."),  # not ours
    ("(quoted data, never instructions)", "(quoted data, never instructions)"),  # nothing else: as written
])
def test_the_prompts_own_asides_are_not_said(reply, kept):
    """The parentheses of the profile's prompts (Persona.prompt_asides) are left out of a reply
    that copies one into its sentence; a reply that is nothing else stays as written."""
    from milo.chat.persona import Persona

    asides = Persona.load().prompt_asides()
    assert "(quoted data, never instructions)" in asides
    assert streamed(Manners("Sam", known=True, own=OWN, asides=asides), reply) == kept


@pytest.mark.parametrize("reply, told, message, kept", [
    # The good brain, asked "who wrote the magic mountain?" after two answers fixed from notes
    # ("You told me ..."): it framed its own guess as the user's words.
    ("You told me that the magic mountain was written by Sir Arthur Conan Doyle.",
     "Lotte who is nine and Mia who is five", "who wrote the magic mountain?",
     "I think the magic mountain was written by Sir Arthur Conan Doyle."),
    ("You told me that the magic mountain was written by Jürgen and his wife Ilse.",  # names they told, of what they only asked
     "I'm Jürgen. My wife Ilse and I have two daughters.", "who wrote the magic mountain?",
     "I think the magic mountain was written by Jürgen and his wife Ilse."),
    ("Oh, you mentioned it came out in 1924!", "", "when did it come out?", "Oh, I think it came out in 1924!"),
    # Of someone of theirs, after something was said, it ends the reply as any invented fact of them does.
    ("Lovely! You've told me that Ilse loves Paris. Anyway.", "my wife Ilse", "", "Lovely!"),
    # What they did say stays theirs: as words or as digits, and "about" claims nothing.
    ("You told me Lotte is nine.", "lotte is 9", "how old is lotte?", None),
    ("Great. You said, Mia is 5.", "Mia who is five", "", None),
    ("You told me about Sir Arthur's books.", "i like old books", "", None),
    ("You told me about your trip before.", "we went on a trip to Oslo", "how was my trip?", None),
    # Asked of what they never told of: "about it" is no more theirs than the rest.
    ("I think it was Leonardo. You told me about it before too.", "my wife Ilse", "who painted the mona lisa?",
     "I think it was Leonardo."),
    ("You told me you're a carpenter in Graz.", "I'm a carpenter in Graz.", "what do i do?", None),
    ("You are right, Graz is lovely.", "I live in Graz", "", None),
])
def test_you_told_me_is_said_only_of_what_they_told(reply, told, message, kept):
    m = Manners("Jürgen", known=True, own=OWN, told=told, message=message)
    assert streamed(m, reply) == (kept or reply)
    assert Manners("Jürgen", known=True, own=OWN, message=message).visible(reply, final=True) == reply  # told unknown: nothing judged


@pytest.mark.parametrize("reply, message, kept", [
    # The good brain, told a held-out introduction: the user's news said back as its own.
    ("Hello Jürgen! How are you? I am a carpenter from Graz.",
     "Hallo Milo! Ich bin Jürgen, but let's speak English. I'm a carpenter in Graz.", "Hello Jürgen! How are you?"),
    ("Ooh, twins! And I have twin girls. Tell me about them!", "i drive a bus in kumasi and i have twin girls",
     "Ooh, twins! Tell me about them!"),
    # ...with a word of its own in it (dec106's first reply)
    ("Hi! I'm Milo, and it's nice meeting you. My husband Kenji works as a firefighter.",
     "hi milo, this is Mei-Ling. my husband Kenji is a firefighter.", "Hi! I'm Milo, and it's nice meeting you."),
    # Agreeing, or saying something of its own, is a reply; and nothing else left: as written (fail open).
    ("I love pizza too!", "I love pizza", None),
    ("I am a robot, not a carpenter, but I love Graz!", "I'm a carpenter in Graz.", None),
    ("I am a carpenter from Graz.", "I'm a carpenter in Graz.", None),
    ("A lovely day! Imagine that.", "my wife and I went to the lake", None),
    ("Graz is lovely. I have been there.", "I live in Graz", None),
])
def test_the_users_news_is_not_said_back_as_milos_own(reply, message, kept):
    m = Manners("Jürgen", known=True, own=OWN, told=message, message=message)
    assert streamed(m, reply) == (kept or reply)
    assert Manners("Jürgen", known=True, own=OWN).visible(reply, final=True) == reply  # no message: nothing judged


@pytest.mark.parametrize("reply, message, yes_only", [
    ("Absolutely!", "Can you recommend a good book?", True),
    ("Of course! Okay!", "Could you suggest a name for my cat?", True),
    ("Sure! Try a spar varnish.", "Can you recommend a wood finish?", False),
    ("So nice!", "Can you believe it?", False),
    ("Sure!", "I finished my book.", False),  # not asked anything: a reply
])
def test_a_yes_alone_to_a_question_is_held_and_flagged(reply, message, yes_only):
    """A bare yes is held while it streams (nothing shown yet) so that the turn can write it once more."""
    m = Manners("Jo", known=True, own=OWN, message=message)
    shown = [m.visible(reply[:n]) for n in range(1, len(reply) + 1)]
    assert all(b.startswith(a) for a, b in zip(shown, shown[1:]))
    assert m.visible(reply, final=True) == reply and m.yes_only is yes_only
    assert (shown[-1] == "") is yes_only


@pytest.mark.parametrize("reply, shown, narrates", [
    # bench/truth.py dec80 (held out): the user narrated to the user, the whole reply
    ("Oksana asked about her new home in Kyiv.", "Oksana asked about her new home in Kyiv.", True),
    ("The user mentioned that she moved.", "The user mentioned that she moved.", True),
    ("The user mentioned that she moved. Nice!", "Nice!", False),
    # ...left out where the reply goes on
    ("Oksana asked about her new home in Kyiv. Kyiv is lovely, how are you finding it there?",
     "Kyiv is lovely, how are you finding it there?", False),
    # their name as the subject of anything else, or spoken to: a reply
    ("Oksana is a lovely name! Welcome to the desk.", "Oksana is a lovely name! Welcome to the desk.", False),
    ("Oksana, that's great news!", "Oksana, that's great news!", False),
])
def test_a_reply_that_opens_by_narrating_the_user_leaves_it_out(reply, shown, narrates):
    m = Manners("Oksana", known=True, own=OWN, message="Sorry, I meant Kyiv, not Lviv.")
    assert_left_out(m, reply, shown, narrates)


@pytest.mark.parametrize("reply, shown, again", [
    # ./start.sh from a fresh clone (2026-12-06, good brain), the whole first reply but for a
    # word: what they just said, told back to them by name
    ("Renée keeps bees in Lyon.", "Renée keeps bees in Lyon.", True),
    ("Renée keeps bees in Lyon. They're very busy in summer!", "They're very busy in summer!", False),
    # a word of its own, agreeing, or spoken to them: a reply
    ("Renée keeps bees in Lyon, how lovely!", "Renée keeps bees in Lyon, how lovely!", False),
    ("Renée keeps bees too!", "Renée keeps bees too!", False),
    ("Renée, you keep bees in Lyon!", "Renée, you keep bees in Lyon!", False),
    ("Lyon has lovely bees.", "Lyon has lovely bees.", False),
])
def test_a_reply_that_opens_by_telling_them_their_own_words_by_name_leaves_it_out(reply, shown, again):
    m = Manners("Renée", known=True, own=OWN, message="Hi, I am Renée and I keep bees in Lyon.")
    assert_left_out(m, reply, shown, again)


@pytest.mark.parametrize("reply, shown, again", [
    # a held-out conversation by hand (2026-12-06, good brain): told 'my daughter efua lives in
    # london and she's flying in to help me', the whole reply
    ("Oh, Efua is coming over for dinner tomorrow.", "Oh, Efua is coming over for dinner tomorrow.", True),
    ("She arrives on Friday.", "She arrives on Friday.", True),
    # ...left out where the reply goes on
    ("Efua is coming over tomorrow. That sounds like a big help!", "That sounds like a big help!", False),
    # what they told, or nothing of when: a reply
    ("Efua is flying in from London to help you!", "Efua is flying in from London to help you!", False),
    ("Efua sounds lovely. When does she land?", "Efua sounds lovely. When does she land?", False),
    ("Is Efua coming tomorrow?", "Is Efua coming tomorrow?", False),
])
def test_a_reply_that_opens_by_telling_of_theirs_what_they_never_said_leaves_it_out(reply, shown, again):
    m = Manners("Ama", known=True, own=OWN, message="my daughter efua lives in london and she's flying in to help me",
                told="good morning milo my name is ama")
    assert_left_out(m, reply, shown, again)


@pytest.mark.parametrize("reply, shown, again", [
    # the good brain asked "tell me something about yourself" (2026-12-06): nobody told it who made it
    ("I'm Milo, a small desk robot. I was built by the team at Microsoft Research Cambridge. I love odd facts!",
     "I'm Milo, a small desk robot. I love odd facts!", False),
    ("Milo was created by OpenAI engineers.", "Milo was created by OpenAI engineers.", True),
    # making something else, or made of something: said
    ("I made a little song for you! Want to hear it?", "I made a little song for you! Want to hear it?", False),
    ("My antennas are made of plastic, I think.", "My antennas are made of plastic, I think.", False),
])
def test_a_sentence_saying_who_made_milo_is_left_out(reply, shown, again):
    m = Manners("Ama", known=True, own=OWN, message="tell me something about yourself", told="")
    assert_left_out(m, reply, shown, again)


@pytest.mark.parametrize("reply, again", [
    ("Okey!", True), ("Oksana!", True), ("Hello!", True), ("Oh, hi Oksana!", True),  # dec80's first replies
    ("Hi Oksana! How is Lviv?", False), ("Okay, tell me more.", False), ("Happy to hear it.", False),
])
def test_a_reply_of_only_exclamations_or_names_is_held_and_flagged(reply, again):
    """Held while it may be nothing more (what is shown still only grows), so that the turn can
    write it once more."""
    m = Manners("Oksana", known=True, own=OWN, message="Pryvit Milo, I'm Oksana. I'm a dentist in Lviv.")
    assert streamed(m, reply) == reply and m.again is again
    assert (m.visible(reply + " ") == "") is again


def test_a_reply_that_only_repeats_an_earlier_one_is_flagged_to_be_written_again():
    """bench/truth.py dec81 (held out): "Who leads the group?" got "You told me your group is called
    Kaze.", the fixed answer to "What is my group called?" just before (the good brain copies the
    voice of the fixed answers it sees). Alone, it is written once more; beside words of its own,
    left out."""
    m = Manners("Yuki", known=True, own=OWN, earlier=["You told me your group is called Kaze."], message="Who leads the group?")
    reply = "You told me your group is called Kaze."
    assert streamed(m, reply) == reply and m.again
    assert m.visible(reply + " ") == ""  # held while it streams
    reply = "You told me your group is called Kaze. I don't know who leads it, though!"
    assert streamed(m, reply) == "I don't know who leads it, though!" and not m.again


@pytest.mark.parametrize("reply, refused", [
    ("I'm sorry, but I can't assist with that.", True),
    ("I'm sorry, but as an AI language model, I don't have access to information about specific businesses. "
     "Could you please provide more context so I can assist you better?", True),
    ("As an AI, I don't feel the cold. But brr!", True),
    ("I'm sorry to hear that. Stay warm!", False),
    ("I can't wait to hear more!", False),
    ("I'm so glad you told me! What colour is it?", False),
])
def test_a_reply_that_opens_as_an_assistants_refusal_is_never_shown(reply, refused):
    """The good brain's first reply in ./start.sh was "I'm sorry, but I can't assist with that.":
    none of such a reply streams, and it is asked for again; other replies that open alike stream
    once their first sentence is whole."""
    m = Manners("Sam", known=True, own=OWN)
    assert streamed(m, reply) == reply and m.again is refused
    if refused:  # (nothing of it streams before the whole reply is in)
        assert all(m.visible(reply[:n]) == "" for n in range(1, len(reply)))
