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
from data.states import DatabaseStateError
from replay import games
from replay.claims import claim_entries, compare_result, value_text
from replay.log import LogError
from replay.profile import GAMES, ProfileError, default_profile, load_profile, options_for, shipped_profiles
from replay.replay import Replay
from replay.scoring import Score
from replay.shengji import RANK_LEVEL, SUIT_EN, SUIT_ZH, SjState, card_points
from replay.verdicts import Verdict

if TYPE_CHECKING:
    pass

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
    print(f"simulated {games.get(deal.log.game).name_zh} deal, seed {args.seed}, profile {args.profile}")
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
