"""The coach's game registry: what the coach needs of each game, declared in the game's own coach module
(``COACH`` of ``coach/games/gouji.py``, ``coach/games/baohuang.py``, ``coach/games/shengji/``) and found by name
with ``coach_for`` (``COACHES``, a ``replay.core.registry.Registry``).

A ``GameCoach`` holds the game's part of every generic coach module: its own detectors and how an illegal
event is reported (``coach.coach``), its teams (the summary, the report's team column), who plays against
whom at a moment (``coach.moment``), the rollout policy's hooks (``coach.policy``: sides, burn conditions,
declines, bidding), what a seat can place in another hand (``coach.worlds``), how its decisions are priced
(``Pricing``: its rollout bot, candidates, what a seat knew, the seat view's worlds, its certain errors; the
climbing games declare the climbing family's, 升级 its own) and how a finished deal pays a seat
(``coach.evaluate``), and its marks in a deal's report (``coach.report_marks``). Every field has a default,
so a game that registered nothing (a new climbing game) is coached with the generic parts: no notes of its
own, no teams, every seat for itself, the seat's own points from the game's scoring, its decisions not priced.

A built-in game's module (``coach.games.<name>``, its name in ``BUILT_IN``) is imported the first time its game is
coached, so this registry imports no game's module (and there is no import circle); a game added at run time
registers its ``GameCoach`` with ``register``.
The maxims say themselves which games they speak to (``coach.maxim.Maxim.games``).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Generic, TypeVar

from coach.prices import EvaluationUnsupported
from coach.report_marks import NO_REPORT_MARKS, ReportMarks
from replay import games
from replay.core.cards import Card
from replay.core.events import Event, Pass
from replay.core.game_state import S
from replay.core.registry import Registry

if TYPE_CHECKING:
    from coach.findings import Finding
    from coach.moment import Moment
    from coach.prices import Certain, Settings
    from replay.engine import Engine
    from replay.replay import Replay

Teams = tuple[tuple[int, ...], ...]
E = TypeVar("E", bound="Engine[Any]")  # a game's rules engine


def _no_teams(replay: Replay[S]) -> Teams:
    return ()


def _never(st: S, a: int, b: int) -> bool:
    return False


def _alone(st: S, a: int, b: int) -> bool:
    return a == b


def _unbound(st: S, seat: int) -> bool:
    return False


def _pass(st: S, seat: int) -> Event:
    return Pass(seat)


def _not_bidding(st: S) -> bool:
    return False


def _no_setup_seat(eng: Engine[S], st: S) -> int | None:
    return None


def _any_leader(eng: Engine[S], st: S) -> int:
    return -1


def _no_bids(eng: Engine[S], st: S, seat: int) -> list[Event]:
    return []


def _no_sweep(st: S, seat: int) -> bool:
    return False


def _as_it_is(eng: Engine[S], st: S, seat: int) -> S:
    return st


def seat_points(eng: Engine[S], st: S, seat: int) -> float:
    """The points a finished deal gives ``seat`` by the game's own scoring (0 for a void or unscored deal)."""
    sc = games.get(eng.game).scorer(st, eng.profile)
    if sc is None or sc.void:
        return 0.0
    return float(next(p.points for p in sc.places if p.seat == seat))


def _sees_nothing(eng: Engine[S], st: S, seat: int, located: list[list[Card]]) -> tuple[Card | None, int]:
    return None, -1


def _saw_nothing(st: S, seat: int, ev: Event, located: list[list[Card]]) -> bool:
    return False


def _same_world(st: S, new: S, hands: Sequence[Sequence[Card]]) -> S:
    return new


def _nothing_missing(st: S) -> str | None:
    return None


def _no_table(st: S) -> tuple[tuple[str, ...], int | None]:
    return (), None


def _no_certain(eng: Engine[S], states: Sequence[S], events: Sequence[Event], index: int) -> Certain | None:
    return None


@dataclass(frozen=True)
class Pricing(Generic[E, S]):
    """How ``coach.evaluate`` prices a game's decisions by rollouts, over its engine ``E`` and its states ``S``: the
    game's own parts, which read its engine and states as its own. The climbing games declare the climbing family's
    (``coach.climbing_pricing.climbing_pricing``: ``coach.policy``, ``coach.worlds``, ``coach.inference``,
    ``coach.certain``), 升级 its own (``coach.games.shengji``)."""

    #: the rollout bot's choice of the next event, made from a random source and the noise
    rollout_bot: Callable[[random.Random, float], Callable[[E, S], Event]]
    #: the candidates of a decision: (eng, state, the choice made, at most) -> (options, the policy's index)
    candidates: Callable[[E, S, Event, int], tuple[list[Event], int]]
    #: what a seat knew: (eng, states, events, index, seat) -> its knowledge (a value of the game's own)
    knowledge: Callable[[E, Sequence[S], Sequence[Event], int, int], Any]
    #: the seat view's worlds drawn from that knowledge: (eng, states, events, index, knowledge, settings) ->
    #: world ``k`` (its draws seeded by ``Settings.rng``)
    seat_worlds: Callable[[E, Sequence[S], Sequence[Event], int, Any, Settings], Callable[[int], S]]
    #: the decision's certain error, whatever the rollouts say (``coach.certain``; by default none)
    certain: Callable[[E, Sequence[S], Sequence[Event], int], Certain | None] = _no_certain
    #: whether ``seat_worlds`` weighs the worlds by the others' play where ``Settings.sampling`` is "inference"
    #: (``coach.inference``); where not, an evaluation asking for it is refused (``EvaluationUnsupported``)
    infers: bool = False


@dataclass(frozen=True)
class GameCoach(Generic[E, S]):
    """One game's part of the coach (every field but ``name`` has the generic default), over its engine ``E`` and
    its states ``S``."""

    name: str
    #: the game's own notes at a moment (beside the maxims that name the game)
    detectors: tuple[Callable[[Moment[S]], Iterator[Finding]], ...] = ()
    #: the finding for an event the replay found illegal (None: ``coach.coach.violation``)
    violation: Callable[[Moment[S]], Finding] | None = None
    #: the teams of a replayed deal (the summary's teams, the report's team column when they are fixed)
    teams: Callable[[Replay[S]], Teams] = _no_teams
    #: whether the teams are the same in every deal (the report draws a team column instead of roles)
    fixed_teams: bool = False
    #: the cards on the table as a finding shows them (their tokens, and whose they are) before a seat acts: the set
    #: to beat of a climbing game (``coach.findings.climbing_table``), 升级's trick so far (``coach.coach.weak_choice``)
    table_shown: Callable[[S], tuple[tuple[str, ...], int | None]] = _no_table
    #: whether seat ``a`` plays against seat ``b`` as the maxims read it (``Moment.opponent``)
    opponents: Callable[[S, int, int], bool] = _never
    #: how the game's decisions are priced by rollouts (``coach.evaluate``; None: they are not)
    pricing: Pricing[E, S] | None = None
    #: the points a finished deal gives a seat's side, what a rollout is worth (``coach.evaluate``)
    points: Callable[[E, S, int], float] = seat_points
    #: how many of those points make one point of the grades' thresholds (``coach.grades``: 0.5, 1.5, 3): 1 where a
    #: point is a point of the game's score; 升级's a quarter of a level (its outcomes span a quarter as many)
    grade_unit: float = 1.0
    # -- the rollout policy (coach.policy) --
    #: whether two seats play on the same side, as the state truly is
    same_side: Callable[[S, int, int], bool] = _alone
    #: whether a seat is bound by a condition that makes each set but its last carry a joker (够级's burn)
    bound: Callable[[S, int], bool] = _unbound
    #: how a seat declines the set on the table
    decline: Callable[[S, int], Event] = _pass
    #: whether the state awaits a bid (and ``bid`` gives the policy's, ``bid_options`` the candidates)
    bidding: Callable[[S], bool] = _not_bidding
    bid: Callable[[S], Event] | None = None
    bid_options: Callable[[E, S, int], list[Event]] = _no_bids
    #: the seat whose decision a setup state awaits, where the game's setup has its own order (else None)
    setup_seat: Callable[[E, S], int | None] = _no_setup_seat
    #: the seat that must lead the first round (-1: any)
    first_leader: Callable[[E, S], int] = _any_leader
    #: whether the other side is one place from sweeping the seat's side (够级's 串三户; ``coach.certain``)
    sweep_threat: Callable[[S, int], bool] = _no_sweep
    # -- what a seat can place (coach.worlds) --
    #: cards the seat knows are in other hands from the start (into ``located``), and a card whose
    #: holder it does not know with the seat that cannot hold it ((None, -1) when there is none)
    placed: Callable[[E, S, int, list[list[Card]]], tuple[Card | None, int]] = _sees_nothing
    #: an event of the game's own that shows the seat cards going into a hand (True when it was one)
    saw: Callable[[S, int, Event, list[list[Card]]], bool] = _saw_nothing
    #: the state with the roles a seat did not know taken out (its own choices are judged on what it knew)
    as_known: Callable[[E, S, int], S] = _as_it_is
    #: a determinized state made true to its sampled hands (the new state, the old, the hands)
    world: Callable[[S, S, Sequence[Sequence[Card]]], S] = _same_world
    #: what the record lacks beyond the hands for the all-cards view of a state (None: nothing; 升级: the kitty)
    missing: Callable[[S], str | None] = _nothing_missing
    #: the game's marks in a deal's HTML report (its roles, a seat's status, the set's and the round's marks)
    report: ReportMarks = NO_REPORT_MARKS

    @property
    def priced(self) -> bool:
        """Whether the game's decisions are priced by rollouts (it declares its ``pricing``)."""
        return self.pricing is not None


#: the games whose coach part fupan ships, each a module or package of this folder declaring its ``COACH``
BUILT_IN = ("gouji", "baohuang", "shengji")

#: every game's coach part by name: a built-in one imported when its game is first coached, a game that declared
#: none (a new climbing game) coached with the generic parts (``GameCoach(name)``)
COACHES: Registry[GameCoach[Any, Any]] = Registry(
    "the coach of game", lambda c: c.name, "coach.games.{}", BUILT_IN, "COACH", GameCoach
)

register = COACHES.register
unregister = COACHES.unregister
coach_for = COACHES.get


def pricing(eng: Engine[S]) -> Pricing[Engine[S], S]:
    """How the decisions of ``eng``'s game are priced (its ``GameCoach.pricing``); EvaluationUnsupported when
    they are not."""
    found = coach_for(eng.game).pricing
    if found is None:
        raise EvaluationUnsupported(f"the decisions of {eng.game} are not priced by rollouts")
    return found


def priced_games() -> tuple[str, ...]:
    """The registered games whose decisions are priced by rollouts, in the game registry's order."""
    return tuple(name for name in games.names() if coach_for(name).priced)


def inferring_games() -> tuple[str, ...]:
    """The priced games whose seat view can weigh its worlds by the others' play (``Pricing.infers``)."""
    return tuple(name for name in priced_games() if (p := coach_for(name).pricing) is not None and p.infers)
