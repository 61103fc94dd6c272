"""The steps a reviewer jumps to on the Replay page: the events with a coach finding (``n``/``p``) and the decisions
the evaluation grades a mistake or a blunder (``b``), each shown at the step after its event (the one numbering,
``replay.core.numbering``)."""

from __future__ import annotations

import weakref

from coach.coach import Report
from coach.findings import Finding
from coach.grades import SERIOUS
from coach.prices import Evaluation
from replay.replay import Replay

# the findings per event of the report last asked about, keyed by its replay (a Report, a frozen dataclass holding
# dicts, cannot be hashed)
_BY_INDEX: weakref.WeakKeyDictionary[Replay, tuple[Report, dict[int, list[Finding]]]] = weakref.WeakKeyDictionary()


def findings_by_index(report: Report | None) -> dict[int, list[Finding]]:
    """The coach's findings per event index (findings about the whole deal left out)."""
    if report is None:
        return {}
    memo = _BY_INDEX.get(report.replay)
    if memo is not None and memo[0] is report:
        return memo[1]
    found: dict[int, list[Finding]] = {}
    for f in report.findings:
        if f.index is not None:
            found.setdefault(f.index, []).append(f)
    _BY_INDEX[report.replay] = (report, found)
    return found


def finding_steps(report: Report | None) -> list[int]:
    """The steps that show an event with a finding (event ``i`` is shown at step ``i + 1``), in order."""
    return sorted(i + 1 for i in findings_by_index(report))


def next_finding_step(report: Report | None, step: int) -> int | None:
    """The step of the next event with a coach finding after ``step`` (None when there is none)."""
    return next((s for s in finding_steps(report) if s > step), None)


def prev_finding_step(report: Report | None, step: int) -> int | None:
    """The step of the last event with a coach finding before ``step`` (None when there is none)."""
    return next((s for s in reversed(finding_steps(report)) if s < step), None)


MISTAKES = frozenset(SERIOUS)  # what ``b`` jumps to: the grades of a real loss
# the last evaluation asked about and its steps (by identity: a frozen Evaluation would hash every decision)
_MISTAKE_STEPS: list[tuple[Evaluation, list[int]]] = []


def mistake_steps(evaluation: Evaluation) -> list[int]:
    """The steps that show a decision the evaluation grades a mistake or worse (the decision at event ``i`` is
    shown at step ``i + 1``), in order; worked out once for the evaluation the page shows."""
    memo = _MISTAKE_STEPS[0] if _MISTAKE_STEPS else None  # read once: another session's run may replace it
    if memo is not None and memo[0] is evaluation:
        return memo[1]
    steps = sorted(d.index + 1 for d in evaluation.decisions if d.grade in MISTAKES)
    _MISTAKE_STEPS[:] = [(evaluation, steps)]
    return steps


def next_mistake_step(evaluation: Evaluation | None, step: int) -> int | None:
    """The step that shows the next decision after ``step`` the evaluation grades a mistake or a blunder; the first
    one again after the last (None: there is none)."""
    if evaluation is None:
        return None
    steps = mistake_steps(evaluation)
    return next((s for s in steps if s > step), steps[0] if steps else None)
