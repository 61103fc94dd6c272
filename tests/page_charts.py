"""The charts a page drew, as AppTest sees them, whichever way ``views.parts.figures.show`` drew them: with
plotly.js's basic bundle (the ``views.parts.plotly_basic`` component: the figure's JSON in its data) or by
``st.plotly_chart`` (where the bundle is not installed, or a figure needs a trace it lacks). Tests read the figures
through these, never through one element type."""

from __future__ import annotations

import json
from typing import Any

from views.parts import plotly_basic


def _ours(node: Any) -> list[dict[str, Any]]:
    """The data of each chart component under ``node`` (an AppTest or one of its blocks)."""
    return [
        json.loads(el.proto.json)
        for el in node.get("bidi_component")
        if el.proto.component_name.endswith(plotly_basic.NAME)
    ]


def specs(node: Any) -> list[str]:
    """Each chart's figure as the JSON text sent to the browser."""
    return [data["figure"] for data in _ours(node)] + [el.proto.spec for el in node.get("plotly_chart")]


def figures(node: Any) -> list[dict[str, Any]]:
    """Each chart's figure, parsed."""
    return [json.loads(spec) for spec in specs(node)]


def configs(node: Any) -> list[dict[str, Any]]:
    """Each chart's plotly config."""
    return [data["config"] for data in _ours(node)] + [json.loads(el.proto.config) for el in node.get("plotly_chart")]
