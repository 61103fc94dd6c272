"""Simulated learners: bots that follow or break chosen folk maxims (够级俗语), to test the coach and
to put the maxims on trial (``coach.study``).

``MaximPlayer`` adds the maxims to the bot that follows it in the class order: it plays like that bot
except at the positions a maxim speaks to, where it breaks the maxims in ``break_`` (and records where,
in ``planted``) and keeps to those in ``follow`` (recording where it changed the bot's own choice, in
``kept``). ``MaximBot`` is it on ``replay.simulate.RandomBot``, ``MaximPolicy`` on the rollout player
``coach.policy.Policy``. Every event they write is legal: a planted event is one of the engine's own
legal choices. Use them through ``simulate_deal``::

    bot = MaximBot(random.Random(seed), break_={"feng-q-gai-mao"})
    deal = simulate_deal(seed, "gouji", bot=bot)
    bot.planted["feng-q-gai-mao"]  # event indices of deal.log.events where it broke the maxim

``at`` limits the maxims to some seats (a team); the other seats play as the base bot does.

The maxims it knows (keys of ``coach.maxims.BY_KEY``):

- 逢Q盖帽 ``feng-q-gai-mao``: break: answer an opponent's Qs with Ks while holding plain As (no 2s,
  no jokers) that beat them; follow: answer with those plain As, never Ks, when both can.
- 有单不发3 ``you-dan-bu-fa-3``: on the profile's side (``lead_preference``, "singles" by default):
  break: lead 3s while holding singles; follow: lead a single instead of 3s. With "threes" the sides
  swap (break: lead a single while holding 3s; follow: lead the 3s).
- 小花挂4 ``xiaohua-gua-4``: break: lead another rank with a small joker hung on it while holding 4s;
  follow: hang the small joker on the 4s instead. (``MaximPolicy``, whose base never hangs a joker
  unasked, plays this maxim as a choice at the seat's first chance to hang a small joker: see there.)
- 单牌慎过，过3有罪 ``dan-pai-shen-guo``: when an opponent whose count is shown (报牌: 10 cards or
  fewer) and who still holds cards has 3s on the table: break: pass while holding a set that beats
  them; follow: always answer them (play, or burn) when the seat holds such a set.
- 挡三不挡四 ``dang-san-bu-dang-si``: break: answer an opponent's 4s with 2s or jokers; follow: never
  spend 2s or jokers on 4s (a plain answer, or a decline).

The study (``coach.study``) asks 逢Q盖帽 and 挡三不挡四 one question at a time (``SPLIT``, keys
``maxim/answer`` and ``maxim/cards``): whether to answer at all, and with which cards (``MaximPlayer._ask``).
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from coach.games.gouji import bound_by_burn
from coach.maxims import BY_KEY
from coach.policy import Policy
from replay.climbing.state import State
from replay.core.cards import RANK_2, RANK_3, RANK_A, RANK_BJ, RANK_K, RANK_Q, RANK_SJ, Card
from replay.core.events import Burn, Event, Kou, Pass, Play
from replay.core.seats import same_side
from replay.core.sets import make_set
from replay.simulate import RandomBot

if TYPE_CHECKING:
    from replay.climbing.table import Climbing

FENG_Q = "feng-q-gai-mao"
YOU_DAN = "you-dan-bu-fa-3"
GUA_4 = "xiaohua-gua-4"
DAN_PAI = "dan-pai-shen-guo"
DANG_SAN = "dang-san-bu-dang-si"
SUPPORTED = (FENG_Q, YOU_DAN, GUA_4, DAN_PAI, DANG_SAN)
GAMES: frozenset[str] = frozenset.union(*(BY_KEY[k].games for k in SUPPORTED))  # the maxims' games (够级)
#: The study's questions about a maxim that mixes "answer or not" with "which cards" (``maxim/question``):
#: each asks one of the two, at the maxim's position (see ``MaximPlayer``).
ANSWER, CARDS = "answer", "cards"
FENG_Q_ANSWER, FENG_Q_CARDS = f"{FENG_Q}/{ANSWER}", f"{FENG_Q}/{CARDS}"
DANG_SAN_ANSWER, DANG_SAN_CARDS = f"{DANG_SAN}/{ANSWER}", f"{DANG_SAN}/{CARDS}"
SPLIT = (FENG_Q_ANSWER, FENG_Q_CARDS, DANG_SAN_ANSWER, DANG_SAN_CARDS)
#: What the study plays: one row per question, in the maxims' order (a split maxim by its two questions).
QUESTIONS = (FENG_Q_ANSWER, FENG_Q_CARDS, YOU_DAN, GUA_4, DAN_PAI, DANG_SAN_ANSWER, DANG_SAN_CARDS)


def maxim_of(key: str) -> str:
    """The maxim a question key (``maxim/question``) or a maxim key is about."""
    return key.partition("/")[0]


def question_of(key: str) -> str | None:
    """The question of a key (``answer``, ``cards``), None for a maxim played whole."""
    return key.partition("/")[2] or None


Cards = tuple[Card, ...]


def _cost(cards: Cards) -> tuple[int, int, int, int]:
    """How dear a set is to spend: jokers, then 2s, then its highest card, then its size."""
    return (
        sum(c.rank >= RANK_SJ for c in cards),
        sum(c.rank == RANK_2 for c in cards),
        max(c.rank for c in cards),
        len(cards),
    )


def _cheapest(sets: Iterable[Cards]) -> Cards:
    """The cheapest of ``sets`` (never empty where it is asked)."""
    return min(sets, key=_cost)


def _spends_high(cards: Cards) -> bool:
    """True when a set carries 2s or jokers."""
    return any(c.rank >= RANK_2 for c in cards)


class MaximPlayer(RandomBot):
    """The maxims on top of a base bot: put it before the base in the class order (``MaximBot``,
    ``MaximPolicy``); it breaks the maxims in ``break_`` and follows those in ``follow``, at the seats
    in ``at`` (default: every seat).

    ``options`` go to the base bot (RandomBot's ``pass_rate``, ``burn_rate``, ...; Policy's ``noise``),
    except ``break_rate`` (default 1.0): the chance of breaking a maxim at a position where it can be
    broken. ``planted[key]`` lists the event indices where it broke maxim ``key``; ``kept[key]`` those
    where following it changed the base bot's choice. Only positions of the maxims' games are planted
    (``GAMES``: the maxims are 够级's)."""

    #: 小花挂4 played as a choice at each seat's first chance to hang a small joker on a lead (both
    #: sides hang one joker, on the 4s or on another rank), rather than as a change to a hang the base
    #: bot chose itself (a base that never hangs a joker would never meet the maxim).
    hang_as_choice: bool = False

    def __init__(
        self,
        rng: random.Random,
        follow: Iterable[str] = frozenset(),
        break_: Iterable[str] = frozenset(),
        at: Iterable[int] | None = None,
        **options: Any,
    ) -> None:
        self.break_rate: float = options.pop("break_rate", 1.0)
        super().__init__(rng, **options)
        self.follow, self.break_ = set(follow), set(break_)
        self.at = -1 if at is None else sum(1 << s for s in set(at))  # mask of the seats that play the maxims
        for key in self.follow | self.break_:
            if maxim_of(key) not in BY_KEY:
                raise ValueError(f"unknown maxim {key!r}: expected one of {sorted(BY_KEY)}")
            if key not in SUPPORTED and key not in SPLIT:
                raise ValueError(f"{type(self).__name__} cannot play maxim {key!r}; it knows {SUPPORTED + SPLIT}")
        if self.follow & self.break_:
            raise ValueError(f"cannot both follow and break {sorted(self.follow & self.break_)}")
        self._reset()

    # -- bookkeeping: the index of the event being chosen ------------------------------------------

    def _reset(self) -> None:
        self.planted: dict[str, list[int]] = {k: [] for k in self.break_}
        self.kept: dict[str, list[int]] = {k: [] for k in self.follow}
        self.events = 0  # events written so far in this deal
        self._current = -1  # index of the event being chosen, while inside ``choose``
        self._hung = 0  # mask of the seats that made their 小花挂4 choice (``hang_as_choice``)

    def _plant(self, key: str, ev: Event) -> Event:
        """Record that the event being chosen breaks maxim ``key``."""
        self.planted[key].append(self._current)
        return ev

    def _keep(self, key: str, ev: Event) -> Event:
        """Record that following maxim ``key`` changed the event being chosen."""
        self.kept[key].append(self._current)
        return ev

    def _breaks(self, key: str) -> bool:
        return key in self.break_ and self.rng.random() < self.break_rate

    def setup(self, eng: Climbing[State], st: State, hands: tuple[tuple[Card, ...], ...]) -> list[Event]:
        """The base bot's setup events; a new deal starts here."""
        self._reset()
        events = super().setup(eng, st, hands)
        self.events = len(events)
        return events

    def bid(self, eng: Climbing[State], st: State) -> Event:
        """The base bot's bidding (保皇), counted."""
        self.events += 1
        return super().bid(eng, st)

    def reveals(self, eng: Climbing[State], st: State) -> list[Event]:
        """The base bot's reveals (保皇), counted."""
        events = super().reveals(eng, st)
        self.events += len(events)
        return events

    # -- helpers ------------------------------------------------------------------------------------

    def _plays(self, seat: int) -> bool:
        """The seat plays the maxims (it is one of ``at``)."""
        return bool(self.at >> seat & 1)

    def _hang_base(self, others: list[int]) -> int:
        """The rank a broken 小花挂4 hangs the small joker on: one of ``others`` at random."""
        return self.rng.choice(others)

    @staticmethod
    def _opponents(a: int, b: int) -> bool:
        return not same_side(a, b)

    @staticmethod
    def _bound(st: State, seat: int) -> bool:
        """The seat burned earlier: each set but its last must carry a joker."""
        return bound_by_burn(st, seat)

    def _keeps_burn(self, st: State, seat: int, cards: Cards) -> bool:
        """The set keeps the seat's burn condition (or the seat is not bound by one)."""
        return not self._bound(st, seat) or any(c.rank >= RANK_SJ for c in cards) or len(cards) == st.hands[seat].size

    def _fits(self, st: State, seat: int, cards: Cards, burn: bool) -> bool:
        """The set keeps a burn's condition: the one it is bound by, or the one a burn would start."""
        return self.safe_to_burn(st, seat, cards) if burn else self._keeps_burn(st, seat, cards)

    def _answers(self, eng: Climbing[State], st: State, seat: int) -> list[Cards]:
        """Every set the seat holds that beats the table."""
        return list(eng.plays_for(st, seat)) if st.table is not None else []

    def _base(self, eng: Climbing[State], cards: Cards) -> int:
        return make_set(cards, eng.twos_attach).base

    def _caps(self, eng: Climbing[State], st: State, seat: int) -> list[Cards]:
        """The plain As (no 2s, no jokers) the seat holds that beat the table: the 逢Q盖帽 cap."""
        return [s for s in self._answers(eng, st, seat) if all(c.rank == RANK_A for c in s)]

    @staticmethod
    def _threes_near_out(st: State) -> bool:
        """3s on the table from an owner still playing whose count is shown (报牌: 10 cards or fewer)."""
        return st.table is not None and st.table.base == RANK_3 and st.owner in st.shown_counts()

    @staticmethod
    def _decline(eng: Climbing[State], st: State, seat: int) -> Event:
        return Kou(seat) if "kou" in eng.actors(st).get(seat, ()) else Pass(seat)

    # -- choosing -----------------------------------------------------------------------------------

    def choose(self, eng: Climbing[State], st: State) -> Event:
        """One legal event: a planted break, a kept maxim, or the base bot's choice."""
        self._current = self.events
        self.events += 1
        try:
            if eng.game not in GAMES:
                return super().choose(eng, st)
            ev = self._break(eng, st)
            if ev is not None:
                return ev
            return self._ask(eng, st, self._follow(eng, st, super().choose(eng, st)))
        finally:
            self._current = -1

    def _break(self, eng: Climbing[State], st: State) -> Event | None:
        """A planted break of a maxim at this position, or None."""
        if st.table is None:
            return None
        o = st.owner
        seat = st.to_act
        if st.window or seat == -1 or not self._opponents(seat, o) or not self._plays(seat):
            return None
        base = st.table.base
        if base == RANK_Q and FENG_Q in self.break_:
            sets = self._answers(eng, st, seat)
            ks = [s for s in sets if self._base(eng, s) == RANK_K and self._keeps_burn(st, seat, s)]
            if ks and self._caps(eng, st, seat) and self._breaks(FENG_Q):
                return self._plant(FENG_Q, Play(seat, cards=_cheapest(ks)))
        elif base == 4 and DANG_SAN in self.break_:
            spend = [s for s in self._answers(eng, st, seat) if _spends_high(s) and self._keeps_burn(st, seat, s)]
            if spend and self._breaks(DANG_SAN):
                return self._plant(DANG_SAN, Play(seat, cards=_cheapest(spend)))
        elif (
            self._threes_near_out(st)
            and DAN_PAI in self.break_
            and self._answers(eng, st, seat)
            and self._breaks(DAN_PAI)
        ):
            return self._plant(DAN_PAI, self._decline(eng, st, seat))
        return None

    def _follow(self, eng: Climbing[State], st: State, ev: Event) -> Event:
        """The base bot's event, changed where it would break a maxim the bot follows."""
        if st.table is None or not self.follow:
            return ev
        o = st.owner
        seat = ev.seat
        if not self._plays(seat):
            return ev
        if st.window and seat == o:
            return ev  # a lead, handled in ``lead``
        if not self._opponents(seat, o):
            return ev
        base = st.table.base
        if isinstance(ev, Play | Burn):
            if base == RANK_Q and FENG_Q in self.follow and self._base(eng, ev.cards) == RANK_K:
                caps = self._caps(eng, st, seat)
                if caps:
                    fit = [s for s in caps if self._fits(st, seat, s, isinstance(ev, Burn))] or caps
                    return self._keep(FENG_Q, type(ev)(seat, cards=_cheapest(fit)))
            if base == 4 and DANG_SAN in self.follow and _spends_high(ev.cards):
                plain = [s for s in self._answers(eng, st, seat) if not _spends_high(s)]
                if plain:
                    fit = [s for s in plain if self._fits(st, seat, s, isinstance(ev, Burn))] or plain
                    return self._keep(DANG_SAN, type(ev)(seat, cards=_cheapest(fit)))
                return self._keep(DANG_SAN, self._decline(eng, st, seat) if isinstance(ev, Play) else Pass(seat))
            return ev
        if not isinstance(ev, Pass | Kou):
            return ev
        kinds = eng.actors(st).get(seat, ())
        if self._threes_near_out(st) and DAN_PAI in self.follow and kinds:
            sets = self._answers(eng, st, seat)
            if sets:
                if seat == st.to_act and not st.window:
                    fit = [s for s in sets if self._fits(st, seat, s, False)] or sets
                    return self._keep(DAN_PAI, Play(seat, cards=_cheapest(fit)))
                if "burn" in kinds:
                    fit = [s for s in sets if self._fits(st, seat, s, True)] or sets
                    return self._keep(DAN_PAI, Burn(seat, cards=_cheapest(fit)))
        return ev

    # -- one question at a time (``SPLIT``) -----------------------------------------------------------

    def _ask(self, eng: Climbing[State], st: State, ev: Event) -> Event:
        """The base bot's event ``ev``, changed at the position of a split maxim's question: the
        seat to act, of the team, answering an opponent's Qs holding Ks and plain As that beat them
        (逢Q盖帽), or an opponent's 4s holding a set with 2s or jokers that beats them (挡三不挡四).

        - ``answer`` (逢Q盖帽): answer with the cheapest plain As (follow) or decline (break).
        - ``cards`` (逢Q盖帽), where the base bot answers: with the cheapest plain As (follow) or the
          cheapest Ks (break); where it declines, both decline.
        - ``answer`` (挡三不挡四), where the seat holds no natural answer: decline (follow) or answer
          with the cheapest set carrying 2s or jokers (break).
        - ``cards`` (挡三不挡四), where the seat holds a natural answer too and the base bot answers:
          with the cheapest natural set (follow) or the cheapest set carrying 2s or jokers (break).

        The base bot chooses first in both runs (the same random draws), so the runs part only here.
        A break is recorded at every position of the question, a kept rule where it changed the event."""
        asked = (self.follow | self.break_) & set(SPLIT)
        if not asked or st.table is None or st.window:
            return ev
        seat = st.to_act
        if seat == -1 or ev.seat != seat or not self._plays(seat) or not self._opponents(seat, st.owner):
            return ev
        base = st.table.base
        if base not in (RANK_Q, 4):
            return ev
        sets = [s for s in self._answers(eng, st, seat) if self._keeps_burn(st, seat, s)]
        answers = isinstance(ev, Play)
        for key in asked:
            follow = key in self.follow
            if base == RANK_Q and maxim_of(key) == FENG_Q:
                ks = [s for s in sets if self._base(eng, s) == RANK_K]
                caps = [s for s in sets if all(c.rank == RANK_A for c in s)]
                if not ks or not caps or (key == FENG_Q_CARDS and not answers):
                    continue
                if key == FENG_Q_ANSWER:
                    out = Play(seat, cards=_cheapest(caps)) if follow else self._decline(eng, st, seat)
                else:
                    out = Play(seat, cards=_cheapest(caps if follow else ks))
                return self._asked(key, follow, ev, out)
            if base == 4 and maxim_of(key) == DANG_SAN:
                high = [s for s in sets if _spends_high(s)]
                plain = [s for s in sets if not _spends_high(s)]
                if not high:
                    continue
                if key == DANG_SAN_ANSWER and not plain:
                    out = self._decline(eng, st, seat) if follow else Play(seat, cards=_cheapest(high))
                elif key == DANG_SAN_CARDS and plain and answers:
                    out = Play(seat, cards=_cheapest(plain if follow else high))
                else:
                    continue
                return self._asked(key, follow, ev, out)
        return ev

    def _asked(self, key: str, follow: bool, ev: Event, out: Event) -> Event:
        """Record a question's side played: a break always, a kept rule where it changed ``ev``."""
        if not follow:
            return self._plant(key, out)
        same = type(out) is type(ev) or (isinstance(out, Pass | Kou) and isinstance(ev, Pass | Kou))  # declines
        if same and sorted(c.token for c in out.cards) == sorted(c.token for c in ev.cards):
            return ev
        return self._keep(key, out)

    # -- leading ------------------------------------------------------------------------------------

    def lead(self, eng: Climbing[State], st: State, seat: int) -> tuple[Card, ...]:
        """A set to lead: the base bot's, unless a maxim the bot breaks or follows speaks to the lead."""
        outside = self._current == -1  # the first lead, written by simulate_deal itself
        if outside:
            self._current = self.events
            self.events += 1
        try:
            return self._lead(eng, st, seat)
        finally:
            if outside:
                self._current = -1

    def _lead(self, eng: Climbing[State], st: State, seat: int) -> tuple[Card, ...]:
        if eng.game not in GAMES or not self._plays(seat):
            return super().lead(eng, st, seat)
        groups = self.by_rank(st, seat)
        bound = self._bound(st, seat)
        jokers = groups.get(RANK_SJ, []) + groups.get(RANK_BJ, [])
        threes = groups.get(RANK_3, [])
        singles = sorted(
            (g[0] for r, g in groups.items() if RANK_3 < r <= RANK_A and len(g) == 1), key=lambda c: c.rank
        )
        fours = groups.get(4, [])
        sjs = groups.get(RANK_SJ, [])
        threes_side = eng.profile.options.get("lead_preference", "singles") == "threes"
        if YOU_DAN in self.break_ and threes and singles and not bound and self._breaks(YOU_DAN):
            cards = (singles[0],) if threes_side else tuple(threes)
            self.planted[YOU_DAN].append(self._current)
            return cards
        hangs = not self._hung >> seat & 1  # the seat has not made its 小花挂4 choice (``hang_as_choice``)
        others = [r for r in groups if 4 < r < RANK_2] if sjs and fours and hangs else []
        if GUA_4 in self.break_ and others and self._breaks(GUA_4):
            base = self._hang_base(others)
            self.planted[GUA_4].append(self._current)
            if self.hang_as_choice:
                self._hung |= 1 << seat
            return (*groups[base], sjs[0])
        if self.hang_as_choice and GUA_4 in self.follow and others:
            self.kept[GUA_4].append(self._current)
            self._hung |= 1 << seat
            return (*fours, sjs[0])
        cards = super().lead(eng, st, seat)
        if YOU_DAN in self.follow and threes:
            if not threes_side and singles and all(c.rank == RANK_3 for c in cards):
                self.kept[YOU_DAN].append(self._current)
                return (singles[0], *jokers[:1]) if bound else (singles[0],)
            if threes_side and len(cards) == 1 and RANK_3 < cards[0].rank <= RANK_A:
                self.kept[YOU_DAN].append(self._current)
                return (*threes, *jokers[:1]) if bound else tuple(threes)
        if GUA_4 in self.follow and fours:
            made = make_set(cards, eng.twos_attach)
            if made.sj and made.base not in (4, RANK_2) and made.base < RANK_SJ:
                self.kept[GUA_4].append(self._current)
                return (*fours, *(c for c in cards if c.rank >= RANK_SJ))
        return cards


class MaximBot(MaximPlayer, RandomBot):
    """A ``RandomBot`` that breaks the maxims in ``break_`` and follows those in ``follow`` (see
    ``MaximPlayer``); ``options`` are RandomBot's rates plus ``break_rate``."""


class MaximPolicy(MaximPlayer, Policy):
    """The rollout player ``coach.policy.Policy`` that breaks the maxims in ``break_`` and follows those
    in ``follow`` (see ``MaximPlayer``); ``options`` are Policy's ``noise`` plus ``break_rate``.

    Where it differs from ``MaximBot``: a broken 小花挂4 hangs the small joker on the lowest other rank
    (Policy leads low), and 小花挂4 is a choice made once per seat, at its first lead holding a small
    joker, 4s and another rank below the 2: following, it leads the 4s with one small joker; breaking,
    the lowest rank above 4 with one small joker."""

    hang_as_choice = True

    def _hang_base(self, others: list[int]) -> int:
        """The lowest of ``others``."""
        return min(others)
