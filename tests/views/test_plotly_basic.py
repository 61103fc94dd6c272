"""views.parts.plotly_basic (issue 35: a page with charts within 2 s in a fresh browser): the dashboard's charts drawn
with plotly.js's basic bundle, installed by make from the npm registry at the version web/package-lock.json pins.

- the bundle pinned (with its integrity) at the plotly.js version of the ``plotly`` package that builds the figures;
  under CI make has installed it, byte for byte the package's file;
- ``figures.show`` draws a figure of scatter, bar and pie traces with the component (the figure's JSON, the config,
  the height and whether a click selects in its data; nothing of Streamlit's plotly element), any other figure and
  every figure without the bundle with ``st.plotly_chart``, the same config either way.

tests/views/browser/ sees the charts drawn in Chromium (test_e2e_links.py clicks a point of the Timeline drawn this
way; test_e2e_prefetch.py sees the bundle fetched once)."""

from __future__ import annotations

import json
import os
from pathlib import Path

import page_charts
import plotly.graph_objects as go
import plotly.offline
import pytest
from paths import ROOT
from streamlit.testing.v1 import AppTest

from views.parts import plotly_basic

PACKAGE = "plotly.js-basic-dist-min"


def test_the_bundle_is_pinned_with_its_integrity_at_the_figures_plotly_js_version() -> None:
    wanted = json.loads((ROOT / "web" / "package.json").read_text(encoding="utf-8"))["dependencies"][PACKAGE]
    locked = json.loads((ROOT / "web" / "package-lock.json").read_text(encoding="utf-8"))
    entry = locked["packages"][f"node_modules/{PACKAGE}"]
    assert entry["version"] == wanted and entry["integrity"].startswith("sha512-")
    # the figures are built by the plotly package for its own plotly.js: the same major version draws them
    assert wanted.split(".")[0] == plotly.offline.get_plotlyjs_version().split(".")[0]


@pytest.mark.skipif(os.environ.get("CI") != "true", reason="make installs the bundle where npm is (CI has it)")
def test_make_installed_the_bundle_where_streamlit_serves_it() -> None:
    assert plotly_basic.BUNDLE == ROOT / "static" / plotly_basic.FILE
    installed = ROOT / "web" / "node_modules" / PACKAGE / plotly_basic.FILE
    assert plotly_basic.BUNDLE.read_bytes() == installed.read_bytes()
    assert "enableStaticServing = true" in (ROOT / ".streamlit" / "config.toml").read_text(encoding="utf-8")


def _page(kind: str) -> None:
    import plotly.graph_objects as go

    from views.parts.figures import show

    if kind == "bars":
        fig = go.Figure(go.Bar(x=["a", "b"], y=[1, 2], name="<b>x</b>"))
        fig.update_layout(height=320)
        show(fig, "deal7", "bars")
    elif kind == "lines":
        show(go.Figure(go.Scatter(x=[0, 1], y=[2, 3], mode="lines")), "deal7", "lines", on_select=lambda: None, key="c")
    else:
        show(go.Figure(go.Heatmap(z=[[1, 2], [3, 4]])), "deal7", "heat")


def _run(kind: str) -> AppTest:
    at = AppTest.from_function(_page, kwargs={"kind": kind}, default_timeout=60).run()
    assert not at.exception, [e.value for e in at.exception]
    return at


@pytest.fixture
def bundled(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """The bundle as installed, whether or not make ran here."""
    fake = tmp_path / plotly_basic.FILE
    fake.write_text("/* plotly */", encoding="utf-8")
    monkeypatch.setattr(plotly_basic, "BUNDLE", fake)


def _ours(at: AppTest) -> list[dict[str, object]]:
    return [
        json.loads(c.proto.json) for c in at.get("bidi_component") if c.proto.component_name.endswith(plotly_basic.NAME)
    ]


def test_a_figure_of_basic_traces_is_drawn_by_the_component(bundled: None) -> None:
    at = _run("bars")
    [data] = _ours(at)
    assert not at.get("plotly_chart")
    assert data["src"] == plotly_basic.ADDRESS and data["height"] == 320 and data["select"] is False
    figure = json.loads(str(data["figure"]))
    assert [t["type"] for t in figure["data"]] == ["bar"] and figure["data"][0]["name"] == "<b>x</b>"
    assert figure["layout"]["legend"]["orientation"] == "h"  # figures.show's legend below the plot
    config = data["config"]
    assert isinstance(config, dict) and config["displaylogo"] is False
    assert config["showSendToCloud"] is False  # plotly.js 4 would offer to upload the figure to its cloud
    assert config["toImageButtonOptions"]["filename"] == "fupan-deal7-bars"
    assert page_charts.figures(at) == [figure] and page_charts.configs(at) == [config]


def test_a_chart_that_selects_says_so_and_takes_the_default_height(bundled: None) -> None:
    [data] = _ours(_run("lines"))
    assert data["select"] is True and data["height"] == plotly_basic.DEFAULT_HEIGHT


def test_a_trace_the_bundle_lacks_is_drawn_by_streamlit(bundled: None) -> None:
    at = _run("heat")
    assert not _ours(at) and len(at.get("plotly_chart")) == 1
    assert page_charts.configs(at)[0]["toImageButtonOptions"]["filename"] == "fupan-deal7-heat"


def test_without_the_bundle_every_chart_is_drawn_by_streamlit(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(plotly_basic, "BUNDLE", None)
    for kind in ("bars", "lines"):
        at = _run(kind)
        assert not _ours(at) and len(at.get("plotly_chart")) == 1
    assert json.loads(at.get("plotly_chart")[0].proto.spec)["data"][0]["type"] == "scatter"


def test_fits_names_the_basic_traces_only() -> None:
    assert plotly_basic.fits(go.Figure([go.Scatter(y=[1]), go.Bar(y=[1]), go.Pie(values=[1])]))
    assert not plotly_basic.fits(go.Figure([go.Scatter(y=[1]), go.Scattergl(y=[1])]))
