"""What every page shares: the language, the database engine, cached DataFrames, replays, 升级 deals' levels
and stored evaluations and referee's decisions, and the ids in session state (the open deal and its step).

Session state holds ``lang``, ``deal_id`` and ``step`` (pages change them in callbacks) and, once a
referee has signed in on the dispute desk, ``user``: the signed-in account's name and nothing else (no
password, no role: every write checks the account again on the server, ``data.accounts``).
"""

from __future__ import annotations

import os
from typing import Any

import pandas as pd
import streamlit as st
from sqlalchemy.engine import Engine
from sqlmodel import Session

from coach.coach import Report, coach_replay
from coach.evaluate import Evaluation
from data import queries
from data.database import open_db
from data.decisions import StoredDecision, deal_decisions
from data.evaluations import StoredEvaluation, load_evaluation, settings_from_key, stored_evaluations
from data.models import Deal
from replay.limits import Limits
from replay.log import parse_json_log, parse_log
from replay.replay import Replay

MAX_UPLOAD_BYTES = 2_000_000  # stated on the upload form; the cap of every log pasted or typed on a page too
UPLOAD_LIMITS = Limits(max_bytes=MAX_UPLOAD_BYTES)


def lang() -> str:
    """The chosen language: "zh" (default) or "en"."""
    return st.session_state.get("lang", "zh")


def t(zh: str, en: str) -> str:
    """The text in the chosen language."""
    return zh if lang() == "zh" else en


@st.cache_resource
def engine(url: str | None = None) -> Engine:
    """The database engine (``FUPAN_DB`` or ``DATABASE_URL``, else the default SQLite file)."""
    return open_db(url or os.environ.get("FUPAN_DB"))


@st.cache_data(ttl=30)
def deals_frame(**filters: Any) -> pd.DataFrame:
    """The deal list, filtered."""
    return queries.deals(engine(), **filters)


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


@st.cache_data(max_entries=4096, ttl=600)
def ladder_row_of(deal_id: int) -> Any:
    """A stored 升级 deal's levels before and after, its declaring side and players
    (``views.shengji.LadderRow``; None when there is no such deal or it is no 升级 deal). Small and cached
    apart from the replays: a match's ladder and the Players page read many deals."""
    from views.shengji import ladder_row

    with Session(engine()) as db:
        deal = db.get(Deal, deal_id)
        if deal is None or deal.game != "shengji":
            return None
        text = deal.log_json
    return ladder_row(deal_id, Replay(parse_json_log(text, f"deal {deal_id}")))


@st.cache_resource(max_entries=32)
def coach_of(deal_id: int) -> Report | None:
    """The coach's report on a stored deal."""
    rep = replay_of(deal_id)
    return None if rep is None else coach_replay(rep)


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


USER = "user"  # the session state key of the signed-in account's name


def signed_in() -> str | None:
    """The signed-in account's name (None when nobody is signed in). Not a permission: the server
    checks the account again at every write."""
    name = st.session_state.get(USER)
    return name if isinstance(name, str) and name else None


def open_deal(deal_id: int, step: int = 0) -> None:
    """Open a deal at a step (for callbacks)."""
    st.session_state["deal_id"] = int(deal_id)
    st.session_state["step"] = int(step)


def current() -> tuple[int | None, int]:
    """The open deal's id and step."""
    return st.session_state.get("deal_id"), int(st.session_state.get("step", 0))


def set_step(step: int) -> None:
    """Move the open deal to a step (for callbacks)."""
    st.session_state["step"] = int(step)


def need_deal() -> tuple[int, Replay] | None:
    """The open deal and its replay, or a hint to open one (returns None)."""
    deal_id, _ = current()
    rep = replay_of(deal_id) if deal_id is not None else None
    if rep is None:
        st.info(t("先在“牌局库”里打开一局。", "Open a deal in the Library first."))
        return None
    return deal_id, rep
