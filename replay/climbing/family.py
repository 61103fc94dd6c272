"""What a climbing game (出牌 in rounds until seats go out) may declare as it is, so that a new climbing game's
``GameType`` names only what differs: its places (the order out), its claims (a claimed result checked
against the score), its simulator (the climbing deal), no rows of its own in the rule register, and the rule
each climbing action answers to."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

from replay import games
from replay.claims import Difference, if_differs
from replay.rules.rulings import Rulings
from replay.score import Score, climbing_places

if TYPE_CHECKING:
    from replay.climbing.state import State
    from replay.core.game_state import GameState
    from replay.rules.quotes import RuleRow
    from replay.simulate import Bot
    from replay.simulated import SimSeed, SimulatedDeal

__all__ = ["RULINGS", "climbing_claims", "climbing_places", "no_rules", "simulate"]

#: the rule a lead, an answer, a pass and a 接风 answer to
RULINGS = Rulings(
    MappingProxyType(
        {"lead": ("LEAD", ""), "answer": ("SET-RANK", ""), "pass": ("PASS", ""), "jiefeng": ("JIEFENG", "")}
    )
)


def simulate(sim: SimSeed, bot: Bot | None, levels: tuple[str, str] | None = None) -> SimulatedDeal[State]:
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


def climbing_claims(claimed: Mapping[str, Any], score: Score, game: str, final: GameState) -> list[Difference]:
    """A climbing game's claimed result (够级, 保皇): the finish order, the sweep, each claimed team's points,
    each checked by the rule the score names (``Score.claim_rules``)."""
    score_rule, team_rule, sweep_rule = score.claim_rules
    out: list[Difference] = []
    order = claimed.get("finish_order")
    if order is not None:
        real = list(score.finish_order)
        msg = (
            f"记录的名次 {order} 与牌局 {real} 不符",
            f"recorded finish order {order} differs from the deal's {real}",
        )
        out.append(
            Difference(
                "finish_order", list(order), real, "FINISH", *if_differs(tuple(order) != score.finish_order, msg)
            )
        )
    if "sweep" in claimed:
        said = claimed["sweep"]
        msg = (
            f"记录{'有' if said else '无'}串三户，牌局{'有' if score.sweep else '无'}",
            f"the record says sweep={said}, the deal gives sweep={score.sweep}",
        )
        out.append(Difference("sweep", said, score.sweep, sweep_rule, *if_differs(said != score.sweep, msg)))
    for k, team in enumerate([] if score.unsplit else claimed.get("teams", [])):
        seats = team["seats"]
        found = next((t for t in score.teams if set(t.seats) == set(seats)), None)
        key, said = f"teams[{k}]", {"seats": list(seats), "points": team["points"]}
        if found is None:
            msg = (f"座位 {seats} 不是一方", f"seats {seats} are not a team")
            out.append(Difference(key, said, None, team_rule, *msg))
        else:
            real = list(found.seats)
            side = games.get(game).team_zh
            msg = (
                f"{side} {real} 记 {team['points']} 分，应为 {found.points} 分",
                f"team {real} records {team['points']}; the deal gives {found.points}",
            )
            computed = {"seats": real, "points": found.points}
            out.append(Difference(key, said, computed, score_rule, *if_differs(found.points != team["points"], msg)))
    return out
