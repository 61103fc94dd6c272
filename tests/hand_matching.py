"""The reference the hand's property tests (tests/replay/core/test_hand.py, tests/replay/core/test_hand_packed.py) hold ``Hand`` to: how many
played cards distinct dealt cards can be, by a brute-force bipartite matching (augmenting paths)."""

from __future__ import annotations

from replay.core.cards import Card


def fits(played: Card, dealt: Card | None) -> bool:
    """A dealt card can be the card played: an unknown one (None) always; else the same rank, and the same suit
    unless either is suitless."""
    if dealt is None:
        return True
    return dealt.rank == played.rank and (played.suit is None or dealt.suit is None or dealt.suit == played.suit)


def matched(dealt: list[Card | None] | list[Card], played: list[Card]) -> int:
    """The most played cards that distinct dealt cards can be."""
    owner: dict[int, int] = {}

    def augment(u: int, seen: set[int]) -> bool:
        for v, card in enumerate(dealt):
            if v in seen or not fits(played[u], card):
                continue
            seen.add(v)
            if v not in owner or augment(owner[v], seen):
                owner[v] = u
                return True
        return False

    return sum(augment(u, set()) for u in range(len(played)))
