"""放头客，串两槲（放一打二）: let one opponent go out first, so your team can trap the other two in
the last places. Reading: unsure; judged for each team after the deal, as a note.

Fires when one opponent took 1st and the other two opponents took the last two places: the team
played 放一打二 (the note says so); and when the team took 1st but both of its other members ended in
the last two places (the opposite happened to it).
"""

from __future__ import annotations

from collections.abc import Iterator

from coach.findings import Evidence, Finding
from coach.maxim import Maxim
from coach.moment import Deal
from replay.climbing.state import State
from replay.core.seats import side, side_seats


def detect_deal(deal: Deal[State]) -> Iterator[Finding]:
    """The finish pattern of each team."""
    rep = deal.replay
    score = rep.score()
    if score is None or score.void:
        return
    order = list(score.finish_order)
    for team in (0, 1):
        seats = side_seats(team, len(order))
        others = [s for s in order if side(s) != team]
        if side(order[0]) != team and set(order[4:]) == set(others[1:]):
            zh, en = (
                "放一打二：让对手头科，把另外两家串到最后",
                "放一打二: one opponent went out first, the other two were trapped last",
            )
        elif side(order[0]) == team and set(order[4:]) == {s for s in seats if s != order[0]}:
            zh, en = (
                "反被放一打二：本方头科，另外两家落在最后",
                "the reverse: the team took 1st but its other two ended last",
            )
        else:
            continue
        yield Finding(
            index=None,
            seat=None,
            kind="note",
            severity="hint",
            message_zh=f"{MAXIM.saying}：{zh}",
            message_en=f"{MAXIM.saying}: {en}",
            maxim=MAXIM.key,
            seats=seats,
            evidence=Evidence(facts={"finish_order": order}),
        )


MAXIM = Maxim(
    key="fang-yi-da-er",
    saying="放头客，串两槲",
    reading_zh="放一个对手先走（头科），本方把另外两个对手串到最后",
    reading_en="let one opponent go out first, so your team can trap the other two in the last places",
    sureness="unsure",
    games=frozenset({"gouji"}),
    detect_deal=detect_deal,
)
