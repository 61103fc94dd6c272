"""A claimed result (the log's ``result``, as the score sheet wrote it) set against the computed score.

``claim_entries`` is the one comparison: each claimed entry beside the computed value, with the rule
it is checked by and, when they differ, the message in both languages. ``fupan score`` and the Scoring
page show every entry; ``compare_result`` keeps those that differ (``score --json``'s ``differs``), and
the replay's claimed-result verdicts (``Replay.result_verdicts``) are made from them.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from replay import games
from replay.core.record import Record
from replay.scoring import Score

if TYPE_CHECKING:
    from replay.engine import GameState


class Difference(Record):
    """One entry of a claimed result beside the computed value; the messages are set when they differ."""

    key: str  # "finished", "finish_order", "sweep", "teams[0]", "points.defenders", "levels.after" …
    claimed: Any
    computed: Any
    rule: str
    message_zh: str = ""
    message_en: str = ""

    @property
    def differs(self) -> bool:
        """True when the deal does not bear the claimed entry out."""
        return bool(self.message_en)

    def to_json(self) -> dict[str, Any]:
        """``{"key", "claimed", "computed", "rule"}`` (an entry of ``score --json``'s ``differs``)."""
        return {"key": self.key, "claimed": self.claimed, "computed": self.computed, "rule": self.rule}


def compare_result(
    claimed: Mapping[str, Any] | None, score: Score | None, game: str, final: GameState
) -> list[Difference]:
    """The entries of ``claimed`` that differ from the deal's score; empty when all agree or nothing is
    claimed."""
    return [d for d in claim_entries(claimed, score, game, final) if d.differs]


def claim_entries(
    claimed: Mapping[str, Any] | None, score: Score | None, game: str, final: GameState
) -> list[Difference]:
    """Every entry of ``claimed`` beside the deal's score (``final``: the last state, for the 保皇 scoring
    rule that applies), in the order the verdicts come."""
    if not claimed:
        return []
    if score is None:
        return [
            Difference(
                "finished",
                True,
                False,
                "FINISH",
                "记录的结果与未完成的牌局不符",
                "a result is recorded but the deal did not finish",
            )
        ]
    entries: list[Difference] = games.get(game).claims(claimed, score, game, final)
    return entries


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


def if_differs(differs: bool, messages: tuple[str, str]) -> tuple[str, str]:
    """The messages when the entry differs, else none."""
    return messages if differs else ("", "")


def value_text(value: Any) -> str:
    """A claimed or computed value, compact: a team as ``0 2 4 = 2``, seats or levels spaced, none as -."""
    if isinstance(value, dict) and set(value) == {"seats", "points"}:
        return " ".join(map(str, value["seats"])) + f" = {value['points']}"
    if isinstance(value, list):
        return " ".join(map(str, value))
    if isinstance(value, bool):
        return "true" if value else "false"
    return "-" if value is None else str(value)
