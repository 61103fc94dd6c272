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
    """One moment of a deal. ``step`` is the number of events applied since the deal."""

    n: int  # number of seats
    phase: str  # setup | play | over | void
    hands: tuple[Hand, ...]
    out: tuple[int, ...] = ()  # seats that went out, in finish order
    table: CardSet | None = None  # the set on the table
    table_cards: tuple[Card, ...] = ()
    table_gouji: bool = False  # the table set is 够级 (and 四人乱缠 has not begun)
    owner: int = -1  # who played it
    leader: int = -1  # who leads when the table is empty (-1: not known yet)
    to_act: int = -1  # whose decision is awaited (-1: none)
    final: bool = False  # to_act is the closer's last word before the round ends
    window: bool = False  # only burns may still take the table set; else owner leads
    locked: int = 0  # seats that passed in this round (PASS-LOCK)
    responded: int = 0  # seats that declined the set on the table
    cursor: int = -1  # last seat reached in the answer cycle of this set
    let_seat: int = -1  # seat that let (让) on this set
    let_only: int = -1  # a seat whose set only its 对头 may answer (after 让)
    burners: int = 0  # seats bound by a burn's condition
    failed: tuple[int, ...] = ()  # seats that broke a burn's condition, in order
    dead_seat: int = -1  # the 对头 with a 够死级 chance in this round
    dead_round: bool = False  # a 头科/二科 底牌 was played in this round
    dead_set: bool = False  # the table set is a 够死级 play: only a burn may take it
    jiefeng: int = -1  # seat that asked for 接风 on the table set
    chaos: bool = False  # 四人乱缠
    revolution: int = -1  # seat that declared 革命
    rev_plays: int = 0  # 够死级 plays left to the revolutionary's 对头
    waived: bool = False  # the revolutionary's 对头 waived them
    shows: tuple[tuple[int, int], ...] = ()  # 亮3: (seat, number of 3s of one suit), in order
    first_leader: int = -1  # who led the first round
    rounds: int = 0  # rounds closed so far
    step: int = 0
    last_owner: int = -1  # owner of the set that closed the last round
    closer: int = -1  # seat that may still confirm the round just closed (扣)
    tributes: tuple[tuple[int, int, int], ...] = ()  # (giver, receiver, cards given - returned)

    # -- derived views -----------------------------------------------------------------------

    def active(self, seat: int) -> bool:
        """True while the seat still plays (holds cards, not out, not sitting out a 革命)."""
        return self.hands[seat].size > 0 and seat != self.revolution and seat not in self.out

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


def bit(seat: int) -> int:
    """The mask of one seat."""
    return 1 << seat


def seats_of(mask: int, n: int) -> list[int]:
    """The seats in a mask, in order."""
    return [s for s in range(n) if mask >> s & 1]
