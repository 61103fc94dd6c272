"""Tests of replay/core/cards.py: every accepted token form, interning, repr/str round trips, immutability,
CardError messages, printing order and the four decks of 够级."""

from __future__ import annotations

import copy
import pickle
import re
from collections import Counter

import pytest

from replay.core.cards import (
    BJ,
    DECK,
    PLAIN_RANKS,
    RANK_2,
    RANK_10,
    RANK_A,
    RANK_BJ,
    RANK_J,
    RANK_K,
    RANK_Q,
    RANK_SJ,
    SJ,
    Card,
    CardError,
    card_read,
    cards_read,
    format_cards,
    format_cards_zh,
    full_decks,
    parse_cards,
    rank_name,
)

# token, rank, suit, canonical token
SUITED = [
    ("9S", 9, "S", "9S"),
    ("9s", 9, "S", "9S"),
    ("TS", RANK_10, "S", "10S"),
    ("ts", RANK_10, "S", "10S"),
    ("10S", RANK_10, "S", "10S"),
    ("10s", RANK_10, "S", "10S"),
    ("QH", RANK_Q, "H", "QH"),
    ("qh", RANK_Q, "H", "QH"),
    ("Qh", RANK_Q, "H", "QH"),
    ("3C", 3, "C", "3C"),
    ("JS", RANK_J, "S", "JS"),
    ("KD", RANK_K, "D", "KD"),
    ("AC", RANK_A, "C", "AC"),
    ("as", RANK_A, "S", "AS"),
    ("2C", RANK_2, "C", "2C"),
    ("2h", RANK_2, "H", "2H"),
    # suit symbols before or after the rank, filled and outlined
    ("♠9", 9, "S", "9S"),
    ("9♠", 9, "S", "9S"),
    ("♥Q", RANK_Q, "H", "QH"),
    ("Q♥", RANK_Q, "H", "QH"),
    ("♦10", RANK_10, "D", "10D"),
    ("10♦", RANK_10, "D", "10D"),
    ("♦T", RANK_10, "D", "10D"),
    ("♣A", RANK_A, "C", "AC"),
    ("A♣", RANK_A, "C", "AC"),
    ("♤9", 9, "S", "9S"),
    ("9♡", 9, "H", "9H"),
    ("♢K", RANK_K, "D", "KD"),
    ("2♧", RANK_2, "C", "2C"),
    ("q♠", RANK_Q, "S", "QS"),
    # surrounding white space is ignored
    (" 9S ", 9, "S", "9S"),
]

JOKERS = [
    ("SJ", RANK_SJ),
    ("sj", RANK_SJ),
    ("Sj", RANK_SJ),
    ("BJ", RANK_BJ),
    ("bj", RANK_BJ),
    ("大王", RANK_BJ),
    ("小王", RANK_SJ),
    ("大花", RANK_BJ),
    ("小花", RANK_SJ),
    ("大鬼", RANK_BJ),
    ("小鬼", RANK_SJ),
    ("大虎", RANK_BJ),
    ("小虎", RANK_SJ),
    ("RJ", RANK_BJ),
    ("LJ", RANK_SJ),
]

SUITLESS = [
    ("3", 3, "3"),
    ("9", 9, "9"),
    ("10", RANK_10, "10"),
    ("T", RANK_10, "10"),
    ("t", RANK_10, "10"),
    ("J", RANK_J, "J"),
    ("Q", RANK_Q, "Q"),
    ("q", RANK_Q, "Q"),
    ("K", RANK_K, "K"),
    ("A", RANK_A, "A"),
    ("2", RANK_2, "2"),
]

BAD_TOKENS = [
    "1",
    "0S",
    "1S",
    "11",
    "11S",
    "10X",
    "3X",
    "S9",
    "JJ",
    "QQ",
    "9SS",
    "♠9♠",
    "♠SJ",
    "SJ♠",
    "BJS",
    "♠",
    "S",
    "大",
    "王",
    "??",
    "ZZ",
    "Q Q",
    "9 S",
    "",
    " ",
]


@pytest.mark.parametrize(("token", "rank", "suit", "canon"), SUITED, ids=[t[0] for t in SUITED])
def test_suited_tokens(token: str, rank: int, suit: str, canon: str) -> None:
    c = Card(token)
    assert (c.rank, c.suit) == (rank, suit)
    assert str(c) == c.token == canon
    assert not c.suitless
    assert not c.is_joker
    assert c is Card.of(rank, suit)


@pytest.mark.parametrize(("token", "rank"), JOKERS, ids=[t[0] for t in JOKERS])
def test_joker_tokens(token: str, rank: int) -> None:
    c = Card(token)
    assert c.rank == rank
    assert c.suit is None
    assert c.is_joker
    assert not c.suitless
    assert c is (SJ if rank == RANK_SJ else BJ)
    assert str(c) == ("SJ" if rank == RANK_SJ else "BJ")


@pytest.mark.parametrize(("token", "rank", "canon"), SUITLESS, ids=[t[0] for t in SUITLESS])
def test_suitless_tokens(token: str, rank: int, canon: str) -> None:
    c = Card(token)
    assert c.rank == rank
    assert c.suit is None
    assert c.suitless
    assert not c.is_joker
    assert str(c) == canon
    assert c is Card.of(rank)
    # a suitless card is a card of its own, distinct from every suited card of its rank
    assert all(c is not Card.of(rank, s) for s in "SHDC")


def test_interning() -> None:
    assert Card("TS") is Card("10S")
    assert Card("10S") is Card("♠10") is Card("10♠") is Card("ts") is Card("♤T") is Card.of(RANK_10, "S")
    assert Card("QH") is Card("qh") is Card("♥Q")
    assert Card("大王") is Card("BJ") is Card("大花") is Card("大鬼") is BJ
    assert Card("小王") is Card("SJ") is Card("小花") is Card("小鬼") is SJ
    assert Card("Q") is Card("q")
    assert Card("Q") is not Card("QS")
    assert Card("9S") is not Card("9H")
    # cards from the deck are the interned ones too
    assert DECK[0] is Card("3S")
    assert DECK[-1] is BJ and DECK[-2] is SJ


def test_equality_and_hash_follow_identity() -> None:
    assert Card("10S") == Card("TS")
    assert Card("10S") != Card("10H")
    assert Card("10S") != Card("10")
    assert len({Card("TS"), Card("10S"), Card("♠10"), Card("10H")}) == 2
    assert Counter(parse_cards("QS qs ♠Q QH"))[Card("QS")] == 3


def _all_cards() -> list[Card]:
    return list(DECK) + [Card.of(r) for r in PLAIN_RANKS]


@pytest.mark.parametrize("card", _all_cards(), ids=str)
def test_repr_is_the_constructor_call_and_str_round_trips(card: Card) -> None:
    r = repr(card)
    assert r == f"Card({str(card)!r})"
    m = re.fullmatch(r"Card\('([^']+)'\)", r)
    assert m is not None, r
    assert Card(m.group(1)) is card
    assert Card(str(card)) is card
    assert Card(card.token) is card
    assert Card(str(card).lower()) is card
    assert Card(card.glyph()) is card


def test_zh_and_glyph() -> None:
    assert Card("QS").zh() == "黑桃Q"
    assert Card("10H").zh() == "红桃10"
    assert Card("2D").zh() == "方块2"
    assert Card("AC").zh() == "梅花A"
    assert Card("Q").zh() == "Q"
    assert BJ.zh() == "大王"
    assert SJ.zh() == "小王"
    assert Card("10S").glyph() == "♠10"
    assert Card("QH").glyph() == "♥Q"
    assert Card("Q").glyph() == "Q"
    assert BJ.glyph() == "BJ"


def test_rank_names() -> None:
    names = [rank_name(r) for r in range(3, 18)]
    assert names == ["3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A", "2", "SJ", "BJ"]


@pytest.mark.parametrize("attr", ["rank", "suit", "slot", "token", "colour"])
def test_cards_are_immutable(attr: str) -> None:
    c = Card("9S")
    with pytest.raises(AttributeError):
        setattr(c, attr, 3)
    assert (c.rank, c.suit, c.token) == (9, "S", "9S")
    assert not hasattr(c, "__dict__")


def test_card_attributes_cannot_be_deleted() -> None:
    c = Card("9S")
    saved = c.rank
    try:
        with pytest.raises(AttributeError):
            del c.rank
    finally:
        if not hasattr(c, "rank"):
            object.__setattr__(c, "rank", saved)  # repair the shared interned card
    assert c.rank == 9


def test_copy_and_pickle_keep_identity() -> None:
    c = Card("QH")
    assert copy.copy(c) is c
    assert copy.deepcopy(c) is c
    assert pickle.loads(pickle.dumps(c)) is c
    assert pickle.loads(pickle.dumps(Card("Q"))) is Card("Q")
    assert pickle.loads(pickle.dumps(BJ)) is BJ


@pytest.mark.parametrize("token", BAD_TOKENS, ids=repr)
def test_card_error_quotes_the_bad_token(token: str) -> None:
    with pytest.raises(CardError) as info:
        Card(token)
    err = info.value
    assert isinstance(err, ValueError)
    assert err.token == token
    assert repr(token) in str(err)
    assert "expected" in str(err)


@pytest.mark.parametrize("value", [5, None, b"9S", 9.0])
def test_card_error_for_non_strings(value: object) -> None:
    with pytest.raises(CardError) as info:
        Card(value)  # type: ignore[arg-type]  # the wrong type under test
    assert "not a string" in str(info.value)
    assert repr(value) in str(info.value)


def test_parse_cards_error_names_the_token() -> None:
    with pytest.raises(CardError) as info:
        parse_cards("QS 10X QH")
    assert info.value.token == "10X"
    assert "'10X'" in str(info.value)


def test_card_of_errors() -> None:
    with pytest.raises(CardError, match="rank out of range"):
        Card.of(99)
    with pytest.raises(CardError, match="rank out of range"):
        Card.of(2)
    with pytest.raises(CardError, match="jokers have no suit"):
        Card.of(RANK_SJ, "S")
    with pytest.raises(CardError, match="jokers have no suit"):
        Card.of(RANK_BJ, "H")


def test_card_of_bad_suit_message() -> None:
    with pytest.raises(CardError) as info:
        Card.of(3, "X")
    assert "'3X'" in str(info.value)
    assert "joker" not in str(info.value)


def test_parse_cards_forms() -> None:
    expected = [Card("3S"), Card("QH"), Card("10"), BJ]
    assert parse_cards("3S QH 10 BJ") == expected
    assert parse_cards("3S,QH, 10,大王") == expected
    assert parse_cards("  3S\tQH\n10   BJ ") == expected
    assert parse_cards(["3S", "qh", "T", "bj"]) == expected
    assert parse_cards("") == []
    assert parse_cards([]) == []


MIXED = "3S Q QS QC BJ SJ 2H 10D 10 4H 2H"


def test_format_cards_high_first() -> None:
    cards = parse_cards(MIXED)
    # by rank high to low; within a rank the suitless card first, then C, D, H, S
    assert format_cards(cards) == "BJ SJ 2H 2H Q QC QS 10 10D 4H 3S"


def test_format_cards_low_first() -> None:
    cards = parse_cards(MIXED)
    assert format_cards(cards, high_first=False) == "3S 4H 10D 10 QS QC Q 2H 2H SJ BJ"


def test_format_cards_canonical_tokens_and_input_order_ignored() -> None:
    assert format_cards(parse_cards("♠10 TS 大王 小花")) == "BJ SJ 10S 10S"
    a = parse_cards(MIXED)
    assert format_cards(list(reversed(a))) == format_cards(a)
    assert format_cards([]) == ""


def test_format_cards_zh() -> None:
    assert format_cards_zh(parse_cards(MIXED)) == "大王 小王 ♥2 ♥2 Q ♣Q ♠Q 10 ♦10 ♥4 ♠3"
    assert format_cards_zh(parse_cards("3S BJ")) == "大王 ♠3"
    assert format_cards_zh([]) == ""


def test_sorting_cards() -> None:
    cards = parse_cards("BJ 3S 2C SJ AH 10")
    assert [c.token for c in sorted(cards)] == ["3S", "10", "AH", "2C", "SJ", "BJ"]


def test_one_deck() -> None:
    assert len(DECK) == 54
    assert len(set(DECK)) == 54
    assert all(not c.suitless for c in DECK)
    assert full_decks(1) == list(DECK)


def test_full_decks_four() -> None:
    cards = full_decks(4)
    assert len(cards) == 216
    counts = Counter(cards)
    assert len(counts) == 54
    assert set(counts.values()) == {4}
    assert counts[BJ] == 4 and counts[SJ] == 4
    assert all(not c.suitless for c in cards)
    per_rank = Counter(c.rank for c in cards)
    assert all(per_rank[r] == 16 for r in PLAIN_RANKS)
    assert per_rank[RANK_SJ] == per_rank[RANK_BJ] == 4
    assert set(counts) == set(DECK)


def test_full_decks_removed_ranks() -> None:
    cards = full_decks(4, removed_ranks=[3, 4, 5])
    assert len(cards) == 216 - 3 * 16
    assert {c.rank for c in cards} == set(range(6, 18))
    assert full_decks(0) == []


def test_a_card_is_read_as_every_page_shows_it() -> None:
    """Issue 35, item 6: the table, the rulings, the desk and the sheet show a card one way: a suited card by its
    suit's mark (♠5, not 5S), a suitless one by its rank, the jokers 小王 大王 in Chinese; no card: ?."""
    assert cards_read(["5S", "5S", "10H", "AC"], zh=True) == ["♠5", "♠5", "♥10", "♣A"]
    assert cards_read(["5S", "10H"]) == ["♠5", "♥10"]  # the same in English
    assert [card_read(t, zh=True) for t in ("Q", "SJ", "BJ", "大王")] == ["Q", "小王", "大王", "大王"]
    assert [card_read(t) for t in ("Q", "SJ", "BJ")] == ["Q", "SJ", "BJ"]
    assert card_read("XQ", zh=True) == "?" and card_read("??") == "?"
