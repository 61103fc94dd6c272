"""A 保皇 score sheet without moves (``GameType.sheet``): the places in order and the roles (the 皇帝, ``result
emperor`` or the seat dealt the marked big joker; the 保皇派, the log's ``loyalist`` line; 独保, 抢庄 and 明保 or 明独
as yes/no keys), or a void deal (黄庄); made into the finished deal that ``score_baohuang`` scores as it scores one
played out (BH-SCORE, BH-SCORE-SOLO, BH-SCORE-GRAB). Without a 保皇派 the places stand and the points are not split,
as for a played deal whose 保皇派 is not known."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from replay.climbing.sheet import finished, sheet_order, voided
from replay.climbing.state import VOID
from replay.core.said import Fault
from replay.games.baohuang.state import BaohuangState
from replay.rules.profile import Profile


def baohuang_sheet(
    start: BaohuangState, result: Mapping[str, Any], profile: Profile
) -> tuple[BaohuangState, list[Fault]]:
    """The finished deal a sheet records, with its faults (the deal as dealt where they leave no score)."""
    if result.get("void"):
        return voided(start), []
    order, faults = sheet_order(result, start.n)
    if order is None:
        return start, faults
    e = int(result.get("emperor", start.marked))
    solo, grab, shown = bool(result.get("solo")), bool(result.get("grab")), bool(result.get("open"))
    loyal = start.loyalist
    if e == -1:
        faults.append(
            (
                "BH-SCORE",
                "成绩单应写明皇帝：result emperor 座位（或写 marked 座位：拿到带记号大王的一家）",
                "a 保皇 score sheet names the 皇帝: result emperor SEAT (or marked SEAT, the seat dealt the marked "
                "big joker)",
            )
        )
    elif solo and grab:
        faults.append(("BH-SCORE-SOLO", "独保和抢庄不能同时记", "a sheet cannot record both 独保 and 抢庄"))
    elif (solo or grab) and loyal not in (-1, e):
        rule, word = ("BH-SCORE-SOLO", "独保") if solo else ("BH-SCORE-GRAB", "抢庄")
        faults.append(
            (
                rule,
                f"{word}没有保皇派：不能再写 loyalist {loyal}",
                f"{word} has no 保皇派: drop the line loyalist {loyal}",
            )
        )
    elif grab and shown:
        faults.append(("BH-SCORE-GRAB", "抢庄没有明保、明独", "抢庄 has no 明保 or 明独: drop result open"))
    elif loyal == e and not solo:
        faults.append(
            (
                "BH-LOYALIST",
                f"保皇派（座位 {loyal}）就是皇帝：皇帝一人打是独保，写 result solo true",
                f"the 保皇派 (seat {loyal}) is the 皇帝: a 皇帝 playing alone is 独保, write result solo true",
            )
        )
    if faults:
        return start, faults
    st = finished(
        start,
        order,
        emperor=e,
        loyalist=e if solo else (-1 if grab else loyal),
        solo=solo,
        grab=grab,
        open_loyal=shown and not solo and not grab,
        open_solo=shown and solo,
    )
    return st, faults


def baohuang_sheet_facts(st: BaohuangState) -> dict[str, tuple[Any, str]]:
    """What a deal says for 保皇's sheet keys, each with the rule it is checked by."""
    return {
        "void": (st.phase == VOID, "BH-VOID"),
        "emperor": (None if st.emperor == -1 else st.emperor, "BH-CALL"),
        "solo": (st.solo, "BH-SOLO"),
        "grab": (st.grab, "BH-GRAB"),
        "open": (st.open_loyal or st.open_solo, "BH-LOYALIST"),
    }
