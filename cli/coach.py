"""``fupan coach LOG``: the coach's findings on a deal (violations, maxims, notes) as text, JSON or a
self-contained HTML report, priced by rollouts with ``--evaluate`` (docs/coach.md, docs/evaluation.md).
Exit code 1 when a finding it reports is a rule violation."""

from __future__ import annotations

import argparse
import sys
from typing import TYPE_CHECKING, Any

from cli.common import (
    EXIT_ILLEGAL,
    EXIT_OK,
    PROFILE_HELP,
    InputError,
    _emit,
    _replay,
    _settle,
    add_limit_args,
    progress_bar,
    write_file,
)
from replay import games
from replay.core.game_state import GameState
from replay.core.numbering import event_in
from replay.core.plural import count
from replay.core.said import seat_name, team_words
from replay.replay import Replay

if TYPE_CHECKING:
    from coach.coach import Report
    from coach.findings import Finding
    from coach.prices import Evaluation


def _coach_place(rep: Replay[GameState], f: Finding) -> str:
    if f.index is not None:
        return f"{rep.log.where(f.index)}: {event_in(f.index, 'en')}, {seat_name(f.seat, en=True)}"
    who = (
        f", {seat_name(f.seat, en=True)}"
        if f.seat is not None
        else f", {team_words(f.seats, rep.final.n)[1]}"
        if f.seats
        else ""
    )
    return f"{rep.log.source}: the whole deal{who}"


def _coach_cite(f: Finding) -> str:
    from coach.maxims import BY_KEY

    cites = []
    if f.rule:
        cites.append(f.rule)
    if f.maxim:
        mx = BY_KEY.get(f.maxim)
        cites.append(mx.saying if mx is not None else f.maxim)
    return f"[{' '.join(cites)}] " if cites else ""


def _judged(f: Finding) -> str:
    """The move's one judgement (``coach.judgement``), Chinese first; "not priced" for a move no evaluation priced."""
    j = f.told_judgement
    if j is not None:
        return f" — 判断 / judgement ({j.kind}): {j.zh} / {j.en}"
    return " — 未估价 / not priced" if f.unpriced else ""


def _worth(f: Finding) -> str:
    """A maxim finding's worth in the study and its status (coach.effects), Chinese first."""
    w = f.worth
    if w is None:
        return ""
    return f" — {w['zh']} / {w['en']} (docs/maxims.md)"


_SEVERITY_ORDER = {"violation": 0, "mistake": 1, "hint": 2, "trial": 3}


def _counts(c: dict[str, Any]) -> str:
    total = c.get("total", 0)
    if not total:
        return "no findings"
    sev = c.get("by_severity", {})
    named = [*c.get("by_rule", {}).items(), *c.get("by_maxim", {}).items()]
    parts = [
        f"{total} finding{'s' if total != 1 else ''}",
        ", ".join(f"{k} {sev[k]}" for k in sorted(sev, key=lambda k: _SEVERITY_ORDER.get(k, 9)) if sev[k]),
        ", ".join(f"{k} ×{n}" for k, n in named),
    ]
    return "; ".join(p for p in parts if p)


def _coach_lines(report: Report, seat: int | None) -> list[str]:
    rep = report.replay
    lines = [
        f"{_coach_place(rep, f)}: {f.kind}/{f.severity} {_coach_cite(f)}{f.message_zh} / {f.message_en}{_worth(f)}{_judged(f)}"
        for f in report.findings
    ]
    summary = report.summary
    lines.append("summary:")
    for s, c in summary["seats"].items():
        if seat is not None and int(s) != seat:
            continue
        name = rep.log.player(int(s))
        label = f"{seat_name(s, en=True)}" + ("" if name == f"{seat_name(s, en=True)}" else f" {name}")
        lines.append(f"  {label}: {_counts(c)}")
    if seat is None:  # with --seat a team's counts would hold only that seat's findings
        n = rep.final.n
        lines += [f"  {team_words(t['seats'], n)[1]}: {_counts(t)}" for t in summary["teams"]]
    bad = sum(1 for f in report.findings if f.kind == "violation")
    lines.append(
        f"{rep.log.source}: {count(len(report.findings), 'finding')}, "
        + ("no violation" if bad == 0 else count(bad, "violation"))
        + ("" if seat is None else f" ({seat_name(seat, en=True)})")
    )
    return lines


def _seat_report(report: Report, seat: int) -> Report:
    """Only the findings about ``seat``: its own, and deal-level ones about no other seat."""
    from coach.coach import Report
    from coach.findings import summarize

    kept = [f for f in report.findings if f.seat == seat or (f.seat is None and (not f.seats or seat in f.seats))]
    if len(kept) == len(report.findings):
        return report
    teams = [tuple(t["seats"]) for t in report.summary.get("teams", [])]
    return Report(report.replay, tuple(kept), summarize(kept, report.replay.final.n, teams))


def _evaluate(args: argparse.Namespace, rep: Replay[GameState]) -> Evaluation:
    """Price the deal's decisions as the --evaluate options ask."""
    from coach.eta import Eta
    from coach.evaluate import evaluate_replay
    from coach.prices import EvaluationUnsupported, Settings

    if args.rollouts < 2:
        raise InputError(f"--rollouts {args.rollouts}: expected 2 or more")
    if args.candidates < 2:
        raise InputError(f"--candidates {args.candidates}: expected 2 or more")
    if args.jobs < 0:
        raise InputError(f"--jobs {args.jobs}: expected 0 (every core) or more")
    if args.max_rollouts is not None and args.max_rollouts < 2:
        raise InputError(f"--max-rollouts {args.max_rollouts}: expected 2 or more")
    settings = Settings(
        rollouts=args.rollouts,
        max_candidates=args.candidates,
        seed=args.seed,
        sampling=args.sampling,
        max_rollouts=args.max_rollouts or 0,
    )
    seats = None if args.seat is None else [args.seat]
    eta = Eta() if sys.stderr.isatty() else None  # the bar's time left, measured on the decisions priced so far
    show = progress_bar("decisions", eta=eta) if eta is not None else None
    try:
        return evaluate_replay(rep, settings, jobs=args.jobs, seats=seats, progress=show, eta=eta)
    except EvaluationUnsupported as exc:
        raise InputError(str(exc)) from None


def _evaluation_lines(report: Report, seat: int | None) -> list[str]:
    ev = report.evaluation
    assert ev is not None
    rep = report.replay
    s = ev.settings
    lines = [
        f"evaluation: {count(len(ev.decisions), 'decision')} priced, {count(ev.rollouts_done, 'rollout')} in"
        f" {ev.seconds:.1f} s ({s.rollouts}"
        + (f" to {s.budget}" if s.budget > s.rollouts else "")
        + " rollouts per candidate and view, at most"
        f" {count(s.max_candidates, 'candidate')}, seed {s.seed})"
    ]
    for row in ev.seat_summary():
        if (seat is not None and row["seat"] != seat) or not row["decisions"]:
            continue
        name = rep.log.player(row["seat"])
        label = f"{seat_name(row['seat'], en=True)}" + (
            "" if name == f"{seat_name(row['seat'], en=True)}" else f" {name}"
        )
        grades = ", ".join(f"{g} {row[g]}" for g in ("inaccuracy", "mistake", "blunder") if row[g]) or "no graded loss"
        lines.append(f"  {label}: accuracy {row['accuracy']:.1f}% over {row['decisions']} decisions; {grades}")
    for d in ev.decisions:
        if d.grade is None and d.certain is None and d.undecided is None:
            continue
        best = d.candidates[d.loss.best]
        other = [v for k, v in d.losses.items() if k != d.view]
        also = f"; all cards known: {other[0].loss:+.2f}" if other else ""
        lines.append(
            f"  {rep.log.where(d.index)}: {event_in(d.index, 'en')}, {seat_name(d.seat, en=True)}: {d.actual.label()} — {d.grade or 'no grade'}"
            + (f" (perhaps a {d.undecided}: undecided)" if d.undecided else "")
            + ":"
            f" {d.loss.loss:.2f} ± {d.loss.se:.2f} points below {best.label()} ({d.view} view{also})"
        )
        if d.certain is not None:
            better = " ".join([d.certain.better.action, *(c.token for c in d.certain.better.cards)])
            lines.append(f"    certain from what the seat knew: {d.certain.zh} ({d.certain.en}); {better} was legal")
    return lines


def cmd_coach(args: argparse.Namespace) -> int:
    """fupan coach: the coach's findings (rule violations, maxims, notes) with their evidence."""
    from coach.coach import coach_replay
    from coach.report import html_report

    rep = _replay(args, strict=False)
    n = games.get(rep.log.game).seats
    if args.seat is not None and not 0 <= args.seat < n:
        raise InputError(f"--{seat_name(args.seat, en=True)}: expected 0..{n - 1}")
    evaluation = _evaluate(args, rep) if args.evaluate else None
    report = coach_replay(rep, args.seat, evaluation)
    if args.seat is not None:
        report = _seat_report(report, args.seat)
    code = EXIT_ILLEGAL if any(f.kind == "violation" for f in report.findings) else EXIT_OK
    if args.html:
        write_file(args.html, html_report(report), "the report")
    _settle(code)
    if args.json:
        _emit(report.to_json())
        return code
    print("\n".join(_coach_lines(report, args.seat)))
    if report.evaluation is not None:
        print("\n".join(_evaluation_lines(report, args.seat)))
    if args.html:
        print(f"html report: {args.html}")
    return code


def add_parser(sub: Any) -> None:
    """Add ``coach`` to the ``fupan`` parser's subcommands (its options only when it is the command run:
    their defaults come from the coach's modules, which another command need not import)."""
    p = sub.add_parser("coach", help="the coach's findings: violations, maxims, notes")
    if not sub.full("coach"):
        return
    from coach.prices import DEFAULT_CANDIDATES, DEFAULT_ROLLOUTS, DEFAULT_SAMPLING, EXTENSION, SAMPLINGS

    p.add_argument("log", help="a JSON or text log, or - for standard input")
    p.add_argument("--seat", type=int, help="only the findings about this seat")
    p.add_argument("--json", action="store_true", help="the findings (and any prices) as JSON")
    p.add_argument("--html", metavar="OUT", help="also write a self-contained HTML report to OUT")
    p.add_argument("--profile", help="the rule profile instead of the log's: " + PROFILE_HELP)
    p.add_argument("--evaluate", action="store_true", help="price every decision by rollouts (grades, accuracy)")
    p.add_argument("--rollouts", type=int, default=DEFAULT_ROLLOUTS, help="rollouts per candidate and view, at least")
    p.add_argument(
        "--max-rollouts",
        type=int,
        help=f"rollouts a view may reach while a mistake or a blunder is undecided (default {EXTENSION} × --rollouts)",
    )
    p.add_argument("--candidates", type=int, default=DEFAULT_CANDIDATES, help="candidates priced per decision")
    p.add_argument("--jobs", type=int, default=0, help="worker processes (0: every core)")
    p.add_argument("--seed", type=int, default=0, help="seed of the sampled deals and rollouts")
    p.add_argument(
        "--sampling",
        choices=SAMPLINGS,
        default=DEFAULT_SAMPLING,
        help="the seat view's worlds: weighted by the others' play (inference) or uniform",
    )
    add_limit_args(p)
    p.set_defaults(func=cmd_coach)
