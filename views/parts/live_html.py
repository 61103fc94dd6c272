"""HTML drawn in place: ``live_html(html, key)`` shows ``html`` in the page and, on the next run that gives it
other HTML under the same key, changes only the nodes that differ (their text, their attributes, the nodes
added or gone), so the browser restyles and repaints what changed and nothing else. The Replay page draws
its table and its event list this way: a step changes a seat or two and the middle of the table, one row's
mark in the list.

A Streamlit component (``st.components.v2``: no iframe, its nodes in the page's own document, so the page's
selectors and the tests find them as they found ``st.html``'s); its script parses the new HTML into an inert
template and walks it beside the nodes shown. Like ``st.html`` it is given HTML built by fupan, every text
from a log escaped (``views.parts.table``); as ``st.html``'s sanitiser does, it still drops script, style
sheet links, frames, objects, forms, ``on*`` attributes and ``javascript:`` addresses.
"""

from __future__ import annotations

import streamlit as st

NAME = "fupan_live_html"

_JS = """
const BLOCKED = new Set(["SCRIPT", "IFRAME", "FRAME", "OBJECT", "EMBED", "LINK", "META", "BASE", "FORM"]);

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

export default function (component) {
  const { data, parentElement } = component;
  let root = parentElement.querySelector(":scope > .fp-live");
  if (root === null) {
    root = document.createElement("div");
    root.className = "fp-live";
    parentElement.appendChild(root);
  }
  const next = document.createElement("template");
  next.innerHTML = typeof data === "string" ? data : "";
  morph(root, next.content);
}
"""

_live = st.components.v2.component(NAME, js=_JS, isolate_styles=False)


def live_html(html: str, key: str) -> None:
    """Show ``html`` (fupan's own, every text from a log escaped) under ``key``, changing in the page only what
    differs from what the last run showed under that key."""
    _live(data=html, key=key)
