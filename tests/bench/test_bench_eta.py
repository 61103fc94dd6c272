"""bench/bench_eta.py's parts: the errors it reports (of the figures shown from 10 % of the time done until 10 % is
left, and the share of the run before the first figure) and its CPU burner, which it stops itself."""

from __future__ import annotations

import sys
import time

import pytest
from paths import ROOT

sys.path.insert(0, str(ROOT / "bench"))

import bench_eta  # bench/ is not a package: from the path above


def test_the_errors_count_the_figures_shown_between_a_tenth_done_and_a_tenth_left() -> None:
    # a run of 10 s, reports at 0.5 s (too early), 2 s, 3 s (no figure yet), 5 s and 9.5 s (too late); 4 units of 8
    seen = [(0.5, 1, 8, None), (2.0, 2, 8, 6.0), (3.0, 3, 8, None), (5.0, 4, 8, 5.0), (9.5, 7, 8, 0.5)]
    ours, naive, silent = bench_eta._relative(seen, 0.0, 10.0)
    assert ours == pytest.approx([abs(6.0 - 8.0) / 8.0, 0.0])  # the figures shown only
    assert naive == pytest.approx([abs(2.0 / 2 * 6 - 8.0) / 8.0, abs(3.0 / 3 * 5 - 7.0) / 7.0, 0.0])
    assert silent == pytest.approx([0.2])  # the first figure at 2 s of 10


def test_a_run_that_never_shows_a_figure_is_silent_all_the_way() -> None:
    ours, _naive, silent = bench_eta._relative([(5.0, 4, 8, None)], 0.0, 10.0)
    assert ours == [] and silent == [1.0]


def test_the_burner_runs_until_it_is_stopped() -> None:
    proc = bench_eta.start_burner()
    try:
        time.sleep(0.2)
        assert proc.is_alive()
    finally:
        bench_eta.stop_burner(proc)
    assert not proc.is_alive()
