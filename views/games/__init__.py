"""The dashboard's game registry: how each game is drawn, one ``GameView`` (``views.parts.game_view``) per
game, declared by the game's own module (``VIEW`` of ``gouji``, ``baohuang``, the package ``shengji``) and
found here by the game's name (``VIEWS``, a ``replay.core.registry.Registry``).

A built-in game's module is imported the first time its game is drawn; ``view(game)`` is the game's
``GameView``, and a game that declared none (registered in ``replay.games`` alone) gets the default one, the
climbing table and the climbing games' pages. ``table_html`` and ``seat_side`` ask the deal's game.
"""

from __future__ import annotations

from replay.core.registry import Registry
from replay.replay import Replay
from views.parts.game_view import GameView

#: the games whose view the dashboard ships, each a module or package of this folder declaring its ``VIEW``
BUILT_IN = ("gouji", "baohuang", "shengji")

VIEWS: Registry[GameView] = Registry(
    "the view of game", lambda v: v.name, "views.games.{}", BUILT_IN, "VIEW", lambda name: GameView(name=name)
)

register = VIEWS.register
unregister = VIEWS.unregister
view = VIEWS.get


def table_html(rep: Replay, step: int, seat_view: int | None, lang: str) -> str:
    """The table after ``step`` events as self-contained HTML, drawn by the deal's game."""
    return view(rep.log.game).table_html(rep, step, seat_view, lang)


def seat_side(rep: Replay, seat: int, lang: str) -> str:
    """A seat's team (够级), its role at the end of the deal (保皇), or its side and whether it declared
    (升级: 甲方 0·2（庄家）)."""
    return view(rep.log.game).seat_side(rep, seat, lang)
