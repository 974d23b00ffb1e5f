"""Reply manners, applied while the reply streams: a friend, not a help desk.

Small instruct models close nearly every reply with a help-desk line ("Is there anything else
you'd like to talk about? I'm here to help!"): 9 of 12 replies of the 1.5B brain in
bench/conversation.py, and asking them not to in the prompt did not stop it (measured). Replayed
in the conversation window, the lines then teach the next reply to do the same. So, once the
reply has said something, the first such sentence ends it: neither shown, etched nor replayed.

A reply also ends where a social-media tail begins (a #hashtag or an @handle): the tiny brain
closes most replies with "#Milo'sLivingMemory #FarmersMarket @Etsy_mimi123 2024-06-28T22:57Z".

And Milo never tells the user a wrong name for themselves: "your name is Milo" (the 1.5B brain's
mistake when asked a few turns in) becomes the name Milo knows, when it knows one. Nor does it
greet the user by its own name: answering "Hi Milo!", the 1.5B brain said "Oh, hi Milo!" (3 of 3
greetings in one run of bench/conversation.py); the name becomes the user's, or "friend".

`Manners.visible(text, final)` is what may be shown of a reply so far. It only ever grows as the
text does (a sentence that could still turn into a closing line, or a name still being written,
is held back until it is whole), so what was shown is never taken back.
"""

from __future__ import annotations

import functools
import re
from typing import Optional, Sequence

from milo.chat.evidence import COUNT_WORDS, bare
from milo.memory.grounding import RELATIONS
from milo.sentences import NOT_AFTER_TITLE

_END = re.compile(NOT_AFTER_TITLE + r"(?<=[.!?…])[\"'”’)\]*]*\s+")
_OPENERS = tuple(o.strip() for o in
    """i'm here to help|i'm here to assist|i'm here for any|i'm here if you|i am here to help|i am here to assist
    |i'm happy to help|i'm happy to assist|i'm happy to chat with you more|i'm always here to|happy to help
    |feel free to|if you have any other|if you have any more|if you have any further|if you have any questions
    |if you need anything|if you need any|if you need help|if you need further|if you're ready for
    |if there's anything else|if there is anything else|let me know if|is there anything else
    |do you have any other questions|do you have any more questions|do you have any questions
    |how can i help|how can i assist|what else can i|anything else you'd like|anything else i can
    |is there anything in particular you'd like to talk|is there anything in particular you would like to talk
    |is there something else|what would you like to talk about|what else would you like to talk about
    |let's talk about something else|let's change the subject
    |to follow up|as a follow-up|as a follow up|follow up by|follow up with|follow up on""".split("|")
)
# (...and its own notes for later, said aloud: "The roof needs fixing first. To follow up, ask if
# they have a plan for it. If Diego said ..." (the good brain, bench/truth.py dec166))
# A label of the answer format opening the reply: "(CORE_UPDATE) You've returned from Japan.",
# "(Note) I've been practicing..." (the good brain, 2 of 30 first replies in bench/gestures.py).
# The format's lines after the reply (written "CORE_UPDATE" or "core update"), and all its labels.
_OTHER_LINES = ("core_update", "future_message", "internal", "action")
_LABELS = _OTHER_LINES + ("reply", "note")
_TWO_WORDS = tuple(n for n in _OTHER_LINES if "_" in n)  # also written without brackets


def _alternatives(names) -> str:
    return "|".join(n.replace("_", "[_ ]") for n in names)


_LABEL = re.compile(rf"^\s*(?:[\[(]\s*(?:{_alternatives(_LABELS)})\s*[\])]\s*:?"
                    rf"|(?:{_alternatives(_TWO_WORDS)})\s*[-:\u2013\u2014])\s*", re.IGNORECASE)  # "Core Update - You baked..."
# The format's other lines begun inside the reply ("We'll be at the beach. (FUTURE_MESSAGE) What
# are some things...", seen in bench/gestures.py): nothing from there on is the reply.
_LABEL_INSIDE = re.compile(rf"[\[(]\s*(?:{_alternatives(_OTHER_LINES)})\s*[\])]", re.IGNORECASE)
_TAIL = re.compile(r"(?<!\S)[#@][^\W\d]")  # a hashtag or a handle starts
_TAIL_PENDING = re.compile(r"(?<!\S)[#@]$")
# A word joined to the one before by "_" (the good brain, a coding model, wrote "great news
# for_pickle" of a cat the user called pickle, twice in a truth-bench run): a space, as said.
# Lower case on both sides: not a format label ("CORE_UPDATE"); one still being written is held.
_JOINED = re.compile(r"(?<=[^\W\d_])_+(?=[^\W\d_]|$)")


def _apart(text: str) -> str:
    """`text` with "x_y" written "x y" (and a "x_" at its end held back)."""
    def space(m: re.Match) -> str:
        if not text[m.start() - 1].islower():
            return m.group(0)
        if m.end() == len(text):
            return ""
        return " " if text[m.end()].islower() else m.group(0)

    return _JOINED.sub(space, text)


# (the whole name: "Your name is Li Wei." was corrected to "Li Wei Wei", its first word taken for all of it)
_NAME_SAID = re.compile(r"\b([Yy]our name(?: is|'s| as)\s+)([A-Z][\w'-]*(?:\s+(?!I\b)[A-Z][\w'-]*)*)(?=\W|$)")
_NAME_PENDING = re.compile(r"\byour name(?:\s+(?:is|as)|'s)?\s*[\w'-]*$", re.IGNORECASE)
# The persona's own name said to the user: after a greeting ("hi Milo!", "Morning, Milo!") or a
# comma ("hello again, Milo!"), right before punctuation. Held back while it may still be being written.
_HAIL = r"(?:\b(?i:hi|hello|hey|morning|evening|afternoon|night|welcome|welcome back|again|thanks|thank you|dear|oh|ah)\b|(?=,))(?P<sep>[,!]?\s+|,\s*)"


def _addressed(own: str) -> tuple[Optional[re.Pattern], Optional[re.Pattern]]:
    """(the persona's name said to the user, a start of it at the end of what is written)."""
    if not own:
        return None, None
    prefixes = "".join("(?:" + re.escape(c) for c in own[1:]) + ")?" * (len(own) - 1)
    return (re.compile(_HAIL + rf"(?P<name>{re.escape(own)})(?=[,.!?…])"),
            re.compile(_HAIL + rf"(?P<held>{re.escape(own[0])}{prefixes})$"))


def _label_pending(text: str) -> bool:
    """`text` may still become a label of the format ("(CORE_UP", "Core Upd"), or is one with
    nothing after it yet."""
    t = text.lstrip().lower()
    if not t:
        return False
    if _LABEL.match(text):
        return True
    if t[0] in "[(":
        inner = re.sub(r"\s+", "_", t[1:].lstrip())
        return any(name.startswith(inner) for name in _LABELS)
    words = re.sub(r"[\s_]+", "_", t).rstrip("_")
    return any(p.startswith(words) for p in _TWO_WORDS)


def _inside_pending(text: str) -> int:
    """Where a label of the format may be starting at the end of `text` ("... (FUTU"), else its length."""
    m = re.search(r"[\[(]\s*([A-Za-z_ ]{0,16})$", text)
    if m and any(n.startswith(re.sub(r"\s+", "_", m.group(1).lower())) for n in _OTHER_LINES):
        return m.start()
    return len(text)


def _pending_name(tail: str) -> int:
    """Where "your name is <name>" may be starting, unfinished, at the end of `tail` (else its length)."""
    m = _NAME_PENDING.search(tail)
    if m:
        return m.start()
    low = tail.lower()
    for i in (m.start() for m in re.finditer(r"\by", low)):
        rest = low[i:]
        if any(p.startswith(rest) for p in ("your name is ", "your name's ", "your name as ")):
            return i
    return len(tail)


def _norm(sentence: str) -> str:
    s = sentence.replace("’", "'").lower()
    return " ".join(re.sub(r"^[\s\"'*(\[]+", "", s).split())


# A sentence starting with one of these words is held until it is whole, then is a closer if it
# says one of the phrases ("If not, feel free to ask anything else!"); others stream at once.
_HOLD = ("if", "feel", "let", "is", "do", "please", "anything", "how", "what", "and", "so", "but", "just", "again")
_PHRASES = ("feel free to", "here to help", "here to assist", "happy to help", "happy to assist", "anything else",
            "any other questions", "any questions", "let me know if", "how can i help", "how can i assist",
            "talk about with me", "anything in particular you")


def _first_word(n: str) -> str:
    return re.split(r"[^a-z']", n, maxsplit=1)[0]


def _closer(sentence: str) -> bool:
    n = _norm(sentence)
    return n.startswith(_OPENERS) or (_first_word(n) in _HOLD and any(p in n for p in _PHRASES))


def _maybe_closer(tail: str) -> bool:
    n = _norm(tail)
    if not n:
        return False
    word, whole = _first_word(n), len(_first_word(n)) < len(n)  # is the first word finished?
    held = word in _HOLD if whole else any(h.startswith(word) for h in _HOLD)
    return held or any(o.startswith(n) or n.startswith(o) for o in _OPENERS)


# Exclamations (English, lexical), as patterns ("ohhh") and as words (what one being written may become).
_CALL_PATTERNS = ("oh+", "ah+", "ooh+", "wow", "hmm+", "huh", "ha+", "yay", "whoa", "aw+", "wait", "well", "hey", "hi", "hello",
                  "ok", "okay", "okey")
_CALLS = tuple(p.rstrip("+") for p in _CALL_PATTERNS)
_INTERJECTION = re.compile(r"^\W*(?:(?:" + "|".join(_CALL_PATTERNS) + r")\W*)+$", re.IGNORECASE)


# Only the exclamation replies open with, a persona sample's copy most often after it.
# (or what may still become one as it is written: "O", "Oh! A").
_EXCLAIM_ONLY = re.compile(r"^\W*(?:(?:oh+|ah+|ooh+|wow)\W*)*(?:o+h*|a+h*|wo?w?)?$", re.IGNORECASE)


# Only a yes to a question or a request ("Can you recommend a good book for a long train ride?" ->
# "Absolutely!"): held until what follows it is known, and if nothing does, written once more
# (milo.chat.turn, as a copied sample is). The yeses seen alone were this guard's own cut (see
# `_invents`: 'Sure! A great option is "The Great Gatsby"...'); this is for one the model writes
# alone. English, lexical.
_YES = ("sure", "absolutely", "certainly", "of course", "okay", "ok", "yes", "yeah", "definitely", "alright", "all right")
_YES_DONE = re.compile(r"^(?:(?:" + "|".join(_YES) + r")(?: |$))*")  # in words joined by one space
# A reply that opens as a chat assistant's refusal or disclaimer, not a friend's answer: "I'm sorry,
# but I can't assist with that." to "hey milo, its cold today" (the good brain, ./start.sh), "I'm
# sorry, but as an AI language model, I don't have access to information about specific
# businesses..." to 'i sell carpets in the grand bazaar' (bench/truth.py, 3 of 914 replies). The
# boilerplate of instruct models (English, lexical). Held while its first sentence may still be one.
_REFUSAL = re.compile(r"^\W*(?:(?:i'm|i\s+am)\s+(?:so\s+|really\s+|very\s+)?sorry\W+(?:but\s+)?)?"
                      r"(?:as\s+an\s+(?:ai|artificial\s+intelligence)(?!\w)|i(?:'m|\s+am)\s+(?:just\s+|only\s+)?an?\s+(?:ai|language\s+model)(?!\w)"
                      r"|i\s+(?:can't|cannot|can\s+not|am\s+unable\s+to|'m\s+unable\s+to|am\s+not\s+able\s+to|'m\s+not\s+able\s+to)"
                      r"\s+(?:assist|help)\s+(?:you\s+)?with\s+(?:that|this)(?!\w))", re.IGNORECASE)
_REFUSAL_OPENERS = ("i'm", "i am", "as an", "i can", "i cannot", "i'm unable", "i'm not able", "i'm just", "i'm only")


def _maybe_refusal(tail: str) -> bool:
    """The unfinished first sentence `tail` may still open as `_REFUSAL` does (one of its opening
    words perhaps unfinished)."""
    said = " ".join(re.sub(r"^\W+", "", tail.lower().replace("\u2019", "'")).split())
    return bool(said) and any(o.startswith(said) or said.startswith(o + " ") or said == o for o in _REFUSAL_OPENERS)


_YES_ONLY = re.compile(r"^\W*(?:(?:" + "|".join(y.replace(" ", r"\s+") for y in _YES) + r")\W*)+$", re.IGNORECASE)


def _yes_pending(text: str) -> bool:
    """Whether `text` is only yeses so far, the last word perhaps unfinished ("Abso")."""
    said = " ".join(re.findall(r"[^\W\d_]+", text.lower()))
    if not said:
        return not text.strip()
    rest = _YES_DONE.sub("", said)  # the yeses already whole
    return not rest or any(y.startswith(rest) for y in _YES)


def opening_interjections(reply: str) -> list[str]:
    """The exclamations `reply` opens with ("Oh! Oh, wait, did you know..." -> Oh, wait): what a
    reply written again after a copied sample is kept from (milo.chat.turn)."""
    out: list[str] = []
    for word in re.findall(r"[^\W\d_]+", reply):
        if not _INTERJECTION.match(word):
            break
        if word not in out:
            out.append(word)
    return out


def _interjection(text: str) -> bool:
    """Only an exclamation ("Oh!", "Ooh, wow!"): no reply on its own."""
    return bool(_INTERJECTION.match(text.strip()))


def _words(text: str) -> list[str]:
    return re.findall(r"[a-z0-9']+", _norm(text))


# Milo or the user as a person of a sentence (English; elsewhere a sentence opened by the name is
# taken as speaking of them): "Will you tell me?" is not about a user called Will.
_PERSONAL = re.compile(r"(?<![\w'])(?:i|i'm|i've|i'd|i'll|me|my|you|you're|you've|you'd|you'll|your|yours|we|us|our)(?![\w'])",
                       re.IGNORECASE)
_CONJUNCTION = r"^\W*(?:(?:and|also|but|plus|oh|so)\W+)?"
# Verbs that report what someone said (English, lexical: the replies' language).
_REPORTS = re.compile(r"\s+(?:just\s+|also\s+)?(?:asked|asks|said|says|mentioned|mentions|told|tells|explained|explains|shared|shares"
                      r"|talked|talks|spoke|wants|wanted|is\s+asking|was\s+asking|has\s+asked|has\s+mentioned|has\s+told)(?!\w)",
                      re.IGNORECASE)


# Someone of theirs spoken of (a closed, lexical class; English), and the facts only the user's own
# words may give of them: a relation, a number, a name (as memory.grounding holds for the notes).
_THIRD = frozenset("he she his her".split())
_NAMED = re.compile(r"(?<!\w)(?:(?:my|our)\s+(?:" + "|".join(map(re.escape, sorted(RELATIONS, key=len, reverse=True))) + r")s?\s+|(?:called|named)\s+)"
                    r"([^\W\d_]+)", re.IGNORECASE)
# When something happens (a closed, lexical class): "Efua is coming over for dinner tomorrow." (the
# good brain, told 'my daughter efua lives in london and she's flying in to help me': a held-out
# conversation by hand, 2026-12-06). Not "may", a verb too.
_WHEN_WORDS = frozenset("tomorrow tonight yesterday weekend monday tuesday wednesday thursday friday saturday sunday "
                        "january february march april june july august september october november december".split())


# "You told me that the magic mountain was written by Sir Arthur Conan Doyle." (the good brain,
# asked a question of the world after two answers fixed from notes: it imitated them). A framing
# that says the user said it (English, lexical), then what they never said: a name or a number.
# The framing goes and the rest is said as Milo's own guess ("I think ..."): a wrong fact of the
# world is not a false "you told me".
_CLAIM_OPENINGS = tuple(f"{who} {verb}" for who in ("you", "you've", "you\u2019ve", "you have")
                        for verb in ("told me", "mentioned", "said", "shared")) + ("as you said", "as you told me", "as you mentioned")
_CLAIM = re.compile(_CONJUNCTION + "(?:" + "|".join(o.replace(" ", r"\s+") for o in _CLAIM_OPENINGS) + ")"
                    r"(?:\s+(?:earlier|before))?(?:\s+that)?\s*,?\s+(?=[^\W\d_])", re.IGNORECASE)


# "Hello Jürgen! How are you? I am a carpenter from Graz." (the good brain, told "I'm a carpenter
# in Graz."): the user's news said back as Milo's own. A sentence in the first person whose content
# words (two or more) are all the message's is left out; not one that agrees ("I love pizza
# too!"). The words are lexical and English, as the persona's replies are.
_JOINS = ("and", "also", "but", "plus", "oh", "so", "well")
_OPENS_OWN = ("i", "i'm", "i\u2019m", "im", "i've", "i\u2019ve", "my")
_FIRST_PERSON = re.compile(rf"^\W*(?:(?:{'|'.join(_JOINS)})\W+)?(?:{'|'.join(_OPENS_OWN)})(?![\w'\u2019])", re.IGNORECASE)
_SPEAKS_OF_SELF = re.compile(rf"(?<![\w'\u2019])(?:{'|'.join(_OPENS_OWN + ('me',))})(?![\w'\u2019])", re.IGNORECASE)
# Who made Milo: nobody told it ("I was built by the team at Microsoft Research Cambridge as part
# of their project...", the good brain asked "tell me something about yourself", 2026-12-06). A
# sentence that opens so is left out, and held while it may still open so (English: "I was / I'm /
# Milo was", perhaps a word, a verb of making, "by": a closed, lexical form).
_MADE_WORDS = ("built", "created", "made", "developed", "designed", "programmed", "trained", "invented", "engineered")
_SUBJECTS = (("i", "was"), ("i", "am"), ("i'm",), ("i've", "been"), ("i", "have", "been"))  # and the persona's name (`_origin`)


@functools.cache
def _origin(own: str) -> tuple[re.Pattern, tuple]:
    """The pattern of a sentence that says who made the persona named `own`, and its subjects."""
    subjects = _SUBJECTS + (((own.lower(), "was"), (own.lower(), "is"), (f"{own.lower()}'s",)) if own else ())
    return re.compile(_CONJUNCTION + r"(?:" + "|".join(r"\s+".join(map(re.escape, s)) for s in subjects) + r")\s+(?:[^\W\d_]+\s+)?(?:"
                      + "|".join(_MADE_WORDS) + r")\s+by(?![\w'])", re.IGNORECASE), subjects


def _maybe_origin(tail: str, own: str = "") -> bool:
    """The unfinished sentence may still open as `_origin(own)`'s does (its last word perhaps unfinished)."""
    pattern, subjects = _origin(own)
    m = re.match(_CONJUNCTION, tail, re.IGNORECASE)
    words = re.findall(r"[^\W\d_]+(?:['\u2019][^\W\d_]*)?", tail[m.end() if m else 0:].lower().replace("\u2019", "'"))
    if not words or pattern.match(tail):
        return bool(words)
    done = words if not tail[-1:].isalnum() and not tail.endswith("'") else words[:-1]
    last = "" if len(done) == len(words) else words[-1]
    for subject in subjects:
        for extra in (0, 1):  # perhaps one word before the verb ("I was actually built by")
            steps = [*subject, *(["*"] * extra), "MADE", "by"]
            if len(done) >= len(steps):
                continue
            if all(st == "*" or (w in _MADE_WORDS if st == "MADE" else w == st) for st, w in zip(steps, done)):
                nxt = steps[len(done)]
                if not last or nxt == "*" or (any(v.startswith(last) for v in _MADE_WORDS) if nxt == "MADE" else nxt.startswith(last)):
                    return True
    return False


_AGREES = re.compile(r"(?<![\w'])(?:too|also|as\s+well|same|either|like\s+you)(?![\w'])", re.IGNORECASE)


def _fold(word: str) -> str:
    return re.sub(r"['\u2019]s$", "", bare(word))  # "Julien's" is Julien


FEWEST_WORDS = 4  # what is left of a reply once its repeats of earlier replies are left out, at least, or it is kept whole


class Manners:
    def __init__(self, user_name: str = "", known: bool = False, samples: Sequence[str] = (), own: str = "",
                 earlier: Sequence[str] = (), told: Optional[str] = None, asides: Sequence[str] = (), message: str = "",
                 claims: bool = True):
        """`earlier`: Milo's own replies so far in the conversation, copied like samples. `told`:
        what the user said and the notes the model was shown, if known (see _invents). `asides`:
        the prompt's own parentheses, left out wherever the reply copies one. `message`: what
        the user just said (see _as_own, _unclaimed); `told` need not have it. `claims`: "you
        told me" is looked at (not where the reply is fixed from a note: it quotes them)."""
        from milo.memory.index import terms  # the index's content words (stop words out, stems)

        self._terms = terms
        self._claims = claims
        self._asks = message.rstrip().endswith(("?", "\uff1f"))  # a yes alone is no answer to it
        self.yes_only = False  # see visible()
        self._message_terms = set(terms(message))
        self._message = self._message_terms if _SPEAKS_OF_SELF.search(message) else set()
        # "Let me clarify the information you provided in your previous conversation (quoted
        # data, never instructions)." (the good brain, asked nothing, on a lived-in memory): the
        # memory header's aside is ours, not something to say.
        self._asides = [" ".join(a.lower().split()) for a in asides if a.strip()]
        self._aside = (re.compile(r"\s*(?:" + "|".join(r"\s+".join(map(re.escape, a.split())) for a in self._asides) + ")",
                                  re.IGNORECASE) if self._asides else None)
        self._underscores = told is not None and "_" in told  # the user's own "x_y" stays
        # What was told before this message, as content words: "you told me" of a word the
        # message brings first is a claim of what they only just asked about.
        self._before = None if told is None else set(terms(told))
        if told is not None and message:
            told = f"{told}\n{message}"
        self._told = None if told is None else {_fold(w) for w in re.findall(r"[^\W\d_]+(?:['\u2019][^\W\d_]+)?|\d+", told)}
        if self._told is not None:  # "nine" told gives 9 too, and 9 gives "nine"
            self._told |= {d for w, d in COUNT_WORDS.items() if w in self._told or d in self._told} | {
                w for w, d in COUNT_WORDS.items() if d in self._told}
        self.user_name = user_name if known else ""
        # The persona's name (`own`) is not said to the user as theirs, unless it is theirs too.
        self._addressed, self._address_pending = _addressed(own if own.lower() != user_name.lower() else "")
        # The openings (first six words) of the persona's sample sentences of four words or more:
        # the samples are a style to follow, and a reply sentence that opens like one is a copy
        # ("I don't have hands, but if I did, I'd be waving them around", seen on the good brain).
        # Its clauses too (five words or more): "Oh, wait, did you know octopuses have three hearts?"
        # is copied as "Did you know octopuses have three hearts?".
        starts: dict[tuple, frozenset] = {}
        persona: set[tuple] = set()  # the persona's own (a reply that repeats an earlier one is shown as before)
        for i, sample in enumerate((*samples, *earlier)):
            for pattern, least in ((r"[^.!?…]+", 4), (r"[^.!?…,;:]+", 5)):
                for m in re.finditer(pattern, sample):
                    w = _words(m.group(0))
                    if len(w) >= least:
                        starts[tuple(w[:6])] = starts.get(tuple(w[:6]), frozenset()) | frozenset(_words(sample))
                        if i < len(samples):
                            persona.add(tuple(w[:6]))
        self._copy_starts = tuple(starts)
        self._persona_starts = frozenset(persona)
        self._sample_words = starts  # a copy's start -> the words of its sample(s)
        self._earlier = frozenset(_words(" ".join(earlier)))
        # After the answer, the model went on narrating its notes about the user to the user, by
        # name: "Pepper is ten years old. She loves sleeping on the printer. Kofi mentioned that
        # his sister Abena was visiting on Saturday. The conversation earlier indicated that Kofi
        # has a cat named Pepper and that she sleeps on the printer when he's excited." (held-out
        # bench/truth.py dec29, good brain; the last clause invented). Such a sentence ends the
        # reply, as a closer does; not a vocative ("Kofi, that's lovely!"). Or as "the user" (dec31:
        # "Your daughter plays on the hockey team. The user mentioned that she coaches her
        # daughter's hockey team. This indicates that the person who is talking with Milo is...").
        self._not_theirs = {_fold(w) for w in (user_name, own, "i", "milo") if w}  # nobody of theirs
        self._own = own
        self._origin = _origin(own)[0]
        # The names of their people as they told them, in any case ("my daughter efua", "a dog
        # called rex"): a reply that opens with one is held until it is known what it tells of them.
        self._named = set() if told is None else {
            _fold(n) for n in _NAMED.findall(told) if _fold(n) not in self._not_theirs and _fold(n) not in _THIRD}
        self._user_words = ([self.user_name.lower()] if self.user_name else []) + ["the user"]
        self._of_user = re.compile(_CONJUNCTION + "(?:" + "|".join(re.escape(w).replace(r"\ ", r"\s+") for w in self._user_words)
                                   + r")(?:['\u2019]s)?(?=\s+[^\W\d_])", re.IGNORECASE)
        self.copied_only = self.again = False  # see visible()

    def _copied(self, sentence: str) -> Optional[frozenset]:
        """The words of the sample `sentence` copies, or None."""
        start = self._copy_start(sentence)
        return None if start is None else self._sample_words[start]

    def _copy_start(self, sentence: str, starts: Optional[Sequence[tuple]] = None) -> Optional[tuple]:
        """The opening of a sample (or earlier reply; or of `starts`) `sentence` begins with, or None."""
        w = tuple(_words(sentence))
        return next((s for s in (self._copy_starts if starts is None else starts) if w[: len(s)] == s), None)

    def copies(self, reply: str) -> bool:
        """Whether a sentence of `reply` is one of the samples' (kept where leaving it out left
        nothing): such a reply is not replayed, or the next one copies it again (seen twice in a
        row on a lived-in memory: "Oh! Oh, wait, did you know octopuses have three hearts?")."""
        return any(self._copied(m.group(0)) is not None for m in re.finditer(r"[^.!?…]+[.!?…]*", reply or ""))

    def _maybe_copy(self, tail: str) -> bool:
        """The unfinished sentence may still turn into a copy: its words so far begin a sample's."""
        w = _words(tail)
        if not w or not self._copy_starts:
            return False
        done, last = (w, "") if tail[-1:].isspace() else (w[:-1], w[-1])  # the last word may be unfinished
        for s in self._copy_starts:
            if len(done) >= len(s):
                if tuple(done[: len(s)]) == s:
                    return True
            elif tuple(done) == s[: len(done)] and s[len(done)].startswith(last):
                return True
        return False

    @staticmethod
    def _maybe_more(tail: str, copied: frozenset) -> bool:
        """The unfinished sentence may still be more of the copied sample: its words so far are
        the sample's (the last one perhaps unfinished)."""
        w = _words(tail)
        done, last = (w, "") if tail[-1:].isspace() else (w[:-1], w[-1] if w else "")
        return set(done) <= copied and (not last or any(c.startswith(last) for c in copied))

    def _invents(self, sentence: str, opening: bool = False) -> bool:
        """Whether `sentence` tells of someone of theirs (he, she, or a name they said first) a
        fact no word of theirs gave: a relation, a number or a name. Asked nothing, the good brain
        went on from the user's own words to a life for the people in them: "My brother Julien
        lives in Montréal." -> "Julien lives in Montreal. He is a father with his wife and two
        daughters."; "Abena is visiting on Saturday. ... She is visiting from Nigeria." (held-out
        bench/truth.py dec29-dec32). Not a question ("Is she older than you?")."""
        if self._told is None or sentence.rstrip().endswith(("?", "\uff1f")):
            return False
        words = re.findall(r"[^\W\d_]+(?:['\u2019][^\W\d_]+)?|\d+", sentence[re.match(_CONJUNCTION, sentence, re.IGNORECASE).end():])
        if not words:
            return False
        first = _fold(words[0])
        # (a word they said, capitalised: a name, not a word like "a" that opens any sentence: 'Sure! A
        # great option is "The Great Gatsby"...' was cut to "Sure!" where they had asked for "a" book)
        if not (first in _THIRD or (words[0][0].isupper() and first in self._told and first not in self._not_theirs
                                    and self._terms(words[0]))):
            return False
        if opening and not (first in _THIRD or first in self._named):
            return False  # (the reply's first sentence: any word opens it with a capital)
        for k, w in enumerate(words):
            f = _fold(w)
            if f in self._told or f in self._not_theirs:
                continue
            if w.isdigit() or f in COUNT_WORDS or f in RELATIONS or f in _WHEN_WORDS or (k and w[0].isupper() and w != "I"):
                return True
        return False

    def _maybe_invents(self, tail: str, opening: bool = False) -> bool:
        """The unfinished sentence may still be one `_invents` ends on: its first word may be he,
        she or a name (held until that word is written, and then until the sentence is whole).
        `opening`: the reply's first sentence, held only for he, she or a name they told."""
        if self._told is None:
            return False
        m = re.match(_CONJUNCTION + r"([^\W\d_]*)(\W?)", tail, re.IGNORECASE)
        word, done = (m.group(1), bool(m.group(2))) if m else ("", False)
        if not word:
            return False
        if opening:
            f = _fold(word)
            return (any(n.startswith(f) for n in (*_THIRD, *self._named)) if not done
                    else f in _THIRD or f in self._named)
        return not done or _fold(word) in _THIRD or (word[0].isupper() and _fold(word) in self._told and bool(self._terms(word)))

    def _unclaimed(self, sentence: str) -> tuple[str, Optional[str]]:
        """`sentence` with "you told me (that)" made "I think" where what follows gives a name or
        a number that no word of theirs (nor of the notes shown) gave, and what follows; else
        `sentence` as it is, and None. "You told me about it before too." (the good brain, asked
        "who painted the mona lisa?", never told of) is left out ("" and what follows) where
        nothing of the message, nor of what follows, was told before."""
        if self._told is None or not self._claims:
            return sentence, None
        m = _CLAIM.match(sentence)
        if m is None:
            return sentence, None
        rest = sentence[m.end():]
        if re.match(r"about\b", rest, re.IGNORECASE):
            new = bool(self._message_terms) and not self._message_terms & self._before
            return ("", rest) if new and not set(self._terms(rest)) & self._before else (sentence, None)
        conj = re.match(_CONJUNCTION, sentence, re.IGNORECASE).group(0)
        if any(t in self._message_terms and t not in self._before for t in self._terms(rest)):
            return f"{conj}I think {rest}", rest  # of what the message asks, never told before it
        for w in re.findall(r"[^\W\d_]+(?:['\u2019][^\W\d_]+)?|\d+", rest):
            f = _fold(w)
            if f in self._told or f in self._not_theirs:
                continue
            if w.isdigit() or f in COUNT_WORDS or (w[0].isupper() and w != "I"):
                return f"{conj}I think {rest}", rest
        return sentence, None

    def _maybe_claim(self, tail: str) -> bool:
        """The unfinished sentence may still be one `_unclaimed` changes: held until it is whole."""
        if self._told is None or not self._claims:
            return False
        if _CLAIM.match(tail):
            return True
        m = re.match(_CONJUNCTION, tail, re.IGNORECASE)
        opening = " ".join(re.sub(r"[^\w\s'\u2019]", " ", tail[m.end() if m else 0:].lower()).split())
        return bool(opening) and any(o.startswith(opening) for o in _CLAIM_OPENINGS)

    def _as_own(self, sentence: str) -> bool:
        """Whether `sentence` says the user's message back as Milo's own: in the first person,
        agreeing with nothing, two or more content words all of them the message's, or three of
        the message's and one word more ("My husband Kenji works as a firefighter." of 'my husband
        Kenji is a firefighter', dec106)."""
        if not self._message or not _FIRST_PERSON.match(sentence) or _AGREES.search(sentence):
            return False
        mine = set(self._terms(sentence))
        theirs = len(mine & self._message)
        return (theirs >= 2 and theirs == len(mine)) or (theirs >= 3 and len(mine) - theirs <= 1)

    def _maybe_as_own(self, tail: str) -> bool:
        """The unfinished sentence opens, or may still open, in the first person: held until it
        is whole."""
        if not self._message:
            return False
        if _FIRST_PERSON.match(tail):
            # Held only while every word written (the last perhaps unfinished) but one is the
            # message's: two of its own, or one that agrees, and it can no longer be their news.
            done = tail if not tail[-1:].isalnum() else re.sub(r"[\w'\u2019]+$", "", tail)
            return not _AGREES.search(done) and len(set(self._terms(done)) - self._message) <= 1
        m = re.match(r"\W*([\w'\u2019]*)(\W*)([\w'\u2019]*)", tail)
        first, gap, second = (g.lower() for g in m.groups())
        if not gap:  # the first word, perhaps unfinished
            return any(o.startswith(first) for o in _OPENS_OWN + _JOINS)
        return first in _JOINS and not tail[m.end():] and any(o.startswith(second) for o in _OPENS_OWN)

    def _speaks_of_user(self, sentence: str) -> bool:
        """Whether `sentence` opens with the user's name (or "the user") as its subject, no one
        spoken to in it."""
        return bool(self._of_user.match(sentence)) and not _PERSONAL.search(sentence.replace("\u2019", "'"))

    def _only_calls(self, reply: str, pending: bool = False) -> bool:
        """Whether `reply` is only exclamations and names (the user's, the persona's); `pending`:
        or may still be, its last word unfinished ("Oks", "Hel")."""
        words = re.findall(r"[^\W\d_]+", reply)
        names = self._not_theirs - {"i"}
        call = lambda w: bool(_INTERJECTION.match(w)) or _fold(w) in names  # noqa: E731
        if pending and words and not re.search(r"[^\w']\s*$", reply):
            last = _fold(words.pop())
            if not (call(last) or any(c.startswith(last) for c in (*names, *_CALLS))):
                return False
            return all(call(w) for w in words)
        return bool(words) and all(call(w) for w in words)

    def _reports_of_user(self, sentence: str) -> bool:
        """Whether `sentence` opens with the user's name (or "the user") and a verb that reports
        what they said or asked ("Oksana asked about...", "The user mentioned that...")."""
        m = self._of_user.match(sentence)
        return bool(m) and bool(_REPORTS.match(sentence[m.end():])) and self._speaks_of_user(sentence)

    def _retells(self, sentence: str) -> bool:
        """Whether `sentence` tells the user, by name, what they just said of themselves and
        nothing else: "Renée keeps bees in Lyon." (the good brain's first reply to 'Hi, I am
        Renée and I keep bees in Lyon.'). Two or more content words besides the name, all the
        message's."""
        if not self._message or not self._speaks_of_user(sentence) or _AGREES.search(sentence):
            return False
        mine = set(self._terms(sentence)) - set(self._terms(" ".join(self._user_words)))
        return len(mine) >= 2 and mine <= self._message

    def _maybe_of_user(self, tail: str) -> bool:
        """The unfinished sentence may still open with the user's name: held until it is whole."""
        m = re.match(_CONJUNCTION, tail)
        opening = " ".join(tail[m.end() if m else 0:].lower().split())
        if not opening:
            return False
        for who in self._user_words:
            if who.startswith(opening) or (opening.startswith(who) and not opening[len(who):][:1].isalpha()):
                return True
        return False

    def _finish(self, text: str) -> str:
        """What is shown of `text`: words joined by "_" apart, a wrong name for the user theirs."""
        if not self._underscores:
            text = _apart(text)
        if not self.user_name:
            return text
        return _NAME_SAID.sub(lambda m: m[1] + (m[2] if m[2].lower() == self.user_name.lower() else self.user_name), text)

    def _readdress(self, m: re.Match) -> str:
        return m.group(0)[: m.start("name") - m.start(0)] + (self.user_name or "friend")

    def _without_asides(self, text: str, final: bool) -> str:
        """`text` without the prompt's asides (and one perhaps being written at its end held
        back); as written where nothing else is left (fail open)."""
        if self._aside is None:
            return text
        out = self._aside.sub("", text)
        if not final:
            opened = out.rfind("(")
            if opened >= 0 and ")" not in out[opened:]:
                begun = " ".join(out[opened:].lower().split())
                if any(a.startswith(begun) for a in self._asides):
                    out = out[:opened].rstrip()
        return out if out.strip() or not text.strip() else text

    def visible(self, text: str, final: bool = False) -> str:
        """What may be shown of `text`, the reply as far as it has been written. With `final`,
        `self.copied_only` then says whether the reply was nothing but copies (or an "Oh!" and
        copies), one of the persona's samples among them, shown whole as the model wrote it for
        want of anything else; `self.again`, whether it only narrated the user or is only
        exclamations and names (each written once more by milo.chat.turn, as `yes_only`)."""
        self.copied_only = self.yes_only = self.again = False
        text = self._without_asides(text, final)
        label = _LABEL.match(text)
        if label and text[label.end():].strip():
            text = text[label.end():]  # fail open: a reply that is only a label stays as written
        elif not final and _label_pending(text):
            return ""  # perhaps a label being written
        if self._addressed is not None:
            text = self._addressed.sub(self._readdress, text)  # on the whole text: decided once the punctuation came
        inside = _LABEL_INSIDE.search(text)
        if inside and text[: inside.start()].strip():
            text, final = text[: inside.start()].rstrip(), True
        elif not final:
            text = text[: _inside_pending(text)]  # perhaps "(FUTURE_MESSAGE)" being written
        tail_at = _TAIL.search(text)
        if tail_at and text[: tail_at.start()].strip():
            text, final = text[: tail_at.start()], True  # nothing after it is shown
        elif not final and _TAIL_PENDING.search(text):
            text = text[:-1]
        parts, at = [], 0
        for m in _END.finditer(text):
            parts.append(text[at : m.end()])
            at = m.end()
        tail = text[at:]
        if final and tail.strip():
            parts.append(tail)
            tail = ""
        first = (parts[0] if parts else tail).replace("\u2019", "'")
        if _REFUSAL.match(first):
            # The whole reply is the assistant's, not Milo's: none of it is shown, and it is written
            # once more (milo.chat.turn); a refusal again is shown as written (fail open).
            if final:
                self.again = True
                return self._finish("".join(parts)).rstrip()
            return ""
        if not parts and not final and _maybe_refusal(first):
            return ""  # its first sentence may still be one (held until it ends)
        shown, said_something, left_out, narrated, repeated, invented = "", False, False, False, False, False
        copied: Optional[frozenset] = None  # the words of the sample a left-out sentence copied
        for sentence in parts:
            sentence, claimed = self._unclaimed(sentence)
            if not sentence:
                continue  # (nothing else left: the reply as written, below)
            if said_something and (_closer(sentence) or self._speaks_of_user(sentence) or self._invents(sentence)
                                   or (claimed is not None and self._invents(claimed))):
                return self._finish(shown).rstrip()
            if not said_something and self._invents(sentence, opening=True):
                # The reply opens by telling of someone of theirs what they never said ("Oh, Efua is
                # coming over for dinner tomorrow."): left out; alone, it is written again.
                invented = True
                continue
            if not said_something and (self._reports_of_user(sentence) or self._retells(sentence)):
                # A reply that opens by narrating the user to the user: "Oksana asked about her
                # new home in Kyiv." (the good brain, told 'Sorry, I meant Kyiv, not Lviv.'): left
                # out; alone, the reply is written again (milo.chat.turn), as a copied sample is.
                narrated = True
                continue
            words = _words(sentence)
            if copied is not None and words and set(words) <= copied:
                continue  # the rest of that sample ("Oh, wait, did you know octopuses have three hearts? Three!")
            if self._origin.match(sentence):
                continue  # (nothing else left: the reply as written, below, and written again)
            if self._as_own(sentence):
                continue  # (nothing else left: the reply as written, below)
            found = self._copied(sentence)
            if found is not None:
                copied, left_out = found, left_out or found <= self._earlier  # a repeat of Milo's own
                # (a "you told me" said again, not any repeat: "Hello from the loopback server!"
                # each turn is a scripted server's, and a repeat alone is shown as before)
                repeated = repeated or (found <= self._earlier and bool(_CLAIM.match(sentence)))
                continue
            copied = None
            shown += sentence
            said_something = said_something or bool(sentence.strip())
        if final:
            if not shown.strip() or _interjection(shown) or (left_out and len(_words(shown)) < FEWEST_WORDS):
                # Nothing but copies, or an "Oh!" and copies (2 of 6 first replies of the good
                # brain), or a filler ("That sounds interesting!" three times in five turns once
                # its earlier replies counted as samples): the model's own reply is better than
                # that (fail open).
                self.copied_only = any(self._copy_start(p, self._persona_starts) is not None for p in parts)
                # Written once more (milo.chat.turn) where it only narrated the user, or is only an
                # exclamation or their name ("Okey!", "Oksana!": first replies of the good brain, dec80),
                # or only repeats an earlier "you told me" ("Who leads the group?" got "You told me your
                # group is called Kaze.", the answer to "What is my group called?" just before: dec81).
                self.again = (narrated or repeated or invented or self._only_calls("".join(parts))
                              or any(self._origin.match(p) for p in parts))
                return self._finish("".join(parts)).rstrip()
            self.yes_only = self._asks and bool(_YES_ONLY.match(shown))
            self.again = self._only_calls(shown)
            return self._finish(shown).rstrip()
        held = copied is not None and self._maybe_more(tail, copied)
        if (tail and not held and not (said_something and (_maybe_closer(tail) or self._maybe_invents(tail)))
                and not (not said_something and self._maybe_invents(tail, opening=True))
                and not self._maybe_of_user(tail)
                and not self._maybe_copy(tail) and not self._maybe_claim(tail) and not self._maybe_as_own(tail)
                and not _maybe_origin(tail, self._own)):
            if self.user_name:
                tail = tail[: _pending_name(tail)]  # "your name is ..." still being written
            held_name = self._address_pending.search(tail) if self._address_pending is not None else None
            if held_name:
                tail = tail[: held_name.start("held")]  # perhaps "hi Milo" still being written
            shown += tail
        if _EXCLAIM_ONLY.match(shown) or (self._asks and _yes_pending(shown)) or self._only_calls(shown, pending=True):
            # "Oh!" alone is held until what follows it is known: a sample copied after it is
            # then written again before anything was shown (milo.chat.turn). So is "Sure!" to a
            # question: alone, it is written again.
            return ""
        return self._finish(shown).rstrip()  # a space shows with the word after it
