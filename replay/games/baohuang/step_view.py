"""What a 保皇 step shows beside the shared view (``replay.view.StepView``): the roles, as ``BaohuangStepExtras``
(``Baohuang.view`` makes it; ``replay --json`` writes it as the step's ``roles``)."""

from __future__ import annotations

from typing import Any

from replay.core.record import Record
from replay.view import StepExtras, StepView

Roles = dict[int, "str | None"]  # each seat's role (None while unknown)


class BaohuangRoles(Record):
    """The roles at a step: the truth, what each seat knew (the hidden 保皇派 hidden from the others), the
    called card (叫牌, a token), the seat holding the marked joker until the call, whether the 保皇派 or a
    独保 was revealed, and whether the table is on its second lap."""

    truth: Roles
    known_to: dict[int, Roles]
    called: str | None
    marked: int | None
    revealed: bool
    second_lap: bool

    def to_json(self) -> dict[str, Any]:
        """``{"truth", "known_to", "called", "marked", "revealed", "second_lap"}`` (seats as strings)."""
        return {
            "truth": {str(s): r for s, r in self.truth.items()},
            "known_to": {str(v): {str(s): r for s, r in known.items()} for v, known in self.known_to.items()},
            "called": self.called,
            "marked": self.marked,
            "revealed": self.revealed,
            "second_lap": self.second_lap,
        }


class BaohuangStepExtras(StepExtras):
    """保皇's own part of a step: its roles."""

    roles: BaohuangRoles

    def own_json(self) -> dict[str, Any]:
        """``{"roles"}``."""
        return {"roles": self.roles.to_json()}


def step_roles(view: StepView) -> BaohuangRoles | None:
    """A step's roles (None for a game that shows none)."""
    found = view.extras_of(BaohuangStepExtras)
    return None if found is None else found.roles
