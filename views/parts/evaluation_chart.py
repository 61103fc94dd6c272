"""The Evaluation's chart of a deal: expected points over the deal, the choice made and the best candidate at
each decision (their grades in colour), 够级's team line, the picked decision ringed; and what a click on it (or a
step of the address) picks. Drawn on the Evaluation page and under the board on the Replay page
(``views.parts.eval_graph``); a decision's candidates in bars for both views (``candidates_figure``: the Evaluation
page's and a variation's price on the Replay page)."""

from __future__ import annotations

from html import escape
from typing import Any

import plotly.graph_objects as go

from coach.prices import Candidate, Decision, Evaluation
from replay.core.numbering import event_index, event_number, step_after
from replay.core.said import side_name
from replay.replay import Replay
from views import games
from views.parts.evaluation_parts import ACTUAL_MARK, BEST_MARK, candidate_label, grade_label, view_label
from views.parts.figures import step_line
from views.parts.table import seat_label, tr

GRADE_COLORS = {None: "#16a34a", "inaccuracy": "#eab308", "mistake": "#f97316", "blunder": "#dc2626"}
TEAM_COLOR = "#7c3aed"
VIEW_COLORS = {"seat": "#2563eb", "all": "#94a3b8"}


def _value(c: Candidate, view: str) -> float | None:
    v = c.values.get(view)
    return None if v is None else v.mean


def team0_points(rep: Replay, ev: Evaluation) -> list[tuple[int, float]]:
    """A team's expected points after each decision, where the game's points are zero-sum between two
    teams (``GameView.team_line``: 够级's team 0); empty for any other game (保皇)."""
    line = games.view(rep.log.game).team_line
    return [] if line is None else line(rep, ev)


def expected_figure(rep: Replay, ev: Evaluation, picked: int | None, lang_: str) -> go.Figure:
    """Expected points over the deal: the choice made and the best candidate at each decision (acting side's
    points, grading view), team 0's line in 够级, the picked decision ringed."""
    unit = games.view(rep.log.game).value_unit
    fig = go.Figure()
    ds = list(ev.decisions)
    actual = [_value(d.actual, d.view) for d in ds]
    best = [_value(d.candidates[d.loss.best], d.view) for d in ds]
    team = team0_points(rep, ev)
    if team:
        fig.add_trace(
            go.Scatter(
                x=[event_number(i) for i, _ in team],
                y=[v for _, v in team],
                customdata=[i for i, _ in team],
                mode="lines",
                line={"shape": "hv", "width": 1.5, "color": TEAM_COLOR},
                name=tr(lang_, *games.view(rep.log.game).team_line_name),
                hovertemplate=tr(
                    lang_,
                    f"第 %{{x}} 手后<br>{side_name(0, rep.final.n)[0]} %{{y:.2f}} 分",
                    f"after event %{{x}}<br>{side_name(0, rep.final.n)[1]}: %{{y:.2f}}",
                )
                + "<extra></extra>",
            )
        )
    hover = [
        escape(
            f"{seat_label(rep, d.seat, lang_)} · {candidate_label(d.actual, lang_)}"
            + (f" · {grade_label(d.grade, lang_, d.undecided)}" if d.grade or d.undecided else "")
            + f" · {tr(lang_, '最佳', 'best')}: {candidate_label(d.candidates[d.loss.best], lang_)}"
        )
        for d in ds
    ]
    fig.add_trace(
        go.Scatter(
            x=[event_number(d.index) for d in ds],
            y=best,
            customdata=[d.index for d in ds],
            mode="markers",
            name=tr(lang_, f"{BEST_MARK} 最佳候选", f"{BEST_MARK} best candidate"),
            marker={"symbol": "circle-open", "size": 9, "color": "#475569"},
            hovertext=hover,
            hovertemplate=tr(
                lang_, "第 %{x} 手 最佳 %{y:.2f}<br>%{hovertext}", "event %{x} best %{y:.2f}<br>%{hovertext}"
            )
            + "<extra></extra>",
        )
    )
    fig.add_trace(
        go.Scatter(
            x=[event_number(d.index) for d in ds],
            y=actual,
            customdata=[d.index for d in ds],
            mode="markers",
            name=tr(lang_, f"{ACTUAL_MARK} 实际（颜色=评级）", f"{ACTUAL_MARK} choice made (colour = grade)"),
            marker={
                "size": [13 if d.grade else 8 for d in ds],
                "color": [GRADE_COLORS.get(d.grade, "#16a34a") for d in ds],
                "line": {"width": 1, "color": "#fff"},
            },
            hovertext=hover,
            hovertemplate=tr(
                lang_, "第 %{x} 手 实际 %{y:.2f}<br>%{hovertext}", "event %{x} made %{y:.2f}<br>%{hovertext}"
            )
            + "<extra></extra>",
        )
    )
    shapes: list[dict[str, Any]] = []
    if picked is not None:
        shapes.append(step_line(event_number(picked)))
    fig.update_layout(
        shapes=shapes,
        height=420,
        margin={"l": 40, "r": 10, "t": 30, "b": 40},
        xaxis={"title": tr(lang_, "第几手", "event"), "range": [0, len(rep.log.events) + 1]},
        yaxis={"title": tr(lang_, f"期望{unit[0]}（行动方）", f"expected {unit[1]} (acting side)"), "zeroline": True},
        legend={"orientation": "h", "y": 1.12},
        # "x": a click picks the decision nearest in x, whatever its marker's size. Under "closest" plotly prefers
        # the smaller of two markers the cursor falls in (its distance is floored at 1 - 3 / radius), so on a long
        # deal's narrow chart (the Replay page's, under the board: 274 events in 556 px, two events 3.5 px apart) a
        # click on the last decision, a mistake drawn large, picked the ordinary one two events before (step 269
        # opened, not 271, on gouji-2026-09-01-d1).
        hovermode="x",
        clickmode="event+select",
    )
    return fig


def decision_from_selection(selection: Any) -> int | None:
    """The event index (from 0) of the selected decision: the first selected point's ``customdata`` (every point of
    the chart carries its decision's index), else its x, the event's number (from 1); None when nothing is selected.
    The page drops an index that is not a decision's."""
    try:
        points = selection["selection"]["points"]
    except (KeyError, TypeError):
        points = getattr(getattr(selection, "selection", None), "points", None)
    if not points:
        return None
    index = points[0].get("customdata")
    if isinstance(index, list) and len(index) == 1:  # plotly gives a point's customdata as it was, or in a list
        index = index[0]
    if isinstance(index, int | float) and not isinstance(index, bool):
        return int(index)
    x = points[0].get("x")
    if x is None:
        return None
    return event_index(round(float(x)))


def decision_at(indices: list[int], step: int) -> int | None:
    """The decision a step of the address opens: the one whose event the step is just after, else the last one
    before it, else the first; None at step 0 (the page's own choice: ``default_decision``)."""
    if step <= 0 or not indices:
        return None
    before = [i for i in indices if step_after(i) <= step]
    return max(before) if before else min(indices)


def candidates_figure(d: Decision, lang_: str, unit: tuple[str, str] = ("分", "points")) -> go.Figure:
    """Bars per candidate for both views, error bars of 2 SE; the choice made and the best marked (``unit``: what
    the values count, the game's ``GameView.value_unit``)."""
    labels = []
    for j, c in enumerate(d.candidates):
        marks = (ACTUAL_MARK if c.actual else "") + (BEST_MARK if j == d.loss.best else "")
        labels.append(escape(f"{j + 1}. {candidate_label(c, lang_)} {marks}".strip()))
    fig = go.Figure()
    for view in ("seat", "all"):
        if view not in d.losses:
            continue
        vals = [c.values[view] for c in d.candidates]
        fig.add_trace(
            go.Bar(
                x=labels,
                y=[v.mean for v in vals],
                error_y={"type": "data", "array": [2 * v.se for v in vals], "visible": True},
                name=view_label(view, lang_),
                marker={
                    "color": VIEW_COLORS[view],
                    "line": {"width": [3 if c.actual else 0 for c in d.candidates], "color": "#111827"},
                },
                hovertemplate="%{x}<br>%{y:.2f} ± %{error_y.array:.2f}<extra></extra>",
            )
        )
    fig.update_layout(
        barmode="group",
        height=340,
        margin={"l": 40, "r": 10, "t": 30, "b": 60},
        yaxis={"title": tr(lang_, f"期望{unit[0]}（± 2 倍标准误）", f"expected {unit[1]} (± 2 SE)"), "zeroline": True},
        legend={"orientation": "h", "y": 1.15},
    )
    return fig
