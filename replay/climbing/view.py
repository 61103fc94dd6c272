"""A climbing game's step view (``StepView``, ``replay.view``): the set on the table, who acts and why, the hands,
who went out, the counts shown and the places; each climbing game's engine adds its own marks
(``replay.games.gouji.cycle``, ``replay.games.baohuang.engine``)."""

from __future__ import annotations

from typing import Protocol, TypeVar

from replay.climbing.state import State
from replay.rules.profile import Profile
from replay.scoring import known_places
from replay.view import StepView, hands_shown, tokens

S_contra = TypeVar("S_contra", bound=State, contravariant=True)


class _Seats(Protocol[S_contra]):
    """What ``climbing_view`` asks of the engine: who may act and why."""

    def actors(self, st: S_contra) -> dict[int, tuple[str, ...]]: ...

    def why(self, st: S_contra, seat: int) -> tuple[str, str]: ...


def climbing_view(eng: _Seats[S_contra], st: S_contra, step: int, profile: Profile) -> StepView:
    """A climbing game's table after ``step`` events: the set on the table, who acts and why, the hands,
    who went out, the counts shown and the places (the game adds its own marks)."""
    actors = eng.actors(st)
    return StepView(
        step=step,
        to_act=actors,
        why={s: eng.why(st, s) for s in actors},
        table_seat=st.owner if st.table is not None else None,
        table_cards=tokens(st.table_cards),
        hands=hands_shown(st.hands),
        finished=st.out,
        counts_shown=st.shown_counts(),
        places=known_places(st, profile),
    )
