"""够级's set rule (GJ-GOUJI-SET): which sets are 够级, the sets the 对头 must answer and others may burn.

A set is 够级 with any joker in it, a base of 2, or at least 2 A, 2 K, 3 Q, 4 J or 5 10 (attached 2s count
toward the number of its base); the cycle (``replay.games.gouji.cycle``) reads the table by base rank.
"""

from __future__ import annotations

from replay.core.cards import RANK_2, RANK_10, RANK_A, RANK_BJ, RANK_J, RANK_K, RANK_Q, RANK_SJ
from replay.core.sets import CardSet

# GJ-GOUJI-SET: the least number of cards of a rank that makes a 够级 set.
GOUJI_MIN = {RANK_A: 2, RANK_K: 2, RANK_Q: 3, RANK_J: 4, RANK_10: 5}
# the same by base rank (index: the rank, 0-16): 0 for a 2 or a joker (any count), 99 for a rank that never is
GOUJI_NEED: tuple[int, ...] = tuple(
    0 if r == RANK_2 or r >= RANK_SJ else GOUJI_MIN.get(r, 99) for r in range(RANK_BJ + 1)
)


def is_gouji(cs: CardSet) -> bool:
    """GJ-GOUJI-SET: any joker, base 2, or at least 2 A, 2 K, 3 Q, 4 J or 5 10."""
    return cs.sj > 0 or cs.bj > 0 or cs.n >= GOUJI_NEED[cs.base]
