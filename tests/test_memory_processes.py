"""Real processes against one memory file: SIGKILL mid-etch, and several writers at once."""

import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

from milo.memory import LivingMemory

WRITER = r"""
import sys
from milo.memory import LivingMemory
m = LivingMemory(sys.argv[1])
tag = sys.argv[2]
count = int(sys.argv[3])
body = "x" * int(sys.argv[4])
print("ready", flush=True)
i = 0
while count < 0 or i < count:
    m.witness(f"{tag} core {i} {body}", f"{tag} future {i}", f"{tag} reply {i} {body}")
    i += 1
"""

ROOT = Path(__file__).resolve().parent.parent


def spawn(path, tag, count, size=0):
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    return subprocess.Popen([sys.executable, "-c", WRITER, str(path), tag, str(count), str(size)], env=env, stdout=subprocess.PIPE, text=True)


def assert_whole(path, tags):
    """Every entry has its three fields from one writer, with matching numbers: none torn."""
    pulses = list(LivingMemory(path).pulses())
    seen = {t: [] for t in tags}
    for p in pulses:
        assert p.timestamp is not None, p
        assert set(p.fields) == {"CORE_UPDATE", "FUTURE_MESSAGE", "REPLY"}, p
        tag, _, n = p.fields["FUTURE_MESSAGE"].split()
        assert p.fields["CORE_UPDATE"].startswith(f"{tag} core {n}")
        assert p.fields["REPLY"].startswith(f"{tag} reply {n}")
        seen[tag].append(int(n))
    text = Path(path).read_text()
    assert text.endswith("\n") or text == ""
    return pulses, seen


def test_sigkill_at_random_moments_never_tears_an_entry(tmp_path):
    path = tmp_path / "Living_Memory.md"
    rng = random.Random(1234)
    kills = 25
    for round_ in range(kills):
        proc = spawn(path, f"w{round_}", -1, size=rng.choice([0, 2000, 20000]))
        assert proc.stdout.readline().strip() == "ready"
        time.sleep(rng.uniform(0.0, 0.05))
        proc.send_signal(signal.SIGKILL)
        proc.wait()
        assert_whole(path, [f"w{i}" for i in range(round_ + 1)])
    pulses, seen = assert_whole(path, [f"w{i}" for i in range(kills)])
    assert len(pulses) > kills  # the writers really wrote between kills
    for numbers in seen.values():  # each writer's entries are a gap-free run 0..k
        assert numbers == list(range(len(numbers)))


def test_concurrent_writers_never_interleave(tmp_path):
    path = tmp_path / "Living_Memory.md"
    writers, each = 4, 60
    procs = [spawn(path, f"p{i}", each, size=3000) for i in range(writers)]
    for p in procs:
        assert p.stdout.readline().strip() == "ready"
    for p in procs:
        assert p.wait(timeout=120) == 0
    pulses, seen = assert_whole(path, [f"p{i}" for i in range(writers)])
    assert len(pulses) == writers * each
    for numbers in seen.values():
        assert numbers == list(range(each))  # every entry present once, in its writer's order
