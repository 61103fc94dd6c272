"""What a climbing game (出牌 in rounds until seats go out) may declare as it is, so that a new climbing game's
``GameType`` names only what differs: its places (the order out), its claims (a claimed result checked
against the score), its simulator (the climbing deal), no rows of its own in the rule register, and the rule
each climbing action answers to."""

from __future__ import annotations

from collections.abc import Sequence
from types import MappingProxyType
from typing import TYPE_CHECKING

from replay.claims import climbing_claims
from replay.rules.rulings import Rulings
from replay.scoring import climbing_places

if TYPE_CHECKING:
    from replay.rules.quotes import RuleRow
    from replay.simulate import Bot, SimSeed, SimulatedDeal

__all__ = ["RULINGS", "climbing_claims", "climbing_places", "no_rules", "simulate"]

#: the rule a lead, an answer, a pass and a 接风 answer to
RULINGS = Rulings(
    MappingProxyType(
        {"lead": ("LEAD", ""), "answer": ("SET-RANK", ""), "pass": ("PASS", ""), "jiefeng": ("JIEFENG", "")}
    )
)


def simulate(sim: SimSeed, bot: Bot | None, levels: tuple[str, str] | None = None) -> SimulatedDeal:
    """``replay.simulate.simulate_climbing`` on the game's engine (the registry's), imported when a deal is
    simulated."""
    from replay.climbing.table import Climbing
    from replay.replay import engine_for
    from replay.simulate import simulate_climbing

    eng = engine_for(sim.profile, sim.meta)
    if not isinstance(eng, Climbing):
        raise TypeError(f"{sim.profile.game}'s engine is no climbing game's: the climbing simulator cannot play it")
    return simulate_climbing(sim, eng, bot)


def no_rules() -> Sequence[RuleRow]:
    """A game with no rows of its own in the rule register (the climbing family's are every climbing game's)."""
    return ()
