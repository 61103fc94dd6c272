"""``fupan serve``: the dashboard as a club's server (docs/club-server.md).

    fupan serve [--host 0.0.0.0] [--port 8501] [--db URL]

The library is opened first (``open_db``: its schema brought up to date; one that cannot be opened is one line and
exit code 2, nothing served), then said on standard error with where the dashboard is served and how many enabled
accounts hold each role, with a warning when no enabled admin is left. The dashboard then runs in this process
(``views.parts.serve.serve``: app.py by its absolute path, so from any folder) in the club's access mode:
``FUPAN_ACCESS=club`` (``views.parts.access``: anyone with the link may view, every write needs a signed-in account
whose role has its right) and ``FUPAN_DB`` the library opened (a SQLite file by its absolute path). Ctrl-C stops it.

``cmd_serve(args, run)`` takes the step that runs the dashboard (``Runner``: Streamlit's options and the
environment to add), so that a test sees both without starting a server.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from cli.common import EXIT_OK, InputError
from cli.open_library import open_library
from cli.users import NO_ADMIN
from replay.core.plural import count

if TYPE_CHECKING:
    from data.database import LibraryState

Runner = Callable[[list[str], dict[str, str]], int]
"""Runs the dashboard with Streamlit's options and these environment variables set; its exit code."""

HOST, PORT = "0.0.0.0", 8501
#: ``views.parts.access``'s ACCESS_ENV and CLUB (not imported here: its modules would set up Streamlit's caches before
#: the server's runtime exists); tests/cli/test_cli_serve.py checks that they agree
ACCESS_ENV, CLUB = "FUPAN_ACCESS", "club"
ANY_ADDRESS = ("0.0.0.0", "::", "")


def streamlit_options(host: str, port: int) -> list[str]:
    """``streamlit run``'s options for a club's server. The rest (upload and message limits, error details hidden,
    the toolbar, static files) is in the ``.streamlit/config.toml`` beside app.py, which Streamlit reads there."""
    return [
        *("--server.headless", "true"),  # no browser opened on the server's machine
        *("--server.address", host),
        *("--server.port", str(port)),
        *("--browser.gatherUsageStats", "false"),
        *("--server.enableXsrfProtection", "true"),  # Streamlit's default, kept whatever a user's config says
        *("--server.fileWatcherType", "none"),  # a server does not reload its code as it changes: restart it
    ]


def served_url(db: str | None, state: LibraryState) -> str:
    """The library's URL as the served dashboard opens it (``FUPAN_DB``): the one given (else ``FUPAN_DB``, else the
    default file), PostgreSQL's through psycopg, a SQLite file by its absolute path; its password in full."""
    from sqlalchemy import make_url

    from data.database import default_url, normalize_url

    url = make_url(normalize_url(db or default_url()))
    if url.get_backend_name() == "sqlite" and state.path is not None:
        url = url.set(database=str(state.path))
    return url.render_as_string(hide_password=False)


def _where(host: str, port: int) -> str:
    """Where the dashboard answers, in words."""
    shown = f"[{host}]" if ":" in host else host or "0.0.0.0"
    every = " (every address of this machine)" if host in ANY_ADDRESS else ""
    return f"http://{shown}:{port}{every}"


def _accounts(users: list[Any]) -> list[str]:
    """The lines that say how many enabled accounts hold each role, and the warning when no admin is among them."""
    from data.accounts import ADMIN, ROLES

    enabled = [u for u in users if not u.disabled]
    roles = ", ".join(count(sum(1 for u in enabled if u.role == r), r) for r in ROLES)
    disabled = len(users) - len(enabled)
    lines = [f"accounts: {roles}" + (f"; {count(disabled, 'disabled account')}" if disabled else "")]
    if not any(u.role == ADMIN for u in enabled):
        lines.append(f"fupan serve: warning: no enabled admin account, so {NO_ADMIN}")
    return lines


def run_dashboard(options: list[str], env: dict[str, str]) -> int:
    """The dashboard run in this process: ``env`` set, then ``streamlit run`` of app.py by its absolute path. Refused
    (InputError) when the dashboard's settings are not beside app.py (an install that is not the checkout's): served
    without them, it would take uploads of 200 MB and show visitors its errors' tracebacks."""
    from views.parts import serve

    settings = serve.APP.parent / ".streamlit" / "config.toml"
    if not serve.APP.is_file() or not settings.is_file():
        raise InputError(
            f"the dashboard's app.py and its settings ({settings}) are not both there: serve fupan from its checkout, "
            "installed with `make serve` or `pip install -e .`"
        )
    os.environ.update(env)
    return serve.serve(options, serve.APP)


def cmd_serve(args: argparse.Namespace, run: Runner | None = None) -> int:
    """fupan serve: open the library, say what is served, then run the dashboard in club mode (``run``, by default
    ``run_dashboard``) until it stops; its exit code. Ctrl-C before Streamlit took it over ends it all the same."""
    try:
        return _serve(args, run or run_dashboard)
    except KeyboardInterrupt:
        print("fupan serve: stopped", file=sys.stderr)
        return EXIT_OK


def _serve(args: argparse.Namespace, run: Runner) -> int:
    from data.accounts import list_users
    from data.database import ENV, library_state

    if not 1 <= args.port <= 65535:
        raise InputError(f"--port {args.port}: expected 1..65535")
    engine = open_library(args, writes=False)  # a read-only library is served all the same: it can be viewed
    try:
        state = library_state(engine)
        url = served_url(args.db, state)
        users = list_users(engine)
    finally:
        engine.dispose()
    cannot = state.damaged or state.read_only
    if cannot is not None:
        print(
            f"fupan serve: warning: the library cannot be written ({cannot}): every write is refused", file=sys.stderr
        )
    for line in _accounts(users):
        print(line, file=sys.stderr)
    print(
        f"fupan serve: the club's dashboard at {_where(args.host, args.port)}: anyone with the link may view, "
        "members, referees and admins sign in to write (Ctrl-C stops it)",
        file=sys.stderr,
    )
    return run(streamlit_options(args.host, args.port), {ACCESS_ENV: CLUB, ENV: url})


def add_parser(sub: Any) -> None:
    """``fupan serve``."""
    p = sub.add_parser("serve", help="serve the dashboard to a club: viewing for all, writes for signed-in accounts")
    p.add_argument(
        "--host",
        default=HOST,
        help=f"the address to listen on (default {HOST}: every address; 127.0.0.1: this machine)",
    )
    p.add_argument("--port", type=int, default=PORT, help=f"the port to listen on (default {PORT})")
    p.add_argument("--db", help="database URL (default: FUPAN_DB, else a SQLite file in the user's data folder)")
    p.set_defaults(func=cmd_serve)
