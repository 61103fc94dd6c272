"""``fupan branch``: a variation of a recorded deal as a complete log: the record's first ``--at`` events, then the
moves typed with ``--play`` (the text notation's event lines, Chinese action words included; each checked by the
engine), then with ``--playout`` the deal played to its end by the coach's policy (``--seed``). The log is written in
the input's own form (JSON or the text notation), to ``--out`` or standard output, and ``fupan check`` reads it.
A move the rules refuse, or a step outside the record, is one line naming the place (exit 2), never a traceback."""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING, Any

from cli.common import InputError, _replay, put_out
from replay.core.plural import count

if TYPE_CHECKING:
    import argparse

    from replay.core.events import Event
    from replay.lines import Policy
    from replay.replay import Replay


def cmd_branch(args: argparse.Namespace) -> int:
    """fupan branch: the variation's log (see the module's docstring)."""
    from replay.formats.notation.moves import read_moves
    from replay.lines import MoveError, branch, line_log

    rep = _replay(args, strict=False)
    log = rep.log
    n = len(log.events)
    if not 0 <= args.at <= n:
        raise InputError(
            f"--at {args.at}: 步应在 0 至 {n} 之间（第 k 步：第 k 手之后的牌桌） / the step must be 0 to {n} (step k: the table after event k; the log has {n} events)"
        )
    moves: list[Event] = []
    for k, text in enumerate(args.play or [], 1):
        moves += read_moves(text, log.game, rep.engine.n, f"--play {k}")
    policy = _policy(rep, args.seed) if args.playout else None
    try:
        line = branch(rep, args.at, moves, policy=policy)
    except MoveError as exc:
        raise InputError(f"{log.source}: --at {args.at}: {exc}") from None
    out_log = line_log(rep, line)
    if log.text:  # read from JSON
        out = out_log.dumps()
    else:
        from replay.formats.notation.write import format_text

        try:
            out = format_text(out_log)
        except ValueError as exc:  # a profile name the notation cannot hold
            raise InputError(f"{log.source}: {exc}") from None
    code = put_out(out, args.out, "the log")  # the summary only once the log is written
    played_out = len(line.events) - len(moves)
    zh = f"变着：记录的前 {args.at} 步，{len(moves)} 步着法" + (
        f"，教练策略续打 {played_out} 步" if args.playout else ""
    )
    en = f"{count(args.at, 'recorded event')}, {count(len(moves), 'move')}" + (
        f", {count(played_out, 'event')} played out by the coach's policy (seed {args.seed})" if args.playout else ""
    )
    print(f"branch: {zh} / {en}", file=sys.stderr)
    return code


def _policy(rep: Replay[Any], seed: int) -> Policy:
    """The coach's policy for ``rep``'s game (its rollout bot, no noise, seeded), for a deal whose hands are known."""
    import random

    from coach.games import pricing
    from coach.prices import EvaluationUnsupported

    hands = rep.log.hands
    if hands is None or any(h is None or None in h for h in hands):
        raise InputError(
            f"{rep.log.source}: --playout 需要记录中每一手牌都完整 / --playout needs every hand known in the record"
        )
    try:
        bot: Policy = pricing(rep.engine).rollout_bot(random.Random(seed), 0.0)
    except EvaluationUnsupported as exc:
        raise InputError(f"{rep.log.source}: --playout: {exc}") from None
    return bot


def add_parser(sub: Any) -> None:
    """``fupan branch``'s parser."""
    p = sub.add_parser("branch", help="a variation from a step of a log, as a complete log")
    p.add_argument("log", help="a JSON or text log, or - for standard input")
    p.add_argument("--at", type=int, required=True, metavar="N", help="keep the record's first N events (0: the deal)")
    p.add_argument(
        "--play",
        action="append",
        metavar="MOVES",
        help='a move in the text notation, e.g. "3 出 Q Q Q Q" or "3 play QS QH QC QD" (repeat it, or separate with ;)',
    )
    p.add_argument("--playout", action="store_true", help="then play the deal to its end with the coach's policy")
    p.add_argument("--seed", type=int, default=1, help="the policy's seed (default: 1)")
    p.add_argument("--out", metavar="FILE", help="write the log to FILE (UTF-8) instead of standard output")
    p.add_argument("--profile", help="the rule profile instead of the log's")
    p.set_defaults(func=cmd_branch)
