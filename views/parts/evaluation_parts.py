"""The parts of an evaluation (``coach.evaluate``) that more than one page draws: the words of a
candidate, a grade and a view, the candidates of a decision as a table, and the Replay page's compact
panel of the decision at the open step (the Evaluation page draws the rest)."""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

import pandas as pd
import streamlit as st

from coach.eta import Eta
from coach.prices import Candidate, Decision, Evaluation, Settings
from replay.replay import Replay
from views.parts.common import t
from views.parts.table import BestMove, action_label, cards_text, tr
from views.parts.texts import EMPTY_CELL, GRADE_NAMES, VIEW_NAMES

ACTUAL_MARK, BEST_MARK = "●", "★"

Run = Callable[..., Evaluation]  # evaluate_replay's: (replay, settings, jobs=, progress=, cancel=, processes=, eta=)


class EvaluationJob:
    """An evaluation running in a worker thread (so that the page's reruns, and the other pages, stay
    responsive): how far it got (``done`` of ``total`` decisions; ``eta``: the share of the work done and the time
    left, ``coach.eta``), then its ``result`` or its ``error``.
    ``store`` (given by the page, which checked who may write) keeps the result as soon as it is made, in the
    thread, so that it is stored whether or not anyone comes back to the page; ``stored`` says it was.
    ``cancel()`` (the page's stop button), or ``gone`` saying True (the visitor's session ended), stops the run
    and its worker processes (``coach.evaluate``'s ``cancel``); ``ended`` is called once the thread ends,
    whatever happened (the page gives back the server's slot)."""

    def __init__(
        self,
        rep: Replay,
        settings: Settings,
        jobs: int,
        run: Run,
        store: Callable[[Evaluation], None],
        gone: Callable[[], bool] | None = None,
        ended: Callable[[], None] | None = None,
    ) -> None:
        self.settings = settings
        self.done = self.total = 0
        self.eta = Eta()
        self.result: Evaluation | None = None
        self.error: Exception | None = None
        self.stored = False
        self._store = store
        self._stop = threading.Event()
        self._gone = gone
        self._ended = ended
        self._thread = threading.Thread(target=self._work, args=(rep, jobs, run), name="fupan-evaluation", daemon=True)

    def start(self) -> EvaluationJob:
        """Start the thread; the job itself."""
        self._thread.start()
        return self

    def cancel(self) -> None:
        """Ask the run to stop (it stops within a fraction of a second, its workers terminated)."""
        self._stop.set()

    def _cancelled(self) -> bool:
        if not self._stop.is_set() and self._gone is not None and self._gone():
            self._stop.set()
        return self._stop.is_set()

    @property
    def cancelled(self) -> bool:
        """True once the run was asked to stop."""
        return self._stop.is_set()

    def _work(self, rep: Replay, jobs: int, run: Run) -> None:
        try:
            self.result = run(
                rep,
                self.settings,
                jobs=jobs,
                progress=self._progress,
                cancel=self._cancelled,
                processes=True,
                eta=self.eta,
            )
            self._store(self.result)
            self.stored = True
        except Exception as exc:  # a fault of the engine or of the database, or the run cancelled: the page says it
            self.error = exc
        finally:
            if self._ended is not None:
                self._ended()

    def _progress(self, done: int, total: int) -> None:
        self.done, self.total = done, total

    @property
    def finished(self) -> bool:
        """True once the thread ended (with a result or an error)."""
        return not self._thread.is_alive()

    @property
    def fraction(self) -> float:
        """How far it got, 0 to 1: the share of the predicted work done (``eta``), else of the decisions done."""
        if self.eta.planned:
            return self.eta.fraction
        return self.done / self.total if self.total else 0.0

    def wait(self, timeout: float | None = None) -> bool:
        """Wait for the thread to end (at most ``timeout`` seconds); whether it ended."""
        self._thread.join(timeout)
        return self.finished


def candidate_label(c: Candidate, lang_: str) -> str:
    """A candidate in words: ``出牌 ♠9 ♥9`` / ``pass`` (raw text)."""
    return f"{action_label(c.event.action, lang_)} {cards_text([x.token for x in c.event.cards], lang_)}".strip()


def grade_label(grade: str | None, lang_: str, undecided: str | None = None) -> str:
    """欠佳 / 失误 / 大错 (or the English word); "" for an ungraded decision. ``undecided``: a graver grade the price
    leaves open (``Decision.undecided``), said beside it: "欠佳（或为失误？）", or "未定（或为失误？）" alone."""
    open_ = ""
    if undecided:
        zh, en = GRADE_NAMES.get(undecided, (undecided, undecided))
        open_ = tr(lang_, f"（或为{zh}？）", f" (perhaps a {en}?)")
    if not grade:
        return tr(lang_, "未定", "undecided") + open_ if open_ else ""
    zh, en = GRADE_NAMES.get(grade, (grade, grade))
    return tr(lang_, zh, en) + open_


def view_label(view: str, lang_: str) -> str:
    """本座视角 / 明牌 (the seat's view, all cards known)."""
    zh, en = VIEW_NAMES.get(view, (view, view))
    return tr(lang_, zh, en)


def best_move(ev: Evaluation, step: int, viewer: int | None, lang_: str, unit: tuple[str, str]) -> BestMove | None:
    """The best move of the seat to act at ``step`` (the decision of event ``step``, made from the table drawn at
    ``step``) as the table marks it: the best candidate's cards and its price, worded as the Evaluation page
    words them (its expected ``unit``, and the loss of the move the seat made, ± its standard error). In the
    review the grading view's; in a seat's view only that seat's own, in its own view (what it could know).
    None where the decision was not priced."""
    d = ev.at(step)
    if d is None:
        return None
    view = d.view if viewer is None else "seat"
    if viewer is not None and (viewer != d.seat or view not in d.losses):
        return None
    loss = d.losses[view]
    best = d.candidates[loss.best]
    value = best.values.get(view)
    label = candidate_label(best, lang_)
    expected = (
        ""
        if value is None
        else tr(lang_, f"（期望 {value.mean:+.2f} {unit[0]}）", f" (expected {value.mean:+.2f} {unit[1]})")
    )
    made = (
        tr(lang_, "实际一手即最佳", "the move made was the best")
        if d.actual is best
        else tr(
            lang_,
            f"实际一手损失 {loss.loss:.2f} ± {loss.se:.2f} {unit[0]}",
            f"the move made loses {loss.loss:.2f} ± {loss.se:.2f} {unit[1]}",
        )
    )
    words = tr(lang_, f"最佳：{label}{expected} · {made}", f"Best: {label}{expected} · {made}")
    return BestMove(d.seat, tuple(c.token for c in best.event.cards), words, view)


def candidates_frame(d: Decision, lang_: str, compact: bool = False) -> pd.DataFrame:
    """The candidates of a decision: label, marks (made, best, policy), mean and SE per view; ``compact``:
    the marks in one column and the means only (for the Replay page's narrow column)."""
    rows = []
    for j, c in enumerate(d.candidates):
        if compact:
            marks = (ACTUAL_MARK if c.actual else "") + (BEST_MARK if j == d.loss.best else "")
            row: dict[str, Any] = {tr(lang_, "候选", "candidate"): candidate_label(c, lang_), "": marks}
            for view in ("seat", "all"):
                v = c.values.get(view)
                row[view_label(view, lang_)] = None if v is None else round(v.mean, 2)
            rows.append(row)
            continue
        row = {
            "#": j + 1,
            tr(lang_, "候选", "candidate"): candidate_label(c, lang_),
            tr(lang_, "实际", "made"): ACTUAL_MARK if c.actual else "",
            tr(lang_, "最佳", "best"): BEST_MARK if j == d.loss.best else "",
            tr(lang_, "策略首选", "policy"): "✓" if c.policy else "",
        }
        for view in ("seat", "all"):
            v = c.values.get(view)
            name = view_label(view, lang_)
            row[name] = None if v is None else round(v.mean, 2)
            row[f"{name} {tr(lang_, '标准误', 'SE')}"] = None if v is None else round(v.se, 2)
        rows.append(row)
    return pd.DataFrame(rows)


def replay_panel(rep: Replay, ev: Evaluation, index: int, viewer: int | None, lang_: str) -> None:
    """On the Replay page: the candidates and values of the decision at event ``index``, compact (nothing when
    that event was not priced; hidden in another seat's view, since the candidates show the seat's cards)."""
    d = ev.at(index)
    if d is None:
        return
    if viewer is not None and viewer != d.seat:
        st.caption(t("复盘视角可见这一手的评估。", "The review shows this decision's evaluation."))
        return
    grade = grade_label(d.grade, lang_, d.undecided) or tr(lang_, "无评级", "no grade")
    st.markdown(
        tr(
            lang_,
            f"**评估**（{view_label(d.view, lang_)}）· 损失 {d.loss.loss:.2f} ± {d.loss.se:.2f} · {grade}",
            f"**Evaluation** ({view_label(d.view, lang_)}) · loss {d.loss.loss:.2f} ± {d.loss.se:.2f} · {grade}",
        )
    )
    st.dataframe(candidates_frame(d, lang_, compact=True), hide_index=True, width="stretch", placeholder=EMPTY_CELL)
