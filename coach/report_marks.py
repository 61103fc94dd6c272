"""What a game marks in a deal's HTML report (``coach.report``), given by the game's coach part
(``coach.games.GameCoach.report``): the report draws the seats, the set on the table and the score the same for
every game and asks the game for its own words through these hooks, knowing no game's marks or roles.

Each mark is a ``Note``: its words in both languages (fixed text, escaped by the report) and, when it names a
seat, the seat (the report writes its player after the words: ``够死级 chance: 3 · 张伟``).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, NamedTuple

if TYPE_CHECKING:
    from replay.score import Score
    from replay.view import StepView


class Note(NamedTuple):
    """A mark in words (zh, en) and the seat it names (None: none)."""

    zh: str
    en: str
    seat: int | None = None


class Figure(NamedTuple):
    """A figure of the score in words (zh, en) and its value (``闲家得分: 85``)."""

    zh: str
    en: str
    value: str


class ScoreLine(NamedTuple):
    """A line of the game's own figures under the score: its heading in words (None: none) and its figures, each
    label and value parted by ``between`` (``"闲家得分: 85; 底牌分: 10"``, ``"级: 之前 3 / 5; 之后 3 / 7"``)."""

    head: tuple[str, str] | None
    figures: tuple[Figure, ...]
    between: str = ": "


#: each seat's role in words at a step (None while unknown); {} for a game that shows no roles
Roles = dict[int, "Note | None"]


def no_roles(view: StepView) -> Roles:
    """No roles (a game whose engine shows none)."""
    return {}


def no_seat_notes(view: StepView, seat: int) -> list[Note]:
    """No mark of a game's own on a seat."""
    return []


def no_notes(view: StepView) -> list[Note]:
    """No mark of a game's own on the table."""
    return []


def no_score_notes(score: Score) -> list[Note]:
    """No words of a game's own in the score."""
    return []


def no_score_lines(score: Score) -> list[ScoreLine]:
    """No figures of a game's own under the score."""
    return []


def sums_of_places(score: Score) -> bool:
    """The sides' points are the sums of their place points (the report shows the sums)."""
    return True


@dataclass(frozen=True)
class ReportMarks:
    """A game's marks in the report (every hook defaults to none):

    - ``roles``: each seat's role at a step as its truth stands (the players table, the table as it stood, the
      roles known when the deal is unfinished);
    - ``seat_notes``: a seat's status at a step after who acts, who is out and who may act (够级: passed …);
    - ``set_notes``: what the set on the table is (够级: a 够级 set), written after it;
    - ``table_notes``: the round's marks after the set (够级: 四人乱缠, a 够死级 chance);
    - ``score_notes``: the score's line of the game's own under the sides (保皇: the roles and the reveal);
    - ``team_sums``: whether the sides' points are sums of place points (保皇's are not: no sums shown);
    - ``score_lines``: lines of the game's own figures after the sides (升级: the card points, the levels)."""

    roles: Callable[[StepView], Roles] = no_roles
    seat_notes: Callable[[StepView, int], list[Note]] = no_seat_notes
    set_notes: Callable[[StepView], list[Note]] = no_notes
    table_notes: Callable[[StepView], list[Note]] = no_notes
    score_notes: Callable[[Score], list[Note]] = no_score_notes
    team_sums: Callable[[Score], bool] = sums_of_places
    score_lines: Callable[[Score], list[ScoreLine]] = no_score_lines


NO_REPORT_MARKS = ReportMarks()
