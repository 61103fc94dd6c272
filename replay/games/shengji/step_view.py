"""What a 升级 step shows beside the shared view (``replay.view.StepView``): its tricks, as ``ShengjiStepExtras``
(``shengji_view`` makes it; ``replay --json`` writes it as the step's ``shengji``)."""

from __future__ import annotations

from typing import Any

from replay.core.record import Record
from replay.view import StepExtras, StepView

SeatCards = tuple[int, tuple[str, ...]]  # a seat and the tokens of the cards it declared or played


def _plays_json(plays: tuple[SeatCards, ...]) -> list[dict[str, Any]]:
    return [{"seat": s, "cards": list(cards)} for s, cards in plays]


class LastTrick(Record):
    """The last trick done: who led it, who won it, its points and each seat's cards."""

    leader: int
    winner: int
    points: int
    plays: tuple[SeatCards, ...]

    def to_json(self) -> dict[str, Any]:
        """``{"leader", "winner", "points", "plays"}``."""
        return {"leader": self.leader, "winner": self.winner, "points": self.points, "plays": _plays_json(self.plays)}


class ShengjiStepExtras(StepExtras, kw_only=True):
    """升级's own part of a step: the phase, the trumps (suit and level, None before a declaration stands), the
    declarer, the declarations, the trick in progress, how many tricks are done and the last of them, each
    side's card points, the defenders' total and the buried kitty."""

    phase: str
    trump_suit: str | None
    level: str | None
    declarer: int | None
    declarations: tuple[SeatCards, ...]
    trick: tuple[SeatCards, ...]
    tricks_done: int
    last_trick: LastTrick | None
    points: tuple[int, ...]
    defenders_points: int
    buried: tuple[str, ...]

    def own_json(self) -> dict[str, Any]:
        """``{"shengji": …}``."""
        return {
            "shengji": {
                "phase": self.phase,
                "trump_suit": self.trump_suit,
                "level": self.level,
                "declarer": self.declarer,
                "declarations": _plays_json(self.declarations),
                "trick": _plays_json(self.trick),
                "tricks_done": self.tricks_done,
                "last_trick": None if self.last_trick is None else self.last_trick.to_json(),
                "points": list(self.points),
                "defenders_points": self.defenders_points,
                "buried": list(self.buried),
            }
        }


def step_tricks(view: StepView) -> ShengjiStepExtras | None:
    """A step's 升级 part (None for another game's step)."""
    return view.extras_of(ShengjiStepExtras)
