"""Property tests of replay/core/hand.py's packed hands (counts in two ints, the guard-bit fast path, the known cards handed
on from hand to hand, the tuples of a hand of more than SMALL cards) against a straightforward reference written here:
counts per slot in lists, whether a play is possible and how many unknown cards the record needs by a brute-force
matching of played cards to known cards, the known cards left by rank from the counts, nothing carried over."""

from __future__ import annotations

from dataclasses import dataclass, field

from hand_matching import matched
from hypothesis import given, settings
from hypothesis import strategies as st

from replay.core.cards import N_SLOTS, RANK_SJ, Card
from replay.core.hand import SLOT_CARD, SMALL, Hand


def _left(s: list[int], d: list[int], ri: int) -> list[tuple[int, int]]:
    """The known cards of rank index ``ri`` left in every reading, (slot, count): suited ones while no suitless card of
    the rank was played, else all of them suitless."""
    b = ri * 5
    if ri >= RANK_SJ - 3:
        n = s[b + 4] - d[b + 4]
        return [(b + 4, n)] if n > 0 else []
    over = sum(max(0, d[k] - s[k]) for k in range(b, b + 4))  # suited plays beyond their own cards
    spare = sum(max(0, s[k] - d[k]) for k in range(b, b + 4))  # suited cards not played
    free = max(0, s[b + 4] - over)  # suitless known cards not taken by those plays
    if d[b + 4] == 0:
        return [(k, s[k] - d[k]) for k in range(b, b + 4) if s[k] > d[k]] + ([(b + 4, free)] if free else [])
    rest = max(0, spare + free - d[b + 4])
    return [(b + 4, rest)] if rest else []


@dataclass
class Ref:
    """A hand as lists: the known cards received, the unknown ones, the cards played."""

    known: list[Card]
    unknown: int
    played: list[Card] = field(default_factory=list)

    @property
    def supply(self) -> list[int]:
        counts = [0] * N_SLOTS
        for c in self.known:
            counts[c.slot] += 1
        return counts

    @property
    def demand(self) -> list[int]:
        counts = [0] * N_SLOTS
        for c in self.played:
            counts[c.slot] += 1
        return counts

    @property
    def size(self) -> int:
        return len(self.known) + self.unknown - len(self.played)

    @property
    def deficit(self) -> int:
        return len(self.played) - matched(self.known, self.played)

    def remove(self, cards: list[Card]) -> Ref | None:
        after = Ref(self.known, self.unknown, self.played + cards)
        return after if after.deficit <= self.unknown else None

    def add(self, cards: list[Card]) -> Ref:
        return Ref(self.known + cards, self.unknown, self.played)

    def known_cards(self) -> list[Card]:
        s, d = self.supply, self.demand
        return [SLOT_CARD[k] for ri in range(14, -1, -1) for k, n in _left(s, d, ri) for _ in range(n)]


def _agree(h: Hand, ref: Ref) -> None:
    assert h.size == ref.size
    assert h.unknown == ref.unknown and h.fully_known == (ref.unknown == 0)
    assert list(h.supply) == ref.supply and list(h.demand) == ref.demand
    small = len(ref.known) + ref.unknown <= SMALL
    assert type(h.supply) is type(h.demand) is (bytes if small else tuple)
    assert h.deficit == ref.deficit
    fresh = Hand(ref.supply, ref.demand, ref.unknown, ref.deficit, ref.size)  # made from the counts alone
    assert fresh == h and hash(fresh) == hash(h)
    assert fresh.known_cards() == ref.known_cards()


ranks = st.sampled_from(["3", "Q", "2"])
cards_st = st.one_of(
    st.builds(lambda r, s: Card(r + s), ranks, st.sampled_from(["S", "H", "D", ""])),
    st.sampled_from([Card("SJ"), Card("BJ")]),
)
# a step: play (0), receive (1), or ask for the known cards (2) or by rank (3) before playing; the cards
step_st = st.tuples(st.sampled_from([0, 0, 1, 2, 3]), st.lists(cards_st, min_size=1, max_size=4))


@settings(max_examples=500, deadline=None)
@given(
    st.lists(cards_st, max_size=14),
    st.integers(0, 4),
    st.lists(step_st, max_size=12),
    st.sampled_from([0, 0, 0, SMALL - 14, SMALL - 2, SMALL + 1]),
)
def test_a_hand_agrees_with_the_reference(
    dealt: list[Card], unknown: int, steps: list[tuple[int, list[Card]]], padding: int
) -> None:
    """Plays (suited, suitless, jokers, unknown cards covering them), cards received, known cards asked for or not on
    the way: each hand's counts, size, deficit, known cards and equality are the reference's; a play the record
    cannot allow is None in both. Padding makes hands near and beyond SMALL cards (counts in tuples)."""
    known = dealt + [Card("5C")] * padding
    h = Hand.dealt([*known, *[None] * unknown])
    ref = Ref(known, unknown)
    _agree(h, ref)
    for kind, cards in steps:
        if kind == 1:
            h, ref = h.add(cards), ref.add(cards)
            _agree(h, ref)
            assert h.known_cards() == ref.known_cards()  # (with those carried over, when asked for before)
            continue
        if kind == 2:
            assert h.known_cards() == ref.known_cards()
        elif kind == 3:
            groups: dict[int, list[Card]] = {}
            for c in ref.known_cards():
                groups.setdefault(c.rank, []).append(c)
            assert list(h.by_rank().items()) == list(groups.items())
        after, ref_after = h.remove(cards), ref.remove(cards)
        assert (after is None) is (ref_after is None), (known, unknown, ref.played, cards)
        assert h.holds(cards) is (ref_after is not None)
        if after is None or ref_after is None:
            continue
        h, ref = after, ref_after
        _agree(h, ref)
        assert h.known_cards() == ref.known_cards()  # (carried over from the hand before when it was asked for)
        assert h.cards_or_unknown() == [c.token for c in ref.known_cards()] + ["??"] * (
            ref.size - len(ref.known_cards())
        )


@settings(max_examples=300, deadline=None)
@given(st.lists(cards_st, min_size=1, max_size=12), st.randoms(use_true_random=False))
def test_known_cards_handed_on_are_those_the_counts_give(dealt: list[Card], rng: object) -> None:
    """A fully known hand played down card by card, its known cards or its groups asked for on some hands and not on
    others: what each hand answers (from a list or groups handed on, or from its counts) is what a hand made afresh
    from the same counts answers, and the hand before is left as it was."""
    import random

    assert isinstance(rng, random.Random)
    h = Hand.dealt(dealt)
    while h.size:
        ask = rng.randrange(3)
        before = h.known_cards()
        groups = {r: list(g) for r, g in h.by_rank().items()} if ask == 2 else None
        if ask == 0:
            h = Hand(h.supply, h.demand, h.unknown, h.deficit, h.size)  # nothing asked for: nothing handed on
        held = h.known_cards()
        take = rng.sample(held, rng.randint(1, min(3, len(held))))
        after = h.remove(take)
        assert after is not None and after.size == h.size - len(take)
        fresh = Hand(after.supply, after.demand, after.unknown, after.deficit, after.size)
        if rng.random() < 0.5:
            assert list(after.by_rank().items()) == list(fresh.by_rank().items())
        assert after.known_cards() == fresh.known_cards()
        assert h.known_cards() == before  # the hand before untouched
        if groups is not None:
            assert {r: list(g) for r, g in h.by_rank().items()} == groups
        h = after
