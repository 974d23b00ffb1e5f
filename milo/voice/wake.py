"""The wake phrase ("hey Milo" by default; --wake or MILO_WAKE_PHRASE to change it), in text.

Two ways to hear it:
- in a transcript (any engine): `WakePhrase.match` finds the phrase near the start, loosely
  (speech to text writes "Hey, Milo", "Hey Mylo", "Hi Milo"), and returns what followed it, so
  "hey Milo, what is your name" is a wake and a question in one breath.
- with a spotter from the speech-to-text engine (`engine.spotter(wake.words)`, vosk's grammar
  mode: milo.voice.stt.vosk.VoskSpotter), far cheaper than full recognition; full recognition
  then runs only on what came after the phrase.
"""

from __future__ import annotations

import difflib
import re
from typing import Optional

DEFAULT_PHRASE = "hey Milo"
_WORD = re.compile(r"[^\W_]+(?:'[^\W_]+)?", re.UNICODE)


def words_of(text: str) -> list[str]:
    return [m.group(0).lower() for m in _WORD.finditer(text or "")]


class WakePhrase:
    def __init__(self, phrase: str = DEFAULT_PHRASE, threshold: float = 0.75, max_lead_words: int = 2):
        self.phrase = " ".join((phrase or "").split()) or DEFAULT_PHRASE
        self.words = words_of(self.phrase)
        if not self.words:
            raise ValueError(f"the wake phrase '{phrase}' has no words")
        self.threshold = threshold
        self.max_lead_words = max_lead_words
        self._target = "".join(self.words)

    def match(self, text: str) -> Optional[str]:
        """What followed the wake phrase (maybe "") if `text` starts with it, else None."""
        spans = list(_WORD.finditer(text or ""))
        tokens = [m.group(0).lower() for m in spans]
        n = len(self.words)
        best, best_end = 0.0, None
        for start in range(0, min(self.max_lead_words, len(tokens)) + 1):
            for length in (n, n + 1, n - 1):
                if length < 1 or start + length > len(tokens):
                    continue
                cand = "".join(tokens[start : start + length])
                score = difflib.SequenceMatcher(None, cand, self._target).ratio()
                if score > best + 1e-9:
                    best, best_end = score, start + length
        if best_end is None or best < self.threshold:
            return None
        rest = text[spans[best_end - 1].end() :]
        return rest.strip().lstrip(",.!?;:-—… ").strip()
