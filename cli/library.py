"""The deal library's ``fupan`` commands: ``import`` (logs into the library, a line per file),
``export`` (every stored deal's canonical log), ``samples`` (the shipped sample deals) and ``recoach`` (the
rows an older engine or coach made, derived again: ``data.recoach``). Each opens the library ``--db`` names, else
``FUPAN_DB``, else the default file, and says which on standard error (``cli.open_library``). ``add_parsers`` also
adds ``user`` (the dashboard's accounts: ``cli.users``) and ``serve`` (the club's server: ``cli.serve``)."""

from __future__ import annotations

import argparse
import sys
from typing import TYPE_CHECKING, Any

from cli.common import EXIT_INPUT, EXIT_OK, InputError, _settle, add_limit_args, limits_of, progress_bar
from cli.open_library import open_library
from cli.serve import add_parser as add_serve_parser
from cli.users import add_parser as add_user_parser
from replay.core.plural import count

if TYPE_CHECKING:
    from data.importer import ImportResult
    from replay.formats.logfiles import LogFile

_library = open_library  # the library a command opens (cli.season's too)

FILE_COST = 2000  # a file's cost in ``file_costs`` beyond its bytes (opening it, storing the deal), in bytes


def _import_line(r: ImportResult) -> str:
    """What became of one file, in a line."""
    extra = f", {_decisions_added(r.decisions_added)}" if r.decisions_added else ""
    extra += f", {count(r.variations_added, 'variation')} added" if r.variations_added else ""
    extra += f"; {r.reason}" if r.reason and r.status != "error" else ""
    if r.status == "added":
        return f"{r.source}: added as deal {r.deal_id}{extra}"
    if r.status == "duplicate":
        return f"{r.source}: duplicate of deal {r.deal_id}{extra}"
    return f"{r.source}: not imported: {r.reason}"


def file_costs(files: list[LogFile]) -> list[float]:
    """The predicted cost of importing each file (``coach.eta``): its bytes (about its events) and ``FILE_COST``."""
    costs = []
    for f in files:
        try:
            size = 0 if f.skip is not None else f.path.stat().st_size
        except OSError:
            size = 0
        costs.append(float(size + FILE_COST))
    return costs


def cmd_import(args: argparse.Namespace) -> int:
    """fupan import: store logs (files and folders) in the deal library; a line per file, then the
    counts. A file that cannot be imported is refused with its reason and the others go on; a failing
    database stops the run, and the counts still say what was added before."""
    from data.database import shown_url
    from data.importer import BATCH, ImportStopped, import_paths
    from replay.formats.logfiles import log_files

    batch = BATCH if args.batch is None else args.batch
    if args.jobs < 0 or batch < 1:
        raise InputError("--jobs takes 0 (every core) or more, --batch 1 or more")
    sheets = [p for p in args.paths if p.lower().endswith(".csv")]  # a season's score sheets, a deal a row
    files = log_files([p for p in args.paths if p not in sheets]) if len(sheets) < len(args.paths) else []
    if not files and not sheets:
        raise InputError("no log files found in " + ", ".join(args.paths))
    engine = _library(args, writes=True)
    if sheets:
        return _import_sheets(args, engine, sheets, files)
    bar = not args.quiet and len(files) > 1 and sys.stderr.isatty()
    show = progress_bar("deals", f"into {shown_url(engine.url)}", file_costs(files)) if bar else None
    stopped = ""
    try:
        results = import_paths(engine, files, show, limits_of(args), jobs=args.jobs, batch=batch)
    except ImportStopped as exc:
        results, stopped = exc.results, exc.reason
    for r in results:
        if not (args.quiet and r.status != "error"):
            print(_import_line(r))
    counts = {k: sum(1 for r in results if r.status == k) for k in ("added", "duplicate", "error")}
    decided = sum(r.decisions_added for r in results)
    print(
        f"{counts['added']} added, {counts['duplicate']} duplicate, {counts['error']} not imported"
        + (f"; {_decisions_added(decided)}" if decided else "")
        + (f"; stopped after {len(results)} of {count(len(files), 'file')}: {stopped}" if stopped else "")
    )
    unmerged = any(r.reason for r in results if r.status != "error")  # a deal stored, its variations' file refused
    return _settle(EXIT_INPUT if counts["error"] or stopped or unmerged else EXIT_OK)


def _import_sheets(args: argparse.Namespace, engine: Any, sheets: list[str], files: list[Any]) -> int:
    """fupan import of season CSVs (``data.sheets``, a deal a row), then of the other files given with them."""
    from data.importer import import_paths
    from data.sheets import import_sheets
    from replay.formats.log import LogError, read_text

    results = []
    for path in sheets:
        try:
            text = read_text(path)
            results += import_sheets(engine, text, path, limits=limits_of(args))
        except LogError as exc:
            raise InputError(str(exc)) from exc
    if files:
        results += import_paths(engine, files, None, limits_of(args), jobs=args.jobs)
    for r in results:
        if not (args.quiet and r.status != "error"):
            print(_import_line(r))
    counts = {k: sum(1 for r in results if r.status == k) for k in ("added", "duplicate", "error")}
    print(f"{counts['added']} added, {counts['duplicate']} duplicate, {counts['error']} not imported")
    return _settle(EXIT_INPUT if counts["error"] else EXIT_OK)


def _decisions_added(n: int) -> str:
    return f"{n} referee's decision{'s' if n != 1 else ''} added"


def cmd_export(args: argparse.Namespace) -> int:
    """fupan export: write every stored deal's canonical log to a folder."""
    from data.database import missing_library_file
    from data.exporter import Unreadable, export_deals

    missing = missing_library_file(args.db)
    if missing is not None:  # opening it would make an empty library, and "wrote 0 logs" would hide the typo
        raise InputError(f"no deal library at {missing}: nothing to export (fupan import or fupan samples makes one)")
    engine = _library(args, writes=False)
    skipped: list[Unreadable] = []
    try:
        paths = export_deals(engine, args.out, skipped)
    except OSError as exc:
        raise InputError(f"{exc.filename or args.out}: cannot write the logs ({exc.strerror or exc})") from exc
    for bad in skipped:
        print(f"deal {bad.deal_id}: not written, it cannot be read: {bad.reason}")
    print(
        f"wrote {count(len(paths), 'log')} to {args.out}"
        + (f"; {count(len(skipped), 'deal')} cannot be read" if skipped else "")
    )
    return _settle(EXIT_INPUT if skipped else EXIT_OK)


def cmd_samples(args: argparse.Namespace) -> int:
    """fupan samples: store the shipped sample deals (够级, 保皇, 升级, disputes) in the deal library."""
    from data.importer import ImportStopped
    from data.make_samples import import_samples

    engine = _library(args, writes=True)
    try:
        results = import_samples(engine)
    except ImportStopped as exc:
        added = sum(1 for r in exc.results if r.status == "added")
        raise InputError(
            f"the import stopped ({exc.reason}); {count(added, 'deal')} of that folder had been added"
        ) from None
    if not results:
        raise InputError("the sample deals are not installed (data/samples is missing)")
    total = {"added": 0, "duplicate": 0, "error": 0}
    for folder, found in results.items():
        counts = {k: sum(1 for r in found if r.status == k) for k in total}
        for r in found:
            if r.status == "error":
                print(f"{r.source}: not imported: {r.reason}")
        print(f"{folder}: {counts['added']} added, {counts['duplicate']} duplicate, {counts['error']} not imported")
        total = {k: total[k] + counts[k] for k in total}
    print(f"samples: {total['added']} added, {total['duplicate']} duplicate, {total['error']} not imported")
    return _settle(EXIT_INPUT if total["error"] else EXIT_OK)


def cmd_recoach(args: argparse.Namespace) -> int:
    """fupan recoach: derive again (verdicts, seats, levels, findings) every deal an older engine or coach
    made (``--all``: every deal), then evaluate again every stale evaluation with its settings; each deal
    in its own transaction, so an interrupted run leaves nothing half-written and a second run finishes it.
    ``--dry-run`` says what is stale and changes nothing."""
    from coach.version import COACH_VERSION
    from data.evaluations import stale_evaluation_ids
    from data.recoach import recoach, stale_deal_ids, staleness
    from replay.version import ENGINE_VERSION

    if args.jobs < 0:
        raise InputError(f"--jobs {args.jobs}: expected 0 (every core) or more")
    engine = _library(args, writes=not args.dry_run)
    deals = stale_deal_ids(engine, args.all)
    evaluations = [] if args.no_evaluations else stale_evaluation_ids(engine)
    print(f"engine version {ENGINE_VERSION}, coach version {COACH_VERSION}")
    today = (ENGINE_VERSION, COACH_VERSION)
    for row in staleness(engine).to_dict("records"):
        made = (int(row["engine_version"]), int(row["coach_version"]))
        state = "stale" if row["stale"] else "current" if made == today else "newer"
        print(f"  engine {made[0]}, coach {made[1]}: {row['deals']} deals, {row['findings']} findings ({state})")
    which = "deals" if args.all else "stale deals"
    print(f"to do: {len(deals)} {which}, {count(len(evaluations), 'stale evaluation')}")
    if args.dry_run:
        return EXIT_OK
    total = len(deals) + len(evaluations)
    show = progress_bar("deals") if total > 1 and sys.stderr.isatty() else None
    results = recoach(engine, args.all, show, evaluations=not args.no_evaluations, jobs=args.jobs)
    for r in results:
        if r.status == "error":
            print(f"{r.what} {r.id}: not recoached: {r.reason}")
    for what in ("deal", "evaluation"):
        mine = [r for r in results if r.what == what]
        counts = {k: sum(1 for r in mine if r.status == k) for k in ("done", "current", "error")}
        print(
            f"{what}s: {counts['done']} recoached, {counts['current']} up to date already, {counts['error']} not recoached"
        )
    return _settle(EXIT_INPUT if any(r.status == "error" for r in results) else EXIT_OK)


def add_parsers(sub: Any) -> None:
    """Add ``import``, ``export``, ``samples``, ``recoach``, ``user``, ``serve`` and the deletions' ``delete``,
    ``deletions`` and ``restore`` (``cli.deletions``) to the ``fupan`` parser's subcommands."""
    p = sub.add_parser("import", help="store logs in the deal library")
    p.add_argument(
        "paths",
        nargs="+",
        help="log files and folders (searched for .json, .txt, .fupan; only regular files are read: a FIFO, socket "
        "or device, or a symlink out of a folder, is listed with the reason)",
    )
    p.add_argument("--db", help="database URL (default: FUPAN_DB, else a SQLite file in the user's data folder)")
    p.add_argument(
        "--quiet",
        action="store_true",
        help="no progress bar, no line naming the library, and a line only for a file not imported (then the counts)",
    )
    p.add_argument("--jobs", type=int, default=0, help="processes reading and replaying the logs (0: every core)")
    p.add_argument(
        "--batch",
        type=int,
        help="deals stored per transaction, each whole or not at all (default: data.importer.BATCH)",
    )
    add_limit_args(p)
    p.set_defaults(func=cmd_import)
    p = sub.add_parser("export", help="write the stored logs back")
    p.add_argument("--db", help="database URL (default: FUPAN_DB, else a SQLite file in the user's data folder)")
    p.add_argument(
        "--out", required=True, metavar="FOLDER", help="the folder the logs are written to (made if missing)"
    )
    p.set_defaults(func=cmd_export)
    p = sub.add_parser("samples", help="store the shipped sample deals in the deal library")
    p.add_argument("--db", help="database URL (default: FUPAN_DB, else a SQLite file in the user's data folder)")
    p.set_defaults(func=cmd_samples)
    p = sub.add_parser("recoach", help="derive again the findings an older engine or coach made")
    p.add_argument("--all", action="store_true", help="every deal, not only the stale ones")
    p.add_argument("--dry-run", action="store_true", help="say what is stale; change nothing")
    p.add_argument("--no-evaluations", action="store_true", help="leave stale evaluations (rollouts take time)")
    p.add_argument("--jobs", type=int, default=0, help="worker processes of an evaluation (0: every core)")
    p.add_argument("--db", help="database URL (default: FUPAN_DB, else a SQLite file in the user's data folder)")
    p.set_defaults(func=cmd_recoach)
    add_user_parser(sub)
    add_serve_parser(sub)
    from cli.deletions import add_parsers as add_deletion_parsers  # delete, deletions, restore
    from cli.evaluate import add_parser as add_evaluate_parser  # a season priced on a Dask cluster

    add_deletion_parsers(sub)
    add_evaluate_parser(sub)
