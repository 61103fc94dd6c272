"""The game registry: what each game is (its names, seats, default profile, actions and rules engine),
declared once and found by name (after OpenSpiel's ``load_game``). The rest of fupan asks the registry
instead of keeping its own table per game: ``get("gouji").seats``, ``names()``, ``engine_class(name)``.

A ``GameType`` is plain data; its engine is named by import path and loaded on first use, so that the
registry imports no engine (the engines import the profiles, which ask the registry for the games'
names: declared here, there is no import circle). A new game registers its type with ``register``.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class GameType:
    """One game: ``name`` (the log's ``game``), its Chinese and English names, the number of seats,
    the shipped profile a log names when it names none, the actions its engine knows, and the engine
    (``"module:Class"``, a class taking ``(profile, meta)``)."""

    name: str
    name_zh: str
    name_en: str
    seats: int
    default_profile: str
    actions: frozenset[str]
    engine: str

    def engine_class(self) -> Any:
        """The rules engine's class (imported on first use)."""
        module, _, cls = self.engine.partition(":")
        return getattr(importlib.import_module(module), cls)


_REGISTRY: dict[str, GameType] = {}


def register(game: GameType) -> GameType:
    """Add ``game`` to the registry (a name registered twice is an error: one game, one place)."""
    if game.name in _REGISTRY and _REGISTRY[game.name] != game:
        raise ValueError(f"game {game.name!r} is registered already")
    _REGISTRY[game.name] = game
    return game


def unregister(name: str) -> None:
    """Remove a game (for tests that register a game of their own)."""
    _REGISTRY.pop(name, None)


def get(name: str) -> GameType:
    """The game called ``name``; ValueError naming the known games when there is none."""
    try:
        return _REGISTRY[name]
    except KeyError:
        raise ValueError(f"unknown game {name!r} (expected one of {', '.join(_REGISTRY)})") from None


def names() -> tuple[str, ...]:
    """The registered games' names, in the order they were registered."""
    return tuple(_REGISTRY)


def engine_class(name: str) -> Any:
    """The rules engine's class of game ``name``."""
    return get(name).engine_class()


register(
    GameType(
        name="gouji",
        name_zh="够级",
        name_en="Gouji",
        seats=6,
        default_profile="gouji",
        actions=frozenset(
            {"play", "burn", "pass", "kou", "rang", "jiefeng", "show", "revolution", "waive", "tribute", "return"}
            | {"refuse", "report"}
        ),
        engine="replay.gouji:Gouji",
    )
)
register(
    GameType(
        name="baohuang",
        name_zh="保皇",
        name_en="Baohuang",
        seats=5,
        default_profile="baohuang",
        actions=frozenset({"play", "pass", "kou", "rang", "jiefeng", "call", "yield", "grab", "reveal"}),
        engine="replay.baohuang:Baohuang",
    )
)
register(
    GameType(
        name="shengji",
        name_zh="升级",
        name_en="Shengji",
        seats=4,
        default_profile="shengji-35",
        actions=frozenset({"declare", "pass", "exchange", "bury", "play"}),
        engine="replay.shengji:Shengji",
    )
)
