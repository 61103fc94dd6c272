"""The season's printable report (season.report): standings counted by hand, the ratings' order, partners with the
too-few rule, the rulings; one self-contained page (no script, no link, nothing fetched) with every name escaped."""

from __future__ import annotations

import math
import re

import pytest

from season.ratings import rate_deals
from season.report import RulingRow, season_report, standings
from season.results import DealResult, SeatResult

POINTS = (4, 2, 0, 0, -2, -4)


def deal(deal_id: int, names: list[str], order: list[int], sheet: bool = True) -> DealResult:
    """A 够级 deal of ``names`` (by seat) with the seats placed in ``order``."""
    place = {s: k + 1 for k, s in enumerate(order)}
    seats = tuple(SeatResult(s, names[s], str(s % 2), place[s], float(POINTS[place[s] - 1])) for s in range(6))
    return DealResult(deal_id, "gouji", f"2026-11-{deal_id:02d}", seats, sheet, (), "Cup")


NAMES = ["<b>Ann</b>", "Bo", "Cai", "Dong", "Eve", "Fei"]
DEALS = [deal(1, NAMES, [0, 1, 2, 3, 4, 5]), deal(2, NAMES, [1, 0, 3, 2, 5, 4], sheet=False)]


def test_standings_are_counted_as_by_hand() -> None:
    table = standings(DEALS).set_index("player")
    ann = table.loc["<b>Ann</b>"]
    assert (ann["deals"], ann["sheets"], ann["total"], ann["mean"], ann["place"]) == (2, 1, 6.0, 3.0, 1.5)
    # deal 1: team 0 (Ann 4, Cai 0, Eve -2 = 2) beats team 1 (2, 0, -4 = -2); deal 2: team 1 (4, 0, -2) beats team 0
    assert ann["won"] == 1.0 and table.loc["Bo", "won"] == 1.0
    assert list(table.index[:2]) == ["<b>Ann</b>", "Bo"]  # 6 points each, then by name
    assert math.isclose(table["total"].sum(), 0.0)


def test_a_win_is_counted_as_the_partners_and_the_ratings_count_it() -> None:
    """Sides of one seat each with places (a 保皇 deal whose roles are not known) rank by place, not by points: the
    first placed wins even where another seat took as many points; three sides level at the top share as two do."""
    names = ["A", "B", "C", "D", "E"]
    one = DealResult(
        1, "baohuang", "2026-11-01", tuple(SeatResult(s, names[s], f"s{s}", s + 1, 2.0) for s in range(5))
    )  # every seat its own side, all on 2 points: A placed first
    level = DealResult(
        2, "gouji", "2026-11-02", tuple(SeatResult(s, names[s], str(s % 3), None, 1.0) for s in range(3))
    )
    table = standings([one, level]).set_index("player")
    assert table.loc["A", "won"] == 1.5 and table.loc["B", "won"] == 0.5 and table.loc["D", "won"] == 0.0


def test_the_page_is_self_contained_and_escapes_every_name() -> None:
    rulings = [RulingRow(2, 7, 12, "upheld", "老王 <i>", "GJ-BURN", 'said "<script>alert(1)</script>"')]
    page = season_report("Cup <2026>", DEALS, rate_deals(DEALS), rulings, "en")
    assert "<script" not in page and "<b>Ann" not in page and "<i>" not in page
    assert "&lt;b&gt;Ann&lt;/b&gt;" in page and "Cup &lt;2026&gt;" in page and "&lt;script&gt;" in page
    assert not re.search(r"(src|href)=", page) and "http" not in page
    for title in ("Standings", "Ratings", "Partners", "Referee&#x27;s rulings"):
        assert f"<h2>{title}</h2>" in page
    assert "upheld" in page and "GJ-BURN" in page and ">7<" in page  # the deal's number in its match
    assert page.count("too few deals") == 12  # each player's two partners, one or two deals each: too few


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_the_page_is_in_one_language(lang: str) -> None:
    page = season_report("Cup", DEALS, rate_deals(DEALS), (), lang)
    assert ("积分榜" in page) == (lang == "zh") and ("Standings" in page) == (lang == "en")
    assert ("没有" in page) == (lang == "zh")  # no rulings
    with pytest.raises(ValueError):
        season_report("Cup", DEALS, rate_deals(DEALS), (), "fr")
