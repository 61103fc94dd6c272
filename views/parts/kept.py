"""Widget values kept while their widgets are not drawn (issue 35: a fresh page draws only what it shows).

Streamlit forgets a widget's state at the end of a run that did not draw it: the Library's filters folded away, the
Coach page's filters while its other tab is shown. A page keeps such values under one session-state key of its own
(``store``): ``value`` reads a widget's value (its state while it is drawn, else the value kept), ``restore`` puts
the kept values back before the widgets are drawn again, and ``keep`` records them after each run that reads them.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import streamlit as st


def value(key: str, store: str) -> Any:
    """The widget ``key``'s value: its state while it is drawn, else the one kept under ``store`` (None if none)."""
    if key in st.session_state:
        return st.session_state[key]
    return dict(st.session_state.get(store) or {}).get(key)


def restore(keys: Iterable[str], store: str) -> None:
    """Before the widgets ``keys`` are drawn again: each one not drawn at the last run gets its kept value back."""
    for key in keys:
        if key not in st.session_state and (was := value(key, store)) is not None:
            st.session_state[key] = was


def keep(keys: Iterable[str], store: str) -> None:
    """Record the widgets' values under ``store`` (after the run drew or restored them)."""
    st.session_state[store] = {key: value(key, store) for key in keys}
