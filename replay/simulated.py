"""What the registry's simulator hooks take and give (``GameType.simulator``, ``GameType.bot_habits``), kept below
the registry so that it names them: ``SimSeed``, the seed record a game's simulator is given, ``SimulatedDeal``,
the deal it plays, and ``BotHabits``, a game's random choices in its own phases (够级's setup, 保皇's bids and
reveals), which ``replay.simulate.RandomBot``'s hooks of those names hand over to, with ``HabitBot``, what those
choices read of the bot. The simulator itself (the pusher, the climbing deal, the bots) is ``replay.simulate``,
which asks the registry."""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Generic, Protocol, TypeVar

from replay.core.cards import Card
from replay.core.events import Event
from replay.core.game_state import GameState, S
from replay.core.record import Record
from replay.engine import Engine
from replay.formats.log_doc import Log
from replay.rules.profile import Profile

#: the state type of a simulated deal's states (covariant: a 够级 deal is a deal of some game)
S_co = TypeVar("S_co", bound=GameState, covariant=True)


@dataclass(frozen=True)
class SimulatedDeal(Generic[S_co]):
    """A simulated deal: the log it wrote and the states it went through (``states[0]`` = deal), its game's."""

    log: Log
    states: tuple[S_co, ...]


@dataclass(frozen=True)
class SimSeed:
    """A seed record, what a game's simulator is given: the seed and its generator, the profile, the log's meta
    and the most events a deal may take."""

    seed: int
    profile: Profile
    meta: dict[str, Any]
    rng: random.Random
    max_events: int


class HabitBot(Protocol):
    """What a game's habits read of the bot they choose for (``replay.simulate.RandomBot``): its random generator,
    the mask of the seats it may act for out of turn, and its chance of a 革命 when a seat may declare one (够级's)."""

    rng: random.Random
    seats: int
    revolution_rate: float


class BotHabits(Record, Generic[S]):
    """A game's random choices in its own phases, over its states ``S`` (its sim module's ``HABITS``, which
    ``GameType.bot_habits`` returns): ``setup`` (the setup events, from the hands dealt: 够级's 亮3 shows and
    革命), ``bid`` (one bidding event: 保皇's) and ``reveals`` (the roles revealed once the bidding is over:
    保皇's). Each takes the bot first, then the engine and the state; None: the game has no such phase."""

    setup: Callable[[HabitBot, Engine[S], S, tuple[tuple[Card, ...], ...]], list[Event]] | None = None
    bid: Callable[[HabitBot, Engine[S], S], Event] | None = None
    reveals: Callable[[HabitBot, Engine[S], S], list[Event]] | None = None
