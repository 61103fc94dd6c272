"""Legal moves by shape (issue 17, item 2): the climbing games' plays generated per shape and tested for beating
on the shape (``replay.climbing.moves``) give the same moves, in the same order, as the generator before them
(``reference_plays``: every set made and tested; ``reference_legal_actions``: every play stepped).

- ``legal_actions`` and ``plays_for`` (for every seat still in) agree with the reference on every position of
  simulated deals of each 够级 and 保皇 profile shipped: over 10,000 positions in all, with burns, windows and
  failed burns from a bot that burns whenever it may; FUPAN_SEEDS=N plays N deals per profile instead; what a
  game's ``sure`` allows without a step (any seat, any kind), the step allows;
- on every position of the rule cases and sample logs, which write hands in part, cards without suits and
  illegal events (the plays of a hand the record does not know in full are stepped one by one);
- ``shaped_plays`` is the reference's make-and-test on drawn hands and tables (hypothesis), and on the shapes
  each rule of beating turns on (size, rank, a dead set, small jokers that ask for big ones);
- the events ``legal_actions`` makes without their ``__init__`` are the events ``__init__`` makes.
"""

from __future__ import annotations

import os
import random
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as hs
from paths import CASE_LOGS, ROOT

from replay.climbing.moves import DECLINES, reference_legal_actions, reference_plays, shaped_plays
from replay.core.cards import RANK_2, RANK_BJ, RANK_SJ, Card, parse_cards
from replay.core.events import Burn, Play
from replay.core.sets import CardSet, make_set, why_not_beats
from replay.formats.log import LogError, read_log
from replay.replay import Replay
from replay.rules.profile_files import shipped_files
from replay.rules.profile_loader import find_profile
from replay.simulate import RandomBot, simulate_deal

PROFILES = ("gouji", "gouji-online", "gouji-logged", "baohuang", "baohuang-no345")
DEALS = int(os.environ.get("FUPAN_SEEDS", "7"))  # per profile: 7 make over 2,000 positions each
BURNING = (0, 1, 13, 31)  # 够级 deals of a bot that burns whenever it may (13 and 31 leave 够死级 sets unburned)


def agree(eng: Any, st: Any) -> int:
    """Assert the new moves are the reference's at ``st`` (``legal_actions`` in order, ``plays_for`` of every seat
    still in); the number of legal events."""
    new = list(eng.legal_actions(st))
    old = list(reference_legal_actions(eng, st))
    assert new == old, (st, [e for e in new if e not in old][:3], [e for e in old if e not in new][:3])
    assert [type(e) for e in new] == [type(e) for e in old]
    for seat in range(st.n):
        if st.active(seat):
            plays = list(eng.plays_for(st, seat))
            assert plays == list(reference_plays(eng, st, seat)), (st, seat)
            for kind, cls in (("play", Play), ("burn", Burn)):  # what ``sure`` allows, the step allows
                if plays and eng.sure(st, seat, kind):
                    assert eng.can(st, cls(seat, cards=plays[0])), (st, seat, kind)
            for kind, decline in DECLINES.items():
                if eng.sure(st, seat, kind):
                    assert eng.can(st, decline(seat)), (st, seat, kind)
    return len(new)


def positions(deal: Any) -> list[Any]:
    return [st for st in deal.states[:-1] if not st.terminal]


@pytest.mark.parametrize("profile", PROFILES)
def test_the_same_moves_as_the_reference_on_simulated_deals(profile: str) -> None:
    seen = events = burns = windows = 0
    deals = [simulate_deal(seed, profile, deal_number=1 + seed % 3) for seed in range(DEALS)]  # first leads by rule
    if profile.startswith("gouji"):
        for seed in BURNING:
            bot = RandomBot(random.Random(seed), burn_rate=1.0, reckless_rate=0.5)
            deals.append(simulate_deal(seed, profile, bot=bot))
    for deal in deals:
        eng = Replay(deal.log).engine
        for st in positions(deal):
            seen += 1
            events += agree(eng, st)
            burns += bool(eng.burners(st))
            windows += bool(getattr(st, "window", False))
    assert seen >= 2_000 * DEALS // 7 and events > seen  # 5 profiles: over 10,000 positions
    if profile.startswith("gouji"):
        assert burns and windows


def logs() -> list[Path]:
    """The rule cases, the sample disputes and the first two sample deals of each climbing game."""
    samples = ROOT / "data" / "samples"
    found = [*(CASE_LOGS).iterdir(), *(samples / "disputes").iterdir()]
    found += [p for game in ("gouji", "baohuang") for p in sorted((samples / game).iterdir())[:2]]
    return sorted(p for p in found if p.suffix in (".txt", ".json"))


def test_the_same_moves_on_every_case_and_sample_log() -> None:
    """Records as people write them: hands in part or unknown (CARD-DECK counts and the suits a hand may
    still hold decided per play by the step), suitless cards, illegal events the replay carries on past."""
    seen = partial = 0
    for path in logs():
        try:
            rep = Replay(read_log(path))
        except (LogError, ValueError):
            continue
        if rep.engine.game not in ("gouji", "baohuang"):
            continue
        for st in rep.states:
            if not st.terminal:
                seen += 1
                partial += bool(st.played)
                agree(rep.engine, st)
    assert seen > 1_000 and partial > 0


# -- the generator on drawn hands and tables --------------------------------------------------------------------

RANKS = (*range(3, 16), RANK_SJ, RANK_BJ)  # 3 … A, 2, the jokers


def hand_of(counts: dict[int, int]) -> dict[int, list[Card]]:
    """Known cards by rank, as ``Hand.by_rank`` gives them (suits cycling, high first)."""
    out: dict[int, list[Card]] = {}
    for r, k in counts.items():
        if k:
            out[r] = [Card.of(r) if r >= RANK_SJ else Card.of(r, "SHDC"[i % 4]) for i in range(k)]
    return out


def made_and_tested(groups: dict[int, list[Card]], twos_attach: bool, table: CardSet | None) -> list[tuple[Card, ...]]:
    """The reference's enumeration, on bare groups (``reference_plays`` takes them from an engine's state)."""

    class Hand:
        def known_cards(self) -> list[Card]:
            return [c for r in sorted(groups, reverse=True) for c in groups[r]]

    class State:
        hands = (Hand(),)

    class Engine:
        def __init__(self) -> None:
            self.twos_attach = twos_attach

        def _leads_anew(self, st: Any, seat: int) -> bool:
            return False

    State.table = table  # type: ignore[attr-defined]  # the stand-in state's table
    return list(reference_plays(Engine(), State(), 0))  # type: ignore[arg-type]  # the generator reads these only


counts = hs.dictionaries(hs.sampled_from(RANKS), hs.integers(1, 6), max_size=6)
tables = hs.one_of(
    hs.none(),
    hs.builds(
        lambda base, n, sj, bj: CardSet(base=base, n=n, sj=sj, bj=bj),
        hs.sampled_from(RANKS[:-2]),
        hs.integers(1, 6),
        hs.integers(0, 3),
        hs.integers(0, 3),
    ),
    hs.builds(lambda n, bj: CardSet(base=RANK_SJ, n=n, bj=bj), hs.integers(1, 4), hs.integers(0, 3)),
    hs.builds(lambda n: CardSet(base=RANK_BJ, n=n), hs.integers(1, 4)),
)


@settings(max_examples=400, deadline=None)
@given(counts, tables, hs.booleans())
def test_shaped_plays_are_the_sets_made_and_tested(c: dict[int, int], table: CardSet | None, twos: bool) -> None:
    groups = hand_of({RANK_2: 0, **c})
    got = shaped_plays(groups, twos, table)
    assert got == made_and_tested(groups, twos, table)
    for cards in got:
        made = make_set(cards, twos)
        assert table is None or why_not_beats(made, table) is None


@pytest.mark.parametrize(
    ("hand", "table", "want"),
    [
        ("5S 5H 2S", "4S 4H", ["5S 2S", "5S 5H"]),  # size and rank, a 2 attached counted as the base
        ("5S 5H SJ BJ", "4S SJ", ["5S BJ", "SJ BJ"]),  # a small joker attached asks for a big one
        ("5S 5H SJ BJ", "4S 4H SJ SJ", []),  # two asked, one held
        ("5S 5H SJ BJ", "4S BJ", []),  # a big joker attached: a dead set
        ("5S 5H 2S 2H", "4S 4H 4D", ["5S 2S 2H", "5S 5H 2S"]),  # two 2s are too few to answer as their own base
        ("AS KS", "AS", []),  # the same rank never beats; K is lower
        ("BJ BJ SJ", "SJ SJ", ["BJ BJ"]),  # jokers only: the lowest joker is the base (SJ BJ is no higher)
    ],
)
def test_answers_by_rule(hand: str, table: str, want: list[str]) -> None:
    groups: dict[int, list[Card]] = {}
    for c in sorted(parse_cards(hand), key=lambda c: -c.rank):
        groups.setdefault(c.rank, []).append(c)
    got = shaped_plays(groups, True, make_set(parse_cards(table)))
    assert [" ".join(c.token for c in cards) for cards in got] == want


def test_a_lead_lists_every_shape_in_the_reference_order() -> None:
    groups = hand_of({5: 2, RANK_2: 1, RANK_SJ: 1, RANK_BJ: 1})
    got = shaped_plays(groups, True, None)
    assert got == made_and_tested(groups, True, None)
    assert len(got) == 2 * 2 * 2 * 2 + 1 * 2 * 2 + 1 * 2 + 1  # 5s; the 2 as base; SJ (+BJ); BJ
    assert len(shaped_plays(groups, False, None)) == 2 * 2 * 2 + 1 * 2 * 2 + 1 * 2 + 1  # no 2 attached


def test_every_shipped_climbing_profile_is_swept() -> None:
    shipped = set(shipped_files())
    assert {p for p in shipped if find_profile(p).game in ("gouji", "baohuang")} == set(PROFILES)
