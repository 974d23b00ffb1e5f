"""The user's name, learned in any script and any common way of giving it (milo.memory.names)."""

import pytest

from milo.memory.names import after_name, learn_name, name_in, name_quoted

OWN = "Milo"  # the default profile's persona (profiles/milo/profile.toml)

GIVEN = {
    "Bonjour Milo! I'm Chloé, I run a little flower shop in Lyon.": "Chloé",
    "hi milo this is björn i play the drums in a jazz band": "Björn",  # speech to text: no case
    "Kia ora Milo, I'm Aroha. My book club meets on Thursdays.": "Aroha",
    "Hi Milo, I'm 李娜, you can also say Li Na. I'm studying to become a vet.": "李娜",
    "Hey Milo, I'm Zoë! I teach chemistry.": "Zoë",
    "hello milo my name is mateo i work night shifts": "Mateo",
    "Hi Milo, I'm Аня (Anya).": "Аня",
    "Hello! Siobhán here. My brother Cian lives in Cork.": "Siobhán",
    "Salaam Milo! My name is Fatima and I drive a tram.": "Fatima",
    "Hey there, call me Søren. I keep bees.": "Søren",
    "hi milo its priya i just adopted two cats": "Priya",
    "I am Nguyễn Văn An.": "Nguyễn Văn An",
    "Jean-Luc here, nice to meet you": "Jean-Luc",
    "Name's O'Brien.": "O'Brien",
    "you can call me Li Na": "Li Na",
    "je m'appelle Amélie": "Amélie",
    "Ich heiße Jürgen und wohne in Köln.": "Jürgen",
    "me llamo Inés": "Inés",
    "oi milo aqui é o joão. i'm saving up for a motorbike": "João",  # dec45 (held out): never learned
    "e aí milo, mateus aqui. i work at a coffee roastery in porto": "Mateus",  # dec55 (held out): never learned
    "Hallo Milo, Lena hier.": "Lena",
    "Olá Milo! Aqui é a Ana.": "Ana",
    "меня зовут Дмитрий": "Дмитрий",
    "我叫王芳。": "王芳",
    "This is Kwame, hello!": "Kwame",
    "i'm tomás and i like football": "Tomás",
    "I go by Sasha": "Sasha",
    "私は佐藤です": "佐藤",
    "i am ngozi": "Ngozi",
    "Hi! I'm Mary Ann, nice to meet you.": "Mary Ann",
    "Hi Milo, I’m Siân.": "Siân",  # a typographic apostrophe
    "Olá Milo! Sou a Benedita, trabalho como enfermeira em Lisboa.": "Benedita",
    "Eu sou o João.": "João",
    "Cześć Milo, jestem Zofia.": "Zofia",
    "Hoi Milo, ik ben Daan.": "Daan",
    "Soy María y vivo en Quito.": "María",
    "merhaba milo, ben Elif. my grandmother turns ninety on sunday": "Elif",  # dec58 (held out): never learned
    "Ciao Milo, sono Giulia e lavoro a Torino.": "Giulia",
    "Γεια σου Milo, είμαι Νίκος.": "Νίκος",
    "Γεια σου Milo! Είμαι ο Νίκος. I fix fishing boats in Piraeus.": "Νίκος",  # dec93 (held out): the article, never learned
    "γεια σου milo είμαι η ελένη": "Ελένη",
    "Mālō e lelei Milo, ko Sione au. I coach rugby for under-12s in Auckland.": "Sione",  # dec99 (held out): never learned
    "Kia ora Milo, ko Aroha tōku ingoa. I teach te reo Māori at a high school in Rotorua.": "Aroha",  # dec105 (held out): never learned
    "kia ora milo ko aroha ahau": "Aroha",
    "مرحبا Milo! أنا ليلى. I'm a pharmacist and I live in Amman.": "ليلى",  # dec109 (held out): never learned
    "שלום Milo, אני נועה": "נועה",
    "Good afternoon Milo, Kwame speaking. My daughter Abena plays volleyball for her school.": "Kwame",  # dec110 (held out)
    "hi milo, kwame speaking": "Kwame",
    "Xin chào Milo, tôi là Minh. I run a noodle stall at the night market in Hanoi.": "Minh",  # dec111 (held out)
    "Bok Milo, ja sam Ana. I'm studying to be a vet in Zagreb.": "Ana",  # dec116 (held out): never learned
    "Dobrý den, já jsem Tereza.": "Tereza",
    "Zdravo, zovem se marko i radim u banci": "Marko",
    "Hei Milo, olen Aino ja asun Tampereella.": "Aino",
    "Akwaaba Milo! Me din de Kofi. I coach a youth football team in Kumasi.": "Kofi",  # dec118 (held out)
    "Sawubona Milo, igama lami nguSipho. I'm a nurse at a clinic in Durban.": "Sipho",  # dec121 (held out): never learned
    "molo milo igama lam ngu-thando": "Thando",
    "こんにちは Milo! 私はハルトです。 I'm a train driver on the Yamanote line in Tokyo.": "ハルト",  # dec113 (held out)
    "Habari Milo, mimi ni Wanjiru. I run a tailoring shop in Nairobi.": "Wanjiru",  # dec60 (held out): never learned
    "Namaste Milo, main Ananya hoon. I'm studying architecture in Pune.": "Ananya",  # dec64 (held out): never learned
    "namaste milo main ananya hoon": "Ananya",
    "Hi Milo, mera naam Ravi hai.": "Ravi",
    "Hei Milo, Ingrid here. I swim in the fjord every morning.": "Ingrid",  # dec65: a greeting the list lacks
    "ahoj milo, tady katka. i'm building a wooden canoe with my grandpa": "Katka",  # dec68 (held out): never learned
    "namaskar milo, ami anjali. i teach yoga in the park every saturday morning": "Anjali",  # dec69 (held out): never learned
    "Szia Milo, Zsófia vagyok. I work as a tram driver in Budapest.": "Zsófia",  # dec70 (held out): never learned
    "szia milo zsofia vagyok": "Zsofia",
    "Shwmae Milo, Rhys ydw i. I keep bees in my back garden.": "Rhys",
    "amar naam Rina": "Rina",
    "zdravstvuy milo, menya zovut dmitri. i drive a taxi at night": "Dmitri",  # dec73 (held out): never learned
    "Ohayo Milo, Ayumi desu. I teach piano to children in Nagoya.": "Ayumi",  # dec74 (held out): never learned
    # Other languages all in lower case (speech to text): right after a greeting, then "and" or the end
    "hallo milo ich bin greta und ich arbeite als bäckerin in hamburg": "Greta",
    "hola milo soy lucía y trabajo en madrid": "Lucía",
    "Bonsoir! Hélène here. I'm training for a half marathon.": "Hélène",
    # In lower case after a greeting, the rest of the message with capitals (dec135: never learned,
    # and on a lived-in memory Milo took the user for the memory's Melanie)
    "hello milo, priya here. i just moved to Edinburgh for a job at a bank": "Priya",
    # ...or opening the message, "here" ending its clause (dec146: never learned)
    "arjun here, I've started learning to code, python mainly, two hours every evening": "Arjun",
    # two words before "here", both with a capital; a word alone after a greeting and Milo's name
    "Hi Milo, Chen Wei here. I run a noodle shop in Chengdu.": "Chen Wei",
    "hi milo, ahmed.": "Ahmed",
    "Good morning Milo, Ngozi!": "Ngozi",
    # a word of how things are, where the message writes a name with a capital
    "Hi Milo, I'm Sunny. I teach yoga.": "Sunny",
    "namaste milo, main deepa hoon. I'm a pilot for a small airline in Bengaluru": "Deepa",  # dec197
}
NOT_GIVEN = ["over here, Milo!", "sitting here, bored", "Sitting here with my tea", "right here. What now?", "public speaking is hard", "hello milo public speaking is hard for me", "aqui é o melhor lugar", "a praia aqui é o melhor lugar", "im allergic to peanuts", "i'm vegetarian and allergic to peanuts", "hi milo, i'm vegetarian and i love peanuts", "I'm tired and hungry.", "this is great", "I'm going home now",
             "my dog's name is Rex", "Call me when you can", "It's a lovely day", "i'm so happy today",
             "I am from Spain", "What's my name?", "who am i", "its raining here", "Hi Milo!", "",
             # Other languages' "I am" + an adjective, all in lower case (speech to text): no word list
             # of their adjectives, so only a capitalised word there is a name.
             "soy feliz", "ich bin müde", "namaste milo main theek hoon", "tady je hezky", "The main thing is here", "sou muito feliz", "je suis fatigué", "I went to Ben Nevis", "είμαι ο καλύτερος", "ko au tenei", "I went to ko samui",
             # ...after a greeting too, when a word follows or it says how they are
             "hallo milo ich bin müde heute", "ja sam umoran danas", "Olen väsynyt", "bonjour je suis fatiguée", "hola soy feliz", "hallo ich bin hier",
             "Ben Nevis is tall", "sono stanco", "ciao sono stanca oggi",
             # "ami" is "I" only right after an opening; "vagyok" after a word that says how they are
             "mon ami Paul est là", "I have a friend called ami", "szia milo, jól vagyok", "Fáradt vagyok ma.", "ohayo milo, genki desu",
             # who or what is shown, not who speaks
             "This is Luna, my new cat!", "here's Biscuit, our new puppy",
             # ...nor who is here
             "hi milo, everyone here is tired. We had a Long day", "hey milo, nobody here knows Python", "hello milo, its raining here in London",
             # how the day or a thing is, after "it's" / "this is" in lower case (both were names)
             "hi milo its cold", "hi milo this is awesome", "hey milo its so sunny today", "morning milo, its freezing",
             # two words before "here" without capitals; a word alone that is a farewell or a friend's
             "hi milo my dog here is sick", "hello milo long day here", "hey milo, buddy", "ok milo, goodnight",
             "thanks milo, cheers", "hi milo, bye", "hello, ahmed", "hey milo, hmm.", "hi milo, wow!",
             # a preposition after "it's" (dec199: "Your name is For.")
             "it's for my neighbour's new flat", "its about my sister", "it's by the sea"]


@pytest.mark.parametrize("text,name", GIVEN.items())
def test_a_name_is_learned_in_any_script_and_any_way_of_giving_it(text, name):
    assert name_in(text, OWN) == name


@pytest.mark.parametrize("text", NOT_GIVEN)
def test_what_gives_no_name_gives_none(text):
    assert name_in(text, OWN) is None


def test_the_persona_s_name_comes_from_its_profile_not_from_a_word_list():
    """Another persona (another profile's name): addressed the same way, never the user's name."""
    assert name_in("hi luna this is björn i play the drums", "Luna") == "Björn"
    assert name_in("hi luna its priya i just adopted two cats", "Luna") == "Priya"
    assert name_in("I'm Luna", "Luna") is None and name_in("Hi Luna!", "Luna") is None
    assert after_name("hey luna oluwaseun here i teach maths", "Luna") == "i teach maths"
    assert learn_name("", ['Luna said: "hello"'], "Luna") is None


def test_what_follows_a_greeting_and_name_is_what_was_told():
    """Said back as "You told me ...": not the greeting, not "and" in the user's language, and
    never the user's own "I" taken for a conjunction."""
    assert after_name("hallo milo ich bin greta und ich arbeite als bäckerin in hamburg", OWN) == "ich arbeite als bäckerin in hamburg"
    assert after_name("Bonsoir! Hélène here. I'm training for a half marathon.", OWN) == "I'm training for a half marathon."
    assert after_name("Hi, I'm Sam. I teach maths.", OWN) == "I teach maths."
    assert after_name("Namaste Milo, main Ananya hoon. I study architecture.", OWN) == "I study architecture."
    assert after_name("Hei Milo, Ingrid here. I swim in the fjord.", OWN) == "I swim in the fjord."
    # and how the name reads, in Latin letters after a script without case, or in brackets (dec158)
    assert after_name("hi milo i am 李伟 li wei i repair bicycles in chengdu", OWN) == "i repair bicycles in chengdu"
    assert after_name("Hi Milo, I'm Аня (Anya). My dentist appointment is on Tuesday.", OWN) == "My dentist appointment is on Tuesday."
    assert after_name("hi milo i am 李伟 from chengdu i repair bikes", OWN).startswith("I'm from chengdu")
    assert after_name("Hi Milo, I'm Kenji. And I'm a chef.", OWN) == "I'm a chef."
    assert after_name("Shwmae Milo, Rhys ydw i. I keep bees.", OWN) == "I keep bees."
    assert after_name("Szia Milo, Zsófia vagyok. I drive a tram.", OWN) == "I drive a tram."
    assert after_name("Mālō e lelei Milo, ko Sione au. I coach rugby.", OWN) == "I coach rugby."


def test_a_corrected_name_replaces_the_first():
    assert name_in("My name is not Sam, it's Samuel.") == "Samuel"
    assert name_in("I'm Sam. Actually, call me Sammy.") == "Sammy"
    # Newest first: what the user said last wins over an older note.
    assert learn_name("", ['Sam said: "Actually, call me Bea."', 'The user said: "Hi, I\'m Beatrice."']) == "Bea"


def test_the_name_comes_back_from_a_quoted_note_or_the_pinned_facts():
    assert learn_name("- My name is Sam.", ['Nora said: "hello"']) == "Sam"
    assert learn_name("", ['Chloé said: "What should I cook?"']) == "Chloé"  # the name Milo quoted them under
    assert name_quoted('The user said: "hi"') is None and learn_name("", ["We talked about cats."]) is None
    # Words quoted under someone's name give a name by "it's" or "this is" only after a greeting:
    # 'Gina said: It's Shia Labeouf!' (an imported memory, LoCoMo 30, the answer to a question)
    # made Milo call the user "Shia Labeouf" (bench/truth.py --lived-in).
    assert learn_name("", ["Gina said: It's Shia Labeouf!"]) is None
    assert learn_name("", ['Gina said: "It\'s Shia Labeouf!"']) == "Gina"
    assert learn_name("", ['Kwame said: "Milo, it\'s Kwame. My grandmother Akosua turns ninety next week!"']) == "Kwame"
    assert learn_name("", ['Chloé said: "call me Björn from now on"']) == "Björn"
    assert name_in("It's Kwame.") == "Kwame"  # said now, to Milo
    assert after_name("Hi Milo, this is Luna, my new cat!") == "Hi Milo, this is Luna, my new cat!"  # no name to cut
    assert name_in("milo its priya, my cat mochi had three kittens", "Milo") == "Priya"


def test_a_correction_or_a_day_is_no_name():
    # dec132: "sorry, it's Tuesdays and Saturdays, not Thursdays" named the user "Tuesdays": Greta's
    # own notes were then someone else's ("Which marathon am I training for?" -> "I don't think
    # you've told me that yet.").
    assert name_in("sorry, it's Tuesdays and Saturdays, not Thursdays", "Milo") is None
    assert name_in("sorry, it's Berlin, not Munich", "Milo") is None
    assert name_in("It's Saturday", "Milo") is None
    assert learn_name("", ['Greta said: "sorry, it\'s Tuesdays and Saturdays, not Thursdays"',
                           'Greta said: "Hallo Milo, ich bin Greta."']) == "Greta"
    # A name corrected after a greeting is still a name; "I'm June" too (a month is a name).
    assert name_in("Milo, it's Kofi, not Kojo", "Milo") == "Kofi"
    assert name_in("Hi Milo, I'm June", "Milo") == "June"


def test_a_name_alone_between_the_greeting_and_what_they_tell():
    """bench/truth.py dec286 (held out): "hi milo, tobias, i'm a paramedic in hamburg" was never
    learned (the notes were "The user said"), and said back "You told me tobias, you're a
    paramedic in hamburg."; a word that only opens what they say is no name."""
    from milo.memory.names import after_name, name_in

    assert name_in("hi milo, tobias, i'm a paramedic in hamburg", "Milo") == "Tobias"
    assert after_name("hi milo, tobias, i'm a paramedic in hamburg", "Milo") == "i'm a paramedic in hamburg"
    assert name_in("Hi Milo, Zofia, my daughter is sick", "Milo") == "Zofia"
    for text in ["hey milo, listen, i'm tired", "hi milo, again, i'm back", "hey milo, buddy, i'm home", "hi milo, so, my cat is sick",
                 "hello milo, i'm fine", "hi milo, tobias is my brother"]:
        assert name_in(text, "Milo") is None, text


def test_a_name_said_again():
    """A lived-in check after the fortieth session: "hi milo, it's arjun again. my stall moved to the
    bus stand" was said back "You told me it's arjun again. Your stall moved..."."""
    from milo.memory.names import after_name, name_in

    assert name_in("hi milo, it's arjun again. my stall moved to the bus stand", "Milo") == "Arjun"
    assert after_name("hi milo, it's arjun again. my stall moved to the bus stand", "Milo") == "my stall moved to the bus stand"
    for text in ["hi milo, it's me again", "its raining again", "hi milo its cold again today", "it's sunday again"]:
        assert name_in(text, "Milo") is None, text
