"""升级's state: the phases of a deal, the declarations, trumps and exchanges, the kitty, the trick in
progress and the tricks won, the points per side."""

from __future__ import annotations

from typing import Any, NamedTuple

from replay.core.cards import Card
from replay.core.hand import Hand
from replay.games.shengji.cards import Combo, Trumps, team

DECLARE, EXCHANGE, KITTY, PLAY, OVER, VOID = "declare", "exchange", "kitty", "play", "over", "void"


class Trick(NamedTuple):
    """A finished trick: who led, the plays in order, the winner and the points it held."""

    leader: int
    plays: tuple[tuple[int, tuple[Card, ...]], ...]
    winner: int
    points: int


class ShengjiState(NamedTuple):
    """One moment of a 升级 deal."""

    n: int
    phase: str
    hands: tuple[Hand, ...]
    kitty: tuple[Card, ...] | None  # the kitty as dealt (None when the record does not give it)
    kitty_size: int
    levels: tuple[int, int]  # each side's level rank before the deal
    declarations: tuple[tuple[int, tuple[Card, ...]], ...] = ()
    winner: int = -1  # index in declarations of the declaration that stands
    trumps: Trumps | None = None
    declarer: int = -1  # the seat whose declaration stands (庄)
    pending: tuple[tuple[int, int, str, int], ...] = ()  # exchanges due: (from, to, kind, declaration index)
    buried: tuple[Card, ...] = ()
    leader: int = -1
    to_act: int = -1
    trick: tuple[tuple[int, tuple[Card, ...]], ...] = ()  # plays of the trick in progress
    lead: Combo | None = None
    tricks: tuple[Trick, ...] = ()
    points: tuple[int, int] = (0, 0)  # card points won in tricks per side
    kitty_points: int = 0  # points of the buried cards that went to the last trick's side (multiplied)
    passed: tuple[int, ...] = ()  # seats that said they do not declare (不定主), in order

    @property
    def terminal(self) -> bool:
        """True when the deal is over (or void)."""
        return self.phase in (OVER, VOID)

    @property
    def declarers(self) -> int:
        """The declaring side (-1 before a declaration stands)."""
        return -1 if self.declarer == -1 else team(self.declarer)

    @property
    def defenders_points(self) -> int:
        """The defenders' points: tricks won, and the kitty when they won the last trick."""
        if self.declarer == -1:
            return 0
        d = 1 - team(self.declarer)
        return self.points[d] + (self.kitty_points if self.tricks and team(self.tricks[-1].winner) == d else 0)


_FIELD_AT = {name: k for k, name in enumerate(ShengjiState._fields)}
_new = tuple.__new__  # (a global: tuple.__new__ written out is a method looked up on tuple at every call)


def _replaced(self: ShengjiState, **changes: Any) -> ShengjiState:
    """``ShengjiState._replace``: the state with the fields named changed (an unknown name is a ValueError, as NamedTuple's
    own), compiled with this module; NamedTuple's is interpreted code, and a deal's phases call it a few times."""
    values = list(self)
    for name, value in changes.items():
        k = _FIELD_AT.get(name)
        if k is None:
            raise ValueError(f"Got unexpected field names: {[n for n in changes if n not in _FIELD_AT]!r}")
        values[k] = value
    return _new(ShengjiState, values)


ShengjiState._replace = _replaced  # type: ignore[assignment,method-assign]  # the same signature, compiled (see _replaced)
