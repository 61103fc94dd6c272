"""Golden evaluations: the prices ``coach --evaluate`` gives, pinned in tests/golden/evaluations/samples.json, so that a change
made for speed (the engine's fast path, the policy's shortcuts, the workers) changes none of them: the same
candidates, the same values to the last digit, the same grades. Decisions drawn from every shipped sample deal of
够级, 保皇 and 升级 (the first of each folder; twelve decision points spread over the deal), priced with few rollouts
so that the test stays quick. ``FUPAN_UPDATE_GOLDEN=1`` rewrites the file after a deliberate change of the
evaluation (and the change then needs a new ``COACH_VERSION``)."""

from __future__ import annotations

import json
import os
from typing import Any

import pytest
from paths import GOLDEN

from coach.evaluate import decision_points, evaluate_decision
from coach.prices import Settings
from data.make_samples import SAMPLES_DIR
from replay.formats.log import read_log
from replay.replay import Replay

# beside, not among, the records of test_golden (test_versions digests every one of those)
GOLDEN_PRICES = GOLDEN / "evaluations" / "samples.json"
UPDATE = os.environ.get("FUPAN_UPDATE_GOLDEN") == "1"
GAMES = ("gouji", "baohuang", "shengji")
PER_DEAL = 12


def _priced(game: str) -> dict[str, Any]:
    path = sorted((SAMPLES_DIR / game).glob("*.json"))[0]
    rep = Replay(read_log(path))
    points = decision_points(rep)
    step = max(1, len(points) // PER_DEAL)
    settings = Settings(rollouts=6, seed=7)
    out: dict[str, Any] = {}
    for i in points[::step][:PER_DEAL]:
        d = evaluate_decision(rep.engine, rep.states, rep.log.events, i, settings)
        out[str(i)] = None if d is None else d.to_json()
    return {"deal": path.name, "decisions": out}


@pytest.mark.parametrize("game", GAMES)
def test_evaluations_are_unchanged(game: str) -> None:
    found = json.loads(json.dumps(_priced(game), ensure_ascii=False))
    golden = json.loads(GOLDEN_PRICES.read_text(encoding="utf-8")) if GOLDEN_PRICES.exists() else {}
    if UPDATE:
        golden[game] = found
        GOLDEN_PRICES.write_text(
            json.dumps(golden, ensure_ascii=False, indent=1, sort_keys=True) + "\n", encoding="utf-8"
        )
        return
    assert game in golden, f"no golden evaluation for {game}: run with FUPAN_UPDATE_GOLDEN=1"
    assert found["deal"] == golden[game]["deal"]
    for i, want in golden[game]["decisions"].items():
        assert found["decisions"].get(i) == want, f"{game} {found['deal']} event {i}: the evaluation changed"
    assert found["decisions"].keys() == golden[game]["decisions"].keys()
