"""The dashboard as a club server (``FUPAN_ACCESS=club``, what ``fupan serve`` sets; issue 38, item 5): anyone may
look; a member imports logs and score sheets; a referee also deletes deals; an admin also restores them. Each write
is offered only to whoever may make it, and refused by the write itself when a callback is called all the same
(the forged requests below call the forms' callbacks directly, as a crafted websocket message could). Without the
club mode the owner writes without signing in."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from app_pages import empty_library
from argon2 import PasswordHasher
from argon2.profiles import CHEAPEST
from sqlalchemy import func, select
from streamlit.testing.v1 import AppTest

from data import accounts
from data.accounts import add_user
from data.database import open_db
from data.importer import import_log
from data.models import Deal, table_of
from replay.simulate import simulate_deal

TIMEOUT = 60
PASSWORD = "红桃A-大王-小王"
USERS = {"会员": "member", "裁判": "referee", "管理员": "admin"}


@pytest.fixture
def library(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    """A club's library (one deal, an account of each role) served in club mode; its URL."""
    monkeypatch.setattr(accounts, "HASHER", PasswordHasher.from_parameters(CHEAPEST))
    monkeypatch.setenv("FUPAN_ACCESS", "club")
    engine = empty_library(tmp_path, monkeypatch)
    assert import_log(engine, simulate_deal(3, "gouji").log, "sim").deal_id == 1
    for name, role in USERS.items():
        add_user(engine, name, PASSWORD, role)
    url = str(engine.url)
    engine.dispose()
    yield url


def deals(url: str) -> int:
    engine = open_db(url)
    try:
        with engine.connect() as conn:
            return int(conn.execute(select(func.count()).select_from(table_of(Deal))).scalar_one())
    finally:
        engine.dispose()


def page(name: str, user: str | None, then: str | None = None) -> None:
    """Page ``name`` with its sidebar, as app.py draws them, for ``user`` signed in (once); ``then``: a form's
    callback called after the page (a forged request: the form need not be on the page)."""
    import importlib

    import streamlit as st

    from views.parts import account, signin

    st.session_state.setdefault("lang", "en")
    if user is not None and not st.session_state.get("test_signed_in"):
        st.session_state["test_signed_in"] = True
        assert signin.sign_in(user)
    importlib.import_module(f"views.pages.{name}").render()
    with st.sidebar:
        account.account_box()
    if then is not None:
        module, call = then.rsplit(".", 1)
        args = (dict.fromkeys(("game", "date"), "gouji"),) if call == "_send" and "sheet" in module else ()
        getattr(importlib.import_module(module), call)(*args)


def run(name: str, user: str | None = None, then: str | None = None, **state: Any) -> AppTest:
    at = AppTest.from_function(page, kwargs={"name": name, "user": user, "then": then}, default_timeout=TIMEOUT)
    for key, value in state.items():
        at.session_state[key] = value
    at = at.run()
    assert not at.exception, [e.value for e in at.exception]
    return at


def labels(at: AppTest) -> set[str]:
    return {b.label for b in at.button} | {e.label for e in at.get("expandable")}


def plain(values: Any) -> str:
    return "\n".join(str(getattr(v, "value", "")) for v in values).replace("\\", "")


def test_a_viewer_sees_the_library_and_no_way_to_write(library: str) -> None:
    at = run("library", sheet_box=True, deletion_box=True)  # even with the folded boxes asked open
    assert "Import and open" not in labels(at) and not at.get("file_uploader")
    assert "Store the sheet" not in labels(at) and "Delete this deal" not in labels(at)
    assert "To import logs and score sheets, sign in as a member, a referee or an admin" in plain(at.caption)
    assert at.dataframe  # the list of deals is there to look at
    assert [w for w in at.sidebar.text_input if w.label == "Password"]  # the sign-in, in the sidebar
    desk = run("dispute", deal_id=1, step=3)
    assert not [b for b in desk.button if b.key == "desk_record"]


LOG = simulate_deal(8, "gouji").log.dumps()


@pytest.mark.parametrize(
    ("then", "state", "said_key"),
    [
        ("views.parts.library_import._send", {"import_paste": LOG}, "import_said"),
        ("views.parts.sheet_form._send", {}, "sheet_said"),
        ("views.parts.deal_deletion._delete", {"deletion_deal": 1}, "deletion_said"),
        ("views.parts.deal_deletion._restore", {"deletion_chosen": 1}, "deletion_said"),
    ],
)
def test_a_viewers_forged_writes_are_refused(library: str, then: str, state: dict[str, Any], said_key: str) -> None:
    at = run("library", then=then, **state)
    said = at.session_state[said_key]
    text = said[0].text if isinstance(said, list) else said[1]
    assert "sign in as" in text, text
    assert deals(library) == 1


def test_a_member_imports_and_enters_sheets_but_may_not_delete(library: str) -> None:
    at = run("library", user="会员", sheet_box=True)
    assert "Import and open" in labels(at) and "Store the sheet" in labels(at)
    assert "Delete this deal" not in labels(at)
    assert "Signed in as 会员 (member)" in plain(at.sidebar.caption)
    at.text_area(key="import_paste").input(LOG)
    at = next(b for b in at.button if b.label == "Import and open").click().run()
    assert deals(library) == 2
    forged = run("library", user="会员", then="views.parts.deal_deletion._delete", deletion_deal=1)
    assert "the role 'member'" in forged.session_state["deletion_said"][1]
    assert deals(library) == 2


def test_a_referee_deletes_and_an_admin_restores(library: str) -> None:
    at = run("library", user="裁判", deletion_box=True)
    assert "Restore this deal" not in labels(at)
    at.number_input(key="deletion_deal").set_value(1)
    at.text_input(key="deletion_reason").input("录错了")
    at = next(b for b in at.button if b.label == "Delete this deal").click().run()
    assert "Deleted deal 1" in plain(at.success) and deals(library) == 0
    assert "录错了" in str(at.dataframe[0].value.iloc[0].tolist())
    replay = run("replay", deal_id=1, step=0)
    assert "Deal 1 was deleted by 裁判" in plain(replay.info) and "录错了" in plain(replay.info)
    forged = run("library", user="裁判", then="views.parts.deal_deletion._restore", deletion_chosen=1)
    assert "the role 'referee'" in forged.session_state["deletion_said"][1] and deals(library) == 0
    admin = run("library", user="管理员", deletion_box=True)
    admin = next(b for b in admin.button if b.label == "Restore this deal").click().run()
    assert "Restored as deal" in plain(admin.success) and deals(library) == 1


def test_without_the_club_mode_the_owner_writes_without_signing_in(
    library: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("FUPAN_ACCESS")
    at = run("library", sheet_box=True, deletion_box=True)
    assert {"Import and open", "Store the sheet", "Delete this deal"} <= labels(at)
    at.number_input(key="deletion_deal").set_value(1)
    at = next(b for b in at.button if b.label == "Delete this deal").click().run()
    assert deals(library) == 0 and "this machine's owner" in str(at.dataframe[0].value.iloc[0].tolist())
    at = next(b for b in at.button if b.label == "Restore this deal").click().run()
    assert deals(library) == 1
    desk = run("dispute", deal_id=1, step=3)  # a ruling carries an account's name: still one to sign in
    assert not [b for b in desk.button if b.key == "desk_record"]
