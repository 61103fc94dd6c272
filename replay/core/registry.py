"""The one registry type of fupan: named entries of one kind (a game's type, its coach, its view, its text),
each layer keeping its own ``Registry`` instance (``replay.games.GAMES``, ``coach.games.COACHES``,
``views.games.VIEWS``, ``cli.text.TEXTS``).

A registry knows its built-in entries by name only (``built_in``): the entry of ``gouji`` is the attribute
``attr`` of the module ``module.format("gouji")`` (``replay.games.gouji.game``), imported the first time that
game is asked for, so that asking for one game imports no other game's modules and ``names()`` imports none. A game added at run time (a test's
toy game) is ``register``-ed with its entry; a test stands one in for a while with ``replaced``. A registry with a ``default`` gives that default to a game that
declared no entry of its own (the coach's generic coach); one without raises a ValueError naming the known
games. A mapping of one field of every entry by name is ``view`` (``GAMES.view(lambda g: g.seats)``).
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from typing import Generic, TypeVar

T = TypeVar("T")
V = TypeVar("V")


class Registry(Generic[T]):
    """Entries of one kind by their game's name: the built-in ones loaded lazily from their packages, the
    others registered."""

    def __init__(
        self,
        kind: str,
        name_of: Callable[[T], str],
        module: str = "",
        built_in: tuple[str, ...] = (),
        attr: str = "",
        default: Callable[[str], T] | None = None,
    ) -> None:
        self.kind = kind  # what an entry is, in an error ("game", "the coach of game")
        self._name_of = name_of
        self._module = module  # the module of a built-in game's entry, "{}" standing for the game's name
        self._attr = attr
        self._default = default
        self._built_in = built_in
        self._entries: dict[str, T] = {}
        self._order: list[str] = list(built_in)  # the names, built-in first, then in the order registered

    def register(self, entry: T) -> T:
        """Add ``entry`` under its game's name (a name registered twice with another entry is an error: one
        game, one place, a built-in game's declaration included; the same entry again changes nothing)."""
        name = self._name_of(entry)
        found = self.find(name)
        if found is not None and found != entry:
            raise ValueError(f"{self.kind} {name!r} is registered already")
        self._entries[name] = entry
        if name not in self._order:
            self._order.append(name)
        return entry

    def unregister(self, name: str) -> None:
        """Remove the entry of ``name`` (for tests that register a game of their own); a built-in game's
        entry is loaded again when it is next asked for."""
        self._entries.pop(name, None)
        if name not in self._built_in and name in self._order:
            self._order.remove(name)

    @contextmanager
    def replaced(self, entry: T) -> Iterator[T]:
        """``entry`` in place of its game's entry within the ``with`` block (a test's stand-in, e.g. a view
        that counts its calls), the entry before it (or none) back after, the game's place in ``names()`` kept."""
        name = self._name_of(entry)
        before = self.find(name)
        known = name in self._order
        self._entries[name] = entry
        if not known:
            self._order.append(name)
        try:
            yield entry
        finally:
            if before is None:
                self._entries.pop(name, None)
            else:
                self._entries[name] = before
            if not known:
                self._order.remove(name)

    def find(self, name: str) -> T | None:
        """The entry of ``name``, loading a built-in game's package on first use; None when there is none."""
        found = self._entries.get(name)
        if found is None and name in self._built_in:
            found = self._entries[name] = getattr(importlib.import_module(self._module.format(name)), self._attr)
        return found

    def get(self, name: str) -> T:
        """The entry of ``name`` (the default's when the registry has one and the game declared none); else a
        ValueError naming the known games."""
        found = self.find(name)
        if found is not None:
            return found
        if self._default is not None:
            return self._default(name)
        raise ValueError(f"unknown {self.kind} {name!r} (expected one of {', '.join(self._order)})")

    def names(self) -> tuple[str, ...]:
        """The games' names, the built-in ones first, without loading any game."""
        return tuple(self._order)

    def __contains__(self, name: object) -> bool:
        return name in self._order

    def __iter__(self) -> Iterator[T]:
        """Every game's entry, in the order of ``names()`` (this loads every built-in game)."""
        for name in self.names():
            found = self.find(name)
            if found is not None:
                yield found

    def __len__(self) -> int:
        return len(self._order)

    def view(self, read: Callable[[T], V]) -> Mapping[str, V]:
        """``read`` of every game's entry by name, read when asked (a game registered later is found too)."""
        return RegistryView(self, read)


class RegistryView(Mapping[str, V], Generic[T, V]):
    """One field of every entry of a registry, by the game's name (``Registry.view``)."""

    def __init__(self, registry: Registry[T], read: Callable[[T], V]) -> None:
        self._registry = registry
        self._read = read

    def __getitem__(self, name: str) -> V:
        found = self._registry.find(name)
        if found is None:
            raise KeyError(name)
        return self._read(found)

    def __iter__(self) -> Iterator[str]:
        return iter(self._registry.names())

    def __len__(self) -> int:
        return len(self._registry)
