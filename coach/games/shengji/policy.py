"""升级's rollout policy: plain heuristics of a sound trick-taking player (docs/evaluation.md quotes them).

- **Declare** (定主) with the joker and pair that make the most trumps, when they make at least
  ``DECLARE_AT`` of the hand and no declaration on the table would eat it; the last seat to speak
  declares when it can and nobody has, so that the deal is not void. A declaration is put in the seat
  order of those who have not spoken; a seat that does not want to declare passes while nobody has.
- **Exchange**: the first of the engine's legal exchanges.
- **Bury** (扣底): the cards least worth keeping: side-suit cards before trumps, cards without points
  before point cards, below an ace, from the shortest side suits, lowest first.
- **Lead** from strength: a tractor; a pair no unseen pair of its suit can beat; a side-suit card no
  unseen card of its suit can beat; else the lowest side-suit card without points of the shortest side
  suit (to make a void); trumps last, lowest first.
- **Follow**: to a trick a partner has won for sure (the seat plays last, or no seat after it can
  beat the partner's play), give points and keep trumps; to a trick the opponents hold, win it as
  cheaply as possible (fewest and lowest trumps) when it holds points or the win spends no trump, and
  no opponent after the seat can beat that win; else play the cheapest cards, without points.
- ``noise``: with this chance a decision is taken at random among the engine's legal options.

Every legal option comes from the engine (``Shengji.plays_for``, ``legal_actions``): the policy only ranks
them, so its plays follow suit by construction. It reads the determinized deal as it is (who can still beat
a play), as the climbing games' policy does (PIMC).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from coach.choices import distinct
from replay.core.cards import RANK_A, RANK_SJ, Card
from replay.core.events import Bury, Declare, Event, Exchange, Pass, Play
from replay.games.shengji.cards import pairs_of
from replay.games.shengji.engine import (
    DECLARE,
    EXCHANGE,
    KITTY,
    TRUMP,
    Combo,
    ShengjiState,
    Trumps,
    card_points,
    combo,
    follow_options,
    team,
    trick_strength,
    trick_winner,
)

if TYPE_CHECKING:
    from replay.games.shengji.engine import Shengji

Cards = tuple[Card, ...]
DECLARE_AT = 14  # a declaration is worth making when it makes this many trumps of the hand (of 26, ~13 on average)
SMALL_POINTS = 5  # a trick holding this many points is worth winning with a trump


def trumps_held(held: Sequence[Card], suit: str, level: int) -> int:
    """How many of ``held`` are trumps when ``suit`` is the trump suit at ``level``."""
    tr = Trumps(suit, level)
    return sum(tr.key(c)[0] == TRUMP for c in held)


def declarations(held: Sequence[Card], level: int) -> list[Cards]:
    """Every declaration ``held`` can make (a joker and a pair of one suit), the most trumps first (then
    the bigger joker)."""
    jokers = sorted({c for c in held if c.rank >= RANK_SJ}, key=lambda c: -c.rank)
    pairs = [c for c in pairs_of([c for c in held if c.rank < RANK_SJ]) if c.suit is not None]
    out = [(j, p, p) for p in pairs for j in jokers]
    return sorted(out, key=lambda d: (-trumps_held(held, str(d[1].suit), level), -d[0].rank, -d[1].rank, d[1].slot))


def best_declaration(held: Sequence[Card], level: int) -> Cards | None:
    """The declaration the policy would make from ``held`` (None when it can make none)."""
    opts = declarations(held, level)
    return opts[0] if opts else None


def spent(cards: Sequence[Card], tr: Trumps) -> tuple[int, int]:
    """What a play spends in trumps: how many, and their orders summed (smaller is cheaper)."""
    orders = [tr.key(c)[1] for c in cards if tr.key(c)[0] == TRUMP]
    return len(orders), sum(orders)


def _low(cards: Sequence[Card], tr: Trumps) -> int:
    return sum(tr.key(c)[1] for c in cards)


def _slots(cards: Sequence[Card]) -> tuple[int, ...]:
    return tuple(sorted(c.slot for c in cards))


def _best(trick: Sequence[tuple[int, Cards]], lead: Combo, tr: Trumps) -> tuple[int, int] | None:
    """The strength of the play that wins ``trick`` so far (``trick_winner``'s measure)."""
    best = trick_strength(trick[0][1], lead, tr, True)
    for _, cs in trick[1:]:
        s = trick_strength(cs, lead, tr, False)
        if s is not None and best is not None and s > best:
            best = s
    return best


def _wins(p: Cards, best: tuple[int, int] | None, lead: Combo, tr: Trumps) -> bool:
    """Whether ``p``, played next, takes the trick from the play of strength ``best`` (the earlier of equals wins)."""
    s = trick_strength(p, lead, tr, False)
    return s is not None and best is not None and s > best


class ShengjiPolicy:
    """Heuristic play for every seat of a 升级 deal (see the module docstring); ``noise`` in [0, 1]."""

    def __init__(self, rng: random.Random, noise: float = 0.08, knowing: bool = False) -> None:
        self.rng = rng
        self.noise = noise
        #: read only what the seat to act knew (the candidates' ranking and the policy's mark in the seat view): whether
        #: a seat still to play can win a trick is asked of the unseen cards, not of its hand as dealt; a declaration
        #: made face down is not compared. A rollout's bot reads its determinized deal as it is (``knowing`` False).
        self.knowing = knowing

    # -- the deal before the tricks -------------------------------------------------------------------

    def wants(self, eng: Shengji, st: ShengjiState, seat: int) -> Cards | None:
        """The declaration ``seat`` makes now, or None when it does not declare."""
        held = st.hands[seat].known_cards()
        d = best_declaration(held, st.levels[team(seat)])
        if d is None:
            return None
        spoken = {x[0] for x in st.declarations} | set(st.passed)
        last = len(spoken) == 3 and not st.declarations
        seen = [(k, cs) for k, (s, cs) in enumerate(st.declarations) if not self.knowing or s == seat]  # face down
        top = max((eng.declaration_key(k, cs) for k, cs in seen), default=None)
        if top is not None and eng.declaration_key(len(st.declarations), d) <= top:
            return None  # it would be eaten
        return d if last or trumps_held(held, str(d[1].suit), st.levels[team(seat)]) >= DECLARE_AT else None

    def declaring(self, eng: Shengji, st: ShengjiState, seat: int) -> Event:
        """``seat``'s own word in the declarations: its declaration, or a pass."""
        d = self.wants(eng, st, seat)
        return Pass(seat) if d is None else Declare(seat, cards=d)

    def bury(self, st: ShengjiState, seat: int) -> Cards:
        """The cards the declarer buries (see the module docstring)."""
        tr = st.trumps
        assert tr is not None
        held = st.hands[seat].known_cards()
        length = Counter(tr.key(c)[0] for c in held)

        def worth(c: Card) -> tuple[int, int, int, int, int, int]:
            cls, order = tr.key(c)
            return (cls == TRUMP, card_points([c]) > 0, order >= RANK_A, length[cls], order, c.slot)

        return tuple(sorted(held, key=worth)[: st.kitty_size])

    def _setup(self, eng: Shengji, st: ShengjiState) -> Event:
        if st.phase == DECLARE:
            spoken = {x[0] for x in st.declarations} | set(st.passed)
            for s in range(4):
                if s not in spoken and self.wants(eng, st, s) is not None:
                    return self.declaring(eng, st, s)
            waiting = [s for s in range(4) if s not in spoken]
            if not st.declarations:
                return Pass(waiting[0])
            st = eng._resolve(st)  # the declarations are over: compare them and go on
        if st.phase == EXCHANGE:
            return next(e for e in eng.legal_actions(st) if isinstance(e, Exchange))
        if st.phase == KITTY:
            return Bury(st.declarer, cards=self.bury(st, st.declarer))
        return Play(st.to_act, cards=self.play(eng, st, st.to_act))

    # -- tricks -----------------------------------------------------------------------------------

    def unseen(self, st: ShengjiState, seat: int) -> Counter[Card]:
        """The cards ``seat`` cannot see: the other hands, and the kitty unless it buried it."""
        out: Counter[Card] = Counter()
        for t, h in enumerate(st.hands):
            if t != seat:
                out.update(h.known_cards())
        if seat != st.declarer:
            out.update(st.buried)
        return out

    def beaten_later(self, st: ShengjiState, seat: int, trick: Sequence[tuple[int, Cards]]) -> bool:
        """Whether an opponent of ``seat`` still to play to ``trick`` can win it: with its hand as dealt here, or,
        ``knowing``, with some of the cards ``seat`` has not seen (following the lead, or void in it and ruffing)."""
        tr = st.trumps
        assert tr is not None
        lead = combo(trick[0][1], tr)
        best = _best(trick, lead, tr)
        later = [t for t in ((trick[0][0] + k) % 4 for k in range(len(trick), 4)) if team(t) != team(seat)]
        if self.knowing:
            pool = list(self.unseen(st, seat).elements())
            hands = [pool, [c for c in pool if tr.key(c)[0] == TRUMP]] if later else []
        else:
            hands = [st.hands[t].known_cards() for t in later]
        return any(_wins(p, best, lead, tr) for held in hands for p in follow_options(held, lead, tr))

    def lead_rank(self, st: ShengjiState, seat: int, options: list[Cards]) -> list[Cards]:
        """Leads best first (see the module docstring)."""
        tr = st.trumps
        assert tr is not None
        unseen = self.unseen(st, seat)
        length = Counter(tr.key(c)[0] for c in st.hands[seat].known_cards())

        high: dict[tuple[str, int], int] = {}  # (suit class, 1 single / 2 pair) -> the highest unseen order
        for c, k in unseen.items():
            cls, order = tr.key(c)
            for need in (1, 2) if k >= 2 else (1,):
                if order > high.get((cls, need), -1):
                    high[(cls, need)] = order

        def boss(p: Cards) -> bool:
            cls, top = tr.key(p[0])[0], max(tr.key(c)[1] for c in p)
            return top >= high.get((cls, 2 if len(p) == 2 else 1), -1)

        def key(p: Cards) -> tuple[Any, ...]:
            cls = tr.key(p[0])[0]
            kind = combo(p, tr).kind
            side = cls != TRUMP
            if kind == "tractor":
                tier = 0
            elif kind == "pair" and boss(p):
                tier = 1 if side else 2
            elif len(p) == 1 and side and boss(p):
                tier = 3
            elif side:
                tier = 4
            else:
                tier = 5
            if tier <= 3:
                return (tier, -len(p), -card_points(p), -_low(p, tr), _slots(p))
            return (tier, card_points(p) > 0, length[cls], len(p) != 1, _low(p, tr), _slots(p))

        return sorted(options, key=key)

    def follow_rank(self, st: ShengjiState, seat: int, options: list[Cards]) -> list[Cards]:
        """Answers best first (see the module docstring)."""
        tr = st.trumps
        assert tr is not None
        trick = st.trick
        best = trick_winner(trick, tr)
        on_table = card_points([c for _, cs in trick for c in cs])

        def dump(p: Cards) -> tuple[Any, ...]:
            return (card_points(p), spent(p, tr), _low(p, tr), _slots(p))

        def feed(p: Cards) -> tuple[Any, ...]:
            return (spent(p, tr), -card_points(p), _low(p, tr), _slots(p))

        if team(best) == team(seat):
            safe = not self.beaten_later(st, seat, trick)
            return sorted(options, key=feed if safe else dump)
        lead = st.lead
        assert lead is not None
        top = _best(trick, lead, tr)
        wins = [p for p in options if _wins(p, top, lead, tr)]
        wins.sort(key=lambda p: (spent(p, tr), _low(p, tr), -card_points(p), _slots(p)))
        for w in wins:
            worth = on_table + card_points(w) >= SMALL_POINTS or spent(w, tr)[0] == 0
            if worth and not self.beaten_later(st, seat, (*trick, (seat, w))):
                return [w, *sorted((p for p in options if p != w), key=dump)]
            break  # the cheapest win does not hold: a dearer one is not tried
        return sorted(options, key=dump)

    def ranked(self, eng: Shengji, st: ShengjiState, seat: int) -> list[Cards]:
        """The seat's legal plays (the engine's), the policy's preference first."""
        options = eng.plays_for(st, seat)
        return self.lead_rank(st, seat, options) if not st.trick else self.follow_rank(st, seat, options)

    def play(self, eng: Shengji, st: ShengjiState, seat: int) -> Cards:
        """The play of ``seat`` (the policy's first, or a random legal one with the noise's chance)."""
        if self.noise and self.rng.random() < self.noise:
            return self.rng.choice(eng.plays_for(st, seat))
        return self.ranked(eng, st, seat)[0]

    def choose(self, eng: Shengji, st: ShengjiState) -> Event:
        """The policy's event for the current state (any phase)."""
        if st.phase in (DECLARE, EXCHANGE, KITTY):
            return self._setup(eng, st)
        return Play(st.to_act, cards=self.play(eng, st, st.to_act))


def _key(ev: Event) -> tuple[Any, ...]:
    return (ev.action, _slots(ev.cards), getattr(ev, "to", None))


def _resolved(eng: Shengji, st: ShengjiState, actual: Event) -> ShengjiState:
    """The state the decision ``actual`` was taken in: the declarations compared when ``actual`` comes after
    them (the log's state at the first event after the declarations is still the declaring one)."""
    if st.phase == DECLARE and st.declarations and not isinstance(actual, Declare | Pass):
        return eng._resolve(st)
    return st


def candidates(eng: Shengji, state: ShengjiState, actual: Event, limit: int) -> tuple[list[Event], int]:
    """The options to price for ``actual``'s seat (``actual`` first) and the index of the policy's (-1 when
    it is not among them): a declaration or pass, with the seat's other declarations; an exchange with the
    others the engine allows; a bury with the policy's and the lowest; a play with the policy's, the
    cheapest win, the cheapest play without points and the play with the most points."""
    st = _resolved(eng, state, actual)
    seat = actual.seat
    pol = ShengjiPolicy(random.Random(0), noise=0.0, knowing=True)
    first: Event | None = None
    opts: list[Event] = []
    if st.phase == DECLARE:
        first = pol.declaring(eng, st, seat)
        held = st.hands[seat].known_cards()
        opts = [Pass(seat)] + [Declare(seat, cards=d) for d in declarations(held, st.levels[team(seat)])]
    elif st.phase == EXCHANGE:
        opts = [e for e in eng.legal_actions(st) if e.seat == seat]
        first = opts[0] if opts else None
    elif st.phase == KITTY:
        first = Bury(seat, cards=pol.bury(st, seat))
        opts = [e for e in eng.legal_actions(st) if isinstance(e, Bury)]
        kt = st.trumps
        assert kt is not None
        held = st.hands[seat].known_cards()
        clean = sorted(held, key=lambda c: (card_points([c]) > 0, kt.key(c)[0] == TRUMP, kt.key(c)[1], c.slot))
        opts.append(Bury(seat, cards=tuple(clean[: st.kitty_size])))
    elif st.trumps is not None and seat == st.to_act:
        tr = st.trumps
        ranked = pol.ranked(eng, st, seat)
        first = Play(seat, cards=ranked[0]) if ranked else None
        picks: list[Cards] = []
        if st.trick:
            wins = [p for p in ranked if trick_winner((*st.trick, (seat, p)), tr) == seat]
            by: list[Callable[[Cards], Any]] = [
                lambda p: (card_points(p), spent(p, tr), _low(p, tr)),
                lambda p: (-card_points(p), spent(p, tr), _low(p, tr)),
            ]
            picks += [min(wins, key=lambda p: (spent(p, tr), _low(p, tr)))] if wins else []
            picks += [min(ranked, key=k) for k in by]
        opts = [Play(seat, cards=p) for p in [*picks, *ranked]]
    return distinct(actual, first, opts, limit, _key, lambda ev: eng.can(state, ev))
