"""够级's part of the coach: its teams (the even and the odd seats), the 对头's 扣, the burn's condition a
seat is bound by, a rollout's worth (the team's points, doubled after 串三户) and its marks in a deal's report
(``REPORT``: passed, bound by a burn, 无头, 革命, the 够级 set, 四人乱缠, 够死级), found as ``coach_for("gouji")``.

The 够级 maxims (coach/maxims, RULES.md §6) name the game themselves; the fields only a 够级 state holds
(burners, 四人乱缠, the 够级 set on the table) are read here, for the policy, the learners and the maxims.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from coach.climbing_pricing import climbing_pricing
from coach.findings import climbing_table
from coach.games import GameCoach, Teams
from coach.report_marks import Note, ReportMarks
from replay.climbing.state import State
from replay.core import seats
from replay.core.events import Event, Kou, Pass
from replay.games.gouji import score as gouji_score
from replay.games.gouji.state import GoujiState
from replay.games.gouji.step_view import gouji_marks
from replay.replay import Replay
from replay.view import StepView

if TYPE_CHECKING:
    from replay.climbing.table import Climbing

TEAMS: Teams = (seats.side_seats(0, 6), seats.side_seats(1, 6))


def bound_by_burn(st: State, seat: int) -> bool:
    """The seat burned earlier and 四人乱缠 has not begun: each set but its last must carry a joker."""
    assert isinstance(st, GoujiState)  # the coach gives this module its game's states only
    return bool(st.burners >> seat & 1) and not st.chaos


def table_gouji(st: State) -> bool:
    """The set on the table is a 够级 set (and 四人乱缠 has not begun)."""
    assert isinstance(st, GoujiState)  # the coach gives this module its game's states only
    return st.table_gouji


def _teams(replay: Replay[GoujiState]) -> Teams:
    return TEAMS


def _opponents(st: State, a: int, b: int) -> bool:
    return not seats.same_side(a, b)


def _same_side(st: State, a: int, b: int) -> bool:
    return seats.same_side(a, b)


_PASS = tuple(Pass(s) for s in range(6))  # events are values: one of each per seat
_KOU = tuple(Kou(s) for s in range(6))


def _decline(st: State, seat: int) -> Event:
    """The owner's 对头 declines with 扣 (``Gouji.actors``), everyone else passes."""
    return _KOU[seat] if seat == seats.opposite(st.owner) else _PASS[seat]


def rollout_worth(eng: Climbing[State], st: GoujiState, seat: int) -> float:
    """The points a finished deal gives the seat's team (``replay.games.gouji.score.team_points``): what a rollout
    is worth."""
    return float(gouji_score.team_points(st, eng.profile, seats.side(seat)))


def sweep_threat(st: State, seat: int) -> bool:
    """GJ-SWEEP: the other team holds places 1 and 2 and no seat of ``seat``'s team is out, so the other
    team's next seat out makes a 串三户."""
    mine = seats.side(seat)
    return len(st.out) == 2 and all(seats.side(s) != mine for s in st.out)


def _first_leader(eng: Climbing[State], st: State) -> int:
    return int(eng.first_leader(st)[0])


def seat_notes(view: StepView, seat: int) -> list[Note]:
    """A seat's status in the 够级 cycle, in the report's table as it stood: passed, bound by a burn, 无头, 革命."""
    marks = gouji_marks(view)
    notes = [
        (seat in marks.passed, Note("本轮已过", "passed this round")),
        (seat in marks.burners, Note("受烧牌条件约束", "bound by a burn")),
        (seat in marks.headless, Note("无头", "headless")),
        (seat == marks.revolution, Note("革命", "revolution")),
    ]
    return [note for shown, note in notes if shown]


def set_notes(view: StepView) -> list[Note]:
    """The set on the table is 够级."""
    return [Note("够级", "gouji set")] if gouji_marks(view).table_gouji else []


def table_notes(view: StepView) -> list[Note]:
    """四人乱缠 and the seat with a 够死级 chance."""
    marks = gouji_marks(view)
    notes = [Note("四人乱缠", "四人乱缠 (four-way scramble)")] if marks.chaos else []
    if marks.deadlevel is not None:
        notes.append(Note("够死级机会", "够死级 chance", marks.deadlevel))
    return notes


#: 够级's marks in a deal's report
REPORT = ReportMarks(seat_notes=seat_notes, set_notes=set_notes, table_notes=table_notes)

COACH: GameCoach[Climbing[State], GoujiState] = GameCoach(
    name="gouji",
    teams=_teams,
    fixed_teams=True,
    opponents=_opponents,
    pricing=climbing_pricing(),
    points=rollout_worth,
    same_side=_same_side,
    bound=bound_by_burn,
    decline=_decline,
    first_leader=_first_leader,
    sweep_threat=sweep_threat,
    table_shown=climbing_table,
    report=REPORT,
)
