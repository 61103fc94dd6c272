"""Page: the score of the open deal. Places and points per seat with the players' names and sides, the
game's own part (``GameView.score_section``: 够级's team sums and 串三户 doubling, 保皇's roles and their
doublings), every figure's rule (``Score.explain``) and the result the log claims beside the computed
one. When the log names a match (``meta.match``), the deal and the match are two tabs (only the one shown runs:
``views.parts.sections``; a fresh page draws no chart): the match's running totals, deal by deal, or the game's
own drawing of its match (``GameView.score_match``: 升级's level ladder).

A game may draw its whole score instead (``GameView.score_page``: 升级, which has no places, shows its
tricks, the kitty and the level change).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import pandas as pd
import plotly.graph_objects as go
import streamlit as st

from data import queries
from data.match_totals import running, team_points
from replay.formats.log import Log
from replay.replay import Replay
from replay.score import Score
from views import games
from views.parts import lines_view
from views.parts.common import engine, guarded, lang, need_deal, stored, t
from views.parts.downloads import csv_button, file_name
from views.parts.figures import show
from views.parts.game_view import GameView
from views.parts.score_parts import claims, explain, void
from views.parts.sections import Section, draw_shown, lazy_tabs
from views.parts.texts import EMPTY_CELL, chart, game_name, md, place_name, profile_name, who

_SEAT = re.compile(r"\bseat (\d+)\b")
TABS = "scoring_tab"  # when the log names a match: the deal and the match, tabs of which only the one shown runs
SECTIONS = (Section("deal", "这一局", "This deal"), Section("match", "这场比赛", "The match"))


@guarded
def render() -> None:
    """Render the page."""
    st.title(t("计分", "Scoring"))
    deal = need_deal()
    if deal is None:
        return
    deal_id, rep = deal.deal_id, deal.rep
    log = rep.log
    drawing = games.view(log.game)
    _header(deal_id, log)
    if log.result_only:
        st.caption(t("只有结果：这一局是成绩单，没有出牌记录；得分按记录的名次和身份计算。",
                     "Result only: this deal is a score sheet, no moves recorded; scored from its places and roles."))  # fmt: skip
    if not rep.ok:
        st.warning(
            t(
                f"记录里有 {len(rep.illegal)} 处违规（见“复盘”“争议台”）。",
                f"The record breaks {len(rep.illegal)} rule(s) (see Replay, Dispute desk).",
            )
        )
    record, rep = rep, lines_view.counted(deal_id, rep).rep  # the line whose score counts: the record, or as ruled
    score = rep.score()

    def this_deal() -> None:
        _deal(record, rep, drawing, score, deal_id)

    if not log.meta.get("match"):
        this_deal()
        return
    draw_shown(lazy_tabs(TABS, SECTIONS), {"deal": this_deal, "match": lambda: _the_match(rep, drawing, deal_id)})


def _deal(record: Replay, rep: Replay, drawing: GameView, score: Score | None, deal_id: int) -> None:
    """The deal's score (the line that counts, ``rep``) and the result the record (``record``) claims beside it."""
    if drawing.score_page is not None:
        drawing.score_page(rep, deal_id, score)
        return
    if score is None:
        _unfinished(rep)
    elif score.void:
        void(score)
    else:
        _places(rep, drawing, score, deal_id)
        if drawing.score_section is not None:
            drawing.score_section(rep, score)
        explain(score)
    claims(record, score)  # the record's claimed result beside the score that counts


def _the_match(rep: Replay, drawing: GameView, deal_id: int) -> None:
    """The match the log names: the game's own drawing of it (``GameView.score_match``: 升级's level ladder), else
    its running totals (by team: ``match_by_team``; else each player's), or why there is nothing to show."""
    if drawing.score_match is not None:
        drawn = drawing.score_match(rep, deal_id)
    elif drawing.match_by_team is not None:
        drawn = _team_match(rep, deal_id, drawing.match_by_team)
    else:
        drawn = _match(rep.log, deal_id)
    if not drawn:
        st.info(t("库里这场比赛还没有计了分的牌局。", "The library holds no scored deal of this match yet."))


def _header(deal_id: int, log: Log) -> None:
    parts = [t(f"第 {deal_id} 局", f"Deal {deal_id}"), game_name(log.game), md(profile_name(log.profile_name))]
    meta = log.meta
    for key in ("date", "venue"):
        if meta.get(key):
            parts.append(md(meta[key]))
    if meta.get("match"):
        number = meta.get("deal")
        parts.append(md(meta["match"]) + (t(f" 第 {number} 局", f" deal {number}") if number is not None else ""))
    st.caption(" · ".join(parts))


def _unfinished(rep: Replay) -> None:
    st.info(
        t("这局还没打完（记录到此为止）：没有计分。", "This deal is not finished (the record stops here): no score.")
    )
    out = list(rep.final.out)
    if out:
        places = rep.view(len(rep.states) - 1).places  # decided places only, as the score will rank them
        gone = t("、", ", ").join(
            who(rep.log, s) + (f" {t(places[s].zh, places[s].en)}" if s in places else "") for s in out
        )
        st.markdown(t("已经走完（按出完的先后）：", "Out so far (in the order they went out): ") + gone)


def _seat_rules(drawing: GameView, score: Score, seat: int) -> str:
    """The rules behind a seat's place and points: those of every seat (the scoring rule, a doubling)
    and those of explain lines naming this seat (the game's ``seat_rules``: 够级's 革命, a failed burn)."""
    about_one = drawing.seat_rules + drawing.team_rules
    rules = [r for r, _ in score.explain if r not in about_one]
    rules += [r for r, text in score.explain if r in drawing.seat_rules and seat in map(int, _SEAT.findall(text))]
    return ", ".join(dict.fromkeys(rules))


def _places(rep: Replay, drawing: GameView, score: Score, deal_id: int) -> None:
    st.subheader(t("名次与得分", "Places and points"))
    game, log, side = rep.log.game, rep.log, drawing.score_side
    rows = [
        {
            t("名次", "Place"): p.place,
            t("科", "Rank"): place_name(p.place, game),
            t("座位", "Seat"): p.seat,
            t("牌手", "Player"): log.player(p.seat),
            t(side.zh, side.en): side.words(rep, p.seat, lang()),
            t("得分", "Points"): p.points,
            t("规则", "Rule"): _seat_rules(drawing, score, p.seat),
        }
        for p in score.places
    ]
    places = pd.DataFrame(rows)
    st.dataframe(places, hide_index=True, placeholder=EMPTY_CELL)
    csv_button(places, file_name(f"deal{deal_id}", "places"), key="scoring_csv_places")
    if score.unsplit:
        st.info(
            t(
                "保皇派不明（没有手牌、记录也没写）：只列名次分，不分到两边。",
                "The 保皇派 is not known (no hands, none named): place points only, not split between the sides.",
            )
        )


def _match(log: Log, deal_id: int) -> bool:
    """Each player's running total over the match's deals (whether there was any)."""
    key = log.meta.get("match")
    if not key:
        return False
    standings = queries.match_standings(engine(), str(key), log.game)
    if standings.empty:
        return False
    st.subheader(t("比赛累计", "Match standings") + " · " + md(key))
    st.caption(
        t(
            f"每位牌手自己的得分，逐局累计{lines_view.COUNTED[0]}。",
            f"Each player's own points, summed deal by deal{lines_view.COUNTED[1]}.",
        )
    )
    standings = standings.copy()
    fig, order = _running_chart(standings, "player")
    fig.update_layout(
        yaxis_title=t("每位牌手的累计得分", "each player's running total"),
        legend_title_text=t("牌手", "player"),
        margin={"t": 30},
    )
    _running_shown(fig, order, standings, "player", deal_id)
    return True


def _team_match(rep: Replay, deal_id: int, team_rule: Callable[[set[str]], tuple[str, str]]) -> bool:
    """The match's running totals by the team rule (``data.match_totals``): what each team recorded under each
    deal's profile, each team by its one name and players (each player's, when players changed teams), the rule
    that decides what a team records said beside them."""
    key = rep.log.meta.get("match")
    if not key:
        return False
    points = stored(team_points, match_key=str(key), game=rep.log.game)
    if points.empty:
        return False
    by, totals = running(points, lang())
    st.subheader(t("比赛累计", "Match standings") + " · " + md(key))
    rule = team_rule({str(m) for m in points["score_mode"]})
    whose = (
        ("每队的记分，逐局累计", "Each team's recorded points, summed deal by deal")
        if by == "team"
        else (
            "每位牌手所在队的记分，逐局累计（牌手换了队）",
            "Each player's team's recorded points, summed deal by deal (players changed teams)",
        )
    )
    st.caption(
        t(
            f"{whose[0]}，每局按它自己的规则配置记分：{rule[0]}{lines_view.COUNTED[0]}。",
            f"{whose[1]}, each deal as its own rule profile records it: {rule[1]}{lines_view.COUNTED[1]}.",
        )
    )
    fig, order = _running_chart(totals, "who")
    fig.update_layout(
        yaxis_title=t("每队的累计记分", "each team's running total")
        if by == "team"
        else t("每位牌手的累计记分", "each player's running total"),
        legend_title_text=t("队", "team") if by == "team" else t("牌手", "player"),
        margin={"t": 30},
    )
    _running_shown(fig, order, totals, "who", deal_id)
    return True


def _running_shown(fig: go.Figure, order: list[str], totals: pd.DataFrame, who: str, deal_id: int) -> None:
    """A match's running totals (``_running_chart``'s ``fig`` and deal ``order``; ``totals`` by ``who``): the chart
    with this deal marked, then the table of the totals, a column for each ``who``, and its CSV."""
    here = totals.loc[totals["deal_id"] == deal_id, "label"]
    if not here.empty:
        fig.add_vline(x=order.index(here.iloc[0]), line_dash="dot", line_color="grey")
    show(fig, f"deal{deal_id}", "match")
    wide: Any = totals.pivot_table(index="label", columns=who, values="total", aggfunc="last", sort=False)
    wide = wide.reindex(order)
    wide.index.name = t("局", "Deal")
    wide.columns.name = None
    st.dataframe(wide, placeholder=EMPTY_CELL)
    csv_button(wide, file_name(f"deal{deal_id}", "match"), key="scoring_csv_match", index=True)


def _running_chart(frame: pd.DataFrame, by: str) -> tuple[go.Figure, list[str]]:
    """A match's running totals, a line per ``by`` (a player, or whose points), over the deals in their order: the
    figure and the deals' labels (``frame`` gains a ``label`` column)."""
    frame["label"] = [
        (t(f"第{d}局", f"deal {d}") if pd.notna(d) else f"#{i}")
        for d, i in zip(frame["deal"], frame["deal_id"], strict=True)
    ]
    order = list(dict.fromkeys(frame["label"]))
    fig = go.Figure()
    for line, rows in frame.groupby(by, sort=True):
        fig.add_scatter(
            x=rows["label"],
            y=rows["total"],
            mode="lines+markers",
            name=chart(str(line)),
            hovertemplate="%{x}: %{y}<extra>" + chart(str(line)) + "</extra>",
        )
    fig.update_xaxes(type="category", categoryorder="array", categoryarray=order)
    return fig, order
