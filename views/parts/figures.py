"""What the dashboard's plotly figures share: the line marking the current step and the bands that tell rounds
(or tricks) apart (pure values), and ``show``, the one way a page draws a figure (with plotly.js's basic bundle,
``views.parts.plotly_basic``, where it is installed): with plotly's own export in its tool bar (the camera button
downloads the chart as a PNG named after the deal and the chart, ``chart_config``), without plotly's logo or its
cloud, and its legend below the plot, clear of the tool bars."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import streamlit as st

from views.parts import plotly_basic
from views.parts.downloads import file_name
from views.parts.texts import lang

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


#: Plotly's own words (its toolbar's buttons and notices) in Chinese: Plotly looks each English text up in the
#: dictionary of the figure's locale (``config.locales``), so no locale file need be loaded.
PLOTLY_ZH = {
    "Fullscreen": "全屏",  # Streamlit's own button on Plotly's toolbar
    "Close fullscreen": "退出全屏",
    "Exit fullscreen": "退出全屏",
    "Autoscale": "自动缩放",
    "Box Select": "框选",
    "Lasso Select": "套索选择",
    "Download plot as a PNG": "下载为 PNG 图片",
    "Download plot as a png": "下载为 PNG 图片",
    "Download plot": "下载图片",
    "Download plot as JSON": "下载为 JSON",
    "Pan": "平移",
    "Reset": "重置",
    "Reset axes": "重置坐标轴",
    "Reset view": "重置视图",
    "Reset views": "重置视图",
    "Zoom": "缩放",
    "Zoom in": "放大",
    "Zoom out": "缩小",
    "Compare data on hover": "悬停时比较数据",
    "Show closest data on hover": "悬停时显示最近的数据",
    "Toggle show closest data on hover": "切换悬停时显示最近的数据",
    "Toggle Spike Lines": "显示或隐藏辅助线",
    "Double-click to zoom back out": "双击还原",
    "Taking snapshot - this may take a few seconds": "正在生成图片，请稍候",
    "Snapshot succeeded": "图片已生成",
    "Sorry, there was a problem downloading your snapshot!": "抱歉，图片下载失败",
    "Click to enter Plot title": "点击输入图表标题",
    "Click to enter X axis title": "点击输入横轴标题",
    "Click to enter Y axis title": "点击输入纵轴标题",
    "Click to enter Colorscale title": "点击输入色阶标题",
    "trace": "数据",
    "new text": "新文本",
}


def plotly_locale(lang: str) -> dict[str, Any]:
    """The Plotly configuration of a chart shown in ``lang``: in Chinese, Plotly's toolbar and notices in Chinese."""
    if lang != "zh":
        return {}
    return {"locale": "zh-CN", "locales": {"zh-CN": {"dictionary": dict(PLOTLY_ZH)}}}


PNG_SCALE = 2  # the PNG's pixels per pixel on the page: sharp on a phone's screen and in print


def chart_config(*name: object) -> dict[str, Any]:
    """plotly's config of a figure on a page: the tool bar's camera button saves a PNG named ``fupan-<name>.png``
    (``name``'s parts: the deal and the chart, as ASCII), no plotly logo, no button that shares the figure through
    plotly's cloud, its words in the chosen language."""
    return {
        "toImageButtonOptions": {
            "format": "png",
            "filename": file_name(*name, suffix="png").removesuffix(".png"),
            "scale": PNG_SCALE,
        },
        "displaylogo": False,
        # plotly.js 4's own "Share chart..." button, on by default, uploads the figure to plotly's cloud service: a
        # deal's names and cards never leave the dashboard that way
        "showSendToCloud": False,
        **plotly_locale(lang()),
    }


#: Where every figure's legend goes: in a row along the figure's bottom, under the x axis and its title (plotly makes
#: room for it), so that neither plotly's tool bar nor Streamlit's (both at the figure's top right) covers it.
LEGEND_BELOW = {"orientation": "h", "yref": "container", "y": 0, "yanchor": "bottom", "x": 0, "xanchor": "left"}


def show(
    fig: Any,
    *name: object,
    key: str | None = None,
    on_select: Callable[[], None] | None = None,
) -> Any:
    """Draw ``fig`` on the page with ``chart_config(*name)``, its legend below it (``LEGEND_BELOW``), the width of
    the page's column: with plotly.js's basic bundle (``views.parts.plotly_basic``) where it is installed and draws
    every trace, else with ``st.plotly_chart``. ``on_select`` is called when a point is clicked, the points then
    under ``st.session_state[key]["selection"]["points"]`` either way. Returns what draws it returns."""
    fig.update_layout(legend=LEGEND_BELOW)
    config = chart_config(*name)
    if plotly_basic.BUNDLE is not None and plotly_basic.fits(fig):
        return plotly_basic.draw(fig, config, key=key, on_select=on_select)
    return st.plotly_chart(
        fig, config=config, key=key, width="stretch", on_select=on_select or "ignore", selection_mode="points"
    )
