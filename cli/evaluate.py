"""``fupan evaluate``: price every stored deal that lacks a current evaluation, on a Dask cluster (``cluster.season``).

    fupan evaluate [--all | DEAL_ID ...] [--since DATE] [--game G] [--scheduler ADDRESS] [--workers N]
                   [--rollouts R] [--candidates C] [--seed S] [--db URL] [--quiet]

Without ``--scheduler`` a cluster of ``--workers`` processes starts on this machine (every core by default) and
stops at the end; with ``--scheduler tcp://host:8786`` the run uses that cluster's workers (``dask scheduler`` and
``dask worker`` started on the club's machines: docs/cluster.md). The deals are those of a priced game without an
evaluation of these settings made by the current engine and coach (``--all``: every one; DEAL_IDs: those), the
result of each stored as it arrives, one transaction per deal. A progress bar on standard error says deals done,
deals per minute and the time left. A deal whose evaluation fails is recorded with its reason and the run goes on;
exit code 1 then. Ctrl-C stops the run: what was stored stays, and the same command continues it. The run is recorded
in the library with its counts and a heartbeat (``data.season_runs``): every dashboard of the library shows it.
"""

from __future__ import annotations

import argparse
import sys
from typing import Any

from cli.common import EXIT_OK, InputError

EXIT_FAILED = 1  # some deals failed their evaluation (recorded; the others stored)
EXIT_STOPPED = 130  # interrupted (Ctrl-C): what was stored stays


def _settings(args: argparse.Namespace) -> Any:
    from coach.prices import Settings

    try:
        return Settings(**{k: v for k, v in (("rollouts", args.rollouts), ("max_candidates", args.candidates)) if v is not None},
                        seed=args.seed)  # fmt: skip
    except ValueError as exc:
        raise InputError(str(exc)) from None


def _bar(quiet: bool, where: str) -> tuple[Any, Any]:
    """The progress callback (a tqdm bar on standard error: done of total, deals per minute, time left) and its close."""
    if quiet:
        return None, lambda: None
    from tqdm import tqdm

    from cluster.season import Progress
    from coach.eta import left_words

    bar: list[Any] = []

    def tick(p: Progress) -> None:
        if not bar:
            fmt = "{l_bar}{bar}| {n_fmt}/{total_fmt} [{elapsed}{postfix}]"
            bar.append(tqdm(total=p.total, unit=" deals", desc=where, file=sys.stderr, bar_format=fmt))
        left = p.left_seconds()
        words = f"{p.per_minute():.1f} deals/min, " + (left_words(left, zh=False) if left is not None else "…")
        bar[0].set_postfix_str(words + (f", {p.failed} failed" if p.failed else ""), refresh=False)
        bar[0].update(p.done - bar[0].n)

    return tick, lambda: bar[0].close() if bar else None


def _say_other_run(engine: Any, quiet: bool) -> None:
    """Say so when another run is going on (recorded in the library, its heartbeat fresh): both store each deal once."""
    from data.season_runs import live_run

    other = live_run(engine)
    if other is not None and not quiet:
        print(
            f"note: another run is going on (started {other.started_at:%Y-%m-%d %H:%M} UTC on {other.host}, pid"
            f" {other.pid}, {other.done} of {other.total} deals done); each deal is stored once whichever stores it",
            file=sys.stderr,
        )


def cmd_evaluate(args: argparse.Namespace) -> int:
    """fupan evaluate (see the module's text)."""
    from cli.open_library import open_library
    from cluster.client import ClusterError
    from cluster.season import run_season
    from data.evaluation_runs import pending
    from data.evaluations import settings_key

    if args.all and args.deal_ids:
        raise InputError("give deal ids or --all, not both")
    if args.workers is not None and args.workers < 1:
        raise InputError(f"--workers {args.workers}: at least 1")
    settings = _settings(args)
    engine = open_library(args, writes=True)
    todo = pending(engine, settings, every=args.all, deal_ids=args.deal_ids, game=args.game, since=args.since)
    if args.deal_ids:
        missing = sorted(set(args.deal_ids) - {p.deal_id for p in todo})
        if missing and not args.quiet:
            print(f"not to evaluate (not stored, not priced, or evaluated already): {missing}", file=sys.stderr)
    if not todo:
        print("nothing to evaluate: every deal asked for has a current evaluation of these settings")
        return EXIT_OK
    _say_other_run(engine, args.quiet)
    tick, close = _bar(args.quiet, "evaluate")
    try:
        from cluster.client import client_for
        from coach.evaluate import usable_cores

        with client_for(args.scheduler, args.workers or usable_cores()) as client:
            done = run_season(engine, todo, settings, client, tick, cluster=args.scheduler or "")
    except ClusterError as exc:
        close()
        raise InputError(f"--scheduler: {exc}") from None
    except KeyboardInterrupt:
        close()
        print("stopped: the deals stored so far stay; run the same command to go on", file=sys.stderr)
        return EXIT_STOPPED
    close()
    print(
        f"{done.stored} stored, {done.failed} failed, {done.gone} deleted meanwhile (settings {settings_key(settings)})"
    )
    for deal_id, reason in done.reasons:
        print(f"deal {deal_id}: {reason}", file=sys.stderr)
    return EXIT_FAILED if done.failed else EXIT_OK


def add_parser(sub: Any) -> None:
    """``fupan evaluate`` (no coach module imported to build it: the defaults are ``coach.prices``')."""
    p = sub.add_parser("evaluate", help="price the stored deals that lack a current evaluation, on a Dask cluster")
    p.add_argument("deal_ids", nargs="*", type=int, metavar="DEAL_ID", help="only these deals")
    p.add_argument("--all", action="store_true", help="every deal of a priced game, evaluated already or not")
    p.add_argument("--since", metavar="DATE", help="only deals played on or after this date (YYYY-MM-DD)")
    p.add_argument("--game", help="only this game's deals")
    p.add_argument("--scheduler", metavar="ADDRESS", help="a running Dask scheduler (tcp://host:8786); else local")
    p.add_argument("--workers", type=int, help="processes of the local cluster (default: every core)")
    p.add_argument("--rollouts", type=int, help="rollouts per candidate and view (default: the dashboard's, 20)")
    p.add_argument("--candidates", type=int, help="candidates per decision (default: the dashboard's, 4)")
    p.add_argument("--seed", type=int, default=0, help="the seed of every rollout (default 0)")
    p.add_argument("--quiet", action="store_true", help="no progress bar")
    p.add_argument("--db", help="database URL (default: FUPAN_DB, else a SQLite file in the user's data folder)")
    p.set_defaults(func=cmd_evaluate)
