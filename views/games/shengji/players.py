"""升级's part of the Players page (``GameView.players_page``): 升级 has no places and no points per seat (a side of
two partners goes up levels), so the page shows per player the deals sat in, how often the player's side declared,
went up, took 80 or more as the defenders and won the match, and the levels gained."""

from __future__ import annotations

from typing import Any

import pandas as pd
import streamlit as st

from data import queries
from replay.core.seats import side as seat_side
from views.parts.common import stored, t
from views.parts.figures import show
from views.parts.game_view import PlayersPage
from views.parts.sections import Section, draw_shown
from views.parts.texts import chart

#: 升级's own sections of the page (tabs: only the one shown is drawn), before the coach's findings and the accuracy
SECTIONS = (Section("ladder", "升级", "Ladder"), Section("levels", "升的级数", "Levels gained"))


def shengji_frame(rows: list[Any]) -> pd.DataFrame:
    """Per named player over 升级 deals (``data.queries.LevelRow``, or ``views.games.shengji.charts.LadderRow``:
    the same fields): deals sat in, deals finished, how
    often the player's side declared (庄家), went up (gained one level or more), took 80 or more as the
    defenders (闲家; the declarers then do not go up, whether or not the defenders do), won the match, and
    the levels it gained."""
    stats: dict[str, dict[str, int]] = {}
    for r in rows:
        for seat, name in enumerate(r.players):
            if not name:
                continue
            side = seat_side(seat)
            s = stats.setdefault(
                name, {"deals": 0, "finished": 0, "declared": 0, "up": 0, "defended_80": 0, "levels": 0, "won": 0}
            )
            s["deals"] += 1
            s["finished"] += r.after is not None
            s["declared"] += r.declarers == side
            if r.up == side:
                s["up"] += r.steps > 0
                s["levels"] += r.steps
                s["defended_80"] += r.declarers is not None and r.declarers != side  # with 80 or more
            s["won"] += r.passed == side
    columns = ["player", "deals", "finished", "declared", "up", "defended_80", "levels", "won"]
    frame = pd.DataFrame([{"player": p, **v} for p, v in sorted(stats.items())], columns=columns)
    return frame


def players_page(page: PlayersPage, right: Any, game: str) -> bool:
    """The Players page of 升级: per player, the deals sat in and how the side fared on the ladder (each deal's
    levels as stored at import, ``data.queries.level_rows``: no deal is replayed), the side's mean points, the
    levels gained, and the coach's findings and accuracy, each in a tab of its own. False (the page draws places
    and points) when no deal of the game has stored levels."""
    rows = stored(queries.level_rows, game=game)
    if not rows:
        return False
    _ladder(page, right, game, rows)
    return True


def _ladder(page: PlayersPage, right: Any, game: str, rows: list[queries.LevelRow]) -> None:
    st.info(
        t(
            "升级不排名次：对家两人一方，每局按闲家得分升级。下面是每位牌手所在一方坐庄、升级、做闲家得 80 分以上和升了几级的次数"
            "（每局的得分与升级见“计分”页）。",
            "升级 has no places: partners form a side, and each deal the defenders' points decide who goes up. Below, "
            "per player, how often the player's side declared, went up, took 80 or more as the defenders and how many "
            "levels it gained "
            "(each deal's score and levels are on the Scoring page).",
        )
    )
    frame = shengji_frame(rows)
    points = stored(queries.player_summary, game=game)  # the card points the player's side took, the kitty included
    if not frame.empty and not points.empty:
        frame = frame.merge(points[["player", "mean_points"]], on="player", how="left")
    if frame.empty:
        st.info(t("这个游戏的牌局里没有有名字的牌手。", "No named player sat in a deal of this game."))
        return
    names = frame["player"].tolist()
    chosen = page.chooser(right, names)
    draw_shown(
        page.tabs(SECTIONS),
        {
            "ladder": lambda: _table(page, game, frame),
            "levels": lambda: _levels(page, game, frame, names, chosen),
            "findings": lambda: page.findings(stored(queries.player_findings, game=game), names, game, chosen),
            "accuracy": lambda: page.accuracy(game, chosen),
        },
    )


def _table(page: PlayersPage, game: str, frame: pd.DataFrame) -> None:
    page.table(
        game,
        "levels",
        frame.rename(
            columns={
                "player": t("牌手", "Player"),
                "deals": t("局数", "Deals"),
                "finished": t("打完", "Finished"),
                "declared": t("坐庄", "Declared"),
                "up": t("升级的局", "Went up"),
                "defended_80": t("做闲家得 80 分以上", "80+ as defenders"),
                "levels": t("共升几级", "Levels gained"),
                "won": t("赢得比赛", "Matches won"),
                "mean_points": t("本方平均得分（含底）", "Side's mean points (with the kitty)"),
            }
        ).round(1),
        hide_index=True,
    )


def _levels(page: PlayersPage, game: str, frame: pd.DataFrame, names: list[str], chosen: str | None) -> None:
    hover = (
        "%{x}: %{y}"
        + chart(t("级（", " levels ("))
        + "%{customdata[1]}"
        + chart(t(" 局升级，共 ", " deals up of "))
        + "%{customdata[0]}"
        + chart(t(" 局）", ")"))
    )
    fig = page.bars(
        names, frame["levels"], chosen, t("升的级数", "levels gained"), hover, frame[["deals", "up"]].to_numpy()
    )
    fig.update_yaxes(rangemode="tozero", dtick=1)
    show(fig, "players", game, "levels")
