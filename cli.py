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

import argparse
import os
import sys
from collections.abc import Sequence
from typing import Any

from sqlalchemy.exc import SQLAlchemyError

import cli_shengji  # noqa: F401  (registers 升级's text)
from cli_coach import add_parser as add_coach_parser
from cli_common import (
    EXIT_BUG,
    EXIT_ILLEGAL,
    EXIT_INPUT,
    EXIT_OK,
    InputError,
    _emit,
    _outcome,
    _read,
    _replay,
    _settle,
    add_limit_args,
    limits_of,
)
from cli_library import add_parsers as add_library_parsers
from cli_referee import add_parsers as add_referee_parsers
from cli_text import text_for
from data.states import DatabaseStateError
from replay import games
from replay.claims import claim_entries, compare_result, value_text
from replay.log import LogError
from replay.profile import ProfileError, default_profile, find_profile, load_profile, options_for, shipped_profiles
from replay.replay import Replay
from replay.scoring import Score
from replay.verdicts import Verdict

SCORE_LEVELS = ("before", "after")  # the keys of a 升级 score's "levels" that `score --json` gives


def _place(rep: Replay, v: Verdict) -> str:
    if v.index is None:
        return f"{rep.log.source}: {v.action}" + ("" if v.seat is None else f", seat {v.seat}")
    return f"{rep.log.where(v.index)}: event {v.index}, seat {v.seat}"


def cmd_check(args: argparse.Namespace) -> int:
    """fupan check: a verdict for every event."""
    rep = _replay(args, strict=not args.lenient)
    _settle(EXIT_OK if rep.ok else EXIT_ILLEGAL)
    if args.json:
        _emit(
            {
                "ok": rep.ok,
                "events": len(rep.log.events),
                "verdicts": [v.to_json() for v in rep.all_verdicts],
                "unverified": rep.unverified,
            }
        )
        return EXIT_OK if rep.ok else EXIT_ILLEGAL
    for v in rep.illegal:
        print(f"{_place(rep, v)}: [{v.rule}] {v.message_zh} / {v.message_en}")
    if rep.stopped_at is not None:
        print("stopped at the first illegal event (strict mode); use --lenient to read on")
    for note in rep.unverified:
        print(f"unverified: {note}")
    n = len(rep.log.events)
    bad = len(rep.illegal)
    print(f"{rep.log.source}: {n} events, " + ("all legal" if bad == 0 else f"{bad} illegal"))
    return EXIT_OK if rep.ok else EXIT_ILLEGAL


def _score_json(rep: Replay, score: Score | None) -> dict[str, Any]:
    """The JSON of ``fupan score --json``; 升级 adds ``points`` and ``levels`` (before, after); every
    game ``claimed`` (the log's result, or null) and ``differs`` (the claimed entries the deal does not
    bear out)."""
    claims = {
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


def _claim_lines(rep: Replay, score: Score | None) -> list[str]:
    """The claimed result beside the computed one, entry by entry, each that differs marked with its rule."""
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
    """fupan score: places and points."""
    rep = _replay(args, strict=False)
    _settle(EXIT_OK if rep.ok else EXIT_ILLEGAL)
    score = rep.score()
    if args.json:
        _emit(_score_json(rep, score))
    else:
        print("\n".join(text_for(rep.log.game).score_lines(rep, score) + _claim_lines(rep, score)))
    return EXIT_OK if rep.ok else EXIT_ILLEGAL


def cmd_replay(args: argparse.Namespace) -> int:
    """fupan replay: the table step by step, or at one step."""
    rep = _replay(args, strict=False)
    _settle(EXIT_OK if rep.ok else EXIT_ILLEGAL)
    last = len(rep.states) - 1
    if args.step is not None:
        if not 0 <= args.step <= last:
            raise InputError(f"--step {args.step}: expected 0..{last}")
        if args.json:
            _emit(rep.view(args.step).to_json())
        else:
            print("\n".join(text_for(rep.log.game).step_lines(rep, args.step)))
        return EXIT_OK if rep.ok else EXIT_ILLEGAL
    if args.json:
        _emit({"steps": [rep.view(k).to_json() for k in range(last + 1)]})
        return EXIT_OK if rep.ok else EXIT_ILLEGAL
    text = text_for(rep.log.game)
    print("\n".join(text.step_lines(rep, 0)))
    print("\n".join(text.event_lines(rep)))
    print("\n".join(text.score_lines(rep, rep.score())))
    return EXIT_OK if rep.ok else EXIT_ILLEGAL


def cmd_simulate(args: argparse.Namespace) -> int:
    """fupan simulate: write simulated deals as JSON logs."""
    from replay.simulate import write_deals

    if args.game not in games.names():
        raise InputError(f"--game {args.game}: expected one of {', '.join(games.names())}")
    if args.deals < 1:
        raise InputError("--deals: expected a positive number")
    profile = find_profile(args.profile or default_profile(args.game))
    if profile.game != args.game:
        raise InputError(f"--profile {args.profile}: a profile for {profile.game}, not {args.game}")
    paths = write_deals(args.out, args.deals, args.seed, profile)
    print(f"wrote {len(paths)} deals to {args.out}")
    return EXIT_OK


def cmd_demo(args: argparse.Namespace) -> int:
    """fupan demo: simulate one deal, print its replay and score."""
    from replay.simulate import simulate_deal

    deal = simulate_deal(args.seed, args.profile)
    rep = Replay(deal.log)
    print(f"simulated {games.get(deal.log.game).name_zh} deal, seed {args.seed}, profile {args.profile}")
    for s in deal.log.seats:
        print(f"  seat {s.seat}: {s.player}")
    log = deal.log
    if log.kitty is not None:
        print(f"  kitty (底牌): {' '.join(c.token for c in log.kitty)}")
    if log.levels is not None:
        print(f"  levels: side 0 (seats 0, 2) {log.levels[0]}, side 1 (seats 1, 3) {log.levels[1]}")
    text = text_for(log.game)
    print("\n".join(text.event_lines(rep)))
    print("\n".join(text.score_lines(rep, rep.score())))
    return EXIT_OK


def cmd_convert(args: argparse.Namespace) -> int:
    """fupan convert: a log from JSON to the text notation or back, each in its canonical form. The log
    is read (what cannot be read is refused, exit 2) but not judged: no replay."""
    from replay.notation import format_text

    log = _read(args.log, limits_of(args))
    if args.to == "json":
        out = log.dumps()
    else:
        try:
            out = format_text(log)
        except ValueError as exc:  # a profile name the notation cannot hold
            raise InputError(f"{log.source}: {exc}") from None
    if args.out is None:
        sys.stdout.write(out)
        return EXIT_OK
    try:
        with open(args.out, "w", encoding="utf-8", newline="") as fh:
            fh.write(out)
    except OSError as exc:
        raise InputError(f"{args.out}: cannot write the log ({exc.strerror or exc})") from None
    return EXIT_OK


def cmd_profiles(args: argparse.Namespace) -> int:
    """fupan profiles: the shipped profiles, or one profile's options."""
    if args.name is None:
        for name in shipped_profiles():
            p = load_profile(name)
            print(f"{name:<16} {p.game:<9} {p.title_zh} / {p.title_en}")
        return EXIT_OK
    p = load_profile(args.name)
    print(f"{p.name} ({p.game}): {p.title_en}; source: {p.source}")
    for key, opt in options_for(p.game).items():
        print(f"  {key} = {p.options[key]!r}  [{opt.rule}] {opt.help_en}")
    return EXIT_OK


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of ``fupan``."""
    ap = argparse.ArgumentParser(prog="fupan", description="复盘: replay and check 够级 / 保皇 / 升级 deals")
    sub = ap.add_subparsers(dest="command", required=True)
    p = sub.add_parser("check", help="a verdict for every event")
    p.add_argument("log", help="a JSON or text log, or - for standard input")
    p.add_argument("--json", action="store_true")
    p.add_argument("--lenient", action="store_true", help="read on after an illegal event")
    p.add_argument("--profile", help="rule profile name or .toml path (instead of the log's)")
    add_limit_args(p)
    p.set_defaults(func=cmd_check)
    p = sub.add_parser("replay", help="the table step by step")
    p.add_argument("log")
    p.add_argument("--step", type=int)
    p.add_argument("--json", action="store_true")
    p.add_argument("--profile")
    add_limit_args(p)
    p.set_defaults(func=cmd_replay)
    p = sub.add_parser("score", help="places and points")
    p.add_argument("log")
    p.add_argument("--json", action="store_true")
    p.add_argument("--profile")
    add_limit_args(p)
    p.set_defaults(func=cmd_score)
    add_coach_parser(sub)
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
    p.add_argument("--deals", type=int, default=1)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--out", required=True)
    p.add_argument("--profile")
    p.set_defaults(func=cmd_simulate)
    p = sub.add_parser("demo", help="simulate a deal and print its replay and score")
    p.add_argument("--seed", type=int, default=7)
    p.add_argument("--profile", default="gouji")
    p.set_defaults(func=cmd_demo)
    add_library_parsers(sub)
    add_referee_parsers(sub)
    p = sub.add_parser("profiles", help="list rule profiles or show one")
    p.add_argument("name", nargs="?")
    p.set_defaults(func=cmd_profiles)
    return ap


def main(argv: Sequence[str] | None = None) -> int:
    """Run ``fupan``; returns the exit code."""
    args = build_parser().parse_args(argv)
    try:
        return args.func(args)
    except (LogError, ProfileError, InputError, DatabaseStateError) as exc:
        print(f"fupan: {exc}", file=sys.stderr)
        return EXIT_INPUT
    except SQLAlchemyError as exc:
        print(f"fupan: database error: {str(exc).splitlines()[0]}", file=sys.stderr)
        return EXIT_INPUT
    except BrokenPipeError:  # the reader went away (| head): keep the verdict's exit code, print nothing more
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return _outcome[0]
    except Exception as exc:  # a bug: one line, not a traceback
        print(f"fupan: internal error ({type(exc).__name__}: {exc}); please report it", file=sys.stderr)
        return EXIT_BUG


if __name__ == "__main__":
    raise SystemExit(main())
