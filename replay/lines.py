"""A deal's lines: the record **as played**, the line **as ruled**, and a person's **variations**.

The record is what happened at the table (as played: ``Replay``'s states and verdicts, an illegal event forced as a
referee reads on). The rules say that an illegal event does not stand: the line as ruled replays the deal with it
withdrawn (the cards back, the seats that may act act) and carries on with the recorded events while they still fit;
where the record no longer fits, it says so once (记录自此偏离规则, "the record departs from the rules here") and
ends, instead of a cascade of illegal verdicts. A variation is a person's other moves from any step (``branch``),
checked by the same engine, and played out to the end by a policy the caller passes in (``playout``: the coach's
lives in ``coach``, which this layer never imports).

A ``Line`` is a branch point (``at``: how many recorded events it keeps) and its own events after it; ``fold``
folds it against its log (the record's states and verdicts before ``at``, then the line's). ``as_ruled`` gives the
line as ruled with what it withdrew and where the record departs (``ruled``); ``counting`` says which line the
deal's score takes given a referee's stored decisions; ``line_log`` is a line as a complete log.
"""

from __future__ import annotations

import weakref
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Generic

from replay.core.errors import FupanError
from replay.core.events import Event
from replay.core.game_state import S
from replay.core.numbering import event_number, event_words
from replay.core.verdicts import Verdict
from replay.engine import Engine, Outcome
from replay.formats.decisions import Decision, standing
from replay.formats.log_doc import Log
from replay.replay import Replay, verdict_of
from replay.rules.register import RULES, Quote
from replay.score import Score
from replay.scoring import score_of

__all__ = [
    "PLAYED",
    "RULED",
    "VARIATION",
    "Counted",
    "Folded",
    "Judged",
    "Line",
    "MoveError",
    "Ruled",
    "as_ruled",
    "branch",
    "counting",
    "fold",
    "line_log",
    "played",
    "played_mark",
    "playout",
    "ruled",
]

PLAYED, RULED, VARIATION = "played", "ruled", "variation"
KINDS = (PLAYED, RULED, VARIATION)
#: each line's name (zh, en), as every verdict and table says which line it describes
LINE_NAMES = {PLAYED: ("按记录", "as played"), RULED: ("按规则", "as ruled"), VARIATION: ("变着", "variation")}
DEPARTS = ("记录自此偏离规则", "the record departs from the rules here")
PLAYOUT_LIMIT = 5000  # events a playout makes at most

#: a playout's policy: the next event of the seat the state awaits (the coach's rollout bot has this shape)
Policy = Callable[[Engine[Any], Any], Event]


@dataclass(frozen=True)
class Line:
    """One line of a deal: ``kind`` (played, ruled, variation), ``at`` (the recorded events it keeps before it
    departs, 0 .. len(log.events)), ``events`` (its own events after those), an optional ``name``."""

    kind: str
    at: int
    events: tuple[Event, ...]
    name: str = ""

    def to_json(self) -> dict[str, Any]:
        """The line as JSON: ``{"kind", "at", "name", "events"}`` (each event as the log format writes it)."""
        return {"kind": self.kind, "at": self.at, "name": self.name, "events": [e.to_json() for e in self.events]}

    @classmethod
    def from_json(cls, doc: Any, n: int) -> Line:
        """A line from ``to_json``'s form, for a game of ``n`` seats (ValueError naming what is wrong)."""
        from replay.formats.event_json import DocError, event_from_json

        if not isinstance(doc, dict) or not isinstance(doc.get("events"), list):
            raise ValueError('a line is {"kind", "at", "name", "events": [...]}')
        try:
            events = tuple(event_from_json(raw, i, n) for i, raw in enumerate(doc["events"]))
        except DocError as exc:
            raise ValueError(f"{'/'.join(map(str, exc.path))}: {exc.message}") from None
        return cls(doc.get("kind", ""), doc.get("at", -1), events, str(doc.get("name", "")))

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise ValueError(f"a line's kind is one of {', '.join(KINDS)}, not {self.kind!r}")
        if type(self.at) is not int or self.at < 0:
            raise ValueError(f"a line's branch point is a number of events (0 or more), not {self.at!r}")

    @property
    def words(self) -> tuple[str, str]:
        """The line's name as a page says it (zh, en): its kind's, and its own name after it."""
        zh, en = LINE_NAMES[self.kind]
        return (f"{zh}：{self.name}", f"{en}: {self.name}") if self.name else (zh, en)


class MoveError(FupanError):
    """A move the rules refuse on a line: the move, the line's step it was tried at, the rule it breaks and the
    seed's words that decide it (``quote``); also a branch point outside the record."""

    def __init__(
        self, message: str, step: int, move: Event | None = None, rule: str = "", quote: Quote | None = None
    ) -> None:
        self.step, self.move, self.rule, self.quote = step, move, rule, quote
        self.event = step
        if move is not None:
            self.seat = move.seat
        super().__init__(message)


def played(rep: Replay[Any]) -> Line:
    """The record as played: every recorded event, nothing of its own."""
    return Line(PLAYED, len(rep.log.events), ())


# -- folding a line ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class Folded(Generic[S]):
    """A line folded against its log: ``states[k]`` the table after ``k`` events of the line (the record's
    before ``at``), ``verdicts`` one per event of the line (the record's before ``at``: its own index there)."""

    line: Line
    states: tuple[S, ...]
    verdicts: tuple[Verdict, ...]

    @property
    def final(self) -> S:
        """The line's last table."""
        return self.states[-1]

    @property
    def events(self) -> int:
        """How many events the line holds (the record's kept and its own)."""
        return len(self.verdicts)


def lenient(rep: Replay[S]) -> Replay[S]:
    """``rep`` as a referee reads on (a strict replay that stopped is folded again leniently)."""
    if rep.stopped_at is None:
        return rep
    again: Replay[S] = Replay(rep.log, strict=False, profile=rep.profile)  # type: ignore[assignment]
    return again


def fold(rep: Replay[S], line: Line) -> Folded[S]:
    """``line`` folded against ``rep``'s log: the record's states and verdicts up to ``at``, then each of the line's
    events judged on the line's own table (an illegal one, which a line made here never holds, is judged and does
    not stand: the table stays)."""
    rep = lenient(rep)
    if line.at > len(rep.log.events):
        raise MoveError(_beyond(line.at, len(rep.log.events)), line.at)
    states = list(rep.states[: line.at + 1])
    verdicts = list(rep.verdicts[: line.at])
    st = states[-1]
    for k, ev in enumerate(line.events):
        out = rep.engine.step(st, ev)
        verdicts.append(verdict_of(line.at + k, ev, out))
        if out.rule is None:
            st = out.state
        states.append(st)
    return Folded(line, tuple(states), tuple(verdicts))


def _beyond(at: int, n: int) -> str:
    return f"步数 {at} 超出记录（0 至 {n}） / step {at} is beyond the record (0 to {n})"


def played_mark(rep: Replay[Any], step: int) -> tuple[str, str]:
    """The mark of the record's table after ``step`` events on which an illegal event stands as played, naming it
    (zh, en); ("", "") for a table no illegal event stands on (there the two lines agree)."""
    bad = [v.index for v in rep.illegal if v.index is not None and v.index < step]
    if not bad:
        return ("", "")
    zh, en = events_words(bad)
    said = f"the illegal {en} stands" if len(bad) == 1 else f"the illegal {en} stand"
    return (f"按记录的牌桌：{zh}的违规动作在此照打", f"the table as played: {said} on it")


def events_words(indices: Sequence[int]) -> tuple[str, str]:
    """Events at ``indices`` (from 0) in words, numbered as people count (``replay.core.numbering``): "第 3、5 手",
    "events 3, 5" (zh, en)."""
    numbers = [str(event_number(i)) for i in indices]
    if len(numbers) == 1:
        return event_words(indices[0])
    return f"第 {'、'.join(numbers)} 手", f"events {', '.join(numbers)}"


# -- the line as ruled ------------------------------------------------------------------------------


@dataclass(frozen=True)
class Judged:
    """A recorded event from the line as ruled's branch point on: its verdict on the as-ruled table (``verdict``,
    ``line`` = "ruled") and, beside it, the record's as-played verdict where that reads otherwise (``played``);
    ``withdrawn``: the event does not stand (the as-ruled line leaves it out)."""

    index: int
    verdict: Verdict
    played: Verdict | None
    withdrawn: bool = False
    line: str = RULED


@dataclass(frozen=True)
class Ruled:
    """The line as ruled (``line``), the recorded events it withdrew (``withdrawn``, indices of the log), where the
    record departs from the rules (``departs``: the index of the first recorded event that no longer fits, None when
    the record fits to its end), the verdict there on the as-ruled table (``departure``), and each recorded event's
    reading from the branch point up to the departure (``judged``)."""

    line: Line
    withdrawn: tuple[int, ...]
    departs: int | None
    departure: Verdict | None
    judged: tuple[Judged, ...]

    @property
    def differs(self) -> bool:
        """Whether the as-ruled line is not the record (some event withdrawn)."""
        return bool(self.withdrawn)

    def departure_words(self) -> tuple[str, str]:
        """记录自此偏离规则 at the departing event, with the as-ruled reason (zh, en); ("", "") when none."""
        v = self.departure
        if v is None or self.departs is None:
            return ("", "")
        return (
            f"{event_words(self.departs)[0]}起{DEPARTS[0]}（按规则的牌桌上：[{v.rule}] {v.message_zh}）",
            f"{event_words(self.departs)[1]}: {DEPARTS[1]} (on the as-ruled table: [{v.rule}] {v.message_en})",
        )


# the line as ruled of each replay asked about (the CLI's account and its score ask for it twice; a replay of 100,000
# events folds it in seconds)
_RULED: weakref.WeakKeyDictionary[Replay[Any], Ruled] = weakref.WeakKeyDictionary()


def ruled(rep: Replay[S]) -> Ruled:
    """The line as ruled: the first illegal event withdrawn (the table before it stays: cards back, the seat whose
    turn it was acts), the recorded events after it carried on while they fit; a later illegal event on a table the
    record shares (the two lines met again) is withdrawn as well; the first recorded event that fits neither is
    where the record departs from the rules, and the line ends there. Worked out once per replay."""
    found = _RULED.get(rep)
    if found is None:
        found = _RULED[rep] = _ruled(rep)
    return found


def _ruled(rep: Replay[S]) -> Ruled:
    rep = lenient(rep)
    events, eng = rep.log.events, rep.engine
    bad = [v for v in rep.illegal if v.index is not None]  # (found by the first fold: no states kept for them)
    if not bad:
        return Ruled(Line(RULED, len(events), ()), (), None, None, ())
    first = bad[0].index
    assert first is not None
    # the record's table folded afresh beside the line's, one state of each at a time (a check keeps no states)
    st = eng.initial(rep.log.hands, eng.deal_extra(rep.log))
    for ev in events[:first]:
        st = eng.step(st, ev).state
    table = eng.force(st, events[first])  # the record's table: the illegal event stands on it
    withdrawn = [first]
    judged = [Judged(first, bad[0], None, True)]
    kept: list[Event] = []
    departs: int | None = None
    departure: Verdict | None = None
    for i in range(first + 1, len(events)):
        ev = events[i]
        out, as_played = eng.step(st, ev), eng.step(table, ev)
        mine = verdict_of(i, ev, out)
        alike = out.rule == as_played.rule and out.reading == as_played.reading  # alike: legality, rule, reading
        beside = None if alike else verdict_of(i, ev, as_played)
        if out.rule is None:
            kept.append(ev)
            judged.append(Judged(i, mine, beside))
        elif st == table:  # the record's own table: an illegal event of its own, withdrawn as the first
            withdrawn.append(i)
            judged.append(Judged(i, mine, beside, True))
        else:
            departs, departure = i, mine
            break
        st = out.state
        table = as_played.state if as_played.rule is None else eng.force(table, ev)
    line = Line(RULED, first, tuple(kept))
    return Ruled(line, tuple(withdrawn), departs, departure, tuple(judged))


def as_ruled(rep: Replay[Any]) -> Line:
    """The line as ruled (``ruled(rep).line``): the record's events before the first illegal one, then the recorded
    events that fit the rules after it, up to where the record departs."""
    return ruled(rep).line


# -- which line counts ------------------------------------------------------------------------------


@dataclass(frozen=True)
class Counted:
    """The line whose score is the deal's (``kind``: played or ruled), its ``score`` (None: that line does not
    reach the end of the deal), and why (zh, en); ``pending``: no referee has decided an event the line as ruled
    withdraws, so the record counts until one does."""

    kind: str
    score: Score | None
    why: tuple[str, str]
    pending: bool = False


def line_score(rep: Replay[S], line: Line) -> Score | None:
    """The score at the end of ``line`` (None while it does not reach the end of the deal)."""
    if line.kind == PLAYED and line.at == len(rep.log.events) and not line.events:
        return rep.score()
    return score_of(fold(rep, line).final, rep.profile)


def counting(rep: Replay[Any], decisions: Sequence[Decision] | None = None) -> Counted:
    """Which line's score is the deal's, given a referee's stored decisions (the log's own when None): the line as
    ruled when the referee upheld "does not stand" on every event it withdraws; the record as played when the
    referee overruled one of them (the event stands), when no event is withdrawn, or while no decision is taken on
    one (``pending``)."""
    info = ruled(rep)
    if not info.withdrawn:
        return Counted(
            PLAYED, rep.score(), ("记录合乎规则：按记录计分", "the record keeps the rules: it is scored as played")
        )
    stand = standing(rep.log.decisions if decisions is None else decisions)
    upheld = [i for i in info.withdrawn if i in stand and stand[i].upheld]
    overruled = [i for i in info.withdrawn if i in stand and not stand[i].upheld]
    if overruled:
        zh, en = event_words(overruled[0])
        return Counted(
            PLAYED,
            rep.score(),
            (
                f"裁判推翻了{zh}的判定（该动作成立）：按记录计分",
                f"the referee overruled the verdict on {en} (the event stands): scored as played",
            ),
        )
    if len(upheld) == len(info.withdrawn):
        zh, en = events_words(upheld)
        return Counted(
            RULED,
            line_score(rep, info.line),
            (
                f"裁判维持{zh}不成立：按规则计分",
                f"the referee upheld that {en} {'does' if len(upheld) == 1 else 'do'} not stand: scored as ruled",
            ),
        )
    zh, en = events_words([i for i in info.withdrawn if i not in stand])
    return Counted(
        PLAYED,
        rep.score(),
        (
            f"{zh}尚待裁判裁定：暂按记录计分",
            f"no referee has decided {en} yet: scored as played until one does",
        ),
        pending=True,
    )


# -- variations -------------------------------------------------------------------------------------


def _refused(step: int, ev: Event, out: Outcome[Any], profile_source: str, policy: bool) -> MoveError:
    """The error of a move the engine refuses: the move and step (``policy``: the policy's move), the rule and the
    seed's words."""
    rule = out.rule or ""
    entry = RULES.get(rule)
    quote = entry.quote_for(out.reason, seed_of(profile_source)) if entry is not None else None
    by = ("策略的", "the policy's ") if policy else ("", "")
    said_zh = f"第 {step} 步的牌桌上，{by[0]}着法 {_move_text(ev)} 不合规则：[{rule}] {out.message_zh}"
    said_en = f"on the table of step {step}: {by[1]}move {_move_text(ev)} is refused: [{rule}] {out.message_en}"
    if quote is not None:
        said_zh += f"（“{quote.text}”）"
        said_en += f' ("{quote.text}")'
    return MoveError(f"{said_zh} / {said_en}", step, ev, rule, quote)


def _move_text(ev: Event) -> str:
    from replay.formats.notation.write import format_event

    return format_event(ev)


def seed_of(source: str) -> str:
    """The seed a profile follows, from its ``source`` ("seed 004" -> "004"; "" when it names none)."""
    words = source.replace(";", " ").replace(",", " ").split()
    return next((w for w in words if w.isdigit() and len(w) == 3), "")


def branch(
    rep: Replay[S],
    at: int,
    moves: Sequence[Event],
    name: str = "",
    policy: Policy | None = None,
    limit: int = PLAYOUT_LIMIT,
) -> Line:
    """A variation: the record's first ``at`` events, then ``moves`` (each checked on the line's table: MoveError,
    naming the move, the step, the rule and its seed quote, for one the rules refuse), then, with a ``policy``, the
    deal played out to its end by it (``playout``)."""
    rep = lenient(rep)
    n = len(rep.log.events)
    if type(at) is not int or not 0 <= at <= n:
        raise MoveError(_beyond(at, n), at if type(at) is int else 0)
    st = rep.states[at]
    made: list[Event] = []
    for k, ev in enumerate(moves):
        out = rep.engine.step(st, ev)
        if out.rule is not None:
            raise _refused(at + k, ev, out, rep.profile.source, False)
        made.append(ev)
        st = out.state
    if policy is not None:
        made += playout(rep.engine, st, policy, at + len(made), rep.profile.source, limit)
    return Line(VARIATION, at, tuple(made), name)


def playout(
    engine: Engine[S], st: S, policy: Policy, step: int = 0, profile_source: str = "", limit: int = PLAYOUT_LIMIT
) -> list[Event]:
    """The events ``policy`` plays from ``st`` to the end of the deal, each checked by the engine (MoveError for one
    it refuses, or for a deal not ended within ``limit`` events)."""
    out_events: list[Event] = []
    for k in range(limit):
        if st.terminal:
            return out_events
        ev = policy(engine, st)
        out = engine.step(st, ev)
        if out.rule is not None:
            raise _refused(step + k, ev, out, profile_source, True)
        out_events.append(ev)
        st = out.state
    if st.terminal:
        return out_events
    raise MoveError(
        f"策略 {limit} 步内没有打完这副牌 / the policy did not end the deal within {limit} events", step + limit
    )


def line_log(rep: Replay[Any], line: Line) -> Log:
    """The line as a complete log: the record's deal and its first ``at`` events, then the line's own (no claimed
    result and no referee's decisions: they are the record's), to be written, read and checked as any log."""
    log = rep.log
    events = log.events[: line.at] + line.events
    return log._replace(events=events, result=None, decisions=(), text="", positions=())
