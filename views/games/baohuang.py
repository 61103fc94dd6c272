"""保皇 in the dashboard (``VIEW``): its table is the climbing table of ``views.parts.table`` (five seats) with
保皇's marks (``MARKS``: the roles as each seat knew them, the marked joker's holder, the called card, the reveal
and the second lap; 明保 not shown to the other seats), its side words are the roles at the end of the deal;
here also its part of the Scoring page (the roles, the doublings and the sides' points) and the dispute desk's
placeholders."""

from __future__ import annotations

from html import escape

import pandas as pd
import streamlit as st

from replay.games.baohuang.engine import Baohuang
from replay.games.baohuang.score import BaohuangScoreExtras, baohuang_extras
from replay.games.baohuang.step_view import step_roles
from replay.replay import Replay, StepView
from replay.score import Score
from views.parts.common import t
from views.parts.game_view import Desk, GameView, ScoreSide
from views.parts.table import BestMove, Mark, TableMarks, card_text, table_html, tr
from views.parts.texts import EMPTY_CELL, ROLE_NAMES, md, rule_name, rule_quote, who


def role_label(role: str | None, lang: str) -> str:
    """A 保皇 role in words ("身份未知" / "role unknown" while unknown)."""
    if role is None:
        return tr(lang, "身份未知", "role unknown")
    zh, en = ROLE_NAMES.get(role, (role, role))
    return tr(lang, zh, en)


def seat_head(view: StepView, seat: int, seat_view: int | None, lang: str) -> tuple[str, str]:
    """A seat's role as the viewer knew it (the review: the truth), its colour ``fp-r-<role>`` once known."""
    roles = step_roles(view)
    if roles is None:
        return "", ""
    role = (roles.truth if seat_view is None else roles.known_to.get(seat_view, {})).get(seat)
    return (f"fp-r-{escape(role)}" if role else ""), role_label(role, lang)


def seat_badges(view: StepView, seat: int) -> list[Mark]:
    """The seat holds the marked joker (until the call)."""
    roles = step_roles(view)
    marked = roles is not None and roles.marked == seat and not roles.called
    return [Mark("持御牌", "holds the marked joker")] if marked else []


def table_flags(view: StepView) -> list[Mark]:
    """The called card (叫牌), the reveal (明保 or 明独) and the second lap."""
    roles = step_roles(view)
    if roles is None:
        return []
    flags = []
    if roles.called:
        flags.append(Mark("叫牌 " + card_text(roles.called, "zh"), "called " + card_text(roles.called, "en")))
    if roles.revealed:
        flags.append(Mark("已明保/明独", "revealed"))
    if roles.second_lap:
        flags.append(Mark("第二圈", "second lap"))
    return flags


#: what 保皇 draws on the climbing table; 明保 (reveal) tells the seat's role, so the other seats do not see it offered
MARKS = TableMarks(
    seat_head=seat_head, seat_badges=seat_badges, table_flags=table_flags, private_actions=frozenset({"reveal"})
)


def table(rep: Replay, step: int, seat_view: int | None, lang: str, best: BestMove | None = None) -> str:
    """The climbing table with 保皇's marks (``best``: the seat to act's best move, marked)."""
    return table_html(rep, step, seat_view, lang, MARKS, best)


def _final_role(rep: Replay, seat: int) -> str | None:
    roles = step_roles(rep.view(len(rep.states) - 1))
    return None if roles is None else roles.truth.get(seat)


def final_role(rep: Replay, seat: int, lang: str) -> str:
    """A seat's role at the end of the deal (皇帝, 保皇派 …, 身份未知 while unknown; "" when the step shows no
    roles)."""
    if step_roles(rep.view(len(rep.states) - 1)) is None:
        return ""
    return role_label(_final_role(rep, seat), lang)


def final_role_or_blank(rep: Replay, seat: int, lang: str) -> str:
    """A seat's role at the end of the deal ("" when it is not known)."""
    role = _final_role(rep, seat)
    return "" if role is None else role_label(role, lang)


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
        st.dataframe(pd.DataFrame(rows), hide_index=True, placeholder=EMPTY_CELL)


VIEW = GameView(
    name="baohuang",
    table_html=table,
    seat_side=final_role,
    score_section=score_section,
    score_side=ScoreSide(words=final_role_or_blank),
    desk=Desk(events_placeholder="0 叫庄\n0 出 6 6\n1 过", disputed_placeholder="2 出 7 7"),
)
