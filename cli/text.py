"""The ``fupan`` command's words for a deal: the score, the table at a step and the events, one line each.

Each game's text is a ``GameText`` found by the game's name (``text_for``, the registry ``TEXTS``); a game that
declared none is written as a climbing game: places, teams, the set on the table, the round's status.
升级's own text is ``cli.games.shengji``'s ``TEXT`` (tricks, trumps, levels), imported the first time a 升级 deal
is written.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from replay.core.clip import cards_shown
from replay.core.plural import count
from replay.core.registry import Registry
from replay.core.said import seat_name

if TYPE_CHECKING:
    from replay.climbing.state import State
    from replay.core.game_state import GameState
    from replay.core.verdicts import Verdict
    from replay.replay import Replay
    from replay.score import Score
    from replay.view import StepView


def void_lines(score: Score) -> list[str]:
    """A void deal: that it is void, why (the rule, in both languages), and that it has no score."""
    rule, zh, en = score.void_reason or ("", "本局作废", "the deal is void")
    return ["the deal is void: no score / 本局作废，不计分", f"  [{rule}] {zh} / {en}"]


def seat_label(rep: Replay[GameState], s: int) -> str:
    """``seat 2`` and the seat's player when the log names one."""
    name = next((x.player for x in rep.log.seats if x.seat == s and x.player), "")
    return f"{seat_name(s, en=True)}" + (f" {name}" if name else "")


def event_text(rep: Replay[GameState], i: int) -> str:
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


def ruling_parts(rep: Replay[GameState], v: Verdict) -> tuple[str, str, str]:
    """An event line's ruling (empty when legal), its effects (one line each) and its cards (and to whom)."""
    assert v.index is not None  # an event's verdict (not the deal's, nor the result's)
    ruling = "" if v.legal else f"  ILLEGAL [{v.rule}] {v.message_en}"
    fx = "".join(f"\n      · {e}" for e in v.effects)
    to = getattr(rep.log.events[v.index], "to", None)
    cards = cards_shown(v.cards) + (f" -> {seat_name(to, en=True)}" if to is not None else "")
    return ruling, fx, cards


class GameText:
    """A climbing game's deal in words (the default of every game), for the game ``name``."""

    def __init__(self, name: str) -> None:
        self.name = name

    def score_lines(self, rep: Replay[GameState], score: Score | None) -> list[str]:
        """The score: places and points, the teams, the roles (保皇), and how each came about."""
        if score is None:
            return ["the deal is not finished: no score"]
        if score.void:
            return void_lines(score)
        from replay.games.baohuang.score import baohuang_extras

        lines = ["place  seat  points"]
        for p in score.places:
            lines.append(f"{p.place:>5}  {p.seat:>4}  {p.points:>6}")
        r = baohuang_extras(score)
        for t in score.teams:
            lines.append(f"team {list(t.seats)}: {t.points}" + ("" if r is not None else f" (sum {t.raw})"))
        if r is not None:
            kind = "抢庄 (grab)" if r.grab else "独保 (solo)" if r.solo else f"保皇派 {seat_name(r.loyalist, en=True)}"
            lines.append(
                f"皇帝 {seat_name(r.emperor, en=True)}, {kind}" + (", declared (明保/明独)" if r.revealed else "")
            )
        if score.sweep:
            lines.append("串三户 (sweep): scores doubled")
        lines += [f"  [{rule}] {text}" for rule, text in score.explain]
        return lines

    def score_line(self, rep: Replay[GameState], score: Score | None) -> str:
        """The score in one line (``fupan score`` over several logs): the seats from first place down, each
        team's points, the roles (保皇)."""
        if score is None:
            return "not finished: no score"
        if score.void:
            rule, zh, en = score.void_reason or ("", "本局作废", "the deal is void")
            return f"void, no score [{rule}] {en} / {zh}"
        line = "places 1st to last: seats " + " ".join(str(p.seat) for p in score.places)
        line += "; " + ", ".join(f"team {list(t.seats)} {t.points:+d}" for t in score.teams)
        from replay.games.baohuang.score import baohuang_extras

        roles = baohuang_extras(score)
        if roles is not None:
            line += f"; 皇帝 {seat_name(roles.emperor, en=True)}"
        return line + ("; 串三户 (sweep): doubled" if score.sweep else "")

    def finished(self, rep: Replay[GameState]) -> list[int]:
        """The seats out so far, in order (``score --json``'s finish order of an unfinished deal)."""
        return list(cast("State", rep.final).out)  # a climbing game's (a game of its own writes its own)

    def step_lines(self, rep: Replay[GameState], step: int) -> list[str]:
        """The table after ``step`` events: the last event and its ruling, then the game's table lines."""
        lines = [f"step {step} of {len(rep.states) - 1}"]
        if step > 0:
            v = rep.verdicts[step - 1]
            ruling = "legal" if v.legal else f"ILLEGAL [{v.rule}] {v.message_en}"
            lines.append(f"last event: {event_text(rep, step - 1)} — {ruling}")
        return lines + self.table_lines(rep, step)

    def table_lines(self, rep: Replay[GameState], step: int) -> list[str]:
        """The set on the table, who may act, the round's status, and each seat's hand and place."""
        from replay.games.gouji.step_view import gouji_marks

        view = rep.view(step)
        marks = gouji_marks(view)
        table = (
            "empty"
            if view.table_seat is None
            else f"{seat_name(view.table_seat, en=True)}: {cards_shown(view.table_cards)}"
        )
        if marks.table_gouji:
            table += "  (够级)"
        lines = [f"table: {table}", *may_act_lines(view)]
        status = []
        if marks.passed:
            status.append(f"passed this round: {list(marks.passed)}")
        if marks.burners:
            status.append(f"bound by a burn: {list(marks.burners)}")
        if marks.failed_burners:
            status.append(f"failed burns: {list(marks.failed_burners)}")
        if marks.headless:
            status.append(f"headless (无头): {list(marks.headless)}")
        if marks.deadlevel is not None:
            status.append(f"够死级 chance: {seat_name(marks.deadlevel, en=True)}")
        if marks.chaos:
            status.append("四人乱缠")
        if marks.revolution is not None:
            status.append(f"革命: {seat_name(marks.revolution, en=True)}")
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

    def event_lines(self, rep: Replay[GameState]) -> list[str]:
        """One line per event with its ruling and what it did."""
        lines: list[str] = []
        for v in rep.verdicts:
            lines += self.event_line(rep, v)
        return lines

    def event_line(self, rep: Replay[GameState], v: Verdict) -> list[str]:
        """An event: its seat, action and cards, its ruling, the set on the table after it."""
        ruling, fx, cards = ruling_parts(rep, v)
        assert v.index is not None
        st = cast("State", rep.states[v.index + 1])  # a climbing game's (a game of its own writes its own)
        table = (
            ""
            if st.table is None
            else f"  | table: {seat_name(st.owner, en=True)} {' '.join(c.token for c in st.table_cards)}"
        )
        return [f"{v.index:>4}  {seat_name(v.seat, en=True)} {v.action:<8}{cards}{ruling}{table}{fx}"]


#: the games with a text of their own, each a module of ``cli/games/`` declaring its ``TEXT`` (imported the first
#: time a deal of the game is written); every other game is written as a climbing game
BUILT_IN = ("shengji",)

#: every game's text by name (a ``replay.core.registry.Registry``; a climbing game's text when it declared none)
TEXTS: Registry[GameText] = Registry("the text of game", lambda t: t.name, "cli.games.{}", BUILT_IN, "TEXT", GameText)

register = TEXTS.register
text_for = TEXTS.get
