"""What a 够级 step shows beside the shared view (``replay.view.StepView``): the marks of its cycle, as
``GoujiStepExtras`` (``Gouji.view`` makes it; ``replay --json`` writes it into the step's marks)."""

from __future__ import annotations

from typing import Any

from replay.view import StepExtras, StepView


class GoujiStepExtras(StepExtras, kw_only=True):
    """够级's marks at a step: whether the set on the table is 够级, the seats locked by a pass, those burning
    (烧牌) and those whose burn failed, the headless seats (无头), 四人乱缠, the seat with a 够死级 chance
    and the seat that declared 革命. All defaults: no mark."""

    table_gouji: bool = False
    passed: tuple[int, ...] = ()
    burners: tuple[int, ...] = ()
    failed_burners: tuple[int, ...] = ()
    headless: tuple[int, ...] = ()
    chaos: bool = False
    deadlevel: int | None = None
    revolution: int | None = None

    def table_json(self) -> dict[str, Any]:
        """``{"gouji"}``: the set on the table is 够级."""
        return {"gouji": self.table_gouji}

    def seat_groups(self) -> tuple[tuple[str, tuple[int, ...]], ...]:
        """The seats locked by a pass this round, then those bound by a burn."""
        return (("passed", self.passed), ("burners", self.burners))

    def marks_json(self) -> dict[str, Any]:
        """The marks, in the keys and order of ``replay.view.NO_MARKS``."""
        return {
            "passed": list(self.passed),
            "burners": list(self.burners),
            "failed_burners": list(self.failed_burners),
            "headless": list(self.headless),
            "chaos": self.chaos,
            "deadlevel": self.deadlevel,
            "revolution": self.revolution,
        }


NO_GOUJI_MARKS = GoujiStepExtras()


def gouji_marks(view: StepView) -> GoujiStepExtras:
    """A step's 够级 marks (none for another game's step)."""
    return view.extras_of(GoujiStepExtras) or NO_GOUJI_MARKS
