"""The coach: a deal's findings (rule violations from the replay, maxims, notes) and their summary."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from coach.effects import ON_TRIAL, TRIAL_SEVERITY, maxim_effect, supports_mistake, worth
from coach.findings import Evidence, Finding, summarize, violation_of
from coach.games import coach_for
from coach.grades import SERIOUS
from coach.judgement import judge, label_zh
from coach.maxims import maxims_for
from coach.moment import ACTIONS, Deal, Moment
from replay.core.game_state import GameState
from replay.formats.log import Log
from replay.replay import Replay

if TYPE_CHECKING:
    from coach.findings import Judgement
    from coach.prices import Decision, Evaluation
    from replay.climbing.state import State


@dataclass(frozen=True)
class Report:
    """The coach's findings on one deal, in event order, with their summary."""

    replay: Replay[GameState]
    findings: tuple[Finding, ...]
    summary: dict[str, Any]
    evaluation: Evaluation | None = None

    def to_json(self) -> dict[str, Any]:
        """The stable JSON of ``fupan coach --json`` (with ``evaluation`` under ``--evaluate``)."""
        out: dict[str, Any] = {"findings": [f.to_json() for f in self.findings], "summary": self.summary}
        if self.evaluation is not None:
            out["evaluation"] = self.evaluation.to_json()
        return out

    def judgement_at(self, index: int) -> Judgement:
        """The one judgement of the move at event ``index`` (``coach.judgement.judge``): its findings' (they share
        it), else judged from the evaluation's decision alone (not priced where there is none)."""
        here = [f for f in self.findings if f.index == index]
        found = next((f.judgement for f in here if f.judgement is not None), None)
        if found is not None:
            return found
        return judge(here, None if self.evaluation is None else self.evaluation.at(index))

    def for_seat(self, seat: int) -> list[Finding]:
        """The findings about one seat (and its team's deal-level notes)."""
        return [f for f in self.findings if f.seat == seat or (f.seat is None and seat in f.seats)]


def violation(m: Moment[State]) -> Finding:
    """A finding for an event the replay found illegal (under the maxim whose rule half it breaks, if any)."""
    v = m.verdict
    maxim = next((mx.key for mx in maxims_for(m.replay.log.game) if mx.broken_by(v)), None)
    st = m.before
    evidence = Evidence(
        held=m.held_tokens(),
        table=m.table_tokens(),
        table_seat=st.owner if st.table is not None else None,
        did=m.event.action,
        did_cards=tuple(c.token for c in m.event.cards),
    )
    return violation_of(v, evidence, maxim)


def with_worth(f: Finding) -> Finding:
    """A maxim finding with what following the maxim was worth in the study (docs/maxims.md), and its
    status by ``coach.effects``' rule: advice, or on trial (severity ``trial``, not a mistake) when the study
    measured following it to cost points; a mistake only where the study measured following it to gain points
    (``supports_mistake``), else a hint at most. A violation of a maxim's rule half is left as it is."""
    if f.kind not in ("maxim", "note") or f.maxim is None:
        return f
    w = worth(maxim_effect(f.maxim, question=f.question))
    severity = TRIAL_SEVERITY if w["status"] == ON_TRIAL else f.severity
    if severity == "mistake" and not supports_mistake(w):
        severity = "hint"
    return replace(f, worth=w, status=w["status"], severity=severity)


def price_of(d: Decision) -> dict[str, Any]:
    """A decision's price as attached to a finding: grade, loss and the best choice per view."""
    best = d.candidates[d.loss.best]
    return {
        "view": d.view,
        "grade": d.grade,
        "accuracy": round(d.accuracy, 1),
        "loss": round(d.loss.loss, 3),
        "se": round(d.loss.se, 3),
        "best": best.label(),
        "best_cards": [c.token for c in best.event.cards],
        "losses": {k: v.to_json() for k, v in d.losses.items()},
        "grades": {k: d.grade_in(k) for k in d.losses},
        "certain": None if d.certain is None else d.certain.to_json(),
    }


_VIEW = {"seat": ("本家视角（暗牌抽样）", "the seat's view (hidden hands sampled)"), "all": ("明牌", "all cards known")}


def weak_choice(replay: Replay[GameState], d: Decision) -> Finding:
    """A finding for a decision no other finding speaks to that the rollouts grade (a mistake or worse), or that
    is a certain error: its message is the move's one judgement (``coach.judgement.judge``), a certain error said
    first."""
    j = judge((), d)
    best, actual = d.candidates[d.loss.best], d.actual
    zh_view, en_view = _VIEW[d.view]
    st = replay.states[d.index]
    table, table_seat = coach_for(replay.log.game).table_shown(st)
    ev = actual.event
    zh, en = f"{j.zh}（{zh_view}）", f"{j.en} ({en_view})"
    if d.certain is not None:  # no sampling excuses it: say so first, the rollouts' figure after
        better = d.certain.better
        cards = " ".join(c.token for c in better.cards)
        best = next((c for c in d.candidates if c.event == better), best)
        zh = f"{d.certain.zh}，应 {label_zh(better)}（按本家所知即可断定，不靠抽样）。{zh}"
        en = f"{d.certain.en}: {better.action} {cards} (certain from what the seat knew, not from sampling). {en}"
    return Finding(
        index=d.index,
        seat=d.seat,
        kind="evaluation",
        severity=j.severity or "hint",
        message_zh=zh,
        message_en=en,
        evidence=Evidence(
            held=tuple(c.token for c in st.hands[d.seat].known_cards()),
            table=table,
            table_seat=table_seat,
            did=ev.action,
            did_cards=tuple(c.token for c in ev.cards),
            instead=tuple(c.token for c in best.event.cards),
            facts={"instead_action": best.event.action},
        ),
        from_seeds=False,
        price=price_of(d),
        judgement=j,
    )


def with_prices(replay: Replay[GameState], findings: list[Finding], evaluation: Evaluation) -> list[Finding]:
    """The findings with each priced decision's price attached and every move's one judgement
    (``coach.judgement.judge``: its severity is the one shown), and a finding for every decision graded
    mistake or blunder, or found a certain error, that no other finding speaks to."""
    by_index = {d.index: d for d in evaluation.decisions}
    at: dict[int | None, list[Finding]] = {}
    for f in findings:
        at.setdefault(f.index, []).append(f)
    judged = {i: judge(fs, None if i is None else by_index.get(i)) for i, fs in at.items()}
    out = []
    for f in findings:
        j = judged[f.index]
        d = None if f.index is None else by_index.get(f.index)
        severity = f.severity if j.kind == "unpriced" or j.severity is None else j.severity
        out.append(replace(f, price=None if d is None else price_of(d), judgement=j, severity=severity))
    for d in evaluation.decisions:
        if d.index not in at and (d.grade in SERIOUS or d.certain is not None):
            out.append(weak_choice(replay, d))
    out.sort(key=lambda f: (f.index is None, f.index if f.index is not None else 0))
    return out


def coach_replay(replay: Replay[GameState], seat: int | None = None, evaluation: Evaluation | None = None) -> Report:
    """Findings on a replayed deal (only those about ``seat`` when given), priced by ``evaluation``
    when one is given (``coach.evaluate.evaluate_replay``)."""
    game = coach_for(replay.log.game)
    maxims = maxims_for(replay.log.game)
    # the moments are read by the game's own state type: its coach's detectors and, for a climbing game, the maxims
    # that name it (a game found by name at run time: its coach is a GameCoach[Any, Any])
    deal: Deal[Any] = Deal(replay, game.opponents)
    detectors = [mx.detect for mx in maxims if mx.detect is not None] + list(game.detectors)
    illegal = game.violation or violation
    findings: list[Finding] = []
    asked: dict[str, list[Callable[[Moment[Any]], Iterable[Finding]]]] = {}  # the detectors of each action, in order
    events = replay.log.events
    for i, v in enumerate(replay.verdicts):
        ev = events[i]
        if seat is not None and ev.seat != seat:
            continue
        if not v.legal:
            findings.append(illegal(Moment(deal, i)))
            continue
        todo = asked.get(ev.action)
        if todo is None:
            todo = asked[ev.action] = [d for d in detectors if ev.action in ACTIONS.get(d, (ev.action,))]
        if todo:
            m = Moment(deal, i)
            for detect in todo:
                findings.extend(detect(m))
    for mx in maxims:
        if mx.detect_deal is not None:
            findings.extend(f for f in mx.detect_deal(deal) if seat is None or seat in f.seats)
    findings += _deal_findings(replay, seat)
    findings = [with_worth(f) for f in findings]
    if evaluation is not None:
        findings = with_prices(replay, findings, evaluation)
        if seat is not None:
            findings = [f for f in findings if f.seat == seat or f.index is None]
    teams = list(game.teams(replay))
    return Report(replay, tuple(findings), summarize(findings, replay.final.n, teams), evaluation)


def _deal_findings(replay: Replay[GameState], seat: int | None) -> list[Finding]:
    """Findings for a bad deal or a claimed result the deal does not bear out."""
    return [
        violation_of(v, Evidence(did=v.action))
        for v in replay.deal_verdicts + replay.result_verdicts
        if seat is None or v.seat == seat
    ]


def coach_log(log: Log, seat: int | None = None) -> Report:
    """Findings on a log (replayed leniently, as a referee would read on)."""
    return coach_replay(Replay(log), seat)
