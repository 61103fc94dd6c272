"""Tests of replay/games/gouji/sets.py: GJ-GOUJI-SET's thresholds with the seed's examples (attached 2s and jokers
included), and its table by base rank (GOUJI_NEED) against the rule as written, on every small set."""

from __future__ import annotations

from itertools import product

import pytest

from replay.core.cards import RANK_2, RANK_BJ, RANK_SJ, parse_cards
from replay.core.sets import CardSet, make_set
from replay.games.gouji.sets import is_gouji


def S(text: str) -> CardSet:
    return make_set(parse_cards(text), True)


# ---------------------------------------------------------------------------------------------
# GJ-GOUJI-SET


@pytest.mark.parametrize(
    ("cards", "gouji"),
    [
        # thresholds and one below
        ("A A", True),
        ("A", False),
        ("A A A A A", True),
        ("K K", True),
        ("K", False),
        ("Q Q Q", True),
        ("Q Q", False),
        ("J J J J", True),
        ("J J J", False),
        ("10 10 10 10 10", True),
        ("10 10 10 10", False),
        ("10 10 10 10 10 10 10 10 10 10 10 10 10 10 10 10", True),
        # a single 2 (钱), any number of 2s
        ("2", True),
        ("2C", True),
        ("2 2 2", True),
        # any joker
        ("SJ", True),
        ("BJ", True),
        ("SJ SJ", True),
        ("SJ BJ", True),
        ("SJ 3", True),
        ("BJ 4 4", True),
        ("SJ 9 9", True),
        # nine and below never, however many
        ("9 9 9 9 9 9 9 9 9", False),
        ("9 9 9 9 9 9 9 9 9 9 9 9 9 9 9 9", False),
        ("3 3 3 3 3 3 3 3 3 3 3 3 3 3 3 3", False),
        ("9 9 9 9 9 9 9 9 9 SJ", True),
        ("9 9 9 9 9 9 9 9 9 BJ", True),
        # attached 2s count toward the number of the base
        ("2 2 10 10 10 10", True),  # six 10s
        ("2 10 10 10 10", True),  # five 10s
        ("2 10 10 10", False),  # four 10s
        ("2 2 J J", True),  # four Js
        ("2 J J", False),  # three Js
        ("2 Q Q", True),
        ("2 Q", False),
        ("2 K", True),
        ("2 A", True),
        # a 2 attached to 9s (or lower) does not make it 够级
        ("2 9 9 9", False),
        ("2 2 2 9", False),
        ("2 3", False),
    ],
)
def test_is_gouji(cards: str, gouji: bool) -> None:
    assert is_gouji(S(cards)) is gouji


def _gouji_by_rule(s: CardSet) -> bool:
    """GJ-GOUJI-SET as the rule says it: any joker, a base of 2, or enough cards of A, K, Q, J or 10."""
    if s.has_joker or s.base == RANK_2:
        return True
    need = {14: 2, 13: 2, 12: 3, 11: 4, 10: 5}.get(s.base)
    return need is not None and s.n >= need


def test_gouji_table_matches_the_rule() -> None:
    """is_gouji's table by base rank (GOUJI_NEED) says what the rule says, for every base up to the big joker,
    count up to six and up to two jokers of each kind (a set of jokers alone has a joker base)."""
    checked = 0
    for base, n, sj, bj in product(range(3, RANK_BJ + 1), range(7), range(3), range(3)):
        if n == 0 and base < RANK_SJ:
            continue  # no set: a plain base needs a card of its own
        s = CardSet(base, n, 0, sj, bj)
        assert is_gouji(s) is _gouji_by_rule(s), s
        checked += 1
    assert checked == 828  # 13 bases 3 … 2 × 6 counts × 9 joker pairs, 2 joker bases × 7 counts × 9
