"""What the pages ask of a game, in one typed value: ``GameView``, one per game, declared by the game's own
module or package under ``views/games/`` (``VIEW``) and found by name in ``views.games`` (``views.games.view(name)``).

Every field has a default, so a game that declares nothing (a climbing game registered in ``replay.games``
alone) is drawn all the same: the climbing table of ``views.parts.table`` with no marks of a game's own, no
sides, the climbing games' timeline, places and explain lines on the Scoring page, the action
order of the log format on the dispute desk and a grid of counts per rank for a typed position.

Facts that belong to a game's definition (its names, seats, actions) are not repeated here: they are
``replay.games.get(name)``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Generic, Protocol

from replay.core.game_state import S
from replay.replay import Replay
from views.parts import table

if TYPE_CHECKING:
    from coach.coach import Report
    from coach.findings import Finding
    from coach.prices import Evaluation
    from replay.score import Score
    from views.parts.sections import Section


class PlayersPage(Protocol):
    """What the Players page lends a game's own section of it (``GameView.players_page``): its table with the
    CSV below it, its player selector, its bar chart, its findings and accuracy sections, and its tabs (the game's
    sections ``first``, then ``"findings"`` and ``"accuracy"``; a section's container when it is the tab shown, else
    None: only that one is drawn)."""

    def table(self, game: str, what: str, frame: Any, hide_index: bool = False) -> None: ...

    def chooser(self, right: Any, names: list[str]) -> str | None: ...

    def bars(
        self, players: list[str], y: Any, chosen: str | None, y_title: str, hover: str = ..., customdata: Any = ...
    ) -> Any: ...

    def findings(self, findings: Any, names: list[str], game: str, chosen: str | None) -> None: ...

    def accuracy(self, game: str, chosen: str | None) -> None: ...

    def tabs(self, first: Sequence[Section]) -> dict[str, Any]: ...


# (page, the page's right column, game) -> whether the game drew the page itself (升级's level ladder: no places)
PlayersSection = Callable[[PlayersPage, Any, str], bool]

# (rep, step, seat_view, lang) -> HTML; the Replay page also gives ``best=`` (a ``table.BestMove``) when the stored
# evaluation prices the step: a drawing marks that seat's best move (one that takes no ``best`` is given none)
TableDrawing = Callable[..., str]
SeatSide = Callable[[Replay[S], int, str], str]  # (rep, seat, lang) -> the seat's side or role in words


def no_side(rep: Replay[S], seat: int, lang: str) -> str:
    """No side or role in words (a game that declares none)."""
    return ""


def climbing_table(
    rep: Replay[S], step: int, seat_view: int | None, lang: str, best: table.BestMove | None = None
) -> str:
    """The climbing table with no marks of a game's own (the default drawing)."""
    return table.table_html(rep, step, seat_view, lang, best=best)


@dataclass(frozen=True)
class Timeline(Generic[S]):
    """A game's own Timeline figure ``(rep, report, step, lang) -> plotly Figure`` and the caption above it."""

    figure: Callable[[Replay[S], Report | None, int, str], Any]
    caption_zh: str
    caption_en: str


@dataclass(frozen=True)
class ScoreSide(Generic[S]):
    """The column of the Scoring page's places table that names each seat's side: its heading and words."""

    zh: str = "身份"
    en: str = "Role"
    words: SeatSide[S] = no_side


@dataclass(frozen=True)
class Desk:
    """The dispute desk's part of a game: the order its actions are offered in (None: the log format's),
    the hint of the cards box, and for a typed position the grid (``suits``: ranks typed per suit, else
    counts per rank), the placeholders of the events boxes and the extra header lines asked for (升级's
    levels: ``(profile) -> header lines``, drawn with Streamlit)."""

    action_order: tuple[str, ...] | None = None
    cards_hint: tuple[str, str] = (
        "牌（空格分开，例如 6 或 KS KH、大王；过、扣、让等不用填）",
        "Cards (space-separated, e.g. 6 or KS KH, BJ; none for a pass, 扣, 让 …)",
    )
    suits: bool = False
    events_placeholder: str = "0 出 5 5\n1 过"
    disputed_placeholder: str = "2 出 7 7"
    header: Callable[[str], list[str]] | None = None


@dataclass(frozen=True)
class GameView(Generic[S]):
    """How the dashboard draws one game (see the module's text), over its states ``S``; ``name`` is the log's
    ``game``.

    - ``table_html``: the table after a step; ``seat_side``: a seat's side or role in words (Coach and
      Evaluation pages' per-seat tables).
    - Replay page: ``replay_columns`` (the table's and the panel's widths), ``replay_below`` (drawn under
      them: 升级's tricks).
    - Timeline page: ``timeline`` (None: the climbing figure, cards held per seat over the rounds) and
      ``timeline_sets`` (the sets it marks: 够级's 够级 sets, ``(rep, lang) -> [(step, seat, text)]``).
    - Scoring page: ``score_page`` (None: places, ``score_section``, the explain lines; else the game draws
      the whole score, ``(rep, deal_id, score)``), ``score_side``, and the rules of explain lines about one
      seat (``seat_rules``) or a team (``team_rules``); ``match_by_team``: the match's running totals are each
      team's recorded points under each deal's profile (``data.match_totals``: 够级's 只记正分), not each player's,
      and this gives the words of the team rule for the deals' ``score_mode`` values (zh, en); ``score_match``:
      the game draws the match's tab itself (``(rep, deal_id) -> whether it drew anything``: 升级's level ladder).
    - Coach page: ``held_text`` (the cards a finding says a seat held; None: grouped by rank).
    - Evaluation page: ``team_line`` (a side's expected points after each decision, over the deal, and
      its legend), when the game's points are zero-sum between two teams; ``value_unit``, what a rollout's
      value counts (zh, en: 够级 and 保皇 points, 升级 levels).
    - Dispute desk: ``desk``.
    - Players page: ``players_page`` (None: places and points; else the game may draw the page itself).
    """

    name: str
    table_html: TableDrawing = climbing_table
    seat_side: SeatSide[S] = no_side
    replay_columns: tuple[int, int] = (3, 2)
    replay_below: Callable[[Replay[S], int, str], None] | None = None
    timeline: Timeline[S] | None = None
    timeline_sets: Callable[[Replay[S], str], list[tuple[int, int, str]]] | None = None
    timeline_sets_name: tuple[str, str] = ("", "")
    score_page: Callable[[Replay[S], int, Score | None], None] | None = None
    score_section: Callable[[Replay[S], Score], None] | None = None
    score_side: ScoreSide[S] = field(default_factory=ScoreSide)
    seat_rules: tuple[str, ...] = ()
    team_rules: tuple[str, ...] = ()
    match_by_team: Callable[[set[str]], tuple[str, str]] | None = None
    score_match: Callable[[Replay[S], int], bool] | None = None
    held_text: Callable[[Replay[S], Finding, str], str] | None = None
    team_line: Callable[[Replay[S], Evaluation], list[tuple[int, float]]] | None = None
    team_line_name: tuple[str, str] = ("", "")
    value_unit: tuple[str, str] = ("分", "points")
    desk: Desk = field(default_factory=Desk)
    players_page: PlayersSection | None = None
