"""Corrupted logs of every game, in both forms (issue 14, item 8): a shipped-size run in the suite, a
larger one behind ``make fuzz`` (FUPAN_FUZZ=N multiplies the examples).

A simulated deal of each game is written as JSON or in the text notation, then corrupted: characters
deleted, inserted or copied elsewhere, or its events dropped, repeated, swapped, given to another seat,
other cards or another action; or an event-shaped object (an event of any action, as the log format writes one)
is put in any place of its JSON (every object's value, every array's element, the top level) or for any token of
its text. Whatever comes out is either refused with a LogError that names its
place and quotes little of the input, or read as a log that replays leniently to its last event, is
scored, viewed and coached, and round-trips through both forms (the dashboard's reader likewise); the command line gives an exit code of
0, 1 or 2 with at most one line on standard error, never an internal error or a traceback."""

from __future__ import annotations

import contextlib
import io
import os
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from corrupt import JSON_NOISE, TEXT_NOISE, corrupt_events, edit, edits, with_event_object
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import cli
from coach.coach import coach_replay
from replay.formats.log import SEATS, Log, LogError, parse_log
from replay.formats.notation.read import format_text, parse_text
from replay.replay import Replay
from replay.rules.profile_loader import GAMES, default_profile
from replay.simulate import simulate_deal

SCALE = max(1, int(os.environ.get("FUPAN_FUZZ", "1")))
EXAMPLES = 30 * SCALE
SLOW = [HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.filter_too_much]
NOISE = {"json": JSON_NOISE, "text": TEXT_NOISE}


@cache
def base(game: str, seed: int) -> Log:
    return simulate_deal(seed, default_profile(game)).log


def written(log: Log, form: str) -> str:
    return log.dumps() if form == "json" else format_text(log)


def check_read(text: str, source: str = "<fuzz>") -> None:
    """The text is refused with a placed, short LogError, or it is a log every layer takes."""
    try:
        log = parse_log(text, source)
    except LogError as exc:
        assert exc.where.startswith(source) and exc.reason and len(str(exc)) < 700
        return
    rep = Replay(log)
    assert len(rep.verdicts) == len(log.events) and len(rep.states) == len(log.events) + 1
    for v in rep.all_verdicts:
        assert v.legal == (v.rule is None) and v.line("zh") and v.line("en")
    rep.score()
    rep.view(0)
    rep.view(len(rep.states) - 1)
    coach_replay(rep)
    assert parse_log(log.dumps()).dumps() == log.dumps()
    assert parse_text(format_text(log)).to_json() == log.to_json()


@pytest.mark.parametrize("form", ["json", "text"])
@pytest.mark.parametrize("game", GAMES)
@settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=SLOW)
@given(seed=st.integers(0, 7), ops=edits, data=st.data())
def test_corrupted_characters(game: str, form: str, seed: int, ops: list[Any], data: st.DataObject) -> None:
    check_read(edit(written(base(game, seed), form), ops, NOISE[form], data))


@pytest.mark.parametrize("form", ["json", "text"])
@pytest.mark.parametrize("game", GAMES)
@settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=SLOW)
@given(seed=st.integers(0, 7), data=st.data())
def test_corrupted_events(game: str, form: str, seed: int, data: st.DataObject) -> None:
    check_read(written(corrupt_events(base(game, seed), data), form))


@pytest.mark.parametrize("kind", ["characters", "event-shaped-object"])
@pytest.mark.parametrize("game", GAMES)
@settings(max_examples=max(4, EXAMPLES // 6), deadline=None, suppress_health_check=SLOW)
@given(
    seed=st.integers(0, 7),
    form=st.sampled_from(("json", "text")),
    command=st.sampled_from(("check", "check --json", "score --json", "replay --step 5 --json", "replay --json",
                             "coach --json")),
    ops=edits,
    data=st.data(),
)  # fmt: skip
def test_the_command_line_on_corrupted_files(
    kind: str, game: str, seed: int, form: str, command: str, ops: list[Any], data: st.DataObject, tmp_path_factory: Any
) -> None:
    text = written(base(game, seed), form)
    if kind == "characters":
        text = edit(text, ops, NOISE[form], data)
    else:
        text = with_event_object(text, form, SEATS[game], data)
    run_cli(command, text, Path(tmp_path_factory.mktemp("fuzz")) / f"deal.{form}")


def run_cli(command: str, text: str, path: Path) -> None:
    """``fupan COMMAND path`` on ``text``: exit 0, 1 or 2, at most one line on standard error unless it failed."""
    path.write_text(text, encoding="utf-8", errors="surrogatepass")
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = cli.main([*command.split(), str(path)])
    assert code in (0, 1, 2), err.getvalue()
    assert "Traceback" not in err.getvalue() and "internal error" not in err.getvalue()
    assert len(err.getvalue().splitlines()) <= 1 or code != 2


@pytest.mark.parametrize("form", ["json", "text"])
@pytest.mark.parametrize("game", GAMES)
@settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=SLOW)
@given(seed=st.integers(0, 7), data=st.data())
def test_event_shaped_objects_anywhere(game: str, form: str, seed: int, data: st.DataObject) -> None:
    """An event-shaped object in ``meta``, a hand, a card's place, a seat, ``result``, another event or the whole
    document is a plain value there: refused at its place (or, in ``events``, an event), as every layer reads it."""
    from views.parts.common import replay_of_text  # the dashboard's reader (a pasted or typed log)

    text = with_event_object(written(base(game, seed), form), form, SEATS[game], data)
    check_read(text)
    try:
        replay_of_text(text, "<fuzz>")
    except LogError as exc:
        assert exc.where.startswith("<fuzz>") and len(str(exc)) < 700
