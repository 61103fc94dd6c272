"""A season priced on a Dask cluster (issue 39): every deal of the library that lacks a current evaluation, each a task
on a Dask worker, each result stored by this client as it arrives, one transaction per deal.

- ``evaluate_text(log_text, settings_doc, source)``: the task, run on a worker: the log's canonical text read,
  replayed and priced in the worker's process (``coach.evaluate.evaluate_replay``, ``jobs=1``), the evaluation's
  JSON text back, saying which fupan made it (``made_by``: engine and coach versions, the worker's host). It carries
  text and settings, never a database handle; a worker needs fupan installed, nothing else of this machine. The seeds
  derive from the settings' seed and each event (``coach.evaluate``): a deal's result is the same on any worker, in
  any order, with any number of workers.
- ``local_cluster(workers)``: a ``distributed.LocalCluster`` of ``workers`` processes, one thread each (the rollouts
  are pure Python: processes, not threads).
- ``run_season(engine, todo, settings, client, tick)``: submit the deals (a task key per deal and settings, so a task
  is never run twice for one run; ``retries``: a task that raised is tried again, and a worker that dies mid-task
  has its task moved to another by the scheduler), store each result as it completes (``data.evaluation_runs.
  store_result``: stored twice, one row; a result made by another engine or coach version than this client's is
  refused, ``OtherVersion``), record a deal whose task failed with the reason (``record_failure``) and go on;
  ``tick(Progress)`` after each deal. Interrupted (Ctrl-C, or the client killed), what was stored stays and a rerun's
  ``pending`` lists only the deals left. The run is recorded in the library as it goes (``data.season_runs``), so
  that every dashboard of the library shows it, whoever started it.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy.engine import Engine
from sqlalchemy.exc import SQLAlchemyError

from cluster.client import client_for
from coach.prices import Settings
from data.evaluation_runs import OtherVersion, Pending, record_failure, store_result
from data.evaluations import settings_key
from data.season_runs import Counts, Heartbeat, beat, begin_run, end_run
from data.states import DatabaseStateError

RETRIES = 2  # a task that raised is tried this many times more before its deal is recorded as failed


def evaluate_text(log_text: str, settings_doc: dict[str, Any], source: str) -> str:
    """Price one deal on a worker: its log's canonical text in, its evaluation's JSON text out (see the module)."""
    from coach.evaluate import evaluate_replay
    from data.evaluation_runs import made_by
    from data.evaluations import evaluation_json
    from replay.formats.log import parse_json_log
    from replay.replay import Replay

    log = parse_json_log(log_text, source)
    evaluation = evaluate_replay(Replay(log), Settings.from_json(settings_doc), jobs=1)
    doc = {**evaluation_json(evaluation), "made_by": made_by()}
    return json.dumps(doc, ensure_ascii=False, separators=(",", ":"), allow_nan=False)


@dataclass
class Progress:
    """A run's count so far: deals stored, failed (with their reasons), gone (deleted meanwhile), of ``total``."""

    total: int
    stored: int = 0
    failed: int = 0
    gone: int = 0
    started: float = field(default_factory=time.monotonic)
    reasons: list[tuple[int, str]] = field(default_factory=list)
    stopped: bool = False  # cancelled before every deal was done

    @property
    def done(self) -> int:
        return self.stored + self.failed + self.gone

    @property
    def counts(self) -> Counts:
        """The counts a run's record keeps (``data.season_runs``)."""
        return Counts(self.stored, self.failed, self.gone)

    def per_minute(self, now: float | None = None) -> float:
        """Deals finished per minute so far."""
        spent = (time.monotonic() if now is None else now) - self.started
        return 60.0 * self.done / spent if spent > 0 else 0.0

    def left_seconds(self, now: float | None = None) -> float | None:
        """The time left at the rate so far (None before the first deal)."""
        rate = self.per_minute(now)
        return None if rate <= 0 else 60.0 * (self.total - self.done) / rate


def task_key(deal: Pending, key: str) -> str:
    """The task's key: the deal, its log and the settings (the same deal and settings: the same task)."""
    digest = hashlib.sha256(f"{deal.log_text}\n{key}".encode()).hexdigest()[:16]
    return f"fupan-evaluate-{deal.deal_id}-{digest}"


@contextmanager
def local_cluster(workers: int) -> Iterator[Any]:
    """A client of a new cluster on this machine: ``workers`` processes of one thread, closed after
    (``cluster.client.client_for`` without a scheduler)."""
    with client_for(None, workers) as client:
        yield client


def _reason(exc: BaseException) -> str:
    text = str(exc).strip().splitlines()
    return f"{type(exc).__name__}: {text[0] if text else ''}".rstrip(": ")


def _outcome(engine: Engine, deal_id: int, future: Any) -> bool | str:
    """The deal's result stored (True; False: the deal was deleted meanwhile), or why it failed: its evaluation raised
    (or its workers kept dying), or a worker with another fupan made it (``OtherVersion``)."""
    try:
        text = future.result()
    except Exception as exc:  # whatever the task raised, on the worker
        return _reason(exc)
    try:
        return store_result(engine, deal_id, text)
    except OtherVersion as exc:
        return _reason(exc)


def run_season(
    engine: Engine,
    todo: Sequence[Pending],
    settings: Settings,
    client: Any,
    tick: Callable[[Progress], None] | None = None,
    retries: int = RETRIES,
    cancel: Callable[[], bool] | None = None,
    cluster: str = "",
) -> Progress:
    """Price ``todo`` on ``client``'s cluster and store each result as it arrives (see the module's text). ``cancel``,
    asked after each deal: once it says True the deals left are cancelled (``Progress.stopped``). The run is recorded
    in the library (``data.season_runs``; ``cluster``: the scheduler's address, "" for a cluster of this machine) with
    its counts and a heartbeat, then its end: done, stopped (cancelled, or Ctrl-C) or failed (the client raised)."""
    from distributed import as_completed

    key = settings_key(settings)
    doc = settings.to_json()
    progress = Progress(len(todo))
    run_id = begin_run(engine, key, len(todo), cluster, len(client.scheduler_info().get("workers", {})))
    futures = {
        client.submit(
            evaluate_text, deal.log_text, doc, f"deal {deal.deal_id}", key=task_key(deal, key), retries=retries
        ): deal
        for deal in todo
    }
    ending: tuple[str, str | None] = ("failed", "the client stopped before its end")
    try:
        with Heartbeat(engine, run_id, lambda: progress.counts):
            for future in as_completed(futures):  # type: ignore[no-untyped-call]  # likewise
                _take(engine, futures[future], future, key, progress)
                beat(engine, run_id, progress.counts)
                if tick is not None:
                    tick(progress)
                if cancel is not None and cancel():
                    progress.stopped = True
                    break
        ending = ("stopped" if progress.stopped else "done", None)
    except KeyboardInterrupt:
        ending = ("stopped", None)
        raise
    except Exception as exc:
        ending = ("failed", _reason(exc))
        raise
    finally:
        client.cancel(list(futures))  # what is left when interrupted: the cluster stops working on it
        with contextlib.suppress(SQLAlchemyError, DatabaseStateError):  # unwritable: the run is shown interrupted
            end_run(engine, run_id, progress.counts, *ending)
    return progress


def _take(engine: Engine, deal: Pending, future: Any, key: str, progress: Progress) -> None:
    """Store a finished task's result, or record why its deal failed (the run goes on), and count it."""
    outcome = _outcome(engine, deal.deal_id, future)
    if isinstance(outcome, str):  # recorded with its reason, nothing of it stored: the run goes on
        record_failure(engine, deal.deal_id, key, outcome)
        progress.failed += 1
        progress.reasons.append((deal.deal_id, outcome))
    else:
        progress.stored += outcome
        progress.gone += not outcome
    future.release()
