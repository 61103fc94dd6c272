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
from typing import TYPE_CHECKING, Any

from sqlalchemy.exc import SQLAlchemyError

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
from cli_referee import add_parsers as add_referee_parsers
from data.states import DatabaseStateError
from replay.claims import claim_entries, compare_result, value_text
from replay.log import LogError
from replay.profile import GAMES, ProfileError, default_profile, load_profile, options_for, shipped_profiles
from replay.replay import Replay
from replay.scoring import Score
from replay.shengji import RANK_LEVEL, SUIT_EN, SUIT_ZH, SjState, card_points
from replay.verdicts import Verdict

if TYPE_CHECKING:
    from sqlalchemy.engine import Engine

    from coach.coach import Report
    from coach.evaluate import Evaluation
    from coach.findings import Finding
    from data.importer import ImportResult

GAME_ZH = {"gouji": "够级", "baohuang": "保皇", "shengji": "升级"}
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


def _score_lines(rep: Replay, score: Score | None) -> list[str]:
    if isinstance(rep.final, SjState):
        return _shengji_score_lines(rep.final, score)
    if score is None:
        return ["the deal is not finished: no score"]
    if score.void:
        return _void_lines(score)
    lines = ["place  seat  points"]
    for p in score.places:
        lines.append(f"{p.place:>5}  {p.seat:>4}  {p.points:>6}")
    for t in score.teams:
        lines.append(f"team {list(t.seats)}: {t.points}" + ("" if score.roles else f" (sum {t.raw})"))
    if score.roles:
        r = score.roles
        kind = "抢庄 (grab)" if r["grab"] else "独保 (solo)" if r["solo"] else f"保皇派 seat {r['loyalist']}"
        lines.append(f"皇帝 seat {r['emperor']}, {kind}" + (", declared (明保/明独)" if r["revealed"] else ""))
    if score.sweep:
        lines.append("串三户 (sweep): scores doubled")
    lines += [f"  [{rule}] {text}" for rule, text in score.explain]
    return lines


def _void_lines(score: Score) -> list[str]:
    """A void deal: that it is void, why (the rule, in both languages), and that it has no score."""
    rule, zh, en = score.void_reason or ("", "本局作废", "the deal is void")
    return ["the deal is void: no score / 本局作废，不计分", f"  [{rule}] {zh} / {en}"]


def _side(side: int) -> str:
    """A 升级 side and its seats."""
    return f"side {side} (seats {side}, {side + 2})"


def _trumps_line(st: SjState) -> str:
    """升级: the trump suit, the level and the declarer (or that no declaration stands yet)."""
    tr = st.trumps
    if tr is None:
        return "trumps: not declared yet"
    return (
        f"trumps: {SUIT_EN[tr.suit]} ({SUIT_ZH[tr.suit]}), level {RANK_LEVEL[tr.level]}; "
        f"declarer (庄) seat {st.declarer}, {_side(st.declarers)}"
    )


def _shengji_score_lines(st: SjState, score: Score | None) -> list[str]:
    """升级: trumps and declarer, card points per side, the kitty, the defenders' points, the levels."""
    if score is not None and score.void:
        return _void_lines(score)
    lines = [_trumps_line(st)]
    won = [sum(1 for t in st.tricks if t.winner % 2 == side) for side in (0, 1)]
    if st.tricks:
        lines.append(
            "tricks: "
            + "; ".join(f"{_side(side)} won {won[side]}, {st.points[side]} points" for side in (0, 1))
            + f" ({len(st.tricks)} tricks)"
        )
    if score is None:
        return [*lines, "the deal is not finished: no score"]
    assert score.points is not None and score.levels is not None
    buried = " ".join(c.token for c in st.buried)
    kitty = score.points["kitty"]
    last = st.tricks[-1].winner if st.tricks else None
    defenders = 1 - st.declarers
    if last is None:
        went = ""
    elif last % 2 == defenders:
        went = f"; seat {last} (defenders) won the last trick: {kitty} points to the defenders"
    else:
        went = f"; seat {last} (declarers) won the last trick: it stays with the declarers"
    lines.append(f"kitty (底牌) buried: {buried or '-'} ({card_points(st.buried)} points){went}")
    lines.append(f"defenders {_side(defenders)}: {score.points['defenders']} points")
    lv = score.levels
    change = ", ".join(f"side {side} {lv['before'][side]} -> {lv['after'][side]}" for side in (0, 1))
    lines.append(f"levels: {change}")
    lines += [f"  [{rule}] {text}" for rule, text in score.explain]
    return lines


def _score_json(rep: Replay, score: Score | None) -> dict[str, Any]:
    """The JSON of ``fupan score --json``; 升级 adds ``points`` and ``levels`` (before, after); every
    game ``claimed`` (the log's result, or null) and ``differs`` (the claimed entries the deal does not
    bear out)."""
    claims = {
        "claimed": rep.log.to_json().get("result"),  # as the log gives it, in the format's key order
        "differs": [d.to_json() for d in compare_result(rep.log.result, score, rep.log.game, rep.final)],
    }
    if score is None:
        out = rep.final.out if not isinstance(rep.final, SjState) else ()
        return {
            "finished": False,
            "finish_order": list(out),
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
        print("\n".join(_score_lines(rep, score) + _claim_lines(rep, score)))
    return EXIT_OK if rep.ok else EXIT_ILLEGAL


def _seat_label(rep: Replay, s: int) -> str:
    name = next((x.player for x in rep.log.seats if x.seat == s and x.player), "")
    return f"seat {s}" + (f" {name}" if name else "")


def _event_text(rep: Replay, i: int) -> str:
    """What event ``i`` did, in words: ``seat 1 exchange SJ 10C 10C -> seat 0``."""
    v = rep.verdicts[i]
    ev = rep.log.events[i]
    to = getattr(ev, "to", None)
    return f"seat {v.seat} {v.action} {' '.join(v.cards)}".rstrip() + (f" -> seat {to}" if to is not None else "")


def _may_act_lines(view: Any) -> list[str]:
    if not view.to_act:
        return ["may act: nobody"]
    lines = ["may act:"]
    for s, acts in view.to_act.items():
        lines.append(f"  seat {s} ({'/'.join(acts)}): {view.why[s][1]} / {view.why[s][0]}")
    return lines


def _plays(plays: list[dict[str, Any]]) -> str:
    return ", ".join(f"seat {p['seat']} {' '.join(p['cards'])}" for p in plays)


def _shengji_step_lines(rep: Replay, step: int, st: SjState) -> list[str]:
    """升级 at one step: levels, trumps and declarer, the trick in progress, the last trick, points, hands."""
    view = rep.view(step)
    info = view.tricks or {}
    lv = [RANK_LEVEL[r] for r in st.levels]
    lines = [f"phase: {st.phase}; levels: side 0 {lv[0]}, side 1 {lv[1]}", _trumps_line(st)]
    if st.declarations:
        lines.append(
            "declarations: "
            + ", ".join(
                f"seat {s} {' '.join(c.token for c in cs)}" + (" (stands)" if k == st.winner else "")
                for k, (s, cs) in enumerate(st.declarations)
            )
        )
    if st.buried:
        lines.append(f"kitty buried by seat {st.declarer}: {' '.join(c.token for c in st.buried)}")
    elif st.kitty is not None and st.phase in ("declare", "exchange"):
        lines.append(f"kitty: {' '.join(c.token for c in st.kitty) or '-'}")
    if st.phase == "play":
        n = len(st.tricks) + 1
        lines.append(f"trick {n}: " + (_plays(info["trick"]) if st.trick else f"seat {st.to_act} to lead"))
    last = info.get("last_trick")
    if last is not None:
        lines.append(
            f"last trick ({len(st.tricks)}): {_plays(last['plays'])}; won by seat {last['winner']}, "
            f"{last['points']} points"
        )
    if st.trumps is not None:
        lines.append(
            f"points: side 0 {st.points[0]}, side 1 {st.points[1]}; defenders (side {1 - st.declarers}) "
            f"{st.defenders_points}"
        )
    lines += _may_act_lines(view)
    for s, cards in view.hands.items():
        lines.append(f"  {_seat_label(rep, s)}: {len(cards)} cards  {' '.join(cards)}".rstrip())
    return lines


def _step_lines(rep: Replay, step: int) -> list[str]:
    log = rep.log
    lines = [f"step {step} of {len(rep.states) - 1}"]
    if step > 0:
        v = rep.verdicts[step - 1]
        ruling = "legal" if v.legal else f"ILLEGAL [{v.rule}] {v.message_en}"
        lines.append(f"last event: {_event_text(rep, step - 1)} — {ruling}")
    st = rep.states[step]
    if isinstance(st, SjState):
        return lines + _shengji_step_lines(rep, step, st)
    view = rep.view(step)
    table = "empty" if view.table_seat is None else f"seat {view.table_seat}: {' '.join(view.table_cards)}"
    if view.table_gouji:
        table += "  (够级)"
    lines.append(f"table: {table}")
    lines += _may_act_lines(view)
    status = []
    if view.passed:
        status.append(f"passed this round: {list(view.passed)}")
    if view.burners:
        status.append(f"bound by a burn: {list(view.burners)}")
    if view.failed_burners:
        status.append(f"failed burns: {list(view.failed_burners)}")
    if view.headless:
        status.append(f"headless (无头): {list(view.headless)}")
    if view.deadlevel is not None:
        status.append(f"够死级 chance: seat {view.deadlevel}")
    if view.chaos:
        status.append("四人乱缠")
    if view.revolution is not None:
        status.append(f"革命: seat {view.revolution}")
    if status:
        lines.append("status: " + "; ".join(status))
    for s, cards in view.hands.items():
        shown = f" [{view.counts_shown[s]} shown]" if s in view.counts_shown else ""
        place = view.places.get(s)
        out = f" {place.en} ({place.zh})" if place is not None else " out" if s in view.finished else ""
        if place is not None and place.points is not None:
            out += f" {place.points:+} points"
        name = next((x.player for x in log.seats if x.seat == s and x.player), "")
        label = f"seat {s}" + (f" {name}" if name else "")
        lines.append(f"  {label}: {len(cards)} cards{shown}{out}  {' '.join(cards)}".rstrip())
    return lines


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
            print("\n".join(_step_lines(rep, args.step)))
        return EXIT_OK if rep.ok else EXIT_ILLEGAL
    if args.json:
        _emit({"steps": [rep.view(k).to_json() for k in range(last + 1)]})
        return EXIT_OK if rep.ok else EXIT_ILLEGAL
    print("\n".join(_step_lines(rep, 0)))
    print("\n".join(_event_lines(rep)))
    print("\n".join(_score_lines(rep, rep.score())))
    return EXIT_OK if rep.ok else EXIT_ILLEGAL


def _event_lines(rep: Replay) -> list[str]:
    """One line per event with its ruling and what it did (the set on the table; 升级: trick by trick)."""
    lines = []
    for v in rep.verdicts:
        before, st = rep.states[v.index], rep.states[v.index + 1]
        ruling = "" if v.legal else f"  ILLEGAL [{v.rule}] {v.message_en}"
        fx = "".join(f"\n      · {e}" for e in v.effects)
        ev = rep.log.events[v.index]
        to = getattr(ev, "to", None)
        cards = " ".join(v.cards) + (f" -> seat {to}" if to is not None else "")
        if isinstance(st, SjState):
            assert isinstance(before, SjState)
            if before.trumps is None and st.trumps is not None:
                lines.append(f"      {_trumps_line(st)}")
            if st.trick and len(st.trick) == 1 and before.trick != st.trick:
                lines.append(f"trick {len(st.tricks) + 1}: seat {st.trick[0][0]} leads")
            lines.append(f"{v.index:>4}  seat {v.seat} {v.action:<9}{cards}{ruling}{fx}")
            if len(st.tricks) > len(before.tricks):
                t = st.tricks[-1]
                lines.append(
                    f"      = seat {t.winner} wins trick {len(st.tricks)}: {t.points} points to side {t.winner % 2}"
                    f" (side 0 {st.points[0]}, side 1 {st.points[1]})"
                )
            continue
        table = "" if st.table is None else f"  | table: seat {st.owner} {' '.join(c.token for c in st.table_cards)}"
        lines.append(f"{v.index:>4}  seat {v.seat} {v.action:<8}{cards}{ruling}{table}{fx}")
    return lines


def _coach_place(rep: Replay, f: Finding) -> str:
    if f.index is not None:
        return f"{rep.log.where(f.index)}: event {f.index}, seat {f.seat}"
    who = f", seat {f.seat}" if f.seat is not None else f", team {list(f.seats)}" if f.seats else ""
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


def _worth(f: Finding) -> str:
    w = f.worth
    if w is None:
        return ""
    return (
        f" (study: following it gives {w['mean']:+.2f} points per deal where it arises,"
        f" 95% CI [{w['lo']:+.2f}, {w['hi']:+.2f}], docs/maxims.md)"
    )


_SEVERITY_ORDER = {"violation": 0, "mistake": 1, "hint": 2}


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
        f"{_coach_place(rep, f)}: {f.kind}/{f.severity} {_coach_cite(f)}{f.message_zh} / {f.message_en}{_worth(f)}"
        for f in report.findings
    ]
    summary = report.summary
    lines.append("summary:")
    for s, c in summary["seats"].items():
        if seat is not None and int(s) != seat:
            continue
        name = rep.log.player(int(s))
        label = f"seat {s}" + ("" if name == f"seat {s}" else f" {name}")
        lines.append(f"  {label}: {_counts(c)}")
    if seat is None:  # with --seat a team's counts would hold only that seat's findings
        lines += [f"  team {t['seats']}: {_counts(t)}" for t in summary["teams"]]
    bad = sum(1 for f in report.findings if f.kind == "violation")
    lines.append(
        f"{rep.log.source}: {len(report.findings)} finding{'s' if len(report.findings) != 1 else ''}, "
        + ("no violation" if bad == 0 else f"{bad} violation{'s' if bad != 1 else ''}")
        + ("" if seat is None else f" (seat {seat})")
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


def _evaluate(args: argparse.Namespace, rep: Replay) -> Evaluation:
    """Price the deal's decisions as the --evaluate options ask."""
    from coach.evaluate import EvaluationUnsupported, Settings, evaluate_replay
    from data.importer import progress_bar

    if args.rollouts < 2:
        raise InputError(f"--rollouts {args.rollouts}: expected 2 or more")
    if args.candidates < 2:
        raise InputError(f"--candidates {args.candidates}: expected 2 or more")
    if args.jobs < 0:
        raise InputError(f"--jobs {args.jobs}: expected 0 (every core) or more")
    settings = Settings(rollouts=args.rollouts, max_candidates=args.candidates, seed=args.seed)
    seats = None if args.seat is None else [args.seat]
    show = progress_bar() if sys.stderr.isatty() else None
    try:
        return evaluate_replay(rep, settings, jobs=args.jobs, seats=seats, progress=show)
    except EvaluationUnsupported as exc:
        raise InputError(str(exc)) from None


def _evaluation_lines(report: Report, seat: int | None) -> list[str]:
    ev = report.evaluation
    assert ev is not None
    rep = report.replay
    s = ev.settings
    lines = [
        f"evaluation: {len(ev.decisions)} decisions priced, {ev.rollouts_done} rollouts in {ev.seconds:.1f} s"
        f" ({s.rollouts} rollouts per candidate and view, at most {s.max_candidates} candidates, seed {s.seed})"
    ]
    for row in ev.seat_summary():
        if (seat is not None and row["seat"] != seat) or not row["decisions"]:
            continue
        name = rep.log.player(row["seat"])
        label = f"seat {row['seat']}" + ("" if name == f"seat {row['seat']}" else f" {name}")
        grades = ", ".join(f"{g} {row[g]}" for g in ("inaccuracy", "mistake", "blunder") if row[g]) or "no graded loss"
        lines.append(f"  {label}: accuracy {row['accuracy']:.1f}% over {row['decisions']} decisions; {grades}")
    for d in ev.decisions:
        if d.grade is None:
            continue
        best = d.candidates[d.loss.best]
        other = [v for k, v in d.losses.items() if k != d.view]
        also = f"; all cards known: {other[0].loss:+.2f}" if other else ""
        lines.append(
            f"  {rep.log.where(d.index)}: event {d.index}, seat {d.seat}: {d.actual.label()} — {d.grade}:"
            f" {d.loss.loss:.2f} ± {d.loss.se:.2f} points below {best.label()} ({d.view} view{also})"
        )
    return lines


def cmd_coach(args: argparse.Namespace) -> int:
    """fupan coach: the coach's findings (rule violations, maxims, notes) with their evidence."""
    from coach.coach import coach_replay
    from coach.report import html_report

    rep = _replay(args, strict=False)
    n = rep.log.n_seats
    if args.seat is not None and not 0 <= args.seat < n:
        raise InputError(f"--seat {args.seat}: expected 0..{n - 1}")
    evaluation = _evaluate(args, rep) if args.evaluate else None
    report = coach_replay(rep, args.seat, evaluation)
    if args.seat is not None:
        report = _seat_report(report, args.seat)
    code = EXIT_ILLEGAL if any(f.kind == "violation" for f in report.findings) else EXIT_OK
    if args.html:
        page = html_report(report)
        try:
            with open(args.html, "w", encoding="utf-8") as fh:
                fh.write(page)
        except OSError as exc:
            raise InputError(f"{args.html}: cannot write the report ({exc.strerror or exc})") from exc
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


def cmd_simulate(args: argparse.Namespace) -> int:
    """fupan simulate: write simulated deals as JSON logs."""
    from replay.simulate import write_deals

    if args.game not in GAMES:
        raise InputError(f"--game {args.game}: expected one of {', '.join(GAMES)}")
    if args.deals < 1:
        raise InputError("--deals: expected a positive number")
    profile = args.profile or default_profile(args.game)
    if load_profile(profile).game != args.game:
        raise InputError(f"--profile {profile}: a profile for {load_profile(profile).game}, not {args.game}")
    paths = write_deals(args.out, args.deals, args.seed, profile)
    print(f"wrote {len(paths)} deals to {args.out}")
    return EXIT_OK


def cmd_demo(args: argparse.Namespace) -> int:
    """fupan demo: simulate one deal, print its replay and score."""
    from replay.simulate import simulate_deal

    deal = simulate_deal(args.seed, args.profile)
    rep = Replay(deal.log)
    print(f"simulated {GAME_ZH[deal.log.game]} deal, seed {args.seed}, profile {args.profile}")
    for s in deal.log.seats:
        print(f"  seat {s.seat}: {s.player}")
    log = deal.log
    if log.kitty is not None:
        print(f"  kitty (底牌): {' '.join(c.token for c in log.kitty)}")
    if log.levels is not None:
        print(f"  levels: side 0 (seats 0, 2) {log.levels[0]}, side 1 (seats 1, 3) {log.levels[1]}")
    print("\n".join(_event_lines(rep)))
    print("\n".join(_score_lines(rep, rep.score())))
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


def _library(args: argparse.Namespace, writes: bool) -> Engine:
    """The library ``--db`` names (else ``FUPAN_DB``, else the default file), opened; which one is said on
    standard error, and that ``DATABASE_URL`` is ignored when it is set and nothing else names one. A
    command that ``writes`` is refused at once (one line) when the library cannot be written."""
    from data.database import ignored_env, library_state, open_db, shown_url

    note = None if args.db else ignored_env()
    if note is not None:
        print(f"fupan: {note}; using {shown_url()}", file=sys.stderr)
    engine = open_db(args.db)
    if writes:
        library_state(engine).check_write()
    print(f"library: {shown_url(args.db)}", file=sys.stderr)
    return engine


def _import_line(r: ImportResult) -> str:
    """What became of one file, in a line."""
    if r.status == "added":
        extra = f", {_decisions_added(r.decisions_added)}" if r.decisions_added else ""
        return f"{r.source}: added as deal {r.deal_id}{extra}"
    if r.status == "duplicate":
        extra = f", {_decisions_added(r.decisions_added)}" if r.decisions_added else ""
        return f"{r.source}: duplicate of deal {r.deal_id}{extra}"
    return f"{r.source}: not imported: {r.reason}"


def cmd_import(args: argparse.Namespace) -> int:
    """fupan import: store logs (files and folders) in the deal library; a line per file, then the
    counts. A file that cannot be imported is refused with its reason and the others go on; a failing
    database stops the run, and the counts still say what was added before."""
    from data.importer import ImportStopped, import_paths, log_files, progress_bar

    files = log_files(args.paths)
    if not files:
        raise InputError("no log files found in " + ", ".join(args.paths))
    engine = _library(args, writes=True)
    show = progress_bar() if len(files) > 20 and sys.stderr.isatty() else None
    stopped = ""
    try:
        results = import_paths(engine, files, show, limits_of(args))
    except ImportStopped as exc:
        results, stopped = exc.results, exc.reason
    for r in results:
        print(_import_line(r))
    counts = {k: sum(1 for r in results if r.status == k) for k in ("added", "duplicate", "error")}
    decided = sum(r.decisions_added for r in results)
    print(
        f"{counts['added']} added, {counts['duplicate']} duplicate, {counts['error']} not imported"
        + (f"; {_decisions_added(decided)}" if decided else "")
        + (f"; stopped after {len(results)} of {len(files)} files: {stopped}" if stopped else "")
    )
    return _settle(EXIT_INPUT if counts["error"] or stopped else EXIT_OK)


def _decisions_added(n: int) -> str:
    return f"{n} referee's decision{'s' if n != 1 else ''} added"


def cmd_export(args: argparse.Namespace) -> int:
    """fupan export: write every stored deal's canonical log to a folder."""
    from data.exporter import Unreadable, export_deals

    engine = _library(args, writes=False)
    skipped: list[Unreadable] = []
    try:
        paths = export_deals(engine, args.out, skipped)
    except OSError as exc:
        raise InputError(f"{exc.filename or args.out}: cannot write the logs ({exc.strerror or exc})") from exc
    for bad in skipped:
        print(f"deal {bad.deal_id}: not written, it cannot be read: {bad.reason}")
    print(f"wrote {len(paths)} logs to {args.out}" + (f"; {len(skipped)} deal(s) cannot be read" if skipped else ""))
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
        raise InputError(f"the import stopped ({exc.reason}); {added} deals of that folder had been added") from None
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
    """fupan user add|list|disable|passwd: the dashboard's accounts (referees and admins)."""
    from data import accounts

    try:
        password = ""
        if args.action in ("add", "passwd"):  # a bad name or role is told before the password is asked
            accounts.check_name(args.name)
            if args.action == "add":
                accounts.check_role(args.role)
            password = accounts.check_password(_new_password(args))
        engine = _library(args, writes=args.action != "list")
        if args.action == "add":
            user = accounts.add_user(engine, args.name, password, args.role)
            print(f"added user {user.name} ({user.role})")
        elif args.action == "passwd":
            accounts.set_password(engine, args.name, password)
            print(f"changed the password of {accounts.check_name(args.name)}")
        elif args.action == "disable":
            accounts.disable_user(engine, args.name)
            print(f"disabled user {accounts.check_name(args.name)}")
        else:
            users = accounts.list_users(engine)
            for u in users:
                state = "disabled" if u.disabled else "enabled"
                print(f"{u.name}\t{u.role}\t{state}\tcreated {u.created_at:%Y-%m-%d %H:%M} UTC")
            if not users:
                print("no users")
    except accounts.AccountError as exc:
        raise InputError(str(exc)) from None
    return EXIT_OK


def _add_user_parser(sub: Any) -> None:
    db_help = "database URL (default: FUPAN_DB, else a SQLite file in the user's data folder)"
    p = sub.add_parser("user", help="the dashboard's accounts: add, list, disable, passwd")
    users = p.add_subparsers(dest="action", required=True)
    q = users.add_parser("add", help="add an account (the password is asked twice)")
    q.add_argument("name")
    q.add_argument("--role", required=True, choices=("referee", "admin"), help="what the account may do")
    q.add_argument("--password-stdin", action="store_true", help="read the password from standard input")
    q.add_argument("--db", help=db_help)
    q = users.add_parser("list", help="list the accounts")
    q.add_argument("--db", help=db_help)
    q = users.add_parser("disable", help="disable an account (its decisions stay)")
    q.add_argument("name")
    q.add_argument("--db", help=db_help)
    q = users.add_parser("passwd", help="set an account's password (asked twice)")
    q.add_argument("name")
    q.add_argument("--password-stdin", action="store_true", help="read the password from standard input")
    q.add_argument("--db", help=db_help)
    p.set_defaults(func=cmd_user)


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
    from coach.evaluate import DEFAULT_CANDIDATES, DEFAULT_ROLLOUTS

    p = sub.add_parser("coach", help="the coach's findings: violations, maxims, notes")
    p.add_argument("log", help="a JSON or text log, or - for standard input")
    p.add_argument("--seat", type=int, help="only the findings about this seat")
    p.add_argument("--json", action="store_true")
    p.add_argument("--html", metavar="OUT", help="also write a self-contained HTML report to OUT")
    p.add_argument("--profile", help="rule profile name or .toml path (instead of the log's)")
    p.add_argument("--evaluate", action="store_true", help="price every decision by rollouts (grades, accuracy)")
    p.add_argument("--rollouts", type=int, default=DEFAULT_ROLLOUTS, help="rollouts per candidate and view")
    p.add_argument("--candidates", type=int, default=DEFAULT_CANDIDATES, help="candidates priced per decision")
    p.add_argument("--jobs", type=int, default=0, help="worker processes (0: every core)")
    p.add_argument("--seed", type=int, default=0, help="seed of the sampled deals and rollouts")
    add_limit_args(p)
    p.set_defaults(func=cmd_coach)
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
    p.add_argument("--game", default="gouji", help=f"one of {', '.join(GAMES)} (its default profile unless --profile)")
    p.add_argument("--deals", type=int, default=1)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--out", required=True)
    p.add_argument("--profile")
    p.set_defaults(func=cmd_simulate)
    p = sub.add_parser("demo", help="simulate a deal and print its replay and score")
    p.add_argument("--seed", type=int, default=7)
    p.add_argument("--profile", default="gouji")
    p.set_defaults(func=cmd_demo)
    p = sub.add_parser("import", help="store logs in the deal library")
    p.add_argument("paths", nargs="+", help="log files and folders (searched for .json, .txt, .fupan)")
    p.add_argument("--db", help="database URL (default: FUPAN_DB, else a SQLite file in the user's data folder)")
    add_limit_args(p)
    p.set_defaults(func=cmd_import)
    p = sub.add_parser("export", help="write the stored logs back")
    p.add_argument("--db", help="database URL (default: FUPAN_DB, else a SQLite file in the user's data folder)")
    p.add_argument("--out", required=True)
    p.set_defaults(func=cmd_export)
    p = sub.add_parser("samples", help="store the shipped sample deals in the deal library")
    p.add_argument("--db", help="database URL (default: FUPAN_DB, else a SQLite file in the user's data folder)")
    p.set_defaults(func=cmd_samples)
    _add_user_parser(sub)
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
