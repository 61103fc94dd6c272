"""Tests of decision pricing (coach/evaluate.py) and the grades (coach/grades.py).

1. Candidates, on simulated deals of all five profiles: the actual event first, every candidate legal in the true
   state and the seat's own, one per shape, at most ``max_candidates``.
2. ``evaluate_decision``: candidate 0 is the choice made and the only one flagged actual; values per view with
   ``rollouts`` samples; decisions with one legal option are skipped.
3. ``evaluate_replay``: one seed gives one result, the same with one process or two; another seed differs;
   illegal events are not priced; every priced or skipped index is a decision point.
4. A position where a seat can go out with its last set but passes: going out is the best candidate and the
   pass is graded a mistake or worse with all cards known.
5. Grades: thresholds, the significance rule, the floor on the standard error, accuracy.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from dataclasses import replace

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from coach import evaluate
from coach.evaluate import (
    EXTEND,
    PRICED,
    SINGLE,
    candidates,
    decision_points,
    evaluate_decision,
    evaluate_replay,
    rollout,
    side_points,
)
from coach.grades import (
    BLUNDER,
    INACCURACY,
    MISTAKE,
    accuracy,
    counted_loss,
    decision_accuracy,
    grade,
    straddles,
    undecided,
)
from coach.prices import Loss, Settings, Wait
from replay.core.events import Burn, Event, Play
from replay.formats.notation.read import parse_text
from replay.replay import Replay
from replay.simulate import RandomBot, simulate_deal

PROFILES = ("gouji", "gouji-online", "gouji-logged", "baohuang", "baohuang-no345")
SLOW = [HealthCheck.too_slow, HealthCheck.data_too_large]
TINY = Settings(rollouts=2, max_candidates=3, seed=0)


def simulated(seed: int, profile: str) -> Replay:
    rng = random.Random(seed)
    return Replay(simulate_deal(seed, profile, bot=RandomBot(rng, burn_rate=0.5, rang_rate=0.15)).log)


def shape(ev: Event) -> tuple[str, tuple[int, ...]]:
    return ev.action, tuple(sorted(c.rank for c in ev.cards))


def legal_options(rep: Replay, index: int) -> set[tuple[str, tuple[int, ...]]]:
    """The shapes of every legal priced event of the seat that acted at ``index`` (bids included)."""
    state, seat = rep.states[index], rep.log.events[index].seat
    return {shape(e) for e in rep.engine.legal_actions(state) if e.seat == seat and isinstance(e, PRICED)}


# -- 1. candidates ----------------------------------------------------------------------------


@settings(max_examples=30, deadline=None, suppress_health_check=SLOW)
@given(seed=st.integers(0, 10**9), profile=st.sampled_from(PROFILES), limit=st.integers(2, 6))
def test_candidates_are_legal_and_start_with_the_actual_event(seed: int, profile: str, limit: int) -> None:
    rep = simulated(seed, profile)
    eng = rep.engine
    points = decision_points(rep)
    assert points
    for i in points:
        state, actual = rep.states[i], rep.log.events[i]
        cands, policy_at = candidates(eng, state, actual, limit)
        assert cands[0] is actual
        assert 1 <= len(cands) <= limit
        assert all(eng.can(state, c) for c in cands if not isinstance(c, Wait)), [str(c) for c in cands]
        waits = [c for c in cands if isinstance(c, Wait)]
        assert not waits or (isinstance(actual, Burn) and actual.seat != state.to_act)  # only beside a burn
        assert all(c.seat == actual.seat for c in cands)
        assert len({shape(c) for c in cands}) == len(cands)
        assert -1 <= policy_at < len(cands)


def test_a_burners_pass_in_a_window_is_not_priced_against_waiting() -> None:
    """In a burn window a burner's pass is its not burning: no ``Wait`` beside it (the same choice twice)."""
    rep = simulated(2786342, "gouji-online")
    window = [i for i in decision_points(rep) if rep.states[i].window and rep.log.events[i].action == "pass"]
    assert window
    for i in window:
        cands, _ = candidates(rep.engine, rep.states[i], rep.log.events[i], 4)
        assert not any(isinstance(c, Wait) for c in cands)
        assert any(isinstance(c, Burn) for c in cands) or len(cands) == 1


# -- 2. one decision --------------------------------------------------------------------------


@settings(max_examples=12, deadline=None, suppress_health_check=SLOW)
@given(seed=st.integers(0, 10**9), profile=st.sampled_from(PROFILES), data=st.data())
def test_a_priced_decision(seed: int, profile: str, data: st.DataObject) -> None:
    rep = simulated(seed, profile)
    eng, events = rep.engine, rep.log.events
    points = decision_points(rep)
    late = [i for i in points if i >= len(events) - 60] or points  # short rollouts
    for i in data.draw(st.lists(st.sampled_from(late), min_size=1, max_size=3, unique=True), label="indices"):
        d = evaluate_decision(eng, rep.states, events, i, TINY)
        options = legal_options(rep, i)
        if d is None:
            cands, _ = candidates(eng, rep.states[i], events[i], TINY.max_candidates)
            assert len(cands) == 1
            continue
        assert len(options) >= 2
        assert d.index == i and d.seat == events[i].seat
        assert d.candidates[0].event is events[i] and d.candidates[0].actual
        assert d.actual is d.candidates[0] and sum(c.actual for c in d.candidates) == 1
        assert sum(c.policy for c in d.candidates) <= 1
        assert 2 <= len(d.candidates) <= TINY.max_candidates
        assert all(eng.can(rep.states[i], c.event) for c in d.candidates)
        assert {shape(c.event) for c in d.candidates} <= options
        assert set(d.losses) == {"seat", "all"}
        for view, loss in d.losses.items():
            assert 0 <= loss.best < len(d.candidates)
            n = d.actual.values[view].n
            full = [c.values[view].mean for c in d.candidates if c.values[view].n == n]
            assert all(c.values[view].n <= n for c in d.candidates)
            # the rollouts go on, EXTEND at a time up to the budget, only while a serious threshold is inside
            assert TINY.rollouts <= n <= TINY.budget and (n == TINY.budget or (n - TINY.rollouts) % EXTEND == 0)
            assert n == TINY.budget or not straddles(loss.loss, loss.se) or len(full) < 2
            # cross-fitted: never above the best's mean lead (the winner's curse taken out), maybe below 0
            assert loss.loss <= max(full) - full[0] + 1e-9
            assert d.candidates[loss.best].values[view].mean == max(full)
            assert loss.se >= math.sqrt(1 / n) - 1e-12
        assert d.view == "seat" and d.grade == d.grade_in("seat")
        measured = grade(d.losses["seat"].loss, d.losses["seat"].se)
        assert d.grade == measured  # a certain error too: the grade comes from the loss alone (docs/coach.md)


@pytest.mark.parametrize("profile", ["gouji", "baohuang"])
def test_decisions_with_one_legal_option_are_skipped(profile: str) -> None:
    single = 0
    for seed in range(4):
        rep = simulated(seed, profile)
        for i in decision_points(rep):
            if len(legal_options(rep, i)) == 1:
                single += 1
                assert evaluate_decision(rep.engine, rep.states, rep.log.events, i, TINY) is None
    assert single > 0


def test_rollouts_end_and_points_sum_to_zero_in_gouji() -> None:
    rep = simulated(11, "gouji")
    for i in range(0, len(rep.states), 40):
        end = rollout(rep.engine, rep.states[i], random.Random(i))
        assert end.terminal
        assert side_points(rep.engine, end, 0) == -side_points(rep.engine, end, 1)


# -- 3. a whole deal ----------------------------------------------------------------------------


def without_seconds(doc: dict) -> dict:
    return {k: v for k, v in doc.items() if k != "seconds"}


def test_one_seed_one_result_whatever_the_jobs() -> None:
    rep = simulated(4, "gouji")
    s = Settings(rollouts=2, max_candidates=2, seed=3)
    one = evaluate_replay(rep, s, jobs=1, seats=(1,))
    again = evaluate_replay(rep, s, jobs=1, seats=(1,))
    two = evaluate_replay(rep, s, jobs=2, seats=(1,))
    assert one.decisions
    assert without_seconds(one.to_json()) == without_seconds(again.to_json()) == without_seconds(two.to_json())
    other = evaluate_replay(rep, Settings(rollouts=2, max_candidates=2, seed=4), jobs=1, seats=(1,))
    assert without_seconds(other.to_json()) != without_seconds(one.to_json())
    assert [d.index for d in other.decisions] == [d.index for d in one.decisions]
    # every decision point of seat 1 is priced or skipped, and only those
    mine = [i for i in decision_points(rep) if rep.log.events[i].seat == 1]
    assert sorted([d.index for d in one.decisions] + [i for i, _ in one.skipped]) == mine
    assert all(d.seat == 1 for d in one.decisions)
    assert one.rollouts_done == sum(v.n for d in one.decisions for c in d.candidates for v in c.values.values())
    assert one.rollouts_done >= sum(len(d.candidates) * 2 * len(d.losses) for d in one.decisions)
    rows = {r["seat"]: r for r in one.seat_summary()}
    assert rows[1]["decisions"] == len(one.decisions) and rows[0]["decisions"] == 0


def test_workers_started_afresh_when_a_build_finished_meanwhile(monkeypatch: pytest.MonkeyPatch) -> None:
    """A dashboard served while `make run` builds the compiled hot path in the background: once the build is ready
    (``replay.compiled.ready_since_import``), the workers are started afresh (spawn) to load it, not forked from the
    server's modules, and they price the deal exactly as forked ones do."""
    rep = simulated(4, "gouji")
    s = Settings(rollouts=2, max_candidates=2, seed=3)
    methods: list[str] = []
    real = evaluate.get_context

    def recorded(method: str):  # type: ignore[no-untyped-def]
        methods.append(method)
        return real(method)

    monkeypatch.setattr(evaluate, "get_context", recorded)
    forked = evaluate_replay(rep, s, jobs=2, seats=(1,))
    monkeypatch.setattr(evaluate.compiled, "ready_since_import", lambda: True)
    fresh = evaluate_replay(rep, s, jobs=2, seats=(1,))
    assert methods == ["fork", "spawn"]
    assert without_seconds(fresh.to_json()) == without_seconds(forked.to_json())


GO_OUT = """fupan/1 gouji
profile gouji-logged
# seat 1 can go out first with 5S; if it passes, seat 2's BJ goes out, then 4's and 0's: 串三户 for 0, 2, 4
hand 0 4S BJ
hand 1 5S
hand 2 BJ
hand 3 3C 4C 6C 7C 8C 9C 10C JC
hand 4 BJ
hand 5 3D 4D 6D 7D 8D 9D 10D JD
events
0 play 4S
1 pass
"""


def test_passing_instead_of_going_out_is_a_mistake() -> None:
    rep = Replay(parse_text(GO_OUT))
    assert all(v.legal for v in rep.verdicts)
    d = evaluate_decision(rep.engine, rep.states, rep.log.events, 1, Settings(rollouts=8, views=("all",)))
    assert d is not None and d.view == "all"
    labels = [c.label() for c in d.candidates]
    assert labels[0] == "pass" and "play 5S" in labels
    best = d.candidates[d.losses["all"].best]
    assert best.event == Play(1, cards=best.event.cards) and best.label() == "play 5S"
    assert d.grade in ("mistake", "blunder")
    assert d.accuracy < decision_accuracy(MISTAKE, 0.0) + 1e-9
    # the choice made, priced the same way, is the best: no grade
    went = (*rep.log.events[:1], Play(1, cards=best.event.cards))
    rep2 = Replay(parse_text(GO_OUT.replace("1 pass", "1 play 5S")))
    assert rep2.log.events == went
    d2 = evaluate_decision(rep2.engine, rep2.states, rep2.log.events, 1, Settings(rollouts=8, views=("all",)))
    assert d2 is not None and d2.losses["all"].best == 0 and d2.grade is None and d2.accuracy == 100.0


def test_illegal_events_are_not_priced() -> None:
    text = GO_OUT.replace("0 play 4S\n1 pass\n", "0 play 4S\n1 play 9S\n1 pass\n")  # 9S: not in seat 1's hand
    rep = Replay(parse_text(text))
    assert [v.legal for v in rep.verdicts] == [True, False, True]
    assert 1 not in decision_points(rep)
    ev = evaluate_replay(rep, Settings(rollouts=2, views=("all",)), jobs=1)
    assert ev.at(1) is None and 1 not in [i for i, _ in ev.skipped]
    assert ev.at(2) is not None  # the legal pass after it still is


def test_a_log_without_every_hand_is_priced_in_the_seats_view_only() -> None:
    full = simulate_deal(6, "gouji").log
    assert full.hands is not None
    hidden = tuple((None,) * len(h) if s == 3 else h for s, h in enumerate(full.hands))
    rep = Replay(replace(full, hands=hidden))
    s = Settings(rollouts=2, max_candidates=2)
    ev = evaluate_replay(rep, s, jobs=1, seats=(1,))
    assert ev.decisions
    for d in ev.decisions:
        assert set(d.losses) == {"seat"} and d.view == "seat"  # the all-cards view cannot be built
        assert any(n.startswith("all view") for n in d.notes)
    only_all = evaluate_replay(rep, Settings(rollouts=2, max_candidates=2, views=("all",)), jobs=1, seats=(1,))
    assert only_all.decisions == ()
    assert {i for i, _ in only_all.skipped} == {d.index for d in ev.decisions} | {i for i, _ in ev.skipped}
    assert all("all view" in why or why == SINGLE for _, why in only_all.skipped)


# -- 5. grades ------------------------------------------------------------------------------


def test_grade_thresholds() -> None:
    assert (INACCURACY, MISTAKE, BLUNDER) == (0.5, 1.5, 3.0)
    assert grade(0.49, 0.0) is None
    assert grade(0.5, 0.0) == "inaccuracy"
    assert grade(1.49, 0.0) == "inaccuracy"
    assert grade(1.5, 0.0) == "mistake"
    assert grade(2.99, 0.0) == "mistake"
    assert grade(3.0, 0.0) == "blunder"
    assert grade(12.0, 1.0) == "blunder"
    assert grade(0.0, 0.0) is None and grade(-2.0, 0.1) is None


def test_a_loss_within_twice_its_standard_error_is_not_graded() -> None:
    assert grade(3.0, 1.5) is None  # exactly two standard errors: noise
    assert grade(3.0, 1.2) == "inaccuracy"  # 0.6 at least
    assert grade(1.0, 0.5) is None and grade(1.0, 0.24) == "inaccuracy"
    assert counted_loss(2.0, 1.0) == 0.0 and counted_loss(2.0, 0.9) == 2.0
    assert decision_accuracy(2.0, 1.0) == 100.0


def test_identical_rollouts_do_not_pass_for_certainty() -> None:
    # 4 rollouts each, the best always 1 point above the choice made: the floor puts the se at 1/sqrt(4)
    loss = evaluate._loss([[1.0] * 4, [2.0] * 4], actual=0)
    assert loss.best == 1 and loss.loss == 1.0 and loss.se == pytest.approx(0.5)
    assert grade(loss.loss, loss.se) is None
    loss = evaluate._loss([[0.0] * 16, [1.9] * 16], actual=0)
    assert loss.se == pytest.approx(0.25) and grade(loss.loss, loss.se) == "inaccuracy"  # 1.5 not shown: 1.9 - 0.5
    loss = evaluate._loss([[0.0] * 64, [1.9] * 64], actual=0)
    assert loss.se == pytest.approx(0.125) and grade(loss.loss, loss.se) == "mistake"
    tie = evaluate._loss([[1.0, 3.0], [3.0, 1.0]], actual=1)
    assert tie.best == 1 and tie.loss <= 0.0  # a tie goes to the choice made


def test_a_grade_is_what_the_lower_bound_supports() -> None:
    assert grade(2.0, 0.4) == "inaccuracy"  # 1.2 at least: not shown to be a mistake
    assert grade(2.0, 0.2) == "mistake" and grade(3.9, 0.5) == "mistake" and grade(3.9, 0.4) == "blunder"
    assert grade(1.0, 0.2) == "inaccuracy" and grade(1.0, 0.3) is None


def test_a_serious_grade_the_interval_leaves_open_is_undecided() -> None:
    assert undecided(1.2, 0.5) == "mistake" and grade(1.2, 0.5) is None  # 0.2 to 2.2
    assert undecided(2.0, 0.4) == "mistake" and grade(2.0, 0.4) == "inaccuracy"  # 1.2 to 2.8
    assert undecided(3.0, 0.4) == "blunder" and grade(3.0, 0.4) == "mistake"  # 2.2 to 3.8
    assert undecided(2.0, 0.2) is None and undecided(0.5, 0.2) is None  # settled; an inaccuracy left open is not said
    assert undecided(1.2, 0.5) is not None and straddles(1.2, 0.5)
    assert not straddles(2.0, 0.2) and not straddles(0.5, 0.2) and straddles(3.0, 0.4)


def _script(diffs: list[float]) -> Callable[[int, int], float]:
    """Candidate 0 (the choice made) always 0, candidate 1 ``diffs[k]`` in rollout ``k``."""
    return lambda j, k: 0.0 if j == 0 else diffs[k % len(diffs)]


def test_rollouts_go_on_only_while_a_serious_threshold_is_inside() -> None:
    settings = Settings(rollouts=8, max_candidates=2, max_rollouts=32)
    clear = evaluate._schedule(2, _script([5.0]), settings)  # 5 ± 0.35: a blunder at once
    assert [len(v) for v in clear] == [8, 8]
    none = evaluate._schedule(2, _script([0.0]), settings)
    assert [len(v) for v in none] == [8, 8]
    close = evaluate._schedule(2, _script([6.0, -3.0, 1.5]), settings)  # 1.5 ± 0.65 at 32: undecided to the end
    assert [len(v) for v in close] == [32, 32]
    loss = evaluate._loss(close, 0)
    assert straddles(loss.loss, loss.se) and undecided(loss.loss, loss.se) == "mistake"
    more = Settings(rollouts=8, max_candidates=2, max_rollouts=64)
    settled = evaluate._schedule(2, _script([4.0, 0.0, 3.0, 1.0]), more)  # 2 ± 0.6 at 8; settles with more
    n = len(settled[0])
    assert 8 < n < 64 and (n - 8) % EXTEND == 0
    assert not straddles(*_pair(evaluate._loss(settled, 0)))
    assert straddles(*_pair(evaluate._loss([v[: n - EXTEND] for v in settled], 0)))


def _pair(loss: Loss) -> tuple[float, float]:
    return loss.loss, loss.se


def test_the_best_is_not_credited_with_its_luck() -> None:
    # candidates 1 and 2 each lead by 4 on half the rollouts and lose 4 on the other half: no better than the
    # choice made; the best by the mean of every rollout would still show a loss (the winner's curse)
    n = 16
    vals = [[0.0] * n, [4.0 if k % 2 == 0 else -4.0 for k in range(n)], [4.0 if k % 2 else -4.0 for k in range(n)]]
    vals[1][0] += 2.0  # candidate 1 a little ahead overall, by luck
    loss = evaluate._loss(vals, 0)
    assert loss.best == 1 and sum(vals[1]) / n > 0
    assert loss.loss < 0 and grade(loss.loss, loss.se) is None
    lead = [[0.0] * n, [2.0] * n]
    assert evaluate._loss(lead, 0).loss == 2.0  # a true lead is measured whole


def test_accuracy() -> None:
    assert decision_accuracy(0.0, 0.0) == 100.0
    assert decision_accuracy(0.5, 0.0) == pytest.approx(100 * math.exp(-0.25))
    assert round(decision_accuracy(0.5, 0.0)) == 78 and round(decision_accuracy(1.5, 0.0)) == 47
    assert round(decision_accuracy(3.0, 0.0)) == 22
    assert accuracy([]) is None
    assert accuracy([100.0, 50.0]) == 75.0


def test_the_budget_and_each_views_noise() -> None:
    assert Settings().budget == 80 and Settings(rollouts=10).max_rollouts == 40
    assert Settings(rollouts=50, max_rollouts=20).budget == 50  # never fewer than ``rollouts``
    assert Settings().noise_in("seat") == 0.0 and Settings().noise_in("all") == 0.08
    old = {"rollouts": 20, "max_candidates": 4, "seed": 0, "noise": 0.1, "views": ["seat", "all"]}
    made = Settings.from_json(old)  # written before the budget and the seat view's own noise: as it was made
    assert made.budget == 20 and made.seat_noise == 0.1 and made.sampling == "uniform"
    assert Settings.from_json(Settings(seed=3).to_json()) == Settings(seed=3)
    with pytest.raises(ValueError, match="seat_noise"):
        Settings(seat_noise=1.5)
    with pytest.raises(ValueError, match="max_rollouts"):
        Settings(max_rollouts=-1)


def test_settings_are_checked() -> None:
    with pytest.raises(ValueError, match="rollouts"):
        Settings(rollouts=1)
    with pytest.raises(ValueError, match="max_candidates"):
        Settings(max_candidates=1)
    with pytest.raises(ValueError, match="view"):
        Settings(views=("seat", "mine"))
