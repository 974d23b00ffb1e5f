"""Does Milo answer what the user tells it, to them? 24 statements (news, not questions), one table.

    .venv/bin/python bench/replies.py [--brain good] [--split dev|held|all|spoken|people-dev|people-held|self-dev|self-held] [--memory empty|shipped]

A companion answers "I baked bread this morning." with something to the user ("Ooh, what kind?"),
not with a note about them ("They baked bread this morning."), their words as its own ("I baked
bread this morning."), a persona sample copied whole, an "Oh!" alone, or a line of the answer
format. Each statement goes to a fresh Milo (the default persona, a console body) with an empty
memory, the shipped Living_Memory.md (what a new user has), or a memory that knows the user
(`--memory known`: their name and six things about them). Scored from the reply's text alone (as
shown, and as the model wrote it where the reply guard changed one):

  note      a note, not a reply: it opens in the third person ("They ...", "The user ...",
            "The conversation ..."), recaps ("You mentioned ..."), or opens in the first person
            with most of the user's content words
  sample    most of it is one of the persona's samples, or the example answer's reply
            (prompts/example.md), its words in order
  bare      only an interjection ("Oh!", "Wow.")
  format    a tag or field name of the answer format in it
  leak      words of the system prompt in it ("(No name yet...)", "quoted data", a heading of the file)
  refuse    a refusal to a piece of news ("I don't have any information about ...", "I can't assist")
  name      a capitalised name that is neither in the message nor the persona's (invented people)
  claims    a statement, not hedged, that opens with someone or something of theirs or with "we":
            said of them as if Milo knew them ("She was very shy before.", "We saw some wildflowers
            too."); a reaction ("She sounds lovely!") or a question is not one. Rough: a general
            statement about a thing of theirs counts too ("They're sweet and juicy." of figs)
  outing    Milo offers to do something with them in the world, which a desk robot cannot ("Maybe
            we could go for a walk or visit a nearby park together.", "we can play together at home")
  they      (--split self-dev / self-held: news of the user alone) a "he", "she" or "they" in the
            reply: the user spoken of as someone else ("Did they have any pain after the surgery?")
  ok        none of the above; "to you" counts replies that speak to the user (you / your),
            "asks" those that ask them something (a "?")

The statements were written for this bench before any run; the first 12 ("dev") may be used to
try a change, the last 12 ("held") only to report it. Not a test: sampling is at the brain's
temperature, so a run is one draw; the counts are printed, never asserted.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from milo.body import Body, ConsoleRobot  # noqa: E402
from milo.chat.models import choose_model  # noqa: E402
from milo.chat.persona import Persona  # noqa: E402
from milo.chat.turn import Milo  # noqa: E402
from milo.memory import LivingMemory  # noqa: E402
from milo.sessions import SessionMemory  # noqa: E402
from milo.sessions.store import SessionStore  # noqa: E402

DEV = [
    "I baked bread this morning.",
    "My daughter starts school next week.",
    "We're painting the kitchen yellow.",
    "I finally finished that novel about the lighthouse keeper.",
    "My back hurts from gardening all day.",
    "I adopted a kitten yesterday, she's tiny and grey.",
    "i just got home from the night shift",
    "Our neighbour's dog barked all night.",
    "I'm thinking of learning Portuguese.",
    "Tomorrow I have a job interview at the museum.",
    "My brother Tomás is visiting from Valencia.",
    "I burned the rice again.",
]
HELD = [
    "I ran my first 10k this morning!",
    "My mum is in hospital, nothing serious.",
    "we planted tomatoes on the balcony",
    "I've been fixing my old bicycle all afternoon.",
    "Léa and I are going to the cinema tonight.",
    "The printer at work jammed three times today.",
    "I just moved into a new flat near the river.",
    "My son lost his first tooth.",
    "I'm making soup for dinner.",
    "It snowed here for the first time this year.",
    "I started a pottery class on Mondays.",
    "My friend Kenji sent me a postcard from Osaka.",
]

# News of people, pets and places the user knows and Milo never met, written 2026-12-04 (thirteenth
# session) before any run, when the good brain was seen describing them ("Mr Tanaka is known for
# his warm and inspiring leadership", "She was very shy before") and claiming a part in the user's
# day ("We saw some wildflowers too."): --split people-dev may be used to try a change, people-held
# only to report it.
PEOPLE_DEV = [
    "My neighbour Rosa brought me some figs from her garden.",
    "the conductor of our choir is an old man called mr tanaka",
    "We adopted a rescue cat called Luna last weekend.",
    "I went hiking in the Dolomites with my sister Astrid.",
    "My boss Efua gave me a new project today.",
    "Our new neighbours have three noisy dogs.",
]
PEOPLE_HELD = [
    "My grandson Mateo started kindergarten today.",
    "I had lunch with my old friend Pierre from university.",
    "my daughter's teacher is called mrs okafor",
    "We went to a little fish restaurant in the harbour last night.",
    "Our parrot Kiwi learned a new word.",
    "My colleague Sunita is leaving the company.",
]

# Introductions as speech to text writes them (lower case, no stops), written 2026-12-04 when
# the good brain was seen saying such a line back as its own ("Hello! It's Kwame. I drive a bus in
# Kumasi..."): milo.chat.written and the prompt's sample order were measured on these (tuned on).
SPOKEN = [
    "hello milo its kwame i drive a bus in kumasi and i have twin girls",
    "hi milo this is björn i play the drums in a jazz band and i live in malmö",
    "hey milo im priya i work night shifts as a nurse",
    "hi milo my name is dmitri and i fix bicycles in a small shop",
    "hello milo im amara i just finished my exams and im going to visit my grandma in lagos",
    "hey its sione here i play rugby on weekends and i work at a bakery",
    "milo its rosa again i planted tomatoes today and my back hurts",
    "hi milo i am chen wei i teach piano to kids after school",
    "good morning milo im fatou i have a cat called biscuit and she is very lazy",
    "hey milo i'm leo and i'm learning to bake sourdough bread",
]

# News of the user alone (no one else, nothing plural), written 2026-12-07 (thirty-fifth session)
# before any run, when the good brain was seen speaking of the user as someone else ("Ooh, good
# news! Did they have any pain or issues after the surgery?", "What kind of work do they do?"):
# here any "he", "she" or "they" in a reply is the user, said as another ("they" below). --split
# self-dev may be used to try a change, self-held only to report it.
SELF_DEV = [
    "ines here, I work mornings at a bakery",
    "my knee surgery went fine yesterday",
    "I ran a half marathon today and I'm exhausted",
    "i just got back from a week of camping",
    "I'm learning to play the accordion",
    "hey milo, tariq here. I fix boilers for a living",
    "I cycled to work in the rain this morning",
    "my exam went badly, I'm so annoyed",
]
SELF_HELD = [
    "I passed my driving test!",
    "hello milo im yara i work as a dentist in beirut",
    "I slept for eleven hours last night",
    "I'm knitting a scarf for winter",
    "good evening, lukas here. I finally quit smoking",
    "my flight got delayed by four hours",
    "I started a new job at a bookshop today",
    "i sprained my ankle playing football",
]
_THEY = re.compile(r"(?<![\w'])(?:he|him|his|she|her|hers|they|them|their|theirs|he's|she's|they're|they've|they'll)(?![\w'])", re.IGNORECASE)

# A memory after a few days of talk (--memory known), written 2026-12-04 before any run: the
# user's name and six things about them, as Milo etches them (notes in the third person). In a
# lived-in conversation the good brain was seen answering news with such a note ("Oksana works at
# night as a baker in Lviv.") and asking back what it had just been told.
KNOWN = [
    ("Their name is Marisol; they teach chemistry at a secondary school.", "Ask how the chemistry classes are going.",
     "Chemistry! Do you ever set things on fire on purpose, Marisol?"),
    ("Marisol has a dog called Pepper who chews everything.", "Ask what Pepper chewed next.",
     "Oh no, Pepper sounds like a tiny tornado with teeth!"),
    ("They go swimming on Saturday mornings.", "Nothing in particular", "Saturday swims! Is the water cold?"),
    ("Their sister Ines lives in Porto.", "Ask when they will visit Ines.", "Porto! Do you visit Ines often?"),
    ("Marisol is learning to play the ukulele.", "Ask which song they are learning.", "A ukulele! What's the first song?"),
    ("They are saving up for a trip to Iceland next summer.", "Nothing in particular", "Iceland! Puffins and geysers!"),
]


def known_memory() -> str:
    out = []
    for i, (core, future, reply) in enumerate(KNOWN):
        out.append(f"--- [PULSE: 0{i + 1}:15 PM, November {24 + i}, 2026] ---\nCORE_UPDATE: {core}\n"
                   f"FUTURE_MESSAGE: {future}\nREPLY: {reply}\n")
    return "\n".join(out)


_WORD = re.compile(r"[^\W\d_]+(?:'[^\W\d_]+)?")
_STOP = frozenset("""a an the and or but of to in on at for from with by is are was were be been am i i'm i've
my me we we're our you your it it's this that so just all at up out new first again""".split())
_INTERJECTION = frozenset("oh ooh wow aw aww ah ha hmm yay whoa oops eek hey well oh wait yes no".split())
_FORMAT = re.compile(r"\[(?:REPLY|INTERNAL|CORE_UPDATE|FUTURE_MESSAGE|ACTION|NOTE)\]|CORE[ _-]?UPDATE|FUTURE[ _-]?MESSAGE",
                     re.IGNORECASE)
# Phrases of Milo's own prompt and of the shipped memory file, seen recited as replies.
_LEAK = re.compile(r"no name yet|not told you their name|quoted data|never instructions|memory note|living memory|"
                   r"in the given text|earlier conversations|older conversations|private thought", re.IGNORECASE)
_REFUSE = re.compile(r"(?:don't|do not) have (?:enough |any )?(?:information|context|details)|can't assist|cannot assist|"
                     r"as an ai\b", re.IGNORECASE)
_THIRD = re.compile(r"^\W*(?:they|their|the user|user|he|she|the person|the conversation|this conversation)\b"
                    r"|^\W*you (?:mentioned|said|told me)\b", re.IGNORECASE)
_FIRST = re.compile(r"^\W*(?:i|i'm|i've|we|we're|my|our)\b", re.IGNORECASE)
# A statement about someone or something of the user's, or a part Milo claims in their day: it
# opens with one of them ("She was very shy before", "Mr Tanaka is known for ...", "We saw some
# wildflowers too") and does not hedge in its first words ("She sounds lovely", "They must be").
_ABOUT_THEM = re.compile(r"^\W*(?:he|she|they|his|her|their|he's|she's|they're|they've|we|we've|we'll|we're|we'd)\b", re.IGNORECASE)
_HEDGE = re.compile(r"\b(?:sounds?|seems?|must|might|may|could|can|should|probably|maybe|perhaps|bet|hope|guess|looks?|feels?|let's)\b",
                    re.IGNORECASE)


# An offer of Milo's to do something with them in the world (rough: "we"/"let's"/"together" and a
# verb of going out or doing by hand).
_OUTING = re.compile(r"\b(?:let's|let us|we could|we can|we should|we'll|we will|maybe we|shall we|how about we|why don't we"
                     r"|together)\b[^.!?]*?\b(?:go|going|meet|visit|walk|hike|play|cook|bake|grab|explore|ride|swim|run"
                     r"|eat|join|travel|try)\b|\b(?:go|going|meet|visit|walk|hike|play|cook|bake|explore|swim|run|eat|travel)\b"
                     r"[^.!?]*?\btogether\b", re.IGNORECASE)


def _content(text: str) -> set[str]:
    return {w for w in (m.lower() for m in _WORD.findall(text)) if w not in _STOP and len(w) > 2}


def _sample_share(reply: str, samples: list[str]) -> float:
    """The largest share of the reply's words that appear, in order, in one sample."""
    words = [w.lower() for w in _WORD.findall(reply)]
    if not words:
        return 0.0
    best = 0.0
    for s in samples:
        sw = [w.lower() for w in _WORD.findall(s)]
        # longest common subsequence, words
        prev = [0] * (len(sw) + 1)
        for w in words:
            cur = [0]
            for j, x in enumerate(sw):
                cur.append(prev[j] + 1 if w == x else max(prev[j + 1], cur[j]))
            prev = cur
        best = max(best, prev[-1] / len(words))
    return best


def score(message: str, reply: str, samples: list[str], persona_name: str) -> list[str]:
    kinds = []
    r = reply.strip()
    words = [w.lower() for w in _WORD.findall(r)]
    told = _content(message)
    parts = [_content(p) for p in re.split(r"(?<=[.!?])\s+", r) if _FIRST.match(p)]
    if _THIRD.match(r) or any(len(told) >= 2 and len(told & part) >= 0.6 * len(told) for part in parts) or any(
            len(part) >= 3 and len(part & told) >= 0.8 * len(part) for part in parts):
        kinds.append("note")  # any sentence: "Hello! It's Kwame. I drive a bus in Kumasi." 
    if _sample_share(r, samples) >= 0.7:
        kinds.append("sample")
    if not words or all(w in _INTERJECTION for w in words):
        kinds.append("bare")
    if _FORMAT.search(r):
        kinds.append("format")
    if _LEAK.search(r):
        kinds.append("leak")
    if _REFUSE.search(r):
        kinds.append("refuse")
    words_in = _WORD.findall(message)
    named = ({w.lower() for w in words_in[1:] if w[0].isupper() and w != "I"}  # names as written
             | {m.lower() for m in re.findall(r"(?:called|named|mr|mrs|ms|dr)\s+([^\W\d_]+)", message, re.IGNORECASE)}
             | {"mr", "mrs", "ms", "dr"})
    for sentence in re.split(r"(?<=[.!?])\s+", r):
        first = [w.lower() for w in _WORD.findall(sentence)[:4]]
        if len(first) < 3:
            continue  # "Figs!", "Rosa!": a reaction
        opens_with_them = _ABOUT_THEM.match(sentence) or first[0] in named
        if opens_with_them and not sentence.rstrip().endswith("?") and not _HEDGE.search(" ".join(first)):
            kinds.append("claims")  # said of them as if Milo knew: "She was very shy before."
            break
    if _OUTING.search(r):
        kinds.append("outing")
    known = {w.lower() for w in _WORD.findall(message)} | {persona_name.lower()}
    names = [m.group(0) for m in re.finditer(r"(?<![.!?]\s)(?<!^)\b[A-Z][a-zà-ÿ]+\b", r)
             if m.group(0).lower() not in known and m.group(0) not in ("I", "I'm", "I've", "I'd", "I'll", "Oh", "Ooh", "Wow")]
    if names and "leak" not in kinds:
        kinds.append("name")
    if message in SELF_DEV + SELF_HELD and _THEY.search(r):
        kinds.append("they")  # news of the user alone: "he", "she", "they" is the user as another
    return kinds or ["ok"]


def report(rows: list[dict], args, field: str = "reply") -> None:
    """The table for the replies as shown; then, where a run saved them, the same replies as the
    model wrote them, before the reply guard (milo.chat.manners): its effect on the same draws."""
    if field == "reply" and any(r.get("written", r["reply"]) != r["reply"] for r in rows):
        report(rows, args, "written")
        print()
    rows = [{**r, "reply": r.get(field, r["reply"])} for r in rows]
    persona = Persona.load()
    counts: dict[str, int] = {}
    to_you = asks = 0
    for row in rows:
        kinds = score(row["message"], row["reply"], persona.samples + [persona.example.get("reply", "")], persona.name)
        for k in kinds:
            counts[k] = counts.get(k, 0) + 1
        to_you += bool(re.search(r"\byou(?:r|'re|'ve|'ll)?\b", row["reply"], re.IGNORECASE))
        asks += "?" in row["reply"]
        print(f"{','.join(kinds):12} {row['message'][:40]:40} {row['reply'][:110]}", flush=True)
    n = len(rows)
    order = ("ok", "note", "sample", "bare", "format", "leak", "refuse", "name", "claims", "outing", "they")
    seconds = [row.get("s", 0.0) for row in rows]
    print(f"\n{args.brain}, {args.memory} memory, {args.split} ({n}), {'as shown' if field == 'reply' else 'as the model wrote them'}: "
          + ", ".join(f"{k} {counts.get(k, 0)}" for k in order)
          + f"; to you {to_you}/{n}, asks {asks}/{n}; {sum(seconds) / max(n, 1):.1f} s a turn")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--brain", default="good")
    ap.add_argument("--split", choices=("dev", "held", "all", "spoken", "people-dev", "people-held", "self-dev", "self-held"), default="all")
    ap.add_argument("--memory", choices=("empty", "shipped", "known"), default="shipped",
                    help="an empty file, the shipped Living_Memory.md (what a new user has), or a user known for a few days (KNOWN)")
    ap.add_argument("--together", action="store_true",
                    help="all statements in one conversation (one Milo, the memory and the recent messages kept), not each alone")
    ap.add_argument("--rescore", help="score the replies of an earlier run's --save file instead of running")
    ap.add_argument("--save", help="write the replies to this file (JSON)")
    args = ap.parse_args()
    if args.rescore:
        return report(json.loads(Path(args.rescore).read_text()), args)
    statements = {"dev": DEV, "held": HELD, "all": DEV + HELD, "spoken": SPOKEN, "people-dev": PEOPLE_DEV,
                  "people-held": PEOPLE_HELD, "self-dev": SELF_DEV, "self-held": SELF_HELD}[args.split]
    model = choose_model(args.brain, timeout=300)
    persona = Persona.load()
    rows = []
    with tempfile.TemporaryDirectory() as d:
        path = Path(d) / "Living_Memory.md"
        milo = None
        for text in statements:
            t0 = time.perf_counter()
            if milo is None or not args.together:  # a fresh Milo and memory per statement, or one conversation
                path.write_bytes((ROOT / "Living_Memory.md").read_bytes() if args.memory == "shipped"
                                 else known_memory().encode() if args.memory == "known" else b"")
                history = SessionMemory(SessionStore(Path(d) / "sessions")) if args.together else None
                if milo is not None:
                    milo.body.close(timeout=0.1)
                milo = Milo(model, LivingMemory(path), persona, body=Body(ConsoleRobot(write=lambda s: None)), history=history)
            result = milo.turn(text)
            reply = result.reply
            rows.append({"message": text, "reply": reply, "s": round(time.perf_counter() - t0, 2),
                         "written": result.answer.reply if result.answer is not None else reply})
            print(f"  {text[:40]:40} {reply[:110]}", file=sys.stderr, flush=True)
        if milo is not None:
            milo.body.close(timeout=0.1)
    if args.save:
        Path(args.save).write_text(json.dumps(rows, ensure_ascii=False, indent=1))
    report(rows, args)


if __name__ == "__main__":
    main()
