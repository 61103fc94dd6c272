"""升级 (four seats, two fixed sides, tricks and levels): its declaration, ``GAME``, found by ``replay.games``.

Its engine, scoring and options are imported with the declaration; its simulator and rule rows only when asked
for."""

from __future__ import annotations

from collections.abc import Sequence
from types import MappingProxyType
from typing import TYPE_CHECKING

from replay.games import GameType
from replay.games.shengji.engine import Shengji
from replay.games.shengji.options import OPTIONS
from replay.games.shengji.rulings import RULINGS
from replay.games.shengji.score import score_shengji, shengji_claims, stored_extras
from replay.games.shengji.sheet import shengji_sheet, shengji_sheet_facts
from replay.score import no_places

if TYPE_CHECKING:
    from replay.games.shengji.state import ShengjiState
    from replay.rules.quotes import RuleRow
    from replay.simulate import Bot
    from replay.simulated import SimSeed, SimulatedDeal


def simulate(sim: SimSeed, bot: Bot | None, levels: tuple[str, str] | None = None) -> SimulatedDeal[ShengjiState]:
    """``replay.games.shengji.sim.simulate``, imported when a deal is simulated."""
    from replay.games.shengji.sim import simulate as play

    return play(sim, bot, levels)


def rules() -> Sequence[RuleRow]:
    """升级's rows of the rule register."""
    from replay.games.shengji.rules import ROWS

    return ROWS


GAME = GameType(
    name="shengji",
    name_zh="升级",
    name_en="Shengji",
    seats=4,
    default_profile="shengji-35",
    actions=frozenset({"declare", "pass", "exchange", "bury", "play"}),
    engine=Shengji,
    scorer=score_shengji,
    places=no_places,
    claims=shengji_claims,
    stored_extras=stored_extras,
    simulator=simulate,
    rules=rules,
    rulings=RULINGS,
    options=OPTIONS,
    deal_keys=("kitty", "levels"),
    result_keys=("points", "levels", "void", "declarer"),
    sheet=shengji_sheet,
    sheet_facts=shengji_sheet_facts,
    family="tricks",
    action_names=MappingProxyType({"pass": ("不定主", "pass (no declaration)")}),
    words=MappingProxyType(
        {
            "扣": "bury",  # 升级 has no 扣牌 (kou): its 扣 is 扣底, the declarer burying the kitty
            "不定主": "pass",  # 升级's pass: a seat that will not declare (a 够级 or 保皇 pass is 过)
        }
    ),
)
