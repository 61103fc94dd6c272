"""replay/core/seats.py: the seat across, the sides, their seats."""

from __future__ import annotations

from replay.core.seats import OPPOSITE, opposite, same_side, side, side_seats


def test_the_seat_across() -> None:
    assert [opposite(s) for s in range(6)] == [3, 4, 5, 0, 1, 2]  # 够级's 对头
    assert [opposite(s, 4) for s in range(4)] == [2, 3, 0, 1]  # 升级's partner
    assert all(opposite(opposite(s, n), n) == s for n in OPPOSITE for s in range(n))


def test_sides_alternate_round_the_table() -> None:
    assert side_seats(0, 6) == (0, 2, 4) and side_seats(1, 6) == (1, 3, 5) and side_seats(1, 4) == (1, 3)
    assert [side(s) for s in range(6)] == [0, 1, 0, 1, 0, 1]
    assert same_side(0, 4) and not same_side(0, 3) and same_side(1, 3)
    assert all(not same_side(s, opposite(s)) for s in range(6))  # 够级: the 对头 is an opponent
    assert all(same_side(s, opposite(s, 4)) for s in range(4))  # 升级: the seat across is the partner


def test_answer_cycle_tables() -> None:
    """_AHEAD (够级 six seats, 保皇 five): the seats after the owner o still ahead of the seat d places past it."""
    from replay.games.baohuang.engine import _AHEAD as AHEAD5
    from replay.games.gouji.cycle import _AHEAD as AHEAD6

    for n, table in ((6, AHEAD6), (5, AHEAD5)):
        for o in range(n):
            for d in range(n):
                assert table[o * n + d] == tuple((o + k) % n for k in range(d + 1, n))
        assert table[2 * n + 0] == tuple(s for s in [*range(3, n), 0, 1])
