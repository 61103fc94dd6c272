"""What every ``fupan`` command shares: exit codes, reading a log (a path or ``-``), replaying it under
the log's or a given profile, printing JSON, and the error a command raises for input it cannot use."""

from __future__ import annotations

import sys

from replay.core.errors import FupanError

# typing's constant, without importing typing: ``fupan check`` imports the replay modules (and typing with them)
# only once ``cli.run`` has paused the garbage collector (the type checker reads the name as typing's)
TYPE_CHECKING = False
if TYPE_CHECKING:
    import argparse
    from collections.abc import Callable, Sequence
    from typing import Any

    from coach.eta import Eta
    from replay.core.game_state import GameState
    from replay.formats.limits import Limits
    from replay.formats.log import Log
    from replay.replay import Replay

EXIT_OK, EXIT_ILLEGAL, EXIT_INPUT, EXIT_BUG = 0, 1, 2, 3

_outcome = [EXIT_OK]  # the exit code a command settled on before it printed (kept on a broken pipe)


def _settle(code: int) -> int:
    _outcome[0] = code
    return code


PROFILE_HELP = (  # what --profile takes (replay.rules.profile_loader.find_profile)
    "a name (a shipped profile, or a club profile in the folder FUPAN_PROFILES names; a name never reads the "
    "current folder) or a file's path, which has a / or ends in .toml (./club, club.toml)"
)


class InputError(FupanError):
    """Input that cannot be used; the message is printed as is."""


def add_limit_args(p: argparse.ArgumentParser) -> None:
    """``--max-bytes`` and ``--max-events``: the largest log a command reads (replay.formats.limits)."""
    from replay.formats.limits import MAX_EVENTS, MAX_LOG_BYTES

    p.add_argument(
        "--max-bytes",
        type=int,
        default=MAX_LOG_BYTES,
        metavar="N",
        help=f"largest log read (default {MAX_LOG_BYTES:,})",
    )
    p.add_argument(
        "--max-events", type=int, default=MAX_EVENTS, metavar="N", help=f"most events of a log (default {MAX_EVENTS:,})"
    )


def limits_of(args: argparse.Namespace) -> Limits:
    """The limits a command was given (the defaults where it takes none)."""
    from replay.formats.limits import MAX_EVENTS, MAX_LOG_BYTES, Limits

    limits = Limits(getattr(args, "max_bytes", MAX_LOG_BYTES), getattr(args, "max_events", MAX_EVENTS))
    if limits.max_bytes < 1 or limits.max_events < 1:
        raise InputError("--max-bytes and --max-events take a positive number")
    return limits


def _read(path: str, limits: Limits | None = None) -> Log:
    from replay.formats.limits import LIMITS
    from replay.formats.log import decode_log, read_log

    limits = limits or LIMITS
    if path == "-":  # read as bytes where there are bytes, so that input not in UTF-8 is refused at its place
        stream = getattr(sys.stdin, "buffer", None)
        if stream is None:
            text = sys.stdin.read(limits.max_bytes + 1)
        else:
            text = decode_log(stream.read(limits.max_bytes + 1), "<stdin>", limits)
        return read_log("<stdin>", text, limits)
    return read_log(path, limits=limits)


def _replay(args: argparse.Namespace, strict: bool, path: str | None = None, keep: bool = True) -> Replay[GameState]:
    """The log at ``path`` (else the command's ``log``) replayed under the log's profile or ``--profile``;
    ``keep=False``: a check, which keeps no state but the last (``Replay``'s ``keep``)."""
    from replay.replay import Replay
    from replay.rules.profile_loader import find_profile

    log = _read(args.log if path is None else path, limits_of(args))
    profile = None
    if getattr(args, "profile", None):
        profile = find_profile(args.profile)
        if profile.game != log.game:
            raise InputError(f"{args.profile}: profile is for {profile.game}, the log is {log.game}")
        profile = profile.with_overrides(log.overrides, "log overrides")
    return Replay(log, strict=strict, profile=profile, keep=keep)


def write_file(path: str, text: str, what: str) -> None:
    """``text`` written to ``path`` as it is (UTF-8, its newlines untranslated); where the file cannot be written, an
    InputError naming it and ``what`` it was to hold ("the log", "the report")."""
    try:
        with open(path, "w", encoding="utf-8", newline="") as fh:
            fh.write(text)
    except OSError as exc:
        raise InputError(f"{path}: cannot write {what} ({exc.strerror or exc})") from None


def put_out(text: str, path: str | None, what: str) -> int:
    """``text`` on standard output, or in the file ``path`` (``write_file``); EXIT_OK."""
    if path is None:
        sys.stdout.write(text)
    else:
        write_file(path, text, what)
    return EXIT_OK


def _emit(data: Any) -> None:
    """``data`` on standard output as ``print(json.dumps(data, ensure_ascii=False, indent=2))`` prints it, written
    in parts (an iterator in it as a list of what it gives: ``replay.formats.json_out.write_json``)."""
    from replay.formats.json_out import write_json

    write_json(sys.stdout, data)


def progress_bar(
    unit: str, where: str = "", costs: Sequence[float] | None = None, eta: Eta | None = None
) -> Callable[[int, int], None]:
    """A progress bar on standard error (tqdm: done of total, the rate per second, and the time left measured by
    ``coach.eta`` on the work done so far), labelled with ``where`` (the database a command writes to, say); a
    callback ``(done, total)``, closed at the end. The time left comes from ``eta`` when the run itself tells it of
    the units done (an evaluation's decisions), else from an ``Eta`` of the units' ``costs`` (equal costs when
    None) started at the first call, the units taken as done in order."""
    from tqdm import tqdm

    from coach.eta import Eta, left_words

    bar: list[Any] = []
    timer: list[Eta] = [] if eta is None else [eta]

    def show(done: int, total: int) -> None:
        if not timer:
            timer.append(Eta([1.0] * total if costs is None else costs))
        timer[0].reach(done)
        left = left_words(timer[0].left(), zh=False, all_done=timer[0].all_done)
        if not bar:
            fmt = "{l_bar}{bar}| {n_fmt}/{total_fmt} [{elapsed}, {rate_fmt}{postfix}]"
            desc = where or None
            bar.append(
                tqdm(total=total, unit=f" {unit}", desc=desc, file=sys.stderr, leave=True, bar_format=fmt, postfix=left)
            )
        bar[0].set_postfix_str(left, refresh=False)
        bar[0].update(done - bar[0].n)
        if done >= total:
            bar[0].close()

    return show
