"""The wake phrase ("hey Milo" by default; --wake or MILO_WAKE_PHRASE to change it).

Two ways to hear it:
- in a transcript (any engine): `WakePhrase.match` finds the phrase near the start, loosely
  (speech to text writes "Hey, Milo", "Hey Mylo", "Hi Milo"), and returns what followed it, so
  "hey Milo, what is your name" is a wake and a question in one breath.
- with vosk's grammar mode (`VoskSpotter`): a recognizer that only knows the phrase and a garbage
  path ("[unk]" or filler words) runs on the speech segment; it is far cheaper than full
  recognition, and full recognition then runs only on what came after the phrase.
"""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass
from typing import Optional, Sequence

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


@dataclass
class Spot:
    found: bool
    end_s: float = 0.0  # where the phrase ended, seconds from the start of the audio fed
    heard: str = ""  # what the grammar recognizer decoded (for -v)


class VoskSpotter:
    """Grammar-mode spotting: the phrase and a garbage path are all the recognizer knows."""

    def __init__(self, engine, words: Sequence[str], garbage: Sequence[str], max_lead_words: int = 1):
        self.engine = engine
        self.words = list(words)
        self.garbage = list(garbage)
        self.grammar = [" ".join(self.words)] + self.garbage
        self.max_lead_words = max_lead_words
        self.label = "vosk grammar mode" + (" with [unk]" if "[unk]" in self.garbage else f" with {len(self.garbage)} filler words")

    def stream(self) -> "SpotStream":
        from milo.voice.stt import VoskStream

        return SpotStream(self, VoskStream(self.engine, self.grammar))


class SpotStream:
    def __init__(self, spotter: VoskSpotter, stream):
        self.spotter = spotter
        self._stream = stream

    def feed(self, pcm: bytes) -> None:
        self._stream.feed(pcm)

    def finish(self) -> Spot:
        heard = self._stream.finish()
        found = self._stream.words()
        tokens = [w["word"] for w in found]
        n = len(self.spotter.words)
        for start in range(0, min(self.spotter.max_lead_words, len(tokens)) + 1):
            if tokens[start : start + n] == self.spotter.words:
                return Spot(True, float(found[start + n - 1]["end"]), heard)
        return Spot(False, 0.0, heard)
