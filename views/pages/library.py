"""Page: the deal library. Import a log (a file or pasted text), filter the stored deals, open one.

Importing parses the log (``parse_log``), replays and coaches it and stores it (``import_log``); the
deal is reported as added or as already stored, and opened. A log that carries a referee's decisions
stores them only for a signed-in referee or admin (``data.accounts.import_as``, which checks the account
again in the import's transaction); for anyone else the deal is imported without its decisions and the
page says so. A log without decisions is imported without an account, as before. A log that cannot be read shows its
error (the LogError or ProfileError text) and nothing else changes. Opening a deal only sets the ids
in session state (``open_deal`` in a callback); the other pages show the open deal.
"""

from __future__ import annotations

import datetime as dt
import math
from collections.abc import Callable
from typing import Any

import pandas as pd
import streamlit as st

from data import queries
from data.accounts import NotPermitted, import_as
from data.database import DatabaseStateError
from data.importer import ImportResult, import_log
from replay.log import Log, LogError, parse_log
from replay.logfiles import LOG_SUFFIXES
from replay.profile import ProfileError
from views.parts import links
from views.parts.common import (
    MAX_UPLOAD_BYTES,
    UPLOAD_LIMITS,
    current,
    engine,
    forget_deals,
    guarded,
    open_deal,
    replay_of,
    signed_in,
    size_text,
    stored,
    t,
    too_large,
)
from views.parts.texts import game_name, md

PAGE_SIZES = (25, 50, 100, 200)
PAGE_SIZE = "library_page_size"
PAGE_NUMBER = "library_page"


@guarded
def render() -> None:
    """Render the page."""
    st.title(t("牌局库", "Library"))
    _import_form(expanded=stored(queries.deal_count) == 0)
    total = stored(queries.deal_count)  # an import above read the library's version again
    st.divider()
    if total == 0:
        st.info(t("库里还没有牌局：在上面导入一局。", "The library holds no deals yet: import one above."))
        return
    frame = _filtered(total)
    _open_row(frame)
    _open_status()


# -- import ----------------------------------------------------------------------------------------


def _import_form(expanded: bool) -> None:
    """The upload / paste form; what it sent is imported and reported below it."""
    with st.expander(t("导入牌局", "Import a deal"), expanded=expanded):
        st.caption(
            t(
                "JSON（fupan/1）或文本记录格式的日志，每次一局；文件",
                "A log in JSON (fupan/1) or the text notation, one deal at a time; a file of",
            )
            + " "
            + size_text()
            + t("。", ".")
        )
        st.caption(_decisions_note())
        with st.form("fupan_import", clear_on_submit=True, border=False):
            upload = st.file_uploader(
                t("日志文件", "Log file"),
                type=[s.lstrip(".") for s in LOG_SUFFIXES],
                max_upload_size=max(1, math.ceil(MAX_UPLOAD_BYTES / 1_048_576)),
            )
            pasted = st.text_area(t("或者粘贴日志文本", "Or paste the log text"), height=180)
            sent = st.form_submit_button(t("导入并打开", "Import and open"), type="primary")
    if not sent:
        return
    items: list[tuple[str, bytes | str]] = []
    if upload is not None:
        items.append((upload.name, upload.getvalue()))
    if pasted.strip():
        items.append((t("粘贴的文本", "pasted text"), pasted))
    if not items:
        st.warning(t("先选一个文件或粘贴日志文本。", "Choose a file or paste a log first."))
        return
    for source, content in items:
        _import_one(source, content)


def _decode(source: str, data: bytes) -> str:
    """The text of an uploaded file (UTF-8, a BOM allowed); LogError when it is not UTF-8."""
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = data[: exc.start].count(b"\n") + 1
        raise LogError(f"file is not UTF-8 text (byte 0x{data[exc.start]:02x})", source, line) from None


def _import_one(source: str, content: bytes | str) -> None:
    """Check, store, report and open one log."""
    refusal = too_large(source, content)
    if refusal:
        st.error(refusal)
        return
    try:
        text = _decode(source, content) if isinstance(content, bytes) else content
        log = parse_log(text, source, UPLOAD_LIMITS)
        result = _store(log, source)
    except (LogError, ProfileError) as exc:
        st.error(t("读不了这份日志：", "This log cannot be read: ") + md(exc))
        return
    except DatabaseStateError as exc:  # read-only, damaged, deleted or replaced: said as it is
        st.error(t("没有存入：", "Not stored: ") + md(exc))
        return
    except Exception as exc:  # a fault of ours: report it, keep the app running
        st.error(t("导入时出错：", "The import failed: ") + md(f"{type(exc).__name__}: {exc}"))
        return
    if result.status == "error" or result.deal_id is None:
        st.error(t("存不进库：", "It cannot be stored: ") + md(result.reason))
        return
    forget_deals()
    open_deal(result.deal_id)
    if result.status == "added":
        st.success(t(f"已加入第 {result.deal_id} 局，并已打开。", f"Added deal {result.deal_id}, and opened it."))
    else:
        st.info(
            t(
                f"这一局已经在库里（第 {result.deal_id} 局），已打开。",
                f"This deal is already in the library (deal {result.deal_id}); opened it.",
            )
        )
    _check_line(result.deal_id)


def _decisions_note() -> str:
    """What happens to a log's referee decisions, for whoever is (not) signed in."""
    name = signed_in()
    if name is None:
        return t(
            "记录里的裁判裁定只为登录的裁判或管理员存入（在“争议台”登录）；未登录时只导入牌局本身，不带裁定。",
            "A log's referee decisions are stored only for a signed-in referee or admin (sign in on the Dispute "
            "desk); otherwise the deal itself is imported without its decisions.",
        )
    return md(
        t(
            f"已登录：{name}。记录里的裁判裁定以这个账号存入。",
            f"Signed in as {name}: a log's referee decisions are stored as this account's.",
        )
    )


def _store(log: Log, source: str) -> ImportResult:
    """Import a log: with its decisions for the signed-in account (checked again on the server), else the
    deal without its decisions (said on the page). A log without decisions needs no account."""
    if not log.decisions:
        return import_log(engine(), log, source)
    n = len(log.decisions)
    name = signed_in()
    if name is not None:
        try:
            return import_as(engine(), log, source, name)
        except NotPermitted as exc:
            why = t("这个账号不能存入裁定：", "this account may not store decisions: ") + md(exc)
    else:
        why = t("没有登录", "nobody is signed in")
    st.warning(
        t(
            f"{md(source)}：记录里有 {n} 条裁判裁定，没有存入（{why}）。只导入了牌局本身。",
            f"{md(source)}: the log carries {n} referee's decision(s), not stored ({why}). Only the deal itself "
            "was imported.",
        )
    )
    return import_log(engine(), log.deal_only(), source)


def _check_line(deal_id: int) -> None:
    """What the replay found: every event legal or how many rule violations; finished or not."""
    rep = replay_of(deal_id)
    if rep is None:
        return
    score = rep.score()
    done = (
        t("没打完", "not finished") if score is None else t("作废", "void") if score.void else t("已打完", "finished")
    )
    if rep.ok:
        st.caption(t(f"规则检查：每一步都合法；{done}。", f"Rule check: every event is legal; {done}."))
    else:
        n = len(rep.illegal)
        st.warning(
            t(
                f"规则检查：{n} 处违规（在“复盘”和“争议台”里看）；{done}。",
                f"Rule check: {n} rule violation(s) (see Replay and the Dispute desk); {done}.",
            )
        )


# -- filters and the table ---------------------------------------------------------------------------


def _filtered(total: int) -> pd.DataFrame:
    """The filters, the count of the deals they leave and the page of them to show (newest first); that page."""
    names = stored(queries.player_names)
    games = stored(queries.games)
    st.subheader(t("筛选", "Filters"))
    c = st.columns(7)
    player = c[0].selectbox(t("牌手", "Player"), [None, *names], format_func=_labels(t("全部牌手", "all players")))
    date_from = c[1].date_input(t("从（日期）", "From (date)"), value=None, format="YYYY-MM-DD")
    date_to = c[2].date_input(t("到（日期）", "To (date)"), value=None, format="YYYY-MM-DD")
    game = c[3].selectbox(
        t("游戏", "Game"), [None, *games], format_func=_labels(t("全部", "all"), {g: game_name(g) for g in games})
    )
    profiles = stored(queries.profiles, game=game)
    profile = c[4].selectbox(t("规则", "Profile"), [None, *profiles], format_func=_labels(t("全部", "all")))
    findings_labels: dict[bool | None, str] = {
        None: t("全部", "all"),
        True: t("有发现", "with findings"),
        False: t("无发现", "without"),
    }
    has_findings = c[5].selectbox(
        t("教练发现", "Coach findings"), list(findings_labels), format_func=findings_labels.__getitem__
    )
    decided_labels: dict[bool | None, str] = {
        None: t("全部", "all"),
        True: t("有裁判裁定", "with a referee's decision"),
        False: t("无裁判裁定", "without"),
    }
    decided = c[6].selectbox(
        t("裁判裁定", "Referee's decisions"), list(decided_labels), format_func=decided_labels.__getitem__
    )
    if date_from is not None and date_to is not None and date_from > date_to:
        st.warning(t("开始日期在结束日期之后：没有牌局。", "The start date is after the end date: no deals."))
    chosen = {
        "player": player,
        "date_from": _iso(date_from),
        "date_to": _iso(date_to),
        "game": game,
        "profile": profile,
        "has_findings": has_findings,
        "decided": decided,
    }
    filters = {k: v for k, v in chosen.items() if v is not None}  # an empty filter is no filter (one cache entry)
    count = total if not filters else stored(queries.deal_count, **filters)
    size, first = _page_controls(count)
    frame = stored(queries.deal_page, offset=first, limit=size, **filters)
    shown = t(
        f"，显示第 {first + 1}–{first + len(frame)} 局（最新的在前）",
        f"; showing {first + 1}–{first + len(frame)}, newest first",
    )
    st.caption(
        t(
            f"{count} 局（库里共 {total} 局）",
            f"{count} deal(s) (of {total} in the library)",
        )
        + (shown if len(frame) else "")
    )
    return frame


def _page_controls(count: int) -> tuple[int, int]:
    """The page size and the page to show (a page beyond the last shows the last); the first deal's offset."""
    if count <= PAGE_SIZES[0]:
        return PAGE_SIZES[0], 0
    left, right, _ = st.columns([1, 1, 3])
    size = left.selectbox(t("每页局数", "Deals per page"), PAGE_SIZES, index=1, key=PAGE_SIZE)
    pages = max(1, -(-count // size))
    page = right.number_input(
        t(f"页（共 {pages} 页）", f"Page (of {pages})"), min_value=1, value=1, step=1, key=PAGE_NUMBER
    )
    page = min(int(page), pages)
    return size, (page - 1) * size


def _labels(everything: str, names: dict[Any, str] | None = None) -> Callable[[Any], str]:
    """A selectbox's format_func: ``everything`` for None, else the option's name (or itself). The texts are
    worked out now, in the chosen language, not when the option is shown."""
    known = dict(names or {})

    def label(x: Any) -> str:
        return everything if x is None else known.get(x, str(x))

    return label


def _iso(day: Any) -> str | None:
    return day.isoformat() if isinstance(day, dt.date) else None


def _shown(frame: pd.DataFrame) -> pd.DataFrame:
    """The deals as shown: columns named in the chosen language, games by name."""
    yes, no = "✓", "✗"
    return pd.DataFrame(
        {
            t("编号", "ID"): frame["id"],
            t("游戏", "Game"): frame["game"].map(game_name),
            t("规则", "Profile"): frame["profile"],
            t("日期", "Date"): frame["date"],
            t("地点", "Venue"): frame["venue"],
            t("比赛", "Match"): frame["match"],
            t("局", "Deal"): frame["deal"],
            t("牌手", "Players"): frame["players"],
            t("合法", "Legal"): frame["legal"].map({True: yes, False: no}),
            t("打完", "Finished"): frame["finished"].map({True: yes, False: no}),
            t("事件", "Events"): frame["n_events"],
            t("教练发现", "Findings"): frame["n_findings"],
            t("裁判裁定", "Decisions"): frame["n_decisions"],
        }
    )


def _deal_label(row: Any) -> str:
    parts = [f"#{row.id}", game_name(row.game), row.date or t("无日期", "no date")]
    if row.match:
        parts.append(f"{row.match}" + (f" {t('第', 'deal ')}{row.deal}{t('局', '')}" if pd.notna(row.deal) else ""))
    parts.append(row.players)
    return " · ".join(str(p) for p in parts)


def _open_row(frame: pd.DataFrame) -> None:
    """The table (select a row) and the deal to open with its button."""
    if frame.empty:
        st.info(t("没有符合条件的牌局。", "No deal matches the filters."))
        return
    event = st.dataframe(_shown(frame), hide_index=True, on_select="rerun", selection_mode="single-row")
    rows = list(getattr(getattr(event, "selection", None), "rows", []) or [])
    ids = [int(x) for x in frame["id"]]
    labels = {i: _deal_label(row) for i, row in zip(ids, frame.itertuples(index=False), strict=True)}
    picked = rows[0] if rows and 0 <= rows[0] < len(ids) else 0
    left, right = st.columns([5, 1], vertical_alignment="bottom")
    chosen = left.selectbox(t("要打开的牌局（或在表里选一行）", "Deal to open (or select a row above)"), ids,
                            index=picked, format_func=lambda i: labels.get(i, f"#{i}"))  # fmt: skip
    right.button(t("打开", "Open"), on_click=open_deal, args=(chosen,), type="primary", width="stretch")


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
    links.page_link(links.REPLAY, icon=":material/play_arrow:", where=a)
    links.page_link(links.SCORING, icon=":material/calculate:", where=b)
