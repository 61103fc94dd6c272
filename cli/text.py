"""The ``fupan`` command's words for a deal: the score, the table at a step and the events, one line each.

Each game's text is a ``GameText`` found by the game's name (``text_for``, the registry ``TEXTS``); a game that
declared none is written as a climbing game (``ClimbingText``): places, teams, the set on the table, who may act
and each hand. A game's own text is the ``TEXT`` of its module in ``cli.games``, imported the first time a deal of
the game is written: 够级's and 保皇's are climbing texts with their own marks (``cli.games.gouji``: the 够级 set
and the cycle's status; ``cli.games.baohuang``: the roles in the score), 升级's its own (tricks, trumps, levels).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Generic, TypeVar

from replay.core.clip import cards_shown
from replay.core.game_state import S
from replay.core.numbering import event_in, event_number
from replay.core.plural import count
from replay.core.registry import Registry
from replay.core.said import seat_name, team_words

if TYPE_CHECKING:
    from replay.climbing.state import State
    from replay.core.verdicts import Verdict
    from replay.replay import Replay
    from replay.score import Score
    from replay.view import StepView

CS = TypeVar("CS", bound="State")  # a climbing game's states


def void_lines(score: Score) -> list[str]:
    """A void deal: that it is void, why (the rule, in both languages), and that it has no score."""
    rule, zh, en = score.void_reason or ("", "本局作废", "the deal is void")
    return ["the deal is void: no score / 本局作废，不计分", f"  [{rule}] {zh} / {en}"]


def seat_label(rep: Replay[S], s: int) -> str:
    """``seat 2`` and the seat's player when the log names one."""
    name = next((x.player for x in rep.log.seats if x.seat == s and x.player), "")
    return f"{seat_name(s, en=True)}" + (f" {name}" if name else "")


def team_name(score: Score, seats: tuple[int, ...]) -> str:
    """A team of the score by its one name (``replay.core.said.team_words``): "Team A (0·2·4)", "side (0·3)"."""
    return team_words(seats, sum(len(t.seats) for t in score.teams))[1]


def event_text(rep: Replay[S], i: int) -> str:
    """What event ``i`` did, in words: ``seat 1 exchange SJ 10C 10C -> seat 0``."""
    v = rep.verdicts[i]
    ev = rep.log.events[i]
    to = getattr(ev, "to", None)
    return f"{seat_name(v.seat, en=True)} {v.action} {cards_shown(v.cards)}".rstrip() + (
        f" -> {seat_name(to, en=True)}" if to is not None else ""
    )


def may_act_lines(view: StepView) -> list[str]:
    """Who may act at a step, with what, and why."""
    if not view.to_act:
        return ["may act: nobody"]
    lines = ["may act:"]
    for s, acts in view.to_act.items():
        lines.append(f"  {seat_name(s, en=True)} ({'/'.join(acts)}): {view.why[s][1]} / {view.why[s][0]}")
    return lines


def ruling_parts(rep: Replay[S], v: Verdict) -> tuple[str, str, str]:
    """An event line's ruling (empty when legal), its effects (one line each) and its cards (and to whom)."""
    assert v.index is not None  # an event's verdict (not the deal's, nor the result's)
    ruling = "" if v.legal else f"  ILLEGAL [{v.rule}] {v.message_en}"
    fx = "".join(f"\n      · {e}" for e in v.effects)
    to = getattr(rep.log.events[v.index], "to", None)
    cards = cards_shown(v.cards) + (f" -> {seat_name(to, en=True)}" if to is not None else "")
    return ruling, fx, cards


class GameText(Generic[S]):
    """A game's deal in words, over its states ``S``, for the game ``name``: what every game writes (the step's
    heading and last event, the events one by one) around what each game writes its own way."""

    def __init__(self, name: str) -> None:
        self.name = name

    def score_lines(self, rep: Replay[S], score: Score | None) -> list[str]:
        """The score and how it came about."""
        raise NotImplementedError

    def score_line(self, rep: Replay[S], score: Score | None) -> str:
        """The score in one line (``fupan score`` over several logs)."""
        raise NotImplementedError

    def finished(self, rep: Replay[S]) -> list[int]:
        """The seats out so far, in order (``score --json``'s finish order of an unfinished deal)."""
        raise NotImplementedError

    def step_lines(self, rep: Replay[S], step: int) -> list[str]:
        """The table after ``step`` events: the last event and its ruling, then the game's table lines."""
        lines = [
            f"step {step} of {len(rep.states) - 1}"
            + (f" (after {event_in(step - 1, 'en')})" if step else " (as dealt)")
        ]
        if step > 0:
            v = rep.verdicts[step - 1]
            ruling = "legal" if v.legal else f"ILLEGAL [{v.rule}] {v.message_en}"
            lines.append(f"last event: {event_in(step - 1, 'en')}, {event_text(rep, step - 1)} — {ruling}")
        if not rep.ok:
            from cli.lines_text import played_mark

            mark = played_mark(rep, step)
            lines += [mark] if mark else []
        return lines + self.table_lines(rep, step)

    def table_lines(self, rep: Replay[S], step: int) -> list[str]:
        """The table after ``step`` events."""
        raise NotImplementedError

    def event_lines(self, rep: Replay[S]) -> list[str]:
        """One line per event with its ruling and what it did."""
        lines: list[str] = []
        for v in rep.verdicts:
            lines += self.event_line(rep, v)
        return lines

    def event_line(self, rep: Replay[S], v: Verdict) -> list[str]:
        """An event: its seat, action and cards, its ruling, and what the game adds."""
        raise NotImplementedError


class ClimbingText(GameText[CS]):
    """A climbing game's deal in words (the text of every game that declared none), over its states ``CS``;
    a climbing game's own text adds its marks through the hooks ``sides_lines``, ``sides_said``, ``set_note``
    and ``status``."""

    def sides_lines(self, score: Score) -> list[str]:
        """The score's sides: each team's points and the sum of its place points."""
        return [f"{team_name(score, t.seats)}: {t.points} (sum {t.raw})" for t in score.teams]

    def sides_said(self, score: Score) -> str:
        """What the one-line score adds after the teams' points ("" for none; 保皇: the 皇帝)."""
        return ""

    def set_note(self, view: StepView) -> str:
        """What the table line adds after the set on the table ("" for none; 够级: a 够级 set)."""
        return ""

    def status(self, view: StepView) -> list[str]:
        """The round's status at a step, one item each (none; 够级: passes, burns, 无头 …)."""
        return []

    def score_lines(self, rep: Replay[CS], score: Score | None) -> list[str]:
        """The score: places and points, the sides, and how each came about."""
        if score is None:
            return ["the deal is not finished: no score"]
        if score.void:
            return void_lines(score)
        lines = ["place  seat  points"]
        for p in score.places:
            lines.append(f"{p.place:>5}  {p.seat:>4}  {p.points:>6}")
        lines += self.sides_lines(score)
        if score.sweep:
            lines.append("串三户 (sweep): scores doubled")
        lines += [f"  [{rule}] {text}" for rule, text in score.explain]
        return lines

    def score_line(self, rep: Replay[CS], score: Score | None) -> str:
        """The score in one line (``fupan score`` over several logs): the seats from first place down, each
        team's points, what the game adds (``sides_said``)."""
        if score is None:
            return "not finished: no score"
        if score.void:
            rule, zh, en = score.void_reason or ("", "本局作废", "the deal is void")
            return f"void, no score [{rule}] {en} / {zh}"
        line = "places 1st to last: seats " + " ".join(str(p.seat) for p in score.places)
        line += "; " + ", ".join(f"{team_name(score, t.seats)} {t.points:+d}" for t in score.teams)
        line += self.sides_said(score)
        return line + ("; 串三户 (sweep): doubled" if score.sweep else "")

    def finished(self, rep: Replay[CS]) -> list[int]:
        """The seats out so far, in order."""
        return list(rep.final.out)

    def table_lines(self, rep: Replay[CS], step: int) -> list[str]:
        """The set on the table, who may act, the round's status, and each seat's hand and place."""
        view = rep.view(step)
        table = (
            "empty"
            if view.table_seat is None
            else f"{seat_name(view.table_seat, en=True)}: {cards_shown(view.table_cards)}"
        )
        table += self.set_note(view)
        lines = [f"table: {table}", *may_act_lines(view)]
        status = self.status(view)
        if status:
            lines.append("status: " + "; ".join(status))
        for s, cards in view.hands.items():
            shown = f" [{view.counts_shown[s]} shown]" if s in view.counts_shown else ""
            place = view.places.get(s)
            out = f" {place.en} ({place.zh})" if place is not None else " out" if s in view.finished else ""
            if place is not None and place.points is not None:
                out += f" {place.points:+} points"
            lines.append(f"  {seat_label(rep, s)}: {count(len(cards), 'card')}{shown}{out}  {' '.join(cards)}".rstrip())
        return lines

    def event_line(self, rep: Replay[CS], v: Verdict) -> list[str]:
        """An event: its seat, action and cards, its ruling, the set on the table after it."""
        ruling, fx, cards = ruling_parts(rep, v)
        assert v.index is not None
        st = rep.states[v.index + 1]
        table = (
            ""
            if st.table is None
            else f"  | table: {seat_name(st.owner, en=True)} {' '.join(c.token for c in st.table_cards)}"
        )
        return [f"{event_number(v.index):>4}  {seat_name(v.seat, en=True)} {v.action:<8}{cards}{ruling}{table}{fx}"]


#: the games with a text of their own, each a module of ``cli/games/`` declaring its ``TEXT`` (imported the first
#: time a deal of the game is written); every other game is written as a climbing game
BUILT_IN = ("gouji", "baohuang", "shengji")

#: every game's text by name (a ``replay.core.registry.Registry``; a climbing game's text when it declared none)
TEXTS: Registry[GameText[Any]] = Registry(
    "the text of game", lambda t: t.name, "cli.games.{}", BUILT_IN, "TEXT", ClimbingText
)

register = TEXTS.register
text_for = TEXTS.get
