"""season/trends.py: a player's deals over time, with rolling means and ratings (issue 38, item 4).

Five made-up 够级 deals of player A (one dated before the others though entered last, one undated) whose rolling
means are worked out by hand; per-deal figures from ``extra`` with gaps; the ratings after each deal; a date range,
a day's deals and the table by day; and simulated 保皇 deals, whose trend must end at the player's rating."""

from __future__ import annotations

import math

import pandas as pd
import pytest
from season_deals import simulated_season, teams_deal

from season.ratings import rate_deals
from season.results import DealResult
from season.trends import TREND_COLUMNS, between, by_day, deals_at, trend


def season() -> list[DealResult]:
    """A's deals, in the order played: 10 (-3, lost), 1 (+3, won), 2 (+1, lost), 3 (-1, level), 4 (+5, won,
    undated); deal 5 is without A."""
    return [
        teams_deal(1, "ABCDEF", [3, -2, 1, -1, 0, -1], "2026-11-01"),
        teams_deal(2, "ABCDFE", [1, 2, -1, 1, -2, -1], "2026-11-02"),
        teams_deal(3, "FADCEB", [1, -1, 0, 1, -1, 0], "2026-11-02"),
        teams_deal(4, "ABCDEF", [5, 0, 0, 0, 0, -5], ""),
        teams_deal(5, "GBCDEF", [1, -1, 1, -1, 1, -1], "2026-11-02"),
        teams_deal(10, "ABCDEF", [-3, 1, 0, 1, 0, 1], "2026-10-30"),
    ]


def extra() -> pd.DataFrame:
    """Evaluations of A's deals 10, 2 and 4 (none of 1 and 3), and of B's deal 1."""
    return pd.DataFrame(
        {
            "deal_id": [10, 2, 4, 1],
            "player": ["A", "A", "A", "B"],
            "accuracy": [0.8, 0.6, 1.0, 0.1],
            "mistakes": [2, 0, 1, 9],
        }
    )


def test_rows_in_the_order_played_with_rolling_means() -> None:
    t = trend(season(), "A", window=2)
    assert list(t.columns) == TREND_COLUMNS
    assert list(t["deal_id"]) == [10, 1, 2, 3, 4]
    assert list(t["n"]) == [1, 2, 3, 4, 5]
    assert list(t["date"]) == ["2026-10-30", "2026-11-01", "2026-11-02", "2026-11-02", ""]
    assert list(t["points"]) == [-3.0, 3.0, 1.0, -1.0, 5.0]
    assert list(t["won"]) == [0.0, 1.0, 0.0, 0.5, 1.0]
    assert list(t["side"]) == [-3.0, 4.0, -2.0, 0.0, 5.0]  # the team's summed points
    assert list(t["points_mean"]) == [-3.0, 0.0, 2.0, 0.0, 2.0]
    assert list(t["won_mean"]) == [0.0, 0.5, 0.5, 0.25, 0.75]
    three = trend(season(), "A", window=3)
    assert list(three["points_mean"]) == pytest.approx([-3.0, 0.0, 1 / 3, 1.0, 5 / 3])
    assert list(trend(season(), "A")["points_mean"]) == pytest.approx([-3.0, 0.0, 1 / 3, 0.0, 1.0])  # window 10


def test_extra_figures_with_gaps() -> None:
    t = trend(season(), "A", extra(), window=2)
    assert list(t.columns) == [*TREND_COLUMNS, "accuracy", "accuracy_mean", "mistakes", "mistakes_mean"]
    assert t["accuracy"].tolist()[0] == 0.8 and math.isnan(t["accuracy"][1]) and math.isnan(t["accuracy"][3])
    assert list(t["accuracy_mean"]) == pytest.approx([0.8, 0.8, 0.6, 0.6, 1.0])  # a NaN is skipped
    assert list(t["mistakes_mean"]) == pytest.approx([2.0, 2.0, 0.0, 0.0, 1.0])
    indexed = trend(season(), "A", extra().set_index(["deal_id", "player"]), window=2)
    pd.testing.assert_frame_equal(indexed, t)
    none = trend(season(), "A", extra().iloc[3:], window=2)  # only B's row
    assert none["accuracy"].isna().all() and none["accuracy_mean"].isna().all()


def test_bad_extra_and_window_are_refused() -> None:
    with pytest.raises(ValueError, match="two rows"):
        trend(season(), "A", pd.concat([extra(), extra()]))
    with pytest.raises(ValueError, match="own columns"):
        trend(season(), "A", extra().rename(columns={"accuracy": "points"}))
    with pytest.raises(ValueError, match="missing: player"):
        trend(season(), "A", extra().drop(columns="player"))
    with pytest.raises(ValueError, match="window"):
        trend(season(), "A", window=0)


def test_ratings_after_each_deal() -> None:
    deals = season()
    ratings = rate_deals(deals)
    history = ratings.history[ratings.history["player"] == "A"]
    t = trend(deals, "A")
    assert list(t["mu"]) == pytest.approx(list(history["mu"]))
    assert list(t["ordinal"]) == pytest.approx(list(history["ordinal"]))
    assert t["mu"].iloc[0] < 25.0 < t["mu"].iloc[0] + 10 and t["mu"].iloc[1] > t["mu"].iloc[0]  # lost, then won
    given = trend(deals, "A", ratings=ratings)
    pd.testing.assert_frame_equal(given, t)
    partial = trend(deals, "A", ratings=rate_deals(deals[:2]))  # rated deals 1 and 2 only
    assert partial["mu"].isna().tolist() == [True, False, False, True, True]


def test_a_player_in_no_deal() -> None:
    t = trend(season(), "Nobody", extra())
    assert t.empty and list(t.columns)[: len(TREND_COLUMNS)] == TREND_COLUMNS
    assert between(t, "2026-11-01", "2026-11-30").empty
    assert deals_at(t, "2026-11-01") == []
    assert by_day(t).empty
    assert trend([], "A").empty


def test_between_a_date_range() -> None:
    t = trend(season(), "A", window=2)
    inside = between(t, "2026-11-01", "2026-11-02")
    assert list(inside["deal_id"]) == [1, 2, 3]
    assert list(inside["points_mean"]) == [0.0, 2.0, 0.0]  # over the whole season, deal 10 included
    assert list(inside.index) == [0, 1, 2]
    assert list(between(t, None, "2026-10-31")["deal_id"]) == [10]
    assert list(between(t, "2026-11-02")["deal_id"]) == [2, 3]  # the undated deal 4 is in no range
    assert list(between(t, "2026-11-02", "2026-11-02")["deal_id"]) == [2, 3]  # both ends included
    assert list(between(t)["deal_id"]) == [10, 1, 2, 3, 4]  # no range: every deal
    assert list(between(t, "", "")["deal_id"]) == [10, 1, 2, 3, 4]
    assert between(t, "2026-12-01", "2026-12-31").empty
    with pytest.raises(ValueError):
        between(t, "1 Nov 2026")


def test_the_deals_of_a_day_and_the_table_by_day() -> None:
    t = trend(season(), "A", extra(), window=2)
    assert deals_at(t, "2026-11-02") == [2, 3]
    assert deals_at(t, "") == [4]
    assert deals_at(t, "2026-11-05") == []
    days = by_day(t)
    assert list(days["date"]) == ["2026-10-30", "2026-11-01", "2026-11-02"]
    assert list(days["deals"]) == [1, 1, 2]
    assert list(days["deal_ids"]) == [(10,), (1,), (2, 3)]
    second = days.iloc[2]
    assert (second["points"], second["won"], second["side"]) == (0.0, 0.25, -1.0)  # the day's means
    assert second["accuracy"] == 0.6  # deal 3 has no evaluation
    assert second["points_mean"] == 0.0 and second["mu"] == t["mu"].iloc[3]  # after the day's last deal


def test_simulated_baohuang_trend_ends_at_the_rating() -> None:
    pool = [f"P{k}" for k in range(7)]
    deals = simulated_season("baohuang", 900, 24, pool, 5, rng_seed=11)
    ratings = rate_deals(deals)
    for player in pool:
        t = trend(deals, player, ratings=ratings, window=5)
        mine = [d for d in deals if player in d.players()]
        assert list(t["deal_id"]) == [d.deal_id for d in mine]  # one date: by id
        found = ratings.of(player)
        assert found is not None and t["mu"].iloc[-1] == pytest.approx(found.mu)
        assert set(t["won"]) <= {0.0, 0.5, 1.0}
        assert t["points_mean"].iloc[-1] == pytest.approx(t["points"].iloc[-5:].mean())
        assert deals_at(t, "2026-11-29") == list(t["deal_id"])
