"""``Replay(log, keep=False)``, a check (``fupan check``): the fold keeps only the last state and the illegal events'
rulings, and gives the same answers as the fold that keeps everything, on deals of every game as simulated and
corrupted (events dropped, repeated, swapped, given to another seat, other cards, another action), strict and lenient;
asked for its states or verdicts after all, it folds again and gives those of the full fold."""

from __future__ import annotations

import os
from dataclasses import replace
from functools import cache

import pytest
from corrupt import corrupt_events
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from replay.formats.log import Log
from replay.replay import Replay
from replay.rules.profile_loader import GAMES, default_profile
from replay.simulate import simulate_deal


@cache
def base(game: str, seed: int) -> Log:
    return simulate_deal(seed, default_profile(game)).log


def answers(rep: Replay) -> tuple[object, ...]:
    """What a check reads off a replay."""
    return (
        rep.ok,
        rep.illegal,
        list(rep.unverified),
        rep.stopped_at,
        rep.final,
        rep.score(),
        rep.result_verdicts,
        rep.deal_verdicts,
    )


def same(log: Log, strict: bool) -> None:
    full, light = Replay(log, strict=strict), Replay(log, strict=strict, keep=False)
    assert light._states is None  # nothing kept but the last state
    assert answers(light) == answers(full)
    assert light.states == full.states  # folded again when asked
    assert light.verdicts == full.verdicts and light.all_verdicts == full.all_verdicts
    assert answers(light) == answers(full)  # the second fold changed none of them
    assert light.illegal == [v for v in full.all_verdicts if not v.legal]


@pytest.mark.parametrize("game", GAMES)
@settings(
    max_examples=int(os.environ.get("FUPAN_KEEP_EXAMPLES", "60")),
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
@given(seed=st.integers(0, 7), strict=st.booleans(), data=st.data())
def test_a_check_answers_as_the_full_fold(game: str, seed: int, strict: bool, data: st.DataObject) -> None:
    same(corrupt_events(base(game, seed), data), strict)


@pytest.mark.parametrize("game", GAMES)
def test_legal_deals(game: str) -> None:
    for seed in range(6):
        log = base(game, seed)
        same(log, strict=True)
        rep = Replay(log, keep=False)
        assert rep.ok and rep.final.terminal and rep.illegal == []


def test_an_illegal_event_in_a_check() -> None:
    """A seat that plays out of turn: the check names it as the full fold does, without the states; asked for its
    verdicts, it folds again and the illegal one is the one ``illegal`` gave."""
    log = base("gouji", 1)
    bad = log.events[5]._replace(seat=(log.events[5].seat + 1) % 6)
    log = replace(log, events=(*log.events[:5], bad, *log.events[6:]))
    rep = Replay(log, strict=True, keep=False)
    assert not rep.ok and rep.stopped_at == 5
    assert [v.index for v in rep.illegal] == [5] and rep.illegal[0].rule
    assert rep._states is None
    assert [v for v in rep.verdicts if not v.legal] == rep.illegal
    assert len(rep.states) == 6  # strict: the deal and the five events before the illegal one
