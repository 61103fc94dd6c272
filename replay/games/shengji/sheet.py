"""A 升级 score sheet without moves (``GameType.sheet``): the declarer (庄, ``result declarer``), the defenders'
points with the kitty's share (``result points defenders N kitty K``) and the sides' levels before the deal (the
log's ``levels`` line, else ``result levels before``), or a void deal (nobody declared); made into the finished
deal that ``score_shengji`` scores as it scores one played out (SJ-POINTS, SJ-LEVEL). The declarers' card points
are not on a sheet: the score gives them the rest of the deck's 200, the kitty's included where the defenders did
not take it."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from replay.core.said import Fault
from replay.games.shengji.cards import LEVEL_TOKENS, level_rank, team
from replay.games.shengji.state import OVER, VOID, ShengjiState, Trick
from replay.rules.profile import Profile

DECK_POINTS = 200  # two decks: eight 5s, eight 10s, eight Ks


def shengji_sheet(start: ShengjiState, result: Mapping[str, Any], profile: Profile) -> tuple[ShengjiState, list[Fault]]:
    """The finished deal a sheet records, with its faults (the deal as dealt where they leave no score)."""
    if result.get("void"):
        return start._replace(phase=VOID), []
    declarer = result.get("declarer")
    points = result.get("points") or {}
    defenders, kitty = points.get("defenders"), int(points.get("kitty", 0))
    mult = int(profile.options["kitty_multiplier"])
    faults: list[Fault] = []
    if declarer is None:
        faults.append(
            (
                "SJ-DECLARE",
                "成绩单应写明庄家：result declarer 座位",
                "a 升级 score sheet names the declarer: result declarer SEAT",
            )
        )
    if defenders is None:
        faults.append(
            (
                "SJ-POINTS",
                "成绩单应写明闲家得分：result points defenders N（扣底得分写 kitty K）",
                "a 升级 score sheet gives the defenders' points: result points defenders N (and kitty K for the kitty's)",
            )
        )
    elif defenders % 5 or kitty % (5 * mult) or kitty > defenders or defenders - kitty > DECK_POINTS:
        faults.append(
            (
                "SJ-POINTS",
                f"闲家得分 {defenders}、扣底分 {kitty} 不可能：分数按 5 计，扣底分是底牌分的 {mult} 倍，"
                f"各墩里的分至多 {DECK_POINTS}",
                f"defenders' points {defenders} with kitty {kitty} cannot be: points come in fives, the kitty's are "
                f"{mult} times the kitty's card points, the tricks hold at most {DECK_POINTS}",
            )
        )
    if faults:
        return start, faults
    assert declarer is not None and defenders is not None
    levels = start.levels
    before = (result.get("levels") or {}).get("before")
    if before and all(t in LEVEL_TOKENS for t in before):
        levels = (level_rank(before[0]), level_rank(before[1]))
    d = team(declarer)
    taken = defenders - kitty  # the defenders' points in tricks
    side_points = [0, 0]
    side_points[1 - d] = taken
    side_points[d] = DECK_POINTS - taken - kitty // mult
    # the last trick's winner says who took the kitty: a defender where the sheet gives the kitty points
    last = (Trick(-1, (), (declarer + 1) % 4 if kitty else declarer, 0),)
    st = start._replace(
        phase=OVER,
        levels=levels,
        declarer=declarer,
        tricks=last,
        points=(side_points[0], side_points[1]),
        kitty_points=kitty,
        to_act=-1,
    )
    return st, []


def shengji_sheet_facts(st: ShengjiState) -> dict[str, tuple[Any, str]]:
    """What a deal says for 升级's sheet keys, each with the rule it is checked by."""
    return {
        "void": (st.phase == VOID, "SJ-DECLARE"),
        "declarer": (None if st.declarer == -1 else st.declarer, "SJ-DECLARE"),
    }
