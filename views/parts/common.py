"""What every page shares: the language, the database engine, the library's reads cached until it changes
(``stored``), replays and stored evaluations and referee's decisions, and the ids in session state (the open
deal and its step).

Every page's ``render`` is ``guarded``: a library the page cannot use (written by a newer fupan,
unreachable, damaged, deleted or replaced while the dashboard runs, see ``data.database``) is said in one
message on the page and one line in the server's log, never a traceback; a damaged library is said
before the page shows what it can still read; a page that can work without the library (the dispute
desk) goes on.

Session state holds ``lang``, ``deal_id`` and ``step`` (pages change them in callbacks) and, once a
referee has signed in on the dispute desk, the account's name and its token (``views.parts.signin``: no
password, no role; every write checks the token and the account again on the server, ``data.accounts``).
"""

from __future__ import annotations

import functools
import logging
from collections.abc import Callable
from contextvars import ContextVar
from dataclasses import dataclass
from typing import Any, TypeVar

import streamlit as st
from sqlalchemy.engine import Engine
from sqlalchemy.exc import SQLAlchemyError
from sqlmodel import Session

from coach.coach import Report, coach_replay
from coach.prices import Evaluation
from data import queries
from data.database import DamagedDatabase, DatabaseStateError, library_state, open_db
from data.decisions import StoredDecision, deal_decisions
from data.evaluations import StoredEvaluation, load_evaluation, settings_from_key, stored_evaluations
from data.models import Deal
from replay.core.said import error_in, said_in
from replay.formats.limits import Limits
from replay.formats.log import parse_json_log, parse_log
from replay.replay import Replay
from views.parts import address, warm
from views.parts.texts import esc, md
from views.parts.texts import lang as lang  # the language and t(): kept in texts, read from here too
from views.parts.texts import t as t

T = TypeVar("T")
MAX_UPLOAD_BYTES = 2_000_000  # stated on the upload form; the cap of every log pasted or typed on a page too
UPLOAD_LIMITS = Limits(max_bytes=MAX_UPLOAD_BYTES)


@st.cache_resource
def engine(url: str | None = None) -> Engine:
    """The database engine (``FUPAN_DB``, else the default SQLite file): the one the server's first run began
    opening (``views.parts.warm``), else opened now. Raises the library's ``DatabaseStateError`` when it cannot be
    used (not cached: the next run looks again)."""
    early = warm.opened(url)
    return early if early is not None else open_db(url)


_LOG = logging.getLogger("fupan.dashboard")
_SAID: ContextVar[set[str] | None] = ContextVar("fupan_library_said", default=None)


def library_problem(exc: BaseException) -> str | None:
    """What a page says of an error of the library, in the chosen language (None: the error is none of the
    library's)."""
    if isinstance(exc, DatabaseStateError):
        return error_in(exc, lang())
    if isinstance(exc, SQLAlchemyError):
        first = (str(getattr(exc, "orig", None) or exc).splitlines() or [""])[0]
        return t(
            f"牌局库不能用（{type(exc).__name__}：{first[:300]}）",
            f"the library cannot be used ({type(exc).__name__}: {first[:300]})",
        )
    return None


def say_library_problem(exc: BaseException) -> None:
    """Say on the page (and in one line of the server's log) what is wrong with the library, once per run
    and kind: a damaged library said at the top is not said again when a read then fails on it."""
    text = library_problem(exc) or f"{type(exc).__name__}: {exc}"
    kind = "damaged" if isinstance(exc, DamagedDatabase) else text
    said = _SAID.get()
    if said is not None:
        if kind in said:
            return
        said.add(kind)
    _LOG.warning("fupan: %s", str(exc) if isinstance(exc, DatabaseStateError) else text)  # the log: in English
    st.error(t("牌局库不能用：", "The deal library cannot be used: ") + esc(text))


def guarded(render: Callable[[], None], needs_library: bool = True) -> Callable[[], None]:
    """A page's ``render`` that says a library it cannot use (see the module's text) instead of failing.
    ``needs_library``: the page shows nothing without one (else it goes on and says it where it reads)."""

    @functools.wraps(render)
    def page() -> None:
        token, version = _SAID.set(set()), _VERSION.set({})
        address.follow()  # app.py has followed it already; a page run on its own (the tests') follows it here
        address.say()
        try:
            try:
                state = library_state(engine())
                state.check_file()
                if state.set_aside is not None:  # a -wal and -shm another file left beside it, set aside at open
                    st.warning(esc(said_in(state.set_aside, lang())))
                if state.damaged is not None:
                    say_library_problem(state.damaged_error(state.damaged, "nothing can be stored in it"))
            except (DatabaseStateError, SQLAlchemyError) as exc:
                if needs_library:
                    say_library_problem(exc)
                    return
            render()
        except (DatabaseStateError, SQLAlchemyError) as exc:
            say_library_problem(exc)
        finally:
            _SAID.reset(token)
            _VERSION.reset(version)

    return page


_VERSION: ContextVar[dict[str, tuple[int, ...]] | None] = ContextVar("fupan_library_version", default=None)


def library_version() -> tuple[int, ...]:
    """The library's version (``data.queries.library_version``), read once per run of a page (``guarded``)."""
    memo = _VERSION.get()
    if memo is None:
        return queries.library_version(engine())
    if "version" not in memo:
        memo["version"] = queries.library_version(engine())
    return memo["version"]


def stored(read: Callable[..., T], **filters: Any) -> T:
    """``read(engine, **filters)`` (a read of the library: a DataFrame, a list), cached until the library changes
    (keyed by the library and its version): a page drawn again, or by another visitor, reads nothing but the
    version."""
    name = f"{read.__module__}.{read.__qualname__}"
    return _stored(name, str(engine().url), library_version(), read, **filters)


@st.cache_data(max_entries=128, show_spinner=False)
def _stored(name: str, url: str, version: tuple[int, ...], _read: Callable[..., Any], **filters: Any) -> Any:
    return _read(engine(), **filters)


def forget_deals() -> None:
    """Read the library's version again (after an import or a decision changed the library in this run)."""
    memo = _VERSION.get()
    if memo is not None:
        memo.pop("version", None)


@st.cache_resource(max_entries=32)
def replay_of(deal_id: int) -> Replay | None:
    """The replay of a stored deal (None when there is no such deal)."""
    with Session(engine()) as db:
        deal = db.get(Deal, deal_id)
        if deal is None:
            return None
        text = deal.log_json
    return Replay(parse_json_log(text, f"deal {deal_id}"))


@st.cache_resource(max_entries=8)
def replay_of_text(text: str, source: str) -> Replay:
    """The lenient replay of a log typed or pasted on a page (JSON or the text notation), as a referee
    reads on past an illegal event. Raises LogError or ProfileError."""
    return Replay(parse_log(text, source, UPLOAD_LIMITS))


@st.cache_resource(max_entries=32)
def _coach_report(deal_id: int, settings_key: str | None, stamp: str | None) -> Report | None:
    """The coach's report on a stored deal, priced by its evaluation of ``settings_key`` stored at ``stamp`` (None:
    unpriced). Raises ``data.evaluations.StoredEvaluationError`` when that evaluation cannot be read."""
    rep = replay_of(deal_id)
    if rep is None:
        return None
    ev = None if settings_key is None else evaluation_of(deal_id, settings_key, stamp or "")
    return coach_replay(rep, evaluation=ev)


def coach_of(deal_id: int, settings_key: str | None = None, stamp: str | None = None) -> Report | None:
    """The coach's report on a stored deal, every priced move with its one judgement (``coach.judgement``): priced
    by the stored evaluation of ``settings_key`` (at ``stamp``), else by the latest stored; unpriced where none is
    stored or it cannot be read (the Evaluation page says why), so every page shows the same judgement of a move."""
    if settings_key is None:
        try:
            found = evaluations_stored(deal_id)
        except Exception:  # the library cannot be read: the findings go on unpriced
            found = []
        if found:
            settings_key, stamp = found[0].settings_key, str(found[0].created_at)
    try:
        return _coach_report(deal_id, settings_key, stamp)
    except Exception:  # an unreadable evaluation is reported on the Evaluation page; the findings go on unpriced
        return _coach_report(deal_id, None, None)


def evaluations_stored(deal_id: int) -> list[StoredEvaluation]:
    """The evaluations stored for a deal, latest first (one small query; not cached)."""
    return stored_evaluations(engine(), deal_id)


@st.cache_resource(max_entries=16)
def evaluation_of(deal_id: int, settings_key: str, stamp: str) -> Evaluation | None:
    """A stored evaluation of a deal, read once per ``stamp`` (its ``created_at``: a newer run of the same
    settings is read anew). Raises ``data.evaluations.StoredEvaluationError`` when it cannot be read."""
    return load_evaluation(engine(), deal_id, settings_from_key(settings_key))


def latest_evaluation(deal_id: int) -> Evaluation | None:
    """The latest evaluation stored for a deal (None when there is none)."""
    found = evaluations_stored(deal_id)
    if not found:
        return None
    return evaluation_of(deal_id, found[0].settings_key, str(found[0].created_at))


def decisions_stored(deal_id: int) -> list[StoredDecision]:
    """The referee's decisions stored on a deal, oldest first (one small query; not cached, so a decision
    just recorded shows on the next run of every page)."""
    return deal_decisions(engine(), deal_id)


def open_deal(deal_id: int, step: int = 0) -> None:
    """Open a deal at a step (for callbacks)."""
    st.session_state["deal_id"] = int(deal_id)
    st.session_state["step"] = int(step)


def held_index(options: list[Any], key: str) -> int:
    """The index in ``options`` of the value session state holds under the widget ``key``, for the widget's ``index``:
    a widget whose value the page sets itself has it as its default too, so that a browser that draws the widget anew
    without its value (a loaded machine, a slow phone) sends the value shown, not the first option (the Replay page's
    slider, whose default was 0, took the page back to step 0: docs/reliability.md)."""
    return options.index(st.session_state[key])


def current() -> tuple[int | None, int]:
    """The open deal's id and step."""
    return st.session_state.get("deal_id"), int(st.session_state.get("step", 0))


def set_step(step: int) -> None:
    """Move the open deal to a step (for callbacks)."""
    st.session_state["step"] = int(step)


@dataclass(frozen=True)
class OpenDeal:
    """The open deal as a page draws it: its id, its replay, the open step (within the deal) and the
    language."""

    deal_id: int
    rep: Replay
    step: int
    lang: str


def need_deal(moves: bool = False) -> OpenDeal | None:
    """The open deal, its replay and its step (moved within the deal when it is beyond it, said when a link asked
    for it), or a hint to open one (returns None): the start of every page about the open deal. A page about the
    moves (``moves``: the Replay, Coach, Timeline and Evaluation pages) says instead that a score sheet has none
    (``result_only``), and returns None."""
    deal_id, step = current()
    asked = address.step_asked()
    rep = replay_of(deal_id) if deal_id is not None else None
    if deal_id is None:
        st.info(t("先在“牌局库”里打开一局。", "Open a deal in the Library first."))
        return None
    if rep is None:
        from views.parts.deleted import gone

        why = gone(engine(), deal_id)
        if why is not None:
            st.info(esc(why))
            return None
        st.info(
            t(
                f"牌局库里没有第 {deal_id} 局（链接也许来自另一个牌局库）：先在“牌局库”里打开一局。",
                f"The library holds no deal {deal_id} (the link may come from another library): open a deal in "
                "the Library first.",
            )
        )
        return None
    if moves and rep.log.result_only:
        result_only()
        return None
    total = len(rep.states) - 1
    if not 0 <= step <= total:
        step = max(0, min(step, total))
        set_step(step)
    if asked is not None and asked > total:
        st.warning(
            t(
                f"链接要看第 {asked} 步，这一局只有 {total} 步：显示的是最后一步。",
                f"The link asks for step {asked}; this deal has {total}: the last is shown.",
            )
        )
    return OpenDeal(deal_id, rep, step, lang())


def stored_game(where: Any, key: str | None = None) -> str | None:
    """The game chosen among those the library holds (a radio in ``where``, the first registered game stored at
    first), or None after saying the library holds no deals (the Players and Season pages)."""
    from data import queries
    from replay import games as registry
    from views.parts.texts import game_name

    held = stored(queries.games)
    if not held:
        st.info(
            t("库里还没有牌局：先在“牌局库”里导入。", "The library holds no deals yet: import some in the Library.")
        )
        return None
    names = {g: game_name(g) for g in held}
    first = next((g for g in registry.names() if g in held), held[0])
    game: str = where.radio(
        t("游戏", "Game"), held, index=held.index(first), format_func=names.__getitem__, horizontal=True, key=key
    )
    return game


def result_only() -> None:
    """What a page about the moves says of a score sheet: it was recorded without moves; its score is on the
    Scoring page (a link there)."""
    from views.parts import links

    st.info(
        t(
            "只有结果：这一局是成绩单（只记了名次和身份，没有出牌记录），这里没有可看的出牌。它的得分在“计分”页。",
            "Result only: this deal was recorded as a score sheet (its places and roles, no moves), so there is "
            "nothing to show here. Its score is on the Scoring page.",
        )
    )
    links.page_link(links.SCORING, t("去计分页", "Go to Scoring"))


def size_text() -> str:
    """The cap of a log given on a page, in words."""
    return t(
        f"最大 {MAX_UPLOAD_BYTES:,} 字节（{MAX_UPLOAD_BYTES / 1_000_000:g} MB）",
        f"at most {MAX_UPLOAD_BYTES:,} bytes ({MAX_UPLOAD_BYTES / 1_000_000:g} MB)",
    )


def too_large(source: str, content: bytes | str) -> str | None:
    """Why a log uploaded, pasted or typed on a page is refused for its size (Markdown), or None."""
    if len(content) * (1 if isinstance(content, bytes) else 4) <= MAX_UPLOAD_BYTES:
        return None
    size = len(content) if isinstance(content, bytes) else len(content.encode("utf-8", "replace"))
    if size <= MAX_UPLOAD_BYTES:
        return None
    return (
        t(f"{md(source)}：太大了（{size:,} 字节），", f"{md(source)}: too large ({size:,} bytes); ")
        + size_text()
        + t("。", ".")
    )
