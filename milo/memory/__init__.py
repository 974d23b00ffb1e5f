"""Milo's living memory: one plain Markdown file the user owns (Living_Memory.md).

    format     the PULSE format: Pulse, reading and writing entries, the pinned section
    store      LivingMemory: append-only etches under a lock, tolerant reading, recall
    index      the BM25 index over the pulses, kept in step with the file, cached on disk
    recall     what goes into one prompt, within a token budget
    quoting    memory shown to the model as data, never as instructions
    retriever  the memory as a LangChain BaseRetriever
    edit       the only rewrites: forget and archive, on the user's request
    cli        `milo memory ...`

`open_memory(path)` gives the memory exactly as the app builds it.
"""

from __future__ import annotations

import logging
import os
from pathlib import Path
from typing import Optional

from milo.errors import MemoryFileError
from milo.memory.format import FIELDS, NO_MEMORY, Pulse, format_timestamp, normalize_value, parse_timestamp
from milo.memory.store import LivingMemory

log = logging.getLogger("milo")

# Memory tokens in each prompt when the model is not known: the tiny brain's (0.82 of LoCoMo
# evidence at ~590 tokens; bench/locomo_recall.py). The app sets it per model (memory_budget).
DEFAULT_MEMORY_TOKENS = 700


def open_memory(path: Optional[os.PathLike | str] = None, settings=None) -> LivingMemory:
    """The living memory as Milo's app uses it: relevance recall, the token budget, the index
    cache and the recent-lines window from `settings` (default: the environment, validated).
    `path` overrides the settings' memory file."""
    from milo.config import Settings, not_a_folder

    settings = settings or Settings.load()
    memory_file = Path(path).expanduser() if path is not None else settings.memory_file
    problem = not_a_folder(Path(settings.cache_dir))
    if problem:  # only a cache: Milo works without it, but says so (it was taken quietly: issue 27)
        log.warning("the cache folder %s cannot be used (%s); Milo works without it, slower to start.", settings.cache_dir, problem)
    memory = LivingMemory(
        memory_file,
        recall_lines=settings.recall_lines,
        relevance=settings.recall == "relevant",
        budget_tokens=settings.memory_tokens or DEFAULT_MEMORY_TOKENS,
        cache_dir=Path(settings.cache_dir) / "index",
        meaning=settings.meaning,
        own=settings.persona_name,
    )
    memory.finish_interrupted()
    return memory


__all__ = [
    "FIELDS", "NO_MEMORY", "LivingMemory", "MemoryFileError", "Pulse", "format_timestamp",
    "normalize_value", "open_memory", "parse_timestamp",
]
