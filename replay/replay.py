"""Replay: fold a log's events into states, one verdict per event.

``Replay(log)`` runs the fold once; ``states[k]`` is the table after ``k`` events (``states[0]`` is
the deal), so stepping back and forth is indexing. Strict mode stops at the first illegal event;
lenient mode records it and carries on as a referee would.
"""

from __future__ import annotations

from typing import Any

from replay import games
from replay.claims import compare_result
from replay.engine import Engine, Outcome
from replay.log import Log
from replay.profile import Profile
from replay.scoring import Score, score_of
from replay.verdicts import Verdict
from replay.view import StepView, tokens

__all__ = ["Replay", "StepView", "engine_for"]


def engine_for(profile: Profile, meta: dict[str, Any] | None = None) -> Engine[Any]:
    """The rules engine of a profile's game (the registry's, replay.games), over that game's states."""
    engine: Engine[Any] = games.engine_class(profile.game)(profile, meta)
    return engine


class Replay:
    """A log replayed: ``states``, ``verdicts`` (one per event read), ``unverified`` notes."""

    def __init__(self, log: Log, strict: bool = False, profile: Profile | None = None) -> None:
        self.log = log
        self.profile = profile or log.profile()
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
        self.states: list[Any] = [st]  # the game's own states (its engine's type)
        self.stopped_at: int | None = None
        self._outcomes: list[Outcome[Any]] = []
        self._verdicts: list[Verdict] | None = None
        self.result_verdicts: list[Verdict] = []
        self._illegal_events = 0
        if strict and self.deal_verdicts:
            self.stopped_at = -1
            return
        step, force = self.engine.step, self.engine.force
        add_outcome, add_state = self._outcomes.append, self.states.append
        for i, ev in enumerate(log.events):
            out = step(st, ev)
            add_outcome(out)
            if out.unverified:
                self.unverified.extend(u for u in out.unverified if u not in self.unverified)
            if out.rule is None:
                st = out.state
            else:
                self._illegal_events += 1
                if strict:
                    self.stopped_at = i
                    break
                st = force(st, ev)
            add_state(st)
        self.result_verdicts = self._check_result()

    @property
    def verdicts(self) -> list[Verdict]:
        """One verdict per event read, in order."""
        if self._verdicts is None:
            events = self.log.events
            self._verdicts = [
                Verdict(
                    i,
                    events[i].seat,
                    events[i].action,
                    tokens(events[i].cards),
                    out.rule is None,
                    out.rule,
                    out.message_zh,
                    out.message_en,
                    out.effects,
                    out.reading,
                    out.reason,
                )
                for i, out in enumerate(self._outcomes)
            ]
        return self._verdicts

    # -- results ------------------------------------------------------------------------------------

    @property
    def final(self) -> Any:
        """The last state reached."""
        return self.states[-1]

    @property
    def all_verdicts(self) -> list[Verdict]:
        """Deal, event and claimed-result verdicts together."""
        return self.deal_verdicts + self.verdicts + self.result_verdicts

    @property
    def ok(self) -> bool:
        """True when the deal and every event (and any claimed result) are legal."""
        return (
            self._illegal_events == 0
            and not self.deal_verdicts
            and not self.result_verdicts
            and self.stopped_at is None
        )

    @property
    def illegal(self) -> list[Verdict]:
        """The verdicts that found a rule broken."""
        return [v for v in self.all_verdicts if not v.legal]

    def score(self) -> Score | None:
        """The deal's score, or None while it is not finished."""
        return score_of(self.final, self.profile)

    def _check_result(self) -> list[Verdict]:
        """The claimed result's verdicts: one per entry that the deal does not bear out (``compare_result``)."""
        claimed = self.log.result
        score = self.score() if claimed else None
        if score is not None and score.unsplit and claimed and claimed.get("teams"):
            self.unverified.append("result: the 保皇派 is not known, so the claimed points were not checked")
        differs = compare_result(claimed, score, self.log.game, self.final)
        return [_claim(d.rule, d.message_zh, d.message_en) for d in differs]

    # -- views --------------------------------------------------------------------------------------

    def view(self, step: int) -> StepView:
        """The table after ``step`` events, as plain values (the game's engine draws its own)."""
        view: StepView = self.engine.view(self.states[step], step, self.profile)
        return view


def _claim(rule: str, message_zh: str, message_en: str) -> Verdict:
    """The ruling on a claimed result that the deal does not bear out."""
    return Verdict(None, None, "result", (), False, rule, message_zh, message_en)
