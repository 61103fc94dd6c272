"""What the replay, the simulator, the coach and the views ask of a game's rules engine: the typed
interface ``Engine`` (generic in the game's state type), the ruling on one event (``Outcome``), and
``Rules``, the base every engine shares (the profile's check, and pokerkit's verify / can / apply on
top of the engine's ``step``), and ``GameState``, what every game's state has (the bound of ``S``).

An engine is built from a profile and the log's meta (``engine_class(profile, meta)``, registered in
``replay.games``): the climbing games (``replay.climbing.table.Climbing``: 够级, 保皇) and 升级
(``replay.games.shengji.engine.Shengji``) all satisfy ``Engine``; mypy checks it where each is defined.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from typing import TYPE_CHECKING, Any, Generic, NamedTuple, Protocol

from replay.core.cards import Card, card_words
from replay.core.errors import FupanError
from replay.core.events import Event
from replay.core.game_state import S
from replay.core.hand import Hand
from replay.core.said import seat_name
from replay.core.verdicts import Reading
from replay.rules.profile import Profile

if TYPE_CHECKING:
    from replay.formats.log_doc import Log
    from replay.view import StepView


Problem = tuple[str, int | None, str, str]  # a deal's problem: rule, seat (None: the whole deal), zh, en
Dealt = tuple[tuple[Card | None, ...] | None, ...] | None  # the hands as the log gives them (None: unknown)


class Outcome(NamedTuple, Generic[S]):
    """What one event did: the next state, and the rule it broke (None when legal) with the reason
    (a key of the rule's quotes in the register); how the event was read where the log leaves it open."""

    state: S
    rule: str | None = None
    message_zh: str = ""
    message_en: str = ""
    effects: tuple[str, ...] = ()
    unverified: tuple[str, ...] = ()
    reading: Reading | None = None
    reason: str = ""


def _outcome(
    cls: type[Outcome[S]],
    state: S,
    rule: str | None = None,
    message_zh: str = "",
    message_en: str = "",
    effects: tuple[str, ...] = (),
    unverified: tuple[str, ...] = (),
    reading: Reading | None = None,
    reason: str = "",
) -> Outcome[S]:
    """``Outcome(...)``: the same fields and defaults as the generated ``__new__``, compiled with this module
    (every event's ruling makes one; the generated one is interpreted code)."""
    return tuple.__new__(cls, (state, rule, message_zh, message_en, effects, unverified, reading, reason))


Outcome.__new__ = staticmethod(_outcome)  # type: ignore[assignment,method-assign]  # same signature, compiled
_made = tuple.__new__


def legal(state: S, effects: tuple[str, ...] = (), reading: Reading | None = None) -> Outcome[S]:
    """A legal ruling, ``Outcome(state, effects=effects, reading=reading)``, made without the class call (which looks
    up the class's ``__new__`` and calls it with its keywords): the ruling on most events of every deal."""
    return _made(Outcome, (state, None, "", "", effects, (), reading, ""))


class IllegalAction(FupanError):
    """An illegal event, raised by ``verify``/``apply``; ``rule`` is the rule ID it breaks."""

    def __init__(self, rule: str, message_en: str, message_zh: str = "") -> None:
        self.rule, self.message_en, self.message_zh = rule, message_en, message_zh
        super().__init__(f"[{rule}] {message_en}")


class Engine(Protocol[S]):
    """The rules of one deal of a game under one profile, over states of type ``S``."""

    @property
    def game(self) -> str:
        """The game's name (the log's ``game``)."""

    @property
    def n(self) -> int:
        """The number of seats."""

    @property
    def decks(self) -> int:
        """The number of decks dealt."""

    @property
    def removed_ranks(self) -> frozenset[int]:
        """The ranks the profile takes out of the decks."""

    @property
    def profile(self) -> Profile:
        """The profile the deal is played under."""

    def hand_sizes(self) -> list[int]:
        """How many cards each seat is dealt."""

    def deal_extra(self, log: Log) -> dict[str, Any]:
        """What the game's deal holds beside the hands, from the log (for ``check_deal`` and ``initial``)."""

    def check_deal(self, hands: Dealt, unverified: list[str], extra: Mapping[str, Any] | None = None) -> list[Problem]:
        """Problems of the deal as dealt; what cannot be checked is appended to ``unverified``."""

    def initial(self, hands: Dealt, extra: Mapping[str, Any] | None = None) -> S:
        """The state as dealt."""

    def check_start(self, st: S) -> list[Problem]:
        """Problems with the deal's start that the hands alone do not show."""

    def step(self, st: S, ev: Event) -> Outcome[S]:
        """The next state and the ruling on ``ev`` (an illegal event leaves the state unchanged)."""

    def judge(self, st: S, ev: Event) -> Outcome[S]:
        """A check's ruling on ``ev`` (``Replay(log, keep=False)``): ``step``'s rule, words, unverified notes and next
        state, where ``st`` is the caller's own (it made it or had it from ``judge``, keeps no other reference to it
        and shows it to no one), so the engine may change ``st`` in place and leave a legal ruling's effects and
        reading out."""

    def verify(self, st: S, ev: Event) -> None:
        """Raise IllegalAction when ``ev`` is not legal in ``st``."""

    def can(self, st: S, ev: Event) -> bool:
        """True when ``ev`` is legal in ``st``."""

    def apply(self, st: S, ev: Event) -> S:
        """The state after a legal ``ev``; raises IllegalAction otherwise."""

    def advance(self, st: S, ev: Event, owned: bool = False) -> S:
        """The state after ``ev``, an event already known to be legal in ``st`` (a rollout's move chosen
        among the legal options): ``step(st, ev).state`` without the ruling's checks and words. ``owned``: the
        caller owns ``st`` (it made it, keeps no other reference to it and shows it to no one), so the engine
        may change ``st`` in place and return it instead of a copy (``coach.evaluate.rollout``)."""

    def force(self, st: S, ev: Event) -> S:
        """The table after an illegal event, as a referee carries on."""

    def actors(self, st: S) -> dict[int, tuple[str, ...]]:
        """Each seat that may act now and how (the actions' names)."""

    def why(self, st: S, seat: int) -> tuple[str, str]:
        """Why a seat may act now (zh, en)."""

    def legal_actions(self, st: S) -> Iterator[Event]:
        """Every legal event now (a lazy view)."""

    def plays_for(self, st: S, seat: int) -> Iterable[tuple[Card, ...]]:
        """The card plays worth listing for the seat now."""

    def view(self, st: S, step: int, profile: Profile) -> StepView:
        """The table after ``step`` events, as plain values."""

    def sides(self, st: S) -> dict[int, str]:
        """Each seat's side as the deal stands (够级's and 升级's teams "0"/"1", 保皇's roles; "" unknown)."""


class Rules(Generic[S]):
    """What every engine shares: built from a profile of its game and the log's meta (deal number,
    previous deal); ``verify`` / ``can`` / ``apply`` answer from the engine's ``step``."""

    game: str = ""

    def __init__(self, profile: Profile, meta: Mapping[str, Any] | None = None) -> None:
        if profile.game != self.game:
            raise ValueError(f"profile {profile.name!r} is for {profile.game}, not {self.game}")
        self.profile = profile
        self.meta = dict(meta or {})

    def step(self, st: S, ev: Event) -> Outcome[S]:
        """The next state and the ruling on ``ev`` (each engine's own)."""
        raise NotImplementedError

    def judge(self, st: S, ev: Event) -> Outcome[S]:
        """A check's ruling on ``ev``: ``step``'s (an engine may change ``st``, its caller's own, in place, see
        ``Engine.judge``)."""
        return self.step(st, ev)

    def verify(self, st: S, ev: Event) -> None:
        """Raise IllegalAction when ``ev`` is not legal in ``st``."""
        out = self.step(st, ev)
        if out.rule is not None:
            raise IllegalAction(out.rule, out.message_en, out.message_zh)

    def can(self, st: S, ev: Event) -> bool:
        """True when ``ev`` is legal in ``st``."""
        return self.step(st, ev).rule is None

    def apply(self, st: S, ev: Event) -> S:
        """The state after a legal ``ev``; raises IllegalAction otherwise."""
        out = self.step(st, ev)
        if out.rule is not None:
            raise IllegalAction(out.rule, out.message_en, out.message_zh)
        return out.state

    def advance(self, st: S, ev: Event, owned: bool = False) -> S:
        """The state after ``ev``, known to be legal in ``st``: ``step(st, ev).state`` (an engine may skip
        the checks and the ruling's words on its frequent events, and change an ``owned`` state in place, see
        ``Engine.advance``; an illegal ``ev`` gives no error)."""
        return self.step(st, ev).state


def repeated(st: S, zh: str, en: str, rule: str, effect: str = "", reason: str = "") -> Outcome[S]:
    """A legal event that repeats what the seat said before (a second pass) and changes nothing: its
    reading says so (``redundant-pass``), backed by ``rule`` (and its ``reason``)."""
    reading = Reading("redundant-pass", zh, en, rule=rule, reason=reason)
    return Outcome(st, None, effects=(effect,) if effect else (), reading=reading)


def not_held(st: S, seat: int, cards: tuple[Card, ...]) -> Outcome[S]:
    """The ruling on cards a seat cannot hold by the record (pseudo-rule LOG)."""
    zh, en = card_words(cards)
    return Outcome(st, "LOG", f"{seat_name(seat)}手中没有 {zh}", f"{seat_name(seat, en=True)} does not hold {en}")


def dealt_hands(hands: Dealt, sizes: list[int]) -> tuple[Hand, ...]:
    """The hands as dealt: an unknown hand holds as many unknown cards as the deal gives it."""
    if hands is None:
        return tuple(Hand.unknown_of(k) for k in sizes)
    return tuple(Hand.unknown_of(sizes[s]) if h is None else Hand.dealt(h) for s, h in enumerate(hands))
