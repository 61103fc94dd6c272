"""The dashboard's pages by url path: the one registry that ``app.py`` builds ``st.navigation`` from and
that a page links to another page through (a page never imports another page).

The url paths are public (links in chat groups point at them): the Library at the root ``/`` (Streamlit serves
its default page there only), ``/replay``, ``/timeline``, ``/scoring``, ``/coach``, ``/evaluation``, ``/dispute``,
``/players``; their query is ``views.parts.address``'s.
A page is the module ``views.pages.<module>`` with a ``render()``, imported when the page is first drawn (the
server's first page imports its own code only); the link's page object runs it when followed outside
``st.navigation`` (under the tests' AppTest), and is the registered page otherwise (Streamlit knows a page by
its url path).
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import streamlit as st

from views.parts import address
from views.parts.texts import t


@dataclass(frozen=True)
class PageEntry:
    """One page: its url path, its module under ``views.pages`` and its title in both languages."""

    url_path: str
    module: str
    zh: str
    en: str
    query: tuple[str, ...] = ()  # what the page's address holds beside the language (``views.parts.address``)
    default: bool = False
    charts: bool = False  # it draws plotly charts (their script is fetched as it opens: ``views.parts.prefetch``)

    def title(self) -> str:
        return t(self.zh, self.en)


LIBRARY, REPLAY, TIMELINE, SCORING = "library", "replay", "timeline", "scoring"
COACH, EVALUATION, DISPUTE, PLAYERS = "coach", "evaluation", "dispute", "players"
SEASON = "season"

PAGES: tuple[PageEntry, ...] = (
    PageEntry(LIBRARY, "library", "牌局库", "Library", default=True),
    PageEntry(REPLAY, "replay", "复盘", "Replay", ("deal", "step", "view", "line")),
    PageEntry(TIMELINE, "timeline", "时间线", "Timeline", ("deal", "step", "line"), charts=True),
    PageEntry(SCORING, "scoring", "计分", "Scoring", ("deal",), charts=True),
    PageEntry(COACH, "coach", "教练", "Coach", ("deal", "step")),
    PageEntry(EVALUATION, "evaluation", "评估", "Evaluation", ("deal", "step"), charts=True),
    PageEntry(DISPUTE, "dispute", "争议台", "Dispute desk", ("deal", "step")),
    PageEntry(PLAYERS, "players", "牌手", "Players", charts=True),
    PageEntry(SEASON, "season", "赛季", "Season", charts=True),
)
BY_URL = {p.url_path: p for p in PAGES}


def _runner(module: str) -> Callable[[], None]:
    """A callable that draws page ``views.pages.<module>`` (imported when it is drawn, by name)."""

    def run() -> None:
        importlib.import_module(f"views.pages.{module}").render()

    run.__name__ = module
    return run


def page(url_path: str, render: Callable[[], None] | None = None) -> Any:
    """The ``st.Page`` of the page at ``url_path``: drawn by ``render``, or by its module looked up by name (and
    imported then)."""
    entry = BY_URL[url_path]
    return st.Page(render or _runner(entry.module), title=entry.title(), url_path=entry.url_path, default=entry.default)


def page_link(
    url_path: str,
    label: str | None = None,
    icon: str | None = None,
    where: Any = st,
    query: dict[str, str] | None = None,
) -> None:
    """A link to the page at ``url_path`` (in ``where``: a column, say; the page itself by default), its address
    holding ``query`` (the open deal and the language by default, ``address.shown``)."""
    entry = BY_URL[url_path]
    where.page_link(
        page(url_path), label=label, icon=icon, query_params=address.shown(entry.query) if query is None else query
    )


def replay_link(label: str | None = None) -> None:
    """A link to the Replay page at the open step, as the timeline, coach and evaluation pages show it."""
    page_link(REPLAY, label=label or t("到“复盘”页查看", "See it on the Replay page"), icon=":material/replay:")


def step_link(deal_id: int, step: int, label: str, where: Any = st) -> None:
    """A link to one step of a deal on the Replay page (``/replay?deal=12&step=40&lang=zh``): a finding's, a
    ruling's, a decision's."""
    page_link(REPLAY, label=label, icon=":material/replay:", where=where, query=address.link(deal_id, step))
