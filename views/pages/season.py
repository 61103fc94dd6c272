"""Page: the season. One game's scored deals (``data.season_rows``: by the line that counts; score sheets without
moves as any deal) read as a club's season: the players' ratings (``season.ratings``: a leaderboard and each
rating over the deals), each player's partners and opponents (``season.pairs``), and a player's trends over time
(``season.trends``). Every figure is computed from the stored deals when the library changes (cached by its
version), so a deal entered late but dated earlier counts where it was played.
"""

from __future__ import annotations

from typing import Any

import pandas as pd
import plotly.graph_objects as go
import streamlit as st

from data.season_rows import Season, season_of
from season.ratings import Ratings, rate_deals
from views.parts import season_views
from views.parts.common import guarded, stored, stored_game, t
from views.parts.figures import show
from views.parts.sections import Section, draw_shown, lazy_tabs
from views.parts.texts import EMPTY_CELL, chart

TABS = "season_tab"
SECTIONS = (
    Section("ratings", "等级分", "Ratings"),
    Section("pairs", "搭档与对手", "Partners and opponents"),
    Section("trends", "走势", "Trends"),
)
PLAYER = "season_player"
HIGHLIGHT, OTHER = "#d62728", "#9aa7b8"


def season_ratings(engine: Any, game: str) -> Ratings:
    """The game's ratings over its season (what the page caches by the library's version)."""
    return rate_deals(season_of(engine, game).results)


@guarded
def render() -> None:
    """Render the page."""
    st.title(t("赛季", "Season"))
    left, right = st.columns(2)
    game = stored_game(left, key="season_game")
    if game is None:
        return
    season: Season = stored(season_of, game=game)
    if not season.results:
        st.info(
            t(
                "这个游戏还没有计了分、每家都有名字的牌局。",
                "This game has no scored deal with every seat named yet.",
            )
        )
        return
    ratings: Ratings = stored(season_ratings, game=game)
    players = [p.player for p in ratings.players]
    chosen: str | None = right.selectbox(
        t("牌手", "Player"), [None, *sorted(players)], key=PLAYER, format_func=_nobody(t("（选一位）", "(choose one)"))
    )
    sheets = sum(r.result_only for r in season.results)
    st.caption(
        t(
            f"{len(season.results)} 局（其中成绩单 {sheets} 局）"
            + (f"；{season.unnamed} 局有座位没有名字，不计" if season.unnamed else ""),
            f"{len(season.results)} deals ({sheets} of them score sheets)"
            + (f"; {season.unnamed} with an unnamed seat are left out" if season.unnamed else ""),
        )
    )
    matches = sorted({r.match for r in season.results if r.match})
    report_left, report_right = st.columns(2)
    whole = t("（整个赛季）", "(the whole season)")
    match = report_left.selectbox(
        t("报告：整个赛季或一场比赛", "Report: the season or one match"),
        [None, *matches],
        key="season_report_of",
        format_func=_nobody(whole),
    )
    with report_right:
        season_views.report_button(game, season, ratings, match)
    draw_shown(
        lazy_tabs(TABS, SECTIONS),
        {
            "ratings": lambda: _ratings(game, ratings, chosen),
            "pairs": lambda: season_views.pairs(game, season, chosen),
            "trends": lambda: season_views.trends(game, season, ratings, chosen),
        },
    )


def _nobody(text: str) -> Any:
    def label(x: str | None) -> str:
        return text if x is None else x

    return label


def _ratings(game: str, ratings: Ratings, chosen: str | None) -> None:
    """The leaderboard and each player's rating over the deals (the chosen one highlighted)."""
    st.caption(
        t(
            "贝叶斯等级分（按名次的团队模型），按打牌的先后逐局更新：μ 是估计的水平，σ 是它的不确定度，排名按保守分"
            " μ − 3σ（新手运气好几局也不会排到前面）。",
            "Weng-Lin Bayesian ratings (openskill's Plackett-Luce model), updated deal by deal in the order played: μ "
            "is the estimated skill, σ its uncertainty; the ranking is by the conservative μ − 3σ (a newcomer's lucky "
            "week does not put it on top).",
        )
    )
    board = ratings.leaderboard()
    shown = pd.DataFrame(
        {
            t("名次", "Rank"): board["rank"],
            t("牌手", "Player"): board["player"],
            t("保守分 μ−3σ", "Rating μ−3σ"): board["ordinal"].round(1),
            "μ": board["mu"].round(1),
            "σ": board["sigma"].round(2),
            t("局数", "Deals"): board["deals"],
        }
    )
    st.dataframe(shown, hide_index=True, width="stretch", placeholder=EMPTY_CELL)
    history = ratings.history
    position = _position(history)
    fig = go.Figure()
    ordered = sorted(set(history["player"]), key=lambda p: (p == chosen, p))  # the chosen one drawn last, on top
    for player in ordered:
        rows = history[history["player"] == player]
        mine = player == chosen
        fig.add_trace(
            go.Scatter(
                x=rows["deal_id"].map(position),
                y=rows["ordinal"],
                mode="lines",
                name=chart(player),
                line={"color": HIGHLIGHT if mine else OTHER, "width": 3 if mine else 1},
                opacity=1.0 if mine or chosen is None else 0.5,
                hovertemplate=chart(player) + ": %{y:.1f}<extra></extra>",
            )
        )
    fig.update_layout(
        xaxis_title=t("第几局（按打牌的先后）", "deal (in the order played)"),
        yaxis_title=t("保守分 μ−3σ", "rating μ−3σ"),
        showlegend=chosen is None,
        height=380,
    )
    show(fig, "season", game, "ratings")


def _position(history: pd.DataFrame) -> dict[int, int]:
    """Each deal's place in the season's order (1 for the first)."""
    order = list(dict.fromkeys(history["deal_id"].tolist()))
    return {d: k for k, d in enumerate(order, start=1)}
