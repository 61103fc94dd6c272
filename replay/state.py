"""The table as it stands between two events: an immutable value, replaced by every event.

Seats are numbered in play order. Seat sets (locked, responded, burners) are bit masks. A state is
a NamedTuple: reading a field is cheap, and ``State._replace`` gives the next one.
"""

from __future__ import annotations

from typing import NamedTuple

from replay.cards import Card
from replay.hand import Hand
from replay.sets import CardSet

SETUP, PLAY, OVER, VOID = "setup", "play", "over", "void"


class State(NamedTuple):
    """One moment of a deal."""

    n: int  # number of seats
    live: int = 0  # seats still playing (not out, not sitting out a 革命)
    out: tuple[int, ...] = ()  # seats that went out, in finish order
    locked: int = 0  # seats that passed in this round (PASS-LOCK)
    dead_round: bool = False  # a 头科/二科 底牌 was played in this round
    chaos: bool = False  # 四人乱缠
    revolution: int = -1  # seat that declared 革命
    waived: bool = False  # the revolutionary's 对头 waived its 够死级 plays
    shows: tuple[tuple[int, int], ...] = ()  # 亮3: (seat, number of 3s of one suit), in order
    first_leader: int = -1  # who led the first round
    rounds: int = 0  # rounds closed so far
    last_owner: int = -1  # owner of the set that closed the last round
    tributes: tuple[tuple[int, int, int], ...] = ()  # (giver, receiver, cards given - returned)
    played: tuple[int, ...] = ()  # cards played per slot; kept only when some hand is not fully known
    # 保皇: the bidding and the roles
    marked: int = -1  # seat holding the marked big joker now
    emperor: int = -1  # 皇帝
    loyalist: int = -1  # 保皇派 (the 皇帝 itself when it plays alone; -1 when unknown or none)
    called: Card | None = None  # the card the 皇帝 called with
    solo: bool = False  # 独保
    grab: bool = False  # 抢庄: no 保皇派
    open_loyal: bool = False  # 明保
    open_solo: bool = False  # 明独
    loyal_public: bool = False  # everyone knows who the 保皇派 is
    yields: int = 0  # 让庄 so far
    forced: int = -1  # 逼庄: position in the forced order (-1: not forcing)
    # The fields from here to ``closer`` are those a new set on the table replaces (see put_set).
    phase: str = "setup"  # setup | play | over | void
    hands: tuple[Hand, ...] = ()
    table: CardSet | None = None  # the set on the table
    table_cards: tuple[Card, ...] = ()
    table_gouji: bool = False  # the table set is 够级 (and 四人乱缠 has not begun)
    owner: int = -1  # who played it
    leader: int = -1  # who leads when the table is empty (-1: not known yet)
    to_act: int = -1  # whose decision is awaited (-1: none)
    final: bool = False  # to_act is the closer's last word before the round ends
    window: bool = False  # only burns may still take the table set; else owner leads
    cursor: int = -1  # last seat reached in the answer cycle of this set
    responded: int = 0  # seats that declined the set on the table
    let_seat: int = -1  # seat that let (让) on this set
    let_only: int = -1  # a seat whose set only its 对头 may answer (after 让)
    jiefeng: int = -1  # seat that asked for 接风 on the table set
    lets: int = 0  # 保皇: seats that let (让) in the first lap over this set
    burners: int = 0  # seats bound by a burn's condition
    failed: tuple[int, ...] = ()  # seats that broke a burn's condition, in order
    dead_seat: int = -1  # the 对头 with a 够死级 chance in this round
    dead_set: bool = False  # the table set is a 够死级 play: only a burn may take it
    rev_plays: int = 0  # 够死级 plays left to the revolutionary's 对头
    closer: int = -1  # seat that may still confirm the round just closed (扣)

    # -- derived views -----------------------------------------------------------------------

    def active(self, seat: int) -> bool:
        """True while the seat still plays (holds cards, not out, not sitting out a 革命)."""
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


_INDEX = {name: i for i, name in enumerate(State._fields)}
_new = tuple.__new__


def evolve(st: State, **changes: object) -> State:
    """A copy of ``st`` with some fields changed (a faster ``State._replace``)."""
    vals = list(st)
    index = _INDEX
    for key, value in changes.items():
        vals[index[key]] = value
    return _new(State, vals)


_TURN = tuple(_INDEX[k] for k in ("to_act", "final", "window", "responded", "locked", "cursor", "let_seat"))


def with_turn(
    st: State, to_act: int, final: bool, window: bool, responded: int, locked: int, cursor: int, let_seat: int
) -> State:
    """A copy of ``st`` with the answer-cycle fields set (the engine's most frequent change)."""
    vals = list(st)
    i0, i1, i2, i3, i4, i5, i6 = _TURN
    vals[i0], vals[i1], vals[i2], vals[i3], vals[i4], vals[i5], vals[i6] = (
        to_act,
        final,
        window,
        responded,
        locked,
        cursor,
        let_seat,
    )
    return _new(State, vals)


_PUT0, _PUT1 = _INDEX["phase"], _INDEX["closer"] + 1


def put_set(
    st: State,
    hands: tuple[Hand, ...],
    table: CardSet,
    cards: tuple[Card, ...],
    gouji: bool,
    owner: int,
    let_only: int,
    burners: int,
    failed: tuple[int, ...],
    dead_set: bool,
    dead_seat: int,
    rev_plays: int,
) -> State:
    """A copy of ``st`` with a new set on the table and its answer cycle not yet started."""
    vals = list(st)
    vals[_PUT0:_PUT1] = (
        "play",
        hands,
        table,
        cards,
        gouji,
        owner,
        -1,
        -1,
        False,
        False,
        owner,
        0,
        -1,
        let_only,
        -1,
        0,
        burners,
        failed,
        dead_seat,
        dead_set,
        rev_plays,
        -1,
    )
    return _new(State, vals)


_CLOSE0, _CLOSE1 = _INDEX["table"], _INDEX["jiefeng"] + 1
_I = _INDEX


def close_round(st: State, leader: int, chaos: bool, burners: int, closer: int) -> State:
    """A copy of ``st`` with the round closed: the table cleared and ``leader`` to lead."""
    vals = list(st)
    vals[_CLOSE0:_CLOSE1] = (None, (), False, -1, leader, leader, False, False, -1, 0, -1, -1, -1)
    vals[_I["lets"]] = 0
    vals[_I["locked"]] = 0
    vals[_I["dead_round"]] = False
    vals[_I["chaos"]] = chaos
    vals[_I["rounds"]] = st.rounds + 1
    vals[_I["last_owner"]] = st.owner
    vals[_I["burners"]] = burners
    vals[_I["dead_seat"]] = -1
    vals[_I["dead_set"]] = False
    vals[_I["closer"]] = closer
    return _new(State, vals)


def bit(seat: int) -> int:
    """The mask of one seat."""
    return 1 << seat


def seats_of(mask: int, n: int) -> list[int]:
    """The seats in a mask, in order."""
    return [s for s in range(n) if mask >> s & 1]
