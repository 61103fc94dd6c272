"""A playing policy for rollouts: plain heuristics of a sound club player, stronger than random.

The heuristics (docs/evaluation.md quotes them):

- **Lead** the lowest plain rank, all its cards together; keep 2s and jokers for answering. When the
  whole hand is one set, play it out. A seat bound by a burn's condition hangs a joker on its lead.
- **Go out on jokers**: when the jokers held are enough to hang one on every plain set but the last, lead
  those sets from the highest, each with a joker (the biggest first), and the last one bare.
- **Answer** an opponent with the cheapest set that beats the table: natural cards before 2s and
  jokers, a rank whose group fits the table's size before one that must be broken, the lowest rank
  first. Spend 2s or jokers only on a high set (A or above, or three cards or more), when the
  opponent who owns the table is close to going out, or when the seat itself is.
- **Hold back on a low set** (below 10), unless spending is in order (the conditions above) or the answer
  takes the seat out: decline rather than break a group (a single out of a pair, a pair out of four), and
  below 8 decline rather than answer with a Q, K or A.
- **Never beat a partner** whose set stands, unless the answer takes the seat out.
- The thresholds above are the plain ``Style`` (``coach.policy_style``); a rollout plays the game's tuned style
  (``tuned(game)``, found by self-play: bench/train_policy.py), which differs in its numbers only (it also covers a
  partner's very low set while the partner holds many cards).
- Decline (pass, or 扣 when the seat is the closer), never burn, never 让, never ask for 接风.
- 保皇 bidding: call with a triple when the hand holds at least four 2s and jokers, else yield.
- ``noise``: with this chance a decision is taken at random among the options (decline included),
  so that rollouts from one position spread over the plays a real table might see.

Sides: in 够级 the teams (seat parity); in 保皇 the 皇帝 and 保皇派 against the rest, read from the
state as it truly is. A rollout is played on a determinized (fully known) deal, so every seat plays
with the true roles; see ``coach.worlds`` for what the evaluated seat itself is allowed to know.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from coach.games import GameCoach, coach_for
from coach.policy_style import PLAIN, Style, tuned
from replay.climbing.state import SETUP, State
from replay.core.cards import RANK_2, RANK_BJ, RANK_SJ, Card
from replay.core.events import Event, Pass, Play, Revolution, Waive
from replay.core.seats import opposite
from replay.simulate import RandomBot

if TYPE_CHECKING:
    from replay.climbing.table import Climbing

Cards = tuple[Card, ...]


def same_side(eng: Climbing[State], st: State, a: int, b: int) -> bool:
    """True when seats ``a`` and ``b`` play on the same side (as the state truly is; the game's coach says)."""
    return coach_for(eng.game).same_side(st, a, b)


def cost(cards: Cards, groups: dict[int, list[Card]]) -> tuple[int, int, int, int, int]:
    """How dear a set is to spend (smaller is cheaper): jokers, 2s, a broken group, rank, size."""
    jokers = twos = 0
    base = 99
    for c in cards:
        if c.rank >= RANK_SJ:
            jokers += 1
        elif c.rank == RANK_2:
            twos += 1
        if c.rank < base:
            base = c.rank
    if base >= RANK_SJ:  # jokers alone
        return (jokers, 0, 0, base, len(cards))
    natural = len(cards) - jokers - (twos if base != RANK_2 else 0)
    broken = 1 if natural < len(groups.get(base, ())) else 0
    if base == RANK_2:
        twos = len(cards) - jokers
    return (jokers, twos, broken, base, len(cards))


_PLAYS: dict[tuple[int, Cards], Play] = {}


def play_of(seat: int, cards: Cards) -> Play:
    """``Play(seat, cards=cards)``, one value for each (events are frozen: a rollout plays the same sets again
    and again)."""
    key = (seat, cards)
    ev = _PLAYS.get(key)
    if ev is None:
        if len(_PLAYS) >= 50_000:  # a few MB at most, as make_set's cache
            _PLAYS.clear()
        ev = _PLAYS[key] = Play(seat, cards=cards)
    return ev


class Policy(RandomBot):
    """Heuristic play for every seat (see the module docstring); ``noise`` in [0, 1]; ``style``: the thresholds
    (None: the game's tuned style, ``coach.policy_style.tuned``)."""

    def __init__(self, rng: random.Random, noise: float = 0.08, style: Style | None = None) -> None:
        super().__init__(rng, revolution_rate=0.0)
        self.noise = noise
        self.style = style

    def style_for(self, eng: Climbing[State]) -> Style:
        """The thresholds the policy plays in ``eng``'s game."""
        return self.style if self.style is not None else tuned(eng.game)

    # -- leads ------------------------------------------------------------------------------------

    def lead_options(self, eng: Climbing[State], st: State, seat: int) -> list[Cards]:
        """Leads worth considering, best first: each plain rank in full, low to high (a joker hung on
        when a burn binds the seat), or the whole hand when it is one set; when the jokers suffice to hang
        one on every plain set but the last, those sets from the highest with a joker, the last bare."""
        groups = self.by_rank(st, seat)
        plain = [r for r in groups if r < RANK_SJ]
        plain.sort()
        jokers = groups.get(RANK_BJ, []) + groups.get(RANK_SJ, [])  # the biggest first
        if not plain:
            return [tuple(jokers)]
        if len(plain) == 1 or (eng.twos_attach and len(plain) == 2 and RANK_2 in groups):
            return [tuple(c for r in plain for c in groups[r]) + tuple(jokers)]  # one set: 2s attach to the base
        bound = bool(jokers) and coach_for(eng.game).bound(st, seat)
        if jokers and not bound:
            ranks = [r for r in plain if not (r == RANK_2 and eng.twos_attach)]
            if len(ranks) - 1 <= len(jokers):  # a joker on every set but the last: it goes out on them
                return [(*groups[r], jokers[0]) for r in ranks[:0:-1]] + [tuple(groups[ranks[0]])]
        if eng.twos_attach and len(plain) > 1 and plain[-1] == RANK_2:
            plain.pop()  # 2s ride on other ranks; led alone only when nothing else is left
        if bound:  # the smallest joker hung on each
            return [(*groups[r], jokers[-1]) for r in plain]
        return [tuple(groups[r]) for r in plain]

    def lead(self, eng: Climbing[State], st: State, seat: int) -> Cards:
        """The lead the policy plays."""
        opts = self.lead_options(eng, st, seat)
        if len(opts) > 1 and self.rng.random() < self.noise:
            return self.rng.choice(opts)
        return opts[0]

    # -- answers ----------------------------------------------------------------------------------

    def answer_options(self, eng: Climbing[State], st: State, seat: int) -> list[Cards]:
        """Sets that beat the table, cheapest first (those a burn's condition forbids left out)."""
        opts = self.answers(eng, st, seat)
        if coach_for(eng.game).bound(st, seat):
            left = st.hands[seat].size
            opts = [c for c in opts if any(x.rank >= RANK_SJ for x in c) or len(c) == left]
        groups = self.by_rank(st, seat)
        opts.sort(key=lambda c: cost(c, groups))
        return opts

    def holds_back(self, st: State, seat: int, cards: Cards, style: Style = PLAIN) -> bool:
        """Whether the natural answer ``cards`` is too dear for the low set on the table: it breaks a group
        on a set below ``style.low_set``, or it spends ``style.dear_from`` or higher on a set below
        ``style.very_low_set``."""
        table = st.table
        assert table is not None
        base = cards[0].rank
        if cards[-1].rank >= RANK_2:
            return False  # a set with 2s or jokers is priced by the spending conditions
        if table.base < style.low_set and len(self.by_rank(st, seat)[base]) > len(cards):
            return True
        return table.base < style.very_low_set and base >= style.dear_from

    def choose(self, eng: Climbing[State], st: State) -> Event:
        """The policy's event for the current state (any game, any phase)."""
        game = coach_for(eng.game)
        if game.bidding(st):
            return self.bid(eng, st)
        table = st.table
        if table is None or st.window:
            seat = st.leader if table is None else st.owner
            if st.phase == SETUP and table is None:
                seat = game.first_leader(eng, st)
                if seat == -1:
                    seat = st.active_seats()[0]
            if st.window and not st.active(seat):
                return Pass(eng.burners(st)[0])
            return play_of(seat, self.lead(eng, st, seat))
        seat = st.to_act
        if self.rng.random() < self.noise:
            opts = self.answer_options(eng, st, seat)
            k = self.rng.randrange(len(opts) + 1)
            return game.decline(st, seat) if k == len(opts) else Play(seat, cards=opts[k])
        owner, left, m = st.owner, st.hands[seat].size, table.size
        out = left == m  # an answer (as many cards as the table's) takes the seat out
        sty = self.style_for(eng)
        held = st.hands[owner].size
        partner = not out and st.live >> owner & 1 and game.same_side(st, seat, owner)
        if partner and (table.base >= sty.partner_low or held <= sty.partner_many):
            return game.decline(st, seat)  # a partner's standing set is not beaten (but a very low one)
        spend = table.base >= sty.spend_base or m >= sty.spend_size or held <= sty.owner_close or left <= sty.self_close
        best = self._cheapest(game, eng, st, seat, not (spend or out))
        if best is None:
            return game.decline(st, seat)  # 够级: the owner's 对头 declines with 扣, everyone else passes
        if not (spend or out) and (best[-1].rank >= RANK_2 or self.holds_back(st, seat, best, sty)):
            return game.decline(st, seat)  # 2s and jokers kept for a high set; a low set held back
        return play_of(seat, best)

    def cheapest_answer(self, eng: Climbing[State], st: State, seat: int, natural_only: bool = False) -> Cards | None:
        """``answer_options(...)[0]``, found without listing every option when natural cards do
        (``natural_only``: None instead of an answer that spends 2s or jokers)."""
        return self._cheapest(coach_for(eng.game), eng, st, seat, natural_only)

    def _cheapest(
        self, game: GameCoach[Climbing[State], State], eng: Climbing[State], st: State, seat: int, natural_only: bool
    ) -> Cards | None:
        table = st.table
        assert table is not None
        if table.dead or (table.sj and table.base < RANK_SJ) or game.bound(st, seat):
            opts = self.answer_options(eng, st, seat)
            return opts[0] if opts else None
        m = table.size
        groups = self.by_rank(st, seat)
        broken = None
        for r in range(table.base + 1, RANK_2):
            group = groups.get(r)
            if group is None or len(group) < m:
                continue
            if len(group) == m:
                return tuple(group)
            if broken is None:
                broken = tuple(group[:m])
        if broken is not None or natural_only:
            return broken
        return self.cheapest_spending(eng, st, seat)

    def cheapest_spending(self, eng: Climbing[State], st: State, seat: int) -> Cards | None:
        """``answer_options(...)[0]`` on a table that is neither dead nor binding the seat by a burn's condition:
        the sets ``answers`` lists, priced by ``cost`` without building them; the first of the cheapest, as the
        stable sort of ``answer_options`` keeps it."""
        table = st.table
        assert table is not None
        if table.dead:
            return None
        m, over = table.size, table.base
        groups = self.by_rank(st, seat)
        twos = groups.get(RANK_2, []) if eng.twos_attach else []
        sjs, bjs = groups.get(RANK_SJ, []), groups.get(RANK_BJ, [])
        need_bj = table.sj if over < RANK_SJ else 0
        best: tuple[int, int, int, int] | None = None
        pick: tuple[int, int, int, int] | None = None  # base, natural cards, 2s, small jokers (big ones: the rest)
        for base, group in groups.items():
            if base <= over:
                continue
            if base == RANK_BJ:
                if len(bjs) >= m and (best is None or (m, 0, 0, base) < best):
                    best, pick = (m, 0, 0, base), (base, 0, 0, 0)
                continue
            if base == RANK_SJ:
                for bj in range(0, min(len(bjs), m - 1) + 1):
                    sj = m - bj
                    if 1 <= sj <= len(sjs) and bj >= need_bj and (bj == 0 or over < RANK_SJ):
                        if best is None or (m, 0, 0, base) < best:
                            best, pick = (m, 0, 0, base), (base, 0, 0, sj)
                        break  # the other splits cost the same
                continue
            extra = len(twos) if base != RANK_2 else 0
            size = len(group)
            if size + extra + len(sjs) + len(bjs) < m:
                continue  # too few cards, whatever is attached
            # The key depends on the jokers j = bj + sj only: the fewest that fill the set with this base's
            # cards and the 2s, split as the first of ``answers``' order (the fewest big jokers) takes them.
            for j in range(max(need_bj, m - size - extra, 0), m):
                bj = max(need_bj, j - len(sjs))
                if bj > min(len(bjs), j):
                    continue  # no split of j jokers among those held
                rest = m - j
                t2 = max(0, rest - size)
                k = rest - t2
                key = (j, k if base == RANK_2 else t2, int(k < size), base)
                if best is None or key < best:
                    best, pick = key, (base, k, t2, j - bj)
                break  # more jokers only cost more
        if pick is None:
            return None
        base, k, t2, sj = pick
        if base >= RANK_SJ:
            return tuple(sjs[:sj] + bjs[: m - sj])
        return tuple(groups[base][:k] + twos[:t2] + sjs[:sj] + bjs[: m - k - t2 - sj])

    # -- bidding (保皇) ------------------------------------------------------------------------------

    def bid(self, eng: Climbing[State], st: State) -> Event:
        """The game's bid for the policy (保皇: call with a triple on a strong hand, else yield)."""
        bid = coach_for(eng.game).bid
        return super().bid(eng, st) if bid is None else bid(st)

    def reveals(self, eng: Climbing[State], st: State) -> list[Event]:
        """The policy never reveals a role."""
        return []


class SeatBots:
    """Different bots at different seats (``bots[seat]``): each decision goes to the bot of the seat
    it belongs to; a bot acts out of turn (burns, 接风) only for its own seats. Usable wherever
    ``replay.simulate.simulate_deal`` takes a bot."""

    def __init__(self, bots: list[RandomBot]) -> None:
        self.bots = bots
        self.rng = bots[0].rng
        for bot in {id(b): b for b in bots}.values():
            bot.seats = sum(1 << s for s, b in enumerate(bots) if b is bot)

    def _distinct(self) -> list[RandomBot]:
        return list({id(b): b for b in self.bots}.values())

    @staticmethod
    def awaited(eng: Climbing[State], st: State) -> int:
        """The seat whose decision the state waits for (leader, owner in a window, or to_act)."""
        game = coach_for(eng.game)
        setup = game.setup_seat(eng, st)
        if setup is not None:
            return setup
        if st.table is None:
            if st.leader != -1:
                return st.leader
            first = game.first_leader(eng, st)
            return first if first != -1 else st.active_seats()[0]
        if st.window:
            return st.owner if st.active(st.owner) else eng.burners(st)[0]
        return st.to_act

    def choose(self, eng: Climbing[State], st: State) -> Event:
        """The event of the bot whose seat's decision is awaited."""
        return self.bots[self.awaited(eng, st)].choose(eng, st)

    def lead(self, eng: Climbing[State], st: State, seat: int) -> Cards:
        """The seat's bot leads."""
        return self.bots[seat].lead(eng, st, seat)

    def bid(self, eng: Climbing[State], st: State) -> Event:
        """The bidding holder's bot bids."""
        return self.bots[st.to_act].bid(eng, st)

    def reveals(self, eng: Climbing[State], st: State) -> list[Event]:
        """Each bot's reveals for its own seats."""
        return [e for b in self._distinct() for e in b.reveals(eng, st) if self.bots[e.seat] is b]

    def setup(self, eng: Climbing[State], st: State, hands: tuple[Cards, ...]) -> list[Event]:
        """Each bot's setup events (shows, 革命) for its own seats: one 革命 at most, and a waiver only
        from the 对头 of the 革命 kept."""
        events = [e for b in self._distinct() for e in b.setup(eng, st, hands) if self.bots[e.seat] is b]
        revs = [e.seat for e in events if isinstance(e, Revolution)][:1]
        kept = [
            e
            for e in events
            if not (isinstance(e, Revolution) and e.seat not in revs)
            and not (isinstance(e, Waive) and [opposite(e.seat)] != revs)
        ]
        return sorted(kept, key=lambda e: not isinstance(e, Revolution))  # a waiver after the 革命 it waives
