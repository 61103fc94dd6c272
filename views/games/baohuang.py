"""保皇 in the dashboard (``VIEW``): its table is the climbing table of ``views.parts.table`` (five seats,
the roles as each seat knows them) and its side words are the roles (the defaults of
``views.parts.game_view``); here its part of the Scoring page (the roles, the doublings and the sides'
points) and the dispute desk's placeholders."""

from __future__ import annotations

import pandas as pd
import streamlit as st

from replay.games.baohuang.engine import Baohuang
from replay.games.baohuang.score import BaohuangScoreExtras, baohuang_extras
from replay.replay import Replay
from replay.score import Score
from views.parts.common import t
from views.parts.game_view import Desk, GameView
from views.parts.texts import md, rule_name, rule_quote, who


def score_section(rep: Replay, score: Score) -> None:
    """The Scoring page's roles and doublings (BH-CALL, BH-GRAB, BH-SOLO, BH-LOYALIST) and the sides' points."""
    st.subheader(t("身份与翻倍", "Roles and doublings"))
    log, roles = rep.log, baohuang_extras(score) or BaohuangScoreExtras(-1, None, False, False, False)
    lines: list[tuple[str, str]] = []
    emperor = roles.emperor
    if emperor != -1:
        lines.append((t(f"皇帝：{who(log, emperor)}", f"皇帝 (emperor): {who(log, emperor)}"), "BH-CALL"))
    if roles.grab:
        lines.append(
            (
                t(
                    "抢庄：没有保皇派；皇帝头科得 +40、其余各 -10，否则皇帝 -40、其余各 +10",
                    "抢庄 (grab): no 保皇派; the 皇帝 wins 40 as 头科 (each other -10), else loses 40 (each other +10)",
                ),
                "BH-GRAB",
            )
        )
    elif roles.solo:
        lines.append((t("独保：皇帝一人对其余四家", "独保 (alone): the 皇帝 plays alone against four"), "BH-SOLO"))
        if roles.revealed:
            lines.append((t("明独：分数翻倍", "明独 (declared alone): the scores double"), "BH-SOLO"))
        else:
            lines.append((t("没有明独：不翻倍", "not declared (暗独): no doubling"), "BH-SOLO"))
    elif roles.loyalist is not None:
        lines.append(
            (
                t(f"保皇派：{who(log, roles.loyalist)}", f"保皇派 (loyalist): {who(log, roles.loyalist)}"),
                "BH-LOYALIST",
            )
        )
        if roles.revealed:
            lines.append((t("明保：分数翻倍", "明保 (declared loyalist): the scores double"), "BH-LOYALIST"))
        else:
            lines.append((t("暗保：不翻倍", "not declared (暗保): no doubling"), "BH-LOYALIST"))
    eng = rep.engine
    assert isinstance(eng, Baohuang)  # a 保皇 deal's engine (this module draws no other)
    truth = eng.roles(rep.final)
    rebels = [s for s, r in truth.items() if r == "rebel"]
    if rebels:
        lines.append((t("革命党：", "革命党 (rebels): ") + t("、", ", ").join(who(log, s) for s in rebels), "BH-SCORE"))
    for text, rule in lines:
        st.markdown(f"- {text}{t('　', ' — ')}`{rule}` {md(rule_name(rule))}", help=rule_quote(rule) or None)
    if score.teams:
        rows = [
            {
                t("一方", "Side"): t("皇帝一方", "the 皇帝's side") if k == 0 else t("其余", "the others"),
                t("座位", "Seats"): ", ".join(map(str, team.seats)),
                t("牌手", "Players"): ", ".join(log.player(s) for s in team.seats),
                t("得分", "Points"): team.points,
            }
            for k, team in enumerate(score.teams)
        ]
        st.dataframe(pd.DataFrame(rows), hide_index=True)


VIEW = GameView(
    name="baohuang",
    score_section=score_section,
    desk=Desk(events_placeholder="0 叫庄\n0 出 6 6\n1 过", disputed_placeholder="2 出 7 7"),
)
