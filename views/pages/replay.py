"""Page: the replay of the open deal, step by step.

Step controls (first, previous, next, last, a slider and "jump to the next finding"), a review or
seat-view selector, the table (``views.parts.table``) and beside it the event list with the current event
highlighted, and the last event's verdict, effects and coach findings (each once: an illegal event's violation
is its verdict, not said again as a finding), the referee's standing decision on it (shown at the step after
the decided event, beside its verdict) and its ruling (``views.parts.ruling_view``); when the deal's evaluation
is stored and the last event is a priced decision, its candidates and their values (``views.pages.evaluation``),
and on the table the best move of the seat to act, priced (``views.parts.evaluation_parts.best_move``: in a
seat's view only that seat's own), and under the table the evaluation's graph, a click on it opening that
decision's step (``views.parts.eval_graph``).

Session state holds the open deal and its step (``deal_id``, ``step``; see ``views.parts.common``); the
controls change ``step`` in callbacks (←, → and the previous and next buttons: each press a step, counted in the
browser, see below). The widgets keep only
their own values under their keys (the slider is set from ``step`` before it is drawn, so it always follows
the buttons). The page's address names the deal and the step (``/replay?deal=12&step=40``): a link to a step
opens it, and every step is written back into it.

A step reruns only the stepper (``st.fragment``): the controls, the table, the panel beside it and what the
game draws below. What the stepper needs of the library (the replay and the coach's report, cached per deal;
the referee's decisions and the stored evaluation, read once per run of the whole page: ``OnPage``) is read
by the whole page's run, the replay before the stepper, the evaluation (one small query: the table marks its
best move) just before the table and the rest once the table is drawn, so a step reads nothing from the
database; the table is the first element a run makes (a new page shows it first, see ``draw_step``); the table
of each step is drawn once per deal, view, language and best move,
and the event list is a small HTML table of the events around the current one. Both are drawn in place
(``views.parts.live_html``: only the nodes that differ change) with the ``NEAR`` steps either side drawn ahead:
the browser counts the presses of ←, →, previous and next (``MOVES``), each a step, shows each step's table and
list and writes its address at once, and sends the step reached to the server once; the rest of the stepper
follows when the run that took it comes back, and a run that had not taken the last press moves nothing back.

A deal's lines (``views.parts.lines_view``: as played, as ruled, variations; ``&line=ruled``, ``&var=N``): the line
shown is replayed as its own deal, each table and verdict saying its line; a variation is typed below the event list.

The per-step work is in ``step_parts`` (no Streamlit in it), which ``render`` draws and
``bench/bench_app.py`` times. The other pages link here with ``views.parts.links.replay_link``.

On a phone (the browser's media query, ``views.parts.phone``: the server never knows the window's width) the table comes
first: no title, the controls in one row of icons with the step's number, and the slider, the view selector and the
report's download folded behind a "More" toggle (``MORE``) that shows them as a sheet over the page's bottom.

The deal's game (``views.games.view``) draws the table, sets the widths of the table and the panel and may
draw more below them (升级: a square table, and its trick history below).
"""

from __future__ import annotations

import weakref
from dataclasses import dataclass, field
from functools import cached_property
from html import escape

import pandas as pd
import streamlit as st
from streamlit.delta_generator import DeltaGenerator

from coach.coach import Report
from coach.findings import Finding
from coach.prices import Evaluation
from replay.core.numbering import event_number, event_words
from replay.core.said import said_in, seat_name
from replay.core.verdicts import Verdict
from replay.formats.decisions import Decision
from replay.replay import Replay
from replay.rules.register import RULES
from views import games
from views.parts import address, lines_view, links
from views.parts.common import (
    coach_of,
    current,
    decisions_stored,
    guarded,
    held_index,
    lang,
    latest_evaluation,
    need_deal,
    set_step,
    t,
)
from views.parts.downloads import report_button
from views.parts.eval_graph import replay_graph
from views.parts.evaluation_parts import best_move, replay_panel
from views.parts.library_import import show_said
from views.parts.live_html import Moves, Steps, live_html
from views.parts.phone import MORE, REPLAY_CSS
from views.parts.ruling_view import replay_ruling
from views.parts.step_jumps import (
    findings_by_index,
    next_finding_step,
    next_mistake_step,
    prev_finding_step,
)
from views.parts.table import (
    SEVERITY_MARK,
    BestMove,
    action_label,
    cards_text,
    judgement_words,
    seat_label,
    tr,
    worth_words,
)
from views.parts.texts import game_words, md

SLIDER = "replay_slider"
VIEWER, REVIEW = address.VIEWER, address.REVIEW  # the view selector's key, and its option for the review
WINDOW_BEFORE, WINDOW_AFTER = 8, 16  # events shown around the current one in the event list
TABLES_KEPT = 512  # the tables drawn per deal kept for the next visit (about 9 kB each: a deal in one view)
TABLE = "replay_table"  # the table's live_html: it takes the presses of ←, →, previous and next
# the single steps, counted in the browser (a press each): the keys (Streamlit's shortcuts of the same buttons are
# kept for the keys' hints; the table's script takes the presses first) and the buttons
MOVES = Moves(keys={"ArrowLeft": -1, "ArrowRight": 1}, buttons={"replay_prev": -1, "replay_next": 1}, param="step")
NEAR = 10  # the steps either side of the one shown whose table and list the browser is given (8 presses ahead)
# every button's shortcut (Streamlit's own: a key press clicks the button), and what the keys' help says of it
SHORTCUTS = {
    "replay_first": "Home",
    "replay_prev": "Left",
    "replay_next": "Right",
    "replay_last": "End",
    "replay_prev_finding": "P",
    "replay_next_finding": "N",
    "replay_next_mistake": "B",
}
KEYS_HELP = (
    ("← / →", "上一步 / 下一步", "previous / next step"),
    ("Home / End", "开局 / 终局", "first / last step"),
    ("P / N", "上一个 / 下一个教练发现", "previous / next coach finding"),
    ("B", "下一个失误或大错（按评估的评级）", "next mistake or blunder (by the evaluation's grade)"),
)

_EVENTS_CSS = (
    ".fp-events{width:100%;border-collapse:collapse;font-size:14px;line-height:1.5}"
    ".fp-events th,.fp-events td{padding:2px 8px;border-bottom:1px solid rgba(49,51,63,.1);text-align:left;"
    "white-space:nowrap}"
    ".fp-events th{color:rgba(49,51,63,.6);font-weight:400}"
    ".fp-events tr.fp-now td{background-color:#fde68a}"
    ".fp-events-frame{max-width:100%;overflow-x:auto}"  # a long name scrolls the list in its frame, not the page
)


@dataclass(frozen=True)
class StepParts:
    """Everything the page shows for one step, worked out without Streamlit."""

    step: int
    total: int
    html: str
    events: pd.DataFrame  # the window of the event list around the current event
    current_row: int | None  # the current event's position in ``events`` (None at step 0)
    verdict: Verdict | None  # the last event's verdict (None at step 0)
    findings: list[Finding] = field(default_factory=list)  # coach findings on the last event
    next_finding: int | None = None  # the step that shows the next finding's event
    prev_finding: int | None = None  # the step that shows the previous finding's event
    events_html: str = ""  # the window as an HTML table, the current event's row marked


# -- per deal, memoised on the replay object --------------------------------------------------------

_FRAMES: weakref.WeakKeyDictionary[Replay, dict[str, pd.DataFrame]] = weakref.WeakKeyDictionary()
_LISTS: weakref.WeakKeyDictionary[Replay, tuple[Report | None, dict[tuple[str, int], str]]] = (
    weakref.WeakKeyDictionary()
)
_TABLES: weakref.WeakKeyDictionary[Replay, dict[tuple[object, int, int | None, str, BestMove | None], str]] = (
    weakref.WeakKeyDictionary()
)


def verdict_mark(v: Verdict) -> str:
    """✓ for a legal event, ✗ and the rule ID for an illegal one."""
    return "✓" if v.legal else f"✗ {v.rule}"


def event_frame(rep: Replay, report: Report | None, lang_: str) -> pd.DataFrame:
    """The whole event list: the event's number (``replay.core.numbering``: the first is 1), seat, action, cards,
    verdict mark and coach mark."""
    per_lang = _FRAMES.setdefault(rep, {})
    frame = per_lang.get(lang_)
    if frame is None:
        by_index = findings_by_index(report)
        line = lines_view.of_replay(rep)  # a line's replay: its own events (after its branch point) marked
        rows = [
            {
                "#": event_number(i),
                tr(lang_, "座位", "seat"): seat_label(rep, v.seat, lang_),
                tr(lang_, "动作", "action"): action_label(v.action, lang_, rep.log.game),
                tr(lang_, "牌", "cards"): cards_text(v.cards, lang_),
                tr(lang_, "判定", "verdict"): verdict_mark(v),
                tr(lang_, "教练", "coach"): "".join(SEVERITY_MARK.get(f.severity, "•") for f in by_index.get(i, [])),
                **(
                    {}
                    if line is None
                    else {tr(lang_, "线路", "line"): tr(lang_, *line.words) if i >= line.line.at else ""}
                ),
            }
            for i, v in enumerate(rep.verdicts)
        ]
        frame = pd.DataFrame(rows, columns=None if rows else ["#"])
        per_lang[lang_] = frame
    return frame


def event_window(frame: pd.DataFrame, step: int) -> tuple[pd.DataFrame, int | None]:
    """The events around the last one shown at ``step`` (event ``step - 1``), and its row in the window."""
    if frame.empty:
        return frame, None
    cur = step - 1
    lo = max(0, cur - WINDOW_BEFORE)
    hi = min(len(frame), max(cur, 0) + WINDOW_AFTER + 1)
    lo = max(0, min(lo, hi - WINDOW_BEFORE - WINDOW_AFTER - 1))
    return frame.iloc[lo:hi], (cur - lo if cur >= 0 else None)


def events_html(events: pd.DataFrame, current_row: int | None) -> str:
    """The window of the event list as an HTML table (every text escaped), the current event's row marked
    (``class="fp-now"``); each row names its event by its number (``data-event``: the first is 1)."""
    if events.empty:
        return ""
    head = "".join(f"<th>{escape(str(c))}</th>" for c in events.columns)
    rows = []
    for k, row in enumerate(events.itertuples(index=False, name=None)):
        mark = ' class="fp-now"' if k == current_row else ""
        cells = "".join(f"<td>{escape(str(v))}</td>" for v in row)
        rows.append(f'<tr{mark} data-event="{int(row[0])}">{cells}</tr>')
    return (
        f"<style>{_EVENTS_CSS}</style>"
        f'<div class="fp-events-frame"><table class="fp-events"><thead><tr>{head}</tr></thead>'
        f"<tbody>{''.join(rows)}</tbody></table></div>"
    )


def events_at(rep: Replay, report: Report | None, step: int, lang_: str) -> str:
    """The event list's HTML at ``step`` (``events_html`` of its window), made once per deal, report, language and
    step (a step's run gives the browser the ``NEAR`` steps' lists)."""
    memo = _LISTS.get(rep)
    if memo is None or memo[0] is not report or len(memo[1]) >= TABLES_KEPT:
        memo = _LISTS[rep] = (report, {})
    html = memo[1].get((lang_, step))
    if html is None:
        html = memo[1][lang_, step] = events_html(*event_window(event_frame(rep, report, lang_), step))
    return html


def table_of(rep: Replay, step: int, viewer: int | None, lang_: str, best: BestMove | None = None) -> str:
    """The table at ``step`` as the deal's game draws it, ``best`` (the evaluation's best move for the seat to act)
    marked on it, drawn once per deal, drawing, step, view, language and best move."""
    drawing = games.view(rep.log.game).table_html
    kept = _TABLES.setdefault(rep, {})
    key = (drawing, step, viewer, lang_, best)
    html = kept.get(key)
    if html is None:
        if len(kept) >= TABLES_KEPT:
            kept.clear()
        marked = {} if best is None else {"best": best}  # a drawing that marks nothing is asked for nothing
        html = kept[key] = lines_view.table_mark(rep, step, lang_) + drawing(rep, step, viewer, lang_, **marked)
    return html


def best_at(evaluation: Evaluation | None, rep: Replay, step: int, viewer: int | None, lang_: str) -> BestMove | None:
    """The best move the table marks at ``step`` (None without a stored evaluation or where it priced nothing)."""
    if evaluation is None:
        return None
    return best_move(evaluation, step, viewer, lang_, games.view(rep.log.game).value_unit)


def step_parts(
    rep: Replay, report: Report | None, step: int, viewer: int | None, lang_: str, best: BestMove | None = None
) -> StepParts:
    """The page's per-step work: the table HTML (``best`` marked), the event window, the last verdict and the
    findings."""
    total = len(rep.states) - 1
    step = max(0, min(step, total))
    window, row = event_window(event_frame(rep, report, lang_), step)
    verdict = rep.verdicts[step - 1] if step > 0 else None
    return StepParts(
        step=step,
        total=total,
        html=table_of(rep, step, viewer, lang_, best),
        events=window,
        current_row=row,
        verdict=verdict,
        findings=findings_by_index(report).get(step - 1, []) if step > 0 else [],
        next_finding=next_finding_step(report, step),
        prev_finding=prev_finding_step(report, step),
        events_html=events_html(window, row),
    )


# -- Streamlit -------------------------------------------------------------------------------------


def _slider_moved() -> None:
    set_step(st.session_state[SLIDER])


def _controls(parts: StepParts, next_mistake: int | None, graded: bool) -> None:
    """The step buttons (each with its key: ``SHORTCUTS``), the finding and mistake jumps, the slider, the keys' help."""
    step, total = parts.step, parts.total
    moves = [
        (":material/first_page:", t("开局", "First"), "replay_first", 0, step == 0),
        (":material/chevron_left:", t("上一步", "Previous"), "replay_prev", max(0, step - 1), step == 0),
        (":material/chevron_right:", t("下一步", "Next"), "replay_next", min(total, step + 1), step >= total),
        (":material/last_page:", t("终局", "Last"), "replay_last", total, step >= total),
    ]
    jumps = [
        (":material/skip_previous:", t("上一个发现", "Previous finding"), "replay_prev_finding", parts.prev_finding),
        (":material/skip_next:", t("下一个发现", "Next finding"), "replay_next_finding", parts.next_finding),
        (":material/priority_high:", t("下一个失误", "Next mistake"), "replay_next_mistake", next_mistake),
    ]
    # one row of buttons as wide as their words, wrapping on a narrow window; on a phone one row of icons, the step's
    # number between previous and next, its keys' hints and help left out (a phone has no keyboard): ``REPLAY_CSS``
    with st.container(key="replay_css"):  # folded away (its rules still apply): no gap for an empty element
        st.html(f"<style>{REPLAY_CSS}</style>")
    with st.container(horizontal=True, key="replay_controls", gap="small"):
        for icon, label, key, to, off in moves:
            st.button(label, key=key, icon=icon, on_click=set_step, args=(to,), disabled=off, shortcut=SHORTCUTS[key])
            if key == "replay_prev":
                with st.container(key="replay_step_no", width="content"):
                    st.markdown(f"**{step}** / {total}")
        for icon, label, key, target in jumps:
            why = None
            if key == "replay_next_mistake" and not graded:
                why = t(
                    "这一局还没有存下的评估（在“评估”页运行）。",
                    "No evaluation of this deal is stored (run one on Evaluation).",
                )
            st.button(label, key=key, icon=icon, on_click=set_step, args=(step if target is None else target,),
                      disabled=target is None, shortcut=SHORTCUTS[key], help=why)  # fmt: skip
        with st.popover(t("快捷键", "Keys"), icon=":material/keyboard:", key="replay_keys"):
            st.markdown(keys_help())
        st.toggle(t("更多", "More"), key=MORE)
    if total > 0:
        if st.session_state.get(SLIDER) != step:
            st.session_state[SLIDER] = step
        # the step its default too, as ``held_index`` gives the other widgets the page sets
        st.slider(t("步", "Step"), min_value=0, max_value=total, value=step, key=SLIDER, on_change=_slider_moved)


def keys_help() -> str:
    """The keyboard's help (Markdown written here): each key and what it does, in the chosen language."""
    rows = "\n".join(f"| {keys} | {t(zh, en)} |" for keys, zh, en in KEYS_HELP)
    return f"| {t('按键', 'Key')} | {t('作用', 'Does')} |\n|---|---|\n{rows}"


def _viewer_options(rep: Replay) -> list[int]:
    """The view selector's options (the review, then each seat), its value in session state made one of them."""
    options = [REVIEW, *range(rep.final.n)]
    chosen = st.session_state.get(VIEWER)
    if chosen not in options:
        if chosen is not None:  # a link's seat this deal does not have
            st.warning(
                t(
                    f"这一局没有座位 {md(str(chosen))}（座位 0–{rep.final.n - 1}）：显示复盘视角。",
                    f"This deal has no {seat_name(md(str(chosen)), en=True)} (seats 0–{rep.final.n - 1}): the review is shown.",
                )
            )
        st.session_state[VIEWER] = REVIEW
    return options


def _viewed(rep: Replay) -> int | None:
    """The seat the view selector shows the table as (None: the review), read before the selector is drawn."""
    _viewer_options(rep)
    chosen = st.session_state[VIEWER]
    return None if chosen == REVIEW else int(chosen)


def _viewer(rep: Replay) -> None:
    """The view selector (its value: ``_viewed``)."""
    options = _viewer_options(rep)

    # the labels worked out now, in the chosen language (a format function looks nothing up when it is called)
    labels = {
        opt: t("复盘：看全部手牌", "Review: every hand")
        if opt == REVIEW
        else t(f"{seat_label(rep, opt, 'zh')} 的视角", f"as {seat_label(rep, opt, 'en')} saw it")
        for opt in options
    }
    st.selectbox(
        t("视角", "View"), options, index=held_index(options, VIEWER), format_func=labels.__getitem__, key=VIEWER
    )


def _verdict_panel(rep: Replay, parts: StepParts, viewer: int | None, lang_: str) -> None:
    v = parts.verdict
    if v is None:
        st.info(t("发牌后、第一手之前的牌桌。", "The table as dealt, before the first event."))
        for dv in rep.deal_verdicts:
            st.error(f"✗ [{dv.rule}] {md(tr(lang_, dv.message_zh, dv.message_en))}")
        return
    who = md(seat_label(rep, v.seat, lang_))
    did = md(f"{action_label(v.action, lang_, rep.log.game)} {cards_text(v.cards, lang_)}".strip())
    head = lines_view.verdict_words(rep, lang_) + tr(lang_, *event_words(parts.step - 1))  # step k shows event k
    if v.legal:
        st.success(f"**{head}** · {who} · {did} — ✓ {t('合法', 'legal')}")
    else:
        rule = RULES.get(v.rule or "")
        name = tr(lang_, rule.name_zh, rule.name_en) if rule else ""
        msg = md(tr(lang_, v.message_zh, v.message_en))
        st.error(f"**{head}** · {who} · {did} — ✗ **{v.rule}** {name}\n\n{msg}")
    lines_view.beside(rep, v.index, lang_)  # the line as ruled: the record's event and its as-played reading
    if v.effects:
        st.markdown("\n".join(f"- {md(said_in(e, lang_))}" for e in v.effects))
    # an illegal event's violation finding says what its verdict said above: shown once, as the verdict
    said = [f for f in parts.findings if not (not v.legal and f.kind == "violation" and f.rule == v.rule)]
    shown = [f for f in said if viewer is None or f.seat == viewer]
    if len(shown) < len(said):
        st.caption(t("复盘视角可见教练对其他座位的发现。", "The review shows the coach's findings on the other seats."))
    for f in shown:
        mark = SEVERITY_MARK.get(f.severity, "•")
        worth = worth_words(f.worth, lang_)  # a maxim finding: what following the maxim was worth in the study
        judged = judgement_words(f, lang_)  # the move's one judgement: the price decides (coach.judgement)
        st.warning(
            f"{mark} {md(tr(lang_, f.message_zh, f.message_en))}"
            + (f"  \n{md(worth)}" if worth else "")
            + (f"  \n**{md(judged)}**" if judged else "")
        )


def _title(rep: Replay, deal_id: int) -> None:
    st.header(t("复盘", "Replay") + f" · #{deal_id}")
    meta = rep.log.meta
    zh, en = game_words(rep.log.game)
    bits = [t(zh, en if en == zh else f"{en} {zh}")]
    bits += [str(meta[k]) for k in ("date", "venue", "match") if meta.get(k)]
    st.caption(md(" · ".join(bits)))
    show_said()  # the Library's "import and open" came here: what the import said


@dataclass(frozen=True)
class OnPage:
    """What the stepper shows of the open deal, read once per run of the whole page: the deal and its replay;
    the coach's report (cached per deal), the referee's decisions on it and its latest stored evaluation are
    read when first asked, then kept. The page's whole run asks after drawing the table (the table needs none
    of them: a new page shows it before they are read); the stepper's reruns are given the same ``OnPage`` and
    read nothing."""

    deal_id: int
    rep: Replay
    line: lines_view.Shown | None = None  # the line shown when not the record (its replay is ``rep``)

    @cached_property
    def report(self) -> Report | None:  # the record's: a line's events have no findings
        return coach_of(self.deal_id) if self.line is None else None

    @cached_property
    def decisions(self) -> tuple[Decision, ...]:
        return _decisions(self.deal_id) if self.line is None else ()

    @cached_property
    def evaluation(self) -> Evaluation | None:
        return _evaluation(self.deal_id) if self.line is None else None


def _decisions(deal_id: int) -> tuple[Decision, ...]:
    try:
        return tuple(s.decision for s in decisions_stored(deal_id))
    except Exception:  # the library cannot be read: the replay goes on without its decisions
        return ()


def _evaluation(deal_id: int) -> Evaluation | None:
    try:
        return latest_evaluation(deal_id)
    except Exception:  # an unreadable evaluation is reported on the Evaluation page; the replay goes on
        return None


def on_page(deal_id: int, rep: Replay) -> OnPage:
    """What the stepper shows of a deal, all of it read from the library now (the coach's report cached per
    deal)."""
    deal = OnPage(deal_id, rep)
    _ = deal.report, deal.decisions, deal.evaluation
    return deal


def draw_step(deal: OnPage, controls: DeltaGenerator, viewer: int | None) -> None:
    """The step controls (drawn into ``controls``, beside the view selector), the table, the panel beside it
    and what the game draws below, at the open step, from what ``deal`` holds (nothing read from the library):
    what a step runs again, as the fragment ``stepper``. The table is drawn first (Streamlit sends and the
    browser draws the elements in the order they are made; the controls go into ``controls``, above, after it):
    a new page shows it before the coach's report and the rest are read and drawn."""
    rep, deal_id, lang_ = deal.rep, deal.deal_id, lang()
    open_id, shown = current()
    if open_id != deal_id:  # another deal was opened meanwhile: the whole page shows it
        st.rerun()
    total = len(rep.states) - 1
    step = max(0, min(shown, total))
    if step != shown:
        set_step(step)
    address.show(links.BY_URL[links.REPLAY].query)
    drawing = games.view(rep.log.game)
    # the steps a press of ←, →, previous or next may reach before this run's next, drawn ahead (see the module)
    near = [s for s in range(max(0, step - NEAR), min(total, step + NEAR) + 1) if s != step]
    left, right = st.columns(list(drawing.replay_columns))
    evaluation = deal.evaluation  # before the table, which marks its best move (one small query per page run)
    best = {s: best_at(evaluation, rep, s, viewer, lang_) for s in (step, *near)}
    with left:
        tables = {s: table_of(rep, s, viewer, lang_, best[s]) for s in near}
        live_html(
            table_of(rep, step, viewer, lang_, best[step]),
            key=TABLE,
            steps=Steps(TABLE, step, total, tables),
            moves=MOVES,
            on_move=set_step,
        )
        if evaluation is not None:  # under the board, as on Lichess: a click opens that decision's step
            replay_graph(rep, evaluation, deal_id, step, lang_)
    # every one of them asked at every step: the page's whole run reads them all, whatever its step
    report, decisions = deal.report, deal.decisions
    parts = step_parts(rep, report, step, viewer, lang_, best[step])  # its table is the one drawn (kept per deal)
    lists = {s: events_at(rep, report, s, lang_) for s in near}
    with right:
        _verdict_panel(rep, parts, viewer, lang_)
        if deal.line is None:  # the referee's decision on this event of the record, its ruling
            replay_ruling(deal_id, rep, parts.step, decisions)
        if parts.step > 0 and evaluation is not None:  # the last event's stored evaluation, when priced
            replay_panel(rep, evaluation, parts.step - 1, viewer, lang_)
        st.subheader(t("事件", "Events"))
        if parts.events.empty:
            st.caption(t("这一局没有事件。", "This deal has no events."))
        else:
            first, last = int(parts.events["#"].iloc[0]), int(parts.events["#"].iloc[-1])
            st.caption(
                t(
                    f"第 {first}–{last} 手，共 {total} 手；当前一手高亮。",
                    f"events {first}–{last} of {total}; the current event is highlighted.",
                )
            )
            live_html(parts.events_html, key="replay_events", steps=Steps(TABLE, step, total, lists))
        lines_view.entry(deal_id, deal.line or lines_view.record_of(rep), parts.step)
    with controls:
        _controls(parts, next_mistake_step(evaluation, parts.step), evaluation is not None)
    if drawing.replay_below is not None:
        drawing.replay_below(rep, parts.step, lang_)


stepper = st.fragment(draw_step)


@guarded
def render() -> None:
    """Render the page: the title and the view selector (a change of view reruns the page) above the stepper,
    drawn after it: the table first (see ``draw_step``)."""
    deal = need_deal(moves=True)
    if deal is None:
        return
    deal_id, rep = deal.deal_id, deal.rep
    title = st.container(key="replay_title")
    shown = lines_view.shown_line(deal_id, rep)
    lines = st.container(key="replay_lines")
    top = st.columns([3, 1])
    stepper(OnPage(deal_id, shown.rep, None if shown.is_record else shown), top[0].container(), _viewed(rep))
    with title:
        _title(rep, deal_id)
    with lines:
        lines_view.summary(shown)
    with top[1]:
        _viewer(rep)
        lines_view.picker(deal_id, shown)
        report_button(deal_id, rep)  # the deal's HTML report (issue 18, item 8: helper "lib")
