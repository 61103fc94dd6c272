"""The game registry: what each game is (its names, seats, default profile, actions and rules engine),
declared once and found by name (after OpenSpiel's ``load_game``). The rest of fupan asks the registry
instead of keeping its own table per game: ``get("gouji").seats``, ``names()``, ``engine_class(name)``.

A ``GameType`` is plain data; its engine is named by import path and loaded on first use, so that the
registry imports no engine (the engines import the profiles, which ask the registry for the games'
names: declared here, there is no import circle). A new game registers its type with ``register``.
"""

from __future__ import annotations

import importlib
import sys
from collections.abc import Iterator, Mapping
from types import MappingProxyType
from typing import Any

from replay.core.record import Record, field
from replay.core.said import said


class GameType(Record):
    """One game: ``name`` (the log's ``game``), its Chinese and English names, the number of seats,
    the shipped profile a log names when it names none, the actions its engine knows, the engine
    (``"module:Class"``, a class taking ``(profile, meta)``), its scoring (``"module:function"`` of
    the final state and the profile), the keys a log's ``deal`` may hold beside the hands, and the keys
    of a claimed ``result``.

    The rest has defaults that suit a climbing game (出牌 in rounds until seats go out), so a new climbing
    game declares only what differs: ``family`` (the rules a family shares name it in the rule register:
    "climbing", or "tricks" for 升级), ``options`` (each option of ``replay.rules.profile.OPTIONS`` its profiles
    set, with its default), ``action_names`` and ``words`` (where the game names an action otherwise than
    ``replay.formats.notation.words``: 升级's pass is 不定主), ``team_zh`` (what its notes call a team), ``places`` (the
    places known at a step), ``claims`` (a claimed result checked against the score) and ``simulator``
    (how ``fupan simulate`` plays a deal), each ``"module:name"``."""

    name: str
    name_zh: str
    name_en: str
    seats: int
    default_profile: str
    actions: frozenset[str]
    engine: str
    scorer: str
    deal_keys: tuple[str, ...] = ()
    result_keys: tuple[str, ...] = ()
    family: str = "climbing"
    options: Mapping[str, Any] = field(default_factory=lambda: MappingProxyType({}))
    action_names: Mapping[str, tuple[str, str]] = field(default_factory=lambda: MappingProxyType({}))
    words: Mapping[str, str] = field(default_factory=lambda: MappingProxyType({}))
    team_zh: str = "一方"
    places: str = "replay.scoring:climbing_places"
    claims: str = "replay.claims:climbing_claims"
    simulator: str = "replay.simulate:simulate_climbing"
    rules: str = ""  # its own rows of the rule register ("module:ROWS"), beside its family's
    stored_extras: str = "replay.scoring:no_stored_extras"  # what the library stores of a deal beside the shared rows

    def hook(self, attr: str) -> Any:
        """The object a ``"module:name"`` field names (imported on first use)."""
        return _load(str(getattr(self, attr)))

    def engine_class(self) -> Any:
        """The rules engine's class (imported on first use)."""
        return _load(self.engine)

    def score_function(self) -> Any:
        """The scoring function ``(state, profile) -> Score | None`` (imported on first use)."""
        return _load(self.scorer)


def _load(path: str) -> Any:
    module, _, name = path.partition(":")
    loaded = sys.modules.get(module)  # what import_module returns once imported, without its machinery (every deal)
    return getattr(loaded if loaded is not None else importlib.import_module(module), name)


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


def misplaced(kind: str, key: str, game: str) -> str | None:
    """Why ``kind`` key ``key`` (``kind`` "deal" or "result") cannot stand in a log of ``game``: it
    belongs to other games' logs (None when ``game`` has it, or no game does)."""
    attr = "deal_keys" if kind == "deal" else "result_keys"
    owners = [g for g in _REGISTRY.values() if key in getattr(g, attr)]
    if not owners or any(g.name == game for g in owners):
        return None
    whose = f"a {owners[0].name} log" if len(owners) == 1 else " and ".join(g.name for g in owners) + " logs"
    whose_zh = "、".join(g.name for g in owners)
    return said(f"{kind}.{key} 只属于 {whose_zh} 的记录，不属于 {game}", f"{kind}.{key} belongs to {whose}, not {game}")


class ByGame(Mapping[str, Any]):
    """One field of every registered game, by the game's name: ``ByGame("seats")["gouji"] == 6``. It reads
    the registry when asked, so that a game registered later is found too."""

    def __init__(self, attr: str) -> None:
        self.attr = attr

    def __getitem__(self, game: str) -> Any:
        if game not in _REGISTRY:
            raise KeyError(game)
        return getattr(_REGISTRY[game], self.attr)

    def __iter__(self) -> Iterator[str]:
        return iter(tuple(_REGISTRY))

    def __len__(self) -> int:
        return len(_REGISTRY)


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
        engine="replay.games.gouji.engine:Gouji",
        scorer="replay.games.gouji.score:score_gouji",
        result_keys=("finish_order", "teams", "sweep"),
        options=MappingProxyType(
            {
                "twos_attach": True,
                "first_lead": "liang3",
                "passed_answer": "in_turn",
                "burn_fail": "flag",
                "undeclared_burn": "illegal",
                "burn_seats": "any",
                "burn_needs_head": False,
                "deadlevel": "any_dipai",
                "chaos_pass": "free",
                "score_mode": "positive_only",
                "tribute": False,
                "tribute_after_sweep": "redeal",
                "revolution": True,
                "lead_preference": "singles",
            }
        ),
        team_zh="联邦",
        places="replay.games.gouji.score:gouji_places",
        claims="replay.claims:climbing_claims",
        simulator="replay.games.gouji.sim:simulate",
        rules="replay.games.gouji.rules:ROWS",
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
        engine="replay.games.baohuang.engine:Baohuang",
        scorer="replay.games.baohuang.score:score_baohuang",
        deal_keys=("marked", "loyalist"),
        result_keys=("finish_order", "teams", "sweep"),
        options=MappingProxyType({"twos_attach": False, "removed_ranks": [], "force_from": "marked"}),
        simulator="replay.games.baohuang.sim:simulate",
        rules="replay.games.baohuang.rules:ROWS",
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
        engine="replay.games.shengji.engine:Shengji",
        scorer="replay.games.shengji.score:score_shengji",
        deal_keys=("kitty", "levels"),
        result_keys=("points", "levels"),
        family="tricks",
        options=MappingProxyType(
            {"kitty": 4, "levels": "A-K", "declare_compare": "first", "throws": False, "kitty_multiplier": 2}
        ),
        action_names=MappingProxyType({"pass": ("不定主", "pass (no declaration)")}),
        words=MappingProxyType(
            {
                "扣": "bury",  # 升级 has no 扣牌 (kou): its 扣 is 扣底, the declarer burying the kitty
                "不定主": "pass",  # 升级's pass: a seat that will not declare (a 够级 or 保皇 pass is 过)
            }
        ),
        places="replay.scoring:no_places",
        claims="replay.games.shengji.score:shengji_claims",
        stored_extras="replay.games.shengji.score:stored_extras",
        simulator="replay.games.shengji.sim:simulate",
        rules="replay.games.shengji.rules:ROWS",
    )
)
