"""The game registry: what each game is (its names, seats, default profile, actions, rules engine, scoring,
options), declared once in the game's own package (``GAME`` of ``replay/games/gouji/game.py``) and found by
name (after OpenSpiel's ``load_game``). The rest of fupan asks the registry instead of keeping its own table
per game: ``get("gouji").seats``, ``names()``, ``engine_class(name)``.

``GAMES`` is a ``replay.core.registry.Registry``: a built-in game's declaration is imported the first time that
game is asked for (``fupan check`` of a 够级 log imports no other game's engine), ``names()`` imports none.
A declaration holds the game's classes and functions; the parts a check never needs (its simulator, its rule
rows) are functions of its module ``game`` that import their modules when called. (The
declaration is a module of the package, not its ``__init__``, so that importing one of the game's modules, its
state say, does not run the declaration: ``coach.games.baohuang`` imports the state it reads.) Adding a
game is its package here (and in the other layers) plus its name in ``BUILT_IN``; a game made at run time
(a test's toy game) is added with ``register``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, Generic, Protocol, TypeVar

from replay.core.game_state import S
from replay.core.record import Record, field
from replay.core.registry import Registry
from replay.core.said import Fault, said

if TYPE_CHECKING:  # what a game's parts take and give; none of these modules asks the registry
    from replay.claims import Difference
    from replay.engine import Engine
    from replay.formats.log_doc import Log
    from replay.rules.option import Option
    from replay.rules.profile import Profile
    from replay.rules.quotes import RuleRow
    from replay.rules.rulings import Rulings
    from replay.score import Score, StoredExtras
    from replay.simulated import BotHabits, SimSeed, SimulatedDeal


class EngineClass(Protocol[S]):
    """A game's engine class: made from a profile and the log's meta, an ``Engine`` over the game's states ``S``."""

    def __call__(self, profile: Profile, meta: Mapping[str, Any] | None = None) -> Engine[S]: ...


#: the bot a game's simulator hands its players (``replay.simulate.Bot`` for every built-in game): a type parameter
#: of ``GameType``, not named here, since a bot plays a ``Climbing`` engine, whose moves and places ask this registry
B = TypeVar("B")

#: the games shipped with fupan, each a package of this folder declaring its ``GAME`` in its module ``game``
BUILT_IN = ("gouji", "baohuang", "shengji")


class GameType(Record, Generic[S, B]):
    """One game over its states ``S``: ``name`` (the log's ``game``), its Chinese and English names, the number of seats, the shipped
    profile a log names when it names none, the actions its engine knows, its engine (a class taking
    ``(profile, meta)``), its scoring (``(final state, profile) -> Score | None``), the places known at a
    step (``places``), how a claimed result is checked against the score (``claims``), how ``fupan simulate``
    plays a deal (``simulator``, handing its players bots ``B``), its rows of the rule register (``rules()``), the
    rule each action of its events is judged under (``rulings``, for the referee), its profile options with their
    defaults (``options``), the keys a log's ``deal`` may hold beside the hands and the keys of a claimed
    ``result``.

    The rest has defaults that suit a climbing game: ``family`` (the rules a family shares name it in the rule
    register: "climbing", or "tricks" for 升级), ``action_names`` and ``words`` (where the game names an action
    otherwise than ``replay.formats.notation.words``: 升级's pass is 不定主), ``team_zh`` (what its notes call a
    team), ``bids_at_setup`` (its setup is a bidding that ends with a lead: 保皇) and ``bot_habits``
    (``replay.simulate.RandomBot``'s choices in the game's own phases: 够级's setup, 保皇's bids)."""

    name: str
    name_zh: str
    name_en: str
    seats: int
    default_profile: str
    actions: frozenset[str]
    engine: EngineClass[S]
    scorer: Callable[[S, Profile], Score | None]  # (final state, profile)
    places: Callable[[S, Profile], dict[int, int]]  # (state, profile) -> seat -> place
    claims: Callable[[Mapping[str, Any], Score, str, S], list[Difference]]  # (claimed, score, game, final state)
    simulator: Callable[[SimSeed, B | None, tuple[str, str] | None], SimulatedDeal[S]]  # (seed, bot, levels)
    rules: Callable[[], Sequence[RuleRow]]
    rulings: Rulings
    options: tuple[Option, ...] = ()
    deal_keys: tuple[str, ...] = ()
    result_keys: tuple[str, ...] = ()
    family: str = "climbing"
    action_names: Mapping[str, tuple[str, str]] = field(default_factory=lambda: MappingProxyType({}))
    words: Mapping[str, str] = field(default_factory=lambda: MappingProxyType({}))
    team_zh: str = "一方"
    # what the library stores of a deal beside the shared rows: (log, final state, score) -> the game's record
    # (with ``to_json``), read by ``replay.scoring.stored_extras``; None for a game that stores nothing more
    stored_extras: Callable[[Log, S, Score | None], StoredExtras] | None = None
    bids_at_setup: bool = False
    # () -> the game's habits (its sim module's ``HABITS``), whose ``setup``, ``bid``, ``reveals`` RandomBot's hooks of
    # those names hand over to (``replay.simulate.habits``), imported when a bot first asks; None: no phase of its
    # own for a bot (升级)
    bot_habits: Callable[[], BotHabits[S]] | None = None
    # a score sheet without moves (``Log.result_only``: a result and no events): (the deal as dealt, the recorded
    # result, profile) -> (the finished deal the sheet records, its faults as (rule, Chinese, English)), the deal
    # then scored by ``scorer`` as one played out; None: the game takes no sheets
    sheet: Callable[[S, Mapping[str, Any], Profile], tuple[S, list[Fault]]] | None = None
    # what a deal says for the game's sheet keys (``replay.formats.log_doc.SHEET_KEYS`` among its ``result_keys``):
    # key -> (value, the rule a claimed value is checked by), so that a played deal's claimed 革命 or 皇帝 is checked too
    sheet_facts: Callable[[S], dict[str, tuple[Any, str]]] | None = None

    def option_defaults(self) -> dict[str, Any]:
        """Each option's default (name -> value), in the order declared."""
        return {o.name: o.default for o in self.options}


#: every game by name; a game's states are its own type (``GameType[GoujiState, Bot]``): asked for by a name known at
#: run time, a game's type is ``GameType[Any, Any]``, whose callables each caller gives the game's own state and bot
GAMES: Registry[GameType[Any, Any]] = Registry("game", lambda g: g.name, "replay.games.{}.game", BUILT_IN, "GAME")

register = GAMES.register
unregister = GAMES.unregister
get = GAMES.get
names = GAMES.names


def engine_class(name: str) -> EngineClass[Any]:
    """The rules engine's class of game ``name`` (``get(name).engine``)."""
    return get(name).engine


def misplaced(kind: str, key: str, game: str) -> str | None:
    """Why ``kind`` key ``key`` (``kind`` "deal" or "result") cannot stand in a log of ``game``: it
    belongs to other games' logs (None when ``game`` has it, or no game does). Only a key the game lacks
    loads the other games' declarations."""

    def keys(g: GameType[Any, Any]) -> tuple[str, ...]:
        return g.deal_keys if kind == "deal" else g.result_keys

    own = GAMES.find(game)
    if own is not None and key in keys(own):
        return None
    owners = [g for g in GAMES if key in keys(g)]
    if not owners or any(g.name == game for g in owners):
        return None
    whose = f"a {owners[0].name} log" if len(owners) == 1 else " and ".join(g.name for g in owners) + " logs"
    whose_zh = "、".join(g.name for g in owners)
    return said(f"{kind}.{key} 只属于 {whose_zh} 的记录，不属于 {game}", f"{kind}.{key} belongs to {whose}, not {game}")
