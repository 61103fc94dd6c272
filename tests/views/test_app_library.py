"""Tests of the dashboard's library, scoring and players pages (views/pages/library.py, views/pages/scoring.py,
views/pages/players.py) with Streamlit's AppTest, on a temporary SQLite library named by ``FUPAN_DB``.

The library holds simulated deals of both games, hand-made deals with known players, places and
dates (the case files of tests/replay/games/<game>/cases with meta and seat lines added, as in test_queries.py), an
unfinished and a void deal, and a simulated deal whose player and venue are a hostile string
(HTML, a Markdown link, a formula, a colour directive).

How the pages are reached: the library is app.py's default page, so ``AppTest.from_file("app.py")``
renders it. ``AppTest.switch_page`` only finds file pages (it matches script paths; app.py's pages
are functions, and it raises ValueError for them), so the scoring and players pages run through
``AppTest.from_function`` with a frame like app.py's (the language radio, then the page's
``render``). One test also reaches them inside app.py by asking for the page by its hash, which
``st.Page`` derives from its ``url_path`` (``AppTest._page_hash``, private: skipped when absent).

Every test starts with empty Streamlit caches: ``engine()`` is a cache_resource keyed by its
arguments, not by ``FUPAN_DB``, and the replays are cached by deal id.
"""

from __future__ import annotations

import base64
import dataclasses
import re
import shutil
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import numpy as np
import page_charts
import pytest
import streamlit as st
from app_pages import library_filters, open_tab
from paths import CASE_LOGS, ROOT
from streamlit.testing.v1 import AppTest

from coach.maxims import MAXIMS
from data import queries
from data.database import open_db
from data.importer import import_log
from data.make_samples import SAMPLES_DIR
from replay.formats.log import Seat, parse_log
from replay.simulate import simulate_deal
from views.parts.common import MAX_UPLOAD_BYTES

APP = str(ROOT / "app.py")
CASES = CASE_LOGS
GOUJI = ["Ann", "Bo", "Cai", "Dong", "Eve", "Fei"]
HOSTILE = '<img src=x onerror=alert(1)>[x](javascript:alert(1)) $x^2$ :red[y] **b** & "q"'
TIMEOUT = 60
SWEEP_SEED = 62  # the simulated 够级 deal of this seed ends in 串三户 (seats 0, 2, 4 first)


def _hand_made(case: str, players: list[str], meta: dict[str, str | int]) -> str:
    """A case file's log with meta and seat lines added after its profile line."""
    lines = (CASES / case).read_text(encoding="utf-8").splitlines()
    at = next(i for i, line in enumerate(lines) if line.startswith("profile ")) + 1
    extra = [f"{k} {v}" for k, v in meta.items()] + [f"seat {s} {name}" for s, name in enumerate(players)]
    return "\n".join(lines[:at] + extra + lines[at:]) + "\n"


def _hostile_log() -> Any:
    log = simulate_deal(5, "gouji").log
    seats = (Seat(0, HOSTILE), *log.seats[1:])
    return dataclasses.replace(log, seats=seats, meta={**log.meta, "venue": HOSTILE, "match": "hostile"})


HAND_MADE = {
    "cup-1": ("GJ-SCORE.legal.txt", GOUJI, {"date": "2026-10-01", "venue": "Club", "match": "Test Cup", "deal": 1}),
    "cup-2": (
        "GJ-SCORE.legal.txt",
        GOUJI[-1:] + GOUJI[:-1],
        {"date": "2026-10-01", "venue": "Club", "match": "Test Cup", "deal": 2},
    ),
    "bh-1": (
        "BH-SCORE.legal.txt",
        ["Ann", "Bo", "Cai", "Dong", "Gu"],
        {"date": "2026-10-02", "match": "Test BH", "deal": 1},
    ),
    "bh-open": ("BH-SCORE.legal.open.txt", ["Ann", "Bo", "Cai", "Dong", "Gu"], {"date": "2026-10-02"}),
    "lock": ("PASS-LOCK.illegal.txt", GOUJI, {"date": "2026-10-03"}),
    "void": ("BH-VOID.legal.txt", ["Ann", "Bo", "Cai", "Dong", "Gu"], {"date": "2026-10-05"}),
}


@pytest.fixture(autouse=True)
def _keep_main_module() -> Iterator[None]:
    """Put ``sys.modules["__main__"]`` back after each test: Streamlit's script runner installs the app
    script as ``__main__`` and leaves it there, and a later ``multiprocessing`` spawn in the same pytest
    worker (test_storage.py's concurrent imports) would re-run that script in its children."""
    main = sys.modules.get("__main__")
    yield
    if main is not None:
        sys.modules["__main__"] = main


@dataclasses.dataclass(frozen=True)
class Library:
    """The template database and the id of each deal in it, by name."""

    path: Path
    ids: dict[str, int]


@pytest.fixture(scope="module")
def template(tmp_path_factory: pytest.TempPathFactory) -> Library:
    """The library of the module docstring, built once; each test works on a copy."""
    path = tmp_path_factory.mktemp("app_library") / "template.db"
    eng = open_db(f"sqlite:///{path}")
    logs: dict[str, Any] = {}
    for k, seed in enumerate((11, 12)):
        logs[f"gouji-{seed}"] = simulate_deal(seed, "gouji", deal_number=k + 1).log
    for k, seed in enumerate((21, 22)):
        logs[f"baohuang-{seed}"] = simulate_deal(seed, "baohuang", deal_number=k + 1).log
    logs["sweep"] = simulate_deal(SWEEP_SEED, "gouji", deal_number=3).log
    for name, (case, players, meta) in HAND_MADE.items():
        logs[name] = parse_log(_hand_made(case, players, meta), f"{name}.txt")
    logs["hostile"] = _hostile_log()
    ids = {}
    for name, log in logs.items():
        result = import_log(eng, log, name)
        assert result.status == "added", result
        assert result.deal_id is not None
        ids[name] = result.deal_id
    eng.dispose()
    return Library(path, ids)


@pytest.fixture
def library(template: Library, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Library]:
    """A fresh copy of the template library, named by FUPAN_DB, with empty Streamlit caches."""
    path = tmp_path / "fupan.db"
    shutil.copyfile(template.path, path)
    monkeypatch.setenv("FUPAN_DB", f"sqlite:///{path}")
    monkeypatch.delenv("DATABASE_URL", raising=False)
    st.cache_data.clear()
    st.cache_resource.clear()
    yield Library(path, template.ids)
    st.cache_data.clear()
    st.cache_resource.clear()


# -- helpers ---------------------------------------------------------------------------------------


def _app() -> AppTest:
    return AppTest.from_file(APP, default_timeout=TIMEOUT).run()


def _page(name: str, lang: str = "zh") -> None:
    """One page in a frame like app.py's (run by AppTest.from_function: imports stay inside)."""
    import importlib

    import streamlit as st

    st.session_state.setdefault("lang", lang)
    with st.sidebar:
        st.radio("语言 / Language", ["zh", "en"], key="lang", horizontal=True)
    importlib.import_module(f"views.pages.{name}").render()


def _page_test(name: str, lang: str = "zh", deal_id: int | None = None) -> AppTest:
    at = AppTest.from_function(_page, kwargs={"name": name, "lang": lang}, default_timeout=TIMEOUT)
    if deal_id is not None:
        at.session_state["deal_id"] = deal_id
        at.session_state["step"] = 0
    return at.run()


def _ok(at: AppTest) -> None:
    """The run raised nothing, and no Markdown element allows HTML."""
    assert not at.exception, [e.value for e in at.exception]
    for md in (*at.markdown, *at.caption, *at.error, *at.warning, *at.info, *at.success):
        assert not getattr(md.proto, "allow_html", False), md.value


def _widget(widgets: Any, label: str) -> Any:
    found = [w for w in widgets if w.label == label]
    assert len(found) == 1, (label, [w.label for w in widgets])
    return found[0]


def _choose(at: AppTest, label: str, value: Any) -> AppTest:
    """Choose ``value`` in the filter ``label`` (the filters unfolded) and run the page."""
    return _widget(at.selectbox, label).select(value).run()


def _open_id(at: AppTest, deal_id: int | None) -> AppTest:
    """Type a deal's ID in "open a deal by its ID" and press Open."""
    _widget(at.number_input, "按编号打开牌局").set_value(deal_id)
    return _widget(at.button, "打开").click().run()


def _table(at: AppTest) -> Any:
    """The library's deal table (the first dataframe on the page)."""
    assert at.dataframe, "no table on the page"
    return at.dataframe[0].value


def _rows(at: AppTest) -> int:
    return len(_table(at)) if at.dataframe else 0


def _submit(at: AppTest) -> AppTest:
    return _widget(at.button, "导入并打开").click().run()


def _plotly(at: AppTest) -> list[dict[str, Any]]:
    """The Plotly figures on the page, as JSON."""
    return page_charts.figures(at)


def _values(data: Any) -> np.ndarray:
    """A Plotly JSON array: a list, or numbers packed as {"dtype", "bdata"} (base64)."""
    if isinstance(data, dict) and "bdata" in data:
        return np.frombuffer(base64.b64decode(data["bdata"]), dtype=data["dtype"]).astype(float)
    return np.asarray(data, dtype=float)


def _texts(at: AppTest) -> list[str]:
    return [el.value for el in (*at.markdown, *at.caption, *at.error, *at.warning, *at.info, *at.success)]


# -- library -------------------------------------------------------------------------------------------


def test_library_lists_every_deal(library: Library) -> None:
    at = _app()
    _ok(at)
    assert at.title[0].value == "牌局库"
    table = _table(at)
    assert len(table) == len(library.ids)
    assert set(table["编号"]) == set(library.ids.values())
    assert HOSTILE in " ".join(table["牌手"])  # shown as text in a table cell
    assert "deal_id" not in at.session_state


def test_library_filters_change_the_rows(library: Library) -> None:
    at = _app()
    total = _rows(at)
    library_filters(at)
    _choose(at, "牌手", "Ann")
    _ok(at)
    ann = {library.ids[k] for k in ("cup-1", "cup-2", "bh-1", "bh-open", "lock", "void")}
    assert set(_table(at)["编号"]) == ann
    _choose(at, "游戏", "baohuang")
    assert set(_table(at)["编号"]) == {library.ids[k] for k in ("bh-1", "bh-open", "void")}
    _choose(at, "游戏", None)
    _choose(at, "牌手", None)
    assert _rows(at) == total

    # the dates are chosen among the days played (no calendar: its months and weekdays are Streamlit's English)
    days = ["2026-10-01", "2026-10-02", "2026-10-03", "2026-10-05", "2026-11-29"]  # "2026-11-29 19:30": its day
    assert _widget(at.selectbox, "从（日期）").options == ["不限", *days]
    _choose(at, "从（日期）", "2026-10-02")
    _choose(at, "到（日期）", "2026-10-03")
    _ok(at)
    assert set(_table(at)["编号"]) == {library.ids[k] for k in ("bh-1", "bh-open", "lock")}
    _choose(at, "从（日期）", "2026-10-05")  # after the end date
    _ok(at)
    assert _rows(at) == 0
    assert any("开始日期在结束日期之后" in w.value for w in at.warning)
    _choose(at, "从（日期）", None)
    _choose(at, "到（日期）", None)
    assert _rows(at) == total

    _choose(at, "规则", "gouji-logged")
    assert set(_table(at)["编号"]) == {library.ids[k] for k in ("cup-1", "cup-2", "lock")}
    _choose(at, "规则", None)
    _choose(at, "教练发现", True)
    with_findings = _rows(at)
    _choose(at, "教练发现", False)
    assert with_findings + _rows(at) == total
    assert library.ids["lock"] in set(_choose(at, "教练发现", True).dataframe[0].value["编号"])


def test_the_filters_are_drawn_only_unfolded_and_kept_folded(library: Library) -> None:
    """A fresh Library draws no search box and no drop-down (the filters are folded away, and a folded expander
    draws nothing: a fresh page pays for no drop-down); unfolded they are drawn; folded again they still filter,
    the expander says how many are active, and unfolded again they are as they were left, also when its label
    changed with the count while it was open."""
    from views.pages.library import FILTERS_BOX

    at = _app()
    assert not at.main.selectbox and not at.main.text_input  # (the sidebar holds the sign-in's)
    assert [e.label for e in at.expander if e.label.startswith("筛选")] == ["筛选"]
    library_filters(at)
    assert {"牌手", "游戏", "规则", "教练发现", "裁判裁定"} <= {w.label for w in at.selectbox}
    _choose(at, "游戏", "baohuang")  # the label changes ("1 项生效"): the filters stay unfolded
    _ok(at)
    assert _widget(at.selectbox, "游戏").value == "baohuang"
    _choose(at, "牌手", "Ann")
    rows = set(_table(at)["编号"])
    at.session_state[FILTERS_BOX] = False
    at.run()
    _ok(at)
    assert not at.selectbox and set(_table(at)["编号"]) == rows and rows
    assert [e.label for e in at.expander if e.label.startswith("筛选")] == ["筛选（2 项生效）"]
    at.run()  # and on the next run
    assert set(_table(at)["编号"]) == rows
    library_filters(at)
    assert _widget(at.selectbox, "游戏").value == "baohuang" and _widget(at.selectbox, "牌手").value == "Ann"
    _choose(at, "游戏", None)
    _choose(at, "牌手", None)
    assert len(_table(at)) == len(library.ids)


def test_a_deal_opens_by_its_typed_id_or_says_why_not(library: Library) -> None:
    at = _app()
    _widget(at.button, "打开").click().run()
    _ok(at)
    assert [w.value for w in at.warning] == ["先输入要打开的牌局编号。"] and "deal_id" not in at.session_state
    missing = max(library.ids.values()) + 1000
    _open_id(at, missing)
    _ok(at)
    assert [w.value for w in at.warning] == [f"库里没有第 {missing} 局。"] and "deal_id" not in at.session_state
    assert at.title[0].value == "牌局库"
    _open_id(at, library.ids["bh-1"])
    _ok(at)
    assert at.session_state["deal_id"] == library.ids["bh-1"] and at.session_state["step"] == 0


def test_library_shows_a_page_at_a_time(library: Library, monkeypatch: pytest.MonkeyPatch) -> None:
    """A library larger than the smallest page is shown a page at a time, newest first: a page size (the
    second offered first) and a page number; the pages together show every deal once; the filters count and
    page in the database."""
    import views.pages.library as page

    monkeypatch.setattr(page, "PAGE_SIZES", (2, 4))
    at = _app()
    _ok(at)
    total = len(library.ids)
    assert _widget(at.radio, "每页局数").value == 4
    pages = -(-total // 4)
    seen: list[int] = []
    for k in range(1, pages + 1):
        _widget(at.number_input, f"页（共 {pages} 页）").set_value(k).run()
        _ok(at)
        seen += [int(i) for i in _table(at)["编号"]]
        assert any(f"{total} 局（库里共 {total} 局）" in c.value for c in at.caption)
    assert sorted(seen) == sorted(library.ids.values()) and len(seen) == total
    eng = open_db(f"sqlite:///{library.path}")
    every, baohuang = queries.deals(eng), queries.deals(eng, game="baohuang")
    eng.dispose()
    newest = max(zip(every["date"], every["id"], strict=True), key=lambda d: (d[0] != "", d[0], int(d[1])))[1]
    _widget(at.number_input, f"页（共 {pages} 页）").set_value(1).run()
    assert int(_table(at)["编号"].iloc[0]) == newest
    _widget(at.radio, "每页局数").set_value(2).run()
    assert _rows(at) == 2
    _widget(at.number_input, f"页（共 {-(-total // 2)} 页）").set_value(99).run()  # beyond the last page: the last one
    _ok(at)
    assert 1 <= _rows(at) <= 2
    _widget(library_filters(at).selectbox, "游戏").select("baohuang").run()  # counted and paged in the database
    _ok(at)
    assert any(f"{len(baohuang)} 局（库里共 {total} 局）" in c.value for c in at.caption)
    ids = {int(i) for i in _table(at)["编号"]}
    assert ids <= set(baohuang["id"]) and 1 <= len(ids) <= 2


def test_opening_a_deal_goes_to_its_replay(library: Library) -> None:
    at = _app()
    _open_id(at, library.ids["cup-2"])
    _ok(at)
    assert at.session_state["deal_id"] == library.ids["cup-2"]
    assert at.session_state["step"] == 0
    assert [h.value for h in at.header][:1] == [f"复盘 · #{library.ids['cup-2']}"]  # the Replay page, at step 0


def test_pasting_a_bad_log_shows_its_error(library: Library) -> None:
    at = _app()
    total = _rows(at)
    _widget(at.text_area, "或者粘贴日志文本").input('{"format": "fupan/1", "game": "gouji",')
    _submit(at)
    _ok(at)
    assert len(at.error) == 1
    assert "读不了这份日志" in at.error[0].value
    assert "JSON 格式有误" in at.error[0].value and "第 1 行" in at.error[0].value  # in Chinese (issue 18, item 3)
    assert _rows(at) == total
    assert "deal_id" not in at.session_state
    # a text log with an unknown profile: the ProfileError text
    _widget(at.text_area, "或者粘贴日志文本").input("fupan/1 gouji\nprofile no-such-profile\nevents\n")
    _submit(at)
    _ok(at)
    assert len(at.error) == 1 and "no-such-profile" in at.error[0].value.replace("\\", "")
    # the app keeps working: the filters still filter
    _widget(library_filters(at).selectbox, "游戏").select("gouji").run()
    _ok(at)
    assert 0 < _rows(at) < total


def test_pasting_a_log_that_starts_with_comments_shows_its_real_error(library: Library) -> None:
    """A text log with comment lines first is a log (``replay.formats.logfiles.log_form``, the reader's own test): its error is
    the bad card at its line and column, not "not a fupan log" (issue 33, item 15c)."""
    text = (SAMPLES_DIR / "disputes" / "01-burn-after-pass.txt").read_text(encoding="utf-8")
    assert text.startswith("# ") and "\n1 burn A A # 李秀英烧\n" in text
    at = _app()
    _widget(at.text_area, "或者粘贴日志文本").input(text.replace("\n1 burn A A #", "\n1 burn A ZZ #"))
    _submit(at)
    _ok(at)
    assert len(at.error) == 1
    shown = at.error[0].value.replace("\\", "")
    assert "读不了这份日志（第 26 行第 10 列）" in shown and "ZZ" in shown and "不是 fupan 日志" not in shown


def _on_replay(at: AppTest) -> int:
    """The deal "import and open" opened: the Replay page shows it (its header), at step 0; its id."""
    deal_id = int(at.session_state["deal_id"])
    assert any(h.value == f"复盘 · #{deal_id}" for h in at.header), [h.value for h in at.header]
    assert at.session_state["step"] == 0
    return deal_id


def test_pasting_a_good_log_adds_and_opens_it(library: Library) -> None:
    at = _app()
    total = _rows(at)
    text = simulate_deal(31, "gouji").log.dumps()
    _widget(at.text_area, "或者粘贴日志文本").input(text)
    _submit(at)
    _ok(at)
    assert not at.error
    assert any("已加入第" in s.value for s in at.success)  # said on the page that opened it
    new = _on_replay(at)
    assert new not in library.ids.values()
    at = _app()  # back to the Library
    assert _rows(at) == total + 1
    assert new in set(_table(at)["编号"])
    assert not at.success  # what the import said was said once
    # the same deal again: a duplicate, opened
    _widget(at.text_area, "或者粘贴日志文本").input(text)
    _submit(at)
    _ok(at)
    assert any("已经在库里" in i.value for i in at.info)
    assert _on_replay(at) == new
    assert _rows(_app()) == total + 1


def test_uploading_a_file(library: Library) -> None:
    at = _app()
    total = _rows(at)
    assert any(f"{MAX_UPLOAD_BYTES:,}" in c.value for c in at.caption)  # the limit is stated
    upload = _widget(at.file_uploader, "日志文件")
    text = _hand_made("GJ-SCORE.legal.txt", GOUJI, {"date": "2026-12-01", "match": "Upload Cup", "deal": 1})
    upload.set_value(("cup.txt", text.encode("utf-8"), "text/plain"))
    _submit(at)
    _ok(at)
    assert not at.error, [e.value for e in at.error]
    assert any("已加入第" in s.value for s in at.success)
    assert _on_replay(at) not in library.ids.values()
    assert _rows(_app()) == total + 1


def test_uploads_too_large_or_not_utf8_are_refused(library: Library) -> None:
    at = _app()
    total = _rows(at)
    big = b"{" + b" " * MAX_UPLOAD_BYTES + b"}"
    _widget(at.file_uploader, "日志文件").set_value(("big.json", big, "application/json"))
    _submit(at)
    _ok(at)
    assert len(at.error) == 1 and "太大了" in at.error[0].value
    _widget(at.file_uploader, "日志文件").set_value(
        ("latin.txt", "fupan/1 gouji\n# caf\xe9\n".encode("latin-1"), "text/plain")
    )
    _submit(at)
    _ok(at)
    assert len(at.error) == 1 and "UTF" in at.error[0].value
    assert _rows(at) == total


def test_pasted_text_too_large_is_refused(library: Library) -> None:
    at = _app()
    _widget(at.text_area, "或者粘贴日志文本").input("x" * (MAX_UPLOAD_BYTES + 1))
    _submit(at)
    _ok(at)
    assert len(at.error) == 1 and "太大了" in at.error[0].value


def test_submitting_nothing_asks_for_a_log(library: Library) -> None:
    at = _app()
    _submit(at)
    _ok(at)
    assert any("先选一个文件" in w.value for w in at.warning)


def test_language_switch_changes_the_labels(library: Library) -> None:
    at = _app()
    at.sidebar.radio[0].set_value("en").run()
    _ok(at)
    assert at.title[0].value == "Library"
    library_filters(at)
    labels = {w.label for w in at.selectbox}
    assert {"Player", "Game", "Profile", "Coach findings"} <= labels
    assert "ID" in _table(at).columns
    assert _widget(at.selectbox, "Game").format_func("gouji") == "Gouji"
    _choose(at, "Game", "gouji")
    _ok(at)
    assert set(_table(at)["Game"]) == {"Gouji"}
    at.sidebar.radio[0].set_value("zh").run()
    _ok(at)
    assert at.title[0].value == "牌局库"


def test_an_empty_library_invites_an_import(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("FUPAN_DB", f"sqlite:///{tmp_path / 'empty.db'}")
    st.cache_data.clear()
    st.cache_resource.clear()
    try:
        at = _app()
        _ok(at)
        assert any("还没有牌局" in i.value for i in at.info)
        assert not at.dataframe
        for name, lang in (("players", "zh"), ("players", "en"), ("scoring", "zh")):
            page = _page_test(name, lang)
            _ok(page)
            assert page.info
    finally:
        st.cache_data.clear()
        st.cache_resource.clear()


# -- scoring ---------------------------------------------------------------------------------------------


def test_scoring_needs_an_open_deal(library: Library) -> None:
    at = _page_test("scoring")
    _ok(at)
    assert any("牌局库" in i.value for i in at.info)
    assert not at.dataframe


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_scoring_shows_places_points_teams_and_the_match(library: Library, lang: str) -> None:
    at = _page_test("scoring", lang, library.ids["cup-2"])
    _ok(at)
    places = at.dataframe[0].value
    place, player, points, rule = (
        ("名次", "牌手", "得分", "规则") if lang == "zh" else ("Place", "Player", "Points", "Rule")
    )
    # GJ-SCORE.legal: the seats go out in order; cup-2 has the players moved one seat on
    assert places[place].tolist() == [1, 2, 3, 4, 5, 6]
    assert places[player].tolist() == GOUJI[-1:] + GOUJI[:-1]
    assert places[points].tolist() == [4, 2, 0, 0, -2, -4]
    assert set(places[rule]) == {"GJ-SCORE"}
    teams = at.dataframe[1].value
    assert len(teams) == 2
    assert any("GJ-SCORE" in text for text in _texts(at))
    assert not _plotly(at)  # the match is the other tab: not drawn
    # the match "Test Cup": running totals over its two deals by the team rule (gouji-logged: 只记正分), a line per
    # team; cup-2 has every player one seat on, so the same two teams sit on each other's seats: named by their players
    figures = _plotly(open_tab(at, "match", key="scoring_tab"))
    assert len(figures) == 1
    lines = figures[0]["data"]
    sep = "、" if lang == "zh" else ", "
    teams = {sep.join(["Ann", "Cai", "Eve"]), sep.join(["Bo", "Dong", "Fei"])}
    assert {trace["name"] for trace in lines} == teams
    totals = at.dataframe[-1].value
    assert len(totals) == 2
    # each team won one deal (its sum 2) and lost one: a losing team records 0, never its -2
    assert totals.loc[totals.index[-1]].to_dict() == dict.fromkeys(teams, 2.0)
    assert (totals.to_numpy() >= 0).all()
    whose = "每队的记分" if lang == "zh" else "Each team's recorded points"
    rule = "只记正分" if lang == "zh" else "positive points only"
    assert any(whose in c.value and rule in c.value for c in at.caption)


def test_scoring_shows_the_match_in_a_tab_only_when_the_log_names_one(library: Library) -> None:
    """A deal of a match: two tabs, the deal's shown first and its match's drawn only when shown (a fresh page draws
    no chart), and the tab chosen stays chosen on the next deal; a deal of no match: no tabs."""
    from views.pages.scoring import TABS

    at = _page_test("scoring", deal_id=library.ids["cup-1"])
    assert [tab.label for tab in at.tabs] == ["这一局", "这场比赛"]
    assert at.dataframe and not _plotly(at)
    open_tab(at, "match", key=TABS)
    assert len(_plotly(at)) == 1 and not any(d.value.columns[0] == "名次" for d in at.dataframe)
    at.session_state["deal_id"] = library.ids["bh-1"]
    at.run()
    _ok(at)
    assert len(_plotly(at)) == 1 and at.subheader[0].value.startswith("比赛累计")  # Test BH's own points
    plain = _page_test("scoring", deal_id=library.ids["bh-open"])
    assert not plain.tabs and plain.dataframe[0].value.columns[0] == "名次"


def test_scoring_sweep_doubles(library: Library) -> None:
    at = _page_test("scoring", deal_id=library.ids["sweep"])
    _ok(at)
    places = at.dataframe[0].value
    assert places["座位"].tolist()[:3] == [0, 2, 4]
    assert any("串三户" in s.value and "GJ-SWEEP" in s.value for s in at.success)
    teams = at.dataframe[1].value
    assert "×2" in set(teams["串三户"])
    assert any("GJ-SWEEP" in text for text in _texts(at))


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_scoring_baohuang_roles_and_doubling(library: Library, lang: str) -> None:
    at = _page_test("scoring", lang, library.ids["bh-open"])
    _ok(at)
    places = at.dataframe[0].value
    role = "身份" if lang == "zh" else "Role"
    roles = set(places[role])
    assert roles == ({"皇帝", "保皇派", "革命党"} if lang == "zh" else {"emperor", "loyalist", "rebel"})
    text = " ".join(_texts(at))
    assert "明保" in text and "BH-LOYALIST" in text
    assert len(at.dataframe[1].value) == 2  # the two sides
    plain = at.session_state["deal_id"]
    assert plain == library.ids["bh-open"]


def test_scoring_baohuang_plain(library: Library) -> None:
    at = _page_test("scoring", deal_id=library.ids["bh-1"])
    _ok(at)
    places = at.dataframe[0].value
    assert dict(zip(places["牌手"], places["得分"], strict=True)) == {
        "Gu": 6,
        "Ann": 3,
        "Bo": -3,
        "Cai": -3,
        "Dong": -3,
    }
    assert "暗保" in " ".join(_texts(at))
    assert not _plotly(at)  # the match "Test BH": its tab
    assert len(_plotly(open_tab(at, "match", key="scoring_tab"))) == 1


def test_scoring_unfinished_and_void(library: Library) -> None:
    at = _page_test("scoring", deal_id=library.ids["lock"])
    _ok(at)
    assert any("还没打完" in i.value for i in at.info)
    assert any("违规" in w.value for w in at.warning)
    assert not at.dataframe
    at = _page_test("scoring", "en", library.ids["void"])
    _ok(at)
    assert any("void" in w.value for w in at.warning)
    assert any("BH-VOID" in m.value for m in at.markdown)


def test_scoring_escapes_a_hostile_name(library: Library) -> None:
    at = _page_test("scoring", deal_id=library.ids["hostile"])
    _ok(at)
    places = at.dataframe[0].value
    assert HOSTILE in set(places["牌手"])  # a table cell shows it as it is
    for text in _texts(at):  # every Markdown special character of the name comes escaped
        assert not re.search(r"(?<!\\)[<>\[\]()$*&]", text.replace("**", "")), text
    assert any("\\<img" in text for text in _texts(at))  # the venue, escaped in the caption
    for figure in _plotly(at):
        names = [trace.get("name", "") for trace in figure["data"]]
        assert all("<img" not in n for n in names)
        assert any("&lt;img" in n for n in names)


# -- players -------------------------------------------------------------------------------------------


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_players_shows_charts(library: Library, lang: str) -> None:
    at = _page_test("players", lang)
    _ok(at)
    assert at.title[0].value == ("牌手" if lang == "zh" else "Players")
    assert [tab.label for tab in at.tabs] == (
        ["排名", "名次分布", "平均得分", "教练发现", "模拟评估的准确率"]
        if lang == "zh"
        else ["Standings", "Places", "Mean points", "Coach's findings", "Accuracy by simulation"]
    )
    assert not _plotly(at) and len(at.dataframe) == 1  # only the tab shown runs: the standings
    assert (("牌手" if lang == "zh" else "Player") in at.dataframe[0].value.columns) and set(GOUJI) <= set(
        at.dataframe[0].value.iloc[:, 0]
    )
    (places,) = _plotly(open_tab(at, "places"))
    assert places["layout"]["barmode"] == "stack"
    assert len(places["data"]) == 6  # 够级 by default: one bar per place
    x = set(places["data"][0]["x"])
    assert set(GOUJI) <= x
    assert "&lt;img src=x onerror=alert(1)&gt;[x](javascript:alert(1)) $x^2$ :red[y] **b** &amp; &quot;q&quot;" in x
    assert not any("<img" in v for v in x)
    assert not at.dataframe
    (points,) = _plotly(open_tab(at, "points"))
    assert points["data"][0]["type"] == "bar" and set(GOUJI) <= set(points["data"][0]["x"])
    (by_maxim,) = _plotly(open_tab(at, "findings"))
    maxims = {trace["name"] for trace in by_maxim["data"]}
    assert maxims and maxims <= {mx.saying for mx in MAXIMS}
    by_kind = at.dataframe[0].value
    assert list(by_kind.columns) == (
        ["违规", "俗语", "提示", "评估", "错误（按判断）"]
        if lang == "zh"
        else ["violation", "maxim", "note", "evaluation", "Errors (by judgement)"]
    )  # the kinds, then the errors by each move's judgement (data.mistakes)
    open_tab(at, "accuracy")
    assert not _plotly(at) and not at.dataframe
    assert any(("评估" if lang == "zh" else "Evaluation page") in i.value for i in at.info)  # nothing evaluated yet


def test_players_tab_shown_stays_shown_in_the_other_language(library: Library) -> None:
    """The tab shown is remembered by its section, not by its words: the language switched, it is still shown."""
    at = open_tab(_page_test("players", "zh"), "points")
    assert [f["layout"]["yaxis"]["title"]["text"] for f in _plotly(at)] == ["每局平均得分"]
    at.session_state["lang"] = "en"
    at.run()
    _ok(at)
    assert [f["layout"]["yaxis"]["title"]["text"] for f in _plotly(at)] == ["mean points per deal"]


def test_players_shows_accuracy_of_evaluated_deals(library: Library) -> None:
    from coach.evaluate import evaluate_replay
    from coach.prices import Settings
    from data.evaluations import save_evaluation
    from replay.replay import Replay

    eng = open_db(f"sqlite:///{library.path}")
    replay = Replay(simulate_deal(11, "gouji", deal_number=1).log)
    evaluation = evaluate_replay(replay, Settings(rollouts=2, max_candidates=2), jobs=1, seats=[0, 1])
    save_evaluation(eng, library.ids["gouji-11"], evaluation)
    eng.dispose()
    at = open_tab(_page_test("players"), "accuracy")
    (accuracy,) = _plotly(at)
    assert accuracy["layout"]["yaxis"]["range"] == [0, 100]
    (table,) = [d.value for d in at.dataframe]
    assert list(table.columns)[:4] == ["牌手", "评估局数", "决定", "准确率 %"]
    names = {s.player for s in replay.log.seats}
    assert set(table["牌手"]) <= names and len(table) == 2  # the two evaluated seats
    counts = {r["seat"]: r["decisions"] for r in evaluation.seat_summary()}
    assert sorted(table["决定"]) == sorted(counts[s] for s in (0, 1))
    assert all(0 <= a <= 100 for a in table["准确率 %"])


def test_players_game_and_highlight(library: Library) -> None:
    at = open_tab(_page_test("players"), "places")
    _widget(at.radio, "游戏").set_value("baohuang").run()
    _ok(at)
    places = _plotly(at)[0]
    assert len(places["data"]) == 5  # 保皇: five places
    assert set(places["data"][0]["x"]) >= {"Ann", "Bo", "Cai", "Dong", "Gu"}
    assert not at.metric
    _widget(at.selectbox, "突出显示牌手").select("Gu").run()
    _ok(at)
    assert [m.label for m in at.metric] == ["局数", "平均名次", "平均得分", "每局教练发现", "每局错误（按判断）"]
    assert at.metric[0].value == "3"  # bh-1, bh-open and the void deal
    assert at.metric[1].value == "1.00"  # 头科 in both finished deals
    faded = dict(zip(_plotly(at)[0]["data"][0]["x"], _plotly(at)[0]["data"][0]["marker"]["opacity"], strict=True))
    assert faded["Gu"] == 1.0 and faded["Ann"] < 1.0
    points = _plotly(open_tab(at, "points"))[0]["data"][0]
    colors = dict(zip(points["x"], points["marker"]["color"], strict=True))
    assert colors["Gu"] != colors["Ann"]
    assert at.metric[0].value == "3"  # the chosen player's figures stay above the tabs


def test_players_shares_toggle(library: Library) -> None:
    at = open_tab(_page_test("players"), "places")
    at.toggle[0].set_value(True).run()
    _ok(at)
    places = _plotly(at)[0]
    total = sum(_values(trace["y"]) for trace in places["data"])
    assert all(abs(s - 1.0) < 1e-9 or s == 0 for s in total)


# -- inside app.py ------------------------------------------------------------------------------------


def test_app_navigation_reaches_the_pages(library: Library) -> None:
    """The pages inside app.py's navigation, reached by the page hash st.Page makes of the url path."""
    from streamlit.util import calc_hash

    at = _app()
    if not hasattr(at, "_page_hash"):
        pytest.skip("this Streamlit's AppTest cannot be sent to a callable page")
    _open_id(at, library.ids["cup-1"])
    at._page_hash = calc_hash("scoring")
    at.run()
    _ok(at)
    assert at.title[0].value == "计分"
    assert at.dataframe[0].value["牌手"].tolist() == GOUJI
    at._page_hash = calc_hash("players")
    at.run()
    _ok(at)
    assert at.title[0].value == "牌手"
    assert len(_plotly(open_tab(at, "places"))) == 1
    at.sidebar.radio[0].set_value("en").run()
    _ok(at)
    assert at.title[0].value == "Players"


@pytest.mark.parametrize(
    "text",
    [
        "fupan/1 gouji\nevents\n0 play " + "Q" * 1_500_000 + "\n",  # one huge bad token
        '{"format": "fupan/1", "game": "gouji", "meta": {"deal": "' + "Q" * 1_500_000 + '"}}',
    ],
)
def test_a_large_bad_paste_shows_a_short_error_quickly(library: Library, text: str) -> None:
    at = _app()
    total = _rows(at)
    _widget(at.text_area, "或者粘贴日志文本").input(text)
    start = time.perf_counter()
    _submit(at)
    elapsed = time.perf_counter() - start
    _ok(at)
    assert len(at.error) == 1 and "读不了这份日志" in at.error[0].value
    assert len(at.error[0].value) < 1_000 and "Q" * 81 not in at.error[0].value
    assert elapsed < 20, f"the error took {elapsed:.1f} s"
    assert _rows(at) == total
