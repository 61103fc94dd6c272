"""The maxims study through a Dask client (issue 39, item 5): the same outcomes on a ``LocalCluster`` of 2 workers as
played in this process, and ``python -m coach.study --cluster`` writes the same report's figures."""

from __future__ import annotations

import json
from pathlib import Path

from cluster.client import client_for, map_in_order
from coach.learners import QUESTIONS
from coach.study import main, play_all


def test_the_study_on_a_cluster_plays_what_one_process_plays() -> None:
    keys = list(QUESTIONS[:2])
    serial, _ = play_all(keys, 4, seed=3, jobs=1)
    with client_for(None, 2) as client:
        clustered, _ = play_all(keys, 4, seed=3, client=client)
        assert map_in_order(client, abs, [-3, 2, -1]) == [3, 2, 1]  # in the items' order
    assert clustered == serial and all(len(v) == 4 for v in serial.values())


def test_the_study_command_runs_on_a_local_cluster(tmp_path: Path) -> None:
    args = ["--deals", "2", "--seed", "5", "--maxim", QUESTIONS[0], "--jobs", "2"]
    assert main([*args, "--json", str(tmp_path / "one.json")]) == 0
    assert main([*args, "--cluster", "--json", str(tmp_path / "dask.json")]) == 0
    one, dask = (json.loads((tmp_path / f"{n}.json").read_text()) for n in ("one", "dask"))
    assert _figures(one["maxims"]) == _figures(dask["maxims"]) and _figures(one["maxims"])


def _figures(maxims: dict[str, dict[str, object]]) -> dict[str, dict[str, object]]:
    """The maxims' figures, their seconds of play aside."""
    return {k: {f: v for f, v in r.items() if f != "seconds"} for k, r in maxims.items()}
