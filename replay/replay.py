"""Replay: fold a log's events into states, one verdict per event.

``Replay(log)`` runs the fold once; ``states[k]`` is the table after ``k`` events (``states[0]`` is
the deal), so stepping back and forth is indexing. Strict mode stops at the first illegal event;
lenient mode records it and carries on as a referee would.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from replay import games
from replay.baohuang import Baohuang
from replay.cards import Card
from replay.claims import compare_result
from replay.climbing import Outcome
from replay.gouji import Gouji
from replay.log import Log
from replay.profile import Profile
from replay.scoring import KnownPlace, Score, known_places, score_of
from replay.shengji import RANK_LEVEL, SjState
from replay.state import State, seats_of
from replay.verdicts import Verdict


def engine_for(profile: Profile, meta: dict[str, Any] | None = None) -> Any:
    """The rules engine of a profile's game (the registry's, replay.games)."""
    return games.engine_class(profile.game)(profile, meta)


@dataclass(frozen=True)
class StepView:
    """What the table showed after one step, in plain values (for ``replay --json`` and the app)."""

    step: int
    to_act: dict[int, tuple[str, ...]]
    why: dict[int, tuple[str, str]]
    table_seat: int | None
    table_cards: tuple[str, ...]
    table_gouji: bool
    hands: dict[int, list[str]]
    finished: tuple[int, ...]
    counts_shown: dict[int, int]
    passed: tuple[int, ...]
    burners: tuple[int, ...]
    failed_burners: tuple[int, ...]
    headless: tuple[int, ...]
    chaos: bool
    deadlevel: int | None
    revolution: int | None
    roles: dict[str, Any] | None = None
    tricks: dict[str, Any] | None = None  # 升级: trumps, declarer, the trick in progress, points
    places: dict[int, KnownPlace] = field(default_factory=dict)  # the places decided so far (scoring.places_at)

    def to_json(self) -> dict[str, Any]:
        """The stable JSON of ``fupan replay --step N --json``."""
        return {
            "step": self.step,
            "to_act": {str(s): list(a) for s, a in self.to_act.items()},
            "why": {str(s): {"zh": w[0], "en": w[1]} for s, w in self.why.items()},
            "table": {"seat": self.table_seat, "cards": list(self.table_cards), "gouji": self.table_gouji},
            "hands": {str(s): h for s, h in self.hands.items()},
            "finished": list(self.finished),
            "places": {str(s): p.to_json() for s, p in self.places.items()},
            "counts_shown": {str(s): c for s, c in self.counts_shown.items()},
            "passed": list(self.passed),
            "burners": list(self.burners),
            "failed_burners": list(self.failed_burners),
            "headless": list(self.headless),
            "chaos": self.chaos,
            "deadlevel": self.deadlevel,
            "revolution": self.revolution,
            **({"roles": self.roles} if self.roles is not None else {}),
            **({"shengji": self.tricks} if self.tricks is not None else {}),
        }


class Replay:
    """A log replayed: ``states``, ``verdicts`` (one per event read), ``unverified`` notes."""

    def __init__(self, log: Log, strict: bool = False, profile: Profile | None = None) -> None:
        self.log = log
        self.profile = profile or log.profile()
        self.engine = engine_for(self.profile, dict(log.meta))
        self.strict = strict
        self.unverified: list[str] = []
        extra = {"kitty": log.kitty, "levels": log.levels} if log.game == "shengji" else {}
        self.deal_verdicts: list[Verdict] = [
            Verdict(None, seat, "deal", (), False, rule, zh, en)
            for rule, seat, zh, en in self.engine.check_deal(log.hands, self.unverified, **extra)
        ]
        st = self.engine.initial(log.hands, {"marked": log.marked, "loyalist": log.loyalist, **extra})
        if isinstance(self.engine, Baohuang):
            self.deal_verdicts += [
                Verdict(None, seat, "deal", (), False, rule, zh, en)
                for rule, seat, zh, en in self.engine.check_marked(st)
            ]
        self.states: list[State] = [st]
        self.stopped_at: int | None = None
        self._outcomes: list[Outcome] = []
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
                if strict:
                    self.stopped_at = i
                    break
                st = force(st, ev)
            add_state(st)
        self._illegal_events = sum(1 for out in self._outcomes if out.rule is not None)
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
                    _tokens(events[i].cards),
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
    def final(self) -> State:
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
        """The table after ``step`` events, as plain values."""
        st = self.states[step]
        eng = self.engine
        if isinstance(st, SjState):
            return _shengji_view(eng, st, step)
        actors = eng.actors(st)
        return StepView(
            step=step,
            to_act=actors,
            why={s: eng.why(st, s) for s in actors},
            table_seat=st.owner if st.table is not None else None,
            table_cards=_tokens(st.table_cards),
            table_gouji=st.table_gouji,
            hands={s: h.cards_or_unknown() for s, h in enumerate(st.hands)},
            finished=st.out,
            counts_shown=st.shown_counts(),
            passed=tuple(seats_of(st.locked, st.n)),
            burners=tuple(seats_of(st.burners, st.n)),
            failed_burners=st.failed,
            headless=tuple(s for s in range(st.n) if st.active(s) and eng.headless(st, s))
            if isinstance(eng, Gouji)
            else (),
            chaos=st.chaos,
            deadlevel=st.dead_seat if st.dead_seat != -1 else None,
            revolution=st.revolution if st.revolution != -1 else None,
            roles=self._roles(st) if isinstance(eng, Baohuang) else None,
            places=known_places(st, self.profile),
        )

    def _roles(self, st: State) -> dict[str, Any]:
        """保皇 roles: the truth, and what each seat knew (the hidden 保皇派 hidden from the others)."""
        eng = self.engine
        return {
            "truth": {str(s): r for s, r in eng.roles(st).items()},
            "known_to": {str(v): {str(s): r for s, r in eng.roles_known_to(st, v).items()} for v in range(st.n)},
            "called": None if st.called is None else st.called.token,
            "marked": st.marked if st.marked != -1 else None,
            "revealed": st.open_loyal or st.open_solo,
            "second_lap": st.final and st.table is not None,
        }


_TOKENS: dict[tuple[Card, ...], tuple[str, ...]] = {(): ()}


def _tokens(cards: tuple[Card, ...]) -> tuple[str, ...]:
    """The canonical tokens of some cards (memoised: logs repeat the same sets)."""
    found = _TOKENS.get(cards)
    if found is None:
        if len(_TOKENS) > 50_000:
            _TOKENS.clear()
        found = _TOKENS[cards] = tuple([c.token for c in cards])
    return found


def _claim(rule: str, message_zh: str, message_en: str) -> Verdict:
    """The ruling on a claimed result that the deal does not bear out."""
    return Verdict(None, None, "result", (), False, rule, message_zh, message_en)


def cards_str(cards: tuple[Card, ...]) -> str:
    """Cards as canonical tokens joined by spaces."""
    return " ".join(c.token for c in cards)


def _shengji_view(eng: Any, st: SjState, step: int) -> StepView:
    """A 升级 table after ``step`` events: hands, who acts and why, the trick in progress, points."""
    actors = eng.actors(st)
    tr = st.trumps
    last = st.tricks[-1] if st.tricks else None
    return StepView(
        step=step,
        to_act=actors,
        why={s: eng.why(st, s) for s in actors},
        table_seat=st.trick[0][0] if st.trick else None,
        table_cards=tuple(c.token for _, cs in st.trick for c in cs),
        table_gouji=False,
        hands={s: h.cards_or_unknown() for s, h in enumerate(st.hands)},
        finished=(),
        counts_shown={},
        passed=(),
        burners=(),
        failed_burners=(),
        headless=(),
        chaos=False,
        deadlevel=None,
        revolution=None,
        tricks={
            "phase": st.phase,
            "trump_suit": None if tr is None else tr.suit,
            "level": None if tr is None else RANK_LEVEL[tr.level],
            "declarer": None if st.declarer == -1 else st.declarer,
            "declarations": [{"seat": s, "cards": list(_tokens(cs))} for s, cs in st.declarations],
            "trick": [{"seat": s, "cards": list(_tokens(cs))} for s, cs in st.trick],
            "tricks_done": len(st.tricks),
            "last_trick": None
            if last is None
            else {
                "leader": last.leader,
                "winner": last.winner,
                "points": last.points,
                "plays": [{"seat": s, "cards": list(_tokens(cs))} for s, cs in last.plays],
            },
            "points": list(st.points),
            "defenders_points": st.defenders_points,
            "buried": list(_tokens(st.buried)) if st.buried else [],
        },
    )
