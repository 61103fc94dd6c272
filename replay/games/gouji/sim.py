"""How ``fupan simulate`` plays a 够级 deal: the setup the bot chooses (亮3 shows, now and then a 革命 and
its waiver), then the engine's first leader leads (``replay.simulate.simulate_climbing``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from replay.core.cards import Card
from replay.simulate import Bot, Pusher, SimSeed, SimulatedDeal, first_leader, simulate_climbing

if TYPE_CHECKING:
    from replay.climbing.state import State
    from replay.climbing.table import Climbing


def opening(bot: Bot, eng: Climbing[State], push: Pusher[State], hands: tuple[tuple[Card, ...], ...]) -> int:
    """The bot's setup events, then the seat the engine says leads first."""
    for ev in bot.setup(eng, push.st, hands):
        push(ev)
    return first_leader(bot, eng, push, hands)


def simulate(sim: SimSeed, bot: Bot | None, levels: tuple[str, str] | None = None) -> SimulatedDeal:
    """One 够级 deal with the bot's choices."""
    return simulate_climbing(sim, bot, levels, {"marked": None}, opening)
