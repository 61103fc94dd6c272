"""The Season page's player sections (``views.pages.season``): a player's partners and opponents
(``season.pairs``) and trends (``season.trends``), each down to the deals behind a row or a point, and the season's
printable report (``season.report``).

A row of a partners' table, or a point of a trend's chart, lists its deals below it, each a link: a deal with
moves opens on the Replay page, a score sheet on the Scoring page (it has no moves).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pandas as pd
import plotly.graph_objects as go
import streamlit as st

from data.season_rows import Season, season_rulings, seat_figures
from season.pairs import opponents, opposite, partners
from season.ratings import Ratings
from season.report import season_report
from season.results import DealResult
from season.trends import between, trend
from views.parts import address, links
from views.parts.common import engine, stored, t
from views.parts.figures import show
from views.parts.texts import EMPTY_CELL, chart, game_name, lang

KEY = "season_"
WINDOW = 10  # deals in a trend's rolling mean
SHOWN_DEALS = 40  # the most deals a drill-down lists


def pairs(game: str, season: Season, chosen: str | None) -> None:
    """The chosen player's partners, opponents and 对头, each row down to its deals."""
    if chosen is None:
        st.info(t("先在上面选一位牌手。", "Choose a player above first."))
        return
    results = season.results
    st.caption(
        t(
            "平均分是这位牌手自己的得分；95% 区间按 t 分布；同桌少于 10 局的只列局数。点一行看那几局。",
            "Mean points are the player's own; the 95 % interval by Student's t; fewer than 10 deals together: the "
            "count only. Click a row for its deals.",
        )
    )
    for name, title, table in (
        ("partners", t("搭档（同一方）", "Partners (same side)"), partners(results, chosen)),
        ("opponents", t("对手（另一方）", "Opponents (other side)"), opponents(results, chosen)),
        ("opposite", t("对头（坐在对面的对手）", "对头 (the opponent across the table)"), opposite(results, chosen)),
    ):
        if table.empty:
            continue
        st.subheader(title)
        picked = st.dataframe(
            _pairs_shown(table),
            hide_index=True,
            width="stretch",
            on_select="rerun",
            selection_mode="single-row",
            key=KEY + name,
            placeholder=EMPTY_CELL,
        )
        rows = picked.selection.rows if picked is not None else []
        if rows:
            row = table.iloc[rows[0]]
            _deal_links(results, list(row["deal_ids"]), t(f"和 {row['player']} 的局", f"Deals with {row['player']}"))


def _pairs_shown(table: pd.DataFrame) -> pd.DataFrame:
    """A pairs table as shown: too few deals say so instead of a mean."""
    few = table["too_few"]
    return pd.DataFrame(
        {
            t("牌手", "Player"): table["player"],
            t("局数", "Deals"): table["deals"],
            t("平均分", "Mean points"): [
                t("局数太少", "too few") if f else f"{m:+.2f}" for f, m in zip(few, table["mean"], strict=True)
            ],
            t("95% 区间", "95 % interval"): [
                "" if f or pd.isna(lo) else f"{lo:+.2f} … {hi:+.2f}"
                for f, lo, hi in zip(few, table["low"], table["high"], strict=True)
            ],
            t("胜率", "Won"): [f"{w:.0%}" for w in table["won"]],
        }
    )


def trends(game: str, season: Season, ratings: Ratings, chosen: str | None) -> None:
    """The chosen player's points, rating, accuracy and errors over time (rolling means), within a date range,
    each point down to its deals."""
    if chosen is None:
        st.info(t("先在上面选一位牌手。", "Choose a player above first."))
        return
    extra = stored(seat_figures, game=game)
    frame = trend(season.results, chosen, extra if not extra.empty else None, WINDOW, ratings)
    days = sorted({d for d in frame["date"] if d})
    if days:
        left, right = st.columns(2)
        start = left.selectbox(t("从", "From"), [None, *days], key=KEY + "from", format_func=_day_label)
        end = right.selectbox(t("到", "To"), [None, *days], key=KEY + "to", format_func=_day_label)
        frame = between(frame, start, end)
    if frame.empty:
        st.info(t("这段日子里这位牌手没有打牌。", "The player played no deal in these days."))
        return
    st.caption(
        t(
            f"横轴是这位牌手的第几局（按打牌的先后）；线是最近 {WINDOW} 局的平均。点一个点看那一局。",
            f"Across: the player's deals in the order played; the lines: the mean of the last {WINDOW} deals. Click "
            "a point for its deal.",
        )
    )
    charts: list[tuple[str, str, str]] = [
        ("points", t("得分", "Points"), "points_mean"),
        ("ordinal", t("等级分 μ−3σ", "Rating μ−3σ"), ""),
    ]
    if "accuracy" in frame and frame["accuracy"].notna().any():
        charts.append(("accuracy", t("准确率 %", "Accuracy %"), "accuracy_mean"))
        charts.append(("mistakes", t("每局失误和大错", "Mistakes and blunders per deal"), "mistakes_mean"))
    for column, title, rolling in charts:
        fig = go.Figure()
        fig.add_trace(
            go.Scatter(
                x=frame["n"],
                y=frame[column],
                mode="markers",
                name=chart(title),
                customdata=frame["deal_id"],
                text=frame["date"],
                hovertemplate=chart(title) + ": %{y:.2f}<br>%{text} #%{customdata}<extra></extra>",
            )
        )
        if rolling:
            fig.add_trace(
                go.Scatter(x=frame["n"], y=frame[rolling], mode="lines", name=chart(t("滚动平均", "rolling mean")))
            )
        fig.update_layout(title=chart(title), height=300, xaxis_title=t("第几局", "deal"))
        key = KEY + "trend_" + column
        show(fig, "season", game, column, key=key, on_select=lambda: None)
        clicked = _clicked(key)
        if clicked:
            _deal_links(season.results, clicked, t("点到的局", "The deal clicked"))


def _day_label(day: str | None) -> str:
    return t("（不限）", "(any)") if day is None else day


def _clicked(key: str) -> list[int]:
    """The deal ids of the points clicked on the chart ``key`` (their ``customdata``)."""
    state: Any = st.session_state.get(key)
    points = ((state or {}).get("selection") or {}).get("points") or []
    out = []
    for p in points:
        data = p.get("customdata")
        if isinstance(data, list):
            data = data[0] if data else None
        if data is not None:
            out.append(int(data))
    return out


def _deal_links(results: Sequence[DealResult], deal_ids: list[int], title: str) -> None:
    """Links to the deals: a deal with moves on the Replay page, a score sheet on the Scoring page."""
    by_id = {r.deal_id: r for r in results}
    st.markdown(f"**{title}**")
    for deal_id in deal_ids[:SHOWN_DEALS]:
        r = by_id.get(deal_id)
        if r is None:
            continue
        label = f"#{deal_id} · {r.date or '?'}" + (f" · {r.match}" if r.match else "")
        if r.result_only:
            links.page_link(links.SCORING, label + t("（成绩单）", " (score sheet)"), query=address.link(deal_id, 0))
        else:
            links.step_link(deal_id, 0, label)
    if len(deal_ids) > SHOWN_DEALS:
        st.caption(
            t(f"另有 {len(deal_ids) - SHOWN_DEALS} 局未列出。", f"{len(deal_ids) - SHOWN_DEALS} more not listed.")
        )


def report_button(game: str, season: Season, ratings: Ratings, match: str | None) -> None:
    """Download the season's (or one match's) report as one printable HTML page."""
    results = tuple(r for r in season.results if match is None or r.match == match)
    title = (match or t("赛季", "Season")) + " · " + game_name(game)
    where = lang()

    def page() -> bytes:
        return season_report(title, results, ratings, season_rulings(engine(), results), where).encode("utf-8")

    st.download_button(
        t("下载报告（可打印的 HTML）", "Download the report (printable HTML)"),
        data=page,
        file_name=f"fupan-season-{game}.html",
        mime="text/html",
        key=KEY + "report",
        on_click="ignore",
        icon=":material/download:",
    )
