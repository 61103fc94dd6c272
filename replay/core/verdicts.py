"""Verdicts: what the engine says of each event, and how it read it.

A verdict says of one event: legal, or illegal with the rule it breaks (and which of the rule's reasons),
in Chinese and in English; where the log leaves the event's reading open, the reading taken. The rule IDs
are those of RULES.md; ``RULES[rule_id]`` (the register, ``replay/rules/register.py``) gives the names and,
per reason, the seed passage the rule rests on, for rulings, the dispute desk and the reports.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from replay.core.clip import CARDS_LIMIT, cards_shown, few
from replay.core.numbering import event_number
from replay.core.said import seat_name


class Reading(NamedTuple):
    """How the engine read an event where the log leaves a reading open (a ``play`` over a 够级 set
    read as 烧牌, a ``pass`` read as the closing 扣, a pass that changes nothing, a failed burn, a 革命
    place ...). ``code`` is stable for tools; ``zh``/``en`` say it to a person; ``rule`` and ``reason``
    name the register entry whose seed passage supports the reading."""

    code: str
    zh: str
    en: str
    rule: str = ""  # the rule that supports the reading (its quote backs it in a ruling)
    reason: str = ""  # which of the rule's quotes

    def to_json(self) -> dict[str, str]:
        """The reading as JSON: ``{"code", "zh", "en", "rule"}``."""
        return {"code": self.code, "zh": self.zh, "en": self.en, "rule": self.rule}


class Verdict(NamedTuple):
    """The ruling on one event: ``legal``, or the ``rule`` it breaks with messages in zh and en.

    ``index`` is the event's index in the log (None for the deal itself); ``effects`` lists what
    the event brought about that a reader should know (a seat out, a round closed, a burn failed);
    ``reading`` says how the event was read where the log leaves it open; ``reason`` names which of
    the rule's reasons applies (the register quotes the seed passage for each reason).
    """

    # The event's index in the log: a field named like tuple.index, which no caller of a Verdict uses.
    index: int | None  # type: ignore[assignment]  # shadows tuple.index on purpose (see above)
    seat: int | None
    action: str
    cards: tuple[str, ...]
    legal: bool
    rule: str | None = None
    message_zh: str = ""
    message_en: str = ""
    effects: tuple[str, ...] = ()
    reading: Reading | None = None
    reason: str = ""

    def to_json(self) -> dict[str, Any]:
        """The verdict as the stable JSON of ``fupan check --json``. ``cards`` lists the event's cards, its first
        ``CARDS_LIMIT`` of a longer list (an event of 633,000 cards), with ``cards_total`` then saying how many."""
        out = {
            "index": self.index,
            "event": None if self.index is None else event_number(self.index),
            "seat": self.seat,
            "action": self.action,
            "cards": few(self.cards),
            "legal": self.legal,
            "rule": self.rule,
            "reason": self.reason or None,
            "message_zh": self.message_zh,
            "message_en": self.message_en,
            "reading": None if self.reading is None else self.reading.to_json(),
        }
        if len(self.cards) > CARDS_LIMIT:
            out["cards_total"] = len(self.cards)
        return out

    def line(self, lang: str = "en") -> str:
        """A one-line human reading: place, then the ruling."""
        where = "deal" if self.index is None else f"event {event_number(self.index)}"
        who = "" if self.seat is None else f", {seat_name(self.seat, en=True)}"
        msg = self.message_zh if lang == "zh" else self.message_en
        if self.legal:
            read = "" if self.reading is None else f" ({self.reading.zh if lang == 'zh' else self.reading.en})"
            return f"{where}{who}: {self.action} {cards_shown(self.cards)}".rstrip() + f" — ok{read}"
        return f"{where}{who}: [{self.rule}] {msg}"
