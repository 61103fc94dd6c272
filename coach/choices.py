"""The options a decision is priced on, told apart by a key: the one loop every game's candidates end with, and the
climbing family's key (``shape``; ``coach.evaluate`` tells an offered better choice from the candidates by it)."""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from typing import Any

from replay.core.events import Event


def shape(ev: Event) -> tuple[Any, ...]:
    """An option's action and the ranks of its cards: one candidate of each is priced."""
    return (ev.action, tuple(sorted(c.rank for c in ev.cards)))


def distinct(
    actual: Event,
    first: Event | None,
    options: Sequence[Event],
    limit: int,
    key: Callable[[Event], Hashable],
    allowed: Callable[[Event], bool],
) -> tuple[list[Event], int]:
    """``actual`` first, then the policy's choice ``first`` and ``options`` in order, one per key, those
    ``allowed`` only, at most ``limit`` in all; and the index of the policy's choice among them (-1: none)."""
    out = [actual]
    seen = {key(actual)}
    policy = key(first) if first is not None else None
    policy_at = 0 if policy is not None and policy == key(actual) else -1
    for ev in ([first] if first is not None else []) + list(options):
        if len(out) >= limit:
            break
        k = key(ev)
        if k in seen or not allowed(ev):
            continue
        seen.add(k)
        if k == policy:
            policy_at = len(out)
        out.append(ev)
    return out, policy_at
