"""HTML drawn in place: ``live_html(html, key)`` shows ``html`` in the page and, on the next run that gives it
other HTML under the same key, changes only the nodes that differ (their text, their attributes, the nodes
added or gone), so the browser restyles and repaints what changed and nothing else. The Replay page draws
its table and its event list this way: a step changes a seat or two and the middle of the table, one row's
mark in the list.

A Streamlit component (``st.components.v2``: no iframe, its nodes in the page's own document, so the page's
selectors and the tests find them as they found ``st.html``'s); its script parses the new HTML into an inert
template and walks it beside the nodes shown.

Drawn ahead: ``live_html`` may also be given the HTML that a Streamlit button's press will show (``Ahead``: the
Replay page's next and previous tables and lists); the script shows it as soon as the button is clicked or its
shortcut pressed (where Streamlit's shortcut fires: no modifier, not in a text field, the button enabled), once,
and the run the press starts then draws the same HTML (nothing left to change) and the next ones ahead.

Like ``st.html`` it is given HTML built by fupan, every text
from a log escaped (``views.parts.table``); as ``st.html``'s sanitiser does, it still drops script, style
sheet links, frames, objects, forms, ``on*`` attributes and ``javascript:`` addresses.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import asdict, dataclass

import streamlit as st

NAME = "fupan_live_html"

_JS = """
const BLOCKED = new Set(["SCRIPT", "IFRAME", "FRAME", "OBJECT", "EMBED", "LINK", "META", "BASE", "FORM"]);
const EDITABLE = new Set(["INPUT", "TEXTAREA", "SELECT"]);  // where Streamlit's shortcuts do not fire

function kept(node) {
  if (node.nodeType === Node.TEXT_NODE) return true;
  return node.nodeType === Node.ELEMENT_NODE && !BLOCKED.has(node.tagName);
}

function allowed(attr) {
  return !attr.name.toLowerCase().startsWith("on") && !/^\\s*(javascript|vbscript):/i.test(attr.value);
}

function setAttributes(el, from) {
  for (const attr of Array.from(el.attributes)) {
    if (!from.hasAttribute(attr.name)) el.removeAttribute(attr.name);
  }
  for (const attr of from.attributes) {
    if (allowed(attr) && el.getAttribute(attr.name) !== attr.value) el.setAttribute(attr.name, attr.value);
  }
}

function copy(node) {
  if (node.nodeType === Node.TEXT_NODE) return document.createTextNode(node.nodeValue);
  const el = document.createElementNS(node.namespaceURI, node.localName);
  setAttributes(el, node);
  for (const child of node.childNodes) if (kept(child)) el.appendChild(copy(child));
  return el;
}

function morph(into, from) {
  const want = Array.from(from.childNodes).filter(kept);
  const have = Array.from(into.childNodes);
  want.forEach((w, i) => {
    const h = have[i];
    if (h === undefined) {
      into.appendChild(copy(w));
    } else if (h.nodeType !== w.nodeType || h.nodeName !== w.nodeName) {
      into.replaceChild(copy(w), h);
    } else if (w.nodeType === Node.TEXT_NODE) {
      if (h.nodeValue !== w.nodeValue) h.nodeValue = w.nodeValue;
    } else {
      setAttributes(h, w);
      morph(h, w);
    }
  });
  for (let i = have.length - 1; i >= want.length; i--) into.removeChild(have[i]);
}

function show(root, html) {
  const next = document.createElement("template");
  next.innerHTML = html;
  morph(root, next.content);
}

function typing(event) {
  return event.composedPath().some((n) => n.tagName && (EDITABLE.has(n.tagName) || n.isContentEditable));
}

function listen(root) {
  const press = (entry) => {
    const button = document.querySelector(`.st-key-${CSS.escape(entry.button)} button`);
    if (button === null || button.disabled) return;
    root.fpAhead = [];  // once: the run the press starts brings the next ones
    show(root, entry.html);
  };
  const onClick = (event) => {
    if (!root.isConnected) return forget();
    const at = event.target instanceof Element ? event.target : null;
    const entry = at && root.fpAhead.find((e) => at.closest(`.st-key-${CSS.escape(e.button)}`));
    if (entry) press(entry);
  };
  const onKey = (event) => {
    if (!root.isConnected) return forget();
    if (event.ctrlKey || event.metaKey || event.altKey || event.shiftKey || typing(event)) return;
    const entry = root.fpAhead.find((e) => e.key !== "" && e.key === event.key);
    if (entry) press(entry);
  };
  const forget = () => {
    document.removeEventListener("click", onClick, true);
    document.removeEventListener("keydown", onKey, true);
  };
  document.addEventListener("click", onClick, true);
  document.addEventListener("keydown", onKey, true);
}

export default function (component) {
  const { data, parentElement } = component;
  let root = parentElement.querySelector(":scope > .fp-live");
  if (root === null) {
    root = document.createElement("div");
    root.className = "fp-live";
    parentElement.appendChild(root);
    listen(root);
  }
  show(root, data.html);
  root.fpAhead = data.ahead;
}
"""

_live = st.components.v2.component(NAME, js=_JS, isolate_styles=False)


@dataclass(frozen=True)
class Ahead:
    """What to show at once when a Streamlit button is pressed, by a click or by its shortcut: the HTML that the
    run the press starts will give (a step's next table), shown before that run's answer comes back."""

    button: str  # the button's key (its element carries the class ``st-key-<key>``)
    key: str  # its shortcut as a key event names it ("ArrowRight"), "" for none
    html: str


def live_html(html: str, key: str, ahead: Sequence[Ahead] = ()) -> None:
    """Show ``html`` (fupan's own, every text from a log escaped) under ``key``, changing in the page only what
    differs from what the last run showed under that key; ``ahead``: the HTML each button's press will show,
    shown as soon as it is pressed (once: the run it starts brings the next)."""
    _live(data={"html": html, "ahead": [asdict(a) for a in ahead]}, key=key)
