"""What every ``fupan`` command shares: exit codes, reading a log (a path or ``-``), replaying it under
the log's or a given profile, printing JSON, and the error a command raises for input it cannot use."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from replay.log import Log, decode_log, read_log
from replay.profile import load_profile
from replay.replay import Replay

EXIT_OK, EXIT_ILLEGAL, EXIT_INPUT, EXIT_BUG = 0, 1, 2, 3

_outcome = [EXIT_OK]  # the exit code a command settled on before it printed (kept on a broken pipe)


def _settle(code: int) -> int:
    _outcome[0] = code
    return code


class InputError(Exception):
    """Input that cannot be used; the message is printed as is."""


def _read(path: str) -> Log:
    if path == "-":  # read as bytes where there are bytes, so that input not in UTF-8 is refused at its place
        stream = getattr(sys.stdin, "buffer", None)
        text = sys.stdin.read() if stream is None else decode_log(stream.read(), "<stdin>")
        return read_log("<stdin>", text)
    return read_log(path)


def _replay(args: argparse.Namespace, strict: bool) -> Replay:
    log = _read(args.log)
    profile = None
    if getattr(args, "profile", None):
        profile = load_profile(args.profile)
        if profile.game != log.game:
            raise InputError(f"{args.profile}: profile is for {profile.game}, the log is {log.game}")
        profile = profile.with_overrides(log.overrides, "log overrides")
    return Replay(log, strict=strict, profile=profile)


def _emit(data: Any) -> None:
    print(json.dumps(data, ensure_ascii=False, indent=2))
