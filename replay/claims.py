"""A claimed result (the log's ``result``, as the score sheet wrote it) set against the computed score.

A ``Difference`` is one claimed entry beside the computed value, with the rule it is checked by and, when they
differ, the message in both languages. The comparison asks the game (``GameType.claims``):
``replay.scoring.claim_entries`` gives every entry (``fupan score`` and the Scoring page show them all),
``replay.scoring.compare_result`` those that differ (``score --json``'s ``differs``; the replay's claimed-result
verdicts, ``Replay.result_verdicts``, are made from them); a climbing game's entries are
``replay.climbing.family.climbing_claims``.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from replay.core.record import Record
from replay.core.said import team_words


class Difference(Record):
    """One entry of a claimed result beside the computed value; the messages are set when they differ."""

    key: str  # "finished", "finish_order", "sweep", "teams[0]", "points.defenders", "levels.after" …
    claimed: Any
    computed: Any
    rule: str
    message_zh: str = ""
    message_en: str = ""

    @property
    def differs(self) -> bool:
        """True when the deal does not bear the claimed entry out."""
        return bool(self.message_en)

    def to_json(self) -> dict[str, Any]:
        """``{"key", "claimed", "computed", "rule"}`` (an entry of ``score --json``'s ``differs``)."""
        return {"key": self.key, "claimed": self.claimed, "computed": self.computed, "rule": self.rule}


def if_differs(differs: bool, messages: tuple[str, str]) -> tuple[str, str]:
    """The messages when the entry differs, else none."""
    return messages if differs else ("", "")


def value_text(value: Any, zh: bool = False) -> str:
    """A claimed or computed value, compact: a team as ``0 2 4 = 2``, seats or levels spaced, none as -; yes and no
    as the log writes them (``true``, ``false``), or in words (``zh``: 是, 否)."""
    if isinstance(value, dict) and set(value) == {"seats", "points"}:
        return " ".join(map(str, value["seats"])) + f" = {value['points']}"
    if isinstance(value, list):
        return " ".join(map(str, value))
    if isinstance(value, bool):
        return ("是" if value else "否") if zh else ("true" if value else "false")
    return "-" if value is None else str(value)


#: the entries of a claimed result by their key (``Difference.key``), in words: (Chinese, English)
ENTRY_NAMES = {
    "finished": ("牌局打完", "the deal finished"),
    "finish_order": ("出完顺序", "finish order"),
    "sweep": ("串三户", "sweep"),
    "points.defenders": ("闲家得分", "defenders' points"),
    "points.kitty": ("扣底分", "kitty points"),
    "levels.before": ("局前的级", "levels before"),
    "levels.after": ("局后的级", "levels after"),
    "void": ("作废", "void"),
    "revolution": ("革命", "革命 seat"),
    "emperor": ("皇帝", "皇帝 seat"),
    "solo": ("独保", "独保"),
    "grab": ("抢庄", "抢庄"),
    "open": ("明保（明独）", "明保 (明独)"),
    "declarer": ("庄家", "declarer"),
}
_TEAM = re.compile(r"teams\[(\d+)\]")
_NUMERALS = "一二三四五六七八九十"


def entry_name(key: str, teams: Sequence[tuple[int, ...]] = (), n: int = 0) -> tuple[str, str]:
    """A claimed entry's name in words, (Chinese, English): ``teams[0]`` is 第一队, team 1, or, given the score's
    ``teams`` (each team's seats) at a table of ``n``, the team's one name (``replay.core.said.team_words``:
    甲方 (0·2·4), Team A (0·2·4)); an unknown key is itself."""
    team = _TEAM.fullmatch(key)
    if team:
        k = int(team.group(1))
        if k < len(teams):
            return team_words(teams[k], n)
        return (f"第{_NUMERALS[k]}队" if k < len(_NUMERALS) else f"第 {k + 1} 队"), f"team {k + 1}"
    return ENTRY_NAMES.get(key, (key, key))
