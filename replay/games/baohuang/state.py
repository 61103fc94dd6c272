"""保皇's state: the climbing table (``replay.climbing.state.State``) and what only 保皇 has: the bidding for
皇帝, the roles and who knows them, and the seats that let (让) in the first lap; and 保皇's transitions of many
fields at once, each setting them in the copy ``replay.climbing.state.writable`` gives (its lines inline: tests/replay/climbing/test_fast_path.py
holds them to it)."""

from __future__ import annotations

from replay.climbing.state import State, blank, close_fields, put_fields, set_fields
from replay.core.cards import Card
from replay.core.hand import Hand
from replay.core.sets import CardSet


class BaohuangState(State):
    """One moment of a 保皇 deal."""

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
    lets: int = 0  # seats that let (让) in the first lap over this set


def put_set(
    st: BaohuangState, hands: tuple[Hand, ...], table: CardSet, cards: tuple[Card, ...], owner: int
) -> BaohuangState:
    """A copy of ``st`` with a new set on the table and its two laps not yet started."""
    new, values = blank(type(st)), st.__dict__.copy()  # writable(st), inline (every play)
    set_fields(new, values)
    put_fields(values, hands, table, cards, owner)
    values["lets"] = 0
    return new


def close_round(st: BaohuangState, leader: int, owned: bool = False) -> BaohuangState:
    """A copy of ``st`` with the round closed: the table cleared and ``leader`` to lead (``owned``: ``st`` itself,
    changed in place: its caller made it and no one else has seen it)."""
    if owned:  # writable(st, owned), inline
        new, values = st, st.__dict__
    else:
        new, values = blank(type(st)), st.__dict__.copy()
        set_fields(new, values)
    close_fields(values, st, leader)
    values["lets"] = 0
    return new
