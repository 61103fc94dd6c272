"""The score of a finished deal, each figure with the rule that produced it, and a seat's place as known at a step.

The shapes are shared (``Score``, ``PlaceScore``, ``TeamScore``, ``KnownPlace``, a game's own ``ScoreExtras``); each
game scores in its own module (``replay.games.gouji.score``, ``replay.games.baohuang.score``,
``replay.games.shengji.score``), named by its ``GameType.scorer``. Asking a state's game for its score, its places
and its claims is ``replay.scoring``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol, TypeVar

from replay.climbing.state import SETUP, VOID
from replay.core.record import Record, field
from replay.core.said import said
from replay.rules.profile import Profile

if TYPE_CHECKING:
    from replay.climbing.state import State
    from replay.core.game_state import GameState


class PlaceScore(Record):
    """A seat's place (1 = 头科) and the points of that place."""

    seat: int
    place: int
    points: int


class TeamScore(Record):
    """A team (its seats) and the score it records for the deal."""

    seats: tuple[int, ...]
    points: int
    raw: int = 0


class ScoreExtras(Record):
    """What a game's score holds beside the shared figures: each game declares its own frozen record (保皇's
    roles, 升级's card points and levels: ``replay.games.<game>.score``). ``to_json`` gives the keys it adds
    to ``fupan score --json``, in their order."""

    def to_json(self) -> dict[str, Any]:
        """The keys this record adds to the score's JSON (none here)."""
        return {}

    def standing(self) -> dict[str, float] | None:
        """Each side's figure (by the engine's side word, ``Engine.sides``) where the teams' points do not rank the
        sides (升级's card points: the levels each side went up rank them); None where the points do."""
        return None


X = TypeVar("X", bound=ScoreExtras)


class Score(Record):
    """The score of a deal: finish order, places, team scores, sweep, and how each came about; ``extras``
    is the game's own record (None for a game without one, and for a void deal)."""

    finish_order: tuple[int, ...]
    places: tuple[PlaceScore, ...]
    teams: tuple[TeamScore, ...]
    sweep: bool = False
    void: bool = False
    explain: tuple[tuple[str, str], ...] = field(default=())
    extras: ScoreExtras | None = None
    unsplit: bool = False  # places known, points not split (保皇 with an unknown 保皇派)
    void_reason: tuple[str, str, str] | None = None  # a void deal's (rule, Chinese, English)
    claim_rules: tuple[str, str, str] = ("FINISH", "FINISH", "FINISH")  # a claim's points, teams, sweep checked by

    def to_json(self) -> dict[str, Any]:
        """The stable JSON of ``fupan score --json``."""
        return {
            "finish_order": list(self.finish_order),
            "places": [{"seat": p.seat, "place": p.place, "points": p.points} for p in self.places],
            "teams": [{"seats": list(t.seats), "points": t.points} for t in self.teams],
            "sweep": self.sweep,
            "void": self.void,
            **({"void_reason": self.void_reason_json()} if self.void_reason is not None else {}),
            **(self.extras.to_json() if self.extras is not None else {}),
        }

    def extras_of(self, kind: type[X]) -> X | None:
        """The game's own record when it is a ``kind`` (its game's reader asks for its type), else None."""
        return self.extras if isinstance(self.extras, kind) else None

    def void_reason_json(self) -> dict[str, str] | None:
        """Why the deal is void: ``{"rule", "zh", "en"}`` (None when it is not)."""
        if self.void_reason is None:
            return None
        rule, zh, en = self.void_reason
        return {"rule": rule, "zh": zh, "en": en}

    def place_of(self, seat: int) -> int:
        """The place of a seat (1 = first out)."""
        return next(p.place for p in self.places if p.seat == seat)


def placed(st: State) -> list[int]:
    """The seats in the order they finished: those out, then those still playing in seat order."""
    return list(st.out) + [s for s in range(st.n) if st.active(s)]


def climbing_places(st: State, profile: Profile) -> dict[int, int]:
    """The places of a climbing game whose places are the order the seats go out (no seat moves after
    it is out): the seats out, and the last seat still playing once it is the only one."""
    if st.phase in (VOID, SETUP):
        return {}
    active = [s for s in range(st.n) if st.active(s)]
    order = list(st.out) + (active if len(active) == 1 else [])
    return dict(sorted((s, k) for k, s in enumerate(order, start=1)))


def no_places(st: GameState, profile: Profile) -> dict[int, int]:
    """A game without places (升级: sides and points)."""
    return {}


PLACE_NAMES_ZH = {  # by the number of seats: 够级 (6), 保皇 (5, BH-SCORE's seed text)
    6: {1: "头科", 2: "二科", 3: "三科", 4: "四科", 5: "二落", 6: "大落"},
    5: {1: "头科", 2: "二科", 3: "第三", 4: "二落", 5: "大落"},
}


PLACE_NAMES_EN = {1: "1st", 2: "2nd", 3: "3rd"}


def place_words(place: int, n: int) -> tuple[str, str]:
    """A place in words at a table of ``n`` seats: (头科 … 大落, 1st … 6th)."""
    return PLACE_NAMES_ZH.get(n, {}).get(place, f"第{place}名"), PLACE_NAMES_EN.get(place, f"{place}th")


class KnownPlace(Record):
    """A seat's place as known at one step, in words, and its points once the deal is over."""

    place: int
    zh: str
    en: str
    points: int | float | None

    def to_json(self) -> dict[str, Any]:
        """``{"place", "zh", "en", "points"}`` (``replay --json``'s ``places``)."""
        return {"place": self.place, "zh": self.zh, "en": self.en, "points": self.points}


class StoredExtras(Protocol):
    """A game's record of what the library stores of a deal beside the shared rows (e.g. 升级's levels)."""

    def to_json(self) -> dict[str, Any]: ...


def void_score(reason: tuple[str, str, str]) -> Score:
    """The score of a void deal: no places, no points, and why (its rule, in both languages)."""
    return Score((), (), (), void=True, explain=((reason[0], said(reason[1], reason[2])),), void_reason=reason)
