"""The dashboard's warm-up (issue 35): work a page would wait for, started early in background threads.

- ``open_soon``: the library opened (``data.database.open_db``: its schema looked at, SQLite's ``quick_check``)
  while the server's first run imports the pages' code; ``opened`` hands that engine to
  ``views.parts.common.engine`` (or the error it raised, once), when the library asked for is still the one
  ``FUPAN_DB`` named then.
- ``import_soon``: the modules of the pages not shown yet imported after the first page is drawn, and plotly's and
  pandas' own lazy imports made (a small figure as JSON, a frame of text as CSV), so the first click on another
  page pays no import; ``views.parts.serve`` (``make run``) also imports the first page's code as the server starts.

Each is done once per server process; this module imports nothing heavy itself (the thread does).
"""

from __future__ import annotations

import importlib
import logging
import os
import threading
import time
from collections.abc import Iterable
from concurrent.futures import Future
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from sqlalchemy.engine import Engine

_LOG = logging.getLogger("fupan.dashboard")
_LOCK = threading.Lock()
# the library being opened early: (the url asked for, FUPAN_DB then) -> the engine to come
_OPENING: dict[tuple[str | None, str | None], Future[Engine]] = {}
_STARTED: set[str] = set()  # what was started once already: "open", "import pages", ...


def _once(what: str) -> bool:
    """True the first time ``what`` is asked for in this process."""
    with _LOCK:
        if what in _STARTED:
            return False
        _STARTED.add(what)
        return True


def open_soon(url: str | None = None) -> threading.Thread | None:
    """Open the library at ``url`` (None: ``FUPAN_DB``, else the default file) in a background thread, once per
    process (the thread; None when it was started already)."""
    if not _once("open"):
        return None
    key = (url, os.environ.get("FUPAN_DB"))
    found: Future[Engine] = Future()
    _OPENING[key] = found

    def run() -> None:
        try:
            from data.database import open_db

            found.set_result(open_db(url))
        except BaseException as exc:  # handed to the page that asks (``opened``), said there
            found.set_exception(exc)

    thread = threading.Thread(target=run, name="fupan-open-library", daemon=True)
    thread.start()
    return thread


def opened(url: str | None = None) -> Engine | None:
    """The engine ``open_soon`` opened for ``url`` (waiting for it; raising what opening it raised), once; None
    when none was opened early for it (or ``FUPAN_DB`` has changed since)."""
    with _LOCK:
        found = _OPENING.pop((url, os.environ.get("FUPAN_DB")), None)
    return None if found is None else found.result()


AFTER_S = 3.0  # import_soon waits this long first: the browser draws the first page meanwhile, on the same cores


def import_soon(
    modules: Iterable[str], after: float = AFTER_S, what: str = "pages", exercise: bool = True
) -> threading.Thread | None:
    """Import ``modules`` in a background thread, ``after`` seconds from now, then (``exercise``) make plotly's and
    pandas' lazy imports, once per process and ``what`` (the thread; None when it was started already). A module
    that fails to import is left to its page (a page shown meanwhile imports its own module itself)."""
    if not _once(f"import {what}"):
        return None
    names = list(modules)

    def run() -> None:
        time.sleep(after)
        for name in names:
            try:
                importlib.import_module(name)
            except Exception as exc:  # the page importing it says it
                _LOG.warning("fupan: warming up %s: %s", name, exc)
        if exercise:
            _exercise()

    thread = threading.Thread(target=run, name="fupan-import-pages", daemon=True)
    thread.start()
    return thread


def _exercise() -> None:
    """What the first chart and the first table of text pay once per process: plotly's graph objects and
    validators, its JSON, pandas' text arrays (each imported when first used)."""
    import pandas as pd
    import plotly.graph_objects as go

    fig = go.Figure()
    fig.add_scatter(x=[0, 1], y=[1, 0], mode="lines+markers", name="a", hovertemplate="%{y}")
    fig.add_bar(x=["a", "b"], y=[1, 2], name="b")
    fig.add_vline(x=0.5)
    fig.add_shape(type="rect", x0=0, x1=1, y0=0, y1=1, xref="x", yref="paper", layer="below")
    fig.update_layout(xaxis={"title": "x"}, yaxis={"title": "y"}, legend={"orientation": "h"}, barmode="stack")
    fig.to_json()
    pd.DataFrame([[1, "a", None], [2, "b", "c"]], columns=["n", "s", "t"]).to_csv()
