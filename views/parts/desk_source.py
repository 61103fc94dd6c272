"""The dispute desk's deal under question, from one of three sources: a stored deal (the most recent
first), a pasted log (JSON or the text notation) or a disputed position typed at the desk
(``views.parts.desk_position``). Only a stored deal can carry a referee's recorded decisions.

A pasted log of a visitor who is not signed in is checked only up to ``views.parts.bounds.ANON_EVENTS`` events
(counted before it is replayed).

``pick_deal()`` draws the picker and returns a ``Picked`` (or None while there is nothing to rule on).
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass

import pandas as pd
import streamlit as st

from data import queries
from replay.core.said import error_in
from replay.formats.log import LogError
from replay.replay import Replay
from replay.rules.profile import ProfileError
from views.parts.bounds import paste_refusal
from views.parts.common import current, replay_of, replay_of_text, say_library_problem, stored, t, too_large
from views.parts.desk_position import DeskOf, build_position
from views.parts.texts import esc, game_name, lang

RECENT = 200  # deals offered in the picker, most recent first
DB, PASTE, POSITION = "db", "paste", "position"


@dataclass(frozen=True)
class Picked:
    """The deal asked about: a key for its widgets, its replay, the step to start at, its id in the
    library (None unless stored) and the stem of the downloads' file names."""

    key: str
    rep: Replay
    step: int
    deal_id: int | None
    stem: str


def _recent_deals() -> pd.DataFrame | None:
    """The most recent stored deals, or None when the library cannot be read."""
    try:
        return stored(queries.deal_page, limit=RECENT)  # newest first, read in the database
    except Exception as exc:  # the page must work without a database (pasting needs none)
        say_library_problem(exc)
        return None


def _deal_label(row: pd.Series) -> str:
    parts = [f"#{int(row['id'])}", game_name(str(row["game"]))]
    if isinstance(row.get("date"), str) and row["date"]:
        parts.append(row["date"])
    if isinstance(row.get("match"), str) and row["match"]:
        parts.append(row["match"])
    if pd.notna(row.get("deal")):
        parts.append(t(f"第{int(row['deal'])}局", f"deal {int(row['deal'])}"))
    if not row.get("legal", True):
        parts.append(t("（有违规）", "(has illegal events)"))
    return " · ".join(parts)  # nothing that a decision recorded here changes: the picker keeps its choice


def _stored(deals: pd.DataFrame) -> Picked | None:
    ids = [int(i) for i in deals["id"]]
    labels = {int(r["id"]): _deal_label(r) for _, r in deals.iterrows()}
    open_id, open_step = current()
    deal_id = int(
        st.selectbox(
            t("牌局（最近的在前）", "Deal (most recent first)"),
            ids,
            index=ids.index(open_id) if open_id in ids else 0,
            key="dispute_deal",
            format_func=lambda i: labels.get(i, f"#{i}"),
        )
    )
    rep = replay_of(deal_id)
    if rep is None:
        st.error(t(f"找不到牌局 #{deal_id}", f"no deal #{deal_id}"))
        return None
    return Picked(f"d{deal_id}", rep, open_step if open_id == deal_id else 0, deal_id, f"ruling-deal{deal_id}")


def _pasted() -> Picked | None:
    text = st.text_area(
        t("粘贴一份记录（JSON 或文本记法）", "Paste a log (JSON or the text notation)"),
        key="dispute_paste",
        height=180,
        placeholder="fupan/1 gouji\nprofile gouji-logged\nevents\n0 play 5\n2 play 6",
    )
    if not text.strip():
        st.caption(t("记录的格式见 docs/log-format.md。", "The log format is described in docs/log-format.md."))
        return None
    refusal = too_large(t("粘贴的记录", "the pasted log"), text) or paste_refusal(
        t("粘贴的记录", "the pasted log"), text
    )
    if refusal:
        st.error(refusal)
        return None
    try:
        rep = replay_of_text(text, t("粘贴的记录", "<paste>"))  # the source its errors and the sheet name
    except (LogError, ProfileError) as exc:
        st.error(t("读不懂这份记录：", "This log cannot be read: ") + esc(error_in(exc, lang())))
        return None
    except Exception as exc:  # a log the engine chokes on must not take the page down
        st.error(t("无法复盘这份记录：", "This log cannot be replayed: ") + esc(f"{type(exc).__name__}: {exc}"))
        return None
    digest = hashlib.sha1(text.encode()).hexdigest()[:8]
    return Picked(f"p{digest}", rep, 0, None, f"ruling-pasted-{digest}")


def _position(desk_of: DeskOf) -> Picked | None:
    st.caption(
        t(
            "在这里摆出有争议的局面：不存入牌局库。",
            "Set out the disputed position here: nothing is stored.",
        )
    )
    try:
        built = build_position(desk_of)
    except Exception as exc:  # a position the engine chokes on must not take the page down
        st.error(t("无法复盘这个局面：", "This position cannot be replayed: ") + esc(f"{type(exc).__name__}: {exc}"))
        return None
    if built is None:
        return None
    pos, rep = built
    digest = hashlib.sha1(pos.text.encode()).hexdigest()[:8]
    n = len(rep.log.events)
    step = n - 1 if pos.disputed and n else n  # the disputed event, else the moment after the events
    return Picked(f"q{digest}", rep, step, None, f"ruling-position-{digest}")


def pick_deal(desk_of: DeskOf) -> Picked | None:
    """The source picker and the deal asked about, or None (``desk_of``: a game's part of the desk, for
    a typed position)."""
    deals = _recent_deals()
    has_deals = deals is not None and not deals.empty
    # format functions look nothing up in session state: AppTest calls them outside the script run
    names = {
        DB: t("牌局库", "the library"),
        PASTE: t("粘贴记录", "a pasted log"),
        POSITION: t("摆一个局面", "a position"),
    }
    source = st.radio(
        t("牌局来源", "Deal from"),
        [DB, PASTE, POSITION],
        index=0 if has_deals else 1,
        key="dispute_source",
        horizontal=True,
        format_func=names.__getitem__,
    )
    if source == DB:
        if deals is None or deals.empty:
            st.info(t("牌局库里还没有牌局：可以粘贴一份记录。", "The library holds no deals yet: paste a log instead."))
            return None
        return _stored(deals)
    if source == PASTE:
        return _pasted()
    return _position(desk_of)
