"""够级's state: the climbing table (``replay.climbing.state.State``) and what only 够级 has: the round's locks,
lets, burns and their obligations, 够死级, 四人乱缠, 革命, 亮3 shows and tributes; and 够级's transitions
of many fields at once (a new set on the table, a closed round, the answer cycle's turn), each setting them in the
state ``replay.climbing.state.writable`` gives (a copy, or the caller's own): its three lines inline here, these being the
transitions of nearly every event (tests/replay/climbing/test_fast_path.py holds them to it)."""

from __future__ import annotations

from replay.climbing.state import State, blank, close_fields, put_fields, set_fields
from replay.core.cards import Card
from replay.core.hand import Hand
from replay.core.sets import CardSet


class GoujiState(State):
    """One moment of a 够级 deal."""

    locked: int = 0  # seats that passed in this round (PASS-LOCK)
    dead_round: bool = False  # a 头科/二科 底牌 was played in this round
    chaos: bool = False  # 四人乱缠
    revolution: int = -1  # seat that declared 革命
    waived: bool = False  # the revolutionary's 对头 waived its 够死级 plays
    shows: tuple[tuple[int, int], ...] = ()  # 亮3: (seat, number of 3s of one suit), in order
    # the tribute ledger: (giver, receiver, cards given in tribute, cards returned; a refused return is negative)
    tributes: tuple[tuple[int, int, int, int], ...] = ()
    table_gouji: bool = False  # the table set is 够级 (and 四人乱缠 has not begun)
    let_seat: int = -1  # seat that let (让) on this set
    let_only: int = -1  # a seat whose set only its 对头 may answer (after 让)
    burners: int = 0  # seats bound by a burn's condition
    failed: tuple[int, ...] = ()  # seats that broke a burn's condition, in order
    dead_seat: int = -1  # the 对头 with a 够死级 chance in this round
    dead_set: bool = False  # the table set is a 够死级 play: only a burn may take it
    rev_plays: int = 0  # 够死级 plays left to the revolutionary's 对头
    closer: int = -1  # seat that may still confirm the round just closed (扣)
    dead_lead: bool = False  # the round just closed on a 够死级 set nobody burned: its owner leads (GJ-DEADLEVEL)


def turn(
    st: GoujiState,
    to_act: int,
    final: bool,
    window: bool,
    responded: int,
    locked: int,
    cursor: int,
    let_seat: int,
    owned: bool = False,
) -> GoujiState:
    """A copy of ``st`` with the answer-cycle fields set (the engine's most frequent change); ``owned``: ``st``
    itself, changed in place, as ``put_set``."""
    if owned:  # writable(st, owned), inline
        new, values = st, st.__dict__
    else:
        new, values = blank(type(st)), st.__dict__.copy()
        set_fields(new, values)
    values["to_act"] = to_act
    values["final"] = final
    values["window"] = window
    values["responded"] = responded
    values["locked"] = locked
    values["cursor"] = cursor
    values["let_seat"] = let_seat
    return new


def put_set(
    st: GoujiState,
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
    owned: bool = False,
) -> GoujiState:
    """A copy of ``st`` with a new set on the table and its answer cycle not yet started (``owned``: ``st``
    itself, changed in place: its caller owns it and no one else sees it, see ``Engine.advance``)."""
    if owned:  # writable(st, owned), inline
        new, values = st, st.__dict__
    else:
        new, values = blank(type(st)), st.__dict__.copy()
        set_fields(new, values)
    put_fields(values, hands, table, cards, owner)
    values["table_gouji"] = gouji
    values["window"] = False
    values["let_seat"] = -1
    values["let_only"] = let_only
    values["burners"] = burners
    values["failed"] = failed
    values["dead_seat"] = dead_seat
    values["dead_set"] = dead_set
    values["rev_plays"] = rev_plays
    values["closer"] = -1
    return new


def close_round(st: GoujiState, leader: int, chaos: bool, burners: int, closer: int, owned: bool = False) -> GoujiState:
    """A copy of ``st`` with the round closed: the table cleared and ``leader`` to lead (``owned``: ``st`` itself,
    changed in place, as ``put_set``)."""
    if owned:  # writable(st, owned), inline
        new, values = st, st.__dict__
    else:
        new, values = blank(type(st)), st.__dict__.copy()
        set_fields(new, values)
    close_fields(values, st, leader)
    values["table_gouji"] = False
    values["window"] = False
    values["let_seat"] = -1
    values["let_only"] = -1
    values["locked"] = 0
    values["dead_round"] = False
    values["chaos"] = chaos
    values["burners"] = burners
    values["dead_seat"] = -1
    values["dead_lead"] = values["dead_set"]
    values["dead_set"] = False
    values["closer"] = closer
    return new
