"""Text helpers for the library, players and scoring pages: user text made safe to show, and the names
of games, places and roles in the chosen language.

Log text (player names, venues, match keys, error messages quoting a bad token) is never trusted:

- ``md(text)`` escapes it for Streamlit's Markdown (``st.write``, ``st.caption``, ``st.error`` …): every
  ASCII punctuation character is backslash-escaped, so no link, image, HTML tag, ``$`` formula or
  ``:color[…]`` directive can come from it, and line breaks become spaces;
- ``chart(text)`` escapes it for Plotly, whose labels read a few HTML tags (``<a href>``, ``<b>``) and
  entities: ``html.escape`` turns them into entities that Plotly shows as the plain characters.

Widgets (selectbox options, ``st.dataframe`` cells) show text as it is and need neither.
"""

from __future__ import annotations

import html
import re

from replay.climbing import PLACE_ZH
from replay.verdicts import RULES
from views.common import t

_PUNCT = re.compile(r"([!-/:-@\[-`{-~])")  # every ASCII punctuation character


def md(text: object) -> str:
    """``text`` as literal Markdown: shown exactly as written, one line."""
    flat = " ".join(str(text).split())
    return _PUNCT.sub(r"\\\1", flat)


def chart(text: object) -> str:
    """``text`` for a Plotly label, legend or hover: shown exactly as written."""
    return html.escape(str(text), quote=True)


def game_name(game: str | None) -> str:
    """够级 / Gouji, 保皇 / Baohuang (any other game as it is)."""
    names = {"gouji": t("够级", "Gouji"), "baohuang": t("保皇", "Baohuang")}
    return names.get(game or "", game or "")


BH_PLACE_ZH = {1: "头科", 2: "二科", 3: "第三", 4: "二落", 5: "大落"}  # BH-SCORE's seed text


def place_name(place: int | None, game: str) -> str:
    """头科 … 大落 (Chinese) or 1st … 6th (English); "" for no place."""
    if place is None:
        return ""
    if t("zh", "en") == "zh":
        return (PLACE_ZH if game == "gouji" else BH_PLACE_ZH).get(place, f"第{place}名")
    return {1: "1st", 2: "2nd", 3: "3rd"}.get(place, f"{place}th")


ROLE_NAMES = {
    "emperor": ("皇帝", "emperor"),
    "loyalist": ("保皇派", "loyalist"),
    "rebel": ("革命党", "rebel"),
    "solo": ("皇帝（独保）", "emperor (alone)"),
}


def role_name(role: str | None) -> str:
    """皇帝 / 保皇派 / 革命党 (or the English word); "" while unknown."""
    if not role:
        return ""
    zh, en = ROLE_NAMES.get(role, (role, role))
    return t(zh, en)


def rule_name(rule: str) -> str:
    """The short name of a rule ID in the chosen language (the ID itself when unknown)."""
    r = RULES.get(rule)
    if r is None:
        return rule
    return t(r.name_zh, r.name_en)


def rule_quote(rule: str) -> str:
    """The seed text a rule rests on ("" when unknown)."""
    r = RULES.get(rule)
    return r.quote if r is not None else ""
