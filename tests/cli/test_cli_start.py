"""A command imports what it needs, no more (issue 17): ``fupan check`` and ``fupan score`` of a 够级 log import
neither the deal library (SQLAlchemy, SQLModel, the data package), nor the dashboard's libraries, nor the coach,
the referee's modules or another game's engine, nor the standard modules their start paid for before (argparse,
dataclasses, tomllib). Their plain words are read as argparse reads them. Each runs in a fresh interpreter, which then lists its modules.
(How long the start takes is measured by ``bench/bench_cli.py``, not here.)"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from paths import CASE_LOGS, ROOT

from data.make_samples import SAMPLES_DIR

GOUJI = sorted((SAMPLES_DIR / "gouji").glob("*.json"))[0]
#: the first part of a module's name that a command on one 够级 log must not import
NEVER = {
    "sqlalchemy",
    "sqlmodel",
    "alembic",
    "psycopg",
    "pandas",
    "numpy",
    "plotly",
    "streamlit",
    "data",
    "coach",
    "referee",
    "views",
    "cli.games.shengji",
    "cli.coach",
    "cli.library",
    "cli.referee",
    "hashlib",
    # what the start cost before (issue 17, item 3): the dataclasses module (inspect, ast, dis, tokenize: the log's
    # value classes are replay.core.record's), a TOML parser (the shipped profiles' parsed form), argparse with its
    # help formatter (plain words are read by cli.plain_args), datetime (a log's decisions only) and copy
    "dataclasses",
    "inspect",
    "ast",
    "tomllib",
    "argparse",
    "gettext",
    "locale",
    "shutil",
    "datetime",
    "copy",
}
#: modules of the other games
OTHER_GAMES = ("replay.games.baohuang.engine", "replay.games.shengji.engine")

PROBE = """
import json, sys
import cli
try:
    code = cli.main(sys.argv[1:])
except SystemExit as stop:  # argparse's, after --help
    code = stop.code
sys.stdout.flush()
print("\\nMODULES " + json.dumps(sorted(sys.modules)))
sys.exit(code)
"""


def _imported(*args: str) -> tuple[int, set[str]]:
    done = subprocess.run(
        [sys.executable, "-c", PROBE, *args], cwd=ROOT, capture_output=True, text=True, timeout=120, check=False
    )
    last = done.stdout.strip().splitlines()[-1]
    assert last.startswith("MODULES "), done.stdout[-2000:] + done.stderr[-2000:]
    return done.returncode, set(json.loads(last.removeprefix("MODULES ")))


@pytest.mark.parametrize("command", ["check", "score"])
def test_a_command_on_one_gouji_log_imports_no_library_dashboard_coach_or_other_game(command: str) -> None:
    code, modules = _imported(command, str(GOUJI))
    assert code == 0
    assert "replay.games.gouji.engine" in modules  # it did replay the deal
    other = [m for m in modules if m.startswith(OTHER_GAMES)]
    assert "replay.rules.register" not in modules  # every rule's names and quotes: for a ruling, not for a verdict
    wrong = sorted([m for m in modules if m.split(".")[0] in NEVER] + other)
    assert wrong == []


def test_the_library_commands_still_tell_their_errors_apart(tmp_path: Path) -> None:
    """The lazy imports do not break a command that does use the library: its errors are still told apart
    (a damaged database: exit 2 and one line, not an internal error)."""
    bad = tmp_path / "damaged.db"
    bad.write_bytes(b"not a database " * 100)
    done = subprocess.run(
        [sys.executable, "-c", PROBE, "export", "--db", f"sqlite:///{bad}", "--out", str(tmp_path / "out")],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 2, done.stderr
    assert "damaged" in done.stderr and "internal error" not in done.stderr


#: the words a ``check`` or ``score`` command line is drawn from: logs, every option spelled in full, abbreviated
#: and with ``=``, values argparse takes and refuses, help, ``--``, a lone ``-``
WORDS = (
    "a.json",
    "b.txt",
    "-",
    "",
    "--json",
    "--lenient",
    "--profile",
    "--profile=gouji",
    "--prof",
    "gouji",
    "--max-bytes",
    "--max-events",
    "--max-b",
    "100",
    " 7",
    "-3",
    "x",
    "--",
    "-h",
    "--help",
    "--nope",
)


def _argparse_read(words: list[str]) -> dict[str, object] | None:
    """What argparse makes of ``words`` (None when it refuses them or shows help)."""
    import contextlib
    import io

    import cli

    try:
        with contextlib.redirect_stderr(io.StringIO()), contextlib.redirect_stdout(io.StringIO()):
            return vars(cli.build_parser(words[0]).parse_args(words))
    except SystemExit:
        return None


@settings(max_examples=400, deadline=None)
@given(st.sampled_from(["check", "score"]), st.lists(st.sampled_from(WORDS), max_size=7))
def test_plain_words_are_read_as_argparse_reads_them(command: str, rest: list[str]) -> None:
    """``cli.plain_args`` (the command's words read without argparse) gives what argparse gives, or leaves the words
    to argparse: never other arguments, and never words argparse refuses."""
    import cli

    words = [command, *rest]
    plain = cli.plain_args(words)
    if plain is not None:
        assert vars(plain) == _argparse_read(words), words


@pytest.mark.parametrize(
    "words",
    [
        ["check", "a.json"],
        ["check", "a.json", "b.json", "--json", "--lenient", "--profile", "gouji", "--max-bytes", "10"],
        ["check", "--max-events", "5", "-", "--json"],
        ["score", "--json", "a.json", "b.json", "--profile", "club.toml", "--max-events", "9"],
    ],
)
def test_the_usual_words_are_read_without_argparse(words: list[str]) -> None:
    import cli

    plain = cli.plain_args(words)
    assert plain is not None and vars(plain) == _argparse_read(words)


EXIT_PROBE = """
import atexit, sys, threading
import cli
code = cli.main(sys.argv[1:])
print(f"\\nEXIT {atexit._ncallbacks()} {threading.active_count()}")
"""


@pytest.mark.parametrize("command", ["check", "score"])
def test_a_plain_command_leaves_nothing_for_the_interpreters_exit(command: str) -> None:
    """What lets ``cli.run`` end the process without Python's teardown after ``check`` and ``score``: they register
    nothing to run at exit and start no thread (of one log, of a folder, as JSON)."""
    folder = str(SAMPLES_DIR / "gouji")
    for args in ([str(GOUJI)], [folder, "--json"]):
        done = subprocess.run(
            [sys.executable, "-c", EXIT_PROBE, command, *args], cwd=ROOT, capture_output=True, text=True, timeout=120
        )
        assert done.stdout.strip().splitlines()[-1] == "EXIT 0 1", done.stderr


def _run(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    """``fupan ARGS`` as its console script runs it (``cli.run``)."""
    return subprocess.run(
        [sys.executable, "-c", "import cli; cli.run()", *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
        input=stdin,
        timeout=120,
        check=False,
    )


def _in_process(*args: str) -> tuple[int, str, str]:
    import contextlib
    import io

    import cli

    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = cli.main(list(args))
    return code, out.getvalue(), err.getvalue()


@pytest.mark.parametrize(
    "args",
    [
        ("check", str(GOUJI)),
        ("check", str(SAMPLES_DIR / "gouji"), "--json"),
        ("check", str(CASE_LOGS / "BH-CALL.illegal.txt")),
        ("score", str(GOUJI), "--json"),
        ("score", str(SAMPLES_DIR / "baohuang")),
        ("check", "no-such-log.json"),
        ("check", "--max-bytes", "10", str(GOUJI)),
    ],
)
def test_the_program_ends_with_the_commands_output_and_exit_code(args: tuple[str, ...]) -> None:
    """Ending without the teardown loses nothing: the program's output, messages and exit code are those of
    ``cli.main`` in full."""
    done = _run(*args)
    assert (done.returncode, done.stdout, done.stderr) == _in_process(*args)


def test_the_program_reads_standard_input_and_exits_as_python_does_for_other_commands() -> None:
    text = GOUJI.read_text(encoding="utf-8")
    done = _run("check", "-", stdin=text)
    code, out, _ = _in_process("check", str(GOUJI))
    assert (done.returncode, done.stdout) == (code, out.replace(str(GOUJI), "<stdin>")), done.stderr
    done = _run("profiles")  # not a plain command: Python's own exit
    assert done.returncode == 0 and "gouji" in done.stdout


def test_fupan_help_lists_every_command_as_the_full_parser_does_without_building_them() -> None:
    """``fupan --help`` builds each command's parser as its name and help line only (``build_parser("")``): the
    same text as the full parser's, and none of the coach's modules imported for the coach's defaults."""
    import cli

    assert cli.build_parser("").format_help() == cli.build_parser().format_help()
    code, modules = _imported("--help")
    assert code == 0
    libraries = {"coach", "data", "referee", "sqlalchemy", "sqlmodel", "streamlit", "pandas", "numpy", "plotly"}
    assert sorted(m for m in modules if m.split(".")[0] in libraries) == []


def test_a_check_of_a_text_log_imports_no_dataclasses_toml_parser_or_argparse() -> None:
    text_log = CASE_LOGS / "BH-CALL.legal.txt"
    code, modules = _imported("check", str(text_log))
    assert code == 0 and "replay.formats.notation.read" in modules
    assert sorted(modules & {"dataclasses", "inspect", "tomllib", "argparse", "shutil", "datetime"}) == []


GC_PROBE = """
import contextlib, gc, io, sys
import cli
gc.disable()
with contextlib.redirect_stdout(io.StringIO()):
    cli.main(sys.argv[1:])  # the first time: the imports
    gc.collect()
    cli.main(sys.argv[1:])
print("GARBAGE", gc.collect())
"""


def _garbage(*args: str) -> str:
    """What the garbage collector finds after a command ran (a second time, its imports done)."""
    done = subprocess.run(
        [sys.executable, "-c", GC_PROBE, *args], cwd=ROOT, capture_output=True, text=True, timeout=120
    )
    last = done.stdout.strip().splitlines()[-1]
    assert last.startswith("GARBAGE "), done.stdout[-2000:] + done.stderr[-2000:]
    return last


@pytest.mark.parametrize("command", ["check", "score"])
def test_a_plain_command_makes_no_reference_cycles_per_log(command: str, tmp_path: Path) -> None:
    """What lets ``cli.run`` pause the garbage collector for ``check`` and ``score``: what they make of each log
    (legal, illegal, unreadable; JSON or text) is freed by reference counting alone, so that a folder of any size
    is read in the memory of one log. (``--json`` leaves the one cycle of json.dumps's indenting encoder per
    command, whatever the number of logs.)"""
    one, many = tmp_path / "one", tmp_path / "many"
    one.mkdir()
    many.mkdir()
    (one / GOUJI.name).write_bytes(GOUJI.read_bytes())
    for path in [
        *sorted((SAMPLES_DIR / "gouji").glob("*.json"))[:5],
        *sorted((CASE_LOGS).glob("*.txt")),
    ]:
        (many / path.name).write_bytes(path.read_bytes())
    (many / "broken.json").write_text('{"format": "fupan/1", "game": ', encoding="utf-8")
    for extra in ([], ["--json"]):
        assert _garbage(command, str(many), *extra) == _garbage(command, str(one), *extra)
