"""Page: the open deal's timeline, a plotly figure over the steps.

One line per seat (the cards it holds after each step), the rounds as alternating background bands
(from the steps where ``state.rounds`` changes), and markers for the sets the game marks (够级 sets,
``GameView.timeline_sets``), burns, 让 (rang), seats going out and the coach's findings. The open step is a dashed vertical line.

Clicking a point opens that step: the chart is drawn with ``on_select`` and ``selection_mode="points"``
under the key ``timeline_chart``; its callback reads the selected point's x (a step) and calls
``set_step``, so the step is then the one the Replay page shows (a link to it appears under the
chart). The callback form of ``on_select`` reruns like ``"rerun"`` but runs only when the selection
changes, so a selection left on the chart never moves the step back on a later rerun.

When a line other than the record is shown (``views.parts.lines_view``: ``&line=ruled`` or ``&var=N``), it is drawn as a
branch beside the record (``add_line``: each seat's cards held on the line, dashed, from its branch point on), and a
click opens its step on the Replay page with the line.

``timeline_figure`` builds the figure without Streamlit (the tests and the benchmark call it). A game may
draw its own (``GameView.timeline``; 升级, which has no rounds and no cards-held race, shows the points each
side has won over the deal); clicking opens a step in the same way.
"""

from __future__ import annotations

from html import escape
from typing import Any

import plotly.graph_objects as go
import streamlit as st

from coach.coach import Report
from replay.core.numbering import event_words
from replay.replay import Replay
from views import games
from views.parts import address, lines_view, links
from views.parts.common import coach_of, guarded, need_deal, set_step, t
from views.parts.figures import band, show, step_line
from views.parts.links import replay_link
from views.parts.table import SEVERITY_MARK, action_label, cards_text, place_label, seat_label, tr, worth_words
from views.parts.texts import md

CHART = "timeline_chart"
CLICKED = "timeline_clicked"  # session state: the step of the point just clicked (the run goes to Replay)
SEAT_COLORS = ("#2563eb", "#dc2626", "#0891b2", "#ea580c", "#7c3aed", "#65a30d")
MARKERS = {  # kind: (symbol, size, colour); "set": the sets the game marks (够级 sets)
    "set": ("star", 13, "#eab308"),
    "burn": ("diamond", 11, "#b91c1c"),
    "rang": ("triangle-up", 10, "#0f766e"),
    "finish": ("square", 11, "#059669"),
    "finding": ("x", 10, "#111827"),
}


def round_starts(rep: Replay) -> list[int]:
    """The steps at which each round begins (the first is 0)."""
    starts = [0]
    states = rep.states
    for k in range(1, len(states)):
        if states[k].rounds != states[k - 1].rounds:
            starts.append(k)
    return starts


def counts_per_seat(rep: Replay) -> list[list[int]]:
    """``counts[s][k]``: the cards seat ``s`` holds after ``k`` events."""
    n = rep.final.n
    return [[st.hands[s].size for st in rep.states] for s in range(n)]


def markers(rep: Replay, report: Report | None, lang_: str) -> dict[str, list[tuple[int, int, str]]]:
    """The marked moments per kind: (step, seat, hover text); a finding about no seat has seat -1."""
    out: dict[str, list[tuple[int, int, str]]] = {k: [] for k in MARKERS}
    states, events = rep.states, rep.log.events
    marked_sets = games.view(rep.log.game).timeline_sets
    if marked_sets is not None:
        out["set"] = marked_sets(rep, lang_)
    places = rep.view(len(states) - 1).places
    n = rep.final.n
    for k in range(1, len(states)):
        ev, st, before = events[k - 1], states[k], states[k - 1]
        who = seat_label(rep, ev.seat, lang_)
        if ev.action == "burn":
            cards = cards_text([c.token for c in ev.cards], lang_)
            out["burn"].append((k, ev.seat, f"{who} {action_label('burn', lang_)} {cards}"))
        if ev.action == "rang":
            out["rang"].append((k, ev.seat, f"{who} {action_label('rang', lang_)}"))
        if len(st.out) > len(before.out):
            for s in st.out[len(before.out) :]:
                place = places.get(s)  # as the score ranks it (革命 and failed burns move places)
                named = place_label(n, place.place, lang_) if place else tr(lang_, "出完", "out")
                out["finish"].append((k, s, f"{seat_label(rep, s, lang_)} {named}"))
    if report is not None:
        for f in report.findings:
            if f.index is None:
                continue
            mark = SEVERITY_MARK.get(f.severity, "")
            text = f"{mark} {tr(lang_, f.message_zh, f.message_en)}"
            worth = worth_words(f.worth, lang_)  # a maxim finding's worth in the study
            out["finding"].append(
                (f.index + 1, -1 if f.seat is None else f.seat, f"{text} · {worth}" if worth else text)
            )
    return out


def _marker_name(rep: Replay, kind: str, lang_: str) -> str:
    if kind == "set":
        return tr(lang_, *games.view(rep.log.game).timeline_sets_name)
    return {
        "burn": tr(lang_, "烧牌", "burn"),
        "rang": tr(lang_, "让牌", "让 (let)"),
        "finish": tr(lang_, "出完", "out"),
        "finding": tr(lang_, "教练发现", "coach finding"),
    }[kind]


def timeline_figure(rep: Replay, report: Report | None, step: int, lang_: str) -> go.Figure:
    """The figure: cards per seat over the steps, round bands, markers, the open step (or the game's own,
    ``GameView.timeline``: 升级's points per side)."""
    own = games.view(rep.log.game).timeline
    if own is not None:
        return own.figure(rep, report, step, lang_)
    counts = counts_per_seat(rep)
    total = len(rep.states) - 1
    steps = list(range(total + 1))
    fig = go.Figure()
    for s, ys in enumerate(counts):
        fig.add_trace(
            go.Scatter(
                x=steps,
                y=ys,
                mode="lines",
                line={"shape": "hv", "width": 2, "color": SEAT_COLORS[s % len(SEAT_COLORS)]},
                name=escape(seat_label(rep, s, lang_)),
                hovertemplate=escape(seat_label(rep, s, lang_))
                + "<br>"
                + tr(lang_, "第 %{x} 步：%{y} 张", "step %{x}: %{y} cards")
                + "<extra></extra>",
            )
        )
    for kind, found in markers(rep, report, lang_).items():
        if not found:
            continue
        symbol, size, color = MARKERS[kind]
        fig.add_trace(
            go.Scatter(
                x=[k for k, _, _ in found],
                y=[counts[s][k] if s >= 0 else 0 for k, s, _ in found],
                mode="markers",
                name=_marker_name(rep, kind, lang_),
                marker={"symbol": symbol, "size": size, "color": color, "line": {"width": 1, "color": "#fff"}},
                hovertext=[escape(text) for _, _, text in found],
                hovertemplate=tr(lang_, "第 %{x} 步<br>%{hovertext}", "step %{x}<br>%{hovertext}") + "<extra></extra>",
            )
        )
    starts = round_starts(rep)
    bands: list[dict[str, Any]] = [
        band(a - 0.5, b - 0.5)
        for r, (a, b) in enumerate(zip(starts, [*starts[1:], total + 1], strict=True))
        if r % 2 == 1
    ]
    bands.append(step_line(step))
    fig.update_layout(
        shapes=bands,
        height=480,
        margin={"l": 40, "r": 10, "t": 30, "b": 40},
        xaxis={
            "title": tr(lang_, "步（灰白相间为各轮）", "step (rounds in alternating bands)"),
            "range": [-1, total + 1],
        },
        yaxis={"title": tr(lang_, "手中牌数", "cards held"), "rangemode": "tozero"},
        legend={"orientation": "h", "y": 1.1},
        hovermode="closest",
        clickmode="event+select",
    )
    return fig


def add_line(fig: go.Figure, shown: lines_view.Shown, lang_: str) -> None:
    """The line shown (as ruled, or a variation) drawn as a branch beside the record: each seat's cards held on the
    line from its branch point on, dashed, one legend entry for them all, and the branch point marked."""
    rep, at = shown.rep, shown.line.at
    name = escape(tr(lang_, *shown.words))
    steps = list(range(at, len(rep.states)))
    for s, ys in enumerate(counts_per_seat(rep)):
        fig.add_trace(
            go.Scatter(
                x=steps,
                y=ys[at:],
                mode="lines",
                line={"shape": "hv", "width": 2, "dash": "dash", "color": SEAT_COLORS[s % len(SEAT_COLORS)]},
                name=name,
                legendgroup="line",
                showlegend=s == 0,
                hovertemplate=f"{name} · {escape(seat_label(rep, s, lang_))}<br>"
                + tr(lang_, "第 %{x} 步：%{y} 张", "step %{x}: %{y} cards")
                + "<extra></extra>",
            )
        )
    fig.add_vline(x=at, line_dash="dot", line_color="#6b7280")
    fig.update_layout(xaxis={"range": [-1, max(len(rep.states), len(shown.record.states))]})


def step_from_selection(selection: Any, total: int | None = None) -> int | None:
    """The step of the first selected point (its x), within 0..total; None when nothing is selected."""
    try:
        points = selection["selection"]["points"]
    except (KeyError, TypeError):
        points = getattr(getattr(selection, "selection", None), "points", None)
    if not points:
        return None
    x = points[0].get("x")
    if x is None:
        return None
    step = max(0, round(float(x)))
    return step if total is None else min(total, step)


def _clicked() -> None:
    """on_select callback: open the clicked step; the run that follows goes to the Replay page at it."""
    step = step_from_selection(st.session_state.get(CHART))
    if step is not None:
        set_step(step)
        st.session_state[CLICKED] = step


@guarded
def render() -> None:
    """Render the page."""
    deal = need_deal(moves=True)
    if deal is None:
        return
    deal_id, rep, step = deal.deal_id, deal.rep, deal.step
    st.header(t("时间线", "Timeline") + f" · #{deal_id}")
    drawing = games.view(rep.log.game)
    if drawing.timeline is not None:
        st.caption(t(drawing.timeline.caption_zh, drawing.timeline.caption_en))
    else:
        zh, en = drawing.timeline_sets_name
        st.caption(
            t(
                f"每条线是一个座位手中的牌数；灰白相间的带是各轮；{f'★ {zh}，' if zh else ''}◆ 烧牌，▲ 让牌，■ 出完，"
                "✕ 教练发现。点击图上的点即在“复盘”页打开那一步。",
                f"Each line is the cards a seat holds; the bands are the rounds; {f'★ {en}, ' if en else ''}◆ burn, "
                "▲ 让, ■ out, ✕ coach finding. Click a point to open that step on the Replay page.",
            )
        )
    fig = timeline_figure(rep, coach_of(deal_id), step, deal.lang)
    shown = lines_view.shown_line(deal_id, rep)
    if not shown.is_record and drawing.timeline is None:  # the line shown drawn as a branch beside the record
        add_line(fig, shown, deal.lang)
        st.caption(
            t(
                f"虚线：{md(shown.words[0])}，自第 {shown.line.at} 步起与记录分开（实线为按记录）。",
                f"Dashed: {md(shown.words[1])}, branching off the record at step {shown.line.at} (solid: as played).",
            )
        )
    show(fig, f"deal{deal_id}", "timeline", on_select=_clicked, key=CHART)
    clicked = st.session_state.pop(CLICKED, None)
    if isinstance(clicked, int):  # a point clicked: its step on the Replay page (the address names it)
        line = {k: v for k, v in address.shown(("deal", "line")).items() if k in ("line", "var")}  # the line shown
        st.switch_page(links.page(links.REPLAY), query_params=address.link(deal_id, clicked, line))
    after = (
        t(f"，{event_words(step - 1)[0]}之后", f", after {event_words(step - 1)[1]}")
        if step
        else t("，刚发完牌", ", as dealt")
    )
    st.markdown(t(f"当前打开的是第 **{step}** 步{after}。", f"Step **{step}** is open{after}."))
    replay_link()
