"""够级 in the dashboard: its table is the climbing table of ``views.parts.table`` (six seats, the two
teams alternating); here its side words and its part of the Scoring page (the two teams, 串三户, the
score mode)."""

from __future__ import annotations

import pandas as pd
import streamlit as st

from replay.replay import Replay
from replay.scoring import Score
from views.parts.common import t
from views.parts.table import table_html, team_label

__all__ = ["score_section", "seat_side", "table_html"]


def seat_side(rep: Replay, seat: int, lang_: str) -> str:
    """A seat's team (0 队 / team 0)."""
    return team_label(seat, lang_)


def score_section(rep: Replay, score: Score) -> None:
    """The Scoring page's teams: each team's place points, 串三户 and what it records (GJ-SCORE)."""
    st.subheader(t("两队", "Teams"))
    log = rep.log
    positive = rep.profile.score_mode != "net"
    rows = []
    for team in score.teams:
        k = team.seats[0] % 2
        rows.append(
            {
                t("队", "Team"): t(f"{k} 队", f"team {k}"),
                t("座位", "Seats"): ", ".join(map(str, team.seats)),
                t("牌手", "Players"): ", ".join(log.player(s) for s in team.seats),
                t("名次分合计", "Sum of place points"): team.raw,
                t("串三户", "Sweep"): "×2" if score.sweep else "",
                t("记分", "Recorded"): team.points,
                t("规则", "Rule"): "GJ-SCORE" + (", GJ-SWEEP" if score.sweep else ""),
            }
        )
    st.dataframe(pd.DataFrame(rows), hide_index=True)
    if score.sweep:
        team = score.finish_order[0] % 2
        st.success(
            t(
                f"串三户：{team} 队拿下头科、二科、三科，分数翻倍（GJ-SWEEP）。",
                f"Sweep (串三户): team {team} took 1st, 2nd and 3rd; the scores double (GJ-SWEEP).",
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
