"""Downloads of the dashboard's tables: CSV files a spreadsheet program opens as they are shown.

- ``csv_bytes(frame)``: the table as CSV, UTF-8 with a byte order mark (so that Excel and WPS read the
  Chinese), the columns as the page names them (in the chosen language). A text cell that a spreadsheet would
  read as a formula (it begins with ``=``, ``+``, ``-``, ``@``, a tab or a carriage return: a player's name
  from a log may) is written with an apostrophe before it, which the spreadsheet shows as text; numbers are
  written as they are.
- ``csv_button(data, name, key)``: a download button for it (``data`` a DataFrame, or a function making one when
  the button is pressed, for a table that may be large: the Library's every filtered deal). Pressing it does not
  run the page again.
- ``file_name(*parts)``: an ASCII file name from its parts (``fupan-deal12-scoring.csv``).
- ``deal_csv(frame, what)``: a table of the open deal, named after it.
- ``report_button(deal_id, rep)``: the Replay page's download of the deal's HTML report.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import pandas as pd
import streamlit as st

from replay.replay import Replay
from views.parts.common import coach_of, decisions_stored, lang
from views.parts.deal_report import report_html
from views.parts.texts import t

BOM = "\ufeff"
_FORMULA = ("=", "+", "-", "@", "\t", "\r")


def _cell(value: Any) -> Any:
    """A text cell a spreadsheet would read as a formula, made plain text; any other value as it is."""
    if isinstance(value, str) and value.startswith(_FORMULA):
        return "'" + value
    return value


def csv_text(frame: pd.DataFrame, index: bool = False) -> str:
    """The table as CSV text (with its index when ``index``: a table whose rows are named by it)."""
    safe = frame.copy()
    for col in safe.columns:
        if safe[col].dtype == object or pd.api.types.is_string_dtype(safe[col]):
            safe[col] = safe[col].map(_cell)
    if index:
        safe.index = safe.index.map(_cell)
    safe.columns = [_cell(str(c)) for c in safe.columns]
    return safe.to_csv(index=index, lineterminator="\r\n")


def csv_bytes(frame: pd.DataFrame, index: bool = False) -> bytes:
    """The table as a CSV file: UTF-8 with a byte order mark."""
    return (BOM + csv_text(frame, index)).encode("utf-8")


_UNSAFE = re.compile(r"[^A-Za-z0-9._-]+")


def file_name(*parts: object, suffix: str = "csv") -> str:
    """``fupan-<parts>.<suffix>``: each part cut to ASCII letters, digits, dots, dashes and underscores."""
    words = [_UNSAFE.sub("-", str(p)).strip("-") for p in ("fupan", *parts)]
    return "-".join(w for w in words if w) + f".{suffix}"


def csv_button(
    data: pd.DataFrame | Callable[[], pd.DataFrame],
    name: str,
    key: str,
    label: str | None = None,
    index: bool = False,
    where: Any = st,
) -> None:
    """A button downloading the table ``data`` (or the one ``data()`` makes when pressed) as ``name``."""
    if callable(data):
        make = data

        def content() -> bytes:
            return csv_bytes(make(), index)

        payload: bytes | Callable[[], bytes] = content
    else:
        payload = csv_bytes(data, index)
    where.download_button(
        label or t("下载表格（CSV）", "Download the table (CSV)"),
        data=payload,
        file_name=name,
        mime="text/csv",
        key=key,
        on_click="ignore",
        icon=":material/download:",
    )


def deal_csv(frame: pd.DataFrame, what: str, index: bool = False, where: Any = st) -> None:
    """A table of the open deal as CSV, ``fupan-deal<id>-<what>.csv`` (for the parts a page shares, which are not
    given the deal's id)."""
    deal_id = st.session_state.get("deal_id")
    csv_button(frame, file_name(f"deal{deal_id}", what), key=f"csv_{what}", index=index, where=where)


def report_button(deal_id: int, rep: Replay, where: Any = st) -> None:
    """The Replay page's download of the open deal's report (``views.parts.deal_report``: one HTML file, in the
    chosen language): its meta, rule check, the referee's decisions, score and the coach's findings."""
    try:
        decisions = [s.decision for s in decisions_stored(deal_id)]
    except Exception:  # the library cannot be read just now: the report without the referee's decisions
        decisions = []
    html = report_html(deal_id, rep, coach_of(deal_id), decisions, lang())
    where.download_button(
        t("下载牌局报告（HTML）", "Download the deal's report (HTML)"),
        data=html.encode("utf-8"),
        file_name=file_name(f"deal{deal_id}", "report", suffix="html"),
        mime="text/html",
        key="replay_report",
        on_click="ignore",
        icon=":material/download:",
    )
