"""The chart library's script fetched and run in the browser before a chart needs it (issue 35: every page in a
second).

A page's first chart waits for plotly.js: fetched when the browser first meets a chart, then run for a good part of a
second. The dashboard's charts load plotly.js's basic bundle where ``make`` installed it (``plotly_basic.BUNDLE``,
1.2 MB, a ``<script>``), else Streamlit's own chart script (``PlotlyChart.<hash>.js``, plotly.js in full: 4.7 MB,
run for 0.65-0.69 s at idle, an ES module that Streamlit imports lazily). ``charts_soon`` mounts, in the sidebar, a
small component whose script loads that same file itself, in the page's own document: the charts later find it
run already (the basic bundle's loader is shared with the chart component, ``window.__fpScripts``; the browser keeps
one module per address for Streamlit's).

- on a page that draws charts (``now``): fetched at once, as the run's first element reaches the browser, while
  the rest of the run is still coming (a preload: not run, so a page whose charts are all below its first screen is
  not held by it), run by the first chart that comes near the window or once the page is drawn, as below;
- on any other page: ``AFTER_MS`` after the page was drawn, once the browser is idle, so that the click to a page
  with charts finds the script ready (the page is held for that run once per page load, as the first chart would
  hold it: a reader who scrolls or hovers just then waits for it; waiting for the reader to leave the page alone
  instead left a reader who clicks on within a second or two without it); not on a connection that asks to save
  data or is slow (a phone on 2G/3G: ``navigator.connection``), where the script waits for a page that needs it.

Streamlit's file is found in Streamlit's own folder when this module is imported; without the bundle and without
that file (another Streamlit's layout) no component is mounted, and the charts load as before. Nothing from a user
reaches the component: its data are the file's address (ours or Streamlit's) and two numbers.
"""

from __future__ import annotations

from pathlib import Path

import streamlit as st

from views.parts import plotly_basic

NAME = "fupan_prefetch"
AFTER_MS = 1500  # on a page without charts: how long after it was drawn the script is fetched (idle then)

_JS = (
    plotly_basic.LOADER_JS
    + """
const started = (window.__fpPrefetched = window.__fpPrefetched || new Set());
const scheduled = (window.__fpPrefetchSoon = window.__fpPrefetchSoon || new Set());

// Streamlit's chunks sit beside its main script (its own lazy imports are relative to it)
function chunkAddress(name) {
  const main = document.querySelector('script[type="module"][src*="/static/js/index."]');
  return new URL(name, main ? main.src : new URL("static/js/", document.baseURI)).href;
}

function slow() {
  const c = navigator.connection;
  return !!c && (c.saveData === true || /(^|-)2g$|^3g$/.test(c.effectiveType || ""));
}

// fetched at once, not run: the browser keeps it for the chart that runs it (a chart below the first screen runs
// it only when scrolled to, so a page whose first screen has no chart is not held by it)
function preload(file, script) {
  const href = script ? new URL(file, document.baseURI).href : chunkAddress(file);
  if (document.querySelector(`link[href="${href}"]`)) return;
  const link = document.createElement("link");
  link.rel = script ? "preload" : "modulepreload";
  if (script) link.as = "script";
  link.href = href;
  document.head.appendChild(link);
}

function load(file, script) {
  if (started.has(file)) return;
  started.add(file);
  const done = script ? loadScript(new URL(file, document.baseURI).href) : import(chunkAddress(file));
  done.catch(() => started.delete(file));  // failed: the chart's own load tries again
}

// ``fn`` ``ms`` after the page was drawn, once the browser is idle
function soon(fn, ms) {
  const idle = window.requestIdleCallback || ((f) => setTimeout(f, 50));
  setTimeout(() => idle(fn, { timeout: 2000 }), ms);
}

export default function (component) {
  const { file, script, now, after } = component.data;
  if (typeof file !== "string" || started.has(file)) return;
  if (now) preload(file, script);
  if ((!now && slow()) || scheduled.has(file)) return;
  scheduled.add(file);
  soon(() => load(file, script), after);
}
"""
)


def chart_chunk() -> str | None:
    """The file name of Streamlit's plotly chart script (``PlotlyChart.<hash>.js``), or None when this Streamlit
    has none by that name."""
    folder = Path(st.__file__).resolve().parent / "static" / "static" / "js"
    found = sorted(p.name for p in folder.glob("PlotlyChart.*.js"))
    return found[0] if len(found) == 1 else None


CHUNK = chart_chunk()
#: What the charts load and so what is fetched ahead: the basic bundle's address (a script), else Streamlit's chunk
#: (a module), else nothing.
FILE = plotly_basic.ADDRESS if plotly_basic.BUNDLE is not None else CHUNK
_prefetch = st.components.v2.component(NAME, js=_JS) if FILE is not None else None


def charts_soon(now: bool) -> None:
    """Mount the component in the sidebar: the chart script loaded at once (``now``: the page draws charts) or
    once the page is drawn and the browser idle."""
    if _prefetch is None:
        return
    script = FILE == plotly_basic.ADDRESS
    with st.sidebar:
        _prefetch(key=NAME, data={"file": FILE, "script": script, "now": now, "after": AFTER_MS})
