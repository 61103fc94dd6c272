"""A season priced on a Dask ``LocalCluster`` of 2 workers (issue 39): the results equal a serial run's, a rerun stores
nothing twice, a deal that fails is recorded and the season goes on, a worker killed mid-run and the season still
completes with every deal stored once, the client killed (kill -9) and a rerun finishing the rest. On SQLite and
PostgreSQL (the ``engine`` fixture) where the library matters."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import func, select
from sqlalchemy.engine import Engine

from cluster.client import other_workers
from cluster.season import Progress, evaluate_text, local_cluster, run_season
from coach.prices import Evaluation, Settings
from data.database import open_db
from data.evaluation_runs import Pending, code_digest, count_pending, failures, pending, store_result
from data.evaluations import load_evaluation, settings_key
from data.importer import import_log
from data.models import EvaluationRow, table_of
from data.season_runs import Counts, runs
from replay.simulate import simulate_deal

SMALL = Settings(rollouts=2, max_candidates=2)
EVALUATIONS = table_of(EvaluationRow)


@pytest.fixture(scope="module")
def client() -> Iterator[Any]:
    with local_cluster(2) as made:
        yield made


def fill(engine: Engine, n: int) -> list[int]:
    ids = [import_log(engine, simulate_deal(40 + k, "gouji").log, f"sim{k}").deal_id for k in range(n)]
    assert all(i is not None for i in ids)
    return [int(i or 0) for i in ids]


def rows(engine: Engine) -> dict[int, int]:
    """Evaluation rows per deal."""
    stmt = select(EVALUATIONS.c.deal_id, func.count()).group_by(EVALUATIONS.c.deal_id)
    with engine.connect() as conn:
        return {int(d): int(n) for d, n in conn.execute(stmt)}


def decisions_of(engine: Engine, deal_id: int) -> list[Any]:
    found = load_evaluation(engine, deal_id, SMALL)
    assert found is not None
    return [d.to_json() for d in found.decisions]


def test_the_cluster_gives_what_a_serial_run_gives_and_a_rerun_stores_nothing_twice(
    engine: Engine, client: Any
) -> None:
    ids = fill(engine, 3)
    todo = pending(engine, SMALL)
    assert [p.deal_id for p in todo] == ids
    assert count_pending(engine, SMALL) == 3 and count_pending(engine, SMALL, game="baohuang") == 0
    assert count_pending(engine, SMALL, since="2999-01-01") == len(pending(engine, SMALL, since="2999-01-01")) == 0
    seen: list[int] = []
    done = run_season(engine, todo, SMALL, client, lambda p: seen.append(p.done))
    assert (done.stored, done.failed, seen) == (3, 0, [1, 2, 3])
    (record,) = runs(engine)  # recorded for every dashboard of the library, whoever started it
    assert (record.state, record.counts, record.total, record.workers, record.cluster) == ("done", Counts(3), 3, 2, "")
    assert record.settings_key == settings_key(SMALL) and record.here() and record.ended_at is not None
    for p in todo:  # the same deal priced here, serially: the same decisions, prices and grades
        text = evaluate_text(p.log_text, SMALL.to_json(), "serial")
        stored = decisions_of(engine, p.deal_id)
        assert [d.to_json() for d in Evaluation.from_json(json.loads(text)).decisions] == stored
        assert store_result(engine, p.deal_id, text)  # the same result again: still one row
        assert decisions_of(engine, p.deal_id) == stored
    assert pending(engine, SMALL) == [] and count_pending(engine, SMALL) == 0  # a rerun finds nothing left
    assert rows(engine) == dict.fromkeys(ids, 1)
    again = run_season(engine, pending(engine, SMALL, every=True), SMALL, client)
    assert again.stored == 3 and rows(engine) == dict.fromkeys(ids, 1)
    assert [p.deal_id for p in pending(engine, Settings(rollouts=3, max_candidates=2))] == ids  # other settings


def test_a_deal_that_fails_is_recorded_and_the_season_goes_on(engine: Engine, client: Any) -> None:
    ids = fill(engine, 2)
    todo = pending(engine, SMALL)
    broken = Pending(todo[0].deal_id, "gouji", "{not a log")
    done = run_season(engine, [broken, todo[1]], SMALL, client, retries=0)
    assert (done.stored, done.failed) == (1, 1)
    (failed,) = failures(engine, settings_key(SMALL))
    assert failed.deal_id == ids[0] and "LogError" in failed.reason
    assert [p.deal_id for p in pending(engine, SMALL)] == [ids[0]]  # the failed one is still to do
    assert runs(engine, 1)[0].counts == Counts(stored=1, failed=1)
    assert run_season(engine, pending(engine, SMALL), SMALL, client).stored == 1
    assert failures(engine) == []  # stored: its failure cleared
    assert rows(engine) == dict.fromkeys(ids, 1)


def _pretend_other_code() -> None:  # run on a worker: its fupan's code differs from the client's, its versions not
    from data import evaluation_runs

    evaluation_runs.real_code_digest = evaluation_runs.code_digest  # type: ignore[attr-defined]  # kept to restore
    evaluation_runs.code_digest = lambda: "0" * 16  # type: ignore[assignment]  # a worker of another checkout


def _real_code() -> None:
    from data import evaluation_runs

    evaluation_runs.code_digest = evaluation_runs.real_code_digest  # type: ignore[attr-defined]  # set above


def test_workers_whose_code_differs_are_named_and_their_results_never_stored(engine: Engine, client: Any) -> None:
    fill(engine, 1)
    client.run(_pretend_other_code)
    try:
        said = other_workers(client)
        assert len(said) == 2 and all(f"code {'0' * 16}" in line for line in said)
        done = run_season(engine, pending(engine, SMALL), SMALL, client, retries=0)
    finally:
        client.run(_real_code)
    assert (done.stored, done.failed) == (0, 1)
    assert f"code {'0' * 16}" in done.reasons[0][1] and f"code {code_digest()}" in done.reasons[0][1]
    assert other_workers(client) == [] and len(pending(engine, SMALL)) == 1


def test_a_run_cancelled_is_recorded_stopped(engine: Engine, client: Any) -> None:
    fill(engine, 3)
    done = run_season(engine, pending(engine, SMALL), SMALL, client, cancel=lambda: True)
    assert done.stopped and done.done == 1
    record = runs(engine, 1)[0]
    assert (record.state, record.counts.stored, record.left) == ("stopped", 1, 2) and not record.live()


def test_a_worker_killed_mid_run_and_every_deal_is_stored_once(engine: Engine) -> None:
    ids = fill(engine, 6)
    killed: list[int] = []
    with local_cluster(2) as client:

        def kill_one(p: Progress) -> None:
            if not killed:  # after the first deal: a worker's process ended by its pid, mid-task
                pids = client.run(os.getpid)
                pid = next(iter(pids.values()))
                os.kill(pid, signal.SIGKILL)
                killed.append(pid)

        done = run_season(engine, pending(engine, SMALL), SMALL, client, kill_one)
    assert killed and (done.stored, done.failed) == (6, 0)
    assert rows(engine) == dict.fromkeys(ids, 1)


def test_the_client_killed_then_a_rerun_stores_the_rest(db_url: str) -> None:
    url = db_url
    engine = open_db(url)
    ids = fill(engine, 8)
    cmd = [sys.executable, "-c", "import sys, cli; sys.exit(cli.main(sys.argv[1:]))", "evaluate", "--quiet"]
    cmd += ["--workers", "2", "--rollouts", "2", "--candidates", "2", "--db", url]
    env = {**os.environ, "PYTHONUNBUFFERED": "1"}
    proc = subprocess.Popen(cmd, env=env, start_new_session=True, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    try:
        deadline = time.monotonic() + 120
        while not rows(engine) and time.monotonic() < deadline and proc.poll() is None:
            time.sleep(0.2)
        assert rows(engine), "nothing stored before the client was to be killed"
    finally:
        os.killpg(proc.pid, signal.SIGKILL)  # the client and its local cluster, at once
        proc.wait(timeout=30)
    before = rows(engine)
    assert before and all(n == 1 for n in before.values())
    killed = runs(engine, 1)[0]  # its record never ended: shown interrupted (its process, of this machine, is gone)
    assert killed.state == "running" and killed.total == 8 and killed.workers == 2
    assert killed.shown_state() == "interrupted" and killed.gone_here()
    left = pending(engine, SMALL)
    assert {p.deal_id for p in left} == set(ids) - set(before)
    rerun = subprocess.run(cmd, env=env, capture_output=True, text=True, timeout=300, check=False)
    assert rerun.returncode == 0, rerun.stdout + rerun.stderr
    assert f"{len(left)} stored, 0 failed" in rerun.stdout
    rerun_record, old = runs(engine, 2)
    assert (rerun_record.state, rerun_record.counts, old.run_id) == ("done", Counts(len(left)), killed.run_id)
    assert rows(engine) == dict.fromkeys(ids, 1)
    engine.dispose()


def test_the_command_shows_its_progress_and_says_what_it_stored(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    import cli

    url = f"sqlite:///{tmp_path / 'lib.db'}"
    engine = open_db(url)
    fill(engine, 2)
    engine.dispose()
    args = ["evaluate", "--workers", "1", "--rollouts", "2", "--candidates", "2", "--db", url]
    assert cli.main(args) == 0
    out, err = capsys.readouterr()
    assert out.startswith("2 stored, 0 failed") and "2/2" in err and "deals/min" in err
    assert cli.main(args) == 0
    assert "nothing to evaluate" in capsys.readouterr().out
    assert cli.main([*args[:1], "--all", "1", "--db", url]) == 2  # ids and --all together: refused
    assert "not both" in capsys.readouterr().err
