"""Page: players. Per-player statistics over the stored deals of one game: how often each place was
reached (bars stacked by place), mean points (each deal by the line that counts, ``data.counted``), the coach's findings
per deal by kind and by maxim (俗语), and the errors per deal counted by each move's one judgement
(``data.mistakes``: a violation, or a loss the pricing grades a mistake or a blunder; never a saying the pricing
overrules, nor a finding not priced).
A player chosen in the selector is highlighted in every chart and summed up in figures.

A game may draw the page itself (its ``GameView.players_page``, lent the page's table, selector, bars, findings
and accuracy as a ``views.parts.game_view.PlayersPage``): 升级, which has no places and no points per seat, shows
its level ladder (``views.games.shengji.players``).

The findings are the stored ones: when an older engine or coach made some of them (``data.recoach``), the page
says so with the versions, since the Coach page computes with today's and may disagree; ``fupan recoach``
computes them again.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import pandas as pd
import plotly.graph_objects as go
import streamlit as st

from coach.findings import KINDS
from coach.games import priced_games
from coach.maxims import BY_KEY
from coach.version import COACH_VERSION
from data import queries
from data.evaluations import player_accuracy
from data.mistakes import player_mistakes
from data.recoach import staleness
from replay import games as registry
from replay.version import ENGINE_VERSION
from views.games import view as game_view
from views.parts import lines_view
from views.parts.common import guarded, stored, stored_game, t
from views.parts.downloads import csv_button, file_name
from views.parts.figures import show
from views.parts.game_view import PlayersPage
from views.parts.sections import Section, draw_shown, lazy_tabs
from views.parts.texts import EMPTY_CELL, KIND_NAMES, chart, game_name, name_of, place_name

HIGHLIGHT, OTHER, FADED = "#d62728", "#1f77b4", 0.35
#: the mistakes per deal, counted by each move's one judgement (``data.mistakes``), and what is counted
MISTAKES = ("错误（按判断）", "Errors (by judgement)")
MISTAKES_HELP = (
    "每局的错误：教练发现中，该步的判断为违规，或估价评为失误、大错的（含估价单独找出的失误、大错）；"
    "被估价否决的俗语、估价难分的、提醒、试行和未估价的发现都不算错误。",
    "Errors per deal: the coach's findings whose move's one judgement is a rule violation, or a loss the pricing "
    "grades a mistake or a blunder (those the pricing found alone included); a saying the pricing overrules or "
    "cannot tell apart, a hint, a finding on trial and a finding not priced are not counted.",
)
PLACE_COLORS = ["#1a9850", "#91cf60", "#d9ef8b", "#fee08b", "#fc8d59", "#d73027"]
TABS = "players_tab"  # the page's tabs (``views.parts.sections``): only the one shown runs
#: the sections of a game with places and points, then those of every game (``COMMON``)
SECTIONS = (
    Section("standings", "排名", "Standings"),
    Section("places", "名次分布", "Places"),
    Section("points", "平均得分", "Mean points"),
)
COMMON = (
    Section("findings", "教练发现", "Coach's findings"),
    Section("accuracy", "模拟评估的准确率", "Accuracy by simulation"),
)


@guarded
def render() -> None:
    """Render the page."""
    st.title(t("牌手", "Players"))
    lines_view.players_note()
    left, right = st.columns(2)
    game = stored_game(left)
    if game is None:
        return
    _stale(game)
    own = game_view(game).players_page
    if own is not None and own(PAGE, right, game):  # the game drew the page (升级's level ladder: no places)
        return
    summary = stored(queries.player_summary, game=game)
    places, points = summary[queries.PLACE_COLUMNS], summary[queries.POINT_COLUMNS]
    findings = stored(queries.player_findings, game=game)
    if places.empty:
        st.info(t("这个游戏的牌局里没有有名字的牌手。", "No named player sat in a deal of this game."))
        return
    names = places["player"].tolist()
    chosen = _chooser(right, names)
    if chosen is not None:
        _figures(chosen, game, places, points, findings)
    draw_shown(
        _tabs(SECTIONS),
        {
            "standings": lambda: _summary(game, places, points),
            "places": lambda: _places_chart(places, game, chosen),
            "points": lambda: _points_chart(points, game, chosen),
            "findings": lambda: _findings(findings, names, game, chosen),
            "accuracy": lambda: _accuracy(game, chosen),
        },
    )


def _tabs(first: Sequence[Section]) -> dict[str, Any]:
    """The page's sections as tabs, ``first`` then the coach's findings and the accuracy (``views.parts.sections``:
    only the tab shown runs): each section's id to its container when shown, else None."""
    return lazy_tabs(TABS, [*first, *COMMON])


def _stale(game: str) -> None:
    """Say which stored findings an older engine or coach made (with the versions), and how to redo them:
    the Coach page computes with today's versions, so those rows may disagree with it."""
    versions = stored(staleness, game=game)
    old = versions[versions["stale"]]
    if old.empty:
        return
    parts = []
    for r in old.to_dict("records"):
        e, c, n = r["engine_version"], r["coach_version"], r["deals"]
        parts.append(t(f"引擎 {e}、教练 {c}：{n} 局", f"engine {e}, coach {c}: {n} deals"))
    made = "; ".join(parts)
    st.warning(
        t(
            f"有 {int(old['deals'].sum())} 局的规则检查和教练发现是旧版本做的（{made}；现在是引擎 {ENGINE_VERSION}、"
            f"教练 {COACH_VERSION}），可能与“教练”页不同：运行 `fupan recoach` 重新计算。",
            f"The verdicts and findings of {int(old['deals'].sum())} deals were made by an older version ({made}; "
            f"now engine {ENGINE_VERSION}, coach {COACH_VERSION}) and may differ from the Coach page: run "
            "`fupan recoach` to compute them again.",
        )
    )


def _accuracy(game: str, chosen: str | None) -> None:
    """Accuracy by simulation over the evaluated deals (the latest evaluation of each deal)."""
    if game not in priced_games():
        st.info(_unpriced(game))
        return
    acc = stored(player_accuracy, game=game)
    if acc.empty:
        st.info(
            t(
                "还没有评估过的牌局：在“评估”页评估一局。",
                "No deal has been evaluated yet: evaluate one on the Evaluation page.",
            )
        )
        return
    _table(
        game,
        "accuracy",
        acc.rename(
            columns={
                "player": t("牌手", "Player"),
                "deals": t("评估局数", "Deals evaluated"),
                "decisions": t("决定", "Decisions"),
                "accuracy": t("准确率 %", "Accuracy %"),
                "inaccuracy": t("欠佳", "Inaccuracies"),
                "mistake": t("失误", "Mistakes"),
                "blunder": t("大错", "Blunders"),
                "lost": t("失分", "Points lost"),
                "stale": t("旧版本评估的局", "Deals evaluated by an older version"),
            }
        ).round(2),
        hide_index=True,
    )
    fig = _bars(acc["player"].tolist(), acc["accuracy"], chosen, t("准确率 %", "accuracy %"), "%{x}: %{y:.1f}%")
    fig.update_layout(yaxis_range=[0, 100])
    show(fig, "players", game, "accuracy")


def _chooser(right: Any, names: list[str]) -> str | None:
    """The player selector in ``right`` (no player highlighted at first): the chosen player, or None."""
    chosen: str | None = right.selectbox(
        t("突出显示牌手", "Highlight a player"), [None, *names], format_func=_labels(t("（不突出）", "(none)"))
    )
    return chosen


def _labels(nobody: str) -> Callable[[str | None], str]:
    """format_func of the player selector (its text worked out now, in the chosen language)."""

    def label(x: str | None) -> str:
        return nobody if x is None else x

    return label


def _mistakes(game: str) -> pd.Series:
    """Each player's errors per deal, by each move's one judgement (``data.mistakes``)."""
    return stored(player_mistakes, game=game).set_index("player")["per_deal"]


def _figures(player: str, game: str, places: pd.DataFrame, points: pd.DataFrame, findings: pd.DataFrame) -> None:
    pl = places[places["player"] == player].iloc[0]
    po = points[points["player"] == player]
    mean_points = po["mean_points"].iloc[0] if not po.empty else float("nan")
    mine = findings[findings["player"] == player]
    per_deal = mine["count"].sum() / pl["deals"] if pl["deals"] else float("nan")
    errors = _mistakes(game).get(player, float("nan"))
    a, b, c, d, e = st.columns(5)
    a.metric(t("局数", "Deals"), int(pl["deals"]))
    b.metric(t("平均名次", "Mean place"), _num(pl["mean_place"]))
    c.metric(t("平均得分", "Mean points"), _num(mean_points))
    d.metric(t("每局教练发现", "Findings per deal"), _num(per_deal))
    e.metric(t("每局" + MISTAKES[0], MISTAKES[1] + " per deal"), _num(errors), help=t(*MISTAKES_HELP))


def _num(x: float) -> str:
    return "–" if pd.isna(x) else f"{x:.2f}"


def _table(
    game: str, what: str, frame: pd.DataFrame, hide_index: bool = False, column_config: dict[str, Any] | None = None
) -> None:
    """A table of the page and, below it, its CSV (``what``: which table, in its file name and key; ``column_config``:
    Streamlit's, as a column's help)."""
    st.dataframe(frame, hide_index=hide_index, placeholder=EMPTY_CELL, column_config=column_config)
    csv_button(frame, file_name("players", game, what), key=f"players_csv_{what}", index=not hide_index)


def _summary(game: str, places: pd.DataFrame, points: pd.DataFrame) -> None:
    both = places[["player", "deals", "placed", "mean_place"]].merge(
        points[["player", "mean_points", "total_points"]], on="player", how="left"
    )
    _table(
        game,
        "summary",
        both.rename(
            columns={
                "player": t("牌手", "Player"),
                "deals": t("局数", "Deals"),
                "placed": t("有名次", "Placed"),
                "mean_place": t("平均名次", "Mean place"),
                "mean_points": t("平均得分", "Mean points"),
                "total_points": t("总得分", "Total points"),
            }
        ).round(2),
        hide_index=True,
    )


def _opacity(players: list[str], chosen: str | None) -> list[float]:
    return [1.0 if chosen is None or p == chosen else FADED for p in players]


def _places_chart(places: pd.DataFrame, game: str, chosen: str | None) -> None:
    n = min(registry.get(game).seats, len(PLACE_COLORS))  # as many places as seats
    shares = st.toggle(t("按比例显示", "Show as shares"), value=False)
    players = places["player"].tolist()
    x = [chart(p) for p in players]
    placed = places["placed"].where(places["placed"] > 0)
    fig = go.Figure()
    for k in range(1, n + 1):
        counts = places[f"place_{k}"]
        y = (counts / placed).fillna(0.0) if shares else counts
        fig.add_bar(
            x=x,
            y=y,
            name=chart(place_name(k, game)),
            marker={"color": PLACE_COLORS[k - 1], "opacity": _opacity(players, chosen)},
            customdata=counts,
            hovertemplate="%{x}: %{customdata}<extra>" + chart(place_name(k, game)) + "</extra>",
        )
    fig.update_layout(
        barmode="stack",
        yaxis_title=t("占有名次局数的比例", "share of placed deals") if shares else t("局数", "deals"),
        legend_title_text=t("名次", "place"),
        margin={"t": 30},
    )
    fig.update_xaxes(type="category")
    if shares:
        fig.update_yaxes(tickformat=".0%")
    show(fig, "players", game, "places")


def _points_chart(points: pd.DataFrame, game: str, chosen: str | None) -> None:
    scored = points[points["scored"] > 0]
    if scored.empty:
        st.info(t("还没有算出分数的牌局。", "No deal has a score yet."))
        return
    hover = (
        "%{x}: %{y:.2f}"
        + chart(t("（", " ("))
        + "%{customdata[0]} "
        + chart(t("局，共 ", "deals, total "))
        + "%{customdata[1]}"
        + chart(t("）", ")"))
    )
    fig = _bars(
        scored["player"].tolist(),
        scored["mean_points"],
        chosen,
        t("每局平均得分", "mean points per deal"),
        hover,
        scored[["scored", "total_points"]].to_numpy(),
    )
    show(fig, "players", game, "points")


def _bars(
    players: list[str], y: Any, chosen: str | None, y_title: str, hover: str = "%{x}: %{y}", customdata: Any = None
) -> go.Figure:
    """One bar per player (the chosen one highlighted, the others faded), with its hover text."""
    fig = go.Figure(
        go.Bar(
            x=[chart(p) for p in players],
            y=y,
            marker={
                "color": [HIGHLIGHT if p == chosen else OTHER for p in players],
                "opacity": _opacity(players, chosen),
            },
            customdata=customdata,
            hovertemplate=hover + "<extra></extra>",
        )
    )
    fig.update_layout(yaxis_title=y_title, margin={"t": 30})
    fig.update_xaxes(type="category")
    return fig


def _maxim_label(key: str) -> str:
    mx = BY_KEY.get(key)
    return mx.saying if mx is not None else key


def _findings(findings: pd.DataFrame, names: list[str], game: str, chosen: str | None) -> None:
    if findings.empty:
        st.info(t("这个游戏的牌局里没有教练发现。", "The coach found nothing in the deals of this game."))
        return
    deals = findings.groupby("player")["deals"].first()
    kinds = findings.pivot_table(index="player", columns="kind", values="count", aggfunc="sum", fill_value=0)
    kinds = kinds.reindex(index=names, columns=list(KINDS), fill_value=0)
    kinds = kinds.div(deals.reindex(names), axis=0).fillna(0.0)
    kind_names = {kind: name_of(KIND_NAMES, kind) for kind in KINDS}  # the Coach page's words
    by_kind = kinds.rename(columns=kind_names)
    by_kind[t(*MISTAKES)] = _mistakes(game).reindex(names).fillna(0.0)
    by_kind = by_kind.round(2)
    by_kind.index.name = t("牌手", "Player")
    by_kind.columns.name = None
    st.caption(
        t("按类别，每局条数；错误按每一步的判断计", "By kind, per deal; errors counted by each move's judgement")
    )
    helped = {t(*MISTAKES): st.column_config.NumberColumn(t(*MISTAKES), help=t(*MISTAKES_HELP))}
    _table(game, "kinds", by_kind, column_config=helped)
    maxims = findings[(findings["kind"] == "maxim") & (findings["maxim"] != "")]
    if maxims.empty:
        st.info(
            t(
                f"{game_name(game)}的牌局里没有俗语方面的发现。",
                f"No finding against a maxim in the {game_name(game)} deals.",
            )
        )
        return
    table = maxims.pivot_table(index="player", columns="maxim", values="count", aggfunc="sum", fill_value=0)
    per_deal = table.reindex(names, fill_value=0).div(deals.reindex(names), axis=0).fillna(0.0)
    per_deal = per_deal[[k for k in BY_KEY if k in per_deal.columns] + [k for k in per_deal.columns if k not in BY_KEY]]
    st.caption(t("按俗语，每局条数", "By maxim, per deal"))
    shown = per_deal.rename(columns=_maxim_label).round(2)
    shown.index.name = t("牌手", "Player")
    shown.columns.name = None
    _table(game, "maxims", shown)
    players = per_deal.index.tolist()
    fig = go.Figure()
    for key in per_deal.columns:
        fig.add_bar(
            x=[chart(p) for p in players],
            y=per_deal[key],
            name=chart(_maxim_label(key)),
            marker={"opacity": _opacity(players, chosen)},
            hovertemplate="%{x}: %{y:.2f}<extra>" + chart(_maxim_label(key)) + "</extra>",
        )
    fig.update_layout(
        barmode="stack",
        yaxis_title=t("每局条数", "findings per deal"),
        legend_title_text=t("俗语", "maxim"),
        margin={"t": 30},
    )
    fig.update_xaxes(type="category")
    show(fig, "players", game, "maxims")


class _Page:
    """What this page lends a game's own section of it (``views.parts.game_view.PlayersPage``)."""

    table = staticmethod(_table)
    chooser = staticmethod(_chooser)
    bars = staticmethod(_bars)
    findings = staticmethod(_findings)
    accuracy = staticmethod(_accuracy)
    tabs = staticmethod(_tabs)


PAGE: PlayersPage = _Page()


def _unpriced(game: str) -> str:
    """What the page says for a game the coach does not price by rollouts."""
    zh = "和".join(registry.get(g).name_zh for g in priced_games())
    en = " and ".join(f"{registry.get(g).name_zh} ({registry.get(g).name_en})" for g in priced_games())
    return t(
        f"模拟评估（推演定价）目前只适用于{zh}：{game_name(game)}没有准确率。",
        f"Pricing by rollouts is for {en} only, for now: {game_name(game)} has no accuracy.",
    )
