"""Files and folders (docs/reliability.md, "Files and folders"; issue 33, items 9, 12 and 15): a profile's name never
reads the current folder; a FIFO, socket, device or a symlink out of a folder is listed with the reason and never
opened, and every other file is read; a log's form is told past its comment lines; and a fuzz of folders mixing all
of these with good and bad logs.

The commands run as the console script does, in a process of their own under a timeout (a FIFO opened by mistake
would wait for a writer for ever), with the current folder each test chooses."""

from __future__ import annotations

import json
import os
import random
import re
import shutil
import socket
import stat
import subprocess
import sys
import threading
from collections.abc import Callable
from pathlib import Path

import pytest
from paths import ROOT

from data.make_samples import SAMPLES_DIR
from replay.core.files import NotRegular, open_regular
from replay.formats.log import LogError, parse_log
from replay.formats.logfiles import LOG_SUFFIXES, log_form
from replay.rules.profile import ProfileError
from replay.rules.profile_loader import find_profile

SCALE = max(1, int(os.environ.get("FUPAN_FUZZ", "1")))
SENTINEL = "FUPAN_SENTINEL_3c8e"  # an environment variable no message may show
GOOD = sorted((SAMPLES_DIR / "gouji").glob("*.json"))  # every one legal
GJ = "fupan/1 gouji\nprofile gouji-logged\n"
GARBAGE = "[[[ not TOML \x00 at all\n"


def fupan(cwd: Path, *args: str | Path) -> subprocess.CompletedProcess[str]:
    """``fupan ARGS`` run in ``cwd`` as its console script runs it, the sentinel first in its environment (so that
    the first characters of /proc/self/environ are the sentinel's), under a timeout."""
    env = {SENTINEL: "leaked-" + SENTINEL, **os.environ, "PYTHONPATH": str(ROOT), "FUPAN_COMPILED": "0"}
    env.pop("FUPAN_PROFILES", None)
    command = [sys.executable, "-P", "-c", "import cli; cli.run()", *map(str, args)]  # -P: cwd not on sys.path
    return subprocess.run(command, cwd=cwd, env=env, capture_output=True, text=True, timeout=180, check=False)


def clean(done: subprocess.CompletedProcess[str]) -> None:
    """No traceback, no internal error, nothing of the environment."""
    both = done.stdout + done.stderr
    assert "Traceback" not in both and "internal error" not in both, both
    assert SENTINEL not in both, both


def lines_of(done: subprocess.CompletedProcess[str]) -> dict[str, str]:
    """The lines of a ``check`` or ``import`` of several files by the file they name (counts and ``library:`` left
    out)."""
    out: dict[str, str] = {}
    for line in done.stdout.splitlines():
        found = re.match(r"(.+?)(?::\d+)*: (.*)", line)  # a log's error names its line and column: f.txt:4:8: …
        if found and not line.startswith("library:"):
            name, rest = found.groups()
            assert name not in out, f"{name} listed twice"
            out[name] = rest
    return out


def make_fifo(path: Path) -> Path:
    os.mkfifo(path)
    return path


def make_socket(path: Path) -> Path:
    """A Unix socket at ``path`` (bound by its name in its folder: a socket's path is limited to ~100 bytes)."""
    here = os.getcwd()
    os.chdir(path.parent)
    try:
        with socket.socket(socket.AF_UNIX) as s:
            s.bind(path.name)
    finally:
        os.chdir(here)
    return path


def linked(path: Path, target: str | Path) -> Path:
    path.symlink_to(target)
    return path


# ---------------------------------------------------------------------------------------------
# 9. A profile's name never reads the current folder


def _samples_with_decoys(folder: Path) -> Path:
    """A copy of the samples, beside files named as the shipped profiles are: garbage, and a FIFO (opened, it would
    hang the command)."""
    shutil.copytree(SAMPLES_DIR, folder)
    for name in ("gouji-logged", "gouji.toml", "baohuang.toml", "shengji-35.toml", "baohuang-no345"):
        (folder / name).write_text(GARBAGE, encoding="utf-8")
    make_fifo(folder / "gouji-online.toml")
    make_fifo(folder / "shengji-35")
    return folder


def test_the_samples_check_and_import_in_their_own_folder(tmp_path: Path) -> None:
    here = _samples_with_decoys(tmp_path / "samples")
    n = sum(1 for p in SAMPLES_DIR.rglob("*") if p.suffix in LOG_SUFFIXES)
    (tmp_path / "elsewhere").mkdir()
    shutil.copytree(SAMPLES_DIR, tmp_path / "elsewhere" / "samples")
    want = fupan(tmp_path / "elsewhere", "check", "--json", "samples")  # no decoy where this one runs
    got = fupan(here, "check", "--json", ".")
    clean(got)
    assert got.returncode == want.returncode == 1, got.stderr  # the disputes hold illegal events
    docs = json.loads(got.stdout)
    assert len(docs) == n and not [d for d in docs if "error" in d]
    wanted = json.loads(want.stdout)
    for d in wanted:
        d["source"] = d["source"].removeprefix("samples/")
    assert docs == wanted  # the very verdicts, whatever lies in the current folder
    one = fupan(here, "check", "gouji/" + GOOD[0].name)
    assert one.returncode == 0 and one.stdout.endswith("all legal\n"), one.stdout + one.stderr
    stored = fupan(here, "import", "--db", f"sqlite:///{tmp_path / 'lib.db'}", ".")
    clean(stored)
    assert stored.returncode == 0 and stored.stdout.splitlines()[-1] == f"{n} added, 0 duplicate, 0 not imported"


def test_a_profile_name_on_the_command_line_is_never_a_file_here(tmp_path: Path) -> None:
    for name in ("gouji", "gouji.toml"):
        (tmp_path / name).write_text(GARBAGE, encoding="utf-8")
    make_fifo(tmp_path / "gouji-logged")
    club = 'base = "gouji-logged"\n[options]\nscore_mode = "net"\n'
    (tmp_path / "club").write_text(club, encoding="utf-8")
    (tmp_path / "club.toml").write_text(club, encoding="utf-8")
    (tmp_path / "deal.txt").write_text(GJ + "events\n0 play 5\n", encoding="utf-8")
    for name in ("gouji", "gouji-logged", "./club", "club.toml"):  # a name: the shipped one; a path: the file
        done = fupan(tmp_path, "check", "--profile", name, "deal.txt")
        assert done.returncode == 0 and done.stdout.endswith("\ndeal.txt: 1 event, all legal\n"), (name, done.stderr)
    done = fupan(tmp_path, "profiles", "gouji")
    assert done.returncode == 0 and done.stdout.startswith("gouji (gouji)"), done.stderr
    done = fupan(tmp_path, "check", "--profile", "club", "deal.txt")  # a name, not the file ./club
    assert done.returncode == 2 and "unknown profile 'club'" in done.stderr
    assert "a file is given as a path: ./NAME or NAME.toml" in done.stderr
    done = fupan(tmp_path, "check", "--profile", "gouji.toml", "deal.txt")  # a path: that file, garbage
    assert done.returncode == 2 and done.stderr.startswith("fupan: gouji.toml: ")
    done = fupan(tmp_path, "check", "--profile", "./gouji-logged", "deal.txt")  # a path to a FIFO: never opened
    assert done.returncode == 2 and "not a regular file: a FIFO" in done.stderr
    clean(done)


def test_a_club_profile_named_on_the_command_line_is_read_from_the_club_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "club").mkdir()
    (tmp_path / "club" / "qingdao.toml").write_text('base = "gouji"\n[options]\nscore_mode = "net"\n', "utf-8")
    (tmp_path / "club" / "broken.toml").write_text("base = \n", encoding="utf-8")
    (tmp_path / "qingdao").write_text(GARBAGE, encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("FUPAN_PROFILES", str(tmp_path / "club"))
    assert find_profile("qingdao").options["score_mode"] == "net"
    with pytest.raises(ProfileError, match=r"broken\.toml: "):  # its own fault, not "unknown profile"
        find_profile("broken")
    with pytest.raises(ProfileError, match=r"unknown profile 'nope' \(shipped: .*club profiles: broken, qingdao"):
        find_profile("nope")


# ---------------------------------------------------------------------------------------------
# 12. Special files: listed with the reason, never opened; every other file read


def _special_folder(folder: Path) -> Path:
    folder.mkdir()
    shutil.copy(GOOD[0], folder / "a.json")
    (folder / "sub").mkdir()
    shutil.copy(GOOD[1], folder / "sub" / "b.json")
    make_fifo(folder / "pipe.json")
    make_socket(folder / "sock.txt")
    linked(folder / "null.json", "/dev/null")
    linked(folder / "sub" / "to-pipe.fupan", "../pipe.json")
    make_fifo(folder / "notes")  # not a log's name: not looked at
    return folder


SPECIAL = {
    "pipe.json": "not a regular file: a FIFO",
    "sock.txt": "not a regular file: a socket",
    "null.json": "a symlink to a file outside the folder, not followed",
    "sub/to-pipe.fupan": "a symlink, not followed: not a regular file: a FIFO",
}


@pytest.mark.parametrize("command", ["check", "import"])
def test_special_files_in_a_folder_are_listed_and_the_others_read(tmp_path: Path, command: str) -> None:
    _special_folder(tmp_path / "logs")
    extra = ["--db", f"sqlite:///{tmp_path / 'lib.db'}"] if command == "import" else []
    done = fupan(tmp_path / "logs", command, *extra, ".")
    clean(done)
    assert done.returncode == 2
    said = lines_of(done)
    assert set(said) == {"a.json", "sub/b.json", *SPECIAL}
    for name, why in SPECIAL.items():
        assert why in said[name]
    if command == "check":
        assert said["a.json"].endswith("all legal") and said["sub/b.json"].endswith("all legal")
    else:
        assert said["a.json"] == "added as deal 1" and said["sub/b.json"] == "added as deal 2"
        assert done.stdout.splitlines()[-1] == "2 added, 0 duplicate, 4 not imported"


def test_a_special_file_named_on_the_command_line_is_refused_unopened(tmp_path: Path) -> None:
    make_fifo(tmp_path / "pipe.json")
    make_socket(tmp_path / "sock.json")
    linked(tmp_path / "null.json", "/dev/null")
    kinds = {"pipe.json": "a FIFO", "sock.json": "a socket", "null.json": "a character device"}
    kinds["/dev/null"] = "a character device"
    for name, kind in kinds.items():  # one log: its message on standard error
        done = fupan(tmp_path, "check", name)
        clean(done)
        assert done.returncode == 2 and done.stderr == f"fupan: {name}: not a regular file: {kind}\n"
    for command in ("check", "import"):  # several: a line each, and the others are read
        extra = ["--db", f"sqlite:///{tmp_path / 'lib.db'}"] if command == "import" else []
        done = fupan(tmp_path, command, *extra, *kinds, GOOD[0])
        clean(done)
        said = lines_of(done)
        assert done.returncode == 2 and set(said) == {*kinds, str(GOOD[0])}
        for name, kind in kinds.items():
            assert f"not a regular file: {kind}" in said[name]
        assert said[str(GOOD[0])].endswith("all legal" if command == "check" else "added as deal 1")


def test_a_file_made_a_fifo_after_its_look_is_not_waited_on(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The second guard: a FIFO that ``os.stat`` did not see (put in the file's place in between) is opened without
    blocking, seen by ``fstat`` and refused."""
    pipe = make_fifo(tmp_path / "pipe.json")
    real_stat = os.stat

    def as_if_regular(path: str | Path, *args: object, **kwargs: object) -> os.stat_result:
        found = real_stat(path, *args, **kwargs)  # type: ignore[arg-type]  # passing on what it was given
        regular = (stat.S_IFREG | 0o644, *found[1:])
        return os.stat_result(regular) if Path(path) == pipe else found

    monkeypatch.setattr(os, "stat", as_if_regular)
    raised: list[BaseException] = []
    opener = threading.Thread(target=lambda: _catch(lambda: open_regular(pipe), raised), daemon=True)
    opener.start()
    opener.join(20)
    if opener.is_alive():  # it waits for a writer: give it one, so that the thread ends, and fail
        os.close(os.open(pipe, os.O_WRONLY | os.O_NONBLOCK))
        pytest.fail("open_regular waited on a FIFO")
    assert len(raised) == 1 and isinstance(raised[0], NotRegular), raised
    assert str(raised[0]) == "not a regular file: a FIFO"


def _catch(call: Callable[[], object], into: list[BaseException]) -> None:
    try:
        call()
    except BaseException as exc:  # handed to the test's thread
        into.append(exc)


# ---------------------------------------------------------------------------------------------
# 15b. A symlink in a folder is followed only to a regular file inside the folder


def test_a_symlink_out_of_a_folder_is_not_read_nor_quoted(tmp_path: Path) -> None:
    folder = tmp_path / "logs"
    folder.mkdir()
    shutil.copy(GOOD[0], folder / "a.json")
    shutil.copy(GOOD[1], tmp_path / "outside.json")
    linked(folder / "env.json", "/proc/self/environ")
    linked(folder / "env.txt", "/proc/1/environ")
    linked(folder / "out.json", "../outside.json")
    linked(folder / "same.json", "a.json")  # inside the folder, a regular file: read
    linked(folder / "up", "..")  # a folder: not followed, so no loop
    for args in (
        ["check", "logs"],
        ["check", "--json", "logs"],
        ["import", "--db", f"sqlite:///{tmp_path / 'l.db'}", "logs"],
    ):
        done = fupan(tmp_path, *args)
        clean(done)
        assert done.returncode == 2
        if "--json" in args:
            docs = {d["source"]: d for d in json.loads(done.stdout)}
            assert docs["logs/a.json"]["ok"] and docs["logs/same.json"]["ok"]
            assert "outside the folder, not followed" in docs["logs/env.json"]["error"]
            continue
        said = lines_of(done)
        assert set(said) == {f"logs/{n}" for n in ("a.json", "env.json", "env.txt", "out.json", "same.json", "up")}
        for name in ("env.json", "env.txt", "out.json"):
            assert "a symlink to a file outside the folder, not followed" in said[f"logs/{name}"]
        assert "a symlink to a folder, not followed" in said["logs/up"]
        if args[0] == "import":
            assert said["logs/a.json"] == "added as deal 1" and said["logs/same.json"] == "duplicate of deal 1"
    done = fupan(folder, "check", "out.json")  # named on the command line: followed
    assert done.returncode == 0 and done.stdout.endswith("all legal\n")


# ---------------------------------------------------------------------------------------------
# 15c. A log's form is told past its comment lines


def _commented_log() -> str:
    """A text log whose first nine lines are blank or comments and whose line 28 holds a card that does not exist."""
    text = (SAMPLES_DIR / "disputes" / "01-burn-after-pass.txt").read_text(encoding="utf-8").splitlines()
    assert text[0].startswith("#") and text[25] == "1 burn A A # 李秀英烧"
    text[25] = "1 burn A ZZ # 李秀英烧"
    return "\n".join(["", "＃ a full-width comment first", *text]) + "\n"  # the bad card on line 28


def test_a_text_log_that_starts_with_comments_gets_its_real_error(tmp_path: Path) -> None:
    text = _commented_log()
    assert log_form(text) == "text" and log_form("\n  # x\n{}") == "json" and log_form("# x\nmilk\n") is None
    with pytest.raises(LogError) as info:
        parse_log(text, "c.txt")
    assert (info.value.line, info.value.col) == (28, 10) and "unknown card 'ZZ'" in info.value.reason
    (tmp_path / "c.txt").write_text(text, encoding="utf-8")
    done = fupan(tmp_path, "check", "c.txt")
    assert done.returncode == 2 and done.stderr.startswith("fupan: c.txt:28:10: unknown card 'ZZ'")
    with pytest.raises(LogError, match="a JSON log has no comments") as info:
        parse_log("\n# from a phone\n" + GOOD[0].read_text(encoding="utf-8"))
    assert (info.value.line, info.value.col) == (2, 1)


# ---------------------------------------------------------------------------------------------
# The fuzz: folders mixing every kind of entry


def _entry(kind: str, path: Path, rng: random.Random, top: Path, goods: list[Path]) -> tuple[Path, str] | None:
    """Make an entry of ``kind`` at ``path`` (or beside it); the entry as listed and what must become of it: "read"
    or "unread"; None when it is not listed (not a log's name)."""
    if kind == "good":
        shutil.copy(rng.choice(GOOD), path)
        goods.append(path)
        return path, "read"
    if kind == "bad":
        path.write_text(rng.choice([GJ + "events\n0 play ZZ\n", '{"format": "fupan/1",', "milk\n", "", "# only\n"]))
    elif kind == "fifo":
        make_fifo(path)
    elif kind == "socket":
        make_socket(path)
    elif kind == "dangling":
        linked(path, path.parent / "no-such-file.json")
    elif kind == "environ":
        linked(path, "/proc/self/environ")
    elif kind == "device":
        linked(path, "/dev/null")
    elif kind == "unreadable":
        shutil.copy(rng.choice(GOOD), path)
        path.chmod(0)
    elif kind == "folder-link":  # a loop up the tree, or the whole disk: never followed, whatever its name
        return linked(path.with_suffix(""), rng.choice([top, path.parent, Path("/")])), "unread"
    elif kind == "inside-link":
        if not goods:
            return None
        return linked(path, os.path.relpath(rng.choice(goods), path.parent)), "read"
    else:  # not a log's name: not looked at, whatever it is
        make_fifo(path.with_suffix(".jpg"))
        return None
    return path, "unread"


def _fuzz_folder(top: Path, rng: random.Random) -> dict[str, str]:
    """A folder tree of random entries; what each listed entry must come to, by its path relative to ``top``."""
    kinds = ["good", "good", "bad", "fifo", "socket", "dangling", "environ", "device", "folder-link", "inside-link"]
    kinds += ["not-a-log"] + (["unreadable"] if os.geteuid() != 0 else [])  # root reads a file of mode 000
    want: dict[str, str] = {}
    folders, goods = [top], []
    for k in range(rng.randint(8, 20)):
        if rng.random() < 0.15:
            folders.append(rng.choice(folders) / f"d{k}")
            folders[-1].mkdir()
            continue
        made = _entry(rng.choice(kinds), rng.choice(folders) / f"f{k}{rng.choice(LOG_SUFFIXES)}", rng, top, goods)
        if made is not None:
            want[str(made[0].relative_to(top))] = made[1]
    return want


@pytest.mark.parametrize("seed", range(3 * SCALE))
def test_folders_of_every_kind_of_file(tmp_path: Path, seed: int) -> None:
    rng = random.Random(seed)
    top = tmp_path / "logs"
    top.mkdir()
    want = _fuzz_folder(top, rng)
    if not want:
        return
    unread = {n for n, fate in want.items() if fate == "unread"}
    done = fupan(top, "check", ".")
    clean(done)
    said = lines_of(done)
    assert set(said) == set(want), done.stdout
    for name in want:
        assert said[name].endswith("(not read)") == (name in unread), (name, said[name])
    assert done.returncode == (2 if unread else 0)
    stored = fupan(top, "import", "--db", f"sqlite:///{tmp_path / 'lib.db'}", "--jobs", "2", ".")
    clean(stored)
    said = lines_of(stored)
    assert set(said) == set(want), stored.stdout
    for name in want:
        assert said[name].startswith("not imported: ") == (name in unread), (name, said[name])
        assert len(said[name]) < 300
    assert stored.returncode == (2 if unread else 0)
    assert stored.stdout.splitlines()[-1].endswith(f" {len(unread)} not imported")
