"""The climbing family's pricing (coach/climbing_pricing.py): 够级 and 保皇 declare it as their ``Pricing``, 升级
its own; the evaluation reads a game's pricing only there (no climbing default); the seat view's worlds."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from coach import climbing_pricing, worlds
from coach.certain import certain_error
from coach.evaluate import candidates, evaluate_decision, rollout
from coach.games import coach_for, pricing
from coach.games.shengji import policy as shengji_policy
from coach.games.shengji import worlds as shengji_worlds
from coach.policy import Policy
from coach.prices import EvaluationUnsupported, Settings
from coach.worlds import knowledge, sample_hands, world
from replay.replay import Replay
from replay.simulate import simulate_deal


@pytest.mark.parametrize("game", ["gouji", "baohuang"])
def test_the_climbing_games_declare_the_climbing_pricing(game: str) -> None:
    own = coach_for(game).pricing
    assert own is not None
    assert own.candidates is climbing_pricing.candidates and own.knowledge is knowledge
    assert own.seat_worlds is climbing_pricing.seat_worlds and own.certain is certain_error
    assert own.rollout_bot is climbing_pricing.rollout_bot


def test_shengji_declares_its_own_pricing() -> None:
    rep = Replay(simulate_deal(4, "shengji-35").log)
    own = pricing(rep.engine)
    assert own is coach_for("shengji").pricing
    assert own.candidates is shengji_policy.candidates and own.knowledge is shengji_worlds.knowledge
    assert own.seat_worlds is shengji_worlds.seat_worlds
    assert all(own.certain(rep.engine, rep.states, rep.log.events, i) is None for i in range(len(rep.log.events)))


def test_the_rollout_bot_is_the_policys_choice() -> None:
    rep = Replay(simulate_deal(2, "gouji").log)
    eng, states = rep.engine, rep.states[5:40]
    choose = climbing_pricing.rollout_bot(random.Random(5), 0.5)
    pol = Policy(random.Random(5), 0.5)
    assert [choose(eng, st) for st in states] == [pol.choose(eng, st) for st in states]


def test_a_game_that_declared_no_pricing_is_not_priced() -> None:
    rep = Replay(simulate_deal(3, "baohuang").log)
    eng = rep.engine
    eng.game = "no pricing"  # a climbing game whose coach declared nothing: no climbing default prices it
    i = next(i for i, ev in enumerate(rep.log.events) if ev.action == "play" and i > 10)
    with pytest.raises(EvaluationUnsupported, match="no pricing are not priced"):
        evaluate_decision(eng, rep.states, rep.log.events, i, Settings(rollouts=2))
    with pytest.raises(EvaluationUnsupported):
        candidates(eng, rep.states[i], rep.log.events[i], 4)
    with pytest.raises(EvaluationUnsupported):
        rollout(eng, rep.states[i], random.Random(0))
    with pytest.raises(EvaluationUnsupported):
        worlds.seat_knowledge(eng, rep.states, rep.log.events, i, rep.log.events[i].seat)


@pytest.mark.parametrize("game", ["gouji", "baohuang"])
def test_the_uniform_seat_worlds_are_the_sampled_hands_of_their_draws(game: str) -> None:
    rep = Replay(simulate_deal(6, game).log)
    eng, states, events = rep.engine, rep.states, rep.log.events
    i = len(events) // 2
    seat = events[i].seat
    know = knowledge(eng, states, events, i, seat)
    settings = Settings(rollouts=3, seed=11, sampling="uniform")
    drawn = climbing_pricing.seat_worlds(eng, states, events, i, know, settings)
    for k in range(3):
        expected = world(eng, states[i], sample_hands(know, settings.rng(i, "deal", k)))
        assert drawn(k) == expected
        assert Counter(drawn(k).hands[seat].known_cards()) == Counter(states[i].hands[seat].known_cards())
    assert drawn(0) != drawn(1)  # each world its own draw


def test_the_inference_worlds_are_drawn_from_the_uniform_ones() -> None:
    rep = Replay(simulate_deal(6, "gouji").log)
    eng, states, events = rep.engine, rep.states, rep.log.events
    i = len(events) // 2
    know = knowledge(eng, states, events, i, events[i].seat)
    settings = Settings(rollouts=3, seed=11, sampling="inference")
    drawn = climbing_pricing.seat_worlds(eng, states, events, i, know, settings)
    seat = events[i].seat
    hidden = Counter(c for t, h in enumerate(states[i].hands) if t != seat for c in h.known_cards())
    for k in range(3):
        w = drawn(k)
        assert Counter(w.hands[seat].known_cards()) == Counter(states[i].hands[seat].known_cards())
        assert Counter(c for t, h in enumerate(w.hands) if t != seat for c in h.known_cards()) == hidden
