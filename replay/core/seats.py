"""Seats, sides and the seat across the table: the one place for the arithmetic of a round table.

Seats are numbered 0 … n-1 in play order. In 够级 (6 seats) the seat across is the 对头, an opponent
(``opposite``), and the teams are the even and the odd seats (0·2·4 against 1·3·5); in 升级 (4 seats)
the seat across is the partner (对家) and the sides are 0·2 and 1·3. 保皇 has no fixed teams (its roles
are the engine's). The tables are precomputed so that the engines' hot paths pay an index, not a call.
"""

from __future__ import annotations

OPPOSITE: dict[int, tuple[int, ...]] = {n: tuple((s + n // 2) % n for s in range(n)) for n in (4, 6)}
"""``OPPOSITE[n][s]``: the seat across from seat ``s`` at a table of ``n`` (an even number of) seats."""


def opposite(seat: int, n: int = 6) -> int:
    """The seat across the table from ``seat``: 够级's 对头 (n = 6), 升级's partner (n = 4)."""
    return OPPOSITE[n][seat]


def side(seat: int) -> int:
    """The side a seat plays for where the sides alternate (够级's teams, 升级's sides): 0 or 1."""
    return seat % 2


def same_side(a: int, b: int) -> bool:
    """Whether two seats play on the same side (sides alternating round the table)."""
    return (a - b) % 2 == 0


def side_seats(which: int, n: int) -> tuple[int, ...]:
    """The seats of side ``which`` (0 or 1) at a table of ``n`` seats: (0, 2, 4) or (1, 3, 5) for 够级."""
    return tuple(range(which, n, 2))
