"""The values of an evaluation (coach/prices.py): the random source of one draw of a run."""

from __future__ import annotations

import random

from coach.prices import Settings


def test_a_draw_is_seeded_by_the_runs_seed_and_its_key() -> None:
    a, b = Settings(seed=3), Settings(seed=4)
    draws = [a.rng(17, "deal", k).random() for k in range(3)]
    assert draws == [Settings(seed=3).rng(17, "deal", k).random() for k in range(3)]  # the same key, the same draw
    assert len(set(draws)) == 3 and b.rng(17, "deal", 0).random() != draws[0]
    assert a.rng(17, "deal", 0).random() == random.Random("3:17:deal:0").random()  # stored evaluations' seeds
