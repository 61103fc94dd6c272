"""The parts of the Scoring page every game's score is drawn with: a void deal, the explain lines (each
figure's rule) and the result a log claims beside the computed one (``replay.claims``)."""

from __future__ import annotations

import pandas as pd
import streamlit as st

from replay.claims import entry_name, value_text
from replay.core.said import said_in
from replay.replay import Replay
from replay.score import Score
from replay.scoring import claim_entries
from views.parts.common import lang, t
from views.parts.downloads import deal_csv
from views.parts.texts import EMPTY_CELL, md, rule_name, rule_quote

HIGHLIGHT_BG = "background-color: #fde68a"


def void(score: Score) -> None:
    """A void deal: why, with its rule, and no score."""
    rule, zh, en = score.void_reason or ("", "", "")
    st.warning(
        t(f"这局作废，不计分：{md(zh)}", f"This deal is void, no score: {md(en)}")
        + (f"　`{rule}` {md(rule_name(rule))}" if rule else "")
    )
    explain(score)


def explain(score: Score) -> None:
    """Every figure of the score with its rule (``Score.explain``), the seed text on hover."""
    st.subheader(t("计分依据", "How the score came about"))
    if not score.explain:
        st.caption(t("（没有说明）", "(no explanation)"))
    for rule, text in score.explain:
        st.markdown(
            f"- `{rule}` **{md(rule_name(rule))}**{t('：', ': ')}{md(said_in(text, lang()))}",
            help=rule_quote(rule) or None,
        )


def claims(rep: Replay, score: Score | None) -> None:
    """The result the log claims beside the computed one, entry by entry, each that differs marked with
    its rule (``replay.claims``: the comparison the claimed-result verdicts come from)."""
    entries = claim_entries(rep.log.result, score, rep.log.game, rep.final)
    if not entries:
        return
    teams = [team.seats for team in score.teams] if score is not None else []
    st.subheader(t("记录的结果与牌局", "The claimed result and the deal"))
    frame = pd.DataFrame(
        [
            {
                t("项目", "Entry"): t(*entry_name(d.key, teams, rep.final.n)),
                t("记录的", "Claimed"): value_text(d.claimed, lang() == "zh"),
                t("牌局的", "Computed"): value_text(d.computed, lang() == "zh"),
                t("不符", "Differs"): "✗" if d.differs else "",
                t("规则", "Rule"): d.rule,
                t("说明", "Why"): t(d.message_zh, d.message_en),
            }
            for d in entries
        ]
    )
    differs = [d.differs for d in entries]
    st.dataframe(
        frame.style.apply(lambda row: [HIGHLIGHT_BG if differs[row.name] else ""] * len(row), axis=1),
        hide_index=True,
        placeholder=EMPTY_CELL,
    )
    deal_csv(frame, "claims")
    bad = sum(differs)
    if bad:
        st.error(
            t(
                f"记录的结果有 {bad} 处与牌局不符（见上表的规则）。",
                f"{bad} claimed entr{'y differs' if bad == 1 else 'ies differ'} from the deal (rules above).",
            )
        )
    else:
        st.success(t("记录的结果与牌局相符。", "The claimed result agrees with the deal."))
