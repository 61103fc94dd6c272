"""Determinization: deals of the hidden cards consistent with what one seat knew at one moment.

What a seat knows at event ``i`` (and nothing more):

- its own hand, and every seat's number of cards (public in both games: all start known and every
  set is played face up);
- every card played so far (the public history), hence the multiset of cards it has not seen;
- cards it saw go into another hand and not come out: 亮3 shows (public), tribute and returned
  cards it gave or received (a refused card goes back where it came from);
- in 保皇, the cards the 皇帝 called with (shown to all) and the marked big joker (its holder is
  public) stay with their seat until it plays them;
- in 保皇, the roles as known to it (``Baohuang.roles_known_to``): when it knows the 保皇派, the
  called card's last copy, if not played, lies in that hand (in the 皇帝's when it knows the 皇帝 plays
  alone); when it does not, the copy lies in any other hand, the 皇帝's too (独保 kept hidden), and whoever
  gets it in a sampled deal is that deal's 保皇派 (the 皇帝 playing alone when it is the 皇帝's).

``sample_hands`` is uniform over the deals that fit the facts above. Inference from play (a pass
suggesting weakness) is ``coach.inference``'s: it draws candidates here, weights each by how likely it makes
the other seats' past decisions under the rollout policy, and resamples them (the seat view with
``Settings(sampling="inference")``; the default is uniform). A world is the state at ``i`` with the other hands replaced.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from coach.games import coach_for, pricing
from replay.climbing.state import S as CS
from replay.climbing.state import State
from replay.core.cards import Card, full_decks
from replay.core.errors import FupanError
from replay.core.events import Burn, Event, Play, Refuse, Return, Show, Tribute
from replay.core.hand import SLOT_CARD, Hand
from replay.core.numbering import event_number
from replay.core.said import seat_name

if TYPE_CHECKING:
    from replay.climbing.table import Climbing
    from replay.core.game_state import S
    from replay.engine import Engine


class NoWorld(FupanError):
    """The record does not give what a seat knew (its own hand is not fully known, say)."""


@dataclass(frozen=True)
class Knowledge:
    """What ``seat`` knew at one moment: its hand, the sizes, the unseen cards and those it can place."""

    seat: int
    sizes: tuple[int, ...]
    own: tuple[Card, ...]
    located: tuple[tuple[Card, ...], ...]  # per seat: cards the seat knows are held there
    unseen: tuple[Card, ...]  # every other card still in a hand, placed nowhere
    called: Card | None = None  # 保皇: the called card whose holder is unknown to the seat
    not_to: int = -1  # 保皇: the seat that cannot hold ``called`` (the 皇帝)


def _slot(card: Card) -> int:
    return card.slot


def _exact(hand: Hand) -> bool:
    return hand.unknown == 0 and hand.deficit == 0 and len(hand.known_cards()) == hand.size


def _take(pool: Counter[Card], card: Card) -> bool:
    """Remove ``card`` (or, for a suitless card, any card of its rank) from ``pool``."""
    if pool[card] > 0:
        pool[card] -= 1
        return True
    if card.suit is None:
        for c in pool:
            if c.rank == card.rank and pool[c] > 0:
                pool[c] -= 1
                return True
    return False


def unseen_cards(deck: Iterable[Card], own: Iterable[Card], gone: Iterable[Card]) -> Counter[Card]:
    """The cards a seat has not seen: those of ``deck`` less its own hand and the cards it saw leave the
    hands (played, or buried by itself); a suitless card takes one of its rank. The one count of what a
    seat cannot see, for every game (``knowledge`` here, 升级's ``coach.games.shengji.coach.unseen``)."""
    pool = Counter(deck)
    for c in own:
        _take(pool, c)
    for c in gone:
        _take(pool, c)
    return +pool


def _drop(cards: list[Card], gone: Sequence[Card]) -> None:
    """Remove from ``cards`` those that left the hand; a card whose suit is not recorded, on either side,
    takes one of its rank (another suit of a rank does not)."""
    for c in gone:
        if c in cards:
            cards.remove(c)
            continue
        same = [x for x in cards if x.rank == c.rank and (c.suitless or x.suitless)]
        if same:
            cards.remove(same[0])


def knowledge(eng: Climbing[Any], states: Sequence[State], events: Sequence[Event], index: int, seat: int) -> Knowledge:
    """What ``seat`` knew just before event ``index`` (``states[index]`` is the state then): the climbing family's
    ``coach.games.Pricing.knowledge`` (``eng`` any climbing game's engine, as ``coach.policy.Policy`` reads it)."""
    st = states[index]
    own_hand = st.hands[seat]
    if not _exact(own_hand):
        raise NoWorld(f"{seat_name(seat, en=True)}'s hand at event {event_number(index)} is not fully known")
    n = st.n
    located: list[list[Card]] = [[] for _ in range(n)]
    game = coach_for(eng.game)
    called, not_to = game.placed(eng, st, seat, located)
    for ev in events[:index]:
        if game.saw(st, seat, ev, located):
            continue
        if isinstance(ev, Show) and ev.seat != seat:
            located[ev.seat] += ev.cards
        elif isinstance(ev, Tribute | Return | Refuse) and seat in (ev.seat, ev.to):
            _drop(located[ev.seat], ev.cards)
            if ev.to != seat:
                located[ev.to] += ev.cards
        elif isinstance(ev, Play | Burn) and located[ev.seat]:
            _drop(located[ev.seat], ev.cards)
    if all(_exact(h) for h in st.hands):
        pool: Counter[Card] = Counter()
        for t in range(n):
            if t != seat:
                pool.update(st.hands[t].known_cards())
    else:
        played = [SLOT_CARD[slot] for slot, k in enumerate(st.played or ()) for _ in range(k)]
        pool = unseen_cards(full_decks(eng.decks, eng.removed_ranks), own_hand.known_cards(), played)
    for t in range(n):
        kept = []
        for c in located[t]:
            if t != seat and _take(pool, c):
                kept.append(c)
        located[t] = kept
    if called is not None and not _take(pool, called):
        called = None  # the copy was played: the 保皇派 is public, nothing to place
    unseen = tuple(sorted(pool.elements(), key=_slot))  # in card order: nothing of where the cards sit
    sizes = tuple(h.size for h in st.hands)
    need = sum(sizes[t] - len(located[t]) for t in range(n) if t != seat) - (called is not None)
    if need != len(unseen):
        raise NoWorld(
            f"at event {event_number(index)} the unseen cards ({len(unseen)}) do not fill the other hands ({need})"
        )
    return Knowledge(seat, sizes, tuple(own_hand.known_cards()), tuple(map(tuple, located)), unseen, called, not_to)


def sample_hands(k: Knowledge, rng: random.Random) -> tuple[tuple[Card, ...], ...]:
    """One deal of the hidden cards consistent with ``k`` (uniform over such deals)."""
    n = len(k.sizes)
    free = [0 if t == k.seat else k.sizes[t] - len(k.located[t]) for t in range(n)]
    hands = [list(k.located[t]) for t in range(n)]
    hands[k.seat] = list(k.own)
    if k.called is not None:
        slots = [t for t in range(n) if t not in (k.seat, k.not_to) for _ in range(free[t])]
        t = rng.choice(slots)
        hands[t].append(k.called)
        free[t] -= 1
    pool = list(k.unseen)
    rng.shuffle(pool)
    start = 0
    for t in range(n):
        if free[t]:
            hands[t] += pool[start : start + free[t]]
            start += free[t]
    return tuple(tuple(h) for h in hands)


def world(eng: Engine[Any], st: CS, hands: Sequence[Sequence[Card]]) -> CS:
    """The state ``st`` (of a climbing game) with every hand replaced by ``hands`` (fully known): a determinized
    deal."""
    new = st._replace(hands=tuple(Hand.dealt(h) for h in hands), played=())
    made: CS = coach_for(eng.game).world(st, new, hands)
    return made


def true_world(st: S, eng: Engine[S] | None = None) -> S:
    """The state itself when every hand is fully known (the all-cards-known view), and whatever else its game
    needs to play it out (``GameCoach.missing``, when ``eng`` is given); else NoWorld."""
    if not all(_exact(h) for h in st.hands):
        raise NoWorld("the log does not give every hand in full")
    lacks = None if eng is None else coach_for(eng.game).missing(st)
    if lacks is not None:
        raise NoWorld(lacks)
    return st


def seat_knowledge(eng: Engine[S], states: Sequence[S], events: Sequence[Event], index: int, seat: int) -> Any:
    """What ``seat`` knew just before event ``index``, as its game's coach reads it (its ``Pricing.knowledge``)."""
    return pricing(eng).knowledge(eng, states, events, index, seat)
