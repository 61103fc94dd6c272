"""What every game's state has, whatever its game: the ``GameState`` protocol and the state type ``S`` bound to it,
below the engine, the scoring and the views, which all speak of a state without knowing its game."""

from __future__ import annotations

from typing import Protocol, TypeVar

from replay.core.hand import Hand


class GameState(Protocol):
    """What every game's state has, whatever its game (``replay.climbing.state.State`` and its subclasses, 升级's
    ``ShengjiState``): the bound of the engines', the replay's, the coach's and the views' state type ``S``."""

    @property
    def n(self) -> int:
        """The number of seats."""

    @property
    def phase(self) -> str:
        """The deal's phase (each game names its own; "over" and "void" end it)."""

    @property
    def hands(self) -> tuple[Hand, ...]:
        """Each seat's hand."""

    @property
    def to_act(self) -> int:
        """The seat whose decision is awaited (-1: none)."""

    @property
    def terminal(self) -> bool:
        """True when the deal is over (or void)."""


S = TypeVar("S", bound=GameState)
