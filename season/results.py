"""A deal's result as the season reads it: who sat where, on which side, in which place, with how many points.

``DealResult`` is what every season computation takes (ratings, partners and opponents, trends): made by ``data``
from the stored rows (``DealSeat``: side, place, points as the engine and the score said them), or by a test or a
bench from a replayed deal (``result_of``). A side is the engine's word for it (``Engine.sides``): 够级's and 升级's
teams "0" and "1", 保皇's roles "emperor", "loyalist", "solo" and "rebel" ("" where the 保皇派 is not known).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from replay.replay import Replay

#: 保皇's roles that play on the 皇帝's side
EMPEROR_SIDE = frozenset({"emperor", "loyalist", "solo"})


@dataclass(frozen=True)
class SeatResult:
    """One seat of a deal: its player's name, side, place (1 = first; None where the game has none: 升级) and the
    points the score gave the seat (None for a void deal)."""

    seat: int
    player: str
    side: str
    place: int | None
    points: float | None


@dataclass(frozen=True)
class DealResult:
    """One scored deal: its id (the library's, or any number a caller orders by), game, date ("YYYY-MM-DD", "" when
    the log gives none), its seats, and whether it was recorded as a score sheet without moves."""

    deal_id: int
    game: str
    date: str
    seats: tuple[SeatResult, ...]
    result_only: bool = False
    #: each side's figure where the points do not rank the sides (升级: the levels each side went up, since its
    #: points are card points): (side, figure) pairs; empty where the summed points rank them
    standing: tuple[tuple[str, float], ...] = ()
    match: str = ""  # the match it was played in (the log's ``meta.match``), "" for none

    def teams(self) -> list[tuple[SeatResult, ...]]:
        """The deal's sides, each the seats playing together, in the order of their first seat: 保皇's 皇帝 with its
        保皇派 against the others (every seat alone where a role is not known); the other games by their side
        word."""
        if any(s.side in EMPEROR_SIDE or s.side == "rebel" for s in self.seats):
            key = {s.seat: ("emperor" if s.side in EMPEROR_SIDE else s.side) for s in self.seats}
            if any(v not in ("emperor", "rebel") for v in key.values()):
                return [(s,) for s in self.seats]
        else:
            key = {s.seat: s.side for s in self.seats}
        groups: dict[str, list[SeatResult]] = {}
        for s in self.seats:
            groups.setdefault(key[s.seat] or f"seat {s.seat}", []).append(s)
        return [tuple(g) for g in groups.values()]

    def team_points(self) -> list[float]:
        """Each of ``teams()``'s figure that ranks it: its ``standing`` where the deal has one, else its seats' summed
        points (a seat without points counts 0)."""
        if self.standing:
            by_side = dict(self.standing)
            return [by_side.get(team[0].side, 0.0) for team in self.teams()]
        return [sum(s.points or 0.0 for s in team) for team in self.teams()]

    def players(self) -> list[str]:
        """The players, in seat order."""
        return [s.player for s in self.seats]


def ordered(results: Sequence[DealResult]) -> list[DealResult]:
    """The deals in the order they were played: by date (undated last), then by id."""
    return sorted(results, key=lambda r: (r.date == "", r.date, r.deal_id))


def result_of(rep: Replay[Any], deal_id: int = 0, players: Sequence[str] | None = None) -> DealResult | None:
    """A replayed deal's result (None while it is not scored, or void): its score's places and points, the engine's
    sides, the log's players (``players`` instead where given, one per seat) and date."""
    score = rep.score()
    if score is None or score.void:
        return None
    sides = rep.engine.sides(rep.final)
    found: dict[int, tuple[int | None, float]] = {p.seat: (p.place, float(p.points)) for p in score.places}
    if not found:
        found = {s: (None, float(t.points)) for t in score.teams for s in t.seats}
    names = list(players) if players is not None else [rep.log.player(s) for s in range(rep.final.n)]
    seats = tuple(SeatResult(s, names[s], sides.get(s, ""), *found.get(s, (None, None))) for s in range(rep.final.n))
    standing = score.extras.standing() if score.extras is not None else None
    date = str(rep.log.meta.get("date", "") or "")
    match = str(rep.log.meta.get("match", "") or "")
    ranked = tuple(sorted((standing or {}).items()))
    return DealResult(deal_id, rep.log.game, date, seats, not rep.log.events, ranked, match)
