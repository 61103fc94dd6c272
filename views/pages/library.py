"""Page: the deal library. Import logs (``views.parts.library_import``: files or pasted text, a season's CSV of score
sheets), enter a score sheet (``views.parts.sheet_form``: a deal without moves), search and filter
the stored deals, download them, open one.

The deals are listed newest first (``data.queries.NEWEST``: by the log's date, then the match, then the log's own
deal number, ``meta.deal``, then the id) a page at a time, with how many the filters leave of the library's
deals; a search box looks in the players' names, the venue and the notes (in the database, any case). The list
comes first: the search and the seven filters are folded away below it (an expander saying how many are active,
so a phone shows deals, not filters), and drawn only while it is open (a fresh page pays for no drop-down: the
filters' values are kept meanwhile). Selecting a row of the table (or typing a deal's ID and pressing "Open")
opens that deal at its first step and goes straight to the Replay page (``open_deal`` in the callback, then
``st.switch_page``; so does "import and open", when nothing it imported went wrong, the import's messages shown
there). Every deal the filters leave, not only
the page shown, downloads as CSV (``views.parts.downloads``), the columns as the table names them.
"""

from __future__ import annotations

import contextlib
import functools
from collections.abc import Callable
from typing import Any

import pandas as pd
import streamlit as st
from streamlit.delta_generator import DeltaGenerator
from streamlit.errors import StreamlitAPIException

from data import queries
from views.parts import address, deal_deletion, kept, links, sheet_form
from views.parts.common import current, engine, guarded, lang, open_deal, stored, t
from views.parts.downloads import csv_button, file_name
from views.parts.library_import import GO, form
from views.parts.table import tr
from views.parts.texts import EMPTY_CELL, game_words, profile_name

PAGE_SIZES = (25, 50, 100, 200)
PAGE_SIZE = "library_page_size"
PAGE_NUMBER = "library_page"
SEARCH = "library_search"
TABLE = "library_table"  # the table's key, with a counter: a new table, nothing selected, after each opening
TABLE_ROUND = "library_table_round"
FILTERS_BOX = "library_filters"  # the expander the search and the filters fold into (folded: the list comes first)
# the filters' keys: player, from, to, game, profile, coach findings, referee's decisions (None: not filtering)
FILTERS = tuple(f"library_{name}" for name in ("player", "from", "to", "game", "profile", "findings", "decided"))
FILTERS_WERE_OPEN = "library_filters_were_open"  # whether the filters' expander was open at the last run
KEPT = "library_kept"  # the search's and the filters' values, kept while they are folded away (``views.parts.kept``)
OPEN_ID = "library_open_id"  # the number box of "open a deal by its ID"
OPEN_SAID = "library_open_said"  # why the typed ID opened nothing, shown once


@guarded
def render() -> None:
    """Render the page."""
    st.title(t("牌局库", "Library"))
    _go()
    form(expanded=stored(queries.deal_count) == 0)
    sheet_form.form()
    deal_deletion.box()
    total = stored(queries.deal_count)  # an import above read the library's version again
    st.divider()
    if total == 0:
        st.info(t("库里还没有牌局：在上面导入一局。", "The library holds no deals yet: import one above."))
        return
    listed = st.container()  # the list comes first; the filters, folded away below it, are read before it is drawn
    frame, count = _filtered(total, listed)
    with listed:
        _open_row(frame)
        _pager(count)
    _open_status()


def _go() -> None:
    """Open the deal a row or the Open button asked for, at its first step, on the Replay page (its address names
    the deal, the step and the language: ``views.parts.address.link``)."""
    deal_id = st.session_state.pop(GO, None)
    if deal_id is None:
        return
    open_deal(int(deal_id))
    with contextlib.suppress(StreamlitAPIException):  # outside st.navigation (a page run alone): said below
        st.switch_page(links.page(links.REPLAY), query_params=address.link(int(deal_id), 0))  # with what an import said


def _ask(deal_id: int) -> None:
    """A callback: open ``deal_id`` on the next run (``_go``), with a new table (no row selected)."""
    st.session_state[GO] = int(deal_id)
    st.session_state[TABLE_ROUND] = int(st.session_state.get(TABLE_ROUND, 0)) + 1


def _selected(key: str, ids: list[int]) -> None:
    """The table's callback: the selected row's deal is opened."""
    event = st.session_state.get(key)
    rows = list(getattr(getattr(event, "selection", None), "rows", []) or [])
    if rows and 0 <= rows[0] < len(ids):
        _ask(ids[rows[0]])


# -- filters and the table ---------------------------------------------------------------------------


def _filtered(total: int, listed: DeltaGenerator) -> tuple[pd.DataFrame, int]:
    """The search and the filters (folded away, the expander saying how many are active; drawn only while it is
    open, their values kept meanwhile: ``views.parts.kept``), and in ``listed`` (above them) the count of the deals they
    leave and their CSV; the page of them to show (newest first: ``_page_of``) and that count."""
    keys = (SEARCH, *FILTERS)
    active = sum(1 for key in keys if kept.value(key, KEPT) not in (None, ""))
    folded = st.expander(
        t(f"筛选（{active} 项生效）", f"Filters ({active} active)") if active else t("筛选", "Filters"),
        key=FILTERS_BOX,
        on_change="rerun",
        expanded=bool(st.session_state.get(FILTERS_WERE_OPEN)),  # its label, and so its identity, changes with
    )  # the count of active filters: the new expander opens as the old one was left
    st.session_state[FILTERS_WERE_OPEN] = folded.open
    if folded.open:
        kept.restore(keys, KEPT)  # drawn again after being folded away: as they were left
        _filter_widgets(folded)
    kept.keep(keys, KEPT)
    search, player, date_from, date_to, game, profile, has_findings, decided = (kept.value(k, KEPT) for k in keys)
    if date_from is not None and date_to is not None and date_from > date_to:
        listed.warning(t("开始日期在结束日期之后：没有牌局。", "The start date is after the end date: no deals."))
    chosen = {
        "player": player,
        "date_from": date_from,
        "date_to": date_to,
        "game": game,
        "profile": profile,
        "has_findings": has_findings,
        "decided": decided,
        "search": (search or "").strip() or None,
    }
    filters = {k: v for k, v in chosen.items() if v is not None}  # an empty filter is no filter (one cache entry)
    count = total if not filters else stored(queries.deal_count, **filters)
    with listed:
        size, first = _page_of(count)
        frame = stored(queries.deal_page, offset=first, limit=size, **filters)
        shown = t(
            f"，显示第 {first + 1}–{first + len(frame)} 局（最新的在前）",
            f"; showing {first + 1}–{first + len(frame)}, newest first",
        )
        left, right = st.columns([3, 1], vertical_alignment="center")
        left.caption(count_text(count, total, lang()) + (shown if len(frame) else ""))
        if count:
            _download(filters, right)
    return frame, count


def _filter_widgets(folded: DeltaGenerator) -> None:
    """The search box and the seven filters, in the open expander; read by their keys (``views.parts.kept.value``)."""
    folded.text_input(
        t("搜索牌手、地点、备注", "Search players, venue, notes"),
        key=SEARCH,
        placeholder=t("输入名字、地点或备注里的字", "a name, or words of the venue or the notes"),
    )
    c = folded.columns(7)
    names, games = stored(queries.player_names), stored(queries.games)
    c[0].selectbox(
        t("牌手", "Player"), [None, *names], format_func=_labels(t("全部牌手", "all players")), key=FILTERS[0]
    )
    days = stored(queries.deal_days)  # chosen among the days played (not Streamlit's calendar: zh_widgets.py)
    any_day = _labels(t("不限", "any"))
    c[1].selectbox(t("从（日期）", "From (date)"), [None, *days], format_func=any_day, key=FILTERS[1])
    c[2].selectbox(t("到（日期）", "To (date)"), [None, *days], format_func=any_day, key=FILTERS[2])
    game = c[3].selectbox(
        t("游戏", "Game"),
        [None, *games],
        format_func=_labels(t("全部", "all"), {g: _game(g, lang()) for g in games}),
        key=FILTERS[3],
    )
    profiles = stored(queries.profiles, game=game)
    named = {p: profile_name(p) for p in profiles}
    c[4].selectbox(
        t("规则", "Profile"), [None, *profiles], format_func=_labels(t("全部", "all"), named), key=FILTERS[4]
    )
    findings_labels: dict[bool | None, str] = {
        None: t("全部", "all"),
        True: t("有发现", "with findings"),
        False: t("无发现", "without"),
    }
    c[5].selectbox(
        t("教练发现", "Coach findings"), list(findings_labels), format_func=findings_labels.__getitem__, key=FILTERS[5]
    )
    decided_labels: dict[bool | None, str] = {
        None: t("全部", "all"),
        True: t("有裁判裁定", "with a referee's decision"),
        False: t("无裁判裁定", "without"),
    }
    c[6].selectbox(
        t("裁判裁定", "Referee's decisions"),
        list(decided_labels),
        format_func=decided_labels.__getitem__,
        key=FILTERS[6],
    )


def count_text(count: int, total: int, lang_: str) -> str:
    """How many deals the filters leave, of the library's: "12 局（库里共 80 局）", "12 deals (of 80 in the
    library)", "1 deal (of 1 in the library)"."""
    return tr(lang_, f"{count} 局（库里共 {total} 局）", f"{count} deal{'' if count == 1 else 's'} (of {total} in the library)")  # fmt: skip


def _download(filters: dict[str, Any], where: Any) -> None:
    """Every deal the filters leave (all pages, newest first) as CSV, made when the button is pressed."""
    eng, lang_ = engine(), lang()

    def every() -> pd.DataFrame:
        return shown_table(queries.deals(eng, newest_first=True, **filters), lang_)

    label = t("下载全部筛出的牌局（CSV）", "Download them all (CSV)")
    csv_button(every, file_name("library"), key="library_csv", label=label, where=where)


def _page_of(count: int) -> tuple[int, int]:
    """The page size and the page to show, as the pager below the list (``_pager``) was last set (a page beyond the
    last shows the last); the first deal's offset."""
    if count <= PAGE_SIZES[0]:
        return PAGE_SIZES[0], 0
    size = st.session_state.get(PAGE_SIZE)
    size = size if size in PAGE_SIZES else PAGE_SIZES[1]
    pages = max(1, -(-count // size))
    page = min(max(1, int(st.session_state.get(PAGE_NUMBER) or 1)), pages)
    return size, (page - 1) * size


def _pager(count: int) -> None:
    """The page size and the page number, below the list (a phone sees the deals first); read by ``_page_of``."""
    if count <= PAGE_SIZES[0]:
        return
    left, right, _ = st.columns([1, 1, 3])
    size = left.radio(t("每页局数", "Deals per page"), PAGE_SIZES, index=1, key=PAGE_SIZE, horizontal=True)
    pages = max(1, -(-count // size))
    right.number_input(t(f"页（共 {pages} 页）", f"Page (of {pages})"), min_value=1, value=1, step=1, key=PAGE_NUMBER)


def _labels(everything: str, names: dict[Any, str] | None = None) -> Callable[[Any], str]:
    """A selectbox's format_func: ``everything`` for None, else the option's name (or itself). The texts are
    worked out now, in the chosen language, not when the option is shown."""
    known = dict(names or {})

    def label(x: Any) -> str:
        return everything if x is None else known.get(x, str(x))

    return label


def _game(game: str, lang_: str) -> str:
    return tr(lang_, *game_words(game))


def shown_table(frame: pd.DataFrame, lang_: str) -> pd.DataFrame:
    """The deals as the table shows them and the CSV holds them: columns named in ``lang_``, games by name, the
    log's own deal number."""
    yes, no = "✓", "✗"
    return pd.DataFrame(
        {
            tr(lang_, "编号", "ID"): frame["id"],
            tr(lang_, "游戏", "Game"): frame["game"].map(lambda g: _game(g, lang_)),
            tr(lang_, "规则", "Profile"): frame["profile"].map(
                {p: profile_name(p, lang_) for p in set(frame["profile"])}
            ),
            tr(lang_, "日期", "Date"): frame["date"],
            tr(lang_, "地点", "Venue"): frame["venue"],
            tr(lang_, "比赛", "Match"): frame["match"],
            tr(lang_, "局号", "Deal"): frame["deal"],
            tr(lang_, "牌手", "Players"): frame["players"],
            tr(lang_, "合法", "Legal"): frame["legal"].map({True: yes, False: no}),
            tr(lang_, "打完", "Finished"): frame["finished"].map({True: yes, False: no}),
            tr(lang_, "事件", "Events"): [  # a score sheet: 0 events and finished
                tr(lang_, "只有结果", "result only") if n == 0 and done else n
                for n, done in zip(frame["n_events"], frame["finished"], strict=True)
            ],
            tr(lang_, "教练发现", "Findings"): frame["n_findings"],
            tr(lang_, "裁判裁定", "Decisions"): frame["n_decisions"],
        }
    )


def _open_row(frame: pd.DataFrame) -> None:
    """The table (selecting a row opens its deal) and a deal to open by its number (any stored deal, not only the
    page's: a referee told "deal 4123")."""
    if frame.empty:
        st.info(t("没有符合条件的牌局。", "No deal matches the filters."))
        return
    ids = [int(x) for x in frame["id"]]
    key = f"{TABLE}_{int(st.session_state.get(TABLE_ROUND, 0))}"
    st.dataframe(
        shown_table(frame, lang()),
        hide_index=True,
        on_select=functools.partial(_selected, key, ids),
        selection_mode="single-row",
        key=key,
        placeholder=EMPTY_CELL,
    )
    st.caption(t("选中一行就在“复盘”页打开这一局。", "Select a row to open its deal on the Replay page."))
    left, right, _ = st.columns([2, 1, 3], vertical_alignment="bottom")
    left.number_input(
        t("按编号打开牌局", "Open a deal by its ID"),
        min_value=1,
        value=None,
        step=1,
        placeholder=t(f"例如 {ids[0]}", f"e.g. {ids[0]}"),
        key=OPEN_ID,
    )
    right.button(t("打开", "Open"), on_click=_open_typed, type="primary", width="stretch")
    said = st.session_state.pop(OPEN_SAID, None)
    if said:
        st.warning(said)


def _open_typed() -> None:
    """The Open button's callback: the deal whose number is typed, if the library holds it (else said why)."""
    typed = st.session_state.get(OPEN_ID)
    if typed is None:
        st.session_state[OPEN_SAID] = t("先输入要打开的牌局编号。", "Type the ID of the deal to open first.")
    elif not queries.has_deal(engine(), int(typed)):
        st.session_state[OPEN_SAID] = t(f"库里没有第 {int(typed)} 局。", f"The library holds no deal {int(typed)}.")
    else:
        _ask(int(typed))


def _open_status() -> None:
    """Which deal is open, with links to the pages that show it."""
    deal_id, _ = current()
    if deal_id is None or not queries.has_deal(engine(), deal_id):
        return
    st.success(
        t(
            f"已打开第 {deal_id} 局。到左边的“复盘”页看这一局（或“计分”“教练”页）。",
            f"Deal {deal_id} is open. Go to Replay in the sidebar to see it (or Scoring, Coach).",
        )
    )
    a, b, _ = st.columns([1, 1, 4])
    links.page_link(links.REPLAY, icon=":material/replay:", where=a)
    links.page_link(links.SCORING, icon=":material/calculate:", where=b)
