"""The Season page (issue 38, items 2-4 and 6): a game's ratings (a leaderboard, each rating over the deals), a
chosen player's partners, opponents and 对头 down to the deals, the player's trends within a date range, and the
season's report; score sheets without moves counted as any deal."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from app_pages import empty_library, open_tab
from streamlit.testing.v1 import AppTest

from data.sheets import import_sheets

TIMEOUT = 60
POOL = ["Ann", "Bo", "Cai", "Dong", "Eve", "Fei", "Gu", "Hu"]


def season_csv(deals: int, seed: int = 3) -> str:
    """A 够级 season of score sheets: players drawn from ``POOL``; Ann first, her teammates next (her team always wins),
    the other team's places drawn."""
    rng = random.Random(seed)
    lines = ["game,date,match,seat0,seat1,seat2,seat3,seat4,seat5,finish"]
    for k in range(deals):
        players = rng.sample(POOL, 6)
        if "Ann" not in players:
            players[0] = "Ann"
        ann = players.index("Ann")
        mates = [s for s in range(6) if s != ann and s % 2 == ann % 2]
        others = [s for s in range(6) if s % 2 != ann % 2]
        rng.shuffle(mates)
        rng.shuffle(others)
        order = [ann, *mates, *others]
        day = f"2026-11-{1 + k // 4:02d}"
        lines.append(
            f"gouji,{day},{'秋季联赛' if k < deals // 2 else '冬季联赛'},{','.join(players)},{' '.join(map(str, order))}"
        )
    return "\n".join(lines) + "\n"


def page() -> None:
    import streamlit as st

    from views.pages import season

    st.session_state.setdefault("lang", "en")
    season.render()


@pytest.fixture
def app(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> AppTest:
    engine = empty_library(tmp_path, monkeypatch)
    results = import_sheets(engine, season_csv(40), "season.csv")
    assert all(r.status == "added" for r in results)
    engine.dispose()
    return AppTest.from_function(page, default_timeout=TIMEOUT).run()


def test_an_empty_library_says_so(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    empty_library(tmp_path, monkeypatch).dispose()
    at = AppTest.from_function(page, default_timeout=TIMEOUT).run()
    assert not at.exception and any("holds no deals" in i.value for i in at.info)


def test_the_ratings_put_the_winner_on_top(app: AppTest) -> None:
    assert not app.exception, [e.value for e in app.exception]
    board = app.dataframe[0].value
    assert board["Player"].iloc[0] == "Ann"  # her team won every deal
    assert sorted(board["Player"]) == sorted(POOL)
    assert board["Deals"].sum() == 40 * 6
    assert any("40 deals (40 of them score sheets)" in c.value for c in app.caption)


def test_a_players_partners_lead_down_to_their_deals(app: AppTest) -> None:
    app.selectbox(key="season_player").set_value("Ann").run()
    open_tab(app, "pairs", key="season_tab")
    assert not app.exception, [e.value for e in app.exception]
    tables = [d.value for d in app.dataframe]
    partners = tables[0]
    assert partners["Deals"].sum() == 2 * 40 and set(partners["Won"]) == {"100%"}
    assert tables[1]["Deals"].sum() == 3 * 40  # opponents
    assert tables[2]["Deals"].sum() == 40  # 对头: one a deal


def test_a_players_trends_keep_to_the_dates(app: AppTest) -> None:
    app.selectbox(key="season_player").set_value("Bo").run()
    open_tab(app, "trends", key="season_tab")
    assert not app.exception, [e.value for e in app.exception]
    from_, to = app.selectbox(key="season_from"), app.selectbox(key="season_to")
    assert from_.options[1] == "2026-11-01"
    to.set_value("2026-11-02").run()
    assert not app.exception
    assert "Across" in " ".join(c.value for c in app.caption)
