"""How ``fupan simulate`` plays a 够级 deal: the setup the bot chooses (亮3 shows, now and then a 革命 and
its waiver), then the engine's first leader leads (``replay.simulate.simulate_climbing``).

The setup is 够级's own phase, so it is asked of the bot here: ``SetupBot`` is what a 够级 deal asks of its
players beyond the climbing play, and ``setup`` is ``RandomBot``'s random setup (its hook of that name hands
over to it through ``HABITS``, which ``GAME.bot_habits`` returns), kept here beside the opening that asks for it
rather than in the bot every game shares."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

from replay.core.cards import RANK_2, RANK_3, Card
from replay.core.events import Event, Revolution, Show, Waive
from replay.core.seats import opposite
from replay.engine import Engine
from replay.games.gouji.engine import Gouji
from replay.simulate import Bot, Pusher, first_leader, simulate_climbing
from replay.simulated import BotHabits, HabitBot, SimSeed, SimulatedDeal

if TYPE_CHECKING:
    from replay.climbing.state import State
    from replay.climbing.table import Climbing
    from replay.games.gouji.state import GoujiState


@runtime_checkable
class SetupBot(Bot, Protocol):
    """A bot that can play a 够级 deal: the climbing play and the setup events (亮3 shows, a 革命, its
    waiver) of the seats it plays for."""

    def setup(self, eng: Climbing[Any], st: State, hands: tuple[tuple[Card, ...], ...]) -> list[Event]: ...


def setup(bot: HabitBot, eng: Engine[GoujiState], st: GoujiState, hands: tuple[tuple[Card, ...], ...]) -> list[Event]:
    """``RandomBot``'s setup events: 亮3 shows (under liang3) and now and then a 革命 (at the bot's
    ``revolution_rate``)."""
    rng = bot.rng
    events: list[Event] = []
    if eng.profile.revolution and rng.random() < bot.revolution_rate:
        able = [s for s, h in enumerate(hands) if not any(c.rank >= RANK_2 for c in h)]
        if able:
            v = rng.choice(able)
            events.append(Revolution(v))
            if rng.random() < 0.3:
                events.append(Waive(opposite(v)))
    if eng.profile.first_lead == "liang3":
        shows: list[Event] = []
        for s, h in enumerate(hands):
            threes: dict[str | None, list[Card]] = {}
            for c in h:
                if c.rank == RANK_3:
                    threes.setdefault(c.suit, []).append(c)
            best: list[Card] = max(threes.values(), key=len, default=[])
            if len(best) >= 2 and not any(isinstance(e, Revolution) and e.seat == s for e in events):
                shows.append(Show(s, cards=tuple(best)))
        rng.shuffle(shows)
        events += shows
    return events


#: ``RandomBot``'s choices in 够级's own phase (``GAME.bot_habits``)
HABITS: BotHabits[GoujiState] = BotHabits(setup=setup)


def opening(bot: Bot, eng: Climbing[GoujiState], push: Pusher[GoujiState], hands: tuple[tuple[Card, ...], ...]) -> int:
    """The bot's setup events, then the seat the engine says leads first."""
    if not isinstance(bot, SetupBot):
        raise TypeError(f"a 够级 deal asks its bot for the setup: {type(bot).__name__} has no setup")
    for ev in bot.setup(eng, push.st, hands):
        push(ev)
    return first_leader(bot, eng, push, hands)


def simulate(sim: SimSeed, bot: Bot | None, levels: tuple[str, str] | None = None) -> SimulatedDeal[GoujiState]:
    """One 够级 deal with the bot's choices."""
    return simulate_climbing(sim, Gouji(sim.profile, sim.meta), bot, {"marked": None}, opening)
