"""升级 in the dashboard, its charts and frames: the Timeline page's figure and the
Scoring page's parts; the table and the trick history are ``views.games.shengji.table``.

- ``timeline_figure``: points per side over the deal, the 80-point line, trick markers, the open step.
- ``trick_points_frame``, ``level_table``, ``kitty_parts``, ``ladder_row`` / ``ladder_frame`` /
  ``ladder_figure``: the Scoring page's per-trick points, the SJ-POINTS level table and the level ladder of
  a match; ``ladder_row_of``: a stored deal's row, cached (the one Streamlit call here).

Every string from a log (player names) is escaped: ``html.escape`` in Plotly labels.
"""

from __future__ import annotations

from dataclasses import dataclass
from html import escape
from typing import Any

import pandas as pd
import plotly.graph_objects as go
import streamlit as st
from sqlmodel import Session

from data.models import Deal
from replay.core.said import seat_name
from replay.formats.log import parse_json_log
from replay.games.shengji.engine import (
    OVER,
    ShengjiState,
    Trick,
    card_points,
    team,
)
from replay.games.shengji.score import level_change, shengji_extras
from replay.replay import Replay
from replay.score import Score
from views.games.shengji.table import SIDE_COLORS, THRESHOLD, level_token, side_label, side_text, trick_spans
from views.parts.common import engine
from views.parts.figures import band, step_line
from views.parts.table import card_text, seat_label, tr

# -- the timeline ----------------------------------------------------------------------------------


def points_over_steps(rep: Replay) -> list[tuple[int, int]]:
    """Each side's points won in tricks after each step."""
    return [tuple(s.points) if isinstance(s, ShengjiState) else (0, 0) for s in rep.states]  # type: ignore[misc]  # tuple(points) is a pair; mypy sees tuple[int, ...]


def timeline_figure(rep: Replay, report: Any, step: int, lang: str) -> go.Figure:
    """Points per side over the deal (x = step; the table after that many events), the 80-point line
    from which the declarers do not go up, a marker per trick won with points, the kitty, the coach's findings,
    the tricks as alternating bands and the open step as a dashed line."""
    total = len(rep.states) - 1
    steps = list(range(total + 1))
    pts = points_over_steps(rep)
    final = rep.final
    assert isinstance(final, ShengjiState)
    fig = go.Figure()
    for side in (0, 1):
        name = escape(side_text(final, side, lang))
        fig.add_trace(
            go.Scatter(
                x=steps,
                y=[p[side] for p in pts],
                mode="lines",
                line={"shape": "hv", "width": 2.5, "color": SIDE_COLORS[side]},
                name=name,
                hovertemplate=name
                + "<br>"
                + tr(lang, "第 %{x} 步：%{y} 分", "step %{x}: %{y} points")
                + "<extra></extra>",
            )
        )
    spans = trick_spans(rep)
    won = [(s, final.tricks[s.number - 1]) for s in spans if s.last is not None and s.number <= len(final.tricks)]
    for side in (0, 1):
        mine = [(s, t) for s, t in won if team(t.winner) == side]
        lasts = [s.last for s, _ in mine if s.last is not None]  # every won span has a last step (won's filter)
        if not mine:
            continue
        fig.add_trace(
            go.Scatter(
                x=[last + 1 for last in lasts],
                y=[pts[last + 1][side] for last in lasts],
                mode="markers",
                name=escape(tr(lang, f"{side_label(side, lang)} 赢墩", f"{side_label(side, lang)} tricks won")),
                marker={
                    "symbol": "circle",
                    "size": [7 + t.points // 5 for _, t in mine],
                    "color": SIDE_COLORS[side],
                    "line": {"width": 1, "color": "#fff"},
                },
                hovertext=[
                    escape(
                        tr(
                            lang,
                            f"第 {s.number} 墩 · {seat_label(rep, t.winner, lang)} 赢 {t.points} 分",
                            f"trick {s.number} · {seat_label(rep, t.winner, lang)} won {t.points} pts",
                        )
                    )
                    for s, t in mine
                ],
                hovertemplate=tr(lang, "第 %{x} 步<br>%{hovertext}", "step %{x}<br>%{hovertext}") + "<extra></extra>",
            )
        )
    if final.phase == OVER and final.declarer != -1:
        d = 1 - team(final.declarer)
        if final.defenders_points != final.points[d]:
            fig.add_trace(
                go.Scatter(
                    x=[total],
                    y=[final.defenders_points],
                    mode="markers",
                    name=tr(lang, "闲家扣底", "the kitty to the defenders"),
                    marker={"symbol": "star", "size": 14, "color": "#eab308", "line": {"width": 1, "color": "#fff"}},
                    hovertemplate=tr(lang, "闲家含底 %{y} 分", "defenders with the kitty: %{y}") + "<extra></extra>",
                )
            )
    findings = [f for f in getattr(report, "findings", []) if f.index is not None]
    if findings:
        fig.add_trace(
            go.Scatter(
                x=[f.index + 1 for f in findings],
                y=[0] * len(findings),
                mode="markers",
                name=tr(lang, "教练发现", "coach finding"),
                marker={"symbol": "x", "size": 10, "color": "#111827"},
                hovertext=[escape(tr(lang, f.message_zh, f.message_en)) for f in findings],
                hovertemplate=tr(lang, "第 %{x} 步<br>%{hovertext}", "step %{x}<br>%{hovertext}") + "<extra></extra>",
            )
        )
    shapes: list[dict[str, Any]] = [
        band(s.first + 0.5, (s.last if s.last is not None else total) + 1.5) for s in spans if s.number % 2 == 0
    ]
    shapes.append(
        {
            "type": "line",
            "xref": "paper",
            "yref": "y",
            "x0": 0,
            "x1": 1,
            "y0": THRESHOLD,
            "y1": THRESHOLD,
            "line": {"width": 1.5, "dash": "dot", "color": "#16a34a"},
        }
    )
    shapes.append(step_line(step))
    top = max([THRESHOLD + 20, final.defenders_points + 10, *(max(p) + 10 for p in pts)])
    fig.update_layout(
        shapes=shapes,
        annotations=[
            {
                "xref": "paper",
                "yref": "y",
                "x": 0,
                "y": THRESHOLD,
                "xanchor": "left",
                "yanchor": "bottom",
                "showarrow": False,
                "text": tr(lang, "80 分起：庄家不升级", "80: from here the declarers do not go up"),
                "font": {"color": "#16a34a", "size": 11},
            }
        ],
        height=480,
        margin={"l": 40, "r": 10, "t": 30, "b": 40},
        xaxis={
            "title": tr(lang, "步（灰白相间为各墩）", "step (tricks in alternating bands)"),
            "range": [-1, total + 1],
        },
        yaxis={"title": tr(lang, "累计得分", "points won"), "range": [0, top]},
        legend={"orientation": "h", "y": 1.1},
        hovermode="closest",
        clickmode="event+select",
    )
    return fig


# -- scoring ---------------------------------------------------------------------------------------


def trick_points_frame(rep: Replay, lang: str) -> pd.DataFrame:
    """The deal's tricks for the score: number, leader, winner, the side that took the points, the point
    cards, the points, and each side's running total."""
    st = rep.final
    assert isinstance(st, ShengjiState)
    rows = []
    running = [0, 0]
    for k, t in enumerate(st.tricks, start=1):
        running[team(t.winner)] += t.points
        counted = [c for _, cs in t.plays for c in cs if c.rank in (5, 10, 13)]
        rows.append(
            {
                tr(lang, "墩", "trick"): k,
                tr(lang, "领出", "led by"): seat_label(rep, t.leader, lang),
                tr(lang, "赢家", "winner"): seat_label(rep, t.winner, lang),
                tr(lang, "得分方", "side"): side_text(st, team(t.winner), lang),
                tr(lang, "分牌", "point cards"): " ".join(card_text(c.token, lang) for c in counted),
                tr(lang, "分", "points"): t.points,
                tr(lang, "甲方 (0·2) 累计", "Team A (0·2) total"): running[0],
                tr(lang, "乙方 (1·3) 累计", "Team B (1·3) total"): running[1],
            }
        )
    return pd.DataFrame(rows)


LEVEL_BANDS: tuple[tuple[int, int | None], ...] = (
    (0, 0),
    (5, 35),
    (40, 75),
    (80, 115),
    (120, 155),
    (160, 195),
    (200, 235),
    (240, None),  # and one more level for every further 40
)


def level_table(defenders: int | None, lang: str) -> tuple[pd.DataFrame, int | None]:
    """The SJ-POINTS table (the defenders' points → who goes up, how many levels), from
    ``replay.games.shengji.score.level_change``; and the row that ``defenders`` falls in (None when not given)."""
    rows, hit = [], None
    for k, (lo, hi) in enumerate(LEVEL_BANDS):
        side, steps = level_change(lo)
        who = (
            tr(lang, "庄家", "declarers")
            if side == 0
            else tr(lang, "闲家", "defenders")
            if steps
            else tr(lang, "都不升", "neither")
        )
        rows.append(
            {
                tr(lang, "闲家得分", "defenders' points"): str(lo) if lo == hi else f"{lo}–{hi}" if hi else f"≥ {lo}",
                tr(lang, "升级的一方", "goes up"): who,
                tr(lang, "升几级", "levels"): f"{steps}+" if hi is None else str(steps),
            }
        )
        if defenders is not None and lo <= defenders and (hi is None or defenders <= hi):
            hit = k
    return pd.DataFrame(rows), hit


def kitty_parts(rep: Replay, score: Score) -> dict[str, Any]:
    """The kitty for the score: the buried cards, their points, the multiplier, what went to the
    defenders, and whether they won the last trick."""
    st = rep.final
    assert isinstance(st, ShengjiState)
    mult = int(rep.profile.options.get("kitty_multiplier", 1))
    raw = card_points(st.buried)
    extras = shengji_extras(score)
    to_def = extras.kitty if extras is not None else 0
    last: Trick | None = st.tricks[-1] if st.tricks else None
    won_last = last is not None and st.declarer != -1 and team(last.winner) != team(st.declarer)
    return {
        "buried": [c.token for c in st.buried],
        "raw": raw,
        "multiplier": mult,
        "to_defenders": to_def,
        "defenders_won_last": won_last,
        "last_winner": None if last is None else last.winner,
    }


@dataclass(frozen=True)
class LadderRow:
    """One deal of a match on the level ladder: each side's level before and after (None when the deal
    has no score), the declaring side, the side that went up and how far, the side that passed the top."""

    deal_id: int
    deal: int | None
    before: tuple[str, str]
    after: tuple[str, str] | None
    declarers: int | None
    up: int | None
    steps: int
    passed: int | None
    void: bool
    players: tuple[str, ...] = ()  # the players' names in seat order ("" for an unnamed seat)


def ladder_row(deal_id: int, rep: Replay) -> LadderRow:
    """A deal's place on the match's level ladder (its levels from the log and its score)."""
    st = rep.states[0]
    assert isinstance(st, ShengjiState)
    before = (level_token(st.levels[0]), level_token(st.levels[1]))
    final = rep.final
    assert isinstance(final, ShengjiState)
    score = rep.score()
    number = rep.log.meta.get("deal")
    deal = int(number) if isinstance(number, int) and not isinstance(number, bool) else None
    declarers = None if final.declarer == -1 else team(final.declarer)
    names = tuple("" if rep.log.player(s) == f"{seat_name(s, en=True)}" else rep.log.player(s) for s in range(4))
    lv = shengji_extras(score)
    if lv is None:
        return LadderRow(deal_id, deal, before, None, declarers, None, 0, None, bool(score and score.void), names)
    return LadderRow(
        deal_id,
        deal,
        (str(lv.before[0]), str(lv.before[1])),
        (str(lv.after[0]), str(lv.after[1])),
        declarers,
        lv.up,
        lv.steps,
        lv.passed,
        False,
        names,
    )


def deal_name(row: LadderRow, lang: str) -> str:
    """第3局 / deal 3 (#id when the log gives no number)."""
    return tr(lang, f"第{row.deal}局", f"deal {row.deal}") if row.deal is not None else f"#{row.deal_id}"


def ladder_frame(rows: list[LadderRow], lang: str) -> pd.DataFrame:
    """The ladder as a table: one row per deal, each side's level before and after, who declared, who
    went up."""
    out = []
    for r in rows:
        if r.void:
            change = tr(lang, "作废", "void")
        elif r.after is None:
            change = tr(lang, "未打完", "not finished")
        elif r.up is None:
            change = ""
        else:
            who = side_label(r.up, lang)
            if r.declarers is not None and r.up != r.declarers:  # the defenders took 80 or more
                change = tr(lang, "庄家不升", "declarers do not go up") + (
                    tr(lang, f"，{who} 升 {r.steps} 级", f"; {who} up {r.steps}") if r.steps else ""
                )
            else:
                change = tr(lang, f"{who} 升 {r.steps} 级", f"{who} up {r.steps}")
            if r.passed is not None:
                change += tr(lang, "，过了最后一级：赢得比赛", ", passed the last level: wins the match")
        out.append(
            {
                tr(lang, "局", "deal"): deal_name(r, lang),
                tr(lang, "编号", "ID"): r.deal_id,
                tr(lang, "庄家方", "declarers"): "" if r.declarers is None else side_label(r.declarers, lang),
                tr(lang, "甲方 (0·2) 前", "Team A (0·2) before"): r.before[0],
                tr(lang, "乙方 (1·3) 前", "Team B (1·3) before"): r.before[1],
                tr(lang, "甲方 (0·2) 后", "Team A (0·2) after"): "" if r.after is None else r.after[0],
                tr(lang, "乙方 (1·3) 后", "Team B (1·3) after"): "" if r.after is None else r.after[1],
                tr(lang, "升级", "change"): change,
            }
        )
    return pd.DataFrame(out)


def ladder_figure(rows: list[LadderRow], sequence: tuple[str, ...], current: int | None, lang: str) -> go.Figure:
    """Each side's level over the match as a step chart: x 0 is the level before the first stored deal,
    x k the level after the k-th (a deal without a score keeps the level); y is the level on the ladder
    (``sequence``); the open deal's column is dotted."""

    def idx(token: str) -> int:
        return sequence.index(token) if token in sequence else 0

    labels = [tr(lang, "开始", "start")] + [deal_name(r, lang) for r in rows]
    fig = go.Figure()
    for side in (0, 1):
        lift = 0.07 if side else -0.07  # the sides apart where their levels are equal (the hover says the level)
        ys = [idx(rows[0].before[side])] if rows else []
        hover = [rows[0].before[side]] if rows else []
        for r in rows:
            level = r.after[side] if r.after is not None else r.before[side]
            ys.append(idx(level))
            hover.append(level)
        fig.add_trace(
            go.Scatter(
                x=list(range(len(ys))),
                y=[y + lift for y in ys],
                mode="lines+markers",
                line={"shape": "hv", "width": 2.5, "color": SIDE_COLORS[side]},
                name=escape(side_label(side, lang)),
                customdata=[[escape(labels[k]), escape(hover[k])] for k in range(len(ys))],
                hovertemplate="%{customdata[0]}: "
                + tr(lang, "打 %{customdata[1]}", "level %{customdata[1]}")
                + "<extra>"
                + escape(side_label(side, lang))
                + "</extra>",
            )
        )
    shapes = []
    for k, r in enumerate(rows, start=1):
        if r.deal_id == current:
            shapes.append(step_line(k, {"width": 1.5, "dash": "dot", "color": "grey"}))
    fig.update_layout(
        shapes=shapes,
        height=360,
        margin={"l": 40, "r": 10, "t": 30, "b": 40},
        xaxis={"tickmode": "array", "tickvals": list(range(len(labels))), "ticktext": [escape(x) for x in labels]},
        yaxis={
            "title": tr(lang, "级", "level"),
            "tickmode": "array",
            "tickvals": list(range(len(sequence))),
            "ticktext": list(sequence),
            "range": [-0.5, len(sequence) - 0.5],
        },
        legend={"orientation": "h", "y": 1.12},
    )
    return fig


@st.cache_data(max_entries=4096, ttl=600)
def ladder_row_of(deal_id: int) -> Any:
    """A stored 升级 deal's levels before and after, its declaring side and players
    (``LadderRow``; None when there is no such deal or it is no 升级 deal). Small and cached
    apart from the replays: a match's ladder and the Players page read many deals."""
    with Session(engine()) as db:
        deal = db.get(Deal, deal_id)
        if deal is None or deal.game != "shengji":
            return None
        text = deal.log_json
    return ladder_row(deal_id, Replay(parse_json_log(text, f"deal {deal_id}")))
