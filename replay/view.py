"""What the table showed after one step, in plain values: ``StepView`` (``fupan replay --step N --json``
and the dashboard). Each game's engine draws its own (``engine.view(state, step, profile)``); the climbing
games share ``replay.climbing.view.climbing_view``. What only one game shows is that game's own record, ``StepView.extras`` (a
``StepExtras``: 够级's burns and locks, 保皇's roles, 升级's tricks, each in ``replay.games.<game>.step_view``)."""

from __future__ import annotations

from types import MappingProxyType
from typing import Any, TypeVar

from replay.core.cards import Card
from replay.core.hand import Hand
from replay.core.record import Record, field
from replay.score import KnownPlace

#: the marks every step's JSON has, in their order, as a game without them writes them (none): the stable layout of
#: ``replay --json``, which 够级's marks fill (``replay.games.gouji.step_view``)
NO_MARKS: MappingProxyType[str, Any] = MappingProxyType(
    {"passed": [], "burners": [], "failed_burners": [], "headless": [], "chaos": False, "deadlevel": None,
     "revolution": None}
)  # fmt: skip


class StepExtras(Record):
    """What a game's step shows beside the shared view: each game declares its own frozen record (a subclass);
    this base is a step without any. Its JSON goes into the same keys of ``replay --json`` as before: the
    table's ``gouji`` flag, the marks (``NO_MARKS`` when the game has none) and the game's own keys last."""

    def table_json(self) -> dict[str, Any]:
        """The keys the game adds to the step's ``table`` (the set is not a 够级 set here)."""
        return {"gouji": False}

    def marks_json(self) -> dict[str, Any]:
        """The step's marks (none here)."""
        return dict(NO_MARKS)

    def own_json(self) -> dict[str, Any]:
        """The game's own keys after the marks (none here)."""
        return {}

    def seat_groups(self) -> tuple[tuple[str, tuple[int, ...]], ...]:
        """The seats the step marks as a group, by the mark's key of ``NO_MARKS`` (``("passed", (1, 4))``), in the
        order a ruling lists them: the referee's sheet, ``fupan rule`` and the dispute desk name each group in
        their own words (none here)."""
        return ()


NO_EXTRAS = StepExtras()
E = TypeVar("E", bound=StepExtras)


class StepView(Record, kw_only=True):
    """What the table showed after one step, in plain values (for ``replay --json`` and the app); ``extras``
    is the game's own record (``NO_EXTRAS`` for a game that shows nothing of its own)."""

    step: int
    to_act: dict[int, tuple[str, ...]]
    why: dict[int, tuple[str, str]]
    table_seat: int | None
    table_cards: tuple[str, ...]
    hands: dict[int, list[str]]
    finished: tuple[int, ...] = ()
    counts_shown: dict[int, int] = field(default_factory=dict)
    places: dict[int, KnownPlace] = field(default_factory=dict)  # the places decided so far (scoring.places_at)
    extras: StepExtras = NO_EXTRAS

    def to_json(self) -> dict[str, Any]:
        """The stable JSON of ``fupan replay --step N --json``."""
        return {
            "step": self.step,
            "to_act": {str(s): list(a) for s, a in self.to_act.items()},
            "why": {str(s): {"zh": w[0], "en": w[1]} for s, w in self.why.items()},
            "table": {"seat": self.table_seat, "cards": list(self.table_cards), **self.extras.table_json()},
            "hands": {str(s): h for s, h in self.hands.items()},
            "finished": list(self.finished),
            "places": {str(s): p.to_json() for s, p in self.places.items()},
            "counts_shown": {str(s): c for s, c in self.counts_shown.items()},
            **self.extras.marks_json(),
            **self.extras.own_json(),
        }

    def extras_of(self, kind: type[E]) -> E | None:
        """The game's own record when it is a ``kind`` (its game's reader asks for its type), else None."""
        return self.extras if isinstance(self.extras, kind) else None


_TOKENS: dict[tuple[Card, ...], tuple[str, ...]] = {(): ()}


def tokens(cards: tuple[Card, ...]) -> tuple[str, ...]:
    """The canonical tokens of some cards (memoised: logs repeat the same sets)."""
    found = _TOKENS.get(cards)
    if found is None:
        if len(_TOKENS) > 50_000:
            _TOKENS.clear()
        found = _TOKENS[cards] = tuple([c.token for c in cards])
    return found


#: each hands tuple's cards for display, by the tuple's id (the tuple kept, so that the id is not another's)
_SHOWN: dict[int, tuple[tuple[Hand, ...], tuple[tuple[str, ...], ...]]] = {}


def hands_shown(hands: tuple[Hand, ...]) -> dict[int, list[str]]:
    """Each seat's cards for display (``Hand.cards_or_unknown``). A state shares its hands tuple with the states
    before it until a seat's cards change (hands do not change once made), so a walk through the steps (``fupan
    replay --json``, the dashboard's Replay page) draws each one once (memoised by the tuple, a few thousand)."""
    found = _SHOWN.get(id(hands))
    if found is None or found[0] is not hands:
        if len(_SHOWN) >= 4_096:
            _SHOWN.clear()
        found = _SHOWN[id(hands)] = (hands, tuple([tuple(h.cards_or_unknown()) for h in hands]))
    return {s: list(shown) for s, shown in enumerate(found[1])}
