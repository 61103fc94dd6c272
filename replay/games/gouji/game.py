"""够级 (six seats, two teams of three): its declaration, ``GAME``, found by ``replay.games``.

Its engine, scoring and options are imported with the declaration; its simulator (with its bot's habits) and rule
rows only when asked for (a check needs none of them)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from replay.climbing.family import climbing_claims
from replay.games import GameType
from replay.games.gouji.engine import Gouji
from replay.games.gouji.options import OPTIONS
from replay.games.gouji.rulings import RULINGS
from replay.games.gouji.score import gouji_places, score_gouji
from replay.games.gouji.sheet import gouji_sheet, gouji_sheet_facts

if TYPE_CHECKING:
    from replay.games.gouji.state import GoujiState
    from replay.rules.quotes import RuleRow
    from replay.simulate import Bot
    from replay.simulated import BotHabits, SimSeed, SimulatedDeal


def simulate(sim: SimSeed, bot: Bot | None, levels: tuple[str, str] | None = None) -> SimulatedDeal[GoujiState]:
    """``replay.games.gouji.sim.simulate``, imported when a deal is simulated."""
    from replay.games.gouji.sim import simulate as play

    return play(sim, bot, levels)


def bot_habits() -> BotHabits[GoujiState]:
    """``replay.games.gouji.sim.HABITS``, ``RandomBot``'s random setup, imported when a bot first plays them."""
    from replay.games.gouji.sim import HABITS

    return HABITS


def rules() -> Sequence[RuleRow]:
    """够级's rows of the rule register."""
    from replay.games.gouji.rules import ROWS

    return ROWS


GAME = GameType(
    name="gouji",
    name_zh="够级",
    name_en="Gouji",
    seats=6,
    default_profile="gouji",
    actions=frozenset(
        {"play", "burn", "pass", "kou", "rang", "jiefeng", "show", "revolution", "waive", "tribute", "return"}
        | {"refuse", "report"}
    ),
    engine=Gouji,
    scorer=score_gouji,
    places=gouji_places,
    claims=climbing_claims,
    simulator=simulate,
    bot_habits=bot_habits,
    rules=rules,
    rulings=RULINGS,
    options=OPTIONS,
    result_keys=("finish_order", "teams", "sweep", "void", "revolution"),
    sheet=gouji_sheet,
    sheet_facts=gouji_sheet_facts,
    team_zh="联邦",
)
