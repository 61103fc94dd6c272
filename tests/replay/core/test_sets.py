"""Tests of replay/core/sets.py: SET-FORM (make_set), beating (SET-COUNT, SET-RANK, CARD-ORDER, SET-BIGJOKER,
SET-SMALLJOKER) with the seed's examples, and RULES §1's claim that the sort-key
comparison is equivalent to the rules (a hypothesis property over random pairs of sets)."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from replay.core.cards import RANK_2, RANK_10, RANK_BJ, RANK_J, RANK_Q, RANK_SJ, Card, parse_cards
from replay.core.sets import CardSet, SetFormError, make_set, sort_key_compare, why_not_beats


def S(text: str, twos_attach: bool = True) -> CardSet:
    return make_set(parse_cards(text), twos_attach)


def fields(s: CardSet) -> tuple[int, int, int, int, int]:
    return (s.base, s.n, s.twos, s.sj, s.bj)


# ---------------------------------------------------------------------------------------------
# SET-FORM


@pytest.mark.parametrize(
    ("cards", "expected", "size"),
    [
        ("9S", (9, 1, 0, 0, 0), 1),
        ("9S 9H 9", (9, 3, 0, 0, 0), 3),
        ("QS QS QS QS QS QS QS QS QS QS QS QS QS QS QS QS", (RANK_Q, 16, 0, 0, 0), 16),
        ("2C", (RANK_2, 1, 0, 0, 0), 1),
        ("2 2 2", (RANK_2, 3, 0, 0, 0), 3),
        # attached 2s count as the base rank: 2x2 + 4x10 is six 10s
        ("2 2 10 10 10 10", (RANK_10, 6, 2, 0, 0), 6),
        ("10 2 10 2 10 10", (RANK_10, 6, 2, 0, 0), 6),
        ("2H 3S", (3, 2, 1, 0, 0), 2),
        # attached jokers
        ("SJ 9 9 9", (9, 3, 0, 1, 0), 4),
        ("SJ SJ 9 9 9", (9, 3, 0, 2, 0), 5),
        ("BJ BJ J J J", (RANK_J, 3, 0, 0, 2), 5),
        ("SJ BJ 9", (9, 1, 0, 1, 1), 3),
        ("2 SJ 9", (9, 2, 1, 1, 0), 3),
        ("2 SJ", (RANK_2, 1, 0, 1, 0), 2),
        ("2 2 BJ", (RANK_2, 2, 0, 0, 1), 3),
        # jokers only: the base is the lowest joker in it
        ("SJ", (RANK_SJ, 1, 0, 0, 0), 1),
        ("BJ", (RANK_BJ, 1, 0, 0, 0), 1),
        ("SJ SJ", (RANK_SJ, 2, 0, 0, 0), 2),
        ("BJ BJ BJ", (RANK_BJ, 3, 0, 0, 0), 3),
        ("SJ BJ", (RANK_SJ, 1, 0, 0, 1), 2),
        ("BJ SJ BJ SJ", (RANK_SJ, 2, 0, 0, 2), 4),
    ],
)
def test_make_set(cards: str, expected: tuple[int, int, int, int, int], size: int) -> None:
    s = S(cards)
    assert fields(s) == expected
    assert s.size == size == len(parse_cards(cards))


def test_jokers_only_sj_bj_is_dead_with_base_sj() -> None:
    s = S("SJ BJ")
    assert s.base == RANK_SJ
    assert s.bj == 1
    assert s.dead
    assert s.has_joker
    assert s.big_jokers == 1
    # nothing of two cards beats it
    for answer in ("BJ BJ", "SJ SJ", "2 2", "SJ BJ"):
        assert not S(answer).beats(s)
        assert why_not_beats(S(answer), s) == "SET-BIGJOKER"


def test_sj_pair_is_beaten_only_by_bj_pair() -> None:
    table = S("SJ SJ")
    assert not table.dead
    assert S("BJ BJ").beats(table)
    assert why_not_beats(S("SJ BJ"), table) == "CARD-ORDER"
    assert why_not_beats(S("SJ SJ"), table) == "CARD-ORDER"
    assert why_not_beats(S("2 2"), table) == "SET-RANK"
    assert why_not_beats(S("BJ SJ 2"), table) == "SET-COUNT"


def test_big_jokers_counts_a_bj_base() -> None:
    assert S("BJ BJ").big_jokers == 2
    assert S("BJ BJ 9").big_jokers == 2
    assert S("SJ BJ BJ").big_jokers == 2
    assert S("SJ SJ").big_jokers == 0
    assert not S("BJ BJ").dead  # a set of big jokers is not "attached"; it is simply the highest
    assert S("BJ 3").dead


@pytest.mark.parametrize(
    ("cards", "twos_attach", "words"),
    [
        ("9 10", True, ["9", "10", "different ranks"]),
        ("9S 10S", True, ["9", "10"]),
        ("2 9 10", True, ["9", "10", "2"]),
        ("SJ 9 10", True, ["9", "10"]),
        ("3 A", True, ["3", "A"]),
        ("2 9", False, ["2s may not be attached", "9", "2"]),
        ("2 2 K K", False, ["2s may not be attached", "K"]),
        ("", True, ["at least one card"]),
    ],
)
def test_set_form_errors(cards: str, twos_attach: bool, words: list[str]) -> None:
    with pytest.raises(SetFormError) as info:
        S(cards, twos_attach)
    assert info.value.rule == "SET-FORM"
    assert isinstance(info.value, ValueError)
    for w in words:
        assert w in str(info.value)


def test_twos_without_attaching() -> None:
    assert fields(S("2 2", twos_attach=False)) == (RANK_2, 2, 0, 0, 0)
    assert fields(S("2 SJ", twos_attach=False)) == (RANK_2, 1, 0, 1, 0)
    assert fields(S("9 9 BJ", twos_attach=False)) == (9, 2, 0, 0, 1)


# ---------------------------------------------------------------------------------------------
# Beating


@pytest.mark.parametrize(
    ("answer", "table", "rule"),
    [
        # SET-COUNT
        ("10 10", "9", "SET-COUNT"),
        ("10", "9 9", "SET-COUNT"),
        ("BJ", "BJ 3", "SET-COUNT"),  # the count is checked before anything else
        ("2 2 10 10", "9 9 9 9 9", "SET-COUNT"),
        # SET-RANK
        ("8 8", "9 9", "SET-RANK"),
        ("A A", "2 2", "SET-RANK"),
        ("2 A A", "2 2 2", "SET-RANK"),  # attached 2s do not raise the base
        ("SJ 9", "10 10", "SET-RANK"),  # a joker does not lift a lower base
        ("2 2", "SJ SJ", "SET-RANK"),
        # CARD-ORDER: suits never matter, same rank never beats
        ("9S 9S", "9H 9D", "CARD-ORDER"),
        ("9 9", "9C 9C", "CARD-ORDER"),
        ("2 9", "9 9", "CARD-ORDER"),
        ("BJ BJ 9 9 9", "SJ SJ 9 9 9", "CARD-ORDER"),
        ("BJ", "BJ", "CARD-ORDER"),
        # SET-BIGJOKER: a big joker attached to a lower base is a dead set
        ("BJ BJ", "BJ 3", "SET-BIGJOKER"),
        ("BJ BJ BJ", "BJ 2 2", "SET-BIGJOKER"),
        ("BJ BJ BJ", "BJ SJ SJ", "SET-BIGJOKER"),
        ("BJ BJ 2 2", "BJ 3 3 3", "SET-BIGJOKER"),
        # SET-SMALLJOKER
        ("BJ J J J J", "SJ SJ 9 9 9", "SET-SMALLJOKER"),
        ("SJ SJ J J J", "SJ SJ 9 9 9", "SET-SMALLJOKER"),
        ("SJ BJ J J J", "SJ SJ 9 9 9", "SET-SMALLJOKER"),
        ("2 2 2 2 2", "SJ SJ 9 9 9", "SET-SMALLJOKER"),
        ("SJ 10", "SJ 9", "SET-SMALLJOKER"),
        ("SJ SJ", "SJ 9", "SET-SMALLJOKER"),
        ("SJ SJ BJ", "SJ SJ 2", "SET-SMALLJOKER"),
        # beats
        ("10", "9", None),
        ("10 10", "9 9", None),
        ("2 2 10 10 10 10", "9 9 9 9 9 9", None),
        ("J J J", "2 10 10", None),
        ("2 2 2", "2 A A", None),
        ("SJ 10", "9 9", None),  # a plain set may be beaten by a higher set with jokers
        ("BJ 10", "9 9", None),
        ("SJ", "2", None),
        ("BJ", "SJ", None),
        ("BJ BJ", "SJ SJ", None),
        ("BJ 10", "SJ 9", None),
        ("SJ BJ", "SJ 9", None),
        ("BJ BJ", "SJ 9", None),
        ("SJ BJ BJ", "SJ SJ 2", None),
        ("BJ BJ BJ", "SJ SJ 2", None),
        ("BJ SJ 10", "SJ 9 9", None),
    ],
)
def test_why_not_beats(answer: str, table: str, rule: str | None) -> None:
    a, t = S(answer), S(table)
    assert why_not_beats(a, t) == rule
    assert a.beats(t) is (rule is None)
    assert sort_key_compare(parse_cards(answer), parse_cards(table)) is (rule is None)


def test_seed_small_joker_examples() -> None:
    """Seed 004: 2 SJ + 999 is beaten by 2 BJ + JJJ, or by 3 BJ + JJ; not by 1 BJ + JJJJ nor 2 SJ + JJJ."""
    table = S("SJ SJ 9 9 9")
    assert table.has_joker and not table.dead
    assert S("BJ BJ J J J").beats(table)
    assert S("BJ BJ BJ J J").beats(table)
    assert not S("BJ J J J J").beats(table)
    assert why_not_beats(S("BJ J J J J"), table) == "SET-SMALLJOKER"
    assert not S("SJ SJ J J J").beats(table)
    assert why_not_beats(S("SJ SJ J J J"), table) == "SET-SMALLJOKER"
    # a big-joker answer must also be higher in rank
    assert why_not_beats(S("BJ BJ 9 9 9"), table) == "CARD-ORDER"
    assert why_not_beats(S("BJ BJ 8 8 8"), table) == "SET-RANK"
    # and once a big joker is attached the answer is dead itself
    assert S("BJ BJ J J J").dead


def test_nothing_beats_a_dead_set() -> None:
    table = S("BJ 3 3")
    assert table.dead
    for answer in ("BJ BJ BJ", "SJ SJ SJ", "2 2 2", "BJ BJ A", "SJ BJ BJ"):
        assert not S(answer).beats(table)


# ---------------------------------------------------------------------------------------------
# RULES §1: beats is equivalent to the sort-key comparison

NAMES = {10: "10", RANK_J: "J", RANK_Q: "Q", 13: "K", 14: "A", RANK_2: "2"}


@st.composite
def card_sets(draw: st.DrawFn, size: int) -> list[Card]:
    """A random set of ``size`` cards that four decks can hold, in random order with random suits."""
    bases = list(range(3, 16)) + ([RANK_SJ] if size <= 8 else []) + ([RANK_BJ] if size <= 4 else [])
    base = draw(st.sampled_from(bases))
    if base == RANK_BJ:
        tokens = ["BJ"] * size
    elif base == RANK_SJ:
        lo = max(0, size - 4)
        bj = draw(st.one_of(st.just(lo), st.integers(lo, min(4, size - 1))))
        tokens = ["SJ"] * (size - bj) + ["BJ"] * bj
    else:
        # mostly plain sets, and attached big jokers (dead sets) less often than small ones
        jokers = draw(st.one_of(st.just(0), st.integers(0, min(size - 1, 8))))
        lo = max(0, jokers - 4)
        bj = draw(st.one_of(st.just(lo), st.integers(lo, min(jokers, 4))))
        rest = size - jokers
        twos = draw(st.integers(0, rest - 1)) if base < RANK_2 else 0
        name = NAMES.get(base, str(base))
        suits = st.sampled_from(["S", "H", "D", "C", ""])
        tokens = [name + draw(suits) for _ in range(rest - twos)] + ["2" + draw(suits) for _ in range(twos)]
        tokens += ["SJ"] * (jokers - bj) + ["BJ"] * bj
    return [Card(t) for t in draw(st.permutations(tokens))]


@st.composite
def set_pairs(draw: st.DrawFn) -> tuple[list[Card], list[Card]]:
    size = draw(st.integers(1, 7))
    other = draw(st.one_of(st.just(size), st.just(size), st.just(size), st.integers(1, 7)))
    return draw(card_sets(size)), draw(card_sets(other))


def test_card_sets_strategy_draws_valid_sets() -> None:
    @settings(max_examples=300, deadline=None, database=None)
    @given(st.integers(1, 8).flatmap(card_sets))
    def check(cards: list[Card]) -> None:
        s = make_set(cards)
        assert s.size == len(cards)
        assert sum(c.rank == RANK_BJ for c in cards) <= 4
        assert sum(c.rank == RANK_SJ for c in cards) <= 4

    check()


def test_beats_agrees_with_sort_key_compare() -> None:
    runs: list[bool] = []

    @settings(max_examples=1000, deadline=None, database=None, suppress_health_check=[HealthCheck.too_slow])
    @given(set_pairs())
    def check(pair: tuple[list[Card], list[Card]]) -> None:
        answer, table = pair
        a, t = make_set(answer), make_set(table)
        result = a.beats(t)
        assert result is sort_key_compare(answer, table), (answer, table, why_not_beats(a, t))
        assert result is (why_not_beats(a, t) is None)
        if result:
            # beating is antisymmetric and never holds between sets of the same base
            assert not t.beats(a)
            assert a.base > t.base
            assert a.size == t.size
        runs.append(result)

    check()
    assert len(runs) >= 1000
    assert any(runs) and not all(runs)


def _beats_by_rule(a: CardSet, t: CardSet) -> str | None:
    """why_not_beats written with the set's properties (size, dead, big_jokers)."""
    if a.size != t.size:
        return "SET-COUNT"
    if t.dead:
        return "SET-BIGJOKER"
    if a.base == t.base:
        return "CARD-ORDER"
    if a.base < t.base:
        return "SET-RANK"
    if t.sj and t.base < RANK_SJ and a.big_jokers < t.sj:
        return "SET-SMALLJOKER"
    return None


_SETS = [
    CardSet(base, n, 0, sj, bj)
    for base in range(3, RANK_BJ + 1)
    for n in range(0, 7)
    for sj in range(0, 3)
    for bj in range(0, 3)
    if n or base >= RANK_SJ
]


def test_why_not_beats_matches_the_properties() -> None:
    """why_not_beats, reading the fields, rules as the properties say on every pair of small sets."""
    small = [s for s in _SETS if s.n <= 3 and s.sj <= 1 and s.bj <= 1]
    for a in small:
        for t in small:
            assert why_not_beats(a, t) == _beats_by_rule(a, t), (a, t)


def test_sets_made_are_kept_by_cards() -> None:
    """make_set keeps each set it made in SETS (by the cards, without and with 2s attached)."""
    from replay.core.sets import SETS

    cards = tuple(parse_cards("5S 5H 2C"))
    made = make_set(cards, True)
    assert SETS[1][cards] is made and made == CardSet(5, 3, 1)
    assert make_set(list(cards), True) is made
    with pytest.raises(SetFormError):
        make_set(cards, False)
    assert cards not in SETS[0]
