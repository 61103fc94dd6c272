"""bench/plants.py and bench/bench_planted.py (issue 37, item 2): each kind of planted mistake is legal, made by
the seat it is found at and is the error its name says; a small suite priced; the recall and the clean rate."""

from __future__ import annotations

import random
import sys
from typing import Any

import pytest
from paths import ROOT

sys.path.insert(0, str(ROOT / "bench"))

import bench_planted  # bench/ is not a package: from the path above
from plants import KINDS, LOW_SINGLE  # bench/plants.py, from the path above

from coach.games import coach_for
from coach.grades import SERIOUS
from replay.core.cards import RANK_2, RANK_K, RANK_Q, RANK_SJ
from replay.core.events import Burn, Kou, Pass
from replay.core.seats import opposite
from replay.replay import Replay
from replay.simulate import RandomBot

SEEDS = range(40)


def _what(kind: str, rep: Replay[Any], i: int) -> None:
    """The planted event at ``i`` is the error its kind names."""
    st, ev, eng = rep.states[i], rep.log.events[i], rep.engine
    game = coach_for(eng.game)
    held = list(st.hands[ev.seat].known_cards())
    if kind == "pass-out":
        assert isinstance(ev, Pass | Kou) and len(held) == st.table.size
    elif kind == "feng-q":
        assert st.table.base == RANK_Q and all(c.rank == RANK_K for c in ev.cards)
        assert not game.same_side(st, ev.seat, st.owner)
    elif kind == "joker-on-low":
        assert st.table.size == 1 and st.table.base <= LOW_SINGLE and ev.cards[0].rank >= RANK_SJ
        assert not game.same_side(st, ev.seat, st.owner)
    elif kind == "beat-partner":
        assert game.same_side(st, ev.seat, st.owner) and ev.cards[-1].rank >= RANK_2
    elif kind == "break-group":
        assert st.table is None and len(ev.cards) == 1 and sum(c.rank == ev.cards[0].rank for c in held) >= 2
    elif kind == "lone-2":
        assert st.table is None and len(held) >= 20 and [c.rank for c in ev.cards] == [RANK_2]
    elif kind == "burn-unkept":  # a 够级 set burned by a seat left unable to hang a joker on every set but its last
        assert isinstance(ev, Burn) and st.table_gouji and ev.seat != opposite(st.owner)
        assert not RandomBot(random.Random(0)).safe_to_burn(st, ev.seat, ev.cards)
        assert rep.states[i + 1].burners >> ev.seat & 1  # the engine holds the seat to the condition


@pytest.mark.parametrize("kind", sorted(KINDS))
def test_each_kind_is_planted_legally_where_it_says(kind: str) -> None:
    found = 0
    for seed in SEEDS:
        got = bench_planted.plant(kind, seed)
        if got is None:
            continue
        rep, i = got
        assert all(v.legal for v in rep.verdicts), (kind, seed)  # the deal played on legally
        _what(kind, rep, i)
        found += 1
        if found == 2:
            break
    assert found == 2, f"{kind}: planted {found} times in {len(SEEDS)} deals"


def test_a_small_suite_is_priced_in_both_views() -> None:
    p = bench_planted.price("joker-on-low", 1, reference=40)
    assert p is not None and p.kind == "joker-on-low" and p.seed == 1
    assert p.reference > 0  # a joker on a low single costs in the reference
    assert p.review in (None, *("inaccuracy", *SERIOUS)) and p.seat in (None, *("inaccuracy", *SERIOUS))
    # a costly plant is priced again in the seat's view (its own reference); a cheap one is not
    assert (p.seat_reference is not None) == p.costly


def test_costly_to_the_seat_needs_both_references() -> None:
    def made(reference: float, own: float | None) -> bool:
        return bench_planted.Planted("lone-2", 1, 5, reference, None, None, own).costly_to_the_seat

    assert made(2.0, 1.6) and not made(2.0, 0.3) and not made(2.0, None)
    assert not made(1.0, 2.0)  # not costly by the all-cards reference: not counted


def test_recall_counts_the_costly_plants_only() -> None:
    planted = [
        bench_planted.Planted("feng-q", 1, 5, 2.0, "mistake", None),
        bench_planted.Planted("feng-q", 2, 7, 3.5, "inaccuracy", "blunder"),
        bench_planted.Planted("lone-2", 3, 9, 0.4, "blunder", "blunder"),  # not costly: not counted either way
    ]
    assert bench_planted.recall(planted, "all") == (1, 2)
    assert bench_planted.recall(planted, "seat") == (1, 2)


def test_the_wilson_interval() -> None:
    assert bench_planted.wilson(0, 0) == (0.0, 1.0)
    lo, hi = bench_planted.wilson(0, 138)
    assert lo == 0.0 and hi == pytest.approx(0.0271, abs=1e-4)
    lo, hi = bench_planted.wilson(5, 100)
    assert (lo, hi) == pytest.approx((0.0215, 0.1118), abs=1e-4)
