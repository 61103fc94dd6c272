"""``fupan user`` (cli/users.py): the roles member, referee and admin; ``fupan user role NAME ROLE``. The other
actions' lines and errors: tests/data/test_accounts.py (``test_cli_user_*``)."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

import cli
from data import accounts
from data.database import open_db, shown_url

PASSWORD = "红桃A-大王-小王"


pytestmark = pytest.mark.usefixtures("cheap_hashes")  # tests/conftest.py


@pytest.fixture
def url(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'lib.db'}"


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    try:
        code = cli.main(list(args))
    except SystemExit as exc:  # argparse's own errors (exit 2, a usage line)
        code = int(exc.code or 0)
    out, err = capsys.readouterr()
    return code, out, err


def add(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], url: str, name: str, role: str) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO(PASSWORD + "\n"))
    assert run(capsys, "user", "add", name, "--role", role, "--password-stdin", "--db", url)[:2] == (
        0,
        f"added user {name} ({role})\n",
    )


def roles(url: str) -> dict[str, str]:
    engine = open_db(url)
    try:
        return {u.name: u.role for u in accounts.list_users(engine)}
    finally:
        engine.dispose()


def test_every_role_may_be_given_at_add_and_is_listed(
    url: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    for k, role in enumerate(accounts.ROLES):
        add(monkeypatch, capsys, url, f"user{k}", role)
    code, out, _ = run(capsys, "user", "list", "--db", url)
    assert code == 0
    assert [line.split("\t")[:2] for line in out.splitlines()] == [
        [f"user{k}", r] for k, r in enumerate(accounts.ROLES)
    ]


def test_a_role_is_changed_and_the_change_said(
    url: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    add(monkeypatch, capsys, url, "老王", "member")
    add(monkeypatch, capsys, url, "Boss", "admin")
    assert run(capsys, "user", "role", "老王", "referee", "--db", url) == (
        0,
        "changed the role of 老王 from member to referee\n",
        f"library: {shown_url(url)}\n",
    )
    assert roles(url) == {"Boss": "admin", "老王": "referee"}
    code, out, _ = run(capsys, "user", "role", " 老王 ", "referee", "--db", url)  # the name as stored: stripped
    assert (code, out) == (0, "the role of 老王 stays referee\n")
    assert run(capsys, "user", "disable", "老王", "--db", url)[0] == 0
    code, out, _ = run(capsys, "user", "role", "老王", "admin", "--db", url)
    assert (code, out) == (0, "changed the role of 老王 from referee to admin (the account is disabled)\n")
    assert roles(url)["老王"] == "admin"


def test_the_last_enabled_admin_demoted_is_warned_of(
    url: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    add(monkeypatch, capsys, url, "Li", "admin")
    add(monkeypatch, capsys, url, "Wu", "admin")
    code, _, err = run(capsys, "user", "role", "Li", "member", "--db", url)
    assert code == 0 and "no enabled admin" not in err  # Wu is still one
    code, out, err = run(capsys, "user", "role", "Wu", "referee", "--db", url)
    assert (code, out) == (0, "changed the role of Wu from admin to referee\n")
    assert err.splitlines()[1:] == [
        "fupan: no enabled admin is left: nobody can manage accounts: add one with `fupan user add NAME --role admin`"
    ]
    assert roles(url) == {"Li": "member", "Wu": "referee"}
    code, _, err = run(capsys, "user", "role", "Li", "referee", "--db", url)  # no admin was there to lose
    assert code == 0 and "no enabled admin" not in err


def test_an_unknown_role_is_refused_with_the_choices(
    url: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    add(monkeypatch, capsys, url, "Li", "member")
    code, out, err = run(capsys, "user", "role", "Li", "boss", "--db", url)
    assert (code, out) == (2, "") and "Traceback" not in err
    assert "invalid choice: 'boss'" in err and all(f"'{r}'" in err for r in accounts.ROLES)
    code, out, err = run(capsys, "user", "add", "Wu", "--role", "owner", "--password-stdin", "--db", url)
    assert (code, out) == (2, "") and "invalid choice: 'owner'" in err and "'member'" in err
    assert roles(url) == {"Li": "member"}


def test_an_unknown_user_is_refused_in_one_line(url: str, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "user", "role", "Nobody", "admin", "--db", url)
    said = err.removeprefix(f"library: {shown_url(url)}\n")
    assert (code, out, said) == (2, "", "fupan: no user named 'Nobody'\n")
    assert roles(url) == {}
    code, out, err = run(capsys, "user", "role", " ", "admin", "--db", url)  # told before the library is opened
    assert (code, out, err) == (2, "", "fupan: a user name cannot be empty\n")


def test_the_user_commands_are_listed_with_role(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "user", "--help")
    assert code == 0
    assert all(action in out for action in ("add", "list", "role", "disable", "passwd"))
