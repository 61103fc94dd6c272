"""Tests of the dashboard's accounts and of recording a decision (data/accounts.py) and of ``fupan user``,
on SQLite and on PostgreSQL (the ``engine`` and ``db_url`` fixtures of conftest.py).

Passwords are hashed with argon2id at its cheapest parameters here (the default costs about a second on
a test machine); the module's hasher is swapped for each test."""

from __future__ import annotations

import io
from dataclasses import replace
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
from argon2 import PasswordHasher
from argon2.profiles import CHEAPEST
from sqlalchemy import func, insert, select
from sqlalchemy.engine import Engine

import cli
import data.deal_rows as deal_rows
from data import accounts, queries
from data.accounts import (
    AccountError,
    NotPermitted,
    add_user,
    disable_user,
    get_user,
    import_as,
    list_users,
    record_decision,
    set_password,
    verify_user,
)
from data.database import open_db, shown_url
from data.decisions import deal_decisions, standing_decisions
from data.exporter import export_deals
from data.importer import import_log
from data.models import DecisionRow
from replay.formats.decisions import Decision, now_utc
from replay.formats.log import Log, read_log
from replay.simulate import simulate_deal

CHEAP = PasswordHasher.from_parameters(CHEAPEST)
PASSWORD = "红桃A-大王-小王"


pytestmark = pytest.mark.usefixtures("cheap_hashes")  # tests/conftest.py


@pytest.fixture(scope="module")
def deal() -> Log:
    return simulate_deal(5, "gouji").log


@pytest.fixture
def deal_id(engine: Engine, deal: Log) -> int:
    r = import_log(engine, deal, "deal.json")
    assert r.status == "added" and r.deal_id is not None
    return r.deal_id


def n_decisions(engine: Engine) -> int:
    with engine.connect() as conn:
        return int(conn.execute(select(func.count()).select_from(DecisionRow)).scalar_one())


def ruling(event: int = 2, decision: str = "overruled", text: str = "seat 2 burned out of turn", **kw: Any) -> Decision:
    values: dict[str, Any] = {"referee": "typed in a form", "at": "2026-12-01T20:00:00Z", **kw}
    return Decision(event=event, decision=decision, text=text, **values)


# ---------------------------------------------------------------------------------------------
# Accounts


def test_add_and_verify_a_user(engine: Engine) -> None:
    user = add_user(engine, " 老王 ", PASSWORD, "referee")
    assert (user.name, user.role, user.disabled) == ("老王", "referee", False) and user.id is not None
    assert user.password_hash.startswith("$argon2id$") and PASSWORD not in user.password_hash
    found = verify_user(engine, "老王", PASSWORD)
    assert found is not None and (found.id, found.name, found.role) == (user.id, "老王", "referee")
    assert found.created_at.utcoffset() is not None
    assert verify_user(engine, "  老王", PASSWORD) is not None  # the name as stored, spaces aside
    assert verify_user(engine, "老王", PASSWORD + "x") is None  # a wrong password
    assert verify_user(engine, "老李", PASSWORD) is None  # no such user
    assert verify_user(engine, "老王", "") is None
    add_user(engine, "Admin", "correct horse", "admin")
    assert [(u.name, u.role) for u in list_users(engine)] == [("Admin", "admin"), ("老王", "referee")]


@pytest.mark.parametrize(
    ("name", "password", "role", "message"),
    [
        ("", PASSWORD, "referee", "cannot be empty"),
        ("   ", PASSWORD, "referee", "cannot be empty"),
        ("x" * 201, PASSWORD, "referee", "at most 200"),
        ("a\nb", PASSWORD, "referee", "control character"),
        ("Li", PASSWORD, "boss", "unknown role 'boss'"),
        ("Li", "short", "referee", "at least 8"),
        ("Li", "\udc80" * 8, "referee", "not valid Unicode"),
    ],
)
def test_bad_accounts_are_refused(engine: Engine, name: str, password: str, role: str, message: str) -> None:
    with pytest.raises(AccountError, match=message):
        add_user(engine, name, password, role)
    assert list_users(engine) == []


def test_a_name_is_taken_once(engine: Engine) -> None:
    add_user(engine, "Li", PASSWORD, "referee")
    with pytest.raises(AccountError, match="a user named 'Li' exists already"):
        add_user(engine, "Li", "another password", "admin")
    (only,) = list_users(engine)
    assert only.role == "referee" and verify_user(engine, "Li", PASSWORD) is not None


def test_set_password_and_disable(engine: Engine) -> None:
    add_user(engine, "Li", PASSWORD, "referee")
    set_password(engine, "Li", "a new password")
    assert verify_user(engine, "Li", PASSWORD) is None
    assert verify_user(engine, "Li", "a new password") is not None
    disable_user(engine, "Li")
    assert verify_user(engine, "Li", "a new password") is None  # a disabled account cannot sign in
    user = get_user(engine, "Li")
    assert user is not None and user.disabled
    with pytest.raises(AccountError, match="no user named 'Wu'"):
        set_password(engine, "Wu", PASSWORD)
    with pytest.raises(AccountError, match="no user named 'Wu'"):
        disable_user(engine, "Wu")
    with pytest.raises(AccountError, match="at least 8"):
        set_password(engine, "Li", "short")


def test_a_hash_with_older_parameters_is_replaced_on_sign_in(engine: Engine, monkeypatch: pytest.MonkeyPatch) -> None:
    add_user(engine, "Li", PASSWORD, "referee")
    old = get_user(engine, "Li")
    assert old is not None and "m=8,t=1,p=1" in old.password_hash
    stronger = PasswordHasher(time_cost=2, memory_cost=16, parallelism=1)
    monkeypatch.setattr(accounts, "HASHER", stronger)
    assert verify_user(engine, "Li", "wrong password") is None
    assert get_user(engine, "Li") == old  # a failed sign-in changes nothing
    signed = verify_user(engine, "Li", PASSWORD)
    new = get_user(engine, "Li")
    assert signed is not None and new is not None
    assert "m=16,t=2,p=1" in new.password_hash and signed.password_hash == new.password_hash
    assert not stronger.check_needs_rehash(new.password_hash)
    assert verify_user(engine, "Li", PASSWORD) is not None  # and it still signs in
    assert get_user(engine, "Li") == new


def test_a_damaged_hash_does_not_sign_in(engine: Engine) -> None:
    add_user(engine, "Li", PASSWORD, "referee")
    with engine.begin() as conn:
        conn.execute(accounts.USERS.update().values(password_hash="not a hash"))
    assert verify_user(engine, "Li", PASSWORD) is None


# ---------------------------------------------------------------------------------------------
# Recording a decision: who may


def test_a_referee_records_a_decision_under_their_own_name(engine: Engine, deal_id: int) -> None:
    user = add_user(engine, "老王", PASSWORD, "referee")
    stored = record_decision(engine, deal_id, ruling(rule="TURN-ORDER"), "老王")
    assert stored.decision == ruling(rule="TURN-ORDER", referee="老王")  # not the name typed in the form
    assert (stored.deal_id, stored.user_id, stored.event) == (deal_id, user.id, 2)
    assert stored.created_at.utcoffset() is not None
    assert deal_decisions(engine, deal_id) == [stored]
    admin = add_user(engine, "Admin", PASSWORD, "admin")
    by_admin = record_decision(engine, deal_id, ruling(event=4, decision="upheld", text="fine"), "Admin")
    assert by_admin.user_id == admin.id and by_admin.decision.referee == "Admin"
    assert n_decisions(engine) == 2


def test_the_same_decision_twice_is_stored_once(engine: Engine, deal_id: int) -> None:
    add_user(engine, "Li", PASSWORD, "referee")
    first = record_decision(engine, deal_id, ruling(), "Li")
    again = record_decision(engine, deal_id, ruling(), "Li")  # a double click
    assert again == first and n_decisions(engine) == 1


def test_a_form_submitted_twice_a_second_apart_is_stored_once(engine: Engine, deal_id: int) -> None:
    add_user(engine, "Li", PASSWORD, "referee")
    first = record_decision(engine, deal_id, ruling(at="2026-12-01T20:00:00Z"), "Li")
    again = record_decision(engine, deal_id, ruling(at="2026-12-01T20:00:01Z"), "Li")  # a rerun, a second later
    assert again == first and n_decisions(engine) == 1
    other = record_decision(engine, deal_id, ruling(text="changed", at="2026-12-01T20:00:02Z"), "Li")
    assert other.id != first.id and n_decisions(engine) == 2
    back = record_decision(
        engine, deal_id, ruling(at="2026-12-01T20:00:03Z"), "Li"
    )  # back to the first: it stands anew
    assert back.id not in (first.id, other.id) and n_decisions(engine) == 3
    on_another_event = record_decision(engine, deal_id, ruling(event=4, at="2026-12-01T20:00:04Z"), "Li")
    assert on_another_event.event == 4 and n_decisions(engine) == 4


def test_a_later_decision_stands_and_the_earlier_one_stays(engine: Engine, deal_id: int, tmp_path: Path) -> None:
    add_user(engine, "Li", PASSWORD, "referee")
    add_user(engine, "Wu", PASSWORD, "admin")
    first = record_decision(engine, deal_id, ruling(decision="upheld", text="legal", at="2026-12-01T20:00:00Z"), "Li")
    later = record_decision(engine, deal_id, ruling(text="on appeal: illegal", at="2026-12-01T20:30:00Z"), "Wu")
    assert [s.id for s in deal_decisions(engine, deal_id)] == [first.id, later.id]  # both kept
    assert standing_decisions(engine, deal_id) == {2: later}
    (path,) = export_deals(engine, tmp_path / "out")
    assert read_log(path).decisions == (first.decision, later.decision)


def test_text_from_a_form_is_stored_verbatim(engine: Engine, deal_id: int) -> None:
    add_user(engine, "Li", PASSWORD, "referee")
    odd = '<img src=x onerror="alert(1)">\n\n第二段 & &amp; \\n \t'
    stored = record_decision(engine, deal_id, ruling(text=odd, at=now_utc()), "Li")
    (back,) = deal_decisions(engine, deal_id)
    assert back.decision.text == stored.decision.text == odd


def _insert_user(engine: Engine, name: str, role: str) -> None:
    """An account written by other means (a later version's role, say): record_decision trusts only
    the roles it knows."""
    with engine.begin() as conn:
        values = {"name": name, "password_hash": CHEAP.hash(PASSWORD), "role": role, "created_at": datetime.now(UTC)}
        conn.execute(insert(accounts.USERS).values(values))


def test_only_an_enabled_referee_or_admin_may_record(engine: Engine, deal_id: int) -> None:
    with pytest.raises(NotPermitted, match="no user named 'Li'") as err:
        record_decision(engine, deal_id, ruling(), "Li")
    assert isinstance(err.value, PermissionError)
    _insert_user(engine, "Viewer", "viewer")
    with pytest.raises(NotPermitted, match="the role 'viewer': only a referee or an admin"):
        record_decision(engine, deal_id, ruling(), "Viewer")
    add_user(engine, "Li", PASSWORD, "referee")
    disable_user(engine, "Li")
    with pytest.raises(NotPermitted, match="'Li' is disabled"):
        record_decision(engine, deal_id, ruling(), "Li")
    with pytest.raises(NotPermitted):
        record_decision(engine, deal_id, ruling(), "")
    assert n_decisions(engine) == 0


def test_an_account_disabled_after_signing_in_may_no_longer_record(engine: Engine, deal_id: int) -> None:
    add_user(engine, "Li", PASSWORD, "referee")
    signed_in = verify_user(engine, "Li", PASSWORD)  # the dashboard keeps this in its session
    assert signed_in is not None
    record_decision(engine, deal_id, ruling(), signed_in.name)
    disable_user(engine, "Li")  # meanwhile, an admin
    with pytest.raises(NotPermitted, match="disabled"):
        record_decision(engine, deal_id, ruling(text="another"), signed_in.name)
    assert n_decisions(engine) == 1


def test_the_deal_and_the_event_must_exist(engine: Engine, deal_id: int, deal: Log) -> None:
    add_user(engine, "Li", PASSWORD, "referee")
    with pytest.raises(ValueError, match=f"no deal {deal_id + 99} in the library"):
        record_decision(engine, deal_id + 99, ruling(), "Li")
    n = len(deal.events)
    with pytest.raises(ValueError, match=f"deal {deal_id} has no event {n + 1} \\(its events are 1..{n}\\)"):
        record_decision(engine, deal_id, ruling(event=n), "Li")
    with pytest.raises(ValueError, match="NUL character"):
        record_decision(engine, deal_id, ruling(text="a \x00 b"), "Li")
    assert n_decisions(engine) == 0
    # the account is checked first: a stranger learns nothing of the deals
    with pytest.raises(NotPermitted):
        record_decision(engine, deal_id + 99, ruling(), "Stranger")


def test_a_log_uploaded_in_the_dashboard_is_imported_for_a_referee_only(engine: Engine, deal: Log) -> None:
    decided = replace(deal, decisions=(ruling(referee="裁判 A"),))
    _insert_user(engine, "Viewer", "viewer")
    add_user(engine, "Gone", PASSWORD, "admin")
    disable_user(engine, "Gone")
    for name, message in (("Nobody", "no user named"), ("Viewer", "the role 'viewer'"), ("Gone", "disabled")):
        with pytest.raises(NotPermitted, match=message):
            import_as(engine, decided, "upload.json", name)
    assert queries.deals(engine).empty and n_decisions(engine) == 0
    li = add_user(engine, "Li", PASSWORD, "referee")
    r = import_as(engine, decided, "upload.json", "Li")
    assert (r.status, r.decisions_added) == ("added", 1) and r.deal_id is not None
    (stored,) = deal_decisions(engine, r.deal_id)
    assert stored.user_id == li.id and stored.decision.referee == "裁判 A"  # the log's record, stored by Li
    assert import_as(engine, decided, "again.json", "Li").status == "duplicate"


def test_an_upload_is_refused_if_the_account_is_disabled_before_it_is_stored(
    engine: Engine, deal: Log, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The account is checked again in the import's own transaction, not only before the replay."""
    add_user(engine, "Li", PASSWORD, "referee")
    real = deal_rows.rows_of

    def replay_then_disable(*args: Any) -> Any:
        out = real(*args)
        disable_user(engine, "Li")  # an admin, while the deal was being replayed and coached
        return out

    monkeypatch.setattr(deal_rows, "rows_of", replay_then_disable)
    with pytest.raises(NotPermitted, match="disabled"):
        import_as(engine, deal, "upload.json", "Li")
    assert queries.deals(engine).empty


# ---------------------------------------------------------------------------------------------
# fupan user


def lib(url: str) -> str:
    """The line the library commands write first on standard error."""
    return f"library: {shown_url(url)}\n"


def run(capsys: pytest.CaptureFixture[str], *args: str | Path) -> tuple[int, str, str]:
    try:
        code = cli.main([str(a) for a in args])
    except SystemExit as exc:  # argparse's own errors (exit 2, a usage line)
        code = int(exc.code or 0)
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture
def stdin(monkeypatch: pytest.MonkeyPatch) -> Any:
    """Set what standard input holds."""
    return lambda text: monkeypatch.setattr("sys.stdin", io.StringIO(text))


def test_cli_user_commands(
    db_url: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, stdin: Any
) -> None:
    db = ("--db", db_url)
    assert run(capsys, "user", "list", *db) == (0, "no users\n", lib(db_url))
    stdin(PASSWORD + "\n")
    code, out, err = run(capsys, "user", "add", "老王", "--role", "referee", "--password-stdin", *db)
    assert (code, out, err) == (0, "added user 老王 (referee)\n", lib(db_url))
    answers = iter(["correct horse", "correct horse"])
    monkeypatch.setattr("getpass.getpass", lambda prompt="": next(answers))
    assert run(capsys, "user", "add", "Admin", "--role", "admin", *db) == (0, "added user Admin (admin)\n", lib(db_url))
    code, out, _ = run(capsys, "user", "list", *db)
    lines = out.splitlines()
    assert code == 0 and [line.split("\t")[:3] for line in lines] == [
        ["Admin", "admin", "enabled"],
        ["老王", "referee", "enabled"],
    ]
    assert all(line.endswith(" UTC") and "\tcreated 20" in line for line in lines)

    engine = open_db(db_url)
    try:
        assert verify_user(engine, "老王", PASSWORD) is not None
        assert verify_user(engine, "Admin", "correct horse") is not None
        stdin("another one\r\n")
        assert run(capsys, "user", "passwd", "老王", "--password-stdin", *db) == (
            0,
            "changed the password of 老王\n",
            lib(db_url),
        )
        assert verify_user(engine, "老王", "another one") is not None
        assert run(capsys, "user", "disable", "老王", *db) == (0, "disabled user 老王\n", lib(db_url))
        assert verify_user(engine, "老王", "another one") is None
        assert run(capsys, "user", "list", *db)[1].splitlines()[1].split("\t")[2] == "disabled"
    finally:
        engine.dispose()


def test_cli_user_errors_are_one_line(
    db_url: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, stdin: Any
) -> None:
    db = ("--db", db_url)
    stdin(PASSWORD)
    assert run(capsys, "user", "add", "Li", "--role", "referee", "--password-stdin", *db)[0] == 0
    cases = [
        (("user", "add", "Li", "--role", "admin", "--password-stdin"), PASSWORD, "a user named 'Li' exists already"),
        (("user", "add", "Wu", "--role", "admin", "--password-stdin"), "short\n", "a password needs at least 8"),
        (("user", "add", "Wu", "--role", "admin", "--password-stdin"), "", "--password-stdin: no password"),
        (("user", "add", " ", "--role", "admin", "--password-stdin"), PASSWORD, "a user name cannot be empty"),
        (("user", "passwd", "Wu", "--password-stdin"), PASSWORD, "no user named 'Wu'"),
        (("user", "disable", "Wu"), None, "no user named 'Wu'"),
    ]
    for args, given, message in cases:
        stdin(given or "")
        code, out, err = run(capsys, *args, *db)
        assert (code, out) == (2, ""), (args, err)
        said = err.removeprefix(lib(db_url))  # an account error comes after the library is opened
        assert said.startswith("fupan: ") and message in said and said.count("\n") == 1, (args, err)
    answers = iter(["one password", "another password"])
    monkeypatch.setattr("getpass.getpass", lambda prompt="": next(answers))
    code, out, err = run(capsys, "user", "add", "Wu", "--role", "referee", *db)
    assert (code, out, err) == (2, "", "fupan: the two passwords differ; nothing was changed\n")

    def no_input(prompt: str = "") -> str:
        raise EOFError

    monkeypatch.setattr("getpass.getpass", no_input)
    assert run(capsys, "user", "passwd", "Li", *db) == (2, "", "fupan: no password given\n")
    code, out, err = run(capsys, "user", "add", "Wu", "--role", "boss", "--password-stdin", *db)
    assert code == 2 and "invalid choice: 'boss'" in err and "Traceback" not in err
    code, out, err = run(capsys, "user", "list", "--db", "nonsense")
    assert (code, out) == (2, "") and err.startswith("fupan: database error: ") and err.count("\n") == 1
    engine = open_db(db_url)
    assert [u.name for u in list_users(engine)] == ["Li"]
    engine.dispose()
