"""The score of a 升级 deal: card points per side, the kitty, and the levels after it (SJ-POINTS,
SJ-LEVEL)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from replay.claims import Difference, if_differs
from replay.core.record import Record
from replay.core.said import said
from replay.rules.profile import Profile
from replay.score import Score, ScoreExtras, TeamScore, void_score

if TYPE_CHECKING:
    from replay.formats.log import Log

if TYPE_CHECKING:
    from replay.games.shengji.state import ShengjiState

LEVELS_FROM_80 = said(  # SJ-POINTS: "take over" changes levels only; no text promises who declares next
    "80分以上：庄家不升级；闲家每多40分升一级（120分升1级，160分升2级，200分升3级）；下一局的庄家由定主决定",
    "80 or more: the declarers do not go up; the defenders go up 1 per further 40 (120: 1, 160: 2, 200: 3); "
    "the next deal's declarers are decided by its 定主 (declaration)",
)


class ShengjiScoreExtras(ScoreExtras):
    """What a 升级 score holds beside the sides' points: the defenders' card points (the kitty's included) and
    the kitty's share of them (SJ-POINTS); each side's level before and after the deal, the side that goes
    up, by how many levels, and the side that passed the last level (SJ-LEVEL; None while none did)."""

    defenders: int
    kitty: int
    before: tuple[str, ...]
    after: tuple[str, ...]
    up: int
    steps: int
    passed: int | None

    def points_json(self) -> dict[str, int]:
        """``{"defenders", "kitty"}`` (``score --json``'s ``points``)."""
        return {"defenders": self.defenders, "kitty": self.kitty}

    def levels_json(self) -> dict[str, Any]:
        """``{"before", "after", "up", "steps", "passed"}`` (``score --json``'s ``levels``)."""
        return {"before": list(self.before), "after": list(self.after), "up": self.up, "steps": self.steps,
                "passed": self.passed}  # fmt: skip

    def to_json(self) -> dict[str, Any]:
        """``points`` and ``levels``."""
        return {"points": self.points_json(), "levels": self.levels_json()}

    def standing(self) -> dict[str, float]:
        """The levels each side went up ("0", "1": the engine's side words): what ranks the sides, not card points."""
        return {str(t): float(self.steps if t == self.up else 0) for t in (0, 1)}


def shengji_extras(score: Score | None) -> ShengjiScoreExtras | None:
    """A 升级 score's own record (None for no score, a void deal, or another game's score)."""
    return None if score is None else score.extras_of(ShengjiScoreExtras)


class ShengjiStoredExtras(Record):
    """What the library stores of a 升级 deal beside the shared rows (``deal.extras_json``), so that the level
    ladder and the statistics replay nothing: each side's level before and after (None when unknown: ``before``
    when the log names none and the deal has no score, ``after`` when it did not finish or was void), the side
    the score moves (None without a score) and how far, the side that passed the last level, and the declaring
    side (庄家; None while no declaration stands)."""

    before: tuple[str, ...] | None
    after: tuple[str, ...] | None
    up: int | None
    steps: int
    passed: int | None
    declarers: int | None

    def to_json(self) -> dict[str, Any]:
        """``{"before", "after", "up", "steps", "passed", "declarers"}``."""
        return {
            "before": None if self.before is None else list(self.before),
            "after": None if self.after is None else list(self.after),
            "up": self.up,
            "steps": self.steps,
            "passed": self.passed,
            "declarers": self.declarers,
        }


def stored_extras(log: Log, final: ShengjiState, score: Score | None) -> ShengjiStoredExtras:
    """A 升级 deal's stored extras: the levels as its score gives them (else those its log names) and the
    declaring side of its final state."""
    declarers = final.declarers if final.declarers >= 0 else None
    lv = shengji_extras(score)
    if lv is not None:
        return ShengjiStoredExtras(lv.before, lv.after, lv.up, lv.steps, lv.passed, declarers)
    before = tuple(str(x) for x in log.levels) if log.levels else None
    return ShengjiStoredExtras(before, None, None, 0, None, declarers)


def level_change(defenders: int) -> tuple[int, int]:
    """(side that goes up: 0 declarers / 1 defenders, steps) for the defenders' points (SJ-POINTS,
    the standard table): declarers up 3 at 0, 2 at 5-35, 1 at 40-75; from 80 the declarers do not go
    up, and the defenders go up one for every further 40 (120: 1, 160: 2, 200: 3, and on without a
    cap, since a multiplied kitty can take the total past 200). Who declares the next deal is not
    decided here: in 三五番 it is whoever wins the next deal's 定主 (SJ-POINTS)."""
    if defenders >= 80:
        return 1, (defenders - 80) // 40
    if defenders == 0:
        return 0, 3
    return 0, 2 if defenders < 40 else 1


def score_shengji(st: ShengjiState, profile: Profile) -> Score | None:
    """The score of a finished 升级 deal: card points per side, the defenders' total with the kitty,
    and each side's level after the deal (SJ-POINTS, SJ-LEVEL)."""
    from replay.games.shengji.engine import LEVEL_SEQUENCES, RANK_LEVEL, VOID, team

    if st.phase == VOID:
        return void_score(
            (
                "SJ-DECLARE",
                "无人定主（四家不定主，或未定主就出牌）：本局作废，重新发牌",
                "nobody declared (four 不定主, or play with no declaration): the deal is void, redeal",
            )
        )
    if not st.terminal:
        return None
    seq = LEVEL_SEQUENCES[profile.options["levels"]]
    declarers = team(st.declarer)
    defenders = 1 - declarers
    total = st.defenders_points
    won_last = team(st.tricks[-1].winner) if st.tricks else declarers
    kitty = st.kitty_points if won_last == defenders else 0
    side, steps = level_change(total)
    up = declarers if side == 0 else defenders
    before = [RANK_LEVEL[r] for r in st.levels]
    after = list(before)
    passed = None
    k = seq.index(before[up]) + steps
    if k >= len(seq):
        passed, after[up] = up, seq[-1]
    else:
        after[up] = seq[k]
    explain = [
        (
            "SJ-POINTS",
            said(
                f"闲家（方{defenders}）在各墩中得了 {total - kitty} 分",
                f"defenders (side {defenders}) took {total - kitty} points in tricks",
            ),
        ),
        ("SJ-POINTS", _kitty_text(kitty, profile.options["kitty_multiplier"], won_last == declarers)),
        (
            "SJ-LEVEL",
            said(
                f"闲家得 {total} 分：方{up}升 {steps} 级（从 {before[up]} 到 {after[up]}）",
                f"defenders' {total} points: side {up} goes up {steps} (from {before[up]} to {after[up]})",
            )
            if steps
            else said(f"闲家得 {total} 分：两方都不升级", f"defenders' {total} points: no side goes up"),
        ),
    ]
    if side == 1:
        explain.append(("SJ-LEVEL", LEVELS_FROM_80))
    if passed is not None:
        explain.append(
            (
                "SJ-LEVEL",
                said(
                    f"方{passed}打过了最后一级 {seq[-1]}：赢得整场比赛",
                    f"side {passed} passed the last level {seq[-1]}: it wins the match",
                ),
            )
        )
    teams = tuple(TeamScore((t, t + 2), st.points[t] + (kitty if t == defenders else 0), st.points[t]) for t in (0, 1))
    return Score(
        (),
        (),
        teams,
        explain=tuple(explain),
        extras=ShengjiScoreExtras(total, kitty, tuple(before), tuple(after), up, steps, passed),
    )


POINTS_ZH = {"defenders": "闲家得分", "kitty": "扣底分"}
LEVELS_ZH = {"before": "局前", "after": "局后"}


def shengji_claims(claimed: Mapping[str, Any], score: Score, game: str, final: ShengjiState) -> list[Difference]:
    """升级: the claimed points and levels against the deal's."""
    out: list[Difference] = []
    pts = claimed.get("points") or {}
    extras = shengji_extras(score)
    real = extras.points_json() if extras is not None else {}
    for key, zh in POINTS_ZH.items():
        if key in pts:
            msg = (
                f"记录的{zh} {pts[key]} 与牌局的 {real.get(key)} 不符",
                f"recorded {key} points {pts[key]} differ from the deal's {real.get(key)}",
            )
            differs = pts[key] != real.get(key)
            out.append(Difference(f"points.{key}", pts[key], real.get(key), "SJ-POINTS", *if_differs(differs, msg)))
    for when, zh in LEVELS_ZH.items():
        said = (claimed.get("levels") or {}).get(when)
        if said is not None and extras is not None:
            computed = list(extras.before if when == "before" else extras.after)
            msg = (
                f"记录的{zh}级 {said} 与牌局的 {computed} 不符",
                f"recorded levels {when} the deal {said} differ from the deal's {computed}",
            )
            out.append(
                Difference(f"levels.{when}", list(said), computed, "SJ-LEVEL", *if_differs(list(said) != computed, msg))
            )
    return out


def _kitty_text(kitty: int, multiplier: int, declarers_won_last: bool) -> str:
    """What became of the kitty's points (SJ-POINTS)."""
    if kitty:
        base = kitty // max(1, multiplier)
        return said(
            f"底分 {base} × {multiplier} = {kitty}，归闲家", f"kitty {base} x {multiplier} = {kitty} to the defenders"
        )
    if declarers_won_last:
        return said(
            "庄家赢了最后一墩，底牌的分归庄家", "the kitty's points stay with the declarers (they won the last trick)"
        )
    return said("闲家赢了最后一墩，但底牌没有分", "the defenders won the last trick, but the kitty holds no points")
