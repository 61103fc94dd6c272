"""HTML drawn in place: ``live_html(html, key)`` shows ``html`` in the page and, on the next run that gives it
other HTML under the same key, changes only the nodes that differ (their text, their attributes, the nodes
added or gone), so the browser restyles and repaints what changed and nothing else. The Replay page draws
its table and its event list this way: a step changes a seat or two and the middle of the table, one row's
mark in the list.

A Streamlit component (``st.components.v2``: no iframe, its nodes in the page's own document, so the page's
selectors and the tests find them as they found ``st.html``'s); its script parses the new HTML into an inert
template and walks it beside the nodes shown.

Steps moved in the browser (``Steps``, ``Moves``): the Replay page's table and event list are given, besides the
HTML of the step the run shows, the HTML of the steps around it. The table's ``live_html`` (the group's owner) also
takes the keys and the buttons that move a step (``Moves``: ← →, previous and next) away from Streamlit (unless the
reader types in a text box or an open list: a radio or a closed select just used leaves them to the page): each press
is a step, counted in the browser from the step already shown, at once (8 presses 60 ms apart: 8 steps), however
many of the server's runs are still under way. A press moves the group's target step (within 0..last), writes it
into the address (``history.replaceState``, the rest of the query kept) and then shows every root of the group at
that step (the address says the step before the table does), and sends the target, numbered, to the server once
(the component's state value ``target``; ``live_html`` moves the page with ``on_move`` and says back in its next
runs which press it took). A run that has not yet taken the latest press is stale: its step and its address do
not move the table nor the address back (the address written by Streamlit's own handler of ``st.query_params`` is
given the target's step until the server has taken it). A press beyond the steps a root was given leaves that root
as it is until the run that took it draws it (the address has moved). A target no run has taken within 1.5 s is
sent again under a new number (a few times). Each run's data carries a number of its own (``DRAWN``).

Like ``st.html`` it is given HTML built by fupan, every text
from a log escaped (``views.parts.table``); as ``st.html``'s sanitiser does, it still drops script, style
sheet links, frames, objects, forms, ``on*`` attributes and ``javascript:`` addresses.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import partial

import streamlit as st

NAME = "fupan_live_html"
# session state: how many live_html this session drew, each one's data numbered by it so that no two messages are
# the same: Streamlit sends a large message it sent before as a reference to the browser's cache of them, and under
# a burst of the stepper's reruns such a reference came after the browser had let the message go ("Cached
# ForwardMsg MISS": the connection lost, the page frozen)
DRAWN = "live_html_drawn"

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

// a key goes to the field only while the reader types: in a text box, a select's open list or a slider (its arrows
// move it); a chosen radio, checkbox or closed select (the view picker just used) leaves the page's keys working
const NOT_TEXT = new Set(["radio", "checkbox", "button", "submit", "reset", "color", "file", "image"]);

function editing(n) {
  if (!n.tagName) return false;
  if (n.isContentEditable) return true;
  if (n.getAttribute("role") === "slider") return true;
  if (!EDITABLE.has(n.tagName)) return false;
  if (n.tagName !== "INPUT") return true;
  if (NOT_TEXT.has((n.getAttribute("type") || "text").toLowerCase())) return false;
  if (n.getAttribute("role") === "combobox") return n.getAttribute("aria-expanded") === "true";
  return true;
}

function typing(event) {
  return event.composedPath().some(editing);
}

// -- steps moved in the browser ------------------------------------------------------------------------
// a group's name (its owner's key) -> what its roots share: the step the server's last run shows and the last
// step, the target of the presses the server has not taken yet (null: none), the number of the last press sent,
// the owner (its moves, its root, how it sends) and the roots shown at the group's step
const GROUPS = new Map();
let pressed = 0;  // presses sent so far in this page: each press's number
const RESEND_MS = 1500, RESENDS = 5;  // a target the server has not taken by then is sent again, so many times

function groupOf(name) {
  let g = GROUPS.get(name);
  if (g === undefined) {
    g = { step: 0, last: 0, target: null, sent: 0, owner: null, roots: new Set(), timer: 0, resends: 0 };
    GROUPS.set(name, g);
  }
  return g;
}

function owned(g) {
  return g.owner !== null && g.owner.root.isConnected;
}

function wanted(g) {
  return g.target ?? g.step;
}

const HISTORY = {};  // the browser's own pushState and replaceState

// the address at the group's step (the rest of the query as it is), written before any root shows the step
function address(g) {
  if (!owned(g)) return;
  const to = new URL(location.href);
  to.searchParams.set(g.owner.param, String(wanted(g)));
  if (to.href !== location.href) HISTORY.replaceState.call(history, history.state, "", to.href);
}

function draw(g) {
  address(g);
  const at = wanted(g);
  for (const root of Array.from(g.roots)) {
    if (!root.isConnected) {
      g.roots.delete(root);
      continue;
    }
    const html = root.fpNear.get(at);
    if (html !== undefined) show(root, html);
    else if (!root.hasChildNodes()) show(root, root.fpHtml);  // new, and not given that step: its run's
  }
}

function send(g) {
  g.sent = ++pressed;
  g.owner.send({ step: g.target, press: g.sent });
  wait(g);
}

// a target not taken in RESEND_MS (no run of the server took it: its rerun lost, as when the connection dropped) is
// sent again, under a new number
function wait(g) {
  clearTimeout(g.timer);
  if (g.target === null || g.resends >= RESENDS) return;
  g.timer = setTimeout(() => {
    if (g.target === null || !owned(g)) return;
    g.resends += 1;
    send(g);
  }, RESEND_MS);
}

function press(g, by) {
  const from = wanted(g);
  const to = Math.max(0, Math.min(g.last, from + by));
  if (to === from) return;
  g.target = to;
  g.resends = 0;
  draw(g);
  send(g);
}

function moving() {
  for (const g of GROUPS.values()) if (owned(g)) return g;
  return null;
}

window.addEventListener("keydown", (event) => {
  if (event.ctrlKey || event.metaKey || event.altKey || event.shiftKey || typing(event)) return;
  const g = moving();
  const by = g === null ? undefined : g.owner.keys[event.key];
  if (by === undefined) return;
  event.preventDefault();
  event.stopPropagation();  // on the window: Streamlit's shortcut of the same button (the document's) does not fire
  press(g, by);
}, true);

window.addEventListener("click", (event) => {
  const at = event.target instanceof Element ? event.target : null;
  const g = at === null ? null : moving();
  if (g === null) return;
  for (const [key, by] of Object.entries(g.owner.buttons)) {
    const button = at.closest(`.st-key-${CSS.escape(key)} button`);
    if (button === null) continue;
    event.preventDefault();
    event.stopPropagation();  // the press is the group's, not the Streamlit button's
    if (!button.disabled) press(g, by);
    return;
  }
}, true);

// Streamlit writes the address that a run's st.query_params says; while a press is not taken, a stale run's step
// is not written: the address keeps the target's step (and a push of the address shown replaces it)
function untaken(url) {
  for (const g of GROUPS.values()) {
    if (g.target === null || !owned(g)) continue;
    const to = new URL(url, location.href);
    if (to.origin !== location.origin || to.pathname !== location.pathname) continue;
    if (!to.searchParams.has(g.owner.param)) continue;
    to.searchParams.set(g.owner.param, String(g.target));
    return to.href;
  }
  return null;
}

for (const name of ["pushState", "replaceState"]) {
  HISTORY[name] = history[name];
  history[name] = function (state, unused, url) {
    const to = url === undefined || url === null ? null : untaken(url);
    if (to === null) return HISTORY[name].call(this, state, unused, url);
    return (to === location.href ? HISTORY.replaceState : HISTORY[name]).call(this, state, unused, to);
  };
}

function take(root, steps, moves, component) {
  const g = groupOf(steps.group);
  root.fpNear = new Map(steps.near);
  root.fpNear.set(steps.step, root.fpHtml);
  g.roots.add(root);
  if (moves !== null) {
    g.owner = { root, keys: moves.keys, buttons: moves.buttons, param: moves.param,
                send: (target) => component.setStateValue("target", target) };
    g.step = steps.step;
    g.last = steps.last;
    if (moves.taken >= g.sent) g.target = null;  // the server took every press: its step is the page's
    wait(g);  // a run came back: the wait for the target's starts again
  }
  draw(g);
}

export default function (component) {
  const { data, parentElement } = component;
  let root = parentElement.querySelector(":scope > .fp-live");
  if (root === null) {
    root = document.createElement("div");
    root.className = "fp-live";
    parentElement.appendChild(root);
  }
  root.fpHtml = data.html;
  if (data.steps === null) show(root, data.html);
  else take(root, data.steps, data.moves, component);
}
"""

_live = st.components.v2.component(NAME, js=_JS, isolate_styles=False)


@dataclass(frozen=True)
class Steps:
    """The steps of a group of ``live_html`` moved in the browser (see the module's text): ``step``, the one the run
    shows (its HTML is the ``html`` given), the ``last``, and the HTML of the steps ``near`` it, shown at once when
    a press reaches one. ``group`` is the key of the ``live_html`` given the ``Moves``."""

    group: str
    step: int
    last: int
    near: Mapping[int, str]


@dataclass(frozen=True)
class Moves:
    """What moves a group's step in the browser: key events (by their ``key``, "ArrowRight") and Streamlit
    buttons (by their key: the element carries the class ``st-key-<key>``), each by so many steps, and the
    address's query key that names the step."""

    keys: Mapping[str, int]
    buttons: Mapping[str, int]
    param: str


def taken_key(key: str) -> str:
    """Session state: the number of the last press the server took from ``live_html`` ``key``."""
    return f"{key}__taken"


def take_press(key: str, target: object, on_move: Callable[[int], None]) -> bool:
    """The server takes a press sent by ``live_html`` ``key``: ``target`` (its state value: the step and the
    press's number) moves the page with ``on_move`` unless the server took a later press already; whether it did."""
    if not isinstance(target, Mapping):
        return False
    step, number = target.get("step"), target.get("press")
    if not isinstance(step, int) or not isinstance(number, int):
        return False
    if number <= int(st.session_state.get(taken_key(key), 0)):
        return False
    st.session_state[taken_key(key)] = number
    on_move(step)
    return True


def _pressed(key: str, on_move: Callable[[int], None]) -> None:
    state = st.session_state.get(key)  # the component's state values: a dict
    take_press(key, state.get("target") if isinstance(state, Mapping) else None, on_move)


def live_html(
    html: str,
    key: str,
    steps: Steps | None = None,
    moves: Moves | None = None,
    on_move: Callable[[int], None] | None = None,
) -> None:
    """Show ``html`` (fupan's own, every text from a log escaped) under ``key``, changing in the page only what
    differs from what the last run showed under that key; ``steps``: the HTML of the steps near this one, shown at
    once when a press reaches them; ``moves`` (the group's owner): what presses a step, each press then given to
    ``on_move`` (a callback: before the run it starts) with the step it reached."""
    drawn = st.session_state[DRAWN] = int(st.session_state.get(DRAWN, 0)) + 1
    data: dict[str, object] = {"html": html, "steps": None, "moves": None, "drawn": drawn}
    if steps is not None:
        data["steps"] = {"group": steps.group, "step": steps.step, "last": steps.last, "near": list(steps.near.items())}
    if moves is None or on_move is None:
        _live(data=data, key=key)
        return
    data["moves"] = {
        "keys": dict(moves.keys),
        "buttons": dict(moves.buttons),
        "param": moves.param,
        "taken": int(st.session_state.get(taken_key(key), 0)),
    }
    _live(data=data, key=key, on_target_change=partial(_pressed, key, on_move))
