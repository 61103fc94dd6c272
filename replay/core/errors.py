"""The one base of fupan's errors: every exception class of the product code derives from ``FupanError``, a
ValueError (input fupan cannot use), so that a caller can catch them all in one clause.

An error carries its place where it is known: the file, the line and column, the event's index, the seat and the
bad token (None where not known). A class keeps its own message and its own fields; it fills the place's parts it
knows (``LogError`` its file, line and column, ``CardError`` its token), and a caller that knows more adds it with
``at`` (``raise CardError(tok).at(line=3, column=9)``). A few classes are also what they were before the base was
made, for the callers that catch them so: ``RuntimeError`` (a bug, a cancelled run, a busy server),
``PermissionError``, ``AttributeError`` (a frozen record's field assigned)."""

from __future__ import annotations

from typing import Self

#: the parts of an error's place, in the order they are said
PLACE = ("file", "line", "column", "event", "seat", "token")


class FupanError(ValueError):
    """The base of every error fupan raises; ``file``, ``line``, ``column``, ``event``, ``seat`` and ``token``
    say where the problem is, each None where not known."""

    file: str | None = None
    line: int | None = None
    column: int | None = None
    event: int | None = None
    seat: int | None = None
    token: str | None = None

    def at(
        self,
        *,
        file: str | None = None,
        line: int | None = None,
        column: int | None = None,
        event: int | None = None,
        seat: int | None = None,
        token: str | None = None,
    ) -> Self:
        """This error with the parts of its place given here (the others as they were); the message is unchanged."""
        for name, value in zip(PLACE, (file, line, column, event, seat, token), strict=True):
            if value is not None:
                setattr(self, name, value)
        return self

    @property
    def place(self) -> dict[str, str | int]:
        """The known parts of the place, by name, in PLACE's order."""
        known: dict[str, str | int] = {}
        for name in PLACE:
            value = getattr(self, name)
            if value is not None:
                known[name] = value
        return known
