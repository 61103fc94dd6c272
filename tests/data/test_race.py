"""Tests of the candidates' race (coach/evaluate.py ``_race``, ``_priced_view``, ``_loss``).

1. ``_race`` on constructed value lists: a clearly worse candidate is dropped, a close one kept, the choice made
   never dropped however bad, the best never dropped; the floor on the standard error holds back a drop that
   identical differences would otherwise make.
2. ``_priced_view`` with a stand-in engine whose rollout points are set by hand: a dropped candidate keeps the
   rollouts it had, the choice made and the best run on, the view stops when only the choice made is left, and
   without enough rollouts for a first batch nobody is dropped.
3. ``_loss``: the best is taken among the candidates priced in full, paired with the choice made on the same
   rollouts.
4. A real decision priced with the race: each candidate's rollouts are the first ones of the same decision priced
   without it (common random numbers), the choice made and the best priced in full, ``rollouts_done`` the sum.
"""

from __future__ import annotations

import math
import random
from types import SimpleNamespace
from typing import Any

import pytest

from coach import evaluate
from coach.evaluate import (
    RACE_FIRST,
    RACE_Z,
    _loss,
    _priced_view,
    _race,
    decision_points,
    evaluate_decision,
    evaluate_replay,
)
from coach.prices import VARIANCE_FLOOR, Settings
from replay.core.cards import parse_cards
from replay.core.events import Play
from replay.replay import Replay
from replay.simulate import simulate_deal


def noisy(mean: float, n: int, seed: int, spread: float = 1.0) -> list[float]:
    rng = random.Random(seed)
    return [mean + rng.uniform(-spread, spread) for _ in range(n)]


# -- 1. the rule --------------------------------------------------------------------------------


def test_a_clearly_worse_candidate_is_dropped_and_a_close_one_kept() -> None:
    n = 8
    near = RACE_Z * math.sqrt(VARIANCE_FLOOR / n) * 0.9  # below the floor's reach
    vals = [noisy(0.0, n, 1), noisy(4.0, n, 2), noisy(-3.0, n, 3), noisy(4.0 - near, n, 2)]
    assert _race(vals, [0, 1, 2, 3]) == [0, 1, 3]  # 2 is 7 points below the best: out; 3 is a little below: in
    vals[3] = noisy(1.0, n, 2)  # 3 points below the best in every rollout: out
    assert _race(vals, [0, 1, 2, 3]) == [0, 1]


def test_the_choice_made_is_never_dropped() -> None:
    n = 8
    vals = [[-10.0] * n, noisy(4.0, n, 2)]
    assert _race(vals, [0, 1]) == [0, 1]


def test_the_best_is_never_dropped_and_ties_go_to_the_choice_made() -> None:
    n = 8
    vals = [[1.0] * n, [1.0] * n, [-6.0] * n]
    assert _race(vals, [0, 1, 2]) == [0, 1]  # 1 ties the choice made: kept, as it is not clearly worse
    vals = [[-6.0] * n, [2.0] * n, [-6.0] * n]
    assert _race(vals, [0, 1, 2]) == [0, 1]


def test_the_floor_on_the_standard_error_holds_back_a_drop() -> None:
    n = 8
    floor = math.sqrt(VARIANCE_FLOOR / n)
    near = RACE_Z * floor * 0.9  # identical differences (their se is 0) within the floor's reach: kept
    far = RACE_Z * floor * 1.1
    assert _race([[0.0] * n, [-near] * n], [0, 1]) == [0, 1]
    assert _race([[0.0] * n, [-far] * n], [0, 1]) == [0]
    assert _race([[5.0] * n, [5.0 - far] * n, [5.0 + far] * n], [0, 1, 2]) == [0, 2]


def test_only_the_candidates_alive_are_compared() -> None:
    n = 8
    near = RACE_Z * math.sqrt(VARIANCE_FLOOR / n) * 0.9
    vals = [[0.0] * n, [9.0] * n, [-near] * n]
    assert _race(vals, [0, 2]) == [0, 2]  # 1 left the race: the best alive is the choice made, within reach of 2
    assert _race(vals, [0, 1, 2]) == [0, 1]


# -- 2. the race in a view ------------------------------------------------------------------------


class Stand:
    """An engine whose rollouts end where they started: the points of rollout ``k`` of candidate ``j`` are
    ``table[j][k]``."""

    def step(self, base: int, ev: Play) -> Any:
        return SimpleNamespace(rule=None, state=(base, ev))


@pytest.fixture
def by_hand(monkeypatch: pytest.MonkeyPatch) -> Any:
    def run(table: list[list[float]], rollouts: int) -> list[list[float]]:
        cands = [Play(0, cards=tuple(parse_cards(t))) for t in ("3S", "4S", "5S", "6S")[: len(table)]]
        seen: list[tuple[int, int]] = []

        def points(_eng: Any, end: tuple[int, Play], _seat: int) -> float:
            k, ev = end
            seen.append((cands.index(ev), k))
            return table[cands.index(ev)][k]

        monkeypatch.setattr(evaluate, "rollout", lambda _eng, after, _rng, _noise: after)
        monkeypatch.setattr(evaluate, "side_points", points)
        vals = _priced_view(Stand(), lambda k: k, cands, 0, Settings(rollouts=rollouts), 0, "all")
        assert sorted(seen) == sorted((j, k) for j, v in enumerate(vals) for k in range(len(v)))  # nothing else ran
        return vals

    return run


def test_a_dropped_candidate_keeps_its_rollouts_and_the_others_run_on(by_hand: Any) -> None:
    table = [noisy(0.0, 20, 1), noisy(2.0, 20, 2), noisy(-6.0, 20, 3)]
    vals = by_hand(table, 20)
    assert vals[0] == table[0] and vals[1] == table[1]  # the choice made and the best: every rollout
    assert vals[2] == table[2][:RACE_FIRST]  # clearly worse at the first checkpoint
    loss = _loss(vals, 0)
    assert loss.best == 1
    assert loss.loss == pytest.approx(sum(table[1]) / 20 - sum(table[0]) / 20)


@pytest.mark.parametrize("stop", [True, False])
def test_only_the_choice_made_left(by_hand: Any, monkeypatch: pytest.MonkeyPatch, stop: bool) -> None:
    monkeypatch.setattr(evaluate, "RACE_STOP", stop)
    table = [noisy(3.0, 20, 1), noisy(-4.0, 20, 2), noisy(-5.0, 20, 3), noisy(-6.0, 20, 4)]
    vals = by_hand(table, 20)
    n = RACE_FIRST if stop else 20  # the view stops, or the choice made runs on alone
    assert [len(v) for v in vals] == [n] + [RACE_FIRST] * 3
    loss = _loss(vals, 0)
    assert loss.best == 0 and loss.loss == 0.0
    assert loss.se == pytest.approx(math.sqrt(VARIANCE_FLOOR / n))


def test_a_candidate_that_falls_behind_later_is_dropped_later(by_hand: Any) -> None:
    late = [0.0] * 12 + [-9.0] * 8  # even with the best until rollout 12, then far below
    table = [[0.0] * 20, [0.1] * 20, late]
    vals = by_hand(table, 20)
    assert len(vals[0]) == len(vals[1]) == 20
    assert RACE_FIRST < len(vals[2]) < 20 and vals[2] == late[: len(vals[2])]


def test_without_a_first_batch_nobody_is_dropped(by_hand: Any) -> None:
    table = [[3.0] * RACE_FIRST, [-9.0] * RACE_FIRST]
    assert by_hand(table, RACE_FIRST) == table


# -- 3. the loss --------------------------------------------------------------------------------


def test_the_best_is_one_priced_in_full_and_paired_with_the_choice_made() -> None:
    actual, full = noisy(0.0, 20, 1), noisy(1.0, 20, 2)
    dropped = [9.0] * 8  # a higher mean, but over fewer rollouts: it left the race
    loss = _loss([actual, dropped, full], 0)
    assert loss.best == 2
    diffs = [b - a for b, a in zip(full, actual, strict=True)]
    mean = sum(diffs) / 20
    se = math.sqrt(sum((d - mean) ** 2 for d in diffs) / 19 / 20)
    assert loss.loss == pytest.approx(mean) and loss.se == pytest.approx(max(se, math.sqrt(1 / 20)))


# -- 4. a real decision ---------------------------------------------------------------------------


def test_a_raced_decision_uses_the_first_rollouts_of_the_unraced_one(monkeypatch: pytest.MonkeyPatch) -> None:
    rep = Replay(simulate_deal(11, "gouji").log)
    points = decision_points(rep)
    settings = Settings(rollouts=16, max_candidates=4, views=("all",))
    captured: list[list[list[float]]] = []
    real = evaluate._priced_view

    def spy(*args: Any) -> list[list[float]]:
        captured.append(real(*args))
        return captured[-1]

    monkeypatch.setattr(evaluate, "_priced_view", spy)
    raced, fixed = [], []
    for i in points[-40:]:
        captured.clear()
        d = evaluate_decision(rep.engine, rep.states, rep.log.events, i, settings)
        if d is None:
            continue
        raced.append((d, captured[0]))
        with monkeypatch.context() as m:
            m.setattr(evaluate, "RACE_FIRST", 10**9)
            captured.clear()
            evaluate_decision(rep.engine, rep.states, rep.log.events, i, settings)
            fixed.append(captured[0])
    shortened = 0
    for (d, vals), full in zip(raced, fixed, strict=True):
        assert all(v == f[: len(v)] for v, f in zip(vals, full, strict=True))
        ns = [c.values["all"].n for c in d.candidates]
        assert ns == [len(v) for v in vals]
        assert ns[0] == max(ns) and ns[d.losses["all"].best] == ns[0]
        assert all(n >= RACE_FIRST for n in ns)
        if ns[0] < settings.rollouts:  # the view stopped (RACE_STOP): only the choice made was left, the best
            assert evaluate.RACE_STOP and d.losses["all"].best == 0 and d.losses["all"].loss == 0.0
        shortened += sum(ns) < settings.rollouts * len(ns)
    assert shortened > 0, "some candidate left the race on these decisions"
    ev = evaluate_replay(rep, settings, jobs=1, seats=(rep.log.events[points[-1]].seat,))
    assert ev.rollouts_done == sum(c.values["all"].n for d in ev.decisions for c in d.candidates)
