"""Prices of decisions: the expected points of each candidate by determinized Monte Carlo rollouts.

Every part of a game's own is its coach's ``Pricing`` (``coach.games``), called here with no default: the
climbing family's (``coach.climbing_pricing``, which 够级 and 保皇 declare) or 升级's. For a decision (an event whose
seat had more than one legal option) the candidates are the game's (a climbing game's: the choice made, the
policy's choice, the decline (pass / 扣) and the policy's next preferences, one per shape), at most
``max_candidates``; a certain error's better choice is offered among them (the game's ``certain``). Each candidate
is played out ``rollouts`` times with the game's rollout bot (``coach.policy`` for a climbing game) for every seat,
in two views:

- **seat**: hidden hands sampled from what the seat knew (the game's ``knowledge`` and ``seat_worlds``: a climbing
  game's ``coach.worlds``, read from the others' play with ``coach.inference``; ``Settings.sampling``), one deal
  per rollout;
- **all**: the true deal, when the log gives every hand (so a review tells a mistake from bad luck).

Every candidate meets the same sampled deals and the same rollout seeds (common random numbers), so
the differences between candidates are sharper than the values. A value is the mean of the seat's
side's points (``coach.grades``) with its standard error. Seeds derive from ``seed`` and the event
index only: the result does not depend on ``jobs``.

A run on worker processes can be cancelled (``evaluate_replay``'s ``cancel``, asked every ``CANCEL_POLL_S``
seconds): its queued work is dropped and its processes are terminated (``stop_pool``), and it raises
``EvaluationCancelled``; so are the pools still running when the interpreter exits (a server stopped by SIGTERM
ends at once, leaving no worker behind). A worker ignores SIGINT (Ctrl-C reaches the parent, which stops the
pool) and dies on SIGTERM, whatever handlers the parent had installed (a forked worker inherits them).

The candidates race (``_race``): after ``RACE_FIRST`` rollouts, and after every ``RACE_EVERY`` more, a
candidate that is neither the choice made nor the current best is dropped when its paired difference to
the best is below zero by more than ``RACE_Z`` standard errors; with ``RACE_STOP`` a view ends when only the
choice made is left. The choice made and the best are priced with every rollout the view ran.

The rollouts are sequential (``_schedule``): after ``Settings.rollouts``, a view goes on ``EXTEND`` rollouts at a
time, up to ``Settings.budget``, while a serious threshold of the grades lies inside the loss's interval; the loss is
cross-fitted (``_loss``: the best chosen on half the rollouts, its lead measured on the other half), and where the
budget ends first the decision's grade is what the interval's lower bound supports, a graver one said undecided
(``coach.grades``).

A run's progress bar says the time left (``evaluate_replay``'s ``eta``, ``coach.eta``) from each decision's
predicted cost (``decision_cost``: its candidates, the rollouts and the events left to play) and the rate measured
on the decisions done so far.
"""

from __future__ import annotations

import math
import os
import random
import signal
import threading
import time
import weakref
from collections.abc import Callable, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from multiprocessing import get_all_start_methods, get_context
from typing import TYPE_CHECKING, Any

from coach.choices import shape
from coach.eta import Eta
from coach.games import coach_for, inferring_games, priced_games, pricing
from coach.grades import straddles
from coach.prices import (
    EXTENSION,
    ROLLOUT_NOISE,
    VARIANCE_FLOOR,
    Candidate,
    Decision,
    Evaluation,
    EvaluationError,
    EvaluationUnsupported,
    Loss,
    Settings,
    Wait,
    stats,
)
from coach.worlds import NoWorld, true_world
from replay import compiled
from replay.core.errors import FupanError
from replay.core.events import Burn, Bury, Call, Declare, Event, Exchange, Kou, Pass, Play, Rang, Yield
from replay.core.game_state import GameState, S
from replay.core.numbering import event_number
from replay.engine import Engine
from replay.formats.log import parse_json_log
from replay.replay import Replay

if TYPE_CHECKING:
    from replay.rules.profile import Profile

PRICED = (Play, Burn, Pass, Kou, Rang, Call, Yield, Declare, Exchange, Bury)  # the last three: 升级's
RACE_FIRST = 5  # rollouts every candidate gets before any is dropped (``rollouts`` at most this: no racing)
RACE_EVERY = 1  # rollouts between two checkpoints after the first batch
RACE_Z = 1.0  # standard errors of the paired differences below the best that drop a candidate
RACE_STOP = False  # end a view when only the choice made is left (off: it runs on alone, its value more precise)
EXTEND = 4  # rollouts between two looks at the loss's interval once ``Settings.rollouts`` are done
CANCEL_POLL_S = 0.2  # seconds between two looks at a run's ``cancel`` while its workers compute
UNPRICED_COST = 20.0  # ``decision_cost`` of a decision with a single candidate: only its candidates are looked for
TAIL_EVENTS = 10  # events a rollout plays beyond the log's events left, in ``decision_cost`` (fitted, issue 37)
RACED_CANDIDATES = 2.0  # candidates still running, on average, after the race's first rollouts (``decision_cost``)
# The rollouts added while a grade is undecided, in ``decision_cost``: at 4 times the first rollouts, 1.35 to 1.65
# times the rollouts a decision would run without them, the more the more events are left to play (measured on three
# sample 够级 deals at the default settings: 1.38 with under 60 events left, 1.50 at 60-100, 1.62-1.69 beyond).
EXTENDED_BASE, EXTENDED_LONG, EXTENDED_EVENTS = 0.35, 0.3, 120


class EvaluationCancelled(FupanError, RuntimeError):
    """The run was cancelled (its ``cancel`` said so, or the interpreter is exiting): nothing of it is kept."""


# -- points and rollouts ------------------------------------------------------------------------


def side_points(eng: Engine[S], st: S, seat: int) -> float:
    """The points a finished deal gives ``seat``'s side (see ``coach.grades``; the game's coach says); 0 for
    a void deal."""
    return coach_for(eng.game).points(eng, st, seat)


def rollout(
    eng: Engine[S], st: S, rng: random.Random, noise: float = ROLLOUT_NOISE, limit: int = 5000, checked: bool = False
) -> S:
    """Play ``st`` to the end with the game's rollout bot at every seat (its ``Pricing.rollout_bot``). The bot
    picks its moves among the legal options, so they go through the engine's fast path (``advance``: no ruling, no
    re-check); ``checked`` rules on each one with ``step`` instead and raises
    EvaluationError on an illegal move (the same end, slower: the benchmark and the tests compare the two)."""
    choose = pricing(eng).rollout_bot(rng, noise)
    if not checked:
        advance = eng.advance
        start = st  # the caller's: never changed; every state after it is the rollout's own (``owned``)
        for _ in range(limit):
            if st.terminal:
                return st
            st = advance(st, choose(eng, st), st is not start)
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


def candidates(eng: Engine[S], st: S, actual: Event, limit: int) -> tuple[list[Event], int]:
    """The options to price for ``actual``'s seat (``actual`` first) and the index of the policy's, as the game
    finds them (its ``Pricing.candidates``)."""
    return pricing(eng).candidates(eng, st, actual, limit)


# -- one decision -----------------------------------------------------------------------------


def _offer(cands: list[Event], policy_at: int, better: Event, limit: int) -> int:
    """Put ``better`` among the candidates (in place of the last one that is neither the choice made nor the
    policy's, when there is no room); the policy's index afterwards."""
    if shape(better) in {shape(c) for c in cands}:
        return policy_at
    if len(cands) >= limit:
        drop = max((j for j in range(1, len(cands)) if j != policy_at), default=policy_at)
        del cands[drop]
        policy_at = -1 if policy_at == drop else policy_at - (policy_at > drop)
    cands.append(better)
    return policy_at


def _race(
    vals: Sequence[Sequence[float]], alive: Sequence[int], actual: int = 0, z: float | None = None, unit: float = 1.0
) -> list[int]:
    """The candidates (indices into ``vals``, every one in ``alive`` with as many rollouts) still raced after a
    checkpoint: ``actual`` and the best by mean always; another one unless its paired difference to the best is
    below zero by more than ``z`` (default ``RACE_Z``) standard errors (the se at least
    ``unit * sqrt(VARIANCE_FLOOR / n)``, ``unit`` the game's ``GameCoach.grade_unit``)."""
    z = RACE_Z if z is None else z
    n = len(vals[actual])
    means = {j: sum(vals[j]) / n for j in alive}
    best = max(alive, key=lambda j: (means[j], j == actual))
    floor = unit * math.sqrt(VARIANCE_FLOOR / n)
    keep = []
    for j in alive:
        if j not in (actual, best):
            diff = stats([a - b for a, b in zip(vals[j], vals[best], strict=True)])
            if diff.mean + z * max(diff.se, floor) < 0:
                continue
        keep.append(j)
    return keep


def _schedule(
    count: int, price: Callable[[int, int], float], settings: Settings, unit: float = 1.0
) -> list[list[float]]:
    """Points per candidate per rollout, ``price(j, k)`` being candidate ``j``'s in rollout ``k``: every candidate
    priced in rollouts ``0, 1, …`` until it is dropped from the race (``_race``, from rollout ``RACE_FIRST`` on; with
    ``RACE_STOP`` the view ends when only the choice made, index 0, is left). After ``settings.rollouts``, the
    rollouts go on, ``EXTEND`` at a time up to ``settings.budget``, only while a serious threshold lies inside the
    loss's interval (``_loss``, ``coach.grades.straddles``, ``unit`` the game's ``GameCoach.grade_unit``)."""
    vals: list[list[float]] = [[] for _ in range(count)]
    alive = list(range(count))
    k = 0
    while k < settings.budget:
        if k >= settings.rollouts and (k - settings.rollouts) % EXTEND == 0:
            if len(alive) < 2:
                break
            found = _loss(vals, 0, unit)
            if not straddles(found.loss, found.se, unit):
                break
        if k >= max(RACE_FIRST, 2) and (k - RACE_FIRST) % RACE_EVERY == 0 and len(alive) > 1:
            alive = _race(vals, alive, unit=unit)
            if RACE_STOP and alive == [0]:
                break
        for j in alive:
            vals[j].append(price(j, k))
        k += 1
    return vals


def _priced_view(
    eng: Engine[S],
    worlds: Callable[[int], S],
    cands: list[Event],
    seat: int,
    settings: Settings,
    index: int,
    view: str,
    unit: float = 1.0,
) -> list[list[float]]:
    """Points per candidate per rollout (``_schedule``, ``unit`` the game's ``GameCoach.grade_unit``): rollout ``k``
    of every candidate shares deal and seed."""
    noise = settings.noise_in(view)
    base: dict[int, S] = {}

    def price(j: int, k: int) -> float:
        if k not in base:
            base.clear()
            base[k] = worlds(k)
        ev, after = cands[j], base[k]
        if not isinstance(ev, Wait):
            out = eng.step(after, ev)
            if out.rule is not None:
                raise EvaluationError(
                    f"event {event_number(index)}: candidate {ev} illegal in a {view} deal: {out.message_en}"
                )
            after = out.state
        end = rollout(eng, after, settings.rng(index, view, k, "play"), noise)
        return side_points(eng, end, seat)

    return _schedule(len(cands), price, settings, unit)


def _leader(vals: Sequence[Sequence[float]], full: Sequence[int], ks: range, actual: int) -> int:
    """The candidate of ``full`` with the highest total over rollouts ``ks`` (the choice made where it ties)."""
    return max(full, key=lambda j: (sum(vals[j][k] for k in ks), j == actual))


def _loss(vals: list[list[float]], actual: int, unit: float = 1.0) -> Loss:
    """The loss of ``actual`` against the best among the candidates priced with as many rollouts (a candidate
    dropped from the race has fewer, unless it was dropped where the view ended: then ``actual`` is the best),
    cross-fitted so that no candidate's luck counts as its lead (the winner's curse): the best is chosen on the even
    rollouts and its lead measured on the odd ones, and the other way round; the loss is the mean of those paired
    differences, with their standard error (at least ``unit * sqrt(VARIANCE_FLOOR / n)``: a point of the grades'
    thresholds, ``unit`` the game's ``GameCoach.grade_unit``). The ``best`` reported is the best by the mean of every
    rollout."""
    n = len(vals[actual])
    full = [j for j in range(len(vals)) if len(vals[j]) == n]
    best = max(full, key=lambda j: (sum(vals[j]), j == actual))
    if n < 2:
        diffs = [vals[best][0] - vals[actual][0]]
    else:
        on_even, on_odd = _leader(vals, full, range(0, n, 2), actual), _leader(vals, full, range(1, n, 2), actual)
        diffs = [vals[on_odd if k % 2 == 0 else on_even][k] - vals[actual][k] for k in range(n)]
    se = max(stats(diffs).se, unit * math.sqrt(VARIANCE_FLOOR / len(diffs)))
    return Loss(best, sum(diffs) / n, se)


def evaluate_decision(
    eng: Engine[S],
    states: Sequence[S],
    events: Sequence[Event],
    index: int,
    settings: Settings,
    offer: Sequence[Event] = (),
) -> Decision | None:
    """Price the decision at event ``index`` (None when fewer than two candidates were found: the seat
    had a single option, or a single one worth pricing) with the game's own parts (its ``Pricing``); each event of
    ``offer`` (lawful there: a variation's move priced against the recorded one) is priced among the candidates, one
    more each."""
    parts = pricing(eng)
    st, ev = states[index], events[index]
    cands, policy_at = candidates(eng, st, ev, settings.max_candidates)
    sure = parts.certain(eng, states, events, index)
    if sure is not None:
        policy_at = _offer(cands, policy_at, sure.better, settings.max_candidates)
    for extra in offer:
        policy_at = _offer(cands, policy_at, extra, len(cands) + 1)
    if len(cands) < 2:
        return None
    seat, unit = ev.seat, coach_for(eng.game).grade_unit
    values: dict[str, list[list[float]]] = {}
    notes = []
    if "seat" in settings.views:
        try:
            know = parts.knowledge(eng, states, events, index, seat)
        except NoWorld as exc:
            notes.append(f"seat view: {exc}")
        else:
            sampled = parts.seat_worlds(eng, states, events, index, know, settings)
            values["seat"] = _priced_view(eng, sampled, cands, seat, settings, index, "seat", unit)
    if "all" in settings.views:
        try:
            truth = true_world(st, eng)
        except NoWorld as exc:
            notes.append(f"all view: {exc}")
        else:
            values["all"] = _priced_view(eng, lambda _k: truth, cands, seat, settings, index, "all", unit)
    if not values:
        return Decision(index, seat, (), {}, tuple(notes))
    cand_objs = tuple(
        Candidate(e, j == 0, j == policy_at, {view: stats(v[j]) for view, v in values.items()})
        for j, e in enumerate(cands)
    )
    losses = {view: _loss(v, 0, unit) for view, v in values.items()}
    return Decision(index, seat, cand_objs, losses, tuple(notes), sure, unit)


def evaluate_line(
    line_replay: Replay[GameState], at: int, recorded: Event | None, settings: Settings, limit: int
) -> list[Decision]:
    """Price a line's own moves (a variation: ``line_replay`` is its log replayed, its own events from ``at``), at
    most ``limit`` of them, each as ``evaluate_decision`` prices a recorded one; the first with ``recorded`` (the
    record's event at ``at``, where it is lawful on that table and not the same move) priced beside it. The
    decisions that had more than one candidate worth pricing."""
    eng, states, events = line_replay.engine, line_replay.states, line_replay.log.events
    out = []
    for index in range(at, min(len(events), len(states) - 1, at + max(0, limit))):
        ev = events[index]
        if not isinstance(ev, PRICED) or not line_replay.verdicts[index].legal:
            continue
        offer: tuple[Event, ...] = ()
        if index == at and recorded is not None and recorded != ev and eng.step(states[index], recorded).rule is None:
            offer = (recorded,)
        found = evaluate_decision(eng, states, events, index, settings, offer)
        if found is not None:
            out.append(found)
    return out


# -- a whole deal, on several cores -------------------------------------------------------------


def decision_points(replay: Replay[GameState]) -> list[int]:
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


def decision_cost(replay: Replay[GameState], index: int, settings: Settings) -> float:
    """The predicted cost of pricing the decision at event ``index`` (``evaluate_decision``; a unit of
    ``coach.eta.Eta``), from what is known before it runs: per view, every candidate's first ``RACE_FIRST`` rollouts
    and about ``RACED_CANDIDATES`` candidates' other ones, each as long as the events left to play (plus
    ``TAIL_EVENTS``), and the rollouts an undecided grade adds (``EXTENDED_*``, in proportion to the budget beyond
    ``Settings.rollouts``)."""
    n = len(candidates(replay.engine, replay.states[index], replay.log.events[index], settings.max_candidates)[0])
    if n < 2:
        return UNPRICED_COST
    first = min(settings.rollouts, RACE_FIRST)
    rollouts = first * n + (settings.rollouts - first) * min(n, RACED_CANDIDATES)
    left = len(replay.log.events) - index
    beyond = (settings.budget / settings.rollouts - 1) / (EXTENSION - 1)  # 1 at the default budget
    extended = 1 + beyond * (EXTENDED_BASE + EXTENDED_LONG * min(1.0, left / EXTENDED_EVENTS))
    return len(settings.views) * rollouts * (left + TAIL_EVENTS) * extended


def usable_cores() -> int:
    """The cores this process may run on (its CPU affinity where the system tells it)."""
    if hasattr(os, "sched_getaffinity"):
        return max(1, len(os.sched_getaffinity(0)))
    return os.cpu_count() or 1


SINGLE = "a single option worth pricing"
_WORKER: dict[str, Any] = {}


def _init_worker(text: str, source: str, settings: Settings, profile: Profile | None, strict: bool) -> None:
    # A forked worker inherits the parent's signal handlers (a Streamlit server's stop the server, which a worker
    # has not): SIGTERM ends it, as ``stop_pool`` expects, and Ctrl-C is the parent's to handle.
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    rep = Replay(parse_json_log(text, source=source), strict=strict, profile=profile)
    _WORKER.update(replay=rep, settings=settings)


def _work(indices: list[int]) -> list[tuple[int, Decision | None, str | None]]:
    rep: Replay[GameState] = _WORKER["replay"]
    settings: Settings = _WORKER["settings"]
    out: list[tuple[int, Decision | None, str | None]] = []
    for i in indices:
        d = evaluate_decision(rep.engine, rep.states, rep.log.events, i, settings)
        out.append((i, d, None if d is not None else SINGLE))
    return out


CHUNKS_PER_JOB = 64  # the work striped over so many chunks per worker (``_chunks``)
READY_S = 0.05  # how long a worker's first task holds it: the next one goes to (or starts) another worker


def _ready() -> None:
    time.sleep(READY_S)


def _started(pool: ProcessPoolExecutor, jobs: int, cancel: Callable[[], bool] | None) -> None:
    """Wait until ``pool``'s workers are up (each started, its initializer run: the deal read again), by a short
    task on each (a pool starts its workers as tasks come); a cancelled run raises ``EvaluationCancelled``."""
    pending = {pool.submit(_ready) for _ in range(jobs)}
    while pending:
        if _cancelled(cancel):
            raise EvaluationCancelled("the evaluation was cancelled")
        ended, pending = wait(pending, timeout=CANCEL_POLL_S)
        for future in ended:
            future.result()  # a worker that failed to start says why here


def _chunks(items: list[int], jobs: int) -> list[list[int]]:
    """``items`` striped over ``jobs * CHUNKS_PER_JOB`` chunks of a decision or two each: the last to end leaves the
    other workers idle for a decision or two at most, and the time left (``coach.eta``, told at each chunk's end)
    misses little of the work under way."""
    n = max(1, min(len(items), jobs * CHUNKS_PER_JOB))
    return [items[k::n] for k in range(n)]


def evaluate_replay(
    replay: Replay[GameState],
    settings: Settings | None = None,
    jobs: int = 0,
    seats: Sequence[int] | None = None,
    progress: Callable[[int, int], None] | None = None,
    cancel: Callable[[], bool] | None = None,
    processes: bool = False,
    eta: Eta | None = None,
) -> Evaluation:
    """Price every decision of a replayed deal (``seats``: only theirs). ``jobs``: worker processes
    (0 = every core; 1 = this process, unless ``processes``: one worker process, so that this process stays free
    and a cancelled run is ended at once). ``cancel``, when given, is asked before each decision (in this process)
    or every ``CANCEL_POLL_S`` seconds (on workers): once it says True, the run stops (its workers terminated)
    and raises ``EvaluationCancelled``. ``eta``, when given, is planned with the decisions' ``decision_cost`` (the
    clock starts) and told of each decision done before ``progress`` is called: its ``left`` is the time left."""
    settings = settings or Settings()
    if not coach_for(replay.log.game).priced:
        raise EvaluationUnsupported(
            f"{replay.log.source}: pricing by rollouts is for {' and '.join(priced_games())}, not {replay.log.game}"
        )
    if settings.sampling == "inference" and not pricing(replay.engine).infers:
        raise EvaluationUnsupported(
            f"{replay.log.source}: sampling 'inference' (from the others' play) is for {' and '.join(inferring_games())},"
            f" not {replay.log.game}, whose seat view reads the voids a seat showed: use sampling 'uniform'"
        )
    t0 = time.perf_counter()
    points = [i for i in decision_points(replay) if seats is None or replay.log.events[i].seat in seats]
    jobs = jobs or usable_cores()
    if eta is not None:
        eta.plan({i: decision_cost(replay, i, settings) for i in points})
    results: dict[int, tuple[Decision | None, str | None]] = {}
    done = 0
    if (jobs == 1 and not processes) or len(points) < 2:
        for i in points:
            if _cancelled(cancel):
                raise EvaluationCancelled("the evaluation was cancelled")
            d = evaluate_decision(replay.engine, replay.states, replay.log.events, i, settings)
            results[i] = (d, None if d is not None else SINGLE)
            done += 1
            if eta is not None:
                eta.finish([i])
            if progress:
                progress(done, len(points))
    else:
        # forked workers share what this process imported; fresh ones import anew, and so load the compiled hot path
        # when it was built after this process started (a dashboard served while `make run` builds it)
        fork = "fork" in get_all_start_methods() and not compiled.ready_since_import()
        ctx = get_context("fork" if fork else "spawn")
        init = (replay.log.dumps(), replay.log.source, settings, replay.profile, replay.strict)
        pool = ProcessPoolExecutor(jobs, mp_context=ctx, initializer=_init_worker, initargs=init)
        _RUNNING.add(pool)
        try:
            _started(pool, jobs, cancel)
            if eta is not None:
                eta.restart()  # the workers' start-up is not the decisions' rate
            pending: set[Future[list[tuple[int, Decision | None, str | None]]]] = {
                pool.submit(_work, c) for c in _chunks(points, jobs)
            }
            while pending:
                if _cancelled(cancel):
                    raise EvaluationCancelled("the evaluation was cancelled")
                ended, pending = wait(pending, timeout=CANCEL_POLL_S, return_when=FIRST_COMPLETED)
                for future in ended:
                    finished = future.result()
                    for i, d, why in finished:
                        results[i] = (d, why)
                        done += 1
                    if eta is not None:
                        eta.finish([i for i, _d, _why in finished])
                if ended and progress:
                    progress(done, len(points))
        except BaseException:  # failed, cancelled or interrupted: no worker outlives the run
            stop_pool(pool)
            raise
        _RUNNING.discard(pool)
        pool.shutdown(wait=True)
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


def _cancelled(cancel: Callable[[], bool] | None) -> bool:
    return _EXITING.is_set() or (cancel is not None and cancel())


_RUNNING: weakref.WeakSet[ProcessPoolExecutor] = weakref.WeakSet()  # the pools of the runs going on
_EXITING = threading.Event()
_PARENT = os.getpid()


def stop_pool(pool: ProcessPoolExecutor, grace: float = 2.0) -> None:
    """Stop a pool now: its queued work dropped, its worker processes terminated (SIGTERM, then SIGKILL after
    ``grace`` seconds) and reaped. The standard library's shutdown waits for the work already given out; this
    one does not."""
    _RUNNING.discard(pool)
    procs = list((getattr(pool, "_processes", None) or {}).values())  # private: the only handle on the workers
    pool.shutdown(wait=False, cancel_futures=True)
    for proc in procs:
        if proc.is_alive():
            proc.terminate()
    deadline = time.monotonic() + grace
    for proc in procs:
        proc.join(max(0.0, deadline - time.monotonic()))
        if proc.is_alive():
            proc.kill()
            proc.join(1.0)


def _stop_all() -> None:
    """At the interpreter's exit (a server stopped by SIGTERM): stop every pool still running, before the
    standard library's exit hook waits for their work. Nothing in a worker (forked, it inherits the hook and
    the parent's pools, and runs the hooks as it ends)."""
    if os.getpid() != _PARENT:
        return
    _EXITING.set()
    for pool in list(_RUNNING):
        stop_pool(pool)


# Run before concurrent.futures' own hook (imported above, so registered before this one: these hooks run last
# registered first), which would otherwise wait for every worker to finish its chunks.
threading._register_atexit(_stop_all)  # type: ignore[attr-defined]  # private; the hook concurrent.futures uses
