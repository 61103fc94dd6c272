"""A page's sections as tabs of which only the one shown runs (issue 35: every page in a second, in a fresh browser
too).

Streamlit's tabs run and send every tab's content, drawn by the browser though hidden; a long page (the Players
page: a table, four charts, three more tables) pays for all of it before its first screen shows. ``lazy_tabs``
asks Streamlit for tabs that track which one is shown (``on_change``): a click on another tab reruns the page,
and only the section shown runs. Which section is shown is remembered by its id, not by its words, so that it
stays shown when the language changes (``open_key``: where; a test opens a section by setting it).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, NamedTuple

import streamlit as st

from views.parts.common import lang, t


class Section(NamedTuple):
    """One tab of a page: its id (remembered while the page is shown) and its words in Chinese and English."""

    id: str
    zh: str
    en: str


def open_key(key: str) -> str:
    """The session state's key holding the id of the section shown of the tabs ``key``."""
    return f"{key}_open"


def lazy_tabs(key: str, sections: Sequence[Section]) -> dict[str, Any]:
    """Tabs of ``sections`` (the first shown at first): each section's id to its tab's container when it is the tab
    shown, else to None (the caller draws that section only when it has a container)."""
    labels = {s.id: t(s.zh, s.en) for s in sections}
    shown = st.session_state.get(open_key(key))
    if shown not in labels:
        shown = sections[0].id
    widget = f"{key}_{lang()}"  # the words of the tabs are the widget's value: one per language
    tabs = st.tabs(list(labels.values()), key=widget, default=labels[shown], on_change="rerun")
    out = {s.id: tab if tab.open else None for s, tab in zip(sections, tabs, strict=True)}
    st.session_state[open_key(key)] = next((id_ for id_, tab in out.items() if tab is not None), sections[0].id)
    return out


def draw_shown(shown: Mapping[str, Any], draws: Mapping[str, Callable[[], None]]) -> None:
    """Draw the section shown: in its tab's container (``shown``, from ``lazy_tabs``), with its function in
    ``draws`` (by section id); the other sections' functions are not called."""
    for id_, draw in draws.items():
        if (tab := shown.get(id_)) is not None:
            with tab:
                draw()
