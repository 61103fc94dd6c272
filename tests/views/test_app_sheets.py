"""Score sheets in the dashboard (issue 38, item 1): the Library's form enters a deal by its finishing order (the
seats clicked in order) and refuses an impossible one with its rule, storing nothing; a season's CSV goes in through
the import form, a row a deal, a bad row said with its line; a deal without moves says "result only" on the pages
about moves, and its score shows on the Scoring page."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from app_pages import empty_library, library_of, run_page
from sqlalchemy import func, select
from streamlit.testing.v1 import AppTest

from data.models import Deal, table_of
from replay.formats.log import parse_log

TIMEOUT = 60
PLAYERS = ["张三", "李四", "王五", "赵六", "孙七", "周八"]


def page(name: str) -> None:
    import importlib

    import streamlit as st

    st.session_state.setdefault("lang", "en")
    importlib.import_module(f"views.pages.{name}").render()


def library_page(form: bool = True) -> AppTest:
    """The Library page; ``form``: the score-sheet form unfolded (a folded one draws nothing)."""
    at = AppTest.from_function(page, kwargs={"name": "library"}, default_timeout=TIMEOUT).run()
    if form:
        assert not at.multiselect  # folded: no widget of it drawn
        at.session_state["sheet_box"] = True
        at.run()
    return at


def deals(url_engine: Any) -> int:
    with url_engine.connect() as conn:
        return int(conn.execute(select(func.count()).select_from(table_of(Deal))).scalar_one())


def plain(text: str) -> str:
    """A message as read (the page escapes Markdown's punctuation)."""
    return text.replace("\\", "")


def widget(widgets: Any, start: str) -> Any:
    found = [w for w in widgets if w.label.startswith(start)]
    assert len(found) == 1, (start, [w.label for w in widgets])
    return found[0]


def fill(at: AppTest, order: list[int], **fields: Any) -> AppTest:
    """Type the players, click the finishing order, set the other fields; then store the sheet."""
    widget(at.text_input, "Match name").input("秋季联赛")
    for s, name in enumerate(PLAYERS):
        widget(at.text_input, f"seat {s}").input(name)
    at = at.run()
    widget(at.multiselect, "Places").set_value(order)
    at = at.run()
    for label, value in fields.items():
        widget(at.selectbox, label).set_value(value)
    at = at.run()
    return widget(at.button, "Store the sheet").click().run()


def test_the_form_stores_a_sheet_and_refuses_an_impossible_one(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    engine = empty_library(tmp_path, monkeypatch)
    at = library_page()
    assert not at.exception
    at = fill(at, [0, 3, 2, 1, 5, 4], **{"革命 seat": 4})  # the 革命 seat last: against GJ-REVOLUTION
    assert not at.exception, [e.value for e in at.exception]
    said = [plain(e.value) for e in at.error]
    assert any("[GJ-REVOLUTION] the 革命 seat (4) ranks 4th" in e for e in said), said
    assert not any("革命的一家" in e for e in said)  # in the page's language only
    assert deals(engine) == 0
    at = library_page()
    at = fill(at, [0, 3, 2, 4, 5, 1], **{"革命 seat": 4})
    assert not at.error, [e.value for e in at.error]
    assert any("Stored as deal 1" in s.value for s in at.success)
    assert deals(engine) == 1
    order = widget(at.multiselect, "Places")
    assert order.value == []  # a new, empty form after a sheet is stored
    at = library_page(form=False)
    table = at.dataframe[0].value
    assert table["Events"].tolist() == ["result only"]
    engine.dispose()


def test_the_form_numbers_the_deals_of_an_evening(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from data.sheets import next_deal_number

    engine = empty_library(tmp_path, monkeypatch)
    import datetime as dt

    today = dt.date.today().isoformat()
    for k in (1, 2):
        at = fill(library_page(), [0, 4, 2, 1, 5, 3] if k == 1 else [1, 0, 3, 2, 5, 4])
        assert any(f"Stored as deal {k}" in s.value for s in at.success), [e.value for e in at.error]
    assert next_deal_number(engine, "gouji", today, "秋季联赛") == 3
    engine.dispose()


def test_a_season_csv_uploads_a_row_a_deal(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    engine = empty_library(tmp_path, monkeypatch)
    csv = (
        "game,date,match,seat0,seat1,seat2,seat3,seat4,seat5,finish\n"
        f"gouji,2026-11-01,秋季联赛,{','.join(PLAYERS)},0 4 2 1 5 3\n"
        f"gouji,2026-11-01,秋季联赛,{','.join(PLAYERS)},0 4 2 1 5\n"
        f"gouji,2026-11-01,秋季联赛,{','.join(PLAYERS)},1 0 3 2 5 4\n"
    )
    at = library_page(form=False)
    widget(at.file_uploader, "Log files").set_value(("season.csv", csv.encode("utf-8"), "text/csv"))
    at = widget(at.button, "Import and open").click().run()
    assert not at.exception, [e.value for e in at.exception]
    assert any("2 score sheets added" in s.value for s in [*at.info, *at.success])
    assert [e for e in map(plain, (e.value for e in at.error)) if "line 3" in e and "seat 3 missing" in e]
    assert deals(engine) == 2
    engine.dispose()


def test_pages_about_moves_say_result_only(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    log = parse_log("fupan/1 gouji\nseat 0 张三\nresult finish 0 3 2 4 5 1\nresult revolution 4\n", "sheet.txt")
    deal = library_of(tmp_path, monkeypatch, log)
    for name in ("replay", "coach", "timeline", "evaluation"):
        at = run_page(name, deal, lang="en")
        assert not at.exception, (name, [e.value for e in at.exception])
        assert any(i.value.startswith("Result only") for i in at.info), (name, [i.value for i in at.info])
    at = run_page("scoring", deal, lang="en")
    assert not at.exception
    assert any(c.value.startswith("Result only") for c in at.caption)
    assert any("GJ-REVOLUTION" in m.value for m in at.markdown)
