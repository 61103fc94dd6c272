"""The game registry (replay/games/__init__.py): each game declared once, found by name, and the tables that
used to be kept per module (seats, games, default profiles, actions, engines) all read from it."""

from __future__ import annotations

from dataclasses import replace

import pytest

from replay import games
from replay.formats.log import SEATS
from replay.formats.notation.words import GAME_ACTIONS
from replay.replay import engine_for
from replay.rules.profile_loader import GAMES, default_profile, load_profile, profile_of


def test_the_three_games_are_registered_in_order() -> None:
    assert games.names() == ("gouji", "baohuang", "shengji")
    assert [(g.name_zh, g.seats) for g in map(games.get, games.names())] == [("够级", 6), ("保皇", 5), ("升级", 4)]


def test_the_old_tables_are_the_registrys() -> None:
    assert games.names() == GAMES
    assert {g: games.get(g).seats for g in GAMES} == SEATS
    assert [default_profile(g) for g in GAMES] == [games.get(g).default_profile for g in GAMES]
    assert dict(GAME_ACTIONS) == {g: games.get(g).actions for g in GAMES}


@pytest.mark.parametrize("name", ["gouji", "baohuang", "shengji"])
def test_each_game_names_its_engine_and_default_profile(name: str) -> None:
    game = games.get(name)
    profile = load_profile(game.default_profile)
    assert profile.game == name
    engine = engine_for(profile)
    assert type(engine) is game.engine and engine.n == game.seats
    handled = getattr(type(engine), "HANDLERS", None)
    if handled:  # the climbing engines list the event types they handle: the registry's actions are those
        assert {cls.action for cls in handled} == set(game.actions)


def test_an_unknown_game_names_the_known_ones() -> None:
    with pytest.raises(ValueError, match=r"unknown game 'mahjong' \(expected one of gouji, baohuang, shengji\)"):
        games.get("mahjong")


def test_a_game_is_registered_once() -> None:
    toy = replace(games.get("gouji"), name="toy", name_zh="玩具", name_en="Toy", seats=2)
    try:
        assert games.register(toy) is toy and games.get("toy") is toy
        games.register(toy)  # the same declaration again: no change
        with pytest.raises(ValueError, match="registered already"):
            games.register(replace(toy, seats=3))
    finally:
        games.unregister("toy")
    assert "toy" not in games.names()


def test_a_key_of_another_games_log_says_whose_it_is() -> None:
    assert games.misplaced("deal", "kitty", "gouji") == "deal.kitty belongs to a shengji log, not gouji"
    assert (
        games.misplaced("result", "sweep", "shengji") == "result.sweep belongs to gouji and baohuang logs, not shengji"
    )
    assert games.misplaced("deal", "marked", "baohuang") is None and games.misplaced("deal", "nope", "gouji") is None


@pytest.mark.parametrize("name", ["gouji", "baohuang", "shengji"])
def test_each_game_scores_with_its_own_scoring(name: str) -> None:
    from replay.scoring import score_of
    from replay.simulate import simulate_deal

    game = games.get(name)
    deal = simulate_deal(5, game.default_profile)
    profile = profile_of(deal.log)
    assert score_of(deal.states[-1], profile) == game.scorer(deal.states[-1], profile)
    assert game.scorer.__name__ == f"score_{name}"


@pytest.mark.parametrize("name", ["gouji", "baohuang", "shengji"])
def test_each_game_is_declared_in_its_own_package_with_real_references(name: str) -> None:
    """``replay/games/<game>/game.py``'s ``GAME`` is what the registry gives; its engine, scoring, places,
    claims, simulator, rule rows and action-to-rule map are objects (no ``"module:name"`` strings)."""
    import importlib

    from replay.rules.register import RULES

    game = games.get(name)
    assert importlib.import_module(f"replay.games.{name}.game").GAME is game
    assert isinstance(game.engine, type) and game.engine.__module__ == f"replay.games.{name}.engine"
    for part in (game.scorer, game.places, game.claims, game.simulator, game.rules):
        assert callable(part) and not isinstance(part, str)
    rows = game.rules()
    assert rows and all(row[0] in RULES and name in RULES[row[0]].games for row in rows)
    assert [o.name for o in game.options] == list(game.option_defaults())


def test_only_a_game_whose_setup_is_a_bidding_says_so() -> None:
    """``bids_at_setup`` (保皇's 叫/让/抢 before the 皇帝 leads) is what ``replay.climbing.moves`` asks."""
    assert [n for n in games.names() if games.get(n).bids_at_setup] == ["baohuang"]


@pytest.mark.parametrize(
    ("hook", "names"), [("simulator", ("SimSeed", "B | None", "SimulatedDeal")), ("bot_habits", ("BotHabits[S]",))]
)
def test_the_simulator_hooks_are_typed_exactly(hook: str, names: tuple[str, ...]) -> None:
    """``GameType``'s simulator hooks name the types they take and give (``replay.simulated``'s, and the bot type
    ``B``), no ``Any`` or module in their stead (issue 34: no Any where a type is known)."""
    annotation = games.GameType.__annotations__[hook]
    assert "Any" not in annotation and "ModuleType" not in annotation
    assert all(name in annotation for name in names)
