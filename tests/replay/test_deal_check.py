"""The deal's own check (``Climbing.check_deal``, CARD-DECK): no card dealt more often than the decks hold it, no
rank dealt more often (suitless cards of the rank counted with it), no card of a rank the profile removes; hands
and cards the record does not know are said to be unchecked."""

from __future__ import annotations

from replay.core.cards import Card
from replay.replay import engine_for
from replay.rules.profile_loader import load_profile


def cards(*tokens: str) -> list[Card | None]:
    return [None if t == "??" else Card(t) for t in tokens]


def deck_problems(
    hands: list[list[Card | None] | None], profile: str = "gouji"
) -> tuple[list[tuple[str, int | None, str]], list[str]]:
    engine = engine_for(load_profile(profile))
    unverified: list[str] = []
    dealt = tuple(None if h is None else tuple(h) for h in hands)
    found = engine.check_deal(dealt, unverified)
    return [(rule, seat, en) for rule, seat, _zh, en in found if rule == "CARD-DECK"], unverified


def test_too_many_of_a_card_or_a_rank() -> None:
    hands: list[list[Card | None] | None] = [
        cards(*["3S"] * 3, *["Q"] * 10, "BJ", "BJ", "BJ"),
        cards("3S", "3S", *["QH"] * 7, "BJ", "BJ"),
        cards("4D", "??", "5C"),
        None,
        cards("5C"),
        cards("Q"),
    ]
    problems, unverified = deck_problems(hands)
    assert problems == [
        ("CARD-DECK", None, "3S appears 5 times; 4 decks hold 4"),  # the cards first, in slot order
        ("CARD-DECK", None, "QH appears 7 times; 4 decks hold 4"),
        ("CARD-DECK", None, "BJ appears 5 times; 4 decks hold 4"),
        ("CARD-DECK", None, "rank Q appears 18 times; 4 decks hold 16"),  # then the ranks: 11 suitless Qs, 7 QH
        ("CARD-DECK", None, "rank BJ appears 5 times; 4 decks hold 4"),
    ]
    assert unverified == [
        "deal: hand of seat 2 has unknown cards",
        "deal: hand of seat 3 unknown; its cards were not checked",
    ]


def test_a_removed_rank_is_named_per_seat_in_hand_order() -> None:
    hands: list[list[Card | None] | None] = [cards("3S", "6H", "4D", "3C"), cards("??", "5S"), *[cards("6S")] * 2]
    problems, _ = deck_problems(hands, "baohuang-no345")
    assert problems == [
        ("CARD-DECK", 0, "seat 0 holds 3S: this profile removes that rank"),
        ("CARD-DECK", 0, "seat 0 holds 4D: this profile removes that rank"),
        ("CARD-DECK", 0, "seat 0 holds 3C: this profile removes that rank"),
        ("CARD-DECK", 1, "seat 1 holds 5S: this profile removes that rank"),
    ]


def test_no_hands_no_check() -> None:
    engine = engine_for(load_profile("gouji"))
    unverified: list[str] = []
    assert engine.check_deal(None, unverified) == []
    assert unverified == ["deal: no hands recorded; cards held were not checked"]
