"""What the deal library derives from a log with the engine and the coach: the deal's verdict, score and
its game's stored extras, each seat's side, place and points, the events' verdicts and the coach's findings, with the
versions of the engine and the coach that made them (``replay.version``, ``coach.version``).

The importer stores these rows with a new deal (``data.importer``); ``data.recoach`` derives them again
for a stored deal whose rows an older engine or coach made. Nothing here asks which game a log is: the
engine and the score say it (each seat's side is the engine's ``sides``; the game says what it stores beside the
shared rows, ``replay.scoring.stored_extras``; a seat's place and points are the score's places, else its team's
points).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from coach.coach import coach_replay
from coach.version import COACH_VERSION
from replay.core.game_state import GameState
from replay.formats.log import Log
from replay.replay import Replay
from replay.score import Score
from replay.scoring import stored_extras
from replay.version import ENGINE_VERSION


@dataclass(frozen=True)
class Derived:
    """The rows of one deal that the engine and the coach make (no ids, no player ids)."""

    deal: dict[str, Any]  # the deal's derived columns (verdict, score, levels, findings, versions)
    seats: list[dict[str, Any]]  # per seat: seat, side, place, points
    events: list[tuple[Any, ...]]  # per event: its ``EVENT_FIELDS`` (as the importer inserts them)
    findings: list[dict[str, Any]]  # with the versions that made them


#: the fields of an event's row, in the order ``Derived.events`` holds them
EVENT_FIELDS = ("idx", "seat", "action", "cards", "legal", "rule")


def versions() -> dict[str, int]:
    """The versions that make rows today."""
    return {"engine_version": ENGINE_VERSION, "coach_version": COACH_VERSION}


def _sides(rep: Replay[GameState]) -> dict[int, str]:
    """Each seat's side, as the engine says (``Engine.sides``: 保皇's roles, 够级's teams and 升级's sides
    "0"/"1", each seat its own in a game without either)."""
    return rep.engine.sides(rep.final)


def seat_results(score: Score | None) -> dict[int, tuple[int | None, float]]:
    """(place, points) per seat as the score gives them: the place and its points where the score has
    places; else no place and the points its team took (升级: card points, the kitty included); none for a
    void or unfinished deal."""
    if score is None or score.void:
        return {}
    if score.places:
        return {p.seat: (p.place, float(p.points)) for p in score.places}
    return {s: (None, float(t.points)) for t in score.teams for s in t.seats}


def extras_column(rep: Replay[GameState], score: Score | None) -> dict[str, Any]:
    """The deal's ``extras_json`` column: what its game stores beside the shared rows (``replay.scoring.stored_extras``:
    升级's levels and declaring side), as canonical JSON; None for a game that stores nothing more."""
    extras = stored_extras(rep.log, rep.final, score)
    return {"extras_json": None if extras is None else json.dumps(extras, ensure_ascii=False, sort_keys=True)}


def derive(log: Log) -> Derived:
    """Replay and coach the deal: the rows the library stores of it."""
    rep = Replay(log)
    report = coach_replay(rep)
    score = rep.score()
    made = versions()
    deal = {
        "n_events": len(log.events),
        "legal": rep.ok,
        "finished": score is not None and not score.void,
        "n_findings": len(report.findings),
        **extras_column(rep, score),
        **made,
    }
    results = seat_results(score)
    sides = _sides(rep)
    seats = []
    for seat in range(rep.final.n):
        place, points = results.get(seat, (None, None))
        seats.append({"seat": seat, "side": sides.get(seat, ""), "place": place, "points": points})
    events = [(v.index, v.seat, v.action, " ".join(v.cards), v.legal, v.rule) for v in rep.verdicts]  # EVENT_FIELDS
    findings = [
        {"idx": f.index, "seat": f.seat, "kind": f.kind, "severity": f.severity, "rule": f.rule, "maxim": f.maxim,
         "message_zh": f.message_zh, "message_en": f.message_en,
         "evidence_json": json.dumps(f.evidence.to_json(), ensure_ascii=False), **made}
        for f in report.findings
    ]  # fmt: skip
    return Derived(deal, seats, events, findings)
