"""How the reply to a question about the user is made, from what answers it (milo.chat.evidence).

- A note (or this conversation) answers it: the reply is "You told me" and what the note says,
  in the user's person, and nothing more (see reply_opening). Left to itself the 1.5B brain read
  the user's "I" in its notes as its own ("I play the cello...", "Milo likes ramen") in 16 of 16
  held-out questions (bench/perspective.py), and what it wrote after a fixed opening was where it
  embellished ("...he works at your family bike shop", "You were born on December 1, 1981.").
- Nothing answers it for sure but a note is close: "I'm not sure you've told me that. The
  closest I have is that" and the note in the user's person, and nothing more.
- Nothing answers it: the reply is "I don't think you've told me that yet." and a short question
  that asks for it (left to itself, the 1.5B brain answered never-told questions with an
  invention in 7 of 8 held-out ones: "Your mother is called Mary.").
- Their own name, known: "Your name is Zoë.".
- It asks nothing about the user: the reply is the model's own.

For grammar-driven brains only: the grammar holds these replies; the model writes the memory
lines after them.
"""

from __future__ import annotations

from typing import Optional

from milo.chat.evidence import NAME_NOTE, NONE, Evidence

# The whole reply, the asking sentence the model's choice: left free, its second sentence said
# what it did not know in the user's words, which reads as a claim ("...what you cooked last
# night", "What do you like to eat?" after "What's my favourite food?").
NOT_TOLD = "I don't think you've told me that yet."
NOT_SURE = "I'm not sure you've told me that."
CLOSEST = "The closest I have is that"
CLOSEST_QUOTED = "The closest I have is what you said:"
NOT_TOLD_REPLY = ('"I don\'t think you\'ve told me that yet. " ("Will you tell me?" | "I\'d love to hear about it!" '
                  '| "Want to tell me?" | "What is it?")')


def _literal(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def reply_opening(evidence: Optional[Evidence], user_name: Optional[str] = None) -> Optional[str]:
    """The whole reply (GBNF) for what answers the message, or None to leave it to the model.
    Their own name, known: "Your name is Zoë." (asked "Who am I?", the 1.5B brain recited its
    prompt: "You are Milo, a small desk robot...", "Your memory notes (your own notes...)")."""
    if evidence is None:
        return None
    if evidence.choice == NONE and evidence.closest is None and not evidence.summary:
        return NOT_TOLD_REPLY
    return _literal(fixed_reply(evidence, user_name)[0])


def fixed_reply(evidence: Optional[Evidence], user_name: Optional[str] = None) -> tuple[str, bool]:
    """What reply_opening fixes before the model writes a word: its text, and whether it is the
    whole reply. It is shown (and spoken) at once: the model, which must still process the
    notes (~5 s for the good brain on a lived-in memory), writes only what follows and the
    memory lines."""
    if evidence is None:
        return "", False
    if evidence.summary:
        return evidence.summary, True  # what they told, as a whole (milo.chat.known)
    if evidence.choice == NONE and evidence.closest is not None:
        # Not sure it answers (milo.chat.evidence.MEANING_CLOSEST): both said, nothing claimed.
        told = evidence.told()
        # (words in another language come quoted: 'is that "Vivo en Valencia..."' reads wrong)
        lead = CLOSEST_QUOTED if told.startswith('"') else CLOSEST
        return f"{NOT_SURE} {lead} {told}.", True
    if evidence.choice == NONE:
        return NOT_TOLD, False
    if evidence.choice == NAME_NOTE and user_name:
        return f"Your name is {user_name}.", True
    # What the note says is the whole reply. Left to go on after "You told me", the good brain
    # invented in the same sentence ("You told me that your twins were born on September 7th this
    # year." from 'my twins have their tenth birthday party on saturday'; "You told me about your
    # son's age when we spoke earlier."); allowed a question after it, it echoed the user's ("What
    # subject do I teach?") or ran a statement on to a "?" ("...and again and again - which is?"),
    # 5 of 9 in one run of bench/truth.py --set fresh.
    return f"You told me {evidence.told()}.", True


__all__ = ["CLOSEST", "NOT_SURE", "NOT_TOLD", "NOT_TOLD_REPLY", "fixed_reply", "reply_opening"]
