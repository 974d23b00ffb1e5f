"""What answers a message about the user: which of the notes shown (or of what they said in
this conversation), or nothing.

The answer then starts from a line that names it (an assistant prefill: a few prompt tokens):

    [NOTE]: 3
    [NOTE]: said
    [NOTE]: none
    (no line: the message asks nothing about the user)

and the reply is fixed by milo.chat.addressing: the note in the user's person ("You told me you
teach chemistry at a high school in Leeds."), or that Milo has not been told.

How it is decided, and why not by the model (bench/evidence.py has the numbers): asked "which
note answers this, or none, or - if it is not about them" under a grammar, the good brain named
a note for 16 of 16 messages whatever they asked ("Tell me a fun fact about octopuses!" -> the
note about the cat), and its probability of "yes, it is about me" was 0.15-0.26 for every
message alike: it cannot abstain. What is left:
- whether the message asks about the user's own life or people is read from its words
  (`asks_about_user`): a question, by its mark or its first word, in which the user speaks of
  themselves; pronouns and question words are a closed, lexical class (English, with the
  commonest of a few other languages), lower case and no punctuation (speech to text) alike;
  or, without "I" or "my", a question close in meaning to a note ("What does Lucía do?");
- which note answers: the notes sharing a word with what is asked (the asking words left out)
  and close enough in meaning, the one sharing most; else the one closest in meaning, if close
  enough (milo.memory.embedder; without it, words alone); a newer note on the same thing (a
  shared word, or close in meaning) is named beside it, and replaces it when it says so;
- a note a little too far to be sure of (MEANING_CLOSEST): Milo is not sure, and says the
  closest note (Evidence.closest), claiming nothing;
- nothing close enough: Milo says it has not been told. A paraphrase the embedder misses
  ("what do i do for a living?" / "I run a little flower shop", cosine 0.11) is looked at again
  in the turn by milo.chat.draft: the model's own answer from the user's notes, matched back to
  the note it restates (statement to statement, which the embedder does well); so is a note
  named by meaning alone and not by much (Evidence.unsure). Asked instead to pick a note (a
  number or "none", under a grammar) the good brain was right for 2-3 of 5 such job questions
  and named a note for 1-4 of 5 never-told ones.
"""

from __future__ import annotations

import dataclasses
import functools
import logging
import re
import unicodedata
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Callable, Iterable, Optional, Sequence

from milo.memory.changes import CHANGE, SORRY, changes
from milo.memory.format import MONTH_NUMBERS
from milo.memory.grounding import RELATIONS, STOP
from milo.memory.names import AND_WORDS, after_name
from milo.memory.quoting import neutralise, unflag
from milo.sentences import NOT_AFTER_TITLE, SENTENCE, TITLES

if TYPE_CHECKING:
    import numpy as np

log = logging.getLogger("milo")

NOTE_TAG = "[NOTE]:"
NONE, SAID = "none", "said"
EARLIER = "earlier"  # the key of the user's own words of the last few pulses, not shown in the prompt (Milo.inputs)
NAME_NOTE = "0"  # the number of the note that gives the user's name (the others start at 1)
NOTE_CHARS = 240  # of a note repeated before the reply


@dataclass(frozen=True)
class Candidate:
    """Something the user told Milo: a numbered note, or a message of this conversation
    (`key` SAID), in time order from oldest to newest."""

    key: str
    text: str


@dataclass(frozen=True)
class Evidence:
    """What answers the message, when it asks about the user."""

    choice: str = NONE  # a note's number, SAID or NONE
    note: str = ""  # the note's text (the sentences of it that answer)
    newer: tuple[Candidate, ...] = field(default=())  # a newer note on the same thing
    replaced: bool = False  # the newer note changes it ("I moved the dentist to Friday"): only it is shown
    own: str = ""  # the persona's name: dropped where the user addressed it ("Hi Milo! I grow...")
    # Nothing answers it for sure (choice NONE), but this note is the closest in meaning: said
    # beside "not sure" rather than hidden (see `find`).
    closest: Optional[Candidate] = None
    # Named by meaning alone, and not by much (MEANING_SURE): milo.chat.draft looks again.
    unsure: bool = False
    # The closest note is on the thing asked but lacks what is asked (`_lacking`): "number" (no
    # number in it), "which" ("a bank"), "name" (no name seen: one said in lower case is not),
    # "who" (no one named, no relation), "when" (no day, month or time), "where" (no place), "colour".
    # Only for a name does the draft look again (restating the note, it answered the question
    # before a follow-up: "What's my dog called? How old is he?" -> "Your dog is called Fenrir.").
    # "asked": a follow-up asks what the note of the question before it does not mention.
    lacks: str = ""
    # Where the newer note changed only a day and the day is not what is asked ("Where are the
    # lessons?" after 'The Arabic lessons moved to Monday evenings.'): the older note without its
    # day ('...at the library'), said before the newer one.
    kept: str = ""
    # The whole reply, where it is not one note said back: what the user told as a whole ("What
    # do you know about me?", milo.chat.known), or who they are ("who is finn", Finn asking).
    summary: str = ""

    @property
    def answered(self) -> bool:
        return self.choice != NONE

    def prefill(self) -> str:
        """The start of the answer, given to the model: the line naming what answers, by its
        number only. The reply is then the note itself (milo.chat.addressing), so its text need
        not be repeated: with it, every such question cost the good brain ~20-40 more prompt
        tokens (~1 s here) before its first reply token."""
        key = self.newer[-1].key if self.newer and self.replaced else self.choice
        return f"{NOTE_TAG} {key}\n"

    def describe(self) -> str:
        """The line naming what answers, with the note's text (logs, tests, benches)."""
        if self.summary:
            return f"{NOTE_TAG} {self.choice} (said whole: {_clip(self.summary)})\n"
        if self.closest is not None:
            return f"{NOTE_TAG} {self.choice} (closest: {self.closest.key} ({_clip(to_you(self.closest.text))}))\n"
        if not self.note:
            return f"{NOTE_TAG} {self.choice}\n"
        if not self.newer:
            return f"{NOTE_TAG} {self.choice} ({_clip(to_you(self.note))})\n"
        newest = self.newer[-1]
        if self.replaced:
            # Asked "When is my dentist appointment?" with the Tuesday note and the newer Friday one
            # beside it, in either order, the 1.5B brain answered from the one worded like the question.
            return f"{NOTE_TAG} {newest.key} ({_clip(to_you(newest.text))})\n"
        return (f"{NOTE_TAG} {self.choice} ({_clip(to_you(self.note))}); "
                f"newer: {newest.key} ({_clip(to_you(newest.text))})\n")

    def only_closest(self) -> "Evidence":
        """Nothing answers for sure: this answer's note is said as the closest ("I'm not sure...")."""
        return Evidence(NONE, own=self.own, closest=Candidate(self.choice, self.note))

    def told(self) -> str:
        """What the reply says the user told, in their person: the note that answers ("you work
        night shifts at the hospital"); with a newer note on the same thing, the newest alone
        when it changes it, else both ("..., and later that ..."). Nothing answers: the closest
        note, if any, else ""."""
        def said(note: str) -> str:  # in their person, a correction inside it applied
            return self_corrected(_clause(note, self.own))

        if self.choice == NONE:
            return said(self.closest.text) if self.closest is not None else ""
        if not self.newer:
            return said(self.note)
        older = said(self.kept if self.replaced and self.kept else self.note)
        if self.replaced and not self.kept:
            # (a correction that points back: the note it corrects with the thing swapped, 'her
            # lessons are on friday afternoons', not "they're on friday afternoons, not thursday")
            return (swapped(said(self.newer[-2].text if len(self.newer) > 1 else self.note), _clause(self.newer[-1].text, self.own))
                    or said(self.newer[-1].text))
        newer = _clause(self.newer[-1].text, self.own)
        # (the whole older note where the newer swaps its day: 'I run with my neighbour Jonas on
        # Tuesdays and Thursdays...' + "sorry, it's Tuesdays and Saturdays, not Thursdays")
        whole = swapped(said(self.note), newer) if self.kept else None
        return whole or swapped(older, newer) or f"{older}, and later that {_later(self.newer[-1].text, self.own)}"


# 'Zoë said: "..."' as Milo etches the user's words; 'Zoë said: ...' as hand-written or imported
# memories have them (LoCoMo's): group 1 the prefix, group 2 the words.
# (and the model's own "The user said "..."." without the colon: dec68, said back as "You told me
# the user said ...")
_SAID = re.compile(r'^([^"]{1,60}? said: |(?:The user|User) said )"(.*)"\.?$|^([^"]{1,60}? said: )([^"].*)$')
_EARLIER = re.compile(r'^earlier today: "(.*)"$')


def _said(note: str) -> Optional[tuple[str, str, str]]:
    """(prefix, the user's words, suffix) of a note that quotes them, else None. A note flagged
    as read like an instruction is read without the flag (milo.memory.quoting): with it, "Actually
    the choir moved to Tuesday evenings from now on." was neither the user's words nor close
    enough to "When do I sing with my choir?", and the old Monday answered."""
    m = _SAID.match(unflag(note.strip()))
    if not m:
        return None
    return (m.group(1) + '"', m.group(2), '"') if m.group(1) else (m.group(3), m.group(4), "")


def quoted_speaker(note: str) -> Optional[str]:
    """Who a note quotes ('Zoë said: "..."' -> "zoë", casefolded), None for the user unnamed
    ("The user said", "Friend said") or a note that quotes nobody."""
    q = _said(note)
    if q is None:
        return None
    who = q[0].split(" said", 1)[0].strip().casefold()
    return None if who in ("the user", "user", "friend") else who


def own_words(note: str) -> Optional[str]:
    """The user's own words in a note that quotes them or repeats what they said earlier today."""
    q = _said(note)
    if q:
        return q[1]
    m = _EARLIER.match(unflag(note.strip()))
    return m.group(1) if m else None


def earlier_words(pulses: Iterable, shown: Iterable[str], said: Sequence[str] = (), own: str = "") -> list[Candidate]:
    """Candidates (key EARLIER, oldest first) from the CORE_UPDATEs of `pulses` (the last few of
    the memory) that the prompt does not show: not a note in `shown`, not a question asked, not
    one of this conversation's own messages (`said`, which come as SAID). Read as a shown note
    is: no special tokens (`own`: the persona's name), no instruction flag. Milo.inputs and
    bench/evidence.py both take them from here."""
    from milo.memory.notes import is_question

    shown = {unflag(v) for v in shown}
    this = set(said)
    out = []
    for p in pulses:
        note = unflag(neutralise(p.core_update, own))
        if note and note not in shown and not is_question(note) and own_words(note) not in this:
            out.append(Candidate(EARLIER, note))
    return out


# What opens a message without telling anything ("Ugh, ...", "Quick update: ..."): a closed class.
_LEAD = re.compile(r"^\W*(?:(?:ugh|oh|ah|oops|whoops|sorry|wait|hang on|um|uh|well|so|and|also|actually|hey|hi|hello|ok|okay|yes|no|hmm|anyway|btw|by the way|guess what"
                   r"|small change|(?:a |one |small |quick |little |tiny )?update|change of plans?|fun fact|heads up|scratch that"
                   # "Sorry, I meant I moved in the autumn" (not "I meant it", "I meant to...")
                   r"|i\s+meant(?=\s*,?\s+(?:i|i'm|we|my|our|the|she|he|they)\b)"
                   # "sorry i got that wrong, the concert is on the 12th" (dec175)
                   r"|(?:i\s+(?:got\s+(?:that|it)|was)\s+wrong|my\s+(?:mistake|bad))(?=\s*[,:;!.-])"
                   # "Big news: ...", "News! ..." (not "Good news travels fast")
                   r"|(?:big |good |great |some |exciting |sad |bad )?news(?=\s*[:,!.-])"
                   # "Small correction: ...", "One change, ..." (not "Change is hard for me")
                   r"|(?:a |one |small |quick |tiny )?(?:correction|change|fix)(?=\s*[:,!-]))\b[\s,:;!.-]*)+",
                   re.IGNORECASE)


@functools.cache
def _address(own: str) -> Optional[re.Pattern]:
    """The persona addressed by name before what is told ("Hi Milo! I grow tomatoes" was answered
    "You told me Milo! you grow tomatoes"): only with a mark after it ("Milo is my dog's name" stays)."""
    return re.compile(rf"^\W*{re.escape(own)}\s*[,!.:;-]+\s*", re.IGNORECASE) if own else None


# A first word that is not a name, lower-cased after "You told me".
_LOWER = frozenset("the a an we it our there this that they he she his her its these those my i you your some every each both all "
                   "one two three four five six seven eight nine ten eleven twelve "  # "You told me Three hens are..."
                   "today tomorrow tonight yesterday last next on in at after before when since "  # "...that Tomorrow you're"
                   "right just now so".split())  # "You told me Right now you're fixing..." (dec59)


def _clause(note: str, own: str = "") -> str:
    """A note as the end of "You told me ...": the user's own words in their person, without
    what only opens them (a greeting, their name: "hey milo oluwaseun here i teach maths" was
    answered "You told me milo oluwaseun here you teach maths"), without the final stop
    ('Ugh, I had to move the dentist to Friday.' -> 'you had to move the dentist to Friday')."""
    words = own_words(note)
    text = words or _they_to_you(unflag(note.strip()))
    address = _address(own)
    opened = _LEAD.sub("", after_name(text, own))
    stripped = _LEAD.sub("", address.sub("", opened) if address else opened).strip()
    if (q := _said(note)) is not None and (speaker := re.match(r"\s*(.+?)\s+said:?\s*\"?\s*$", q[0])) is not None:
        # (their own name alone after the greeting: 'hi milo, tobias, i'm a paramedic' was said
        # back "You told me tobias, you're a paramedic in hamburg.", dec286)
        stripped = re.sub(rf"^{re.escape(speaker.group(1))}(?![\w-])\s*[,.!:;\u2014-]\s*(?=\S)", "", stripped, flags=re.IGNORECASE)
    if stripped and '"' not in stripped and in_another_language(stripped):
        # Quoted as said, not turned into "you": 'Me encanta el café...' was "...that you encanta el café".
        return '"' + (stripped.rstrip(" .!?,;:\u3002\uff01\uff1f\uff0c") or stripped) + '"'
    text = _you(stripped or text)
    first = text.split(" ", 1)[0]
    if re.sub(r"['\u2019](?:s|re|ve|ll|d)$", "", first.lower()) in _LOWER:  # "She's studying ..." too
        text = first.lower() + text[len(first):]
    text = text.rstrip(" .!?,;:\u3002\uff01\uff1f\uff0c") or text  # a clause cut at its comma too ("you've closed the stall,.")
    return _quoted_if_not_english(text)


def in_another_language(text: str) -> bool:
    """Whether `text` is said in another language than English: three words or more, few of
    them English function words (a closed class; English prose has ~40%): "Tengo dos perros,
    Rayo y Luna.", "sou a Ana, vivo em Porto e trabalho como arquiteta." (MiniLM, the embedder,
    reads their words, not their meaning)."""
    from milo.memory.grounding import STOP

    words = _bare_words(text)
    english = sum(w in STOP for w in words)
    # ...and no fewer of another language's (a closed class): "My grandmother Akosua turns ninety
    # next week!" has one English one of seven, and was quoted as said ('You told me "My
    # grandmother..."', dec127); "Me encanta el café" has "me" of both.
    # (a word of both is English's: Polish "i" made 'I make about three hundred croissants every
    # morning' another language's, said back quoted, dec282)
    return len(words) >= 3 and english < 0.15 * len(words) and sum(w in _OTHER_FUNCTION and w not in STOP for w in words) >= english


# Function words of other languages written in Latin letters (a closed, lexical class): Spanish,
# Portuguese, French, Italian, German, Dutch, the Nordic languages, Polish, Czech.
_OTHER_FUNCTION = frozenset("""el la los las un una unos y o de del en que es por con para se su mi me te le lo al muy
    pero como más ya también o os um uma e em no na nos nas do da dos das ao com não é eu meu minha sou
    le la les un une des et ou de du au aux en est je tu il elle nous vous ils mon ma mes ce cette qui dans sur pour pas avec suis
    il lo gli le un una e di da in che è per con non mi ti si sono io mio mia del della
    der die das ein eine und oder ist ich du er sie wir mit nicht zu von im am auf für bin mein meine
    de het een en of is ik je hij zij wij met niet van op voor ben mijn
    och eller är jag du han hon vi med inte på för att det en ett min mitt er og jeg ikke til
    i w z na się jest nie to że jestem moja mój ja ty on ona
    a je v se jsem já ty na že to můj moje""".split())


def _quoted_if_not_english(text: str) -> str:
    """Words said in another language, quoted: "You told me Vivo en Valencia y trabajo como
    cocinero." (dec88) reads as English gone wrong; 'You told me "Vivo en Valencia..."' does not.
    Three words or more and not one of English's function words (a closed class)."""
    from milo.memory.grounding import STOP

    words = _bare_words(text)
    if len(words) < 3 or any(w in STOP for w in words) or '"' in text:
        return text
    return f'"{text}"'


def _bare_words(text: str) -> list[str]:
    """A text's words, in lower case, each without what follows its apostrophe ("i'm" -> "i")."""
    return [re.split(r"['\u2019]", w.casefold())[0] for w in re.findall(r"[^\W\d_]+(?:['\u2019][^\W\d_]+)?", text)]


# "X, not Y" / "not Y, X" in a correction: X and Y of one to four words, ended by a stop or the end.
_NOT_Y = r"(?P<y>[^\W\d_][\w'\u2019-]*(?:\s+[\w'\u2019-]+){0,3}?)"
_X_NOT_Y = re.compile(r"(?:^|[,.;:!?]\s*|(?<!\w)(?:it's|it\s+is|they're|they\s+are|meant|mean|make\s+that|rather)\s+)"
                      r"(?P<x>[^\W\d_][\w'\u2019-]*(?:\s+[\w'\u2019-]+){0,3}?)\s*,?\s+not\s+" + _NOT_Y + r"\s*(?:[,.;:!?]|$)",
                      re.IGNORECASE)
_NOT_Y_X = re.compile(r"(?:^|[,.;:!?]\s*)not\s+" + _NOT_Y + r"\s*,\s*(?:but\s+|it's\s+|it\s+is\s+)?"
                      r"(?P<x>[^\W\d_][\w'\u2019-]*(?:\s+[\w'\u2019-]+){0,3}?)\s*(?:[,.;:!?]|$)", re.IGNORECASE)
# What may stand before the thing a correction replaces (closed classes): then the swap keeps the
# older note's grammar and says no word of the old thing.
_BEFORE_THING = frozenset("a an the this that my your our his her their its in at on to from of for with and or every each".split())
_CORRECTION_LEAD = frozenset("sorry oops actually no oh wait well i you meant mean it's it is they're they are "
                             "make that rather".split())
# What opens a correction said in one breath or alone (English, lexical): "..., no wait, thursdays".
_OPENS_A_CORRECTION = r"sorry|oops|whoops|actually|no\s+wait|wait|i\s+mean|i\s+meant|you\s+mean|you\s+meant|make\s+that"
_CORRECTION_TAIL = frozenset("now instead then too though actually anymore".split())
_PLACE_PREPOSITIONS = frozenset("in at on near by from to of".split())  # a closed, lexical class
_NOT_IN_A_THING = _PLACE_PREPOSITIONS | frozenset("i you he she we they it is are was were".split())
_SUBJECT = frozenset("i you we they he she i'm you're we're they're he's she's im".split())
_DETERMINER = frozenset("a an the this that my your our his her their its".split())
_WEEKDAY = r"(?:mon|tues|wednes|thurs|fri|satur|sun)day"
# "moved my Thursday shift to Friday", "moved the class from Monday to Wednesday" (a closed form)
_MOVED_DAY = re.compile(r"(?<!\w)(?:moved|changed|switched|shifted)\s+(?:\w+\s+){0,2}?(?:from\s+)?(?P<y>" + _WEEKDAY + r")s?"
                        r"(?:\s+\w+)?\s+to\s+(?P<x>" + _WEEKDAY + r")s?(?!\w)", re.IGNORECASE)


_MOVED_TO_DAY = re.compile(r"(?<!\w)(?:moved|changed|switched|shifted)\s+(?:\w+\s+){0,3}?to\s+(?P<x>" + _WEEKDAY + r")s?(?!\w)",
                           re.IGNORECASE)


_MOVER = frozenset("they we i you he she it someone somebody".split())  # who moves it (closed class)


def _moved_by_someone_or_its(before: str, older_words: set) -> bool:
    """Whether what stands before "moved" is someone (a pronoun, a name) or the older note's own
    thing: 'The cricket final got moved to Sunday' moves no coaching 'on saturdays'."""
    words = [w for w in re.findall(r"[\w'\u2019.-]+", before)
             if w.casefold() not in ("got", "get", "gets", "was", "were", "is", "are", "has", "have", "had", "been", "just")]
    if not words:
        return True
    last = words[-1]
    return last.casefold() in _MOVER or last[:1].isupper() and len(words) > 1 or last.casefold() in older_words or (
        last.casefold().rstrip("s") in {w.rstrip("s") for w in older_words})


_BARE_DAY = re.compile(r"\W*(?:(?:" + _OPENS_A_CORRECTION + r"|no|it's|it\s+is|they're|they\s+are|on)(?!\w)[\s,]*)+(?P<x>"
                       + _WEEKDAY + r")s?\W*", re.IGNORECASE)


def swapped(older: str, newer: str) -> Optional[str]:
    """The older note with the thing a correction replaces swapped for the new one, or None:
    'you fix old radios as a hobby' + 'you meant old clocks, not radios' -> 'you fix old clocks as
    a hobby'; 'you repair old bicycles in your shed' + "it's a garage, not a shed" -> '...in your
    garage'. Said as "..., and later that ..." the old thing was said first, as if it held (dec105,
    dec115). Only where the old thing is in the older note once, after a determiner, a preposition,
    a subject and its verb, or the new thing's own first words: 'a wooden boat' + "a canoe not a boat" is not 'a wooden
    canoe' (the wood was the boat's): both are said."""
    moved = _MOVED_DAY.search(newer)
    older_days = {w.casefold() for w in re.findall(r"[^\W\d_]+", older)}
    if moved is None and (to := _MOVED_TO_DAY.search(newer)) is not None and _moved_by_someone_or_its(newer[:to.start()], older_days):
        # "they moved my shift to Sundays", the older note with one day ('...on Saturdays', dec130)
        days = {d.casefold() for d in re.findall(_WEEKDAY, older, re.IGNORECASE)}
        x = to.group("x")
        if len(days) == 1 and (day := days.pop()) != x.casefold():
            plural = day not in older_days
            return swapped(older, f"{x}s, not {day}s" if plural else f"{x}, not {day}")
    if moved is None and (bare := _BARE_DAY.fullmatch(newer)) is not None:
        # A day alone, after what opens a correction: 'my lessons are on wednesdays, no wait,
        # thursdays' was said back whole (dec283)
        days = {d.casefold() for d in re.findall(_WEEKDAY, older, re.IGNORECASE)}
        x = bare.group("x")
        if len(days) == 1 and (day := days.pop()) != x.casefold():
            plural = day not in older_days
            return swapped(older, f"{x}s, not {day}s" if plural else f"{x}, not {day}")
    if moved is not None:  # "moved my Thursday shift to Friday": a day of the older note's swapped
        y, x = moved.group("y"), moved.group("x")
        plural = y.casefold() not in older_days and (y + "s").casefold() in older_days
        return swapped(older, f"{x}s, not {y}s" if plural else f"{x}, not {y}")
    for m in (_X_NOT_Y.search(newer), _NOT_Y_X.search(newer)):
        if m is None:
            continue
        x, y = m.group("x").split(), m.group("y").split()
        while x and x[0].casefold().strip(",") in _CORRECTION_LEAD:
            x = x[1:]  # "you meant old clocks", "it's a garage": what opens a correction ("sorry, not ...": none)
        while x and x[-1].casefold().strip(",") in _CORRECTION_TAIL:
            x = x[:-1]  # "tuesdays now"
        if x:
            break
    else:
        return _recounted(older, newer)
    orig = re.findall(r"[\w'\u2019-]+", older)
    low = [w.casefold() for w in orig]
    if len(y) == 1 and y[0].casefold() not in low and y[0].casefold().endswith("s") and y[0].casefold()[:-1] in low:
        # (one said as many: 'every thursday' + "it's wednesdays now, not thursdays", dec219)
        y, x = [y[0][:-1]], x[:-1] + [x[-1][:-1] if x[-1].casefold().endswith("s") else x[-1]]
    for drop in (0, 1):  # "a shed" as "your shed": the thing without its determiner
        if drop and not (y[0].casefold() in _DETERMINER and len(y) > 1):
            break
        yy = [w.casefold() for w in y[drop:]]
        at = [i for i in range(len(low) - len(yy) + 1) if low[i:i + len(yy)] == yy]
        if len(at) != 1:
            continue
        xx = x[1:] if drop and x[0].casefold() in _DETERMINER and len(x) > 1 else x
        i = at[0]
        # the new thing's first words already before it: "old" in "old radios" / "old clocks", a list's
        # "tuesdays and" in "on tuesdays and thursdays" / "tuesdays and saturdays, not thursdays"
        lead = next((k for k in range(len(xx) - 1, 0, -1) if i >= k and low[i - k:i] == [w.casefold() for w in xx[:k]]), 0)
        # ...and its last words already after it: 'on thursday afternoons' + "friday afternoons, not
        # thursday" is 'on friday afternoons' (dec203)
        rest, after = xx[lead:], low[i + len(yy):]
        tail = next((k for k in range(len(rest) - 1, 0, -1) if after[:k] == [w.casefold() for w in rest[-k:]]), 0)
        if lead:
            xx = xx[lead:]
        elif (i and low[i - 1] not in _BEFORE_THING and not (i >= 2 and low[i - 2] in _SUBJECT)
              and not (all(w[:1].isupper() for w in xx) and all(w[:1].isupper() for w in orig[i:i + len(yy)]))):
            # (right after a subject and its verb: "i drive trams" + "buses, not trams", dec125; a
            # name for a name: "an old Bechstein upright" + "a Blüthner, not a Bechstein", dec129)
            return None
        xx = xx[:len(xx) - tail]
        if any(w.casefold() in _NOT_IN_A_THING for w in xx + y[drop:]):
            return None  # a clause, not a thing: "you live in York, not Leeds" of 'you work in Leeds'
        if any(w.casefold() in low for w in xx if w.casefold() not in _BEFORE_THING):
            return None  # the new thing is in it already: nothing to swap
        spans = list(re.finditer(r"[\w'\u2019-]+", older))
        return older[:spans[i].start()] + " ".join(xx) + older[spans[i + len(yy) - 1].end():]
    return None


# A count said again ("actually it's closer to 350 now", "I've started doing 10 km now"): English, lexical.
_RECOUNT = re.compile(r"(?<!\w)(?:now|actually|closer\s+to|more\s+like|nearer)(?!\w)", re.IGNORECASE)


@functools.lru_cache(maxsize=1)
def _COUNTED() -> re.Pattern:
    """A count before a word ("300 customers", "five km"; not "at 6:30", "once")."""
    words = "|".join(w for w in COUNT_WORDS if w not in ("zero", "once", "twice", "thrice", "half"))
    return re.compile(r"(?<![\w.,:])(\d+(?:,\d{3})*|(?<!\w)(?:" + words + r"))(?=\s+[^\W\d_])", re.IGNORECASE)


# What a number after it names, not counts: "floor twelve", "number eleven", "line 2" (English, lexical).
_LABELS = ("floor|floors|number|no|room|line|platform|gate|page|chapter|level|bus|route|table|track|seat|row|flat|apartment|door|grade"
           "|year|size|stage|round|lap|week|day|step|episode|season|book|part|level|bed|ward|unit|block|court|pitch|lane")


def _recounted(older: str, newer: str) -> Optional[str]:
    """The older note with its one count replaced by the newer note's one, where the newer says it
    again ('you've got about 300 customers' + "actually it's closer to 350 now" -> 'you've got about
    350 customers', dec216: "..., and later that ..." said the 300 first; "actually it's twenty-two
    now, two new ones joined" of 'twenty kids', dec236), or says what is left after "so" ("one
    went back to the wild yesterday, so ten"), else None."""
    old = list(_COUNTED().finditer(older))
    if len(old) != 1:
        return None
    if (so := _SO_TOTAL().search(newer)) is not None:
        new = so.group("n")
    elif (sorry := _SORRY_COUNT().match(newer)) is not None:
        new = sorry.group("n")  # "sorry, six classes, they added one more" (dec272)
    elif ((lead := re.match(r"\W*(?P<n>" + _SAID_COUNT().pattern + r")\s+(?P<what>[^\W\d_]+)", newer, re.IGNORECASE)) is not None
          and re.match(rf"\s+{re.escape(lead['what'])}(?!\w)", older[old[0].end(1):], re.IGNORECASE)):
        new = lead.group("n")  # (the same, its "sorry" left out as the note is said: "six classes, ...")
    else:
        if not _RECOUNT.search(newer) or re.search(r"(?<!\w)(?:left|died|lost|gone)(?!\w)|(?:\d|(?<!\w)(?:a\s+few|" + "|".join(COUNT_WORDS)
                                                   + r"))\s+(?:more|fewer|less)(?!\w)", _RECOUNT.sub(" ", newer), re.IGNORECASE):
            return None  # (not "two died", "two more": what is left or added needs the count before it)
        # the count in the part that says it again ("it's twenty-two now", not "two new ones joined")
        parts = [c for c in re.split(r"[,;.!?]|\s(?:so|because|since|as|and)\s", newer, flags=re.IGNORECASE) if _RECOUNT.search(c)]
        # (not a label: "we're on floor twelve now" made 'thirty floors' 'twelve floors', dec299)
        counts = [m.group(0) for c in parts for m in _SAID_COUNT().finditer(c)
                  if not re.search(r"(?<!\w)(?:" + _LABELS + r")\s+$", c[:m.start()], re.IGNORECASE)]
        if len(counts) != 1 or counts[0].casefold() == "one":
            return None  # ("I'm making one now for a girl...": a violin, not a count; 'about two months' had become 'one months', dec270)
        new = counts[0]
    if old[0].group(1).casefold() == new.casefold():
        return None
    return older[:old[0].start(1)] + new + older[old[0].end(1):]


@functools.lru_cache(maxsize=1)
def _SAID_COUNT() -> re.Pattern:
    """A count as said: digits, or words ("twenty-two", "twenty two" as one)."""
    words = "|".join(w for w in COUNT_WORDS if w not in ("once", "twice", "thrice", "half"))
    return re.compile(r"\d+(?:,\d{3})*|(?<!\w)(?:(?:twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety)[\s-](?:one|two|three|four"
                      r"|five|six|seven|eight|nine)|" + words + r")(?!\w)", re.IGNORECASE)


@functools.lru_cache(maxsize=1)
def _SORRY_COUNT() -> re.Pattern:
    """A count said first after "sorry" or "oops": "sorry, six classes, they added one more"."""
    return re.compile(r"\W*(?:" + SORRY + r"|correction)\W+(?:(?:it's|it\s+is|there\s+are|i\s+have|we\s+have)\s+)?(?P<n>"
                      + _SAID_COUNT().pattern + r")(?!\w)", re.IGNORECASE)


@functools.lru_cache(maxsize=1)
def _SO_TOTAL() -> re.Pattern:
    """What is left, said last after "so": "one went back to the wild, so ten", "two died last
    week, so only six left" (English, lexical)."""
    return re.compile(r"(?<!\w)so\s+(?:(?:now|only|just)\s+)?(?:(?:we|i)(?:'ve|\s+have)?\s+(?:got\s+)?)?(?P<n>" + _SAID_COUNT().pattern
                      + r")(?:\s+(?:left|now|in\s+total|altogether|remaining))?\W*$", re.IGNORECASE)


# Where a message corrects itself: a stop or comma, then what opens a correction (a closed class).
_SELF_CORRECTION = re.compile(r"[,.;:!?]\s+(?=(?:" + _OPENS_A_CORRECTION + r")(?!\w))", re.IGNORECASE)


def self_corrected(said: str) -> str:
    """`said` (a clause in the user's person) with a correction inside it applied: 'you repair old
    radios in Brno, sorry, you meant old clocks, not radios' -> 'you repair old clocks in Brno'
    (it was said back whole, the correction read out as part of what they do). Unchanged where
    the correction does not swap one thing cleanly."""
    for m in _SELF_CORRECTION.finditer(said):
        head, tail = said[:m.start()], said[m.end():]
        fixed = swapped(head, tail)
        if fixed:
            return fixed
    return said


def _later(note: str, own: str = "") -> str:
    """A newer note as the end of "..., and later that ...": a correction that only opens with
    what it is not ("sorry, not my roof, my allotment garden", "sorry not march, may") is said
    the other way round, "it's your allotment garden, not your roof" (it was "...and later that not
    your roof, your allotment garden", dec76)."""
    text = _clause(note, own)
    m = re.match(r"not\s+(.+?),\s*(?:but\s+|it's\s+|it\s+is\s+)?(.+)$", text, re.IGNORECASE)
    if m is None or "," in m.group(2) or len(m.group(1).split()) > 3 or re.match(
            r"(?:sure|certain|really|quite|exactly|yet|anymore|much)\b", m.group(1), re.IGNORECASE):
        return text  # "not sure, maybe tuesday" is no correction
    return f"it's {m.group(2)}, not {m.group(1)}"


_PERSON = {"i": "you", "i'm": "you're", "im": "you're", "i've": "you've", "ive": "you've", "i'd": "you'd", "i'll": "you'll",
           "me": "you", "my": "your", "mine": "yours", "myself": "yourself", "am": "are", "was": "were",
           # "we" of the user and theirs: "You told me we have two cats." read as Milo's cats too
           "we": "you", "we're": "you're", "we've": "you've", "we'd": "you'd", "we'll": "you'll", "our": "your",
           "ours": "yours", "us": "you", "ourselves": "yourselves"}


# The notes Milo writes call the person "they" (prompts/example.md: "CORE_UPDATE: They watered
# their plants this morning."); said back to them, "You told me Their cat Pimenta sleeps on their
# keyboard" (dec7, good brain).
_THEY = {"they": "you", "their": "your", "theirs": "yours", "them": "you", "themselves": "yourself",
         "themself": "yourself", "they're": "you're", "they've": "you've", "they'd": "you'd", "they'll": "you'll"}


def _they_to_you(note: str) -> str:
    """A note Milo wrote about the person ("They ...") in their person; a note already in the
    first person (a line the user wrote in the file: "My cat is Biscuit.") is left to `_you`."""
    words = re.split(r"([^\w']+)", note.replace("\u2019", "'"))
    if any(w.lower() in _PERSON and w.lower() not in ("am", "was") for w in words):
        return note
    if _YOU.search(note):
        return note  # written to them already: "they" are others ("...you play football with them")
    return "".join(_THEY.get(w.lower(), w) for w in words)


def to_you(note: str, own: str = "") -> str:
    """A note of the user's own words as they read to Milo: 'Søren said: "My neighbour Ingrid
    gives me her old newspapers."' -> 'your neighbour Ingrid gives you her old newspapers'. In
    what Milo says, never in the file. Read as written, the 1.5B brain took the user's "I" and
    "me" for its own ("You gave me your old newspapers."). A note Milo wrote of them ("Their twins,
    Ana and Radu, start school in September.") the same: drafted from as written, "How many kids
    do I have?" was "not told". With `own` (the persona's name), the greeting and name the words
    open with are left out: from 'Ingrid said: "Hei Milo, I'm Ingrid. I just got back from a
    hiking trip ... with my sister Astrid."' the draft for "Who did I go with?" was "You went
    with Milo and Astrid."."""
    q = _said(note)
    if not q:
        return _they_to_you(unflag(note))
    if not own:
        return _you(q[1])
    from milo.memory.names import after_name

    return _you(after_name(q[1], own))


# A quotation inside the user's words (double quotes, straight or curly; single ones are apostrophes).
_INNER_QUOTE = re.compile(r'("[^"]*"|\u201c[^\u201d]*\u201d)')


def _you(said: str) -> str:
    """The user's own words in their person: "I", "me", "my"... become "you", "your"...; not
    inside what they quote ('My son said "I love you".' was read back as "...said "you love you"")."""
    parts = _INNER_QUOTE.split(said.replace("\u2019", "'"))
    return _DROPPED_I.sub(_with_you, "".join(part if k % 2 else _you_outside(part) for k, part in enumerate(parts)).strip().rstrip(".!"))


# A sentence typed without its "I" ("broke my thumb at training on tuesday", "just got back from
# Lisbon"): "You told me broke your thumb..." (dec144). Its first word one of these past tenses (a
# closed, lexical class of common verbs: English only), or "been" / "gonna".
_PAST = ("broke went got had made took saw met ran came bought found lost left fell ate drank did won spent started "
         "finished tried moved visited watched played baked cooked booked joined signed passed failed adopted "
         "planted painted fixed hurt sprained twisted burned burnt wrote sold built caught drove flew "
         "swam rode sang taught learned learnt bumped crashed forgot remembered decided")
_DROPPED_I = re.compile(r"(?:^|(?<=[.!?]\s))(?P<just>(?:just|finally|also|accidentally)\s+)?(?P<verb>(?:" + "|".join(_PAST.split())
                        + r")(?!\w)|been\s|gonna\s)", re.IGNORECASE)


def _with_you(m: re.Match) -> str:
    verb, text = m["verb"].lower(), m.group(0)
    you = "you've " if verb.startswith("been") else "you're " if verb.startswith("gonna") else "you "
    if text[:1].isupper():  # a sentence's first word: "You just got back..."
        return you.capitalize() + text[:1].lower() + text[1:]
    return you + text


def _you_outside(said: str) -> str:
    words = re.split(r"([^\w']+)", said)
    out, after_i = [], False
    for w in words:
        low = w.lower()
        if low in ("am", "was") and not after_i:
            out.append(w)  # "the cat was", "7 am": only after "I"
            continue
        if low in _PERSON and w != "US":  # not the country
            # (a sentence's first word after another's stop: "...not Lviv. You moved there")
            opens = bool(out) and re.search(r"[.!?]\s+$", out[-1]) is not None
            out.append(_PERSON[low][:1].upper() + _PERSON[low][1:] if opens else _PERSON[low])
            after_i = low == "i"
        else:
            out.append(w)
            if w.strip():
                after_i = False
    return "".join(out)


def name_note(name: str) -> str:
    """The note that gives the user's name (number NAME_NOTE)."""
    return f"Their name is {name}."


def _clip(text: str) -> str:
    return text if len(text) <= NOTE_CHARS else text[:NOTE_CHARS].rsplit(" ", 1)[0] + " ..."


def instructions() -> str:
    """What the line means, for the format instructions (the system prompt: the same every turn).
    Kept to a minimum: the good brain repeated a longer one as its reply ("Note: None, tell them
    you don't know that yet and ask.")."""
    return f"(An answer may start with a {NOTE_TAG} line, written for you: the note that answers the question.)"


# ---- is it about the user? ------------------------------------------------------------------

# The user speaking of themselves: I/my/me... and the same in a few languages (a closed class).
_SELF = re.compile(r"(?<!\w)(?:i|i'm|im|i've|ive|i'd|id|i'll|my|mine|myself|me|am i"
                   r"|je|j'|moi|mon|ma|mes|ich|mich|mir|mein|meine|meinen|meinem|meiner|yo|mí|mis|mio|mia|miei|mie|io"
                   r"|meu|minha|meus|minhas|eu|ik|mijn|mij|jag|min|mitt|mina|mig|jeg|meg|я|меня|мне|мой|моя|мои|моё)(?!\w)",
                   re.IGNORECASE)
_CJK_SELF = re.compile(r"我|私|僕|わたし|저|제|나")
# "me" in a request asks something of Milo ("Tell me a joke", "Can you show me...").
_ME_REQUEST = re.compile(r"(?<!\w)(?:tell|show|give|teach|help|let|remind|ask|bring|find|sing|play|read|make|get)\s+me(?!\w)",
                         re.IGNORECASE)
_YOU = re.compile(r"(?<!\w)(?:you|your|yours|yourself|u)(?!\w)", re.IGNORECASE)
# What Milo calls the user is their name ("What should you call me?" was left to the model, which
# answered with two other notes).
_CALL_ME = re.compile(r"(?<!\w)(?:what|how)(?!\w).*(?<!\w)call\s+me\W*$", re.IGNORECASE)
# A question: its mark, or a question's first word, after a greeting or two, or the persona's
# name (speech to text writes no punctuation: "hi milo whats my name").
# An auxiliary opens a question only with a subject after it: typed or transcribed without its
# apostrophe, "were throwing her a party at her favourite dim sum place" (we're) was etched as asked,
# never as told, and "where is the party" then had no note to answer it.
_AUXILIARY = r"(?:do|does|did|am|is|are|was|were|have|has|can|could|would|will)(?!\w)(?!\s+(?!(?:some|any|no|every)thing(?!\w))[^\W\d_]+ing(?!\w))"
# (after a preposition too, as speech to text writes it without "?": "by how much did we lose", dec119)
_QUESTION = (r"[?？]\s*$|^\W*(?:(?:hi|hello|hey|ok|okay|so|and|oh|um|uh|well|{own}morning|hiya|sorry)\W+)*"
             r"(?:(?:by|with|for|from|at|in|on|since|until|about|to)\s+(?=(?:what|which|who|whom|whose|how|when|where)(?!\w)))?(?:" + _AUXILIARY
             + r"|(?:what|what's|whats|where|where's|wheres|who|who's|whos|whose|which|when|why|how"
             r"|remind me|tell me|guess(?!\s+what\s*[,!.:;\u2014-])|remember"
             r"|qu[ei]|quel|quelle|où|quand|comment|wer|wo|wann|wie|welche[rs]?|qué|quién|dónde|cuándo|cómo|cuál"
             r"|chi|cosa|dove|quando|come|wat|waar|wie|wanneer|vad|var|när|hur|vem|кто|что|где|когда|как)(?!\w))")


@functools.cache
def opening_words(pattern: str, own: str) -> re.Pattern:
    """`pattern` with the persona's name among the words that may open a question ({own})."""
    return re.compile(pattern.replace("{own}", re.escape(own.lower()) + "|" if own else ""), re.IGNORECASE)
# Asking for advice or for something to be done, not about the user's life ("What should I
# cook?", "How do I boil an egg?", "Can I ask you something?", "Any idea what I should bake?").
# But "How do I like/take my coffee?" asks what they told (read as advice, the model answered it
# with no note to go on): only where a note answers it (find), as "How do I take care of a
# cactus?" is advice.
_HOW_DO_I = r"(?<!\w)how\s+(?:do|can|would)\s+(?:i|we)(?!\w)"
_HABIT = (r"(?:\s+(?:like|take|prefer|usually|normally)(?!\w)"
          # "How do I earn a living?" asks their job (the model gave advice), "...as a painter?" advice
          r"|\s+(?:earn|make)\s+(?:a|my|our)\s+living\W*$)")
_HOW_DO_I_HABIT = re.compile(_HOW_DO_I + _HABIT, re.IGNORECASE)
_ADVICE = re.compile(r"(?<!\w)(?:should|shall|could|can|may|might|must)\s+(?:i|we)(?!\w)|(?<!\w)(?:i|we)\s+(?:should|ought\s+to)(?!\w)|" + _HOW_DO_I + f"(?!{_HABIT})"
                     r"|(?<!\w)(?:do|would)\s+you\s+(?:think|recommend|suggest)(?!\w)|(?<!\w)what\s+(?:if|about)\s+(?:i|we)(?!\w)"
                     # A request for something new ("Could you suggest a name for my new cat?" was
                     # answered "I don't think you've told me that yet."), not "Can you tell me my
                     # wife's name?"
                     r"|(?<!\w)(?:can|could|would|will)\s+you\s+(?:please\s+)?(?:suggest|recommend|think\s+of|come\s+up\s+with"
                     r"|help\s+me|give\s+me\s+(?:a|an|some|ideas?|tips?)|pick|choose|invent|make\s+up)(?!\w)",
                     re.IGNORECASE)
_SENTENCES = re.compile(SENTENCE)


def _question_sentences(text: str, own: str = "") -> list[str]:
    question = opening_words(_QUESTION, own)
    return [s.strip() for s in _SENTENCES.findall(text or "") if s.strip() and question.search(s.strip())]


def _about_self(sentence: str) -> bool:
    s = sentence.replace("\u2019", "'")
    if _ADVICE.search(s):
        return False
    if _CJK_SELF.search(s):
        return True
    for m in _SELF.finditer(s):
        if m.group(0).lower() != "me":
            return True
        # "me": not in a request, and not after "you" ("Do you remember me?" asks about Milo's
        # memory), unless it asks what Milo calls them.
        if not _ME_REQUEST.search(s[: m.end()]) and (not _YOU.search(s[: m.start()]) or _CALL_ME.search(s)):
            return True
    return False


def asks_about_user(text: str, own: str = "") -> bool:
    """Whether `text` asks Milo something about the user's own life or people ("Where do I
    work?", "what's my dog called", "Who is visiting me next week?"), not about Milo ("What's
    your name?"), not for advice ("What should I cook?") and not telling ("I play the cello.")."""
    return any(_about_self(s) for s in _question_sentences(text, own))


def asks_about_them(text: str, own: str = "") -> bool:
    """About the user, or about them and theirs ("Who taught us?", "What did we make?"): what
    they told is looked for as for a question about them (`find` reads both)."""
    return asks_about_user(text, own) or (_asks_about_us(text, own) and bool(_beyond_name(text, own)))


def asks_beyond_name(text: str, own: str = "") -> bool:
    """Whether a question about the user asks more than their own name ("What's my name?")."""
    return bool(_beyond_name(text, own)) or not _asks_own_name(text)


# Who someone is (a closed, lexical class): "who am i", "do you know who i am".
_WHO = re.compile(r"(?<!\w)(?:who|wer|qui|quién|quien|chi|кто)(?!\w)", re.IGNORECASE)


def _asks_own_name(text: str) -> bool:
    """Whether a question that asks nothing else asks the user's name ("whats my name", "who am
    i", "What do people call me?"), not what they do ("What do I do?", all its words asking
    words, had been answered "Your name is Rin.")."""
    from milo.memory.index import terms

    if _CALLED_ANOTHER.search(text):
        return False  # what they called someone else: "what did i call her" (dec265: "Your name is Nia.")
    return bool(_ASKS_NAME.search(text) or _CALL_ME.search(text) or _WHO.search(text)
                or set(terms(text)) & _NAME_TERMS())


# A name they gave another (English, lexical): "what did i call her", "what do we call the puppy".
_CALLED_ANOTHER = re.compile(r"(?<!\w)call(?:ed)?\s+(?:her|him|it|them|the|my|our|his|their|this|that)(?!\w)", re.IGNORECASE)


def _beyond_name(text: str, own: str = "") -> set[str]:
    """What a question asks besides a name ("what's my sister's name": the sister). Nothing when
    it asks what the user is called ("What do people call me?" was read as asking about people,
    and the closest note said instead of the name)."""
    if _CALL_ME.search(text):
        return set()
    return asked_terms(text, own) - _NAME_TERMS()


def asks_how_i(text: str) -> bool:
    """"How do I make a living?", "how do we get to the station": read as asking for advice (the
    model answers), but a note may say (milo.chat.draft looks, and answers only when sure)."""
    return bool(re.search(_HOW_DO_I, text.replace("\u2019", "'"), re.IGNORECASE)) and not _YOU.search(text)


# Words that point back to what was just talked about (a closed, lexical class; English only so
# far): a question made of them and question words leans on the question before it.
_POINTS_BACK = re.compile(r"(?<!\w)(?:it|its|it's|that|that's|there|this|these|those|he|she|him|her|they|them|their)(?!\w)",
                          re.IGNORECASE)


# ...and asks for a fact (when, where, which, who, what, how many...), not "Is it hard?" or "How
# was it?" (the note said again would not answer those: the model does).
# What may come before the question word of a follow-up ("And where?", "So when is it?").
_FOLLOW_OPENER = r"^\W*(?:(?:and|so|ok|okay|oh|um|well|but)\W+)*"
# "Is it a boy or a girl?": which of two, a fact (not "Is it hard?": the model's to answer). It
# was left to the model, which said "I think they're having a boy." (dec121).
_EITHER_OR = re.compile(r"^\W*(?:(?:and|so|oh|but|well)\W+)*(?:is|was|are|were|will)\s+(?:it|he|she|they)\s+"
                        r"(?:a|an|the)?\s*[^\W\d_]+\s+or\s+(?:a|an|the)?\s*[^\W\d_]+\W*$", re.IGNORECASE)
_ASKS_FACT = re.compile(_FOLLOW_OPENER + r"(?:when|where|which|who|whom|whose|what|what's|whats"
                        r"|how\s+(?:many|much|old|long|far|tall|often)|qu[eé]|cu[aá]ndo|d[oó]nde|qui[eé]n|cu[aá]l|quand|où|quel(?:le)?s?"
                        r"|wann|wo|wer|welche[rsn]?)(?!\w)", re.IGNORECASE)


def leaning(text: str, said: Sequence[str], own: str = "") -> str:
    """What `text` asks, read with the question before it (`said`: the user's messages so far in
    this conversation, oldest first) when it is a follow-up that points back at it: "What's
    coming up for me?" / "When is it?" -> both, for `find` and the draft. Alone, "When is it?"
    asked nothing about the user, and the good brain answered it from the conversation with an
    invented date ("The interview will be on December 05, 2026."), "Which bank is it at?" with an
    invented bank. Not a question to Milo ("What do you think of it?") nor for advice. A bare
    when, where or who of a thing ("When is practice?" after "What sport do I coach?") leans too:
    alone, the model said "We meet at 3 PM to practice our skills." """
    if (not said or not (_POINTS_BACK.search(text or "") or _bare_question(text or ""))
            or not (_ASKS_FACT.search(text) or _EITHER_OR.search(text))
            or _YOU.search(text) or _ADVICE.search(text.replace("\u2019", "'")) or _its_own(text)):
        return text
    if not (only_asks(text, own) and only_asks(said[-1], own)) or asks_about_user(text, own):
        return text
    # itself a follow-up that points back: "When is it?" / "Which bank is it at?" (not a bare one:
    # "who is visiting" after "how old is pepper" is its own question, and "when is she coming"
    # after it was read with the cat's age too)
    before = leaning(said[-1], said[:-1], own) if points_back(said[-1]) else said[-1]
    return f"{before.rstrip()} {text.strip()}"


# "their" of a plural the message names before it ("how long do kittens stay with their mother":
# the kittens', dec51), not of someone talked about ("how many kids does she have").
_OWN_PLURAL = re.compile(r"(?<!\w)(?!(?:this|its|his|hers|theirs|does|is|was|has|us|yours|ours)\b)[^\W\d_]{3,}s\s+(?:[^\W\d_]+\s+){0,4}"
                         r"(?:their|its)(?!\w)", re.IGNORECASE)


def _its_own(text: str) -> bool:
    """Whether every word of `text` that points back is a possessive of a plural it names itself."""
    return bool(_OWN_PLURAL.search(text)) and not _POINTS_BACK.search(_OWN_PLURAL.sub(" ", text))


def closest_told(text: str, candidates: Sequence[Candidate], embed: Optional[Embed], own: str = "",
                 user: str = "") -> Optional[str]:
    """The key of the note that tells something closest in meaning to `text`, if one is at least
    MEANING_CLOSEST close. `user`: their name, when known: a note quoting someone else is none
    of theirs ("where is the party" after "how old will akosua be" was asked alone, closest to
    another's party on a lived-in memory, and the model said "The party is in town.")."""
    told = told_notes(of_user(candidates, user), own)
    meaning = by_meaning(text, told, embed, own) if embed is not None and told else None
    if meaning is None:
        return None
    j = int(max(range(len(told)), key=lambda k: (meaning[0][k], k)))
    return told[j].key if meaning[0][j] >= MEANING_CLOSEST else None


# "there" after a place the words say ("...to the ferry terminal in kadıköy, more people there").
_THERE_AFTER_A_PLACE = re.compile(r"(?<=\w)(?P<place>\s(?:to|in|at|near)\s.+?)(?<!\w)there(?!\w)", re.IGNORECASE)


def points_back(text: str) -> bool:
    """Whether `text` has a word that points back at what was said before ("When is it?")."""
    return bool(_POINTS_BACK.search(text or ""))


def _bare_question(text: str) -> bool:
    """A when, where or who of four words at most that names nothing ("When is practice?", not
    "When is Christmas?" nor "Where is Lyon?")."""
    words = re.findall(r"[^\W\d_]+", text)
    return (len(words) <= 4 and bool(_ASKS_WHERE_WHEN_WHO.match(text))
            and not any(w[0].isupper() or not w[0].islower() for w in words[1:] if w != "I"))


def followed_up(found: Evidence, text: str, own: str = "", user: str = "") -> Evidence:
    """What answers the follow-up `text`, `found` for it read with the question before it
    (`leaning`): both notes said where a newer one changed the older (which of the two questions
    it answers is not known: "When is my sister's wedding?" / "Where is it?", the newer note moved
    the day, the older one holds the place); and the note only as the closest when the follow-up
    asks about something it does not mention ("Who is he playing against?" after "When is Timur's
    match?" was answered "You told me your son Timur has a football match on Saturday...")."""
    from milo.memory.index import terms

    if found.replaced and not found.kept:
        found = dataclasses.replace(found, replaced=False)
    own_terms = asked_terms(text, own) - _WHEN_TERMS()
    if (found.answered or found.closest is not None) and own_terms and not own_terms & set(terms(found.told())):
        newest = found.closest or (found.newer[-1] if found.newer else Candidate(found.choice, found.note))
        # Not looked at again by the draft: asked with the question before, it answered that one
        # ("whats my puppys name" / "what breed is it" was "You told me you just got a puppy named biscuit").
        return Evidence(NONE, own=own, closest=newest, lacks="asked")
    if found.answered and names_no_one(text, found.note, own, user):
        # Who, and the note names no one: "Who conducts the orchestra?" after "What are we
        # playing?" was "You told me you play the oboe in a community orchestra, and later that
        # ..." (dec127); alone it is the draft's to look at, which says so (`names_no_one`).
        return Evidence(NONE, own=own, closest=Candidate(found.choice, found.note), lacks="asked")
    return found


def only_asks(text: str, own: str = "") -> bool:
    """`text` asks and tells nothing besides (every sentence in it a question, or a greeting):
    its words are a question, not a note ("I moved it to Friday. When is it?" tells)."""
    sentences = [s.strip() for s in _SENTENCES.findall(text or "") if s.strip()]
    questions = set(_question_sentences(text, own))
    told = [s for s in sentences if s not in questions and len(re.findall(r"\w+", s)) > 3]
    return bool(questions) and not told


def told_notes(candidates: Sequence[Candidate], own: str = "") -> list[Candidate]:
    """The candidates that tell something of the user: not the name note, not a question."""
    return [c for c in candidates if c.key != NAME_NOTE and tells(c.text, own)]


def tells(note: str, own: str = "") -> bool:
    """A note that tells something: not the user's own question quoted ('Chloé said: "What
    should I cook with some leftover rice?"' answered "What did I cook last night?" with "You
    cooked some leftover rice"), nor one asked earlier today ("When is my race?" was answered
    "You told me Which race am you training for.")."""
    words = own_words(note)
    return not (words is not None and only_asks(words, own))


# ---- which note answers? -------------------------------------------------------------------

def asked_terms(text: str, own: str = "") -> set[str]:
    from milo.memory.index import ASKING_TERMS, terms

    # "What kind of music do I collect?" asks what music: "kind" is no part of what (it picked
    # 'my favourite album is kind of blue' over '...vinyl records, mostly jazz', dec86).
    text = _KIND_OF.sub("what ", text)
    return set(terms(text)) - ASKING_TERMS - _QUESTION_TERMS() - (set(terms(own)) if own else set())


# Words that point to one thing the user told of ("How big was the spider?", "Leo's bike", "when is
# he visiting"), where "a spider", "spiders" or "sourdough" with none of them speak of a kind; and
# past questions ("did", "was": what happened, one event). English determiners, pronouns and
# auxiliaries: closed, lexical classes. "the sky", "the moon": one thing for everyone.
_POINTING = frozenset("the this that these those his her its their our your my whose".split())
_ONE_OF_THEIRS = frozenset("he she it they him her them his its their hers theirs".split())  # before the kind's word
_POSSESSIVE = frozenset("its their his her".split())
_ONCE = re.compile(r"(?<!\w)(?:did|was|were|had|didn't|wasn't|weren't|who|whom|whose)(?!\w)", re.IGNORECASE)
_ONE_FOR_ALL = frozenset("sky sun moon earth world universe".split())
_A_KIND = frozenset("a an any every most".split())
# "when is choir", "where are rehearsals", "how much are the lessons": the time, place or price of theirs.
_COPULA = frozenset("is are isn't aren't what's whats where's wheres when's".split())
_WHEN_WHERE_PRICE = re.compile(r"^\W*(?:when|where|what\s+time|how\s+much)(?!\w)", re.IGNORECASE)
_ENGLISH_ASKS = re.compile(r"^\W*(?:how|what|what's|whats|why|when|where|which|do|does|can|could|is|are|should|will|would)(?!\w)",
                           re.IGNORECASE)


# "a tour takes about six hours", "each carpet takes me four months": the user speaks of their own
# things in general, the subject of a verb in the present (English articles: a closed class).
_THEIRS_IN_GENERAL = re.compile(r"(?:^|[,;.!?]\s*|(?<!\w)(?:and|but|so)\s+)(?:a|an|each|every|one)\s+(?:(?:big|small|large|little|whole|full|long|short)\s+)?(?P<thing>[^\W\d_]+)\s+"
                                r"(?:takes|costs|lasts|needs|has|gets|sells|pays|goes|starts|ends|is|usually|normally)(?!\w)",
                                re.IGNORECASE)


# "my van", "i drive a minibus taxi", "we run a small bakery": a thing of theirs (English, lexical).
_HAVE_VERBS = r"drive|drives|have|has|own|owns|run|runs|keep|keeps|use|uses|got|bought|built|rent|ride|rides"


def _the_one_they_have(question: str, note: str) -> bool:
    """Whether the question asks of "the X" and `note` says they have an X (see `_HAVE_VERBS`)."""
    m = re.search(r"(?<!\w)the\s+([^\W\d_]{3,})(?:'s)?\W*$|(?<!\w)the\s+([^\W\d_]{3,})\s+(?:is|are|was|were|do|does|did|have|has|go|goes)(?!\w)",
                  question, re.IGNORECASE)
    if m is None:
        return False
    thing = re.escape((m.group(1) or m.group(2)).casefold().rstrip("s"))
    return bool(re.search(rf"(?<!\w)(?:(?:my|our)|(?:i|we)\s+(?:\w+\s+)?(?:{_HAVE_VERBS})\s+(?:a|an|the|two|three|some))\s+(?:[^\W\d_]+\s+){{0,2}}"
                          rf"{thing}s?(?!\w)", _statements(_words(note)), re.IGNORECASE))


def _theirs_in_general(question: str, note: str, own: str = "") -> bool:
    """Whether `note` speaks of the thing asked as theirs in general (`_THEIRS_IN_GENERAL`)."""
    from milo.memory.index import terms

    asked = asked_terms(question, own)
    return any(set(terms(m["thing"])) & asked for m in _THEIRS_IN_GENERAL.finditer(_statements(_words(note))))


def _in_general(question: str, note: str, own: str = "", user: str = "") -> bool:
    """Whether the question asks of a kind of thing the note tells of one of, not of that one:
    "How many legs does a spider have?" / 'We saw a huge spider in the garden yesterday.' (0.5 in
    meaning: it was "I'm not sure you've told me that..."), "How long do tomatoes take to grow?" /
    'My son Leo planted tomatoes this spring.'. The world's, for the model. Only where the question
    says so: "a"/"an" before the word, a plural with no "the" nor "is"/"are" ("when is choir",
    "when are rehearsals": theirs), "the sky". Not "How big was the spider?", "How old are the
    kittens?", "what does astrid do" (a name, in lower case by speech to text: `_shares_name`)."""
    from milo.memory.index import terms

    said = question.replace("\u2019", "'")
    if (not _ENGLISH_ASKS.match(said) or _ONCE.search(said) or _shares_name(question, note, own, user)):
        return False  # (another language's articles are not these: "¿cómo se llama la gallina?")
    shared = asked_terms(question, own) & set(terms(_statements(_words(note))))
    words = re.findall(r"[^\W\d_]+(?:'[^\W\d_]+)?", said)
    copula = bool(_WHEN_WHERE_PRICE.match(said)) and any(w.casefold() in _COPULA for w in words)
    # (and how many of them are doing something now: "how many tourists are coming", theirs, dec252;
    # not "how many tourists visit Hawaii")
    copula = copula or bool(re.match(r"\W*how\s+many\s+[^\W\d_]+\s+(?:are|were|will\s+be)\s+[^\W\d_]+ing\W*$", said, re.IGNORECASE))
    kind = False
    for k, w in enumerate(words):
        if w.casefold() in _ONE_OF_THEIRS and not (kind and w.casefold() in _POSSESSIVE):
            # "when is he visiting", "What variety of tomatoes are they?" (theirs, dec43); not
            # "...kittens stay with their mother" (the kittens')
            return False
        heads = terms(w)
        if not set(heads) & shared:
            continue
        before, low = (words[k - 1].casefold() if k else ""), w.casefold()
        if (k and not w[0].islower()) or before.endswith("'s") or low.endswith("'s"):
            return False  # a name, someone's
        if before in _POINTING and low not in _ONE_FOR_ALL:
            return False
        plural = low.endswith("s") and not low.endswith("ss") and heads != [low]
        # ("a pendulum clock", "a big spider": a word or two between)
        a_kind = any(words[i].casefold() in _A_KIND and not any(x.casefold() in _POINTING for x in words[i + 1:k])
                     for i in range(max(0, k - 3), k))
        kind = kind or a_kind or low in _ONE_FOR_ALL or (plural and not copula)
    # ...or says it asks of what is usual, of no one ("what vegetable is kimchi usually made from"
    # / 'my grandma is teaching me to make kimchi' was said as the answer, dec63), or what a thing
    # is made of, with no word pointing at theirs ("What is watercolour paint made of?" / '...I
    # paint watercolours of birds.' was "I'm not sure you've told me that.", dec122).
    # ...or its subject is a plural of no one's, shared or not ("Why do bees make honey?" / 'I
    # harvested forty kilos of honey this summer' was "I'm not sure you've told me that...", dec139)
    m = _DO_KIND.match(said)
    kind = kind or bool(m and m["kind"].islower() and not m["kind"].casefold().endswith("ss")
                        and not any(w.casefold() in _POINTING or w.casefold() in _ONE_OF_THEIRS for w in words))
    return kind or bool(shared and (_USUALLY.search(said) or (_MADE_OF.search(said) and not any(
        w.casefold() in _POINTING for w in words))) and not asks_about_user(question, own))


# A question of what a kind does ("why do bees...", "how do birds...", "what do goats eat"): a
# plural right after the question word and "do" (closed, lexical forms; English only so far).
_DO_KIND = re.compile(r"^\W*(?:why|how|what|when|where|which)\s+(?:do|don't|can|can't)\s+(?P<kind>[^\W\d_]+s)(?!\w)", re.IGNORECASE)


# What a thing is made of (a closed, lexical form): asked of no one's, a question of the world.
_MADE_OF = re.compile(r"(?<!\w)(?:made\s+(?:of|from|out\s+of|with)|consists?\s+of)\W*$", re.IGNORECASE)


# What holds as a rule (a closed, lexical class), in a question about no one: of the world.
_USUALLY = re.compile(r"(?<!\w)(?:usually|typically|generally|traditionally|normally|commonly|in\s+general)(?!\w)", re.IGNORECASE)


@functools.cache
def _QUESTION_TERMS() -> frozenset:
    """Words that ask, not what about ("what", "called", "name" of "what's it called"). Built on
    first use: milo.memory.index (numpy) is not imported before a turn needs it."""
    from milo.memory.index import terms

    return frozenset(terms("called named tell told say said mention mentioned still ever again know thing things "
                           "like please now these days today hello hi hey hiya morning evening afternoon night good "
                           "yes no ok okay thanks thank quick question sorry well oh "
                           # where or when a thing is, not what it is ("Where is it held?")
                           "held located based happen happens happening "
                           # question words run together with "is", as speech to text writes them
                           # ("whats my name" asked about "what": their name was "not told")
                           "whats wheres whos whens hows whys "
                           # the question words of _QUESTION's other languages ("¿Cómo me llamo?"), not those
                           # that are English words or stems too (come, dove, var, comment: "Who is coming?")
                           "qué que quién dónde cuándo cómo cuál quel quelle où quand quoi qui wer wo wann wie "
                           "welche welcher welches chi cosa quando quale wat waar wanneer vad när hur vem "
                           "кто что где когда как ich je mi"))


@functools.cache
def _WHEN_TERMS() -> frozenset:
    """Words that say when, not what: a note sharing only these with a question does not answer
    it ("What did I have for dinner yesterday?" / "I made a clay bowl in my pottery class
    yesterday."). Still asked: "When is my race?" keeps "race"."""
    from milo.memory.index import terms

    return frozenset(terms("yesterday today tonight tomorrow week weekend month year morning evening night "
                           "last next ago monday tuesday wednesday thursday friday saturday sunday"
                           # (and when, relatively: "what did my teacher do before" shares "before" with
                           # 'i practise for an hour every morning before work', dec223)
                           " before after earlier later"))


@functools.cache
def _NAME_TERMS() -> frozenset:
    from milo.memory.index import terms

    # ...and the words that ask it in other languages (a closed, lexical class: "¿Cómo me llamo?",
    # "Wie heiße ich?")
    return frozenset(terms("name llamo llamas llama appelle appelles heiße heiß heisse heißt chiamo chiami nome nom naam "
                           "heet namn heter navn imię nazywam зовут"))


# Meaning (milo.memory.embedder: cosine of the question with a note's sentences): measured on the
# truth bench's tune and held questions (bench/evidence.py --no-model has them all), a note that
# answers but shares no word with the question scored 0.31-0.37 ("what is my job" / "I'm a
# pastry chef in Osaka."), a never-told question's best note at most 0.30; a note sharing a word
# but not the meaning ("How old am I?" / "...her old newspapers") 0.09, one that answers 0.32-0.90.
MEANING_ANSWERS = 0.31  # no word shared: the note that answers, by meaning alone
MEANING_AT_LEAST = 0.2  # a word shared: and at least this close in meaning
MEANING_SAME_THING = 0.45  # a newer note this close to the one that answers is on the same thing
# With many notes shown (a lived-in memory: recall shows ~10, each chosen for being close to the
# message) one is close by chance far more often: on bench/evidence.py --lived-in (LoCoMo's 419
# pulses before the user's notes), never-told questions were answered from another note 17 of
# 18 times at the bars above. Past MANY_NOTES the bars are these (chosen on the tune questions:
# never-told honest 1 -> 6 of 9, answered 13 -> 12 of 16; held: 3 -> 6 of 9, 15 of 20 both).
MANY_NOTES = 5
MEANING_ANSWERS_MANY = 0.35
MEANING_AT_LEAST_MANY = 0.35
# A question without "I" or "my" that is about what the user told ("What does Lucía do?" /
# "My best friend Lucía is a firefighter": 0.58): answered from the note when this close.
MEANING_TOLD_ABOUT = 0.5
MEANING_WHEN_BESIDE = 0.3  # ...a note that says when, this close to the one found by words that does not
MEANING_THE_THING = 0.33  # "the" thing asked when or how many of, named otherwise in a note of theirs
MEANING_NAMED = 0.3  # ...and for a note that shares a name with the question (the draft looks again)
MEANING_NAMED_ATTRIBUTE = 0.15  # ...where an age, a colour, a size or a number is asked of the one named
MEANING_SURE = 0.45
# Below the bars, a note this close may still be the answer the embedder cannot see (MiniLM puts
# "What do I do for work?" 0.29 from "I drive a delivery van around Porto.", "What do I do for a
# living?" 0.11 from "I run a little flower shop in Lyon."); a never-told question's best note on
# the truth bench's questions was 0.05-0.25 (few notes). Hiding it ("I don't think you've told me
# that yet.") denies what the memory holds; claiming it answers may be an invention. So Milo says
# both: not sure, and the closest note, in the user's words (milo.chat.addressing).
MEANING_CLOSEST = 0.2
MEANING_CLOSEST_MANY = 0.25

Embed = Callable[[Sequence[str]], "np.ndarray"]  # texts -> unit vectors (milo.memory.embedder)


# "what do I do?" and nothing after it asks their work (a closed, lexical form): 0.19 in meaning
# from 'I'm a beekeeper in the hills near Olomouc.', it was "I don't think you've told me that yet."
# (dec139), and its draft gave advice ("You can sell your honey to make money.").
_WHAT_I_DO_BARE = r"^(\W*(?:(?:{own}and|so|ok|okay|remind\s+me)\W+)*what\s+do\s+i\s+do)(\s+again)?(?=\W*$)"  # ({own}: the persona's name)
_FOR_A_LIVING = r"\1 for a living"


def as_asked(text: str, own: str = "") -> str:
    """`text` as find and the draft read it: a bare "what do I do?" asks their work."""
    return opening_words(_WHAT_I_DO_BARE, own).sub(_FOR_A_LIVING, text)


def find(text: str, candidates: Sequence[Candidate], embed: Optional[Embed] = None, own: str = "",
         user: str = "") -> Optional[Evidence]:
    """What answers `text` among `candidates` (oldest first), None when it asks nothing about
    the user. `embed` (milo.memory.embedder): the notes are matched by meaning as well as by
    words (without it, by words alone). `own`: the persona's name (the user may address it).
    `user`: the user's name, when known: a note quoting someone else ('Caroline said: "..."', an
    imported memory, another person who talks with Milo) says nothing about this user."""
    text = as_asked(text, own)
    found = another_day(text, once_not_habit(text, of_whom(text, closest_of_theirs(text, _find(text, candidates, embed, own, user)))))
    found = _of_the_time_only(text, found)
    if (found is not None and found.answered and not found.unsure and embed is not None
            and re.match(r"\W*(?:which|what)\b", text, re.IGNORECASE) and not says_which(text, found)):
        # "Which hospital do I work at?" / 'I'm a nurse on a night shift in Valencia.' (dec57, said
        # as the answer): the note may say which ("Which city..." / '...in Leeds') or not; the
        # draft looks again (milo.chat.draft: what it says beside "hospital" must be told). And
        # "what X" ("What guitar does Leo have?" / '...started guitar lessons', dec62): the note
        # stands where the draft adds nothing ("What instrument am I learning?" drafted "You are
        # learning the erhu.", too far from the note in meaning to keep it by that alone).
        found = dataclasses.replace(found, unsure=True)
    roles = [c for c in candidates if c.key not in (found.choice, NAME_NOTE)
             and _role_of(_statements(_words(c.text))) and quoted_speaker(c.text) in (None, (user or "").casefold())] if (
        found is not None and _ASKS_JOB.match(text)
        and (found.answered and not _SAYS_ROLE.search(_words(found.note))
             # (or none but the closest, which says no role: "what is my job" / 'I'm a pharmacist
             # in Tbilisi' is 0.14 in meaning, 'I work at the pharmacy on Rustaveli Avenue' 0.24,
             # and the latter was said as the answer, dec250)
             or found.choice == NONE and found.closest is not None and not _role_of(_statements(_words(found.closest.text))))) else []
    if roles:
        # Their work asked as what it is, and the note says it not, another does: "what do i do for
        # work" was answered 'i work from home in a little village near lyon' by the word "work",
        # beside 'i'm a translator, french to english mostly' (dec160): the draft looks again, at
        # the newest that says what they are ("what is my job" / 'mostly I treat horses and cows
        # on farms', not 'I'm Rūta, I work as a vet in Vilnius': "not sure", dec183).
        found = Evidence(roles[-1].key, roles[-1].text, own=own, unsure=True)
    if found is not None and found.answered and found.unsure and not found.newer and _gives_the_reason(text, found.note, own):
        # Why, and the note says it with every word asked and a "because": sure ("why did it move"
        # / 'sorry, they moved it to Friday because of the weather' was drafted "The weather caused
        # them to move the first solo flight from Thursday to Friday.", which restates no one note:
        # "not sure", dec261)
        found = dataclasses.replace(found, unsure=False)
    return corrected_closest(_felt(text, found, candidates), candidates, own, text)


def _gives_the_reason(question: str, note: str, own: str = "") -> bool:
    """Whether why is asked and `note` has every word asked and gives a reason (`_SAYS_WHY`)."""
    from milo.memory.index import terms

    if not _ASKS_WHY.search(question):
        return False
    words = _statements(_words(note))
    asked = asked_terms(question, own)
    return bool(asked) and _matched(asked, set(terms(words))) == asked and bool(_SAYS_WHY.search(words))


# How they feel, asked, and how people say they feel (closed, lexical classes; English).
_ASKS_FEEL = re.compile(r"(?<!\w)how\s+(?:do|did|does|am|was|will|would)\s+(?:i|we)\s+(?:feel|feeling|be\s+feeling)(?!\w)"
                        r"|(?<!\w)how\s+(?:am|was)\s+(?:i|we)\s+feeling(?!\w)", re.IGNORECASE)
_FEELING = re.compile(r"(?<!\w)(?:feel\w*|nervous|excited|scared|afraid|frightened|terrified|happy|sad|worried|anxious|stressed"
                      r"|thrilled|proud|angry|upset|tired|exhausted|bored|lonely|calm|relaxed|glad|overwhelmed|confident"
                      r"|nervy|jittery|ecstatic|delighted|gutted|devastated|heartbroken|annoyed|frustrated|grateful|hopeful"
                      r"|dreading|can't\s+wait|cannot\s+wait|looking\s+forward)(?!\w)", re.IGNORECASE)


def _felt(text: str, found: Optional[Evidence], candidates: Sequence[Candidate]) -> Optional[Evidence]:
    """`found`, where how they feel is asked: its note says it, or the one told right after it does
    (said beside it: "how do i feel about the recital" / 'My teacher says I'm ready for my first
    recital in March.' then "I'm nervous, I'll play a piece by Vivaldi." was answered with the
    recital alone, dec169); else its note is only the closest."""
    if found is None or not found.answered or not _ASKS_FEEL.search(text):
        return found
    if any(_FEELING.search(_words(c.text)) for c in (Candidate(found.choice, found.note), *found.newer)):
        return found
    keys = [c.key for c in candidates]
    k = keys.index(found.choice) + 1 if found.choice in keys else len(keys)
    if k < len(candidates) and _FEELING.search(_words(candidates[k].text)) and _I_DO.search(_words(candidates[k].text)):
        return dataclasses.replace(found, newer=(candidates[k],), replaced=False, kept="")
    return found.only_closest()


# Their work asked as what it is (a closed, lexical form: English), and a note saying what they are.
_ASKS_JOB = re.compile(r"^\W*(?:what\s+do\s+i\s+do\s+for\s+(?:work|a\s+living|a\s+job|money)"
                       r"|what(?:'s|s|\s+is)\s+my\s+(?:job|occupation|profession|work))\W*$", re.IGNORECASE)
_SAYS_ROLE = re.compile(r"(?<!\w)(?:i'm|im|i\s+am|as)\s+an?\s+[^\W\d_]+", re.IGNORECASE)
# What they are, as a note says it: the words after "I'm a" up to a stop or a preposition.
_ROLE_PHRASE = re.compile(r"(?<!\w)(?:i'm|im|i\s+am|as|you're|you\s+are)\s+an?\s+((?:(?!(?:in|at|for|with|from|on|and|who|near)\b)[^\W\d_]+\s*){1,4})",
                          re.IGNORECASE)
# After what someone is, in a sentence that says it, what goes on about it, not more of it (English
# prepositions and conjunctions: closed, lexical classes): "a fisherman from Húsavík".
_AFTER_ROLE = re.compile(r"\s*(?:$|[,.;:!?]|(?:in|at|for|with|from|on|and|who|near|by|of|[^\W\d_]+ing)(?!\w))", re.IGNORECASE)


def asks_job(question: str) -> bool:
    """Whether `question` asks their work ("what do i do for a living", "what's my job")."""
    return bool(_ASKS_JOB.match(question))


def _role_of(note: str) -> Optional[str]:
    """What `note` says they are ("primary school teacher" of 'i'm a primary school teacher'),
    None where it says none or how they are, not what they do ('i'm a vegetarian': the words of
    how people are that are no name, milo.memory.names.NOT_NAMES)."""
    from milo.memory.names import NOT_NAMES

    m = _ROLE_PHRASE.search(_words(note))
    role = m.group(1).strip() if m else ""
    return role if role and role.split()[-1].casefold() not in NOT_NAMES else None


def restates_role(answer: str, note: str) -> bool:
    """Whether `answer` (a draft) says they are what `note` says they are, and no more of what
    they are: "You are a primary school teacher teaching Year Three..." of 'i'm a primary school
    teacher'; not "You work as a vegetarian chef in Leeds." of 'i'm a vegetarian'."""
    role = _role_of(note)
    if not role:
        return False
    for found in re.finditer(r"(?<!\w)" + re.escape(role) + r"(?!\w)", answer, re.IGNORECASE):
        if _AFTER_ROLE.match(answer, found.end()):
            return True
    return False


# A time told by what happened then ("before I retired", "after we moved"): a closed, lexical
# class of conjunctions, followed by someone doing something.
_TIME_CLAUSE = re.compile(r"\s+(?P<conj>before|after|since|until|till)\s+(?:i|we|he|she|they|my|our|his|her|their|(?-i:[A-Z])[^\W\d_]*)"
                          r"(?!\w)[^?!.,;]*", re.IGNORECASE)


def _of_the_time_only(question: str, found: Optional[Evidence]) -> Optional[Evidence]:
    """`found`, only as the closest where the note shares with the question nothing but the time
    it is asked of: "what did I do before I retired" was "You told me you're retired and you
    restore vintage motorbikes in your shed." (dec134): the note tells of the retiring, not of
    what came before it. A note that has the conjunction too, or a word the rest asks ("What did
    I eat when..."), answers as before."""
    if found is None or not found.answered:
        return found
    m = _TIME_CLAUSE.search(question)
    if m is None:
        return found
    from milo.memory.index import terms

    note = found.told()
    said = set(terms(note))
    then = set(terms(m.group(0))) - set(terms(m["conj"]))
    if re.search(rf"(?<!\w){m['conj']}(?!\w)", note, re.IGNORECASE) and then & said:
        return found
    rest = asked_terms(question[:m.start()] + question[m.end():], found.own) - _WHEN_TERMS()
    # (a word of the same stem: "Which city did I teach in before I retired?" / '...a retired teacher from kumasi')
    if _matched(rest, said) or any(min(len(a), len(t)) >= 4 and (t.startswith(a) or a.startswith(t)) for a in rest for t in said):
        return found
    return found.only_closest()


def _position(note: Candidate, candidates: Sequence[Candidate], own: str = "") -> Optional[int]:
    """Where `note` (or the candidate it is part of) is among `candidates`: this conversation's
    messages share one key (SAID), so by its words too. In a chat "what is my bus number" after
    'I drive trams in Leipzig.' and 'sorry, buses, not trams.' (both SAID) was said "...The
    closest I have is that buses, not trams.": the first SAID had been taken for the correction."""
    same = [i for i, c in enumerate(candidates) if c.key == note.key]
    if len(same) <= 1:
        return same[0] if same else None
    exact = [i for i in same if candidates[i].text == note.text]
    if exact:
        return exact[-1]
    words = _clause(note.text, own)
    return next((i for i in reversed(same) if words in _clause(candidates[i].text, own)), same[-1])


def corrected_closest(found: Optional[Evidence], candidates: Sequence[Candidate], own: str = "",
                      question: str = "") -> Optional[Evidence]:
    """`found`, its closest note said as a later correction has it: "what am i playing at the
    recital" after 'my piano recital is on the 12th' and "oh wait, it's the 14th, not the 12th"
    was "...The closest I have is that your piano recital is on the 12th." (dec117)."""
    if found is None or (found.answered and found.newer) or (not found.answered and found.closest is None):
        return found
    # ...and so is a note that answers alone: "Where do I work?" after 'I drive trams in Kraków.'
    # and 'sorry, buses, not trams' was "You told me you drive trams in Kraków." (dec125, lived-in)
    note = Candidate(found.choice, found.note) if found.answered else found.closest
    at = _position(note, candidates, own)
    if at is None:
        return found
    said = as_was = _clause(note.text, own)
    for later in candidates[at + 1:]:
        said = swapped(said, _clause(later.text, own)) or said
    # (not where the question asks of the day the correction tells of: "what happened yesterday" /
    # 'one went back to the wild yesterday, so ten' was "...the closest I have is that you have ten
    # hedgehogs in care", dec244)
    day = _ASKED_DAY.search(question)
    if (said == as_was and not found.answered and len(_SENTENCE_SPLIT.split(as_was)) == 1  # (a correction and more: as said)
            and not (day and re.search(rf"(?<!\w){re.escape(day.group(0))}(?!\w)", as_was, re.IGNORECASE))):
        # The closest is itself the correction: what it corrects, corrected ("what is my bus number"
        # after 'I drive trams in Leipzig.' and 'sorry, buses, not trams.' was "...The closest I have
        # is buses, not trams.")
        for older in reversed(candidates[:at]):
            fixed = swapped(_clause(older.text, own), as_was)
            if fixed:
                note, said = older, fixed
                break
    if said == as_was:
        return found
    if found.answered:
        return dataclasses.replace(found, note=said)
    return dataclasses.replace(found, closest=Candidate(note.key, said))


# A day a question names (a closed, lexical class), with the words a note may say it in.
_ASKED_DAY = re.compile(r"(?<!\w)(?:last\s+night|yesterday|this\s+(?:morning|afternoon|evening)|today|tonight|tomorrow"
                        r"|(?:last|this|next|on)\s+(?:mon|tues|wednes|thurs|fri|satur|sun)day)(?!\w)", re.IGNORECASE)
_SAME_DAY = {"last night": "yesterday last night evening", "yesterday": "yesterday last night",
             "this morning": "today morning", "this afternoon": "today afternoon", "this evening": "today tonight evening",
             "today": "today", "tonight": "tonight today evening", "tomorrow": "tomorrow"}


def on_the_day_told(question: str, note: str) -> bool:
    """Whether the question asks of a weekday ("what happened on saturday") that `note` names."""
    m = re.search(r"(?<!\w)(?:last|this|next|on)\s+(" + _WEEKDAY + r")(?!\w)", question, re.IGNORECASE)
    return bool(m) and re.search(rf"(?<!\w){m.group(1)}s?(?!\w)", _words(note), re.IGNORECASE) is not None


# A meal (a closed, lexical class), supper as dinner.
_MEAL = re.compile(r"(?<!\w)(?:breakfast|brunch|lunch|dinner|supper)(?!\w)", re.IGNORECASE)


def _meal(word: str) -> str:
    return {"supper": "dinner"}.get(word.casefold(), word.casefold())


@functools.cache
def _EATING_TERMS() -> frozenset:
    """The verbs a meal is asked with ("what did i have for lunch"): no thing of a note's."""
    from milo.memory.index import terms

    return frozenset(terms("have had eat ate eaten"))


def another_day(question: str, found: Optional[Evidence]) -> Optional[Evidence]:
    """`found`, or nothing told, where the question names a day (not asking when) and its note
    (or closest note) says another: "what did i cook last night" / 'i made pierogi for my mum on sunday' was "You
    told me you made pierogi for your mum on sunday." (dec90, the draft "You cooked pierogi for
    your mum on Sunday." kept it)."""
    if found is None or not (found.answered or found.closest is not None) or _ASKS_WHEN.search(question):
        return found
    meal = _MEAL.search(question)
    if meal is not None:
        # ...or a meal, and the note tells of another: "what did i have for breakfast" / 'i had
        # ramen for lunch today' was "You told me you had ramen for lunch today." (dec95)
        said = {_meal(w) for w in _MEAL.findall(found.told())}
        if said and _meal(meal.group(0)) not in said:
            return Evidence(NONE, own=found.own)
        if not said and not found.answered:
            from milo.memory.index import terms

            # ...or a closest note of no meal that shares nothing asked but the meal: "what did i
            # have for lunch" was "...The closest I have is that you have a little shop in Bursa." (dec140)
            if not (asked_terms(question, found.own) - set(terms(meal.group(0))) - _EATING_TERMS()) & set(terms(found.told())):
                return Evidence(NONE, own=found.own)
    m = _ASKED_DAY.search(question)
    if m is None:
        return found
    note = found.told()
    if not _SAYS_WHEN.search(note):
        from milo.memory.index import terms

        # A closest note by meaning alone, no word asked in it and no day: nothing told ("What did
        # I eat last night?" got "...The closest I have is that you just started keeping bees on
        # your roof", on a lived-in memory)
        unrelated = not found.answered and not (asked_terms(question, found.own) - _WHEN_TERMS()) & set(terms(note))
        return Evidence(NONE, own=found.own) if unrelated else found
    asked = " ".join(m.group(0).lower().split())
    same = _SAME_DAY.get(asked, asked.split()[-1]).split()
    if any(re.search(rf"(?<!\w){w}(?!\w)", note, re.IGNORECASE) for w in same):
        return found
    # (not said as the closest either: "...is that you made pierogi on sunday" reads as the answer)
    return Evidence(NONE, own=found.own)


# Someone of someone's ("my sister's husband", "Tiago's fiancée", "my boss's dog"): the one asked is
# the last.
_OF_WHOM = re.compile(r"(?<!\w)[^\W\d_]+['\u2019]s\s+([^\W\d_]+)")


# What someone does, asked as a habit or a job ("What does Pavel do?", "what does my wife do for
# work"), and a time that is once, not a habit ("on Friday", "next week"; not "on Fridays", "every
# week"): closed, lexical forms.
_WHAT_DOES_DO = re.compile(r"^\W*(?:(?:and|so|oh|ok|okay)\W+)*what\s+(?:does|do)\s+[^?]+?\s+do"
                           r"(?:\s+for\s+(?:work|a\s+living|a\s+job|money))?\W*$", re.IGNORECASE)
_ONE_TIME = re.compile(_ASKED_DAY.pattern + r"|(?<!\w)(?:(?:next|last)\s+(?:week|month|year)|this\s+weekend|ago)(?!\w)",
                       re.IGNORECASE)
# (and work, or what holds now: "what does leif do" / '...a fisherman' then 'actually he sold the
# boat last month, he works at the harbour office now' was "not sure", dec141)
_A_HABIT = re.compile(r"(?<!\w)(?:every|each|usually|always|often|weekly|daily|\w+days|weekends|nights|mornings|evenings"
                      r"|works?|job|now)(?!\w)",
                      re.IGNORECASE)


def once_not_habit(question: str, found: Optional[Evidence]) -> Optional[Evidence]:
    """`found`, only as the closest where the question asks what someone does and its note tells
    of one time ("What does Pavel do?" was "You told me your husband Pavel and you are flying to
    Lisbon on Friday.", dec101)."""
    if found is None or not found.answered or not _WHAT_DOES_DO.match(question):
        return found
    note = found.told()
    if not _ONE_TIME.search(note) or _A_HABIT.search(note):
        return found
    return found.only_closest()


def of_whom(question: str, found: Optional[Evidence]) -> Optional[Evidence]:
    """`found`, only as the closest where the question asks of someone of someone's and its note
    does not speak of that one: "What's my sister's husband called?" was "You told me your sister
    Zainab is a pilot and your brother Bilal is a chef." (dec96)."""
    if found is None or not found.answered:
        return found
    asked = {w for m in _OF_WHOM.finditer(question.casefold()) for w in (m.group(1), m.group(1)[:-1])
             if w in RELATIONS or w in _ROLES}
    if not asked:
        return found
    asked |= {w for group in _KIN_GROUPS if asked & group for w in group}
    words = {w.casefold() for w in re.findall(r"[^\W\d_]+", found.told())}
    if asked & (words | {w[:-1] for w in words}):
        return found
    return found.only_closest()


def closest_of_theirs(question: str, found: Optional[Evidence]) -> Optional[Evidence]:
    """`found`, without its closest note where the question asks the name of someone of theirs
    and that note does not speak of them: "What is my brother's name?" was "I'm not sure you've
    told me that. The closest I have is that you adopted a dog last week, her name is Bølle." (and,
    after the draft "Your brother's name is Ingrid.", "...that your partner Ingrid teaches maths")."""
    if found is None or found.answered or found.closest is None:
        return found
    if only_greets(found.closest.text, found.own):
        # (nor a greeting: "What did I have for breakfast?" got "...The closest I have is that Good
        # morning Søren.", 'Good morning Milo.' close to it by meaning)
        return dataclasses.replace(found, closest=None)
    if not _ASKS_NAME.search(question):
        return found
    kin = _kin_asked(question, roles=True)
    kin |= {w for group in _KIN_GROUPS if kin & group for w in group}  # "my children" / 'My twins, Ana and Radu'
    words = {w.casefold() for w in re.findall(r"[^\W\d_]+", found.closest.text)}
    if not kin or kin & (words | {w[:-1] for w in words}):
        return found
    if in_another_language(_words(found.closest.text)):
        # (its relation in its own language: 'Mi hija Sofía cumple diez años el sábado.' for "What's
        # my daughter's name?", dec104, was dropped)
        return found
    from milo.memory.index import terms

    # (a note of the one named, though: "What's the name of Tiago's fiancée?" / 'My brother Tiago
    # is getting married in June.')
    if (asked_terms(question) - _NAME_TERMS()) & set(terms(_statements(found.closest.text))):
        return found
    return dataclasses.replace(found, closest=None)


def as_told(note: str, own: str = "") -> str:
    """A note as the end of "You told me ..." (its user's words in their person)."""
    return _clause(note, own)


def only_greets(note: str, own: str = "") -> bool:
    """Whether a note's words are only a greeting and names ('Søren said: "Good morning Milo."')."""
    from milo.memory import names

    q = _said(note)
    return names.only_greets(q[1] if q else note, own, quoted_speaker(note) or "")


# Who may be spoken of by another word (closed, lexical classes; singular, a plural "s" is dropped).
_KIN_GROUPS = tuple(frozenset(g.split()) for g in (
    "child children kid son daughter twin baby boy girl",
    "parent mother mom mum mama father dad papa",
    "partner husband wife boyfriend girlfriend fiance fiancee fiancé fiancée spouse",
    "sibling brother sister twin"))


def _kind_before(words: Sequence[str], k: int) -> bool:
    """Whether a word between a determiner and words[k] says what kind it is ("a sushi chef", "a
    small bike repair shop"; not "you keep bees", nor "a new chef")."""
    for j in range(k - 2, max(-1, k - 5), -1):
        if words[j].casefold() in _DETERMINER or words[j].casefold() == "some":
            between = words[j + 1:k]
            return bool(between) and all(w.islower() for w in between) and not re.fullmatch(_PLAIN_ADJECTIVES, between[-1])
    return False


def says_which(question: str, found: Evidence) -> bool:
    """Whether what `found` says has the thing a "which X" question asks which of, with a name or
    a number beside it ("What guitar does Leo have?" / '...started guitar lessons on Mondays' has
    the guitar, not which: dec62)."""
    from milo.memory.index import terms

    thing = which_thing(question)
    if not thing:
        return True
    words = re.findall(r"[^\W_]+", found.told())
    # (not across a preposition: "starts university in Lagos" says where, not which: dec68)
    after = lambda k: [] if words[k + 1:k + 2] and words[k + 1].casefold() in _PLACE_PREPOSITIONS else words[k + 1:k + 3]  # noqa: E731
    # (what kind, said by a word before it: "what kind of chef am i" / 'i'm a sushi chef in sapporo'
    # was "not sure", dec292)
    kind = bool(_KIND_OF.search(question))
    return any(_matched(thing, set(terms(w))) and (
        any(x[0].isupper() or x[0].isdigit() for x in words[max(0, k - 1):k] + after(k))
        or (kind and _kind_before(words, k)))
        for k, w in enumerate(words))


def of_user(candidates: Sequence[Candidate], user: str = "") -> list[Candidate]:
    """The candidates that are the user's (`user`: their name, when known): not a note quoting
    someone else ('Caroline said: ...', an imported memory, another person who talks with Milo)."""
    return [c for c in candidates if quoted_speaker(c.text) in (None, user.casefold())] if user else list(candidates)


def _find(text: str, candidates: Sequence[Candidate], embed: Optional[Embed] = None, own: str = "",
          user: str = "") -> Optional[Evidence]:
    candidates = of_user(candidates, user)
    # (a greeting alone tells nothing: 'Good morning Milo.' was said for "What did I have for breakfast?")
    candidates = [c for c in candidates if not only_greets(c.text, own)]
    who = _WHO_IS.match(text)
    if who and user and bare(who["named"]) == bare(user):
        # "who is finn", Finn asking: their own name (dec85: "not sure", the closest note said)
        named = [c for c in candidates if c.key == NAME_NOTE]
        if named:
            return Evidence(named[-1].key, named[-1].text, own=own, summary=f"That's you, {user}!")
    if not asks_about_user(text, own):
        if _asks_about_us(text, own) and _beyond_name(text, own):  # not "Where were we?"
            # "What do we run?", "When does our shop open?": their family's, or the user's with
            # Milo ("Where were we?"), so a note answers, or the model does (never "not told").
            found = _by_their_notes(text, candidates, embed, own, user)
            if found is not None and (found.answered or found.closest is not None or _kin_asked(text, roles=True)
                                      or _THEIRS_WITH_WE.search(text)):
                # (their family is theirs, never Milo's: "how many children do we have" went to the
                # model, which said "We don't have any children. We are an artificial intelligence
                # assistant created by OpenAI.", dec141)
                return found
        if _names_theirs(text, candidates, own, embed) or _counts_theirs(text, candidates, own):
            return _by_their_notes(text, candidates, embed, own, user)
        found = _how_they_do(text, candidates, embed, own, user)
        if found is not None:
            return found
        return _told_about(text, candidates, embed, own, user)
    return _by_their_notes(text, candidates, embed, own, user)


# "How do I get to work?": advice, or how they do it. The verb right after "how do I" is the how
# asked (a closed, lexical form: English only so far).
_HOW_DO_I_DO = re.compile(r"^\W*(?:(?:and|so|oh|ok|okay|um|well)\W+)*how\s+do\s+(?:i|we)\s+(?P<verb>[^\W\d_]+)(?P<rest>[^?.!]*)",
                          re.IGNORECASE)


def asks_how_they_do(text: str) -> bool:
    """Whether `text` asks "how do I <do something>": how the user does it, where a note says."""
    return bool(_HOW_DO_I_DO.match(text))


def _how_they_do(text: str, candidates: Sequence[Candidate], embed: Optional[Embed], own: str = "",
                 user: str = "") -> Optional[Evidence]:
    """The note that says how the user does what "How do I ...?" asks, else None (advice: the
    model's). Left to the model, "how do i get to work" after 'I'm an architect in Aarhus and I
    cycle to work every day.' was answered "I cycle to work every day, which means I need to find
    a way to ride a bike..." as Milo's own (dec136). A note says how where it has every other word
    asked, not the asked verb itself (then it says another way: "cycle to work", "take the bus
    home from the gym"), and is close in meaning; "How do I boil an egg?" beside 'I boil an egg
    every morning' stays advice."""
    m = _HOW_DO_I_DO.match(text)
    if m is None or embed is None:
        return None
    from milo.memory.index import terms

    rest, verb = set(terms(m["rest"])) - _STOP_TERMS(), set(terms(m["verb"]))
    told = [c for c in of_user(candidates, user) if c.key != NAME_NOTE and tells(c.text, own)]
    if not rest or not told:
        return None
    meaning = by_meaning(text, told, embed, own, finer=True)  # ("...in Aarhus and I cycle to work": 0.27 whole, 0.40 the clause)
    if meaning is None:
        return None
    bar = MEANING_ANSWERS_MANY if len(told) > MANY_NOTES else MEANING_ANSWERS
    fits = [c for k, c in enumerate(told)
            if meaning[0][k] >= bar and rest <= set(terms(_statements(_words(c.text)))) and not verb & set(terms(_words(c.text)))]
    if not fits:
        return None
    # (among those notes alone: with many notes shown, the bar of a shared word is for a note as a
    # whole, 0.27 here; a later correction is still said, `corrected_closest`)
    found = _by_their_notes(text, fits, embed, own, user)
    return found if found.answered and not found.unsure else None


_THE = re.compile(r"(?<!\w)the\s+([^\W\d_]+)", re.IGNORECASE)
# A question for a place, a time or a person (a closed, lexical class), first in the question.
_ASKS_WHERE_WHEN_WHO = re.compile(_FOLLOW_OPENER + r"(?:where|where's|wheres|when|when's|whens|who|who's"
                                  # (and the year: "what year is the honda" / "I'm restoring a 1972 Honda right
                                  # now" went to the model, "It's an old car that he works on for fun", dec167)
                                  r"|whos|what\s+time|what\s+day|which\s+day|what\s+year|which\s+year)(?!\w)", re.IGNORECASE)


def asks_of_the(text: str, own: str = "") -> bool:
    """A question of "the" thing, written in lower case ("how old are the twins"), not to Milo."""
    return (bool(opening_words(_ASKS, own).search(text)) and not _YOU.search(text)
            and any(m.group(1).islower() for m in _THE.finditer(text)))


def _counts_theirs(text: str, candidates: Sequence[Candidate], own: str = "") -> bool:
    """How many of a thing a note of theirs counts, asked without "my" or "the": "how many guests
    are coming" / 'there will be about 400 guests' then 'sorry, it's 450 now' went to the model,
    which said 400 (dec227). Not of a name no such note has ("how many people live in London")."""
    from milo.memory.index import terms

    counted = _how_many(text)
    if not counted or _YOU.search(text):
        return False
    names = _names_asked(text, own)
    return any(bool(_counts_of(_statements(_words(c.text)), counted)) and names <= set(terms(c.text)) for c in told_notes(candidates, own))


def _compound_ends(question: str, note: str) -> set[str]:
    """The terms of the question's words that a word of `note` ends with, both parts three letters
    or more ("bike" of "motorbike": the stemmer makes them "bik" and "motorb")."""
    from milo.memory.index import terms

    words = {w.casefold() for w in re.findall(r"[^\W\d_]+", note)}
    return {t for q in {w.casefold() for w in re.findall(r"[^\W\d_]+", question)}
            if any(_ends_compound(w, q) for w in words) for t in terms(q)}


def _names_theirs(text: str, candidates: Sequence[Candidate], own: str = "", embed: Optional[Embed] = None) -> bool:
    """A name, a place, a time or a person asked of "the" thing a note of theirs tells of ("whats
    the band called" after 'i play the trumpet in a brass band': the model, left to answer, named
    it "the Brass Band"; "Where is the party?" after 'We're throwing her a party at my uncle Kai's
    house.' and 'the party moved to the beach park instead.', 0.45 and 0.43 in meaning: the model
    said the uncle's house): about the user. Only of a word written in lower case: "How tall is
    the Eiffel Tower?" or "How long does the bread take?" stay the model's; and where, when or who
    only when a note has every word the question asks with ("When does the museum open?" beside
    'My sister works at the museum in town.', "Who is the president of France?" beside 'I met the
    president of our chess club today.': the world's, for the model)."""
    # (a thing's name is its title too: "What's the book's title?" after 'I'm reading a book about
    # Stoicism.' was left to the model, which gave a title, its author and his century, dec98)
    asks_name = bool(_ASKS_NAME.search(text) or _ASKS_TITLE.search(text))
    measure = _ASKS_NUMBER.search(text)
    # ...or its colour or size ("what colour was the ribbon" / 'rex won a ribbon last saturday',
    # "What size is the sweater?" / "I'm knitting a sweater...": the model, left to answer, said
    # "The ribbon was blue.", "a medium-sized one": dec60)
    attribute = _ASKS_COLOUR.search(text) or _ASKS_SIZE.search(text)
    if ((not asks_name and not measure and not attribute and not _ASKS_WHERE_WHEN_WHO.match(text)) or _YOU.search(text)
            or not opening_words(_ASKS, own).search(text)):
        return False
    from milo.memory.index import terms

    things = {t for m in _THE.finditer(text) if m.group(1).islower() for t in terms(m.group(1))} - _NAME_TERMS()
    asked = asked_terms(text, own) - _WHEN_TERMS()
    if measure:
        # How long, how much of "the" thing of theirs, where the note has every other word asked:
        # "How long is the trip?" after 'I'm planning a trip to Japan in April...' was left to the
        # model, which said "10 days" (dec34); "how much does the vet cost" (dec42). Not "How long
        # does the bread take?" beside 'I bake bread every Sunday': the world's, for the model.
        asked -= set(terms(f"{measure.group(0)} cost costs costing"))
    if attribute:
        asked -= set(terms(attribute.group(0)))
    told = told_notes(candidates, own)
    # A note that opens with "it", "she"... is read with the one before it ("When will the boat be
    # finished?" / 'I'm building a wooden boat...' then 'It will be six metres long when it's
    # finished.', dec51: left to the model, it said "by December 15th").
    # (and a word of the question a note has as the end of a compound: "the bike" / 'a motorbike',
    # dec254: left to the model, "The bike costs around $15,000.")
    own_terms = [set(terms(_statements(c.text))) | _compound_ends(text, _statements(c.text)) for c in told]
    notes = [own_terms[i] | (own_terms[i - 1] if i and opens_with_pronoun(_words(c.text)) else set())
             for i, c in enumerate(told)]
    if not things:
        return False
    if any(things & note and (asks_name or asked <= note) for note in notes):
        return True
    # ...or of a thing the note says is theirs ("What time does the bakery open?" after 'I run a small
    # bakery in Accra with my sister Efua.': the model said "7 am", dec124), not one they only go
    # to ('My sister works at the museum in town.'); how many or how much too ("how many people are
    # coming to the party" after 'we're throwing her a surprise party next saturday at my flat':
    # the model said "...that Malik was getting his phd", his sister's, dec137).
    # ...or of "the trip" where a note tells of their going somewhere ("how long is the trip" /
    # 'we are going to portugal in may': the model said "The trip will last for five days.", dec165)
    # (nothing else asked that the note has not: "how long is the trip to mars" is the world's)
    if things & _JOURNEY_TERMS() and any(_THEY_GO.search(own_words(c.text) or c.text)
                                         and asked - things <= set(terms(own_words(c.text) or c.text)) for c in told):
        return True
    if (_ASKS_WHERE_WHEN_WHO.match(text) or measure) and any(_has_as_theirs(c.text, things) for c in told):
        return True
    if not (_ASKS_WHERE_WHEN_WHO.match(text) or measure or asks_name):
        return False
    # ...or of "the" thing a note of theirs names by another word, close in meaning and saying the
    # kind asked (a when, a number): "when is the race" / 'i'm running a half marathon in april'
    # was left to the model, which said "April 15th" (dec185). Not "when is the election" beside
    # 'i'm voting for the greens' (no when told: the model's).
    # (and who: "who is baking the cakes" / 'I'm organising a bake sale for the school library': the
    # model, left to answer, said "Harriet is baking the cakes.", dec215)
    # (not of a name no note has: "Who is the president of France?" beside 'I met the president of
    # our chess club today.' is the world's)
    names = _names_asked(text, own)
    # (and a name: "what is the boat called" / 'we're sailing to the faroe islands in june': the
    # model, left to answer, named the boat "Milo", dec223)
    meaning = (by_meaning(text, told, embed, own) if embed is not None and told and (asks_when_or_how_many(text) or asks_who(text) or asks_name)
               and (not names or any(names <= note for note in notes))
               # (who, only of a thing no note names: "who invented the erhu" beside 'I play the erhu...')
               and not (asks_who(text) and any(things & note for note in notes)) else None)
    return meaning is not None and any(cos >= MEANING_THE_THING and says_what_is_asked(text, c.text)
                                       for c, cos in zip(told, meaning[0]))


# A journey, and the user going somewhere (closed, lexical classes; English).
_JOURNEYS = "trip trips journey holiday holidays vacation visit flight travels tour"
_THEY_GO = re.compile(r"(?<!\w)(?:i|we)(?:['’](?:m|re)|\s+am|\s+are|\s+will\s+be|'ll\s+be)?\s+(?:going|flying|travel+ing|heading|off|driving|sailing)"
                      r"\s+(?:back\s+)?to\s+[^\W\d_]+", re.IGNORECASE)


@functools.lru_cache(maxsize=1)
def _JOURNEY_TERMS() -> frozenset:
    from milo.memory.index import terms

    return frozenset(terms(_JOURNEYS))


_MY_THING = re.compile(r"(?<!\w)(?:my|our)\s+(?:[^\W\d_]+(?:['\u2019]s)?\s+){0,2}[^\W\d_]+"
                       # (and one they lead: "I teach a beginners class every Saturday morning": "how many
                       # students come to the class" was left to the model, which said "about 20", dec175)
                       r"|(?<!\w)(?:i|we)\s+(?:run|own|have|opened|started|manage|built|founded|teach|coach|lead|host|direct)\s+(?:a|an|the|my|our)\s+"
                       r"(?:[^\W\d_]+(?:['\u2019]s)?\s+){0,2}[^\W\d_]+"
                       # an event they give: "we're throwing her a surprise party", "I'm hosting a dinner"
                       r"|(?<!\w)(?:i|we)(?:['\u2019](?:m|re)|\s+am|\s+are)?\s+(?:throwing|hosting|holding|organi[sz]ing|planning|having)"
                       # (for someone: "throwing her a party", "throwing my brother a birthday party")
                       r"\s+(?:(?:her|him|them|you|us|me|(?:my|our)\s+[^\W\d_]+)\s+)?(?:a|an|the|my|our)\s+(?:[^\W\d_]+\s+){0,2}[^\W\d_]+",
                       re.IGNORECASE)
# ...and one they are part of: "I play the erhu in a community orchestra" (the orchestra, not the
# erhu), "I'm a nurse at a hospital".
_PART_OF = re.compile(r"(?<!\w)(?:i|we)(?:['\u2019](?:m|re)|\s+am|\s+are)?\s+(?:[^\W\d_]+\s+){1,4}?(?:in|at|for|with)"
                      r"\s+(?:a|an|the|my|our)\s+(?P<thing>(?:[^\W\d_]+\s+){0,2}[^\W\d_]+)", re.IGNORECASE)


def _has_as_theirs(note: str, things: set) -> bool:
    """Whether `note` tells of one of `things` (terms) as the user's own: "my bakery", "our shop",
    "I run a small bakery", "I play in a community orchestra" (English possessives, verbs of
    owning and prepositions of belonging, and up to three words after them: closed, lexical classes)."""
    from milo.memory.index import terms

    words = own_words(note) or note
    for m in _MY_THING.finditer(words):
        span = words[m.start():m.end()]
        if things & set(terms(span.split(None, 1)[1] if " " in span else span)):
            return True
    return any(things & set(terms(m["thing"])) for m in _PART_OF.finditer(words))


# Third person pronouns that open what the user said (a closed, lexical class; English only so far).
_OPENS_WITH_PRONOUN = re.compile(r"^\W*(?:(?P<it>it|it's|its)|she|she's|shes|he|he's|hes|they|they're|theyre)(?!\w)", re.IGNORECASE)


def _of_the_one_named(told: Sequence[Candidate], k: int, question: str, own: str = "", user: str = "") -> Optional[int]:
    """The note after told[k] whose "he" or "she" is the one told[k] names: the next note that
    opens with a pronoun, or the one after a note between that names no one and says no "he" or
    "she" ('my grandson mateo is visiting me this weekend', 'We're going to make paella together
    on Sunday.', 'he's twelve and he loves football': "how old is mateo", dec179)."""
    if k + 1 < len(told) and opens_with_pronoun(_words(told[k + 1].text)):
        return k + 1
    if k + 2 < len(told) and opens_with_pronoun(_words(told[k + 2].text), it=False):
        between = _words(told[k + 1].text)
        if not _HE_OR_SHE.search(between) and not any(True for _ in _names(_statements(between), question, own, user)):
            return k + 2
    return None


_OPENS_WITH_THEIR = re.compile(r"\W*(?:his|her|their)\s", re.IGNORECASE)
_HE_OR_SHE = re.compile(r"(?<!\w)(?:he|she|him|her|his|hers|he's|she's)(?!\w)", re.IGNORECASE)


def opens_with_pronoun(words: str, it: bool = True) -> bool:
    """Whether `words` open with "she", "he", "they" (someone the words before named) or, with
    `it`, "it" (a thing they named)."""
    m = _OPENS_WITH_PRONOUN.match(words)
    return bool(m) and (it or not m.group("it"))


# "we", "our" (a closed class; English only so far): the user and theirs, or the user and Milo.
# "us" too ("Who guided us?" was left to the model, which named the guide and then invented a
# story of him), but not the country written "US".
_US = re.compile(r"(?<!\w)(?:we|we're|we've|we'd|our|ours|ourselves|(?-i:(?!US))us)(?!\w)", re.IGNORECASE)


def _asks_about_us(text: str, own: str = "") -> bool:
    t = text.replace("\u2019", "'")
    # "Shall we...?", "Can we talk about...?" are _ADVICE's; "Let's...", "let us..." a request too.
    return (not _YOU.search(t) and not _ADVICE.search(t) and not _LETS.search(t)
            and any(_US.search(s) for s in _question_sentences(text, own)))


_LETS = re.compile(r"(?<!\w)let(?:'s|\s+us)(?!\w)", re.IGNORECASE)
# What they have, asked with "we" or "our" (a closed, lexical form: English): Milo shares no
# possessions with them but their talk. "how many tables do we have" (their restaurant) went to
# the model: "We have 12 tables. This information was shared earlier..." (dec148).
_THEIRS_WITH_WE = re.compile(r"(?<!\w)(?:(?:do|did|does|will)\s+we\s+(?:have|own|keep|sell)|how\s+(?:many|much)\s+(?!times?\b)[^?]*\bwe\s+(?:have|own|keep|sell|make|serve)"
                             r"|our\s+(?!conversations?|chats?|talks?|last|first|time)[^\W\d_]+)(?!\w)", re.IGNORECASE)


# What they love, asked, and said (closed, lexical classes; English).
_ASKS_LIKED = re.compile(r"(?<!\w)what\s+(?:do|does|did)\s+(?:i|we)\s+(?:most\s+)?(?:love|like|enjoy|adore)(?:\s+(?:most|best))?"
                         r"(?:\s+(?:about|in|of)\s)", re.IGNORECASE)
_SAYS_LIKED = re.compile(r"(?<!\w)(?:favou?rite|(?:i|we)\s+(?:really\s+|just\s+|absolutely\s+)?(?:love|like|enjoy|adore)(?!\s+to\b)"
                         r"|best\s+(?:part|thing|bit)|(?:love|enjoy)\s+(?:it|that|the))(?!\w)", re.IGNORECASE)


# What they do as a habit, asked ("what do i make": a closed, lexical form; English).
_HABIT_ASKED = re.compile(r"^\W*what\s+(?:(?:do|does)\s+(?:i|we)\s+(?P<verb>[^\W\d_]+)|(?:am\s+i|are\s+we)\s+(?P<ing>[^\W\d_]+ing))(?!\w)",
                          re.IGNORECASE)


def _says_as_asked(question: str, note: str) -> bool:
    """Whether `note` says what the question asks they do with its subject and verb as asked: "what
    do we see" / 'a tour takes about six hours and we see seals most days' (0.13 in meaning: to
    the model, which said "We saw seals most days during our kayaking tour...", dec287). Not
    where a thing is asked which of ("which ward do i work on" / 'i work three nights a week')."""
    m = _HABIT_ASKED.match(question)
    if m is None or not m["verb"] or which_thing(question):
        return False
    subject = re.match(r"\W*what\s+(?:do|does)\s+(\w+)", question, re.IGNORECASE).group(1)
    verb = re.escape(m["verb"].casefold())
    return bool(re.search(rf"(?<!\w){re.escape(subject)}\s+(?:\w+ly\s+|also\s+|still\s+|usually\s+|often\s+|always\s+)?{verb}(?:s|es)?(?!\w)",
                          _statements(_words(note)), re.IGNORECASE))


def _of_the_habit(verb: str, note: str) -> bool:
    """Whether a newer note may change the habit `verb` asked: it has the verb, or corrects by more
    than a move, a "now" or something new ('Correction: the café is in Nairobi, I moved last year'
    does; 'in spring we move them to the mountains', 'it needs a new mast' do not)."""
    return (_verb_as(verb, "", note) or _verb_as(verb, "ing", note)
            or changes(_WEAK_CHANGE.sub(" ", _words(note))))


_WEAK_CHANGE = re.compile(r"(?<!\w)(?:move|moves|moved|moving|now|new)(?!\w)", re.IGNORECASE)


_NOW = re.compile(r"(?<!\w)now(?!\w)", re.IGNORECASE)


def _verb_as(verb: str, ending: str, note: str) -> bool:
    """Whether `note` (the user's words) has `verb` as said ("build", "builds", "builder") or, with
    `ending` "ing", in its -ing form ("building", "making", "running")."""
    v = verb.casefold()
    if ending == "er":  # its doer, after what is done: "violin maker", "boat builders"
        forms = rf"(?<=[^\W\d_]\s){re.escape(v[:-1] if v.endswith('e') else v)}(?:er|ers)"
    elif ending:
        stem = v[:-1] if v.endswith("e") and not v.endswith("ee") else v
        forms = rf"(?:{re.escape(stem)}|{re.escape(v)}{re.escape(v[-1])})ing"
    else:
        # (or its doer: 'I'm a violin maker' says what they make, dec270)
        forms = rf"{re.escape(v)}(?:s|es)?|{re.escape(v[:-1] if v.endswith('e') else v)}(?:er|ers)"
    return bool(re.search(rf"(?<!\w)(?:{forms})(?!\w)", _statements(_words(note)), re.IGNORECASE))


def _by_their_notes(text: str, candidates: Sequence[Candidate], embed: Optional[Embed], own: str = "",
                    user: str = "") -> Evidence:
    """What answers `text`, a question about the user (see `find`), among their notes."""
    asked = _beyond_name(text, own)  # "what's my sister's name": about the sister
    if not asked and _asks_own_name(text):
        # Their own name ("what's my name", "who am i"): the note that gives it, if any.
        named = [c for c in candidates if c.key == NAME_NOTE]
        return Evidence(named[-1].key, named[-1].text, own=own) if named else Evidence(NONE, own=own)
    from milo.memory.index import terms

    told = [(i, c) for i, c in enumerate(candidates) if c.key != NAME_NOTE and tells(c.text, own)]
    meaning = by_meaning(text, [c for _, c in told], embed, own) if embed is not None and told else None
    # Most words in common with what is asked, then with the whole question ("called" of "What's my
    # cat called?" picks 'my cat is called Biscuit' over 'the cat scratched the sofa'), then the newest.
    whole = set(terms(text))
    # A day in common is not what is asked, unless the day is all that is asked ("What did I do
    # on Sunday?": by words alone it was then "not told" beside 'I painted the fence on Sunday').
    what = (asked - _WHEN_TERMS()) or asked
    # A kind asked of a thing: the kind is said instead of the thing ("What kind of dog did we
    # adopt?" / '...adopted a rescue greyhound called Dash.', not the newer 'He's seven and very shy
    # around other dogs.', which shares "dog": dec55).
    if _KIND_OF.search(text):
        what = (what - which_thing(text)) or what
    note_terms = [set(terms(_statements(c.text))) for _, c in told]
    if _A_TIME.search(text):
        # A time asked ("what's my target time") is not how often: 'i run four times a week now'
        # shares no time with it (it was said as the answer, dec183)
        note_terms = [t - set(terms("time")) if _only_how_often(_statements(c.text)) else t for (_, c), t in zip(told, note_terms)]
    shared = [(len(_matched(what, t)), len(_matched(whole, t)), i, c, j) for j, ((i, c), t) in enumerate(zip(told, note_terms))]
    many = len(told) > MANY_NOTES
    at_least, answers = (MEANING_AT_LEAST_MANY, MEANING_ANSWERS_MANY) if many else (MEANING_AT_LEAST, MEANING_ANSWERS)
    # A relation in common is kept however far in meaning: "What's my husband called?" was 0.18
    # from 'We run a tea shop in Brno with my husband Tomas.', and "not told" was said (the name
    # asked is then looked for beside it: `_lacking`).
    kin_of = {j for j, t in enumerate(note_terms) if what & t & _RELATION_TERMS()}
    shared = [s for s in shared if s[0] and (meaning is None or meaning[0][s[4]] >= at_least or s[4] in kin_of
                                             or _says_as_asked(text, s[3].text))]
    j = int(max(range(len(told)), key=lambda k: (meaning[0][k], k))) if meaning is not None else -1  # the closest in meaning
    # What they love about something, asked: of the notes close to it, one that says what they love
    # ("what do i love about my job" / 'my favourite part is reading stories to the kids' (0.32), not
    # 'I work twelve hour night shifts' (0.34, and "work" in common), dec210)
    liking = ([k for k in range(len(told)) if _SAYS_LIKED.search(_statements(_words(told[k][1].text)))
               and meaning[0][k] >= answers] if meaning is not None and _ASKS_LIKED.search(text) else [])
    if liking:
        j = max(liking, key=lambda k: (meaning[0][k], k))
        shared = [s for s in shared if s[4] in liking] or [s for s in shared if s[4] == j] or [(0, 0, told[j][0], told[j][1], j)]
    # Asked what they do themselves: the notes that say it only of him or her (`_done_by_others`)
    # (not "whose bike do i use": the other one is what is asked, dec65)
    others = ({s[4] for s in shared if _done_by_others(_statements(_words(s[3].text)), what)}
              if _ASKS_OF_I.search(text) and not re.match(r"\W*(?:whose|who|whom)(?!\w)", text, re.IGNORECASE) else set())
    if shared:
        # (then, for "Who is Karin?", the note that gives who she is to them: 'My wife Karin and
        # I...', not the newer 'Karin changed her mind...', dec44)
        # ...and, asked where, the note with a place right after what is asked ("where are we moving"
        # / 'chidi and i are moving to a flat in glasgow', not the newer 'the move is on the 9th and
        # chidi starts his new job at the university': dec59)
        where = bool(_ASKS_WHERE.search(text))
        # ...and, asked how many, the note that counts it ("How many bonsai do I have?": 'I have
        # about thirty of them', not the newer 'My oldest bonsai is a juniper...', dec92)
        counted = _how_many(text)
        # ...and, asked what they do themselves, not a note that says it of him or her (`others`)
        # (a word itself before its doer: "What do I drive?" / 'I drive a tram in Kraków', not the
        # newer 'tomorrow I'm training a new driver')
        # ...and, asked what is done ("what are we opening"), the note where the verb has a thing
        # after it: 'me and my brother are opening a ramen bar in osaka', not the newer 'we open on
        # the 1st of march' (a when after it; dec174)
        done = _WHAT_IS_DONE.match(text)
        # (who with: whom they do it with; not "who is coming to the party" / 'a party at my uncle
        # Kai's house': he is named, not as the one asked)
        who = asks_who(text) and bool(re.search(r"(?<!\w)with\W*$", text, re.IGNORECASE))
        which = bool(re.match(r"\W*which\b", text, re.IGNORECASE))
        # ...and, asked what they do as a habit, the note with the verb as asked: "what do i make" /
        # 'I make pottery in a small studio in Kyoto', not the newer 'I'm making a set of tea bowls
        # for my aunt Haruko' (dec207); and what they are doing: "what am i saving for" / 'I'm saving
        # up to buy a cocoa farm', not the newer 'I've saved about half of the money so far' (dec219)
        habit = _HABIT_ASKED.match(text)
        # (the verb as asked before the words in common: 'I'm a violin maker' has "make" only as its
        # doer, the newer 'I'm making one now' had won by it, dec270)
        best = max(shared, key=lambda s: (s[0], not habit or not habit["verb"] or _verb_as(habit["verb"], "", s[3].text),
                                          len(what & note_terms[s[4]]), s[4] not in others,
                                          # (or its doer after what is done: 'I'm a violin maker',
                                          # not the newer 'I'm making one now...', dec270)
                                          not done or _thing_after(_statements(_words(s[3].text)), what)
                                          or bool(habit and habit["verb"] and _verb_as(habit["verb"], "er", s[3].text)),
                                          not habit or _verb_as(habit['verb'] or habit['ing'], "", s[3].text),
                                          s[1], where and _place_after(_statements(s[3].text), what),
                                          # (or anywhere: "where does my ferry go" / 'I'm a ferry captain
                                          # between Split and Hvar', not the newer 'my ferry is called Jadran', dec230)
                                          where and says_where(_statements(_words(s[3].text))),
                                          _gives_who(text, s[3].text),
                                          # ...and, asked who with, a note that names someone: "who
                                          # am i opening it with" / 'me and my brother are opening
                                          # a ramen bar', not the newer 'we open on the 1st of march'
                                          not who or not names_no_one(text, _words(s[3].text), own, user),
                                          # ...and, asked which, a note that names one: "which
                                          # languages do i translate" / 'I translate books from
                                          # German into Chinese', not the newer 'right now I'm
                                          # translating a novel about a lighthouse keeper' (dec178)
                                          not which or any(True for _ in _names(_statements(_words(s[3].text)), text, own, user)),
                                          bool(counted) and bool(_counts_of(_words(s[3].text), counted)), s[2]))
        if (meaning is not None and _ASKS_WHEN.search(text) and j != best[4] and meaning[0][j] >= answers
                and meaning[0][j] > meaning[0][best[4]] and not says_what_is_asked(text, _words(best[3].text))
                and says_what_is_asked(text, _words(told[j][1].text))):
            # Asked when, the note closest in meaning says when and the one by words does not:
            # "when do i work now" / 'We changed my shifts, I'm on weekends now...' (0.42), not
            # 'I work at a fish farm near Bergen.' (0.27, "work" in common; dec90)
            best = (0, 0, told[j][0], part_of(told[j][1], meaning[2][j]), j)
        elif (meaning is not None and _ASKS_WHEN.search(text) and not says_what_is_asked(text, _words(best[3].text))
              and (timed := [k for k in range(len(told)) if k != best[4] and says_what_is_asked(text, _words(told[k][1].text))])):
            # ...or, not the closest, close to the question and to the note by words: "when is the
            # wedding" / 'my daughter greta is getting married in september' (0.49), beside 'the
            # wedding is at a vineyard near stuttgart' (0.54, "wedding" in common; dec208)
            k = max(timed, key=lambda k: (meaning[0][k], k))
            if meaning[0][k] >= MEANING_SURE and meaning[1][best[4]][k] >= MEANING_WHEN_BESIDE:
                best = (0, 0, told[k][0], part_of(told[k][1], meaning[2][k]), k)
    elif meaning is not None and meaning[0][j] >= answers:
        best = (0, 0, told[j][0], part_of(told[j][1], meaning[2][j]), j)
    elif _HOW_DO_I_HABIT.search(text):
        return None  # "How do I take a screenshot?": no note says, so advice as well as habit: the model answers
    elif (meaning is not None and _ASKS_JOB.match(text) and meaning[0][j] >= (MEANING_CLOSEST_MANY if many else MEANING_CLOSEST)
          and _role_of(_statements(_words(told[j][1].text))) and quoted_speaker(told[j][1].text) in (None, (user or "").casefold())):
        # Their work asked, and the closest note says what they are: "what do i do for a living" /
        # 'I'm a fisherman from Húsavík' (no word in common, 0.30: "not sure", dec181). The draft
        # looks again. ('I'm a vegetarian' says how they are: not this.)
        note = part_of(told[j][1], meaning[2][j])
        return Evidence(note.key, note.text, own=own, unsure=True)
    elif (meaning is not None and meaning[0][j] >= (MEANING_CLOSEST_MANY if many else MEANING_CLOSEST)
          and (user or quoted_speaker(told[j][1].text) is None)):
        # Said as the user's own ("The closest I have is that you ..."): not another person's
        # words while Milo does not know whose are the user's (a lived-in memory's 'Melanie said:
        # ... You know you love live music' was the closest to "What do I do for a living?").
        return Evidence(NONE, own=own, closest=part_of(told[j][1], meaning[2][j]))
    else:
        return Evidence(NONE, own=own)
    # The newest note on the same thing, if newer: it shares what is asked, or (by meaning) it is
    # close to the one that answers ("...a half marathon in October" / "I signed up for the full
    # marathon instead").
    # (sharing at least half of what it shares of what is asked: "How often does my book club read a
    # novel?" / 'My book club reads one novel a month.' was replaced by 'Actually we switched to a
    # book by Leila Slimani.', which shares "book" alone, dec73)
    later = [s for s in shared if s[2] > best[2] and 2 * s[0] >= best[0] and not (s[4] in others and best[4] not in others)]
    if _WHAT_IS_DONE.match(text) and _thing_after(_statements(_words(best[3].text)), what):
        # What is done, and the note says what: not a newer one that says only where or when it is
        # done ("what do i play" / 'i play the fiddle in a trad band', then 'we play at o'malley's
        # pub every thursday' and its correction were said instead, dec219)
        later = [s for s in later if _thing_after(_statements(_words(s[3].text)), what)]
    if asks_who(text) and not names_no_one(text, _words(best[3].text), own, user):
        # Who, and the note names one: not a newer one that names no one and changes nothing ("who
        # do i run with" / 'I run with my friend Niamh on Sunday mornings', then 'my longest run so
        # far is 28 km' was said beside it, dec237)
        later = [s for s in later if not names_no_one(text, _words(s[3].text), own, user) or changes(_words(s[3].text))]
    if meaning is not None:
        # ...and they share the thing, not only a name or a place, or the newer one is itself close
        # to the question: 'I moved to Leeds last year.' is 0.64 from 'I work as a nurse in Leeds.'
        # (0.15 from "What's my job?", which was answered with the move); 'Actually Julien moved to
        # Québec City last month.' is 0.42 from "Where does my brother live now?".
        # A thing shared alone is said beside only when the newer note changes something (or
        # says another when of it: 'Kofi's visit got pushed to December'): 'My student Yusuf won a
        # prize for his calligraphy last month.' was said after "What do I teach?" / 'I teach
        # Arabic calligraphy...' as "..., and later that ..." (dec114).
        close = {j for j in range(best[4] + 1, len(told)) if meaning[1][best[4]][j] >= MEANING_SAME_THING
                 and ((_share_a_thing(best[3].text, told[j][1].text) and _may_change(best[3].text, told[j][1].text))
                      or meaning[0][j] >= answers)}
        if _ASKS_NOW.search(text):
            # What holds now is asked, and a newer change answers it by itself: "What instrument do
            # I play now?" / 'Actually I switched to the double bass this year.' (0.46; 0.37 from
            # 'I play cello in an orchestra.', which was said first, dec95).
            close |= {j for j in range(best[4] + 1, len(told)) if meaning[0][j] >= MEANING_SURE and changes(_words(told[j][1].text))}
        # (where, when or how many asked, one close by meaning alone that says none and changes
        # nothing, not even when, is no answer: "where do i grow them" was said "..., and later
        # that you have eight plants", dec180; 'Kofi's visit got pushed to December.' is still
        # said beside where he comes from, dec92)
        later += [(0, 0, told[j][0], told[j][1], j) for j in close if all(s[4] != j for s in later)
                  and (changes(_words(told[j][1].text)) or _says_the_kind_asked(text, _words(told[j][1].text))
                       or _SAYS_WHEN.search(_words(told[j][1].text)))]
    # A newer note that says the one that answers no longer holds ("Oh, it's not the gym anymore,
    # it's at the park now." after 'My yoga class is on Wednesday evenings at the gym.', 0.36
    # apart in meaning: "Where is my yoga class?" was answered with the gym).
    later += [(0, 0, told[j][0], told[j][1], j) for j in range(best[4] + 1, len(told))
              if all(s[4] != j for s in later) and _negates(best[3].text, told[j][1].text)]
    k = best[4] + 1
    # (a count changed right after is said beside the count it changes: 'two died last week, so six
    # left' says six of what only with 'i have eight plants')
    recount = not later and k < len(told) and _count_after(text, best[3].text, told[k][1].text)
    if not later and k < len(told) and (_where_after(text, best[3].text, told[k][1].text)
                                        or _when_after(text, best[3].text, told[k][1].text) or recount
                                        or _why_after(text, best[3].text, told[k][1].text)
                                        or _looks_after(text, best[3].text, told[k][1].text)
                                        or _made_of_after(text, best[3].text, told[k][1].text)):
        later = [(0, 0, told[k][0], told[k][1], k)]  # where, when or how many, which only the note right after says of it
    if (not later and asks_when_or_how_many(text)
            # (or the kin asked: "how old is my daughter" / 'My daughter Leila starts school next
            # Monday', then "she's five and a bit nervous", dec239)
            and (_shares_name(text, best[3].text, own, user)
                 or _kin_asked(text, roles=True) & _kin_asked(_words(best[3].text), roles=True))
            and not says_what_is_asked(text, _words(best[3].text))
            and (a := _of_the_one_named([c for _, c in told], best[4], text, own, user)) is not None
            and says_what_is_asked(text, _words(told[a][1].text))
            and (not _ASKS_NUMBER.search(text) or _counts_what_is_asked(text, _words(told[a][1].text)))):
        # a when or a number of the one named, which a later note of "he" or "she" says: "how old
        # is mateo" / 'my grandson mateo is visiting me this weekend', then 'We're going to make
        # paella together on Sunday.', 'he's twelve and he loves football' (dec179)
        later = [(0, 0, told[a][0], told[a][1], a)]
    if not later and _ASKS_DISTANCE.search(text) and not _DISTANCE.search(_words(best[3].text)):
        # How far, and "it" says it in one of the next two notes: 'i'm walking the camino de
        # santiago in september', 'i'm starting from porto', "it's about 240 km" (dec234)
        at = [a for a in (k, k + 1) if a < len(told) and opens_with_pronoun(_words(told[a][1].text))
              and _DISTANCE.search(_words(told[a][1].text))]
        if at:
            later = [(0, 0, told[at[0]][0], told[at[0]][1], at[0])]
    if not later and _ASKS_WHERE.search(text) and says_where(_words(best[3].text)):
        # Where, and the first change told after it that says another place: 'Change of plans,
        # we're going to Madrid instead.' after '...flying to Lisbon on Friday.' (0.31 in meaning,
        # no word shared: "Where are we flying?" was answered with Lisbon, dec101)
        # (one that points back, "...a small shop for it now", is said beside it: `_correction_after`)
        moved = [j for j in range(k, len(told)) if changes(_words(told[j][1].text))]
        # (a "there" after its new place points at that place: 'actually i moved to the ferry
        # terminal in kadıköy, more people there', dec298)
        if moved and says_where(_words(told[moved[0]][1].text)) and not points_back(_THERE_AFTER_A_PLACE.sub(lambda m: m["place"], _words(told[moved[0]][1].text))):
            later = [(0, 0, told[moved[0]][0], told[moved[0]][1], moved[0])]
    if not _ASKS_WHEN.search(text):
        # A change of day is not of a note that gives no when: 'Scratch that, Mrs. Ito moved my
        # lessons to Monday.' (0.50 from it) replaced 'I'm learning the cello and my teacher is
        # Mrs. Ito.', and "What instrument am I learning?" was answered with the Monday.
        later = [s for s in later if not _changes_a_day_it_lacks(best[3].text, s[3].text)]
    if (habit := _HABIT_ASKED.match(text)) and habit["verb"] and _verb_as(habit["verb"], "", best[3].text):
        # (nor one without the verb that corrects nothing: "what do i herd" / 'I'm a reindeer herder
        # in Kiruna' was replaced by 'in spring we move them to the mountains', its "move" a change, dec301)
        later = [s for s in later if _of_the_habit(habit["verb"], s[3].text)]
        # What they do as a habit, and the note says it so: not a newer one of what they are doing
        # now, which changes nothing else ("what do i build" / 'i build wooden boats in bergen',
        # then 'the one i'm building now is for a fisherman in tromsø' was said instead, dec280)
        later = [s for s in later if not (_verb_as(habit["verb"], "ing", s[3].text) and not _verb_as(habit["verb"], "", s[3].text)
                                          and not changes(_NOW.sub(" ", _words(s[3].text))))]
    if _WHO_FOR.match(text) and _FOR_ONE.search(_words(best[3].text)):
        # Who it is for, and the note says: a newer note that says so too, not any that names
        # someone ('my dog bran comes with me in the van' beside '...a delivery van for a bakery', dec255)
        later = [s for s in later if _FOR_ONE.search(_words(s[3].text)) or changes(_words(s[3].text))]
    last = sorted(later, key=lambda s: s[2])[-1] if later else None  # the newest on the same thing
    newer = (_answering(last[3], asked),) if last else ()
    if last is not None and not changes(_words(last[3].text)):
        # ...and a correction of that newer one, told after it, that says the kind asked ("when are
        # mia's lessons" / 'her lessons are on thursday afternoons', said beside 'my daughter mia
        # started swimming lessons', then 'sorry, they're on friday afternoons, not thursday': Milo
        # said Thursday, dec203; not a day changed alone, asked where, dec219)
        # (or one that swaps a thing of it: 'every thursday' + "it's wednesdays now, not thursdays")
        newer += tuple(c for c in _correction_after(last[4], told, meaning) if _says_the_kind_asked(text, _words(c.text))
                       or swapped(_clause(last[3].text, own), _clause(c.text, own)))
    beside = () if newer else _correction_after(best[4], told, meaning)
    if habit and habit["verb"] and _verb_as(habit["verb"], "", best[3].text):
        # (the habit asked, said as asked: only a note of it beside; "what do i restore" was said
        # "..., and later that it needs a new mast", dec226)
        beside = tuple(c for c in beside if _of_the_habit(habit["verb"], c.text))
    # Only a relation in common ("What does my husband do?" / 'We moved to Dublin for my husband's
    # job.'): the note is about that person, perhaps not what is asked: the draft looks again.
    # (Part of what is asked in common, "what did i make in class" / 'the pottery class moved to
    # thursdays', looked at again too: never told 71 -> 72 of 74, but told facts said surely went
    # to the closest, "what subject do i teach" / 'i teach physics...': not kept.)
    # (a name or a number asked is seen in the note's words, `_lacking`).
    kin = (bool(best[0]) and _matched(what, note_terms[best[4]]) <= _RELATION_TERMS()
           and not (_ASKS_NAME.search(text) or _ASKS_NUMBER.search(text)))
    # What they do, asked of a note that tells of theirs, not of them: "what do i do in the band" /
    # 'my band is recording an album in march', beside 'i write all the lyrics' (dec65).
    kin = kin or (bool(_WHAT_I_DO.search(text)) and not _I_DO.search(_statements(_words(best[3].text))))
    thing = which_thing(text)
    if thing and not _matched(thing, note_terms[best[4]]) and not newer:
        # Which thing, and the note shares nothing asked but a name: "what present am i giving mia"
        # / 'my granddaughter Mia turns six next week, we're having a party with a unicorn cake'
        # (the draft: "You are giving Mia an unicorn cake...", said as told, dec146).
        if (shared_terms := _matched(what - thing, note_terms[best[4]])) and shared_terms <= _capitalised_terms(best[3].text):
            return Evidence(NONE, own=own, closest=_answering(best[3], asked), lacks="which")
    found = Evidence(best[3].key, _answering(best[3], asked).text, newer or beside, bool(newer) and changes(newer[-1].text) and not recount, own,
                     unsure=(kin or not best[0]) and meaning is not None and (kin or meaning[0][best[4]] < MEANING_SURE))
    now_alone = (found.replaced and meaning is not None and last is not None and bool(_ASKS_NOW.search(text))
                 and meaning[0][last[4]] >= MEANING_SURE)  # (see `close` above: the change answers what holds now)
    found = _corrected_older(_day_kept(found if now_alone else _older_kept(found, text), text, [c for _, c in told], embed),
                             text, [c for _, c in told])
    # (the closest as said: without a day changed since, "...for your dad's birthday in March", dec60)
    return _aged_instead(_lacking(found, text, own, user, _answering(found.newer[-1], asked) if found.newer and found.replaced
                                  else Candidate(found.choice, found.note)), found, text, [c for _, c in told], own, user)


def _aged_instead(lacking: Evidence, found: Evidence, text: str, told: Sequence[Candidate], own: str, user: str) -> Evidence:
    """`lacking`, or where an age is asked and the note chosen gives none, the newest other note
    on the same one that gives one: "How old is Matteo?" was said 'Matteo wants to be an
    astronaut...' as the closest beside '...the youngest, Matteo, is six.' (dec119)."""
    from milo.memory.index import terms

    if lacking.lacks != "number" or not _ASKS_AGE.search(text) or found.newer:
        return lacking
    asked = asked_terms(text, own)
    aged = [c for c in told if c.key != found.choice and asked & set(terms(_words(c.text))) and _ages(_clause(c.text, own))]
    if not aged:
        return lacking
    return _lacking(Evidence(aged[-1].key, aged[-1].text, own=own), text, own, user, aged[-1])


# "What do I do at/in ...?" and the user as a subject (closed, lexical forms).
_WHAT_I_DO = re.compile(r"^\W*(?:(?:and|so|oh|ok|okay)\W+)*what\s+(?:do|did)\s+(?:i|we)\s+do(?!\w)", re.IGNORECASE)
_I_DO = re.compile(r"(?<!\w)(?:i|i'm|im|i've|ive|i'd|i'll|we|we're|we've|me|us)(?!\w)", re.IGNORECASE)


def _names_asked(question: str, own: str = "") -> set[str]:
    """The terms of the words `question` writes with a capital, but for the first (and the persona's
    name, `own`): the names it asks of."""
    from milo.memory.index import terms

    return {t for w in re.findall(r"[^\W\d_]+", question)[1:] if w[:1].isupper() for t in terms(w)} - (set(terms(own)) if own else set())


def _capitalised_terms(note: str) -> set[str]:
    """The terms of the words a note's own words write with a capital, but for the first: its names."""
    from milo.memory.index import terms

    return {t for w in re.findall(r"(?<=\w\W)[^\W\d_]+", _words(note)) if w[:1].isupper() for t in terms(w)}


# Who does what a clause says (closed, lexical classes): the subject pronoun nearest before a word.
_FIRST_PERSON = frozenset("i i'm im i've ive i'd i'll we we're we've we'd we'll".split())
_THIRD_PERSON = frozenset("he she they he's she's they're they've he'd she'd it it's".split())
_ASKS_OF_I = re.compile(r"(?<!\w)(?:i|we)(?!\w)", re.IGNORECASE)


def _done_by_others(note: str, asked: set) -> bool:
    """Whether every word of `asked` that `note` has is said in a clause of "he", "she" or "they":
    "when do i work" was answered with 'actually he sold the boat last month, he works at the
    harbour office now' (newer) instead of 'I work night shifts as a paramedic' (dec141)."""
    from milo.memory.index import terms

    seen = False
    # ("me and my brother are opening...": they and the user, a "we")
    note = re.sub(r"(?<!\w)(?:me|i)\s+and\s+", "we ", note.casefold().replace("\u2019", "'"))
    for clause in re.split(r"[,.;:!?]+|\s+(?:and|but|so)\s+", note):
        subject = None
        for word in re.findall(r"[^\W\d_]+(?:'[^\W\d_]+)?", clause):
            if word in _FIRST_PERSON or word in _THIRD_PERSON:
                subject = word
            elif subject is None and word in ("my", "our", "me"):
                subject = word  # (a clause's first: "me and my brother are opening...", "my brother...")
            elif subject in ("my", "our") and (word in RELATIONS or word in _ROLES):
                subject = "they"  # "my little brother hassan wants to be a driver too" (dec245)
            elif _matched(asked, set(terms(word))):  # ("driver" of "drive", as the notes are matched)
                if subject is None or subject in _FIRST_PERSON or subject in ("my", "our", "me"):
                    return False
                seen = True
    return seen


# What is done, asked of I or we ("what are we opening", "what am i building"): a closed, lexical form.
_WHAT_IS_DONE = re.compile(r"^\W*what\s+(?:am|are|is|do|did|will|was|were)\s+(?:i|we)\s+[^\W\d_]+\W*$", re.IGNORECASE)
# After a verb, what says where, when or with whom, not what ("to" opens what is done: "learning
# to play the guitar"). A closed, lexical class; the draft's too (milo.chat.draft._says_what).
NOT_WHAT = frozenset("at in on for with from near during after before until by into around".split())


def _thing_after(note: str, asked: set) -> bool:
    """Whether a word of `asked` in `note` has a word after it that is no preposition of place or time."""
    from milo.memory.index import terms

    words = re.findall(r"[^\W\d_]+", note.casefold())
    return any(asked & set(terms(w)) and i + 1 < len(words) and words[i + 1] not in NOT_WHAT
               for i, w in enumerate(words))


def _place_after(note: str, asked: set) -> bool:
    """Whether a place is said right after a word of `asked` in `note`: a preposition of place
    within its two next words ("moving to a flat", "works at the bakery"; not "on", said of days)."""
    from milo.memory.index import terms

    # (not a time: "one hive swarmed in june" says none, dec159)
    words = re.findall(r"[^\W\d_]+", _WHEN_PHRASE.sub(" ", note).casefold())
    return any(asked & set(terms(w)) and any(x in _PLACE_PREPOSITIONS - {"of", "on"} for x in words[i + 1:i + 3])
               for i, w in enumerate(words))


def _correction_after(k: int, told: Sequence[tuple[int, Candidate]], meaning) -> tuple[Candidate, ...]:
    """The first note told after note `k` that corrects something without naming it, where it is
    closer in meaning to `k` than to any note before it (without meaning: right after it): "Where do I repair bikes?" after 'I repair
    bicycles in my garage in Hamburg.' and 'Actually I rented a small shop for it now, near the
    harbour.' (0.30 apart, no word shared) was answered with the garage. Only the order says what
    "it" is, so the newer note is said beside the older ("..., and later that ..."), never instead."""
    # The first correction after it: 'Actually I changed my mind, I'm making him a hat instead.'
    # came after 'It's blue and grey, his favourite colours.', itself after the scarf (dec40).
    for j in range(k + 1, len(told) if meaning is not None else min(k + 2, len(told))):
        words = _words(told[j][1].text)
        if changes(words) and points_back(words):
            if ((meaning is not None and any(meaning[1][i][j] > meaning[1][k][j] for i in range(j) if i != k))
                    or _changes_a_day_it_lacks(told[k][1].text, told[j][1].text)):
                return ()  # (a change of day is not of a note that says no when: see find)
            return (told[j][1],)
    return ()


# A title asked, and how a note gives one (closed, lexical classes): named or quoted.
_ASKS_TITLE = re.compile(r"(?<!\w)(?<!job\s)titled?(?!\w)", re.IGNORECASE)  # (a job title is the job)
_GIVES_TITLE = re.compile(r"(?<!\w)(?:called|titled|named|title)(?!\w)|[\"\u201c\u00ab]", re.IGNORECASE)


_OTHER = re.compile(r"(?<!\w)other(?!\w)", re.IGNORECASE)


def _other_unnamed(question: str, said: Sequence[str], own: str, user: str) -> bool:
    """Whether the names of "other" ones are asked and the notes name one at most: "What are my
    other grandchildren called?" / '...three grandchildren and the youngest, Matteo, is six.'
    was said as the answer (dec119): Matteo is the one they are other than."""
    if not _OTHER.search(question):
        return False
    return len({words[k].casefold() for t in said for words, k in _names(t, question, own, user)}) <= 1


def _lacks_of_the_thing(text: str, said: Sequence[str]) -> str:
    """What the notes `said` (clauses in the user's person) lack of the one thing the question asks
    of, else "" (for find's note, `_lacking`, and for a draft's, `lacks_asked`)."""
    from milo.memory.index import terms

    if (the := _WHO_IS_THE.match(text)) and not any(_matched(set(terms(the["one"])), set(terms(t))) for t in said):
        # "Who is the groom?" and no note speaks of one: 'the bride is my cousin Linh' was said as
        # the answer (dec256)
        return "who"
    if _ASKS_COST.search(text) and not any(_NUMBER.search(t) and not _MONEY_OF_THEIRS.search(t) for t in said):
        # A price asked, and the notes' money is what they saved or earned: "how much does the
        # motorbike cost" / 'i've saved about 2000 pounds so far' was said as the answer (dec254)
        return "number"
    if said and _material_only(text, said[0]) and not any(_SAYS_MADE_OF.search(t) for t in said):
        # What it is made of, said only as "wooden": "what wood do i use" / 'I make wooden toys' (dec238)
        return "which"
    if (_ASKS_NAME.search(text) or asks_who(text)) and _other_rank(text, said):
        # One of them by age asked, another named: "whats my oldest called" / '...the youngest is
        # called ella' (dec32: said as the answer once "called ella" was read as a name)
        return "name"
    if _ASKS_NAME.search(text) and (owned := _OWNED.search(text)) and not any(set(terms(owned["thing"])) & set(terms(t)) for t in said):
        # The name of a thing of theirs, and no note speaks of the thing: "what's my husband's boat
        # called" / 'my husband Per is a fisherman' was said as the answer (dec235): his name (and
        # drafted "Your husband's boat is called Per.": `lacks_asked`).
        return "name"
    return ""


def _lacking(found: Evidence, text: str, own: str, user: str, shown: Candidate) -> Evidence:
    """`found`, or only the closest (`shown`) when the question asks for a name or a number and
    its notes give none: "whats my dads name" / "on sundays i go hiking with my dad", "how old is
    Tomek" / "Our son Tomek started at a new school here.": on the thing asked, but without what
    is asked ("You told me on sundays you go hiking with your dad." was said as the answer)."""
    from milo.memory.index import terms

    said = [_clause(found.note, own)] + [_clause(c.text, own) for c in found.newer]  # each on its own: "..., and later that Glad..."
    if found.replaced and not found.kept:
        said = said[1:]  # only the newer note is said
    # (a decade is no amount: "How much did I pay for it?" / '...fixing a 1950s valve radio...', dec59)
    if _ASKS_NUMBER.search(text) and not any(_NUMBER.search(_DECADE.sub("", t)) and _counts_what_is_asked(text, t)
                                             or _counted_by_ordinal(text, t) for t in said):
        return Evidence(NONE, own=own, closest=shown, lacks="number")
    if missing := _lacks_of_the_thing(text, said):
        return Evidence(NONE, own=own, closest=shown, lacks=missing)
    if any(unnamed(text, t) for t in said):
        return Evidence(NONE, own=own, closest=shown, lacks="which")
    # (a name given of the one the note before spoke of, "his name is theo", is one even in lower case)
    if _ASKS_NAME.search(text) and (not any(_names_someone(t, text, own, user) for t in said) and not any(_NAME_AFTER.match(t) for t in said[1:])
                                    or _other_unnamed(text, said, own, user)):
        return Evidence(NONE, own=own, closest=shown, lacks="name")
    if _ASKS_TITLE.search(text) and not any(_GIVES_TITLE.search(t) for t in said):
        # A title, and the note gives none ("What's the book's title?" / 'I'm reading a book about
        # Stoicism.' was said as the answer, dec98): said as the closest.
        return Evidence(NONE, own=own, closest=shown, lacks="which")
    # Who, and no one in the notes; when, and no time ("Who is coming to the party?", "When is the
    # party?" / 'the party moved to the beach park instead.' was said as the answer).
    if said and all(names_no_one(text, t, own, user) for t in said):
        return Evidence(NONE, own=own, closest=shown, lacks="who")
    # (not "when" of a clause after what is asked: "how old was i when i learned" / '...when i was
    # ten' was "not sure", dec294)
    when = _ASKS_WHEN.search(text) and not (_ASKS_NUMBER.search(text) and not re.match(r"\W*when(?!\w)", text, re.IGNORECASE))
    if (when or _ANOTHER_TIME.search(text)) and not any(_SAYS_WHEN.search(t) for t in said):
        # ...or a time long past that no note says: "what did i plant last year" was answered
        # 'i grow tomatoes and peppers on my allotment', which says what grows now.
        return Evidence(NONE, own=own, closest=shown, lacks="when")
    if _ASKS_WHY.search(text) and not any(_SAYS_WHY.search(t) for t in said) and not (
            len(said) > 1 and _why_after(text, said[0], said[-1])):
        # Why, and the note gives no reason: "why am i learning to code" / 'I've started learning
        # to code, python mainly...' was said as the answer (dec146).
        return Evidence(NONE, own=own, closest=shown, lacks="why")
    if _ASKS_CLOCK.search(text) and not any(_SAYS_CLOCK.search(t) for t in said):
        # What time, and the note gives a part of the day at most: "what time do i start work" /
        # 'i work nights as a baker in gdansk' was said as the answer (dec129).
        return Evidence(NONE, own=own, closest=shown, lacks="when")
    if _ASKS_FROM.search(text) and not any(_SAYS_FROM.search(t) for t in said):
        # Where from, and the note says only where to or where now: "where did i move from" / 'i
        # just moved to vancouver for a job' was said as the answer.
        return Evidence(NONE, own=own, closest=shown, lacks="where")
    if _ASKS_WHERE.search(text) and not any(_says_where_of(_place_not_asked(t, text), text, own) for t in said):
        if found.replaced and says_where(_clause(found.note, own)):
            # The newer note changed the day, the older one holds the place: both ("When is my yoga
            # class? Where is it held?" / '...on Tuesday evenings at the community centre.' then
            # 'yoga moved to Thursday evenings')
            return dataclasses.replace(found, replaced=False, kept="")
        # Where, and no place: "where are the lessons" / 'my daughter zoe just started swimming
        # lessons' was said as the answer.
        return Evidence(NONE, own=own, closest=shown, lacks="where")
    if missing := _missing(text, said):
        return Evidence(NONE, own=own, closest=shown, lacks=missing)
    if _ASKS_SIZE.search(text) and not any(_SIZE.search(t) or _SIZE_NUMBER().search(_A_YEAR.sub(" ", t)) for t in said):
        # (a year is no size: "how big is the vespa" / '...an old Vespa from 1968', dec193)
        # "How big is my garden?" / 'I'm planting tulips and garlic in my garden this weekend.'
        # was said as the answer.
        return Evidence(NONE, own=own, closest=shown, lacks="size")
    if (dim := _ASKS_DIMENSION.search(text)) and not any(re.search(_DIMENSIONS[dim["d"].casefold()], t, re.IGNORECASE) for t in said) and any(
            re.search(other, t, re.IGNORECASE) for t in said for other in _DIMENSIONS.values()) and not (
            # (how long a walk is, in miles: 'walking coast to coast across england' is no width, dec250)
            _ASKS_DISTANCE.search(text) and any(_DISTANCE.search(t) for t in said)):
        # One measure asked, another said: "how deep is the pond" / 'it's going to be about two
        # metres across' was said as the answer (dec221).
        return Evidence(NONE, own=own, closest=shown, lacks="size")
    if _ASKS_COLOUR.search(text) and not any(_COLOUR.search(t) for t in said):
        # "What colour is my cat?" / 'We adopted a rescue cat last weekend.' (its colour in 'She's
        # called Luna and she's completely black.'): the draft looks again.
        return Evidence(NONE, own=own, closest=shown, lacks="colour")
    if not _ASKS_NAME.search(text) and (verb := _what_done(text)) and not any(_matched(verb, set(terms(t))) for t in said):
        # What is done, and the note does not say it is: "What are we singing at the concert?" /
        # 'We have a concert on Sunday evening.' was said as the answer (dec80).
        return Evidence(NONE, own=own, closest=shown, lacks="what")
    return found


# One of several by age or order (English, lexical), each with the words that say the same one.
_RANKS = {"oldest": "oldest|eldest", "eldest": "oldest|eldest", "youngest": "youngest", "middle": "middle",
          "older": "older|elder", "elder": "older|elder", "younger": "younger"}
_RANK = re.compile(r"(?<!\w)(?:" + "|".join(_RANKS) + r")(?!\w)", re.IGNORECASE)


def _other_rank(question: str, said: Sequence[str]) -> bool:
    """Whether the question asks one of them by age ("my oldest") and the notes speak only of
    another ("the youngest")."""
    m = _RANK.search(question)
    if m is None:
        return False
    same = re.compile(r"(?<!\w)(?:" + _RANKS[m.group(0).casefold()] + r")(?!\w)", re.IGNORECASE)
    return not any(same.search(t) for t in said) and any(_RANK.search(t) for t in said)


# "Who is the groom?" (English, lexical): who holds a part "the" question names.
_WHO_IS_THE = re.compile(r"\W*who(?:'s|\u2019s|\s+is|\s+was|\s+are|\s+were|\s+will\s+be)\s+the\s+(?P<one>[^\W\d_]+)\W*$", re.IGNORECASE)


# A price asked, and money that is theirs, not a price (English, lexical).
_ASKS_COST = re.compile(r"(?<!\w)(?:cost|costs|price|how\s+much\s+(?:is|was|are|were)\s+(?:the|it|they|a|an))(?!\w)", re.IGNORECASE)
_MONEY_OF_THEIRS = re.compile(r"(?<!\w)(?:saved|saving|save|raised|raising|earned|earn|earns|earning|make|makes|made|won|wage|salary|paid\s+me)(?!\w)",
                              re.IGNORECASE)


# A thing of someone of theirs ("my husband's boat", "our son's dog"; English possessives, lexical).
_OWNED = re.compile(r"(?<!\w)(?:my|our)\s+[^\W\d_]+['\u2019]s\s+(?:(?:new|old|little|first)\s+)?(?P<thing>(?!name\b)[^\W\d_]+)",
                    re.IGNORECASE)


# How far, asked and said (English, lexical units).
_ASKS_DISTANCE = re.compile(r"(?<!\w)(?:how\s+far|how\s+long\s+(?:is|was|will\s+be)\s+(?:the|my|our|your|this|that)\s+"
                            r"(?:walk|hike|trek|trip|route|ride|run|race|drive|journey|path|trail|way|swim|course))(?!\w)", re.IGNORECASE)
_LENGTH_UNITS = r"km|kms|kilomet(?:re|er)s?|miles?|metres?|meters?|m"  # (shared with _SIZE_NUMBER)
_DISTANCE = re.compile(r"\d[\d,.]*\s*(?:" + _LENGTH_UNITS + r"|mi)(?!\w)", re.IGNORECASE)


@functools.lru_cache(maxsize=1)
def _SIZE_NUMBER() -> re.Pattern:
    """A number that gives a size: with a unit or what a place is counted in ("20 square metres",
    "twelve rooms"), not a count of what is in it ("how big is the park" / 'we counted forty eland
    this week' was said as the answer, dec270). English, lexical."""
    return re.compile(r"(?:\d[\d,.]*|(?<!\w)(?:" + "|".join(w for w in COUNT_WORDS if w not in ("once", "twice", "thrice"))
                      + r"))(?:[\s-]+(?:square|sq|cubic))?[\s-]*(?:" + _LENGTH_UNITS + r"|m2|cm|mm|feet|foot|ft"
                      r"|inch(?:es)?|acres?|hectares?|ha|kilos?|kg|kilograms?|grams?|g|pounds?|lbs?|tonnes?|tons?|stone|litres?|liters?"
                      r"|gallons?|rooms?|floors?|storeys?|stories|seats?|beds?|bedrooms?|by|x|high|tall|wide|long|deep|across)(?!\w)",
                      re.IGNORECASE)


# A measure of one direction asked, and the words that say each (closed, lexical classes; English).
_ASKS_DIMENSION = re.compile(r"(?<!\w)how\s+(?P<d>deep|wide|tall|high|thick|long)(?!\w)", re.IGNORECASE)
_DIMENSIONS = {"deep": r"(?<!\w)(?:deep|depth)(?!\w)", "wide": r"(?<!\w)(?:wide|width|across|diameter)(?!\w)",
               "tall": r"(?<!\w)(?:tall|high|height)(?!\w)", "high": r"(?<!\w)(?:tall|high|height)(?!\w)",
               "thick": r"(?<!\w)(?:thick|thickness)(?!\w)", "long": r"(?<!\w)(?:long|length)(?!\w)"}


# A reason asked, and how one is given (closed, lexical classes: English, and the question word in a
# few languages; "to" alone is left out: "learning to code" gives no reason).
_ASKS_WHY = re.compile(r"(?<!\w)(?:why|how\s+come|what\s+for|warum|pourquoi|por\s*qu[eé]|perch[eé])(?!\w)", re.IGNORECASE)
_SAYS_WHY = re.compile(r"(?<!\w)(?:because|cause|'cause|cos|since|so\s+that|so\s+(?:i|we|you|he|she|they)\s+can|in\s+order\s+to"
                       r"|that's\s+why|the\s+reason|thanks\s+to|due\s+to|for\s+(?:my|our|your|his|her|their|the)|as\s+(?:i|we|you)"
                       r"|want(?:s|ed)?\s+to|hop(?:e|es|ing)\s+to|so\s+(?:i|we|you)(?:'ll|\s+will)?)(?!\w)", re.IGNORECASE)


# "What are we singing...", "what do i keep": what someone does, by its verb (English question
# words and auxiliaries: a closed, lexical form).
_DOER = r"(?:(?:my|our|his|her|their)\s+[^\W\d_]+|(?!(?:my|our|his|her|their|the|a)\b)[^\W\d_]+)"  # "i", "my son"
_WHAT_DONE = re.compile(r"^\W*what\s+(?:(?:do|does|did|will|would|can|could|should)\s+" + _DOER + r"\s+(?P<verb>[^\W\d_]+)"
                        r"(?:\s+to\s+(?P<then>[^\W\d_]+))?"
                        r"|(?:are|is|was|were|am)\s+" + _DOER + r"\s+(?P<ing>[^\W\d_]+ing))(?!\w)", re.IGNORECASE)


def _what_done(question: str) -> set[str]:
    """The terms of the verb a "what ... do" question asks the object of ("singing" -> sing), none
    where it is a common word ("do", "have", "like")."""
    from milo.memory.index import terms

    m = _WHAT_DONE.match(question)
    verb = (m.group("verb") or m.group("ing")).casefold() if m else ""
    if verb in _WANTS:
        # what is liked, wanted: the verb after "to" ("What do I like to drink?" asks of drinking,
        # and 'I don't drink coffee, only tea.' was 'not sure', dec84), else none ("what do i love")
        verb = (m.group("then") or "").casefold()
    return set() if not verb or verb in _SAYS_LITTLE else set(terms(verb))


# "who conducts the choir", "who opened the bakery": who does something to a thing of theirs (English
# question words and determiners: a closed, lexical form).
# (or one named: "who teaches mia" was answered 'my daughter mia started swimming lessons', dec199)
_WHO_DONE = re.compile(r"^\W*(?:(?:and|so|oh|ok|okay)\W+)*who\s+(?P<verb>[^\W\d_]+(?:s|ed))\s+"
                       r"(?:(?:the|my|our|his|her|their|your)(?!\w)|(?P<bare>[^\W\d_]+)\W*$)", re.IGNORECASE)


def _missing(question: str, said: Sequence[str]) -> str:
    """What `question` asks that none of `said` (what would be said as the answer) gives, of what
    find and the draft's note are both checked for (`_lacking`, `lacks_asked`): "who" or "number",
    else ""."""
    if _lacks_doer(question, said):
        # Who does it, and the note says no one does: "who conducts the choir" / 'we're
        # rehearsing the mozart requiem for easter' was said as the answer, Mozart taken for who
        # (dec180). (Its doer, "the conductor", "our teacher", says it: the verb's stem opens it.)
        return "who"
    if _ASKS_RECORD.search(question) and not any(_GIVES_DURATION.search(t) or _SAYS_CLOCK.search(t) for t in said):
        # A time of theirs ("what's my swim time", "my best time"), and the note gives no minutes:
        # 'i swim three mornings a week' was said as the answer (dec195)
        return "number"
    return ""


def _lacks_doer(question: str, said: Sequence[str]) -> bool:
    """Whether `question` asks who does something ("who conducts the choir") and none of `said`
    (what would be said as the answer) has the verb or its doer ("conductor": the verb's stem
    opens it)."""
    from milo.memory.index import terms

    verb = _who_done(question)
    return (bool(verb) and not any(t.startswith(v) for t in set().union(*(terms(x) for x in said)) for v in verb)
            and not any(not set(terms(m.group(1))) & _RELATION_TERMS() for x in said for m in _DOER_NOUN.finditer(x)))


# Someone named by what they do ("the conductor is an old man called mr tanaka" answers "who leads
# the choir"): a determiner, then a noun of a doer (English suffixes: lexical).
# (not kin: "my daughter", "her brother")
_DOER_NOUN = re.compile(r"(?<!\w)(?:the|my|our|his|her|their|your)\s+([^\W\d_]+(?:er|or|ist|ian|ant|ent))(?!\w)", re.IGNORECASE)


def lacks_asked(question: str, found: Optional["Evidence"]) -> Optional["Evidence"]:
    """`found`, or only its note as the closest where it lacks what is asked: who does it
    (`_lacks_doer`), a time (it says only how often), money: for evidence from elsewhere (milo.chat.draft.confirm: "who conducts the
    choir" drafted of 'we're rehearsing the mozart requiem for easter', dec180)."""
    if found is None or not found.answered:
        return found
    said = [_clause(found.note, found.own)] + [_clause(c.text, found.own) for c in found.newer]
    if found.replaced and not found.kept:
        said = said[1:]  # only the newer note is said (as `_lacking` reads it)
    missing = _missing(question, said) or _lacks_of_the_thing(question, said)
    if not missing and _ASKS_MONEY.search(question) and not any(_counts_what_is_asked(question, t) for t in said):
        # Money asked, and the note gives none: "how much did the parts cost" drafted of 'I'm
        # restoring an old Vespa from 1968' (a year, dec193)
        missing = "number"
    if (not missing and _A_TIME.search(question) and not re.search(r"(?<!\w)times(?!\w)", question, re.IGNORECASE)
            and all(re.search(r"(?<!\w)times?(?!\w)", x, re.IGNORECASE) and _only_how_often(x) for x in said)):
        # A time asked, and the note has only how often: "what's my target time" drafted of 'i run
        # four times a week now' (dec183, its second run)
        missing = "when"
    return Evidence(NONE, own=found.own, closest=Candidate(found.choice, found.note), lacks=missing) if missing else found


def _who_done(question: str) -> set[str]:
    """The terms of the verb a "who <verb>s the X" question asks the doer of, none where it is a
    common word ("has", "does")."""
    from milo.memory.index import terms

    m = _WHO_DONE.match(question)
    verb = m.group("verb").casefold() if m else ""
    if m and m["bare"] and verb in _WANTS:
        return set()  # "who likes radios" / "radios are my brother's thing" (dec115): a liking, not a deed
    return set() if not verb or verb in _SAYS_LITTLE or verb in ("is", "was", "has", "does", "needs", "wants") else set(terms(verb))


# Verbs of wanting and liking, before "to" and the verb done (English, lexical).
_WANTS = frozenset("like likes liked love loves loved want wants wanted need needs needed enjoy enjoys enjoyed prefer "
                   "prefers preferred hate hates hated plan plans planned hope hopes hoped use used".split())


# Verbs that ask of anything ("what did i tell you about my weekend", "what is my daughter doing"):
# English, lexical.
_SAYS_LITTLE = frozenset("do does did doing done go goes going went get gets getting got have has having had tell told "
                         "telling say said saying mention mentioned happen happened happening be become becoming".split())


# "who is pickle", "who's Oleg?": who one or two words are (a closed, lexical form).
# (not "who is chiara marrying": who someone else is, dec61)
_WHO_IS = re.compile(r"^\W*(?:who\s+(?:is|was|are)|who's|whos)\s+(?P<named>(?!\w+ing\b)[^\W\d_]+(?:\s+(?!\w+ing\b)[^\W\d_]+)?)\W*$",
                     re.IGNORECASE)


def _gives_who(question: str, note: str) -> bool:
    """Whether `note` gives the one a "who is X" question names as someone of the user's: a
    relation or role within three words before the name ("my wife Karin")."""
    m = _WHO_IS.match(question)
    if not m:
        return False
    asked = {bare(w) for w in re.findall(r"[^\W\d_]+", m.group("named"))}
    words = re.findall(r"[^\W\d_]+", _words(note))
    return any(bare(w) in asked and _given_as_theirs(words, i, roles=True) for i, w in enumerate(words))


# "Who is it for?" / "who are the tiles for": whom a thing is for need not be a person or a name
# ('painting tiles for a café' was "not sure", dec273). Not a time ("for a month") nor a phrase.
_WHO_FOR = re.compile(r"^\W*whom?(?!\w).*(?<!\w)for\W*$", re.IGNORECASE)
_FOR_ONE = re.compile(r"(?<!\w)for\s+(?:a|an|the|my|our|your|his|her|their|[^\W\d_]+'s)\s+(?!(?:[^\W\d_]+\s+)?(?:minutes?|hours?|days?|weeks?|months?|"
                      r"years?|while|moment|weekend|night|morning|evening|afternoon|living|change|fun|rest|first|last|next|time)(?!\w))"
                      r"[^\W\d_]+", re.IGNORECASE)


def asks_for_whom(question: str) -> bool:
    """Whether the question asks whom something is for ("who do i deliver for")."""
    return bool(_WHO_FOR.match(question))


def names_no_one(question: str, note: str, own: str = "", user: str = "") -> bool:
    """Whether `question` asks who (beyond the user's own name) and `note` names no one: no name
    but the user's, no relation, no role ("Who conducts the orchestra?" / 'I'm Noa and I play
    the cello in a youth orchestra.')."""
    if not asks_who(question):
        return False
    if _said(note) is not None:
        note = _clause(note, own)  # the user's words, without the greeting that names Milo or them
    if _WHO_FOR.match(question):
        # Who it is for: a note that says "for" someone or something (a café, a bakery, a fisherman,
        # dec273); not any name ("who do i deliver for" was answered 'my van
        # is a white ford transit, i call it ghost', the van's name, dec293)
        return not (_FOR_ONE.search(note) or re.search(r"(?<!\w)for\s+(?-i:[A-Z])", note))
    from milo.memory.index import terms

    asked = _beyond_name(question, own)
    # "who is pickle" / 'my cat pickle has been sick' (dec42): who one is, named in the question
    # (not a relation or role), and the note tells of them: it says who they are.
    kin = _kin_asked(question, roles=True)
    named_in_note = bool(_WHO_IS.match(question)) and not kin and asked <= set(terms(note))
    # A role asked: the note has a role ("Who is Omar's teacher?" / 'My son Omar plays the
    # violin...' names Omar, a son, and no teacher: dec57, said as the answer; "who is my boss" /
    # 'my manager is called efua' does). A relation asked: a relation.
    # (not the relation of the one the question names: "who is chiara marrying" / 'my sister
    # chiara is getting married in june' names no one else: dec61, said as the answer)
    in_note = _kin_asked(_without_kin_of(note, question), roles=True)
    if kin:
        in_note = (in_note & _ROLES if kin & _ROLES else set()) | (in_note & RELATIONS if kin & RELATIONS else set())
    return (bool(asked) and not named_in_note
            and not ((_names_someone(note, question, own, user) and not names_only_things(note, question, own, user)
                      and not names_only_places(note, question, own, user)) or in_note
                     or _named_in_lower_case(note, question, own, user)))


# Speech to text writes names in lower case: a clause's subject before a verb in "-s" ("efua does
# the cakes, i do the bread": "who does the cakes" was "not sure", dec155), where it is no common
# word (English nouns that open such clauses: a closed, lexical class kept small).
_LOWER_SUBJECT = re.compile(r"(?:^|[,.;:!?]\s*|(?<!\w)(?:and|but|so|while|then)\s+)([^\W\d_]{2,})\s+([^\W\d_]+s)(?!\w)")
_COMMON_SUBJECTS = frozenset("work school practice class dinner lunch breakfast training everything nothing something "
                             "everyone someone nobody anybody everybody life time today tomorrow tonight it this that "
                             "there here what who which one each mine yours business money rent weather "
                             # (after "so" as an adverb: 'my longest run so far is 28 km' named "far", dec237)
                             "far much long well soon often".split())


def _named_in_lower_case(note: str, question: str, own: str = "", user: str = "") -> bool:
    """Whether `note`, written all in lower case, names someone as a clause's subject (`_LOWER_SUBJECT`)."""
    if any(c.isupper() for c in note):
        return False
    skip = {bare(w) for w in re.findall(r"[^\W\d_]+", f"{question} {own} {user}")}
    return any(m.group(1) not in STOP and m.group(1) not in _COMMON_SUBJECTS and m.group(1) not in RELATIONS
               and m.group(1) not in _ROLES and bare(m.group(1)) not in skip for m in _LOWER_SUBJECT.finditer(note))


_IN_PLACE = frozenset("in at near from".split())  # before a place's name (a closed, lexical class)


def names_only_places(note: str, question: str, own: str = "", user: str = "") -> bool:
    """Whether every name in `note` comes after "in", "at", "near" or "from" (with the capitalised
    words of its run): a place, no one ("Who conducts the choir?" / 'I sing in a church choir in
    Enugu.' was said as the answer, dec80)."""
    found = list(_names(note, question, own, user))
    if not found:
        return False
    for words, k in found:
        # (or the second word of one: "in New York"; not after a title, "Mr Okafor")
        i = k - 1 if k > 1 and words[k - 1][:1].isupper() and words[k - 1].casefold() not in _TITLES else k
        if i > 1 and words[i - 1].casefold() == "the":
            i -= 1  # "at the Arts Centre"
        if not (i > 0 and words[i - 1].casefold() in _IN_PLACE):
            return False
    return True


def names_only_things(note: str, question: str, own: str = "", user: str = "") -> bool:
    """Whether every name in `note` is what a thing the question speaks of is called, not someone:
    "Who leads the group?" / 'Our group is called Kaze.' was answered with that note (dec81). Not a
    role's or relation's name ('my team's coach is called Marek')."""
    from milo.memory.index import terms

    things = asked_terms(question) - _RELATION_TERMS() - _ROLE_TERMS()
    found = list(_names(note, question, own, user))
    return bool(found) and all(bool(set(terms(_called_what(words, k))) & things) for words, k in found)


def _called_what(words: Sequence[str], k: int) -> str:
    """The word words[k] (a name) is given as the name of: "<it> (is) called/named <name>"."""
    j = k - 1 if k > 1 and words[k - 1].casefold() in ("the", "la", "le", "el", "die", "der", "das") else k
    if j < 2 or words[j - 1].casefold() not in ("called", "named"):
        return ""
    i = j - 2
    if i > 0 and words[i].casefold() in ("is", "was", "are", "were"):
        i -= 1
    return words[i] if i >= 0 else ""


def gives_colour(question: str, answer: str, note: str) -> bool:
    """Whether a colour is asked and `answer` (a draft) gives one that `note` has."""
    return bool(_ASKS_COLOUR.search(question)) and _says_the_same(_COLOUR, answer, note)


def _says_the_same(kind: re.Pattern, answer: str, note: str) -> bool:
    """Whether `answer` and `note` share a word of a closed class (`kind`: a colour, a when)."""
    return bool({m.group(0).casefold() for m in kind.finditer(answer)} & {m.group(0).casefold() for m in kind.finditer(note)})


# Asking a colour, and the colours a note may give (closed, lexical classes).
_ASKS_COLOUR = re.compile(r"(?<!\w)(?:colou?rs?|couleurs?|farben?|colores?|cores?|colori?)(?!\w)", re.IGNORECASE)
_COLOUR = re.compile(r"(?<!\w)(?:red|orange|yellow|green|blue|purple|violet|pink|brown|black|white|gr[ae]y|silver|gold(?:en)?|beige"
                     r"|cream|tan|ginger|brindle|tabby|navy|turquoise|teal|maroon|lilac|rouge|bleue?|verte?|noire?|blanche?|jaune"
                     r"|rot|blau|gr[üu]n|schwarz|wei[ßs]|gelb|rojo|roja|azul|verde|negr[oa]|blanc[oa]|amarill[oa]|pret[oa]|branc[oa]"
                     r"|vermelh[oa]|ner[oa]|bianc[oa]|ross[oa]|giall[oa])(?!\w)", re.IGNORECASE)


# A size asked, and a size said (closed, lexical classes): a number does it too.
# (and a scale: "what scale is the railway" / 'i'm building a model railway in my garage' went to
# the model, dec210)
_ASKS_SIZE = re.compile(r"(?<!\w)(?:how\s+(?:big|large|small|wide|deep|high|heavy)|(?:what|which)\s+(?:size|scale|gauge))(?!\w)", re.IGNORECASE)
_SIZE = re.compile(r"(?<!\w)(?:big|bigger|large|huge|enormous|massive|giant|small|smaller|tiny|little|mini|compact|medium|"
                   r"narrow|wide|spacious|cramped|petite|deep|shallow|heavy|light|tall|short|long|size|sized|xs|xl|xxl"
                   r"|scale|gauge|\d+\s*:\s*\d+|[hnoz]{1,2}\s+(?:scale|gauge))(?!\w)",
                   re.IGNORECASE)


# (and "how much X" of a thing, not "how much do i pay", "how much longer": "how much honey do i get"
# / "i've got four hives now" was said as the answer, dec207)
_HOW_MANY = re.compile(r"(?<!\w)how\s+(?:many\s+|much\s+(?!(?:do|does|did|is|are|was|were|will|would|can|could|should|has|have|had"
                       r"|more|less|longer|further|farther|money|time|it|that|this|of|i|you|we|they|he|she)(?!\w)))([^\W\d_]+)",
                       re.IGNORECASE)


# Money asked of, and money said (closed, lexical classes: English verbs, currencies).
_ASKS_MONEY = re.compile(r"(?<!\w)how\s+much\s+(?:money\s+)?(?:do|did|does|will|would|am|is|are|was|were)\s+(?:[^\W\d_]+\s+){1,2}?"
                         r"(?:earn|earning|make|making|pay|paying|paid|cost|costing|spend|spent|spending|charge|owe|save|get\s+paid)(?!\w)"
                         r"|(?<!\w)how\s+much\s+(?:money|rent)(?!\w)"
                         # (what they sell it for: "how much do i sell my honey for" was answered '...600
                         # kilos of acacia honey', dec233)
                         r"|(?<!\w)how\s+much\s+(?:do|did|does|will|would)\s+(?:[^\W\d_]+\s+){1,4}?(?:sell|sells|sold|selling|rent|buy|bought)"
                         r"\s+(?:[^\W\d_]+\s+){0,3}for(?!\w)", re.IGNORECASE)
_MONEY = re.compile(r"[$€£¥₹]|\d\s*(?:k|grand)(?!\w)|(?<!\w)(?:pounds?|euros?|dollars?|quid|bucks|yen|rupees?|pesos?|francs?"
                    r"|kron[aeo]r?|cents?|pence|free|nothing)(?!\w)", re.IGNORECASE)


_MONEY_WORDS = re.compile(r"(?<!\w)(?:earn\w*|rent|salary|wages?|price|fee|fees|bills?|cost\w*|paid|pay\w*|charge\w*)(?!\w)", re.IGNORECASE)


def _counts_what_is_asked(question: str, told: str) -> bool:
    """A note's number may answer "how many X" only where the note names X: "how many goals did
    i score" / 'i play five a side football' (its "five" counts players) was said as the answer.
    People asked are counted by what the note calls them ("how many kids" / "twin girls"), times
    by how often ("how many times did he fall" / 'He fell off twice')."""
    if _ASKS_AGE.search(question):
        # (or the year it comes from: "how old is my oldest stamp" / '...a penny black from 1840', dec211)
        return bool(_ages(told)) or bool(_DATES_FROM.search(told))
    if re.search(r"(?<!\w)(?:weigh|weighs|weighed|how\s+heavy)(?!\w)", question, re.IGNORECASE):
        # A weight asked: a number of weight ("how much did the twins weigh" / 'I delivered twins last
        # night, a boy and a girl' was said as the answer, dec225)
        return bool(re.search(r"\d\s*(?:kg|g|lb|lbs|oz)(?!\w)|(?<!\w)(?:kilos?|kilograms?|grams?|pounds?|ounces?|stones?|tonnes?|tons?)(?!\w)",
                              told, re.IGNORECASE))
    if _ASKS_MONEY.search(question):
        # Money asked, and a note's numbers are hours: "how much do i earn a night" was answered 'i
        # work nights mostly from ten till six' (dec169)
        # (or a bare number of what is paid, said with it: 'the rent is 900 a month')
        paid = {w.casefold() for w in _MONEY_WORDS.findall(question)} & {w.casefold() for w in _MONEY_WORDS.findall(told)}
        return bool(_MONEY.search(told)) or (bool(paid) and bool(_NUMBER.search(told)))
    asked = _how_many(question)
    if asked == _how_many("how many times") and _TIMES.search(told):
        return True
    return not asked or asked <= _RELATION_TERMS() or bool(_counts_of(told, asked))


def _how_many(question: str) -> set:
    """The terms of what "how many X" counts ("how many kids do i have" -> {"kid"}), else empty."""
    from milo.memory.index import terms

    m = _HOW_MANY.search(question)
    return set(terms(m.group(1))) if m else set()


# What follows a count said without its thing: a time, an end (English, lexical; `_counts_of`).
_AFTER_A_BARE_COUNT = frozenset("this last next so now today yesterday already in total altogether".split())


def _counts_of(told: str, asked: set) -> set:
    """The counts in `told` of the thing asked, words as digits: a number right before it ("I keep
    14 goats", "three little kids"), not "one of" them ("how many students do i have" / 'One of my
    students, Ada, just passed her grade five exam!' was said as the answer: its numbers count
    neither)."""
    from milo.memory.index import terms

    words = re.findall(r"[^\W_]+", told.casefold())
    # "One hive swarmed in June.": one of them, opening what is said of it, is no count of them
    # (dec159: "how many hives do i have" was answered with it, not 'three hives in my garden')
    opening = {len(re.findall(r"[^\W_]+", told[:m.start(1)])) for m in _ONE_OF_THEM.finditer(told)}
    counts = set()
    for i, w in enumerate(words):
        if not (w.isdigit() or (w in COUNT_WORDS and w != "zero")) or i in opening:
            continue
        if i and re.fullmatch(_LABELS, words[i - 1]):
            continue  # a label, no count: "we're on floor twelve now" (dec299)
        if words[i + 1:i + 3] in (["of", "them"], ["of", "those"], ["of", "these"]):
            # "thirty of them": the thing is before it ('I grow bonsai trees, I have about thirty
            # of them.': "How many bonsai do I have?" was "not sure", dec92)
            counted = words[max(0, i - 8):i]
        elif ((i + 1 == len(words) or words[i + 1] in _AFTER_A_BARE_COUNT)
              and not (i and words[i - 1] in _PLACE_PREPOSITIONS | {"since", "until", "till", "by"})
              and not (w.isdigit() and len(w) == 4)):  # (not a year: 'a penny black from 1840', dec211)
            # ...or said alone, the thing before it ("I study sperm whales, we tagged six this year":
            # "how many whales did we tag" was "not sure", dec294)
            counted = words[max(0, i - 8):i]
        elif words[i + 1:i + 2] != ["of"]:
            counted = words[i + 1:i + 4]  # (or a compound ending with it: "two beehives" counts hives, dec59)
            if words[i + 2:i + 3] == ["of"]:
                counted = words[i + 1:i + 6]  # a measure of it: "sixty kilos of thyme honey" (dec52)
        else:
            continue
        if _matched(asked, set(terms(" ".join(counted)))):
            counts.add(COUNT_WORDS.get(w, w))
    return counts


_ONE_OF_THEM = re.compile(r"(?:^|[.!?;]\s*|(?<!\w)but\s+)(one)\s+(?!of\s)[^\W\d_]+\s+(?!and\b|or\b)[^\W\d_]", re.IGNORECASE)


def _matched(asked: set, said: set) -> set:
    """The terms of `asked` that `said` has, or has as the end of a compound ("hive", "beehive"),
    or as the one who does it ("teach", "teacher")."""
    return {a for a in asked if a in said or any(_ends_compound(t, a) or _does_it(t, a) for t in said)}


# The one who does a thing, by its ending (a closed, lexical class; English): the stems of
# "teacher", "baker", "runner", "actor" are their verb's and one of these ("what do i teach" / "during
# the week I'm a maths teacher" was "not sure", dec143).
_AGENT_ENDINGS = ("e", "r", "er", "or")


def _does_it(term: str, verb: str) -> bool:
    if len(verb) < 3 or not term.startswith(verb):
        return False
    rest = term[len(verb):]
    if rest[:1] == verb[-1] and verb[-1] not in "aeiouy":
        rest = rest[1:]  # a doubled consonant: "runner", "swimmer"
    return rest in _AGENT_ENDINGS


def _ends_compound(term: str, part: str) -> bool:
    """Whether `term` is a compound ending with `part`, both parts three letters or more ("beehiv"
    ends with "hiv"; not "year" with "ear", nor "heart" with "art")."""
    return len(part) >= 3 and len(term) - len(part) >= 3 and term.endswith(part)


def _counted_by_ordinal(question: str, told: str) -> bool:
    """"how many tries did it take me" / 'i just passed my driving test on the third try': the
    ordinal before the thing counted is its count (was "I'm not sure you've told me that", dec53)."""
    from milo.memory.index import terms

    asked = _how_many(question)
    words = re.findall(r"[^\W_]+", told.casefold())
    return bool(asked) and any(w in ORDINALS and asked & set(terms(" ".join(words[i + 1:i + 3]))) for i, w in enumerate(words))


_TIMES = re.compile(r"(?<!\w)(?:once|twice|thrice|\w+\s+times)(?!\w)", re.IGNORECASE)
# Counts as words (a closed, lexical class), each as digits.
COUNT_WORDS = {w: str(i) for i, w in enumerate("zero one two three four five six seven eight nine ten eleven twelve thirteen "
                                                  "fourteen fifteen sixteen seventeen eighteen nineteen twenty".split())}
COUNT_WORDS.update(thirty="30", forty="40", fifty="50", sixty="60", seventy="70", eighty="80", ninety="90",
                    hundred="100", thousand="1000", dozen="12", once="1", twice="2", thrice="3", half="0.5")
# A count or a measure as a note gives it: what a draft's number must share with it ("zero" is no count given).
_COUNT = re.compile(r"\d+(?:[.,]\d+)?|(?<!\w)(?:" + "|".join(w for w in COUNT_WORDS if w != "zero") + r")(?!\w)", re.IGNORECASE)


# Ordinals as words (a closed, lexical class): an age as a birthday gives it ("their tenth birthday").
ORDINALS = {w: i + 1 for i, w in enumerate("first second third fourth fifth sixth seventh eighth ninth tenth eleventh twelfth "
                                           "thirteenth fourteenth fifteenth sixteenth seventeenth eighteenth nineteenth "
                                           "twentieth".split())}
ORDINALS.update(thirtieth=30, fortieth=40, fiftieth=50, sixtieth=60, seventieth=70, eightieth=80, ninetieth=90, hundredth=100)
# An age asked, and an age as a note gives it (closed, lexical classes): "How old are the kittens?"
# was answered 'I just adopted two kittens.' (a count, not an age). A number with a unit of age
# ("3 years old", "a 5-year-old"), after "turns"/"aged", or after "is"/"she's" at the end of what
# is said of it ("Ella just turned four", "Tom is 35", "she's four next month").
_ASKS_AGE = re.compile(r"(?<!\w)(?:how\s+old|what\s+age)(?!\w)", re.IGNORECASE)
_AGE = re.compile(r"(?:(?P<a>" + _COUNT.pattern + r")[\s-]*(?:years?|yrs?|months?|weeks?|days?)(?:[\s-]+old)?(?!\w)"
                  r"|(?<!\w)(?:turn(?:s|ed|ing)?|aged?)\s+(?:\w+\s+)?(?P<b>" + _COUNT.pattern + r")"
                  r"|(?<!\w)(?P<d>" + "|".join(ORDINALS) + r"|\d+(?:st|nd|rd|th))\s+birthday"
                  # "I started learning the cello at 40!" (dec58), "at the age of 12"; not a time ("at 7")
                  r"|(?<!\w)at\s+(?:the\s+age\s+of\s+(?P<f>" + _COUNT.pattern + r")|(?P<e>1[3-9]|[2-9]\d|1[01]\d)(?=\s*(?:[.,!?;]|$|and\b|not\b)))"
                  # (and "when you were ten": 'my grandmother taught me when i was ten', said back, dec294)
                  r"|(?<!\w)(?:is|am|are|was|were|i'm|im|you're|youre|she's|shes|he's|hes|who's|whos|they're|theyre|it's)\s+"
                  r"(?:(?:just|now|only|almost|nearly|about|already)\s+)?(?P<c>" + _COUNT.pattern + r")"
                  r"(?=\s*(?:[.,!?;:]|$|and\b|but\b|next\b|this\b|now\b|today\b|soon\b|in\b|on\b)))", re.IGNORECASE)


def _ages(text: str) -> set:
    """The ages `text` gives (see _AGE), words as digits."""
    text = text.replace("\u2019", "'")
    out = set()
    for m in _AGE.finditer(text):
        if m.group("d"):  # "their tenth birthday", "her 90th birthday"
            d = m.group("d").casefold()
            out.add(str(ORDINALS[d]) if d in ORDINALS else d[:-2])
        else:
            v = m.group("a") or m.group("b") or m.group("c") or m.group("e") or m.group("f")
            out.add(COUNT_WORDS.get(v.casefold(), v))
    return out


def _counts(text: str) -> set:
    """The counts `text` gives, words as digits ("three metres" and "3 meters" give the same)."""
    # (not a decade: "You paid $20 for the 1950s valve radio" drafted of '...a 1950s valve radio...', dec59)
    return {COUNT_WORDS.get(m.group(0).casefold(), m.group(0).replace(",", ".")) for m in _COUNT.finditer(_DECADE.sub(" ", text))}


def asks_measure(question: str) -> bool:
    """Whether `question` asks a number or a size (see gives_measure)."""
    return bool(_ASKS_NUMBER.search(question) or _ASKS_SIZE.search(question))


def gives_measure(question: str, answer: str, note: str) -> bool:
    """Whether a number or a size is asked and `answer` (a draft) gives one that `note` has too
    ("how high is the treehouse" drafted "The treehouse is about three metres off the ground."
    and 'its about three metres off the ground')."""
    if _ASKS_SIZE.search(question):
        return bool(_counts(answer) & _counts(note)) or _says_the_same(_SIZE, answer, note)
    if _ASKS_AGE.search(question):
        return bool(_counts(answer) & _ages(note))
    asked = _how_many(question)
    if asked and not asked <= _RELATION_TERMS() and asked != _how_many("how many times"):
        return bool(_counts(answer) & _counts_of(note, asked))  # a count of the thing asked
    return bool(_ASKS_NUMBER.search(question)) and bool(_counts(answer) & _counts(note))


# "Which hospital do I work at?", "what wood am i using", "what kind of dog...": the thing asked
# which of. Not a verb, a pronoun, a time or a kind word after it (closed, lexical classes).
_WHICH = re.compile(r"(?<!\w)(?:which|what)\s+(?:(?:kind|sort|type)\s+of\s+)?([^\W\d_]+)", re.IGNORECASE)
_NOT_A_THING = frozenset("is are was were do does did am will would can could should shall may might has have had "
                         "i you we he she it they my your our his her its their the a an this that these those else "
                         "if about time day days date year month week kind sort type "
                         # an attribute asked, its value said without it ("What age group...?" /
                         # "You coach the under-12 age group."): each has its own check
                         "age colour color colours colors size number name height weight price".split())


_KIND_OF = re.compile(r"(?<!\w)(?:what|which)\s+(?:kind|sort|type)s?\s+of\s", re.IGNORECASE)


# (its own name: `_AUXILIARY` above is the pattern _QUESTION is built from)
_AUXILIARY_AFTER = re.compile(r"\s+(?:do|does|did|is|are|am|was|were|will|would|can|could|should|have|has|had|'s)(?!\w)", re.IGNORECASE)


def which_thing(question: str) -> set[str]:
    """The terms of the thing a "which X" or "what X" question asks which of, else empty."""
    from milo.memory.index import terms

    m = _WHICH.search(question.replace("\u2019", "'"))
    if not m or m.group(1).casefold() in _NOT_A_THING:
        return set()
    if m.group(0).lower().startswith("what") and not _AUXILIARY_AFTER.match(question, m.end()):
        return set()  # "What happened to my board?", "What keeps stealing...": a verb, not a thing
    return set(terms(m.group(1)))


def invents_which(question: str, answer: str, told: str) -> bool:
    """Whether `answer` (a draft) says which thing is asked with words beside it that neither the
    question nor `told` (the notes) has: "Which hospital do I work at?" drafted "You work at the
    Hospital General de Valencia." of 'I'm a nurse on a night shift in Valencia.'; "what wood am
    i using" drafted "You are using oak wood..." of '...a wooden bookshelf...' (dec57)."""
    from milo.memory.index import terms

    thing = which_thing(question)
    if not thing:
        return False
    known = set(terms(question + " " + told))
    in_notes = bool(_matched(thing, set(terms(told))))
    words = re.findall(r"[^\W_]+(?:-[^\W_]+)*", answer)
    capitals = {w.casefold() for w in re.findall(r"[^\W_]+", told) if w[0].isupper()}
    for k, w in enumerate(words):
        if _matched(thing, set(terms(w))):
            if not in_notes:
                return True  # which one, of a thing no note names: "You work at the hospital in Valencia."
            if k and w[0].isupper() and w.casefold() not in capitals:
                # ...or made a name of it that no note writes: "Lagos University" of '...starts
                # university in Lagos next month' (dec68)
                return True
            for near in words[max(0, k - 2):k] + words[k + 1:k + 3]:
                said = set(terms(near))
                if said and not (said & known or _matched(said, known)):
                    return True
    return False


def told_terms(text: str) -> set[str]:
    """The terms of `text`, and of each two words of it written as one ("wicketkeeper" of 'i'm the
    wicket keeper': a draft's word, dec257)."""
    from milo.memory.index import terms

    said = re.findall(r"[^\W\d_]+", text.casefold())
    return set(terms(text)) | {t for a, b in zip(said, said[1:]) for t in terms(a + b)}


def says_beyond(answer: str, question: str, told: str) -> set[str]:
    """The words `answer` (a draft) says that neither the question nor `told` (the notes) has,
    beyond the common ones: what the model added ("Rex is a Border Collie." of 'i'm training my
    dog rex for agility competitions')."""
    from milo.memory.index import terms

    known = told_terms(question + " " + told)
    # Not a word only said another way: a verb or an adverb ("learning", "currently": how, not
    # which), a word told in another form ("swim" / "swimming", "hike" / "hiking": four letters in
    # common), the parts of one told whole ("five-a-side").
    # (not "red", "July": too short to be one)
    words = [w for w in re.findall(r"[^\W\d_]+", answer) if not re.search(r"\w{3}(?:ing|ly|ed)$", w, re.IGNORECASE)]
    # (nor a name spelt another way: "Rollo is a beagle." of 'my dog rolo is a beagle', speech to
    # text's spelling, was only the closest, dec120)
    return {t for w in words for t in terms(w)
            if t not in known and not _matched({t}, known) and not any(k[:4] == t[:4] for k in known if len(k) >= 4)
            and not (w[:1].isupper() and spelt_otherwise(w.casefold(), known))
            } - _STOP_TERMS() - _QUESTION_TERMS()


def spelt_otherwise(word: str, known: set) -> Optional[str]:
    """The word of `known` that `word` (four letters or more) is with one letter added, dropped or
    changed ("rollo" / "rolo", "katja" / "katya"), else None; not the last letter changed ("mario" /
    "maria": another name). The first in sorted order, where several are."""
    if len(word) < 4:
        return None
    for k in sorted(known):
        if abs(len(k) - len(word)) > 1 or k[:1] != word[:1]:
            continue
        if len(k) == len(word):
            if sum(a != b for a, b in zip(k, word)) <= 1 and k[-1] == word[-1]:
                return k
        else:
            short, long_ = sorted((k, word), key=len)
            if any(long_[:i] + long_[i + 1:] == short for i in range(len(long_))):
                return k
    return None


# Adjectives that say no which (a closed, lexical class): "a new cake" is not one of them named.
_PLAIN_ADJECTIVES = "new|big|small|little|nice|good|great|special|huge|second|first|whole|different|proper|real"


def unnamed(question: str, told: str) -> bool:
    """"Which bank is it at?" and the note says only "a bank" ('...a job interview at a bank
    next Thursday.' was said as the answer), or only whose it is ("Which team does my dad
    support?" / 'It's going to be blue and yellow, his football team's colours.', dec53): which
    one is not told. A name or a number beside it ("my Arsenal team", "her grade five exam") tells."""
    from milo.memory.index import terms

    # (and what kind, where no word before the thing says it: "What kind of car do I have?" / 'My
    # car broke down on the motorway.'; not 'I run a tailoring shop')
    # (and "what X" before a verb, of things the note says only in general: "What book am I
    # translating now?" / 'I translate books from Russian into French.', dec120)
    for m in re.finditer(r"(?<!\w)(?:(?P<kind>(?:what|which)\s+(?:kind|sort|type)s?\s+of)|which"
                         r"|^\W*what(?=\s+\w+\s+(?:am|is|are|do|does|did|was|were|will|have|has)(?!\w)))\s+(\w+)", question, re.IGNORECASE):
        # (a plural after "which", as after "what": "which apples do i grow" / 'you grow apples on a
        # farm near Lake Constance', dec262)
        plural = re.fullmatch(r"[^\W\d_]{3,}?(?:es|s)", m.group(2)) is not None
        thing = re.sub(r"(?:es|s)$", "", m.group(2)) if plural and not m["kind"] else m.group(2)
        if not m["kind"] and (m.group(0).lstrip().lower().startswith("what") or plural):
            # only right after the verb asked with: things in general ("translate books")
            verbs = set(terms(question)) - set(terms(m.group(2)))
            for said in re.finditer(rf"(?<!\w)(\w+)\s+{re.escape(thing)}(?:s|es)(?!\w)(?:\s+(\w+))?", told, re.IGNORECASE):
                if (set(terms(said.group(1))) & verbs
                        and not (said.group(2) and (said.group(2)[0].isupper() or said.group(2)[0].isdigit()))):
                    return True
            if m.group(0).lstrip().lower().startswith("what"):
                # ...or as one, with nothing that says which ("what cake am i making" / '...wants me
                # to try a new cake for Christmas' was said as told, dec282); not 'a chocolate cake'
                if (re.search(rf"(?<!\w)(?:a|an|another)\s+(?:(?:{_PLAIN_ADJECTIVES})\s+)?{re.escape(m.group(2))}(?!\w)", told, re.IGNORECASE)
                        and not re.search(rf"(?<!\w)(?!(?:a|an|another|{_PLAIN_ADJECTIVES})(?!\w))[^\W\d_]+\s+{re.escape(m.group(2))}(?!\w)", told, re.IGNORECASE)
                        and not re.search(rf"(?<!\w){re.escape(m.group(2))}\s+(?:called|named|of|from|with|about)(?!\w)", told, re.IGNORECASE)):
                    return True
                continue
        for said in re.finditer(rf"(?<!\w)(?:a|an|my|our|your|his|her|their|its)\s+((?:\w+\s+){{0,2}}){re.escape(m.group(2))}(?!\w)"
                                r"(?:\s+(\w+))?", told, re.IGNORECASE):
            if m["kind"]:
                if not said.group(1).strip():
                    return True
                continue
            beside = said.group(1).split() + ([said.group(2)] if said.group(2) else [])
            # (nor one named right after: "which puppy do i want" / '...a puppy called Simba...'
            # was "not sure", dec291)
            if said.group(2) and said.group(2).casefold() in ("called", "named"):
                continue
            if not any(w[0].isupper() or w[0].isdigit() or w.casefold() in COUNT_WORDS for w in beside):
                return not _which_after_verb(question, m.group(2), told)
    return False


def _which_after_verb(question: str, thing: str, told: str) -> bool:
    """Whether `told` gives a name or a number right after the verb `question` asks with: "which bus
    do i drive" / 'I'm a bus driver in Porto, I drive the number 500 to Matosinhos.' ("a bus
    driver" says no bus; "I drive the number 500" does: it was "not sure", dec133)."""
    from milo.memory.index import terms

    verbs = asked_terms(question) - set(terms(thing))
    return bool(verbs) and any(
        set(terms(m.group(1))) & verbs and any(w[0].isupper() or w[0].isdigit() for w in m.group(2).split())
        for m in re.finditer(r"(?<!\w)([^\W\d_]+)(?=((?:\s+[\w-]+){1,3}))", told))


# A question that asks where, and a place as a note may say it (closed, lexical classes: the
# question words; a preposition of place before a word, or a word that is a place by itself).
_ASKS_WHERE = re.compile(r"(?<!\w)(?:where|where's|wheres|wo|wohin|où|dónde|donde|waar|hvor|где)(?!\w)", re.IGNORECASE)
# "by" only before a determiner: "by the river", not "surrounded by music" (a lived-in memory's note
# answered "where is the concert" that way), "by bus" nor "a book by Leila Slimani" (dec73).
_SAYS_WHERE = re.compile(r"(?<!\w)(?:(?:at|in|on|near|behind|beside|between|outside|inside|opposite|from|into|across|around|through|along"
                         r"|under|above|over|past|next\s+to|close\s+to|à|au|aux|dans|chez|en|im|am|bei|zum|zur|em|na|no|cerca\s+de)\s+\w"
                         r"|(?:by|to)\s+(?:the|a|an|my|our|your|his|her|their|its)\s+\w"
                         # "to" of a place: a name, or after a going ("moved to leeds"); not "learning to
                         # swim", "allergic to peanuts" ("Where do I swim?" was answered with them: dec91)
                         r"|to\s+(?-i:[A-Z\u00C0-\u00DE])"
                         r"|(?:mov\w*|went|go|goes|going|gone|flew|fly\w*|flies|dr[io]ve\w*|driving|walk\w*|travel\w*|commut\w*"
                         r"|relocat\w*|back|way|trip|came|com\w*|head\w*|ride|rides|rode|riding|sail\w*|emigrat\w*|get|got|gets"
                         # ...or a journey's ("my flight to tehran": "where am i flying to" was "not sure", dec157)
                         r"|flights?|tickets?|journey|visit|holiday|vacation|ferry|cruise)\s+to\s+\w"
                         r"|(?:home|downtown|abroad|upstairs|downstairs|nearby|here|there|overseas|locally)(?!\w))", re.IGNORECASE)


# Where someone comes from (English "where ... from", and the commonest one-word forms), and a note
# that says it: prepositions and a few fixed phrases, a closed class.
_ASKS_FROM = re.compile(r"(?<!\w)(?:where(?:'s|s)?\s(?:[^?.!]*\s)?from\W*$|d'o[uù]|de\s+d[oó]nde|woher|vandaan|откуда|skąd|odkud|nereli)",
                        re.IGNORECASE)
_SAYS_FROM = re.compile(r"(?<!\w)(?:(?:from|grew\s+up|born|raised|originally|native|de|aus|uit|из|z|ze|från|fra)(?!\w)|d['\u2019])",
                        re.IGNORECASE)


def _where_after(question: str, note: str, after: str) -> bool:
    """Whether where is asked, `note` says no place and `after` (the note right after it) opens
    with "he", "she" or "it" and says one: 'My brother Minh is opening a pho restaurant next
    month.' then 'He found a place on Baker Street.' for "Where is the restaurant?" (dec64)."""
    return (bool(_ASKS_WHERE.search(question)) and not says_where(_words(note))
            and opens_with_pronoun(_words(after)) and says_where(_words(after)))


# A year, written as one ("from 1968", "in 2019")
_A_YEAR = re.compile(r"(?<![\d.,])(?:1[89]|20)\d\d(?![\d.,])")
# The year something comes from (English, lexical): "from 1840", "born in 2015", "built in 1902".
_DATES_FROM = re.compile(r"(?<!\w)(?:from|born\s+in|built\s+in|made\s+in|dat(?:es|ing|ed)\s+(?:back\s+)?(?:from|to))\s+(?:the\s+year\s+)?"
                         + _A_YEAR.pattern, re.IGNORECASE)
# A time of theirs as a record ("my swim time", "my best time", "our target time"), and how one is
# given: minutes, seconds, hours, or a clock-like "25:30" (English, lexical)
_ASKS_RECORD = re.compile(r"(?<!\w)(?:my|our|his|her|their)\s+(?:[^\W\d_]+\s+){0,2}time(?!\w)", re.IGNORECASE)
_GIVES_DURATION = re.compile(r"\d+\s*(?::\d\d|min|mins|minutes?|secs?|seconds?|h|hrs?|hours?)(?!\w)"
                             r"|(?<!\w)(?:one|two|three|four|five|six|seven|eight|nine|ten|twenty|thirty|forty|fifty|sixty|an?|half\s+an)"
                             r"(?:[\s-]+[^\W\d_]+)?\s+(?:minutes?|seconds?|hours?)(?!\w)", re.IGNORECASE)
# "time" as a time, and "N times" as how often (English, lexical)
_A_TIME = re.compile(r"(?<!\w)time(?!\w)", re.IGNORECASE)
_FREQUENCY = re.compile(r"(?<!\w)(?:once|twice|thrice|several|many|few|a\s+few|\d+|one|two|three|four|five|six|seven|eight|nine|ten"
                        r"|a\s+couple\s+of|a\s+hundred|a\s+dozen|\d+\s*-\s*\d+)\s+(?:more\s+)?times?(?!\w)", re.IGNORECASE)


def _only_how_often(text: str) -> bool:
    """Whether `text` says no time but in how often ("four times a week"), or none at all."""
    return not _A_TIME.search(_FREQUENCY.sub(" ", text))


def _looks_after(question: str, note: str, after: str) -> bool:
    """Whether a colour or a size is asked, `note` says none and `after` (the note right after
    it) opens with "it", "he" or "she" and says one (or a name, and `after` gives one of "him"): 'I'm restoring an old Vespa from 1968' then
    "it's light blue" for "what colour is the vespa" (dec193)."""
    words, after_words = _words(note), _words(after)
    if _ASKS_NAME.search(question):
        # ...or a name: 'i'm knitting a blanket for my new grandson' then "his name is theo" for
        # "what is my grandson called" (dec203: "not sure" beside the blanket)
        # ("his", "her": of someone of theirs or a pet, not "what is the blanket called")
        named = _NAME_AFTER.match(after_words)
        return (named is not None and not _ASKS_NAME.search(words)
                and ((named["pronoun"] or named["subject"]).casefold() in ("its", "it", "their", "they")
                     or bool(_kin_asked(question, roles=True)) or any(w.casefold() in _PETS for w in re.findall(r"[^\W\d_]+", question))))
    if not (opens_with_pronoun(after_words) or points_back(after_words)):
        return False  # ("three of them are black and one is ginger", dec197)
    if _ASKS_ABOUT.search(question):
        # ...or what it is about: 'i'm writing a fantasy novel' then "it's about a girl who can talk
        # to crows" for "what is my novel about" (dec229)
        return not re.search(r"(?<!\w)about(?!\w)", words, re.IGNORECASE) and bool(_IT_IS_ABOUT.match(after_words))
    if _ASKS_COLOUR.search(question):
        return not _COLOUR.search(words) and bool(_COLOUR.search(after_words))
    if _ASKS_SIZE.search(question):
        return not (_SIZE.search(words) or _NUMBER.search(words)) and bool(_SIZE.search(after_words) or _NUMBER.search(after_words))
    return False


# What a thing is about, asked and said (English, lexical).
_ASKS_ABOUT = re.compile(r"^\W*what(?:'s|\s+is|\s+was|\s+are|\s+will)\s+(?:[^\W\d_]+\s+){1,3}about\W*$", re.IGNORECASE)
_IT_IS_ABOUT = re.compile(r"\W*(?:it['\u2019]s|its|it\s+is|it\s+was|it['\u2019]ll\s+be|they['\u2019]re|they\s+are)\s+(?:all\s+|mostly\s+)?about\s",
                          re.IGNORECASE)


# A name given of the one a note before spoke of (a closed, lexical class; English).
_NAME_AFTER = re.compile(r"\W*(?:(?:and|oh|so)\W+)*(?:(?P<pronoun>his|her|their|its)\s+name(?:'s|\s+is|\s+was)"
                         r"|(?P<subject>he|she|it|they)(?:['\u2019]s|\s+is|\s+was|['\u2019]re|\s+are)\s+(?:called|named))\s+[^\W\d_]",
                         re.IGNORECASE)


def _says_the_kind_asked(question: str, note: str) -> bool:
    """Whether `note` says a place for "where", a time for "when", a number for "how many";
    True for any other question."""
    return says_what_is_asked(question, note) and (not _ASKS_WHERE.search(question) or says_where(note))


def _when_after(question: str, note: str, after: str) -> bool:
    """Whether when is asked, `note` says no when and `after` (the note right after it) points
    back at it and says one: 'my final project is a library made of bamboo' then 'I have to hand
    it in on the 30th of January' for "when is my project due" (dec176)."""
    return (bool(_ASKS_WHEN.search(question)) and not _SAYS_WHEN.search(_words(note))
            and points_back(_words(after)) and bool(_SAYS_WHEN.search(_words(after))))


# What a thing is made of (English, lexical): "made of cedar strips", "out of oak".
_SAYS_MADE_OF = re.compile(r"(?<!\w)(?:made\s+(?:of|from|out\s+of)|out\s+of|built\s+(?:of|from))\s+[^\W\d_]", re.IGNORECASE)


def _material_only(question: str, note: str) -> bool:
    """Whether "what X ..." is asked and `note` has X only as what a thing is made of ("what wood do
    i use" / 'I make wooden toys'): which X is not told."""
    m = re.match(r"\W*what\s+([^\W\d_]+)\s+(?:am|is|are|do|does|did|was|were|will|have|has)(?!\w)", question, re.IGNORECASE)
    return bool(m and re.search(rf"(?<!\w){re.escape(m.group(1))}l?en(?!\w)", note, re.IGNORECASE)
                and not re.search(rf"(?<!\w){re.escape(m.group(1))}(?!\w)", note, re.IGNORECASE))


def _made_of_after(question: str, note: str, after: str) -> bool:
    """Whether `note` says what is asked only as "wooden" and `after` (the note right after it)
    opens with "it" and says what it is made of: 'im building a wooden canoe in my garage' then
    "it's five metres long and made of cedar strips" for "what wood am i using" (dec147)."""
    return _material_only(question, _words(note)) and opens_with_pronoun(_words(after)) and bool(_SAYS_MADE_OF.search(_words(after)))


def _why_after(question: str, note: str, after: str) -> bool:
    """Whether why is asked, `note` gives no reason and `after` (the note right after it) goes on
    with what "he", "she" or "they" did: 'my flatmate chloe is moving out next month' then 'she got
    a job in edinburgh' for "why is chloe moving" (dec212: "not sure"). Said beside it, not as a
    reason: the order only says it came next."""
    return (bool(_ASKS_WHY.search(question)) and not _SAYS_WHY.search(_words(note))
            and opens_with_pronoun(_words(after), it=False))


def _count_after(question: str, note: str, after: str) -> bool:
    """Whether a number is asked, `note` says one and `after` (the note right after it) changes a
    count: 'i have eight plants' then 'oh wait, two died last week, so six left' for "how many
    plants do i have" (dec180; 0.25 apart in meaning)."""
    return (bool(_ASKS_NUMBER.search(question)) and bool(_NUMBER.search(_words(note)))
            and bool(_NUMBER.search(_words(after))) and changes(_words(after)))


def says_where(note: str) -> bool:
    """Whether `note` says where: a preposition of place before a word, not before a time ("We
    have a concert on Friday." and "it moved to Sunday" say when: "Where is the concert?" was
    answered with them, dec63; "...three nights a week from now on", dec238)."""
    note = _DAY_BEFORE_A_PLACE.sub("the ", note)
    return bool(_SAYS_WHERE.search(_WHEN_PHRASE.sub(" ", _FROM_NOW_ON.sub(" ", _MOVED_IN.sub(" ", _TRANSLATED.sub(" ", note))))))


# A day's name that names a place after "the": 'we sell them at the Friday market' says where, not
# when ("where do we sell them" was "not sure", dec303). Not "the friday before", "the saturday morning".
_DAY_BEFORE_A_PLACE = re.compile(r"(?<!\w)the\s+" + _WEEKDAY + r"s?\s+(?=(?!(?:morning|afternoon|evening|night|before|after|of|and|or|"
                                 r"when|that|i|we|you|he|she|they|it)s?(?!\w))[^\W\d_]{3,})", re.IGNORECASE)


# "from now on", "from then on" (English, lexical): when, not where.
_FROM_NOW_ON = re.compile(r"(?<!\w)(?:from\s+)?(?:now|then|today|tomorrow)\s+on(?!\w)", re.IGNORECASE)


# A language translated from or into is no place: 'actually i mostly translate from german now'
# replaced where the user lives ("where do i live" was answered with it, dec160).
_TRANSLATED = re.compile(r"(?<!\w)(?:translat\w*|interpret\w*)(?:\s+[^\W\d_]+){0,3}?\s+(?:from|into|to)\s+[^\W\d_]+", re.IGNORECASE)


# "moved in" (with someone, or no more) says who lives together, not where: 'my mum moved in with us
# last month' was taken for a move of the user's ("where do i drive" was answered with it, dec153).
_MOVED_IN = re.compile(r"(?<!\w)(?:move|moves|moved|moving)\s+in(?=\s+(?:with|together|last|next|this|yesterday|today|tomorrow|on)(?!\w)"
                       r"|\s*$|\s*[.,!;?])", re.IGNORECASE)


def _says_where_of(note: str, question: str, own: str = "") -> bool:
    """says_where, of the clauses of `note` that have a word the question asks, where one has:
    "where is the concert" / 'i play the trumpet in a brass band, we have a concert on friday'
    says where the band is, not the concert (a lived-in memory's older concert note answered)."""
    from milo.memory.index import terms

    asked = asked_terms(question, own)
    clauses = [_THE_THING_AS_PLACE.sub(lambda m: " " if asked & set(terms(m["thing"])) else m[0], c)
               for c in re.split(r"[,;:]|\s(?:but|so)\s|\sand\s(?=(?:i|we|he|she|they|my|our|his|her|their)\s)", note, flags=re.IGNORECASE)
               if asked & set(terms(c))]
    return any(says_where(c) for c in clauses) if clauses else says_where(note)


# A place that is the thing asked itself: "where is my allotment" / 'I grow tomatoes and courgettes on
# my allotment' says what is done there, not where it is (dec144).
_THE_THING_AS_PLACE = re.compile(r"(?<!\w)(?:at|in|on)\s+(?:the|my|our|your|his|her|their)\s+(?P<thing>[^\W\d_]+)(?!\s+(?:in|at|on|near)\s)",
                                 re.IGNORECASE)


def _place_not_asked(note: str, question: str) -> str:
    """`note` without a place the question names itself: "where are we staying in goa" / 'we're
    going to goa for two weeks in february' says no more than Goa (said as the answer, dec244)."""
    asked = {w.casefold() for w in re.findall(r"[^\W\d_]+", question)}
    return re.sub(r"(?<!\w)(?:in|to|at|near|from)\s+(?:the\s+)?([^\W\d_]+)(?=\s*(?:$|[,.;:!?]|\s(?:for|in|on|at|next|this|last|with|and)\b))",
                  lambda m: " " if m.group(1).casefold() in asked else m.group(0), note, flags=re.IGNORECASE)


def gives_place(answer: str, note: str) -> bool:
    """Whether `answer` (a draft) says where with a word `note` says where with ("You work at a
    beach in Porto." of 'I'm a lifeguard at a beach in Porto.')."""
    from milo.memory.index import terms

    if not says_where(note):
        return False
    told = set(terms(note))
    plain = _WHEN_PHRASE.sub(" ", answer)
    for m in _SAYS_WHERE.finditer(plain):
        after = [w for w in re.findall(r"[^\W\d_]+", plain[m.start():])[1:5] if w.casefold() not in STOP]
        if any(set(terms(w)) & told for w in after[:2]):
            return True
    return False


# A question that asks who (a closed, lexical class: the question words for a person).
_ASKS_WHO = re.compile(r"(?<!\w)(?:who|who's|whos|whom|whose|wer|quién|quien|qui|chi|vem|hvem|кто)(?!\w)", re.IGNORECASE)


def asks_who(question: str) -> bool:
    return bool(_ASKS_WHO.search(question.replace("\u2019", "'")))


def asks_where(question: str) -> bool:
    return bool(_ASKS_WHERE.search(question))


def asks_a_name(question: str) -> bool:
    """Who, or what someone or something is called ("What's my dog called?")."""
    return asks_who(question) or bool(_ASKS_NAME.search(question.replace("\u2019", "'")))


def _without_kin_of(note: str, question: str) -> str:
    """`note` without a relation or role right before the one "who is X <doing>" asks of ("my
    sister chiara" of "who is chiara marrying"; not "My mum is coming with me." of "Who is
    coming with me?")."""
    m = _WHO_DOES.match(question)
    if not m:
        return note
    named = m.group("named").casefold()
    words = re.findall(r"[^\W\d_]+", note)
    kin = RELATIONS | _ROLES
    return " ".join(w for i, w in enumerate(words)
                    if not ({w.casefold(), w.casefold()[:-1]} & kin and words[i + 1:i + 2] and words[i + 1].casefold() == named))


_WHO_DOES = re.compile(r"^\W*(?:who\s+(?:is|was|will|does|did)|who's|whos)\s+(?P<named>[^\W\d_]+)\s+[^\W\d_]+", re.IGNORECASE)


def introduces(answer: str, note: str, question: str, own: str = "", user: str = "") -> bool:
    """Whether a name `answer` gives (as in `names_from`) is given in `note` as someone or something
    of the user's, within three words after "my", "called", a relation or a role ('He's called
    Biscuit', 'my teacher is called ingrid'), not only mentioned ('I said grey, but Biscuit is
    actually brindle.')."""
    note_words = re.findall(r"[^\W\d_]+", note)
    for words, k in _names(answer, question, own, user, opener=True):
        name = words[k].casefold()
        if any(w.casefold() == name and _given_as_theirs(note_words, i, roles=True) for i, w in enumerate(note_words)):
            return True
    return False


def _given_as_theirs(words: Sequence[str], k: int, roles: bool = False) -> bool:
    """Whether words[k] comes within three words after "my", "called", a relation (or, with
    `roles`, a role): someone or something of the user's ("my sister Ana", "a dog called Fenrir")."""
    theirs = _THEIRS | RELATIONS | _ROLES if roles else _THEIRS | RELATIONS
    # ...or a thing named after what it is: "The cat Mango sits on the windowsill." (Milo's own
    # note of 'My cat Mango...': "What colour is Mango?" was left to the model, which said white)
    # ...or a few ("I've got two cats, Mochi and Kuro.": "How old is Mochi?" was left to the model,
    # which said it was never mentioned: dec88), each name of the list
    named = ((k >= 2 and words[k - 2].casefold() in _A_FEW and words[k - 1].islower()
              and words[k - 1] not in _PLACE_KINDS)  # not "two cities, Paris and Rome"
             # ...or one of them ("The older one, Freja, just got her driving licence.": "How old
             # is Freja?" was left to the model, which said she had a birthday party, dec112)
             or (k >= 3 and words[k - 1].casefold() == "one" and words[k - 3].casefold() in _A_FEW)
             # ...or "one of them, Daniel" (one of their students: "what does daniel do" was left
             # to the model, which said "Daniel is a software engineer who works for Microsoft", dec297)
             or (k >= 3 and [w.casefold() for w in words[k - 3:k]] in (["one", "of", "them"], ["one", "of", "those"])))
    listed = (k >= 2 and words[k - 1].casefold() in ("and", "or") and words[k - 2][:1].isupper()
              and _given_as_theirs(words, k - 2, roles))
    # (not a place after a thing of theirs: "in my workshop in Brno" gives no Brno of theirs, and
    # "what is the population of brno" was answered "You told me you repair old clocks in your
    # workshop in Brno.")
    placed = k and words[k - 1].casefold() in _PLACE_PREPOSITIONS - {"of"}
    # ...or one said of theirs right after it: "this is Luna, my new cat!" ("who is luna" was
    # left to the model: "She was brought over by her owner, who loves her very much.")
    shown = k + 1 < len(words) and words[k + 1].casefold() in _THEIRS - _CALLED and k + 2 < len(words)
    # ...or one called "little" or "baby" ("I have four goats, not three, I forgot little Sølvi":
    # "who is sølvi" was left to the model, dec137), in lower case: not "Little Rock"
    fond = k >= 1 and words[k - 1] in ("little", "baby")
    return named or listed or shown or fond or (not placed and bool({x.casefold() for x in words[max(0, k - 3):k]} & theirs))


_A_FEW = frozenset("the a an two three four five six seven eight nine ten some".split())
_PLACE_KINDS = frozenset("city cities country countries town towns village villages place places island islands "
                         "state states region regions".split())


@functools.lru_cache(maxsize=1)
def _place_kind_terms() -> frozenset:
    from milo.memory.index import terms

    return _PLACE_KINDS | frozenset(terms(" ".join(_PLACE_KINDS)))


def _no_place(thing: set) -> bool:
    """Whether the thing whose name is asked (`_thing_asked`'s terms) is one and is no place: its
    name is then not a word the note says after "in", "at"... ('...rugby for under-12s in Auckland')."""
    return bool(thing) and not thing & _place_kind_terms()


# A question that asks for a name (a closed, lexical class, as _NAME_TERMS).
# ("What do I call my bees?" / 'I keep bees in my back garden in Cardiff.' was said as the answer: dec70)
_ASKS_NAME = re.compile(r"(?<!\w)(?:name|names|called|named|nom|s'appelle|m'appelle|heißt|llama"
                        r"|what\s+(?:do|does|did)\s+\w+\s+call)(?!\w)", re.IGNORECASE)


# A question that asks for a number, and the numbers a note may give it (closed, lexical classes).
# ("What number is my tram?" / 'I drive a tram in Gothenburg.' had been said as the answer: dec48)
_ASKS_NUMBER = re.compile(r"(?<!\w)(?:how\s+(?:old|many|much|long|tall|far)|what\s+age|(?:what|which)\s+number"
                          r"|what(?:'s|\s+is)\s+the\s+number"
                          # "what is my bus number", "whats her phone number" (a correction note 'sorry, buses, not
                          # trams' was said as the answer)
                          r"|(?:what|which)(?:'s|s|\s+is|\s+was|\s+are)\s+(?:my|our|his|her|their|your|the)\s+(?:[^\W\d_]+\s+){0,2}numbers?"
                          # a time that is a measure: "what's my best marathon time" (dec67: said with '...in october')
                          r"|(?:best|fastest|personal|finishing|finish|record|target|goal)\s+(?:[^\W\d_]+\s+)?time)(?!\w)", re.IGNORECASE)
_NUMBER = re.compile(r"\d|(?<!\w)(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen"
                     r"|fifteen|sixteen|seventeen|eighteen|nineteen|twenty|thirty|forty|fifty|sixty|seventy|eighty"
                     r"|ninety|hundred|thousand|dozen|couple|twins?|triplets|a few|several|half|once|twice|single|only"
                     # one of a unit: "it's an hour each way" answers "How long is my commute?" (dec44)
                     r"|an?\s+(?:hour|minute|day|week|fortnight|month|year|mile|kilometre|kilometer|metre|meter|foot|pound|euro|dollar)s?(?!\w))",
                     re.IGNORECASE)


_DECADE = re.compile(r"(?<!\w)(?:\d{4}|['\u2019]\d\d)s(?!\w)")  # "the 1950s", "a '70s song"


def _names_someone(told: str, question: str, own: str = "", user: str = "") -> bool:
    """Whether `told` (a note in the user's person) holds a name the question does not (`_names`).
    A name given in lower case (speech to text: "my dog pepa") is not seen: the note is then said
    as the closest, which still says it."""
    from milo.memory.index import terms

    # The name of someone of theirs ("What's my sister called?"): a name near that word, not any
    # ('My sister's wedding is in May, in Bergen.' was said as the answer: "May", "Bergen"; and
    # "What are my friends' names?" / '...a trip to Iceland in March with two friends.', dec42).
    kin = _kin_asked(question, roles=True)
    # ...and of a thing of theirs, that note telling of it: a name beside it ("What is the
    # restaurant called?" / 'My brother Minh is opening a pho restaurant...', dec64: Minh is the
    # brother's). A note that does not tell of it may give its name anywhere ('She's called Luna').
    thing = set() if kin else _thing_asked(question)
    if kin and (owned := _OWNED.search(question)) and not _kin_asked(owned["thing"], roles=True):
        # (the kin's thing: "what's my husband's boat called" / 'his boat is called Solveig')
        kin, thing = set(), set(terms(owned["thing"]))
    # ...nor, for a thing that is no place, a place after "in", "at"...: "what's my team called" /
    # 'I coach rugby for under-12s in Auckland.' (dec99, said as the answer)
    placed = _no_place(thing)
    return any((not kin or _near_kin(words, k, kin))
               and (not thing or not _mentions(words, thing) or _near_thing(words, k, thing)
                    # ("my van is a white ford transit, i call it ghost": "it" is the van, dec293)
                    or (k > 1 and words[k - 1].casefold() == "it" and words[k - 2].casefold() in ("call", "calls")))
               and not (placed and k and (words[k - 1].casefold() in _PLACE_PREPOSITIONS
                                          # (or its "the": "what is the game called" / 'it comes
                                          # out in September on the Switch', dec284)
                                          or (k > 1 and words[k - 1].casefold() == "the"
                                              and words[k - 2].casefold() in _PLACE_PREPOSITIONS)))
               for words, k in _names(told, question, own, user))


def _kin_asked(question: str, roles: bool = False) -> set[str]:
    """The relations a question names ("whats my sisters name" -> {"sister"}); with `roles`, the
    other people of a life too ("who is my best friend" -> {"friend"})."""
    known = RELATIONS | _ROLES if roles else RELATIONS
    # (a plural's "s" only: "song" is no "son")
    return {k for w in re.findall(r"[^\W\d_]+", question.casefold()) for k in (w, w[:-1] if w.endswith("s") else w) if k in known}


def asks_by_role(question: str) -> bool:
    """Whether the question asks of someone of their life by a role, no kin ("whats my choir
    teacher called"; not "What are my children called?")."""
    return bool(_kin_asked(question, roles=True)) and not _kin_asked(question)


# People of a life who are not kin (a closed, lexical class): asked "Who is my best friend?", the
# draft gave "Your best friend is Ana." from 'My neighbour Ana waters my plants.'.
_ROLES = frozenset("friend neighbour neighbor boss manager colleague coworker teacher doctor dentist coach "
                   "roommate flatmate housemate landlord landlady tutor mentor therapist vet supervisor professor "
                   "instructor trainer lecturer advisor adviser principal headteacher".split())


def names_from(answer: str, note: str, question: str, own: str = "", user: str = "", kin: bool = False,
               roles: bool = False, opener: bool = False) -> bool:
    """Whether `answer` (the model's draft) gives a name the question does not (`_names`) and
    `note` has, in any case (speech to text writes "my dog pepa"; the draft writes Pepa): asked
    "What's the name of Tiago's fiancée?", a draft that restated 'My brother Tiago is getting
    married in June.' was said as the answer (its only names, Tiago and June, are the question's
    and a month). `kin`: and where the question asks the name of someone of theirs, the note
    gives it beside that relation ("whats my husbands name" drafted "...is Lena." from 'my wife
    lena is a dentist')."""
    note_words = re.findall(r"[^\W\d_]+", note)
    # Written with capitals (not speech to text), a word the note has only in lower case is no
    # name: "Who is my instructor?" drafted "...someone who teaches you Taekwondo at home" of 'I
    # practise taekwondo three evenings a week.' (dec72: said as the answer).
    cased = any(c.isupper() for c in _words(note))
    # A name only ever after a title is a family name ("what is my uncles first name" drafted
    # "Your uncle's first name is Haddad." of 'my uncle prof. haddad teaches physics').
    first = bool(_ASKS_FIRST_NAME.search(question))
    # A name asked of someone of theirs is no place: 'My sister lives in Porto.' ("whats my sisters
    # name" drafted "Your sister's name is Porto." and was said as told).
    thing = _thing_asked(question)
    # ...nor of a thing of theirs that is no place: 'I coach rugby for under-12s in Auckland.' ("what's
    # my team called" drafted "You are part of the Auckland Rugby Union (ARU) team.", dec99)
    # ...nor of anyone asked who: "who is my supervisor" drafted "Your supervisor is Dr. Maria Santos
    # from the University of Lisbon." of "I'm studying marine biology in Lisbon." (dec130)
    placed = bool(_kin_asked(question, roles=True)) or _no_place(thing) or asks_who(question)
    in_note = {w.casefold() for i, w in enumerate(note_words)
               if not (cased and w.islower()) and not (first and i and note_words[i - 1].casefold() in _TITLES)
               and not (placed and i and note_words[i - 1].casefold() in _PLACE_PREPOSITIONS)}
    relations = _kin_asked(question, roles) if kin else set()
    asked = {bare(w) for w in re.findall(r"[^\W\d_]+", question)} - {"i", "my", "is", "what", "the"}
    for words, k in _names(answer, question, own, user, opener):
        name = words[k].casefold()
        if asked & {bare(w) for w in _capitalised_run(words, k)}:
            # The thing asked, title-cased with the note's words: "what is my shop called" drafted
            # "Your shop is called The Bike Repair Shop by the Canal." of 'i run a small bike repair
            # shop by the canal' (dec50): a description, not a name.
            continue
        run = _capitalised_run(words, k)
        if len(run) > 1 and not {bare(w) for w in run} <= {bare(w) for w in note_words}:
            # A name of words the note has only one of: "what is the boat called" drafted "The boat
            # is named "Sailing Ship"." of 'we're sailing to the faroe islands in june' (dec223)
            continue
        if name in in_note and (not relations or any(_near_kin(note_words, i, relations)
                                                     for i, w in enumerate(note_words) if w.casefold() == name)):
            if thing and not relations and _mentions(note_words, thing) and not any(_near_thing(note_words, i, thing)
                                                   for i, w in enumerate(note_words) if w.casefold() == name):
                continue  # another's name: "what are the kittens called" / 'my cat mochi had three kittens' (dec51)
            return True
    return False


# What a thing of theirs is called, asked ("What is my ferry called?", "what are the kittens called",
# "what's the name of my boat"): a closed, lexical form.
# (and as it was or will be: "what will the barbershop be called" / '...opening a barbershop', dec116)
# (and of someone named: "what is karim's restaurant called" / 'my brother karim lives in london,
# he's a chef' was answered with it, London taken for the restaurant's name, dec164)
_THING_CALLED = re.compile(r"^\W*what(?:'s|\s+is|\s+are|s|\s+was|\s+were|\s+will|'ll|\s+would|\s+should)\s+"
                           r"(?:my|our|the|his|her|their|[^\W\d_]+['\u2019]s)\s+([^\W\d_]+)\s+(?:be\s+)?(?:called|named)"
                           r"|name\s+of\s+(?:my|our|the|his|her|their)\s+([^\W\d_]+)"
                           r"|what\s+(?:do|does|did)\s+\w+\s+call\s+(?:my|our|the|his|her|their)\s+([^\W\d_]+)"
                           # ("what are the couple's names", dec262)
                           r"|(?:the|our)\s+([^\W\d_]+)['\u2019]s?\s+names?(?!\w)", re.IGNORECASE)


def _thing_asked(question: str) -> set[str]:
    """The terms of the thing whose name `question` asks, if it asks one that way."""
    from milo.memory.index import terms

    m = _THING_CALLED.search(question.replace("\u2019", "'"))
    return set(terms(m.group(1) or m.group(2) or m.group(3) or m.group(4))) if m else set()


def _mentions(words: Sequence[str], thing: set) -> bool:
    """Whether the note's words name the thing (a note that says "she" of it may give its name
    anywhere: 'She's called Luna...')."""
    from milo.memory.index import terms

    return any(set(terms(w)) & thing for w in words)


def _near_thing(words: Sequence[str], k: int, thing: set) -> bool:
    """Whether words[k] (a name) is given for `thing`: right after it, a word between at most ("my
    cat mochi", "our boat the Heron"; not 'a ferry captain on the Bosphorus'), after "called" or
    "named" within eight words of it, or before "is my <thing>"."""
    from milo.memory.index import terms

    # (not across a preposition: 'a coffee roastery in porto' gives a place, and "Your roastery is
    # called Porto Coffee Roasters." was drafted and said as told, dec55)
    within = 1 if k and words[k - 1].casefold() in _PLACE_PREPOSITIONS else 2
    return _given_for(words, k, lambda i: bool(set(terms(words[i])) & thing), within=within, called_is=False)


# Another thing begins after it: "and" in the languages names.py knows (not "i": English in lower
# case), and "or".
_AND = (AND_WORDS - {"i"}) | {"or"}
_ITS_NAME_IS = frozenset((p, "name", v) for p in ("her", "his", "its", "their") for v in ("is", "was"))  # lexical


def _given_for(words: Sequence[str], k: int, of: Callable[[int], bool], within: int, called_is: bool) -> bool:
    """Whether words[k] (a name) is given for the word `of` says (`_near_kin`, `_near_thing`): one
    of the `within` words before it, or before "called"/"named" it up to eight words back (with
    `called_is`, only where "is" or "was" follows that word), or "<name> is my <it>"."""
    # (a verb between is no name given: 'The couple likes Afrobeats.' for "what are the couple's
    # names", said as the answer, dec262)
    verb = k > 1 and re.fullmatch(r"[^\W\d_]+(?:s|ed)", words[k - 1]) is not None and words[k - 1].casefold() not in _GIVES_NAME
    if any(of(i) and not (verb and i < k - 1) for i in range(max(0, k - within), k)):
        return True
    j = k - 1 if k > 1 and words[k - 1].casefold() in ("the", "la", "le", "el", "die", "der", "das") else k  # "called the Heron"
    # (not across an "and": 'three hens and a very grumpy goose named Gerald' names the goose, and
    # "What are my hens called?" was answered with it, dec108)
    if j and words[j - 1].casefold() in ("called", "named") and any(
            of(i) and (not called_is or words[i + 1].casefold() in ("is", "was"))
            and not any(w.casefold() in _AND for w in words[i + 1:j - 1]) for i in range(max(0, j - 8), j - 1)):
        return True
    # "...a dog last week, her name is Bølle": the name of what the sentence told of, as "called"
    # is ("What is my dog called?" was "not sure you've told me", the note said as the closest)
    if (j > 2 and tuple(w.casefold() for w in words[j - 3:j]) in _ITS_NAME_IS
            and any(of(i) and (not called_is or words[i + 1].casefold() in ("is", "was")) for i in range(max(0, j - 11), j - 3))):
        return True
    return k + 3 < len(words) and words[k + 1].casefold() in ("is", "was") and of(k + 3)


_GIVES_NAME = frozenset("is was has does named called as".split())  # between a thing and its name (lexical)
_TITLES = frozenset(t.casefold() for t in TITLES)  # "Mrs", "Prof": no name of their own
# A first name asked (a closed, lexical class).
_ASKS_FIRST_NAME = re.compile(r"(?<!\w)(?:first|given|christian)\s+name|(?<!\w)(?:pr[ée]nom|vorname|nombre\s+de\s+pila)(?!\w)",
                              re.IGNORECASE)


def _names(text: str, question: str, own: str = "", user: str = "", opener: bool = False) -> Iterable[tuple[list[str], int]]:
    """Each name in `text` as (its sentence's words, its index): a word written with a capital,
    or in a script without case (李娜), that does not open a sentence, is not in the question and
    is neither the persona's nor the user's, nor a day, a month or a feast (capitalised, but they
    say when, not who or which)."""
    known = {bare(w) for w in re.findall(r"[^\W\d_]+", f"{question} {own} {user}")}
    for sentence in _SENTENCES.findall(text):
        words = re.findall(r"[^\W\d_]+", sentence)
        # `opener`: a sentence's first word too, unless a common word ("Sandra helped us set up
        # the tent." drafted for "who helped us"; not "The" or "Your")
        first = 0 if opener and words and words[0].casefold() not in STOP else 1
        for k, w in enumerate(words[first:], first):
            name = w.casefold()
            # (or in lower case right after "called" or "named", as speech to text writes it: 'a
            # beagle called biscuit', dec246)
            # (or "call it ghost", "we call him bobo": the van's name, dec293)
            if ((w[0].isupper() or not w[0].islower() or k and words[k - 1].casefold() in ("called", "named") and name not in STOP
                 or k > 1 and words[k - 2].casefold() in ("call", "calls") and words[k - 1].casefold() in ("it", "him", "her", "them")
                 and name not in STOP)
                    and w not in ("I", "I'm") and bare(w) not in known
                    and not (_DAY.fullmatch(w) or name in MONTH_NUMBERS or name in _FEASTS or name in _TITLES)):
                yield words, k


def _capitalised_run(words: Sequence[str], k: int) -> list[str]:
    """The title-cased words around words[k] ("Bike Repair Shop by the Canal": up to two small
    words between two with a capital)."""
    from milo.memory.grounding import STOP

    upper = [w[:1].isupper() for w in words]
    small = [w.casefold() in STOP for w in words]

    def bridge(i: int, step: int) -> int:
        """The next capitalised word from i on (i itself, or after one or two small words), else -1."""
        for n in range(3):
            j = i + n * step
            if not 0 <= j < len(words) or not (upper[j] or small[j]):
                return -1
            if upper[j]:
                return j
        return -1

    start = end = k
    while (j := bridge(start - 1, -1)) >= 0:
        start = j
    while (j := bridge(end + 1, 1)) >= 0:
        end = j
    return list(words[start:end + 1])


def bare(word: str) -> str:
    """A word without case or accents: the user's name drafted "Helene" is theirs ("Hélène")."""
    return "".join(c for c in unicodedata.normalize("NFKD", word.casefold()) if not unicodedata.combining(c))


_FEASTS = frozenset(("christmas", "easter"))  # beside the days (_DAY) and months (milo.memory.format)


def _near_kin(words: Sequence[str], k: int, kin: set) -> bool:
    """Whether words[k] (a name) is given for one of `kin`: within four words after it ("my sister
    Ana", "my sister's name is Ana", "my sister is called Ana"), up to eight where "<kin> is ...
    called" it ("Her coach is a tall guy called Marek.", not "My sister met a nice guy called
    Marek."), or just before "is my <kin>"."""
    kin = kin | {f"{w}s" for w in kin}  # "my sisters Ana and Eva"
    # (not after "in", "at": 'My sister lives in Porto.' gave "You told me your sister lives in
    # Porto." for "whats my sisters name")
    within = 0 if k and words[k - 1].casefold() in _PLACE_PREPOSITIONS else 4
    return _given_for(words, k, lambda i: words[i].casefold() in kin, within=within, called_is=True)


# A question proper (its mark, or a question word first), not a request ("Tell me a fun fact."):
# only those are matched against every note by meaning.
_ASKS = (r"[?？]|^\W*(?:(?:hi|hello|hey|ok|okay|so|and|oh|um|{own}well)\W+)*(?:what|what's|whats|where|where's|who|who's"
         r"|whose|which|when|why|how|does|did|is|are|was|were|has|have)(?!\w)")  # ("has pip won anything", dec152)


# Animals kept as pets (a closed, lexical class): a word in lower case after one is its name.
_PETS = frozenset("dog dogs puppy cat cats kitten parrot rabbit bunny hamster horse pony budgie tortoise turtle goldfish "
                  "fish snake lizard ferret gerbil guinea-pig canary cockatiel chicken hen goat pig".split())


def _shares_name(question: str, note: str, own: str = "", user: str = "", theirs: bool = False) -> bool:
    """Whether the question has a name the note's words give (a word written with a capital, or
    in a script without case, that does not open a sentence; not the persona's nor the user's).
    The question's case does not matter ("what does joris do": speech to text). `theirs`: only a
    name the note gives as someone or something of the user's (right after a relation, a pet's
    kind, "called")."""
    asked = {w.casefold() for w in re.findall(r"[^\W\d_]+", question)}
    # and a possessive without its apostrophe, as speech to text writes it ("what is kemis
    # teachers name": left to the model, it named her teacher "Mr. Johnson", dec52)
    asked |= {w[:-1] for w in asked if len(w) > 3 and w.endswith("s")}
    skip = {own.casefold(), user.casefold(), "i", "i'm"}
    # A sentence's first word too where the question writes it with a capital inside it: Milo's
    # own note 'Noor lends Layla her bike on Sundays.' for "What colour is Noor's bike?" (dec65:
    # left to the model, "Noor's bike is blue. It was bought for her by her parents...").
    said = re.findall(r"[^\W\d_]+", question)
    capital = {w.casefold() for w in said[1:] if w[0].isupper() and w.casefold() not in STOP}
    for sentence in _SENTENCES.findall(_words(note)):
        words = re.findall(r"[^\W\d_]+", sentence)
        if words and words[0].casefold() in capital - skip and words[0].casefold() not in RELATIONS and not theirs:
            return True
        for k, w in enumerate(words[1:], 1):
            # Written with a capital, or (speech to text writes none) right after a relation:
            # "my husband karim makes the best lentil soup" ("how tall is karim" was answered
            # "Karim is probably quite tall, as he's mentioned making the best lentil soup."), or
            # after called/named ("i have a cat named pepper": "how old is pepper" was the model's).
            # (not a common word: "my grandma is teaching me" named "is" of "what vegetable is kimchi...", dec63)
            # ...or after a pet's kind ("my dog rolo": "how old is rolo" was the model's, "probably around 10", dec120)
            given = words[k - 1].casefold() in RELATIONS | _CALLED | _PETS and w.casefold() not in STOP
            named = given or (not theirs and (w[0].isupper() or not w[0].islower()))
            if named and w.casefold() in asked and w.casefold() not in skip and w.casefold() not in RELATIONS:
                return True
    return False


# Words that make the name after them someone or something of the user's ("my daughter Lin", "our
# parrot Kiwi", "a dog called Fenrir"), not a place or a thing of the world ("about Mars").
_CALLED = frozenset("called named".split())
_THEIRS = frozenset("my our his her their your".split()) | _CALLED


def _shares_only_a_place(question: str, note: str, own: str = "", told: Sequence[Candidate] = ()) -> bool:
    """Whether all the question shares with the note is names the note does not give as someone
    or something of the user's: "How many moons does Mars have?" / 'I love reading about Mars.'
    (0.50 in meaning) was "I'm not sure you've told me that. The closest I have is that you love
    reading about Mars.": a question about the world, for the model. "What does Lucía do?" / 'My
    best friend Lucía is a firefighter.' shares someone of theirs, and so does 'Biscuit is actually
    brindle.' where another of their notes (`told`) gave the name ('He's called Biscuit')."""
    from milo.memory.index import terms

    shared = asked_terms(question, own) & set(terms(_statements(note)))
    if not shared:
        return False
    places, theirs = set(), set()
    for text in [note, *(c.text for c in told)]:
        for sentence in _SENTENCES.findall(_words(text)):
            words = re.findall(r"[^\W\d_]+", sentence)
            for k, w in enumerate(words[1:], 1):
                if w[0].isupper() or not w[0].islower():
                    if _given_as_theirs(words, k):
                        theirs |= set(terms(w))
                    elif text == note:
                        places |= set(terms(w))
    return shared <= places - theirs


def _of_the_world(question: str, told: Sequence[Candidate], named: Sequence[int], j: int, own: str = "",
                  user: str = "") -> bool:
    """Whether a question without "I" or "my" names something none of their notes does, and is
    close to note j by meaning alone, sharing no word with it: "What's the capital of Denmark?"
    was 0.5 from 'I live in Aarhus.' and got "I'm not sure you've told me that. The closest I have
    is that you live in Aarhus.": the world's, for the model. ("When is the wedding?" / 'My
    fiancée Adaeze and I are getting married in August.' names nothing: theirs.) A name is told
    by its capital, so speech to text's "whats the capital of denmark" is not seen."""
    from milo.memory.grounding import STOP
    from milo.memory.index import terms

    if j in named or asked_terms(question, own) & set(terms(_statements(told[j].text))):
        return False
    known = {bare(w) for c in told for w in re.findall(r"[^\W\d_]+", _words(c.text))} | {bare(own), bare(user)}
    return any(w[0].isupper() and w.casefold() not in STOP and bare(w) not in known
               for w in re.findall(r"[^\W\d_]+", question)[1:])


@functools.cache
def _LIGHT_TERMS() -> frozenset:
    """How many, and verbs that say little of what is asked (English, lexical)."""
    from milo.memory.index import terms

    return frozenset(terms("many much come comes coming get gets getting"))


@functools.cache
def _ROLE_TERMS() -> frozenset:
    from milo.memory.index import terms

    return frozenset(terms(" ".join(_ROLES)))


@functools.cache
def _RELATION_TERMS() -> frozenset:
    from milo.memory.index import terms

    return frozenset(terms(" ".join(RELATIONS)))


# "Is it hard, teaching piano?", "Was that fun?": a yes or no about "it" asks what Milo thinks, not
# what was told (the piano note was said as the closest, "I'm not sure you've told me that...").
# A follow-up asking a fact ("When is it?") is read with its question first (`leaning`).
_ASKS_OPINION = re.compile(r"^\W*(?:(?:and|so|oh|but|well)\W+)*(?:is|was|are|were|does|did|will|would|can|could)\s+"
                           r"(?:it|that|this|they|there)(?!\w)", re.IGNORECASE)


# What a note has or lacks as words (a colour, a size, a number, an age; closed, lexical classes: `_lacking`).
_ASKS_ATTRIBUTE = re.compile("|".join(r.pattern for r in (_ASKS_COLOUR, _ASKS_SIZE, _ASKS_NUMBER, _ASKS_AGE)), re.IGNORECASE)


_ASKS_ABOUT = re.compile(r"^\W*what(?:'s|\s+is|\s+are|\s+was|\s+were|\s+will)\s+(?:the|my|our|his|her|their|this|that)\s+"
                         r"(?:[^\W\d_]+\s+){0,2}?(?P<thing>[^\W\d_]+)\s+(?:be\s+)?about\W*$", re.IGNORECASE)


def _says_what_it_is_about(question: str, note: str) -> bool:
    """Whether the question asks what a thing is about and `note` says it of that thing."""
    m = _ASKS_ABOUT.match(question)
    if m is None:
        return False
    thing = re.escape(m["thing"].casefold().rstrip("s"))
    return bool(re.search(rf"(?<!\w){thing}s?\s+(?:[\w'\u2019]+\s+){{0,3}}?about\s+[^\W\d_]", _words(note), re.IGNORECASE))


_ASKS_ON = re.compile(r"^\W*what(?:'s|\s+is|\s+are|\s+was|\s+were)\s+(?P<prep>on|in|inside|under|behind)\s+(?:the|my|our|his|her|their|this|that)\s+"
                      r"(?:[^\W\d_]+\s+){0,2}?(?P<thing>[^\W\d_]+)\W*$", re.IGNORECASE)


def _on_the_thing(question: str, told: Sequence[Candidate]) -> Optional[int]:
    """For "what is on the tiles" (or in, under...), the newest note that says what is "on them"
    (or on it, on the tiles), of the thing it or one of the two notes before it names: 'they're
    blue and white with birds on them' after 'right now I'm painting tiles for a café' (the tiles'
    first note was said instead, dec273)."""
    m = _ASKS_ON.match(question)
    if m is None:
        return None
    thing = re.escape(m["thing"].casefold().rstrip("s"))
    names = re.compile(rf"(?<!\w){thing}s?(?!\w)", re.IGNORECASE)
    there = re.compile(rf"(?<!\w)\w+\s+{m['prep']}\s+(?:them|it|(?:the\s+)?{thing}s?)(?!\w)", re.IGNORECASE)
    at = [k for k in range(len(told)) if there.search(_words(told[k].text))
          and any(names.search(_words(told[i].text)) for i in range(max(0, k - 2), k + 1))]
    return at[-1] if at else None


def _told_about(text: str, candidates: Sequence[Candidate], embed: Optional[Embed], own: str = "",
                user: str = "") -> Optional[Evidence]:
    """A question about someone or something the user told of, without "I" or "my" ("What does
    Lucía do?", "when is the twins party now"): the note it is close to by meaning, if one is
    close enough; else None (the model answers as usual). Not a question to Milo ("What do you
    think of marathons?") nor a request for advice."""
    if (embed is None or _YOU.search(text) or _ADVICE.search(text.replace("\u2019", "'")) or not opening_words(_ASKS, own).search(text)
            or _ASKS_OPINION.match(text)):
        return None
    told = told_notes(candidates, own)
    meaning = by_meaning(text, told, embed, own) if told else None
    if meaning is None:
        return None
    # A name the question and a note share (a name is lexical): a lower bar. "What does Joris
    # do?" was 0.497 from 'My brother Joris is a firefighter.', and the model, left to answer,
    # gave Joris the user's own Tuesday bouldering.
    # (lower where a closed attribute is asked, which a note without it answers only as the closest:
    # "What colour is Simin?" was 0.26 from 'My cat Simin waits for me by the door every morning.',
    # and the model, left to answer, said "Simin is brown.", dec68)
    # (lower still for a short question of an age, a colour, a size: "how old is pepik" was 0.19
    # from 'my cat pepik sleeps on the warm amplifiers all day', and the model, left to answer,
    # said "Pepik is a cat and doesn't have an age", 2026-12-06 on a lived-in memory)
    # (and the same where the note gives the name as one of theirs: "who is pepik", "what does
    # pepik eat" were 0.22 and 0.25 from the note: a name the embedder never saw means little to it)
    floor = MEANING_NAMED_ATTRIBUTE if _ASKS_ATTRIBUTE.search(text) else MEANING_NAMED
    named = [k for k in range(len(told)) if _shares_name(text, told[k].text, own, user)
             and (meaning[0][k] >= floor
                  or meaning[0][k] >= MEANING_NAMED_ATTRIBUTE and _shares_name(text, told[k].text, own, user, theirs=True))]
    # ...and a note right after one of those that opens with "he", "she" or "it" (who that is
    # the note before says): "How old is Dash?" / '...a rescue greyhound called Dash.' then
    # 'He's seven and very shy around other dogs.' (dec55: the first was said as the closest).
    if asks_when_or_how_many(text):
        named += [a for k in named if (a := _of_the_one_named(told, k, text, own, user)) is not None and a not in named
                  and says_what_is_asked(text, _words(told[a].text))]
    from milo.memory.index import terms

    # ...and a note that has every word asked, at the same lower bar: "who is getting married" was
    # 0.39 from 'my sister Yuki is getting married in Kyoto in April', and the model, left to
    # answer, made the user's sister's wedding theirs (dec143). (The draft looks again.)
    asked = asked_terms(text, own)
    # (but the words of how many and the light verbs: "how many tourists are coming" / 'I've got a
    # big group of tourists tomorrow morning', 0.48, went to the model, which said "My memory notes
    # do not contain this detail.", dec252)
    content = asked - _LIGHT_TERMS()
    # (but the thing asked which of, which a note may name otherwise: "which house has the dog" /
    # 'the dog at number twelve always chases me' went to the model, which said "It's Diarmuid's
    # house.", dec284)
    content = (content - which_thing(text)) or content
    worded = [k for k in range(len(told)) if content and meaning[0][k] >= MEANING_NAMED
              and _matched(content, set(terms(_statements(_words(told[k].text))))) == content]
    if max(meaning[0]) >= MEANING_TOLD_ABOUT:
        j = max(range(len(told)), key=lambda k: (meaning[0][k], k))
    elif named or worded:
        # the one that has what is asked (a when, a number) first
        j = max(named or worded, key=lambda k: (says_what_is_asked(text, _words(told[k].text)), meaning[0][k], k))
    elif theirs := [k for k in range(len(told)) if _theirs_in_general(text, told[k].text, own) or _the_one_they_have(text, told[k].text)]:
        # ...or the one that speaks of the thing asked as theirs in general ("how much does a tour
        # cost" / 'a tour takes about six hours'; the model had said "A tour costs about $100 per
        # person, as you mentioned earlier.", dec287), or has ("how many passengers fit in the taxi"
        # / 'i drive a minibus taxi': "It's generally around 4-6 people", dec295): what it lacks
        # is then not told
        j = max(theirs, key=lambda k: (meaning[0][k], k))
    else:
        return None
    if (_shares_only_a_place(text, told[j].text, own, told)
            # (not where they speak of their own in general: "how much does a tour cost" / 'a tour
            # takes about six hours' went to the model: "about $100 per person, as you mentioned", dec287)
            or (_in_general(text, told[j].text, own, user) and not any(_theirs_in_general(text, c.text, own) for c in told))
            or _of_the_world(text, told, named, j, own, user)):
        return None
    if _WHO_IS.match(text):
        # Who one named is: the note that gives who they are to the user ('My wife Karin and I
        # are renovating our kitchen.'), not one that only names them ('Karin changed her mind,
        # the cabinets will be white now.', newer and closer in meaning: dec44).
        theirs = [k for k in range(len(told)) if _gives_who(text, told[k].text)]
        if theirs and j not in theirs:
            j = max(theirs, key=lambda k: (meaning[0][k], k))
    if asks_who(text) and names_no_one(text, told[j].text, own, user):
        # Whose or who, and the note names no one: an older note on the same thing that does
        # ("Whose wedding is it?" / 'Update: the wedding got moved to April 2nd.', after 'My
        # sister's wedding is on the 14th of March.': "not sure", dec85).
        shared = asked_terms(text, own) & set(terms(_words(told[j].text)))
        theirs = [k for k in range(j) if shared and shared <= set(terms(_words(told[k].text)))
                  and meaning[1][j][k] >= MEANING_SAME_THING and not names_no_one(text, told[k].text, own, user)]
        if theirs:
            j = theirs[-1]

    on_it = _on_the_thing(text, told)
    if on_it is not None:
        j = on_it
    of_named = False  # the note is the one after the note that names who is asked of, and has what is asked
    place_after = None
    if _shares_name(text, told[j].text, own, user) and (a := _of_the_one_named(told, j, text, own, user)) is not None:
        # The note after, of the one named ("he", "she"), has what is asked beyond the name,
        # the named note nothing but the name: "Which composer is Omar practising?" / 'My son Omar
        # plays the violin...' then "He's been practising a Vivaldi piece for weeks." (dec57).
        here, after = asked & set(terms(_words(told[j].text))), asked & set(terms(_words(told[a].text)))
        # (or a when or a number that only it says: "how old is mateo" / 'my grandson mateo is
        # visiting me this weekend' ... 'he's twelve and he loves football', dec179)
        more = after - here or (asks_when_or_how_many(text) and not says_what_is_asked(text, _words(told[j].text))
                                and (not _ASKS_NUMBER.search(text) or _counts_what_is_asked(text, _words(told[a].text))))
        if more and len(here - after) <= 1 and says_what_is_asked(text, _words(told[a].text)):
            j, of_named = a, True
        elif a == j + 1 and _where_after(text, told[j].text, told[a].text):
            place_after, of_named = a, True  # ...or where, which only the note after says: beside it, which says who "he" is
    if not of_named and _lacks_doer(text, [_words(told[j].text)]):
        # ...or who does it to the one named, which a note soon after says with "his" or "her": "Who
        # teaches Leo?" / 'My son Leo started guitar lessons on Mondays.', 'Sorry, I meant Tuesdays,
        # not Mondays.', 'His teacher is called Marco.' (dec62)
        doer = next((k for k in range(j + 1, min(j + 3, len(told))) if _OPENS_WITH_THEIR.match(_words(told[k].text))
                     and not _lacks_doer(text, [_words(told[k].text)])), None)
        if doer is not None:
            j, of_named = doer, True
    if place_after is None and j + 1 < len(told) and _why_after(text, told[j].text, told[j + 1].text):
        # ...or why, also of one named in lower case (no name shared): "why is chloe moving" / 'my
        # flatmate chloe is moving out next month' then 'she got a job in edinburgh' (dec212)
        place_after, of_named = j + 1, True
    # (not a newer note without the when or number asked: "how old is pepper" was answered with
    # 'Pepper loves sleeping on the printer.' beside the cat's age)
    close = [k for k in range(j + 1, len(told))
             if (meaning[1][j][k] >= MEANING_SAME_THING or asked & set(terms(told[k].text)))
             and says_what_is_asked(text, _words(told[k].text))]
    if close and close[-1] + 1 < len(told) and changes(_words(told[close[-1] + 1].text)) and swapped(
            _clause(told[close[-1]].text, own), _clause(told[close[-1] + 1].text, own)):
        # ...and the one right after that corrects it ("when are mykola's lessons" / 'my son mykola
        # is learning to swim', 'his lessons are on monday and thursday at the city pool', then
        # 'sorry, monday and friday, not thursday': the Thursday was said, dec162); asked anything
        # else ("what is mykola learning"), the note of the one named alone, not the old day beside it
        j, close = (close[-1], [close[-1] + 1]) if asks_when_or_how_many(text) or _ASKS_WHERE.search(text) else (j, [])
    newer = (told[close[-1]],) if close else (told[place_after],) if place_after is not None else ()
    note = part_of(told[j], meaning[2][j])
    if asked & (set(terms(_words(told[j].text))) - set(terms(meaning[2][j]))):
        # The part closest in meaning leaves out words asked that the note has: its sentences
        # that have them ("Which grade did Ada pass?" / 'One of my students, Ada, just passed her
        # grade five exam!' was said "You told me One of your students, Ada.": a name weighs much).
        note = _answering(told[j], asked)
    # Looked at again (milo.chat.draft): a name in common weighs much in MiniLM, so a note on the
    # person may be close to any question about them ("When is Lucía's birthday?" / 'My daughter
    # Lucía just started university in Madrid.' was said as the answer). Not where a newer note
    # changed it: the draft then mixes the two ("The twins' birthday party is now scheduled for
    # Sunday." was closest to Saturday's note).
    found = _day_kept(_older_kept(Evidence(told[j].key, note.text, newer, bool(newer) and changes(newer[-1].text), own), text),
                      text, told, embed)
    # (sure where the note of the one named has what is asked: "What is Lucía studying?" / 'She's
    # studying architecture.' after '...my daughter Lucía just started university': drafted
    # "Lucía is studying architecture at Madrid University.", two notes mixed, dec8)
    # (...nor where nothing asked beyond the names is in either note: "What does Kofi do for work?"
    # / 'My brother Kofi is visiting from Kumasi next week.' then 'Kofi's visit got pushed to
    # December.' was said as the answer, dec92)
    named = _names_asked(text)
    # (a name asked in lower case, as speech to text writes it, is a name where the note writes it
    # so: "what is leif's favourite food" / 'my husband Leif is a fisherman...' was said as the
    # answer, dec141)
    named |= _capitalised_terms(told[j].text)
    beyond = asked - named
    said = set(terms(_words(found.note))) | {t for c in found.newer for t in terms(_words(c.text))}
    sure = (found.newer and (asks_when_or_how_many(text) or not beyond or beyond & said)) or of_named
    # ...or who one is, the note giving them as someone of theirs ("who is sanne" / 'my girlfriend
    # sanne is a vet': the draft "Sanne is a veterinarian working at a bike shop in Utrecht." mixed
    # two notes, and "not sure" was said, dec165)
    sure = sure or (bool(_WHO_IS.match(text)) and not found.newer and _gives_who(text, found.note))
    # ...or what it is about, the note saying so of it: "what is the game about" / 'our new game is
    # about a fox who delivers letters' (the draft added the city of another note: "not sure", dec284)
    sure = sure or (not found.newer and (_says_what_it_is_about(text, found.note) or on_it == j))
    found = found if sure else dataclasses.replace(found, unsure=True)
    return _aged_instead(_lacking(found, text, own, user, found.newer[-1] if found.newer and found.replaced
                                  else Candidate(found.choice, found.note)), found, text, told, own, user)


WHOLE_WORDS = 30  # a longer sentence of clauses is compared by its clauses alone
_SPLIT = re.compile(NOT_AFTER_TITLE + r"(?<=[.!?,;。！？，])\s+")


def _words(note: str) -> str:
    """A note's own words: the quote of 'Zoë said: "..."' (the prefix made every note of a user
    close to every other) or of 'earlier today: "..."' (this conversation's messages: with the
    prefix and quote marks as parts of their own, "Hi Milo, I am Zoë and I repair bicycles." kept
    its name and was 0.25 from "What do I do for work?", its job alone 0.37), the note as written
    otherwise."""
    words = own_words(note)
    return unflag(note) if words is None else words


def _sentences(note: str, own: str = "") -> list[str]:
    """The parts of a note compared by meaning: its sentences (and clauses), without a short one
    that only gives the user's name ("Hello! Siobhán here.": a question about any name came close
    to it; the name is note NAME_NOTE's to answer) nor a greeting, nor the greeting and name that
    open it (speech to text writes no stops: "hello milo my name is mateo i work night shifts as
    a paramedic" was 0.31 from "what do i do for a living", its job alone 0.45)."""
    return _parts(_compared_words(note, own))


def _compared_words(note: str, own: str = "") -> str:
    """What of a note is compared by meaning: its statements, without the greeting and name that open it."""
    from milo.memory.names import after_name

    return after_name(_statements(_words(note)), own)


# "... and i have ...": a clause of its own, the user its subject again (speech to text writes no
# commas: "i'm a pharmacist in leicester and i have twin boys, yusuf and idris" was 0.66 from the
# draft "You are a pharmacist in Leicester.", its first clause 0.92). English conjunctions and
# pronouns: a closed, lexical class. Only a draft is compared with these (`by_meaning(finer=)`):
# as parts for find too, the evidence bench lost more than it won ("what is my wifes job" was
# answered 'i work at the airport', of '... and my shift starts at five am').
_AND_I = re.compile(r"\s+(?=(?:and|but|so)\s+(?:i|i'm|im|i've|ive|we|we're|we've|my|our)\s)", re.IGNORECASE)


def _parts(words: str) -> list[str]:
    """`_sentences` of a note's compared words (`_compared_words`)."""
    from milo.memory.names import name_in

    parts: list[str] = []
    for p in (p for p in _SPLIT.split(words) if p.strip()):
        # A clause of three words or fewer after a comma goes with the one before it: "We have two
        # cats, Miso and Tofu." was said back as "The closest I have is that Miso and Tofu."
        # And a clause that sets itself against the one before it: "I said grey, but Biscuit is
        # actually brindle." (asked "What colour is my dog?", 'I said grey,' alone was said back).
        if parts and parts[-1].rstrip().endswith((",", ";", "\uff0c")) and (len(p.split()) <= 3 or _CONTRAST.match(p)):
            parts[-1] = f"{parts[-1]} {p}"
        else:
            parts.append(p)
    # A single word says nothing on its own ("Caroline", of "Caroline, ...": the closest to
    # every question about a name).
    kept = [p for p in parts if not (len(p.split()) <= 6 and name_in(p)) and not _exclamation(p) and len(p.split()) > 1]
    return kept or [words]


def _whole_sentences(words: str, parts: Sequence[str]) -> list[str]:
    """The sentences of a note's compared words made of several of its `parts` (`_parts`), each
    compared as a part too: a clause alone may lose who it is about ("my cat pickle has been sick,
    the vet said she has a kidney problem": the draft "Pickle has a kidney problem..." came closer
    to 'pickle is eating again' than to either clause, dec42)."""
    return [s.strip() for s in _SENTENCES.findall(words)
            if s.strip() not in parts and sum(p.strip() in s for p in parts) > 1 and len(s.split()) <= WHOLE_WORDS]


# What opens a clause set against the one before it (a closed, lexical class).
_CONTRAST = re.compile(r"\W*(?:but|though|although|however|yet|aber|doch|pero|sino|mais|ma|maar|men|mutta|но)(?!\w)", re.IGNORECASE)


def _statements(words: str) -> str:
    """The sentences of what the user said that tell, not ask: 'That's so nice! What pet do you
    have?' answered "What's my dog's name?" (0.58) on a lived-in memory, a question about a job
    "What kinda jobs are you thinkin' of?" (bench/evidence.py --lived-in)."""
    kept = [s for s in _SENTENCES.findall(words) if s.strip() and not s.strip().endswith(("?", "\uff1f"))]
    # ...nor a question told as someone's: "what did i eat today" was answered "You told me your
    # mum keeps calling every day asking if you're eating properly lol." (dec135)
    return _ASKED_IF.sub(" ", " ".join(s.strip() for s in kept)) or words


# A question told as someone's ("asking if I'm eating properly", "wondering whether it's too late"):
# verbs of asking before "if" / "whether" (a closed, lexical class; English only so far).
_ASKED_IF = re.compile(r"(?<!\w)(?:ask|asks|asked|asking|wonder|wonders|wondered|wondering|(?:want|wants|wanted)\s+to\s+know)"
                       r"\s+(?:(?:me|us|him|her|them|you)\s+)?(?:if|whether)\s+[^.!?,;]*", re.IGNORECASE)


def _exclamation(part: str) -> bool:
    """A greeting, an exclamation or an aside ("Dzień dobry Milo!", "Hello!", "Kia ora Milo,",
    "Oh,"): near every short question about a name or a thing (0.26-0.32 from "What's my dog's
    name?"; "What's my sister called?" came closest to "Kia ora Milo,"), saying nothing. Not the
    user telling of themselves: "I'm a tailor," was dropped from 'I'm a tailor, I have a little
    shop in Bursa.', and "what do i do for a living" was said the shop alone (dec140)."""
    p = part.strip()
    return (p.endswith(("!", ",", "，")) and len(p.split()) <= 3 and not any(c.isdigit() for c in p)
            and not _I_DO.search(p))


def by_meaning(text: str, notes: Sequence[Candidate], embed: Embed, own: str = "", finer: bool = False):
    """(cosine of the question with each note, by its closest sentence; the notes' cosines with
    each other, by their whole text), or None when the embedder fails (words alone then).
    `finer`: a statement (the model's draft) is compared with each "... and I ..." clause too."""
    import numpy as np

    try:
        said = [_compared_words(n.text, own) for n in notes]
        clauses = [_parts(w) for w in said]
        parts = [ps + _whole_sentences(w, ps) for w, ps in zip(said, clauses)]
        if finer:
            parts = [ps + [a for p in cs for a in _AND_I.split(p) if a != p and len(a.split()) > 2]
                     for ps, cs in zip(parts, clauses)]
        vecs = embed([text] + [p for ps in parts for p in ps])
    except Exception as e:  # noqa: BLE001 - meaning only adds to words
        log.info("evidence by meaning skipped (%s: %s)", type(e).__name__, e)
        return None
    q, rest = vecs[0], vecs[1:]
    sims, best, whole, k = [], [], [], 0
    for ps, cs in zip(parts, clauses):
        c = rest[k:k + len(ps)] @ q
        sims.append(float(c.max()))
        best.append(ps[int(c.argmax())])
        # A note as a whole: the mean of its clauses (each embedded once: a turn pays for every
        # new text, ~10-20 ms each here, before the model starts).
        m = rest[k:k + len(cs)].mean(axis=0)
        whole.append(m / max(float(np.linalg.norm(m)), 1e-12))
        k += len(ps)
    whole = np.array(whole)
    return sims, (whole @ whole.T).tolist(), best


# A part that says something stopped (a closed, lexical class): what took its place is in
# another part of the same note ("What sport do I do now?" / 'I don't play tennis anymore, I hurt
# my wrist. I've started swimming instead.' was said "You told me you don't play tennis
# anymore.", dec41).
_STOPPED = re.compile(r"(?<!\w)(?:no\s+longer|any\s?more|stopped|quit|gave\s+up|nicht\s+mehr|ya\s+no|plus\s+de)(?!\w)", re.IGNORECASE)


_REFERS_BACK = re.compile(r"(?<!\w)there(?!\w)|^\W*(?:he|she|it|they|that|this)(?!\w)", re.IGNORECASE)  # lexical


# What a thing is, said after it and a comma ("a puppy, a beagle called biscuit"): a noun phrase to
# the end of the sentence, with no verb of its own but "called" or "named" (English, lexical).
_APPOSITION = re.compile(r"\s*,?\s*(?P<what>(?:a|an|the)\s+(?:[^\W\d_]+\s+){0,2}?(?:[^\W\d_]+)(?:\s+(?:called|named)\s+[^\W\d_]+)?)"
                         r"\s*(?=$|[.!?])", re.IGNORECASE)


def part_of(c: Candidate, part: str) -> Candidate:
    """The note with only the part of it that meaning matched (its quote kept as a quote); the
    note whole where that part says only what stopped."""
    if _STOPPED.search(part):
        return c
    q = _said(c.text)
    # A part that points back ("I moved there last year.") is said with the sentence before it:
    # "Which city do I work in?" was "You told me you moved there last year." of 'Sorry, I meant
    # Kyiv, not Lviv. I moved there last year.' (dec80).
    whole = q[1] if q else c.text
    at = whole.find(part.strip())
    if at >= 0 and len(part.split()) <= 4:
        # A few words cut out of a sentence at its commas are no part ("the older one, Freja" of
        # 'The older one, Freja, just got her driving licence.', dec112): the sentence they are in.
        around = [m for m in _SENTENCES.finditer(whole) if m.start() <= at < m.end()]
        if around and len(around[0].group(0).split()) > len(part.split()):
            part, at = around[0].group(0), around[0].start()
    if at >= 0 and (app := _APPOSITION.match(whole, at + len(part.strip()))):
        # ...nor without what it is, said after a comma: 'we just got a puppy, a beagle called
        # biscuit' ("what kind of dog do we have" was answered 'you just got a puppy,', dec246)
        part = f"{part.strip().rstrip(',')}, {app['what'].strip()}"
    if at > 0 and _REFERS_BACK.search(part):
        before = [b for b in _SENTENCES.findall(whole[:at]) if b.strip()]
        if before:
            part = f"{before[-1].strip()} {part.strip()}"
    if q:
        return Candidate(c.key, q[0] + part.strip() + q[2])
    m = _EARLIER.match(unflag(c.text.strip()))
    return Candidate(c.key, f'earlier today: "{part.strip()}"') if m else Candidate(c.key, part.strip())


# A day or part of the week (a closed, lexical class): what a changed schedule changes.
_DAY = re.compile(r"(?<!\w)(?:mondays?|tuesdays?|wednesdays?|thursdays?|fridays?|saturdays?|sundays?|weekends?"
                  r"|lundi|mardi|mercredi|jeudi|vendredi|samedi|dimanche|montags?|dienstags?|mittwochs?|donnerstags?"
                  r"|freitags?|samstags?|sonntags?|lunes|martes|miércoles|jueves|viernes|sábados?|domingos?)(?!\w)", re.IGNORECASE)
CHANGED_SAME = 0.35  # a newer note about a day, this close to an older one about a day, changed it


# A time long past named in a question (a closed, lexical class): a note that says no time at all
# tells of now, not of then.
_ANOTHER_TIME = re.compile(r"(?<!\w)(?:last\s+(?:year|month)|\w+\s+(?:years?|months?)\s+ago|in\s+(?:19|20)\d\d"
                           r"|l'année\s+dernière|letztes\s+jahr|el\s+año\s+pasado|l'anno\s+scorso|vorig\s+jaar)(?!\w)", re.IGNORECASE)
# Asking when (a closed, lexical class): the newer day is the answer, alone.
_ASKS_WHEN = re.compile(r"(?<!\w)(?:when|what\s+day|which\s+day|what\s+time|what\s+days|which\s+days|quand|wann|cuándo|cuando)(?!\w)",
                        re.IGNORECASE)
_HOURS = "one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve"
# When, as a note says it (a closed, lexical class): a day, a month, a part of the day, a season,
# a clock time or a year. What a when-question needs of a note.
_SAYS_WHEN = re.compile(_DAY.pattern + "|(?<!\\w)(?:" + "|".join(MONTH_NUMBERS) + r"|mornings?|afternoons?|evenings?|nights?"
                        r"|noon|midnight|tonight|today|tomorrow|yesterday|daily|weekly|monthly|yearly|spring|summer"
                        r"|autumn|fall|winter|" + "|".join(_FEASTS) + r"|o'clock|ago|\d{1,2}(?::\d\d)?\s*(?:am|pm|a\.m\.|p\.m\.)"
                        r"|\d{1,2}:\d\d|(?:19|20)\d\d|(?:next|last|this)\s+(?:week|month|year)|half\s+past|quarter\s+(?:past|to)"
                        # how often and by the day's parts: 'she practises every day after school' (dec188)
                        r"|every\s+(?:day|week|weekend|other\s+day)|weekends?|(?:after|before)\s+(?:school|work|dinner|lunch|breakfast)"
                        # a day of the month alone: "moved to the 21st" (dec55: 'on the 14th' was kept beside it)
                        r"|the\s+(?:[1-9]|[12]\d|3[01])(?:st|nd|rd|th)"
                        # how long from now: 'it needs three more weeks before it's ready', "in two weeks" (dec214)
                        r"|(?:\d+|a|an|one|two|three|four|five|six|seven|eight|nine|ten|a\s+few|a\s+couple\s+of|another)\s+more"
                        r"\s+(?:days?|weeks?|months?|years?)|in\s+(?:\d+|a|an|one|two|three|four|five|six|seven|eight|nine|ten|a\s+few"
                        r"|a\s+couple\s+of)\s+(?:days?|weeks?|months?|years?)"
                        r"|at\s+(?:\d{1,2}|" + _HOURS + r")|(?:" + _HOURS + r")\s*(?:am|pm|a\.m\.|p\.m\.|o'clock)"
                        # hours from and to: 'my shift is from eight to four' (dec250: "not sure")
                        r"|from\s+(?:\d{1,2}|" + _HOURS + r")\s+(?:to|till|until)\s+(?:\d{1,2}|" + _HOURS + r"))(?!\w)", re.IGNORECASE)


# A clock time asked, and as a note gives it (closed, lexical classes).
_ASKS_CLOCK = re.compile(r"(?<!\w)(?:what\s+time(?!\s+of\b)|what\s+hour|à\s+quelle\s+heure|um\s+wie\s+viel\s+uhr|a\s+qué\s+hora)(?!\w)",
                         re.IGNORECASE)
_SAYS_CLOCK = re.compile(r"(?<!\w)(?:noon|midday|midnight|o'clock|half\s+past|quarter\s+(?:past|to)|dawn|sunrise|sunset"
                         r"|\d{1,2}(?::\d\d)?\s*(?:am|pm|a\.m\.|p\.m\.|h)|\d{1,2}[:.h]\d\d"
                         r"|(?:at|from|until|till|by|around|before|after)\s+(?:\d{1,2}|" + _HOURS + r")"
                         r"|(?:" + _HOURS + r")\s*(?:am|pm|a\.m\.|p\.m\.|o'clock))(?!\w)", re.IGNORECASE)


# A time after a preposition ("on Friday", "to the 21st", "at nine", "in the morning"): said with
# the prepositions of place, but no place.
_WHEN_PHRASE = re.compile(r"(?<!\w)(?:on|to|at|in|until|till|from|by|before|after|for|around)\s+(?:(?:the|this|next|last|every)\s+)?"
                          # ("at the end of April": when, not where, dec268)
                          r"(?:(?:end|start|beginning|middle)\s+of\s+(?:the\s+)?)?"
                          r"(?:" + _SAYS_WHEN.pattern
                          # a shift is when one works: 'i moved to day shifts last week' was
                          # said as where they drive (dec279)
                          + r"|(?:day|night|early|late|morning|evening|afternoon|weekend|split|double|graveyard)\s+shifts?(?!\w)"
                          r"|(?:part|full)[\s-]time(?!\w)|days(?!\w)"
                          r"|(?:\d{1,2}(?::\d\d)?|" + _HOURS + r")(?!\w)"
                          r"(?!\s*(?:km|miles?|m|metres?|meters?)\b|\s+(?-i:[A-Z])|\s+\w+\s+(?:street|road|avenue|lane)\b))",
                          re.IGNORECASE)


def says_what_is_asked(question: str, note: str) -> bool:
    """Whether `note` holds what kind of thing `question` asks, where that is a closed class:
    a when for "When...?", a number for "How many/old/far...?"; True for any other question."""
    return ((not _ASKS_WHEN.search(question) or bool(_SAYS_WHEN.search(note)))
            and (not _ASKS_NUMBER.search(question) or bool(_NUMBER.search(note))))


def same_when(question: str, answer: str, note: str) -> bool:
    """Whether the last sentence of `question` asks when, and `answer` (a draft) gives a when that
    `note` gives too ("Ffion's concert will be on Saturday evening at the town hall." and 'the
    concert moved to Saturday')."""
    sentences = [x for x in _SENTENCES.findall(question) if x.strip()]
    return bool(sentences) and bool(_ASKS_WHEN.search(sentences[-1])) and _says_the_same(_SAYS_WHEN, answer, note)


def asks_when_or_how_many(question: str) -> bool:
    """Whether `question` asks when, or a number: what `says_what_is_asked` can see in a note."""
    return bool(_ASKS_WHEN.search(question) or _ASKS_NUMBER.search(question))


# What a note says no longer holds (a closed, lexical class): "not the gym anymore", "no longer at
# the gym", "not at the gym", "instead of the gym", "nicht mehr im Fitnessstudio", "ya no en el gimnasio".
_NOT_NOW = re.compile(r"(?<!\w)(?:not|no\s+longer|isn't|aren't|wasn't|instead\s+of|nicht\s+mehr|ya\s+no|plus)"
                      r"\s+(?:(?:at|in|on|with|the|a|an|my|our|au|à|la|le|im|am|en|el|al)\s+)*([^\W\d_]+)", re.IGNORECASE)


def _negates(older: str, newer: str) -> bool:
    """Whether `newer` says of a word of `older` that it no longer holds, and says what changed."""
    from milo.memory.index import terms

    new = _words(newer)
    if not changes(new):
        return False
    said = {t for m in _NOT_NOW.finditer(new) for t in terms(m.group(1))} - _STOP_TERMS()
    return bool(said & set(terms(_words(older))))


def _share_a_thing(older: str, newer: str) -> bool:
    """Whether two notes share a word written in lower case (a thing, not a name or a place)."""
    from milo.memory.index import terms

    def things(note: str) -> set:
        return {t for w in re.findall(r"[^\W\d_]+", _words(note)) if w.islower() for t in terms(w)} - _STOP_TERMS()

    return bool(things(older) & things(newer))


@functools.cache
def _STOP_TERMS() -> frozenset:
    from milo.memory.index import terms

    return frozenset(t for w in STOP for t in terms(w))


def _may_change(older: str, newer: str) -> bool:
    """Whether `newer` may change what `older` says: it says it changes, or both say when."""
    new = _words(newer)
    return changes(new) or bool(_SAYS_WHEN.search(new) and _SAYS_WHEN.search(_words(older)))


def _changes_a_day_it_lacks(older: str, newer: str) -> bool:
    """Whether `newer` changes a day and `older` says no when at all."""
    new = _words(newer)
    return changes(new) and bool(_DAY.search(new)) and not _SAYS_WHEN.search(_words(older))


def _corrected_older(found: "Evidence", question: str, told: Sequence[Candidate]) -> "Evidence":
    """`found`, or where its note is a correction ("Sorry, it's the Pune marathon, not Mumbai.")
    that lacks what is asked and an older note it corrects (a word in common, the one replaced)
    has it, that older note said with the correction after it: "When is my marathon?" was "not
    sure", the correction said as the closest, though 'I'm training for the Mumbai marathon in
    January.' said when (dec83)."""
    from milo.memory.index import terms

    if not found.answered or found.newer or not changes(found.note) or says_what_is_asked(question, _words(found.note)):
        return found
    keys = [c.key for c in told]
    at = keys.index(found.choice) if found.choice in keys else -1
    mine = set(terms(_statements(_words(found.note))))
    older = [c for c in told[:max(at, 0)] if mine & set(terms(_statements(_words(c.text))))
             and says_what_is_asked(question, _words(c.text))]
    if not older:
        return found
    return Evidence(older[-1].key, older[-1].text, (Candidate(found.choice, found.note),), False, found.own)


def older_kept(found: Optional["Evidence"], question: str) -> Optional["Evidence"]:
    """`_older_kept`, for evidence from elsewhere (milo.chat.draft.confirm)."""
    return found if found is None else _older_kept(found, question)


# Asking what holds now (a closed, lexical class): a newer note that changed it answers alone.
_ASKS_NOW = re.compile(r"(?<!\w)(?:now|these\s+days|nowadays|currently|at\s+the\s+moment|any\s*more|still|maintenant|jetzt|ahora)(?!\w)",
                       re.IGNORECASE)


def _older_kept(found: "Evidence", question: str) -> "Evidence":
    """`found` with its older note said beside the newer one that changed it, when only the
    older holds what is asked: "When do I run?" after 'I run every morning before work, usually
    5 km.' and 'Actually, I've started doing 10 km now.' was answered with the 10 km alone."""
    if not (found.answered and found.replaced and found.newer):
        return found
    from milo.memory.index import terms

    older, newest = _words(found.note), _words(found.newer[-1].text)
    if says_what_is_asked(question, older) and not says_what_is_asked(question, newest):
        return dataclasses.replace(found, replaced=False)
    if (counted := _how_many(question)) and _counts_of(older, counted) and not _counts_of(newest, counted):
        # How many, and only the older counts it: "how many floors will the tower have" / '...will
        # have thirty floors', then "we're on floor twelve now" was said alone (dec299)
        return dataclasses.replace(found, replaced=False)
    asked = asked_terms(question, found.own)
    if (_ASKS_WHERE.search(question) and _place_after(older, asked) and not _place_after(newest, asked)
            and _matched(asked, set(terms(newest)))):
        # "where are we moving": 'we are moving to a flat in glasgow' says, 'the move is on the
        # 9th and chidi starts his new job at the university' does not (dec59); not 'Julien moved
        # to Québec City' after '...lives in Montréal' ("Where does my brother live now?")
        return dataclasses.replace(found, replaced=False)
    if which_thing(question) and any(True for _ in _names(older, question, found.own)) and not any(True for _ in _names(newest, question, found.own)):
        # "Which city do I live in?": 'I drive trams in Kraków.' names one, 'Actually, I retired
        # last month, no more trams.' none (dec82: the retirement alone was said)
        return dataclasses.replace(found, replaced=False)
    if (asks_who(question) and names_no_one(question, newest, found.own) and not names_no_one(question, older, found.own)
            and not _ASKS_WHEN.search(question)):
        # "Whose wedding is it?": 'My sister's wedding is on the 14th of March.' says, 'the wedding
        # got moved to April 2nd' does not (dec85: the move alone was said)
        return dataclasses.replace(found, replaced=False)
    if _gives_who(question, older) and not _gives_who(question, newest):
        # "Who is Karin?": 'My wife Karin and I...' says, 'Karin changed her mind...' does not (dec44)
        return dataclasses.replace(found, replaced=False)
    if (not asked & set(terms(newest)) and not _DAY_OR_MONTH.search(newest)
            and not (_ASKS_WHERE.search(question) and says_where(newest))
            and (re.search(r"(?<!\w)not(?!\w)", newest, re.IGNORECASE)
                 or (asked & set(terms(older)) and not (asks_when_or_how_many(question) and says_what_is_asked(question, newest))))):
        # A correction that shares nothing with the question, of one word ("Correction: it's a
        # clinic, not a hospital.": the rest of the older note may be what is asked, "What is my
        # job?" was answered "You told me it's a clinic, not a hospital.", dec77) or of anything
        # where the older note has what is asked ("What do I roast?" after 'I roast coffee beans at
        # a small café in Addis Ababa.' and 'Correction: the café is in Nairobi, I moved last
        # year.' was "not sure", the correction said as the closest, dec91): both. (A day or month
        # changed: its own rule, `_day_kept`.) (Not where what holds now is asked and the newer
        # note answers it by itself: `_find`.)
        return dataclasses.replace(found, replaced=False)
    return found


# A day as a note says it ("on Tuesday evenings", "every Saturday morning"): what a change of day drops.
# (and a list of days: "on Tuesdays and Thursdays" left "...Jonas and, he is much faster than you")
_DAY_PHRASE = re.compile(r"\s*(?:\b(?:on|every|each)\s+)?" + _DAY.pattern + r"(?:\s+(?:morning|afternoon|evening|night)s?)?"
                         r"(?:\s*(?:,|\band\b|&|\bor\b)\s*" + _DAY.pattern + r"(?:\s+(?:morning|afternoon|evening|night)s?)?)*",
                         re.IGNORECASE)


def _day_kept(found: "Evidence", question: str, told: Sequence[Candidate], embed: Optional[Embed]) -> "Evidence":
    """`found` with the older note kept, its day left out, where the newer note changed only its
    day and the question does not ask when, or asks it of a newer note that says only the when
    ("sorry not march, may") (see Evidence.kept). The note that answers may be the
    newer one itself ("Where are my Arabic lessons?" shares its words with both): the older is
    found by changed_later, and so is the newer for an older note that shares nothing with it
    ("rehearsals moved to Thursdays" for the orchestra's note: asked when, the newer alone)."""
    if found is None or not found.answered:
        return found
    if (embed is not None and (not found.newer or not found.replaced) and _DAY.search(_words(found.note))
            and not changes(_words(found.note))):
        later, sure = _changes(told, embed, found.own).get(found.choice, (None, False))
        # sure: the newer replaces its day; maybe: both are said. (The newer already beside it, as
        # a correction after it: "We have a concert on Friday." then "Actually it moved to Sunday.", dec63)
        if later is not None and (not found.newer or (sure and found.newer[-1].key == later)):
            # (this conversation's messages share one key: the last of them that says a change,
            # not the note itself again: "who do i run with" was "...Jonas, and later that you run
            # with your neighbour Jonas on Tuesdays and Thursdays", the same message)
            same = [c for c in told if c.key == later and c.text != found.note]
            newer = next((c for c in reversed(same) if changes(_words(c.text))), same[0] if same else None)
            if newer is None:
                return found
            found = dataclasses.replace(found, newer=(newer,), replaced=sure)
            if not sure:
                return found
    # (a day asked as a thing is when too: "what is my busiest day" was answered 'your best day is',
    # its friday left out for 'actually saturday is busier now', dec268)
    when = bool(_ASKS_WHEN.search(question) or re.search(r"(?<!\w)days?\W*$", question, re.IGNORECASE))
    if when and not (found.replaced and found.newer):
        return found
    if found.replaced and found.newer:
        older, newest = Candidate(found.choice, found.note), found.newer[-1]
    elif not found.newer and embed is not None and changes(_words(found.note)) and _DAY.search(_words(found.note)):
        olders = [k for k, v in changed_later(told, embed, found.own).items() if v == found.choice]
        if not olders:
            return found
        older, newest = next(c for c in told if c.key == olders[-1]), Candidate(found.choice, found.note)
    else:
        return found
    # The older note's sentences that give the day (not its greeting: "Aloha Milo! Leilani here.").
    # (or its month: "...a sweater for my dad's birthday in March." then "Actually his birthday is
    # in April, not March.": "What size is the sweater?" is of the sweater, dec60)
    words, rest = _with_day(older.text)
    if not (words and _DAY_OR_MONTH.search(_words(newest.text))):
        return found
    from milo.memory.index import terms
    from milo.memory.names import after_name

    more = set(terms(after_name(rest, found.own))) - set(terms(_words(newest.text)))
    if rest == words or not (_PLACE.search(rest) or len(more) >= 2):
        return found  # nothing but the day to keep ("My choir practice is on Monday evenings.")
    q = _said(older.text)
    kept = q[0] + rest + q[2] if q else rest
    alone = not asked_terms(question, found.own) & set(terms(_words(newest.text)))
    if when and not (alone and _names_nothing(_words(newest.text))):
        # The newer says what is asked, and when: alone ("his birthday is in April, not March",
        # "rehearsals moved to Thursdays")
        return found
    if not when and alone:
        # Nothing asked is in the newer note: the older one without its day answers alone ("What
        # instrument does Omar play?" was answered "...plays the violin and has a recital, and
        # later that the recital is on Saturday, not Friday.": dec57).
        return dataclasses.replace(found, choice=older.key, note=kept, newer=(), replaced=False, kept="")
    # (asked when, and the newer says only the when: what it is of, beside it: "...your band is
    # recording an album, and later that not march, may", dec65)
    return dataclasses.replace(found, choice=older.key, note=older.text, newer=(newest,), replaced=True, kept=kept)


# Not "I may": "may" in lower case only after a preposition or before a stop ("sorry not march, may", dec65).
_MONTH = (r"(?:" + "|".join(m for m in MONTH_NUMBERS if m != "may") + r"|(?-i:May)"
          + "".join(f"|(?<=\\b{p} )may" for p in ("in", "on", "of", "by", "to", "until", "since", "from", "early", "late", "mid"))
          + r"|may(?=\s*(?:[.,!?;]|$)))")
_DAY_OR_MONTH = re.compile(_DAY.pattern + r"|(?<!\w)" + _MONTH + r"(?!\w)", re.IGNORECASE)
# (with its date: "on the 14th of March", "March 14th, 2027"; the month alone left "...is on the
# 14th of." said as the closest, dec85)
_DATE_OF = r"(?:(?:the\s+)?\d{1,2}(?:st|nd|rd|th)?\s+(?:of\s+)?)?"
_DAY_OR_MONTH_PHRASE = re.compile(_DAY_PHRASE.pattern + r"|\s*(?:\b(?:in|every|each|on|by|until|till|from|since)\s+)?" + _DATE_OF
                                  + r"(?<!\w)" + _MONTH + r"(?!\w)(?:\s+\d{1,2}(?:st|nd|rd|th)?(?!\w))?(?:,?\s+\d{4}(?!\w))?",
                                  re.IGNORECASE)


# Where, in what a note keeps once its day is left out (a closed, lexical class).
_PLACE = re.compile(r"(?<!\w)(?:at|in|near|by|with|from|à|au|chez|bei|im|en|con)\s+\w", re.IGNORECASE)


def changed_later(notes: Sequence[Candidate], embed: Optional[Embed], own: str = "", maybe: bool = False) -> dict[str, str]:
    """{an older note's key: the key of the newer note that changed its day} (see _changes);
    `maybe`: also the changes that may be of a note (see _changed_thing), to say both."""
    return {old: new for old, (new, sure) in _changes(notes, embed, own).items() if sure or maybe}


def _changes(notes: Sequence[Candidate], embed: Optional[Embed], own: str = "") -> dict[str, tuple[str, bool]]:
    """{an older note's key: (the key of the newer note that changed its day, sure)}, `notes` oldest
    first: 'My book club meets on Thursdays at the library.' then 'we moved book club to
    Wednesdays'. Asked "Where does it meet?", the good brain answered "It meets at the library.
    It's on Thursdays." (the shared truth dev split). Only a day: by meaning alone, "I moved to
    Leeds last year." was 0.64 from "I work as a nurse in Leeds.", which it does not change. A
    habit's day is changed by a habit's day ("to Wednesdays"), not by a date: "The cricket final
    got moved to Sunday." does not change "I coach a girls cricket team on saturdays" (0.35+).
    Each with whether it is sure (see _changed_thing)."""
    at = [i for i, c in enumerate(notes) if tells(c.text, own) and _DAY.search(_words(c.text))]
    told = [notes[i] for i in at]
    newer = [i for i, c in enumerate(told) if changes(_words(c.text))]
    if embed is None or not newer or len(told) < 2:
        return {}
    meaning = by_meaning(told[newer[0]].text, told, embed, own)
    if meaning is None:
        return {}
    out: dict[str, tuple[str, bool]] = {}
    for n in newer:
        for o in range(n):
            if o not in newer and meaning[1][o][n] >= CHANGED_SAME and _may_change(told[o].text, told[n].text):
                out[told[o].key] = (told[n].key, True)  # the newest change wins
    for n in newer:
        for o in range(n):
            if o not in newer and _negates(told[o].text, told[n].text):
                # It says which day it changes: "Sorry, I meant Tuesdays, not Mondays." after
                # '...guitar lessons on Mondays.' (dec62: both were said, as maybe)
                out[told[o].key] = (told[n].key, True)
    for n in newer:
        o = n - 1
        if (all(v[0] != told[n].key for v in out.values()) and o >= 0 and o not in newer and at[o] == at[n] - 1
                and not set(_thing_changed(_words(told[n].text)).casefold().split()) - _POINTER
                and _may_change(told[o].text, told[n].text)):
            # Nothing named but "it", right after the note it changes: "We have a concert on
            # Friday." then "Actually it moved to Sunday." (dec63: both were said, as maybe)
            out[told[o].key] = (told[n].key, True)
    for n in newer:
        if all(v[0] != told[n].key for v in out.values()):
            o, sure = _changed_thing(told, n, [i for i in range(n) if i not in newer], embed)
            if o is not None:
                out.setdefault(told[o].key, (told[n].key, sure))
    return out


ORPHAN_SAME, ORPHAN_MARGIN = 0.25, 0.1
# A day said as a habit ("on Tuesdays", "every Sunday", "Monday evenings"), not a date ("to Sunday"): a schedule
# moves to a habit's day, a one-off (the cricket final moved to Sunday) to a date.
_EVERY_DAY = re.compile(r"(?<!\w)(?:every|each)\s+(?:" + _DAY.pattern + r")|(?<!\w)(?:mondays|tuesdays|wednesdays|thursdays"
                        r"|fridays|saturdays|sundays|weekends)(?!\w)|(?:" + _DAY.pattern + r")\s+(?:mornings|afternoons|evenings|nights)",
                        re.IGNORECASE)


def _recurring(text: str) -> bool:
    return bool(_EVERY_DAY.search(text))


def _may_change(older: str, newer: str) -> bool:
    """Whether the change of day `newer` may be of the note `older`: both say their day the same
    way (a habit's or a date's), and a change that names someone is of a note that names someone
    ("My daughter's piano lessons moved to Wednesdays." is not of "I go salsa dancing on
    Mondays.", 0.35+ as a whole; "my son's swimming" may be of "I take my kids to swimming")."""
    from milo.memory.index import terms

    old, new = _words(older), _words(newer)
    kin = _RELATION_TERMS()
    return _recurring(old) == _recurring(new) and (not set(terms(new)) & kin or bool(set(terms(old)) & kin))


_POINTER = frozenset("it that this they them".split())


def _thing_changed(said: str) -> str:
    """What a change of day names, without the change and the day ("rehearsals" of "Small
    correction: rehearsals moved to Thursdays.")."""
    thing = CHANGE.sub(" ", _DAY_PHRASE.sub(" ", _LEAD.sub("", said)))
    return re.sub(r"(?<!\w)(?:to|from|on|for)(?!\w)|[^\w\s'-]", " ", thing).strip()


def _names_nothing(said: str) -> bool:
    """Whether a change of day or month names nothing but it ("sorry not march, may", "Sorry, I
    meant Tuesdays, not Mondays.", "it moved to Sunday")."""
    from milo.memory.index import terms

    thing = _DAY_OR_MONTH_PHRASE.sub(" ", _thing_changed(said))
    return not set(terms(thing)) - _STOP_TERMS() - _POINTER


def _changed_thing(told: Sequence[Candidate], n: int, olders: Sequence[int], embed: Embed) -> tuple[Optional[int], bool]:
    """The older note a change of day that matched none changed, by the thing it names alone
    ("Small correction: rehearsals moved to Thursdays." names "rehearsals": 0.31 from 'I play the
    cello in a community orchestra on Tuesdays.' as a whole, 0.10-0.15 from a dentist's
    appointment or a swim): the closest older note that says its day the same way (a habit's or
    a date's), when it is that close and clearly closer than the next (a choir's practice is as
    close as the orchestra: then none, and the older note is said as it was told). (note, sure):
    not sure where it is the only habit told, or clearly the closest, but not that close ("the
    lessons moved to Wednesdays" is 0.13 from salsa dancing on Mondays): then both are said."""
    olders = [o for o in olders if _may_change(told[o].text, told[n].text)]
    thing = _thing_changed(_words(told[n].text))
    if not olders or not thing:
        return None, False
    try:
        vecs = embed([thing] + [_told_of(told[o].text) for o in olders])
    except Exception:  # noqa: BLE001 - meaning only adds to words
        return None, False
    sims = sorted(((float(vecs[i + 1] @ vecs[0]), o) for i, o in enumerate(olders)), reverse=True)
    if len(sims) > 1 and sims[0][0] - sims[1][0] < ORPHAN_MARGIN:
        return None, False
    return sims[0][1], sims[0][0] >= ORPHAN_SAME


_SENTENCE_SPLIT = re.compile(NOT_AFTER_TITLE + r"(?<=[.!?。！？])\s+")


def _with_day(note: str) -> tuple[str, str]:
    """The sentences of `note` (the user's words) that give a day or a month (not its greeting:
    "Aloha Milo! Leilani here."), and the same without their day or month phrases."""
    words = " ".join(p for p in _SENTENCE_SPLIT.split(_words(note)) if _DAY_OR_MONTH.search(p))
    return words, re.sub(r"\s+([.,!?])", r"\1", _DAY_OR_MONTH_PHRASE.sub("", words)).strip()


def _told_of(note: str) -> str:
    """What a note with a day tells of, for the thing a change of day names: its sentences with the
    day, the day left out (not its greeting: "the classes" was 0.22 from 'namaskar milo, ami anjali.
    i teach yoga in the park every saturday morning', 0.29 from 'i teach yoga in the park': dec69)."""
    return _with_day(note)[1] or _words(note)


def _answering(c: Candidate, asked: set) -> Candidate:
    """The note with only its sentences that share what is asked: 'Hey Milo, I'm Zoë! I teach
    chemistry in Leeds.' asked "What subject do I teach?" reads 'I teach chemistry in Leeds.'
    (with the greeting in it, the 1.5B brain answered "Your name is Zoë.")."""
    from milo.memory.index import terms

    q = _said(c.text)
    if not q:
        return c
    sentences = _SENTENCE_SPLIT.split(q[1])
    kept = [s for k, s in enumerate(sentences) if _matched(asked, set(terms(s)))
            # ...and a sentence that corrects one kept: 'I live in Prague. Actually, I mean Brno, not
            # Prague.' asked "where do i live" was said "you live in Prague"
            or any(asked & set(terms(t)) and swapped(t, s) for t in sentences[:k])]
    if not kept or len(kept) == len(sentences):
        return c
    return Candidate(c.key, q[0] + " ".join(kept) + q[2])


__all__ = ["COUNT_WORDS", "asks_for_whom", "told_terms", "asks_by_role", "bare", "EARLIER", "Candidate", "asks_measure", "gives_measure", "asks_who", "asks_where", "says_where", "says_beyond", "says_which", "gives_place", "asks_a_name", "introduces", "gives_colour", "same_when", "unnamed", "asks_about_them", "says_what_is_asked", "asks_when_or_how_many", "changed_later", "names_from", "told_notes", "asks_beyond_name", "asks_how_i", "by_meaning", "changes", "part_of", "tells", "Evidence", "NAME_NOTE", "earlier_words", "own_words", "NONE", "NOTE_TAG", "SAID", "name_note", "asks_about_user", "find", "instructions", "followed_up", "leaning", "only_asks", "points_back", "closest_told", "asks_of_the"]
