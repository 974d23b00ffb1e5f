"""Memory a turn freed given back to the system before Milo waits for the next message.

glibc keeps what Python, numpy and the tokenizer free in its heaps for the process to reuse, and
a turn frees a lot at once (the embedder's batches, the prompt's strings, the index's rebuilds):
scattered between live objects, those pages stayed resident for good. A growing memory made a
long-lived Milo's RSS grow ~10 KB a pulse (`bench/memory_growth.py`), with ~1.4 KB of it live.
`malloc_trim(0)` hands every whole free page back (all arenas, the background thread's too);
~0.1 ms. Elsewhere (musl, macOS) there is no such call and this does nothing.
"""

from __future__ import annotations

import ctypes
from typing import Callable, Optional


def _malloc_trim() -> Optional[Callable[[int], int]]:
    try:
        trim = ctypes.CDLL(None).malloc_trim
    except (OSError, AttributeError):
        return None
    trim.argtypes, trim.restype = [ctypes.c_size_t], ctypes.c_int
    return trim


_TRIM = _malloc_trim()


def give_back() -> None:
    """Return freed heap pages to the system (glibc); nothing where the C library cannot."""
    if _TRIM is not None:
        _TRIM(0)


__all__ = ["give_back"]
