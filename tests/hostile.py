"""Hostile text from a log (issue 33, item 2): a 够级 deal whose player names, venue, match, notes and a referee's
decision are Markdown, KaTeX, directives, HTML and auto-links, and the checks that a page shows them as written.

Streamlit draws as Markdown the bodies of ``st.markdown``/``st.caption``/the alerts/``st.toast``, every widget's
label and help, radio options, expander/tab/popover/page-link labels and metrics. ``markdown_texts`` collects those
from an AppTest run (from the protos the page sent); ``unsafe`` says what in one of them would not be shown as
written: an image, a link, a formula, a directive, an HTML tag, emphasis, an auto-link, an emoji or icon shortcode.
Its checks follow Streamlit 1.67's renderer (``static/js/StreamlitMarkdown*.js``): the auto-links, emoji and
icons are found in the text after backslash escapes are read, the rest only where the source is not escaped.
"""

from __future__ import annotations

import re
from typing import Any

from google.protobuf.json_format import MessageToDict

from replay.formats.log import Log, log_from_doc
from replay.simulate import simulate_deal

IMAGE = "![i](http://127.0.0.1:9/x.png)"  # a browser that draws it asks 127.0.0.1:9 (nothing listens there)
#: one per seat, then the venue, the match, the notes and the referee's name and words
NAMES = (
    IMAGE,
    "$x^2$ :red[red]",
    "<img src=x onerror=alert(1)>",
    "http://evil.example/a www.evil.example",
    "a@b.example **bold**",
    "[link](http://x) :smile: :material/home: :material_home:",
)
VENUE = ":blue-badge[venue] ![v](http://127.0.0.1:9/v.png)"
MATCH = "[m](http://evil.example/m) $y$"
NOTES = "www.evil.example/notes\n**notes** :streamlit:"
REFEREE = "ref <b>x</b> a@b.example"
RULING = "![r](http://127.0.0.1:9/r.png) :red[ruled] http://evil.example/r"
HOSTILE = (*NAMES, VENUE, MATCH, *NOTES.split("\n"), REFEREE, RULING)
SEED = 3  # simulated deals, finished, with coach findings


def hostile_log(game: str = "gouji", seed: int = SEED) -> Log:
    """A simulated deal of ``game`` (its profile) with the hostile names (the first as many as it has seats), venue, match and
    notes, and a referee's decision on its first event (event 1)."""
    doc = simulate_deal(seed, game).log.to_json()  # game: a profile (shengji-35 for 升级)
    doc["seats"] = [{"seat": s["seat"], "player": NAMES[s["seat"]]} for s in doc["seats"]]
    doc["meta"] = {**doc.get("meta", {}), "venue": VENUE, "match": MATCH, "notes": NOTES}
    doc["format"] = "fupan/2"  # with decisions: they name events as people count
    doc["decisions"] = [
        {"event": 1, "decision": "overruled", "text": RULING, "referee": REFEREE, "at": "2026-12-01T20:15:00Z"}
    ]
    return log_from_doc(doc, "hostile.json")


# -- what a page shows as Markdown --------------------------------------------------------------------------------

_MARKDOWN_KEYS = frozenset({"body", "label", "help", "captions", "delta"})  # proto fields drawn as Markdown
_NOT_MARKDOWN = frozenset({"html", "code", "exception", "json", "bidi_component", "arrow_data_frame", "dataframe"})
_OPTIONS_MARKDOWN = frozenset({"radio", "button_group"})  # widgets whose options are Markdown (a selectbox's: text)


def _fields(value: Any, key: str = "") -> list[str]:
    if isinstance(value, str):
        return [value] if key in _MARKDOWN_KEYS else []
    if isinstance(value, dict):
        return [s for k, v in value.items() for s in _fields(v, k)]
    if isinstance(value, list):
        return [s for v in value for s in _fields(v, key)]
    return []


def markdown_texts(at: Any) -> list[tuple[str, str]]:
    """(element type, text) for every text the page sent that the browser draws as Markdown."""
    out: list[tuple[str, str]] = []
    stack = [at._tree]
    while stack:
        node = stack.pop()
        kind = str(getattr(node, "type", ""))
        proto = getattr(node, "proto", None)
        if proto is not None and hasattr(proto, "DESCRIPTOR") and kind not in _NOT_MARKDOWN:
            doc = MessageToDict(proto, preserving_proto_field_name=True)
            out += [(kind, s) for s in _fields(doc)]
            if kind in _OPTIONS_MARKDOWN:
                out += [(kind, str(o)) for o in doc.get("options", [])]
        children = getattr(node, "children", None)
        if isinstance(children, dict):
            stack.extend(children.values())
    return out


# -- what Markdown would not show as written ----------------------------------------------------------------------

_ESCAPED = re.compile(r"\\([!-/:-@\[-`{-~])")
_HIDDEN = "\u2060\u200b\u200c\u200d"  # zero-width characters: a reader sees none


def plain(markdown: str) -> str:
    """The text a reader sees of ``markdown`` whose log text is escaped: escapes read, zero-width characters
    dropped."""
    return "".join(c for c in _ESCAPED.sub(r"\1", markdown) if c not in _HIDDEN)


def _active(pattern: str) -> re.Pattern[str]:
    """``pattern`` where its first character is not backslash-escaped."""
    return re.compile(r"(?<!\\)(?:\\\\)*" + pattern)


#: Markdown syntax that the hostile texts would bring, where it is not escaped in the source
_SYNTAX = {
    "image": _active(r"!\[[ivr]\]"),
    "link": _active(r"\[(?:link|m)\]"),
    "formula": _active(r"\$(?:x|y)"),
    "directive": _active(r":(?:red|blue-badge)\["),
    "HTML": _active(r"<(?:img|b>)"),
    "emphasis": _active(r"\*\*(?:bold|notes)"),
    "icon": re.compile(r":material/"),  # Streamlit reads it in the source, escaped or not (its ``/`` must be)
}
#: what Streamlit finds in the text after the escapes are read (the text of a node: zero-width characters count)
_IN_TEXT = {
    "auto-link": re.compile(r"(?:https?://|www(?=\.))[-.\w]*(?:evil|127\.0\.0\.1)", re.IGNORECASE),
    "e-mail link": re.compile(r"[-.\w+]+@[-\w]+(?:\.[-\w]+)+"),
    "shortcode": re.compile(r":(?:smile|material_home|streamlit):"),
}


def unsafe(markdown: str) -> list[str]:
    """What in ``markdown`` the browser would not show as written (empty: all of it as written)."""
    text = _ESCAPED.sub(r"\1", markdown)
    found = [what for what, p in _SYNTAX.items() if p.search(markdown)]
    return found + [what for what, p in _IN_TEXT.items() if p.search(text)]
