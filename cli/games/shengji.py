"""升级's deals in the ``fupan`` command's words: trumps and declarer, trick by trick, the kitty, the
defenders' points and the levels (``cli.text.ClimbingText`` for the climbing games)."""

from __future__ import annotations

from cli.text import GameText, may_act_lines, ruling_parts, seat_label, void_lines
from replay.core.game_state import GameState
from replay.core.numbering import event_number
from replay.core.plural import count
from replay.core.said import seat_name, side_name
from replay.core.verdicts import Verdict
from replay.games.shengji.engine import RANK_LEVEL, SUIT_EN, SUIT_ZH, ShengjiState, card_points
from replay.games.shengji.score import shengji_extras
from replay.games.shengji.step_view import SeatCards, step_tricks
from replay.replay import Replay
from replay.score import Score


def _side(side: int) -> str:
    """A 升级 side and its seats."""
    return side_name(side, 4)[1]


def trumps_line(st: ShengjiState) -> str:
    """The trump suit, the level and the declarer (or that no declaration stands yet)."""
    tr = st.trumps
    if tr is None:
        return "trumps: not declared yet"
    return (
        f"trumps: {SUIT_EN[tr.suit]} ({SUIT_ZH[tr.suit]}), level {RANK_LEVEL[tr.level]}; "
        f"declarer (庄) {seat_name(st.declarer, en=True)}, {_side(st.declarers)}"
    )


def _sj(st: object) -> ShengjiState:
    """A state of a 升级 deal (this module writes no other)."""
    assert isinstance(st, ShengjiState)
    return st


def _plays(plays: tuple[SeatCards, ...]) -> str:
    return ", ".join(f"{seat_name(s, en=True)} {' '.join(cards)}" for s, cards in plays)


class ShengjiText(GameText[GameState]):
    """升级: tricks, trumps and levels instead of places and rounds."""

    def score_lines(self, rep: Replay[GameState], score: Score | None) -> list[str]:
        """Trumps and declarer, card points per side, the kitty, the defenders' points, the levels."""
        st = _sj(rep.final)
        if score is not None and score.void:
            return void_lines(score)
        sheet = rep.log.result_only  # a score sheet: no trumps, tricks or kitty cards recorded
        lines = (
            [f"declarer (庄) {seat_name(st.declarer, en=True)}, {_side(st.declarers)}"] if sheet else [trumps_line(st)]
        )
        won = [sum(1 for t in st.tricks if t.winner % 2 == side) for side in (0, 1)]
        if st.tricks and not sheet:
            lines.append(
                "tricks: "
                + "; ".join(f"{_side(side)} won {won[side]}, {st.points[side]} points" for side in (0, 1))
                + f" ({count(len(st.tricks), 'trick')})"
            )
        if score is None:
            return [*lines, "the deal is not finished: no score"]
        lv = shengji_extras(score)
        assert lv is not None
        buried = " ".join(c.token for c in st.buried)
        kitty = lv.kitty
        last = st.tricks[-1].winner if st.tricks else None
        defenders = 1 - st.declarers
        if last is None:
            went = ""
        elif last % 2 == defenders:
            went = f"; {seat_name(last, en=True)} (defenders) won the last trick: {kitty} points to the defenders"
        else:
            went = f"; {seat_name(last, en=True)} (declarers) won the last trick: it stays with the declarers"
        if sheet:
            lines.append(
                f"kitty (底牌): {kitty} points to the defenders"
                if kitty
                else "kitty (底牌): no points to the defenders"
            )
        else:
            lines.append(f"kitty (底牌) buried: {buried or '-'} ({count(card_points(st.buried), 'point')}){went}")
        lines.append(f"defenders {_side(defenders)}: {lv.defenders} points")
        change = ", ".join(f"{_side(side)} {lv.before[side]} -> {lv.after[side]}" for side in (0, 1))
        lines.append(f"levels: {change}")
        lines += [f"  [{rule}] {text}" for rule, text in score.explain]
        return lines

    def score_line(self, rep: Replay[GameState], score: Score | None) -> str:
        """The score in one line: the defenders' points and the levels."""
        if score is not None and score.void:
            return void_lines(score)[1].strip()
        if score is None:
            return "not finished: no score"
        lv = shengji_extras(score)
        assert lv is not None
        change = ", ".join(f"{_side(side)} {lv.before[side]} -> {lv.after[side]}" for side in (0, 1))
        st = _sj(rep.final)
        return f"defenders {_side(1 - st.declarers)} {lv.defenders} points; levels {change}"

    def finished(self, rep: Replay[GameState]) -> list[int]:
        """No seat goes out in 升级."""
        return []

    def table_lines(self, rep: Replay[GameState], step: int) -> list[str]:
        """Levels, trumps and declarer, the trick in progress, the last trick, points, hands."""
        st = _sj(rep.states[step])
        view = rep.view(step)
        info = step_tricks(view)
        lv = [RANK_LEVEL[r] for r in st.levels]
        lines = [f"phase: {st.phase}; levels: {_side(0)} {lv[0]}, {_side(1)} {lv[1]}", trumps_line(st)]
        if st.declarations:
            lines.append(
                "declarations: "
                + ", ".join(
                    f"{seat_name(s, en=True)} {' '.join(c.token for c in cs)}" + (" (stands)" if k == st.winner else "")
                    for k, (s, cs) in enumerate(st.declarations)
                )
            )
        if st.buried:
            lines.append(f"kitty buried by {seat_name(st.declarer, en=True)}: {' '.join(c.token for c in st.buried)}")
        elif st.kitty is not None and st.phase in ("declare", "exchange"):
            lines.append(f"kitty: {' '.join(c.token for c in st.kitty) or '-'}")
        if st.phase == "play":
            n = len(st.tricks) + 1
            lines.append(
                f"trick {n}: "
                + (_plays(info.trick) if st.trick and info is not None else f"{seat_name(st.to_act, en=True)} to lead")
            )
        last = info.last_trick if info is not None else None
        if last is not None:
            lines.append(
                f"last trick ({len(st.tricks)}): {_plays(last.plays)}; won by {seat_name(last.winner, en=True)}, "
                f"{last.points} points"
            )
        if st.trumps is not None:
            lines.append(
                f"points: {_side(0)} {st.points[0]}, {_side(1)} {st.points[1]}; defenders ({_side(1 - st.declarers)}) "
                f"{st.defenders_points}"
            )
        lines += may_act_lines(view)
        for s, cards in view.hands.items():
            lines.append(f"  {seat_label(rep, s)}: {count(len(cards), 'card')}  {' '.join(cards)}".rstrip())
        return lines

    def event_line(self, rep: Replay[GameState], v: Verdict) -> list[str]:
        """An event, trick by trick: the trumps once declared, who leads a trick, who won it."""
        assert v.index is not None  # an event's verdict (not the deal's, nor the result's)
        before, st = _sj(rep.states[v.index]), _sj(rep.states[v.index + 1])
        ruling, fx, cards = ruling_parts(rep, v)
        lines = []
        if before.trumps is None and st.trumps is not None:
            lines.append(f"      {trumps_line(st)}")
        if st.trick and len(st.trick) == 1 and before.trick != st.trick:
            lines.append(f"trick {len(st.tricks) + 1}: {seat_name(st.trick[0][0], en=True)} leads")
        lines.append(f"{event_number(v.index):>4}  {seat_name(v.seat, en=True)} {v.action:<9}{cards}{ruling}{fx}")
        if len(st.tricks) > len(before.tricks):
            t = st.tricks[-1]
            lines.append(
                f"      = {seat_name(t.winner, en=True)} wins trick {len(st.tricks)}: {t.points} points to {_side(t.winner % 2)}"
                f" ({_side(0)} {st.points[0]}, {_side(1)} {st.points[1]})"
            )
        return lines


TEXT = ShengjiText("shengji")
