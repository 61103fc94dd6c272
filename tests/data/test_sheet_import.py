"""Score sheets into the deal library (data.sheets), on SQLite and PostgreSQL: a season's CSV a row a deal, a bad
row refused with its line and nothing of it stored, the deals counted in match totals and standings, a second
import all duplicates; and the CLI's ``fupan import season.csv``."""

from __future__ import annotations

from pathlib import Path

import pytest
from sqlalchemy import func, select
from sqlalchemy.engine import Engine

import cli
from data.match_totals import team_points
from data.models import Deal, DealSeat, table_of
from data.queries import match_standings
from data.sheets import import_sheets, sheet_problems
from replay.formats.log import parse_log

DEAL, SEAT = table_of(Deal), table_of(DealSeat)
PLAYERS = "张三,李四,王五,赵六,孙七,周八"
SEASON = (
    "game,date,match,seat0,seat1,seat2,seat3,seat4,seat5,finish,revolution\n"
    f"gouji,2026-11-01,秋季联赛,{PLAYERS},0 4 2 1 5 3,\n"  # 2: 串三户 for team 0
    f"gouji,2026-11-01,秋季联赛,{PLAYERS},0 3 2 1 5 4,4\n"  # 3: the 革命 seat 6th: refused
    f"gouji,2026-11-01,秋季联赛,{PLAYERS},0 3 2 1 x 4,\n"  # 4: unreadable: refused
    f"gouji,2026-11-01,秋季联赛,{PLAYERS},1 0 3 2 5 4,\n"  # 5
    f"gouji,2026-11-01,秋季联赛,{PLAYERS},1 0 3 2 5 4,\n"  # 6: the same places again: another deal
)


def deals(engine: Engine) -> int:
    with engine.connect() as conn:
        return int(conn.execute(select(func.count()).select_from(DEAL)).scalar_one())


def test_a_season_csv_is_stored_a_deal_a_row(engine: Engine) -> None:
    results = import_sheets(engine, SEASON, "season.csv")
    assert [(r.source, r.status) for r in results] == [
        ("season.csv:2", "added"),
        ("season.csv:3", "error"),
        ("season.csv:4", "error"),
        ("season.csv:5", "added"),
        ("season.csv:6", "added"),
    ]
    assert "[GJ-REVOLUTION]" in results[1].reason and "column 10 (finish)" in results[2].reason
    assert deals(engine) == 3  # nothing of the bad rows
    with engine.connect() as conn:
        rows = conn.execute(select(DEAL.c.n_events, DEAL.c.legal, DEAL.c.finished, DEAL.c.deal_number)).all()
        places = conn.execute(select(SEAT.c.place).where(SEAT.c.deal_id == results[0].deal_id)).scalars().all()
    assert sorted(rows) == [(0, True, True, 1), (0, True, True, 4), (0, True, True, 5)]  # the place among the rows
    assert sorted(p for p in places if p is not None) == [1, 2, 3, 4, 5, 6]
    totals = team_points(engine, "秋季联赛")
    assert totals.groupby("deal_id")["points"].max().tolist() == [12.0, 2.0, 2.0]  # a sweep doubled; 2-0 twice
    standing = match_standings(engine, "秋季联赛")
    last = standing[standing["deal_id"] == standing["deal_id"].max()].set_index("player")["total"]
    assert last["张三"] == 4 + 2 + 2 and last["李四"] == 0 + 4 + 4
    again = import_sheets(engine, SEASON, "season.csv")
    assert [r.status for r in again] == ["duplicate", "error", "error", "duplicate", "duplicate"]
    assert deals(engine) == 3


def test_a_sheet_is_checked_before_it_is_stored() -> None:
    assert sheet_problems(parse_log("fupan/1 gouji\nresult finish 0 4 2 1 5 3\n", "s.txt")) == []
    bad = sheet_problems(parse_log("fupan/1 gouji\nresult finish 0 4 2 1 5\n", "s.txt"))
    assert len(bad) == 1 and bad[0].startswith("[FINISH]") and "seat 3 missing" in bad[0]
    played = sheet_problems(parse_log("fupan/1 gouji\nevents\n0 pass\n", "s.txt"))
    assert played and "not a score sheet" in played[0]


def test_fupan_import_takes_a_season_csv(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "season.csv"
    path.write_text(SEASON, encoding="utf-8")
    url = f"sqlite:///{tmp_path / 'lib.db'}"
    code = cli.main(["import", str(path), "--db", url])
    out = capsys.readouterr().out
    assert code == 2  # rows not imported: the input's exit code
    assert f"{path}:3: not imported: [GJ-REVOLUTION]" in out
    assert out.strip().splitlines()[-1] == "3 added, 0 duplicate, 2 not imported"
    cli.main(["import", str(path), "--db", url])
    assert capsys.readouterr().out.strip().splitlines()[-1] == "0 added, 3 duplicate, 2 not imported"
