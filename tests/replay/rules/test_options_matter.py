"""An accepted profile option must change something: for every option of every game and every value it
allows, some log (a hand-written case, a shipped sample) is judged, scored or coached differently under
that value than under the game's default profile. An option nothing reads fails here."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from paths import CASE_LOGS, OPTION_CASES

from coach.coach import coach_replay
from data.make_samples import SAMPLES_DIR
from replay.formats.log import Log, read_log
from replay.replay import Replay
from replay.rules.option import Option
from replay.rules.profile_loader import all_options, default_profile, load_profile, options_for

CASES = CASE_LOGS
EXTRA_CASES = OPTION_CASES


def _corpus() -> dict[str, list[Log]]:
    logs: dict[str, list[Log]] = {}
    files = [*sorted(EXTRA_CASES.iterdir()), *sorted(CASES.iterdir())]
    files += sorted(p for d in sorted(SAMPLES_DIR.iterdir()) if d.is_dir() for p in d.iterdir())
    for path in files:
        log = read_log(path)
        logs.setdefault(log.game, []).append(log)
    return logs


CORPUS = _corpus()


def _alternatives(opt: Option, game: str, default: Any) -> Iterator[Any]:
    if isinstance(opt.kind, tuple):
        yield from (v for v in opt.kind if v != default)
    elif opt.kind is bool:
        yield not default
    elif opt.kind is list:
        yield [3, 4, 5] if default == [] else []


def _outcome(log: Log, options: dict[str, Any], coach: bool) -> Any:
    base = load_profile(default_profile(log.game))
    prof = base.with_overrides({**dict(log.overrides), **options}, "test")
    rep = Replay(log, profile=prof)
    score = rep.score()
    out: list[Any] = [[v.to_json() for v in rep.all_verdicts], None if score is None else score.to_json()]
    if coach:
        out.append([f.to_json() for f in coach_replay(rep).findings])
    return out


PAIRS = [
    (game, name, value)
    for game in ("gouji", "baohuang", "shengji")
    for name, opt in options_for(game).items()
    for value in _alternatives(opt, game, load_profile(default_profile(game)).options[name])
]


@pytest.mark.parametrize(("game", "name", "value"), PAIRS, ids=[f"{g}-{n}-{v}" for g, n, v in PAIRS])
def test_every_option_value_changes_something(game: str, name: str, value: Any) -> None:
    coach = all_options()[name].rule == "MAXIM"  # an option of the coach changes its advice, not a verdict
    for log in CORPUS[game]:
        if name in log.overrides:
            continue
        default = load_profile(default_profile(game)).options[name]
        if _outcome(log, {name: default}, coach) != _outcome(log, {name: value}, coach):
            return
    pytest.fail(f"no log is judged, scored or coached differently with {name} = {value!r}")
