"""The seam between the simulator every game shares (``replay.simulate``) and a game's own phases: the shared
module names no game's state, events or options, the climbing deal asks a bot for a lead and the next event
only, a game with a phase of its own (够级's setup, 保皇's bidding) asks its bot for more in its sim module
(and refuses a bot that lacks it), and ``RandomBot``'s hooks play the habits the game's sim module holds."""

from __future__ import annotations

import ast
import random
from types import SimpleNamespace

import pytest
from paths import ROOT

import replay.simulate
from replay import games
from replay.climbing import family
from replay.climbing.state import State
from replay.climbing.table import Climbing
from replay.core.cards import Card
from replay.core.events import Event
from replay.games.baohuang import sim as baohuang_sim
from replay.games.gouji import sim as gouji_sim
from replay.replay import engine_for
from replay.rules.profile_loader import find_profile
from replay.simulate import RandomBot, deal_hands, habits, simulate_climbing, simulate_deal
from replay.simulated import BotHabits, SimSeed

SOURCE = ROOT / "replay" / "simulate.py"  # the source, not the compiled module a build may load
#: the events only one game's own phases know (够级's setup, 保皇's bidding and reveals)
GAME_EVENTS = {"Revolution", "Waive", "Show", "Tribute", "Return", "Refuse", "Call", "Grab", "Yield", "Reveal"}


class PlainBot:
    """A bot of the climbing play alone: a lead and the next event (RandomBot's), no hook of any game's phase."""

    def __init__(self, rng: random.Random) -> None:
        self.random = RandomBot(rng)

    def lead(self, eng: Climbing[State], st: State, seat: int) -> tuple[Card, ...]:
        return self.random.lead(eng, st, seat)

    def choose(self, eng: Climbing[State], st: State) -> Event:
        return self.random.choose(eng, st)


def test_the_shared_simulator_names_no_game() -> None:
    """replay/simulate.py imports the registry but no game's package, names no game's events or state types and
    casts nothing: what a game asks of its bot is in the game's sim module."""
    tree = ast.parse(SOURCE.read_text(encoding="utf-8"))
    modules = {node.module for node in ast.walk(tree) if isinstance(node, ast.ImportFrom) and node.module}
    modules |= {a.name for node in ast.walk(tree) if isinstance(node, ast.Import) for a in node.names}
    assert "replay" in modules  # ``from replay import games``: the registry
    assert not [m for m in modules if m.startswith("replay.games")], modules
    names = {node.id for node in ast.walk(tree) if isinstance(node, ast.Name)}
    names |= {a.name for node in ast.walk(tree) if isinstance(node, ast.ImportFrom) for a in node.names}
    assert not names & GAME_EVENTS
    assert not [n for n in names if n.endswith("State") and n not in ("State", "GameState")]
    assert "cast" not in names
    assert not hasattr(replay.simulate.Bot, "bid") and not hasattr(replay.simulate.Bot, "setup")


def test_a_climbing_deal_without_an_opening_asks_only_for_leads_and_choices() -> None:
    """The shared climbing deal plays to its end with a bot that has no hook of a game's own phase."""
    prof = find_profile("gouji")
    rng = random.Random(5)
    eng = engine_for(prof)
    assert isinstance(eng, Climbing)
    sim = SimSeed(5, prof, {"deal": 1}, rng, 20000)
    deal = simulate_climbing(sim, eng, PlainBot(rng))
    assert deal.states[-1].terminal
    assert not {ev.action for ev in deal.log.events} - {"play", "pass", "kou", "burn", "jiefeng", "rang", "report"}


def test_the_climbing_family_simulator_refuses_an_engine_of_another_family() -> None:
    """``family.simulate`` (a climbing game's default simulator) checks that the registry's engine is a climbing
    one instead of assuming it (no cast): 升级's trick engine is refused with a clear message."""
    prof = find_profile("shengji-35")
    sim = SimSeed(1, prof, {"deal": 1}, random.Random(1), 20000)
    with pytest.raises(TypeError, match="shengji's engine is no climbing game's"):
        family.simulate(sim, None)


@pytest.mark.parametrize(("profile", "lacks"), [("gouji", "setup"), ("baohuang", "bids and reveals")])
def test_a_game_with_a_phase_of_its_own_refuses_a_bot_without_it(profile: str, lacks: str) -> None:
    with pytest.raises(TypeError, match=f"asks its bot for (the )?{lacks}: PlainBot has"):
        simulate_deal(3, profile, bot=PlainBot(random.Random(3)))


def test_random_bot_plays_its_setup_from_the_game_sim_module() -> None:
    """RandomBot's setup is the 够级 sim module's ``setup``, draw for draw (the same events from the same seed)."""
    prof = find_profile("gouji")
    eng = engine_for(prof)
    assert habits(eng) is gouji_sim.HABITS
    for seed in range(40):
        hands = deal_hands(random.Random(seed))
        st = eng.initial(hands)
        ours = RandomBot(random.Random(seed)).setup(eng, st, hands)
        assert ours == gouji_sim.setup(RandomBot(random.Random(seed)), eng, st, hands)


def test_random_bot_bids_and_reveals_from_the_game_sim_module() -> None:
    """RandomBot's bids and reveals are the 保皇 sim module's, draw for draw, along simulated deals' openings."""
    seen = set()
    for seed in range(30):
        deal = simulate_deal(seed, "baohuang")
        eng = engine_for(find_profile("baohuang"))
        assert habits(eng) is baohuang_sim.HABITS
        for st in deal.states:
            if st.phase == "setup" and not st.terminal and st.emperor == -1:
                ev = RandomBot(random.Random(seed)).bid(eng, st)
                assert ev == baohuang_sim.bid(RandomBot(random.Random(seed)), eng, st)
                seen.add(ev.action)
            elif st.emperor != -1:
                assert RandomBot(random.Random(seed)).reveals(eng, st) == baohuang_sim.reveals(
                    RandomBot(random.Random(seed)), eng, st
                )
    assert {"call", "yield"} <= seen


def test_a_game_without_phases_of_its_own_has_no_habits() -> None:
    """The registry's ``bot_habits``: the games whose deals ask the bot for more name their sim module; 升级's
    simulator plays alone, so RandomBot's hooks have nothing to play there."""
    assert games.get("gouji").bot_habits is not None and games.get("baohuang").bot_habits is not None
    assert games.get("shengji").bot_habits is None
    with pytest.raises(TypeError, match="shengji has no phase of its own"):
        habits(SimpleNamespace(game="shengji"))  # type: ignore[arg-type]  # only the engine's game is read


def test_each_game_declares_the_habits_of_its_own_phases_only() -> None:
    """A game's ``HABITS`` hold its sim module's choices in the phases it has (够级: the setup; 保皇: the bids and the
    reveals) and None for the others; a RandomBot hook of a phase the game lacks is a TypeError naming it."""
    assert BotHabits(setup=gouji_sim.setup) == gouji_sim.HABITS
    assert BotHabits(bid=baohuang_sim.bid, reveals=baohuang_sim.reveals) == baohuang_sim.HABITS
    eng = engine_for(find_profile("gouji"))
    assert isinstance(eng, Climbing)
    st = eng.initial(deal_hands(random.Random(2)))
    with pytest.raises(TypeError, match="gouji has no bid for a bot to play"):
        RandomBot(random.Random(2)).bid(eng, st)
    baohuang = engine_for(find_profile("baohuang"))
    assert isinstance(baohuang, Climbing)
    with pytest.raises(TypeError, match="baohuang has no setup for a bot to play"):
        RandomBot(random.Random(2)).setup(baohuang, st, ())
