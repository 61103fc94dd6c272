"""Every write the dashboard makes, called without the role it needs, is refused by the write itself (issue 38, item
5): the account is read in the write's own transaction (``data.accounts.writer``), so hiding a button is never the
guard. On SQLite and PostgreSQL (the ``engine`` fixture).

The roles: a member imports logs and score sheets; a referee also rules, keeps variations and deletes deals; an
admin also restores a deleted deal; the owner (``OWNER``: the command line, a dashboard of one's own) writes
without an account."""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime
from typing import Any

import pytest
from argon2 import PasswordHasher
from argon2.profiles import CHEAPEST
from sqlalchemy import func, insert, select
from sqlalchemy.engine import Engine

from data import accounts
from data.accounts import (
    ADMIN,
    DECIDE,
    DELETE,
    IMPORT,
    MEMBER,
    OWNER,
    PRICE,
    REFEREE,
    RESTORE,
    RIGHTS,
    VARY,
    AccountError,
    Actor,
    NotPermitted,
    add_user,
    authorize,
    disable_user,
    get_user,
    import_as,
    record_decision,
    set_role,
)
from data.importer import import_log
from data.models import Deal, DecisionRow, VariationRow, table_of
from data.sheets import import_sheets
from data.variation_rows import file_text
from data.variations import add_variation, delete_variation, extend_variation, import_variations_file, rename_variation
from replay.formats.decisions import Decision
from replay.formats.log import Log
from replay.lines import Line
from replay.simulate import simulate_deal

CHEAP = PasswordHasher.from_parameters(CHEAPEST)
PASSWORD = "红桃A-大王-小王"
NAMES = "张三,李四,王五,赵六,孙七,周八"
CSV = f"game,date,match,seat0,seat1,seat2,seat3,seat4,seat5,finish\ngouji,2026-11-01,秋季联赛,{NAMES},0 2 4 1 3 5\n"


pytestmark = pytest.mark.usefixtures("cheap_hashes")  # tests/conftest.py


@pytest.fixture(scope="module")
def deal() -> Log:
    return simulate_deal(5, "gouji").log


@pytest.fixture
def club(engine: Engine) -> Engine:
    """A library with an account of every role, a disabled referee and an account of a role fupan does not know."""
    for name, role in (("会员", MEMBER), ("裁判", REFEREE), ("管理员", ADMIN), ("停用", REFEREE)):
        add_user(engine, name, PASSWORD, role)
    disable_user(engine, "停用")
    with engine.begin() as conn:
        values = {"name": "Viewer", "password_hash": CHEAP.hash(PASSWORD), "role": "viewer"}
        conn.execute(insert(accounts.USERS).values(**values, created_at=datetime.now(UTC)))
    return engine


def count(engine: Engine, model: Any) -> int:
    with engine.connect() as conn:
        return int(conn.execute(select(func.count()).select_from(table_of(model))).scalar_one())


def ruling(event: int = 2) -> Decision:
    return Decision(event=event, decision="overruled", text="出牌不合规", referee="typed", at="2026-12-01T20:00:00Z")


#: who may make a write needing each right, of the accounts of ``club`` (the owner may make them all)
ALLOWED = {
    IMPORT: {"会员", "裁判", "管理员"},
    DECIDE: {"裁判", "管理员"},
    VARY: {"裁判", "管理员"},
    DELETE: {"裁判", "管理员"},
    RESTORE: {"管理员"},
    PRICE: {"裁判", "管理员"},
}
EVERYONE = ("", "Nobody", "Viewer", "停用", "会员", "裁判", "管理员")


def test_the_roles_are_ranked_and_each_right_names_its_least_role() -> None:
    assert accounts.ROLES == (MEMBER, REFEREE, ADMIN)
    assert [r.role for r in RIGHTS] == [MEMBER, REFEREE, REFEREE, REFEREE, ADMIN, REFEREE]
    for right in RIGHTS:
        assert {role for role in (*accounts.ROLES, "viewer", "") if right.allows(role)} == {
            role for role in accounts.ROLES if accounts.ROLES.index(role) >= accounts.ROLES.index(right.role)
        }


@pytest.mark.parametrize("right", RIGHTS, ids=lambda r: r.doing[1])
def test_the_check_of_every_write_allows_exactly_the_roles_with_the_right(club: Engine, right: Any) -> None:
    for who in EVERYONE:
        with club.begin() as conn:
            if who in ALLOWED[right]:
                assert accounts.writer(conn, who, right).name == who
            else:
                with pytest.raises(NotPermitted):
                    accounts.writer(conn, who, right)
        with club.begin() as conn:
            assert accounts.writer(conn, OWNER, right) is None  # the owner: no account


def test_a_role_changed_is_checked_at_the_next_write(club: Engine, deal: Log) -> None:
    with pytest.raises(NotPermitted, match="the role 'member'"):
        import_as(club, deal._replace(decisions=(ruling(),)), "d.json", "会员")
    set_role(club, "会员", REFEREE)
    assert import_as(club, deal._replace(decisions=(ruling(),)), "d.json", "会员").decisions_added == 1
    found = get_user(club, "会员")
    assert found is not None and found.role == REFEREE
    with pytest.raises(AccountError, match="unknown role 'boss'"):
        set_role(club, "会员", "boss")
    with pytest.raises(AccountError, match="no user named"):
        set_role(club, "nobody", MEMBER)


# -- each write path, called by everyone ----------------------------------------------------------------


def _import(engine: Engine, who: Actor, deal: Log) -> None:
    import_log(engine, deal, "deal.json", authorize(who, IMPORT))


def _import_with_decisions(engine: Engine, who: Actor, deal: Log) -> None:
    import_as(engine, deal._replace(decisions=(ruling(),)), "deal.json", who)


def _sheets(engine: Engine, who: Actor, deal: Log) -> None:
    import_sheets(engine, CSV, "season.csv", authorize(who, IMPORT))


def _stored(engine: Engine, deal: Log) -> int:
    found = import_log(engine, deal, "deal.json").deal_id
    assert found is not None
    return found


def _decide(engine: Engine, who: Actor, deal: Log) -> None:
    record_decision(engine, _stored(engine, deal), ruling(), who)


def _vary(engine: Engine, who: Actor, deal: Log) -> None:
    assert isinstance(who, str)  # a variation carries an account's name
    add_variation(engine, _stored(engine, deal), Line("variation", 3, tuple(deal.events[3:5]), "试"), who)


WRITES: dict[str, tuple[Callable[[Engine, Actor, Log], None], Any, Callable[[Engine], int]]] = {
    "import a log": (_import, IMPORT, lambda e: count(e, Deal)),
    "import a log's decisions": (_import_with_decisions, DECIDE, lambda e: count(e, DecisionRow)),
    "import a season's score sheets": (_sheets, IMPORT, lambda e: count(e, Deal)),
    "record a decision": (_decide, DECIDE, lambda e: count(e, DecisionRow)),
    "keep a variation": (_vary, VARY, lambda e: count(e, VariationRow)),
}


@pytest.mark.parametrize("write", list(WRITES))
def test_each_write_is_refused_without_the_role_and_stores_nothing(club: Engine, deal: Log, write: str) -> None:
    make, right, stored = WRITES[write]
    for who in EVERYONE:
        before = stored(club)
        if who in ALLOWED[right]:
            make(club, who, deal)  # not refused (what it stores is each write's own tests' business)
        else:
            with pytest.raises(NotPermitted):
                make(club, who, deal)
            assert stored(club) == before, (who, write)


def test_a_members_import_stores_the_deal_the_first_time(club: Engine, deal: Log) -> None:
    with pytest.raises(NotPermitted, match="nobody is signed in"):
        _import(club, "", deal)
    assert count(club, Deal) == 0
    _import(club, "会员", deal)
    assert count(club, Deal) == 1
    _sheets(club, "会员", deal)
    assert count(club, Deal) == 2


@pytest.fixture
def variation(club: Engine, deal: Log) -> tuple[int, int]:
    deal_id = _stored(club, deal)
    return deal_id, add_variation(club, deal_id, Line("variation", 3, tuple(deal.events[3:5]), "试"), "裁判")


def test_a_stored_variations_changes_need_a_referee(club: Engine, deal: Log, variation: tuple[int, int]) -> None:
    deal_id, number = variation
    with club.connect() as conn:
        content_hash = conn.execute(select(table_of(Deal).c.content_hash)).scalar_one()
    refused = ("", "Nobody", "Viewer", "停用", "会员")
    changes: list[Callable[[str], Any]] = [
        lambda who: rename_variation(club, deal_id, number, "新名字", who),
        lambda who: extend_variation(club, deal_id, number, deal.events[5:6], who),
        lambda who: import_variations_file(club, file_text(content_hash, []), who),
        lambda who: delete_variation(club, deal_id, number, who),
    ]
    for change in changes:
        for who in refused:
            with pytest.raises(NotPermitted):
                change(who)
    assert count(club, VariationRow) == 1
    rename_variation(club, deal_id, number, "新名字", "裁判")
    delete_variation(club, deal_id, number, "管理员")
    assert count(club, VariationRow) == 0


def test_the_owner_writes_without_an_account_but_a_ruling_needs_one(engine: Engine, deal: Log) -> None:
    _import(engine, OWNER, deal)
    _sheets(engine, OWNER, deal)
    assert count(engine, Deal) == 2
    with pytest.raises(NotPermitted):  # a ruling carries an account's name: the owner has none
        record_decision(engine, 1, ruling(), OWNER)
    assert count(engine, DecisionRow) == 0
