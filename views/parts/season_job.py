"""The Evaluation page's season run (issue 39, item 4): how many stored deals still lack a current evaluation, a
button that prices them all on a Dask cluster of this machine (``cluster.season``: the same run as ``fupan
evaluate``), and the state of the run going on: done, failed, left, deals a minute, refreshed every few seconds.

One run at a time in the server process (``JOB``): ``fupan evaluate`` in a process group of its own (a Dask cluster
started in the server's process would re-run the server's main module in its workers): it goes on when the page is
left or closed, and any session of the dashboard shows it, read from the library (stored, failed, left). Starting one writes the library's evaluations and takes every
core: on a club's server it is a referee's or an admin's (``data.accounts.PRICE``, the account read when the run is
started), on a dashboard of one's own the owner's. A run can be stopped: what it stored stays.
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
from views.parts.access import actor, offered, refusal
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
        if found is not None and not found.ended:
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


def counts(db: Engine, job: SeasonJob, settings: Settings) -> tuple[int, int, int]:
    """The run's deals stored, failed and left, read from the library."""
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
        running = job is not None and not job.ended
        with folded:  # redrawn every few seconds only while a run goes on (a page left open costs nothing else)
            st.fragment(_inside, run_every=REFRESH_S if running else None)()


def _inside() -> None:
    job = current()
    said = st.session_state.pop(SAID, None)
    if said:
        st.error(esc(said))
    if job is not None:
        _state(job)
        if not job.ended:
            if st.button(t("停止", "Stop"), key="season_job_stop"):
                job.stop()  # the run ends within seconds (SIGINT, as Ctrl-C); the next redraw says so
                st.rerun()  # the whole page: the section redraws itself while the run is still ending
            return
        forget_deals()
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
