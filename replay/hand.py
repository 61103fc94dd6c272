"""A seat's hand as the record knows it: known cards, unknown cards, and what has left it.

A score sheet may give a hand in full, in part (unknown cards ``??``) or not at all, and may write
played cards without suits (``Q``). A hand therefore keeps what was received (``supply``: counts per
slot, plus ``unknown`` wildcards) and what was played or given (``demand``), and answers whether the
record is still possible: every suited card played is matched by the same card, a suitless card of
its rank, or an unknown card; every suitless card by any card of its rank or an unknown one.

The counts per slot (``supply``, ``demand``) are ``bytes`` (a hand of at most 255 cards: every count fits a byte),
else tuples of ints: a sequence of ints either way. Bytes are copied and changed (through a ``bytearray``) without
an object per count, and the garbage collector never looks into them (a play makes a new ``demand``).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from replay.cards import N_SLOTS, RANK_2, RANK_BJ, RANK_SJ, Card

_ZERO = bytes(N_SLOTS)  # no card in any slot
_ZERO_T = (0,) * N_SLOTS  # the same, for a hand of more than _BYTE cards
_BYTE = 255  # bytes hold counts up to this: a hand of more cards (dealt, unknown or received) counts in tuples
SLOT_CARD: tuple[Card, ...] = tuple(  # the card of each slot (suitless in the fifth)
    Card.of(slot // 5 + 3, None if slot % 5 == 4 else "SHDC"[slot % 5])
    if slot // 5 + 3 < RANK_SJ or slot % 5 == 4
    else Card.of(slot // 5 + 3)
    for slot in range(N_SLOTS)
)


def _suits(supply: Sequence[int], demand: Sequence[int], b: int) -> tuple[int, int, list[tuple[int, int]]]:
    """For the four suited slots from ``b``: suited plays beyond the known cards (excess), known
    cards not played (surplus), and those cards per slot."""
    excess = surplus = 0
    left = []
    for k in range(b, b + 4):
        d = demand[k] - supply[k]
        if d > 0:
            excess += d
        else:
            surplus -= d
            left.append((k, -d))
    return excess, surplus, left


def _rank_deficit(supply: Sequence[int], demand: Sequence[int], ri: int) -> int:
    """How many unknown cards rank index ``ri`` needs to cover its demand."""
    b = ri * 5
    if ri >= 13:  # jokers: one slot
        return max(0, demand[b + 4] - supply[b + 4])
    excess, surplus, _ = _suits(supply, demand, b)
    free = supply[b + 4]  # suitless known cards of this rank
    need = demand[b + 4]  # suitless cards played
    if excess > free:
        return excess - free + max(0, need - surplus)
    return max(0, need - surplus - (free - excess))


def _rank_left(supply: Sequence[int], demand: Sequence[int], ri: int) -> list[tuple[int, int]]:
    """The known cards of rank index ``ri`` that every reading of the record leaves in the hand, as
    (slot, count); when suitless plays make the suits uncertain they come in the suitless slot."""
    b = ri * 5
    if ri >= 13:
        n = supply[b + 4] - demand[b + 4]
        return [(b + 4, n)] if n > 0 else []
    excess, surplus, left = _suits(supply, demand, b)
    free = supply[b + 4] - min(supply[b + 4], excess)  # suitless known cards not needed for suited plays
    need = demand[b + 4]  # suitless plays: taken from the known cards as far as they go
    if need == 0:
        out = [(k, n) for k, n in left if n]
        return [*out, (b + 4, free)] if free else out
    rest = surplus + free - min(need, surplus + free)
    return [(b + 4, rest)] if rest > 0 else []


# per slot: the suitless slot of its rank for a suited card below the jokers (a suitless play of the rank makes its
# suit uncertain), -2 for a suitless card below the jokers (its suit is never certain), -1 for a joker
_FREE = tuple(
    -1 if slot // 5 + 3 >= RANK_SJ else -2 if slot % 5 == 4 else slot - slot % 5 + 4 for slot in range(N_SLOTS)
)
_SLOTS_DESC = tuple(ri * 5 + k for ri in range(14, -1, -1) for k in range(5))  # rank high first, S H D C
_DESC_ORDER = {SLOT_CARD[k]: i for i, k in enumerate(_SLOTS_DESC)}  # a card's place in known_cards's order


def _less(groups: dict[int, list[Card]], cards: Sequence[Card]) -> dict[int, list[Card]]:
    """``groups`` (``Hand.by_rank``) without ``cards`` (held): the played ranks' lists copied, the rest shared,
    the ranks in the same order."""
    out = groups.copy()
    for c in cards:
        r = c.rank
        group = out[r]
        if group is groups[r]:
            if len(group) == 1:  # its last card
                del out[r]
                continue
            group = out[r] = group.copy()
        _drop(group, c)
        if not group:
            del out[r]
    return out


def _frozen(counts: bytearray | list[int]) -> Sequence[int]:
    """Counts changed by ``Hand.remove`` made immutable again, as they were (bytes, else a tuple)."""
    return bytes(counts) if counts.__class__ is bytearray else tuple(counts)


def _drop(cards: list[Card], card: Card) -> None:
    """Remove ``card`` (held) from ``cards``, found by identity: cards are interned, so this is ``cards.remove(card)``
    without its ``==`` on every card before it (Card's ordering makes each of those a slow call)."""
    for i, c in enumerate(cards):
        if c is card:
            del cards[i]
            return
    raise ValueError(f"{card} not held")


class Hand:
    """An immutable hand. ``size`` is the number of cards held now."""

    __slots__ = ("_groups", "_known", "_plain", "deficit", "demand", "size", "supply", "unknown")

    supply: Sequence[int]  # bytes, or a tuple of ints (see the module's doc)
    demand: Sequence[int]
    unknown: int
    deficit: int
    size: int

    def __init__(self, supply: Sequence[int], demand: Sequence[int], unknown: int, deficit: int, size: int) -> None:
        self.supply, self.demand, self.unknown, self.deficit, self.size = (supply, demand, unknown, deficit, size)
        self._known: list[Card] | None = None
        self._plain = False  # _known holds exact cards (every play matched by the same known card)
        self._groups: dict[int, list[Card]] | None = None

    @classmethod
    def dealt(cls, cards: Iterable[Card | None]) -> Hand:
        """A hand as dealt; None entries are unknown cards."""
        supply = [0] * N_SLOTS
        unknown = 0
        for c in cards:
            if c is None:
                unknown += 1
            else:
                supply[c.slot] += 1
        size = sum(supply) + unknown
        if size <= _BYTE:
            return cls(bytes(supply), _ZERO, unknown, 0, size)
        return cls(tuple(supply), _ZERO_T, unknown, 0, size)

    @classmethod
    def unknown_of(cls, size: int) -> Hand:
        """A hand of ``size`` cards none of which is known."""
        return cls(_ZERO, _ZERO, size, 0, size) if size <= _BYTE else cls(_ZERO_T, _ZERO_T, size, 0, size)

    @property
    def fully_known(self) -> bool:
        """True when every card of the hand as dealt is known."""
        return self.unknown == 0

    def remove(self, cards: Sequence[Card]) -> Hand | None:
        """The hand after ``cards`` leave it, or None when the record makes that impossible."""
        n = len(cards)
        size = self.size
        if n > size:
            return None
        old = self.demand
        demand = bytearray(old) if old.__class__ is bytes else list(old)  # bytes: no count is over 255 (see dealt)
        supply = self.supply
        simple = self.deficit == 0
        for c in cards:
            k = c.slot
            d = demand[k] + 1
            demand[k] = d
            if simple:
                free = _FREE[k]
                if d > supply[k] or free == -2 or (free >= 0 and demand[free]):
                    simple = False
        if simple:  # every card matched by the same card, and no suitless play of its rank pending
            new = Hand(supply, _frozen(demand), self.unknown, 0, size - n)
            if not self._plain:
                return new
            if self._groups is not None:  # the exact cards held by rank, less those that left
                new._groups, new._plain = _less(self._groups, cards), True  # (known_cards finds them again)
            else:  # the exact cards held, less those that left
                known = list(self._known or ())
                for c in cards:
                    _drop(known, c)
                new._known, new._plain = known, True
            return new
        ranks = {c.rank - 3 for c in cards}
        deficit = self.deficit
        for ri in ranks:
            deficit += _rank_deficit(supply, demand, ri) - _rank_deficit(supply, old, ri)
        if deficit > self.unknown:
            return None
        return Hand(supply, _frozen(demand), self.unknown, deficit, size - n)

    def add(self, cards: Sequence[Card]) -> Hand:
        """The hand after receiving ``cards`` (tribute, a returned card)."""
        supply = list(self.supply)
        for c in cards:
            supply[c.slot] += 1
        size = self.size + len(cards)
        fits = self.supply.__class__ is bytes and sum(supply) + self.unknown <= _BYTE
        new_supply: Sequence[int] = bytes(supply) if fits else tuple(supply)
        demand = self.demand if fits or self.demand.__class__ is not bytes else tuple(self.demand)
        if self.deficit == 0:  # every play matched: more cards leave nothing unmatched
            new = Hand(new_supply, demand, self.unknown, 0, size)
            if self._plain and self._known is not None:  # the exact cards held, and those received, high first
                new._known, new._plain = sorted([*self._known, *cards], key=_DESC_ORDER.__getitem__), True
            return new
        deficit = sum(_rank_deficit(new_supply, self.demand, ri) for ri in range(15))
        return Hand(new_supply, demand, self.unknown, deficit, size)

    def holds(self, cards: Sequence[Card]) -> bool:
        """True when the record allows this hand to hold ``cards`` now."""
        return self.remove(cards) is not None

    def rank_counts(self) -> list[int]:
        """Known cards that must still be held, per rank (index rank - 3); unknown cards left out."""
        return [sum(n for _, n in _rank_left(self.supply, self.demand, ri)) for ri in range(15)]

    def known_cards(self) -> list[Card]:
        """The cards that must still be held, high first; cards of uncertain suit come suitless."""
        if self._known is None:
            plain = self._plain_cards()
            self._plain = plain is not None
            self._known = (
                plain
                if plain is not None
                else [
                    SLOT_CARD[slot]
                    for ri in range(14, -1, -1)
                    for slot, n in _rank_left(self.supply, self.demand, ri)
                    for _ in range(n)
                ]
            )
        return list(self._known)

    def by_rank(self) -> dict[int, list[Card]]:
        """The known cards held grouped by rank, high first within a rank. Shared: do not mutate."""
        if self._groups is None:
            groups: dict[int, list[Card]] = {}
            if self._known is None:
                self.known_cards()
            for c in self._known or ():
                groups.setdefault(c.rank, []).append(c)
            self._groups = groups
        return self._groups

    def _plain_cards(self) -> list[Card] | None:
        """The cards held when every play was matched by the same known card (the common case)."""
        if self.unknown or self.deficit:
            return None
        out: list[Card] = []
        s, d = self.supply, self.demand
        for k in _SLOTS_DESC:
            n = s[k]
            m = d[k]
            if m:
                if m > n or _FREE[k] == -2:
                    return None  # a play matched by another card, or suitless plays: suits uncertain
                n -= m
            if n == 1:
                out.append(SLOT_CARD[k])
            elif n:
                out += [SLOT_CARD[k]] * n
        return out

    def cards_or_unknown(self) -> list[str]:
        """Tokens for display: known cards, then ``??`` for each card that cannot be named."""
        known = self.known_cards()
        return [c.token for c in known] + ["??"] * (self.size - len(known))

    def count_of(self, rank: int) -> int:
        """Known cards of ``rank`` held now."""
        return self.rank_counts()[rank - 3]

    def has_tribute_card(self) -> bool | None:
        """Whether the hand holds a joker or a 2 (None when unknown cards make it uncertain)."""
        counts = self.rank_counts()
        if counts[RANK_2 - 3] or counts[RANK_SJ - 3] or counts[RANK_BJ - 3]:
            return True
        return None if self.size > sum(counts) else False

    def __repr__(self) -> str:
        return f"Hand({' '.join(self.cards_or_unknown())!r})"

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Hand):
            return NotImplemented
        return (self.supply, self.demand, self.unknown) == (other.supply, other.demand, other.unknown)

    def __hash__(self) -> int:
        return hash((self.supply, self.demand, self.unknown))
