"""The deal library a ``fupan`` command opens: the one ``--db`` names, else ``FUPAN_DB``, else the default file,
said on standard error (``library: URL``, its password masked). Shared by the library's commands (``cli.library``),
the accounts (``cli.users``), the club server (``cli.serve``) and the season (``cli.season``, through
``cli.library``)."""

from __future__ import annotations

import argparse
import sys
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from sqlalchemy.engine import Engine


def open_library(args: argparse.Namespace, writes: bool) -> Engine:
    """The library ``--db`` names (else ``FUPAN_DB``, else the default file), opened; which one is said on
    standard error (not under ``--quiet``), and that ``DATABASE_URL`` is ignored when it is set and nothing else
    names one. A command that ``writes`` is refused at once (one line) when the library cannot be written."""
    from data.database import ignored_env, library_state, open_db, shown_url

    note = None if args.db else ignored_env()
    if note is not None:
        print(f"fupan: {note}; using {shown_url()}", file=sys.stderr)
    engine = open_db(args.db)
    set_aside = library_state(engine).set_aside
    if set_aside is not None:
        print(f"fupan: {set_aside}", file=sys.stderr)
    if writes:
        try:
            library_state(engine).check_write()
        except BaseException:
            engine.dispose()  # its connections closed: a WAL-mode file's -wal and -shm go with them
            raise
    if not getattr(args, "quiet", False):
        print(f"library: {shown_url(args.db)}", file=sys.stderr)
    return engine
