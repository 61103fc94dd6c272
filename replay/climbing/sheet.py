"""What a climbing game's score sheet without moves shares (``GameType.sheet``: a log with a result and no events):
the places in order, every seat once, and the finished deal's state made from them, which the game's own scoring
then scores as it scores a deal played out (``replay.games.gouji.sheet``, ``replay.games.baohuang.sheet``)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, TypeVar

from replay.climbing.state import OVER, VOID, State, evolve
from replay.core.said import Fault

#: a sheet's fault: (rule, Chinese, English)
CS = TypeVar("CS", bound=State)


def sheet_order(result: Mapping[str, Any], n: int) -> tuple[list[int] | None, list[Fault]]:
    """The sheet's places in order (``result finish``), or None with the fault: a sheet names every one of the ``n``
    seats once (the reader already refused a seat out of range or named twice)."""
    order = result.get("finish_order")
    if order is None:
        return None, [
            (
                "FINISH",
                "成绩单（没有出牌记录）应写出各家的名次：result finish 后依次写座位号，头科在前",
                "a score sheet (no moves recorded) gives the places: result finish and the seats, first place first",
            )
        ]
    missing = [s for s in range(n) if s not in order]
    if missing:
        words = " ".join(map(str, missing))
        return None, [
            (
                "FINISH",
                f"成绩单的名次应有全部 {n} 家：缺座位 {words}",
                f"a score sheet places all {n} seats: seat{'s' if len(missing) > 1 else ''} {words} missing",
            )
        ]
    return list(order), []


def finished(start: CS, out: Sequence[int], **fields: Any) -> CS:
    """The deal over with the seats gone out in the order ``out`` (and the game's own ``fields``), from its state as
    dealt."""
    return evolve(start, phase=OVER, out=tuple(out), live=0, to_act=-1, owner=-1, table=None, **fields)


def voided(start: CS) -> CS:
    """The deal void, from its state as dealt."""
    return evolve(start, phase=VOID, live=0, to_act=-1)
