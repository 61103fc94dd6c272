"""Tests of replay/scoring.py on hand-built finished states: GJ-SCORE (positive_only and net), GJ-SWEEP,
draws, GJ-REVOLUTION places, and failed burners under burn_fail = "dalao" and "flag" (GJ-BURN)."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from replay.climbing.state import OVER, PLAY, VOID, State
from replay.core.cards import parse_cards
from replay.core.hand import Hand
from replay.games.gouji.score import GOUJI_POINTS, gouji_finish_order, score_gouji
from replay.games.gouji.score import team_points as gouji_team_points
from replay.games.gouji.state import GoujiState
from replay.rules.profile import Profile
from replay.rules.profile_loader import load_profile
from replay.score import Score

TEAM0, TEAM1 = (0, 2, 4), (1, 3, 5)
REVOLUTION_HAND = parse_cards("3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AS") * 3  # 36 cards, no joker and no 2


def finished(out: Sequence[int], *, revolution: int = -1, failed: Sequence[int] = (), phase: str = OVER) -> State:
    """A finished deal: ``out`` in finish order, one seat still holding cards, a 革命 seat sitting out."""
    left = [s for s in range(6) if s not in out and s != revolution]
    assert len(left) == 1, left
    last = left[0]
    hands = []
    for s in range(6):
        if s == last:
            hands.append(Hand.dealt(parse_cards("3S 4H 9C")))
        elif s == revolution:
            hands.append(Hand.dealt(REVOLUTION_HAND))
        else:
            hands.append(Hand.dealt([]))
    fields = {
        "n": 6,
        "phase": phase,
        "hands": tuple(hands),
        "out": tuple(out),
        "revolution": revolution,
        "failed": tuple(failed),
    }
    fields["live"] = 1 << last  # seats still playing, as a bit mask
    return GoujiState(**fields)  # type: ignore[arg-type]  # fields of mixed types by name


def profile(**overrides: object) -> Profile:
    return load_profile("gouji").with_overrides(overrides)


POSITIVE = {"score_mode": "positive_only"}
NET = {"score_mode": "net"}


def score(st: State, **overrides: object) -> Score:
    result = score_gouji(st, profile(**overrides))
    assert result is not None
    assert not result.void
    return result


def team_points(s: Score) -> dict[tuple[int, ...], int]:
    return {t.seats: t.points for t in s.teams}


def rules(s: Score) -> set[str]:
    return {rule for rule, _ in s.explain}


def check_places(s: Score, order: Sequence[int]) -> None:
    assert s.finish_order == tuple(order)
    assert [(p.seat, p.place, p.points) for p in s.places] == [
        (seat, k + 1, GOUJI_POINTS[k + 1]) for k, seat in enumerate(order)
    ]
    for k, seat in enumerate(order):
        assert s.place_of(seat) == k + 1


def test_points_per_place() -> None:
    assert GOUJI_POINTS == {1: 4, 2: 2, 3: 0, 4: 0, 5: -2, 6: -4}


# ---------------------------------------------------------------------------------------------
# GJ-SCORE


def test_plain_finish_positive_only() -> None:
    # seed 004's example: one team 1st, 3rd, 5th (4 + 0 - 2 = 2), the other 2nd, 4th, 6th (2 + 0 - 4 = -2)
    s = score(finished((0, 1, 2, 3, 4)), **POSITIVE)
    check_places(s, (0, 1, 2, 3, 4, 5))
    assert team_points(s) == {TEAM0: 2, TEAM1: 0}
    assert {t.seats: t.raw for t in s.teams} == {TEAM0: 2, TEAM1: -2}
    assert not s.sweep
    assert "GJ-SWEEP" not in rules(s)
    assert "GJ-SCORE" in rules(s)


def test_plain_finish_net() -> None:
    s = score(finished((0, 1, 2, 3, 4)), **NET)
    check_places(s, (0, 1, 2, 3, 4, 5))
    assert team_points(s) == {TEAM0: 2, TEAM1: -2}
    assert not s.sweep


def test_plain_finish_the_other_team_wins() -> None:
    order = (3, 2, 5, 0, 1)  # seat 4 is last
    s = score(finished(order), **POSITIVE)
    check_places(s, (*order, 4))
    # team 1: 4 + 0 - 2 = 2 (seats 3, 5, 1); team 0: 2 + 0 - 4 = -2
    assert team_points(s) == {TEAM0: 0, TEAM1: 2}
    assert team_points(score(finished(order), **NET)) == {TEAM0: -2, TEAM1: 2}


def test_gouji_online_scores_net() -> None:
    s = score_gouji(finished((0, 1, 2, 3, 4)), load_profile("gouji-online"))
    assert s is not None and team_points(s) == {TEAM0: 2, TEAM1: -2}
    s = score_gouji(finished((0, 1, 2, 3, 4)), load_profile("gouji"))
    assert s is not None and team_points(s) == {TEAM0: 2, TEAM1: 0}


# ---------------------------------------------------------------------------------------------
# GJ-SWEEP 串三户


def test_sweep_positive_only() -> None:
    s = score(finished((0, 2, 4, 1, 3)), **POSITIVE)
    check_places(s, (0, 2, 4, 1, 3, 5))
    assert s.sweep
    assert team_points(s) == {TEAM0: 12, TEAM1: 0}
    assert {t.seats: t.raw for t in s.teams} == {TEAM0: 6, TEAM1: -6}
    assert "GJ-SWEEP" in rules(s)


def test_sweep_net() -> None:
    s = score(finished((0, 2, 4, 1, 3)), **NET)
    assert s.sweep
    assert team_points(s) == {TEAM0: 12, TEAM1: -12}


def test_sweep_by_team_one_in_any_order() -> None:
    s = score(finished((5, 1, 3, 4, 0)), **NET)
    check_places(s, (5, 1, 3, 4, 0, 2))
    assert s.sweep
    assert team_points(s) == {TEAM0: -12, TEAM1: 12}


def test_first_two_places_are_not_a_sweep() -> None:
    s = score(finished((0, 2, 1, 4, 3)), **NET)
    assert not s.sweep
    # team 0: 4 + 2 + 0 = 6; team 1: 0 - 2 - 4 = -6
    assert team_points(s) == {TEAM0: 6, TEAM1: -6}


# ---------------------------------------------------------------------------------------------
# Draw


@pytest.mark.parametrize("mode", [POSITIVE, NET], ids=["positive_only", "net"])
def test_draw(mode: dict[str, str]) -> None:
    # team 0 takes 1st, 4th, 6th (4 + 0 - 4), team 1 takes 2nd, 3rd, 5th (2 + 0 - 2): both 0
    s = score(finished((0, 1, 3, 2, 5)), **mode)
    check_places(s, (0, 1, 3, 2, 5, 4))
    assert team_points(s) == {TEAM0: 0, TEAM1: 0}
    assert {t.seats: t.raw for t in s.teams} == {TEAM0: 0, TEAM1: 0}
    assert not s.sweep


# ---------------------------------------------------------------------------------------------
# GJ-REVOLUTION


def test_revolution_seat_ranks_fourth() -> None:
    st = finished((0, 2, 3, 4), revolution=1)
    s = score(st, **NET)
    check_places(s, (0, 2, 3, 1, 4, 5))
    assert s.place_of(1) == 4
    # team 0: 4 + 2 - 2 = 4; team 1: 0 (3rd) + 0 (4th) - 4 = -4
    assert team_points(s) == {TEAM0: 4, TEAM1: -4}
    assert not s.sweep
    assert "GJ-REVOLUTION" in rules(s)


def test_revolution_does_not_stop_a_sweep_by_the_other_team() -> None:
    st = finished((0, 2, 4, 3), revolution=1)
    s = score(st, **POSITIVE)
    check_places(s, (0, 2, 4, 1, 3, 5))
    assert s.place_of(1) == 4
    assert s.sweep
    assert team_points(s) == {TEAM0: 12, TEAM1: 0}


def test_revolution_seat_ranks_third_when_its_teammates_take_first_and_second() -> None:
    st = finished((3, 5, 0, 2), revolution=1)
    s = score(st, **NET)
    check_places(s, (3, 5, 1, 0, 2, 4))
    assert s.place_of(1) == 3
    # the revolutionary's team took 1st, 2nd and 3rd: the other team is swept
    assert s.sweep
    assert team_points(s) == {TEAM0: -12, TEAM1: 12}
    assert team_points(score(st, **POSITIVE)) == {TEAM0: 0, TEAM1: 12}


def test_revolution_teammates_first_and_second_in_either_order() -> None:
    s = score(finished((5, 3, 2, 4), revolution=1), **NET)
    check_places(s, (5, 3, 1, 2, 4, 0))
    assert s.sweep


def test_revolution_one_teammate_first_is_not_enough() -> None:
    s = score(finished((3, 0, 5, 2), revolution=1), **NET)
    check_places(s, (3, 0, 5, 1, 2, 4))
    assert s.place_of(1) == 4
    assert not s.sweep


def test_two_revolutions_void_the_deal() -> None:
    st = finished((0, 2, 3, 4), revolution=1, phase=VOID)
    s = score_gouji(st, profile())
    assert s is not None
    assert s.void
    assert s.places == () and s.teams == ()
    assert "GJ-REVOLUTION" in rules(s)


def test_unfinished_deal_has_no_score() -> None:
    st = finished((0, 1, 2, 3, 4), phase=PLAY)
    assert score_gouji(st, profile()) is None


# ---------------------------------------------------------------------------------------------
# GJ-BURN: failed burners


def test_failed_burner_becomes_last_under_dalao() -> None:
    st = finished((0, 1, 2, 3, 4), failed=(2,))
    s = score(st, burn_fail="dalao", **NET)
    check_places(s, (0, 1, 3, 4, 5, 2))
    assert s.place_of(2) == 6
    # team 0: 4 (0) + 0 (4) - 4 (2) = 0; team 1: 2 (1) + 0 (3) - 2 (5) = 0
    assert team_points(s) == {TEAM0: 0, TEAM1: 0}
    assert "GJ-BURN" in rules(s)


def test_second_failed_burner_becomes_fifth_under_dalao() -> None:
    st = finished((0, 1, 2, 3, 4), failed=(2, 1))
    s = score(st, burn_fail="dalao", **NET)
    check_places(s, (0, 3, 4, 5, 1, 2))
    assert s.place_of(2) == 6  # the first to fail is 大落
    assert s.place_of(1) == 5  # the second 二落
    # team 0: 4 (0) + 0 (4) - 4 (2) = 0; team 1: 2 (3) + 0 (5) - 2 (1) = 0
    assert team_points(s) == {TEAM0: 0, TEAM1: 0}


def test_a_seat_failing_twice_counts_once_under_dalao() -> None:
    s = score(finished((0, 1, 2, 3, 4), failed=(2, 2, 1)), burn_fail="dalao")
    check_places(s, (0, 3, 4, 5, 1, 2))


def test_failed_burner_who_went_out_first_under_dalao() -> None:
    st = finished((4, 0, 2, 1, 3), failed=(4,))
    s = score(st, burn_fail="dalao", **NET)
    check_places(s, (0, 2, 1, 3, 5, 4))
    assert not s.sweep
    # team 0: 4 (0) + 2 (2) - 4 (4) = 2; team 1: 0 (1) + 0 (3) - 2 (5) = -2
    assert team_points(s) == {TEAM0: 2, TEAM1: -2}
    # without the failure team 0 had swept
    assert score(st, burn_fail="flag", **NET).sweep


def test_failed_burner_breaks_a_sweep_under_dalao() -> None:
    st = finished((0, 2, 4, 1, 3), failed=(4,))
    s = score(st, burn_fail="dalao", **NET)
    check_places(s, (0, 2, 1, 3, 5, 4))
    assert not s.sweep
    # team 0: 4 + 2 - 4 = 2; team 1: 0 + 0 - 2 = -2
    assert team_points(s) == {TEAM0: 2, TEAM1: -2}


@pytest.mark.parametrize("failed", [(2,), (2, 1)])
def test_failed_burners_are_only_flagged_under_flag(failed: tuple[int, ...]) -> None:
    st = finished((0, 1, 2, 3, 4), failed=failed)
    s = score(st, burn_fail="flag", **NET)
    check_places(s, (0, 1, 2, 3, 4, 5))
    assert team_points(s) == {TEAM0: 2, TEAM1: -2}
    assert "GJ-BURN" not in rules(s)
    order, explain = gouji_finish_order(st, profile(burn_fail="flag"))
    assert order == (0, 1, 2, 3, 4, 5) and explain == []


def test_gouji_online_moves_a_failed_burner() -> None:
    st = finished((0, 1, 2, 3, 4), failed=(2,))
    s = score_gouji(st, load_profile("gouji-online"))
    assert s is not None and s.finish_order == (0, 1, 3, 4, 5, 2)
    s = score_gouji(st, load_profile("gouji"))
    assert s is not None and s.finish_order == (0, 1, 2, 3, 4, 5)


# ---------------------------------------------------------------------------------------------
# JSON


def test_score_json() -> None:
    s = score(finished((0, 2, 4, 1, 3)), **NET)
    doc = s.to_json()
    assert list(doc) == ["finish_order", "places", "teams", "sweep", "void"]
    assert doc["finish_order"] == [0, 2, 4, 1, 3, 5]
    assert doc["places"][0] == {"seat": 0, "place": 1, "points": 4}
    assert doc["places"][-1] == {"seat": 5, "place": 6, "points": -4}
    assert doc["teams"] == [{"seats": [0, 2, 4], "points": 12}, {"seats": [1, 3, 5], "points": -12}]
    assert doc["sweep"] is True


# -- a rollout's worth, without the score's words -------------------------------------------------


def _worth_cases() -> list[tuple[State, dict[str, object]]]:
    """Finished deals of every kind the score tells apart: plain, 串三户 by either team, a 革命 ranked 3rd or
    4th, failed burners under dalao and under flag, a void deal; each under both score modes."""
    states = [
        finished((0, 1, 2, 3, 4)),
        finished((1, 3, 5, 0, 2)),
        finished((0, 2, 4, 1, 3)),
        finished((1, 3, 0, 2), revolution=4),
        finished((0, 2, 1, 3), revolution=4),
        finished((0, 1, 2, 3, 4), failed=(0,)),
        finished((0, 1, 2, 3, 4), failed=(2, 5, 2)),
        finished((0, 1, 2, 3, 4), phase=VOID),
    ]
    out = []
    for st in states:
        for mode in (POSITIVE, NET):
            for burn in ("dalao", "flag"):
                out.append((st, {**mode, "burn_fail": burn}))
    return out


@pytest.mark.parametrize(("st", "overrides"), _worth_cases())
def test_team_points_are_the_scores_raw_sum_doubled_after_a_sweep(st: State, overrides: dict[str, object]) -> None:
    """``team_points`` (what a rollout is worth) is the score's raw sum per team, doubled after 串三户, 0 for a void
    deal: the same ranking (``finish_order``) and the same sums as ``score_gouji``, without its explanations."""
    prof = profile(**overrides)
    sc = score_gouji(st, prof)
    assert sc is not None
    for team in (0, 1):
        want = 0 if sc.void else sc.teams[team].raw * (2 if sc.sweep else 1)
        assert gouji_team_points(st, prof, team) == want


def test_team_points_of_an_unfinished_deal_are_zero() -> None:
    st = finished((0, 1, 2, 3, 4), phase=PLAY)
    assert score_gouji(st, profile()) is None
    assert gouji_team_points(st, profile(), 0) == 0
