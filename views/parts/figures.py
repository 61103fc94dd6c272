"""What the dashboard's plotly figures share: the line marking the current step and the bands that tell rounds
(or tricks) apart (pure values), and ``show``, the one way a page draws a figure: with plotly's own export in its
tool bar (the camera button downloads the chart as a PNG named after the deal and the chart, ``chart_config``), and
without plotly's logo."""

from __future__ import annotations

from typing import Any

import streamlit as st

from views.parts.downloads import file_name

STEP_LINE = {"width": 2, "dash": "dash", "color": "#f97316"}  # the step (or event) shown on the table
BAND_FILL = "rgba(100,116,139,0.10)"


def step_line(x: float, line: dict[str, Any] | None = None) -> dict[str, Any]:
    """A vertical line across the figure at ``x`` (the current step's, unless ``line`` styles it)."""
    return {
        "type": "line",
        "xref": "x",
        "yref": "paper",
        "x0": x,
        "x1": x,
        "y0": 0,
        "y1": 1,
        "line": dict(line or STEP_LINE),
    }


def band(x0: float, x1: float) -> dict[str, Any]:
    """A shaded band from ``x0`` to ``x1`` below the traces (every other round or trick)."""
    return {
        "type": "rect",
        "xref": "x",
        "yref": "paper",
        "x0": x0,
        "x1": x1,
        "y0": 0,
        "y1": 1,
        "fillcolor": BAND_FILL,
        "line": {"width": 0},
        "layer": "below",
    }


PNG_SCALE = 2  # the PNG's pixels per pixel on the page: sharp on a phone's screen and in print


def chart_config(*name: object) -> dict[str, Any]:
    """plotly's config of a figure on a page: the tool bar's camera button saves a PNG named ``fupan-<name>.png``
    (``name``'s parts: the deal and the chart, as ASCII), no plotly logo."""
    return {
        "toImageButtonOptions": {
            "format": "png",
            "filename": file_name(*name, suffix="png").removesuffix(".png"),
            "scale": PNG_SCALE,
        },
        "displaylogo": False,
    }


def show(fig: Any, *name: object, where: Any = st, **kwargs: Any) -> Any:
    """Draw ``fig`` (in ``where``: the page by default) with ``chart_config(*name)``; ``kwargs`` go to
    ``st.plotly_chart`` (a key, a selection callback, the width). Returns what it returns."""
    return where.plotly_chart(fig, config=chart_config(*name), **kwargs)
