"""升级's determinization: deals of the hidden cards consistent with what one seat knew at one moment.

What a seat knows just before event ``i`` (and nothing more):

- its own hand, every hand's size, and every card played to a trick (public);
- the kitty (底牌): nobody sees it before the declarer takes it; the cards the declarer buried are known to
  the declarer only (for every other seat they are hidden cards, dealt to the kitty of a sampled deal);
- the declarations: made face down (定主的时候把牌盖住), so while they go on a seat knows who declared but
  not with what: a sampled deal gives such a seat some joker and pair (a hard constraint), and its
  declaration is the one the rollout policy would make from that hand. Once they are compared (the first
  event after them) every declaration is shown, and its cards stay placed with the seat until they leave
  its hand: played, handed over to the declaration that ate it (public), or, as far as a seat that did
  not take part can tell, exchanged back or buried by the declarer (from then on the declarer's shown
  cards are no longer placed for that seat). The cards of an exchange stay placed for the two seats in it;
- voids (a HARD constraint): a seat that played a card of another suit to a trick led in a suit (its
  effective suit: every trump is of one suit) held no more of that suit, and is void in it from then on.

Inference from play beyond voids (a seat that did not win a trick it could have) is not used: a sampled
deal is drawn uniformly among the deals that meet the constraints above, exactly: the hidden cards are
grouped by the hands (and the kitty) they may go to, the number of deals of every split of each group is
counted (big integers, no floating point), and a split is drawn with its share of the deals, then the cards
of each group are shuffled into it (``sample``; the seat view's worlds, ``seat_worlds``). The face-down
declarations are met by redrawing (``DRAWS`` at most).
No deal meeting every constraint: ``coach.worlds.NoWorld``. The unseen cards are listed in card order, so
a sampled deal depends only on what the seat knew.
"""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from coach.games.shengji.policy import best_declaration
from coach.worlds import NoWorld, unseen_cards
from replay.core.cards import Card, full_decks
from replay.core.events import Bury, Declare, Event, Exchange, Pass, Play
from replay.core.hand import Hand
from replay.core.numbering import event_number
from replay.core.said import seat_name
from replay.games.shengji.engine import DECLARE, KITTY, ShengjiState, combo, team

if TYPE_CHECKING:
    from coach.prices import Settings
    from replay.games.shengji.engine import Shengji

DRAWS = 500  # sampled deals tried for the face-down declarations before NoWorld
KITTY_SLOT = 4  # the hidden kitty's place in ``Knowledge.sizes`` (after the four seats)


@dataclass(frozen=True)
class SjKnowledge:
    """What ``seat`` knew: its hand, the places of the hidden cards and what each may not hold."""

    seat: int
    resolved: bool  # the decision came after the declarations: the state is compared before it is used
    own: tuple[Card, ...]
    sizes: tuple[int, ...]  # cards to deal per place: the four seats, then the kitty (0 when none is hidden)
    kitty: str  # what the hidden kitty is: "kitty" (not taken yet), "buried" (by another seat) or ""
    located: tuple[tuple[Card, ...], ...]  # per seat: cards the seat knows are held there
    unseen: tuple[Card, ...]  # every other hidden card, in card order
    voids: tuple[frozenset[str], ...]  # per seat: the suit classes it holds none of
    face_down: tuple[int, ...]  # seats whose declaration the seat has not seen (it holds one)


def _drop(cards: list[Card], gone: Sequence[Card]) -> None:
    for c in gone:
        if c in cards:
            cards.remove(c)


def voids(st: ShengjiState) -> list[set[str]]:
    """Per seat, the suit classes it showed it is out of: it played another suit to a trick led in one."""
    out: list[set[str]] = [set() for _ in range(4)]
    tr = st.trumps
    if tr is None:
        return out
    for plays in [t.plays for t in st.tricks] + ([st.trick] if st.trick else []):
        cls = combo(plays[0][1], tr).cls
        if not cls:  # a mixed lead (an illegal one the referee let stand): no suit was led
            continue
        for seat, cards in plays[1:]:
            if any(tr.key(c)[0] != cls for c in cards):
                out[seat].add(cls)
    return out


def knowledge(
    eng: Shengji, states: Sequence[ShengjiState], events: Sequence[Event], index: int, seat: int
) -> SjKnowledge:
    """What ``seat`` knew just before event ``index`` (``states[index]`` is the state then)."""
    st = states[index]
    actual = events[index] if index < len(events) else None
    resolved = st.phase == DECLARE and bool(st.declarations) and not isinstance(actual, Declare | Pass)
    if resolved:
        st = eng._resolve(st)
    hand = st.hands[seat]
    if not hand.fully_known:
        raise NoWorld(f"{seat_name(seat, en=True)}'s hand at event {event_number(index)} is not fully known")
    own = tuple(hand.known_cards())
    located: list[list[Card]] = [[] for _ in range(4)]
    shown = st.phase != DECLARE
    revealed = False
    for ev in events[:index]:
        if isinstance(ev, Declare | Pass):
            continue
        if shown and not revealed:  # the declarations are compared before the first event after them
            for d, cards in st.declarations:
                located[d] += cards
            revealed = True
        if isinstance(ev, Exchange):
            seen = ev.seat != st.declarer or seat in (ev.seat, ev.to)  # an eaten declaration goes over face up
            if seen:
                _drop(located[ev.seat], ev.cards)
                located[ev.to] += ev.cards
            else:
                located[ev.seat] = []
        elif isinstance(ev, Bury) and ev.seat != seat:
            located[ev.seat] = []
        elif isinstance(ev, Play):
            _drop(located[ev.seat], ev.cards)
    if shown and not revealed:
        for d, cards in st.declarations:
            located[d] += cards
    played = [c for t in st.tricks for _, cs in t.plays for c in cs] + [c for _, cs in st.trick for c in cs]
    mine = list(st.buried) if seat == st.declarer else []
    pool = unseen_cards(full_decks(2), own, played + mine)
    for t in range(4):
        kept = []
        for c in located[t] if t != seat else ():
            if pool[c] > 0:
                pool[c] -= 1
                kept.append(c)
        located[t] = kept
    kitty, hidden = "", 0
    if st.phase == DECLARE or (st.phase != KITTY and st.declarer == -1) or st.pending:
        kitty, hidden = "kitty", st.kitty_size
    elif st.buried and seat != st.declarer:
        kitty, hidden = "buried", len(st.buried)
    sizes = (*(0 if t == seat else st.hands[t].size - len(located[t]) for t in range(4)), hidden)
    unseen = tuple(sorted((+pool).elements(), key=lambda c: c.slot))
    if sum(sizes) != len(unseen) or min(sizes) < 0:
        raise NoWorld(
            f"at event {event_number(index)} the unseen cards ({len(unseen)}) do not fill the hidden places ({sum(sizes)})"
        )
    face_down = tuple(d for d, _ in st.declarations if d != seat) if st.phase == DECLARE else ()
    void = tuple(frozenset(v) if t != seat else frozenset() for t, v in enumerate(voids(st)))
    return SjKnowledge(seat, resolved, own, sizes, kitty, tuple(map(tuple, located)), unseen, void, face_down)


def missing(st: ShengjiState) -> str | None:
    """What the record lacks to play ``st`` out with every card known: the kitty, while it is still to be
    taken (None when nothing is lacking)."""
    if st.kitty is None and st.kitty_size and (st.phase != KITTY and not st.buried):
        return "the log does not give the kitty"
    return None


# -- sampling ---------------------------------------------------------------------------------------


def _groups(k: SjKnowledge, st: ShengjiState) -> list[tuple[tuple[int, ...], list[Card]]]:
    """The hidden cards grouped by the places they may go to (in card order; the places sorted)."""
    tr = st.trumps
    places = [p for p in range(5) if k.sizes[p] > 0]
    by: dict[tuple[int, ...], list[Card]] = {}
    for c in k.unseen:
        cls = tr.key(c)[0] if tr is not None else ""
        allowed = tuple(p for p in places if p == KITTY_SLOT or cls not in k.voids[p])
        by.setdefault(allowed, []).append(c)
    return sorted(by.items())


def _splits(n: int, allowed: tuple[int, ...], caps: tuple[int, ...]) -> list[tuple[int, ...]]:
    """Every way to put ``n`` cards into the ``allowed`` places, at most ``caps[p]`` into place ``p``."""
    out: list[tuple[int, ...]] = []

    def go(i: int, left: int, acc: list[int]) -> None:
        if i == len(allowed):
            if left == 0:
                x = [0] * len(caps)
                for p, m in zip(allowed, acc, strict=True):
                    x[p] = m
                out.append(tuple(x))
            return
        rest_cap = sum(caps[p] for p in allowed[i + 1 :])
        for m in range(max(0, left - rest_cap), min(left, caps[allowed[i]]) + 1):
            go(i + 1, left - m, [*acc, m])

    go(0, n, [])
    return out


class _Counter:
    """The number of deals of the groups from ``g`` on into places with ``caps`` cards left (memoized)."""

    def __init__(self, groups: list[tuple[tuple[int, ...], list[Card]]]) -> None:
        self.groups = groups
        self.memo: dict[tuple[int, tuple[int, ...]], int] = {}

    def ways(self, g: int, split: tuple[int, ...]) -> int:
        n = len(self.groups[g][1])
        w = math.factorial(n)
        for m in split:
            w //= math.factorial(m)
        return w

    def count(self, g: int, caps: tuple[int, ...]) -> int:
        if g == len(self.groups):
            return 1 if not any(caps) else 0
        key = (g, caps)
        found = self.memo.get(key)
        if found is None:
            allowed, cards = self.groups[g]
            found = 0
            for x in _splits(len(cards), allowed, caps):
                rest = tuple(c - m for c, m in zip(caps, x, strict=True))
                found += self.ways(g, x) * self.count(g + 1, rest)
            self.memo[key] = found
        return found


def sample_places(k: SjKnowledge, st: ShengjiState, rng: random.Random) -> list[list[Card]]:
    """The hidden cards dealt to the places (four seats, the kitty), uniformly among the deals that keep
    every void (NoWorld when there is none)."""
    groups = _groups(k, st)
    counter = _Counter(groups)
    caps = k.sizes
    if counter.count(0, caps) == 0:
        raise NoWorld(f"no deal of the hidden cards keeps every void known to {seat_name(k.seat, en=True)}")
    places: list[list[Card]] = [[] for _ in range(5)]
    for g, (allowed, cards) in enumerate(groups):
        pick = rng.randrange(counter.count(g, caps))
        for x in _splits(len(cards), allowed, caps):
            rest = tuple(c - m for c, m in zip(caps, x, strict=True))
            w = counter.ways(g, x) * counter.count(g + 1, rest)
            if pick < w:
                break
            pick -= w
        pool = list(cards)
        rng.shuffle(pool)
        start = 0
        for p, m in enumerate(x):
            places[p] += pool[start : start + m]
            start += m
        caps = rest
    return places


def sample(eng: Shengji, st: ShengjiState, k: SjKnowledge, rng: random.Random) -> ShengjiState:
    """One determinized deal of ``st`` drawn from ``k`` (``knowledge``): the hands, the hidden kitty and
    the face-down declarations replaced."""
    if k.resolved:
        st = eng._resolve(st)
    for _ in range(DRAWS):
        places = sample_places(k, st, rng)
        hands = [list(k.located[t]) + places[t] for t in range(4)]
        hands[k.seat] = list(k.own)
        decl = list(st.declarations)
        for j, (d, _) in enumerate(decl):
            if d in k.face_down:
                made = best_declaration(hands[d], st.levels[team(d)])
                if made is None:
                    break
                decl[j] = (d, made)
        else:
            new = st._replace(hands=tuple(Hand.dealt(h) for h in hands), declarations=tuple(decl))
            if k.kitty == "kitty":
                new = new._replace(kitty=tuple(places[KITTY_SLOT]))
            elif k.kitty == "buried":
                new = new._replace(buried=tuple(places[KITTY_SLOT]))
            return new
    raise NoWorld(f"no deal of {DRAWS} gives every seat that declared face down a declaration to make")


def seat_worlds(
    eng: Shengji,
    states: Sequence[ShengjiState],
    events: Sequence[Event],
    index: int,
    k: SjKnowledge,
    settings: Settings,
) -> Callable[[int], ShengjiState]:
    """The seat view's world ``m`` (升级's ``coach.games.Pricing.seat_worlds``): ``sample`` with the run's draw
    of that world (no inference from play)."""
    st = states[index]
    return lambda m: sample(eng, st, k, settings.rng(index, "deal", m))


def sampled_hands(k: SjKnowledge, w: ShengjiState) -> Counter[Card]:
    """Every card of a sampled deal's hidden places (the hands but the seat's, and the hidden kitty)."""
    out: Counter[Card] = Counter()
    for t, h in enumerate(w.hands):
        if t != k.seat:
            out.update(h.known_cards())
    if k.kitty == "kitty" and w.kitty is not None:
        out.update(w.kitty)
    elif k.kitty == "buried":
        out.update(w.buried)
    return out
