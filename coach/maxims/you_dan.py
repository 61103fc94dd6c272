"""有单不发3: when holding singles, lead them rather than your 3s. Some read it the other way round
(有3不发单: a 3 can never follow, so lead it early); the profile option ``lead_preference`` picks the
side ("singles" or "threes"). Reading: disputed, so at most a hint.

Fires on a free lead: with "singles", a lead of 3s while the seat held a single card of some rank
from 4 to A; with "threes", a lead of a single card (4 to A) while it held 3s.
"""

from __future__ import annotations

from collections.abc import Iterator

from coach.effects import REVERSED
from coach.findings import Finding
from coach.maxim import Maxim, finding
from coach.moment import Moment, acts_on
from replay.climbing.state import State
from replay.core.cards import RANK_3, RANK_A


@acts_on("play")
def detect(m: Moment[State]) -> Iterator[Finding]:
    """A lead on the wrong side of the saying, as the profile reads it."""
    if not m.is_lead or not m.verdict.legal:
        return
    cards = m.event.cards
    preference = m.replay.profile.options.get("lead_preference", "singles")
    if preference == "singles" and cards and cards[0].rank != RANK_3:
        return  # not a lead of 3s (told by its first card)
    led_threes = all(c.rank == RANK_3 for c in cards)
    if not (led_threes if preference == "singles" else len(cards) == 1 and RANK_3 < cards[0].rank <= RANK_A):
        return  # a lead the saying does not speak to (the hand is looked at only for one it does)
    counts: dict[int, int] = {}
    for c in m.held:
        counts[c.rank] = counts.get(c.rank, 0) + 1
    singles = [c for c in m.held if RANK_3 < c.rank <= RANK_A and counts[c.rank] == 1]
    threes = [c for c in m.held if c.rank == RANK_3]
    if preference == "singles" and led_threes and singles:
        yield finding(
            m,
            MAXIM,
            "hint",
            f"手里有单张（{' '.join(c.token for c in singles)}）却先发3",
            f"led 3s while holding singles ({' '.join(c.token for c in singles)})",
            instead=(singles[-1],),
        )
    elif preference == "threes" and len(cards) == 1 and RANK_3 < cards[0].rank <= RANK_A and threes:
        yield finding(
            m,
            MAXIM,
            "hint",
            f"手里有3（{len(threes)}张）却先发单张",
            f"led a single while holding {len(threes)} 3s (有3不发单)",
            instead=tuple(threes),
            question=REVERSED,  # the saying read the other way round: the study's row with the sign turned
        )


MAXIM = Maxim(
    key="you-dan-bu-fa-3",
    saying="有单不发3",
    reading_zh="手里有单张时先发单张，不先发3（也有人反过来说“有3不发单”：3跟不上牌，宜早发），由规则选项决定",
    reading_en="when holding singles, lead them rather than 3s (some say the reverse); the profile picks the side",
    sureness="disputed",
    games=frozenset({"gouji"}),
    detect=detect,
)
