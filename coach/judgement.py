"""One judgement per move: a move's findings (a maxim's, or a note of the game's coach: its *advice*) reconciled
with its price by rollouts (docs/coach.md, "One judgement per move").

Where a decision has been priced (``coach.evaluate``), the price decides what the learner is told; a saying
(够级俗语) is folk advice, kept and quoted, but never called a mistake against the price:

- **overruled**: the advice (the finding's ``instead``) was priced, and the choice made was priced above it by more
  than ``SIGNIFICANCE`` standard errors, its loss earning no grade: "俗语说「X」；此处估价认为 Y 更好，多 N 分"
  (no grade, severity ``hint``);
- **graded**: the price finds a loss that earns a grade (``coach.grades.grade``: from the loss and its standard
  error, nothing else); the advice is quoted beside it ("估价亦然" where its option was priced significantly above
  the choice made), and a graver grade the interval leaves open is said ("或为失误，未定"). Severity ``mistake`` for
  a mistake or a blunder, ``hint`` for an inaccuracy;
- **uncertain**: advice spoke, but the price cannot tell its option from the choice made (within the noise), or
  did not price its option and finds no graded loss: a hint, never a mistake; or no grade is earned but the loss's
  interval leaves a mistake or a blunder open (``coach.grades.undecided``: the rollouts ran out before telling):
  "估价未定", a hint that says so, never a grade the numbers do not support;
- **sound**: priced, no advice spoke and the loss earns no grade: nothing to flag;
- **violation**: a rule was broken (the replay's verdict): a violation whatever the price says;
- **unpriced**: nothing was priced for the move: the findings keep their own severity and say "未估价 / not
  priced".

``judge`` is the one place: the coach (``coach.coach.with_prices``), the CLI, the HTML report and every page show
its result, so no move carries two judgements that disagree.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import TYPE_CHECKING

from coach.findings import UNPRICED_EN, UNPRICED_ZH, Finding, Judgement
from coach.grades import GRADE_ZH, SERIOUS, SIGNIFICANCE
from replay.formats.notation.words import action_name

if TYPE_CHECKING:
    from coach.prices import Candidate, Decision
    from replay.core.events import Event


def label_zh(ev: Event) -> str:
    """An option in Chinese, the action named as everywhere (``action_name``): ``出牌 9S 9H``, ``过牌``."""
    return f"{action_name(ev.action)[0]} {' '.join(c.token for c in ev.cards)}".strip()


def label_en(ev: Event) -> str:
    """An option in English: ``play 9S 9H``, ``pass``."""
    return f"{ev.action} {' '.join(c.token for c in ev.cards)}".strip()


def _suggested(f: Finding, d: Decision) -> Candidate | None:
    """The candidate that is the maxim finding's advice (its ``instead``), when it was priced."""
    ev = f.evidence
    if not ev.instead:
        return None
    action = ev.facts.get("instead_action")
    want = sorted(ev.instead)
    for c in d.candidates:
        if c.actual or (action is not None and c.event.action != action):
            continue
        if sorted(card.token for card in c.event.cards) == want:
            return c
    return None


def _saying(f: Finding) -> str | None:
    from coach.maxims import BY_KEY

    if not f.maxim:
        return None
    mx = BY_KEY.get(f.maxim)
    return mx.saying if mx is not None else f.maxim


def _said(saying: str | None) -> tuple[str, str]:
    """Who gave the advice: the saying (俗语说「X」), or the coach's own note (a game's detector names no saying)."""
    if saying:
        return f"俗语说「{saying}」", f"the saying says {saying!r}"
    return "教练提示", "the coach's note"


def _open(open_: str | None) -> tuple[str, str]:
    """The words for a graver grade left open: ``（或为失误，未定）`` / `` (perhaps a mistake: undecided)``."""
    if open_ is None:
        return "", ""
    return f"（或为{GRADE_ZH[open_]}，未定）", f" (perhaps a {open_}: undecided)"


def _graded(d: Decision, advice: Finding | None, saying: str | None, agrees: bool, g: str) -> Judgement:
    best, loss = d.candidates[d.loss.best], d.loss
    said_zh, said_en = _said(saying)
    head_zh, head_en = "估价：", "the pricing: "
    if advice is not None:
        head_zh = f"{said_zh}，估价亦然：" if agrees else f"{said_zh}；估价："
        head_en = f"{said_en}, and the pricing agrees: " if agrees else f"{said_en}; the pricing: "
    open_zh, open_en = _open(d.undecided)
    return Judgement(
        "graded",
        g,
        saying,
        loss.loss,
        loss.se,
        "mistake" if g in SERIOUS else "hint",
        f"{GRADE_ZH[g]}：{head_zh}{label_zh(best.event)} 比所做（{label_zh(d.actual.event)}）多 {loss.loss:.2f} 分"
        f"（标准误 {loss.se:.2f}）{open_zh}",
        f"{g}: {head_en}{label_en(best.event)} earns {loss.loss:.2f} points more than the choice made"
        f" ({label_en(d.actual.event)}; standard error {loss.se:.2f}){open_en}",
        d.undecided,
    )


def _undecided(d: Decision, saying: str | None, said: tuple[str, str] | None) -> Judgement:
    """No grade earned, but the loss's interval leaves a serious one open: said as such, a hint."""
    best, loss, open_ = d.candidates[d.loss.best], d.loss, d.undecided
    assert open_ is not None
    head_zh, head_en = ("", "") if said is None else (f"{said[0]}；", f"{said[1]}; ")
    return Judgement(
        "uncertain",
        None,
        saying,
        loss.loss,
        loss.se,
        "hint",
        f"{head_zh}估价未定：{label_zh(best.event)} 或比所做（{label_zh(d.actual.event)}）多 {loss.loss:.2f} 分"
        f"（标准误 {loss.se:.2f}），或为{GRADE_ZH[open_]}；估算次数用尽仍未分明，不评级",
        f"{head_en}undecided: {label_en(best.event)} may earn {loss.loss:.2f} points more than the choice made"
        f" ({label_en(d.actual.event)}; standard error {loss.se:.2f}), perhaps a {open_}; the rollouts ran out"
        " before telling, no grade",
        open_,
    )


def judge(findings: Sequence[Finding], decision: Decision | None) -> Judgement:
    """The one judgement of a move: its findings (those at its event) reconciled with its price (None: not
    priced). The grade comes from the price's loss and its standard error alone (``coach.grades.grade``); the
    advice (a maxim finding, else a note of the game's coach) is overruled where the choice made was priced above
    it, and never graded beyond what the price finds."""
    violation = next((f for f in findings if f.kind == "violation"), None)
    advice = next((f for f in findings if f.kind in ("maxim", "note") and f.maxim), None)
    advice = advice or next((f for f in findings if f.kind in ("maxim", "note")), None)
    saying = _saying(advice) if advice is not None else None
    said_zh, said_en = _said(saying)
    if violation is not None:
        return Judgement(
            "violation",
            None,
            saying,
            None,
            None,
            "violation",
            f"违规：{violation.message_zh}",
            f"violation: {violation.message_en}",
        )
    if decision is None:
        severities = [f.severity for f in findings]
        shown = next((s for s in ("mistake", "hint", "trial") if s in severities), None)
        if advice is None:
            return Judgement("unpriced", None, None, None, None, shown, UNPRICED_ZH, UNPRICED_EN)
        return Judgement(
            "unpriced", None, saying, None, None, shown, f"{said_zh}；{UNPRICED_ZH}", f"{said_en}; {UNPRICED_EN}"
        )
    view, loss = decision.view, decision.loss
    g = decision.grade
    # a saying on trial (the study measured following it to cost points) stays on trial where the price grades nothing
    hint = "trial" if advice is not None and advice.severity == "trial" else "hint"
    suggested = _suggested(advice, decision) if advice is not None else None
    diff = se = None
    if suggested is not None:
        mine, theirs = decision.actual.values.get(view), suggested.values.get(view)
        if mine is not None and theirs is not None:
            diff = mine.mean - theirs.mean  # > 0: the choice made priced above the advice
            se = math.sqrt(mine.se**2 + theirs.se**2)
    if (
        suggested is not None
        and diff is not None
        and se is not None
        and diff > SIGNIFICANCE * se
        and g is None
        and decision.undecided is None
    ):
        return Judgement(
            "overruled",
            None,
            saying,
            diff,
            se,
            hint,
            f"{said_zh}（{label_zh(suggested.event)}）；此处估价认为 {label_zh(decision.actual.event)}"
            f" 更好，多 {diff:.2f} 分（标准误 {se:.2f}）",
            f"{said_en} ({label_en(suggested.event)}); here the pricing finds {label_en(decision.actual.event)}"
            f" better by {diff:.2f} points (standard error {se:.2f})",
        )
    if g is not None:
        agrees = diff is not None and se is not None and -diff > SIGNIFICANCE * se
        return _graded(decision, advice, saying, agrees, g)
    if decision.undecided is not None:
        return _undecided(decision, saying, None if advice is None else (said_zh, said_en))
    if advice is not None:
        if suggested is not None and diff is not None and se is not None:
            higher = decision.actual if diff > 0 else suggested
            return _uncertain(said_zh, said_en, saying, higher.event, abs(diff), se, hint)
        best = decision.candidates[loss.best].event
        return _uncertain(said_zh, said_en, saying, best, max(0.0, loss.loss), loss.se, hint)
    return Judgement(
        "sound",
        None,
        None,
        max(0.0, loss.loss),
        loss.se,
        None,
        f"估价：所做与最佳相差 {max(0.0, loss.loss):.2f} 分（标准误 {loss.se:.2f}），不评级",
        f"the pricing: the choice made is {max(0.0, loss.loss):.2f} points from the best (standard error"
        f" {loss.se:.2f}), no grade",
    )


def _uncertain(
    said_zh: str, said_en: str, saying: str | None, higher: Event, diff: float, se: float, severity: str = "hint"
) -> Judgement:
    """The advice against a price that cannot tell the options apart: ``higher`` priced above by ``diff`` points,
    within ``SIGNIFICANCE`` standard errors ``se`` (``severity``: "trial" for a saying on trial, else a hint)."""
    return Judgement(
        "uncertain",
        None,
        saying,
        diff,
        se,
        severity,
        f"{said_zh}；此处估价分不出高下（{label_zh(higher)} 多 {diff:.2f} 分，标准误 {se:.2f}，在误差之内），仅作提示",
        f"{said_en}; here the pricing cannot tell the options apart ({label_en(higher)} by {diff:.2f} points,"
        f" standard error {se:.2f}, within the noise): a hint only",
    )
