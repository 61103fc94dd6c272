"""Tests of policy-based inference in the seat view (coach/inference.py, issue 16 item 1).

1. A hand-made 够级 position: seat 1 passed on a single 5 (its opponent's lead) that the policy would have
   beaten with any higher card; the worlds inferred for seat 3 give seat 1 such a beat far less often than the
   uniform worlds do, and the 够级 partner's pass (the policy never beats a partner) weighs nothing.
2. The weights are a deterministic function of the seed and what the seat knew (the property test of
   tests/coach/test_worlds.py runs the seat view with inference on); the fast reader of a sampled hand makes the same
   choices as the policy on the world state itself; systematic resampling and the effective sample size.
3. The ``sampling`` setting: it round-trips through ``Settings.to_json`` / ``from_json`` and the stored key,
   settings written before it read as "uniform", an unknown one is refused, ``fupan coach --sampling``.
"""

from __future__ import annotations

import math
import random
from collections import Counter
from dataclasses import replace

import pytest

from coach.evaluate import decision_points, evaluate_decision, evaluate_replay
from coach.games import coach_for
from coach.inference import EPS, PLAY_DECAY, Hands, Reader, ess, infer, log_weight, observations, shape, systematic
from coach.policy import Policy
from coach.prices import Evaluation, EvaluationUnsupported, Settings
from coach.worlds import Knowledge, knowledge, sample_hands, world
from data.evaluations import settings_from_key, settings_key
from data.make_samples import SAMPLES_DIR
from replay.core.cards import Card
from replay.formats.log import read_log
from replay.formats.notation.read import parse_text
from replay.replay import Replay
from replay.simulate import RandomBot, simulate_deal

# Late in a 够级 deal (five cards each; the deal check's sizes aside): seat 0 leads its single 5, seat 1 (an
# opponent) passes though any card above 5 would beat it, seat 2 (0's partner) passes; seat 3 decides.
PASSED = """fupan/1 gouji
profile gouji-logged
hand 0 5S 9H 10H JH QH
hand 1 3C 3D 4C 4D 5C
hand 2 3S 4S 4H 5H 5D
hand 3 6H 7D 8D 9D JD
hand 4 3H 4D 5S KC AC
hand 5 3D 4S 5C 2D BJ
events
0 play 5S
1 pass
2 pass
3 pass
"""


def _beats_a_five(hand: tuple[Card, ...]) -> bool:
    return any(c.rank > 5 for c in hand)


def test_a_pass_on_a_cheap_beat_makes_the_beat_less_likely() -> None:
    rep = Replay(parse_text(PASSED))
    eng, states, events = rep.engine, rep.states, rep.log.events
    index, seat = 3, 3
    assert states[index].to_act == seat and all(v.legal for v in rep.verdicts)
    obs = observations(eng, states, events, index, seat)
    assert [(o.index, o.seat, o.shape) for o in obs] == [
        (2, 2, ("pass", ())),
        (1, 1, ("pass", ())),
        (0, 0, ("play", (5,))),
    ]
    assert observations(eng, states, events, index, seat, plays=False) == obs[:2]  # declines only
    know = knowledge(eng, states, events, index, seat)

    def propose(m: int) -> Hands:
        return sample_hands(know, random.Random(f"deal:{m}"))

    n = 300
    uniform = sum(_beats_a_five(propose(m)[1]) for m in range(n)) / n
    got = infer(eng, states, events, index, seat, propose, n, random.Random(0))
    inferred = sum(_beats_a_five(h[1]) for h in got.worlds) / n
    assert uniform > 0.8  # most deals of the unseen cards give seat 1 a card above 5
    assert inferred < uniform / 2, (uniform, inferred)
    assert 1 < got.ess < got.candidates  # the weights are neither all equal nor all on one world
    # the partner's pass says nothing: its weight is the same in every world
    only_partner = [o for o in obs if o.seat == 2]
    assert len({log_weight(eng, propose(m), only_partner) for m in range(40)}) == 1


def _none_below_five(hand: tuple[Card, ...]) -> bool:
    return all(c.rank >= 5 for c in hand)


def test_a_lead_makes_lower_cards_in_the_leaders_hand_less_likely_and_its_model_is_soft() -> None:
    """Seat 0 led a single 5: the policy leads its lowest rank, so worlds where seat 0 held no 3 or 4 (where its lead
    was the policy's) explain the lead better and are kept more often; the model is soft: the policy's own lead has (1 - eps)(1 - q), the next one q times that."""
    rep = Replay(parse_text(PASSED))
    eng, states, events = rep.engine, rep.states, rep.log.events
    index, seat = 3, 3
    know = knowledge(eng, states, events, index, seat)

    def propose(m: int) -> Hands:
        return sample_hands(know, random.Random(f"deal:{m}"))

    n = 300
    uniform = sum(_none_below_five(propose(m)[0]) for m in range(n)) / n
    with_plays = infer(eng, states, events, index, seat, propose, n, random.Random(0), plays=True)
    declines = infer(eng, states, events, index, seat, propose, n, random.Random(0), plays=False)
    read = sum(_none_below_five(h[0]) for h in with_plays.worlds) / n
    unread = sum(_none_below_five(h[0]) for h in declines.worlds) / n
    assert read > 1.5 * max(uniform, unread), (uniform, unread, read)
    assert with_plays.observed == declines.observed + 1
    lead = [o for o in observations(eng, states, events, index, seat) if o.seat == 0]
    weights = Counter(round(log_weight(eng, propose(m), lead), 6) for m in range(200))
    assert len(weights) >= 2  # some worlds explain the lead, some do not
    top = (1 - EPS) * (1 - PLAY_DECAY)
    assert max(weights) == pytest.approx(math.log(top))  # the policy's own lead
    assert round(math.log(top * PLAY_DECAY), 6) in weights  # the policy's second lead


def test_a_game_without_inference_refuses_it_by_name() -> None:
    rep = Replay(read_log(sorted((SAMPLES_DIR / "shengji").glob("*.json"))[0]))
    with pytest.raises(EvaluationUnsupported) as e:
        evaluate_replay(rep, Settings(rollouts=2, sampling="inference"), jobs=1)
    assert "sampling 'inference' (from the others' play) is for gouji and baohuang, not shengji" in str(e.value)
    assert str(rep.log.source) in str(e.value)


def test_a_seed_gives_one_inferred_price() -> None:
    """The seat view with inference is priced on the inferred worlds (not the uniform ones), seed for seed."""
    rep = Replay(parse_text(PASSED))
    how = Settings(rollouts=8, max_candidates=3, seed=4, views=("seat",), sampling="inference")
    a = evaluate_decision(rep.engine, rep.states, rep.log.events, 3, how)
    b = evaluate_decision(rep.engine, rep.states, rep.log.events, 3, how)
    c = evaluate_decision(rep.engine, rep.states, rep.log.events, 3, replace(how, sampling="uniform"))
    assert a is not None and b is not None and c is not None
    assert a.to_json() == b.to_json()
    assert a.to_json() != c.to_json()


def _policy_replay(seed: int, game: str) -> Replay:
    return Replay(simulate_deal(seed, game, bot=Policy(random.Random(seed))).log)


@pytest.mark.parametrize("game", ["gouji", "baohuang"])
def test_weights_are_a_function_of_the_seed(game: str) -> None:
    for seed in range(3):
        rep = _policy_replay(seed, game)
        eng, states, events = rep.engine, rep.states, rep.log.events
        points = decision_points(rep)
        index = points[len(points) // 2]
        seat = events[index].seat
        know = knowledge(eng, states, events, index, seat)

        def propose(m: int, know: Knowledge = know) -> Hands:
            return sample_hands(know, random.Random(m))

        one = infer(eng, states, events, index, seat, propose, 10, random.Random(5))
        two = infer(eng, states, events, index, seat, propose, 10, random.Random(5))
        assert one == two and len(one.worlds) == 10 and one.observed > 0
        for hands in one.worlds:  # every world kept is one of the candidates, so it fits the facts
            assert Counter(hands[seat]) == Counter(states[index].hands[seat].known_cards())


@pytest.mark.parametrize("game", ["gouji", "baohuang"])
def test_the_reader_chooses_as_the_policy_on_the_world(game: str) -> None:
    """The fast path (the seat's sampled hand given to ``Reader``, the state's hands unknown) makes the choice
    the noiseless policy makes on the world state with every hand rebuilt (``coach.worlds.world``)."""
    compared = 0
    for seed in range(4):
        rep = Replay(simulate_deal(seed, game, bot=RandomBot(random.Random(seed), burn_rate=0.2)).log)
        eng, states, events = rep.engine, rep.states, rep.log.events
        points = decision_points(rep)
        for index in points[len(points) // 3 :: max(1, len(points) // 5)]:
            seat = events[index].seat
            know = knowledge(eng, states, events, index, seat)
            for m in range(3):
                hands = sample_hands(know, random.Random(m))
                for o in observations(eng, states, events, index, seat, window=40):
                    then = [tuple(h) + o.since[s] for s, h in enumerate(hands)]
                    full = world(eng, states[o.index], then)
                    want = Policy(random.Random(0), noise=0.0).choose(eng, full)
                    pol = Reader()
                    st = pol.read(eng, coach_for(eng.game).world(o.state, o.state, then), o.seat, then[o.seat])
                    assert shape(pol.choose(eng, st)) == shape(want)
                    compared += 1
    assert compared > 100


def test_systematic_resampling_and_the_effective_sample_size() -> None:
    picks = systematic([1.0, 0.0, 3.0, 0.0], 8, random.Random(1))
    assert Counter(picks) == Counter({0: 2, 2: 6})
    assert systematic([0.0, 5.0], 3, random.Random(2)) == [1, 1, 1]
    assert ess([1.0] * 7) == pytest.approx(7)
    assert ess([1.0, 0.0, 0.0]) == pytest.approx(1)


# -- 3. the setting ---------------------------------------------------------------------------


def test_the_sampling_setting_round_trips() -> None:
    for sampling in ("inference", "uniform"):
        s = Settings(rollouts=5, max_candidates=3, seed=2, sampling=sampling)
        assert Settings.from_json(s.to_json()) == s
        assert settings_from_key(settings_key(s)) == s
        assert Evaluation.from_json(Evaluation((), s, 6, 0, 0.0).to_json()).settings == s
    assert settings_key(Settings(sampling="uniform")) != settings_key(Settings(sampling="inference"))
    assert Settings().sampling == "uniform"  # inference is asked for (docs/evaluation.md)


def test_settings_written_before_sampling_read_as_uniform() -> None:
    old = {"rollouts": 20, "max_candidates": 4, "seed": 0, "noise": 0.08, "views": ["seat", "all"]}
    assert Settings.from_json(old).sampling == "uniform"
    assert settings_from_key('{"max_candidates":4,"rollouts":20,"seed":0,"views":["seat"]}').sampling == "uniform"
    with pytest.raises(ValueError, match="unknown sampling 'magic'"):
        Settings(sampling="magic")


def test_the_cli_takes_a_sampling(tmp_path: object, capsys: pytest.CaptureFixture[str]) -> None:
    import json
    from pathlib import Path

    from cli import main

    log = Path(str(tmp_path)) / "passed.txt"
    log.write_text(PASSED, encoding="utf-8")
    args = ["coach", str(log), "--evaluate", "--rollouts", "2", "--candidates", "2", "--jobs", "1", "--json"]
    for sampling in ("uniform", "inference"):
        main([*args, "--sampling", sampling])
        doc = json.loads(capsys.readouterr().out)
        assert doc["evaluation"]["settings"]["sampling"] == sampling
    with pytest.raises(SystemExit):
        main([*args, "--sampling", "magic"])
