"""小花挂4，不出也恣: hanging a small joker on 4s is worth it: 4s are otherwise dead cards.
Reading: fair.

Fires on a lead that hangs small jokers on a base other than 4 (and below the 2) while the seat held
4s it could have carried with them instead, also when the set carries a big joker besides (the
alternative hangs the set's jokers on the 4s).
"""

from __future__ import annotations

from collections.abc import Iterator

from coach.findings import Finding
from coach.maxim import Maxim, finding
from coach.moment import Moment, acts_on
from replay.climbing.state import State
from replay.core.cards import RANK_2, RANK_SJ
from replay.core.sets import make_set


@acts_on("play")
def detect(m: Moment[State]) -> Iterator[Finding]:
    """Small jokers hung on another base while 4s stayed in hand."""
    ev = m.event
    if not m.is_lead or not m.verdict.legal:
        return
    played = make_set(ev.cards, m.engine.twos_attach)
    if not played.sj or played.base in (4, RANK_2) or played.base >= RANK_SJ:
        return
    fours = [c for c in m.held if c.rank == 4]
    if fours:
        jokers = tuple(c for c in ev.cards if c.rank >= RANK_SJ)  # the set's jokers, a big one too
        yield finding(
            m,
            MAXIM,
            "hint",
            f"小花挂在{played.base if played.base <= 10 else 'JQKA'[played.base - 11]}上，手里还有{len(fours)}张4",
            f"hung small joker(s) on another base while holding {len(fours)} 4s",
            instead=jokers + tuple(fours),
        )


MAXIM = Maxim(
    key="xiaohua-gua-4",
    saying="小花挂4，不出也恣",
    reading_zh="小花挂在4上最值：4本来是死牌",
    reading_en="hanging a small joker on 4s is worth it: 4s are otherwise dead cards",
    sureness="fair",
    games=frozenset({"gouji"}),
    detect=detect,
)
