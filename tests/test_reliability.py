"""The fast part of bench/reliability.py: kills, concurrency, editors and hostile files lose
nothing (a correctness assertion: counts of lost, torn and duplicated entries, never timings)."""

import importlib.util
import sys

import pytest
from helpers import ROOT

spec = importlib.util.spec_from_file_location("reliability_bench", ROOT / "bench" / "reliability.py")
bench = importlib.util.module_from_spec(spec)
sys.modules[spec.name] = bench  # dataclasses look their module up there
spec.loader.exec_module(bench)

FAR = 10 ** 9  # no deadline: the counts are small


def assert_zero(row):
    assert row.tried > 0, row
    assert (row.lost_pulses, row.lost_lines, row.torn, row.duplicated, row.tracebacks) == (0, 0, 0, 0, 0), bench.table([row])


def test_sigkilled_writers_lose_and_tear_nothing():
    assert_zero(bench.writer_kills(12, FAR))


def test_a_sigkilled_archive_or_forget_is_one_recoverable_step():
    assert_zero(bench.rewrite_kills(16, FAR))


def test_writers_editors_and_rewrites_at_once_lose_nothing():
    assert_zero(bench.concurrency(5.0, writers=4, per_writer=30))


def test_nano_save_loop_during_archive_loses_nothing():
    assert_zero(bench.nano_vs_archive(1, 2000, FAR))


@pytest.mark.parametrize("seed", [5, 6])
def test_hostile_files_never_traceback_or_lose_entries(seed):
    assert_zero(bench.hostile_files(40, FAR, seed=seed))


def test_every_acknowledged_etch_survives_a_simulated_power_cut():
    """Only what was fsynced survives (file data by the file's fsync, a name by its folder's):
    a first etch that created the file without syncing its folder lost every entry. The same
    check loses entries from a writer that never fsyncs, so it can fail."""
    assert_zero(bench.power_cuts(24, FAR))
    careless = bench.power_cuts(2, FAR, naive=True)
    assert careless.lost_pulses > 0, bench.table([careless])


def test_a_long_run_loses_nothing_and_leaks_no_files_or_threads():
    """bench/reliability.py's soak, short: one Milo for 150 turns on a simulated clock, with
    conversations rotating, hand edits, a forget, an archive and a second Milo process killed
    mid-turn. RSS is reported by the bench, not asserted (it is noisy over 150 turns)."""
    row = bench.soak(150, FAR, kills=1, meaning=False)
    assert_zero(row)
    assert any("killed processes" in n for n in row.notes), row.notes
