"""The ``fupan`` commands on deleted deals (``data.deletions``): ``delete`` (a deal out of the library, kept in a
numbered deletion), ``deletions`` (a line per deletion) and ``restore`` (a deletion undone: the deal back in the
library). They act as the library's owner (``data.accounts.OWNER``: whoever runs them holds its file or URL), open
the library ``--db`` names, else ``FUPAN_DB``, else the default file, and say which on standard error. A missing
deal or deletion is one line and exit code 2."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cli.common import EXIT_OK, InputError
from cli.open_library import open_library

if TYPE_CHECKING:
    import argparse

    from sqlalchemy.engine import Engine

    from data.deletions import Deletion

DB_HELP = "database URL (default: FUPAN_DB, else a SQLite file in the user's data folder)"


def _opened(args: argparse.Namespace, writes: bool) -> Engine:
    """The library (``cli.open_library``); an error when its file does not exist (opening it would make an empty
    library, and "no deal 12" would hide a typo in the path)."""
    from data.database import missing_library_file

    missing = missing_library_file(args.db)
    if missing is not None:
        raise InputError(f"no deal library at {missing}")
    return open_library(args, writes)


def _when(d: Deletion) -> str:
    return f"{d.deleted_at:%Y-%m-%d %H:%M} UTC"


def _who(name: str) -> str:
    return name or "the owner"


def cmd_delete(args: argparse.Namespace) -> int:
    """fupan delete DEAL_ID: take the deal out of the library, kept in a deletion an admin (or the owner) restores."""
    from data.accounts import OWNER
    from data.deletions import DeletionError, delete_deal

    engine = _opened(args, writes=True)
    try:
        gone = delete_deal(engine, args.deal_id, OWNER, args.reason)
    except DeletionError as exc:
        raise InputError(str(exc)) from None
    print(f"deleted deal {gone.deal_id} ({gone.label or gone.game}): deletion {gone.id}")
    print(f"fupan restore {gone.id} brings it back")
    return EXIT_OK


def deletion_line(d: Deletion) -> str:
    """A deletion in a line: its number, when, by whom, the deal and its label, the reason (and when restored, as
    which deal)."""
    line = f"{d.id}\t{_when(d)}\tby {_who(d.deleted_by)}\tdeal {d.deal_id}\t{d.label or d.game}\t{d.reason or '-'}"
    if d.restored_at is not None:
        line += f"\trestored as deal {d.restored_as} on {d.restored_at:%Y-%m-%d %H:%M} UTC by {_who(d.restored_by)}"
    return line


def cmd_deletions(args: argparse.Namespace) -> int:
    """fupan deletions: a line per deletion, newest first (``--all``: the restored ones too, marked)."""
    from data.deletions import deletions

    found = deletions(_opened(args, writes=False), restored=args.all)
    for d in found:
        print(deletion_line(d))
    if not found:
        print("no deletions" if args.all else "no deletions to restore")
    return EXIT_OK


def cmd_restore(args: argparse.Namespace) -> int:
    """fupan restore DELETION_ID: bring the deleted deal back (its old id when free)."""
    from data.accounts import OWNER
    from data.deletions import DeletionError, get_deletion, restore_deal

    engine = _opened(args, writes=True)
    try:
        deal_id = restore_deal(engine, args.deletion_id, OWNER)
    except DeletionError as exc:
        raise InputError(str(exc)) from None
    d = get_deletion(engine, args.deletion_id)
    label = f" ({d.label or d.game})" if d is not None else ""
    was = "" if d is None or d.deal_id == deal_id else f" (it was deal {d.deal_id})"
    print(f"restored deletion {args.deletion_id}{label}: deal {deal_id}{was}")
    return EXIT_OK


def add_parsers(sub: Any) -> None:
    """Add ``delete``, ``deletions`` and ``restore`` to the ``fupan`` parser's subcommands."""
    p = sub.add_parser("delete", help="delete a deal from the library (kept: fupan restore brings it back)")
    p.add_argument("deal_id", type=int, metavar="DEAL_ID", help="the deal's id (the dashboard's ?deal=N)")
    p.add_argument("--reason", default="", metavar="TEXT", help="why it is deleted (one line, at most 500 characters)")
    p.add_argument("--db", help=DB_HELP)
    p.set_defaults(func=cmd_delete)
    p = sub.add_parser("deletions", help="list the deleted deals that can be restored")
    p.add_argument("--all", action="store_true", help="the restored ones too (marked)")
    p.add_argument("--db", help=DB_HELP)
    p.set_defaults(func=cmd_deletions)
    p = sub.add_parser("restore", help="bring a deleted deal back (its deletion's number: fupan deletions)")
    p.add_argument("deletion_id", type=int, metavar="DELETION_ID", help="the deletion's number")
    p.add_argument("--db", help=DB_HELP)
    p.set_defaults(func=cmd_restore)
