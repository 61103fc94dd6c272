"""够级 in the dashboard (``VIEW``): its table is the climbing table of ``views.parts.table`` (six seats, the two
teams alternating) with 够级's marks (``MARKS``: each seat headed by its team and its 对头, its state in the cycle
— passed, burning, a failed burn, 无头, 够死级, 革命 — and the 够级 set and 四人乱缠 in the middle); here also its
side words, the 够级 sets the Timeline marks, team 0's expected points on the Evaluation page, its part of the
Scoring page (the two teams, 串三户, the score mode) and the dispute desk's placeholders."""

from __future__ import annotations

import pandas as pd
import streamlit as st

from coach.prices import Evaluation
from replay.core.said import side_name
from replay.core.seats import opposite, side
from replay.games.gouji.step_view import gouji_marks
from replay.replay import Replay, StepView
from replay.score import Score
from views.parts.common import t
from views.parts.game_view import Desk, GameView, ScoreSide
from views.parts.table import BestMove, Mark, TableMarks, cards_text, seat_label, table_html, tr
from views.parts.texts import EMPTY_CELL


def team_of(seat: int) -> int:
    """A seat's team: 0 (seats 0·2·4) or 1 (1·3·5)."""
    return side(seat)


def team_label(seat: int, lang: str) -> str:
    """The team of a seat by its one name (``replay.core.said.side_name``): 甲方 (0·2·4) or 乙方 (1·3·5), Team A
    (0·2·4) or Team B (1·3·5)."""
    return tr(lang, *side_name(team_of(seat), 6))


def seat_side(rep: Replay, seat: int, lang_: str) -> str:
    """A seat's team (甲方 (0·2·4) / Team A (0·2·4))."""
    return team_label(seat, lang_)


def seat_head(view: StepView, seat: int, seat_view: int | None, lang: str) -> tuple[str, str]:
    """What a seat's box on the table says under its name: its team (its colour) and its 对头."""
    return f"fp-t{team_of(seat)}", f"{team_label(seat, lang)} · {tr(lang, '对头', '对头 (opposite)')} {opposite(seat)}"


def seat_badges(view: StepView, seat: int) -> list[Mark]:
    """A seat's state in the 够级 cycle: passed, burning, its burn failed, 无头, its 够死级 chance, its 革命."""
    marks = gouji_marks(view)
    badges = [
        (seat in marks.passed, Mark("已过", "passed")),
        (seat in marks.burners, Mark("烧牌中", "burning")),
        (seat in marks.failed_burners, Mark("烧牌失败", "burn failed", "fp-warn")),
        (seat in marks.headless, Mark("无头", "headless")),
        (marks.deadlevel == seat, Mark("够死级", "够死级 chance", "fp-warn")),
        (marks.revolution == seat, Mark("革命", "revolution", "fp-warn")),
    ]
    return [mark for shown, mark in badges if shown]


def set_marks(view: StepView) -> list[Mark]:
    """The set on the table is 够级."""
    return [Mark("够级", "够级 set", "fp-gouji")] if gouji_marks(view).table_gouji else []


def table_flags(view: StepView) -> list[Mark]:
    """四人乱缠 (the four-way scramble)."""
    return [Mark("四人乱缠", "四人乱缠 (four-way scramble)")] if gouji_marks(view).chaos else []


#: what 够级 draws on the climbing table
MARKS = TableMarks(seat_head=seat_head, seat_badges=seat_badges, set_marks=set_marks, table_flags=table_flags)


def table(rep: Replay, step: int, seat_view: int | None, lang: str, best: BestMove | None = None) -> str:
    """The climbing table with 够级's marks (``best``: the seat to act's best move, marked)."""
    return table_html(rep, step, seat_view, lang, MARKS, best)


def team_words(rep: Replay, seat: int, lang: str) -> str:
    """The Scoring page's team of a seat, by its one name: 甲方 (0·2·4)."""
    return tr(lang, *side_name(team_of(seat), rep.final.n))


def gouji_sets(rep: Replay, lang: str) -> list[tuple[int, int, str]]:
    """The Timeline's 够级 sets: (step, seat, hover text) of each play or burn that put one on the table."""
    out = []
    states, events = rep.states, rep.log.events
    for k in range(1, len(states)):
        ev, st_ = events[k - 1], states[k]
        if ev.action in ("play", "burn") and st_.table_gouji and st_.owner == ev.seat:
            cards = cards_text([c.token for c in st_.table_cards], lang)
            out.append((k, ev.seat, f"{seat_label(rep, ev.seat, lang)} {tr(lang, '够级', '够级 set')} {cards}"))
    return out


def team0_points(rep: Replay, ev: Evaluation) -> list[tuple[int, float]]:
    """Team 0's expected points after each decision (the choice made's value with all cards known where
    the log gives every hand, else in the grading view; negated when the actor is in team 1: 够级 points
    are zero-sum between the teams). The all-cards value is the one a line over the deal can follow: each
    seat's own view samples other deals, so consecutive points of different seats would jump."""
    out = []
    for d in ev.decisions:
        value = d.actual.values.get("all" if "all" in d.actual.values else d.view)
        if value is not None:
            out.append((d.index, value.mean if team_of(d.seat) == 0 else -value.mean))
    return out


def score_section(rep: Replay, score: Score) -> None:
    """The Scoring page's teams: each team's place points, 串三户 and what it records (GJ-SCORE)."""
    st.subheader(t("两队", "Teams"))
    log = rep.log
    positive = rep.profile.score_mode != "net"
    rows = []
    for team in score.teams:
        k = team_of(team.seats[0])
        rows.append(
            {
                t("队", "Team"): t(*side_name(k, rep.final.n)),
                t("座位", "Seats"): ", ".join(map(str, team.seats)),
                t("牌手", "Players"): ", ".join(log.player(s) for s in team.seats),
                t("名次分合计", "Sum of place points"): team.raw,
                t("串三户", "Sweep"): "×2" if score.sweep else "",
                t("记分", "Recorded"): team.points,
                t("规则", "Rule"): "GJ-SCORE" + (", GJ-SWEEP" if score.sweep else ""),
            }
        )
    st.dataframe(pd.DataFrame(rows), hide_index=True, placeholder=EMPTY_CELL)
    if score.sweep:
        zh, en = side_name(team_of(score.finish_order[0]), rep.final.n)
        st.success(
            t(
                f"串三户：{zh}拿下头科、二科、三科，分数翻倍（GJ-SWEEP）。",
                f"Sweep (串三户): {en} took 1st, 2nd and 3rd; the scores double (GJ-SWEEP).",
            )
        )
    st.caption(
        t(
            "只记正分，不记负分：只有赢的一队记分（GJ-SCORE）。",
            "Positive only: only the winning team records points (GJ-SCORE).",
        )
        if positive
        else t("净分：两队都记自己的合计（GJ-SCORE）。", "Net: both teams record their sums (GJ-SCORE).")
    )


def match_rule(modes: set[str]) -> tuple[str, str]:
    """What a team records in the deals of a match, by their ``score_mode`` (GJ-SCORE), (zh, en)."""
    if modes == {"positive_only"}:
        return (
            "只记正分，不记负分，输的一队记 0（GJ-SCORE）",
            "positive points only, a losing team records 0 (GJ-SCORE)",
        )
    if modes == {"net"}:
        return (
            "净分，两队都记自己的合计，负分也记（GJ-SCORE）",
            "net, both teams record their sums, negative ones too (GJ-SCORE)",
        )
    return "各局按自己的计分方式（GJ-SCORE）", "each deal as its own profile scores (GJ-SCORE)"


VIEW = GameView(
    name="gouji",
    table_html=table,
    seat_side=seat_side,
    timeline_sets=gouji_sets,
    timeline_sets_name=("够级牌", "够级 set"),
    score_section=score_section,
    score_side=ScoreSide("队", "Team", team_words),
    seat_rules=("GJ-REVOLUTION", "GJ-BURN"),  # explain lines about one seat's place ("seat N …")
    team_rules=("GJ-SWEEP",),
    match_by_team=match_rule,
    team_line=team0_points,
    team_line_name=(f"{side_name(0, 6)[0]} 期望分", f"{side_name(0, 6)[1]} expected points"),
    desk=Desk(events_placeholder="0 出 5 5\n1 过\n2 出 K K", disputed_placeholder="1 烧 A A"),
)
