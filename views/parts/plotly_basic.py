"""The dashboard's charts drawn with plotly.js's basic bundle (issue 35: every page in a second, in a fresh browser
too).

Streamlit's ``st.plotly_chart`` draws with a script of its own that holds plotly.js in full (4.7 MB): a browser that
has not met it yet fetches it and then runs it for 0.65-0.69 s at idle before the first chart shows, which put every
page with a chart over 2 s in a fresh browser (docs/performance.md). The dashboard draws only scatter, bar and pie
traces (``TRACES``), which plotly's own basic bundle holds (1.2 MB, the same plotly.js version as the ``plotly``
package that builds the figures). ``make`` installs it from the npm registry at the version ``web/package-lock.json``
pins (npm checks its integrity) and copies it into ``static/``, which Streamlit serves as the app's static files
(``.streamlit/config.toml``: ``server.enableStaticServing``). Where it is not there (no npm when the dashboard was
installed), ``BUNDLE`` is None and the charts are drawn by ``st.plotly_chart`` as before: slower in a fresh
browser, the same figures.

``draw`` mounts a small component (``st.components.v2``, in the page's own document, not an iframe) whose script
loads the bundle once per page load (a ``<script>`` element: the bundle sets ``window.Plotly``) and draws the figure
with ``Plotly.react``, in the page's font and text colour, resized with the page, once the chart comes within 200 px
of the window (a chart below the first screen is drawn when scrolled to, not while the page loads). A click on a
point sends its x and y (and curve and point numbers) as the trigger value ``selection`` in the form
``st.plotly_chart`` gives a points selection (``{"points": [...]}`` under the key's ``selection``), so a page's
``on_select`` callback reads it the same way. Nothing from a user reaches the component's code: its data are the figure (as JSON, which the
script parses, never runs) and the bundle's address.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import streamlit as st

NAME = "fupan_chart"
ROOT = Path(__file__).resolve().parents[2]  # where app.py is: Streamlit serves its static/ folder
FILE = "plotly-basic.min.js"
#: The bundle's address relative to any page of the dashboard (pages sit one level under the app's base address).
ADDRESS = f"app/static/{FILE}"
#: The trace types plotly.js's basic bundle draws; a figure with another type is drawn by ``st.plotly_chart``.
TRACES = frozenset({"scatter", "bar", "pie"})
DEFAULT_HEIGHT = 450  # plotly's own, for a figure that sets none


def bundle() -> Path | None:
    """The basic bundle under ``static/`` where ``make`` installed it, else None."""
    path = ROOT / "static" / FILE
    return path if path.is_file() and path.stat().st_size > 0 else None


BUNDLE = bundle()

#: Loads a script once per page load, shared by every component that includes it (``window.__fpScripts``).
LOADER_JS = """
const loads = (window.__fpScripts = window.__fpScripts || new Map());

// the bundle, once per page load (a failed load is tried again by the next chart)
function loadScript(src) {
  let promise = loads.get(src);
  if (!promise) {
    promise = new Promise((resolve, reject) => {
      const s = document.createElement("script");
      s.src = src;
      s.async = true;
      s.onload = resolve;
      s.onerror = () => { loads.delete(src); s.remove(); reject(new Error("could not load " + src)); };
      document.head.appendChild(s);
    });
    loads.set(src, promise);
  }
  return promise;
}
"""

_JS = (
    LOADER_JS
    + r"""
// Streamlit's look for a chart, in the page's font and colours, where the figure sets none: small grey words, faint
// grid lines, no zero line, a transparent background, margins no wider than the axes' words need
function themed(layout, host) {
  const style = getComputedStyle(host);
  const rgb = (style.color.match(/\d+(\.\d+)?/g) || ["49", "51", "63"]).slice(0, 3).join(", ");
  const faded = `rgba(${rgb}, 0.6)`;
  const out = Object.assign({}, layout);
  out.font = Object.assign({ family: style.fontFamily, color: faded, size: 12 }, layout.font || {});
  out.paper_bgcolor = layout.paper_bgcolor || "rgba(0,0,0,0)";
  out.plot_bgcolor = layout.plot_bgcolor || "rgba(0,0,0,0)";
  out.margin = Object.assign({ l: 0, r: 0, t: 24, b: 0, pad: 8 }, layout.margin || {});
  out.hoverlabel = Object.assign({ font: { family: style.fontFamily, size: 14 } }, layout.hoverlabel || {});
  for (const name of Object.keys(layout).concat(["xaxis", "yaxis"])) {
    if (!/^[xy]axis\d*$/.test(name)) continue;
    out[name] = Object.assign(
      { gridcolor: `rgba(${rgb}, 0.08)`, zeroline: false, automargin: true, linecolor: `rgba(${rgb}, 0.2)` },
      layout[name] || {},
    );
  }
  out.autosize = true;
  delete out.width;
  return out;
}

function pointOf(p) {
  const out = { curve_number: p.curveNumber, point_number: p.pointNumber, point_index: p.pointIndex, x: p.x, y: p.y };
  if (p.customdata !== undefined) out.customdata = p.customdata;
  return out;
}

// ``draw`` once ``div`` comes near the window (a chart below the first screen is drawn when scrolled to, not while
// the page is loading), then at every run that changes its figure
function whenNear(div, draw) {
  div.__fpDraw = draw;
  if (div.__fpNear || !("IntersectionObserver" in window)) { draw(); return; }
  if (div.__fpWatch) return;
  div.__fpWatch = new IntersectionObserver((entries) => {
    if (!entries.some((e) => e.isIntersecting)) return;
    div.__fpWatch.disconnect();
    div.__fpNear = true;
    div.__fpDraw();
  }, { rootMargin: "200px 0px" });
  div.__fpWatch.observe(div);
}

export default function (component) {
  const { data, parentElement, setTriggerValue } = component;
  let div = parentElement.querySelector(":scope > .fp-chart");
  if (!div) {
    div = document.createElement("div");
    div.className = "fp-chart";
    div.style.width = "100%";
    parentElement.appendChild(div);
  }
  div.__fpSelect = data.select ? setTriggerValue : null;
  div.style.height = data.height + "px";
  const config = Object.assign({ responsive: true }, data.config);
  let gone = false;
  whenNear(div, () => loadScript(new URL(data.src, document.baseURI).href).then(() => {
    if (gone) return;
    const figure = JSON.parse(data.figure);
    return window.Plotly.react(div, figure.data || [], themed(figure.layout || {}, parentElement), config).then(() => {
      if (div.__fpClicks) return;
      div.__fpClicks = true;
      div.on("plotly_click", (event) => {
        if (div.__fpSelect) div.__fpSelect("selection", { points: event.points.map(pointOf) });
      });
    });
  }).catch((error) => {
    div.textContent = String(error && error.message ? error.message : error);
  }));
  return () => {
    gone = true;
    if (div.isConnected === false) {
      if (div.__fpWatch) div.__fpWatch.disconnect();
      if (window.Plotly) window.Plotly.purge(div);
    }
  };
}
"""
)

_chart = st.components.v2.component(NAME, js=_JS, isolate_styles=False)


def fits(fig: Any) -> bool:
    """Whether the basic bundle draws every trace of ``fig`` (a plotly Figure)."""
    return all(getattr(trace, "type", None) in TRACES for trace in fig.data)


def draw(
    fig: Any,
    config: dict[str, Any],
    *,
    key: str | None = None,
    on_select: Callable[[], None] | None = None,
) -> Any:
    """Draw ``fig`` with ``config`` (plotly's) on the page; ``on_select`` is called when a point is clicked, the
    selection then under ``st.session_state[key]["selection"]``. Returns the component's result."""
    height = fig.layout.height or DEFAULT_HEIGHT
    data = {
        "src": ADDRESS,
        "figure": fig.to_json(),
        "config": config,
        "height": int(height),
        "select": on_select is not None,
    }
    if on_select is None:
        return _chart(key=key, data=data)
    return _chart(key=key, data=data, on_selection_change=on_select)
