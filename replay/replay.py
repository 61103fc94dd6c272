"""Replay: fold a log's events into states, one verdict per event.

``Replay(log)`` runs the fold once; ``states[k]`` is the table after ``k`` events (``states[0]`` is
the deal), so stepping back and forth is indexing (``Replay(log, keep=False)``, a check: the fold keeps only what
the check asks, and folds again if the states are asked for after all). Strict mode stops at the first illegal event;
lenient mode records it and carries on as a referee would.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any, Generic

from replay import games
from replay.core.events import Event
from replay.core.game_state import GameState, S
from replay.core.said import said
from replay.core.verdicts import Verdict
from replay.engine import Engine, Outcome
from replay.formats.log import Log
from replay.rules.profile import Profile
from replay.rules.profile_loader import profile_of
from replay.score import Score
from replay.scoring import compare_result, score_of
from replay.view import StepView, tokens

__all__ = ["Replay", "StepView", "engine_for"]


def engine_for(profile: Profile, meta: dict[str, Any] | None = None) -> Engine[GameState]:
    """The rules engine of a profile's game (the registry's, replay.games), over that game's states (found by the
    game's name, so known here only as a ``GameState``)."""
    engine: Engine[GameState] = games.engine_class(profile.game)(profile, meta)
    return engine


class Replay(Generic[S]):
    """A log replayed: ``states``, ``verdicts`` (one per event read), ``unverified`` notes.

    ``keep=False`` is what a check asks (``fupan check``): every event is judged as ever, but the fold keeps only the
    last state and the illegal events' rulings, and the engine may change its states in place (``Engine.judge``: no
    copy per event, no thousands of live states for the garbage collector to look through); ``ok``, ``illegal``,
    ``unverified``, ``final`` and ``score`` come from that. ``states``, ``verdicts`` and ``view`` fold the log again, keeping everything, the first time
    they are asked for."""

    engine: Engine[S]  # the game's rules engine, over its states ``S``
    _start: S
    _final: S
    _states: list[S] | None
    _outcomes: list[Outcome[S]] | None
    _illegal: list[tuple[int, Outcome[S]]]  # (event index, ruling) of each illegal event

    def __init__(
        self: Replay[GameState], log: Log, strict: bool = False, profile: Profile | None = None, keep: bool = True
    ) -> None:
        self.log = log
        self.profile = profile or profile_of(log)
        self.engine = engine_for(self.profile, dict(log.meta))
        self.strict = strict
        self.unverified: list[str] = []
        extra = self.engine.deal_extra(log)  # what the game's deal holds beside the hands
        self.deal_verdicts: list[Verdict] = [
            Verdict(None, seat, "deal", (), False, rule, zh, en)
            for rule, seat, zh, en in self.engine.check_deal(log.hands, self.unverified, extra)
        ]
        st = self.engine.initial(log.hands, extra)
        self.deal_verdicts += [
            Verdict(None, seat, "deal", (), False, rule, zh, en) for rule, seat, zh, en in self.engine.check_start(st)
        ]
        self._start = st  # the game's own states (its engine's type)
        self._final = st
        self._states = None
        self._outcomes = None
        self._illegal = []
        self._verdicts: list[Verdict] | None = None
        self._folded = False  # the first fold done (see _fold)
        self.stopped_at: int | None = None
        self.result_verdicts: list[Verdict] = []
        if strict and self.deal_verdicts:
            self.stopped_at = -1
            self._states, self._outcomes = [st], []
            return
        if log.result_only:
            self._sheet(st)
            return
        self._fold(keep)
        self.result_verdicts = self._check_result()

    def _sheet(self, start: S) -> None:
        """A score sheet without moves: the finished deal its game makes of the recorded result (``GameType.sheet``),
        its faults the result's verdicts; without a fault, the result checked as any claimed result (the points a
        sheet claims against those its places and roles give)."""
        self._folded = True
        self._states, self._outcomes = [start], []
        build = games.get(self.log.game).sheet
        if build is None:
            faults = [("FINISH", "这个游戏不收没有出牌记录的成绩单", "this game takes no score sheet without moves")]
            final = start
        else:
            final, faults = build(start, self.log.result or {}, self.profile)
        self._final = final
        self.unverified[:] = [
            said(
                "成绩单：没有出牌记录，出牌未核实；按记录的名次和身份计分",
                "result only: no moves recorded, so no play was checked; scored from the sheet's places and roles",
            )
        ]
        self.result_verdicts = [_claim(*f) for f in faults] or self._check_result()

    def _fold(self, keep: bool) -> None:
        """Every event folded into the states from the deal on, one ruling each (lenient: an illegal event is forced
        and the fold reads on; strict: it stops there). ``keep``: every state and ruling kept (``states``,
        ``verdicts``); the first fold also sets what every fold finds alike (the last state, the illegal rulings,
        the unverified notes, where a strict fold stopped)."""
        first = not self._folded
        self._folded = True
        step, force, strict = self.engine.step, self.engine.force, self.strict
        judge = step if keep else self.engine.judge  # a check's states are its own: the engine may change them
        st = start = self._start
        states: list[S] | None = [st] if keep else None
        outcomes: list[Outcome[S]] | None = [] if keep else None
        illegal: list[tuple[int, Outcome[S]]] = []
        unverified = self.unverified if first else []
        stopped: int | None = None
        for i, ev in enumerate(self.log.events):
            out = step(st, ev) if st is start else judge(st, ev)  # (the deal's state is kept for the folds after)
            if outcomes is not None:
                outcomes.append(out)
            if out.unverified:
                unverified.extend(u for u in out.unverified if u not in unverified)
            if out.rule is None:
                st = out.state
            else:
                illegal.append((i, out))
                if strict:
                    stopped = i
                    break
                st = force(st, ev)
            if states is not None:
                states.append(st)
        if keep:
            self._states, self._outcomes = states, outcomes
        if first:
            self._final, self._illegal, self.stopped_at = st, illegal, stopped

    @property
    def states(self) -> list[S]:
        """The table after each event: ``states[k]`` after ``k`` events (``states[0]`` as dealt)."""
        if self._states is None:
            self._fold(True)
        assert self._states is not None
        return self._states

    def _verdict(self, i: int, out: Outcome[S]) -> Verdict:
        """The verdict on event ``i`` from its ruling."""
        return verdict_of(i, self.log.events[i], out)

    @property
    def verdicts(self) -> list[Verdict]:
        """One verdict per event read, in order."""
        if self._verdicts is None:
            if self._outcomes is None:
                self._fold(True)
            assert self._outcomes is not None
            self._verdicts = [self._verdict(i, out) for i, out in enumerate(self._outcomes)]
        return self._verdicts

    # -- results ------------------------------------------------------------------------------------

    @property
    def final(self) -> S:
        """The last state reached."""
        return self._final

    @property
    def all_verdicts(self) -> list[Verdict]:
        """Deal, event and claimed-result verdicts together."""
        return self.deal_verdicts + self.verdicts + self.result_verdicts

    @property
    def ok(self) -> bool:
        """True when the deal and every event (and any claimed result) are legal."""
        return not self._illegal and not self.deal_verdicts and not self.result_verdicts and self.stopped_at is None

    @property
    def illegal(self) -> list[Verdict]:
        """The verdicts that found a rule broken (deal, events, claimed result; without folding again)."""
        events = [self._verdict(i, out) for i, out in self._illegal]
        return [v for v in self.deal_verdicts if not v.legal] + events + self.result_verdicts

    def score(self) -> Score | None:
        """The deal's score, or None while it is not finished."""
        return score_of(self.final, self.profile)

    def _check_result(self) -> list[Verdict]:
        """The claimed result's verdicts: one per entry that the deal does not bear out (``compare_result``)."""
        claimed = self.log.result
        score = self.score() if claimed else None
        if score is not None and score.unsplit and claimed and claimed.get("teams"):
            self.unverified.append(
                said(
                    "结果：保皇派不明，未核实记录的得分",
                    "result: the 保皇派 is not known, so the claimed points were not checked",
                )
            )
        differs = compare_result(claimed, score, self.log.game, self.final)
        return [_claim(d.rule, d.message_zh, d.message_en) for d in differs]

    # -- views --------------------------------------------------------------------------------------

    def view(self, step: int) -> StepView:
        """The table after ``step`` events, as plain values (the game's engine draws its own)."""
        view: StepView = self.engine.view(self.states[step], step, self.profile)
        return view

    def steps_json(self) -> Iterator[dict[str, Any]]:
        """Each step's ``view(k).to_json()`` in turn (``fupan replay --json``). A step whose state is the one before's
        (an illegal event read leniently changes nothing) is the one before's with its number, its parts the very
        same objects (which ``replay.formats.json_out`` encodes once)."""
        before, doc = None, {}
        for k, st in enumerate(self.states):
            if st is not before:
                before, doc = st, self.view(k).to_json()
                yield doc
            else:
                yield {**doc, "step": k}  # ("step" keeps its place, the first)


def _claim(rule: str, message_zh: str, message_en: str) -> Verdict:
    """The ruling on a claimed result that the deal does not bear out."""
    return Verdict(None, None, "result", (), False, rule, message_zh, message_en)


def verdict_of(index: int, ev: Event, out: Outcome[Any]) -> Verdict:
    """The verdict on event ``ev`` at ``index`` of a log (or of a line) from the engine's ruling of it."""
    return Verdict(
        index,
        ev.seat,
        ev.action,
        tokens(ev.cards),
        out.rule is None,
        out.rule,
        out.message_zh,
        out.message_en,
        out.effects,
        out.reading,
        out.reason,
    )
