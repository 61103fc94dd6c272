"""A moment of a deal as one seat saw it: the table before its event, what it held, what it did.

Detectors look at deals through this view only, so they judge from what the seat could know: its
own hand, the public history (cards played so far), and the counts shown under 报牌.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Generic, TypeVar

from replay.climbing.state import State
from replay.core.cards import RANK_BJ, RANK_SJ, Card
from replay.core.events import Event
from replay.core.game_state import S
from replay.core.verdicts import Verdict
from replay.replay import Replay

D = TypeVar("D", bound=Callable[..., Any])
C = TypeVar("C", bound=State)  # a climbing game's states

#: the actions of the events a detector speaks to (``acts_on``), by the detector: the coach asks it about those
#: events only (a detector not named here is asked about every event)
ACTIONS: dict[Callable[..., Any], frozenset[str]] = {}


def acts_on(*actions: str) -> Callable[[D], D]:
    """Mark a detector as finding nothing at an event whose action is none of ``actions`` (it is then not asked)."""

    def mark(detect: D) -> D:
        ACTIONS[detect] = frozenset(actions)
        return detect

    return mark


_SHOWN = State.shown_counts
#: the most cards a count shown to everyone may be (``State.shown_counts``' default ``limit``: GJ-REPORT)
SHOWN_LIMIT = 10


def _never(st: S, a: int, b: int) -> bool:
    return False


class Deal(Generic[S]):
    """A replayed deal over its game's states ``S`` and the public history the coach reads it with (computed once);
    ``opponents`` tells whether two seats play against each other (the game's ``GameCoach.opponents``)."""

    def __init__(self, replay: Replay[S], opponents: Callable[[S, int, int], bool] = _never) -> None:
        self.replay = replay
        self.opponents = opponents
        events = replay.log.events
        self.bj_before: list[int] = [0]  # big jokers played before each event (and after the last)
        self.first_sj: dict[int, int] = {}  # seat -> index of its first play with a small joker
        bj = 0
        for i, v in enumerate(replay.verdicts):
            ev = events[i]
            if v.legal and ev.action in ("play", "burn"):
                for c in ev.cards:
                    if c.rank == RANK_BJ:
                        bj += 1
                    elif c.rank == RANK_SJ and ev.seat not in self.first_sj:
                        self.first_sj[ev.seat] = i
            self.bj_before.append(bj)


class Moment(Generic[S]):
    """Event ``index`` of a replay, by ``seat``: the state before it and after it (the game's states ``S``), and its
    verdict. What only a climbing game's table has (the set on it, 报牌's counts, a lead) is read of a climbing
    moment (``Moment[State]``, the maxims'); a game of its own (升级) reads its moments by its own state type.

    Detectors read a moment many times over (every detector, every event): what they read is looked up once,
    when the moment is made."""

    __slots__ = ("_held", "before", "deal", "event", "index", "replay", "seat", "verdict")

    deal: Deal[S]
    index: int
    replay: Replay[S]  # the replayed deal
    event: Event  # the event itself
    seat: int  # the acting seat
    before: S  # the table just before the event
    verdict: Verdict  # the replay's ruling on the event

    def __init__(self, deal: Deal[S], index: int) -> None:
        self.deal, self.index = deal, index
        self.replay = rep = deal.replay
        self.event = event = rep.log.events[index]
        self.seat = event.seat
        self.before = rep.states[index]
        self.verdict = rep.verdicts[index]
        self._held: list[Card] | None = None

    def __repr__(self) -> str:
        return f"Moment(index={self.index}, seat={self.seat}, action={self.event.action!r})"

    @property
    def after(self) -> S:
        """The table just after the event."""
        return self.replay.states[self.index + 1]

    @property
    def engine(self) -> Any:
        """The rules engine of the deal."""
        return self.replay.engine

    @property
    def held(self) -> list[Card]:
        """The seat's known cards just before the event (looked up once)."""
        if self._held is None:
            self._held = self.before.hands[self.seat].known_cards()
        return self._held

    def count(self, rank: int) -> int:
        """How many cards of ``rank`` the seat held before the event."""
        return sum(1 for c in self.held if c.rank == rank)

    def hand_size(self, seat: int | None = None) -> int:
        """Cards a seat held before the event (the acting seat by default)."""
        return self.before.hands[self.seat if seat is None else seat].size

    def shown(self: Moment[C], seat: int) -> int | None:
        """A seat's count as shown to everyone (报牌: 10 or fewer), else None."""
        st = self.before
        if type(st).shown_counts is not _SHOWN:  # a state that shows counts its own way
            return st.shown_counts().get(seat)
        size = st.hands[seat].size
        return size if 0 < size <= SHOWN_LIMIT and st.active(seat) else None  # State.shown_counts, for one seat

    def opponent(self: Moment[C], seat: int) -> bool:
        """True when ``seat`` plays against the acting seat (够级: the other team; the game's coach says)."""
        return self.deal.opponents(self.before, seat, self.seat)

    def big_jokers_out(self) -> int:
        """Big jokers the seat cannot see: not in its hand and not yet played (a deck holds one)."""
        return int(self.engine.decks) - self.count(RANK_BJ) - self.deal.bj_before[self.index]

    @property
    def is_lead(self: Moment[C]) -> bool:
        """True when the event is a play that leads (an empty table, or its own unburned 够死级 set)."""
        st = self.before
        return self.event.action == "play" and (st.table is None or (st.window and self.seat == st.owner))

    def beating_sets(self: Moment[C]) -> list[tuple[Card, ...]]:
        """Every set the seat held that beats the set on the table (concrete cards)."""
        st = self.before
        if st.table is None:
            return []
        return list(self.engine.plays_for(st, self.seat))

    def table_tokens(self: Moment[C]) -> tuple[str, ...]:
        """The set on the table before the event."""
        return tuple(c.token for c in self.before.table_cards)

    def held_tokens(self) -> tuple[str, ...]:
        """The seat's cards before the event."""
        return tuple(c.token for c in self.held)
