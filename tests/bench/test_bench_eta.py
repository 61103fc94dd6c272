"""bench/bench_eta.py's parts: the errors it reports (from 10 % of the time done until 10 % is left) and its CPU
burner, which it stops itself."""

from __future__ import annotations

import sys
import time

import pytest
from paths import ROOT

sys.path.insert(0, str(ROOT / "bench"))

import bench_eta  # bench/ is not a package: from the path above


def test_the_errors_count_the_reports_between_a_tenth_done_and_a_tenth_left() -> None:
    # a run of 10 s, reports at 0.5 s (too early), 2 s, 5 s and 9.5 s (too late); 4 units of 8
    seen = [(0.5, 1, 8, None), (2.0, 2, 8, 6.0), (5.0, 4, 8, 5.0), (9.5, 7, 8, 0.5)]
    ours, naive = bench_eta._relative(seen, 0.0, 10.0)
    assert ours == pytest.approx([abs(6.0 - 8.0) / 8.0, 0.0])
    assert naive == pytest.approx([abs(2.0 / 2 * 6 - 8.0) / 8.0, 0.0])
    assert bench_eta._relative([(5.0, 4, 8, None)], 0.0, 10.0)[0] == [float("inf")]  # no figure: counted as failed


def test_the_burner_runs_until_it_is_stopped() -> None:
    proc = bench_eta.start_burner()
    try:
        time.sleep(0.2)
        assert proc.is_alive()
    finally:
        bench_eta.stop_burner(proc)
    assert not proc.is_alive()
