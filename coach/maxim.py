"""What every maxim detector of coach/maxims shares: the ``Maxim`` record and ``finding``, the finding a
detector makes at a moment. Kept apart from the registry (``coach.maxims``), which imports the detectors."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

from coach.findings import Evidence, Finding, cap_severity
from coach.moment import Deal, Moment
from replay.cards import Card


@dataclass(frozen=True)
class Maxim:
    """A saying, our reading of it, how sure that reading is, and its detector."""

    key: str
    saying: str
    reading_zh: str
    reading_en: str
    sureness: str
    detect: Callable[[Moment], Iterator[Finding]] | None = None
    detect_deal: Callable[[Deal], Iterator[Finding]] | None = None


def finding(
    m: Moment,
    maxim: Maxim,
    severity: str,
    zh: str,
    en: str,
    instead: tuple[Card, ...] = (),
    **facts: Any,
) -> Finding:
    """A maxim finding at moment ``m``, with the seat's hand, the table and the alternative as evidence."""
    ev = m.event
    return Finding(
        index=m.index,
        seat=m.seat,
        kind="maxim",
        severity=cap_severity(severity, maxim.sureness),
        message_zh=f"{maxim.saying}：{zh}",
        message_en=f"{maxim.saying}: {en}",
        maxim=maxim.key,
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
