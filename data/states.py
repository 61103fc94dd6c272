"""The states of a deal library fupan cannot use as asked, as exceptions (raised by ``data.database``;
kept apart so that the command line can name them without loading the database's libraries)."""

from __future__ import annotations

from replay.core.errors import FupanError


class DatabaseStateError(FupanError):
    """A library fupan cannot use as asked; the message names it, says what is wrong and what to do."""


class NewerDatabase(DatabaseStateError):
    """The library's schema revision is one this fupan does not know (a newer fupan wrote it)."""


class DatabaseUnreachable(DatabaseStateError):
    """The library cannot be reached or opened (no server there, a file that cannot be opened)."""


class ReadOnlyDatabase(DatabaseStateError):
    """A write to a library that can only be read (or a read-only library that needs a migration)."""


class DamagedDatabase(DatabaseStateError):
    """A SQLite library file whose pages are damaged: nothing is written to it."""


class LibraryReplaced(DatabaseStateError):
    """The SQLite library file was deleted or replaced since it was opened."""
