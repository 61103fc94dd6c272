"""Bots that exercise the 够级 engine harder than ``replay.simulate``'s own: more burns, failed burns and 让牌
(tests/replay/test_properties.py's sweeps; tests/replay/climbing/test_places.py plays them too)."""

from __future__ import annotations

import random

from replay.climbing.state import State
from replay.core.cards import Card
from replay.core.events import Burn, Event, Pass
from replay.games.gouji.engine import Gouji
from replay.simulate import RandomBot, simulate_deal
from replay.simulated import SimulatedDeal

# Bot variants as (pass_rate, burn_rate, rang_rate, reckless); None is simulate_deal's own bot.
Rates = tuple[float, float, float, float]
HEAVY_BURN: Rates = (0.25, 0.9, 0.15, 0.5)
HEAVY_RANG: Rates = (0.3, 0.2, 0.95, 0.3)
WILD: Rates = (0.1, 1.0, 1.0, 1.0)


class ExerciseBot(RandomBot):
    """RandomBot that also burns when it cannot keep the burn's condition (with probability ``reckless``), so
    that burns and failed burns happen; and with the known bug worked around: in a burn window whose owner is
    out, a burner burns (at the bot's burn rate) or declines. Every other choice is RandomBot's."""

    def __init__(self, rng: random.Random, rates: Rates) -> None:
        super().__init__(rng, pass_rate=rates[0], burn_rate=rates[1], rang_rate=rates[2])
        self.reckless = rates[3]

    def safe_to_burn(self, st: State, seat: int, cards: tuple[Card, ...]) -> bool:
        return self.rng.random() < self.reckless or super().safe_to_burn(st, seat, cards)

    def choose(self, eng: Gouji, st: State) -> Event:
        if st.window and st.table is not None and not st.active(st.owner):
            burners = eng.burners(st)
            for b in burners:
                if self.rng.random() < self.burn_rate:
                    opts = [c for c in self.answers(eng, st, b) if self.safe_to_burn(st, b, c)]
                    if opts:
                        return Burn(b, cards=self.rng.choice(opts))
            return Pass(burners[0])
        return super().choose(eng, st)


def simulate(seed: int, profile: str, rates: Rates | None = None) -> SimulatedDeal:
    """A simulated deal, by simulate_deal's own bot or (with ``rates``) the exercising bot."""
    if rates is not None:
        return simulate_deal(seed, profile, bot=ExerciseBot(random.Random(seed), rates))
    return simulate_deal(seed, profile)
