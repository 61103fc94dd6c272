"""The Evaluation page's season run (issue 39, item 4): how many stored deals still lack a current evaluation, a
button that prices them all on a Dask cluster of this machine (``cluster.season``: the same run as ``fupan
evaluate``), and the state of the run going on: done, failed, left, deals a minute, refreshed every few seconds.

The server starts one run at a time (``JOB``): ``fupan evaluate`` in a process group of its own (a Dask cluster
started in the server's process would re-run the server's main module in its workers): it goes on when the page is
left or closed. Every run records itself in the library (``data.season_runs``), so any session of any dashboard
shows a run going on wherever it was started (the command line, another server, a club's cluster), stopped where it
runs, and no run is started beside it; the last run's end, or its interruption (a client killed), is said. Starting
one writes the library's evaluations and takes every core: on a club's server it is a referee's or an admin's
(``data.accounts.PRICE``, the account read when the run is started), on a dashboard of one's own the owner's. A run
started here can be stopped here: what it stored stays.
"""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import sys
import tempfile
import threading
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

import streamlit as st
from sqlalchemy.engine import Engine

from coach.prices import Settings
from data.accounts import PRICE, NotPermitted, writer
from data.evaluation_runs import count_pending, failures
from data.evaluations import settings_key
from data.season_runs import RunRecord, live_run, runs
from views.parts.access import actor, offered, refusal
from views.parts.clock import local_time
from views.parts.common import engine, forget_deals, t
from views.parts.texts import esc

BOX = "season_job_box"
SAID = "season_job_said"
REFRESH_S = 3.0
SETTINGS = Settings()  # the run's settings: the dashboard's defaults, those of the page's own form


@dataclass
class SeasonJob:
    """A run going on (or ended): ``fupan evaluate`` in a process group of its own (its local Dask cluster with it),
    the library given by ``FUPAN_DB`` (no password on a command line), its output kept for the reason of a failure.
    Its state is read from the library: the deals it stored are no longer pending, those that failed are recorded."""

    proc: subprocess.Popen[bytes]
    total: int
    started: datetime
    output: Any
    stopped: bool = False

    @property
    def ended(self) -> bool:
        return self.proc.poll() is not None

    def stop(self) -> None:
        """Stop the run as Ctrl-C would: what it stored stays."""
        if not self.ended:
            self.stopped = True
            with contextlib.suppress(ProcessLookupError):
                os.killpg(self.proc.pid, signal.SIGINT)

    def error(self) -> str:
        """Why the run ended without finishing (its output's last line), or ""."""
        code = self.proc.poll()
        if code in (None, 0, 1) or self.stopped:
            return ""
        self.output.seek(0)
        lines = [line.strip() for line in self.output.read().decode("utf-8", "replace").splitlines() if line.strip()]
        return lines[-1] if lines else f"exit code {code}"


def _command(settings: Settings, workers: int) -> list[str]:
    return [
        sys.executable, "-c", "import sys, cli; sys.exit(cli.main(sys.argv[1:]))", "evaluate", "--quiet",
        "--rollouts", str(settings.rollouts), "--candidates", str(settings.max_candidates),
        "--seed", str(settings.seed), "--workers", str(workers),
    ]  # fmt: skip


JOB: list[SeasonJob] = []  # the process's run, the latest
_LOCK = threading.Lock()


def current() -> SeasonJob | None:
    """The run of this server process, going on or the last one ended."""
    return JOB[-1] if JOB else None


def start(db: Engine, settings: Settings, workers: int) -> SeasonJob | None:
    """Start a run unless one is going on (None then)."""
    with _LOCK:
        found = current()
        if (found is not None and not found.ended) or live_run(db) is not None:
            return None
        total = count_pending(db, settings)
        env = {**os.environ, "FUPAN_DB": db.url.render_as_string(hide_password=False), "PYTHONUNBUFFERED": "1"}
        output = tempfile.TemporaryFile()  # noqa: SIM115 - kept open with the job: the run's output, read at its end
        proc = subprocess.Popen(
            _command(settings, workers), env=env, stdout=output, stderr=subprocess.STDOUT, start_new_session=True
        )
        job = SeasonJob(proc, total, datetime.now(UTC), output)
        JOB[:] = [job]
    return job


def own(job: SeasonJob | None, record: RunRecord) -> bool:
    """Whether ``record`` is the run of ``job`` (this server's ``fupan evaluate`` process)."""
    return job is not None and record.here() and record.pid == job.proc.pid


def counts(db: Engine, job: SeasonJob, settings: Settings) -> tuple[int, int, int]:
    """The run's deals stored, failed and left: as its record says, or read from the library before it has one."""
    record = next((r for r in runs(db) if own(job, r)), None)
    if record is not None:
        return record.counts.stored, record.counts.failed, record.left
    left = count_pending(db, settings)
    failed = sum(1 for f in failures(db, settings_key(settings)) if f.failed_at >= job.started)
    return max(0, job.total - left), failed, max(0, left - failed)


def _start() -> None:
    """What the start button does: a run for whoever may (the account checked now, in a transaction of its own)."""
    from coach.evaluate import usable_cores

    who = actor(PRICE)
    if who is None:
        st.session_state[SAID] = refusal(PRICE)
        return
    try:
        with engine().connect() as conn:
            writer(conn, who, PRICE)
    except NotPermitted as exc:
        st.session_state[SAID] = str(exc)
        return
    if start(engine(), SETTINGS, usable_cores()) is None:
        st.session_state[SAID] = t("已经有一次整季评估在进行。", "A season's run is going on already.")


def box() -> None:
    """The folded season section (drawn only while open)."""
    folded = st.expander(t("整季评估（所有还没有评估的牌局）", "Price the season (every deal not evaluated yet)"),
                         key=BOX, on_change="rerun")  # fmt: skip
    if folded.open:
        job = current()
        running = (job is not None and not job.ended) or live_run(engine()) is not None
        with folded:  # redrawn every few seconds only while a run goes on (a page left open costs nothing else)
            st.fragment(_inside, run_every=REFRESH_S if running else None)()


def _inside() -> None:
    job = current()
    said = st.session_state.pop(SAID, None)
    if said:
        st.error(esc(said))
    if job is not None and not job.ended:
        _state(job)
        if st.button(t("停止", "Stop"), key="season_job_stop"):
            job.stop()  # the run ends within seconds (SIGINT, as Ctrl-C); the next redraw says so
            st.rerun()  # the whole page: the section redraws itself while the run is still ending
        return
    found = runs(engine())
    live = next((r for r in found if r.live()), None)
    if live is not None:
        _elsewhere(live)  # a run another process started: shown, stopped where it runs
        return
    latest = found[0] if found else None
    if job is not None:
        _state(job)
        forget_deals()
    elif latest is not None:
        _last(latest)
    left = count_pending(engine(), SETTINGS)
    st.caption(
        t(
            f"还有 {left} 局没有用默认设置评估过（本版引擎和教练）。在本机的所有核上评估它们（也可以在命令行评估，"
            "或者分到俱乐部的几台机器上）。",
            f"{left} deals lack an evaluation of the default settings by this engine and coach. Price them on every "
            "core of this machine (or with the command fupan evaluate, or on the club's machines: docs/cluster.md).",
        )
    )
    if left and offered(PRICE) and st.button(t("开始整季评估", "Start the season's run"), key="season_job_start",
                                             type="primary"):  # fmt: skip
        _start()
        st.rerun()  # the whole page: the section then redraws itself every few seconds while the run goes on


def _state(job: SeasonJob) -> None:
    stored, failed, left = counts(engine(), job, SETTINGS)
    minutes = (datetime.now(UTC) - job.started).total_seconds() / 60.0
    rate = (stored + failed) / minutes if minutes > 0 else 0.0
    if job.total:
        st.progress(min(1.0, (stored + failed) / job.total))
    words = t(
        f"已存入 {stored} 局，失败 {failed} 局，还剩 {left} 局；每分钟 {rate:.1f} 局。",
        f"{stored} stored, {failed} failed, {left} left; {rate:.1f} deals a minute.",
    )
    why = job.error()
    if why:
        st.error(esc(t("整季评估出错：", "The season's run failed: ") + why))
    elif job.ended:
        st.success(esc((t("已停止：", "Stopped: ") if job.stopped else t("完成：", "Done: ")) + words))
    else:
        st.info(esc(t("整季评估进行中：", "The season's run is going on: ") + words))


def _tally(record: RunRecord) -> str:
    c = record.counts
    return t(
        f"已存入 {c.stored} 局，失败 {c.failed} 局，还剩 {record.left} 局（共 {record.total} 局）",
        f"{c.stored} stored, {c.failed} failed, {record.left} left (of {record.total})",
    )


def _where(record: RunRecord) -> str:
    n, address = record.workers, record.cluster
    on = t(f"集群 {address}，{n} 个进程", f"the cluster {address}, {n} workers") if address else \
        t(f"本地集群，{n} 个进程", f"a local cluster, {n} workers")  # fmt: skip
    return t(f"{local_time(record.started_at)}在 {record.host} 上开始，进程 {record.pid}，{on}",
             f"started {local_time(record.started_at)} on {record.host}, process {record.pid}, {on}")  # fmt: skip


def _elsewhere(record: RunRecord) -> None:
    """A run going on that this server did not start (the command line, another dashboard, a club's cluster)."""
    if record.total:
        st.progress(min(1.0, record.done / record.total))
    rate = record.per_minute()
    st.info(esc(t(f"整季评估进行中（{_where(record)}）：{_tally(record)}；每分钟 {rate:.1f} 局。",
                  f"A season's run is going on ({_where(record)}): {_tally(record)}; {rate:.1f} deals a minute.")))  # fmt: skip
    st.caption(t("这次评估不是在这个页面开始的：要停止，请在运行它的地方停止（命令行按 Ctrl-C）。",
                 "This run was not started from this page: stop it where it runs (Ctrl-C on its command line)."))  # fmt: skip


def _last(record: RunRecord) -> None:
    """The newest run, ended or interrupted, whoever started it."""
    state = record.shown_state()
    if state == "interrupted":
        st.warning(esc(t(
            f"上一次整季评估（{_where(record)}）在 {local_time(record.heartbeat_at)} 之后没有消息了，可能已被中断："
            f"{_tally(record)}。已存入的都还在；再开始一次就接着评估剩下的牌局。",
            f"The last season's run ({_where(record)}) has sent no news since {local_time(record.heartbeat_at)}: it was"
            f" probably interrupted. {_tally(record)}. What it stored stays; a new run prices the rest.",
        )))  # fmt: skip
        return
    words = {"done": t("完成", "done"), "stopped": t("已停止", "stopped"), "failed": t("出错", "failed")}[state]
    why = t(f"；原因：{record.reason}", f"; why: {record.reason}") if record.reason else ""
    ended = local_time(record.ended_at or record.heartbeat_at)
    st.caption(esc(t(f"上一次整季评估（{_where(record)}）于 {ended} 结束，{words}：{_tally(record)}{why}。",
                     f"The last season's run ({_where(record)}) ended {ended}, {words}: {_tally(record)}{why}.")))  # fmt: skip
