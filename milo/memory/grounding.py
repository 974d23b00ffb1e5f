"""Only what the exchange supports is etched: an invented fact in the memory is worse than none.

A model's CORE_UPDATE and FUTURE_MESSAGE are summaries it writes itself, and small models invent
("Amy told Milo her cat is called Biscuit" when she never did); what is etched comes back in later
prompts, so an invention feeds on itself. Before an entry is etched, each summary is checked
against its sources:

- facts about the user (names, numbers and dates, links) must appear in what the user said, in
  the pinned facts or in the user's name: Milo's own reply does not count, it may be the invention;
- the other content words must appear in the user's words, Milo's reply or the pinned facts (a
  prefix match, so "gardening" is supported by "garden"), but for a few words any summary uses
  ("asked", "shared", "wants"...), and at least SUPPORTED_SHARE of them;
- no leaked tag text (`[REPLY]`, `CORE_UPDATE:`) and no copy of the format's placeholders;
- a CORE_UPDATE keeps the names and numbers the user gave ("my cat is called Biscuit" summed up
  as "we talked about cats" would forget the one fact worth keeping).

An unsupported CORE_UPDATE is replaced by a faithful one, the user's own words quoted
(`Sam said: "I love strong black coffee"`); an unsupported FUTURE_MESSAGE is dropped. A summary
that repeats one of the recent pulses is dropped too (no loops), and an answer that was cut off
or leaked tag text is not etched at all. What was replaced is logged (`milo -v`).
"""

from __future__ import annotations

import logging
import re
from dataclasses import dataclass, field
from typing import Iterable, Optional, Sequence

from milo.memory.format import normalize_value

log = logging.getLogger("milo.memory")

SUPPORTED_SHARE = 0.75  # of a summary's content words (see bench/junk_rate.py)
KEPT_SHARE = 0.8  # of the user's content words a CORE_UPDATE must keep, for a long message...
KEPT_ALL = 12  # ...up to this many content words it must keep them all
QUOTE_CHARS = 300
NEAR_DUPLICATE = 0.7  # word-set overlap (Jaccard) with a recent pulse's same field
STEM = 5

_WORD = re.compile(r"[A-Za-z][A-Za-z']*|\d[\d.,:/-]*\d|\d")
_URL = re.compile(r"(?:https?://|www\.)\S+|\b[\w-]+\.(?:com|org|net|io|dev|ly|be|tv|co|edu|gov)(?:/\S*)?\b", re.IGNORECASE)
_TAG_TEXT = re.compile(r"\[\s*(?:REPLY|INTERNAL|CORE_UPDATE|FUTURE_MESSAGE|ACTION)\s*\]|\b(?:CORE_UPDATE|FUTURE_MESSAGE|INTERNAL)\s*:|<\|\w+\|>", re.IGNORECASE)
# Who someone is to the user, and a gender: facts about the user like names, that only their own
# words may give (a closed, lexical class). A prefix match let the good brain etch "His
# grandfather Chidi wants to be a pilot." for "My grandson Chidi wants to be a pilot." and "Her
# wife Mele runs a little cafe" for "My wife Mele...": a relation and a gender never said.
_GENDERED = frozenset("he she his her hers him himself herself".split())
_RELATIONS = frozenset(
    "mother mom mum mummy mama father dad daddy papa parent parents son sons daughter daughters child children "
    "kid kids baby brother brothers sister sisters sibling siblings twin twins grandson grandsons granddaughter "
    "granddaughters grandchild grandchildren grandfather grandpa grandad granddad grandmother grandma granny nan "
    "nana grandparent grandparents husband wife partner boyfriend girlfriend fiance fiancee fiancé fiancée "
    "spouse uncle aunt auntie nephew niece cousin stepson stepdaughter stepmother stepfather stepdad stepmum "
    "stepmom stepbrother stepsister".split())
RELATIONS = _RELATIONS  # also where milo.chat.evidence looks for a name said in lower case ("my husband karim")
_QUOTED = re.compile(r'["\u201c]([^"\u201d]{3,})["\u201d]')


def _plain(text: str) -> str:
    return " ".join(re.findall(r"\w+", (text or "").lower()))

STOP = frozenset(
    "a an and are as at be been being but by can could did do does doing done for from had has have "
    "having he her here hers him his how i if in into is it its itself just me more most my no nor not "
    "of off on once only or other our ours out over own same she should so some such than that the their "
    "theirs them then there these they this those through to too under until up very was we were what "
    "when where which while who whom why will with would you your yours yourself also any all each few "
    "really quite much many lot lots well still yet again ever never always maybe perhaps something "
    "anything nothing everything someone anyone thing things way ok okay oh yes yeah hi hello hey "
    "we're let's let it's that's there's you're i'm we've you've else together "
    # the same without their apostrophes, as speech to text writes them
    "im ive youre dont cant wont isnt thats whats hes shes theyre wasnt didnt doesnt havent lets".split()
)
# Words any summary of any exchange may use without the exchange saying them.
SUMMARY_WORDS = frozenset(
    "user friend said says say saying told tell telling tells asked ask asking asks shared share "
    "sharing shares mentioned mention mentions mentioning talked talk talking talks discussed discuss "
    "discussing about wants want wanted wanting likes like liked loves love loved enjoys enjoy enjoyed "
    "prefers prefer feels feel feeling felt thinks think thought wonders wondered wondering expressed "
    "express greeted greeting greetings greet introduced introduce introduction introducing conversation "
    "exchange chat chatting question questions answer answered answers reply replied responded response "
    "follow followup next time later future remember remembered recall recalled check checking see "
    "update updates note notes topic topics favourite favorite name named called call interest interested "
    "interests particular curious excited happy glad sad new first today tonight tomorrow yesterday "
    "morning evening day week soon how's hows doing day's their them went go going goes gone get got "
    "getting make made keep kept find found try tried hear heard know knew learn learned plan plans "
    "planning planned ask whether if did".split()
)


@dataclass
class Grounded:
    """What to etch for one exchange, and why anything was changed."""

    fields: dict[str, str] = field(default_factory=dict)  # CORE_UPDATE / FUTURE_MESSAGE / REPLY
    changes: list[str] = field(default_factory=list)  # one line per replaced or dropped value
    refused: Optional[str] = None  # the whole answer is not etched, and why


def _bare(word: str) -> str:
    """Lower case, without a possessive: "Amy's" -> "amy"."""
    w = word.lower().replace("’", "'")
    return w[:-2] if w.endswith("'s") else w


def _stem(word: str) -> str:
    """A light stem: "turns", "turned", "turning" -> "turn"; then the first STEM letters."""
    w = _bare(word).replace("'", "")
    for suffix in ("ing", "ed", "s"):
        if w.endswith(suffix) and len(w) - len(suffix) >= 3:
            w = w[: -len(suffix)]
            break
    return w[:STEM]


def words(text: str) -> list[str]:
    return _WORD.findall(text or "")


def _content(text: str, user_name: str, own: str = "") -> list[str]:
    skip = {user_name.lower(), own.lower()}  # the user's name and the persona's (`own`) are no content
    return [w for w in words(text) if _bare(w) not in STOP and _bare(w) not in SUMMARY_WORDS
            and _bare(w) not in skip and not w[0].isdigit() and len(w) > 1]


def _names(text: str, user_name: str, own: str = "") -> list[str]:
    """Capitalised words that are not at the start of a sentence: names, places, months."""
    out = []
    for m in _WORD.finditer(text or ""):
        w = m.group(0)
        if not w[0].isupper() or w in ("I", "I'm", "I've", "I'll", "I'd") or _bare(w) in (user_name.lower(), own.lower()):
            continue
        before = text[: m.start()].rstrip()
        if not before or before[-1] in ".!?:\"'(":
            continue  # a sentence start is capitalised anyway
        out.append(w)
    return out


def _numbers(text: str) -> list[str]:
    return [w for w in words(text) if w[0].isdigit()]


def _digits(text: str) -> str:
    return " " + " ".join(re.findall(r"\d+", text or "")) + " "


def check(value: str, user_text: str, reply: str, pinned: str, user_name: str, own: str = "",
          gendered: bool = False) -> Optional[str]:
    """None when `value` is supported by its sources, else the reason (for the log). `reply`
    counts as a source of ordinary words; pass "" where only the user's words may (a
    CORE_UPDATE: a meal Milo suggested came back later as what the user had eaten).
    `gendered`: "he", "she", "her"... only where the user's words have them (a note: what is
    told; a thread to pick up, "Ask Amy what colour her cat is", may guess)."""
    if _TAG_TEXT.search(value):
        return "it carries tag text"
    facts = f"{user_text}\n{pinned}\n{user_name}"
    facts_lower = facts.lower()
    plain_facts = _plain(facts)
    for quoted in _QUOTED.findall(value):
        # A quotation claims the user's exact words (small models imitate the faithful lines).
        if _plain(quoted) and _plain(quoted) not in plain_facts:
            return f"it quotes words the user did not say ({quoted!r})"
    for url in _URL.findall(value):
        if url.lower().rstrip(".,)") not in facts_lower:
            return f"the link {url} appears nowhere in what the user said"
    for name in _names(value, user_name, own):
        if not re.search(rf"\b{re.escape(_bare(name))}", facts_lower):
            return f"the name {name!r} appears nowhere in what the user said"
    said = {_bare(w) for w in words(facts)}
    for w in words(value):
        if (_bare(w) in _RELATIONS or (gendered and _bare(w) in _GENDERED)) and _bare(w) not in said:
            return f"the word {w!r} (a relation or a gender) appears nowhere in what the user said"
    if gendered and _puts_user_for_someone(value, user_text, user_name):
        return f"it names {user_name} where they spoke of someone else"
    have_digits = _digits(facts)
    for number in _numbers(value):
        for part in re.findall(r"\d+", number):
            if f" {part} " not in have_digits:
                return f"the number {number!r} appears nowhere in what the user said"
    content = _content(value, user_name, own)
    if content:
        source = {_stem(w) for w in words(f"{user_text}\n{reply}\n{pinned}")}
        supported = sum(1 for w in content if _stem(w) in source)
        if supported / len(content) < SUPPORTED_SHARE:
            missing = [w for w in content if _stem(w) not in source]
            return f"{len(missing)} of its {len(content)} words are in neither message ({', '.join(missing[:5])})"
    return None


# Someone the user spoke of without naming (a closed, lexical class: English third person pronouns).
_SOMEONE = re.compile(r"(?<!\w)(?:she|he|her|him|hers|his|they|them|their)(?!\w)", re.IGNORECASE)


def _puts_user_for_someone(value: str, user_text: str, user_name: str) -> bool:
    """Whether a summary names the user where their words, without their name, spoke of someone
    else: "we're throwing her a surprise party next saturday at my flat" (her: his sister) was
    etched "We'll throw Malik a surprise party next Saturday at my flat." (dec137): the party
    became his own. Only the first name is looked at, as a word; not where they name themselves."""
    first = (user_name or "").split()[0] if (user_name or "").strip() and user_name != "Friend" else ""
    if not first or not _SOMEONE.search(user_text):
        return False
    named = re.compile(rf"(?<!\w){re.escape(first)}(?!\w)", re.IGNORECASE)
    if named.search(user_text):
        return False
    # (as whose it is, "Malik's sister...", or opening it, "Malik is throwing...", it is theirs)
    return any(not m.start() == 0 and value[m.end():m.end() + 2] not in ("'s", "\u2019s")
               for m in named.finditer(value.strip()))


# Milo's notes call the person "they" (prompts/example.md), and are said back to them so ("You
# told me they ..." -> "you ..."). A note that keeps the user's own "they" for others or things
# ('They're blue and white with birds on them.' of "they're blue and white with birds on them",
# the tiles) would be said back as "you're blue and white with birds on you" (dec273): their words,
# quoted, say whose "they" it is. A closed, lexical class.
_THEY_WORDS = re.compile(r"(?<![\w'])(?:they|them|their|theirs|themselves|they're|they've|they'd|they'll)(?![\w'])", re.IGNORECASE)


def leaves_out(value: str, user_text: str, user_name: str, own: str = "") -> Optional[str]:
    """The reason when a summary drops what the user told: a name or number they gave ("my cat
    is called Biscuit" summed up as "we talked about cats"), or the things they named ("I've got
    a tortoise called Shelby. He hates the cold." summed up as "Shelby hates the cold.", and then
    "What pet do I have?" -> "You don't have a pet"): all of them, for a short message, and
    KEPT_SHARE of them for a long one. The user's own words keep them all."""
    low = value.lower()
    # The user's own name too, when they give it: it is how the next wake knows who is talking.
    for fact in _names(user_text, "", own) + _numbers(user_text):
        if _bare(fact) not in low:
            return f"it leaves out {fact!r}, which the user said"
    told = {}
    for w in _content(user_text, user_name, own):
        told.setdefault(_stem(w), w)
    if told:
        kept = {_stem(w) for w in words(value)}
        missing = [w for s, w in told.items() if s not in kept]
        if missing and (len(told) <= KEPT_ALL or len(missing) > (1 - KEPT_SHARE) * len(told)):
            return f"it leaves out what the user told ({', '.join(missing[:5])})"
    # ...and whose it is: "ive got a tortoise called shelby he hates the cold" summed up as "Shelby
    # is a tortoise who hates the cold." kept every thing named, and "what pet do i have" then
    # found no note (0.13 from it in meaning, 0.35 from the quote).
    if _FIRST_PERSON.search(user_text) and not _whose(value, user_name):
        return "it leaves out that the user said it of themselves"
    # ...or of whom, when it was of him or her: "his lessons are on monday and thursday at the city
    # pool" (her son's) etched as "Their lessons are on Monday and Thursday at the city pool." was
    # read back as the user's own: "your lessons are on Monday..." (dec162).
    said = {_bare(w) for w in words(user_text)}
    kept = {_bare(w) for w in words(value)}
    # (a name of theirs kept says whom: "Bjorn has a tortoise called Shelby who hates the cold.")
    named = {_bare(w) for w in words(value) if w[0].isupper() and not _WHEN_NAME.fullmatch(w)} & said
    if said & _GENDERED and not kept & (_GENDERED | _RELATIONS) and not named:
        return "it leaves out of whom the user said it"
    # ...or when: "we open on the 1st of march" (a plan) etched as "We opened on the 1st of March."
    # answered "what are we opening" as done (dec174). A verb put in the past that they did not.
    for w in kept - said:
        if len(w) > 4 and w.endswith("ed") and {w[:-2], w[:-1], w[:-3]} & said and not said & {"was", "were", "did", "had"}:
            return f"it puts {w!r} in the past, which the user did not"
    # ...or whom "they" means, where the user spoke of others with "they" or of him or her ('They
    # have a competition in Tallinn next month.' of "he has a competition...", a student's, was said
    # back "You told me you have a competition...", dec288): see _THEY_WORDS.
    if _THEY_WORDS.search(value.replace("\u2019", "'")) and (_THEY_WORDS.search(user_text.replace("\u2019", "'")) or said & _GENDERED):
        return "its \"they\" is someone the user spoke of, and the notes use it for the user"
    return None


# The user speaking of themselves (a closed, lexical class; English only so far, as typed or
# transcribed: "ive", "im"), and how a summary says it is theirs.
_FIRST_PERSON = re.compile(r"(?<!\w)(?:i|i'm|im|i've|ive|i'd|i'll|me|my|mine|myself|we|we've|our|ours)(?!\w)", re.IGNORECASE)
_THE_USER = re.compile(r"(?<!\w)(?:user|user's|i|my|me|we|our|us)(?!\w)", re.IGNORECASE)


# Days and months, capitalised but no one (a closed, lexical class).
_WHEN_NAME = re.compile(r"(?:mon|tues|wednes|thurs|fri|satur|sun)days?|january|february|march|april|may|june|july|august"
                        r"|september|october|november|december", re.IGNORECASE)


def _whose(value: str, user_name: str) -> bool:
    """Whether a summary says whose it is: the user's name (any part of it) or "the user"."""
    value = value.replace("\u2019", "'")
    if _THE_USER.search(value):
        return True
    low = value.casefold()
    parts = [p for p in re.findall(r"\w+", (user_name or "").casefold()) if p != "friend" and len(p) > 1]
    return any(re.search(rf"(?<!\w){re.escape(p)}(?!\w)", low) for p in parts)


ASKED = "asked"  # the verb of a quoted question (milo.memory.notes shows such a note unnumbered)


def faithful_core(user_text: str, user_name: str, asked: bool = False) -> str:
    """A CORE_UPDATE that cannot be wrong: the user's own words, quoted (clipped at a word);
    `asked`: the message asked about the user's own life (it tells nothing, and says so)."""
    said = normalize_value(user_text).replace('"', "'")
    if len(said) > QUOTE_CHARS:
        said = said[:QUOTE_CHARS].rsplit(" ", 1)[0] + " ..."
    who = user_name if user_name and user_name != "Friend" else "The user"
    return f'{who} {ASKED if asked else "said"}: "{said}"'


def _word_set(text: str) -> set[str]:
    return {_stem(w) for w in words(text) if w.lower() not in STOP}


# Stop words that still change what a note says: "Sam does not like coffee anymore" is no repeat
# of "Sam likes coffee" (a correction dropped as a loop), nor "When is my yoga class?" of "Where
# is ...". A closed, lexical class, like STOP itself.
_NEGATION = re.compile(r"^(?:not|no|nor|never|\w+n't|(?:do|does|did|ca|wo|is|was|were|are|has|have|had|could|would|should|ai)nt)$")
_ASKING = frozenset("what when where who whom whose why how which".split())


def _marks(text: str) -> set[str]:
    low = [_bare(w) for w in words(text)]
    return {"not" if _NEGATION.match(w) else w for w in low if _NEGATION.match(w) or w in _ASKING}


def near_duplicate(value: str, recent: Iterable[str]) -> bool:
    mine = _word_set(value)
    if not mine:
        return False
    marks = _marks(value)
    for other in recent:
        theirs = _word_set(other)
        if theirs and len(mine & theirs) / len(mine | theirs) >= NEAR_DUPLICATE and _marks(other) == marks:
            return True
    return False


def copies_reply(value: str, reply: str) -> bool:
    """Every word of a note is in this turn's reply: Milo's chatter copied into a memory line
    (seen on the tiny brain: "Hi there! Hope everything is well on your end, I've been thinking
    of all the great things we can do,"), which the REPLY line already keeps."""
    mine = _word_set(value)
    return len(mine) >= 4 and mine <= _word_set(reply)


def ground(
    core_update: str,
    future_message: str,
    reply: str,
    user_text: str,
    pinned: str = "",
    user_name: str = "Friend",
    recent: Sequence[dict[str, str]] = (),
    truncated: bool = False,
    conversation: Sequence[str] = (),
    asked: bool = False,
    named: bool = False,
    unwritten: bool = False,
    own: str = "",
) -> Grounded:
    """What to etch for one exchange (see the module docstring). `conversation`: what the user
    said earlier in this conversation; it supports a FUTURE_MESSAGE as well as this message does
    (a thread may tie the question to what came before). A CORE_UPDATE must rest on this
    exchange: the good brain once summed up "I love strong black coffee" with the message before
    it, "I bought tomatoes and a jar of honey", and the coffee was never noted. `asked`: the
    message asked about the user's own life (the model's judgement, milo.chat.evidence): it tells
    nothing, so the CORE_UPDATE is the question quoted (a summary of a question can only add what
    was not said). `named`: the user gave their name: their words are kept as they said them, so
    the next wake learns the name from them. `unwritten`: the model was stopped before it wrote
    its CORE_UPDATE (the next message came): the user's words, quoted, are the note."""
    out = Grounded()
    core_update, future_message, reply = (normalize_value(v) for v in (core_update, future_message, reply))
    if truncated:
        out.refused = "the answer was cut off"
        return out
    if _TAG_TEXT.search(reply):
        out.refused = "the reply carries tag text"
        return out
    recent = list(recent)
    if user_text.strip() and (asked or named):
        why = "the message asked about the user's own life" if asked else "the user gave their name"
        core_update = core_update or " "  # replaced below, whatever the model wrote
    elif user_text.strip() and unwritten and not core_update:
        why, core_update = "the next message came before the model wrote it", " "
    else:
        why = None
    for name, value in (("CORE_UPDATE", core_update), ("FUTURE_MESSAGE", future_message)):
        if not value:
            continue
        earlier = [p.get(name, "") for p in recent]
        # A CORE_UPDATE says what this exchange was about; a thread to pick up may reach back.
        reason = why if name == "CORE_UPDATE" else None
        if reason is None:
            support = user_text if name == "CORE_UPDATE" else "\n".join([*conversation, user_text])
            # What the user told rests on their words alone; a thread may use Milo's too.
            reason = check(value, support, "" if name == "CORE_UPDATE" else reply, pinned, user_name, own,
                           gendered=name == "CORE_UPDATE")
        if reason is None and name == "CORE_UPDATE":
            reason = leaves_out(value, user_text, user_name, own)
        if reason is None and name == "CORE_UPDATE" and not (_content(value, user_name, own) or _names(value, user_name, own) or _numbers(value)):
            reason = "it says nothing of the exchange"  # the good brain once wrote just 'Nora said:'
        if reason is None and near_duplicate(value, earlier):
            reason = "it repeats a recent note"
        if reason is None and copies_reply(value, reply):
            reason = "it only repeats the reply (etched as REPLY)"
        if reason is None:
            out.fields[name] = value
            continue
        # The exchange still happened: a CORE_UPDATE becomes the user's own words, quoted.
        quote = faithful_core(user_text, user_name, asked) if name == "CORE_UPDATE" and user_text.strip() else ""
        if quote and not near_duplicate(quote, earlier):
            out.fields[name] = quote
            out.changes.append(f"replaced {name} {value.strip()!r}: {reason}")
        else:
            out.changes.append(f"dropped {name} {value.strip()!r}: {reason}")
    if reply and not (near_duplicate(reply, (p.get("REPLY", "") for p in recent)) and not out.fields):
        out.fields["REPLY"] = reply
    elif reply:
        out.changes.append("dropped a reply that repeats a recent one, with nothing new to note")
    for change in out.changes:
        log.info("memory: %s", change)
    return out
