"""The ``fupan`` command: check, replay, score and coach logs, convert them between JSON and the text
notation, simulate deals (够级, 保皇 and 升级).

Exit codes: 0 every event legal, 1 some event illegal, 2 the input cannot be read (the message names
the file, line and column), 3 an internal error (a bug: please report it). ``fupan coach`` gives 1
when a finding it reports is a rule violation.

The commands that use the deal library (import, export, samples, user) open the one ``--db`` names,
else ``FUPAN_DB``, else the SQLite file in the user's data folder, and say which on standard error
(``library: URL``, its password masked). A library they cannot use as asked (written by a newer fupan,
unreachable, read-only for a write, damaged, see ``data.database``) gives one line and exit code 2,
nothing written. ``fupan export`` of a damaged library writes every deal it can read, lists the others
and gives 2.
"""

from __future__ import annotations

import os
import sys

from cli.common import (
    EXIT_BUG,
    EXIT_ILLEGAL,
    EXIT_INPUT,
    EXIT_OK,
    PROFILE_HELP,
    InputError,
    _emit,
    _outcome,
    _read,
    _replay,
    _settle,
    add_limit_args,
    limits_of,
    put_out,
)
from replay.core.numbering import event_in
from replay.core.plural import count
from replay.core.said import seat_name, side_name

TYPE_CHECKING = False  # typing's constant, without importing typing before ``run`` paused the garbage collector
if TYPE_CHECKING:
    import argparse
    from collections.abc import Callable, Sequence
    from typing import Any

    from replay.core.game_state import GameState
    from replay.core.verdicts import Verdict
    from replay.formats.logfiles import LogFile
    from replay.replay import Replay
    from replay.score import Score

# A command imports what it needs when it runs (``fupan check`` neither the deal library's SQLAlchemy nor
# another game's engine, nor argparse when its words are plain: tests/cli/test_cli_start.py), so that it starts at once.
SCORE_LEVELS = ("before", "after")  # the keys of a 升级 score's "levels" that `score --json` gives
SEVERAL = (
    "a JSON or text log, - for standard input, or several logs and folders (each log in one line, "
    "--json a list, the exit code the worst; only regular files are read: a FIFO, socket or device, or a "
    "symlink out of a folder, is listed with the reason)"
)


def _place(rep: Replay[GameState], v: Verdict) -> str:
    if v.index is None:
        return f"{rep.log.source}: {v.action}" + ("" if v.seat is None else f", {seat_name(v.seat, en=True)}")
    return f"{rep.log.where(v.index)}: {event_in(v.index, 'en')}, {seat_name(v.seat, en=True)}"


def cmd_check(args: argparse.Namespace) -> int:
    """fupan check: a verdict for every event (of several logs, or of the logs in a folder: one line each)."""
    files = _several(args)
    if files is not None:
        return _over_logs(args, files, not args.lenient, _check_line, _check_json)
    args.log = args.logs[0]
    rep = _replay(args, strict=not args.lenient, keep=args.json)  # the lines need no state but the last
    _settle(EXIT_OK if rep.ok else EXIT_ILLEGAL)
    if args.json:
        _emit(_check_json(rep, lazy=True))
        return EXIT_OK if rep.ok else EXIT_ILLEGAL
    for v in rep.illegal:
        print(f"{_place(rep, v)}: [{v.rule}] {v.message_zh} / {v.message_en}")
    if rep.stopped_at is not None:
        print("stopped at the first illegal event (strict mode); use --lenient to read on")
    elif any(v.index is not None for v in rep.illegal):
        from cli.lines_text import ruled_lines

        for line in ruled_lines(rep):
            print(line)
    for note in rep.unverified:
        print(f"unverified: {note}")
    bad = len(rep.illegal)
    print(f"{rep.log.source}: {_what(rep)}, " + ("all legal" if bad == 0 else f"{bad} illegal"))
    return EXIT_OK if rep.ok else EXIT_ILLEGAL


def _what(rep: Replay[GameState]) -> str:
    """What a log holds: its events counted, or "result only" for a score sheet without moves."""
    return "result only (成绩单，无出牌记录)" if rep.log.result_only else count(len(rep.log.events), "event")


def _check_json(rep: Replay[GameState], lazy: bool = False) -> dict[str, Any]:
    """The JSON of ``fupan check --json``; ``lazy``: each verdict's JSON made as it is written (``_emit``)."""
    verdicts = (v.to_json() for v in rep.all_verdicts)
    return {
        "ok": rep.ok,
        "events": len(rep.log.events),
        **({"result_only": True} if rep.log.result_only else {}),  # a score sheet without moves
        "verdicts": verdicts if lazy else list(verdicts),
        "unverified": rep.unverified,
    }


def _check_line(rep: Replay[GameState]) -> str:
    """One log's check in one line: its events, and the first illegal one with its rule."""
    bad = rep.illegal
    line = f"{rep.log.source}: {_what(rep)}, " + ("all legal" if not bad else f"{len(bad)} illegal")
    if bad:
        v = bad[0]
        where = v.action if v.index is None else f"{event_in(v.index, 'en')}, {seat_name(v.seat, en=True)}"
        line += f"; first: {where} [{v.rule}] {v.message_en}"
        if rep.stopped_at is not None:
            line += " (strict: stopped there)"
    if rep.unverified:
        line += f"; {len(rep.unverified)} unverified"
    return line


def _several(args: argparse.Namespace) -> list[LogFile] | None:
    """The log files of a command given several logs or a folder, in order, each with why it is not read when
    it is not (a FIFO found in a folder, say: ``replay.formats.logfiles``); None: one log file or ``-``, written in full as
    ever."""
    paths: list[str] = args.logs
    if len(paths) == 1 and (paths[0] == "-" or not os.path.isdir(paths[0])):
        return None
    if "-" in paths:
        raise InputError("- (standard input) is read alone, not beside other logs")
    from replay.formats.logfiles import LOG_SUFFIXES, log_files

    files = log_files(paths)
    if not files:
        raise InputError(f"{', '.join(paths)}: no log files ({', '.join(LOG_SUFFIXES)}) in it")
    return files


def _over_logs(
    args: argparse.Namespace,
    files: list[LogFile],
    strict: bool,
    line: Callable[[Replay[GameState]], str],
    doc: Callable[[Replay[GameState]], dict[str, Any]],
) -> int:
    """Each log in turn, one line each (``--json``: a list, each object with its ``source``; a log that
    cannot be read gives its reason, and the others are read all the same); the exit code is the worst."""
    from replay.formats.log import LogError
    from replay.rules.profile import ProfileError

    worst, docs = EXIT_OK, []
    for log_file in files:
        path = str(log_file.path)
        try:
            if log_file.skip is not None:  # found in a folder and not to be opened (a FIFO, a symlink out of it)
                raise InputError(f"{path}: {log_file.skip}")
            rep = _replay(args, strict, path, keep=args.json)  # a line needs no state but the last
            code, text, found = (EXIT_OK if rep.ok else EXIT_ILLEGAL), line(rep), doc(rep)
        except (InputError, LogError, ProfileError) as exc:
            msg = str(exc) if str(exc).startswith(path) else f"{path}: {exc}"
            code, text, found = EXIT_INPUT, f"{msg} (not read)", {"error": str(exc)}
        except Exception as exc:  # a bug on this log: said, and the other logs are read all the same
            err = f"internal error ({type(exc).__name__}: {exc}); please report it"
            code, text, found = EXIT_BUG, f"{path}: {err}", {"error": err}
        worst = max(worst, code)
        if args.json:
            docs.append({"source": path, **found})
        else:
            print(text, flush=True)
    _settle(worst)
    if args.json:
        _emit(docs)
    return worst


def _score_json(rep: Replay[GameState], score: Score | None) -> dict[str, Any]:
    """The JSON of ``fupan score --json``; 升级 adds ``points`` and ``levels`` (before, after); every
    game ``claimed`` (the log's result, or null) and ``differs`` (the claimed entries the deal does not
    bear out)."""
    from cli.text import text_for
    from replay.scoring import compare_result

    claims = {
        **({"result_only": True} if rep.log.result_only else {}),  # a score sheet without moves
        "claimed": rep.log.to_json().get("result"),  # as the log gives it, in the format's key order
        "differs": [d.to_json() for d in compare_result(rep.log.result, score, rep.log.game, rep.final)],
    }
    if score is None:
        return {
            "finished": False,
            "finish_order": text_for(rep.log.game).finished(rep),
            "places": [],
            "teams": [],
            "sweep": False,
            "void": False,
            **claims,
        }
    doc = score.to_json()
    if isinstance(doc.get("levels"), dict):
        doc["levels"] = {k: doc["levels"][k] for k in SCORE_LEVELS if k in doc["levels"]}
    return {**doc, **claims}


def _claim_lines(rep: Replay[GameState], score: Score | None) -> list[str]:
    """The claimed result beside the computed one, entry by entry, each that differs marked with its rule."""
    from replay.claims import value_text
    from replay.scoring import claim_entries

    entries = claim_entries(rep.log.result, score, rep.log.game, rep.final)
    if not entries:
        return []
    rows = [("entry", "claimed", "computed", "")]
    for d in entries:
        mark = f"DIFFERS 不符 [{d.rule}] {d.message_en} / {d.message_zh}" if d.differs else f"agrees 相符 [{d.rule}]"
        rows.append((d.key, value_text(d.claimed), value_text(d.computed), mark))
    widths = [max(len(r[k]) for r in rows) for k in range(3)]
    lines = ["claimed result vs computed (记录的结果与牌局):"]
    lines += [("  " + "  ".join(r[k].ljust(widths[k]) for k in range(3)) + f"  {r[3]}").rstrip() for r in rows]
    return lines


def cmd_score(args: argparse.Namespace) -> int:
    """fupan score: places and points (of several logs, or of the logs in a folder: one line each)."""
    from cli.text import text_for

    files = _several(args)
    if files is not None:

        def line(rep: Replay[GameState]) -> str:
            bad = len(rep.illegal)
            tail = "" if not bad else f" ({bad} illegal event{'s' if bad > 1 else ''})"
            sheet = " (result only)" if rep.log.result_only else ""
            return f"{rep.log.source}: {text_for(rep.log.game).score_line(rep, rep.score())}{sheet}{tail}"

        return _over_logs(args, files, False, line, lambda rep: _score_json(rep, rep.score()))
    args.log = args.logs[0]
    rep = _replay(args, strict=False)
    _settle(EXIT_OK if rep.ok else EXIT_ILLEGAL)
    score = rep.score()
    if args.json:
        _emit(_score_json(rep, score))
    else:
        head = ["result only (成绩单，无出牌记录): scored from the sheet"] if rep.log.result_only else []
        print("\n".join(head + text_for(rep.log.game).score_lines(rep, score) + _claim_lines(rep, score)))
    return EXIT_OK if rep.ok else EXIT_ILLEGAL


def cmd_replay(args: argparse.Namespace) -> int:
    """fupan replay: the table step by step, or at one step."""
    from cli.text import text_for

    rep = _replay(args, strict=False)
    _settle(EXIT_OK if rep.ok else EXIT_ILLEGAL)
    code = EXIT_OK if rep.ok else EXIT_ILLEGAL
    if args.ruled:  # the line as ruled, replayed as its own log; the exit code stays the record's
        from cli.lines_text import ruled_replay

        rep = ruled_replay(rep, quiet=args.json)
    last = len(rep.states) - 1
    if args.step is not None:
        if not 0 <= args.step <= last:
            raise InputError(f"--step {args.step}: expected 0..{last}")
        if args.json:
            _emit(rep.view(args.step).to_json())
        else:
            print("\n".join(text_for(rep.log.game).step_lines(rep, args.step)))
        return code
    if args.json:  # a step at a time (an iterator: _emit): 100,000 steps are some 400 MB of JSON
        _emit({"steps": rep.steps_json()})
        return code
    text = text_for(rep.log.game)
    if rep.log.result_only:  # a score sheet: no table to step through
        print("result only (成绩单，无出牌记录): no moves to replay; the score from the sheet:")
        print("\n".join(text.score_lines(rep, rep.score())))
        return code
    print("\n".join(text.step_lines(rep, 0)))
    print("\n".join(text.event_lines(rep)))
    print("\n".join(text.score_lines(rep, rep.score())))
    if not rep.ok:
        from cli.lines_text import ruled_lines

        ruled = ruled_lines(rep)
        if ruled:
            print("\n".join(["", *ruled]))
    return code


def cmd_simulate(args: argparse.Namespace) -> int:
    """fupan simulate: write simulated deals as JSON logs."""
    from replay import games
    from replay.rules.profile_loader import default_profile, find_profile
    from replay.simulate import write_deals

    if args.game not in games.names():
        raise InputError(f"--game {args.game}: expected one of {', '.join(games.names())}")
    if args.deals < 1:
        raise InputError("--deals: expected a positive number")
    profile = find_profile(args.profile or default_profile(args.game))
    if profile.game != args.game:
        raise InputError(f"--profile {args.profile}: a profile for {profile.game}, not {args.game}")
    paths = write_deals(args.out, args.deals, args.seed, profile)
    print(f"wrote {count(len(paths), 'deal')} to {args.out}")
    return EXIT_OK


def cmd_demo(args: argparse.Namespace) -> int:
    """fupan demo: simulate one deal, print its replay and score."""
    from cli.text import text_for
    from replay import games
    from replay.replay import Replay
    from replay.simulate import simulate_deal

    deal = simulate_deal(args.seed, args.profile)
    rep = Replay(deal.log)
    print(f"simulated {games.get(deal.log.game).name_zh} deal, seed {args.seed}, profile {args.profile}")
    for s in deal.log.seats:
        print(f"  {seat_name(s.seat, en=True)}: {s.player}")
    log = deal.log
    if log.kitty is not None:
        print(f"  kitty (底牌): {' '.join(c.token for c in log.kitty)}")
    if log.levels is not None:
        print(f"  levels: {side_name(0, 4)[1]} {log.levels[0]}, {side_name(1, 4)[1]} {log.levels[1]}")
    text = text_for(log.game)
    print("\n".join(text.event_lines(rep)))
    print("\n".join(text.score_lines(rep, rep.score())))
    return EXIT_OK


def cmd_convert(args: argparse.Namespace) -> int:
    """fupan convert: a log from JSON to the text notation or back, each in its canonical form. The log
    is read (what cannot be read is refused, exit 2) but not judged: no replay."""
    from replay.formats.notation.read import format_text

    log = _read(args.log, limits_of(args))
    if args.to == "json":
        out = log.dumps()
    else:
        try:
            out = format_text(log)
        except ValueError as exc:  # a profile name the notation cannot hold
            raise InputError(f"{log.source}: {exc}") from None
    return put_out(out, args.out, "the log")


def cmd_profiles(args: argparse.Namespace) -> int:
    """fupan profiles: the shipped profiles, or one profile's options."""
    from replay.rules.profile_loader import find_profile, load_profile, options_for, shipped_profiles

    if args.name is None:
        for name in shipped_profiles():
            p = load_profile(name)
            print(f"{name:<16} {p.game:<9} {p.title_zh} / {p.title_en}")
        return EXIT_OK
    p = find_profile(args.name)
    print(f"{p.name} ({p.game}): {p.title_en}; source: {p.source}")
    for key, opt in options_for(p.game).items():
        print(f"  {key} = {p.options[key]!r}  [{opt.rule}] {opt.help_en}")
    return EXIT_OK


class _Commands:
    """The subcommands' parsers, in full only for ``command`` (every one when None): another command's parser
    is its name and help line, all that ``fupan --help`` lists, so that building the parser imports nothing a
    command's own options would need (``coach``'s defaults come from the coach's modules)."""

    def __init__(self, sub: Any, command: str | None) -> None:
        self.sub, self.command = sub, command

    def add_parser(self, name: str, **kw: Any) -> argparse.ArgumentParser:
        import argparse

        if self.full(name):
            made: argparse.ArgumentParser = self.sub.add_parser(name, **kw)
            return made
        self.sub.add_parser(name, help=kw.get("help"))
        return argparse.ArgumentParser(prog=name, add_help=False)  # takes the options, to be dropped

    def full(self, name: str) -> bool:
        """Whether ``name``'s parser is built in full."""
        return self.command is None or name == self.command


def build_parser(command: str | None = None) -> argparse.ArgumentParser:
    """The argument parser of ``fupan``: every subcommand's in full, or only ``command``'s (``main``: the one
    the arguments name; "" none, as for ``fupan --help``)."""
    import argparse

    from cli.branch import add_parser as add_branch_parser
    from cli.coach import add_parser as add_coach_parser
    from cli.library import add_parsers as add_library_parsers
    from cli.referee import add_parsers as add_referee_parsers
    from cli.season import add_parser as add_season_parser
    from replay import games

    ap = argparse.ArgumentParser(prog="fupan", description="复盘: replay and check 够级 / 保皇 / 升级 deals")
    sub: Any = _Commands(
        ap.add_subparsers(dest="command", required=True, help="fupan COMMAND --help: its options"), command
    )
    p = sub.add_parser("check", help="a verdict for every event")
    p.add_argument("logs", nargs="+", metavar="LOG", help=SEVERAL)
    p.add_argument("--json", action="store_true", help="every verdict as JSON (several logs: a list)")
    p.add_argument("--lenient", action="store_true", help="read on after an illegal event")
    p.add_argument("--profile", help="the rule profile instead of the log's: " + PROFILE_HELP)
    add_limit_args(p)
    p.set_defaults(func=cmd_check)
    p = sub.add_parser("replay", help="the table step by step")
    p.add_argument("log", help="a JSON or text log, or - for standard input")
    p.add_argument("--step", type=int, metavar="N", help="only the table after N events (0: as dealt)")
    p.add_argument("--json", action="store_true", help="the table as JSON: at --step N, else at every step")
    p.add_argument(
        "--ruled",
        action="store_true",
        help="the line as ruled: the illegal events withdrawn, the record up to where it departs (its own steps)",
    )
    p.add_argument("--profile", help="the rule profile instead of the log's: " + PROFILE_HELP)
    add_limit_args(p)
    p.set_defaults(func=cmd_replay)
    p = sub.add_parser("score", help="places and points")
    p.add_argument("logs", nargs="+", metavar="LOG", help=SEVERAL)
    p.add_argument("--json", action="store_true", help="the score as JSON (several logs: a list)")
    p.add_argument("--profile", help="the rule profile instead of the log's: " + PROFILE_HELP)
    add_limit_args(p)
    p.set_defaults(func=cmd_score)
    add_coach_parser(sub)
    add_branch_parser(sub)
    p = sub.add_parser("convert", help="a log from JSON to the text notation or back (read, not judged)")
    p.add_argument("log", help="a JSON or text log, or - for standard input")
    p.add_argument(
        "--to",
        required=True,
        choices=("json", "text"),
        help="json: the canonical JSON (as Log.dumps writes it); text: the canonical text notation",
    )
    p.add_argument("--out", metavar="FILE", help="write the log to FILE (UTF-8) instead of standard output")
    add_limit_args(p)
    p.set_defaults(func=cmd_convert)
    p = sub.add_parser("simulate", help="write simulated deals")
    p.add_argument(
        "--game", default="gouji", help=f"one of {', '.join(games.names())} (its default profile unless --profile)"
    )
    p.add_argument("--deals", type=int, default=1, metavar="N", help="how many deals (default: 1)")
    p.add_argument(
        "--seed", type=int, default=1, help="the first deal's seed; the same seed, the same deals (default: 1)"
    )
    p.add_argument(
        "--out", required=True, metavar="FOLDER", help="the folder the logs are written to (made if missing)"
    )
    p.add_argument("--profile", help="the rule profile instead of the game's default: " + PROFILE_HELP)
    p.set_defaults(func=cmd_simulate)
    p = sub.add_parser("demo", help="simulate a deal and print its replay and score")
    p.add_argument("--seed", type=int, default=7, help="the deal's seed; the same seed, the same deal (default: 7)")
    p.add_argument("--profile", default="gouji", help="the rule profile (default: gouji): " + PROFILE_HELP)
    p.set_defaults(func=cmd_demo)
    add_library_parsers(sub)
    add_season_parser(sub)
    add_referee_parsers(sub)
    p = sub.add_parser("profiles", help="list rule profiles or show one")
    p.add_argument("name", nargs="?", help="a profile, its options (none: the shipped profiles); " + PROFILE_HELP)
    p.set_defaults(func=cmd_profiles)
    return ap


def main(argv: Sequence[str] | None = None) -> int:
    """Run ``fupan``; returns the exit code."""
    words = sys.argv[1:] if argv is None else list(argv)
    args = plain_args(words)
    if args is None:
        # the subcommand (fupan has no options of its own); none: ``fupan --help`` lists the commands' names only
        named = next((w for w in words if not w.startswith("-")), "")
        args = build_parser(named).parse_args(words)
    try:
        code: int = args.func(args)
        return code
    except BrokenPipeError:  # the reader went away (| head): keep the verdict's exit code, print nothing more
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return _outcome[0]
    except Exception as exc:
        if isinstance(
            exc,
            (
                InputError,
                *_loaded(
                    "replay.formats.log:LogError", "replay.rules.profile:ProfileError", "data.states:DatabaseStateError"
                ),
            ),
        ):
            print(f"fupan: {exc}", file=sys.stderr)
            return EXIT_INPUT
        if isinstance(exc, _loaded("sqlalchemy.exc:SQLAlchemyError")):
            print(f"fupan: database error: {str(exc).splitlines()[0]}", file=sys.stderr)
            return EXIT_INPUT
        print(f"fupan: internal error ({type(exc).__name__}: {exc}); please report it", file=sys.stderr)
        return EXIT_BUG  # a bug: one line, not a traceback


#: the commands on logs read without argparse when their words are plain (``plain_args``): each one's flags, and its
#: options that take a value (with the type argparse gives them), as ``build_parser`` declares them
PLAIN: dict[str, tuple[tuple[str, ...], dict[str, Callable[[str], Any]]]] = {
    "check": (("--json", "--lenient"), {"--profile": str, "--max-bytes": int, "--max-events": int}),
    "score": (("--json",), {"--profile": str, "--max-bytes": int, "--max-events": int}),
}


def plain_args(words: Sequence[str]) -> Any:
    """The arguments of ``fupan check`` or ``score`` when they are plain: the command first, its log(s) in one run,
    each option spelled in full with its value as the next word. Then they are what argparse would make of them
    (tests/cli/test_cli_start.py compares the two), without importing argparse or building its parser, some milliseconds
    of the command's start. None for anything else (help, an abbreviation, ``--opt=value``, a value argparse would
    refuse, another command): argparse reads those, with its messages."""
    import types

    from replay.formats.limits import MAX_EVENTS, MAX_LOG_BYTES

    spec = PLAIN.get(words[0]) if words else None
    if spec is None:
        return None
    flags, valued = spec
    command = words[0]
    got: dict[str, Any] = {"command": command, "logs": [], "profile": None}
    got.update({f[2:]: False for f in flags}, max_bytes=MAX_LOG_BYTES, max_events=MAX_EVENTS)
    logs, ended, k = got["logs"], False, 1
    while k < len(words):
        word = words[k]
        if word in flags:
            got[word[2:]], ended = True, bool(logs)
        elif word in valued:
            if k + 1 == len(words) or words[k + 1].startswith("-"):
                return None
            try:
                got[word[2:].replace("-", "_")] = valued[word](words[k + 1])
            except ValueError:
                return None
            ended, k = bool(logs), k + 1
        elif word == "-" or not word.startswith("-"):
            if ended:  # argparse takes the logs in one run
                return None
            logs.append(word)
        else:
            return None
        k += 1
    if not logs:
        return None
    return types.SimpleNamespace(**got, func=cmd_check if command == "check" else cmd_score)


def _loaded(*names: str) -> tuple[type[BaseException], ...]:
    """The exception classes named ``"module:Class"`` whose module is imported: one never imported was never
    raised, so a command that did not use the library need not import SQLAlchemy to tell its errors apart."""
    out = []
    for name in names:
        module, _, cls = name.partition(":")
        mod = sys.modules.get(module)
        if mod is not None:
            out.append(getattr(mod, cls))
    return tuple(out)


def run() -> None:
    """The ``fupan`` program (its console script): ``main``, then the exit. A command of ``PLAIN`` (check, score) has
    nothing left to do once its output is flushed (it wrote no file, opened no library, started no thread or
    process, registered nothing to run at exit), so the process ends there (``os._exit``) instead of tearing the
    interpreter down object by object, a tenth of ``fupan check``'s time (issue 17, item 3). They also run with the
    cyclic garbage collector paused (its passes over the imports' objects were a few per cent of their time): what
    they make of each log is freed by reference counting alone, so that a folder of any size is read in the memory
    of one log (tests/cli/test_cli_start.py). Every other command exits as Python does."""
    words = sys.argv[1:]
    plain = bool(words) and words[0] in PLAIN
    if plain:
        import gc

        gc.disable()
    code = main(words)
    if plain:
        for stream in (sys.stdout, sys.stderr):
            try:
                stream.flush()
            except BrokenPipeError:  # the reader went away (| head): the verdict's exit code stands, as in main
                pass
            except (OSError, ValueError):  # the output could not be written: Python's own exit says so
                sys.exit(code)
        os._exit(code)
    sys.exit(code)


if __name__ == "__main__":
    run()
