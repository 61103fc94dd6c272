"""The page's address: what a link to the dashboard holds, read and written in this one place.

An address is a page's url path and its query: ``/replay?deal=12&step=40&view=seat&seat=2&lang=zh``.

- ``lang``: ``zh`` or ``en``, on every page;
- ``deal``: the Library's number of the open deal (its id), and ``step``: the step shown (0 = as dealt), on
  the pages about the open deal;
- ``view``: ``review`` (every hand) or ``seat`` (the table as one seat saw it), with ``seat``: which;
- ``line``: ``ruled`` (the line as ruled), or ``var``: a variation's number, on the pages that show a deal's lines
  (``views.parts.lines_view``; neither: the record as played).

``follow()`` runs at the start of every run (``app.py``; and ``views.parts.common.guarded`` for a page run on
its own): what the address says anew (a link followed, an address typed, a reload of another session's link)
is opened; what it said already is not read again, so the page's own changes (a step, a language chosen in
the sidebar) are not undone by an address the browser has not caught up with. A value that cannot be opened
is said on the page (``say()``), never a traceback: the rest of the address still opens. ``show(...)``
writes the open deal, step, view and language back into the address, so a reload keeps them and the address
bar is always a link to what is shown. ``link(...)`` is the query of a link to a step (for ``st.page_link``).

Session state holds what the address opened: ``lang``, ``deal_id`` and ``step`` (``views.parts.common``) and
the Replay page's view (``VIEWER``: a seat, or ``REVIEW``).
"""

from __future__ import annotations

from collections.abc import Mapping

import streamlit as st

from views.parts.texts import lang, md, t

LANGS = ("zh", "en")
VIEWER = "replay_viewer"  # session state: the Replay page's view (REVIEW, or the seat it is seen as)
REVIEW = -1
SEEN = "address_seen"  # session state: the address as last read or written (what is not new)
NARROW = "address_narrow"  # session state: what this run's page shows of its usual keys (``narrow``)
PROBLEMS = "address_problems"  # session state: what the address said that could not be opened, to say
ASKED_STEP = "address_step"  # session state: the step the last link asked for (the page says if beyond the end)
LINE = "lines_line"  # session state: the line shown ("played", "ruled" or a variation's number)
LINE_DEAL = "lines_deal"  # session state: the deal whose line ``LINE`` is
KEYS = ("lang", "deal", "step", "view", "seat", "line", "var")


def _now() -> dict[str, str]:
    """The address's query as it is now (only the keys this module knows)."""
    return {k: str(st.query_params[k]) for k in KEYS if k in st.query_params}


def _seen() -> dict[str, str]:
    seen = st.session_state.get(SEEN)
    return dict(seen) if isinstance(seen, dict) else {}


def _problem(zh: str, en: str) -> None:
    st.session_state.setdefault(PROBLEMS, []).append((zh, en))


def _number(key: str, text: str, zh: str, en: str) -> int | None:
    """``text`` as a whole number >= 0, or None (said as a problem of the address)."""
    if text.isascii() and text.isdigit() and len(text) <= 9:
        return int(text)
    _problem(
        f"链接里的{zh}“{md(text)}”不是一个非负整数，没有用它。",
        f"The link's {en} “{md(text)}” is not a whole number; it was not used.",
    )
    return None


def follow() -> None:
    """Open what the address says anew (see the module's text). Safe to call more than once in a run."""
    now, seen = _now(), _seen()
    new = {k: v for k, v in now.items() if seen.get(k) != v}
    if not new:
        return
    st.session_state[SEEN] = {**seen, **new}
    if "lang" in new:
        if new["lang"] in LANGS:
            st.session_state["lang"] = new["lang"]
        else:
            _problem(
                f"链接里的语言“{md(new['lang'])}”不认识（可用 zh 或 en）。",
                f"The link's language “{md(new['lang'])}” is unknown (use zh or en).",
            )
    deal = _number("deal", new["deal"], "牌局编号", "deal number") if "deal" in new else None
    if deal is not None:
        st.session_state["deal_id"] = deal
        st.session_state["step"] = 0
        st.session_state.pop(VIEWER, None)
    if "step" in now and ("step" in new or deal is not None):
        step = _number("step", now["step"], "步数", "step")
        if step is not None:
            st.session_state["step"] = step
            st.session_state[ASKED_STEP] = step
    if "view" in new or "seat" in new or deal is not None:
        _follow_view(now.get("view"), now.get("seat"))
    if "line" in new or "var" in new or deal is not None:
        _follow_line(now.get("line"), now.get("var"))


def _follow_line(line: str | None, var: str | None) -> None:
    """The line a link shows (the page checks the deal has it: ``lines_view.shown_line``)."""
    st.session_state[LINE_DEAL] = st.session_state.get("deal_id")
    if var is not None:
        number = _number("var", var, "变着编号", "variation number")
        st.session_state[LINE] = "played" if number is None else number
    elif line in (None, "played", "ruled"):
        st.session_state[LINE] = line or "played"
    else:
        st.session_state[LINE] = "played"
        _problem(
            f"链接里的线路“{md(line or '')}”不认识（可用 ruled，或 var=变着编号）。",
            f"The link's line “{md(line or '')}” is unknown (use ruled, or var=N).",
        )


def _follow_view(view: str | None, seat: str | None) -> None:
    if view is None and seat is None:
        return
    if view in (None, "seat") and seat is not None:
        number = _number("seat", seat, "座位", "seat")
        if number is not None:
            st.session_state[VIEWER] = number  # the Replay page checks it is one of the deal's seats
        return
    if view == "review":
        st.session_state[VIEWER] = REVIEW
        return
    _problem(
        f"链接里的视角“{md(view or '')}”不认识（可用 review，或 seat 加 seat=座位号）。",
        f"The link's view “{md(view or '')}” is unknown (use review, or seat with seat=N).",
    )


def say() -> None:
    """Say on the page what the address held that could not be opened (once)."""
    for zh, en in st.session_state.pop(PROBLEMS, []):
        st.warning(t(zh, en))


def step_asked() -> int | None:
    """The step the address asked for in this session's last link (once: the page says if it is beyond the end)."""
    asked = st.session_state.pop(ASKED_STEP, None)
    return asked if isinstance(asked, int) else None


def view_query(viewer: int | None) -> dict[str, str]:
    """The address's ``view`` (and ``seat``) of a view: None is the review."""
    return {"view": "review"} if viewer is None else {"view": "seat", "seat": str(viewer)}


def shown(keys: tuple[str, ...]) -> dict[str, str]:
    """What the address of a page whose address holds ``keys`` says now, from session state: the open deal and
    step, the Replay page's view (a page about no deal, or no deal open: the language alone)."""
    query = {"lang": lang()}
    deal_id = st.session_state.get("deal_id")
    if "deal" not in keys or not isinstance(deal_id, int):
        return query
    query["deal"] = str(deal_id)
    if "step" in keys:
        query["step"] = str(int(st.session_state.get("step", 0)))
    if "view" in keys:
        viewer = st.session_state.get(VIEWER, REVIEW)
        query.update(view_query(None if viewer == REVIEW or not isinstance(viewer, int) else viewer))
    line = st.session_state.get(LINE)
    if "line" in keys and st.session_state.get(LINE_DEAL) == deal_id:
        if line == "ruled":
            query["line"] = "ruled"
        elif isinstance(line, int) and not isinstance(line, bool):
            query["var"] = str(line)
    return query


def narrow(keys: tuple[str, ...]) -> None:
    """This run's page shows less than its address usually holds (the dispute desk's pasted log: no stored deal):
    the next ``show`` writes only ``keys``."""
    st.session_state[NARROW] = keys


def show(keys: tuple[str, ...]) -> None:
    """Write what a page whose address holds ``keys`` shows into the address (``shown``); the keys of this module
    it does not hold are taken out, so the address says only what the page shows."""
    narrowed = st.session_state.pop(NARROW, None)
    wanted = shown(keys if narrowed is None else tuple(k for k in keys if k in narrowed))
    now = _now()
    if now != wanted:
        for k in KEYS:
            if k in now and k not in wanted:
                del st.query_params[k]
        changed = {k: v for k, v in wanted.items() if now.get(k) != v}
        if changed:
            st.query_params.update(changed)
    st.session_state[SEEN] = wanted


def link(deal_id: int, step: int | None = None, extra: Mapping[str, str] | None = None) -> dict[str, str]:
    """The query of a link to a deal (and a step) in the chosen language: for ``st.page_link(query_params=...)``."""
    query = {"deal": str(int(deal_id))}
    if step is not None:
        query["step"] = str(int(step))
    query.update(extra or {})
    query["lang"] = lang()
    return query
