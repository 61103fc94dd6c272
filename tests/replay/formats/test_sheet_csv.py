"""A season's score sheets as CSV (replay.formats.sheet_csv): a row a deal, read as its log's JSON document is; a
problem at the row's line and the column it stands in; a bad header refuses the file, a bad row only itself."""

from __future__ import annotations

import pytest

from replay.formats.log import parse_log
from replay.formats.log_doc import LogError
from replay.formats.sheet_csv import COLUMNS, read_sheets
from replay.replay import Replay

HEAD = "game,date,match,deal,seat0,seat1,seat2,seat3,seat4,seat5,finish,revolution,emperor,loyalist,solo,open,declarer,defenders,kitty,levels,levels_after\n"


def test_each_games_row_reads_as_its_text_sheet() -> None:
    text = HEAD + (
        "够级,2026-11-01,秋季联赛,1,张三,李四,王五,赵六,孙七,周八,0 3 2 4 5 1,4,,,,,,,,,\n"
        'baohuang,2026-11-01,,,甲,乙,丙,丁,戊,,"0,3,2,1,4",,0,3,,是,,,,,\n'
        "升级,2026-11-02,,,,,,,,,,,,,,,1,85,20,5 3,5 3\n"
    )
    rows = read_sheets(text, "season.csv")
    assert [r.line for r in rows] == [2, 3, 4] and all(r.error is None for r in rows)
    want = [
        "fupan/1 gouji\nseat 0 张三\nseat 1 李四\nseat 2 王五\nseat 3 赵六\nseat 4 孙七\nseat 5 周八\n"
        "date 2026-11-01\nmatch 秋季联赛\ndeal 1\nresult finish 0 3 2 4 5 1\nresult revolution 4\n",
        "fupan/1 baohuang\nseat 0 甲\nseat 1 乙\nseat 2 丙\nseat 3 丁\nseat 4 戊\ndate 2026-11-01\nloyalist 3\n"
        "result finish 0 3 2 1 4\nresult emperor 0\nresult open true\n",
        "fupan/1 shengji\ndate 2026-11-02\nlevels 5 3\nresult declarer 1\n"
        "result points defenders 85 kitty 20\nresult levels after 5 3\n",
    ]
    for row, sheet in zip(rows, want, strict=True):
        assert row.log is not None and row.log.result_only
        assert row.log.to_json() == parse_log(sheet, "sheet.txt").to_json()
        assert Replay(row.log).ok


@pytest.mark.parametrize(
    ("row", "col", "column", "words"),
    [
        ("gouji,,,,,,,,,,0 3 x 4 5 1,,,,,,,,,,\n", 11, "finish", "expected seat numbers in finish, got 'x'"),
        ("gouji,,,,,,,,,,0 3 9 4 5 1,,,,,,,,,,\n", 11, "finish", "a seat"),
        ("chess,,,,,,,,,,0 3 2 4 5 1,,,,,,,,,,\n", 1, "game", "expected game one of"),
        ("gouji,,,x,,,,,,,0 3 2 4 5 1,,,,,,,,,,\n", 4, "deal", "expected a whole number in deal"),
        ("baohuang,,,,,,,,,,0 3 2 1 4,,0,,maybe,,,,,,\n", 15, "solo", "expected yes or no in solo"),
        ("gouji,,,,,,,,,,0 3 2 4 5 1,,2,,,,,,,,\n", 13, "emperor", "baohuang"),
        ("baohuang,,,,a,b,c,d,e,f,0 3 2 1 4,,0,,,,,,,,\n", 10, "seat5", "seat"),
        ("shengji,,,,,,,,,,,,,,,,1,85,,5 Z,\n", 20, "levels", "level"),
        ("gouji,2026-11-01,,,,,,,,,,,,,,,,,,,\n", 11, "finish", "records no result"),
    ],
)
def test_a_bad_row_is_refused_at_its_line_and_column(row: str, col: int, column: str, words: str) -> None:
    good = "gouji,,,,,,,,,,0 3 2 4 5 1,,,,,,,,,,\n"
    rows = read_sheets(HEAD + good + row + good, "season.csv")
    assert [r.line for r in rows] == [2, 3, 4]
    assert rows[0].log is not None and rows[2].log is not None  # the rows around it read on
    bad = rows[1]
    assert bad.log is None and bad.error is not None
    assert (bad.error.source, bad.error.line, bad.error.col, bad.error.path) == ("season.csv", 3, col, column)
    assert words in bad.error.reason, bad.error.reason


@pytest.mark.parametrize(
    ("text", "col", "words"),
    [
        ("game,finish,colour\n", 3, "unknown column 'colour'"),
        ("game,finish,Finish\n", 3, "column 'finish' appears twice"),
        ("date,finish\n", 1, "no column 'game'"),
    ],
)
def test_a_bad_header_refuses_the_file(text: str, col: int, words: str) -> None:
    with pytest.raises(LogError) as exc:
        read_sheets(text + "gouji,0 1 2 3 4 5\n", "season.csv")
    assert (exc.value.line, exc.value.col) == (1, col) and words in exc.value.reason


def test_an_empty_file_is_refused_and_blank_rows_are_skipped() -> None:
    with pytest.raises(LogError, match="empty"):
        read_sheets("", "season.csv")
    rows = read_sheets('\ufeffGame,Finish,Notes\n\n,,\ngouji,0 1 2 3 4 5,"two\nlines"\ngouji,0 1 2 3 4 5,\n', "s.csv")
    assert [r.line for r in rows] == [4, 6]  # a quoted cell over two lines: the next row starts on line 6
    assert rows[0].log is not None and rows[0].log.meta["notes"] == "two\nlines"


def test_every_column_is_documented() -> None:
    from pathlib import Path

    doc = (Path(__file__).resolve().parents[3] / "docs" / "log-format.md").read_text(encoding="utf-8")
    part = doc.split("### A season as CSV")[1].split("\n### ")[0]
    for name in COLUMNS:
        assert f"`{name}`" in part or (name.startswith("seat") and "`seat0`" in part), name


def test_the_documented_csv_reads() -> None:
    from pathlib import Path

    doc = (Path(__file__).resolve().parents[3] / "docs" / "log-format.md").read_text(encoding="utf-8")
    block = doc.split("### A season as CSV")[1].split("```csv\n")[1].split("```")[0]
    rows = read_sheets(block, "season.csv")
    assert len(rows) == 2 and all(r.log is not None and Replay(r.log).ok for r in rows)
