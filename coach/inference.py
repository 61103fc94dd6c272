"""Policy-based inference: the seat view's worlds weighted by how well they explain the others' play.

After Rebstock, Solinas, Buro & Sturtevant, "Policy Based Inference in Trick-Taking Card Games" (2019). The
worlds ``coach.worlds`` samples fit every public fact, but uniformly: a seat that passed on a 5 it could
cheaply have beaten with a 7 is given a 7 as often as not. Here each candidate world ``w`` is weighted by

    weight(w) = product over the other seats' past decisions d of  p(action taken at d | their hand in w)

where a seat's hand at ``d`` is its hand in ``w`` plus the cards it played since (``Observation``), and the
probability is that of the rollout policy (``coach.policy.Policy``), which is deterministic up to its noise:

    p(a | h) = 1 - eps          when a has the shape (action and ranks) of the noiseless policy's choice on h
             = eps / (k + 1)    otherwise, k = the options the policy's noise draws from on h

for a decline or a bid; for a play (a lead or an answer) the model is softer, as a player's choice among its
cheapest sets is not the policy's exactly:

    p(a | h) = (1 - eps) (1 - q) q^r    when a is the r-th of the policy's plays on h (r = 0: its choice, then its
                                        leads or its answers in its order: lowest rank first, cheapest first)
             = eps / (k + 2)            when it is none of them, k = the leads or answers on h

with q = ``PLAY_DECAY`` (the chance that the noise draws one of those is left out of the first lines). Shapes, not cards: suits never
matter for beating. ``eps`` is a tempering (``EPS``, larger than the rollout's noise, chosen by
``bench/bench_inference.py``): it keeps one surprising decision from ruling a world out, and a human's play,
which deviates from the policy far more than the policy's own noise, from making every weight but one vanish.

``infer`` draws ``factor * n`` candidate worlds from a proposal (``coach.worlds.sample_hands`` by default; a
game with its own sampler, such as 升级's void constraints, passes its own), weights them, and resamples
``n`` of them systematically; ``Inference.ess`` is the effective sample size of the weights,
``(sum w)² / sum w²``. Everything is a function of the seed, the public record and the seat's own hand: the
others' hands at a past decision are the sampled ones, the hands of seats not acting there are unknown cards.

Assumptions and limits: the others play like the policy (a human who does not is read as if they did, damped
by ``eps``); decisions are independent given the hands (no bluffing, no signalling); the decisions since the
last card exchange (tribute, return) are read, at most ``WINDOW`` of them, the latest (``OBSERVED``: declines,
bids and plays; ``plays`` False reads declines and bids only, as before issue 37: the policy's exact lead said so
much that few candidates fitted and the kept worlds repeated, which the decaying model softens); a weight
is only as good as ``factor * n`` candidates: when the play is very informative few candidates fit and the
effective sample size falls (it is measured; the bench reports it).
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from coach.games import coach_for
from coach.policy import Policy, SeatBots
from replay.climbing.state import State
from replay.core.cards import Card
from replay.core.events import Burn, Call, Event, Kou, Pass, Play, Refuse, Return, Tribute, Yield
from replay.core.hand import Hand

if TYPE_CHECKING:
    from replay.climbing.table import Climbing

Hands = tuple[tuple[Card, ...], ...]
Shape = tuple[str, tuple[int, ...]]

EPS = 0.2  # the tempering of the policy's action probabilities (bench/bench_inference.py)
FACTOR = 3  # candidate worlds drawn per world kept
WINDOW = 16  # the latest decisions of the other seats that are read
PLAYS = True  # the plays are read (bench/bench_inference.py compares "declines" and "plays")
PLAY_DECAY = 0.35  # a play's likelihood falls by this factor per place in the policy's order (module docstring)
# the decisions read: declines and bids, and plays (leads, answers) where ``plays`` (bench/bench_inference.py)
DECLINES = (Pass, Kou, Call, Yield)
OBSERVED = (*DECLINES, Play)


def shape(ev: Event) -> Shape:
    """What a decision was, suits aside: its action and the ranks of its cards."""
    return (ev.action, _ranks(ev.cards))


def _ranks(cards: Sequence[Card]) -> tuple[int, ...]:
    return tuple(sorted(c.rank for c in cards))


@dataclass(frozen=True)
class Observation:
    """One past decision of another seat: the state just before it with every hand unknown, and the cards each
    seat played from it (included) to the moment of inference (added back to a sampled hand: the hand then)."""

    index: int
    seat: int
    shape: Shape
    state: State
    since: tuple[tuple[Card, ...], ...]


def observations(
    eng: Climbing[State],
    states: Sequence[State],
    events: Sequence[Event],
    index: int,
    seat: int,
    window: int = WINDOW,
    plays: bool = True,
) -> list[Observation]:
    """The other seats' decisions before ``index`` that the policy model reads, latest first: decisions of the
    seat the state awaited (``SeatBots.awaited``), after the last card exchange, at most ``window`` of them; its
    plays too where ``plays``."""
    kinds = OBSERVED if plays else DECLINES
    n = states[index].n
    since: list[list[Card]] = [[] for _ in range(n)]
    out: list[Observation] = []
    sizes = tuple(h.size for h in states[index].hands)
    for j in range(index - 1, -1, -1):
        ev, st = events[j], states[j]
        if isinstance(ev, Tribute | Return | Refuse):
            break  # the hands before it are not the hands now plus the cards played since
        if isinstance(ev, Play | Burn) and states[j + 1].hands[ev.seat].size == st.hands[ev.seat].size - len(ev.cards):
            since[ev.seat] += ev.cards  # played (an illegal play the replay left out leaves the hand as it was)
        t = ev.seat
        fits = st.hands[t].size == sizes[t] + len(since[t])  # the hand then is the hand now and the cards since
        if isinstance(ev, kinds) and t != seat and fits and SeatBots.awaited(eng, st) == t:
            blank = st._replace(hands=tuple(Hand.unknown_of(h.size) for h in st.hands), played=())
            out.append(Observation(j, t, shape(ev), blank, tuple(tuple(p) for p in since)))
            if len(out) >= window:
                break
    return out


def _options(eng: Climbing[State], st: State, seat: int, pol: Policy) -> int:
    """How many options the policy's noise draws from (answers and the decline, leads, or bids)."""
    game = coach_for(eng.game)
    if game.bidding(st):
        return len(game.bid_options(eng, st, seat))
    if st.table is None or st.window:
        return len(pol.lead_options(eng, st, seat))
    return len(pol.answer_options(eng, st, seat)) + 1


class Reader(Policy):
    """The noiseless policy reading one seat's cards from ``groups`` (its sampled hand then, by rank) instead of
    the state, whose hands are unknown cards of the right sizes: no hand is built per world and decision. A
    bid reads the hand itself (``coach.games.GameCoach.bid``), so a bidding state gets the real hand."""

    def __init__(self) -> None:
        super().__init__(random.Random(0), noise=0.0)  # with no noise its choices use no random draw
        self.seat = -1
        self.groups: dict[int, list[Card]] = {}

    def by_rank(self, st: State, seat: int) -> dict[int, list[Card]]:  # type: ignore[override]  # an instance's
        """The seat's cards by rank for the seat read, else the state's."""
        return self.groups if seat == self.seat else st.hands[seat].by_rank()

    def read(self, eng: Climbing[State], st: State, seat: int, cards: Sequence[Card]) -> State:
        """Make ``cards`` the seat's hand for the next calls; the state to call them on."""
        self.seat = seat
        groups: dict[int, list[Card]] = {}
        for c in cards:  # the order of ranks and of suits within one changes no choice's shape
            groups.setdefault(c.rank, []).append(c)
        self.groups = groups
        if coach_for(eng.game).bidding(st):
            held = list(st.hands)
            held[seat] = Hand.dealt(cards)
            return st._replace(hands=tuple(held))
        return st


ActionModel = Callable[["Climbing[State]", State, Observation, float, Reader], float]


def policy_probability(eng: Climbing[State], st: State, obs: Observation, eps: float, pol: Reader) -> float:
    """``p(action | hand)`` of the module docstring for the decision ``obs`` in the world state ``st`` (the
    seat's hand then given to ``pol``)."""
    choice = shape(pol.choose(eng, st))
    if obs.shape[0] != "play":
        return 1.0 - eps if choice == obs.shape else eps / (_options(eng, st, obs.seat, pol) + 1)
    if choice == obs.shape:
        return (1.0 - eps) * (1.0 - PLAY_DECAY)
    options = (
        pol.lead_options(eng, st, obs.seat) if st.table is None or st.window else pol.answer_options(eng, st, obs.seat)
    )
    ranked = [choice]
    for cards in options:
        s = ("play", _ranks(cards))
        if s == obs.shape:
            return (1.0 - eps) * (1.0 - PLAY_DECAY) * PLAY_DECAY ** len(ranked)
        if s not in ranked:
            ranked.append(s)
    return eps / (len(options) + 2)


def log_weight(
    eng: Climbing[State],
    hands: Hands,
    obs: Sequence[Observation],
    eps: float = EPS,
    model: ActionModel = policy_probability,
) -> float:
    """The log of a world's weight: the sum over the observations of the log of the model's probability of
    the action taken, with the seat's hand then = its sampled hand plus what it played since."""
    game = coach_for(eng.game)
    pol = Reader()
    total = 0.0
    for o in obs:
        then = [tuple(h) + o.since[s] for s, h in enumerate(hands)]
        st = pol.read(eng, game.world(o.state, o.state, then), o.seat, then[o.seat])
        total += math.log(model(eng, st, o, eps, pol))
    return total


def systematic(weights: Sequence[float], n: int, rng: random.Random) -> list[int]:
    """``n`` indices drawn by systematic resampling: index ``i`` about ``n * weights[i] / sum`` times."""
    total = sum(weights)
    u = rng.random() / n
    out: list[int] = []
    acc = 0.0
    i = 0
    for k in range(n):
        target = (u + k / n) * total
        while i < len(weights) - 1 and acc + weights[i] <= target:
            acc += weights[i]
            i += 1
        out.append(i)
    return out


def ess(weights: Sequence[float]) -> float:
    """The effective sample size ``(sum w)² / sum w²`` (the number of candidates for equal weights)."""
    s2 = sum(w * w for w in weights)
    return sum(weights) ** 2 / s2 if s2 > 0 else 0.0


@dataclass(frozen=True)
class Inference:
    """The worlds kept (``n``, resampled), the effective sample size of the candidates' weights, how many
    candidates were drawn and how many of the others' decisions were read."""

    worlds: tuple[Hands, ...]
    ess: float
    candidates: int
    observed: int

    def hands(self, k: int) -> Hands:
        """The ``k``-th world kept."""
        return self.worlds[k]


def infer(
    eng: Climbing[State],
    states: Sequence[State],
    events: Sequence[Event],
    index: int,
    seat: int,
    propose: Callable[[int], Hands],
    n: int,
    rng: random.Random,
    eps: float | None = None,
    factor: int | None = None,
    window: int | None = None,
    model: ActionModel = policy_probability,
    plays: bool | None = None,
) -> Inference:
    """``n`` worlds for ``seat`` at event ``index``: ``factor * n`` candidates ``propose(m)`` (a deterministic
    function of ``m``), weighted by the others' decisions (``log_weight``), resampled systematically with
    ``rng``. With no decision to read, the first ``n`` candidates, unweighted. ``eps``, ``factor``, ``window``,
    ``plays``: None for the module's ``EPS``, ``FACTOR``, ``WINDOW``, ``PLAYS`` as they are at the call (a bench may
    set them)."""
    eps = EPS if eps is None else eps
    plays = PLAYS if plays is None else plays
    factor = FACTOR if factor is None else factor
    window = WINDOW if window is None else window
    obs = observations(eng, states, events, index, seat, window, plays)
    if not obs:
        return Inference(tuple(propose(m) for m in range(n)), float(n), n, 0)
    cands = [propose(m) for m in range(factor * n)]
    logs = [log_weight(eng, h, obs, eps, model) for h in cands]
    top = max(logs)
    weights = [math.exp(x - top) for x in logs]
    picks = systematic(weights, n, rng)
    return Inference(tuple(cands[i] for i in picks), ess(weights), len(cands), len(obs))
