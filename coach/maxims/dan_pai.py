"""单牌慎过，过3有罪: do not let opponents' singles through lightly; never let an opponent go out on 3s
when you could stop it. Reading: fair.

Fires (a) as a mistake when an opponent whose count is shown (报牌: 10 cards or fewer) has 3s on the
table and the seat passes while holding a set that beats them: the 3s would win the round and give
the opponent the lead, on its way out; (b) as a hint when an opponent shown at 5 cards or fewer has
a single on the table and the seat passes while holding a plain single (no 2, no joker) that beats it.
"""

from __future__ import annotations

from collections.abc import Iterator

from coach.findings import Finding
from coach.maxim import Maxim, finding
from coach.moment import Moment, acts_on
from replay.climbing.state import State
from replay.core.cards import RANK_2, RANK_3


@acts_on("pass", "kou")
def detect(m: Moment[State]) -> Iterator[Finding]:
    """A pass that lets an opponent's 3s or single through near its end."""
    st = m.before
    ev = m.event
    table = st.table
    if ev.action not in ("pass", "kou") or table is None or (table.base != RANK_3 and table.size != 1):
        return  # neither half of the saying speaks to the set on the table (the cheap looks first)
    shown = m.shown(st.owner)
    if shown is None or not m.opponent(st.owner):
        return
    if m.seat not in m.engine.actors(st) or not m.verdict.legal:
        return
    if table.base == RANK_3 and st.active(st.owner):
        stop = m.beating_sets()
        if stop:
            best = min(stop, key=lambda s: max(c.rank for c in s))
            yield finding(
                m,
                MAXIM,
                "mistake",
                f"对手只剩{shown}张，放过了它的3（手里有 {' '.join(c.token for c in best)} 能拦）",
                f"let an opponent down to {shown} cards through on 3s while holding {' '.join(c.token for c in best)}",
                instead=best,
            )
        return
    if table.size == 1 and shown <= 5:
        cheap = [s for s in m.beating_sets() if len(s) == 1 and s[0].rank < RANK_2]
        if cheap:
            best = min(cheap, key=lambda s: s[0].rank)
            yield finding(
                m,
                MAXIM,
                "hint",
                f"对手只剩{shown}张，放过了它的单张（手里有 {best[0].token}）",
                f"let a single through from an opponent down to {shown} cards (held {best[0].token})",
                instead=best,
                question="single",  # the half the study does not play (it plays 过3有罪): not measured
                opponent_cards=shown,
            )


MAXIM = Maxim(
    key="dan-pai-shen-guo",
    saying="单牌慎过，过3有罪",
    reading_zh="对手的单张不要轻易放过；对手快走时，能拦就别放过它的3（否则它得发牌权，走得更快）",
    reading_en="do not let opponents' singles through lightly; never let an opponent near its end through on 3s when you could stop them",
    sureness="fair",
    games=frozenset({"gouji"}),
    detect=detect,
)
