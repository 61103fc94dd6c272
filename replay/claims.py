"""A claimed result (the log's ``result``, as the score sheet wrote it) set against the computed score.

``claim_entries`` is the one comparison: each claimed entry beside the computed value, with the rule
it is checked by and, when they differ, the message in both languages. ``fupan score`` and the Scoring
page show every entry; ``compare_result`` keeps those that differ (``score --json``'s ``differs``), and
the replay's claimed-result verdicts (``Replay.result_verdicts``) are made from them.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from replay.scoring import Score

POINTS_ZH = {"defenders": "闲家得分", "kitty": "扣底分"}
LEVELS_ZH = {"before": "局前", "after": "局后"}


@dataclass(frozen=True)
class Difference:
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


def compare_result(claimed: Mapping[str, Any] | None, score: Score | None, game: str, final: Any) -> list[Difference]:
    """The entries of ``claimed`` that differ from the deal's score; empty when all agree or nothing is
    claimed."""
    return [d for d in claim_entries(claimed, score, game, final) if d.differs]


def claim_entries(claimed: Mapping[str, Any] | None, score: Score | None, game: str, final: Any) -> list[Difference]:
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
    if game == "shengji":
        return _shengji(claimed, score)
    return _climbing(claimed, score, game, final)


def _climbing(claimed: Mapping[str, Any], score: Score, game: str, final: Any) -> list[Difference]:
    """够级 and 保皇: the finish order, the sweep, each claimed team's points."""
    if game == "baohuang":
        score_rule = "BH-SCORE-GRAB" if final.grab else "BH-SCORE-SOLO" if final.solo else "BH-SCORE"
        team_rule, sweep_rule = "BH-LOYALIST", score_rule
    else:
        score_rule, team_rule, sweep_rule = "GJ-SCORE", "GJ-TEAMS", "GJ-SWEEP"
    out: list[Difference] = []
    order = claimed.get("finish_order")
    if order is not None:
        real = list(score.finish_order)
        msg = (
            f"记录的名次 {order} 与牌局 {real} 不符",
            f"recorded finish order {order} differs from the deal's {real}",
        )
        out.append(
            Difference("finish_order", list(order), real, "FINISH", *_if(tuple(order) != score.finish_order, msg))
        )
    if "sweep" in claimed:
        said = claimed["sweep"]
        msg = (
            f"记录{'有' if said else '无'}串三户，牌局{'有' if score.sweep else '无'}",
            f"the record says sweep={said}, the deal gives sweep={score.sweep}",
        )
        out.append(Difference("sweep", said, score.sweep, sweep_rule, *_if(said != score.sweep, msg)))
    for k, team in enumerate([] if score.unsplit else claimed.get("teams", [])):
        seats = team["seats"]
        found = next((t for t in score.teams if set(t.seats) == set(seats)), None)
        key, said = f"teams[{k}]", {"seats": list(seats), "points": team["points"]}
        if found is None:
            msg = (f"座位 {seats} 不是一方", f"seats {seats} are not a team")
            out.append(Difference(key, said, None, team_rule, *msg))
        else:
            real = list(found.seats)
            side = "联邦" if game == "gouji" else "一方"
            msg = (
                f"{side} {real} 记 {team['points']} 分，应为 {found.points} 分",
                f"team {real} records {team['points']}; the deal gives {found.points}",
            )
            computed = {"seats": real, "points": found.points}
            out.append(Difference(key, said, computed, score_rule, *_if(found.points != team["points"], msg)))
    return out


def _if(differs: bool, messages: tuple[str, str]) -> tuple[str, str]:
    """The messages when the entry differs, else none."""
    return messages if differs else ("", "")


def _shengji(claimed: Mapping[str, Any], score: Score) -> list[Difference]:
    """升级: the claimed points and levels against the deal's."""
    out: list[Difference] = []
    pts = claimed.get("points") or {}
    real = score.points or {}
    for key, zh in POINTS_ZH.items():
        if key in pts:
            msg = (
                f"记录的{zh} {pts[key]} 与牌局的 {real.get(key)} 不符",
                f"recorded {key} points {pts[key]} differ from the deal's {real.get(key)}",
            )
            differs = pts[key] != real.get(key)
            out.append(Difference(f"points.{key}", pts[key], real.get(key), "SJ-POINTS", *_if(differs, msg)))
    for when, zh in LEVELS_ZH.items():
        said = (claimed.get("levels") or {}).get(when)
        if said is not None and score.levels is not None:
            computed = score.levels[when]
            msg = (
                f"记录的{zh}级 {said} 与牌局的 {computed} 不符",
                f"recorded levels {when} the deal {said} differ from the deal's {computed}",
            )
            out.append(
                Difference(f"levels.{when}", list(said), computed, "SJ-LEVEL", *_if(list(said) != computed, msg))
            )
    return out


def value_text(value: Any) -> str:
    """A claimed or computed value, compact: a team as ``0 2 4 = 2``, seats or levels spaced, none as -."""
    if isinstance(value, dict) and set(value) == {"seats", "points"}:
        return " ".join(map(str, value["seats"])) + f" = {value['points']}"
    if isinstance(value, list):
        return " ".join(map(str, value))
    if isinstance(value, bool):
        return "true" if value else "false"
    return "-" if value is None else str(value)
