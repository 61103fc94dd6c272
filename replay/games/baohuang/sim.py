"""How ``fupan simulate`` plays a 保皇 deal: the marked big joker dealt to a random holder of one, the
bidding (叫庄, 让庄, now and then 抢庄) and the reveals the bot chooses; the 皇帝 leads first.

The bidding and the reveals are 保皇's own phases, so they are asked of the bot here: ``BiddingBot`` is what a
保皇 deal asks of its players beyond the climbing play, and ``bid`` and ``reveals`` are ``RandomBot``'s random
choices there (its hooks of those names hand over to them through ``HABITS``, which ``GAME.bot_habits``
returns), kept here beside the opening that asks for them rather than in the bot every game shares."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

from replay.core.cards import RANK_BJ, Card
from replay.core.events import Call, Event, Grab, Pass, Reveal, Yield
from replay.engine import Engine
from replay.games.baohuang.engine import Baohuang
from replay.simulate import Bot, Pusher, simulate_climbing
from replay.simulated import BotHabits, HabitBot, SimSeed, SimulatedDeal

if TYPE_CHECKING:
    from replay.climbing.table import Climbing
    from replay.games.baohuang.state import BaohuangState


@runtime_checkable
class BiddingBot(Bot, Protocol):
    """A bot that can play a 保皇 deal: the climbing play, the bids of the bidding's holder and the roles
    revealed (明保, 明独) once there is a 皇帝."""

    def bid(self, eng: Climbing[Any], st: BaohuangState) -> Event: ...

    def reveals(self, eng: Climbing[Any], st: BaohuangState) -> list[Event]: ...


def bid(bot: HabitBot, eng: Engine[BaohuangState], st: BaohuangState) -> Event:
    """``RandomBot``'s bidding event: call with identical cards, yield, now and then grab (only for a seat
    the bot plays for)."""
    rng = bot.rng
    holder = st.to_act
    if rng.random() < 0.02:
        grabbers = [s for s in range(eng.n) if s != holder and bot.seats >> s & 1]  # only seats it plays for
        if grabbers:
            return Grab(rng.choice(grabbers))
    counts: dict[Card, int] = {}
    for c in st.hands[holder].known_cards():
        counts[c] = counts.get(c, 0) + 1
    if st.forced != -1:
        triples = [c for c, k in counts.items() if k == 3]
        return Call(holder, cards=(rng.choice(triples),) * 3) if triples else Pass(holder)
    sets = [c for c, k in counts.items() if k >= 3]
    if sets and rng.random() < 0.75:
        card = rng.choice(sets)
        return Call(holder, cards=(card,) * (4 if counts[card] == 4 and rng.random() < 0.5 else 3))
    return Yield(holder)


def reveals(bot: HabitBot, eng: Engine[BaohuangState], st: BaohuangState) -> list[Event]:
    """``RandomBot``'s reveals: 明保 / 明独 now and then, once the 皇帝 is chosen."""
    if st.terminal or st.grab:
        return []
    if st.solo:
        return [Reveal(st.emperor)] if bot.rng.random() < 0.4 else []
    if st.loyalist != -1 and bot.rng.random() < 0.3:
        return [Reveal(st.loyalist)]
    return []


#: ``RandomBot``'s choices in 保皇's own phases (``GAME.bot_habits``)
HABITS: BotHabits[BaohuangState] = BotHabits(bid=bid, reveals=reveals)


def marked(rng: random.Random, hands: tuple[tuple[Card, ...], ...]) -> dict[str, Any]:
    """The deal's marked big joker: one of the big jokers dealt, at random (its holder's seat)."""
    return {"marked": rng.choice([s for s, h in enumerate(hands) for c in h if c.rank == RANK_BJ])}


def opening(
    bot: Bot, eng: Climbing[BaohuangState], push: Pusher[BaohuangState], hands: tuple[tuple[Card, ...], ...]
) -> int:
    """Bid until there is a 皇帝 (or the deal is void), the reveals, and the 皇帝 leads."""
    if not isinstance(bot, BiddingBot):
        raise TypeError(f"a 保皇 deal asks its bot for bids and reveals: {type(bot).__name__} has none")
    while push.st.phase == "setup" and not push.st.terminal and push.st.emperor == -1:
        push(bot.bid(eng, push.st))
    for ev in bot.reveals(eng, push.st):
        push(ev)
    return push.st.emperor


def simulate(sim: SimSeed, bot: Bot | None, levels: tuple[str, str] | None = None) -> SimulatedDeal[BaohuangState]:
    """One 保皇 deal with the bot's choices."""
    return simulate_climbing(sim, Baohuang(sim.profile, sim.meta), bot, marked, opening)
