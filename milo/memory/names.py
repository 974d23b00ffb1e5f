"""The user's name, learned: from the pinned facts, or from what the user said ("I'm Chloé").

How people give a name is lexical, so this is a table of phrases ("my name is", "call me",
"this is", "je m'appelle", "меня зовут", "我叫"...); the name itself is any word in any script
(accents, apostrophes, hyphens, no case at all), with the words after it that are capitalised
too ("call me Li Na"). Phrases that also begin other sentences ("I'm tired", "this is great")
count only when the word is capitalised (or in a script without case) or, in a message written
all in lower case (speech to text), when the phrase opens the message or follows a greeting and
the word is followed by nothing, a comma, "and" or a new clause ("hi milo its priya i just...").

A name given later replaces the one before ("Actually, call me Bea"). Measured on forms in
tests/test_names.py; a name that is missed is still in the note that quotes it, where the model
finds it when asked (milo.chat.evidence).
"""

from __future__ import annotations

import functools
import re
from typing import Iterable, Optional

_WORD = r"[^\W\d_]+(?:['\u2019\-][^\W\d_]+)*"
# Phrases after which the next word is a name, whatever its case.
_SURE = [
    r"my name is", r"my name's", r"my names", r"(?:^|(?<=[.!?,]\s))name's", r"(?:^|(?<=\n))name:", r"call me",
    r"i go by", r"people call me", r"everyone calls me", r"they call me",
    r"je m'appelle", r"je m\u2019appelle", r"ich hei(?:ß|ss)e", r"mein name ist", r"me llamo", r"mi nombre es",
    r"mi chiamo", r"il mio nome è", r"jag heter", r"mitt namn är", r"jeg hedder", r"jeg heter", r"ik heet",
    r"mijn naam is", r"meu nome é", r"eu me chamo", r"меня зовут", r"мене звати", r"nazywam się", r"menya zovut", r"mene zvaty",
    r"benim adım", r"mera naam", r"mera nam", r"amar naam", r"amar nam",
    r"اسمي", r"שמי",  # Arabic, Hebrew "my name [is]"
    r"tên tôi là", r"tên mình là",  # Vietnamese "my name is"
    # Slavic, Romanian, Finnish, Lithuanian "my name is" / "I am called"
    r"zovem se", r"зовем се", r"mam na imię", r"jmenuji se", r"jmenuju se", r"volám sa", r"казвам се", r"imenujem se",
    r"mă numesc", r"ma numesc", r"numele meu este", r"nimeni on", r"mano vardas",
    r"me din de", r"me din ne",  # Twi "my name is" ("Akwaaba Milo! Me din de Kofi.", dec118)
]
# Phrases that also start sentences that give no name ("I'm tired", "this is great").
_MAYBE = [r"i'm", r"i\u2019m", r"im", r"i am", r"this is", r"it's", r"it\u2019s", r"its", r"here's"]
# ...in other languages: only before a capitalised word (or one in a script without case). All in
# lower case, "soy feliz", "ich bin müde" were learned as names ("Feliz"): no list of their
# adjectives is kept, as NOT_NAMES is for English; a name missed is still in the note.
_MAYBE_CASED = [r"c'est", r"soy", r"ich bin", r"je suis", r"я", r"(?:eu\s+)?sou\s+(?:a|o)", r"(?:eu\s+)?sou", r"jestem",
                r"ik ben", r"jeg er", r"jag är", r"(?:io\s+)?sono", r"είμαι\s+(?:ο|η)", r"είμαι", r"mimi\s+ni",  # Greek names take an article (dec93)
                # Turkish "ben Elif" (dec58, held out: never learned), in lower case only: "Ben Nevis"
                r"(?-i:ben)",
                # Arabic and Hebrew "I [am]": "مرحبا Milo! أنا ليلى." (dec109, never learned)
                r"أنا", r"انا", r"אני",
                r"tôi là", r"mình là", r"em là", r"anh là",  # Vietnamese "I am" ("Xin chào Milo, tôi là Minh.", dec111)
                # South Slavic, Czech, Slovak, Bulgarian, Romanian, Finnish, Lithuanian "I am" ("Bok Milo, ja sam
                # Ana.", dec116, never learned)
                r"ja sam", r"ја сам", r"jaz sem", r"já jsem", r"ja som", r"аз съм", r"eu sunt", r"olen", r"aš esu"]
# Zulu and Xhosa "my name is", the name glued to its copula: "igama lami nguSipho" (dec121)
_NGUNI = re.compile(r"(?<![^\W_])igama\s+lam(?:i)?\s+ngu-?\s*(" + _WORD + r")", re.IGNORECASE)
# Scripts written without spaces: the name runs to the next punctuation (我叫李娜。).
_GLUED = re.compile(r"(?:我叫|我是|我的名字是|私は|僕は|わたしは|저는|제 이름은)\s*([\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af]{1,6}?)(?:です|입니다|이에요|예요|[，。,.!！?？\s]|$)")
_GREETING = (r"(?:hi|hello|hey|hiya|howdy|yo|morning|good (?:morning|afternoon|evening)|greetings|bonjour|bonsoir|coucou|salut|hallo|hola|buenas|buenos d[ií]as|ciao|buongiorno|buonasera"
             r"|guten (?:morgen|tag|abend)|moin|servus|hoi|goedemorgen|god morgon|cześć|merhaba|aloha|shalom|salaam|salam"
             r"|jambo|habari|sawubona|привет|здравствуйте|γει[άα] σου|γει[άα] σας|γει[άα]|kia ora|m[aā]l[oō] e lelei|talofa|bula|namaste|hej|ola|olá|oi|e a[ií]|there)")
NOT_NAMES = frozenset(
    "back here fine good great okay ok sorry tired sure home ready busy happy sad done new not just so very "
    "really still also glad excited bored hungry sick well friend the a an going gonna trying from in at "
    "on with a bit kind sort pretty quite thinking wondering looking feeling working learning getting doing "
    "allergic afraid scared worried curious interested married single retired late early alone awake asleep "
    # where they are or whether they can ("i'm open from five in the morning", a tea stall's hours, dec289)
    "open closed free available off away out around online offline outside inside upstairs downstairs nearby "
    # prepositions and adverbs after "it's" ("it's for my neighbour's new flat" named the user For, dec199)
    "for to about by of like over under after before because as into only probably definitely actually almost nearly "
    "always never too even more less "
    # how people are, said of themselves at a message's start ("i'm vegetarian and...", dec157)
    "vegetarian vegan pescatarian diabetic pregnant asthmatic deaf blind disabled unemployed divorced widowed "
    "engaged coeliac celiac dyslexic autistic colourblind colorblind lactose gluten left right "
    "fine thanks thank yes no hi hello hey this that it what who your you my our his her their me when later "
    "tomorrow maybe please if anytime any whenever everyone everybody nobody nothing someone somebody anyone all us "
    # a day of the week ("sorry, it's Tuesdays and Saturdays, not Thursdays" named the user Tuesdays)
    "monday tuesday wednesday thursday friday saturday sunday mondays tuesdays wednesdays thursdays fridays "
    "saturdays sundays weekend weekends today tonight "
    # ...and how people say how they are in _MAYBE_CASED's languages, after a greeting in lower case
    "müde mude fatigué fatiguée fatigue content contente heureux heureuse triste malade prêt prête là ici "
    "feliz cansado cansada enfermo enferma listo lista aquí aqui bien bem gut krank fertig zurück hier da "
    "stanco stanca felice pronto pronta qui moe blij klaar trött glad sjuk klar "
    "theek thik khush accha achha acha thaka thaki bimaar bimar yahan taiyaar "
    "jól jol fáradt faradt itt otthon kész kesz boldog beteg genki daijoubu daijobu tsukareta".split()
)
# How the day, the weather or a thing is, and what people call a friend: after a "maybe" phrase
# ("hi milo its cold", "this is awesome") or alone after a greeting ("hey milo, buddy"), no name
# (English, lexical). Not for "my name is Sunny": only where a name is not sure to follow.
_HOW_IT_IS = frozenset(
    "cold hot warm cool chilly freezing boiling sunny windy cloudy rainy snowy foggy stormy humid wet dry grey gray "
    "awesome amazing nice lovely beautiful wonderful fantastic brilliant perfect terrible awful horrible weird strange "
    "funny fun boring hard easy crazy cute quiet loud dark bright wrong bad incredible gorgeous fabulous "
    "morning evening night noon afternoon midnight again enough time buddy pal mate dude sweetie darling babe sunshine "
    "everyone everybody folks guys all y'all bye goodbye goodnight cheers thanks later "
    "hmm hm um umm uh oh ah ahh wow ooh lol haha hehe yay yep nope yeah ugh meh".split())
# After a name given in lower case, the message ends, pauses or goes on to a new clause (or "again":
# "hi milo, it's arjun again. my stall moved...", said back whole before).
_AFTER = frozenset("and here i i'm im i've ive i'd my we we're were our from btw nice but by so again".split())
# After "<name> and", a new clause's subject (English pronouns and determiners: a closed class).
_AND_THEN = ("i", "i'm", "im", "i've", "ive", "i'd", "i'll", "my", "we", "we're", "were", "our", "this", "it's", "its", "me")
AND_WORDS = frozenset("and und et y e i en og och oraz и ve".split())  # "and" in _MAYBE_CASED's languages (lexical)
_SURE_RE = re.compile(r"(?<![^\W_])(?:" + "|".join(_SURE) + r")\s+(" + _WORD + r")", re.IGNORECASE)
_MAYBE_RE = re.compile(r"(?<![^\W_])(?:" + "|".join(_MAYBE) + r")\s+(" + _WORD + r")", re.IGNORECASE)
_CASED_RE = re.compile(r"(?<![^\W_])(?:" + "|".join(_MAYBE_CASED) + r")\s+(" + _WORD + r")", re.IGNORECASE)
# "oi milo aqui é o joão" (dec45): "here is" a name, only right after a greeting or the persona's
# name that opens the message, whatever its case; not "aqui é o melhor lugar".
# ...and Czech "ahoj milo, tady katka" (dec68: never learned, the notes were "The user said").
# ...and Bengali "namaskar milo, ami anjali" ("I [am] Anjali", dec69).
_OPENING_RE = re.compile(r"(?<![^\W_])(?:aqui\s+(?:é|e|fala)\s+(?:o|a)|tady(?:\s+je)?|ami)\s+(" + _WORD + r")", re.IGNORECASE)
# Hindi "main Ananya hoon" ("I am Ananya", dec64: never learned): the name between, as _MAYBE_CASED.
_CLOSING = frozenset("hoon hun hu hoo vagyok ydw desu".split())
_BETWEEN_RE = re.compile(r"(?<![^\W_])(?:main|mai|mein)\s+(" + _WORD + r")(?=\s+(?:" + "|".join(_CLOSING) + r")(?!\w))",
                         re.IGNORECASE)
# Tongan "ko Sione au", Māori "ko Aroha ahau" ("[it is] Sione I", dec99: never learned), and
# "ko Aroha tōku ingoa" ("Aroha is my name", dec105)
_KO_CLOSING = frozenset(("au", "ahau", "a'u", r"t[oō]ku\s+ingoa"))
_KO_RE = re.compile(r"(?<![^\W_])ko\s+(" + _WORD + r")(?=\s+(?:" + "|".join(_KO_CLOSING) + r")(?!\w))", re.IGNORECASE)  # (’ is ' by then)
# Hungarian "Szia Milo, Zsófia vagyok." ("Zsófia I am", dec70: never learned), Welsh "Shwmae
# Milo, Rhys ydw i." and Japanese "Ohayo Milo, Ayumi desu." (dec74): the name before it, only right
# after an opening (as _OPENING_RE; "fáradt vagyok", "genki desu" say how they are).
_NAME_THEN = (r"vagyok", r"ydw\s+i", r"desu")  # (their first words are in _CLOSING: a name in lower case ends there)
_BEFORE_RE = re.compile(r"(?<![^\W_])(" + _WORD + r")\s+(?:" + "|".join(_NAME_THEN) + r")(?!\w)", re.IGNORECASE)
_PHRASES = ((_SURE_RE, True), (_MAYBE_RE, False), (_CASED_RE, None), (_OPENING_RE, True), (_BETWEEN_RE, None), (_KO_RE, None), (_BEFORE_RE, None))  # sure / maybe / maybe, written with a capital


@functools.cache
def _greeting(own: str) -> str:
    """The greetings, and the persona's own name (`own`: "hi milo its priya", "Milo, I'm Kenji")."""
    return _GREETING if not own else _GREETING[:-1] + "|" + re.escape(own.lower()) + ")"


def only_greets(words: str, *names: str) -> bool:
    """Whether `words` are only greetings and the given names ("Good morning Milo.")."""
    alts = [_GREETING, *(re.escape(n.casefold()) for n in names if n)]
    return bool(re.fullmatch(r"\W*(?:(?:" + "|".join(alts) + r")(?!\w)\W*)+", words.casefold()))


@functools.cache
def _here_re(own: str) -> re.Pattern:
    # "here" in other languages too: "e aí milo, mateus aqui" (dec55), "Hallo Milo, Lena hier"
    # ...after a greeting the list does not spell, up to three words before the persona's name
    # ("Hei Milo, Ingrid here.", dec65: never learned)
    anyhow = r"(?:[^\W\d_]+\W+){1,3}" + re.escape(own.lower()) + r"\W+|" if own else ""
    # ...and "speaking" ("Good afternoon Milo, Kwame speaking.", dec110) only after an opening:
    # "public speaking is hard" gives no name
    # (two words only where both are written with a capital: "Hi Milo, Chen Wei here.", `_here`)
    return re.compile(r"^\W*(?:" + anyhow + r"(?:" + _greeting(own) + r"\W+)*)(" + _WORD + r"(?:\s+" + _WORD + r")?)\s+(here|aqui|aquí|hier|speaking)\b",
                      re.IGNORECASE)


def _here(text: str, own: str) -> Optional[re.Match]:
    """A name before "here" (`_here_re`); before "speaking" only after an opening, and ending its
    clause ("hello milo public speaking is hard" gives none)."""
    m = _here_re(own).match(text)
    if m and " " in m.group(1).strip() and not all(_capital(w) and not _not_a_name(w, own) for w in m.group(1).split()):
        return None  # "hi milo my dog here", "hello milo long day here": two words, a name only with capitals
    if m and m.group(2).casefold() == "speaking" and (not re.search(r"[^\W\d_]", text[:m.start(1)])
                                                       or text[m.end():].lstrip()[:1] not in ("", ".", ",", "!", ";", ":", "-")):
        return None
    return m


@functools.cache
def _opens(own: str) -> re.Pattern:
    # Or up to three words of any language before the persona's name: a greeting the list does not
    # spell ("Hei Milo, I'm Ingrid.", "Bună Milo!", "Malo e lelei Milo!").
    anyhow = r"|^\W*(?:[^\W\d_]+\W+){1,3}" + re.escape(own.lower()) + r"\W*$" if own else ""
    return re.compile(r"^\W*(?:" + _greeting(own) + r"(?:\W+|$))*$" + anyhow, re.IGNORECASE)


def _not_a_name(word: str, own: str) -> bool:
    return word.lower() in NOT_NAMES or (bool(own) and word.lower() == own.lower())


_SPOKEN = re.compile(r'^(' + _WORD + r"(?: " + _WORD + r'){0,2}) (?:said|asked): ')
_SAID_PREFIX = re.compile(_SPOKEN.pattern + '"')


def _caseless(word: str) -> bool:
    return not word[0].isupper() and not word[0].islower()


def _capital(word: str) -> bool:
    return word[0].isupper() or _caseless(word)


def _more(text: str, end: int) -> str:
    """Capitalised words right after a name: "Li Na", "Mary Ann" (not after a comma)."""
    out = ""
    for m in re.finditer(r"\s+(" + _WORD + r")", text[end:]):
        if m.start() != len(out) or not m.group(1)[0].isupper() or m.group(1) in ("I", "I'm", "I've", "I'd", "I'll"):
            break
        out += m.group(0)
    return out


def _name(text: str, m: re.Match, sure: Optional[bool], own: str) -> Optional[str]:
    word = m.group(1)
    if _not_a_name(word, own) or (not sure and word.casefold() in _HOW_IT_IS and not (_capital(word) and any(c.isupper() for c in text[m.end(1):]))):
        return None  # ("Hi Milo, I'm Sunny. I teach": a capital where the message has more of them)
    has_case = any(c.isupper() for c in text)
    if sure is None and not (_capital(word) or _caseless(word)):
        # All lower case (speech to text) in another language: only right after a greeting, and
        # then the message ends or goes on with "and" ("hallo milo ich bin greta und ich arbeite
        # als bäckerin"); "ich bin müde" alone is not a name.
        before = text[: m.start()]
        if has_case or not before.strip() or not _opens(own).match(before):
            return None
        after = re.match(r"\s*([^\W\d_']+|[,.!?;]|$)", text[m.end(1):])
        follower = (after.group(1) if after else "").lower()
        if follower and follower[0].isalpha() and follower not in AND_WORDS | _CLOSING | _KO_CLOSING:
            return None
    if not sure:
        if has_case and not _capital(word):
            return None
        if not has_case and not _caseless(word) and sure is False:
            # All lower case (speech to text): only where a name is expected.
            if not _opens(own).match(text[: m.start()]):
                return None
            after = re.match(r"\s*([^\W\d_']+|[,.!?;]|$)", text[m.end(1):])
            follower = (after.group(1) if after else "").lower()
            if follower and follower[0].isalpha() and follower not in _AFTER:
                return None
            if follower == "and" and not re.match(r"\s*and\s+(?:" + "|".join(_AND_THEN) + r")(?![^\W_'])", text[m.end(1):].lower()):
                # "and" then a new subject ("im priya and i teach"), not more of how they are:
                # "i'm vegetarian and allergic to peanuts" named the user Vegetarian (dec157), and
                # the note was said back as "You told me allergic to peanuts."
                return None
            if len(word) >= 6 and word.lower().endswith("ing"):
                return None  # "its raining here"
    name = word + (_more(text, m.end(1)) if has_case else "")
    return name[0].upper() + name[1:]


def name_in(text: str, own: str = "", greeted: bool = False) -> Optional[str]:
    """The name a user gives in `text`, if any (the last one, when it gives two: "I'm Sam, well,
    call me Sammy"). `own`: the persona's name, never the user's ("hi milo its priya").
    `greeted`: a "maybe" form ("it's", "this is", "I'm") counts only after a greeting or Milo's
    name ("Milo, it's Kwame"): for words quoted under someone's name in the memory, where 'Gina
    said: It's Shia Labeouf!' (LoCoMo, the answer to a question) made Milo call the user so."""
    text = (text or "").replace("\u2019", "'")
    found: list[tuple[int, str]] = []
    for rx, sure in _PHRASES:
        for m in rx.finditer(text):
            before = text[: m.start()]
            opened = bool(before.strip() and _opens(own).match(before))  # after a greeting or Milo's name
            if (rx in (_OPENING_RE, _BEFORE_RE) or (greeted and sure is False)) and not opened:
                continue
            if rx is _BETWEEN_RE and opened and not _not_a_name(m.group(1), own) and m.group(1).casefold() not in _HOW_IT_IS:
                # "namaste milo, main deepa hoon. I'm a pilot..." (dec197): a name between "main" and
                # "hoon" right after an opening, in lower case where the rest has capitals
                found.append((m.start(), m.group(1)[0].upper() + m.group(1)[1:]))
                continue
            if _shown(text, m, sure):
                continue  # "This is Luna, my new cat!": who or what is shown, not the user
            if sure is False and _CORRECTS.match(text, m.end(1)) and not opened:
                continue  # "sorry, it's Berlin, not Munich": a correction, no name (but "Milo, it's Kofi, not Kojo")
            name = _name(text, m, sure, own)
            if name:
                found.append((m.start(), name))
    m = _here(text, own)
    # (in lower case where the message has capitals too, after a greeting or Milo's name: "hello
    # milo, priya here. i just moved to Edinburgh..." was never learned, dec135; on a lived-in
    # memory Milo then took the user for the memory's Melanie)
    # (...or opening the message, "here" ending its clause: "arjun here, I've started learning to
    # code" was never learned, dec146)
    if (m and not _not_a_name(m.group(1), own) and m.group(1).casefold() not in _WHERE_HERE | _HOW_IT_IS
            and not re.search(r"\w{3}ing$", m.group(1), re.IGNORECASE)
            and (_capital(m.group(1)) or not any(c.isupper() for c in text) or re.search(r"[^\W\d_]", text[:m.start(1)])
                 or re.match(r"\s*(?:[,.!:;\u2014-]|$)", text[m.end():]))):
        found.append((m.start(1), m.group(1)[0].upper() + m.group(1)[1:]))
    m = _ALONE.match(text)
    if m and not _opens(own).match(text) and _greeted_word(text, m, own):
        # A word alone after a greeting or Milo's name, the whole message: "hi milo, ahmed." (never
        # learned, dec172); not "hey milo, buddy", "morning milo, again"
        found.append((m.start(1), m.group(1)[0].upper() + m.group(1)[1:]))
    if (m := _vocative(text, own)) is not None:
        # Their name alone between the greeting and what they tell: "hi milo, tobias, i'm a
        # paramedic in hamburg" (never learned, the notes were "The user said", dec286)
        found.append((m.start(1), m.group(1)[0].upper() + m.group(1)[1:]))
    for m in _GLUED.finditer(text):
        found.append((m.start(), m.group(1)))
    for m in _NGUNI.finditer(text):
        if not _not_a_name(m.group(1), own):
            found.append((m.start(), m.group(1)[0].upper() + m.group(1)[1:]))
    return max(found)[1] if found else None


# The message's last word, after what opened it, and nothing after but marks (`name_in`).
_ALONE = re.compile(r"^.*?(?<![^\W_])(" + _WORD + r")[\s.!,;:)]*$", re.DOTALL)


# A word after a greeting and Milo's name, then a pause and a clause of their own ("i'm", "my"...:
# English pronouns, a closed class): `_vocative`. Not a word that only opens what they say.
_THEN_CLAUSE = re.compile(r"^.*?(?<![^\W_])(" + _WORD + r")\s*[,.;:!\u2014-]+\s*(?=(?:i|i'm|im|i've|ive|i'd|i'll|my|we|we're|our)(?![^\W_']))",
                          re.DOTALL | re.IGNORECASE)
_ASIDES = frozenset("listen look guess anyway anyways honestly seriously quick question remember wait hold so well "
                    "right oh um uh okay ok alright yes yeah no nope hey hi hello sorry again also btw".split())


def _vocative(text: str, own: str) -> Optional[re.Match]:
    m = _THEN_CLAUSE.match(text)
    return m if m and _greeted_word(text, m, own, _ASIDES) else None


def _greeted_word(text: str, m: re.Match, own: str, not_names: frozenset = frozenset()) -> bool:
    """Whether m's word comes right after a greeting and Milo's name and may be a name: not a word
    of how it is, where, or (`not_names`) what only opens what they say; not "-ing" ("raining")."""
    word = m.group(1)
    return (bool(own) and bool(_greeted(own).match(text[: m.start(1)])) and not _not_a_name(word, own)
            and word.casefold() not in _HOW_IT_IS | _WHERE_HERE | not_names and not re.search(r"\w{3}ing$", word, re.IGNORECASE))


@functools.cache
def _greeted(own: str) -> re.Pattern:
    """A greeting, then the persona's name, and nothing else (what opens `_ALONE`'s word)."""
    return re.compile(r"^\W*(?:" + _GREETING + r")\W+" + re.escape(own) + r"\W+$", re.IGNORECASE)


# Words before "here" that say where or how, not who ("over here, Milo"): a closed, lexical class
# (English); and, in `name_in`, any word ending in "-ing" after three letters ("sitting here, bored").
_WHERE_HERE = frozenset("over right up down out there stuck lost life weather hot cold raining snowing sunny".split())


# "it's X ..., not Y" in the same sentence: what corrects a thing said before (English "not")
_CORRECTS = re.compile(r"[^.!?]*?(?<!\w)not\s+\w", re.IGNORECASE)
# After "this is X" / "here's X", what says who or what X is: shown, not introduced (English
# possessives and articles: closed, lexical classes).
_SHOWN = re.compile(r"\s*,\s*(?:my|our|his|her|their|the|a|an)(?!\w)", re.IGNORECASE)


def _shown(text: str, m: re.Match, sure: Optional[bool]) -> bool:
    """Whether "this is X" or "here's X" shows someone or something: X is said to be something
    right after it ("This is Luna, my new cat!"; not "milo its priya, my cat had kittens")."""
    return sure is False and bool(_SHOWN.match(text, m.end(1))) and m.group(0).lower().startswith(("this", "here"))


def after_name(text: str, own: str = "") -> str:
    """`text` without the greeting and name it opens with, if it opens that way ("hey milo
    oluwaseun here i teach maths" -> "i teach maths"; "Hi Milo, I'm Kenji. I'm a chef." -> "I'm
    a chef."); as it is otherwise."""
    t = (text or "").replace("\u2019", "'")
    ends = []
    m = _here(t, own)
    if m and not _not_a_name(m.group(1), own):
        ends.append(m.end())
    if (m := _vocative(t, own)) is not None:
        ends.append(m.end(1))
    for rx, sure in _PHRASES:
        for m in rx.finditer(t):
            if _opens(own).match(t[: m.start()]) and not _shown(t, m, sure) and _name(t, m, sure, own):
                ends.append(m.end(1) + len(_more(t, m.end(1))))
    if not ends:
        return text
    end = max(ends)
    # ...and how the name reads, in brackets ("I'm Аня (Anya).") or, after a script without case,
    # in Latin letters ("i am 李伟 li wei i repair bicycles": "You told me li wei you repair
    # bicycles" was said back, dec158)
    read = _BRACKETED.match(t, end) or (_caseless(t[end - 1]) and _READ_AS.match(t, end))
    if read and not {w.casefold() for w in re.findall(r"\w+", read.group(0))} & (_AFTER | NOT_NAMES):
        end = read.end()
    rest = re.sub(r"^[\s,.;:!-]*(?:(?:" + "|".join((*_NAME_THEN, *_CLOSING, *_KO_CLOSING, "hai", "again")) + r")(?!\w)[\s,.;:!-]*)?(?:(?:" + "|".join(AND_WORDS - {"i"}) + r")\s+)?",
                  "", t[end:], flags=re.IGNORECASE)
    if _GOES_ON.match(t[end:]) and _I_AM.search(t[:end]):
        # "I'm Nadia from Cairo", "I'm Ama, a retired teacher": what follows the name is said of
        # them too ("You told me from Cairo." was said back, dec86)
        rest = "I'm " + rest
    return rest if len(rest.split()) >= 2 else text


# How a name reads, in brackets; or one to three words in Latin letters before a new clause or a
# pause (`after_name`).
_BRACKETED = re.compile(r"\s*\([^()]{1,40}\)")
_READ_AS = re.compile(r"\s*([A-Za-z]+(?:[\s-]+[A-Za-z]+){0,2})(?=\s*[,.!;:]|\s+(?:i|i'm|im|my|and)(?![^\W_']))", re.IGNORECASE)


# After "I'm <name>", a phrase that goes on saying who they are, not a new clause (English
# prepositions and articles: closed, lexical classes).
_GOES_ON = re.compile(r"^\s*,?\s*(?:from|in|at|with|of|near|a|an|the|originally|currently)(?!\w)", re.IGNORECASE)
_I_AM = re.compile(r"(?<!\w)(?:i'm|im|i am|this is|it's|its|my name is|my name's)\s+[^\s,.;:!?]+(?:\s+[^\s,.;:!?]+)?\W*$", re.IGNORECASE)


def name_quoted(core_update: str, own: str = "") -> Optional[str]:
    """The name in a note Milo quoted the user in (`Chloé said: "..."`), if it names one."""
    m = _SAID_PREFIX.match(core_update or "")
    if not m or m.group(1).lower() in ("the user", "user", "friend", own.lower()):
        return None
    return m.group(1)


def learn_name(pinned: str, said: Iterable[str], own: str = "") -> Optional[str]:
    """From the pinned facts first, then the newest note that gives a name (the user's words in
    it, or the name Milo quoted them under)."""
    found = name_in(pinned, own)
    if found:
        return found
    for text in said:
        quoted = name_quoted(text, own)
        spoken = _SPOKEN.match(text)  # quoted, or an imported memory's 'Gina said: ...
        found = name_in(text.split(": ", 1)[-1].strip().strip('"') if spoken else text, own, greeted=bool(spoken)) or quoted
        if found:
            return found
    return None


__all__ = ["AND_WORDS", "NOT_NAMES", "after_name", "learn_name", "name_in", "name_quoted"]
