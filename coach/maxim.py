"""What every maxim detector of coach/maxims shares: the ``Maxim`` record and ``finding``, the finding a
detector makes at a moment. Kept apart from the registry (``coach.maxims``), which imports the detectors."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

from coach.findings import Evidence, Finding, cap_severity
from coach.moment import Deal, Moment
from replay.climbing.state import State
from replay.core.cards import Card
from replay.core.verdicts import Verdict


@dataclass(frozen=True)
class Maxim:
    """A saying, our reading of it, how sure that reading is, the games it speaks to, and its detector."""

    key: str
    saying: str
    reading_zh: str
    reading_en: str
    sureness: str
    games: frozenset[str] = frozenset()  # the games whose deals the maxim speaks to
    detect: Callable[[Moment[State]], Iterator[Finding]] | None = None  # a climbing moment's
    detect_deal: Callable[[Deal[State]], Iterator[Finding]] | None = None
    #: the rule the maxim's rule half is, and words of the verdict that mark a breach of that half
    #: (such a violation is reported under the maxim)
    rule: tuple[str, str] | None = None

    def broken_by(self, v: Verdict) -> bool:
        """Whether verdict ``v`` finds the maxim's rule half broken."""
        return self.rule is not None and v.rule == self.rule[0] and self.rule[1] in v.message_zh


def finding(
    m: Moment[State],
    maxim: Maxim,
    severity: str,
    zh: str,
    en: str,
    instead: tuple[Card, ...] = (),
    question: str | None = None,
    **facts: Any,
) -> Finding:
    """A maxim finding at moment ``m``, with the seat's hand, the table and the alternative as evidence;
    ``question``: the study's question the finding asks, for a maxim studied in parts (``coach.effects``)."""
    ev = m.event
    return Finding(
        index=m.index,
        seat=m.seat,
        kind="maxim",
        severity=cap_severity(severity, maxim.sureness),
        message_zh=f"{maxim.saying}：{zh}",
        message_en=f"{maxim.saying}: {en}",
        maxim=maxim.key,
        question=question,
        evidence=Evidence(
            held=m.held_tokens(),
            table=m.table_tokens(),
            table_seat=m.before.owner if m.before.table is not None else None,
            did=ev.action,
            did_cards=tuple(c.token for c in ev.cards),
            instead=tuple(c.token for c in instead),
            facts=dict(facts),
        ),
    )
