"""逢Q盖帽(A): facing an opponent's Qs, answer with As (the "cap"), not with Ks that the next opponent
tops cheaply. Reading: fair.

Fires when a seat answers an opponent's set of Qs with Ks while it held plain As (no 2s, no jokers)
that beat the Qs too. Evidence: the Ks played and the As it could have played instead.
"""

from __future__ import annotations

from collections.abc import Iterator

from coach.findings import Finding
from coach.maxim import Maxim, finding
from coach.moment import Moment, acts_on
from replay.climbing.state import State
from replay.core.cards import RANK_A, RANK_K, RANK_Q
from replay.core.sets import make_set


@acts_on("play", "burn")
def detect(m: Moment[State]) -> Iterator[Finding]:
    """Ks played over an opponent's Qs while As that beat them were in hand."""
    st = m.before
    ev = m.event
    if ev.action not in ("play", "burn") or st.table is None or st.table.base != RANK_Q:
        return
    if not m.opponent(st.owner) or not m.verdict.legal:
        return
    played = make_set(ev.cards, m.engine.twos_attach)
    if played.base != RANK_K:
        return
    caps = [s for s in m.beating_sets() if all(c.rank == RANK_A for c in s)]  # plain As: the cap itself
    if caps:
        cap = caps[0]
        yield finding(
            m,
            MAXIM,
            "mistake",
            f"用K管对手的Q，手里却有能盖帽的A（{' '.join(c.token for c in cap)}）",
            f"Ks over an opponent's Qs while holding As that cap them ({' '.join(c.token for c in cap)})",
            instead=cap,
            question="cards",  # it answered: with which cards (coach.learners.FENG_Q_CARDS)
        )


MAXIM = Maxim(
    key="feng-q-gai-mao",
    saying="逢Q盖帽",
    reading_zh="对手出Q时用A盖帽，不用K（K容易被下一个对手便宜地管住）",
    reading_en="facing an opponent's Qs, answer with As (the cap), not Ks that the next opponent tops cheaply",
    sureness="fair",
    games=frozenset({"gouji"}),
    detect=detect,
)
