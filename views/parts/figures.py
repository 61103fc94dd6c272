"""The shapes the dashboard's plotly figures share (pure values, no Streamlit): the line marking the
current step, and the bands that tell rounds (or tricks) apart."""

from __future__ import annotations

from typing import Any

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
