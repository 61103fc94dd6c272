"""``fupan user``: the dashboard's accounts (``data.accounts``), managed on the server's machine with the same
``--db`` as the dashboard. There is no sign-up: an admin adds every account.

    fupan user add NAME --role member|referee|admin [--password-stdin]   # the password asked twice, or one line
    fupan user list                                                     # name, role, enabled or not, created
    fupan user role NAME ROLE                                           # another role (the old one said)
    fupan user passwd NAME [--password-stdin]
    fupan user disable NAME                                             # no more sign-in nor writes

A bad name, role or password, a name taken or no such user is one line and exit code 2, nothing changed.
"""

from __future__ import annotations

import argparse
import sys
from typing import Any

from cli.common import EXIT_OK, InputError
from cli.open_library import open_library

NO_ADMIN = "nobody can manage accounts: add one with `fupan user add NAME --role admin`"
DB_HELP = "database URL (default: FUPAN_DB, else a SQLite file in the user's data folder)"


def _new_password(args: argparse.Namespace) -> str:
    """The password: one line of standard input with --password-stdin, else asked twice (not echoed)."""
    if args.password_stdin:
        line = sys.stdin.readline()
        if not line:
            raise InputError("--password-stdin: no password on standard input")
        return line.rstrip("\r\n")
    import getpass

    try:
        first = getpass.getpass(f"password for {args.name}: ")
        again = getpass.getpass("again: ")
    except (EOFError, KeyboardInterrupt):
        raise InputError("no password given") from None
    if first != again:
        raise InputError("the two passwords differ; nothing was changed")
    return first


def cmd_user(args: argparse.Namespace) -> int:
    """fupan user add|list|role|disable|passwd: the dashboard's accounts (members, referees and admins)."""
    from data import accounts

    try:
        password = ""
        if args.action in ("add", "passwd", "role"):  # a bad name or role is told before the password is asked
            accounts.check_name(args.name)
            if args.action in ("add", "role"):
                accounts.check_role(args.role)
            if args.action != "role":
                password = accounts.check_password(_new_password(args))
        engine = open_library(args, writes=args.action != "list")
        try:
            _act(args, engine, password)
        finally:
            engine.dispose()
    except accounts.AccountError as exc:
        raise InputError(str(exc)) from None
    return EXIT_OK


def _act(args: argparse.Namespace, engine: Any, password: str) -> None:
    """Do ``args.action`` on the opened library, and say what was done (standard output)."""
    from data import accounts

    if args.action == "add":
        user = accounts.add_user(engine, args.name, password, args.role)
        print(f"added user {user.name} ({user.role})")
    elif args.action == "passwd":
        accounts.set_password(engine, args.name, password)
        print(f"changed the password of {accounts.check_name(args.name)}")
    elif args.action == "disable":
        accounts.disable_user(engine, args.name)
        print(f"disabled user {accounts.check_name(args.name)}")
    elif args.action == "role":
        _change_role(engine, args.name, args.role)
    else:
        users = accounts.list_users(engine)
        for u in users:
            state = "disabled" if u.disabled else "enabled"
            print(f"{u.name}\t{u.role}\t{state}\tcreated {u.created_at:%Y-%m-%d %H:%M} UTC")
        if not users:
            print("no users")


def _change_role(engine: Any, name: str, role: str) -> None:
    """fupan user role: the account's new role, and its old one, said; a warning on standard error when it was the
    last enabled admin (nobody may then restore a deleted deal)."""
    from data import accounts

    before = accounts.get_user(engine, name)
    accounts.set_role(engine, name, role)  # no such user: AccountError
    name = accounts.check_name(name)
    if before is not None and before.role == role:
        said = f"the role of {name} stays {role}"
    else:
        said = f"changed the role of {name}" + (f" from {before.role}" if before is not None else "") + f" to {role}"
    print(said + (" (the account is disabled)" if before is not None and before.disabled else ""))
    was_admin = before is not None and before.role == accounts.ADMIN and not before.disabled
    if was_admin and not any(u.role == accounts.ADMIN and not u.disabled for u in accounts.list_users(engine)):
        print(f"fupan: no enabled admin is left: {NO_ADMIN}", file=sys.stderr)


def add_parser(sub: Any) -> None:
    """``fupan user`` and its actions (in full only when ``user`` is the command run: the roles come from
    ``data.accounts``, which another command need not import)."""
    p = sub.add_parser("user", help="the dashboard's accounts: add, list, role, disable, passwd")
    if not sub.full("user"):
        return
    from data.accounts import ROLES

    roles = "what the account may do: " + ", ".join(ROLES) + " (each may do what the ones before it may)"
    users = p.add_subparsers(dest="action", required=True, help="what to do with the accounts")
    q = users.add_parser("add", help="add an account (the password is asked twice)")
    q.add_argument("name", help="the account's name")
    q.add_argument("--role", required=True, choices=ROLES, help=roles)
    q.add_argument("--password-stdin", action="store_true", help="read the password from standard input")
    q.add_argument("--db", help=DB_HELP)
    q = users.add_parser("list", help="list the accounts: name, role, enabled or disabled, created")
    q.add_argument("--db", help=DB_HELP)
    q = users.add_parser("role", help="give an account another role (checked at its next write)")
    q.add_argument("name", help="the account's name")
    q.add_argument("role", choices=ROLES, help=roles)
    q.add_argument("--db", help=DB_HELP)
    q = users.add_parser("disable", help="disable an account (its decisions stay)")
    q.add_argument("name", help="the account's name")
    q.add_argument("--db", help=DB_HELP)
    q = users.add_parser("passwd", help="set an account's password (asked twice)")
    q.add_argument("name", help="the account's name")
    q.add_argument("--password-stdin", action="store_true", help="read the password from standard input")
    q.add_argument("--db", help=DB_HELP)
    p.set_defaults(func=cmd_user)
