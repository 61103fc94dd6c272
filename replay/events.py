"""Events of a deal: one frozen dataclass per action, in the order they happened.

The deal itself is the log's ``deal``; everything after it is an event. Every event has the acting
``seat`` and may carry a free-text ``note`` (data, never interpreted).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, ClassVar

from replay.cards import Card


@dataclass(frozen=True, slots=True)
class Event:
    """Base of all events: the acting seat and an optional note."""

    seat: int
    note: str = field(default="", kw_only=True)
    action: ClassVar[str] = "?"

    @property
    def cards(self) -> tuple[Card, ...]:
        """Cards the event moves or shows (empty for most declarations)."""
        return ()

    def to_json(self) -> dict[str, Any]:
        """The event as a JSON object of the log format."""
        out: dict[str, Any] = {"seat": self.seat, "action": self.action}
        out.update(self._json_fields())
        if self.note:
            out["note"] = self.note
        return out

    def _json_fields(self) -> dict[str, Any]:
        return {}


@dataclass(frozen=True, slots=True)
class _WithCards(Event):
    cards: tuple[Card, ...] = ()

    def _json_fields(self) -> dict[str, Any]:
        return {"cards": [c.token for c in self.cards]}


@dataclass(frozen=True, slots=True)
class Play(_WithCards):
    """打牌/顺牌: a seat plays a set (a lead or an answer)."""

    action: ClassVar[str] = "play"


@dataclass(frozen=True, slots=True)
class Burn(_WithCards):
    """烧牌 (捎牌): a seat other than the 对头 takes over a 够级 set (GJ-BURN)."""

    action: ClassVar[str] = "burn"


@dataclass(frozen=True, slots=True)
class Pass(Event):
    """过牌: the seat declines the set on the table."""

    action: ClassVar[str] = "pass"


@dataclass(frozen=True, slots=True)
class Kou(Event):
    """扣牌: the lawful closer (the last player's 对头) declines and closes the round (GJ-KOU)."""

    action: ClassVar[str] = "kou"


@dataclass(frozen=True, slots=True)
class Rang(Event):
    """让牌: the 对头 lets the next two seats act first (GJ-RANG)."""

    action: ClassVar[str] = "rang"


@dataclass(frozen=True, slots=True)
class Jiefeng(Event):
    """申请接风: the next seat asks to lead after an out seat's 底牌 (JIEFENG)."""

    action: ClassVar[str] = "jiefeng"


@dataclass(frozen=True, slots=True)
class Show(_WithCards):
    """亮3: a seat shows 3s of one suit to claim the first lead (GJ-FIRST-LEAD)."""

    action: ClassVar[str] = "show"


@dataclass(frozen=True, slots=True)
class Revolution(Event):
    """革命: a seat dealt no joker and no 2 sits the deal out (GJ-REVOLUTION)."""

    action: ClassVar[str] = "revolution"


@dataclass(frozen=True, slots=True)
class Waive(Event):
    """The revolutionary's 对头 waives its three 够死级 plays and is 无头 at once (GJ-REVOLUTION)."""

    action: ClassVar[str] = "waive"


@dataclass(frozen=True, slots=True)
class Tribute(_WithCards):
    """进贡: ``seat`` gives ``cards`` to seat ``to`` before play (GJ-TRIBUTE)."""

    to: int = -1

    action: ClassVar[str] = "tribute"

    def _json_fields(self) -> dict[str, Any]:
        return {"to": self.to, "cards": [c.token for c in self.cards]}


@dataclass(frozen=True, slots=True)
class Return(_WithCards):
    """还贡: ``seat`` returns ``cards`` to seat ``to`` (GJ-TRIBUTE)."""

    to: int = -1

    action: ClassVar[str] = "return"

    def _json_fields(self) -> dict[str, Any]:
        return {"to": self.to, "cards": [c.token for c in self.cards]}


@dataclass(frozen=True, slots=True)
class Refuse(_WithCards):
    """The tribute giver refuses a returned card whose rank it does not hold; it goes back."""

    to: int = -1

    action: ClassVar[str] = "refuse"

    def _json_fields(self) -> dict[str, Any]:
        return {"to": self.to, "cards": [c.token for c in self.cards]}


@dataclass(frozen=True, slots=True)
class Report(Event):
    """报牌: a seat announces how many cards it holds (GJ-REPORT)."""

    count: int = 0

    action: ClassVar[str] = "report"

    def _json_fields(self) -> dict[str, Any]:
        return {"count": self.count}


@dataclass(frozen=True, slots=True)
class Call(_WithCards):
    """叫庄: the seat shows 3 or 4 identical cards and becomes 皇帝 (BH-CALL, BH-FORCE)."""

    action: ClassVar[str] = "call"


@dataclass(frozen=True, slots=True)
class Yield(Event):
    """让庄: the holder hands the marked big joker on, clockwise, to its 上家 (BH-YIELD)."""

    action: ClassVar[str] = "yield"


@dataclass(frozen=True, slots=True)
class Grab(Event):
    """抢庄: the seat takes the marked big joker and is 皇帝 with no call; no 保皇派 (BH-GRAB)."""

    action: ClassVar[str] = "grab"


@dataclass(frozen=True, slots=True)
class Reveal(Event):
    """明保 by the 保皇派 (BH-LOYALIST), or 明独 by a 皇帝 playing alone (BH-SOLO), before play."""

    action: ClassVar[str] = "reveal"


@dataclass(frozen=True, slots=True)
class Declare(_WithCards):
    """升级: 定主 with a joker and a pair of one suit, face down (SJ-DECLARE)."""

    action: ClassVar[str] = "declare"


@dataclass(frozen=True, slots=True)
class Exchange(_WithCards):
    """升级: 换三张, cards passed between the declaration that won and one it ate (SJ-EXCHANGE)."""

    to: int = -1

    action: ClassVar[str] = "exchange"

    def _json_fields(self) -> dict[str, Any]:
        return {"to": self.to, "cards": [c.token for c in self.cards]}


@dataclass(frozen=True, slots=True)
class Bury(_WithCards):
    """升级: the declarer, having taken the kitty (底牌), lays as many cards back (SJ-DEAL)."""

    action: ClassVar[str] = "bury"


EVENT_TYPES: dict[str, type[Event]] = {
    cls.action: cls
    for cls in (
        Play,
        Burn,
        Pass,
        Kou,
        Rang,
        Jiefeng,
        Show,
        Revolution,
        Waive,
        Tribute,
        Return,
        Refuse,
        Report,
        Call,
        Yield,
        Grab,
        Reveal,
        Declare,
        Exchange,
        Bury,
    )
}
CARD_ACTIONS = frozenset(a for a, c in EVENT_TYPES.items() if issubclass(c, _WithCards))
TARGET_ACTIONS = frozenset({"tribute", "return", "refuse", "exchange"})
