"""升级 (三五番): the engine's rulings, table by table (RULES.md §5; docs/rules-as-implemented.md).

Trump order and the tractor ladder, what a set of cards is, who wins a trick, following (revokes),
declarations under both ``declare_compare`` options, 换三张, the kitty, a deal nobody declares,
points and the level table, and passing the last level. Hands are small: the engine does not need
26 cards to rule on a trick (the deal's sizes are SJ-DEAL's business, tested on their own).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import pytest

from replay.core.cards import Card, full_decks, parse_cards
from replay.core.events import Bury, Declare, Event, Exchange, Pass, Play
from replay.games.shengji.cards import keys_of
from replay.games.shengji.engine import (
    DECLARE,
    EXCHANGE,
    KITTY,
    OVER,
    PLAY,
    TRUMP,
    VOID,
    Combo,
    Shengji,
    ShengjiState,
    Trick,
    Trumps,
    card_points,
    combo,
    follow_options,
    follows_in_suit,
    level_rank,
    trick_strength,
    trick_winner,
    why_not_follow,
)
from replay.games.shengji.score import level_change, score_shengji
from replay.rules.profile import Profile
from replay.rules.profile_loader import load_profile, profile_of


def C(text: str) -> tuple[Card, ...]:
    return tuple(parse_cards(text.split()))


def tr(suit: str, level: str) -> Trumps:
    return Trumps(suit, level_rank(level))


def profile(**overrides: Any) -> Profile:
    return load_profile("shengji-35").with_overrides(overrides)


def deal(hands: Sequence[str], kitty: str | None = None, levels: tuple[str, str] = ("7", "4"), **opts: Any):
    """An engine and the state as dealt (small hands; ``kitty=None`` with option kitty=0)."""
    if kitty is None:
        opts.setdefault("kitty", 0)
    eng = Shengji(profile(**opts))
    extra: dict[str, Any] = {"levels": levels}
    if kitty is not None:
        extra["kitty"] = C(kitty)
    return eng, eng.initial(tuple(C(h) for h in hands), extra)


def run(eng: Shengji, st: ShengjiState, events: Sequence[Event]) -> ShengjiState:
    """Apply legal events (fails the test with the ruling otherwise)."""
    for ev in events:
        out = eng.step(st, ev)
        assert out.rule is None, (ev, out.rule, out.message_en)
        st = out.state  # type: ignore[assignment]  # a 升级 engine steps 升级 states
    return st


def ruling(eng: Shengji, st: ShengjiState, ev: Event) -> tuple[str | None, str]:
    out = eng.step(st, ev)
    return out.rule, out.message_en


def P(seat: int, cards: str) -> Play:
    return Play(seat, cards=C(cards))


# -- trump order ----------------------------------------------------------------------------------


def _ranked(t: Trumps, cards: str) -> list[set[str]]:
    """The cards high to low, equal cards grouped."""
    out: list[set[str]] = []
    last = None
    for c in sorted(C(cards), key=lambda c: t.key(c)[1], reverse=True):
        if t.key(c)[1] == last:
            out[-1].add(c.token)
        else:
            out.append({c.token})
        last = t.key(c)[1]
    return out


@pytest.mark.parametrize(
    ("suit", "level", "cards", "order"),
    [
        pytest.param(
            "H",
            "7",
            "4H AH 2S 2H 3D 3H 5C 5H 7D 7S 7H SJ BJ",
            "BJ SJ 7H 7S=7D 5H 5C 3H 3D 2H 2S AH 4H",
            id="level-7: level card, then 5 3 2 (trump suit first), then the trump suit",
        ),
        pytest.param(
            "S",
            "5",
            "5S 5H 3S 3C 2S 2D AS KS 4S",
            "5S 5H 3S 3C 2S 2D AS KS 4S",
            id="level-5: the 5 is the level card, 3 and 2 remain fixed trumps",
        ),
        pytest.param(
            "D", "3", "3D 3C 5D 5S 2D 2H AD", "3D 3C 5D 5S 2D 2H AD", id="level-3: 3 is the level card, then 5 and 2"
        ),
        pytest.param(
            "C", "2", "2C 2S 5C 5H 3C 3D AC", "2C 2S 5C 5H 3C 3D AC", id="level-2: 2 is the level card, then 5 and 3"
        ),
        pytest.param("H", "A", "AH AS 5H 5D 3H 2H KH", "AH AS 5H 5D 3H 2H KH", id="level-A: A is the level card"),
    ],
)
def test_trump_order(suit: str, level: str, cards: str, order: str) -> None:
    assert _ranked(tr(suit, level), cards) == [set(g.split("=")) for g in order.split()]


@pytest.mark.parametrize(
    ("card", "cls"),
    [
        ("5S", TRUMP),
        ("3D", TRUMP),
        ("2C", TRUMP),
        ("7S", TRUMP),
        ("BJ", TRUMP),
        ("AH", TRUMP),
        ("AS", "S"),
        ("4D", "D"),
    ],
)
def test_suit_class(card: str, cls: str) -> None:
    assert tr("H", "7").key(Card(card))[0] == cls


def test_a_trump_orders_keys_hold_every_card() -> None:
    """``keys_of``: every card there is (suited, jokers, suitless) with its ``key``, one table per trump order, made
    the first time the order is asked for; each suit class's orders are the order's ``ladder``."""
    every = {Card.of(r, s) for r in range(3, 16) for s in (*"SHDC", None)} | {Card("SJ"), Card("BJ")}
    for suit in "SHDC":
        for level in ("7", "2", "5", "A", "3"):
            t = tr(suit, level)
            table = keys_of(t)
            assert set(table) == every and table is keys_of(t) is keys_of(Trumps(suit, t.level))
            assert all(t.key(c) == k for c, k in table.items())
            for cls in (TRUMP, *(x for x in "SHDC" if x != suit)):  # (suitless cards left out: they have no suit)
                orders = {o for c, (k, o) in table.items() if k == cls and (c.suit is not None or c.rank >= 16)}
                assert orders == set(t.ladder(cls))


def test_singles_and_pairs_are_the_combos_of_their_keys() -> None:
    """``combo`` of one card is the single of its key (one Combo kept for each key), of one card twice the pair of
    its key, for every card under a few trump orders."""
    for t in (tr("H", "7"), tr("S", "5"), tr("D", "2"), tr("C", "A")):
        for c in {*full_decks(2), *(Card.of(r) for r in range(3, 16))}:
            cls, order = t.key(c)
            assert combo((c,), t) == Combo("single", cls, 1, 0, order, 0) and combo((c,), t) is combo([c], t)
            assert combo((c, c), t) == Combo("pair", cls, 2, 1, order, 1)


def test_any_trump_beats_any_side_card() -> None:
    t = tr("H", "7")
    assert trick_winner([(0, C("AS")), (1, C("4H"))], t) == 1
    assert trick_winner([(0, C("AS")), (1, C("2D"))], t) == 1


def test_ladders() -> None:
    t = tr("H", "7")
    assert t.ladder("S") == (14, 13, 12, 11, 10, 9, 8, 6, 4)  # the level and the fixed trumps are gone
    assert t.ladder(TRUMP)[:10] == (100, 99, 98, 97, 96, 95, 94, 93, 92, 91)
    assert tr("H", "5").ladder("S") == (14, 13, 12, 11, 10, 9, 8, 7, 6, 4)
    assert len(tr("H", "5").ladder(TRUMP)) == 8 + 10  # BJ SJ, level x2, 3 x2, 2 x2; A..4 less 5 and 3


# -- what a set of cards is -----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("suit", "level", "cards", "kind", "pairs"),
    [
        ("H", "7", "AS", "single", 0),
        ("H", "7", "AS AS", "pair", 1),
        ("H", "7", "7S 7C", "throw", 0),  # equal level cards, but not a pair
        ("H", "7", "KS KS QS QS", "tractor", 2),
        ("H", "7", "8S 8S 6S 6S", "tractor", 2),  # across the level gap
        ("H", "7", "6S 6S 4S 4S", "tractor", 2),  # across the fixed 5
        ("H", "7", "8S 8S 7S 7S", "mixed", 2),  # 7S is a trump
        ("H", "7", "AS 2S", "mixed", 0),  # 2S is a trump
        ("H", "7", "AS KS", "throw", 0),
        ("H", "7", "AS AS KS", "throw", 1),
        ("H", "7", "KS KS JS JS", "throw", 2),  # QS between them
        ("H", "7", "BJ BJ SJ SJ", "tractor", 2),
        ("H", "7", "SJ SJ 7H 7H", "tractor", 2),
        ("H", "7", "7H 7H 7S 7S", "tractor", 2),  # trump-suit level over off-suit level
        ("H", "7", "7S 7S 7C 7C", "throw", 2),  # two off-suit level pairs are equal, not consecutive
        ("H", "7", "7S 7S 5H 5H", "tractor", 2),  # off-suit level, then the trump-suit 5
        ("H", "7", "5S 5S 3H 3H", "tractor", 2),
        ("H", "7", "5S 5S 5C 5C", "throw", 2),
        ("H", "7", "2S 2S AH AH", "tractor", 2),  # the lowest fixed trump, then the trump suit's A
        ("H", "7", "8H 8H 6H 6H", "tractor", 2),  # across the level gap in the trump suit
        ("H", "7", "AH AH KH KH QH QH", "tractor", 3),
        ("H", "7", "4H 4H 3H 3H", "throw", 2),  # 3H is a fixed trump, far above 4H
        ("H", "5", "6S 6S 4S 4S", "tractor", 2),
        ("H", "5", "5H 5H 5S 5S", "tractor", 2),
        ("H", "5", "5S 5S 3H 3H", "tractor", 2),
        ("H", "A", "KS KS QS QS", "tractor", 2),
        ("H", "A", "AS AS KH KH", "throw", 2),  # off-suit level (A) and the trump K: the fixed trumps between
    ],
)
def test_combo(suit: str, level: str, cards: str, kind: str, pairs: int) -> None:
    c = combo(C(cards), tr(suit, level))
    assert (c.kind, c.pairs) == (kind, pairs)


# -- who wins a trick -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("suit", "level", "plays", "winner"),
    [
        # singles
        ("H", "7", "AS | KS | 4S | 10S", 0),
        ("H", "7", "KS | AS | 4S | 10S", 1),
        ("H", "7", "KS | 4H | 4S | 10S", 1),  # a ruff
        ("H", "7", "KS | 4H | 6H | 10S", 2),  # over-ruff
        ("H", "7", "KS | 4H | AD | 10S", 1),  # a discard never wins
        ("H", "7", "KS | KS | QS | 4S", 0),  # equal cards: the first played wins
        ("H", "7", "4D | 7S | 7C | 7D", 1),  # off-suit level cards are equal: the first of them
        ("H", "7", "4D | 7S | 7H | 7D", 2),  # the trump-suit level card is above them
        ("H", "7", "2H | 3S | 5D | 7C", 3),  # 2 < 3 < 5 < level
        ("H", "7", "2S | 2H | 3C | 3H", 3),  # the trump-suit copy of a fixed trump is above the others
        ("H", "7", "5C | 5D | 5H | AH", 2),
        ("H", "7", "AH | 2S | 4H | KH", 1),  # the lowest fixed trump over the trump suit's A
        ("H", "7", "7H | SJ | BJ | SJ", 2),
        ("H", "7", "BJ | BJ | SJ | 7H", 0),
        ("H", "5", "5S | 3H | 3S | 2H", 0),  # level 5: the 5 is the level card, above 3
        ("H", "5", "3S | 3H | 5D | 2H", 2),
        ("H", "3", "5H | 3S | 2H | AH", 1),  # level 3: 3 above 5
        ("H", "2", "5H | 2S | 3H | AH", 1),  # level 2: 2 above 5
        ("H", "2", "2S | 2D | 2C | 2H", 3),
        # pairs
        ("H", "7", "QS QS | KS KS | 4S 4S | AS 10S", 1),
        ("H", "7", "QS QS | 4H 4H | 6H 6H | AS 10S", 2),  # ruff, over-ruff
        ("H", "7", "QS QS | 4H 6H | 4S 4S | AS 10S", 0),  # two trumps that are no pair do not ruff a pair
        ("H", "7", "QS QS | AS KS | 4S 4S | 9D 9D", 0),  # a pair of another side suit never wins
        ("H", "7", "7S 7S | 7C 7C | 7D 7D | 4H 4H", 0),  # equal pairs: the first
        ("H", "7", "7S 7S | 7C 7C | 7H 7H | 4H 4H", 2),
        # tractors
        ("H", "7", "8S 8S 6S 6S | KS KS QS QS | 10S 10S 9S 4S | QH QH JH JH", 3),
        ("H", "7", "8S 8S 6S 6S | KS KS QS QS | 10S 10S 9S 4S | QH QH 9H 9H", 1),  # no trump tractor: no ruff
        ("H", "7", "8S 8S 6S 6S | KS KS QS QS | AS AS 10S 10S | QH QH JH JH", 3),
        ("H", "7", "4H 4H 6H 6H | 8H 8H 9H 9H | QH QH JH JH | 2S 2S AH AH", 3),
        ("H", "7", "QS QS JS JS | 4H 4H 3H 3H | AS KS 9S 4S | 6H 6H 8H 8H", 3),
    ],
)
def test_trick_winner(suit: str, level: str, plays: str, winner: int) -> None:
    trick = [(seat, C(p.strip())) for seat, p in enumerate(plays.split("|"))]
    assert trick_winner(trick, tr(suit, level)) == winner
    rotated = [((seat + 1) % 4, cards) for seat, cards in trick]  # seat numbers do not matter, only the order
    assert trick_winner(rotated, tr(suit, level)) == (winner + 1) % 4


# -- following (SJ-FOLLOW) --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("hand", "lead", "play", "broken"),
    [
        ("AS 4D", "KS", "4D", "spades were led"),  # not following suit
        ("AS 4D", "KS", "AS", None),
        ("4D 4H", "KS", "4H", None),  # void: may ruff
        ("4D 4H", "KS", "4D", None),  # void: may discard
        ("5S 9S", "KS", "5S", "spades were led"),  # 5S is a trump, not a spade
        ("7S 9S", "KS", "7S", "spades were led"),  # so is the level card
        ("7S 4D", "4H", "4D", "trumps were led"),  # an off-suit level card must follow a trump lead
        ("KS KS 9S 4S", "AS AS", "9S 4S", "a pair was led"),  # holds a pair
        ("KS KS 9S 4S", "AS AS", "KS KS", None),
        ("KS 9S 4S", "AS AS", "9S 4S", None),  # no pair: any two spades
        ("9S 4H 4H", "AS AS", "9S 4H", None),  # one spade: it and anything
        ("9S 4H 4H", "AS AS", "4H 4H", "spades were led"),
        ("4H 4H 8D", "AS AS", "4H 8D", None),  # void: a ruff need not be a pair
        ("7S 7C 4H", "AH AH", "7S 7C", None),  # two off-suit level cards are not a pair
        ("7S 7S 4H", "AH AH", "7S 4H", "a pair was led"),
        ("KS KS QS QS 9S 4S", "8S 8S 6S 6S", "KS KS 9S 4S", "a tractor was led"),  # holds a tractor
        ("KS KS QS QS 9S 4S", "8S 8S 6S 6S", "KS KS QS QS", None),
        ("10S 10S 9S 9S JS 4S", "AS AS KS KS", "10S 10S 9S 9S", None),
        ("10S 10S JS 9S 4S", "8S 8S 6S 6S", "10S 10S 9S 4S", None),  # no tractor: the pair
        ("10S 10S JS 9S 4S", "8S 8S 6S 6S", "JS 9S 4S 10S", "a tractor was led"),  # ... but it must be there
        ("10S 10S 4S 4S JS", "8S 8S 6S 6S", "10S 10S JS 4S", "a tractor was led"),  # two pairs owed
        ("10S 10S 4S 4S JS", "8S 8S 6S 6S", "10S 10S 4S 4S", None),
        ("10S 10S 8S 8S JS 9S", "AS AS KS KS", "10S 10S 8S 8S", None),  # 9S between: no tractor, two pairs
        ("10S 10S 9S 9S JS 4S", "AS AS KS KS", "10S 10S JS 4S", "a tractor was led"),
        ("4H 4H 6H 6H 9D", "8H 8H 9H 9H", "4H 4H 6H 6H", None),  # a trump tractor across the level gap
        ("4H 4H 6H 6H AH 9D", "8H 8H 9H 9H", "4H 4H 6H AH", "a tractor was led"),
        ("7S 7S 5H 5H 4H 9D", "AH AH KH KH", "7S 7S 5H 4H", "a tractor was led"),
    ],
)
def test_following(hand: str, lead: str, play: str, broken: str | None) -> None:
    t = tr("H", "7")
    why = why_not_follow(C(hand), combo(C(lead), t), C(play), t)
    if broken is None:
        assert why is None, why
    else:
        assert why is not None and why[1].startswith(broken), why


def test_a_play_in_the_suit_led_follows_whatever_the_hand_holds() -> None:
    """``follows_in_suit``: a single (or a set without pairs) led and answered with as many cards of its suit
    class follows, whatever the hand (``why_not_follow`` agrees on random hands); a pair led, a card of another
    class or another count does not pass that way."""
    t = tr("H", "7")
    assert follows_in_suit(combo(C("KS"), t), C("4S"), t)
    assert follows_in_suit(combo(C("4H"), t), C("7S"), t)  # an off-suit level card is a trump
    assert not follows_in_suit(combo(C("KS"), t), C("7S"), t)  # ... so it does not follow a spade
    assert not follows_in_suit(combo(C("KS"), t), C("4D"), t)
    assert not follows_in_suit(combo(C("AS AS"), t), C("KS KS"), t)  # a pair led: the hand's pairs matter
    assert not follows_in_suit(combo(C("KS"), t), C("4S 6S"), t)
    rng = random.Random(17)
    deck = full_decks(2)
    for _ in range(2000):
        cards = rng.sample(deck, 12)
        lead, hand = cards[:1] if rng.random() < 0.7 else cards[:2], cards[2:]
        played = tuple(rng.sample(hand, len(lead)))
        if follows_in_suit(combo(lead, t), played, t):
            assert why_not_follow(hand, combo(lead, t), played, t) is None


def test_a_single_or_pair_led_trick_agrees_with_trick_strength() -> None:
    """``trick_winner`` of a trick led by a single or a pair (its own loop) is the play of the highest
    ``trick_strength``, the first of equals: answers of one card, of a pair, of two other cards, of a wrong count."""
    rng = random.Random(5)
    deck = full_decks(2)
    for k in range(6000):
        t = Trumps(rng.choice("SHDC"), rng.choice((7, 2 + 13, 5, 3, 14)))
        cards = rng.sample(deck, 8)
        if k % 2:  # pairs: the lead and most answers a card twice, in its suit class or not
            by_cls: dict[str, list[Card]] = {}
            for c in deck:
                by_cls.setdefault(t.key(c)[0], []).append(c)
            lead_cls = rng.choice(sorted(by_cls))
            paired = [rng.choice(by_cls[lead_cls]), *(rng.choice(by_cls[rng.choice(sorted(by_cls))]) for _ in range(3))]
            sets = [(c, c) if j == 0 or rng.random() < 0.7 else (c, cards[j]) for j, c in enumerate(paired)]
        else:
            sets = [(c,) if j == 0 or rng.random() < 0.9 else (c, cards[j + 4]) for j, c in enumerate(cards[:4])]
        plays = list(zip(rng.sample(range(4), 4), sets, strict=True))
        lead = combo(plays[0][1], t)
        assert lead.kind == ("pair" if k % 2 else "single")
        strengths = [trick_strength(cs, lead, t, j == 0) for j, (_, cs) in enumerate(plays)]
        best = max(s for s in strengths if s is not None)
        assert trick_winner(plays, t) == plays[strengths.index(best)][0], plays


def test_a_state_replaced_as_namedtuple_replaces() -> None:
    """``ShengjiState._replace`` (compiled with the state's module) changes the fields named and nothing else, returns
    an ShengjiState and leaves the original as it was; an unknown field is a ValueError."""
    _eng, st = deal(["BJ 4H 4H", "SJ 6S 6S", "AS", "KD"])
    new = st._replace(phase=PLAY, to_act=2, points=(5, 10))
    assert type(new) is ShengjiState and new is not st
    assert (new.phase, new.to_act, new.points) == (PLAY, 2, (5, 10))
    others = [f for f in ShengjiState._fields if f not in ("phase", "to_act", "points")]
    assert [getattr(new, f) for f in others] == [getattr(st, f) for f in others]
    assert (st.phase, st.to_act, st.points) == (DECLARE, -1, (0, 0))
    assert st._replace() == st
    with pytest.raises(ValueError, match="unexpected field names: \\['colour'\\]"):
        st._replace(phase=PLAY, colour=1)


def _put_by_replace(eng: Shengji, st: ShengjiState, s: int, cards: tuple[Card, ...]) -> ShengjiState:
    """The state after a play to the trick, made with ``_replace`` by the fields' names (what ``Shengji._put`` makes
    by place)."""
    tr = st.trumps
    assert tr is not None
    hand = st.hands[s].remove(cards)
    assert hand is not None
    hands = tuple(hand if k == s else h for k, h in enumerate(st.hands))
    trick = (*st.trick, (s, cards))
    lead = st.lead if st.trick else combo(cards, tr)
    if len(trick) < 4:
        return st._replace(hands=hands, trick=trick, lead=lead, to_act=(s + 1) % 4)
    win = trick_winner(trick, tr, lead)
    pts = card_points([c for _, cs in trick for c in cs])
    points = list(st.points)
    points[win % 2] += pts
    done = Trick(trick[0][0], trick, win, pts)
    new = st._replace(
        hands=hands, trick=(), lead=None, tricks=(*st.tricks, done), points=tuple(points), leader=win, to_act=win
    )
    if all(h.size == 0 for h in hands):
        new = new._replace(phase=OVER, to_act=-1, kitty_points=card_points(st.buried) * eng.kitty_multiplier)
    return new


def test_a_play_makes_the_state_replace_would() -> None:
    """``Shengji._put`` reads and makes the states by place: on simulated deals (tricks going on, closed, the last)
    it makes what ``_replace`` makes by the fields' names, ShengjiState and Trick values of their own types."""
    from replay.simulate import simulate_deal

    for seed in range(6):
        deal = simulate_deal(100 + seed, "shengji-35", deal_number=seed % 6 + 1)
        eng = Shengji(profile_of(deal.log))
        states = deal.states
        plays = 0
        for st, ev, after in zip(states, deal.log.events, states[1:], strict=False):
            if type(ev) is not Play:
                continue
            plays += 1
            made = eng._put(st, ev.seat, ev.cards, st.hands[ev.seat].remove(ev.cards))  # type: ignore[arg-type]
            expected = _put_by_replace(eng, st, ev.seat, ev.cards)
            assert made == expected == after
            assert type(made) is ShengjiState and all(type(t) is Trick for t in made.tricks)
        assert plays and states[-1].phase == OVER


def test_follow_options_all_follow() -> None:
    t = tr("H", "7")
    for hand, lead in [
        ("KS KS QS QS 9S 4S 4H", "8S 8S 6S 6S"),
        ("10S 10S JS 9S 4S 4H 4H", "AS AS KS KS"),
        ("4H 4H 6H 6H 9D", "AS AS"),
        ("7S 7C 4H 9D", "AH"),
    ]:
        opts = follow_options(C(hand), combo(C(lead), t), t)
        assert opts
        assert all(why_not_follow(C(hand), combo(C(lead), t), o, t) is None for o in opts)


def test_revoke_in_play_cites_sj_follow() -> None:
    eng, st = deal(["BJ 9H 9H AS", "KS KS 4S 8D", "QS 6S 4D 8C", "JS 5S 4C 9C"])
    st = run(eng, st, [Declare(0, cards=C("BJ 9H 9H")), P(0, "AS")])
    assert ruling(eng, st, P(1, "8D"))[0] == "SJ-FOLLOW"
    st = run(eng, st, [P(1, "4S"), P(2, "6S")])
    assert ruling(eng, st, P(3, "5S"))[0] == "SJ-FOLLOW"  # 5S is a trump; seat 3 holds JS
    assert ruling(eng, st, P(3, "JS 4C"))[0] == "SJ-FOLLOW"  # the number of cards


def test_a_pair_lead_and_wrong_turn() -> None:
    eng, st = deal(["BJ 9H 9H AS", "KS KS 4S 8D", "QS 6S 4D 8C", "JS 5S 4C 9C"])
    st = run(eng, st, [Declare(0, cards=C("BJ 9H 9H"))])
    assert ruling(eng, st, P(1, "KS"))[0] == "SJ-TRICK"  # the declarer leads
    st = run(eng, st, [P(0, "9H 9H")])
    assert ruling(eng, st, P(2, "QS 6S"))[0] == "SJ-TRICK"  # seat 1's turn
    st = run(eng, st, [P(1, "KS KS"), P(2, "QS 6S"), P(3, "JS 5S")])  # 5S, a trump, must follow trumps
    assert st.tricks[-1].winner == 0 and st.to_act == 0
    assert ruling(eng, st, P(1, "4S"))[0] == "SJ-TRICK"  # the winner leads the next


def test_a_play_in_turn_with_a_suitless_card_or_from_no_seat() -> None:
    """A play in its turn leaves ``step``'s way for the most events when a card has no suit (LOG, whatever its
    place among the cards) or for a seat that is not at the table (LOG), and is ruled as ``_play`` rules it."""
    eng, st = deal(["BJ 9H 9H AS", "KS KS 4S 8D", "QS 6S 4D 8C", "JS 5S 4C 9C"])
    st = run(eng, st, [Declare(0, cards=C("BJ 9H 9H"))])
    st = run(eng, st, [P(0, "AS")])
    for cards in ("K", "KS K", "K KS"):
        rule, why = ruling(eng, st, P(1, cards))
        assert (rule, why) == ("LOG", "shengji cards need their suits: K"), cards
    assert ruling(eng, st, P(7, "KS")) == ("LOG", "no seat 7 in shengji (0-3)")
    assert ruling(eng, st, P(2, "QS")) == ("SJ-TRICK", "it is seat 1's turn, not seat 2's")
    assert ruling(eng, st, P(1, "KS"))[0] is None


# -- leads --------------------------------------------------------------------------------------------


def test_lead_shapes_and_throws() -> None:
    hands = ["BJ 9H 9H AS KS 4S", "QS 10S 4D 4D 8C 8C", "JS 6S 9D 9D 9C 10C", "5S 8S 3D 3D JC JC"]
    eng, st = deal(hands)
    st = run(eng, st, [Declare(0, cards=C("BJ 9H 9H"))])
    assert ruling(eng, st, P(0, "AS KS"))[0] == "SJ-TRICK"  # a throw: the profile allows none
    assert ruling(eng, st, P(0, "AS 9H"))[0] == "SJ-TRICK"  # two suits
    assert ruling(eng, st, P(0, "4S 4S"))[0] == "LOG"  # not held
    eng, st = deal(hands, throws=True)
    st = run(eng, st, [Declare(0, cards=C("BJ 9H 9H"))])
    assert ruling(eng, st, P(0, "AS KS"))[0] is None  # no other seat holds a spade above KS
    assert ruling(eng, st, P(0, "AS 4S"))[0] == "SJ-TRICK"  # QS, JS, 10S ... beat the 4S


def test_a_ruff_of_a_throw_needs_its_shape() -> None:
    t = tr("H", "7")
    lead = "AS AS KS"
    assert trick_winner([(0, C(lead)), (1, C("4H 4H 6H")), (2, C("9S 8S 4S")), (3, C("4D 4D 6D"))], t) == 1
    assert trick_winner([(0, C(lead)), (1, C("4H 6H 8H")), (2, C("9S 8S 4S")), (3, C("4D 4D 6D"))], t) == 0
    assert trick_winner([(0, C(lead)), (1, C("4H 4H 6H")), (2, C("AH AH 8H")), (3, C("4D 4D 6D"))], t) == 2
    tractor_throw = "AS AS KS KS 9S"  # holds a tractor: a ruff must hold one as long
    assert trick_winner([(0, C(tractor_throw)), (1, C("4H 4H 9H 9H 6H")), (2, C("QS JS 8S 6S 4S"))], t) == 0
    assert trick_winner([(0, C(tractor_throw)), (1, C("9H 9H 8H 8H 6H")), (2, C("QS JS 8S 6S 4S"))], t) == 1


def test_leading_a_mixed_set_cites_the_trump_rule() -> None:
    eng, st = deal(["BJ 9H 9H 8S 8S 7S 7S", "QS 10S 4D 4D 8C 8C 9S", "JS 6S 9D 9D 9C 10C 4S", "5S AS 3D 3D JC JC KS"])
    st = run(eng, st, [Declare(0, cards=C("BJ 9H 9H"))])
    rule, msg = ruling(eng, st, P(0, "8S 8S 7S 7S"))
    assert rule == "SJ-TRUMPS" and "not of one suit" in msg


# -- declarations (SJ-DECLARE) ------------------------------------------------------------------------

HANDS = ["BJ 9H 9H 2D 4C 6C", "SJ 8C 8C KS 4S 3S", "BJ 4D 4D QS JS 10D", "SJ 6S 6S AD KD QD"]


@pytest.mark.parametrize(
    ("compare", "declarations", "declarer", "trump"),
    [
        ("first", [(1, "SJ 8C 8C"), (0, "BJ 9H 9H")], 0, "H"),  # the big joker eats the small
        ("first", [(0, "BJ 9H 9H"), (1, "SJ 8C 8C")], 0, "H"),
        ("first", [(2, "BJ 4D 4D"), (0, "BJ 9H 9H")], 2, "D"),  # same joker: the earlier stands
        ("first", [(3, "SJ 6S 6S"), (1, "SJ 8C 8C")], 3, "S"),
        ("first", [(3, "SJ 6S 6S"), (1, "SJ 8C 8C"), (2, "BJ 4D 4D")], 2, "D"),
        ("pair_rank", [(2, "BJ 4D 4D"), (0, "BJ 9H 9H")], 0, "H"),  # same joker: the higher pair
        ("pair_rank", [(0, "BJ 9H 9H"), (2, "BJ 4D 4D")], 0, "H"),
        ("pair_rank", [(1, "SJ 8C 8C"), (2, "BJ 4D 4D")], 2, "D"),  # the joker first
        ("pair_rank", [(3, "SJ 6S 6S"), (1, "SJ 8C 8C")], 1, "C"),
    ],
)
def test_declarations_compared(compare: str, declarations: list[tuple[int, str]], declarer: int, trump: str) -> None:
    eng, st = deal(HANDS, levels=("5", "9"), declare_compare=compare)
    st = run(eng, st, [Declare(s, cards=C(cs)) for s, cs in declarations])
    nxt = eng._resolve(st)
    assert (nxt.declarer, nxt.trumps) == (declarer, Trumps(trump, level_rank("5" if declarer % 2 == 0 else "9")))
    eaten = [s for s, _ in declarations if s != declarer]
    assert [p[:3] for p in nxt.pending] == [x for s in eaten for x in ((s, declarer, "eaten"), (declarer, s, "back"))]


@pytest.mark.parametrize(
    ("seat", "cards", "rule"),
    [
        (0, "BJ 9H", "SJ-DECLARE"),  # no pair
        (0, "9H 9H 2D", "SJ-DECLARE"),  # no joker
        (1, "SJ 8C 4C", "SJ-DECLARE"),  # not a pair
        (2, "BJ QS JS", "SJ-DECLARE"),
        (0, "BJ 2D 4C", "SJ-DECLARE"),
        (3, "SJ 6S 6S AD", "SJ-DECLARE"),  # one joker and one pair, nothing else
        (0, "BJ 4C 4C", "LOG"),  # not held
    ],
)
def test_bad_declarations(seat: int, cards: str, rule: str) -> None:
    eng, st = deal(HANDS)
    assert ruling(eng, st, Declare(seat, cards=C(cards)))[0] == rule


def test_declaring_twice_late_or_after_passing() -> None:
    eng, st = deal(HANDS)
    st = run(eng, st, [Declare(0, cards=C("BJ 9H 9H")), Pass(3)])
    assert ruling(eng, st, Declare(0, cards=C("BJ 9H 9H")))[0] == "SJ-DECLARE"
    assert ruling(eng, st, Declare(3, cards=C("SJ 6S 6S")))[0] == "SJ-DECLARE"
    again = eng.step(st, Pass(3))  # a second 不定主 changes nothing: legal, and read so
    assert again.rule is None and again.state == st and again.reading.code == "redundant-pass"
    after_declaring = eng.step(st, Pass(0))  # its declaration stands
    assert after_declaring.rule is None and after_declaring.state == st
    st = run(eng, st, [P(0, "2D")])
    assert st.phase == PLAY
    assert ruling(eng, st, Declare(1, cards=C("SJ 8C 8C")))[0] == "SJ-DECLARE"


def test_nobody_declares_the_deal_is_void() -> None:
    eng, st = deal(HANDS)
    st = run(eng, st, [Pass(0), Pass(1), Pass(2)])
    assert st.phase == DECLARE and set(eng.actors(st)) == {3}
    out = eng.step(st, Pass(3))
    assert out.rule is None and out.state.phase == VOID and out.effects
    assert eng.actors(out.state) == {}
    assert ruling(eng, out.state, P(0, "2D"))[0] == "SJ-DECLARE"
    score = score_shengji(out.state, eng.profile)
    assert score is not None and score.void


def test_play_without_a_declaration() -> None:
    eng, st = deal(HANDS)
    assert ruling(eng, st, P(0, "2D"))[0] == "SJ-DECLARE"
    assert eng.force(st, P(0, "2D")).phase == VOID  # a referee carries on: nobody declared, no deal
    assert {type(e) for e in eng.legal_actions(st)} == {Declare, Pass}


# -- 换三张 (SJ-EXCHANGE) -------------------------------------------------------------------------------


def _eaten(hands: Sequence[str] = HANDS, levels: tuple[str, str] = ("A", "A")) -> tuple[Shengji, ShengjiState]:
    """Seat 1 declares with the small joker and clubs, seat 0 eats it with the big joker and hearts."""
    eng, st = deal(hands, levels=levels)
    st = run(eng, st, [Declare(1, cards=C("SJ 8C 8C")), Declare(0, cards=C("BJ 9H 9H"))])
    return eng, st


@pytest.mark.parametrize(
    ("cards", "rule"),
    [
        ("2D 4C 6C", None),  # two clubs for the clubs, a fixed trump for the joker
        ("2D 8C 8C", None),  # the eaten pair itself is clubs too
        ("2D 4C 8C", None),
        ("4C 6C 8C", "SJ-EXCHANGE"),  # no fixed trump, though it holds 2D
        ("2D 4C 9H", "SJ-EXCHANGE"),  # one club, though it holds more
        ("2D 9H 9H", "SJ-EXCHANGE"),  # no club
        ("2D 4C", "SJ-EXCHANGE"),  # three cards
        ("2D 4C 6C 8C", "SJ-EXCHANGE"),
        ("2D 4C 5C", "LOG"),  # not held
    ],
)
def test_the_winner_gives_back(cards: str, rule: str | None) -> None:
    eng, st = _eaten()
    st = run(eng, st, [Exchange(1, cards=C("SJ 8C 8C"), to=0)])
    assert st.phase == EXCHANGE
    assert ruling(eng, st, Exchange(0, cards=C(cards), to=1))[0] == rule


def test_the_exchange_moves_the_cards_and_then_play_starts() -> None:
    eng, st = _eaten()
    st = run(eng, st, [Exchange(1, cards=C("SJ 8C 8C"), to=0), Exchange(0, cards=C("2D 4C 6C"), to=1)])
    assert st.phase == PLAY and st.to_act == 0 and st.declarer == 0
    assert sorted(c.token for c in st.hands[0].known_cards()) == sorted(["BJ", "SJ", "9H", "9H", "8C", "8C"])
    assert sorted(c.token for c in st.hands[1].known_cards()) == sorted(["2D", "4C", "6C", "KS", "4S", "3S"])


def test_the_eaten_hands_over_its_declaration_first() -> None:
    eng, st = _eaten()
    assert ruling(eng, st, Exchange(1, cards=C("SJ 8C KS"), to=0))[0] == "SJ-EXCHANGE"
    assert ruling(eng, st, Exchange(0, cards=C("2D 4C 6C"), to=1))[0] == "SJ-EXCHANGE"  # not yet: seat 1 first
    assert ruling(eng, st, Exchange(1, cards=C("SJ 8C 8C"), to=2))[0] == "SJ-EXCHANGE"  # to the winner
    assert ruling(eng, st, P(0, "2D"))[0] == "SJ-EXCHANGE"  # the exchange comes first
    legal = [e for e in eng.legal_actions(st) if not isinstance(e, Declare)]  # seats 2 and 3 may still declare
    assert legal == [Exchange(1, cards=C("SJ 8C 8C"), to=0)]


def test_a_winner_without_a_fixed_trump_or_the_suit() -> None:
    hands = ["BJ 9H 9H KD QD JD", "SJ 8C 8C KS 4S 6S", "BJ 4D 4D QS JS 10D", "SJ 6S 6S AD KD QD"]
    eng, st = _eaten(hands)
    st = run(eng, st, [Exchange(1, cards=C("SJ 8C 8C"), to=0)])
    assert ruling(eng, st, Exchange(0, cards=C("8C 8C KD"), to=1))[0] is None  # no 2, 3 or 5 held
    assert ruling(eng, st, Exchange(0, cards=C("8C KD QD"), to=1))[0] == "SJ-EXCHANGE"  # holds two clubs
    legal = list(eng.legal_actions(st))
    assert legal and all(eng.can(st, e) for e in legal)


def test_the_returned_fixed_trump_may_be_a_5_that_is_the_level() -> None:
    # Reading: the seed lists the fixed trumps as 2, 3 and 5 (吃的王要回张固定主(2、3、5)); a 5 returned
    # when the declarers' level is 5 counts, and a winner holding only level 5s must give one.
    hands = ["BJ 9H 9H 5S 4C 6C", "SJ 8C 8C KS 4S 6S", "BJ 4D 4D QS JS 10D", "SJ 6S 6S AD KD QD"]
    eng, st = _eaten(hands, levels=("5", "A"))
    st = run(eng, st, [Exchange(1, cards=C("SJ 8C 8C"), to=0)])
    assert ruling(eng, st, Exchange(0, cards=C("5S 4C 6C"), to=1))[0] is None
    assert ruling(eng, st, Exchange(0, cards=C("4C 6C 8C"), to=1))[0] == "SJ-EXCHANGE"


# -- the kitty ----------------------------------------------------------------------------------------

MINI = ["BJ 9H 9H", "SJ KH QS", "4S 6S 8S", "10C JS 9S"]
MINI_KITTY = "4C 6C 8C KD"


def test_the_declarer_takes_and_buries_the_kitty() -> None:
    eng, st = deal(MINI, MINI_KITTY, levels=("A", "A"))
    st = run(eng, st, [Declare(0, cards=C("BJ 9H 9H"))])
    assert ruling(eng, st, P(0, "9H"))[0] == "SJ-DEAL"  # bury first
    st = eng._resolve(st)
    assert st.phase == KITTY and st.hands[0].size == 7 and eng.actors(st) == {0: ("bury",)}
    assert ruling(eng, st, Bury(0, cards=C("4C 6C 8C")))[0] == "SJ-DEAL"  # as many as the kitty
    assert ruling(eng, st, Bury(1, cards=C("SJ KH QS 4C")))[0] == "SJ-DEAL"  # only the declarer
    assert ruling(eng, st, Bury(0, cards=C("4C 6C 8C 8C")))[0] == "LOG"
    st = run(eng, st, [Bury(0, cards=C("BJ 9H 4C KD"))])  # any four, even its declared cards
    assert st.phase == PLAY and st.to_act == 0 and st.buried == C("BJ 9H 4C KD")
    assert ruling(eng, st, Bury(0, cards=C("6C 8C 9H 4C")))[0] == "SJ-DEAL"  # once


def test_the_kitty_goes_to_defenders_who_win_the_last_trick() -> None:
    eng, st = deal(MINI, MINI_KITTY, levels=("A", "A"))
    st = run(
        eng,
        st,
        [
            Declare(0, cards=C("BJ 9H 9H")),
            Bury(0, cards=C("BJ 9H 4C KD")),  # 10 points buried
            *(P(s, c) for s, c in [(0, "8C"), (1, "SJ"), (2, "4S"), (3, "10C")]),  # seat 1 ruffs: 10
            *(P(s, c) for s, c in [(1, "KH"), (2, "6S"), (3, "JS"), (0, "9H")]),  # 10
            *(P(s, c) for s, c in [(1, "QS"), (2, "8S"), (3, "9S"), (0, "6C")]),  # the last trick: seat 1
        ],
    )
    assert st.phase == OVER and [t.winner for t in st.tricks] == [1, 1, 1]
    assert st.points == (0, 20) and st.kitty_points == 20 and st.defenders_points == 40
    score = score_shengji(st, eng.profile)
    assert score is not None and score.to_json().get("points") == {"defenders": 40, "kitty": 20}
    assert score.to_json().get("levels") is not None and score.to_json().get("levels")["after"] == [
        "2",
        "A",
    ]  # 40: the declarers go up 1
    eng4, st4 = deal(MINI, MINI_KITTY, levels=("A", "A"), kitty_multiplier=4)
    st4 = run(eng4, st4, [Declare(0, cards=C("BJ 9H 9H")), Bury(0, cards=C("BJ 9H 4C KD"))])
    st4 = run(eng4, st4, [P(s, c) for s, c in [(0, "8C"), (1, "SJ"), (2, "4S"), (3, "10C"), (1, "KH"), (2, "6S")]])
    st4 = run(eng4, st4, [P(s, c) for s, c in [(3, "JS"), (0, "9H"), (1, "QS"), (2, "8S"), (3, "9S"), (0, "6C")]])
    assert st4.defenders_points == 20 + 40


def test_the_kitty_stays_with_declarers_who_win_the_last_trick() -> None:
    hands = ["BJ 9H 9H", "AS KS 10S", "4S 6S 8S", "JS QS 9S"]
    eng, st = deal(hands, "KD 10D 4C 6C", levels=("Q", "4"))
    st = run(eng, st, [Declare(0, cards=C("BJ 9H 9H")), Bury(0, cards=C("KD 10D 4C 6C"))])
    st = run(eng, st, [P(s, c) for s, c in [(0, "9H 9H"), (1, "AS KS"), (2, "4S 6S"), (3, "JS QS")]])
    st = run(eng, st, [P(s, c) for s, c in [(0, "BJ"), (1, "10S"), (2, "8S"), (3, "9S")]])
    assert st.phase == OVER and st.defenders_points == 0 and st.points == (20, 0)
    score = score_shengji(st, eng.profile)
    assert score is not None and score.to_json().get("points") == {"defenders": 0, "kitty": 0}
    assert score.to_json().get("levels") is not None and (
        score.to_json().get("levels")["steps"],
        score.to_json().get("levels")["passed"],
    ) == (3, 0)  # Q + 3: past K


# -- points and the level table ------------------------------------------------------------------------


def test_card_points() -> None:
    assert card_points(C("5S 10H KD AS QC 2H BJ")) == 25
    from replay.core.cards import full_decks

    assert card_points(full_decks(2)) == 200


@pytest.mark.parametrize(
    ("defenders", "side", "steps"),
    [
        (0, 0, 3),
        (5, 0, 2),
        (35, 0, 2),
        (40, 0, 1),
        (75, 0, 1),
        (80, 1, 0),
        (115, 1, 0),
        (120, 1, 1),
        (155, 1, 1),
        (160, 1, 2),
        (195, 1, 2),
        (200, 1, 3),
        (240, 1, 4),  # a multiplied kitty: one more for every further 40
    ],
)
def test_level_table(defenders: int, side: int, steps: int) -> None:
    assert level_change(defenders) == (side, steps)


def _over(levels: tuple[str, str], declarer: int, defenders: int, last_winner: int, kitty: int = 0) -> ShengjiState:
    """A finished deal with the defenders' trick points and the kitty as given."""
    d = 1 - declarer % 2
    points = [0, 0]
    points[d] = defenders
    return ShengjiState(
        4,
        OVER,
        (),
        None,
        4,
        (level_rank(levels[0]), level_rank(levels[1])),
        declarer=declarer,
        trumps=Trumps("H", level_rank(levels[declarer % 2])),
        tricks=(Trick(0, (), last_winner, 0),),
        points=(points[0], points[1]),
        kitty_points=kitty,
    )


@pytest.mark.parametrize(
    ("levels", "declarer", "defenders", "last", "kitty", "after", "passed"),
    [
        (("A", "A"), 0, 0, 0, 0, ["4", "A"], None),  # A, 2, 3, 4: up 3
        (("A", "A"), 0, 35, 0, 0, ["3", "A"], None),
        (("A", "A"), 1, 40, 1, 0, ["A", "2"], None),
        (("A", "A"), 0, 75, 0, 0, ["2", "A"], None),
        (("A", "A"), 0, 80, 0, 0, ["A", "A"], None),  # 80: the declarers do not go up, nor the defenders
        (("5", "9"), 0, 60, 1, 20, ["5", "9"], None),  # 60 + kitty 20 = 80: nobody goes up
        (("5", "9"), 0, 100, 1, 20, ["5", "10"], None),  # 120: up 1
        (("5", "9"), 0, 100, 0, 20, ["5", "9"], None),  # the kitty stays with the declarers: 100
        (("5", "9"), 1, 200, 0, 0, ["8", "9"], None),
        (("K", "Q"), 0, 40, 0, 0, ["K", "Q"], 0),  # at the last level K, up 1: passed, the match is won
        (("Q", "Q"), 0, 0, 0, 0, ["K", "Q"], 0),  # Q + 3 runs past K
        (("Q", "J"), 0, 75, 0, 0, ["K", "J"], None),  # Q + 1 = K: must still play K
        (("Q", "J"), 0, 120, 1, 0, ["Q", "Q"], None),
        (("Q", "K"), 0, 160, 1, 0, ["Q", "K"], 1),  # the defenders can pass too
    ],
)
def test_levels_after_a_deal(
    levels: tuple[str, str], declarer: int, defenders: int, last: int, kitty: int, after: list[str], passed: int | None
) -> None:
    st = _over(levels, declarer, defenders, last, kitty)
    score = score_shengji(st, profile())
    assert score is not None and score.to_json().get("levels") is not None
    assert (score.to_json().get("levels")["after"], score.to_json().get("levels")["passed"]) == (after, passed)
    assert score.to_json().get("points") == {
        "defenders": defenders + (kitty if last % 2 != declarer % 2 else 0),
        "kitty": st.kitty_points if last % 2 != declarer % 2 else 0,
    }


def test_the_2_to_a_ladder() -> None:
    st = _over(("K", "2"), 0, 0, 0)
    score = score_shengji(st, profile(levels="2-A"))
    assert score is not None and score.to_json().get("levels") is not None
    assert (score.to_json().get("levels")["after"], score.to_json().get("levels")["passed"]) == (
        ["A", "2"],
        0,
    )  # K, A, then past A
    st = _over(("Q", "2"), 0, 40, 0)
    score = score_shengji(st, profile(levels="2-A"))
    assert (
        score is not None
        and score.to_json().get("levels") is not None
        and score.to_json().get("levels")["after"] == ["K", "2"]
    )


def test_an_unfinished_deal_has_no_score() -> None:
    eng, st = deal(MINI, MINI_KITTY)
    assert score_shengji(st, eng.profile) is None


# -- the deal (SJ-DEAL) ---------------------------------------------------------------------------------


def test_check_deal() -> None:
    from replay.core.cards import full_decks

    cards = sorted(full_decks(2), key=lambda c: c.slot)
    hands = tuple(tuple(cards[k::4][:26]) for k in range(4))
    dealt = [c for h in hands for c in h]
    rest = list(cards)
    for c in dealt:
        rest.remove(c)
    kitty = tuple(rest)
    eng = Shengji(profile())
    assert len(kitty) == 4
    assert eng.check_deal(hands, [], {"kitty": kitty, "levels": ("A", "A")}) == []
    short = (hands[0][:25], *hands[1:])
    assert [p[0] for p in eng.check_deal(short, [], {"kitty": kitty})] == ["SJ-DEAL"]
    assert [p[0] for p in eng.check_deal(hands, [], {"kitty": kitty[:3]})] == ["SJ-DEAL"]
    third = ((*hands[0][:25], hands[1][0]), *hands[1:])
    assert [p[0] for p in eng.check_deal(third, [], {"kitty": kitty})] == ["SJ-DEAL"]
    notes: list[str] = []
    assert eng.check_deal(None, notes) == [] and notes


def test_a_winner_holding_its_fixed_trump_twice_can_return_the_eaten_suit() -> None:
    """Seed 53648: the winner ate BJ 5S 5S and holds 5S 5S 4S; its return must be 5S 5S 4S (the fixed
    trump and two more spades), which the legal actions once missed (a second 5S was taken for the first)."""
    from replay.replay import Replay
    from replay.simulate import simulate_deal

    deal = simulate_deal(53648, "shengji-35", levels=("A", "A"))
    assert Replay(deal.log).ok
    assert any(e.action == "exchange" and e.seat == 2 for e in deal.log.events)
