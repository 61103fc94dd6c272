"""The stored deals as the season reads them (data.season_rows), on SQLite and PostgreSQL: scored deals with every
seat named, in the order played, score sheets among them; 升级 ranked by its levels; a deal a referee's upheld
decision counts as ruled read from that line (tests/data/test_counted.py's deal)."""

from __future__ import annotations

from pathlib import Path

from sqlalchemy.engine import Engine
from test_counted import PLAYERS, _bad_deal, _decision, _library

from data.importer import import_log
from data.season_rows import season_of, seat_figures
from data.sheets import import_sheets
from replay.formats.log import Seat, parse_log
from replay.replay import Replay
from replay.simulate import simulate_deal

NAMES = "张三,李四,王五,赵六,孙七,周八"


def test_the_season_is_the_scored_named_deals_in_played_order(engine: Engine) -> None:
    csv = (
        "game,date,match,seat0,seat1,seat2,seat3,seat4,seat5,finish\n"
        f"gouji,2026-11-08,秋季联赛,{NAMES},1 0 3 2 5 4\n"
        f"gouji,2026-11-01,秋季联赛,{NAMES},0 4 2 1 5 3\n"
        "gouji,2026-11-02,秋季联赛,张三,李四,,赵六,孙七,周八,0 4 2 1 5 3\n"  # a seat without a name
    )
    assert [r.status for r in import_sheets(engine, csv, "season.csv")] == ["added"] * 3
    played = simulate_deal(7, "gouji").log
    names = NAMES.split(",")
    log = played._replace(seats=tuple(Seat(s, names[s]) for s in range(6)), meta={"date": "2026-11-05"}, text="")
    assert import_log(engine, log, "played.json").status == "added"
    unfinished = parse_log("fupan/1 gouji\n" + "".join(f"seat {s} {names[s]}\n" for s in range(6)), "x.txt")
    assert import_log(engine, unfinished, "deal.txt").status == "added"  # no score: not in the season
    season = season_of(engine, "gouji")
    assert season.unnamed == 1
    assert [r.date for r in season.results] == ["2026-11-01", "2026-11-05", "2026-11-08"]
    assert [r.result_only for r in season.results] == [True, False, True]
    first = season.results[0]
    assert [s.player for s in first.seats] == names and [s.place for s in first.seats] == [1, 4, 3, 6, 2, 5]
    assert first.team_points() == [6.0, -6.0]  # the seats' own points summed (what ranks the teams)
    score = Replay(log).score()
    assert score is not None
    assert [s.points for s in season.results[1].seats] == [
        float(p.points) for p in sorted(score.places, key=lambda p: p.seat)
    ]
    assert season_of(engine, "baohuang").results == ()
    assert seat_figures(engine, "gouji").empty


def test_shengji_sides_are_ranked_by_the_levels_they_went_up(engine: Engine) -> None:
    csv = (
        "game,date,seat0,seat1,seat2,seat3,declarer,defenders,levels\n"
        "shengji,2026-11-01,甲,乙,丙,丁,1,25,5 3\n"  # declarers (side 1) up 2
        "shengji,2026-11-02,甲,乙,丙,丁,1,125,5 5\n"  # defenders (side 0) up 1
    )
    assert [r.status for r in import_sheets(engine, csv, "sj.csv")] == ["added", "added"]
    season = season_of(engine, "shengji")
    assert [r.standing for r in season.results] == [(("0", 0.0), ("1", 2.0)), (("0", 1.0), ("1", 0.0))]
    assert [r.team_points() for r in season.results] == [[0.0, 2.0], [1.0, 0.0]]


def test_a_deal_counted_as_ruled_is_read_from_that_line(tmp_path: Path) -> None:
    log, score = _bad_deal()
    eng = _library(tmp_path, "upheld", log._replace(decisions=(_decision("upheld"),)))
    (result,) = season_of(eng, "gouji").results
    assert {s.player: s.place for s in result.seats} == {PLAYERS[p.seat]: p.place for p in score.places}
    eng.dispose()
    eng = _library(tmp_path, "pending", log)
    assert season_of(eng, "gouji").results == ()  # as played it does not finish
    eng.dispose()
