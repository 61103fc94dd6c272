"""The chart library's script fetched and run in the browser before a chart needs it (issue 35: every page in a
second).

Streamlit draws a plotly chart with a script of its own, ``PlotlyChart.<hash>.js`` (plotly.js in full: 4.7 MB), that
the browser fetches when it first meets a chart and then runs for most of a second (``bench/bench_pages.py``
measured the main thread busy 0.65-0.69 s on it at idle, a click to the first page with a chart 1.0 s where the
pages without one answer in 0.1-0.3 s). ``charts_soon`` mounts, in the sidebar, a small component whose script
imports that file itself, in the page's own document: the browser keeps one module per address, so the chart's
own import later finds it run already.

- on a page that draws charts (``now``): at once, as the run's first element reaches the browser, while the rest
  of the run is still coming;
- on any other page: ``AFTER_MS`` after the page was drawn, once the browser is idle, so that the click to a page
  with charts finds the script ready (the page is held for that run once per page load, as the first chart would
  hold it: a reader who scrolls or hovers just then waits for it; waiting for the reader to leave the page alone
  instead left a reader who clicks on within a second or two without it); not on a connection that asks to save
  data or is slow (a phone on 2G/3G: ``navigator.connection``), where the 4.7 MB wait for a page that needs them.

The file's name is found in Streamlit's own folder when this module is imported; a Streamlit without it (another
version's layout) gets no component, and the charts load as before. Nothing from a user reaches the component:
its data are the file's name (from Streamlit's folder) and two numbers.
"""

from __future__ import annotations

from pathlib import Path

import streamlit as st

NAME = "fupan_prefetch"
AFTER_MS = 1500  # on a page without charts: how long after it was drawn the script is fetched (idle then)

_JS = """
const started = (window.__fpPrefetched = window.__fpPrefetched || new Set());
const scheduled = (window.__fpPrefetchSoon = window.__fpPrefetchSoon || new Set());

function address(name) {
  // the chunks sit beside Streamlit's main script (its own lazy imports are relative to it)
  const main = document.querySelector('script[type="module"][src*="/static/js/index."]');
  return new URL(name, main ? main.src : new URL("static/js/", document.baseURI)).href;
}

function slow() {
  const c = navigator.connection;
  return !!c && (c.saveData === true || /(^|-)2g$|^3g$/.test(c.effectiveType || ""));
}

function load(name) {
  if (started.has(name)) return;
  started.add(name);
  import(address(name)).catch(() => started.delete(name));  // failed: the chart's own import tries again
}

// ``fn`` ``ms`` after the page was drawn, once the browser is idle
function soon(fn, ms) {
  const idle = window.requestIdleCallback || ((f) => setTimeout(f, 50));
  setTimeout(() => idle(fn, { timeout: 2000 }), ms);
}

export default function (component) {
  const { chunk, now, after } = component.data;
  if (typeof chunk !== "string" || started.has(chunk)) return;
  if (now) { load(chunk); return; }
  if (slow() || scheduled.has(chunk)) return;
  scheduled.add(chunk);
  soon(() => load(chunk), after);
}
"""


def chart_chunk() -> str | None:
    """The file name of Streamlit's plotly chart script (``PlotlyChart.<hash>.js``), or None when this Streamlit
    has none by that name."""
    folder = Path(st.__file__).resolve().parent / "static" / "static" / "js"
    found = sorted(p.name for p in folder.glob("PlotlyChart.*.js"))
    return found[0] if len(found) == 1 else None


CHUNK = chart_chunk()
_prefetch = st.components.v2.component(NAME, js=_JS) if CHUNK is not None else None


def charts_soon(now: bool) -> None:
    """Mount the component in the sidebar: the chart script imported at once (``now``: the page draws charts) or
    once the page is drawn and the browser idle."""
    if _prefetch is None:
        return
    with st.sidebar:
        _prefetch(key=NAME, data={"chunk": CHUNK, "now": now, "after": AFTER_MS})
