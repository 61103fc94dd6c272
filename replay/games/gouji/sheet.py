"""A 够级 score sheet without moves (``GameType.sheet``): the places in order, the 革命 seat if one declared, or a void
deal; made into the finished deal that ``score_gouji`` scores as it scores one played out (GJ-SCORE, GJ-SWEEP,
GJ-REVOLUTION). A failed burner's 大落 is where the sheet places it: the places are the sheet's."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from replay.climbing.sheet import finished, sheet_order, voided
from replay.climbing.state import VOID
from replay.core.said import Fault
from replay.games.gouji.score import finish_order
from replay.games.gouji.state import GoujiState
from replay.rules.profile import Profile

PLACE_ZH = "头二三四五六"


def gouji_sheet(start: GoujiState, result: Mapping[str, Any], profile: Profile) -> tuple[GoujiState, list[Fault]]:
    """The finished deal a sheet records, with its faults (the deal as dealt where the places cannot be read)."""
    if result.get("void"):
        return voided(start), []
    order, faults = sheet_order(result, start.n)
    if order is None:
        return start, faults
    v = int(result.get("revolution", -1))
    out = [s for s in order if s != v]
    if v != -1:
        ruled = finish_order(out, v, (), False)
        if ruled != order:
            k, want = order.index(v), ruled.index(v)
            faults.append(
                (
                    "GJ-REVOLUTION",
                    f"革命的一家（座位 {v}）排{PLACE_ZH[want]}科（两个队友得头科和二科时排三科，否则四科），"
                    f"成绩单上排{PLACE_ZH[k]}科",
                    f"the 革命 seat ({v}) ranks {want + 1}{_th(want + 1)} (3rd when its two teammates took 1st and 2nd, "
                    f"else 4th); the sheet places it {k + 1}{_th(k + 1)}",
                )
            )
            return start, faults
    return finished(start, out, revolution=v), faults


def gouji_sheet_facts(st: GoujiState) -> dict[str, tuple[Any, str]]:
    """What a deal says for 够级's sheet keys, each with the rule it is checked by: void, the 革命 seat (None: none)."""
    return {
        "void": (st.phase == VOID, "GJ-REVOLUTION"),
        "revolution": (None if st.revolution == -1 else st.revolution, "GJ-REVOLUTION"),
    }


def _th(k: int) -> str:
    return {1: "st", 2: "nd", 3: "rd"}.get(k, "th")
