"""The Library page's search, count, order, CSV and import form (issue 18, items 6, 7 and 8's Library CSV), with
Streamlit's AppTest on a temporary SQLite library (``FUPAN_DB``) of a few simulated deals whose meta is set here.
Selecting a row of the table is a browser's act: tests/views/browser/test_e2e_library.py clicks one in Chromium.
"""

from __future__ import annotations

import dataclasses
import io
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pandas as pd
import pytest
import streamlit as st
from app_pages import library_filters
from paths import ROOT
from streamlit.testing.v1 import AppTest

from data import queries
from data.database import open_db, public_url
from data.importer import import_log
from replay.formats.log import Seat
from replay.simulate import simulate_deal
from views.pages.library import count_text, shown_table
from views.parts.downloads import BOM, csv_bytes
from views.parts.library_import import caret

APP = str(ROOT / "app.py")
TIMEOUT = 60
HOSTILE = '=HYPERLINK("x")<script>alert(1)</script>'
# name -> (seed, meta, seat 0's player), in import order: deal numbers imported out of their order
DEALS: dict[str, tuple[int, dict[str, Any], str]] = {
    "n2": (1, {"date": "2026-11-20", "venue": "Tea House", "match": "night", "deal": 2}, "Ann"),
    "n1": (2, {"date": "2026-11-20", "venue": "Tea House", "match": "night", "deal": 1}, "Bo"),
    "old": (3, {"date": "2026-11-02", "venue": "Park", "notes": "rainy 50% off"}, HOSTILE),
}


@pytest.fixture(scope="module")
def template(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, int]]:
    path = tmp_path_factory.mktemp("lib_find") / "template.db"
    eng = open_db(f"sqlite:///{path}")
    ids = {}
    for name, (seed, meta, first) in DEALS.items():
        log = simulate_deal(seed, "gouji").log
        log = dataclasses.replace(log, meta=meta, seats=(Seat(0, first), *log.seats[1:]))
        result = import_log(eng, log, f"{name}.json")
        assert result.deal_id is not None
        ids[name] = result.deal_id
    eng.dispose()
    return path, ids


@pytest.fixture
def library(
    template: tuple[Path, dict[str, int]], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> Iterator[tuple[str, dict[str, int]]]:
    path = tmp_path / "fupan.db"
    shutil.copyfile(template[0], path)
    url = f"sqlite:///{path}"
    monkeypatch.setenv("FUPAN_DB", url)
    monkeypatch.delenv("DATABASE_URL", raising=False)
    st.cache_data.clear()
    st.cache_resource.clear()
    yield url, template[1]
    st.cache_data.clear()
    st.cache_resource.clear()


def _app(lang: str = "zh") -> AppTest:
    at = AppTest.from_file(APP, default_timeout=TIMEOUT)
    at.session_state["lang"] = lang
    return at.run()


def _search(at: AppTest, label: str, words: str) -> AppTest:
    """Type ``words`` in the search box (the filters unfolded) and run the page."""
    return _one(at.text_input, label).input(words).run()


def _ok(at: AppTest) -> None:
    assert not at.exception, [e.value for e in at.exception]


def _one(widgets: Any, label: str) -> Any:
    found = [w for w in widgets if w.label == label]
    assert len(found) == 1, (label, [w.label for w in widgets])
    return found[0]


def _ids(at: AppTest) -> list[int]:
    return [int(i) for i in at.dataframe[0].value["编号"]] if at.dataframe else []


def _captions(at: AppTest) -> list[str]:
    return [c.value.replace("\\", "") for c in at.caption]  # Markdown's escapes taken off


# -- item 6: order, numbers, search, count --------------------------------------------------------------


def test_newest_first_with_the_logs_own_deal_numbers(library: Any) -> None:
    _, ids = library
    at = _app()
    _ok(at)
    assert _ids(at) == [ids["n2"], ids["n1"], ids["old"]]
    table = at.dataframe[0].value
    assert [None if pd.isna(d) else int(d) for d in table["局号"]] == [2, 1, None]
    assert list(table["比赛"])[:2] == ["night", "night"]  # the log's own deal numbers within their match


def test_the_search_box_filters_and_counts(library: Any) -> None:
    _, ids = library
    at = _app()
    assert any("3 局（库里共 3 局）" in c for c in _captions(at))
    library_filters(at)
    _search(at, "搜索牌手、地点、备注", "TEA house")
    _ok(at)
    assert _ids(at) == [ids["n2"], ids["n1"]]
    assert any("2 局（库里共 3 局）" in c for c in _captions(at))
    _search(at, "搜索牌手、地点、备注", "50%")
    assert _ids(at) == [ids["old"]]
    _search(at, "搜索牌手、地点、备注", "5_%")  # "_" is no wildcard
    assert _ids(at) == [] and any("没有符合条件的牌局" in i.value for i in at.info)
    _search(at, "搜索牌手、地点、备注", "<script>")  # a player's name, as typed
    assert _ids(at) == [ids["old"]]


def test_the_count_says_deal_or_deals() -> None:
    assert count_text(1, 1, "en") == "1 deal (of 1 in the library)"
    assert count_text(12, 80, "en") == "12 deals (of 80 in the library)"
    assert count_text(0, 80, "en") == "0 deals (of 80 in the library)"
    assert count_text(12, 80, "zh") == "12 局（库里共 80 局）"


def test_the_english_page_says_the_count_with_its_plural(library: Any) -> None:
    at = library_filters(_app("en"))
    _search(at, "Search players, venue, notes", "ann")
    _ok(at)
    assert any(c.startswith("1 deal (of 3 in the library)") for c in _captions(at)), _captions(at)


# -- item 8: the Library's CSV -------------------------------------------------------------------------------


def test_the_librarys_csv_is_the_table_shown_every_page(library: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """The CSV holds every deal the filters leave (all pages: here pages of one deal), in the table's order and
    columns, UTF-8 with a BOM; a cell a spreadsheet would read as a formula is written as text."""
    import views.pages.library as page

    url, _ = library
    monkeypatch.setattr(page, "PAGE_SIZES", (1, 1))
    at = _app()
    _ok(at)
    assert [b.proto.label for b in at.get("download_button")] == ["下载全部筛出的牌局（CSV）"]
    assert len(at.dataframe[0].value) == 1  # one deal a page
    eng = open_db(url)
    try:
        every = shown_table(queries.deals(eng, newest_first=True), "zh")
    finally:
        eng.dispose()
    data = csv_bytes(every)
    assert data.startswith(BOM.encode("utf-8"))
    back = pd.read_csv(io.BytesIO(data), encoding="utf-8-sig", keep_default_na=False)
    assert list(back.columns) == list(at.dataframe[0].value.columns)
    assert len(back) == 3 and list(back["编号"]) == [int(i) for i in every["编号"]]
    players = list(back["牌手"])
    assert players[2].startswith("'" + HOSTILE)  # the formula is text: an apostrophe before it
    assert [p.lstrip("'") for p in players] == list(every["牌手"])
    assert list(back["地点"]) == list(every["地点"])


# -- item 7: the import form ------------------------------------------------------------------------------


def _paste(at: AppTest, text: str) -> AppTest:
    _one(at.text_area, "或者粘贴日志文本").input(text)
    return _one(at.button, "导入并打开").click().run()


def test_a_failed_paste_keeps_the_text_and_marks_the_line_and_column(library: Any) -> None:
    at = _app()
    bad = "fupan/1 gouji\nprofile gouji\nseat 0 张三\nseat x Bo\n"
    _paste(at, bad)
    _ok(at)
    assert _one(at.text_area, "或者粘贴日志文本").value == bad  # kept, to be mended
    assert len(at.error) == 1 and "第 4 行第 6 列" in at.error[0].value
    code = [c.value for c in at.code]
    assert code == ["    4 | seat x Bo\n      |      ^"]
    good = simulate_deal(40, "gouji").log.dumps()
    _paste(at, good)
    _ok(at)
    assert not at.error and any("已加入第" in s.value for s in at.success)
    assert any(h.value.startswith("复盘 · #") for h in at.header)  # stored and opened on the Replay page
    assert at.session_state["import_paste"] == ""  # stored: the box is emptied


def test_the_caret_sits_under_the_column() -> None:
    assert caret("ab\ncdef", 2, 3) == "    2 | cdef\n      |   ^"
    assert caret("张三 x", 1, 4) == "    1 | 张三 x\n      |      ^"  # two columns a wide character
    assert caret("ab", 3, 1) is None and caret("ab", None, None) is None
    long = "x" * 500 + "Y" + "z" * 500
    shown, mark = caret(long, 1, 501).split("\n")  # type: ignore[union-attr]
    assert len(shown) < 140 and shown[len(mark) - 1] == "Y"
    hostile = caret("<b>*x*</b>", 1, 4)
    assert hostile is not None and "<b>*x*</b>" in hostile  # shown as code: as it is, never as markup


def test_several_files_each_imported_or_refused_with_why(library: Any) -> None:
    _, ids = library
    at = _app()
    good_a = simulate_deal(41, "gouji").log.dumps().encode("utf-8")
    good_b = simulate_deal(42, "baohuang").log.dumps().encode("utf-8")
    files = [
        ("a.json", good_a, "application/json"),
        ("latin.txt", "fupan/1 gouji\n# caf\xe9\n".encode("latin-1"), "text/plain"),
        ("notes.txt", b"shopping list\nmilk\n", "text/plain"),
        ("broken.json", b'{"format": "fupan/1",\n "game": 5}', "application/json"),
        ("big.json", b"{" + b" " * 2_000_001 + b"}", "application/json"),
        ("b.json", good_b, "application/json"),
    ]
    _one(at.file_uploader, "日志文件").set_value(files)
    _one(at.button, "导入并打开").click().run()
    _ok(at)
    errors = [e.value.replace("\\", "") for e in at.error]
    assert len(errors) == 4, errors
    assert "latin.txt" in errors[0] and "不是 UTF-8 文本" in errors[0] and "第 2 行第 6 列" in errors[0]
    assert "notes.txt" in errors[1] and "不是 fupan 日志" in errors[1]
    assert "broken.json" in errors[2] and "第 2 行" in errors[2]
    assert "big.json" in errors[3] and "太大了" in errors[3]
    added = [s.value.replace("\\", "") for s in at.success if "已加入第" in s.value]
    assert len(added) == 2 and "a.json" in added[0] and "b.json" in added[1]
    assert len(_ids(at)) == len(ids) + 2
    assert at.session_state["deal_id"] not in ids.values()  # the last one stored is open


def test_the_form_names_the_library_it_writes_to(library: Any) -> None:
    at = _app()
    url = public_url()
    assert url.endswith("fupan.db")
    assert "导入到：" + url in _captions(at)
    assert "Imports go to: " + url in _captions(_app("en"))
