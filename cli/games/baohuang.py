"""保皇's deal in words (``TEXT``): a climbing game's text (``cli.text.ClimbingText``) whose score names the roles:
the 皇帝, the 保皇派 or 独保 or 抢庄, and whether it was declared (明保/明独)."""

from __future__ import annotations

from cli.text import ClimbingText, team_name
from replay.core.said import seat_name
from replay.games.baohuang.score import baohuang_extras
from replay.games.baohuang.state import BaohuangState
from replay.score import Score


class BaohuangText(ClimbingText[BaohuangState]):
    """保皇: the climbing text with the roles in the score (the sides' points are not sums of places)."""

    def sides_lines(self, score: Score) -> list[str]:
        """Each side's points, then the 皇帝, how it played (保皇派, 独保, 抢庄) and whether it was declared."""
        r = baohuang_extras(score)
        if r is None:
            return super().sides_lines(score)
        kind = "抢庄 (grab)" if r.grab else "独保 (solo)" if r.solo else f"保皇派 {seat_name(r.loyalist, en=True)}"
        return [
            *(f"{team_name(score, t.seats)}: {t.points}" for t in score.teams),
            f"皇帝 {seat_name(r.emperor, en=True)}, {kind}" + (", declared (明保/明独)" if r.revealed else ""),
        ]

    def sides_said(self, score: Score) -> str:
        """The 皇帝."""
        roles = baohuang_extras(score)
        return "" if roles is None else f"; 皇帝 {seat_name(roles.emperor, en=True)}"


TEXT = BaohuangText("baohuang")
