"""Tests of data/match_totals.py: a match's running totals follow each deal's profile's team rule (够级's GJ-SCORE:
只记正分 or net) and say whose points they are (each team's, each player's)."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest
from paths import CASE_LOGS
from sqlalchemy.engine import Engine

from data import queries
from data.database import open_db
from data.importer import import_log
from data.match_totals import running, team_points
from replay.formats.log import parse_log

GOUJI = ["Ann", "Bo", "Cai", "Dong", "Eve", "Fei"]


def _deal(players: list[str], number: int, mode: str | None) -> object:
    """GJ-SCORE.legal (the seats go out 0, 1, …, 5: team 0·2·4 sums 4 + 0 - 2 = 2, team 1·3·5 sums 2 + 0 - 4 = -2)
    as deal ``number`` of the match "Cup", played by ``players`` in seat order, ``score_mode`` overridden to
    ``mode`` (None: the profile's own, gouji-logged's 只记正分)."""
    lines = (CASE_LOGS / "GJ-SCORE.legal.txt").read_text(encoding="utf-8").splitlines()
    at = next(i for i, line in enumerate(lines) if line.startswith("profile ")) + 1
    extra = ["match Cup", f"deal {number}"] + [f"seat {s} {name}" for s, name in enumerate(players)]
    log = parse_log("\n".join(lines[:at] + extra + lines[at:]) + "\n", f"d{number}.txt")
    return log if mode is None else dataclasses.replace(log, overrides={"score_mode": mode})


def _library(tmp_path: Path, deals: list[tuple[list[str], str | None]]) -> Engine:
    eng = open_db(f"sqlite:///{tmp_path / 'lib.db'}")
    for k, (players, mode) in enumerate(deals):
        result = import_log(eng, _deal(players, k + 1, mode), f"d{k + 1}")  # type: ignore[arg-type]
        assert result.status == "added", result
    return eng


def test_under_positive_points_only_the_team_totals_never_add_a_negative(tmp_path: Path) -> None:
    eng = _library(tmp_path, [(GOUJI, None), (GOUJI, None)])
    points = team_points(eng, "Cup", "gouji")
    assert set(points["score_mode"]) == {"positive_only"}
    assert (points["points"] >= 0).all()
    by, totals = running(points, "zh")
    assert by == "team"  # the same players in the same teams: each team's totals
    last = totals[totals["deal"] == 2].set_index("who")["total"].to_dict()
    assert last == {"甲方 (0·2·4) · Ann、Cai、Eve": 4.0, "乙方 (1·3·5) · Bo、Dong、Fei": 0.0}
    by, totals = running(points, "en")
    assert set(totals["who"]) == {"Team A (0·2·4) · Ann, Cai, Eve", "Team B (1·3·5) · Bo, Dong, Fei"}
    # each player's own place points, which the totals no longer add, hold the negatives
    own = queries.match_standings(eng, "Cup", "gouji")
    assert own["points"].min() == -4


def test_under_net_points_the_team_totals_add_the_negative_sums(tmp_path: Path) -> None:
    eng = _library(tmp_path, [(GOUJI, "net"), (GOUJI, "net")])
    points = team_points(eng, "Cup", "gouji")
    assert set(points["score_mode"]) == {"net"}
    by, totals = running(points, "en")
    assert by == "team"
    last = totals[totals["deal"] == 2].set_index("who")["total"].to_dict()
    assert last == {"Team A (0·2·4) · Ann, Cai, Eve": 4.0, "Team B (1·3·5) · Bo, Dong, Fei": -4.0}


@pytest.mark.parametrize(("mode", "low"), [(None, 0.0), ("net", -2.0)])
def test_players_who_change_teams_have_each_their_teams_points(tmp_path: Path, mode: str | None, low: float) -> None:
    moved = ["Bo", "Ann", *GOUJI[2:]]  # deal 2: Ann and Bo change seats, so both teams are new
    eng = _library(tmp_path, [(GOUJI, mode), (moved, mode)])
    by, totals = running(team_points(eng, "Cup", "gouji"), "en")
    assert by == "player"
    first = totals[totals["deal"] == 1].set_index("who")["points"].to_dict()
    assert first == {"Ann": 2.0, "Bo": low, "Cai": 2.0, "Dong": low, "Eve": 2.0, "Fei": low}
    last = totals[totals["deal"] == 2].set_index("who")["total"].to_dict()
    # deal 2's team 0·2·4 is Bo, Cai, Eve (its sum 2); Ann, Dong, Fei are team 1·3·5 (-2)
    assert last == {"Ann": 2.0 + low, "Bo": low + 2.0, "Cai": 4.0, "Dong": 2 * low, "Eve": 4.0, "Fei": 2 * low}


def test_teams_that_change_seats_are_named_by_their_players(tmp_path: Path) -> None:
    moved = GOUJI[-1:] + GOUJI[:-1]  # deal 2: everyone one seat on: the same two teams, on each other's seats
    eng = _library(tmp_path, [(GOUJI, None), (moved, None)])
    by, totals = running(team_points(eng, "Cup", "gouji"), "en")
    assert by == "team"
    last = totals[totals["deal"] == 2].set_index("who")["total"].to_dict()
    assert last == {"Ann, Cai, Eve": 2.0, "Bo, Dong, Fei": 2.0}  # each won one deal; a lost one records 0


def test_an_empty_match_has_no_totals(tmp_path: Path) -> None:
    eng = _library(tmp_path, [])
    points = team_points(eng, "Cup")
    assert points.empty
    assert running(points, "zh")[1].empty


def test_a_deal_counts_by_the_line_the_referee_s_decision_names(tmp_path: Path) -> None:
    """Issue 36, item 1: the match totals take each deal's counting line. A simulated deal with an illegal play
    slipped in does not finish as played (the forced play breaks the record after it): no team points while no
    referee has decided; once "does not stand" is upheld, the line as ruled (the deal without the play) counts."""
    from replay.core.events import Play
    from replay.formats.decisions import Decision
    from replay.replay import Replay
    from replay.simulate import simulate_deal

    log = simulate_deal(5, "gouji").log
    base = Replay(log)
    score = base.score()
    assert score is not None
    k = 10
    st = base.states[k]
    seat = next(s for s in range(6) if s not in base.engine.actors(st))
    bad = Play(seat, (st.hands[seat].known_cards()[0],))
    events = (*log.events[:k], bad, *log.events[k:])
    meta = {**log.meta, "match": "Cup", "deal": 1}
    pending = log._replace(events=events, result=None, text="", meta=meta)
    assert Replay(pending).score() is None  # as played the deal does not finish
    upheld = Decision(event=k, decision="upheld", text="不成立", referee="老王", at="2026-12-01T20:15:00Z")
    for name, deal, counted in (("pending", pending, False), ("upheld", pending._replace(decisions=(upheld,)), True)):
        eng = open_db(f"sqlite:///{tmp_path / f'{name}.db'}")
        assert import_log(eng, deal, name).status == "added"
        points = team_points(eng, "Cup")
        if not counted:
            assert points.empty  # scored as played until a referee decides: the record has no score
            continue
        recorded = {tuple(t.seats): float(t.points) for t in score.teams}
        assert {row.seats: row.points for row in points.itertuples()} == recorded  # the line as ruled's
