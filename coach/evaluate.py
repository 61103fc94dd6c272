"""Prices of decisions: the expected points of each candidate by determinized Monte Carlo rollouts.

For a decision (an event whose seat had more than one legal option) the candidates are the choice
made, the policy's choice, the decline (pass / 扣) and the policy's next preferences, one per shape,
at most ``max_candidates``. Each candidate is played out ``rollouts`` times with ``coach.policy``
for every seat, in two views:

- **seat**: hidden hands sampled from what the seat knew (``coach.worlds``), one deal per rollout;
- **all**: the true deal, when the log gives every hand (so a review tells a mistake from bad luck).

Every candidate meets the same sampled deals and the same rollout seeds (common random numbers), so
the differences between candidates are sharper than the values. A value is the mean of the seat's
side's points (``coach.grades``) with its standard error. Seeds derive from ``seed`` and the event
index only: the result does not depend on ``jobs``.

The candidates race (``_race``): after ``RACE_FIRST`` rollouts, and after every ``RACE_EVERY`` more, a
candidate that is neither the choice made nor the current best is dropped when its paired difference to
the best is below zero by more than ``RACE_Z`` standard errors; with ``RACE_STOP`` a view ends when only the
choice made is left. The choice made and the best are priced with every rollout the view ran.
"""

from __future__ import annotations

import math
import os
import random
import time
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from multiprocessing import get_all_start_methods, get_context
from typing import Any, ClassVar

from coach.certain import Certain, certain_error
from coach.games import coach_for, priced_games
from coach.grades import GRADES, MISTAKE, accuracy, decision_accuracy, grade
from coach.policy import Policy
from coach.worlds import NoWorld, knowledge, sample_hands, true_world, world
from replay.cards import RANK_SJ
from replay.events import Burn, Call, Event, Kou, Pass, Play, Rang, Yield
from replay.log import event_from_json, parse_json_log
from replay.replay import Replay
from replay.state import State

PRICED = (Play, Burn, Pass, Kou, Rang, Call, Yield)
DEFAULT_ROLLOUTS = 20
DEFAULT_CANDIDATES = 4
ROLLOUT_NOISE = 0.08
VARIANCE_FLOOR = 1.0  # point²: a loss's standard error is at least sqrt(1 / n), however alike the rollouts
RACE_FIRST = 5  # rollouts every candidate gets before any is dropped (``rollouts`` at most this: no racing)
RACE_EVERY = 1  # rollouts between two checkpoints after the first batch
RACE_Z = 1.0  # standard errors of the paired differences below the best that drop a candidate
RACE_STOP = False  # end a view when only the choice made is left (off: it runs on alone, its value more precise)


@dataclass(frozen=True, slots=True)
class Wait(Event):
    """Not burning: a burner lets play go on. A candidate of a burn decision, never an event of a log."""

    action: ClassVar[str] = "wait"


class EvaluationUnsupported(ValueError):
    """The game of the log has no rollout policy (升级, for now)."""


class EvaluationError(RuntimeError):
    """The rollout policy made a move the engine refused: a bug, never bad input."""


@dataclass(frozen=True)
class Settings:
    """How hard to look: rollouts per candidate and view, candidates per decision, seed, noise."""

    rollouts: int = DEFAULT_ROLLOUTS
    max_candidates: int = DEFAULT_CANDIDATES
    seed: int = 0
    noise: float = ROLLOUT_NOISE
    views: tuple[str, ...] = ("seat", "all")

    def __post_init__(self) -> None:
        if self.rollouts < 2:
            raise ValueError(f"rollouts must be at least 2 (got {self.rollouts})")
        if self.max_candidates < 2:
            raise ValueError(f"max_candidates must be at least 2 (got {self.max_candidates})")
        bad = [v for v in self.views if v not in ("seat", "all")]
        if bad:
            raise ValueError(f"unknown view {bad[0]!r} (expected 'seat' or 'all')")


@dataclass(frozen=True)
class Value:
    """Expected points: the mean over ``n`` rollouts and its standard error."""

    mean: float
    se: float
    n: int

    def to_json(self) -> dict[str, Any]:
        """``{"mean", "se", "n"}`` rounded to 3 decimals."""
        return {"mean": round(self.mean, 3), "se": round(self.se, 3), "n": self.n}

    @classmethod
    def from_json(cls, doc: Mapping[str, Any]) -> Value:
        """The value ``to_json`` wrote."""
        return cls(float(doc["mean"]), float(doc["se"]), int(doc["n"]))


def _stats(xs: Sequence[float]) -> Value:
    n = len(xs)
    mean = sum(xs) / n
    var = sum((x - mean) ** 2 for x in xs) / (n - 1) if n > 1 else 0.0
    return Value(mean, math.sqrt(var / n), n)


@dataclass(frozen=True)
class Candidate:
    """One option of a decision and its values per view (None where the view was not built)."""

    event: Event
    actual: bool
    policy: bool
    values: dict[str, Value]

    def label(self) -> str:
        """The option as text: ``play 9S 9H``, ``pass``."""
        cards = " ".join(c.token for c in self.event.cards)
        return f"{self.event.action} {cards}".strip()

    def to_json(self) -> dict[str, Any]:
        """The candidate in ``coach --evaluate --json``."""
        return {
            "event": self.event.to_json(),
            "label": self.label(),
            "actual": self.actual,
            "policy": self.policy,
            "values": {k: v.to_json() for k, v in self.values.items()},
        }

    @classmethod
    def from_json(cls, doc: Mapping[str, Any], n_seats: int, index: int = 0) -> Candidate:
        """The candidate ``to_json`` wrote (``label`` is derived); ``n_seats`` checks the event's seat,
        ``index`` (the decision's event) names it in an error."""
        raw = doc["event"]
        event = Wait(int(raw["seat"])) if raw.get("action") == Wait.action else event_from_json(raw, index, n_seats)
        return cls(
            event,
            bool(doc["actual"]),
            bool(doc["policy"]),
            {str(k): Value.from_json(v) for k, v in doc["values"].items()},
        )


@dataclass(frozen=True)
class Loss:
    """Best candidate's value minus the actual choice's, in one view, with the paired standard error."""

    best: int  # index of the best candidate
    loss: float
    se: float

    def to_json(self) -> dict[str, Any]:
        """``{"best", "loss", "se"}``."""
        return {"best": self.best, "loss": round(self.loss, 3), "se": round(self.se, 3)}

    @classmethod
    def from_json(cls, doc: Mapping[str, Any]) -> Loss:
        """The loss ``to_json`` wrote."""
        return cls(int(doc["best"]), float(doc["loss"]), float(doc["se"]))


@dataclass(frozen=True)
class Decision:
    """A priced decision: event index, seat, candidates, losses per view, grade and accuracy."""

    index: int
    seat: int
    candidates: tuple[Candidate, ...]
    losses: dict[str, Loss]
    notes: tuple[str, ...] = ()
    #: an error by what the seat knew, whatever the rollouts say (``coach.certain``): graded in both views
    certain: Certain | None = None

    @property
    def actual(self) -> Candidate:
        """The choice made."""
        return next(c for c in self.candidates if c.actual)

    @property
    def view(self) -> str:
        """The view the grade is taken from: the seat's own, else all cards known."""
        return "seat" if "seat" in self.losses else "all"

    @property
    def loss(self) -> Loss:
        """The loss in the grading view."""
        return self.losses[self.view]

    def grade_in(self, view: str) -> str | None:
        """The grade in one view (None where the view was not built): from its loss, and at least a
        ``mistake`` for a certain error."""
        loss = self.losses.get(view)
        if loss is None:
            return None
        found = grade(loss.loss, loss.se)
        if self.certain is not None and found not in ("mistake", "blunder"):
            return "mistake"
        return found

    @property
    def grade(self) -> str | None:
        """``inaccuracy`` / ``mistake`` / ``blunder`` or None, in the grading view."""
        return self.grade_in(self.view)

    @property
    def accuracy(self) -> float:
        """Accuracy of this decision in percent (a certain error counts at least a mistake's loss)."""
        if self.certain is not None:
            return min(decision_accuracy(self.loss.loss, self.loss.se), decision_accuracy(MISTAKE, 0.0))
        return decision_accuracy(self.loss.loss, self.loss.se)

    def to_json(self) -> dict[str, Any]:
        """The decision in ``coach --evaluate --json``."""
        return {
            "index": self.index,
            "seat": self.seat,
            "view": self.view,
            "grade": self.grade,
            "accuracy": round(self.accuracy, 1),
            "losses": {k: v.to_json() for k, v in self.losses.items()},
            "candidates": [c.to_json() for c in self.candidates],
            "notes": list(self.notes),
            "grades": {k: self.grade_in(k) for k in self.losses},
            "certain": None if self.certain is None else self.certain.to_json(),
        }

    @classmethod
    def from_json(cls, doc: Mapping[str, Any], n_seats: int) -> Decision:
        """The decision ``to_json`` wrote (``view``, ``grade`` and ``accuracy`` are derived from the losses)."""
        index = int(doc["index"])
        return cls(
            index,
            int(doc["seat"]),
            tuple(Candidate.from_json(c, n_seats, index) for c in doc["candidates"]),
            {str(k): Loss.from_json(v) for k, v in doc["losses"].items()},
            tuple(str(n) for n in doc.get("notes", ())),
            None if doc.get("certain") is None else Certain.from_json(doc["certain"], index, n_seats),
        )


@dataclass(frozen=True)
class Evaluation:
    """Every priced decision of a deal, the settings, and what it cost."""

    decisions: tuple[Decision, ...]
    settings: Settings
    n_seats: int
    rollouts_done: int
    seconds: float
    skipped: tuple[tuple[int, str], ...] = field(default=())

    def at(self, index: int) -> Decision | None:
        """The decision at an event index, if priced."""
        return next((d for d in self.decisions if d.index == index), None)

    def seat_summary(self) -> list[dict[str, Any]]:
        """Per seat: decisions priced, accuracy, and how many of each grade."""
        out = []
        for s in range(self.n_seats):
            mine = [d for d in self.decisions if d.seat == s]
            acc = accuracy(d.accuracy for d in mine)
            row: dict[str, Any] = {
                "seat": s,
                "decisions": len(mine),
                "accuracy": None if acc is None else round(acc, 1),
            }
            for g in GRADES:
                row[g] = sum(d.grade == g for d in mine)
            row["lost"] = round(sum(max(0.0, d.loss.loss) for d in mine if d.grade), 2)
            out.append(row)
        return out

    def to_json(self) -> dict[str, Any]:
        """The stable JSON of ``fupan coach --evaluate --json`` (under the key ``evaluation``)."""
        return {
            "settings": {
                "rollouts": self.settings.rollouts,
                "max_candidates": self.settings.max_candidates,
                "seed": self.settings.seed,
                "noise": self.settings.noise,
                "views": list(self.settings.views),
            },
            "rollouts_done": self.rollouts_done,
            "seconds": round(self.seconds, 2),
            "seats": self.seat_summary(),
            "decisions": [d.to_json() for d in self.decisions],
            "skipped": [{"index": i, "why": why} for i, why in self.skipped],
        }

    @classmethod
    def from_json(cls, doc: Mapping[str, Any]) -> Evaluation:
        """The evaluation ``to_json`` wrote. The seat count is that of ``seats``; the seat summary, grades and
        accuracies are derived again from the losses: from ``to_json``'s numbers, rounded to 3 decimals, a loss
        within 0.001 of a grade's threshold may grade otherwise (``data.evaluations`` stores them unrounded, and
        its round trip is exact). Settings without ``noise`` (written before it was kept) get the default."""
        s = doc["settings"]
        settings = Settings(
            rollouts=int(s["rollouts"]),
            max_candidates=int(s["max_candidates"]),
            seed=int(s["seed"]),
            noise=float(s.get("noise", ROLLOUT_NOISE)),
            views=tuple(str(v) for v in s["views"]),
        )
        n_seats = len(doc["seats"])
        return cls(
            tuple(Decision.from_json(d, n_seats) for d in doc["decisions"]),
            settings,
            n_seats,
            int(doc["rollouts_done"]),
            float(doc["seconds"]),
            tuple((int(k["index"]), str(k["why"])) for k in doc.get("skipped", ())),
        )


# -- points and rollouts ------------------------------------------------------------------------


def side_points(eng: Any, st: State, seat: int) -> float:
    """The points a finished deal gives ``seat``'s side (see ``coach.grades``; the game's coach says); 0 for
    a void deal."""
    return coach_for(eng.game).points(eng, st, seat)


def rollout(
    eng: Any, st: State, rng: random.Random, noise: float = ROLLOUT_NOISE, limit: int = 5000, checked: bool = False
) -> State:
    """Play ``st`` to the end with the policy at every seat. The policy picks its moves among the legal
    options, so they go through the engine's fast path (``advance``: no ruling, no re-check); ``checked``
    rules on each one with ``step`` instead and raises EvaluationError on an illegal move (the same end,
    slower: the benchmark and the tests compare the two)."""
    pol = Policy(rng, noise)
    choose = pol.choose
    if not checked:
        advance = eng.advance
        for _ in range(limit):
            if st.terminal:
                return st
            st = advance(st, choose(eng, st))
        raise EvaluationError(f"rollout did not end within {limit} events")
    step = eng.step
    for _ in range(limit):
        if st.terminal:
            return st
        ev = choose(eng, st)
        out = step(st, ev)
        if out.rule is not None:
            raise EvaluationError(f"rollout policy chose {ev}: [{out.rule}] {out.message_en}")
        st = out.state
    raise EvaluationError(f"rollout did not end within {limit} events")


# -- candidates -------------------------------------------------------------------------------


def _shape(ev: Event) -> tuple[Any, ...]:
    return (ev.action, tuple(sorted(c.rank for c in ev.cards)))


def candidates(eng: Any, st: State, actual: Event, limit: int) -> tuple[list[Event], int]:
    """The options to price for ``actual``'s seat (``actual`` first) and the index of the policy's."""
    seat = actual.seat
    pol = Policy(random.Random(0), noise=0.0)
    opts: list[Event]
    first: Event | None
    game = coach_for(eng.game)
    if game.bidding(st):
        opts = game.bid_options(eng, st, seat)
        first = pol.bid(eng, st) if st.to_act == seat else None
    else:
        kinds = eng.actors(st).get(seat, ())
        opts, first = [], None
        if st.table is None or (st.window and seat == st.owner):
            if "play" in kinds:
                opts = [Play(seat, cards=c) for c in pol.lead_options(eng, st, seat)]
                first = opts[0] if opts else None
                groups = st.hands[seat].by_rank()  # and each rank led alone, low first
                opts += [Play(seat, cards=tuple(groups[r])) for r in sorted(groups) if r < RANK_SJ]
        else:
            cls = Burn if "burn" in kinds and seat != st.to_act else Play
            sets = pol.answer_options(eng, st, seat) if ("play" in kinds or "burn" in kinds) else []
            plays: list[Event] = [cls(seat, cards=c) for c in sets]
            declines: list[Event] = [k(seat) for name, k in (("kou", Kou), ("pass", Pass)) if name in kinds]
            if seat == st.to_act:  # the policy's choice with the roles as the seat knew them
                first = pol.choose(eng, game.as_known(eng, st, seat))
            elif declines:
                first = declines[0]
            opts = ([first] if first is not None else []) + declines + plays
            if cls is Burn and not declines:  # a burner may also let play go on (a pass, where it may pass, says so)
                opts.insert(0, Wait(seat))
            if "rang" in kinds:
                opts.append(Rang(seat))
    out = [actual]
    seen = {_shape(actual)}
    policy_at = 0 if first is not None and _shape(first) == _shape(actual) else -1
    for ev in ([first] if first is not None else []) + opts:
        if len(out) >= limit:
            break
        key = _shape(ev)
        if key in seen or (not isinstance(ev, Wait) and not eng.can(st, ev)):
            continue
        seen.add(key)
        if first is not None and key == _shape(first):
            policy_at = len(out)
        out.append(ev)
    return out, policy_at


# -- one decision -----------------------------------------------------------------------------


def _offer(cands: list[Event], policy_at: int, better: Event, limit: int) -> int:
    """Put ``better`` among the candidates (in place of the last one that is neither the choice made nor the
    policy's, when there is no room); the policy's index afterwards."""
    if _shape(better) in {_shape(c) for c in cands}:
        return policy_at
    if len(cands) >= limit:
        drop = max((j for j in range(1, len(cands)) if j != policy_at), default=policy_at)
        del cands[drop]
        policy_at = -1 if policy_at == drop else policy_at - (policy_at > drop)
    cands.append(better)
    return policy_at


def _rng(settings: Settings, *key: Any) -> random.Random:
    return random.Random(":".join(map(str, (settings.seed, *key))))


def _race(vals: Sequence[Sequence[float]], alive: Sequence[int], actual: int = 0, z: float | None = None) -> list[int]:
    """The candidates (indices into ``vals``, every one in ``alive`` with as many rollouts) still raced after a
    checkpoint: ``actual`` and the best by mean always; another one unless its paired difference to the best is
    below zero by more than ``z`` (default ``RACE_Z``) standard errors (the se at least
    ``sqrt(VARIANCE_FLOOR / n)``)."""
    z = RACE_Z if z is None else z
    n = len(vals[actual])
    means = {j: sum(vals[j]) / n for j in alive}
    best = max(alive, key=lambda j: (means[j], j == actual))
    floor = math.sqrt(VARIANCE_FLOOR / n)
    keep = []
    for j in alive:
        if j not in (actual, best):
            diff = _stats([a - b for a, b in zip(vals[j], vals[best], strict=True)])
            if diff.mean + z * max(diff.se, floor) < 0:
                continue
        keep.append(j)
    return keep


def _priced_view(
    eng: Any, worlds: Callable[[int], State], cands: list[Event], seat: int, settings: Settings, index: int, view: str
) -> list[list[float]]:
    """Points per candidate per rollout: rollout ``k`` of every candidate shares deal and seed. The candidates
    race (``_race``, from rollout ``RACE_FIRST`` on): a dropped one keeps the rollouts it had; with ``RACE_STOP``
    the view ends when only the choice made (index 0) is left."""
    vals: list[list[float]] = [[] for _ in cands]
    alive = list(range(len(cands)))
    for k in range(settings.rollouts):
        if k >= max(RACE_FIRST, 2) and (k - RACE_FIRST) % RACE_EVERY == 0 and len(alive) > 1:
            alive = _race(vals, alive)
            if RACE_STOP and alive == [0]:
                break
        base = worlds(k)
        for j in alive:
            ev = cands[j]
            after = base
            if not isinstance(ev, Wait):
                out = eng.step(base, ev)
                if out.rule is not None:
                    raise EvaluationError(f"event {index}: candidate {ev} illegal in a {view} deal: {out.message_en}")
                after = out.state
            end = rollout(eng, after, _rng(settings, index, view, k, "play"), settings.noise)
            vals[j].append(side_points(eng, end, seat))
    return vals


def _loss(vals: list[list[float]], actual: int) -> Loss:
    """The best among the candidates priced with as many rollouts as ``actual`` (a candidate dropped from the
    race has fewer, unless it was dropped where the view ended: then ``actual`` is the best) minus ``actual``,
    with the paired standard error (at least ``sqrt(VARIANCE_FLOOR / n)``)."""
    n = len(vals[actual])
    means = [sum(v) / len(v) for v in vals]
    best = max((j for j in range(len(vals)) if len(vals[j]) == n), key=lambda j: (means[j], j == actual))
    diffs = [b - a for b, a in zip(vals[best], vals[actual], strict=True)]
    se = max(_stats(diffs).se, math.sqrt(VARIANCE_FLOOR / len(diffs)))
    return Loss(best, means[best] - means[actual], se)


def evaluate_decision(
    eng: Any, states: Sequence[State], events: Sequence[Event], index: int, settings: Settings
) -> Decision | None:
    """Price the decision at event ``index`` (None when fewer than two candidates were found: the seat
    had a single option, or a single one worth pricing)."""
    st, ev = states[index], events[index]
    cands, policy_at = candidates(eng, st, ev, settings.max_candidates)
    sure = certain_error(eng, states, events, index)
    if sure is not None:
        policy_at = _offer(cands, policy_at, sure.better, settings.max_candidates)
    if len(cands) < 2:
        return None
    seat = ev.seat
    values: dict[str, list[list[float]]] = {}
    notes = []
    if "seat" in settings.views:
        try:
            know = knowledge(eng, states, events, index, seat)
        except NoWorld as exc:
            notes.append(f"seat view: {exc}")
        else:

            def sampled(k: int) -> State:
                return world(eng, st, sample_hands(know, _rng(settings, index, "deal", k)))

            values["seat"] = _priced_view(eng, sampled, cands, seat, settings, index, "seat")
    if "all" in settings.views:
        try:
            truth = true_world(st)
        except NoWorld as exc:
            notes.append(f"all view: {exc}")
        else:
            values["all"] = _priced_view(eng, lambda _k: truth, cands, seat, settings, index, "all")
    if not values:
        return Decision(index, seat, (), {}, tuple(notes))
    cand_objs = tuple(
        Candidate(e, j == 0, j == policy_at, {view: _stats(v[j]) for view, v in values.items()})
        for j, e in enumerate(cands)
    )
    losses = {view: _loss(v, 0) for view, v in values.items()}
    return Decision(index, seat, cand_objs, losses, tuple(notes), sure)


# -- a whole deal, on several cores -------------------------------------------------------------


def decision_points(replay: Replay) -> list[int]:
    """Event indices worth pricing: legal plays, declines and bids (setup shows, 革命, tribute, 接风,
    reports and reveals are not priced)."""
    out = []
    for i, ev in enumerate(replay.log.events):
        if not isinstance(ev, PRICED) or i >= len(replay.states) - 1:
            continue
        if not replay.verdicts[i].legal:
            continue
        out.append(i)
    return out


def usable_cores() -> int:
    """The cores this process may run on (its CPU affinity where the system tells it)."""
    if hasattr(os, "sched_getaffinity"):
        return max(1, len(os.sched_getaffinity(0)))
    return os.cpu_count() or 1


SINGLE = "a single option worth pricing"
_WORKER: dict[str, Any] = {}


def _init_worker(text: str, source: str, settings: Settings, profile: Any, strict: bool) -> None:
    rep = Replay(parse_json_log(text, source=source), strict=strict, profile=profile)
    _WORKER.update(replay=rep, settings=settings)


def _work(indices: list[int]) -> list[tuple[int, Decision | None, str | None]]:
    rep: Replay = _WORKER["replay"]
    settings: Settings = _WORKER["settings"]
    out: list[tuple[int, Decision | None, str | None]] = []
    for i in indices:
        d = evaluate_decision(rep.engine, rep.states, rep.log.events, i, settings)
        out.append((i, d, None if d is not None else SINGLE))
    return out


def _chunks(items: list[int], jobs: int) -> list[list[int]]:
    n = max(1, min(len(items), jobs * 8))
    return [items[k::n] for k in range(n)]


def evaluate_replay(
    replay: Replay,
    settings: Settings | None = None,
    jobs: int = 0,
    seats: Sequence[int] | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> Evaluation:
    """Price every decision of a replayed deal (``seats``: only theirs). ``jobs``: worker processes
    (0 = every core; 1 = this process)."""
    settings = settings or Settings()
    if not coach_for(replay.log.game).priced:
        raise EvaluationUnsupported(
            f"{replay.log.source}: pricing by rollouts is for {' and '.join(priced_games())}, not {replay.log.game}"
        )
    t0 = time.perf_counter()
    points = [i for i in decision_points(replay) if seats is None or replay.log.events[i].seat in seats]
    jobs = jobs or usable_cores()
    results: dict[int, tuple[Decision | None, str | None]] = {}
    done = 0
    if jobs == 1 or len(points) < 2:
        for i in points:
            d = evaluate_decision(replay.engine, replay.states, replay.log.events, i, settings)
            results[i] = (d, None if d is not None else SINGLE)
            done += 1
            if progress:
                progress(done, len(points))
    else:
        ctx = get_context("fork" if "fork" in get_all_start_methods() else "spawn")
        init = (replay.log.dumps(), replay.log.source, settings, replay.profile, replay.strict)
        with ProcessPoolExecutor(jobs, mp_context=ctx, initializer=_init_worker, initargs=init) as pool:
            for chunk in pool.map(_work, _chunks(points, jobs)):
                for i, d, why in chunk:
                    results[i] = (d, why)
                    done += 1
                if progress:
                    progress(done, len(points))
    decisions = []
    skipped = []
    for i in sorted(results):
        d, why = results[i]
        if d is None or not d.losses:
            skipped.append((i, why or "; ".join(d.notes if d else ())))
        else:
            decisions.append(d)
    done_rollouts = sum(v.n for d in decisions for c in d.candidates for v in c.values.values())
    return Evaluation(
        tuple(decisions), settings, replay.engine.n, done_rollouts, time.perf_counter() - t0, tuple(skipped)
    )
