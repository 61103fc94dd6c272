"""Simulated deals: deal the game's decks from a seed and play to the end with random legal choices
(够级 and 保皇: four decks; 升级: two decks and a kitty).

Every event the simulator writes has passed the engine's ``step`` as legal; ``SimulatedDeal`` keeps
the states it went through, so a replay of the written log can be compared with them.

What is here is every game's: the pusher, the climbing deal (``simulate_climbing``) and the bot of the
climbing play (``Bot``: a lead and the next event; ``RandomBot``); the seed record and the deal a game's simulator
takes and gives (``SimSeed``, ``SimulatedDeal``) lie below the registry, in ``replay.simulated``. What a game asks
of its players in a phase of its own (够级's setup, 保皇's bidding and reveals) is the game's: its sim module
(``replay/games/<game>/sim.py``) names it in a protocol of its own and draws RandomBot's random choices there
(its ``HABITS``, a ``replay.simulated.BotHabits``), found through the registry (``GameType.bot_habits``).
RandomBot keeps one hook per such choice (``setup``, ``bid``, ``reveals``) that only hands over to the game's
habits, so that a bot built on it (``coach.policy``, ``coach.learners``) overrides or extends a game's choice
with ``super()`` in every game, as before.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Mapping
from pathlib import Path
from typing import Any, Generic, Protocol, TypeVar

from replay import games
from replay.climbing.state import State
from replay.climbing.table import Climbing
from replay.core.cards import RANK_2, RANK_BJ, RANK_SJ, Card, full_decks
from replay.core.errors import FupanError
from replay.core.events import Burn, Event, Jiefeng, Kou, Pass, Play, Rang, Report
from replay.core.game_state import GameState, S
from replay.engine import Engine
from replay.formats.log import Log, Seat
from replay.rules.profile import Profile, ProfileError
from replay.rules.profile_loader import find_profile, log_profile
from replay.simulated import BotHabits, SimSeed, SimulatedDeal

#: a climbing game's state (``simulate_climbing`` plays any of them)
C = TypeVar("C", bound=State)

NAMES = ("张伟", "王芳", "李娜", "刘洋", "陈静", "杨磊", "赵敏", "黄勇", "周杰", "吴霞", "孙浩", "马丽")


class SimulationError(FupanError, RuntimeError):
    """The engine refused an event its own legal choices produced: a bug, never bad input."""


def deal_hands(
    rng: random.Random, sizes: tuple[int, ...] = (36,) * 6, removed_ranks: Iterable[int] = (), decks: int = 4
) -> tuple[tuple[Card, ...], ...]:
    """Shuffle the decks (four by default, less the removed ranks) and deal hands of the given sizes, sorted
    high first."""
    cards = full_decks(decks, removed_ranks)
    rng.shuffle(cards)
    hands = []
    start = 0
    for size in sizes:
        hands.append(tuple(sorted(cards[start : start + size], key=lambda c: c.slot, reverse=True)))
        start += size
    return tuple(hands)


class Bot(Protocol):
    """What every climbing deal asks of the players: a lead and the next event (``RandomBot``;
    ``coach.policy.Policy`` and ``SeatBots`` play the same way). A game with a phase of its own asks more, in a
    protocol of its sim module that extends this one (``replay.games.gouji.sim.SetupBot``,
    ``replay.games.baohuang.sim.BiddingBot``). ``eng`` is any climbing game's engine: ``Climbing`` is invariant
    in its state type, and a bot plays every game's, reading its states as ``State``."""

    def lead(self, eng: Climbing[Any], st: State, seat: int) -> tuple[Card, ...]: ...

    def choose(self, eng: Climbing[Any], st: State) -> Event: ...


class RandomBot:
    """Random legal choices with a few habits that keep deals realistic: pass often, burn seldom,
    and burn only when the burn's condition can be kept. In a game's own phases (``setup``, ``bid``,
    ``reveals``) it plays the random habits of the game's sim module (``habits``); ``revolution_rate`` is
    read there (够级's)."""

    def __init__(
        self,
        rng: random.Random,
        pass_rate: float = 0.35,
        burn_rate: float = 0.3,
        rang_rate: float = 0.08,
        reckless_rate: float = 0.01,
        revolution_rate: float = 0.5,
    ) -> None:
        self.rng, self.pass_rate, self.burn_rate, self.rang_rate = rng, pass_rate, burn_rate, rang_rate
        self.revolution_rate = revolution_rate  # chance of a 革命 when a seat may declare one (够级's habits)
        self.seats = -1  # mask of the seats this bot may act for out of turn (burns, 接风): all
        self.reckless_rate = reckless_rate  # burn now and then without being able to keep the condition

    @staticmethod
    def by_rank(st: State, seat: int) -> dict[int, list[Card]]:
        """The seat's known cards grouped by rank (shared with the hand: do not mutate)."""
        return st.hands[seat].by_rank()

    def lead(self, eng: Climbing[State], st: State, seat: int) -> tuple[Card, ...]:
        """A random set to lead (with a joker when a burn's condition asks for one)."""
        rng = self.rng
        groups = self.by_rank(st, seat)
        bound = eng.must_hang(st, seat)
        plain = [r for r in groups if r < RANK_SJ]
        jokers = groups.get(RANK_BJ, []) + groups.get(RANK_SJ, [])
        if not plain:
            return tuple(jokers)
        if len(plain) == 1 and (not eng.twos_attach or plain[0] == RANK_2 or RANK_2 not in groups):
            base = plain[0]
            return tuple(groups[base] + jokers)  # the whole hand is one set: play it out
        base = rng.choice(plain)
        group = groups[base]
        k = rng.randint(1, len(group))
        cards = group[:k]
        if eng.twos_attach and base != RANK_2 and RANK_2 in groups and rng.random() < 0.1:
            cards = cards + groups[RANK_2][: rng.randint(1, len(groups[RANK_2]))]
        if jokers and (bound or rng.random() < 0.08):
            cards = cards + jokers[:1]
        return tuple(cards)

    def answers(self, eng: Climbing[State], st: State, seat: int) -> list[tuple[Card, ...]]:
        """Sets that beat the table, a bounded sample of the shapes available."""
        table = st.table
        assert table is not None
        m = table.size
        groups = self.by_rank(st, seat)
        twos = groups.get(RANK_2, []) if eng.twos_attach else []
        sjs, bjs = groups.get(RANK_SJ, []), groups.get(RANK_BJ, [])
        need_bj = table.sj if table.base < RANK_SJ else 0
        out: list[tuple[Card, ...]] = []
        if table.dead:
            return out
        for base, group in groups.items():
            if base <= table.base:
                continue
            if base == RANK_BJ:
                if len(bjs) >= m:
                    out.append(tuple(bjs[:m]))
                continue
            if base == RANK_SJ:
                for bj in range(0, min(len(bjs), m - 1) + 1):
                    sj = m - bj
                    if 1 <= sj <= len(sjs) and bj >= need_bj and (bj == 0 or table.base < RANK_SJ):
                        out.append(tuple(sjs[:sj] + bjs[:bj]))
                continue
            extra2 = twos if base != RANK_2 else []
            for bj in range(need_bj, min(len(bjs), m - 1) + 1):
                for sj in range(0, min(len(sjs), m - 1 - bj) + 1):
                    rest = m - bj - sj
                    for t2 in range(0, min(len(extra2), rest - 1) + 1):
                        k = rest - t2
                        if 1 <= k <= len(group):
                            out.append(tuple(group[:k] + extra2[:t2] + sjs[:sj] + bjs[:bj]))
                            break
        return out

    def safe_to_burn(self, st: State, seat: int, cards: tuple[Card, ...]) -> bool:
        """After this burn, can the seat keep the condition (a joker in every set but the last)?"""
        hand = st.hands[seat].remove(cards)
        if hand is None or hand.size == 0:
            return True
        counts = hand.rank_counts()
        jokers = counts[RANK_SJ - 3] + counts[RANK_BJ - 3]
        plain = sum(1 for ri in range(13) if counts[ri])
        return jokers >= plain - 1  # a joker for every set but the last

    def choose(self, eng: Climbing[State], st: State) -> Event:
        """One legal event for the current state."""
        rng = self.rng
        actors = eng.actors(st)
        if st.table is None or st.window:
            seat = st.leader if st.table is None else st.owner
            if st.window:
                burners = eng.burners(st)
                for b in burners:
                    if self.seats >> b & 1 and rng.random() < self.burn_rate:
                        opts = [c for c in self.answers(eng, st, b) if self.safe_to_burn(st, b, c)]
                        if opts:
                            return Burn(b, cards=rng.choice(opts))
                if not st.active(seat):  # the 够死级 set's owner is out: the burners decline one by one
                    return Pass(burners[0])
            if (
                "report" in games.get(eng.game).actions
                and seat != -1
                and st.hands[seat].size <= 10
                and rng.random() < 0.02
            ):
                return Report(seat, count=st.hands[seat].size)
            return Play(seat, cards=self.lead(eng, st, seat))
        for b, kinds in actors.items():
            if not self.seats >> b & 1:
                continue
            if "burn" in kinds and b != st.to_act and rng.random() < self.burn_rate:  # in turn it answers
                reckless = rng.random() < self.reckless_rate
                opts = [c for c in self.answers(eng, st, b) if reckless or self.safe_to_burn(st, b, c)]
                if opts:
                    return Burn(b, cards=rng.choice(opts))
            if "jiefeng" in kinds and b != st.to_act and rng.random() < 0.3:
                return Jiefeng(b)
        seat = st.to_act
        kinds = actors.get(seat, ())
        if "jiefeng" in kinds and rng.random() < 0.3:
            return Jiefeng(seat)
        if "rang" in kinds and rng.random() < self.rang_rate:
            return Rang(seat)
        decline: Event = Kou(seat) if "kou" in kinds else Pass(seat)
        if rng.random() < self.pass_rate:
            return decline
        opts = self.answers(eng, st, seat)
        if eng.must_hang(st, seat):
            left = st.hands[seat].size
            opts = [c for c in opts if any(x.rank >= RANK_SJ for x in c) or len(c) == left]
        if not opts:
            return decline
        opts.sort(key=lambda c: (sum(x.rank >= RANK_SJ for x in c), c[0].rank))
        return Play(seat, cards=opts[min(int(rng.expovariate(1.0)), len(opts) - 1)])

    # -- a game's own phases: its sim module's habits ------------------------------------------------

    def setup(self, eng: Climbing[State], st: State, hands: tuple[tuple[Card, ...], ...]) -> list[Event]:
        """The setup events, as the game's habits draw them (``setup``)."""
        draw = habits(eng).setup
        if draw is None:
            raise no_habit(eng, "setup")
        return draw(self, eng, st, hands)

    def bid(self, eng: Climbing[State], st: State) -> Event:
        """One bidding event, as the game's habits draw it (``bid``)."""
        draw = habits(eng).bid
        if draw is None:
            raise no_habit(eng, "bid")
        return draw(self, eng, st)

    def reveals(self, eng: Climbing[State], st: State) -> list[Event]:
        """The roles revealed once the bidding is over, as the game's habits draw them (``reveals``)."""
        draw = habits(eng).reveals
        if draw is None:
            raise no_habit(eng, "reveals")
        return draw(self, eng, st)


def habits(eng: Climbing[State]) -> BotHabits[Any]:
    """The habits of the engine's game (its sim module's ``HABITS``), whose ``setup``, ``bid`` and ``reveals``
    (taking the bot first) are RandomBot's random choices in the game's own phases (``GameType.bot_habits``; a
    TypeError for a game that declares none)."""
    find = games.get(eng.game).bot_habits
    if find is None:
        raise TypeError(f"{eng.game} has no phase of its own for a bot to play")
    return find()


def no_habit(eng: Climbing[State], phase: str) -> TypeError:
    """The error of a hook whose phase the engine's game has no habit for (a 保皇 bot asked for 够级's setup)."""
    return TypeError(f"{eng.game} has no {phase} for a bot to play")


def simulate_deal(
    seed: int,
    profile: Profile | str = "gouji",
    deal_number: int = 1,
    bot: Bot | None = None,
    max_events: int = 20000,
    levels: tuple[str, str] | None = None,
) -> SimulatedDeal[GameState]:
    """Deal from ``seed`` and play one complete deal with random legal choices, as the profile's game
    plays it (its ``GameType.simulator``). A profile with overrides (``Profile.with_overrides``) is
    written to the log as its name and those overrides. ``levels``: 升级 only, the two sides' levels
    (drawn from the first six levels when None). A caller that knows the game calls its declaration's
    ``simulator`` with ``sim_seed`` (the same deal, its states typed: ``coach.study``)."""
    prof = find_profile(profile) if isinstance(profile, str) else profile
    game: games.GameType[Any, Bot] = games.get(prof.game)
    deal: SimulatedDeal[GameState] = game.simulator(sim_seed(seed, prof, deal_number, max_events), bot, levels)
    return deal


def sim_seed(seed: int, profile: Profile, deal_number: int = 1, max_events: int = 20000) -> SimSeed:
    """The seed record of deal ``seed`` (its generator, the log's meta) under ``profile``."""
    meta = {"date": "2026-11-29", "venue": "模拟", "match": f"sim-{seed}", "deal": deal_number}
    return SimSeed(seed, profile, meta, random.Random(seed), max_events)


class Pusher(Generic[S]):
    """Applies the simulator's events through the engine's ``step``, keeping the events and the states;
    an event the engine refuses is a SimulationError (a bug of the simulator, never bad input)."""

    def __init__(self, sim: SimSeed, eng: Engine[S], st: S) -> None:
        self.sim, self.eng, self.st = sim, eng, st
        self.events: list[Event] = []
        self.states: list[S] = [st]

    def __call__(self, ev: Event) -> None:
        out = self.eng.step(self.st, ev)
        if out.rule is not None:
            raise SimulationError(
                f"seed {self.sim.seed}: event {len(self.events)} {ev} refused: [{out.rule}] {out.message_en}"
            )
        self.st = out.state
        self.events.append(ev)
        self.states.append(self.st)

    def check_length(self) -> None:
        """SimulationError once the deal has taken the most events it may."""
        if len(self.events) >= self.sim.max_events:
            raise SimulationError(f"seed {self.sim.seed}: no end after {self.sim.max_events} events")

    def log(self, hands: tuple[tuple[Card, ...], ...], **deal: Any) -> Log:
        """The log of the deal played so far (players drawn from NAMES), with the deal's extra keys."""
        prof, n = self.sim.profile, self.eng.n
        players = self.sim.rng.sample(NAMES, n)
        return Log(
            game=prof.game,
            profile_name=prof.name,
            overrides=_overrides(prof),
            meta=self.sim.meta,
            seats=tuple(Seat(s, players[s]) for s in range(n)),
            hands=hands,
            events=tuple(self.events),
            source=f"<simulated seed {self.sim.seed}>",
            **deal,
        )


def simulate_climbing(
    sim: SimSeed,
    eng: Climbing[C],
    bot: Bot | None,
    deal: Mapping[str, Any] | Callable[[random.Random, tuple[tuple[Card, ...], ...]], Mapping[str, Any]] | None = None,
    opening: Callable[[Bot, Climbing[C], Pusher[C], tuple[tuple[Card, ...], ...]], int] | None = None,
) -> SimulatedDeal[C]:
    """A climbing game's deal on the game's engine ``eng``: the hands (and ``deal``'s extra keys, e.g. 保皇's
    marked joker), the game's ``opening`` (its setup events; it returns the seat that leads first: by default
    the engine's first leader, or a random seat), then the bot's choices to the end."""
    rng = sim.rng
    player: Bot = bot or RandomBot(rng)
    hands = deal_hands(rng, tuple(eng.hand_sizes()), eng.removed_ranks, eng.decks)
    extra = dict(deal(rng, hands)) if callable(deal) else dict(deal or {})
    push = Pusher(sim, eng, eng.initial(hands, extra))
    first = (opening or first_leader)(player, eng, push, hands)
    if not push.st.terminal:
        push(Play(first, cards=player.lead(eng, push.st, first)))
    while not push.st.terminal:
        push.check_length()
        push(player.choose(eng, push.st))
    return SimulatedDeal(push.log(hands, **extra), tuple(push.states))


def first_leader(bot: Bot, eng: Climbing[C], push: Pusher[C], hands: tuple[tuple[Card, ...], ...]) -> int:
    """The seat that leads first when the game has no setup of its own: the engine's first leader, or a
    random seat still playing."""
    st = push.st
    first: int = eng.first_leader(st)[0] if not st.terminal else -1
    if first == -1 and not st.terminal:
        first = push.sim.rng.choice(st.active_seats())
    return first


def _overrides(prof: Profile) -> dict[str, Any]:
    """The options in which ``prof`` differs from the profile its name loads as a log reads it (``log_profile``:
    shipped or a club's; none when it does not load)."""
    try:
        named = log_profile(prof.name)
    except ProfileError:
        return {}
    return {k: v for k, v in prof.options.items() if named.options.get(k) != v}


def write_deals(out_dir: str | Path, count: int, seed: int, profile: Profile | str = "gouji") -> list[Path]:
    """Simulate ``count`` deals from ``seed`` and write them as canonical JSON files (named after the
    profile and the seed)."""
    prof = find_profile(profile) if isinstance(profile, str) else profile
    folder = Path(out_dir)
    folder.mkdir(parents=True, exist_ok=True)
    paths = []
    for k in range(count):
        deal = simulate_deal(seed + k, prof, deal_number=k + 1)
        path = folder / f"{prof.name}-{seed + k:06d}.json"
        path.write_text(deal.log.dumps(), encoding="utf-8")
        paths.append(path)
    return paths
