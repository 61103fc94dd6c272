"""Events of a deal: one immutable value per action, in the order they happened.

The deal itself is the log's ``deal``; everything after it is an event. Every event has the acting
``seat`` and may carry a free-text ``note`` (data, never interpreted).

Events are small classes with ``__slots__``, not dataclasses: a log of hundreds of events is read in a few times
``json.loads``'s time only if making one costs little, and every command's start pays for each dataclass made at
import. They behave as frozen dataclasses did: equal when of one class with equal fields, hashable, a repr that is
a constructor call, pickled by their fields (the import's worker processes), immutable (``_replace`` makes a copy
with some fields changed, as a NamedTuple's does).
"""

from __future__ import annotations

from collections.abc import Callable
from operator import attrgetter
from typing import Any, ClassVar, Self

from replay.core.cards import Card

_new = object.__new__
_put = object.__setattr__


class Event:
    """Base of all events: the acting seat and an optional note."""

    __slots__ = ("note", "seat")
    #: the event's fields in order (its repr, equality, hash and pickle)
    FIELDS: ClassVar[tuple[str, ...]] = ("seat", "note")
    __match_args__: ClassVar[tuple[str, ...]] = ("seat",)
    action: ClassVar[str] = "?"
    _values: ClassVar[attrgetter[tuple[Any, ...]]]  # the fields' values (an attrgetter: called with the event)

    seat: int
    note: str

    def __init__(self, seat: int, *, note: str = "") -> None:
        _seat(self, seat)
        _note(self, note)

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        cls._values = attrgetter(*cls.FIELDS)

    @property
    def cards(self) -> tuple[Card, ...]:
        """Cards the event moves or shows (empty for most declarations)."""
        return ()

    # -- a value: equality, hash, repr, pickling, no assignment

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        return bool(self._values(self) == other._values(other))  # other: of self's class

    def __hash__(self) -> int:
        return hash(self._values(self))

    def __repr__(self) -> str:
        fields = ", ".join(f"{name}={value!r}" for name, value in zip(self.FIELDS, self._values(self), strict=True))
        return f"{type(self).__qualname__}({fields})"

    def __reduce__(self) -> tuple[Any, ...]:
        return _remade, (type(self), self._values(self))

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"cannot assign to field {name!r}: an event is immutable (use _replace)")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"cannot delete field {name!r}: an event is immutable")

    def _replace(self, **changes: Any) -> Self:
        """A copy with some fields changed (ValueError naming a field this event does not have)."""
        wrong = changes.keys() - set(self.FIELDS)
        if wrong:
            raise ValueError(f"{type(self).__name__} has no field {', '.join(sorted(wrong))}")
        values = dict(zip(self.FIELDS, self._values(self), strict=True))
        values.update(changes)
        new: Self = _remade(type(self), tuple(values.values()))
        return new

    def to_json(self) -> dict[str, Any]:
        """The event as a JSON object of the log format."""
        out: dict[str, Any] = {"seat": self.seat, "action": self.action}
        out.update(self._json_fields())
        if self.note:
            out["note"] = self.note
        return out

    def _json_fields(self) -> dict[str, Any]:
        return {}


Event._values = attrgetter(*Event.FIELDS)
# the fields' slots set directly (an event's own __setattr__ refuses): what makes an event cheap to make
_seat: Callable[[Event, int], None] = Event.__dict__["seat"].__set__
_note: Callable[[Event, str], None] = Event.__dict__["note"].__set__


def _remade(cls: type[Any], values: tuple[Any, ...]) -> Any:
    """An event of ``cls`` holding ``values`` (its ``FIELDS`` in order), as pickling and ``_replace`` make it."""
    ev = _new(cls)
    for name, value in zip(cls.FIELDS, values, strict=True):
        _put(ev, name, value)
    return ev


class _WithCards(Event):
    __slots__ = ("cards",)
    FIELDS: ClassVar[tuple[str, ...]] = ("seat", "note", "cards")
    __match_args__: ClassVar[tuple[str, ...]] = ("seat", "cards")

    cards: tuple[Card, ...]  # a field where Event has a read-only property

    def __init__(self, seat: int, cards: tuple[Card, ...] = (), *, note: str = "") -> None:
        _seat(self, seat)
        _note(self, note)
        _cards(self, cards)

    def _json_fields(self) -> dict[str, Any]:
        return {"cards": [c.token for c in self.cards]}


_cards: Callable[[Event, tuple[Card, ...]], None] = _WithCards.__dict__["cards"].__set__


def card_event(cls: type[Event], seat: int, cards: tuple[Card, ...], note: str = "") -> Event:
    """An event of a card action without a target (``cls`` a ``_WithCards`` such as Play), made without the
    constructor's keywords: the reader's way, once per event of a log."""
    ev = _new(cls)
    _seat(ev, seat)
    _note(ev, note)
    _cards(ev, cards)
    return ev


def plain_event(cls: type[Event], seat: int, note: str = "") -> Event:
    """An event of an action with no fields but its seat and note (Pass, Kou ...), made the reader's way."""
    ev = _new(cls)
    _seat(ev, seat)
    _note(ev, note)
    return ev


class _Targeted(_WithCards):
    """A card event with the seat the cards go to."""

    __slots__ = ("to",)
    FIELDS: ClassVar[tuple[str, ...]] = ("seat", "note", "cards", "to")
    __match_args__: ClassVar[tuple[str, ...]] = ("seat", "cards", "to")

    to: int

    def __init__(self, seat: int, cards: tuple[Card, ...] = (), to: int = -1, *, note: str = "") -> None:
        _seat(self, seat)
        _note(self, note)
        _cards(self, cards)
        _to(self, to)

    def _json_fields(self) -> dict[str, Any]:
        return {"to": self.to, "cards": [c.token for c in self.cards]}


_to: Callable[[Event, int], None] = _Targeted.__dict__["to"].__set__


class Play(_WithCards):
    """打牌/顺牌: a seat plays a set (a lead or an answer)."""

    __slots__ = ()
    action: ClassVar[str] = "play"


class Burn(_WithCards):
    """烧牌 (捎牌): a seat other than the 对头 takes over a 够级 set (GJ-BURN)."""

    __slots__ = ()
    action: ClassVar[str] = "burn"


class Pass(Event):
    """过牌: the seat declines the set on the table."""

    __slots__ = ()
    action: ClassVar[str] = "pass"


class Kou(Event):
    """扣牌: the lawful closer (the last player's 对头) declines and closes the round (GJ-KOU)."""

    __slots__ = ()
    action: ClassVar[str] = "kou"


class Rang(Event):
    """让牌: the 对头 lets the next two seats act first (GJ-RANG)."""

    __slots__ = ()
    action: ClassVar[str] = "rang"


class Jiefeng(Event):
    """申请接风: the next seat asks to lead after an out seat's 底牌 (JIEFENG)."""

    __slots__ = ()
    action: ClassVar[str] = "jiefeng"


class Show(_WithCards):
    """亮3: a seat shows 3s of one suit to claim the first lead (GJ-FIRST-LEAD)."""

    __slots__ = ()
    action: ClassVar[str] = "show"


class Revolution(Event):
    """革命: a seat dealt no joker and no 2 sits the deal out (GJ-REVOLUTION)."""

    __slots__ = ()
    action: ClassVar[str] = "revolution"


class Waive(Event):
    """The revolutionary's 对头 waives its three 够死级 plays and is 无头 at once (GJ-REVOLUTION)."""

    __slots__ = ()
    action: ClassVar[str] = "waive"


class Tribute(_Targeted):
    """进贡: ``seat`` gives ``cards`` to seat ``to`` before play (GJ-TRIBUTE)."""

    __slots__ = ()
    action: ClassVar[str] = "tribute"


class Return(_Targeted):
    """还贡: ``seat`` returns ``cards`` to seat ``to`` (GJ-TRIBUTE)."""

    __slots__ = ()
    action: ClassVar[str] = "return"


class Refuse(_Targeted):
    """The tribute giver refuses a returned card whose rank it does not hold; it goes back."""

    __slots__ = ()
    action: ClassVar[str] = "refuse"


class Report(Event):
    """报牌: a seat announces how many cards it holds (GJ-REPORT)."""

    __slots__ = ("count",)
    FIELDS: ClassVar[tuple[str, ...]] = ("seat", "note", "count")
    __match_args__: ClassVar[tuple[str, ...]] = ("seat", "count")
    action: ClassVar[str] = "report"

    count: int

    def __init__(self, seat: int, count: int = 0, *, note: str = "") -> None:
        _seat(self, seat)
        _note(self, note)
        _count(self, count)

    def _json_fields(self) -> dict[str, Any]:
        return {"count": self.count}


_count: Callable[[Event, int], None] = Report.__dict__["count"].__set__


class Call(_WithCards):
    """叫庄: the seat shows 3 or 4 identical cards and becomes 皇帝 (BH-CALL, BH-FORCE)."""

    __slots__ = ()
    action: ClassVar[str] = "call"


class Yield(Event):
    """让庄: the holder hands the marked big joker on, clockwise, to its 上家 (BH-YIELD)."""

    __slots__ = ()
    action: ClassVar[str] = "yield"


class Grab(Event):
    """抢庄: the seat takes the marked big joker and is 皇帝 with no call; no 保皇派 (BH-GRAB)."""

    __slots__ = ()
    action: ClassVar[str] = "grab"


class Reveal(Event):
    """明保 by the 保皇派 (BH-LOYALIST), or 明独 by a 皇帝 playing alone (BH-SOLO), before play."""

    __slots__ = ()
    action: ClassVar[str] = "reveal"


class Declare(_WithCards):
    """升级: 定主 with a joker and a pair of one suit, face down (SJ-DECLARE)."""

    __slots__ = ()
    action: ClassVar[str] = "declare"


class Exchange(_Targeted):
    """升级: 换三张, cards passed between the declaration that won and one it ate (SJ-EXCHANGE)."""

    __slots__ = ()
    action: ClassVar[str] = "exchange"


class Bury(_WithCards):
    """升级: the declarer, having taken the kitty (底牌), lays as many cards back (SJ-DEAL)."""

    __slots__ = ()
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
