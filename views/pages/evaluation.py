"""Page: the evaluation of the open deal (``coach.evaluate``): what each decision was worth.

When an evaluation of the deal is stored (``data.evaluations``; the latest, or the one chosen among the
stored settings) the page shows it; a form (rollouts, candidates, seed) starts one in a worker thread
(``EvaluationJob``, kept in the session by deal) and returns at once: a fragment redraws its progress bar (the
share of the predicted work done, and the time left measured on it: ``coach.eta``) every ``POLL_S`` seconds while the other pages stay usable; the job stores its result as soon as it is made
(a newer run of the same settings replaces the older), and the page says so once it ended. Errors of the run or the store are shown on the page.
The run is bounded (``views.parts.bounds``): an anonymous visitor's rollouts, deal size and worker processes; one
run per session and a few per server; a Stop button, and the session's end, cancel it (its workers terminated).

Shown: each seat's accuracy and grade counts; a chart of expected points over the deal (x: the event
index; per priced decision the value of the choice made and of the best candidate in the grading view,
from the acting seat's side, markers coloured by grade; in 够级 also team 0's expected points after each
decision, the choice made's value negated when the actor is in team 1, since 够级 points are zero-sum
between the teams); the picked decision (a click on the chart, or the selectbox) with its candidates in a
table and in bars with error bars (mean ± 2 SE) for both views, the choice made and the best marked, and
a button that opens its step (``index + 1``, as the Coach page does) for the Replay page. The page honours the
address's ``step``: it opens the decision that step is just after (``decision_at``); a pick (a click on the chart,
or the selectbox) moves the open step, and so the address, to the step just after the picked decision.

``expected_figure``, ``candidates_frame`` and ``candidates_figure`` build their parts without Streamlit.
Log text (player names) is escaped: ``md`` for Markdown, ``html.escape`` for Plotly labels.
"""

from __future__ import annotations

import pandas as pd
import streamlit as st

from coach import evaluate
from coach.eta import left_words
from coach.evaluate import EvaluationCancelled
from coach.findings import Judgement
from coach.games import inferring_games, priced_games
from coach.grades import GRADES
from coach.judgement import judge
from coach.prices import DEFAULT_CANDIDATES, DEFAULT_ROLLOUTS, DEFAULT_SAMPLING, Decision, Evaluation, Settings
from data.evaluations import StoredEvaluation, StoredEvaluationError, save_evaluation, settings_key
from replay.core.numbering import event_number, event_words, step_after
from replay.replay import Replay
from views import games
from views.parts import bounds, lines_view, season_job
from views.parts.clock import local_time
from views.parts.common import (
    coach_of,
    current,
    engine,
    evaluation_of,
    evaluations_stored,
    guarded,
    held_index,
    need_deal,
    set_step,
    t,
)
from views.parts.evaluation_chart import (
    candidates_figure,
    decision_at,
    decision_from_selection,
    expected_figure,
)
from views.parts.evaluation_parts import (
    ACTUAL_MARK,
    BEST_MARK,
    EvaluationJob,
    candidate_label,
    candidates_frame,
    grade_label,
    view_label,
)
from views.parts.figures import show
from views.parts.links import replay_link, step_link
from views.parts.table import seat_label, tr
from views.parts.texts import EMPTY_CELL, esc, evaluation_help, game_words, md

JOBS = 0  # worker processes of a run: every core (the tests set 1)
JOBS_KEY = "eval_jobs"
POLL_S = 0.5  # seconds between redraws of a running evaluation's progress bar
ROLLOUTS = "eval_rollouts"
CANDIDATES = "eval_candidates"
SEED = "eval_seed"
SAMPLING = "eval_sampling"
RUN = "eval_run"
STOP = "eval_stop"
SETTINGS = "eval_settings"
CHART = "eval_chart"
DECISION = "eval_decision"
SYNCED = "eval_step"  # session state: the step the picked decision was last matched to (the address's, or a pick's)


def unpriced_note(game: str) -> str | None:
    """What the page says for a game whose decisions the coach does not price by rollouts (None for a
    game it prices: 够级, 保皇 and 升级)."""
    priced = priced_games()
    if game in priced:
        return None
    zh, en = game_words(game)
    priced_zh = "和".join(game_words(g)[0] for g in priced)
    priced_en = " and ".join(f"{game_words(g)[0]} ({game_words(g)[1]})" for g in priced)
    return t(
        f"模拟评估（用推演给每个决定定价）目前只适用于{priced_zh}，{zh}还不能评估。"
        "这一局的规则检查和教练发现见“复盘”“教练”页，计分与升级见“计分”页。",
        f"Pricing by rollouts is for {priced_en} only, for now: a {zh if zh == en else f'{zh} ({en})'} deal "
        "cannot be evaluated. Its rule check and the coach's findings are on the Replay and Coach pages, its "
        "score and levels on the Scoring page.",
    )


# -- parts without Streamlit --------------------------------------------------------------------


def decision_label(rep: Replay, d: Decision, lang_: str) -> str:
    """A decision for the selectbox: event, seat, the choice made, its grade (raw text)."""
    g = grade_label(d.grade, lang_, d.undecided)
    head = tr(lang_, *event_words(d.index))
    return " · ".join(x for x in (head, seat_label(rep, d.seat, lang_), candidate_label(d.actual, lang_), g) if x)


def seat_frame(rep: Replay, ev: Evaluation, lang_: str) -> pd.DataFrame:
    """One row per seat: who, side, decisions priced, accuracy, the grades and the points lost."""
    rows = []
    for s in ev.seat_summary():
        row = {
            tr(lang_, "座位", "seat"): seat_label(rep, s["seat"], lang_),
            tr(lang_, "方/身份", "team/role"): games.seat_side(rep, s["seat"], lang_),
            tr(lang_, "决定", "decisions"): s["decisions"],
            tr(lang_, "准确率 %", "accuracy %"): s["accuracy"],
        }
        for g in GRADES:
            row[grade_label(g, lang_)] = s[g]
        zh, en = games.view(rep.log.game).value_unit
        row[tr(lang_, f"失{zh}", f"{en} lost")] = s["lost"]
        rows.append(row)
    return pd.DataFrame(rows)


def default_decision(ev: Evaluation) -> int:
    """The decision to show first: the one that lost the most (counted), else the first."""
    graded = [d for d in ev.decisions if d.grade]
    if graded:
        return max(graded, key=lambda d: (d.loss.loss, -d.index)).index
    return ev.decisions[0].index


# -- Streamlit ----------------------------------------------------------------------------------


def _settings_text(s: Settings, lang_: str) -> str:
    views = tr(lang_, "、", ", ").join(view_label(v, lang_) for v in s.views)
    runs = f"{s.rollouts}–{s.budget}" if s.budget > s.rollouts else f"{s.rollouts}"  # more where a grade is undecided
    inferred = tr(lang_, " · 推断隐藏牌", " · hidden cards inferred") if s.sampling == "inference" else ""
    return tr(
        lang_,
        f"模拟 {runs} 次 · 候选 {s.max_candidates} 个 · 种子 {s.seed} · {views}{inferred}",
        f"{runs} rollouts · {s.max_candidates} candidates · seed {s.seed} · {views}{inferred}",
    )


def jobs() -> dict[int, EvaluationJob]:
    """The evaluations this session runs, by deal (one at a time per deal), kept across reruns and pages."""
    found: dict[int, EvaluationJob] = st.session_state.setdefault(JOBS_KEY, {})
    return found


def _progress_text(job: EvaluationJob) -> str:
    """评估中… 37/270 个决定 · 剩余约 42 秒: the time left measured on the decisions done so far (``coach.eta``)."""
    left = job.eta.left() if job.eta.planned else None
    done = job.eta.all_done
    return t(
        f"评估中… {job.done}/{job.total} 个决定 · {left_words(left, True, all_done=done)}",
        f"Evaluating… {job.done}/{job.total} decisions · {left_words(left, False, all_done=done)}",
    )


@st.fragment(run_every=POLL_S)
def _progress(deal_id: int) -> None:
    """The running evaluation's progress bar, redrawn every ``POLL_S`` seconds on its own (the rest of the
    page is not run again); once the job ended, the whole page runs again to store and show the result."""
    job = jobs().get(deal_id)
    if job is None:
        return
    if job.finished:
        st.rerun(scope="app")
    st.progress(job.fraction, text=_progress_text(job))
    st.button(t("停止评估", "Stop the evaluation"), key=STOP, on_click=job.cancel, disabled=job.cancelled)
    st.caption(
        t(
            "评估在后台进行：可以同时在“复盘”页逐手查看；结果一算完就保存。",
            "The evaluation runs in the background: step through the deal on the Replay page meanwhile; its "
            "result is stored as soon as it is made.",
        )
    )


def _finish(deal_id: int, job: EvaluationJob) -> str | None:
    """Say how an ended job went (stored, or its error); the settings key of what it stored, or None."""
    del jobs()[deal_id]
    if isinstance(job.error, EvaluationCancelled):
        st.info(t("评估已停止：没有保存任何结果。", "The evaluation was stopped: nothing of it was stored."))
        return None
    if job.error is not None or job.result is None:
        exc = job.error or RuntimeError("no result")
        st.error(t("评估失败：", "The evaluation failed: ") + esc(f"{type(exc).__name__}: {exc}"))
        return None
    ev = job.result  # stored by the job itself (a refused store is its error, above)
    st.success(
        t(
            f"已评估并保存：{len(ev.decisions)} 个决定，用时 {ev.seconds:.1f} 秒。",
            f"Evaluated and stored: {len(ev.decisions)} decisions in {ev.seconds:.1f} s.",
        )
    )
    return settings_key(ev.settings)


def _run_form(deal_id: int, rep: Replay, expanded: bool) -> str | None:
    """The form that starts an evaluation in the background, and its progress; the settings key of what an
    ended run stored, or None."""
    job = jobs().get(deal_id)
    with st.expander(t("评估这一局", "Evaluate this deal"), expanded=expanded and job is None):
        st.caption(
            t(
                "模拟越多越准也越慢。评估在后台进行；剩余时间按已完成的决定实测估算。",
                "More rollouts are more precise and slower. The evaluation runs in the background; its time left "
                "is measured on the decisions done so far.",
            )
        )
        note = bounds.evaluation_note()
        if note is not None:
            st.caption(note)
        with st.form("eval_form", border=False):
            c = st.columns(3)
            rollouts = c[0].number_input(
                t("模拟次数", "Rollouts"), min_value=2, max_value=500, value=DEFAULT_ROLLOUTS, step=1, key=ROLLOUTS
            )
            cands = c[1].number_input(
                t("候选数", "Candidates"), min_value=2, max_value=8, value=DEFAULT_CANDIDATES, step=1, key=CANDIDATES
            )
            seed = c[2].number_input(t("随机种子", "Seed"), min_value=0, max_value=2**31 - 1, value=0, step=1, key=SEED)
            infer = rep.log.game in inferring_games() and st.checkbox(
                t(
                    "按其他座位的出牌、过牌推断隐藏的牌（座位视角）",
                    "Infer the hidden cards from the others' play (seat view)",
                ),
                value=DEFAULT_SAMPLING == "inference",
                key=SAMPLING,
                help=t(
                    "不勾选：座位视角在符合已知事实的发牌中均匀抽样。详见文档中推断的实测。",
                    "Unticked: the seat view samples the deals that fit the known facts uniformly. The docs give "
                    "what inference was measured to be worth.",
                ),
            )
            sent = st.form_submit_button(
                t("评估这一局", "Evaluate this deal"), type="primary", key=RUN, disabled=job is not None
            )
    if sent and job is None:
        job = _start(deal_id, rep, int(rollouts), int(cands), int(seed), "inference" if infer else "uniform")
    if job is None:
        return None
    if job.finished:
        return _finish(deal_id, job)
    _progress(deal_id)
    return None


def _start(deal_id: int, rep: Replay, rollouts: int, cands: int, seed: int, sampling: str) -> EvaluationJob | None:
    """Start an evaluation in the background (the job), or say why not (None): settings this visitor may not
    ask for (``views.parts.bounds``), another evaluation of this session still running, or the server's
    evaluations all taken."""
    try:
        settings = Settings(
            rollouts=rollouts,
            max_candidates=cands,
            seed=seed,
            max_rollouts=bounds.rollout_budget(rollouts),
            sampling=sampling,
        )
    except ValueError as exc:
        st.error(t("评估失败：", "The evaluation failed: ") + esc(exc))
        return None
    refusal = bounds.evaluation_refusal(rollouts, len(rep.log.events))
    if refusal is not None:
        st.error(refusal)
        return None
    running = [d for d, j in jobs().items() if not j.finished]
    if running:
        st.warning(
            t(
                f"这个会话正在评估第 {running[0]} 局：等它算完或停止它，再开始下一个。",
                f"This session is evaluating deal {running[0]}: let it end, or stop it, before starting another.",
            )
        )
        return None
    give_back = bounds.take_slot()
    if give_back is None:
        st.warning(bounds.busy_text())
        return None
    db = engine()

    def store(ev: Evaluation) -> None:  # in the job's thread, as soon as the evaluation is made
        save_evaluation(db, deal_id, ev)

    workers = bounds.evaluation_workers(JOBS)
    job = EvaluationJob(
        rep, settings, workers, evaluate.evaluate_replay, store, gone=bounds.session_gone(), ended=give_back
    )
    jobs()[deal_id] = job
    return job.start()


def _choose(stored: list[StoredEvaluation], lang_: str) -> StoredEvaluation:
    keys = [s.settings_key for s in stored]
    if st.session_state.get(SETTINGS) not in keys:
        st.session_state[SETTINGS] = keys[0]
    if len(stored) == 1:
        return stored[0]
    by_key = {s.settings_key: s for s in stored}
    names = {s.settings_key: f"{_settings_text(s.settings, lang_)} · {local_time(s.created_at)}" for s in stored}
    key = st.selectbox(t("已存的评估", "Stored evaluations"), keys, format_func=names.__getitem__, key=SETTINGS)
    return by_key[key]


def _follow_step(indices: list[int], ev: Evaluation) -> None:
    """Pick the decision the open step names, when the step moved since the last pick (an address, a link, the
    Replay page); else keep the pick."""
    state = st.session_state
    step = current()[1]
    if state.get(SYNCED) != step or state.get(DECISION) not in indices:
        found = decision_at(indices, step)
        if found is not None or state.get(DECISION) not in indices:
            state[DECISION] = found if found is not None else default_decision(ev)
        state[SYNCED] = step


def _moved_to_pick() -> None:
    """The picked decision moved the page: the open step (and so the address) is the step just after it."""
    picked = st.session_state.get(DECISION)
    if picked is not None:
        set_step(step_after(int(picked)))
        st.session_state[SYNCED] = step_after(int(picked))


def _picked_changed() -> None:
    """on_select callback of the chart: pick the clicked decision (the step and the address follow)."""
    picked = decision_from_selection(st.session_state.get(CHART))
    if picked is not None:
        st.session_state[DECISION] = picked
        _moved_to_pick()


def _decision_panel(rep: Replay, deal_id: int, d: Decision, judged: Judgement, lang_: str) -> None:
    unit = games.view(rep.log.game).value_unit
    who = md(seat_label(rep, d.seat, lang_))
    head = tr(lang_, *event_words(d.index))
    loss = d.loss
    best = md(candidate_label(d.candidates[loss.best], lang_))
    made = md(candidate_label(d.actual, lang_))
    grade = grade_label(d.grade, lang_, d.undecided) or tr(lang_, "无评级", "no grade")
    st.markdown(
        f"**{head}** · {who} · {made}  \n"
        + tr(
            lang_,
            f"评级视角：{view_label(d.view, lang_)} · 损失 {loss.loss:.2f} ± {loss.se:.2f} {unit[0]} · **{grade}** · "
            f"准确率 {d.accuracy:.0f}% · 最佳：{best}",
            f"grading view: {view_label(d.view, lang_)} · loss {loss.loss:.2f} ± {loss.se:.2f} {unit[1]} · **{grade}** · "
            f"accuracy {d.accuracy:.0f}% · best: {best}",
        )
    )
    # the move's one judgement (coach.judgement): the same words as the Coach page's, the price deciding
    st.markdown(f"**{tr(lang_, '判断：', 'Judgement: ')}{md(judged.text(lang_))}**")
    if d.certain is not None:
        better = md(" ".join([d.certain.better.action, *(c.token for c in d.certain.better.cards)]))
        st.warning(
            tr(
                lang_,
                f"不靠抽样即可断定：{d.certain.zh}（{better} 合规）。评级只看损失及其标准误。",
                f"Certain from what the seat knew, not from sampling: {d.certain.en} ({better} was legal). "
                "The grade comes from the loss and its standard error alone.",
            )
        )
    for note in d.notes:
        st.caption(md(note))
    st.dataframe(candidates_frame(d, lang_), hide_index=True, width="stretch", placeholder=EMPTY_CELL)
    show(
        candidates_figure(d, lang_, unit),
        f"deal{deal_id}",
        f"event{event_number(d.index)}",
        key="eval_candidates_chart",
    )
    st.caption(
        t(
            f"{ACTUAL_MARK} 实际的做法（黑框），{BEST_MARK} 评级视角下的最佳候选；误差线为 ±2 倍标准误。",
            f"{ACTUAL_MARK} the choice made (outlined), {BEST_MARK} the best candidate in the grading view; "
            "error bars are ± 2 standard errors.",
        )
    )
    step_link(deal_id, step_after(d.index), t("在“复盘”中打开这一步", "Open this step in Replay"))


@guarded
def render() -> None:
    """Render the page: the season's run (folded), then the open deal's evaluation."""
    season_job.box()
    deal = need_deal(moves=True)
    if deal is None:
        return
    deal_id, rep, lang_ = deal.deal_id, deal.rep, deal.lang
    st.header(t("评估", "Evaluation") + f" · #{deal_id}")
    lines_view.record_note(rep)
    note = unpriced_note(rep.log.game)
    if note is not None:
        st.info(note)
        return
    with st.expander(t("这些数字是什么意思？", "What do these numbers mean?")):
        st.markdown(evaluation_help())
    try:
        stored = evaluations_stored(deal_id)
    except Exception as exc:
        st.error(t("读不了存的评估：", "The stored evaluations cannot be read: ") + esc(exc))
        return
    new_key = _run_form(deal_id, rep, expanded=not stored)
    if new_key is not None:
        stored = evaluations_stored(deal_id)
        st.session_state[SETTINGS] = new_key
    if not stored:
        st.info(
            t("这一局还没有评估：用上面的表单评估它。", "This deal has not been evaluated yet: use the form above.")
        )
        return
    chosen = _choose(stored, lang_)
    try:
        ev = evaluation_of(deal_id, chosen.settings_key, str(chosen.created_at))
    except StoredEvaluationError as exc:
        st.error(esc(exc))
        return
    if ev is None:  # deleted meanwhile
        st.info(t("这一局还没有评估。", "This deal has not been evaluated yet."))
        return
    st.caption(
        md(
            _settings_text(ev.settings, lang_)
            + tr(
                lang_,
                f" · {len(ev.decisions)} 个决定 · 跳过 {len(ev.skipped)} 个 · 用时 {ev.seconds:.1f} 秒 · "
                f"{local_time(chosen.created_at)}",
                f" · {len(ev.decisions)} decisions · {len(ev.skipped)} skipped · {ev.seconds:.1f} s · "
                f"{local_time(chosen.created_at)}",
            )
        )
    )
    st.subheader(t("各座位", "Per seat"))
    st.dataframe(seat_frame(rep, ev, lang_), hide_index=True, width="stretch", placeholder=EMPTY_CELL)
    if not ev.decisions:
        st.info(t("这一局没有可以评估的决定。", "No decision of this deal could be priced."))
        return
    indices = [d.index for d in ev.decisions]
    _follow_step(indices, ev)
    picked = int(st.session_state[DECISION])
    zh, en = games.view(rep.log.game).value_unit
    st.subheader(t(f"期望{zh}", f"Expected {en}"))
    st.caption(
        t(
            f"每个决定：实际做法（实心，颜色为评级：绿=无，黄=欠佳，橙=失误，红=大错）与最佳候选（空心）的期望{zh}，"
            f"评级视角、行动方的{zh}。够级另画甲方 (0·2·4) 每个决定后的期望分（明牌视角；乙方 (1·3·5) 行动时取相反数）。点一个点即选中它。",
            f"At each decision the expected {en} of the choice made (filled, coloured by grade: green none, yellow "
            "inaccuracy, orange mistake, red blunder) and of the best candidate (open), in the grading view, for the "
            "acting side. In 够级 also Team A (0·2·4)'s expected points after each decision (all cards known; negated when "
            "Team B (1·3·5) acts). "
            "Click a point to pick it.",
        )
    )
    show(
        expected_figure(rep, ev, picked, lang_),
        f"deal{deal_id}",
        "expected",
        on_select=_picked_changed,
        key=CHART,
    )
    by_index = {d.index: d for d in ev.decisions}
    labels = {d.index: decision_label(rep, d, lang_) for d in ev.decisions}
    chosen_index = st.selectbox(
        t("决定", "Decision"),
        indices,
        index=held_index(indices, DECISION),
        format_func=labels.__getitem__,
        key=DECISION,
        on_change=_moved_to_pick,
    )
    d = by_index[int(chosen_index)]
    report = coach_of(deal_id, chosen.settings_key, str(chosen.created_at))  # priced by the evaluation shown
    _decision_panel(rep, deal_id, d, judge((), d) if report is None else report.judgement_at(d.index), lang_)
    replay_link()
