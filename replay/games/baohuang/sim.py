"""How ``fupan simulate`` plays a 保皇 deal: the marked big joker dealt to a random holder of one, the
bidding (叫庄, 让庄, now and then 抢庄) and the reveals the bot chooses; the 皇帝 leads first."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any, cast

from replay.core.cards import RANK_BJ, Card
from replay.simulate import Bot, Pusher, SimSeed, SimulatedDeal, simulate_climbing

if TYPE_CHECKING:
    from replay.climbing.state import State
    from replay.climbing.table import Climbing
    from replay.games.baohuang.state import BaohuangState


def marked(rng: random.Random, hands: tuple[tuple[Card, ...], ...]) -> dict[str, Any]:
    """The deal's marked big joker: one of the big jokers dealt, at random (its holder's seat)."""
    return {"marked": rng.choice([s for s, h in enumerate(hands) for c in h if c.rank == RANK_BJ])}


def opening(bot: Bot, eng: Climbing[State], push: Pusher[State], hands: tuple[tuple[Card, ...], ...]) -> int:
    """Bid until there is a 皇帝 (or the deal is void), the reveals, and the 皇帝 leads."""
    # a 保皇 deal's states (its engine's, by the registry's name)
    while push.st.phase == "setup" and not push.st.terminal and cast("BaohuangState", push.st).emperor == -1:
        push(bot.bid(eng, push.st))
    for ev in bot.reveals(eng, push.st):
        push(ev)
    first: int = cast("BaohuangState", push.st).emperor
    return first


def simulate(sim: SimSeed, bot: Bot | None, levels: tuple[str, str] | None = None) -> SimulatedDeal:
    """One 保皇 deal with the bot's choices."""
    return simulate_climbing(sim, bot, levels, marked, opening)
