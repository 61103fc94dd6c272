"""The record of each season's evaluation run (``fupan evaluate``, ``cluster.season.run_season``; issue 39, item 4):
a row of ``season_run`` per run, written by its client, read by every dashboard of the library, so that a run started
from the command line, from another dashboard or on a club's cluster is seen wherever the library is open.

- ``begin_run(engine, settings_key, total, cluster, workers)``: the run's row (``running``), with this process's host
  and pid, the scheduler's address (``cluster``; "" for a cluster of this machine) and its workers; its id.
- ``beat(engine, run_id, counts)``: the counts so far (stored, failed, deleted meanwhile) and the heartbeat renewed;
  the client does it after each deal and every ``HEARTBEAT_S`` while a deal is being priced (``Heartbeat``).
- ``end_run(engine, run_id, counts, state, reason)``: the last counts, ``done``, ``stopped`` (Ctrl-C, or stopped
  from the dashboard) or ``failed`` (the client raised: the reason kept), and when.
- ``runs(engine, limit)``: the latest runs, newest first, as ``RunRecord``; ``live_run(engine)``: the newest run
  going on, if any. A run still ``running`` whose heartbeat is older than ``STALE_S``, or whose client was a process
  of this machine that is gone, is ``interrupted``: its client was killed (kill -9, a machine lost) before it could
  say so; what it stored stays, and a rerun picks up the rest.

A record is a report, not a lock: two runs at once store each deal once (``data.evaluation_runs.store_result``), and
only the dashboard refuses to start a run while one is going on.
"""

from __future__ import annotations

import contextlib
import os
import socket
import threading
from collections.abc import Callable
from dataclasses import asdict, dataclass
from datetime import UTC, datetime, timedelta
from typing import Any

from sqlalchemy import insert, select, update
from sqlalchemy.engine import Engine
from sqlalchemy.exc import SQLAlchemyError

from data.database import WRITE
from data.decisions import utc
from data.models import SeasonRun, table_of
from data.states import DatabaseStateError

RUN = table_of(SeasonRun)
HEARTBEAT_S = 10.0  # seconds between two heartbeats of a run whose next deal is slow to come
STALE_S = 60.0  # a running run without a heartbeat for this long is taken as interrupted
ENDED = ("done", "stopped", "failed")
MAX_REASON = 2000


@dataclass(frozen=True)
class Counts:
    """A run's deals so far: stored, failed (recorded with their reasons), deleted meanwhile."""

    stored: int = 0
    failed: int = 0
    gone: int = 0


@dataclass(frozen=True)
class RunRecord:
    """A season's run as its client last reported it."""

    run_id: int
    settings_key: str
    state: str  # running, done, stopped, failed
    started_at: datetime
    heartbeat_at: datetime
    ended_at: datetime | None
    total: int
    counts: Counts
    host: str
    pid: int
    cluster: str  # the scheduler's address, "" for a cluster of the client's machine
    workers: int
    reason: str | None

    @property
    def done(self) -> int:
        """Deals finished: stored, failed or deleted meanwhile."""
        return self.counts.stored + self.counts.failed + self.counts.gone

    @property
    def left(self) -> int:
        return max(0, self.total - self.done)

    def shown_state(self, now: datetime | None = None) -> str:
        """``state``, or ``interrupted`` for a run still ``running`` without a heartbeat for ``STALE_S``, or whose
        client, a process of this machine, is gone."""
        if self.state != "running":
            return self.state
        if (now or datetime.now(UTC)) - self.heartbeat_at > timedelta(seconds=STALE_S) or self.gone_here():
            return "interrupted"
        return self.state

    def live(self, now: datetime | None = None) -> bool:
        """Whether the run is going on (running, its heartbeat fresh)."""
        return self.shown_state(now) == "running"

    def per_minute(self, now: datetime | None = None) -> float:
        """Deals finished a minute, from its start to its end (or its last heartbeat, or ``now`` while it goes on)."""
        until = self.ended_at or ((now or datetime.now(UTC)) if self.live(now) else self.heartbeat_at)
        minutes = (until - self.started_at).total_seconds() / 60.0
        return self.done / minutes if minutes > 0 else 0.0

    def here(self) -> bool:
        """Whether the run's client is a process of this machine."""
        return self.host == socket.gethostname()

    def gone_here(self) -> bool:
        """Whether the run's client was a process of this machine that is no longer there (killed before it could
        say so); a process of another machine, or one whose id was given to another process, is not known gone."""
        if not self.here() or self.pid <= 0:
            return False
        try:
            os.kill(self.pid, 0)  # no signal sent: only whether the process exists
        except ProcessLookupError:
            return True
        except PermissionError:  # another user's process: there
            return False
        return False


def begin_run(engine: Engine, key: str, total: int, cluster: str = "", workers: int = 0) -> int:
    """Record a run starting now with settings ``key`` on ``total`` deals; its id."""
    now = datetime.now(UTC)
    values = {
        "settings_key": key[:200],
        "state": "running",
        "started_at": now,
        "heartbeat_at": now,
        "total": int(total),
        **asdict(Counts()),
        "host": socket.gethostname()[:200],
        "pid": os.getpid(),
        "cluster": cluster[:200],
        "workers": int(workers),
    }
    with engine.execution_options(**WRITE).begin() as conn:
        made = conn.execute(insert(RUN).values(**values)).inserted_primary_key
    assert made is not None  # an insert of one row into a table with an integer key
    return int(made[0])


def beat(engine: Engine, run_id: int, counts: Counts) -> None:
    """The run's counts so far, and its heartbeat renewed (a run ended already is left as it ended)."""
    values = {**asdict(counts), "heartbeat_at": datetime.now(UTC)}
    with engine.execution_options(**WRITE).begin() as conn:
        conn.execute(update(RUN).where(RUN.c.id == run_id, RUN.c.state == "running").values(**values))


def end_run(engine: Engine, run_id: int, counts: Counts, state: str, reason: str | None = None) -> None:
    """The run ended: its last counts, its end (``done``, ``stopped`` or ``failed`` with ``reason``) and when."""
    if state not in ENDED:
        raise ValueError(f"a run ends done, stopped or failed, not {state!r}")
    now = datetime.now(UTC)
    values = {**asdict(counts), "state": state, "heartbeat_at": now, "ended_at": now,
              "reason": None if reason is None else reason[:MAX_REASON]}  # fmt: skip
    with engine.execution_options(**WRITE).begin() as conn:
        conn.execute(update(RUN).where(RUN.c.id == run_id).values(**values))


def runs(engine: Engine, limit: int = 5) -> list[RunRecord]:
    """The latest ``limit`` runs, newest first."""
    with engine.connect() as conn:
        found = conn.execute(select(RUN).order_by(RUN.c.id.desc()).limit(limit)).mappings().all()
    return [_record(r) for r in found]


def _record(r: Any) -> RunRecord:
    ended = r["ended_at"]
    counts = Counts(int(r["stored"]), int(r["failed"]), int(r["gone"]))
    return RunRecord(
        int(r["id"]), str(r["settings_key"]), str(r["state"]), utc(r["started_at"]), utc(r["heartbeat_at"]),
        None if ended is None else utc(ended), int(r["total"]), counts, str(r["host"]), int(r["pid"]),
        str(r["cluster"]), int(r["workers"]), None if r["reason"] is None else str(r["reason"]),
    )  # fmt: skip


def live_run(engine: Engine, now: datetime | None = None) -> RunRecord | None:
    """The newest run going on (among the last few), or None."""
    return next((r for r in runs(engine) if r.live(now)), None)


class Heartbeat:
    """A thread renewing a run's heartbeat every ``HEARTBEAT_S`` with ``counts()`` while the client waits for a slow
    deal; a heartbeat that cannot be written (the library busy or gone a moment) is skipped: the next one tries
    again, and a run whose heartbeats all fail is shown interrupted, which is what a reader can tell of it."""

    def __init__(self, engine: Engine, run_id: int, counts: Callable[[], Counts], every: float = HEARTBEAT_S) -> None:
        self._engine, self._run_id, self._every = engine, run_id, every
        self._counts = counts
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._loop, name=f"season-run-{run_id}-heartbeat", daemon=True)

    def _loop(self) -> None:
        while not self._stop.wait(self._every):
            with contextlib.suppress(SQLAlchemyError, DatabaseStateError):
                beat(self._engine, self._run_id, self._counts())

    def __enter__(self) -> Heartbeat:
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._stop.set()
        self._thread.join(timeout=self._every + 5.0)
