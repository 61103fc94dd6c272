"""The markup of a deal's HTML report (``coach.report``): its options (the language, both languages or one, the
library's number, the rule check, the referee's decisions) and the small pieces every section is made of: labels
in the report's language(s), names of players, rules and places, cards as small boxes, tables.

Every value goes through ``_e`` (``html.escape``): the report is built only from fixed markup and escaped values.
"""

from __future__ import annotations

import html
from collections.abc import Iterable, Sequence
from typing import Any

from coach.coach import Report
from coach.report_marks import Note
from coach.report_words import LABELS, LANGS
from replay.core.cards import RANK_NAME, RANK_ZH, Card, CardError
from replay.core.game_state import GameState
from replay.formats.decisions import Decision
from replay.formats.log import Log
from replay.replay import Replay
from replay.rules.register import RULES
from replay.score import place_words


def _e(value: Any) -> str:
    """Any value as escaped HTML text."""
    return html.escape(str(value), quote=True)


class Markup:
    """A report's options and its pieces: labels in the chosen language(s), escaped values.

    ``lang`` is the language shown first (or alone, when not ``bilingual``); ``deal_id`` the deal's number in
    the library (none for a log from a file); ``check`` adds the rule check, ``rulings`` the referee's decisions
    stored on the deal (``None``: no such section)."""

    def __init__(
        self,
        report: Report,
        lang: str,
        *,
        bilingual: bool = True,
        deal_id: int | None = None,
        check: bool = False,
        rulings: Sequence[Decision] | None = None,
    ) -> None:
        if lang not in LANGS:
            raise ValueError(f"lang {lang!r}: expected one of {LANGS}")
        self.report = report
        self.replay: Replay[GameState] = report.replay
        self.log: Log = report.replay.log
        self.lang = lang
        self.bilingual = bilingual
        self.deal_id = deal_id
        self.with_check = check
        self.rulings = None if rulings is None else list(rulings)

    # -- text ------------------------------------------------------------------------------------

    def pair(self, zh: str, en: str, sep: str = " / ") -> str:
        """A Chinese and an English text (escaped): both, in the report's language order, or the report's one
        language alone as plain text (the Chinese where there is no English)."""
        if not self.bilingual:
            return _e(zh if self.lang == "zh" or not en else en)
        a = f'<span lang="zh">{_e(zh)}</span>'
        b = f'<span lang="en" class="en">{_e(en)}</span>'
        if not en or en == zh:
            return a
        return a + sep + b if self.lang == "zh" else b + sep + a

    def label(self, key: str, **values: object) -> str:
        """A fixed label in the report's language(s), with its ``{values}`` put in."""
        zh, en = LABELS[key]
        return self.pair(zh.format(**values), en.format(**values)) if values else self.pair(zh, en)

    def place_name(self, place: int) -> str:
        """A place's name (头科 …): in English with the Chinese term beside it (头科 (1st))."""
        zh, en = place_words(place, self.replay.final.n)
        if not self.bilingual:
            return self.pair(zh, f"{zh} ({en})" if zh != en else en)
        return self.pair(zh, en)

    def rule(self, rule: str | None) -> str:
        """A rule's id with its name from the engine's rule list (nothing for no rule)."""
        if not rule:
            return ""
        found = RULES.get(rule)
        name = "" if found is None else " " + self.pair(found.name_zh, found.name_en)
        return f"<code>{_e(rule)}</code>{name}"

    @staticmethod
    def table(head: Sequence[str], rows: Sequence[Sequence[str]], caption: str = "") -> str:
        """A table of cells already escaped."""
        cap = f"<caption>{caption}</caption>" if caption else ""
        th = "".join(f"<th>{h}</th>" for h in head)
        body = "".join("<tr>" + "".join(f"<td>{c}</td>" for c in row) + "</tr>" for row in rows)
        return f"<table>{cap}<thead><tr>{th}</tr></thead><tbody>{body}</tbody></table>"

    def named(self, table: dict[str, tuple[str, str]], key: str | None) -> str:
        """A value from one of the bilingual tables (the key itself when unknown)."""
        if key is None:
            return ""
        zh, en = table.get(key, (key, key))
        return self.pair(zh, en)

    def note(self, note: Note | None) -> str:
        """A game's mark (``coach.report_marks.Note``) in the report's language(s), the seat it names after it
        ("" for none)."""
        if note is None:
            return ""
        words = self.pair(note.zh, note.en)
        return words if note.seat is None else f"{words}: {self.player(note.seat)}"

    def player(self, seat: int | None) -> str:
        """Seat number and player name (escaped)."""
        if seat is None:
            return ""
        name = next((s.player for s in self.log.seats if s.seat == seat and s.player), "")
        return f"{_e(seat)}" + (f" · {_e(name)}" if name else "")

    # -- cards -----------------------------------------------------------------------------------

    @staticmethod
    def card(token: str) -> str:
        """One card as a small box: suit symbol, red suits in red, jokers by name."""
        try:
            c = Card(token)
        except (CardError, ValueError, TypeError):
            return f'<span class="c unk">{_e(token)}</span>'
        if c.is_joker:
            return f'<span class="c joker" title="{_e(c.token)}">{_e(RANK_ZH[c.rank])}</span>'
        cls = "c red" if c.suit in ("H", "D") else "c"
        return f'<span class="{cls}" title="{_e(c.token)}">{_e(c.glyph())}</span>'

    def cards(self, tokens: Iterable[str]) -> str:
        """Cards in the given order, or a dash for none."""
        out = " ".join(self.card(t) for t in tokens)
        return out or "—"

    def grouped(self, cards: Sequence[Card | None]) -> str:
        """A hand grouped by rank, high first; unknown cards counted at the end."""
        known = [c for c in cards if c is not None]
        unknown = len(cards) - len(known)
        groups: dict[int, list[Card]] = {}
        for c in sorted(known, key=lambda c: (-c.rank, c.slot)):  # high first; ♠ ♥ ♦ ♣ within a rank
            groups.setdefault(c.rank, []).append(c)
        parts = [
            f'<span class="grp" title="{_e(RANK_NAME[r])} ×{len(cs)}">{" ".join(self.card(c.token) for c in cs)}</span>'
            for r, cs in groups.items()
        ]
        if unknown:
            parts.append(f'<span class="grp">{self.card("??")} ×{unknown} {self.label("unknown_cards")}</span>')
        return " ".join(parts) or "—"
