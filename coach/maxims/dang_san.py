"""挡三不挡四: block an opponent down to 3s; do not spend 2s or jokers on their 4s. Reading: unsure,
so at most a hint.

Fires when a seat answers an opponent's 4s with a set carrying 2s or jokers.
"""

from __future__ import annotations

from collections.abc import Iterator

from coach.findings import Finding
from coach.maxim import Maxim, finding
from coach.moment import Moment, acts_on
from replay.climbing.state import State
from replay.core.cards import RANK_2
from replay.core.sets import make_set


@acts_on("play", "burn")
def detect(m: Moment[State]) -> Iterator[Finding]:
    """2s or jokers spent on an opponent's 4s."""
    st = m.before
    ev = m.event
    if ev.action not in ("play", "burn") or st.table is None or st.table.base != 4 or not m.opponent(st.owner):
        return
    if not m.verdict.legal or not any(c.rank >= RANK_2 for c in ev.cards):
        return
    cheaper = [
        s for s in m.beating_sets() if all(c.rank < RANK_2 for c in s) and make_set(s, m.engine.twos_attach).base > 4
    ]
    yield finding(
        m,
        MAXIM,
        "hint",
        "用2或王管对手的4",
        "spent 2s or jokers on an opponent's 4s",
        instead=min(cheaper, key=lambda s: max(c.rank for c in s)) if cheaper else (),
        # with a natural answer at hand the question is which cards; without one, whether to answer at all
        question="cards" if cheaper else "answer",
    )


MAXIM = Maxim(
    key="dang-san-bu-dang-si",
    saying="挡三不挡四",
    reading_zh="拦对手的3，不在对手的4上花2或王",
    reading_en="block an opponent down to 3s; do not spend 2s or jokers on their 4s",
    sureness="unsure",
    games=frozenset({"gouji"}),
    detect=detect,
)
