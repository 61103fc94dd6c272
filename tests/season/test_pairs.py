"""season/pairs.py: a player's results with each partner and against each opponent and 对头 (issue 38, item 3).

Three made-up 够级 deals whose means, intervals and shares are worked out by hand; 保皇's partners changing from
deal to deal (and none where the roles are not known); 升级's figure of levels and its 对家, no 对头; the t
quantiles; and simulated 够级 deals, whose tables must add up: two partners, three opponents and one 对头 a deal."""

from __future__ import annotations

import math

import pandas as pd
import pytest
from season_deals import simulated_season, teams_deal

from season.pairs import (
    MIN_DEALS,
    PAIR_COLUMNS,
    interval,
    opponents,
    opposite,
    partners,
    t_quantile,
    t_within,
)
from season.results import DealResult, SeatResult

T2 = 4.302652729749459  # Student's t, 97.5 % quantile, 2 degrees of freedom
T1 = 12.706204736174676  # 1 degree of freedom


def three_deals() -> list[DealResult]:
    """A sits with C each time: deal 1 won (A +3, the team +4), deal 2 lost (A +1, the team -2), deal 3 level (A -1,
    the team 0); given latest first, so that the tables must put them in the order played."""
    return [
        teams_deal(3, "FADCEB", [1, -1, 0, 1, -1, 0], "2026-11-03"),  # A seat 1 (side "1": A, C, B), 对头 seat 4: E
        teams_deal(2, "ABCDFE", [1, 2, -1, 1, -2, -1], "2026-11-02"),  # A seat 0 (A, C, F), 对头 seat 3: D
        teams_deal(1, "ABCDEF", [3, -2, 1, -1, 0, -1], "2026-11-01"),  # A seat 0 (A, C, E), 对头 seat 3: D
    ]


def row(frame: pd.DataFrame, player: str) -> pd.Series:
    found = frame[frame["player"] == player]
    assert len(found) == 1, (player, frame)
    return found.iloc[0]


def test_partners_by_hand() -> None:
    table = partners(three_deals(), "A")
    assert list(table.columns) == PAIR_COLUMNS
    assert list(table["player"]) == ["C", "E", "F", "B"]  # by deals, then mean: C 3 deals; E +3, F +1, B -1
    c = row(table, "C")
    assert c["deals"] == 3 and c["deal_ids"] == (1, 2, 3)  # in the order played
    assert c["mean"] == pytest.approx(1.0)  # (3 + 1 - 1) / 3
    half = T2 * 2.0 / math.sqrt(3)  # the points' sample standard deviation is 2
    assert (c["low"], c["high"]) == (pytest.approx(1 - half), pytest.approx(1 + half))
    assert c["won"] == pytest.approx(0.5)  # won, lost, level
    assert c["side_mean"] == pytest.approx(2 / 3)  # (4 - 2 + 0) / 3
    assert c["too_few"]
    e = row(table, "E")
    assert (e["deals"], e["mean"], e["won"], e["side_mean"], e["deal_ids"]) == (1, 3.0, 1.0, 4.0, (1,))
    assert math.isnan(e["low"]) and math.isnan(e["high"])  # one deal: no interval
    assert e["too_few"]
    assert row(table, "B")["won"] == 0.5  # deal 3, level


def test_opponents_by_hand() -> None:
    table = opponents(three_deals(), "A")
    assert list(table["player"]) == ["D", "B", "F", "E"]  # D 3 deals; then B +2, F +1, E 0 over two each
    b = row(table, "B")
    assert (b["deals"], b["mean"], b["deal_ids"]) == (2, 2.0, (1, 2))
    assert (b["low"], b["high"]) == (pytest.approx(2 - T1), pytest.approx(2 + T1))  # sd √2, se 1
    assert b["won"] == 0.5 and b["side_mean"] == pytest.approx(1.0)  # won 4, lost -2
    f = row(table, "F")
    assert (f["deal_ids"], f["won"], f["mean"]) == ((1, 3), 0.75, 1.0)
    assert row(table, "D")["deal_ids"] == (1, 2, 3)


def test_opposite_is_the_seat_across() -> None:
    table = opposite(three_deals(), "A")
    assert list(table["player"]) == ["D", "E"]
    d, e = row(table, "D"), row(table, "E")
    assert (d["deals"], d["mean"], d["deal_ids"]) == (2, 2.0, (1, 2))
    assert (e["deals"], e["mean"], e["deal_ids"]) == (1, -1.0, (3,))


def test_a_player_in_no_deal_gets_empty_tables() -> None:
    for f in (partners, opponents, opposite):
        table = f(three_deals(), "Nobody")
        assert table.empty and list(table.columns) == PAIR_COLUMNS
        assert table["deals"].dtype == "int64" and table["too_few"].dtype == bool
    assert partners([], "A").empty


def test_ten_deals_are_enough() -> None:
    deals = [teams_deal(k, "ABCDEF", [float(k % 3), 0, 0, 0, 0, 0]) for k in range(MIN_DEALS)]
    deals.append(teams_deal(99, "AFBDEC", [1, 0, 0, 0, 0, 0]))
    table = partners(deals, "A")
    c, b = row(table, "C"), row(table, "B")
    assert c["deals"] == MIN_DEALS and not c["too_few"]
    assert b["deals"] == 1 and b["too_few"]
    assert row(opponents(deals, "A"), "B")["deals"] == MIN_DEALS


def test_a_seat_without_points_counts_as_a_deal_not_in_the_mean() -> None:
    deals = three_deals()
    first = deals[2]
    seats = tuple(
        SeatResult(s.seat, s.player, s.side, s.place, None if s.player == "A" else s.points) for s in first.seats
    )
    deals[2] = DealResult(first.deal_id, first.game, first.date, seats)
    c = row(partners(deals, "A"), "C")
    assert c["deals"] == 3 and c["mean"] == pytest.approx(0.0)  # (1 - 1) / 2
    assert c["side_mean"] == pytest.approx((1 - 2 + 0) / 3)  # the side's figure counts a missing point as 0


def baohuang(deal_id: int, roles: dict[str, str], points: dict[str, float]) -> DealResult:
    seats = tuple(SeatResult(k, n, r, None, points[n]) for k, (n, r) in enumerate(roles.items()))
    return DealResult(deal_id, "baohuang", "2026-11-01", seats)


def test_baohuang_partners_change_from_deal_to_deal() -> None:
    deals = [
        # A the 皇帝 with B its 保皇派: won, A +4
        baohuang(1, dict(A="emperor", B="loyalist", C="rebel", D="rebel", E="rebel"), dict(A=4, B=2, C=-2, D=-2, E=-2)),
        # A a rebel with C and D against B the 皇帝 and E its 保皇派: the rebels lost, A -1
        baohuang(2, dict(B="emperor", A="rebel", C="rebel", D="rebel", E="loyalist"), dict(A=-1, B=2, C=-1, D=-1, E=1)),
        # A the 皇帝 alone (独保): no partner; lost, A -8
        baohuang(3, dict(A="solo", B="rebel", C="rebel", D="rebel", E="rebel"), dict(A=-8, B=2, C=2, D=2, E=2)),
        # the 保皇派 not known: every seat alone, no partner
        baohuang(4, dict(A="emperor", B="", C="", D="", E=""), dict(A=1, B=0, C=0, D=0, E=-1)),
    ]
    table = partners(deals, "A")
    assert sorted(zip(table["player"], table["deal_ids"], strict=True)) == [("B", (1,)), ("C", (2,)), ("D", (2,))]
    assert row(table, "B")["won"] == 1.0 and row(table, "B")["side_mean"] == 6.0
    assert row(table, "C")["won"] == 0.0 and row(table, "C")["side_mean"] == -3.0
    foes = opponents(deals, "A")
    assert row(foes, "B")["deal_ids"] == (2, 3, 4)  # the 皇帝, a rebel, a seat of its own
    assert row(foes, "E")["deal_ids"] == (1, 2, 3, 4)
    assert row(foes, "E")["won"] == pytest.approx((1 + 0 + 0 + 1) / 4)  # deal 4: A +1 first alone
    assert opposite(deals, "A").empty  # five seats: nobody sits opposite
    assert list(opposite(deals, "A").columns) == PAIR_COLUMNS


def shengji(deal_id: int, names: str, card_points: tuple[float, float], levels: tuple[float, float]) -> DealResult:
    seats = tuple(SeatResult(k, n, str(k % 2), None, card_points[k % 2]) for k, n in enumerate(names))
    return DealResult(deal_id, "shengji", "2026-11-01", seats, standing=(("0", levels[0]), ("1", levels[1])))


def test_shengji_side_mean_is_levels_and_the_seat_across_is_a_partner() -> None:
    deals = [
        shengji(1, "ABCD", (40, 60), (0, 0)),
        shengji(2, "ABCD", (20, 80), (0, 2)),
        shengji(3, "ADCB", (90, 10), (3, 0)),
    ]
    c = row(partners(deals, "A"), "C")
    assert (c["deals"], c["mean"], c["side_mean"]) == (3, 50.0, 1.0)  # card points 40 20 90; levels 0 0 3
    assert c["won"] == pytest.approx((0.5 + 0 + 1) / 3)  # ranked by levels, not card points: deal 1 level
    assert opposite(deals, "A").empty  # the seat across is A's partner (对家), no 对头
    assert set(opponents(deals, "A")["player"]) == {"B", "D"}


def test_mixed_games_and_a_player_at_two_seats_are_refused() -> None:
    with pytest.raises(ValueError, match="one game"):
        partners([*three_deals(), shengji(9, "ABCD", (40, 60), (0, 1))], "A")
    with pytest.raises(ValueError, match="two seats"):
        opponents([teams_deal(1, "ABCAEF", [0] * 6)], "A")


def test_t_quantiles() -> None:
    assert t_quantile(1) == pytest.approx(T1, abs=1e-9)
    assert t_quantile(2) == pytest.approx(T2, abs=1e-9)
    for df, t in [(9, 2.262157), (30, 2.042272), (100, 1.983972), (101, 1.983731), (1000, 1.962339)]:
        assert t_quantile(df) == pytest.approx(t, abs=1e-6)
    assert t_within(t_quantile(7), 7) == pytest.approx(0.95)
    assert t_quantile(10**6) == pytest.approx(1.959966, abs=1e-5)
    assert all(math.isnan(v) for v in interval([]))
    assert interval([1.0, math.nan, 3.0]) == (2.0, pytest.approx(2 - T1), pytest.approx(2 + T1))
    assert interval([5.0, 5.0]) == (5.0, 5.0, 5.0)


def test_simulated_gouji_tables_add_up() -> None:
    pool = [f"P{k}" for k in range(9)]
    deals = simulated_season("gouji", 500, 40, pool, 6, rng_seed=7)
    for player in pool:
        mine = [d for d in deals if player in d.players()]
        n = len(mine)
        assert n > 0
        mates, foes, across = partners(deals, player), opponents(deals, player), opposite(deals, player)
        assert mates["deals"].sum() == 2 * n
        assert foes["deals"].sum() == 3 * n
        assert across["deals"].sum() == n
        assert player not in set(mates["player"]) | set(foes["player"])
        ids = {d.deal_id for d in mine}
        for table, per_deal in ((mates, 2), (foes, 3), (across, 1)):
            counted: dict[int, int] = {}
            for got in table["deal_ids"]:
                for i in got:
                    counted[i] = counted.get(i, 0) + 1
            assert counted == dict.fromkeys(ids, per_deal)
        assert (mates["too_few"] == (mates["deals"] < MIN_DEALS)).all()
        with_ci = mates[mates["deals"] >= 2]
        assert ((with_ci["low"] <= with_ci["mean"]) & (with_ci["mean"] <= with_ci["high"])).all()
        # the player's mean points over all its deals is the partners' means weighted by deals (each deal twice)
        own = sum(next(s.points or 0.0 for s in d.seats if s.player == player) for d in mine) / n
        assert float((mates["mean"] * mates["deals"]).sum()) / (2 * n) == pytest.approx(own)
