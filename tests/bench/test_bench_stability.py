"""bench/bench_stability.py's measures: the share of decisions graded the same in every run and the overlap of two
runs' mistakes and blunders, over the decisions every run priced."""

from __future__ import annotations

import sys

import pytest
from paths import ROOT

sys.path.insert(0, str(ROOT / "bench"))

import bench_stability  # bench/ is not a package: from the path above


def test_jaccard_of_two_sets_and_of_two_empty_ones() -> None:
    assert bench_stability.jaccard({1, 2, 3}, {2, 3, 4}) == pytest.approx(2 / 4)
    assert bench_stability.jaccard(set(), set()) == 1.0  # both runs agree that nothing is serious
    assert bench_stability.jaccard({1}, set()) == 0.0


def test_compare_counts_only_the_decisions_every_run_priced() -> None:
    a = {1: "", 2: "mistake", 3: "blunder", 4: "inaccuracy", 9: "blunder"}
    b = {1: "", 2: "mistake", 3: "mistake", 4: "", 8: "blunder"}
    c = {1: "", 2: "blunder", 3: "blunder", 4: "inaccuracy"}
    n, same, shares, overlaps = bench_stability.compare([a, b, c])
    assert n == 4 and same == 1  # 9 and 8 are not in every run; only decision 1 is graded alike in all three
    assert shares == pytest.approx([2 / 4, 3 / 4, 1 / 4])  # (a, b), (a, c), (b, c)
    # mistakes and blunders among 1-4: a {2, 3}, b {2, 3}, c {2, 3}: the same sets though their grades differ
    assert overlaps == pytest.approx([1.0, 1.0, 1.0])
    _, _, _, apart = bench_stability.compare([{1: "mistake", 2: ""}, {1: "", 2: "blunder"}])
    assert apart == [0.0]
