"""The record of a season's run (issue 39, item 4; ``data.season_runs``): begun with this process's host and pid,
its counts and heartbeat renewed as it goes (by the client after each deal and by a thread while a deal is slow),
ended done, stopped or failed with the reason; a run whose heartbeat stopped without an end is shown interrupted.
On SQLite and PostgreSQL."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
from datetime import timedelta

import pytest
from sqlalchemy import update
from sqlalchemy.engine import Engine

from data.season_runs import (
    MAX_REASON,
    RUN,
    STALE_S,
    Counts,
    Heartbeat,
    RunRecord,
    beat,
    begin_run,
    end_run,
    live_run,
    runs,
)


def newest(engine: Engine) -> RunRecord:
    found = runs(engine, 1)
    assert len(found) == 1
    return found[0]


def test_a_run_is_recorded_from_its_start_to_its_end(engine: Engine) -> None:
    run_id = begin_run(engine, "r20c4s0", 7, "tcp://club-server:8786", 3)
    started = newest(engine)
    assert (started.run_id, started.state, started.total, started.counts) == (run_id, "running", 7, Counts())
    assert (started.host, started.pid, started.cluster, started.workers) == (socket.gethostname(), os.getpid(),
                                                                             "tcp://club-server:8786", 3)  # fmt: skip
    assert started.here() and started.live() and started.ended_at is None and started.left == 7
    assert live_run(engine) == started
    time.sleep(0.05)
    beat(engine, run_id, Counts(stored=2, failed=1))
    going = newest(engine)
    assert going.counts == Counts(2, 1, 0) and going.done == 3 and going.left == 4
    assert going.heartbeat_at > started.heartbeat_at and going.live()
    end_run(engine, run_id, Counts(5, 1, 1), "done")
    ended = newest(engine)
    assert (ended.state, ended.counts, ended.left, ended.reason) == ("done", Counts(5, 1, 1), 0, None)
    assert ended.ended_at is not None and not ended.live() and live_run(engine) is None
    assert ended.per_minute() > 0
    beat(engine, run_id, Counts(6, 1, 0))  # a heartbeat late from a thread: the run stays as it ended
    assert newest(engine).counts == Counts(5, 1, 1)


def test_a_run_without_news_is_shown_interrupted_and_newer_runs_come_first(engine: Engine) -> None:
    first = begin_run(engine, "r20c4s0", 3)
    end_run(engine, first, Counts(3), "done")
    killed = begin_run(engine, "r20c4s0", 4)
    beat(engine, killed, Counts(stored=1))
    found = runs(engine)
    assert [r.run_id for r in found] == [killed, first]
    record = found[0]
    later = record.heartbeat_at + timedelta(seconds=STALE_S + 1)
    assert record.shown_state() == "running" and record.shown_state(later) == "interrupted"
    assert live_run(engine) == record and live_run(engine, later) is None
    assert found[1].shown_state(later) == "done"  # an ended run is never "interrupted"


def test_a_failed_run_keeps_its_reason_and_an_unknown_end_is_refused(engine: Engine) -> None:
    run_id = begin_run(engine, "r20c4s0", 2)
    with pytest.raises(ValueError, match="not 'running'"):
        end_run(engine, run_id, Counts(), "running")
    end_run(engine, run_id, Counts(failed=2), "failed", "OSError: disk full" + "!" * 3000)
    record = newest(engine)
    assert record.state == "failed" and record.reason is not None
    assert record.reason.startswith("OSError: disk full") and len(record.reason) == MAX_REASON


def test_the_heartbeat_renews_a_run_while_its_client_waits(engine: Engine) -> None:
    run_id = begin_run(engine, "r20c4s0", 5)
    before = newest(engine).heartbeat_at
    so_far = [Counts()]
    with Heartbeat(engine, run_id, lambda: so_far[0], every=0.05):
        so_far[0] = Counts(stored=2)
        deadline = time.monotonic() + 10
        while newest(engine).counts != Counts(stored=2) and time.monotonic() < deadline:
            time.sleep(0.05)
    record = newest(engine)
    assert record.counts == Counts(stored=2) and record.heartbeat_at > before and record.state == "running"
    so_far[0] = Counts(stored=3)
    time.sleep(0.3)  # the thread stopped with the block: nothing written after it
    assert newest(engine).counts == Counts(stored=2)


def test_a_run_whose_client_here_is_gone_is_interrupted_at_once(engine: Engine) -> None:
    gone = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True, text=True,
                          check=True)  # fmt: skip
    run_id = begin_run(engine, "r20c4s0", 3)
    with engine.begin() as conn:  # the run's client: that process, ended (killed before it could end the run)
        conn.execute(update(RUN).where(RUN.c.id == run_id).values(pid=int(gone.stdout)))
    record = newest(engine)
    assert record.here() and record.gone_here() and record.shown_state() == "interrupted" and live_run(engine) is None
    with engine.begin() as conn:  # the same run's client on another machine: not known gone until its heartbeat is old
        conn.execute(update(RUN).where(RUN.c.id == run_id).values(host="another-machine"))
    record = newest(engine)
    assert not record.gone_here() and record.shown_state() == "running"
