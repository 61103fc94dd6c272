"""过牌不烧，烧牌优先: a seat that passed may not burn (a rule: GJ-BURN); burning takes priority over
the 对头's answer. Reading: sure.

The rule half is judged by the replay: a burn after a pass is a GJ-BURN violation, which the coach
reports under this maxim. The detector fires as a hint when a seat declined an opponent's 够级 set
with a pass while it held a burn it could keep (a joker for each later set but the last; an attached 2
rides on another rank's set, so it needs no joker of its own).
"""

from __future__ import annotations

from collections.abc import Iterator

from coach.findings import Finding
from coach.games.gouji import table_gouji
from coach.maxim import Maxim, finding
from coach.moment import Moment, acts_on
from replay.climbing.state import State
from replay.core.cards import RANK_2, RANK_SJ, Card
from replay.core.seats import opposite


def _keepable(m: Moment[State], cards: tuple[Card, ...]) -> bool:
    """After burning ``cards``, the seat still has a joker for each set it must play but the last. Where
    2s attach to other ranks (``twos_attach``), 2s ride on another rank's set: not a set of their own."""
    left = list(m.held)
    for c in cards:
        left.remove(c)
    jokers = sum(1 for c in left if c.rank >= RANK_SJ)
    ranks = {c.rank for c in left if c.rank < RANK_SJ}
    if m.engine.twos_attach and len(ranks) > 1:
        ranks.discard(RANK_2)
    return jokers >= len(ranks) - 1


@acts_on("pass")
def detect(m: Moment[State]) -> Iterator[Finding]:
    """A keepable burn passed up."""
    st = m.before
    ev = m.event
    if (
        st.table is None
        or ev.action != "pass"
        or not table_gouji(st)
        or not m.opponent(st.owner)
        or m.seat == opposite(st.owner)
    ):
        return
    if m.seat not in m.engine.burners(st):
        return
    keep = [s for s in m.beating_sets() if _keepable(m, s)]
    if keep:
        best = min(keep, key=lambda s: (len(s), max(c.rank for c in s)))
        yield finding(
            m,
            MAXIM,
            "hint",
            f"对手的够级牌可以烧（{' '.join(c.token for c in best)}），却过了牌",
            f"passed on an opponent's 够级 set it could have burned and kept the condition ({' '.join(c.token for c in best)})",
            instead=best,
        )


MAXIM = Maxim(
    key="guo-pai-bu-shao",
    saying="过牌不烧，烧牌优先",
    reading_zh="过了牌就不能再烧（规则）；能烧时烧牌优先于对头上牌",
    reading_en="a seat that passed may not burn (a rule); burning takes priority over the 对头's answer",
    sureness="sure",
    games=frozenset({"gouji"}),
    detect=detect,
    rule=("GJ-BURN", "过牌不烧"),
)
