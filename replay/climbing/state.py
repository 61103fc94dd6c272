"""The table of a climbing game as it stands between two events: an immutable value, replaced by every event.

``State`` holds what every climbing game (够级, 保皇, a new one) has: the seats still in, who went out,
the set on the table and its owner, the answer cycle (``to_act``, ``cursor``, ``responded``, ``final``)
and the rounds. Each game's state is a subclass holding only its own fields besides
(``replay.games.gouji.state.GoujiState``, ``replay.games.baohuang.state.BaohuangState``); a game with nothing of
its own uses ``State`` itself.

States are frozen value classes (``replay.core.record.Record``). Seat sets are bit masks. The next state is made by copying the fields
(``evolve``, ``with_turn``, ``writable``, and ``fields_of`` / ``rebuilt`` for the transitions that change many fields
at once, such as a new set on the table): one dict copy, as cheap as a tuple's. One exception, inside
the engine only: a state its caller owns (``Engine.advance(..., owned=True)``: a rollout's own states, made by
the engine and seen by no one else) may be changed in place instead of copied; every state anyone else holds
stays as it was made.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Self, TypeVar

from replay.core.cards import Card
from replay.core.hand import Hand
from replay.core.record import Record
from replay.core.sets import CardSet

SETUP, PLAY, OVER, VOID = "setup", "play", "over", "void"


class State(Record):
    """One moment of a climbing deal: what every climbing game has."""

    n: int  # number of seats
    live: int = 0  # seats still playing (not out, not sitting out)
    out: tuple[int, ...] = ()  # seats that went out, in finish order
    first_leader: int = -1  # who led the first round
    rounds: int = 0  # rounds closed so far
    last_owner: int = -1  # owner of the set that closed the last round
    played: tuple[int, ...] = ()  # cards played per slot; kept only when some hand is not fully known
    phase: str = SETUP  # setup | play | over | void
    hands: tuple[Hand, ...] = ()
    table: CardSet | None = None  # the set on the table
    table_cards: tuple[Card, ...] = ()
    owner: int = -1  # who played it
    leader: int = -1  # who leads when the table is empty (-1: not known yet)
    to_act: int = -1  # whose decision is awaited (-1: none)
    final: bool = False  # the last word on the table set (够级: the closer's; 保皇: the second lap)
    cursor: int = -1  # last seat reached in the answer cycle of this set
    responded: int = 0  # seats that declined the set on the table
    jiefeng: int = -1  # seat that asked for 接风 on the table set
    window: bool = False  # only out-of-turn claims (够级's burns) may still take the table set; else owner leads

    # -- derived views -----------------------------------------------------------------------

    def active(self, seat: int) -> bool:
        """True while the seat still plays (holds cards, not out, not sitting out)."""
        return self.live >> seat & 1 == 1

    def active_seats(self) -> list[int]:
        """Seats still playing, in play order."""
        return [s for s in range(self.n) if self.active(s)]

    def next_active(self, seat: int) -> int:
        """The first active seat after ``seat`` in play order (-1 if none)."""
        for k in range(1, self.n + 1):
            s = (seat + k) % self.n
            if self.active(s):
                return s
        return -1

    def counts(self) -> list[int]:
        """Cards held per seat."""
        return [h.size for h in self.hands]

    def shown_counts(self, limit: int = 10) -> dict[int, int]:
        """GJ-REPORT: the counts shown to all (seats still playing with ``limit`` cards or fewer)."""
        return {s: h.size for s, h in enumerate(self.hands) if 0 < h.size <= limit and self.active(s)}

    @property
    def terminal(self) -> bool:
        """True when the deal is over (or void)."""
        return self.phase in (OVER, VOID)

    def _replace(self, **changes: Any) -> Self:
        """A copy with some fields changed (the name of NamedTuple's, which states were before)."""
        return evolve(self, **changes)


S = TypeVar("S", bound=State)
#: ``blank(cls)``: a state of type ``cls`` with no fields yet (``object.__new__``), to give its fields with ``set_fields``
blank = object.__new__
#: ``set_fields(new, values)``: ``values`` (a dict of every field) made the fields of ``new`` (from ``blank``), by the
#: descriptor ``Record`` holds ``__dict__`` by: ``object.__setattr__(new, "__dict__", values)`` asks the same of it
#: after a type lookup and a check (a step of nearly every transition)
set_fields: Callable[[State, dict[str, Any]], None] = Record.__dict__["__dict__"].__set__
_FIELDS: dict[type, frozenset[str]] = {}


def field_names(cls: type[State]) -> frozenset[str]:
    """The names of a state type's fields."""
    found = _FIELDS.get(cls)
    if found is None:
        found = _FIELDS[cls] = frozenset(cls._fields)
    return found


def fields_of(st: State) -> dict[str, Any]:
    """A copy of the state's fields, to change and make the next state of with ``rebuilt``."""
    return st.__dict__.copy()


def rebuilt(st: S, values: dict[str, Any]) -> S:
    """The state of ``st``'s type holding ``values`` (from ``fields_of``): no field checked, none copied."""
    new = blank(type(st))
    set_fields(new, values)
    return new


def writable(st: S, owned: bool = False) -> tuple[S, dict[str, Any]]:
    """The state a transition sets its fields in, and those fields: ``st`` itself when ``owned`` (its caller made it
    and no one else has seen it, see ``Engine.advance``), else a new copy of it (``rebuilt(st, fields_of(st))``)."""
    if owned:
        return st, st.__dict__
    new, values = blank(type(st)), st.__dict__.copy()
    set_fields(new, values)
    return new, values


def evolve(st: S, **changes: Any) -> S:
    """A copy of ``st`` with some fields changed (ValueError naming a field its type does not have)."""
    if not changes.keys() <= field_names(type(st)):
        wrong = sorted(changes.keys() - field_names(type(st)))
        raise ValueError(f"{type(st).__name__} has no field {', '.join(wrong)}")
    values = st.__dict__.copy()
    values.update(changes)
    new = blank(type(st))
    set_fields(new, values)
    return new


def with_turn(st: S, to_act: int, final: bool, responded: int, cursor: int) -> S:
    """A copy of ``st`` with the answer-cycle fields set (the engine's most frequent change)."""
    values = st.__dict__.copy()
    values["to_act"] = to_act
    values["final"] = final
    values["responded"] = responded
    values["cursor"] = cursor
    new = blank(type(st))
    set_fields(new, values)
    return new


def put_fields(
    values: dict[str, Any], hands: tuple[Hand, ...], table: CardSet, cards: tuple[Card, ...], owner: int
) -> None:
    """Set in ``values`` (``fields_of``) a new set on the table, its answer cycle not yet started."""
    values["phase"] = PLAY
    values["hands"] = hands
    values["table"] = table
    values["table_cards"] = cards
    values["owner"] = owner
    values["leader"] = -1
    values["to_act"] = -1
    values["final"] = False
    values["cursor"] = owner
    values["responded"] = 0
    values["jiefeng"] = -1


def close_fields(values: dict[str, Any], st: State, leader: int) -> None:
    """Set in ``values`` (``fields_of(st)``, or ``st``'s own fields) the round closed: the table cleared and
    ``leader`` to lead."""
    rounds, last_owner = st.rounds + 1, st.owner  # read before ``values`` changes them, should it be st's own
    values["table"] = None
    values["table_cards"] = ()
    values["owner"] = -1
    values["leader"] = leader
    values["to_act"] = leader
    values["final"] = False
    values["cursor"] = -1
    values["responded"] = 0
    values["jiefeng"] = -1
    values["rounds"] = rounds
    values["last_owner"] = last_owner


def bit(seat: int) -> int:
    """The mask of one seat."""
    return 1 << seat


def seats_of(mask: int, n: int) -> list[int]:
    """The seats in a mask, in order."""
    return [s for s in range(n) if mask >> s & 1]
