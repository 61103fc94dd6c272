"""A season priced on a cluster started as a club would start it (docs/cluster.md): ``dask scheduler`` and two
``dask worker`` commands, each its own process group in its own folder (two "machines" that share nothing with the
client but the installed fupan), then ``fupan evaluate --scheduler``. One worker is killed mid-run and the season
still stores every deal once, equal to a serial run; a worker running another fupan is refused up front (by
``fupan evaluate`` and by the maxims study), and a result made by one is never stored."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy.engine import Engine

from cluster.client import other_workers
from cluster.season import evaluate_text, run_season
from coach.prices import Evaluation, Settings
from coach.version import COACH_VERSION
from data.database import open_db
from data.evaluation_runs import OtherVersion, code_digest, failures, pending, store_result
from data.evaluations import load_evaluation, settings_key
from data.importer import import_log
from replay.simulate import simulate_deal
from replay.version import ENGINE_VERSION

SMALL = Settings(rollouts=2, max_candidates=2)
BIN = Path(sys.executable).parent
CLI = [sys.executable, "-c", "import sys, cli; sys.exit(cli.main(sys.argv[1:]))"]
OLDER = f"import replay.version\nreplay.version.ENGINE_VERSION = {ENGINE_VERSION - 1}\n"  # a worker's preload: an older
# engine (run in the worker's nanny and in the worker: the same value whatever runs it)


def dask(*args: str) -> list[str]:
    """The ``dask`` command installed beside this Python."""
    return [str(BIN / "dask"), *args]


@contextmanager
def started(cmd: list[str], cwd: Path) -> Iterator[subprocess.Popen[bytes]]:
    """``cmd`` in a process group of its own (a machine of the club's), ended with it at the end."""
    log = (cwd / "out.log").open("wb")
    proc = subprocess.Popen(cmd, cwd=cwd, stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
    try:
        yield proc
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGTERM)
            try:
                proc.wait(timeout=20)
            except subprocess.TimeoutExpired:
                os.killpg(proc.pid, signal.SIGKILL)
                proc.wait(timeout=20)
        log.close()


def machine(tmp_path: Path, name: str) -> Path:
    place = tmp_path / name
    place.mkdir()
    return place


@contextmanager
def cluster(tmp_path: Path, *worker_preloads: str | None) -> Iterator[tuple[str, list[subprocess.Popen[bytes]]]]:
    """A scheduler and one worker per entry (a preload's source, or None), as the club's commands start them; yields
    the scheduler's address and the workers' processes once every worker has joined."""
    from distributed import Client

    server = machine(tmp_path, "scheduler")
    file = server / "scheduler.json"
    with started(dask("scheduler", "--host", "127.0.0.1", "--port", "0", "--no-dashboard", "--scheduler-file",
                      str(file)), server):  # fmt: skip
        deadline = time.monotonic() + 60
        while not file.exists() and time.monotonic() < deadline:
            time.sleep(0.1)
        assert file.exists(), (server / "out.log").read_text()
        address = str(json.loads(file.read_text())["address"])
        workers: list[subprocess.Popen[bytes]] = []
        with _workers(tmp_path, address, list(worker_preloads), workers):
            with Client(address, timeout="30s") as client:  # type: ignore[no-untyped-call]  # not annotated
                client.wait_for_workers(len(worker_preloads), timeout=90)
            yield address, workers


@contextmanager
def _workers(tmp_path: Path, address: str, preloads: list[str | None], out: list[Any]) -> Iterator[None]:
    if not preloads:
        yield
        return
    first, rest = preloads[0], preloads[1:]
    place = machine(tmp_path, f"worker{len(out)}")
    cmd = dask("worker", address, "--nworkers", "1", "--nthreads", "1", "--no-dashboard", "--name", place.name)
    if first is not None:
        (place / "older_fupan.py").write_text(first)
        cmd += ["--preload", str(place / "older_fupan.py")]
    with started(cmd, place) as proc:
        out.append(proc)
        with _workers(tmp_path, address, rest, out):
            yield


def fill(engine: Engine, n: int) -> list[int]:
    ids = [import_log(engine, simulate_deal(70 + k, "gouji").log, f"club{k}").deal_id for k in range(n)]
    return [int(i or 0) for i in ids]


def test_a_season_on_dask_scheduler_and_workers_survives_a_lost_machine(db_url: str, tmp_path: Path) -> None:
    engine = open_db(db_url)
    ids = fill(engine, 6)
    todo = pending(engine, SMALL)
    with cluster(tmp_path, None, None) as (address, workers):
        cmd = [*CLI, "evaluate", "--quiet", "--scheduler", address, "--rollouts", "2", "--candidates", "2"]
        proc = subprocess.Popen([*cmd, "--db", db_url], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        deadline = time.monotonic() + 120  # the first deal stored: then one machine is lost, mid-run
        while proc.poll() is None and time.monotonic() < deadline and len(pending(engine, SMALL)) == len(ids):
            time.sleep(0.2)
        left = len(pending(engine, SMALL))
        os.killpg(workers[0].pid, signal.SIGKILL)
        out, err = proc.communicate(timeout=300)
    assert proc.returncode == 0, out + err
    assert 0 < left < len(ids)  # the machine was lost mid-run
    assert out.startswith("6 stored, 0 failed"), out
    assert pending(engine, SMALL) == []
    for p in todo:  # each as a serial run prices it, stored once
        serial = Evaluation.from_json(json.loads(evaluate_text(p.log_text, SMALL.to_json(), "serial")))
        stored = load_evaluation(engine, p.deal_id, SMALL)
        assert stored is not None
        assert [d.to_json() for d in stored.decisions] == [d.to_json() for d in serial.decisions]
    engine.dispose()


def test_a_worker_running_another_fupan_is_refused_and_its_results_never_stored(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'lib.db'}"
    engine = open_db(url)
    fill(engine, 2)
    with cluster(tmp_path, OLDER) as (address, _):
        run = subprocess.run([*CLI, "evaluate", "--quiet", "--scheduler", address, "--rollouts", "2",
                              "--candidates", "2", "--db", url], capture_output=True, text=True, timeout=120)  # fmt: skip
        assert run.returncode == 2, run.stdout + run.stderr
        assert "1 worker(s) run another fupan" in run.stderr and f"engine {ENGINE_VERSION - 1}," in run.stderr
        study = subprocess.run([sys.executable, "-m", "coach.study", "--deals", "1", "--scheduler", address],
                               capture_output=True, text=True, timeout=120)  # fmt: skip
        assert study.returncode == 2 and "1 worker(s) run another fupan" in study.stderr, study.stderr  # the study too
        from distributed import Client

        with Client(address, timeout="30s") as client:  # type: ignore[no-untyped-call]  # not annotated
            (said,) = other_workers(client)
            assert f"({socket.gethostname()}): engine {ENGINE_VERSION - 1}, coach {COACH_VERSION}" in said
            done = run_season(engine, pending(engine, SMALL), SMALL, client, retries=0)  # past the check: each refused
    assert (done.stored, done.failed) == (0, 2)
    assert all("install the same fupan" in f.reason for f in failures(engine, settings_key(SMALL)))
    assert len(pending(engine, SMALL)) == 2  # nothing stored, both still to do
    engine.dispose()


def test_a_result_that_does_not_say_which_fupan_made_it_or_was_made_by_other_code_is_not_stored(engine: Engine) -> None:
    (deal_id,) = fill(engine, 1)
    (todo,) = pending(engine, SMALL)
    doc = json.loads(evaluate_text(todo.log_text, SMALL.to_json(), "here"))
    assert doc["made_by"]["engine"] > 0
    assert doc["made_by"]["code"] == code_digest()
    older = {**doc, "made_by": {**doc["made_by"], "coach": doc["made_by"]["coach"] - 1}}
    edited = {**doc, "made_by": {**doc["made_by"], "code": "0" * 16}}  # the same versions, other code
    unsaid = {**doc, "made_by": {k: v for k, v in doc["made_by"].items() if k != "code"}}
    for bad in ({k: v for k, v in doc.items() if k != "made_by"}, older, edited, unsaid):
        with pytest.raises(OtherVersion):
            store_result(engine, deal_id, json.dumps(bad))
    assert load_evaluation(engine, deal_id, SMALL) is None
    assert store_result(engine, deal_id, json.dumps(doc))
    assert load_evaluation(engine, deal_id, SMALL) is not None
