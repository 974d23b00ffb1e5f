"""When nothing the user told answers their question for sure (milo.chat.evidence.find: no note
close enough by words or meaning), the model's own answer from their notes alone, matched back to
the note it restates.

Why: a question and the note that answers it may share neither words nor meaning for MiniLM
("What do I do for a living?" / "I run a small bakery on the corner of Elm Street.", cosine
0.19; "Where did I go on holiday last year?" was 0.35 from the same note), so `find` said
"I don't think you've told me that yet." to a question the memory answers: a rule contradicting
the memory. An answer and the note it restates are close (0.87 for "You own and operate a
small bakery on Elm Street."): the model reads the question, the embedder compares two
statements, which it does well.

How: a short request of its own (not the chat prompt: asked there, the 1.5B brain answered
"You work as a desk robot.", its persona), the user's notes in their person, the answer forced
under a grammar to one clause about them ("You ..."). A never-told question then gets an
invention ("You like pizza."), which is close to no note. The note closest to the draft answers
when the draft is very close to it (DRAFT_SURE) and to no other (DRAFT_OTHER: two facts mixed);
merely close (DRAFT_SAME), it is said as the closest, beside "I'm not sure" ("You grew up in
Otago." was 0.63 from 'i look after the sheep on my uncles farm in otago'); and never when the
question is unrelated to it (QUESTION_FLOOR: "What's my favourite colour?" drafted "You like blue
as shown by your sister Beatriz playing volleyball", 0.66 from the note, which the question is
0.06 from). A note `find` named by meaning alone and not by much is kept only when the draft
surely restates it. The reply is then the note itself (milo.chat.addressing), never the draft: the
draft's words are neither said nor kept.

Cost: one request, the notes and ~15 generated tokens (~1-3 s on the default brain here), only
for such questions; it takes the server's one slot, and the turn's prompt comes back from the
prompt cache after it (milo.chat.embedded.PROMPT_CACHE_MIB). Where a note is in another language
and the draft matched none, one more short request names the note it comes from (`point_at`).
Any failure leaves `find`'s answer as it was.
"""

from __future__ import annotations

import json
import logging
import re
from typing import Callable, Optional, Sequence

from milo.chat.evidence import (NOT_WHAT, asks_job, lacks_asked, restates_role, as_asked, asked_terms, on_the_day_told, spelt_otherwise, corrected_closest, MEANING_SAME_THING, asks_by_role, closest_of_theirs, older_kept, names_only_things, NONE, Candidate, Embed, Evidence, asks_about_them, asks_about_user, asks_beyond_name,
                                asks_how_i, another_day, asks_when_or_how_many, by_meaning, changes, names_from, own_words, part_of,
                                quoted_speaker, says_what_is_asked, to_you, told_notes, unnamed, asks_a_name, asks_who, gives_colour, gives_measure, introduces, same_when, asks_measure,
                                names_no_one, asks_where, gives_place, bare, opens_with_pronoun, invents_which, which_thing, says_beyond, says_which,
                                in_another_language, of_whom, once_not_habit, names_only_places, asks_for_whom, told_terms)
from milo.sentences import TITLE_GBNF

log = logging.getLogger("milo")

# The draft restates a note: surely (it answers), or closely (the note is said as the closest,
# "I'm not sure..."). Set on bench/evidence.py's sets to dec5 (measured on dec6, written after):
# drafts of told answers were 0.58-0.95 from their note, of never-told ones <= 0.44 but "You
# grew up in Otago." (0.63) and one the question floor stops.
DRAFT_SURE = 0.75
DRAFT_SAME = 0.5
# ...or when find chose that note too (by meaning, not sure of it), this close: "What's my sister
# called?" named 'My brother Joris is a firefighter.', and its draft "Your sister is Joris." was
# 0.60 from it: never enough.
DRAFT_AGREES = 0.7
# ...and no other note is close to it: "You are a farmer and play netball on Tuesdays." (asked
# about work) was 0.85 from the netball note, 0.36 from the farm's: two facts mixed.
DRAFT_OTHER = 0.3
DRAFT_MIXED_BY = 0.1  # ...closer to the draft by this much than to the note the draft restates
DRAFT_VERBATIM = 0.9  # ...but a draft this close to its note says that note, whatever else is near
QUESTION_FLOOR = 0.1  # and the question is not unrelated to the note
DRAFT_TIMEOUT = 20.0  # seconds (~1-3 s here on the default brain)
MAX_NOTES = 8  # the user's notes given
# One clause, ended by its first stop; a title's stop does not end it ("Who teaches me?" was
# drafted "Mrs." of 'my teacher is Mrs. Ito', milo.sentences).
_CLAUSE = f'clause ::= [^\\n.?!,;]{{1,120}} ({TITLE_GBNF} [^\\n.?!,;]{{1,60}}){{0,2}}\n'
DRAFT_GBNF = 'root ::= ("You " | "Your ") clause "."\n' + _CLAUSE
# A question about someone they told of ("When is Lucía's birthday?"): the clause's subject is
# free (held to "You ...", "who is learning to ride a bike" drafted "You are learning to ride a bike.").
OTHER_GBNF = f'root ::= ([^\\n.?!,;: ] | {TITLE_GBNF}) clause "."\n' + _CLAUSE
SYSTEM = "You answer a person's question about themselves using only the facts they told you."
OTHER_SYSTEM = "You answer a person's question about the people and things in their life using only the facts they told you."


def request(question: str, notes: Sequence[Candidate], about_user: bool = True, own: str = "") -> list:
    """The messages of the draft request."""
    from langchain_core.messages import HumanMessage, SystemMessage

    facts = "\n".join(f"- {to_you(c.text, own)}" for c in notes)
    ask = 'Answer in one sentence starting with "You".' if about_user else "Answer in one sentence."
    return [SystemMessage(content=SYSTEM if about_user else OTHER_SYSTEM),
            HumanMessage(content=f"Facts I told you:\n{facts}\n\nMy question: {question}\n{ask}")]


# Which note a draft restates, asked of the model where the embedder cannot tell: notes said in
# another language (MiniLM reads their words, not their meaning: "You have two dogs." was far
# from 'Tengo dos perros, Rayo y Luna.', and "What's my job?" got "I don't think you've told me
# that yet." beside 'sou a Ana, vivo em Porto e trabalho como arquiteta.', dec93/dec97). The
# model copies the opening words of the note (or "none") under a grammar that allows nothing
# else: asked for a note's number instead, the good brain answered "1" for every draft of eight
# Spanish notes; copying, it picked 5 of 7 right, "none" for "You like pizza." (~1.2 s here).
# Its note is only ever the closest ("I'm not sure..."), never said surely: its pick is a
# judgement ("You cooked paella yesterday." was pointed at the coffee note).
POINT_SYSTEM = "You find which of the facts a person told you a statement comes from. The facts may be in any language."
_DENIES = re.compile(r"(?<![\w'])(?:not|no|never|nothing|none|any)(?![\w'])|n't(?!\w)", re.IGNORECASE)
POINT_WORDS = 3  # the opening words of a note the model copies (more where two notes open alike)


def _openings(facts: Sequence[str]) -> list[str]:
    """Each fact's first POINT_WORDS words, or more until no other fact opens the same way."""
    out = []
    for fact in facts:
        words, n = fact.split(), POINT_WORDS
        while n < len(words) and any(o.split()[:n] == words[:n] for o in facts if o is not fact):
            n += 1
        out.append(" ".join(words[:n]))
    return out


def point_request(draft: str, facts: Sequence[str]) -> list:
    """The messages of the pointing request: the notes in the user's own words."""
    from langchain_core.messages import HumanMessage, SystemMessage

    listed = "\n".join(f"- {f}" for f in facts)
    return [SystemMessage(content=POINT_SYSTEM),
            HumanMessage(content=f"Facts:\n{listed}\n\nStatement: {draft}\n"
                                 "Copy the fact that says this, or write none if no fact does.")]


def point_at(draft: str, notes: Sequence[Candidate], llm, own: str = "") -> Optional[int]:
    """The index in `notes` of the one the model says `draft` comes from, or None ("none", or a failure)."""
    facts = [_after_greeting(c.text, own) for c in notes]
    openings = _openings(facts)
    choices = [o for o in dict.fromkeys(openings) if o]
    if not choices:
        return None
    grammar = "root ::= " + " | ".join(json.dumps(o) for o in choices) + ' | "none"'
    try:
        bound = llm.bind(max_tokens=48, temperature=0, timeout=DRAFT_TIMEOUT, extra_body={"grammar": grammar})
        answer = bound.invoke(point_request(draft, facts)).text.strip()
    except Exception as e:  # noqa: BLE001 - only a second look
        log.info("pointing skipped (%s: %s)", type(e).__name__, e)
        return None
    return openings.index(answer) if answer in openings else None


def own_notes(candidates: Sequence[Candidate], own: str = "", user: str = "") -> list[Candidate]:
    """The notes that tell something of the user (not their name's, not another speaker's: while
    the user's name is unknown, no quoted note is known to be theirs)."""
    return [c for c in told_notes(candidates, own)
            if quoted_speaker(c.text) is None or (user and quoted_speaker(c.text) == user.casefold())]


def closest_notes(question: str, notes: Sequence[Candidate], embed: Embed, own: str = "") -> list[Candidate]:
    """At most MAX_NOTES of `notes`, the closest in meaning to the question, in their order: the
    request is processed before the reply (16 notes of a lived-in memory: ~5 s here)."""
    if len(notes) <= MAX_NOTES:
        return list(notes)
    asked = by_meaning(question, notes, embed, own)
    if asked is None:
        return list(notes[-MAX_NOTES:])
    keep = sorted(sorted(range(len(notes)), key=lambda k: -asked[0][k])[:MAX_NOTES])
    return [notes[k] for k in keep]


def confirm(question: str, evidence: Optional[Evidence], candidates: Sequence[Candidate], llm, embed: Optional[Embed],
            own: str = "", user: str = "") -> Optional[Evidence]:
    """`evidence` looked at again (`_confirm`), its closest note only where it speaks of whom a
    name is asked of (milo.chat.evidence.closest_of_theirs), an older note said beside the
    correction that only it completes as find says it (evidence.older_kept: "What is my job?"
    drafted "You are a dentist in Kyiv." was answered with 'Sorry, I meant Kyiv, not Lviv.' alone);
    and find's other checks of what is asked against what the note says (of_whom, once_not_habit,
    another_day)."""
    # (a bare "what do I do?" asks their work, as find reads it: drafted as is, it was advice,
    # "You can help out by helping Hana decorate her flowers...", dec161)
    question = as_asked(question, own)
    return corrected_closest(lacks_asked(question, another_day(question, once_not_habit(question, of_whom(question, closest_of_theirs(question, older_kept(
        _confirm(question, evidence, candidates, llm, embed, own, user), question)))))), candidates, own, question)


def _confirm(question: str, evidence: Optional[Evidence], candidates: Sequence[Candidate], llm, embed: Optional[Embed],
             own: str = "", user: str = "") -> Optional[Evidence]:
    """`evidence` (find's) looked at again where it is not sure (see `needed`): the note the
    model's draft answer restates, when find found none; find's note kept when the draft
    restates it, else only said as the closest ("I'm not sure..."). `llm`: a LangChain chat
    model taking a llama.cpp grammar (extra_body)."""
    if not needed(question, evidence, own) or embed is None or llm is None:
        return evidence
    notes = closest_notes(question, own_notes(candidates, own, user), embed, own)
    if not notes:
        return evidence
    try:
        # Who is asked: the answer is someone, its subject free ("who teaches me", held to "You ...",
        # drafted "You teach me by playing the first Bach suite together.").
        draft = draft_answer(question, notes, llm, asks_about_user(question, own) and not asks_who(question), own)
    except Exception as e:  # noqa: BLE001 - only a second look: find's answer stands
        log.info("draft answer skipped (%s: %s)", type(e).__name__, e)
        return evidence
    told = "\n".join(to_you(c.text, own) for c in notes)  # as request() gave them
    draft = respelt(draft, told, question)
    role = asks_by_role(question)  # a name asked of a teacher, a boss: given beside the role (names_from)
    elsewhere = False  # which one is asked, and the draft's words are another note's than find's
    if evidence is not None and invents_which(question, draft, told):
        # Which one is asked, and the draft says it with words no note has ("You work at the
        # Hospital General de Valencia.", dec57): not told; find's note is only the closest.
        closest = evidence.closest if not evidence.answered else Candidate(evidence.choice, evidence.note)
        return Evidence(NONE, own=own, closest=closest)
    if evidence is not None and evidence.answered and evidence.unsure and asks_job(question) and restates_role(draft, evidence.note):
        # Their work, and the draft says what find's note says they are: "what do i do for a
        # living" drafted "You are a primary school teacher teaching Year Three students in
        # Cardiff." of 'i'm a primary school teacher' (its other words another note's: "not sure",
        # dec185)
        return evidence
    if evidence is not None and evidence.answered and evidence.unsure and which_thing(question):
        if names_from(draft, evidence.note, question, own, user):
            # Which one, said by a name find's note has ("Which composer is Omar practising?" drafted
            # "Omar is practicing Vivaldi." of 'He's been practising a Vivaldi piece for weeks.', dec57).
            return evidence
        if not says_which(question, evidence):
            # find's note names none beside the thing (`evidence.find`): kept where the draft says
            # nothing that neither the question nor the notes has ("What instrument am I learning?"
            # drafted "You are learning the erhu." of '...learning to play the erhu'), else it is only
            # the closest ("what breed is rex" drafted "Rex is a Border Collie.", dec60).
            if says_beyond(draft, question, told):
                return Evidence(NONE, own=own, closest=Candidate(evidence.choice, evidence.note))
            if not says_beyond(draft, question, _with_what_it_is(evidence, notes, own)):
                return evidence
            # (the draft's words are another note's: "what instrument do I play" drafted "You play
            # the oboe." of 'I play the oboe in a community orchestra', find's note 'we're playing
            # Dvořák' by its word, dec127: that note answers where the draft surely restates it)
            elsewhere = True
    if (evidence is not None and evidence.lacks == "name" and evidence.closest is not None
            and names_from(draft, evidence.closest.text, question, own, user, kin=True, roles=role)):
        # find's note is on the one asked about but shows no name with a capital (speech to
        # text: 'my wife lena is a dentist'); the draft gives a name that note has: it answers.
        return Evidence(evidence.closest.key, evidence.closest.text, own=own)
    drafted = restated(question, draft, notes, embed, own, user,
                       agrees=evidence.choice if evidence is not None and evidence.answered else "",
                       point=lambda d: point_at(d, notes, llm, own))
    if (asks_measure(question) and drafted is not None and drafted.answered
            and not gives_measure(question, draft, drafted.note)):
        # A number asked, and the draft's is not its note's: "How much do I earn?" drafted "You
        # earn $12 per hour for your night shift at Mr. Brown's bakery." (0.78 from the job's
        # note): the note is only the closest.
        drafted = Evidence(NONE, own=own, closest=Candidate(drafted.choice, drafted.note))
    if (drafted is not None and drafted.answered and (evidence is None or not evidence.answered or evidence.unsure)
            and which_thing(question) and new_figures(draft, question + " " + told)):
        # Which one, and the draft's is a figure no note gives: "what grade did i get" drafted "You
        # got an A for your horse anatomy exam." of '...exam on horse anatomy is next Friday.'
        # (dec116, said as told): the note is only the closest.
        drafted = Evidence(NONE, own=own, closest=Candidate(drafted.choice, drafted.note))
    if drafted is not None and drafted.answered and not _says_what(question, draft):
        # What is done, and the draft goes on from the verb to where or when: "What will Nasrin
        # study?" drafted "Nasrin will study at university in the autumn." (0.79 from 'our
        # daughter Nasrin starts university in the autumn', dec108): the note is only the closest.
        drafted = Evidence(NONE, own=own, closest=Candidate(drafted.choice, drafted.note))
    if evidence is not None and evidence.lacks == "what":
        # What is done, and find's note has not the verb ("what does karim cook" / 'my husband
        # karim makes the best lentil soup'; "What are we singing at the concert?" / 'We have a
        # concert on Sunday evening.', dec80, said as the answer): a note answers where the draft
        # restates it adding nothing that neither it nor the question has ("You are singing hymns
        # at the concert." adds the hymns).
        return drafted if drafted is not None and drafted.answered and not says_beyond(draft, question, told) else evidence
    if evidence is not None and evidence.lacks == "where":
        # Where, and find's note says no place: another note answers where the draft says its place;
        # where the draft is only close to it, that note is the closest, not find's placeless one
        # ("where are my hives" drafted "You have your hives located in the hills near Olomouc.",
        # 0.59 from 'I'm a beekeeper in the hills near Olomouc.': the closest had been 'I harvested
        # forty kilos of honey this summer', dec139)
        note = None if drafted is None else drafted.note if drafted.answered else drafted.closest.text if drafted.closest else None
        if note is not None and gives_place(draft, note):
            return drafted
        # ...or the one note that has the draft's place, said as the closest ("where are my hives"
        # drafted "Your hives are located on your allotment.", closest to 'i've got four hives now':
        # 'i keep bees on my allotment' has it, dec207)
        placed = [c for c in notes if gives_place(draft, to_you(c.text, own))]
        return Evidence(NONE, own=own, closest=placed[0]) if len(placed) == 1 else evidence
    if evidence is not None and evidence.lacks in ("number", "size"):
        # A number or size asked that find's note lacks: another note answers only where it gives
        # the one the draft gives ("how high is the treehouse" / 'its about three metres off the
        # ground', which shares no word with it); else find's closest stands.
        # (surely, or as the closest: "The treehouse is 3 meters tall." is 0.52 from that note)
        note = None if drafted is None else drafted.note if drafted.answered else drafted.closest.text if drafted.closest else None
        return drafted if note is not None and gives_measure(question, draft, note) else evidence
    if drafted is not None and drafted.answered and (
            # A name asked, none in find's note: the draft answers only with a name its note has;
            # of someone of their life who is no kin (a teacher, a boss), beside that role
            # ("whats my choir teacher called" drafted "You are the choir teacher of your
            # university in Amman." of 'i sing in a choir at my university in amman', dec75, and
            # was said as told). (Kin may be named otherwise: 'My twins, Ana and Radu, ...'.)
            (evidence is not None and evidence.lacks == "name"
             and not names_from(draft, drafted.note, question, own, user, kin=role, roles=role))
            # Who asked, and the note the draft restates names no one: "Who conducts the orchestra?"
            # (dec38, held out) was answered "You told me you play the cello in a youth orchestra."
            # (whom it is for: only a note that says "for" someone, whatever name the draft gives:
            # "who do i deliver for" was answered with the van's name, 'i call it ghost', dec293)
            or (names_no_one(question, drafted.note, own, user)
                and (asks_for_whom(question) or not (names_from(draft, drafted.note, question, own, user, opener=True)
                         # (a thing's name is no one: "Who leads the group?" drafted "Your group is
                         # called Kaze." of 'Our group is called Kaze.', dec81, said as told)
                         and not names_only_things(draft, question, own, user)
                         # (nor a place's: "who teaches the class" drafted "The class is taught by
                         # someone at the Arts Centre.", dec145, said as told)
                         and not names_only_places(draft, question, own, user))))):
        drafted = Evidence(NONE, own=own, closest=Candidate(drafted.choice, drafted.note))
    if (evidence is not None and evidence.answered and (drafted is None or not drafted.answered)
            and same_when(question, draft, evidence.told())):
        # When is asked, and the draft gives the day find's note gives ("When is Ffion's concert?"
        # drafted "...on Saturday evening at the town hall.", 0.65 from the older note it mixed
        # with 'the concert moved to Saturday', the note find chose): that note answers. Also
        # where the draft restates no one note: "when will it be finished" drafted "The current
        # organ in Kraków is expected to be completed by Easter." of three notes, find's 'it should
        # be finished by Easter' among them, was "not sure" (dec279).
        return evidence
    if (evidence is not None and evidence.answered and evidence.unsure and asks_measure(question)
            and gives_measure(question, draft, evidence.told())):
        # ...or a number, that find's note gives: "How old am I?" drafted "You are 35 years old."
        # of "I'm learning to ride a bike at 35!" (0.40 from it: said as only the closest, dec65)
        return evidence
    if elsewhere and drafted is not None and drafted.answered and not says_beyond(draft, question, to_you(drafted.note, own)):
        return drafted
    if elsewhere:
        # ...or the one note that has every word the draft says beyond find's, where the draft mixed
        # two notes ("what wood am i using" drafted "You are using cedar strips for your wooden
        # canoe." of the canoe's note and 'it's five metres long and made of cedar strips', dec147).
        extra = says_beyond(draft, question, to_you(evidence.note, own))
        having = [c for c in notes if extra and not extra & says_beyond(draft, question, to_you(c.text, own))]
        if len(having) == 1:
            # (only as the closest where the draft does not say which: "what cake am i making"
            # drafted "You are making a new cake for Christmas." of 'my boss Thierry wants me to
            # try a new cake for Christmas' was said as told, dec282)
            if unnamed(question, draft):
                return Evidence(NONE, own=own, closest=having[0])
            return Evidence(having[0].key, having[0].text, own=own)
        # ...or the one note that has the word the draft puts right after the verb asked, where it
        # names a thing ("what position do i play" drafted "You play as a wicketkeeper for Mumbai's
        # women's cricket team." of 'i'm the wicket keeper' and the team's note: "not sure", dec257)
        slot = _slot_note(question, draft, notes, own)
        if slot is not None and not unnamed(question, draft):
            return Evidence(slot.key, slot.text, own=own)
    restates = None if drafted is None else Candidate(drafted.choice, drafted.note) if drafted.answered else drafted.closest
    if (evidence is not None and evidence.answered and evidence.unsure and restates is not None
            and _said_of_them(question, draft, evidence, restates, notes, own)):
        # (said after find's note, which names who "she" is)
        return Evidence(evidence.choice, evidence.note, (restates,), False, own=own)
    # (by position: this conversation's messages share one key)
    if drafted is not None and drafted.answered and any(who_named(question, draft, notes, k, own, user)
                                                        for k, c in enumerate(notes) if c.key == drafted.choice):
        return drafted  # a name the note alone has: beside it, find's note by words is only a guess
    if (evidence is not None and evidence.answered and evidence.unsure and not evidence.newer
            and _subject_of(question, draft, evidence, notes, own)):
        return evidence
    return decide(evidence, drafted, question)


# "What sells best?", "what grows there": the thing asked is the verb's subject (English word order).
_WHAT_DOES = re.compile(r"^\W*what\s+(?P<verb>(?!(?:is|are|was|were|do|does|did|will|would|can|could|has|have|had|kind|sort|type)(?!\w))[^\W\d_]+)",
                        re.IGNORECASE)


def _subject_of(question: str, draft: str, evidence: Evidence, notes: Sequence[Candidate], own: str) -> bool:
    """Whether the question asks what does something and the draft's subject (its words before
    that verb) is said by find's note alone: "what sells best" drafted "Ras el Hanout sells best
    among the spices sold at the market in Marrakech." of 'my best seller is ras el hanout' (its
    other words another note's: "not sure", dec280)."""
    from milo.memory.index import terms

    m = _WHAT_DOES.match(question)
    if m is None:
        return False
    verb = set(terms(m["verb"]))
    words = re.findall(r"[^\W\d_]+", draft)
    at = next((i for i, w in enumerate(words) if set(terms(w)) & verb), None)
    subject = set(terms(" ".join(words[:at]))) - set(terms(question)) if at else set()
    others = set(terms(" ".join(to_you(c.text, own) for c in notes if c.key != evidence.choice)))
    return bool(subject) and subject <= set(terms(to_you(evidence.note, own))) and not subject & others


def _slot_note(question: str, draft: str, notes: Sequence[Candidate], own: str) -> Optional[Candidate]:
    """The one note that has the first word the draft says after the question's verb (past "as",
    "a", "the"...), where that word is no name: what the draft answers with (English word order)."""
    from milo.memory.index import terms

    asked = set(terms(question)) - which_thing(question)
    words = re.findall(r"[^\W\d_]+(?:['\u2019][^\W\d_]+)?", draft)
    at = next((i for i, w in enumerate(words) if set(terms(w)) & asked), None)
    after = [w for w in words[at + 1:at + 5] if terms(w) and not set(terms(w)) & asked] if at is not None else []
    if not after or after[0][0].isupper():
        return None
    word = set(terms(after[0]))
    having = [c for c in notes if word & told_terms(to_you(c.text, own))]
    return having[0] if len(having) == 1 else None


def _with_what_it_is(evidence: Evidence, notes: Sequence[Candidate], own: str) -> str:
    """find's note in the user's person, and where it opens with "it" or "he", "she", "they", the
    two notes before it, which say who or what that is: "what wood is it made of" drafted "The boat
    is made of oak." of "It's nine metres long and made of oak." after 'i build wooden boats in
    bergen' and 'the one i'm building now is for a fisherman...' (dec280) restates that note; its
    "boat" is the "it"."""
    note = to_you(evidence.note, own)
    at = next((i for i, c in enumerate(notes) if c.key == evidence.choice), None)
    if at and opens_with_pronoun(own_words(evidence.note) or evidence.note):
        return " ".join([note] + [to_you(c.text, own) for c in notes[max(0, at - 2):at]])
    return note


def _said_of_them(question: str, draft: str, evidence: Evidence, drafted: Candidate, notes: Sequence[Candidate],
                  own: str = "") -> bool:
    """Whether the draft restates a later note that says "she" or "he" of the one find's note names,
    in the note's words and the question's alone: "what was my grandmother's job" / 'my grandmother
    turns ninety next week', then 'she was a midwife for forty years' (drafted "Your grandmother
    was a midwife for forty years.", dec159: "not sure", the birthday the closest)."""
    keys = [c.key for c in notes]
    if evidence.choice not in keys or drafted.key not in keys or keys.index(drafted.key) <= keys.index(evidence.choice):
        return False
    said = to_you(drafted.text, own)
    if not opens_with_pronoun(said, it=False) or says_beyond(draft, question, said):
        return False
    # (the one asked of is who the pronoun can be: not "Your brother was a midwife." of 'she was...')
    pronoun = said.split()[0].casefold().split("'")[0]
    asked = set(re.findall(r"[^\W\d_]+", question.casefold()))
    return not (pronoun == "she" and asked & _HE or pronoun == "he" and asked & _SHE)


# Kin named as a man or a woman (English; a closed, lexical class).
_HE = frozenset("brother father dad husband son uncle grandfather grandpa grandad nephew boyfriend stepfather".split())
_SHE = frozenset("sister mother mum mom wife daughter aunt grandmother grandma gran granny niece girlfriend stepmother".split())


# "What will X study?": what is done, asked of a verb (English: the draft is English under its grammar)
_WHAT_DONE = re.compile(r"^\W*what\s+(?:do|does|did|will|would|am|is|are|was|were|have|has|had)\s+"
                        r"(?:my\s+|our\s+|the\s+)?[^\W\d_]+\s+([^\W\d_]+)\W*$", re.IGNORECASE)


def respelt(draft: str, told: str, question: str = "") -> str:
    """`draft` with a name the notes spell otherwise spelt as they do: "Rollo is scared of
    thunder." of 'my dog rolo is...' (speech to text's spelling) was 0.53 from that note in
    meaning, "Rolo is scared of thunder." 0.72, and it was said only as the closest (dec120).
    Not a name the question spells so (the one asked about)."""
    known = {w.casefold() for w in re.findall(r"[^\W\d_]+", told)}
    asked = {w.casefold() for w in re.findall(r"[^\W\d_]+", question)}

    def one(m: re.Match) -> str:
        w = m.group(0)
        k = None if w.casefold() in known or w.casefold() in asked else spelt_otherwise(w.casefold(), known)
        # ...and the one asked about, whatever letter slipped ("where does karim live" drafted "Karin
        # lives in London.", "Karmi's restaurant...": only the closest, dec164)
        k = k or next((a for a in sorted(asked & known) if _slipped(w.casefold(), a)), None)
        return w if k is None else k[:1].upper() + k[1:]

    return re.sub(r"(?<!^)(?<![.!?]\s)\b[A-Z][^\W\d_]{3,}\b|^[A-Z][^\W\d_]{3,}\b", one, draft)


def _slipped(word: str, name: str) -> bool:
    """Whether `word` is `name` (four letters or more) with one letter changed or two side by side swapped."""
    if len(word) != len(name) or len(name) < 4 or word == name:
        return False
    diff = [i for i, (a, b) in enumerate(zip(word, name)) if a != b]
    return len(diff) == 1 or (len(diff) == 2 and diff[1] == diff[0] + 1 and word[diff[0]] == name[diff[1]] and word[diff[1]] == name[diff[0]])


# A figure: a number, or a letter standing alone after a word ("an A", "a B+"; not "I").
_FIGURE = re.compile(r"\d+(?:[.,]\d+)?|(?<=\w\s)(?!I\b)[A-Z][+-]?(?!\w)")


def new_figures(draft: str, known: str) -> set[str]:
    """The figures `draft` says that `known` (the question and the notes) does not."""
    have = {f.casefold() for f in _FIGURE.findall(known)}
    return {f for f in _FIGURE.findall(draft) if f.casefold() not in have}


def _says_what(question: str, draft: str) -> bool:
    """False where `question` asks what is done ("What will Nasrin study?") and the draft has that
    verb followed by no thing ("...will study at university"); True otherwise (as before)."""
    from milo.memory.index import terms

    m = _WHAT_DONE.match(question.replace("\u2019", "'"))
    verb = set(terms(m.group(1))) if m else set()
    if not verb:
        return True
    words = re.findall(r"[^\W\d_]+", draft)
    for i, w in enumerate(words):
        if set(terms(w)) & verb:
            after = words[i + 1].casefold() if i + 1 < len(words) else ""
            return bool(after) and after not in NOT_WHAT
    return True


def draft_answer(question: str, notes: Sequence[Candidate], llm, about_user: bool = True, own: str = "") -> str:
    """The model's one-clause answer ("You ..." about the user), from `notes` alone."""
    # Its own time limit (the client's is the whole answer's): a draft not back by then is skipped.
    grammar = DRAFT_GBNF if about_user else OTHER_GBNF
    bound = llm.bind(max_tokens=48, temperature=0, timeout=DRAFT_TIMEOUT, extra_body={"grammar": grammar})
    return bound.invoke(request(question, notes, about_user, own)).text.strip()


def needed(question: str, evidence: Optional[Evidence], own: str = "") -> bool:
    """Whether find's answer is looked at again: nothing found for sure (not for their own name:
    the name note's, or not told), or a note named by meaning alone and not by much
    ("Where did I go on holiday last year?" named 'I run a small bakery...', 0.35); or a "How
    do I ...?" read as asking for advice ("How do I make a living?": the model gave advice)."""
    if evidence is None:
        # Or about them and theirs where nothing told was found ("who helped us" / 'a ranger called
        # sandra showed us where to put the tent': left to the model, it said "I was helping them
        # set up their campsite."): a note only when the draft surely restates one, else the model.
        return asks_how_i(question) or (asks_about_them(question, own) and not asks_about_user(question, own))
    if evidence.summary:
        return False  # a reply fixed whole (what they told as a whole; a request to forget)
    if evidence.lacks in ("which", "asked", "when"):
        return False  # seen in the note's words: the draft would only restate it
    if evidence.lacks == "where":
        # ...but another note may say where, sharing no word with the question ("Where do I work?"
        # / 'I'm a lifeguard at a beach in Porto.', 0.29 in meaning, beside 'My shift starts at
        # nine and I work weekends.', dec63): where a draft's place is that note's (`confirm`).
        return True
    return asks_beyond_name(question, own) if not evidence.answered else evidence.unsure


def decide(evidence: Optional[Evidence], drafted: Optional[Evidence], question: str = "") -> Optional[Evidence]:
    """find's `evidence` and what the draft restates (`restated`: a note surely, a note as the
    closest, or None) -> what answers. No evidence (advice asked, perhaps): a note only when
    sure, else the model answers as before ("How do I boil an egg?")."""
    if evidence is None:
        return drafted if drafted is not None and drafted.answered else None
    if not evidence.answered:
        return drafted if drafted is not None else evidence
    if drafted is not None and drafted.answered and drafted.choice in {evidence.choice, *(c.key for c in evidence.newer)}:
        return evidence  # the note, or the newer one on the same thing beside it
    if (drafted is not None and drafted.answered and evidence.unsure and not evidence.newer
            and not asks_about_user(question, evidence.own)):
        # A question about someone named, not about the user: find named a note by meaning alone,
        # not by much, where a name in common weighs much in MiniLM ("what is wrong with pickle"
        # named 'pickle is eating again'), and the draft surely restates another ("Pickle has a
        # kidney problem...", 0.83 from 'my cat pickle has been sick, the vet said she has a
        # kidney problem', dec42). Not about the user: "what is my occupation" drafted "...teach
        # maths" from 'my wife astrid teaches maths' (dec4).
        return drafted
    if (drafted is not None and drafted.closest is not None and drafted.closest.key == evidence.choice
            and asks_when_or_how_many(question) and says_what_is_asked(question, evidence.note)):
        # Both close to the same note, which holds the when or number asked: "When is the wedding?"
        # named 'My fiancée Adaeze and I are getting married in August.' by meaning, and the draft
        # "The wedding will take place on August 15th." (its day invented) was 0.61 from it.
        return evidence
    if (drafted is not None and drafted.closest is not None and drafted.closest.key == evidence.choice
            and on_the_day_told(question, evidence.note)):
        # ...or what was on a day, and find's note is of that day: "what happened on saturday" / 'we
        # lost on saturday by 4 runs', drafted "On Saturday morning at your local cricket club's
        # under-10s match against another team (presumably losing...", dec171: "not sure")
        return evidence
    # Only close is not enough: on a lived-in memory "What's my sister called?" named 'My brother
    # Joris is a firefighter.' by meaning, and the draft "Your sister is Joris." was 0.60 from it.
    # The draft says another thing, or nothing told: find's note is only the closest.
    return evidence.only_closest()


def who_named(question: str, draft: str, notes: Sequence[Candidate], j: int, own: str = "", user: str = "") -> bool:
    """Who (or a name) is asked, and the draft gives a name that notes[j] alone has, or alone gives
    as theirs: that note answers ("who leads the choir" drafted "The conductor of the choir is Mr
    Tanaka.", 0.74 from 'the conductor is an old man called mr tanaka'; "leads" and "conductor"
    are far apart for MiniLM), even where find named another by its words ('i just joined a choir
    at the library'). A name asked of someone of theirs stands beside that relation in the note
    ("Who is my best friend?" is not answered by 'my neighbour Ana waters my plants'). "What's my
    dog called?" drafted "You adopted a greyhound named Biscuit from a shelter last month." (0.81
    from the adoption note, 0.46 from 'He is named Biscuit and is grey...', where the name is
    given; 'I said grey, but Biscuit is actually brindle.' only mentions it)."""
    def gives(k: int, **kin) -> bool:
        return names_from(draft, _after_greeting(notes[k].text, own), question, own, user, opener=True, **kin)

    def gives_as_theirs(k: int) -> bool:
        return introduces(draft, _after_greeting(notes[k].text, own), question, own, user)

    if not asks_a_name(question) or not gives(j, kin=True, roles=True):
        return False
    # (the others by the same test: "Who is her coach?" drafted "Zofia's coach is Marek.", and
    # 'My daughter Zofia starts swimming lessons' gives a name, not the coach's)
    others = [k for k in range(len(notes)) if k != j and gives(k, kin=True, roles=True)]
    return not others or (gives_as_theirs(j) and not any(gives_as_theirs(k) for k in others))


def _lends(other: str, note: str, draft: str) -> bool:
    """Whether `draft` has a word of `other` that `note` lacks (by their first four letters:
    "farmer" / 'farm')."""
    from milo.memory.index import terms

    def heads(text: str) -> set[str]:
        return {t[:4] for t in terms(own_words(text) or text)}

    return bool(heads(draft) & (heads(other) - heads(note)))


def _within(question: str, draft: str, note: str, own: str = "") -> bool:
    """Whether the note has every word of the question and of the draft, and the draft a word of
    the note's beyond the question's: the draft says that note and only it ("what does trueno
    hate" drafted "Trueno hates the rain." of 'my horse trueno is twelve and he hates the rain',
    0.67 from it, dec125: said as only the closest). Not where the note lacks a word asked ("what
    does trueno love": the same draft would say the note, not what was asked)."""
    from milo.memory.index import terms

    words = set(terms(_after_greeting(note, own)))
    asked, drafted = asked_terms(question, own), set(terms(draft))
    return bool(asked) and asked <= words and drafted <= words | asked and bool(drafted - asked)


def _continues(note: str, own: str = "") -> bool:
    """Whether the user's words in `note` open with "she", "he" or "they" (someone the note before
    named; not "it": 'It hides under the sofa' stays a note of its own)."""
    return opens_with_pronoun(_after_greeting(note, own), it=False)


COGNATE = 5  # letters two words share first to be one word in two languages ("guitar", "guitarra")


def _cognate(draft: str, question: str, note: str) -> bool:
    """Whether a word of `draft` of COGNATE letters or more, not in the question nor a stop word,
    opens a word of `note`."""
    from milo.memory.grounding import STOP

    asked = {bare(w)[:COGNATE] for w in re.findall(r"[^\W\d_]+", question)}
    drafted = {bare(w)[:COGNATE] for w in re.findall(r"[^\W\d_]+", draft)
               if len(w) >= COGNATE and w.casefold() not in STOP} - asked
    return bool(drafted & {bare(w)[:COGNATE] for w in re.findall(r"[^\W\d_]+", note) if len(w) >= COGNATE})


def _after_greeting(note: str, own: str) -> str:
    """The user's words of `note` without the greeting and name they open with ("Bonsoir!
    Hélène here. I'm training..." was drafted "Your coach is named Bonsoir.")."""
    from milo.memory.names import after_name

    return after_name(own_words(note) or note, own)


def restated(question: str, draft: str, notes: Sequence[Candidate], embed: Embed, own: str = "",
              user: str = "", agrees: str = "", point: Optional[Callable[[str], Optional[int]]] = None) -> Optional[Evidence]:
    """The note `draft` restates, as Evidence: surely (with a newer note on the same thing), or
    as the closest (Evidence.closest); None when it restates none. `agrees`: the key of the note
    find chose, if any. `point`: the model's pick of the note a draft comes from (`point_at`),
    asked only where a note is in another language and nothing else matched."""
    said = by_meaning(draft, notes, embed, own, finer=True) if draft else None
    asked = by_meaning(question, notes, embed, own)
    if said is None or asked is None:
        return None
    j = max(range(len(notes)), key=lambda k: (said[0][k], k))
    log.info("draft answer %r: closest note %s (%.2f; the question %.2f)", draft, notes[j].key, said[0][j], asked[0][j])
    # The note that gives the name asked, as the draft gives it (a name is lexical), or the colour
    # asked ("What colour is my cat?" drafted "You adopted a rescue cat named Luna who is
    # completely black.", 0.73 from 'She's called Luna and she's completely black.'): it answers
    # when the draft is close to it too, else it is said as the closest.
    # (a colour is a weaker sign than a name: "Your car is black." was 0.49 from 'My cat Luna is
    # completely black.')
    given, bar, floor = [k for k in range(len(notes)) if who_named(question, draft, notes, k, own, user)], DRAFT_SAME, DRAFT_OTHER
    if not given and agrees and asks_where(question) and not asks_a_name(question):
        # A place is a name too: "Where am I travelling to?" drafted "You are traveling to
        # Norway." (0.65 from 'we're going to Norway instead, same dates.', dec42), a name that
        # note alone has, the note find chose too (not "where did i grow up" drafted "You grew up
        # in Otago." from 'i look after the sheep on my uncles farm in otago', find's another).
        placed = [k for k in range(len(notes)) if names_from(draft, _after_greeting(notes[k].text, own), question, own, user, opener=True)]
        given = [k for k in placed if notes[k].key == agrees] if len(placed) == 1 else []
    if not given:
        words = [own_words(c.text) or c.text for c in notes]
        given, bar, floor = ([k for k, w in enumerate(words) if gives_colour(question, draft, w) or gives_measure(question, draft, w)],
                             DRAFT_AGREES, DRAFT_SAME)
    if len(given) == 1 and asked[0][given[0]] >= QUESTION_FLOOR and said[0][given[0]] >= floor:
        k = given[0]
        if notes[k].key == agrees and bar == DRAFT_AGREES:
            # find chose that note too, and the colour or number the draft gives is its own: two
            # ways to the same note ("what colour is the scarf" drafted "The scarf is blue.", 0.69
            # from 'she is making a scarf for her grandpa, a blue one': dec49).
            bar = floor
        if said[0][k] >= bar:
            return Evidence(notes[k].key, part_of(notes[k], said[2][k]).text, own=own)
        return Evidence(NONE, own=own, closest=part_of(notes[k], said[2][k]))
    if said[0][j] < DRAFT_SAME:
        # Not close in meaning, but a name the draft gives is in one note alone: in another
        # language MiniLM reads words, not meaning ("what is my dog called" / 'mein hund heißt
        # bruno', the draft "You have a dog named Bruno." 0.47): said as the closest, not sure.
        named = [k for k in range(len(notes)) if names_from(draft, _after_greeting(notes[k].text, own), question, own, user)]
        if len(named) == 1 and asked[0][named[0]] >= QUESTION_FLOOR:
            return Evidence(NONE, own=own, closest=part_of(notes[named[0]], said[2][named[0]]))
        # ...or a word of the draft, not the question's, that one note alone has, in any language
        # by its first letters ("What instrument am I learning?" drafted "You are learning to play
        # the guitar." of 'Estoy aprendiendo a tocar la guitarra.', 0.30 from the teacher's note
        # and less from it, dec41): that note, as the closest, never surely.
        shared = [k for k in range(len(notes)) if _cognate(draft, question, _after_greeting(notes[k].text, own))]
        if len(shared) == 1:
            return Evidence(NONE, own=own, closest=notes[shared[0]])
        # ...or the note the model says the draft comes from, where that note is in another
        # language (POINT_SYSTEM), and the draft says something ("You do not have any pets." is
        # no answer to point from).
        foreign = [k for k in range(len(notes)) if in_another_language(_after_greeting(notes[k].text, own))]
        if point is not None and foreign and not _DENIES.search(draft):
            k = point(draft)
            if k in foreign:
                log.info("draft answer %r: the model points at note %s, in another language", draft, notes[k].key)
                return Evidence(NONE, own=own, closest=notes[k])
        return None
    if asked[0][j] < QUESTION_FLOOR and not in_another_language(_after_greeting(notes[j].text, own)):
        # (a note in another language is far from an English question whatever it says: "Where
        # do I work?" is 0.07 from 'je suis infirmière à Marseille', its draft 0.66, dec98)
        return None
    if unnamed(question, draft):
        # "Which school does Ada go to?" drafted "Ada goes to a local high school where she can learn
        # coding." (0.83 from 'My niece Ada is learning to code.'): which one, the draft does not know.
        return Evidence(NONE, own=own, closest=part_of(notes[j], said[2][j]))
    # Another note close to the draft: two facts mixed, unless the draft all but repeats its note
    # ("The cricket final was moved to Sunday." was 0.98 from its note, 0.46 from 'i coach a
    # girls cricket team on saturdays').
    # A note on the same thing as the one restated ("It rained most days but we saw marmots!" beside
    # 'I just got back from a hiking trip in the Dolomites with my sister Astrid.', 0.31 apart) is
    # as close to a draft of it (0.32) as to the note itself: no second fact in the draft. Mixed
    # in is a note the draft is closer to than its own note is (the farm note: 0.36 from the
    # netball draft, 0.16 from the netball note).
    # And a note mixed in gives the draft a word its own note lacks: a name in common weighs much
    # in MiniLM ("Pickle has a kidney problem..." was 0.67 from 'pickle is eating again', 0.53
    # between the notes; it took nothing of it, dec42).
    # Nor the note right before one that opens with "she", "he" or "they": who that is, which the
    # draft named ("who is freya knitting for" drafted "Freya is knitting a blue scarf for her
    # grandfather." of 'she is making a scarf for her grandpa' after '...my daughter freya is
    # learning to knit', dec49).
    continues = j > 0 and _continues(notes[j].text, own)
    mixers = [k for k in range(len(notes))
              if k != j and said[0][k] >= DRAFT_OTHER and said[0][k] - said[1][j][k] >= DRAFT_MIXED_BY
              and _lends(notes[k].text, notes[j].text, draft) and not (continues and k == j - 1)]
    # A newer note that corrects the one restated is no second fact either, it is the newer word
    # ("Small correction: it was my cousin Astrid, not my sister." and the draft "You went on a
    # hiking trip with your cousin Astrid."): said with it, as find says a change.
    corrected = bool(mixers) and all(k > j and changes(notes[k].text) for k in mixers)
    other = 0.0 if corrected else max((said[0][k] for k in mixers), default=0.0)
    # Another fact near is not mixed in when find chose this very note (`agrees`): two ways to
    # the same note ("Where does she hide?" / 'She hides under the sofa all day.', the draft "Luna
    # hides under the sofa all day." near 'She's called Luna...' for the name it gives).
    # So sure is a little less sure then: "what do i do for a living" / 'i work night shifts as a
    # paramedic', find's by meaning, drafted "You work as a paramedic." (0.74).
    agreed = notes[j].key == agrees
    mixed = other >= DRAFT_OTHER and said[0][j] < DRAFT_VERBATIM and not agreed
    close = said[0][j]
    if continues and close < DRAFT_SURE:
        # A note that opens with "she" is read with the one before it, which says who she is: the
        # draft names her (0.75 from both, 0.75 from 'she is making a scarf...' alone).
        both = Candidate(notes[j].key, f"{_after_greeting(notes[j - 1].text, own)} {_after_greeting(notes[j].text, own)}")
        read = by_meaning(draft, [both], embed, own)
        close = max(close, read[0][0]) if read is not None else close
    if (close < (DRAFT_AGREES if agreed else DRAFT_SURE) or mixed) and not (agreed and close >= DRAFT_SAME
                                                                           and _within(question, draft, notes[j].text, own)):
        return Evidence(NONE, own=own, closest=part_of(notes[j], said[2][j]))
    later = [k for k in range(j + 1, len(notes)) if said[1][j][k] >= MEANING_SAME_THING or (corrected and k in mixers)]
    newer = (notes[later[-1]],) if later else ()
    return Evidence(notes[j].key, part_of(notes[j], said[2][j]).text, newer, bool(newer) and changes(newer[-1].text), own)


__all__ = ["DRAFT_OTHER", "DRAFT_SAME", "DRAFT_SURE", "closest_notes", "draft_answer", "QUESTION_FLOOR", "confirm", "decide", "needed", "own_notes", "request", "restated"]
