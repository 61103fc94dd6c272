"""The coach on a 升级 deal: rule violations with their evidence (the seat's hand, the trick so far).

The seeds give no 升级 maxims; notes a learner needs (points given away, trumps spent on a trick the
partner had already won) are marked ``from_seeds: false``.
"""

from __future__ import annotations

from collections.abc import Iterator

from coach.findings import Evidence, Finding
from replay.replay import Replay
from replay.shengji import SjState


def _evidence(st: SjState, seat: int, action: str, cards: tuple[str, ...]) -> Evidence:
    trick = [c.token for _, cs in st.trick for c in cs]
    return Evidence(
        held=tuple(c.token for c in st.hands[seat].known_cards()),
        table=tuple(trick),
        table_seat=st.trick[0][0] if st.trick else None,
        did=action,
        did_cards=cards,
    )


def violations(replay: Replay, seat: int | None = None) -> Iterator[Finding]:
    """A finding for every event the replay found illegal (revokes, wrong shapes, out of turn …)."""
    events = replay.log.events
    for v in replay.verdicts:
        if v.legal or v.index is None or (seat is not None and v.seat != seat):
            continue
        st = replay.states[v.index]
        ev = events[v.index]
        yield Finding(
            index=v.index,
            seat=v.seat,
            kind="violation",
            severity="violation",
            message_zh=v.message_zh,
            message_en=v.message_en,
            rule=v.rule,
            evidence=_evidence(st, ev.seat, ev.action, tuple(c.token for c in ev.cards)),  # type: ignore[arg-type]
        )


def coach_shengji(replay: Replay, seat: int | None = None) -> list[Finding]:
    """The coach's findings on a 升级 deal (only those about ``seat`` when given)."""
    return list(violations(replay, seat))
