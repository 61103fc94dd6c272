"""``fupan season``: the leaderboard and standings of a game's season in the library, and its printable report."""

from __future__ import annotations

from pathlib import Path

import pytest

import cli
from data.database import open_db
from data.sheets import import_sheets

NAMES = "张三,李四,王五,赵六,孙七,周八"
CSV = (
    "game,date,match,seat0,seat1,seat2,seat3,seat4,seat5,finish\n"
    + "".join(f"gouji,2026-11-0{k},秋季联赛,{NAMES},0 2 4 1 3 5\n" for k in range(1, 4))
    + f"gouji,2026-11-05,冬季联赛,{NAMES},1 3 5 0 2 4\n"
)


@pytest.fixture
def url(tmp_path: Path) -> str:
    address = f"sqlite:///{tmp_path / 'lib.db'}"
    engine = open_db(address)
    assert [r.status for r in import_sheets(engine, CSV, "season.csv")] == ["added"] * 4
    engine.dispose()
    return address


def test_the_season_in_lines(capsys: pytest.CaptureFixture[str], url: str) -> None:
    assert cli.main(["season", "--game", "gouji", "--db", url]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "4 deals (4 score sheets)"
    board = [line.split()[1] for line in out[2:8]]
    assert set(board[:3]) == {"张三", "王五", "孙七"}  # the even seats won three deals of four
    standings = {line.split()[0]: line.split()[1:] for line in out[10:16]}
    assert standings["张三"][:3] == ["4", "3", "12"]  # deals, won, total: 1st three times (4 each), 4th once (0)


def test_a_matchs_report_as_html(tmp_path: Path, url: str, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "cup.html"
    assert cli.main(["season", "--game", "gouji", "--db", url, "--match", "秋季联赛", "--html", str(out)]) == 0
    page = out.read_text(encoding="utf-8")
    assert "<h1>秋季联赛 · 够级</h1>" in page and "积分榜" in page
    assert "wrote the report of 3 deals" in capsys.readouterr().out


def test_a_game_without_deals_is_said(url: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["season", "--game", "baohuang", "--db", url]) == 2
    assert "no scored deal of baohuang" in capsys.readouterr().err
    assert cli.main(["season", "--game", "chess", "--db", url]) == 2


def test_an_unwritable_report_is_refused_by_name(tmp_path: Path, url: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["season", "--game", "gouji", "--db", url, "--html", str(tmp_path)]) == 2  # a folder
    out, err = capsys.readouterr()
    assert out == "" and err.endswith(f"\nfupan: {tmp_path}: cannot write the report (Is a directory)\n")
