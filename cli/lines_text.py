"""The two lines of a deal in words, for ``fupan check`` and ``fupan replay`` (replay/lines.py): the record as played,
and the line as ruled (the events that do not stand withdrawn, the later events read on the as-ruled table where
they read otherwise, where the record departs from the rules, and which line's score counts). Written only for a
deal with an illegal event: a legal record is its own line as ruled."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from replay.core.said import seat_name

if TYPE_CHECKING:
    from replay.core.game_state import GameState
    from replay.replay import Replay


def played_mark(rep: Replay[Any], step: int) -> str:
    """The mark of the table after ``step`` events when an illegal event stands on it as played ("" when none)."""
    from replay.lines import played_mark as mark

    zh, en = mark(rep, step)
    return f"as played / 按记录: {en} / {zh}" if en else ""


def ruled_lines(rep: Replay[GameState]) -> list[str]:
    """The line as ruled in words (empty when no event is withdrawn)."""
    from replay.core.numbering import event_in
    from replay.lines import counting, events_words, ruled

    info = ruled(rep)
    if not info.withdrawn:
        return []
    zh, en = events_words(info.withdrawn)
    lines = [
        f"as ruled / 按规则: {en} {'does' if len(info.withdrawn) == 1 else 'do'} not stand, withdrawn / {zh}不成立，撤回"
    ]
    for j in info.judged:
        if j.withdrawn or j.played is None:
            continue
        v, p = j.verdict, j.played
        ruling = "legal / 合规" if v.legal else f"[{v.rule}] {v.message_en} / {v.message_zh}"
        before = "legal" if p.legal else f"[{p.rule}] {p.message_en}"
        lines.append(
            f"  {event_in(j.index, 'en')}, {seat_name(v.seat, en=True)}: as ruled {ruling}; as played {before}"
            if v.seat is not None
            else f"  {event_in(j.index, 'en')}: as ruled {ruling}; as played {before}"
        )
    if info.departs is not None:
        zh, en = info.departure_words()
        lines.append(f"  {en} / {zh}")
    else:
        lines.append("  the record fits the rules after it / 此后的记录合乎规则")
    counted = counting(rep)
    lines.append(f"  score / 计分: {counted.why[1]} / {counted.why[0]}")
    return lines


def ruled_replay(rep: Replay[GameState], quiet: bool = False) -> Replay[GameState]:
    """The line as ruled replayed as its own log (its steps its own: a withdrawn event is not one of them), its
    account in words first on standard output unless ``quiet`` (JSON asked: then on standard error)."""
    import sys

    from replay.lines import line_log, ruled
    from replay.replay import Replay

    info = ruled(rep)
    head = [
        "line: as ruled, its own steps (a withdrawn event is none of them) / 按规则的一线（步数按此线自身计，撤回的动作不计）"
    ] + (
        ruled_lines(rep) if info.withdrawn else ["  the record keeps the rules: as played / 记录合乎规则，与按记录相同"]
    )
    print("\n".join(head), file=sys.stderr if quiet else sys.stdout)
    again: Replay[GameState] = Replay(line_log(rep, info.line), profile=rep.profile)
    return again
