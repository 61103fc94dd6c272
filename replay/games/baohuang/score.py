"""The score of a 保皇 deal (BH-SCORE, BH-SCORE-SOLO, BH-SCORE-GRAB): the places are the order the seats
went out; the points go by the roles (皇帝, 保皇派, the others)."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from replay.climbing.state import VOID
from replay.core.said import said, seat_name
from replay.games.baohuang.state import BaohuangState
from replay.rules.profile import Profile
from replay.score import PlaceScore, Score, ScoreExtras, TeamScore, placed, void_score

BAOHUANG_POINTS = {1: 6, 2: 3, 3: 0, 4: -3, 5: -6}  # BH-SCORE
SOLO_POINTS = {1: 16, 2: 4, 3: 0, 4: -4, 5: -16}  # BH-SCORE-SOLO
GRAB_POINTS = 40  # BH-SCORE-GRAB: the 皇帝 wins or loses 40, each other seat the opposite 10


class BaohuangScoreExtras(ScoreExtras):
    """What a 保皇 score holds beside the places and points: the roles (BH-CALL, BH-LOYALIST): the 皇帝's seat,
    the 保皇派's (None when there is none or it is not known), whether it was revealed (明保 or 明独), and
    whether the 皇帝 played alone (独保) or grabbed (抢庄)."""

    emperor: int
    loyalist: int | None
    revealed: bool
    solo: bool
    grab: bool

    def seated(self) -> dict[str, int]:
        """The roles held by a seat: ``{"emperor": seat, "loyalist": seat}`` (the 保皇派 when known)."""
        return {"emperor": self.emperor, **({"loyalist": self.loyalist} if self.loyalist is not None else {})}

    def roles_json(self) -> dict[str, Any]:
        """``{"emperor", "loyalist", "revealed", "solo", "grab"}`` (``score --json``'s ``roles``)."""
        return {"emperor": self.emperor, "loyalist": self.loyalist, "revealed": self.revealed, "solo": self.solo,
                "grab": self.grab}  # fmt: skip

    def to_json(self) -> dict[str, Any]:
        """``roles``."""
        return {"roles": self.roles_json()}


def baohuang_extras(score: Score | None) -> BaohuangScoreExtras | None:
    """A 保皇 score's roles (None for no score, a void deal, or another game's score)."""
    return None if score is None else score.extras_of(BaohuangScoreExtras)


def score_baohuang(st: BaohuangState, profile: Profile) -> Score | None:
    """The score of a finished 保皇 deal (BH-SCORE, BH-SCORE-SOLO, BH-SCORE-GRAB)."""
    if st.phase == VOID:
        return void_score(
            ("BH-VOID", "黄庄：无人叫庄，本局作废，重新发牌", "黄庄: nobody called; the deal is void, redeal")
        )
    if not st.terminal:
        return None
    n = st.n
    order = tuple(placed(st))
    place = {s: i + 1 for i, s in enumerate(order)}
    e, loyal = st.emperor, st.loyalist
    roles = BaohuangScoreExtras(e, None if st.grab or loyal == -1 else loyal, st.open_loyal or st.open_solo,
                                st.solo, st.grab)  # fmt: skip
    explain: list[tuple[str, str]] = []
    points: dict[int, Fraction] = {}
    rule = "BH-SCORE-GRAB" if st.grab else "BH-SCORE-SOLO" if st.solo else "BH-SCORE"
    rules = (rule, "BH-LOYALIST", rule)
    if st.grab:
        won = place[e] == 1
        for s in range(n):
            points[s] = Fraction(GRAB_POINTS if won else -GRAB_POINTS) if s == e else Fraction(-10 if won else 10)
        explain.append(
            (
                "BH-SCORE-GRAB",
                said(
                    f"抢庄：皇帝（{seat_name(e)}）{'是' if won else '不是'}头科："
                    f"{'皇帝 +40，其余各 -10' if won else '皇帝 -40，其余各 +10'}",
                    f"抢庄: the 皇帝 ({seat_name(e, en=True)}) {'is' if won else 'is not'} 头科: "
                    f"{'+40, each other -10' if won else '-40, each other +10'}",
                ),
            )
        )
        side = [e]
    elif st.solo:
        mult = 2 if st.open_solo else 1
        others = [s for s in range(n) if s != e]
        rest = sum(SOLO_POINTS[place[s]] for s in others)
        points[e] = Fraction(SOLO_POINTS[place[e]] * mult)
        for s in others:
            points[s] = Fraction(rest, 4) * mult
        explain.append(
            (
                "BH-SCORE-SOLO",
                said(
                    f"独保：各名次得 16、4、0、-4、-16；皇帝得其名次的 {SOLO_POINTS[place[e]]}，"
                    f"其余各得 {rest} 的四分之一",
                    f"独保: places earn 16, 4, 0, -4, -16; the 皇帝 gets its place's "
                    f"{SOLO_POINTS[place[e]]}, each other a quarter of {rest}",
                ),
            )
        )
        if mult == 2:
            explain.append(("BH-SOLO", said("明独：得分加倍", "明独 doubles")))
        side = [e]
    else:
        if loyal == -1:  # the 保皇派 is not known: places stand, the points cannot be split
            places = tuple(PlaceScore(s, place[s], BAOHUANG_POINTS[place[s]]) for s in order)
            note = (
                "BH-SCORE",
                said(
                    "保皇派不明（没有手牌，也没有指明）：只记名次的分，不分配",
                    "the 保皇派 is not known (no hands, none named): points of places only, not split",
                ),
            )
            return Score(order, places, (), explain=(note,), extras=roles, unsplit=True, claim_rules=rules)
        mult = 2 if st.open_loyal else 1
        others = [s for s in range(n) if s not in (e, loyal)]
        ours = BAOHUANG_POINTS[place[e]] + BAOHUANG_POINTS[place[loyal]]
        theirs = sum(BAOHUANG_POINTS[place[s]] for s in others)
        points[e] = Fraction(ours * 2, 3) * mult
        points[loyal] = Fraction(ours, 3) * mult
        for s in others:
            points[s] = Fraction(theirs, 3) * mult
        explain.append(
            (
                "BH-SCORE",
                said(
                    f"各名次得 6、3、0、-3、-6：皇帝一方合计 {ours}（皇帝得三分之二，保皇派得三分之一），"
                    f"其余三家合计 {theirs}（各得三分之一）",
                    f"places earn 6, 3, 0, -3, -6: the 皇帝's side sums {ours} "
                    f"(皇帝 x 2/3, 保皇派 x 1/3), the others {theirs} (each x 1/3)",
                ),
            )
        )
        if mult == 2:
            explain.append(("BH-LOYALIST", said("明保：得分加倍", "明保 doubles")))
        side = [e, loyal]
    rest_seats = tuple(s for s in range(n) if s not in side)
    places = tuple(PlaceScore(s, place[s], _num(points[s])) for s in order)
    teams = (
        TeamScore(tuple(side), _num(sum((points[s] for s in side), Fraction(0)))),
        TeamScore(rest_seats, _num(sum((points[s] for s in rest_seats), Fraction(0)))),
    )
    return Score(order, places, teams, False, explain=tuple(explain), extras=roles, claim_rules=rules)


def _num(x: Fraction) -> Any:
    """An integer when the fraction is whole, else a float."""
    return int(x) if x.denominator == 1 else float(x)
