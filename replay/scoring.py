"""Scores of a finished deal, each figure with the rule that produced it (GJ-SCORE, GJ-SWEEP,
GJ-REVOLUTION, GJ-BURN)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from replay.profile import Profile
from replay.state import VOID, State

GOUJI_POINTS = {1: 4, 2: 2, 3: 0, 4: 0, 5: -2, 6: -4}


@dataclass(frozen=True)
class PlaceScore:
    """A seat's place (1 = 头科) and the points of that place."""

    seat: int
    place: int
    points: int


@dataclass(frozen=True)
class TeamScore:
    """A team (its seats) and the score it records for the deal."""

    seats: tuple[int, ...]
    points: int
    raw: int = 0


@dataclass(frozen=True)
class Score:
    """The score of a deal: finish order, places, team scores, sweep, and how each came about."""

    finish_order: tuple[int, ...]
    places: tuple[PlaceScore, ...]
    teams: tuple[TeamScore, ...]
    sweep: bool = False
    void: bool = False
    explain: tuple[tuple[str, str], ...] = field(default=())

    def to_json(self) -> dict[str, Any]:
        """The stable JSON of ``fupan score --json``."""
        return {
            "finish_order": list(self.finish_order),
            "places": [{"seat": p.seat, "place": p.place, "points": p.points} for p in self.places],
            "teams": [{"seats": list(t.seats), "points": t.points} for t in self.teams],
            "sweep": self.sweep,
        }

    def place_of(self, seat: int) -> int:
        """The place of a seat (1 = first out)."""
        return next(p.place for p in self.places if p.seat == seat)


def gouji_finish_order(st: State, profile: Profile) -> tuple[tuple[int, ...], list[tuple[str, str]]]:
    """The six places in order, after 革命 and failed burns move seats (RULES §3)."""
    explain: list[tuple[str, str]] = []
    order = list(st.out) + [s for s in range(6) if st.active(s)]
    v = st.revolution
    if v != -1:
        mates = {(v + 2) % 6, (v + 4) % 6}
        if set(order[:2]) == mates:
            order.insert(2, v)
            explain.append(("GJ-REVOLUTION", f"seat {v} (革命) ranks 3rd: its teammates took 1st and 2nd"))
        else:
            order.insert(3, v)
            explain.append(("GJ-REVOLUTION", f"seat {v} (革命) ranks 4th"))
    if profile.game == "gouji" and profile.burn_fail == "dalao" and st.failed:
        failed = list(dict.fromkeys(st.failed))[:2]
        order = [s for s in order if s not in failed] + list(reversed(failed))
        for k, s in enumerate(failed):
            explain.append(("GJ-BURN", f"seat {s} broke its burn condition: {'大落' if k == 0 else '二落'}"))
    return tuple(order), explain


def score_gouji(st: State, profile: Profile) -> Score | None:
    """The score of a finished 够级 deal (None while it is not finished)."""
    if st.phase == VOID:
        return Score((), (), (), void=True, explain=(("GJ-REVOLUTION", "two 革命: the deal is void"),))
    if not st.terminal:
        return None
    order, explain = gouji_finish_order(st, profile)
    places = tuple(PlaceScore(s, i + 1, GOUJI_POINTS[i + 1]) for i, s in enumerate(order))
    place = {p.seat: p.place for p in places}
    raw = [sum(GOUJI_POINTS[place[s]] for s in range(t, 6, 2)) for t in (0, 1)]
    sweep_team = next((t for t in (0, 1) if all(order[k] % 2 == t for k in range(3))), None)
    mult = 2 if sweep_team is not None else 1
    explain.append(("GJ-SCORE", f"places earn 4, 2, 0, 0, -2, -4: team 0 sums {raw[0]}, team 1 sums {raw[1]}"))
    if sweep_team is not None:
        explain.append(("GJ-SWEEP", f"team {sweep_team} took 1st, 2nd and 3rd (串三户): scores double"))
    if profile.score_mode == "net":
        recorded = [raw[0] * mult, raw[1] * mult]
        explain.append(("GJ-SCORE", "net mode: both teams record their sums"))
    else:
        recorded = [max(0, raw[0]) * mult, max(0, raw[1]) * mult]
        explain.append(("GJ-SCORE", "只记正分，不记负分: only the winning team records its points"))
    teams = tuple(TeamScore(tuple(range(t, 6, 2)), recorded[t], raw[t]) for t in (0, 1))
    return Score(order, places, teams, sweep_team is not None, explain=tuple(explain))
