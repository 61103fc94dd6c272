"""一套牌: one play of a climbing game, its form (SET-FORM) and beating (够级's own test of a set is
``replay.games.gouji.sets``).

A set is N cards of one base rank, plus attached 2s (贴钱, where the profile allows) and attached
jokers (挂花). The base may itself be 2 or a joker; a set of jokers only has the lowest joker in it
as its base.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from operator import attrgetter
from typing import NamedTuple

from replay.core.cards import RANK_2, RANK_BJ, RANK_SJ, Card
from replay.core.errors import FupanError


class SetFormError(FupanError):
    """Cards that do not form one set; ``rule`` is the rule ID they break (SET-FORM)."""

    rule = "SET-FORM"


class CardSet(NamedTuple):
    """A played set: ``base`` rank, ``n`` cards counted as the base (attached 2s included), and
    the attached small and big jokers. ``size`` is the number of cards."""

    base: int
    n: int
    twos: int = 0
    sj: int = 0
    bj: int = 0

    @property
    def size(self) -> int:
        """Number of cards in the set."""
        return self.n + self.sj + self.bj

    @property
    def big_jokers(self) -> int:
        """Big jokers in the set, attached or as its base."""
        return self.bj + (self.n if self.base == RANK_BJ else 0)

    @property
    def has_joker(self) -> bool:
        """True when any card of the set is a joker."""
        return self.sj > 0 or self.bj > 0 or self.base >= RANK_SJ

    @property
    def dead(self) -> bool:
        """SET-BIGJOKER: a big joker attached to a lower base makes a set nothing can beat."""
        return self.bj > 0 and self.base < RANK_BJ

    def beats(self, other: CardSet) -> bool:
        """True when this set may answer ``other`` (SET-COUNT, SET-RANK and both joker rules)."""
        return why_not_beats(self, other) is None

    def __repr__(self) -> str:
        fields = [f"base={self.base}", f"n={self.n}"]
        fields += [f"{k}={v}" for k, v in (("twos", self.twos), ("sj", self.sj), ("bj", self.bj)) if v]
        return f"CardSet({', '.join(fields)})"


def why_not_beats(answer: CardSet, table: CardSet) -> str | None:
    """The rule ID that stops ``answer`` from beating ``table``, or None when it beats it."""
    base, sj, bj = table.base, table.sj, table.bj  # the properties (size, dead, big_jokers) read from the fields
    if answer.n + answer.sj + answer.bj != table.n + sj + bj:
        return "SET-COUNT"
    if bj > 0 and base < RANK_BJ:
        return "SET-BIGJOKER"
    if answer.base == base:
        return "CARD-ORDER"
    if answer.base < base:
        return "SET-RANK"
    if sj and base < RANK_SJ and answer.bj + (answer.n if answer.base == RANK_BJ else 0) < sj:
        return "SET-SMALLJOKER"
    return None


# the sets make_set made so far, by their cards, without and with 2s attached (SETS[twos_attach]): a play's set is
# made once (the two dicts are cleared when full, never replaced: an engine holds the one of its game, Climbing._take)
SETS: tuple[dict[tuple[Card, ...], CardSet], dict[tuple[Card, ...], CardSet]] = ({}, {})
MAX_SET = 216  # the cards of four decks: a longer play is made afresh each time, never kept


def make_set(cards: Sequence[Card], twos_attach: bool = True) -> CardSet:
    """The set formed by ``cards``; raises SetFormError (rule SET-FORM) when they form none."""
    made_by = SETS[1 if twos_attach else 0]
    key = tuple(cards)
    found = made_by.get(key)
    if found is not None:
        return found
    made = _make_set(cards, twos_attach)
    if len(made_by) > 50_000:
        made_by.clear()
    if len(key) <= MAX_SET:  # (a hostile log's play of millions of cards is not kept)
        made_by[key] = made
    return made


_COUNTED = 64  # a play of more cards has its ranks counted by Counter (no set of four decks holds more than 216)
_rank = attrgetter("rank")


def _make_set(cards: Sequence[Card], twos_attach: bool) -> CardSet:
    if not cards:
        raise SetFormError("a play needs at least one card")
    sj = bj = twos = 0
    plain: dict[int, int] = {}
    if len(cards) > _COUNTED:  # a long list (a hostile log's): its ranks counted in one pass of C
        plain = Counter(map(_rank, cards))
        sj, bj = plain.pop(RANK_SJ, 0), plain.pop(RANK_BJ, 0)
    else:
        for c in cards:
            r = c.rank
            if r == RANK_BJ:
                bj += 1
            elif r == RANK_SJ:
                sj += 1
            else:
                plain[r] = plain.get(r, 0) + 1
    if not plain:
        # Jokers only: the base is the lowest joker in it.
        if sj:
            return CardSet(base=RANK_SJ, n=sj, bj=bj)
        return CardSet(base=RANK_BJ, n=bj)
    if len(plain) == 1:
        ((base, n),) = plain.items()
        return CardSet(base=base, n=n, sj=sj, bj=bj)
    if twos_attach and RANK_2 in plain and len(plain) == 2:
        twos = plain.pop(RANK_2)
        ((base, n),) = plain.items()
        return CardSet(base=base, n=n + twos, twos=twos, sj=sj, bj=bj)
    ranks = sorted(plain)
    names = ", ".join(_rank_label(r) for r in ranks)
    if RANK_2 in plain and not twos_attach:
        raise SetFormError(f"2s may not be attached in this game (ranks {names})")
    raise SetFormError(f"cards of different ranks ({names}) cannot be played together")


def _rank_label(rank: int) -> str:
    from replay.core.cards import rank_name

    return rank_name(rank)


def sort_key_compare(answer: Sequence[Card], table: Sequence[Card], twos_attach: bool = True) -> bool:
    """RULES §1's equivalent test: sort both high to low (attached 2s as the base rank); the answer
    beats when each card is strictly higher than the card in the same place."""

    def ranks(cards: Sequence[Card]) -> list[int]:
        s = make_set(cards, twos_attach)
        out = [s.base] * s.n + [RANK_SJ] * s.sj + [RANK_BJ] * s.bj
        if s.base >= RANK_SJ:
            out = [c.rank for c in cards]
        return sorted(out, reverse=True)

    a, t = ranks(answer), ranks(table)
    return len(a) == len(t) and all(x > y for x, y in zip(a, t, strict=True))
