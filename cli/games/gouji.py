"""够级's deal in words (``TEXT``): a climbing game's text (``cli.text.ClimbingText``) with 够级's marks, the 够级
set on the table and the cycle's status at a step (passes, burns, 无头, 够死级, 四人乱缠, 革命)."""

from __future__ import annotations

from cli.text import ClimbingText
from replay.core.said import seat_name
from replay.games.gouji.state import GoujiState
from replay.games.gouji.step_view import gouji_marks
from replay.view import StepView


class GoujiText(ClimbingText[GoujiState]):
    """够级: the climbing text with the 够级 set and the cycle's status."""

    def set_note(self, view: StepView) -> str:
        """The set on the table is 够级."""
        return "  (够级)" if gouji_marks(view).table_gouji else ""

    def status(self, view: StepView) -> list[str]:
        """The seats locked by a pass, bound by a burn, whose burn failed or that are 无头, the seat with a 够死级
        chance, 四人乱缠 and the seat that declared 革命."""
        marks = gouji_marks(view)
        status = []
        if marks.passed:
            status.append(f"passed this round: {list(marks.passed)}")
        if marks.burners:
            status.append(f"bound by a burn: {list(marks.burners)}")
        if marks.failed_burners:
            status.append(f"failed burns: {list(marks.failed_burners)}")
        if marks.headless:
            status.append(f"headless (无头): {list(marks.headless)}")
        if marks.deadlevel is not None:
            status.append(f"够死级 chance: {seat_name(marks.deadlevel, en=True)}")
        if marks.chaos:
            status.append("四人乱缠")
        if marks.revolution is not None:
            status.append(f"革命: {seat_name(marks.revolution, en=True)}")
        return status


TEXT = GoujiText("gouji")
