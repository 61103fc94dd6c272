"""保皇 (five seats, the 皇帝 and his 保皇派 against the rest): its declaration, ``GAME``, found by
``replay.games``.

Its engine, scoring and options are imported with the declaration; its simulator (with its bot's habits) and rule
rows only when asked for."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from replay.climbing.family import climbing_claims
from replay.games import GameType
from replay.games.baohuang.engine import Baohuang
from replay.games.baohuang.options import OPTIONS
from replay.games.baohuang.rulings import RULINGS
from replay.games.baohuang.score import score_baohuang
from replay.games.baohuang.sheet import baohuang_sheet, baohuang_sheet_facts
from replay.score import climbing_places

if TYPE_CHECKING:
    from replay.games.baohuang.state import BaohuangState
    from replay.rules.quotes import RuleRow
    from replay.simulate import Bot
    from replay.simulated import BotHabits, SimSeed, SimulatedDeal


def simulate(sim: SimSeed, bot: Bot | None, levels: tuple[str, str] | None = None) -> SimulatedDeal[BaohuangState]:
    """``replay.games.baohuang.sim.simulate``, imported when a deal is simulated."""
    from replay.games.baohuang.sim import simulate as play

    return play(sim, bot, levels)


def bot_habits() -> BotHabits[BaohuangState]:
    """``replay.games.baohuang.sim.HABITS``, ``RandomBot``'s random bidding and reveals, imported when a bot
    first plays them."""
    from replay.games.baohuang.sim import HABITS

    return HABITS


def rules() -> Sequence[RuleRow]:
    """保皇's rows of the rule register."""
    from replay.games.baohuang.rules import ROWS

    return ROWS


GAME = GameType(
    name="baohuang",
    name_zh="保皇",
    name_en="Baohuang",
    seats=5,
    default_profile="baohuang",
    actions=frozenset({"play", "pass", "kou", "rang", "jiefeng", "call", "yield", "grab", "reveal"}),
    engine=Baohuang,
    scorer=score_baohuang,
    places=climbing_places,
    claims=climbing_claims,
    simulator=simulate,
    bot_habits=bot_habits,
    rules=rules,
    rulings=RULINGS,
    options=OPTIONS,
    deal_keys=("marked", "loyalist"),
    result_keys=("finish_order", "teams", "sweep", "void", "emperor", "solo", "grab", "open"),
    sheet=baohuang_sheet,
    sheet_facts=baohuang_sheet_facts,
    bids_at_setup=True,
)
