"""What a visitor may start on the served dashboard (issue 33, items 5 and 6): the one place of these bounds.

Anyone who reaches the dashboard may use it without signing in, so the work an anonymous visitor starts is
bounded: a log imported into the library or checked on the dispute desk has at most ``ANON_EVENTS`` events; an
evaluation at most ``ANON_ROLLOUTS`` rollouts of a deal of at most ``ANON_EVAL_EVENTS`` events, on
``ANON_WORKERS`` worker process. A signed-in account (``views.parts.signin.signed_in``: its token checked) has the
dashboard's own limits (``views.parts.common.UPLOAD_LIMITS``; the form's 500 rollouts, every core). For
everyone, one evaluation runs per session and ``MAX_RUNNING`` on the whole server at once (``take_slot``), and
an evaluation ends with its session: once the visitor's browser has been gone ``SESSION_GRACE_S`` seconds
(``session_gone``), its workers are stopped (``coach.evaluate``'s ``cancel``).
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable

import streamlit as st

from replay.formats.log import LogError, parse_log
from replay.rules.profile import ProfileError
from views.parts.common import UPLOAD_LIMITS, t
from views.parts.signin import signed_in

ANON_EVENTS = 2_000  # some five times the longest real deal (437 events among the samples)
ANON_ROLLOUTS = 50
ANON_EVAL_EVENTS = 1_000
ANON_WORKERS = 1
MAX_RUNNING = 2  # evaluations at once on the whole server (the machine's cores are for the visitors' pages too)
SESSION_GRACE_S = 3.0  # a browser gone longer than this (not a reload's reconnection) ends its session's work


def _sign_in_hint() -> str:
    return t("在“争议台”登录的裁判不受此限。", "A referee signed in on the Dispute desk is not bound by it.")


def events_refusal(source: str, count: int) -> str | None:
    """Why a log of ``count`` events is refused to this visitor (Markdown; ``source`` already escaped), or None:
    an anonymous visitor's log may have at most ``ANON_EVENTS``."""
    if count <= ANON_EVENTS or signed_in() is not None:
        return None
    return (
        t(
            f"{source}：有 {count:,} 手，未登录的访客最多导入或检查 {ANON_EVENTS:,} 手的记录。",
            f"{source}: {count:,} events; a visitor who is not signed in may import or check logs of at most "
            f"{ANON_EVENTS:,} events.",
        )
        + " "
        + _sign_in_hint()
    )


def paste_refusal(source: str, text: str) -> str | None:
    """``events_refusal`` of a pasted log (the dispute desk's: checked, not stored), counted before it is replayed;
    None also when it cannot be read (the replay says why)."""
    if signed_in() is not None:
        return None
    count = _events_in(text)
    return None if count is None else events_refusal(source, count)


@st.cache_data(max_entries=8, show_spinner=False)
def _events_in(text: str) -> int | None:
    try:
        return len(parse_log(text, "<paste>", UPLOAD_LIMITS).events)
    except (LogError, ProfileError):
        return None


def evaluation_refusal(rollouts: int, events: int) -> str | None:
    """Why this visitor may not evaluate ``events`` events with ``rollouts`` rollouts (Markdown), or None."""
    if signed_in() is not None or (rollouts <= ANON_ROLLOUTS and events <= ANON_EVAL_EVENTS):
        return None
    return (
        t(
            f"未登录的访客最多评估 {ANON_EVAL_EVENTS:,} 手以内的一局、模拟 {ANON_ROLLOUTS} 次"
            f"（这里是 {events:,} 手、{rollouts} 次）。",
            f"A visitor who is not signed in may evaluate a deal of at most {ANON_EVAL_EVENTS:,} events with at "
            f"most {ANON_ROLLOUTS} rollouts (asked: {events:,} events, {rollouts} rollouts).",
        )
        + " "
        + _sign_in_hint()
    )


def rollout_budget(rollouts: int) -> int:
    """The most rollouts a view of this visitor's evaluation may reach (``Settings.max_rollouts``; 0: the default,
    ``EXTENSION`` times ``rollouts``): for a visitor who is not signed in, no more than ``ANON_ROLLOUTS`` either
    (the rollouts added where a grade is undecided count against the cap), never fewer than ``rollouts``."""
    from coach.prices import EXTENSION

    if signed_in() is not None:
        return 0
    return max(rollouts, min(EXTENSION * rollouts, ANON_ROLLOUTS))


def evaluation_note() -> str | None:
    """What the evaluation form says of the bounds to an anonymous visitor (None for a signed-in account)."""
    if signed_in() is not None:
        return None
    return (
        t(
            f"未登录：最多模拟 {ANON_ROLLOUTS} 次，一局最多 {ANON_EVAL_EVENTS:,} 手，用一个进程；离开页面即停止。",
            f"Not signed in: at most {ANON_ROLLOUTS} rollouts, a deal of at most {ANON_EVAL_EVENTS:,} events, on one "
            "process; it stops when you leave.",
        )
        + " "
        + _sign_in_hint()
    )


def evaluation_workers(every_core: int) -> int:
    """The worker processes of this visitor's evaluation: ``every_core`` (0: every core) for a signed-in account,
    ``ANON_WORKERS`` for anyone else."""
    return every_core if signed_in() is not None else ANON_WORKERS


@st.cache_resource
def _slots() -> threading.BoundedSemaphore:
    """The server's evaluation slots (one object for every session: a resource of the server)."""
    return threading.BoundedSemaphore(MAX_RUNNING)


def take_slot() -> Callable[[], None] | None:
    """One of the server's ``MAX_RUNNING`` evaluation slots: the function that gives it back (once), or None when
    all are taken."""
    slots = _slots()
    if not slots.acquire(blocking=False):
        return None
    given = threading.Event()

    def give_back() -> None:
        if not given.is_set():
            given.set()
            slots.release()

    return give_back


def busy_text() -> str:
    """What the page says when every slot is taken."""
    return t(
        f"服务器上已经有 {MAX_RUNNING} 个评估在进行：请稍后再试。",
        f"The server is running {MAX_RUNNING} evaluations already: try again in a while.",
    )


def session_gone() -> Callable[[], bool]:
    """A function (safe in any thread) that says whether this run's session has ended: its browser disconnected
    for more than ``SESSION_GRACE_S`` seconds. Never True outside a served app (AppTest has no runtime)."""
    from streamlit.runtime import Runtime
    from streamlit.runtime.scriptrunner_utils.script_run_context import get_script_run_ctx

    ctx = get_script_run_ctx()
    if ctx is None or not Runtime.exists():
        return lambda: False
    runtime, session_id = Runtime.instance(), ctx.session_id
    since: list[float] = []

    def gone() -> bool:
        if runtime.is_active_session(session_id):
            since.clear()
            return False
        if not since:
            since.append(time.monotonic())
        return time.monotonic() - since[0] > SESSION_GRACE_S

    return gone
