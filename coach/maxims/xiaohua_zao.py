"""小花早挂，晚发不活: use small jokers early; late in the deal they die to big jokers. Reading: fair.

Fires when a seat first plays a small joker with 6 cards or fewer left (and not as the set that takes
it out) while big jokers it has not seen (not in its hand, not yet played) are still out.
"""

from __future__ import annotations

from collections.abc import Iterator

from coach.findings import Finding
from coach.maxim import Maxim, finding
from coach.moment import Moment, acts_on
from replay.climbing.state import State
from replay.core.cards import RANK_SJ

LATE = 6


@acts_on("play", "burn")
def detect(m: Moment[State]) -> Iterator[Finding]:
    """A small joker played late while big jokers are still out."""
    ev = m.event
    if ev.action not in ("play", "burn") or not m.verdict.legal:
        return
    if not any(c.rank == RANK_SJ for c in ev.cards) or m.hand_size() > LATE:
        return
    if m.deal.first_sj.get(m.seat) != m.index or len(ev.cards) == m.hand_size():
        return  # a small joker was used earlier, or this set takes the seat out
    out = m.big_jokers_out()
    if out > 0:
        yield finding(
            m,
            MAXIM,
            "hint",
            f"剩{m.hand_size()}张牌时才出小花，场上还有{out}张没见过的大花",
            f"a small joker played with {m.hand_size()} cards left while {out} big joker(s) are still unseen",
            big_jokers_unseen=out,
        )


MAXIM = Maxim(
    key="xiaohua-zao-gua",
    saying="小花早挂，晚发不活",
    reading_zh="小花要早用，晚了会被大花管死",
    reading_en="use small jokers early; late in the deal they die to big jokers",
    sureness="fair",
    games=frozenset({"gouji"}),
    detect=detect,
)
