"""A seat's hand as the record knows it: known cards, unknown cards, and what has left it.

A score sheet may give a hand in full, in part (unknown cards ``??``) or not at all, and may write
played cards without suits (``Q``). A hand therefore keeps what was received (``supply``: counts per
slot, plus ``unknown`` wildcards) and what was played or given (``demand``), and answers whether the
record is still possible: every suited card played is matched by the same card, a suitless card of
its rank, or an unknown card; every suitless card by any card of its rank or an unknown one.

``supply`` and ``demand`` read as ``bytes`` for a hand of at most ``SMALL`` (127) cards (dealt, unknown and received
together), else as tuples of ints: a sequence of ints either way. A small hand packs its counts into two Python ints,
a byte a slot (slot ``k`` in bits ``8k`` to ``8k + 7``, as ``int.to_bytes(N_SLOTS, "little")`` reads them):

- ``_supply``: the counts received per slot, and the unknown cards from bit ``_TOP`` (``8 * N_SLOTS``) on;
- ``_rest``: per slot ``128 + s - d``, ``d`` the count played and ``s`` the count received, except in the suitless
  slots below the jokers, where ``s`` counts as 0. No count of a small hand reaches 128, so each byte stays within
  1 … 255 (nothing carries into its neighbour), and its top bit (the guard) is set exactly when the slot's plays are
  matched by its own cards and, in a suitless slot, when nothing suitless was played.

A play subtracts its cards' units from ``_rest`` (one subtraction); when every guard is still set, every card played
was matched by the same known card and no suit is uncertain: the record stays possible with no unknown card spent,
and the cards held are those received less those played (the common case, taken without looking at a slot). Anything
else counts per rank (``_rank_deficit``) over the counts as bytes; a hand with no known card counts its plays. A larger
hand keeps ``supply`` (with the unknown cards last) and ``demand`` as tuples in ``_supply`` and ``_rest`` and always
counts per rank.

The known cards (``known_cards``, ``by_rank``) are worked out from the counts when first asked for and kept; a play
from a hand whose cards were asked for hands them on, less the cards played, to the hand after it (asked for again
there, they go on to the next). A hand built afresh from the same counts gives the same answers.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from replay.core.cards import N_SLOTS, RANK_2, RANK_BJ, RANK_SJ, Card

SMALL = 127  # a hand of at most this many cards packs its counts in ints (see the module's doc), a larger one in tuples
_ZERO_T = (0,) * N_SLOTS  # no card in any slot, for a hand of more than SMALL cards
SLOT_CARD: tuple[Card, ...] = tuple(  # the card of each slot (suitless in the fifth)
    Card.of(slot // 5 + 3, None if slot % 5 == 4 else "SHDC"[slot % 5])
    if slot // 5 + 3 < RANK_SJ or slot % 5 == 4
    else Card.of(slot // 5 + 3)
    for slot in range(N_SLOTS)
)
# per slot: the suitless slot of its rank for a suited card below the jokers (a suitless play of the rank makes its
# suit uncertain), -2 for a suitless card below the jokers (its suit is never certain), -1 for a joker
_FREE = tuple(
    -1 if slot // 5 + 3 >= RANK_SJ else -2 if slot % 5 == 4 else slot - slot % 5 + 4 for slot in range(N_SLOTS)
)
_GUARDS = sum(0x80 << 8 * k for k in range(N_SLOTS))  # every slot's guard bit (and a bias of 128 a slot)
_SUITLESS = sum(0xFF << 8 * k for k in range(N_SLOTS) if _FREE[k] == -2)  # the suitless slots below the jokers
_SLOTS = (1 << 8 * N_SLOTS) - 1  # every slot's byte
_SUITED = _SLOTS ^ _SUITLESS  # the others (suited cards and jokers)
_TOP = 8 * N_SLOTS  # a small hand's supply counts its unknown cards from this bit on
_ONE_UNKNOWN = 1 << _TOP  # a small hand's supply is below this when it has no unknown card
_SLOTS_DESC = tuple(ri * 5 + k for ri in range(14, -1, -1) for k in range(5))  # rank high first, S H D C
_DESC_ORDER = {SLOT_CARD[k]: i for i, k in enumerate(_SLOTS_DESC)}  # a card's place in known_cards's order
_order = _DESC_ORDER.__getitem__
_UNIT_OF = {SLOT_CARD[k]: 1 << 8 * k for k in range(N_SLOTS) if SLOT_CARD[k].slot == k}  # a card's unit, packed
_new = object.__new__


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


def _deficit(
    deficit: int, supply: Sequence[int], old: Sequence[int], demand: Sequence[int], cards: Sequence[Card]
) -> int:
    """A hand's deficit (``deficit`` with the demand ``old``) after ``cards`` made its demand ``demand``."""
    simple = deficit == 0
    if simple:  # every card matched by the same card, and no suitless play of its rank: nothing changes
        for c in cards:
            k = c.slot
            free = _FREE[k]
            if demand[k] > supply[k] or free == -2 or (free >= 0 and demand[free]):
                simple = False
                break
        if simple:
            return 0
    for ri in {c.rank - 3 for c in cards}:
        deficit += _rank_deficit(supply, demand, ri) - _rank_deficit(supply, old, ri)
    return deficit


def _pack(supply: Sequence[int], demand: Sequence[int], unknown: int) -> tuple[Any, Any]:
    """A hand's ``(_supply, _rest)`` from its counts and its unknown cards (see the module's doc)."""
    if sum(supply) + unknown <= SMALL and max(demand, default=0) <= SMALL:
        s = int.from_bytes(bytes(supply), "little")
        return s + (unknown << _TOP), _GUARDS + (s & _SUITED) - int.from_bytes(bytes(demand), "little")
    return (*supply, unknown), tuple(demand)


def _make(supply: Any, rest: Any, deficit: int, size: int, cache: Any = None) -> Hand:
    """A hand from its fields, without ``Hand.__init__``'s packing."""
    new: Hand = _new(Hand)
    new._supply = supply
    new._rest = rest
    new.deficit = deficit
    new.size = size
    new._cache = cache
    return new


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


def _without(held: list[Card], cards: Sequence[Card]) -> list[Any]:
    """The exact known cards ``held`` (known_cards's list) without ``cards`` (held): a cache handed on (see
    ``Hand._cache``). Each card is found by identity (cards are interned; ``==`` on a card is a slow call)."""
    held = list(held)
    for card in cards:
        i = 0
        for c in held:
            if c is card:
                break
            i += 1
        else:
            raise ValueError(f"{card} not held")
        del held[i]
    return [held, True, False]


def _drop(cards: list[Card], card: Card) -> None:
    """Remove ``card`` (held) from ``cards``, found by identity: cards are interned, so this is ``cards.remove(card)``
    without its ``==`` on every card before it (Card's ordering makes each of those a slow call)."""
    for i, c in enumerate(cards):
        if c is card:
            del cards[i]
            return
    raise ValueError(f"{card} not held")


def _cards_of(counts: bytes) -> list[Card]:
    """The cards of per-slot ``counts``, in known_cards's order."""
    out: list[Card] = []
    for k in _SLOTS_DESC:
        n = counts[k]
        while n:
            out.append(SLOT_CARD[k])
            n -= 1
    return out


class Hand:
    """An immutable hand. ``size`` is the number of cards held now; ``deficit`` the unknown cards the record needs."""

    __slots__ = ("_cache", "_rest", "_supply", "deficit", "size")

    # the packed counts (an int) of a small hand and its unknown cards from bit _TOP, else the counts' tuple and
    # the unknown cards (see the module's doc)
    _supply: Any
    _rest: Any  # a small hand's packed 128 + received - played (an int), else the demand's tuple
    # None (nothing known yet) or [known, exact, asked]: known the cards held (known_cards's list; a dict, by_rank's),
    # exact True when every play was matched by the same card (the list is the cards received less those played),
    # asked False while the cache is only handed on from the hand before (a play hands it on only when asked for)
    _cache: Any
    deficit: int
    size: int

    def __init__(self, supply: Sequence[int], demand: Sequence[int], unknown: int, deficit: int, size: int) -> None:
        self._supply, self._rest = _pack(supply, demand, unknown)
        self.deficit, self.size = deficit, size
        self._cache = None

    @classmethod
    def dealt(cls, cards: Iterable[Card | None]) -> Hand:
        """A hand as dealt; None entries are unknown cards."""
        cards = list(cards)
        size = len(cards)
        if size > SMALL:
            counts = [0] * N_SLOTS
            for c in cards:
                if c is not None:
                    counts[c.slot] += 1
            return cls(counts, _ZERO_T, sum(c is None for c in cards), 0, size)
        packed = bytearray(N_SLOTS)
        unknown = 0
        for c in cards:
            if c is None:
                unknown += 1
            else:
                packed[c.slot] += 1
        supply = int.from_bytes(packed, "little")
        return _make(supply + (unknown << _TOP), _GUARDS + (supply & _SUITED), 0, size)

    @classmethod
    def unknown_of(cls, size: int) -> Hand:
        """A hand of ``size`` cards none of which is known."""
        return _make(size << _TOP, _GUARDS, 0, size) if size <= SMALL else cls(_ZERO_T, _ZERO_T, size, 0, size)

    @property
    def unknown(self) -> int:
        """The cards of the hand as dealt or received that the record does not name."""
        s = self._supply
        return s >> _TOP if type(s) is int else s[-1]

    @property
    def supply(self) -> Sequence[int]:
        """The cards received, counts per slot (bytes for a hand of at most SMALL cards, else a tuple)."""
        s = self._supply
        return (s & _SLOTS).to_bytes(N_SLOTS, "little") if type(s) is int else s[:-1]

    @property
    def demand(self) -> Sequence[int]:
        """The cards played or given, counts per slot (bytes for a hand of at most SMALL cards, else a tuple)."""
        rest = self._rest
        if type(rest) is int:
            return (_GUARDS + (self._supply & _SUITED) - rest).to_bytes(N_SLOTS, "little")  # type: ignore[no-any-return]  # an int's bytes
        return rest  # type: ignore[no-any-return]  # a tuple

    @property
    def fully_known(self) -> bool:
        """True when every card of the hand as dealt is known."""
        s = self._supply
        return s < _ONE_UNKNOWN if type(s) is int else s[-1] == 0

    def remove(self, cards: Sequence[Card]) -> Hand | None:
        """The hand after ``cards`` leave it, or None when the record makes that impossible."""
        n = len(cards)
        size = self.size
        if n > size:
            return None
        rest = self._rest
        if type(rest) is not int:
            return self._remove_counted(cards)
        if n == 1:
            after = rest - _UNIT_OF[cards[0]]
        else:
            played = 0
            for c in cards:
                played += _UNIT_OF[c]
            after = rest - played
        if after & _GUARDS == _GUARDS:  # every card matched by the same known card: nothing uncertain (module doc)
            new: Hand = _new(Hand)
            new._supply = self._supply
            new._rest = after
            new.deficit = 0
            new.size = size - n
            cache = self._cache  # exact (every guard was set): handed on when asked for, less the cards played
            if cache is None or not cache[2]:
                new._cache = None
            else:
                known = cache[0]
                new._cache = [_less(known, cards), False, False] if type(known) is dict else _without(known, cards)
            return new
        supply = self._supply
        unknown = supply >> _TOP
        if supply & _SLOTS == 0:  # no card known: each card played is an unknown one
            deficit = self.deficit + n
            return None if deficit > unknown else _make(supply, after, deficit, size - n)
        known = supply & _SUITED
        deficit = _deficit(
            self.deficit,
            (supply & _SLOTS).to_bytes(N_SLOTS, "little"),
            (_GUARDS + known - rest).to_bytes(N_SLOTS, "little"),
            (_GUARDS + known - after).to_bytes(N_SLOTS, "little"),
            cards,
        )
        if deficit > unknown:
            return None
        return _make(supply, after, deficit, size - n)

    def _remove_counted(self, cards: Sequence[Card]) -> Hand | None:
        """``remove`` for a hand of more than SMALL cards (counts in tuples)."""
        old = self._rest
        demand = list(old)
        for c in cards:
            demand[c.slot] += 1
        supply = self._supply
        deficit = _deficit(self.deficit, supply, old, demand, cards)
        if deficit > supply[-1]:
            return None
        return _make(supply, tuple(demand), deficit, self.size - len(cards))

    def add(self, cards: Sequence[Card]) -> Hand:
        """The hand after receiving ``cards`` (tribute, a returned card)."""
        size = self.size + len(cards)
        supply = self._supply
        unknown = self.unknown
        if type(supply) is int and sum(self.supply) + len(cards) + unknown <= SMALL:
            got = 0
            for c in cards:
                got += _UNIT_OF[c]
            rest = self._rest + (got & _SUITED)
            if self.deficit == 0:  # every play matched: more cards leave nothing unmatched
                cache = self._cache
                if cache is not None and cache[1]:  # exact cards known: and those received
                    held = sorted([*cache[0], *cards], key=_order)
                    cache = [held, True, False]
                else:
                    cache = None
                return _make(supply + got, rest, 0, size, cache)
            new = _make(supply + got, rest, 0, size)
        else:
            counts = list(self.supply)
            for c in cards:
                counts[c.slot] += 1
            new = _make((*counts, unknown), tuple(self.demand), 0, size)
            if self.deficit == 0:
                return new
        s, d = new.supply, new.demand
        new.deficit = sum(_rank_deficit(s, d, ri) for ri in range(15))
        return new

    def holds(self, cards: Sequence[Card]) -> bool:
        """True when the record allows this hand to hold ``cards`` now."""
        return self.remove(cards) is not None

    def rank_counts(self) -> list[int]:
        """Known cards that must still be held, per rank (index rank - 3); unknown cards left out."""
        s, d = self.supply, self.demand
        return [sum(n for _, n in _rank_left(s, d, ri)) for ri in range(15)]

    def _known(self) -> list[Card]:
        """The known cards held (known_cards's list, kept: do not mutate), now asked for (see ``_cache``)."""
        cache = self._cache
        if cache is not None:
            cache[2] = True
            known = cache[0]
            return known if type(known) is list else [c for group in known.values() for c in group]
        rest = self._rest
        if type(rest) is int and rest & _GUARDS == _GUARDS:  # nothing uncertain: received less played
            known = _cards_of((rest - _GUARDS + (self._supply & _SUITLESS)).to_bytes(N_SLOTS, "little"))
            self._cache = [known, True, True]
            return known
        s, d = self.supply, self.demand
        known = [SLOT_CARD[slot] for ri in range(14, -1, -1) for slot, n in _rank_left(s, d, ri) for _ in range(n)]
        self._cache = [known, False, True]
        return known

    def known_cards(self) -> list[Card]:
        """The cards that must still be held, high first; cards of uncertain suit come suitless."""
        cache = self._cache
        if cache is not None and type(cache[0]) is list:  # (``_known``'s first case, inlined: asked for every play)
            cache[2] = True
            return list(cache[0])
        return list(self._known())

    def by_rank(self) -> dict[int, list[Card]]:
        """The known cards held grouped by rank, high first within a rank. Shared: do not mutate."""
        cache = self._cache
        if cache is not None and type(cache[0]) is dict:
            cache[2] = True
            return cache[0]
        groups: dict[int, list[Card]] = {}
        for c in self._known():
            groups.setdefault(c.rank, []).append(c)
        self._cache = [groups, False, True]
        return groups

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
        return (self._supply, self._rest) == (other._supply, other._rest)

    def __hash__(self) -> int:
        return hash((self._supply, self._rest))
