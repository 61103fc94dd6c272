"""The evaluation's graph under the Replay page's table (as on Lichess): the stored evaluation's expected points
over the deal (``views.parts.evaluation_chart.expected_figure``), the decision of the open step ringed; a click on a
point opens the step just after that decision (the table, the slider and the address follow)."""

from __future__ import annotations

import streamlit as st

from coach.prices import Evaluation
from replay.core.numbering import step_after
from replay.replay import Replay
from views.parts.common import set_step
from views.parts.evaluation_chart import decision_at, decision_from_selection, expected_figure
from views.parts.figures import show

CHART = "replay_eval_chart"


def _clicked() -> None:
    """on_select callback: the step just after the clicked decision."""
    picked = decision_from_selection(st.session_state.get(CHART))
    if picked is not None:
        set_step(step_after(picked))


def replay_graph(rep: Replay, ev: Evaluation, deal_id: int, step: int, lang_: str) -> None:
    """The graph of ``ev`` at ``step`` (nothing when it priced no decision)."""
    if not ev.decisions:
        return
    picked = decision_at([d.index for d in ev.decisions], step)
    show(expected_figure(rep, ev, picked, lang_), f"deal{deal_id}", "expected", key=CHART, on_select=_clicked)
