"""How each game's table and scoring are drawn: one module per game (``gouji``, ``baohuang``, ``shengji``
with ``shengji_charts``), each built from ``views.parts`` only, found here by the game's name.

``table_html(rep, step, seat_view, lang)`` and ``seat_side(rep, seat, lang)`` ask the deal's game: the
climbing games draw the table of ``views.parts.table``, 升级 its square table of four seats.
"""

from __future__ import annotations

from types import ModuleType

from replay.replay import Replay
from views.games import baohuang, gouji, shengji

DRAWINGS: dict[str, ModuleType] = {"gouji": gouji, "baohuang": baohuang, "shengji": shengji}


def drawing(game: str) -> ModuleType:
    """The module that draws ``game`` (够级's for a game it does not know: the climbing table)."""
    return DRAWINGS.get(game, gouji)


def table_html(rep: Replay, step: int, seat_view: int | None, lang: str) -> str:
    """The table after ``step`` events as self-contained HTML, drawn by the deal's game."""
    return str(drawing(rep.log.game).table_html(rep, step, seat_view, lang))


def seat_side(rep: Replay, seat: int, lang: str) -> str:
    """A seat's team (够级), its role at the end of the deal (保皇), or its side and whether it declared
    (升级: 甲方 0·2（庄家）)."""
    return str(drawing(rep.log.game).seat_side(rep, seat, lang))
