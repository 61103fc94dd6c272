"""Tests of data/counted.py (issue 36, item 1): the player statistics and a match's standings take each deal's
line that counts (``replay.lines.counting``): as played while no referee has decided (pending) or where one
overruled, as ruled once a referee upheld that the illegal event does not stand."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pandas as pd
import pytest
from sqlalchemy.engine import Engine

from data import counted, queries
from data.database import open_db
from data.importer import import_log
from replay.core.events import Play
from replay.formats.decisions import Decision
from replay.formats.log_doc import Log, Seat
from replay.replay import Replay
from replay.score import Score
from replay.simulate import simulate_deal

PLAYERS = ("Ann", "Bo", "Cai", "Dong", "Eve", "Fei")
SEATS = tuple(Seat(s, name) for s, name in enumerate(PLAYERS))
K = 10  # where the illegal play is slipped in


def _bad_deal() -> tuple[Log, Score]:
    """A simulated 够级 deal (match "Cup", deal 1, named players) with an illegal play slipped in before event
    ``K``: as played it does not finish (the forced play breaks the record after it); the line as ruled is the
    deal without it, whose score is the simulated deal's."""
    log = simulate_deal(5, "gouji").log
    base = Replay(log)
    score = base.score()
    assert score is not None
    st = base.states[K]
    seat = next(s for s in range(6) if s not in base.engine.actors(st))
    bad = Play(seat, (st.hands[seat].known_cards()[0],))
    events = (*log.events[:K], bad, *log.events[K:])
    meta = {**log.meta, "match": "Cup", "deal": 1}
    return log._replace(events=events, result=None, text="", meta=meta, seats=SEATS), score


def _decision(outcome: str) -> Decision:
    return Decision(event=K, decision=outcome, text="不成立", referee="老王", at="2026-12-01T20:15:00Z")


def _library(tmp_path: Path, name: str, log: Log) -> Engine:
    eng = open_db(f"sqlite:///{tmp_path / f'{name}.db'}")
    assert import_log(eng, log, name).status == "added"
    return eng


@pytest.mark.parametrize("outcome", [None, "overruled", "upheld"])
def test_standings_and_player_statistics_take_the_counting_line(tmp_path: Path, outcome: str | None) -> None:
    log, score = _bad_deal()
    assert Replay(log).score() is None  # as played the deal does not finish: no place, no points
    if outcome is not None:
        log = log._replace(decisions=(_decision(outcome),))
    eng = _library(tmp_path, outcome or "pending", log)
    summary = queries.player_summary(eng, "gouji").set_index("player")
    standings = queries.match_standings(eng, "Cup", "gouji").set_index("player")
    assert (summary["deals"] == 1).all() and len(summary) == 6
    if outcome != "upheld":  # pending or overruled: as played, which has no score
        assert (summary["placed"] == 0).all() and (summary["scored"] == 0).all()
        assert summary["mean_place"].isna().all() and (summary["total_points"] == 0).all()
        assert standings["place"].isna().all() and standings["points"].isna().all()
        assert (standings["total"] == 0).all()
        return
    places = {PLAYERS[p.seat]: (p.place, float(p.points)) for p in score.places}
    for player, (place, points) in places.items():  # the line as ruled's places and points
        row = summary.loc[player]
        assert (row["placed"], row["scored"], row[f"place_{place}"]) == (1, 1, 1)
        assert (row["mean_place"], row["mean_points"], row["total_points"]) == (place, points, points)
        assert (standings.loc[player, "place"], standings.loc[player, "points"]) == (place, points)
        assert standings.loc[player, "total"] == points
    assert summary.loc[:, [f"place_{k}" for k in range(1, 7)]].to_numpy().sum() == 6


def test_a_deal_beside_it_keeps_its_stored_rows(tmp_path: Path) -> None:
    """A legal deal of the same players counts as stored; the upheld one adds its as-ruled line to the sums."""
    log, score = _bad_deal()
    eng = _library(tmp_path, "both", log._replace(decisions=(_decision("upheld"),)))
    other = simulate_deal(6, "gouji").log
    other = other._replace(meta={**other.meta, "match": "Cup", "deal": 2}, seats=SEATS)
    assert import_log(eng, other, "other").status == "added"
    second = Replay(other).score()
    assert second is not None
    summary = queries.player_summary(eng, "gouji").set_index("player")
    first = {PLAYERS[p.seat]: float(p.points) for p in score.places}
    for p in second.places:
        name = PLAYERS[p.seat]
        assert summary.loc[name, "deals"] == 2 and summary.loc[name, "placed"] == 2
        assert summary.loc[name, "total_points"] == first[name] + float(p.points)
        assert summary.loc[name, "mean_points"] == (first[name] + float(p.points)) / 2
    standings = queries.match_standings(eng, "Cup", "gouji")
    last = standings[standings["deal"] == 2].set_index("player")["total"]
    assert last.to_dict() == {PLAYERS[p.seat]: first[PLAYERS[p.seat]] + float(p.points) for p in second.places}


def test_only_an_illegal_deal_with_an_upheld_decision_is_replayed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The statistics replay no deal that counts as played: a legal deal, or an illegal one no referee upheld
    (at 30,000 deals the page stays fast); the counting line of a deal replayed once is kept."""
    log, _ = _bad_deal()
    eng = _library(tmp_path, "pending", log)
    other = simulate_deal(6, "gouji").log._replace(seats=SEATS)
    assert import_log(eng, other, "legal").status == "added"
    replayed: list[Any] = []
    real = counted.Replay

    def counting_replay(log: Log) -> Replay[Any]:
        replayed.append(log)
        return real(log)

    monkeypatch.setattr(counted, "Replay", counting_replay)
    counted._MEMO.clear()
    before = queries.player_summary(eng, "gouji")
    assert replayed == []
    eng2 = _library(tmp_path, "upheld", log._replace(decisions=(_decision("upheld"),)))
    queries.player_summary(eng2, "gouji")
    queries.match_standings(eng2, "Cup", "gouji")
    assert len(replayed) == 1  # once, then kept
    pd.testing.assert_frame_equal(before, queries.player_summary(eng, "gouji"))
