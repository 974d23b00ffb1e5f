"""The embedded model's host prompt cache, on the real tiny brain: it gives the chat prompt back
after a side request took the one slot, and it is bounded (llama.cpp's own bound, 8 GiB, let
`milo chat` grow by every turn's prompt state: bench/prompt_cache.py)."""

import json
import os
import subprocess
import sys
import textwrap
import urllib.request

from milo.chat.embedded import PROMPT_CACHE_MIB, EmbeddedServer
from milo.chat.models import embedded_server
from milo.config import Settings

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def _ask(base_url: str, system: str, user: str) -> dict:
    body = {"messages": [{"role": "system", "content": system}, {"role": "user", "content": user}], "max_tokens": 1,
            "temperature": 0}
    req = urllib.request.Request(base_url + "/chat/completions", data=json.dumps(body).encode(),
                                 headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(req, timeout=120) as r:
        return json.loads(r.read())["timings"]


def _words(n: int, seed: int) -> str:
    import random

    rng = random.Random(seed)
    words = "river stone apple cloud green music table chair light garden train coffee piano sister".split()
    return " ".join(rng.choice(words) for _ in range(n))


def test_a_side_request_leaves_the_chat_prompt_cached(embedded):
    # The draft (milo.chat.draft) asks the model on its own prompt between the turn's prefill and
    # its answer; the chat prompt's state comes back from the cache instead of being processed again.
    url = embedded.where  # the tiny brain's server (the process's one)
    chat = _words(500, 1)
    first = _ask(url, chat, "hello")
    _ask(url, "You answer yes or no.", "Is the sky green?")
    again = _ask(url, chat, "hello there")
    assert first["prompt_n"] > 400
    assert again["cache_n"] >= first["prompt_n"] - 10 and again["prompt_n"] < 20, again


def test_the_bound_is_the_settings_or_milos_own(tmp_path, monkeypatch):
    # A server made for other settings is another process's: only what reaches the constructor is read here.
    made = {}
    monkeypatch.setattr(EmbeddedServer, "shared", classmethod(lambda cls, path, **kw: made.update(kw)))
    embedded_server(tmp_path / "w.gguf", Settings.load(env={}))
    assert made["cache_mib"] == PROMPT_CACHE_MIB <= 512
    embedded_server(tmp_path / "w.gguf", Settings.load(env={"MILO_PROMPT_CACHE_MB": "0"}))
    assert made["cache_mib"] == 0


# A process of its own (its RSS is its server's alone): a server with the cache bound given, one
# prompt, then distinct ones; prints the growth of RSS after the first, in MB.
_CHILD = textwrap.dedent("""
    import json, sys, urllib.request, random
    sys.path.insert(0, sys.argv[3])
    from pathlib import Path
    from milo.chat.embedded import EmbeddedServer
    from milo.brains import BRAINS, path_of
    from milo.config import Settings
    server = EmbeddedServer(path_of(BRAINS["tiny"], Settings.load(env={})), cache_mib=int(sys.argv[1]))
    server.wait_ready(60)
    def rss():
        return next(int(l.split()[1]) for l in open("/proc/self/status") if l.startswith("VmRSS:")) / 1024
    words = "river stone apple cloud green music table chair light garden train coffee piano sister".split()
    def ask(i):
        rng = random.Random(i)
        body = {"messages": [{"role": "system", "content": " ".join(rng.choice(words) for _ in range(600))},
                             {"role": "user", "content": "hi"}], "max_tokens": 1}
        req = urllib.request.Request(server.base_url + "/chat/completions", data=json.dumps(body).encode(),
                                     headers={"Content-Type": "application/json"})
        urllib.request.urlopen(req, timeout=120).read()
    ask(0)
    start = rss()
    for i in range(1, int(sys.argv[2]) + 1):
        ask(i)
    print(json.dumps({"growth": rss() - start}))
""")


def _growth(cache_mib: int, prompts: int) -> float:
    out = subprocess.run([sys.executable, "-c", _CHILD, str(cache_mib), str(prompts), ROOT], capture_output=True,
                         text=True, timeout=600)
    assert out.returncode == 0, out.stderr[-2000:]
    return json.loads(out.stdout.strip().splitlines()[-1])["growth"]


def test_the_prompt_cache_is_bounded():
    # ~600 tokens a prompt, ~23 KB a token of the tiny brain's KV state: ~14 MB a prompt kept.
    unbounded, bounded = _growth(4096, 6), _growth(16, 6)
    assert unbounded > 50, unbounded  # the check can fail: without a bound every prompt is kept
    assert bounded < 16 + 20, bounded
