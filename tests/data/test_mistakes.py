"""Tests of data/mistakes.py (issue 36, item 3): the Players page counts a player's errors by each move's one
judgement (``coach.judgement.judge``): a violation, or a loss the price grades a mistake or a blunder. A saying the
price overrules, and a finding no evaluation priced, are not errors whatever severity the unpriced coach gave them."""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import select
from sqlalchemy.engine import Engine

from coach.prices import Candidate, Decision, Evaluation, Loss, Settings, Value
from data import mistakes
from data.database import open_db
from data.evaluations import save_evaluation
from data.importer import import_log, import_paths
from data.make_samples import SAMPLES_DIR
from data.models import DealSeat, FindingRow, Player, table_of
from replay.core.cards import parse_cards
from replay.core.events import Pass, Play
from replay.formats.log import read_log
from replay.replay import Replay

SAMPLE = SAMPLES_DIR / "gouji" / "gouji-2026-09-08-d2.json"
INDEX = 35  # KC on an opponent's Qs while holding AD: the coach's 逢Q盖帽, severity "mistake" when unpriced
SETTINGS = Settings(rollouts=2, max_candidates=2, seed=3)


def _stored(eng: Engine) -> list[tuple[str, Any]]:
    """(player, finding row) of every stored finding on a named seat."""
    f, ds, p = table_of(FindingRow), table_of(DealSeat), table_of(Player)
    stmt = (
        select(p.c.name, f)
        .join(ds, (ds.c.deal_id == f.c.deal_id) & (ds.c.seat == f.c.seat))
        .join(p, p.c.id == ds.c.player_id)
    )
    with eng.connect() as conn:
        return [(str(r[0]), r) for r in conn.execute(stmt).all()]


def test_unpriced_deals_count_the_violations_alone(tmp_path: Path) -> None:
    """Over the 够级 samples and the disputes (no evaluation stored): the errors counted in SQL are what ``judge``
    with no price makes of the stored findings move by move: the violations, never a maxim's "mistake"."""
    eng = open_db(f"sqlite:///{tmp_path / 'lib.db'}")
    import_paths(eng, [SAMPLES_DIR / "gouji", SAMPLES_DIR / "disputes"])
    rows = _stored(eng)
    by_deal: dict[int, list[tuple[str, Any]]] = {}
    for name, row in rows:
        by_deal.setdefault(int(row.deal_id), []).append((name, row))
    judged: Counter[str] = Counter()
    for found in by_deal.values():
        seats = {int(r.seat): name for name, r in found}
        for seat, n in mistakes.judged_mistakes([mistakes._finding(r) for _n, r in found], {}).items():
            judged[seats[seat]] += n
    got = mistakes.player_mistakes(eng).set_index("player")  # every game
    assert {p: int(n) for p, n in got["mistakes"].items() if n} == dict(+judged)
    severe = Counter(name for name, r in rows if r.severity in ("mistake", "violation"))
    assert sum(judged.values()) > 0 and sum(severe.values()) > sum(judged.values())  # maxims' "mistakes" are not
    assert sum(judged.values()) == sum(1 for _n, r in rows if r.kind == "violation")
    assert (got["per_deal"] == got["mistakes"] / got["deals"]).all()
    gouji = mistakes.player_mistakes(eng, "gouji").set_index("player")["mistakes"]
    assert gouji.sum() < got["mistakes"].sum()  # the 保皇 dispute's violation is not a 够级 error
    eng.dispose()


def _decision(rep: Replay, index: int, made: float, other: float) -> Decision:
    """A decision at ``index``: the recorded event worth ``made``, one other option (AD at the 逢Q盖帽 move, else a
    pass) worth ``other``."""
    actual = rep.log.events[index]
    alt = Play(actual.seat, tuple(parse_cards("AD"))) if index == INDEX else Pass(actual.seat)
    cands = (
        Candidate(actual, True, False, {"seat": Value(made, 0.1, 40)}),
        Candidate(alt, False, True, {"seat": Value(other, 0.1, 40)}),
    )
    best = 0 if made >= other else 1
    return Decision(index, actual.seat, cands, {"seat": Loss(best, max(made, other) - made, 0.14)})


@pytest.mark.parametrize(
    ("made", "other", "counted"),
    [(1.2, 0.4, 0), (-1.0, 2.0, 1)],  # the price overrules the saying: no error; it grades a blunder: one
)
def test_a_priced_move_counts_by_its_judgement(tmp_path: Path, made: float, other: float, counted: int) -> None:
    eng = open_db(f"sqlite:///{tmp_path / 'lib.db'}")
    log = read_log(SAMPLE)
    deal_id = import_log(eng, log, "d2.json").deal_id
    assert deal_id is not None
    rep = Replay(log)
    seat = rep.log.events[INDEX].seat
    player = rep.log.player(seat)
    (cap,) = [r for name, r in _stored(eng) if r.idx == INDEX]
    # 逢Q盖帽's "which cards" row holds 0 (no gain measured): a hint by itself, never an error unpriced either
    assert cap.maxim == "feng-q-gai-mao" and cap.severity == "hint"
    before = mistakes.player_mistakes(eng, "gouji").set_index("player")["mistakes"]
    assert before.get(player, 0) == 0  # unpriced: not an error
    # a decision no finding speaks to, graded a blunder: the Coach page's finding of the kind "evaluation"
    spoken = {int(r.idx) for _n, r in _stored(eng) if r.idx is not None}
    quiet = next(
        i for i, ev in enumerate(rep.log.events) if i not in spoken and ev.seat != seat and ev.action == "play"
    )
    other_player = rep.log.player(rep.log.events[quiet].seat)
    decisions = (_decision(rep, INDEX, made, other), _decision(rep, quiet, -2.0, 1.0))
    save_evaluation(eng, deal_id, Evaluation(decisions, SETTINGS, rep.final.n, 0, 0.0))
    after = mistakes.player_mistakes(eng, "gouji").set_index("player")["mistakes"]
    assert after.get(player, 0) == counted
    assert after.get(other_player, 0) == 1
    eng.dispose()
