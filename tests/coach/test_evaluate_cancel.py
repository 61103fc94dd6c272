"""A long evaluation ends when it is asked to (issue 33, item 5): coach/evaluate.py's ``cancel`` hook stops a run on
worker processes within seconds and leaves no child process; a worker dies on SIGTERM whatever handler its parent
had (a Streamlit server's); a process that exits with a run going on ends at once, its workers with it.

Child processes are read from /proc (``children``): the tests run on Linux."""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import sys
import textwrap
import threading
import time
from collections.abc import Callable
from pathlib import Path

import pytest
from paths import ROOT
from processes import alive, wait_for
from processes import children as live_children

from coach.evaluate import EvaluationCancelled, evaluate_replay
from coach.prices import Settings
from replay.replay import Replay
from replay.simulate import simulate_deal

LONG = Settings(rollouts=500, max_candidates=4)  # minutes of work on two cores
pytestmark = pytest.mark.skipif(not Path("/proc/self/task").is_dir(), reason="reads child processes from /proc")


def children(pid: int | None = None) -> set[int]:
    """The live child processes of ``pid`` (default: this process)."""
    return live_children(os.getpid() if pid is None else pid)


def test_a_cancelled_evaluation_stops_within_seconds_and_leaves_no_worker() -> None:
    rep = Replay(simulate_deal(1, "gouji").log)
    before = children()
    stop = threading.Event()
    outcome: list[BaseException | object] = []

    def run() -> None:
        try:
            outcome.append(evaluate_replay(rep, LONG, jobs=2, cancel=stop.is_set))
        except BaseException as exc:
            outcome.append(exc)

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    assert wait_for(lambda: len(children() - before) == 2, 30), "the two workers never started"
    time.sleep(1.0)  # at work
    stop.set()
    started = time.monotonic()
    thread.join(10)
    assert not thread.is_alive(), "the cancelled run did not stop within 10 s"
    assert time.monotonic() - started < 10
    assert len(outcome) == 1 and isinstance(outcome[0], EvaluationCancelled), outcome
    assert wait_for(lambda: not (children() - before), 5), f"workers left: {children() - before}"


def test_a_cancelled_run_in_one_process_or_on_one_worker_stops_too() -> None:
    rep = Replay(simulate_deal(2, "baohuang").log)
    before = children()
    with pytest.raises(EvaluationCancelled):
        evaluate_replay(rep, LONG, jobs=1, cancel=lambda: True)
    asked = []

    def later() -> bool:
        asked.append(1)
        return len(asked) > 3

    with pytest.raises(EvaluationCancelled):
        evaluate_replay(rep, LONG, jobs=1, processes=True, cancel=later)
    assert wait_for(lambda: not (children() - before), 5)


def test_a_worker_dies_on_sigterm_even_when_the_parent_handles_it() -> None:
    """A forked worker inherits its parent's Python signal handlers: a Streamlit server's SIGTERM handler, in a
    worker, stopped nothing, and the worker ran on; the pool's initializer gives SIGTERM back its default."""
    rep = Replay(simulate_deal(3, "gouji").log)
    before = children()
    old = signal.signal(signal.SIGTERM, lambda *_: None)  # as a server's handler does, for its own process
    stop = threading.Event()
    try:
        thread = threading.Thread(
            target=lambda: _swallow(lambda: evaluate_replay(rep, LONG, jobs=2, cancel=stop.is_set)), daemon=True
        )
        thread.start()
        assert wait_for(lambda: len(children() - before) == 2, 30)
        time.sleep(1.0)  # the initializer has run
        workers = children() - before
        for pid in workers:
            os.kill(pid, signal.SIGTERM)
        assert wait_for(lambda: not (workers & children()), 5), "a worker ignored SIGTERM"
    finally:
        stop.set()
        signal.signal(signal.SIGTERM, old)
    thread.join(10)
    assert wait_for(lambda: not (children() - before), 5)


def _swallow(work: Callable[[], object]) -> None:
    with contextlib.suppress(Exception):  # the pool broken under it: what matters here is the workers
        work()


def test_a_process_that_exits_during_a_run_ends_at_once_and_its_workers_with_it() -> None:
    """As a server stopped by SIGTERM does: its main thread returns while a run goes on in another thread; the
    standard library's exit hook waited for every worker's chunks (minutes); the run's pool is now stopped first."""
    script = textwrap.dedent(
        """
        import multiprocessing, threading, time
        from coach.evaluate import evaluate_replay
        from coach.prices import Settings
        from replay.replay import Replay
        from replay.simulate import simulate_deal

        rep = Replay(simulate_deal(1, "gouji").log)
        threading.Thread(target=lambda: evaluate_replay(rep, Settings(rollouts=500), jobs=2), daemon=True).start()
        deadline = time.monotonic() + 60
        while len(multiprocessing.active_children()) < 2 and time.monotonic() < deadline:
            time.sleep(0.1)
        time.sleep(1)  # at work
        print("working", flush=True)
        input()  # the test has seen the workers: now the main thread returns
        """
    )
    env = dict(os.environ, PYTHONPATH=str(ROOT), FUPAN_COMPILED=os.environ.get("FUPAN_COMPILED", "0"))
    proc = subprocess.Popen(
        [sys.executable, "-c", script], cwd=ROOT, env=env, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True
    )
    workers: set[int] = set()
    try:
        assert proc.stdout is not None and proc.stdin is not None
        assert proc.stdout.readline().strip() == "working"
        assert wait_for(lambda: len(children(proc.pid)) == 2, 30), children(proc.pid)
        workers = children(proc.pid)
        proc.stdin.write("\n")  # the main thread returns: the process exits with its run going on
        proc.stdin.flush()
        started = time.monotonic()
        proc.wait(15)
        assert time.monotonic() - started < 10
        assert wait_for(lambda: not any(alive(w) for w in workers), 5), "a worker outlived its parent"
    finally:  # nothing of it left running when the test failed
        if proc.poll() is None:
            proc.kill()
            proc.wait()
        for pid in [w for w in workers if alive(w)]:
            with contextlib.suppress(OSError):
                os.kill(pid, signal.SIGKILL)
