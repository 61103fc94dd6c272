"""What the registry's simulator hooks take and give (``GameType.simulator``), kept below the registry so that it
names them: ``SimSeed``, the seed record a game's simulator is given, and ``SimulatedDeal``, the deal it plays.
The simulator itself (the pusher, the climbing deal, the bots) is ``replay.simulate``, which asks the registry."""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from replay.core.game_state import GameState
from replay.formats.log_doc import Log
from replay.rules.profile import Profile


@dataclass(frozen=True)
class SimulatedDeal:
    """A simulated deal: the log it wrote and the states it went through (``states[0]`` = deal)."""

    log: Log
    states: tuple[GameState, ...]


@dataclass(frozen=True)
class SimSeed:
    """A seed record, what a game's simulator is given: the seed and its generator, the profile, the log's meta
    and the most events a deal may take."""

    seed: int
    profile: Profile
    meta: dict[str, Any]
    rng: random.Random
    max_events: int
