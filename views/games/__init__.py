"""The dashboard's game registry: how each game is drawn, one ``GameView`` (``views.parts.game_view``) per
game, declared by the game's own module (``VIEW`` in ``gouji``, ``baohuang``, ``shengji``; 升级's other
modules are ``shengji_table`` and ``shengji_charts``) and found here by the game's name.

``view(game)`` is the game's ``GameView``; a game that declared none (registered in ``replay.games``
alone) gets the default one, the climbing table and the climbing games' pages. ``table_html`` and
``seat_side`` ask the deal's game.
"""

from __future__ import annotations

from replay.replay import Replay
from views.games import baohuang, gouji
from views.games.shengji import view as shengji
from views.parts.game_view import GameView

_VIEWS: dict[str, GameView] = {}


def register(game_view: GameView) -> GameView:
    """Add a game's view (a name registered twice with another view is an error: one game, one place)."""
    if _VIEWS.get(game_view.name, game_view) != game_view:
        raise ValueError(f"the view of game {game_view.name!r} is registered already")
    _VIEWS[game_view.name] = game_view
    return game_view


def unregister(name: str) -> None:
    """Remove a game's view (for tests that register a game of their own)."""
    _VIEWS.pop(name, None)


def view(game: str) -> GameView:
    """How ``game`` is drawn: its registered view, else the default (the climbing games')."""
    found = _VIEWS.get(game)
    return found if found is not None else GameView(name=game)


def table_html(rep: Replay, step: int, seat_view: int | None, lang: str) -> str:
    """The table after ``step`` events as self-contained HTML, drawn by the deal's game."""
    return view(rep.log.game).table_html(rep, step, seat_view, lang)


def seat_side(rep: Replay, seat: int, lang: str) -> str:
    """A seat's team (够级), its role at the end of the deal (保皇), or its side and whether it declared
    (升级: 甲方 0·2（庄家）)."""
    return view(rep.log.game).seat_side(rep, seat, lang)


for _module in (gouji, baohuang, shengji):
    register(_module.VIEW)
