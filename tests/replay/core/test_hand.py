"""Tests of replay/core/hand.py: hands as dealt, removing and adding cards, unknown cards (??), suitless plays
against suited hands, partial hands, display, has_tribute_card, and a property test of ``remove``
against a brute-force matching of played cards to dealt cards."""

from __future__ import annotations

import pytest
from hand_matching import matched
from hypothesis import given, settings
from hypothesis import strategies as st

from replay.core import hand as hand_module
from replay.core.cards import BJ, N_SLOTS, RANK_2, RANK_Q, RANK_SJ, SJ, Card, parse_cards
from replay.core.hand import SMALL, Hand
from replay.formats.log import parse_log
from replay.replay import Replay


def P(text: str) -> list[Card]:
    return parse_cards(text)


def dealt(text: str) -> Hand:
    """A hand from tokens, ``??`` for an unknown card."""
    return Hand.dealt([None if t == "??" else Card(t) for t in text.split()])


def shown(h: Hand) -> str:
    return " ".join(h.cards_or_unknown())


# ---------------------------------------------------------------------------------------------
# Known cards


def test_dealt_known_cards() -> None:
    h = dealt("3C QH BJ QS 2D")
    assert h.size == 5
    assert h.fully_known
    assert h.unknown == 0
    assert h.known_cards() == P("BJ 2D QS QH 3C")
    assert shown(h) == "BJ 2D QS QH 3C"
    assert h.count_of(RANK_Q) == 2
    assert h.count_of(RANK_2) == 1
    assert h.count_of(5) == 0


def test_remove_known_cards() -> None:
    h = dealt("QS QH 3C")
    h2 = h.remove(P("QS"))
    assert h2 is not None
    assert h2.size == 2
    assert shown(h2) == "QH 3C"
    assert h2.remove(P("QS")) is None  # the only QS has gone
    assert h2.remove(P("QH 3C")) is not None
    assert h2.remove(P("QH 3C")).size == 0  # type: ignore[union-attr]  # the cards are held
    # the original hand is unchanged (hands are values)
    assert h.size == 3
    assert shown(h) == "QS QH 3C"


def test_remove_cards_not_held() -> None:
    h = dealt("QS QH 3C")
    assert h.remove(P("KC")) is None
    assert h.remove(P("QD")) is None
    assert h.remove(P("BJ")) is None
    assert h.remove(P("QS QH 3C 3C")) is None  # more cards than the hand holds
    assert h.remove(P("3C 3C")) is None
    assert not h.holds(P("KC"))
    assert h.holds(P("QS 3C"))
    assert h.remove([]) == h


def test_add_cards() -> None:
    h = dealt("3S")
    h2 = h.add(P("BJ 2C"))
    assert h2.size == 3
    assert shown(h2) == "BJ 2C 3S"
    assert h.size == 1
    h3 = h2.remove(P("BJ"))
    assert h3 is not None and shown(h3) == "2C 3S"
    # a card received can be played, one not received cannot
    assert h.add(P("QH")).remove(P("QH")) is not None
    assert h.add(P("QH")).remove(P("QS")) is None


def test_add_after_a_play_is_checked_against_the_record() -> None:
    h = dealt("QS QH").add(P("2C"))
    assert shown(h) == "2C QS QH"
    h2 = h.remove(P("2C QS"))
    assert h2 is not None and shown(h2) == "QH"


def test_equality_and_hash() -> None:
    assert dealt("QS QH") == dealt("QH QS")
    assert hash(dealt("QS QH")) == hash(dealt("QH QS"))
    assert dealt("QS QH") != dealt("QS QD")
    assert dealt("QS ??") != dealt("QS QH")
    # the same cards left by different records are different hands
    a = dealt("QS QH QD").remove(P("QD"))
    b = dealt("QS QH")
    assert a is not None
    assert a.size == b.size and shown(a) == shown(b)
    assert a != b


def test_repr() -> None:
    assert repr(dealt("QS ?? 3C")) == "Hand('QS 3C ??')"


# ---------------------------------------------------------------------------------------------
# Unknown cards


def test_unknown_cards() -> None:
    h = dealt("QS ?? ??")
    assert h.size == 3
    assert not h.fully_known
    assert h.known_cards() == P("QS")
    assert h.cards_or_unknown() == ["QS", "??", "??"]
    # any card may come from an unknown one
    h2 = h.remove(P("BJ"))
    assert h2 is not None
    assert h2.cards_or_unknown() == ["QS", "??"]
    h3 = h2.remove(P("7D"))
    assert h3 is not None
    assert h3.cards_or_unknown() == ["QS"]
    # both unknown cards are spent: only the QS is left
    assert h3.remove(P("BJ")) is None
    assert h3.remove(P("QS")) is not None


def test_unknown_cards_cover_several_plays_at_once() -> None:
    h = dealt("QS ?? ??")
    assert h.remove(P("QS QS QS")) is not None
    assert h.remove(P("BJ BJ")) is not None
    assert h.remove(P("BJ BJ BJ")) is None  # only two unknown cards
    assert h.remove(P("BJ SJ 3S")) is None
    assert h.remove(P("BJ SJ QS")) is not None


def test_wholly_unknown_hand() -> None:
    h = Hand.unknown_of(5)
    assert h.size == 5
    assert h.known_cards() == []
    assert h.cards_or_unknown() == ["??"] * 5
    assert h.remove(P("BJ BJ BJ BJ 3S")) is not None
    assert h.remove(P("BJ BJ BJ BJ 3S 3S")) is None
    assert h == dealt("?? ?? ?? ?? ??")


# ---------------------------------------------------------------------------------------------
# Suitless plays


def test_suitless_play_then_suited_play() -> None:
    h = dealt("QS QH")
    h1 = h.remove(P("Q"))
    assert h1 is not None and h1.size == 1
    # the Q played might have been either: the queen left has an uncertain suit
    assert h1.known_cards() == [Card("Q")]
    assert shown(h1) == "Q"
    h2 = h1.remove(P("QS"))
    assert h2 is not None and h2.size == 0
    assert h2.remove(P("QS")) is None


def test_suitless_play_leaves_either_suit_possible() -> None:
    h1 = dealt("QS QH").remove(P("Q"))
    assert h1 is not None
    assert h1.remove(P("QS")) is not None
    assert h1.remove(P("QH")) is not None
    assert h1.remove(P("QD")) is None
    assert h1.remove(P("Q")) is not None
    assert h1.remove(P("K")) is None


def test_same_suited_card_twice_is_impossible() -> None:
    h = dealt("QS QH")
    assert h.remove(P("QS QS")) is None
    h1 = h.remove(P("QS"))
    assert h1 is not None
    assert h1.remove(P("QS")) is None
    assert h1.remove(P("QH")) is not None


def test_suited_play_then_suitless_play() -> None:
    h = dealt("QS QH")
    h1 = h.remove(P("QS"))
    assert h1 is not None
    assert h1.remove(P("Q")) is not None
    assert h.remove(P("Q Q")) is not None
    assert h.remove(P("Q Q Q")) is None


def test_suitless_cards_in_a_suited_hand_of_three() -> None:
    h = dealt("QS QH QD")
    h1 = h.remove(P("Q"))
    assert h1 is not None
    h2 = h1.remove(P("QS"))
    assert h2 is not None
    assert h2.remove(P("QS")) is None  # only one QS was dealt
    assert h2.remove(P("Q")) is not None
    assert h2.remove(P("QH")) is not None
    assert h2.remove(P("QD")) is not None


def test_suitless_hand_against_suited_plays() -> None:
    h = dealt("Q Q 10")
    assert shown(h) == "Q Q 10"
    h1 = h.remove(P("QS"))
    assert h1 is not None
    assert shown(h1) == "Q 10"
    # a suitless queen may be a second QS (four decks)
    h2 = h1.remove(P("QS"))
    assert h2 is not None and shown(h2) == "10"
    assert h.remove(P("QS QH")) is not None
    assert h.remove(P("QS QH QD")) is None
    assert h.remove(P("10C Q")) is not None
    assert h.remove(P("JC")) is None


# ---------------------------------------------------------------------------------------------
# Partial hands


def test_partial_hand() -> None:
    h = dealt("QS ??")
    h1 = h.remove(P("QH"))  # the QH can only be the unknown card
    assert h1 is not None
    h2 = h1.remove(P("QS"))
    assert h2 is not None and h2.size == 0
    assert h1.remove(P("QD")) is None
    # a suitless Q may be the QS or the unknown card
    h3 = h.remove(P("Q"))
    assert h3 is not None
    assert h3.remove(P("QS")) is not None
    assert h3.remove(P("BJ")) is not None
    assert h3.remove(P("QS")).size == 0  # type: ignore[union-attr]  # the card is held


def test_partial_hand_display() -> None:
    h = dealt("BJ 2C ?? 3S ??")
    assert h.cards_or_unknown() == ["BJ", "2C", "3S", "??", "??"]
    h1 = h.remove(P("BJ"))
    assert h1 is not None
    assert h1.cards_or_unknown() == ["2C", "3S", "??", "??"]
    h2 = h1.remove(P("9D"))
    assert h2 is not None
    assert h2.size == 3
    assert h2.known_cards() == P("2C 3S")
    assert h2.cards_or_unknown() == ["2C", "3S", "??"]


# ---------------------------------------------------------------------------------------------
# has_tribute_card (GJ-TRIBUTE, GJ-REVOLUTION)


@pytest.mark.parametrize(
    ("hand", "expected"),
    [
        ("3S 4H", False),
        ("3S 4H AC AC KD", False),
        ("2C 3S", True),
        ("2", True),
        ("SJ", True),
        ("BJ 3S", True),
        ("3S ??", None),
        ("2 ??", True),
        ("SJ ?? ??", True),
        ("??", None),
    ],
)
def test_has_tribute_card(hand: str, expected: bool | None) -> None:
    assert dealt(hand).has_tribute_card() is expected


def test_has_tribute_card_after_play_and_tribute() -> None:
    h = dealt("2C 3S").remove(P("2C"))
    assert h is not None and h.has_tribute_card() is False
    h = dealt("2C 3S ??").remove(P("2C"))
    assert h is not None and h.has_tribute_card() is None
    assert dealt("3S").add([BJ]).has_tribute_card() is True
    assert dealt("3S").add([SJ]).remove([SJ]).has_tribute_card() is False  # type: ignore[union-attr]  # the card is held
    assert Hand.unknown_of(3).has_tribute_card() is None
    h = dealt("2C 2D 3S").remove(P("2"))
    assert h is not None and h.has_tribute_card() is True


def test_known_card_survives_a_play_covered_by_an_unknown_card() -> None:
    h = dealt("2C ??").remove(P("2H"))
    assert h is not None and h.size == 1
    assert h.remove(P("2C")) is not None and h.remove(P("2D")) is None  # the hand is exactly 2C
    assert h.count_of(RANK_2) == 1
    assert h.has_tribute_card() is True
    assert h.known_cards() == P("2C")


def test_refuse_while_holding_the_rank_is_illegal() -> None:
    hand = "2C" + " ??" * 35
    text = (
        "fupan/1 gouji\nprofile gouji-online\nprevious finish 0 1 2 3 4 5\nprevious first_leader 5\n"
        f"hand 4 {hand}\nevents\n4 tribute 1 2H\n1 return 4 2D\n4 refuse 1 2D\n"
    )
    rep = Replay(parse_log(text, "refuse.txt"))
    assert [v.legal for v in rep.verdicts[:2]] == [True, True]
    assert rep.verdicts[2].legal is False
    assert rep.verdicts[2].rule == "GJ-TRIBUTE"


# ---------------------------------------------------------------------------------------------
# Property: remove agrees with a brute-force matching of played cards to dealt cards

RANK_TOKENS = ["Q", "K", "2"]
SUITS = ["S", "H", ""]


cards_st = st.one_of(
    st.builds(lambda r, s: Card(r + s), st.sampled_from(RANK_TOKENS), st.sampled_from(SUITS)),
    st.just(SJ),
)
dealt_st = st.lists(st.one_of(cards_st, st.none()), max_size=7)
step_st = st.tuples(st.booleans(), st.lists(cards_st, min_size=1, max_size=3))


@settings(max_examples=600, deadline=None)
@given(dealt_st, st.lists(step_st, max_size=5))
def test_remove_agrees_with_brute_force(dealt_cards: list[Card | None], steps: list[tuple[bool, list[Card]]]) -> None:
    h = Hand.dealt(dealt_cards)
    supply = list(dealt_cards)
    played: list[Card] = []
    for is_add, cards in steps:
        if is_add:
            h = h.add(cards)
            supply += cards
            assert h.size == len(supply) - len(played)
            continue
        after = h.remove(cards)
        assert (after is not None) is (matched(supply, played + cards) == len(played + cards)), (
            dealt_cards,
            played,
            cards,
        )
        if after is not None:
            h = after
            played += cards
            assert h.size == len(supply) - len(played)
        assert len(h.cards_or_unknown()) == h.size
        assert len(h.known_cards()) <= h.size


def test_counts_are_bytes_for_a_hand_of_up_to_small_cards() -> None:
    """A hand of at most SMALL cards reads its counts per slot as bytes, through plays and received cards."""
    h = dealt("QS QS 3C ??")
    assert type(h.supply) is bytes and type(h.demand) is bytes
    after = h.remove(P("QS"))
    assert after is not None and type(after.demand) is bytes and after.demand[Card("QS").slot] == 1
    got = after.add(P("2H"))
    assert type(got.supply) is bytes and got.supply[Card("2H").slot] == 1 and got.size == 4
    assert type(Hand.unknown_of(5).demand) is bytes
    full = Hand.dealt([Card("3S")] * (SMALL - 1) + [None])
    assert type(full.supply) is bytes and full.supply[Card("3S").slot] == SMALL - 1 and full.unknown == 1
    gone = full.remove([Card("3S")] * SMALL)  # the unknown card is the last 3S
    assert gone is not None and gone.size == 0 and gone.deficit == 1 and gone.demand[Card("3S").slot] == SMALL
    assert full.remove([Card("3S")] * (SMALL - 1) + [Card("4S")]) is not None
    assert full.remove([Card("4S"), Card("4S")]) is None


def test_counts_are_tuples_for_a_hand_of_more_than_small_cards() -> None:
    """A hand of more than SMALL cards counts in tuples (the packed counts hold no more), and plays and received cards
    work; a hand that grows beyond SMALL cards turns to tuples."""
    big = Hand.dealt([Card("3S")] * 300)
    assert type(big.supply) is tuple and type(big.demand) is tuple and big.size == 300
    after = big.remove([Card("3S")] * 280)
    assert after is not None and after.demand[Card("3S").slot] == 280 and after.size == 20
    assert after.remove([Card("3S")] * 21) is None
    assert type(Hand.unknown_of(300).demand) is tuple and Hand.unknown_of(300).unknown == 300
    near = dealt(" ".join(["4H"] * SMALL))
    assert type(near.supply) is bytes
    grown = near.add(P("4H"))
    assert type(grown.supply) is tuple and type(grown.demand) is tuple and grown.supply[Card("4H").slot] == SMALL + 1
    gone = grown.remove([Card("4H")] * (SMALL + 1))
    assert gone is not None and gone.size == 0
    assert gone == Hand(grown.supply, gone.demand, 0, 0, 0)


def test_free_slot_table() -> None:
    """_FREE (Hand.remove's table): a suited card below the jokers names its rank's suitless slot, a suitless card
    below the jokers is -2 (its suit never certain), a joker -1."""
    from replay.core.hand import _FREE

    for slot in range(N_SLOTS):
        rank = slot // 5 + 3
        if rank >= RANK_SJ:
            assert _FREE[slot] == -1
        elif slot % 5 == 4:
            assert _FREE[slot] == -2
        else:
            assert _FREE[slot] == (rank - 3) * 5 + 4 and _FREE[slot] // 5 == slot // 5


@settings(max_examples=600, deadline=None)
@given(dealt_st, st.lists(st.tuples(step_st, st.booleans()), max_size=6))
def test_a_hands_kept_cards_and_deficit_are_those_its_counts_give(
    dealt_cards: list[Card | None], steps: list[tuple[tuple[bool, list[Card]], bool]]
) -> None:
    """What a hand carries over from the one before it (its exact cards, its deficit) is what its counts give: a
    hand made afresh from the same counts, with nothing carried over, answers the same."""
    h = Hand.dealt(dealt_cards)
    for (is_add, cards), ask in steps:
        if ask:
            h.known_cards()  # what a later hand may carry over
        after = h.add(cards) if is_add else h.remove(cards)
        if after is None:
            continue
        h = after
        fresh = Hand(h.supply, h.demand, h.unknown, 0, h.size)
        fresh.deficit = sum(hand_module._rank_deficit(h.supply, h.demand, ri) for ri in range(15))
        assert h.deficit == fresh.deficit
        assert h.known_cards() == fresh.known_cards()
        assert h.by_rank() == fresh.by_rank()
