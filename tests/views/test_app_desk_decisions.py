"""A referee's decisions in the dashboard, on SQLite and on PostgreSQL (the ``db_url`` fixture of
conftest.py; the app reads ``FUPAN_DB``): signing in on the dispute desk, recording decisions (the server
checks the sign-in's token and the account at write time), the history on the desk, the standing decision on
the Replay page, the Library's filter and count, and a Library upload that carries decisions
(views/parts/desk_decisions.py, views/parts/signin.py, views/parts/ruling_view.py, views/pages/library.py).

Under AppTest there is no websocket: ``views.parts.signin`` binds a sign-in to a stand-in connection per
session, which ``forget_local_connections`` replaces, as a websocket that joins the session would."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from datetime import UTC, datetime
from typing import Any

import pytest
import streamlit as st
from app_pages import library_filters
from argon2 import PasswordHasher
from argon2.profiles import CHEAPEST
from paths import ROOT
from sqlalchemy import insert
from streamlit.testing.v1 import AppTest

from data import accounts
from data.accounts import add_user, disable_user
from data.database import open_db
from data.decisions import StoredDecision, deal_decisions
from data.importer import import_log
from data.signin import Limiter
from replay.formats.decisions import Decision
from replay.formats.log import read_log
from replay.simulate import simulate_deal
from views.parts import signin

APP = str(ROOT / "app.py")
DISPUTE = ROOT / "data" / "samples" / "disputes" / "01-burn-after-pass.txt"
SAMPLE = sorted((ROOT / "data" / "samples" / "gouji").glob("*.json"))[0]
CHEAP = PasswordHasher.from_parameters(CHEAPEST)
REFEREE, PASSWORD = "王老师", "红桃A-大王-小王"
HOSTILE = "<img src=x onerror=alert(1)>[x](javascript:alert(1)) **b** $x$ :red[y]"
TIMEOUT = 60


@dataclasses.dataclass(frozen=True)
class Library:
    url: str
    deal_id: int  # the dispute 01-burn-after-pass
    other_id: int  # a sample deal without decisions


@pytest.fixture
def library(db_url: str, monkeypatch: pytest.MonkeyPatch) -> Iterator[Library]:
    """The dispute and a sample deal, a referee, a disabled referee and an account of an unknown role,
    in the database at ``db_url`` (named by FUPAN_DB), with Streamlit's caches cleared."""
    monkeypatch.setattr(accounts, "HASHER", CHEAP)
    eng = open_db(db_url)
    ids = [import_log(eng, read_log(p), p.name).deal_id for p in (DISPUTE, SAMPLE)]
    assert all(i is not None for i in ids)
    add_user(eng, REFEREE, PASSWORD, "referee")
    add_user(eng, "Gone", PASSWORD, "referee")
    disable_user(eng, "Gone")
    with eng.begin() as conn:  # an account written by other means: a role the dashboard does not know
        values = {"name": "Viewer", "password_hash": CHEAP.hash(PASSWORD), "role": "viewer"}
        conn.execute(insert(accounts.USERS).values(**values, created_at=datetime.now(UTC)))
    eng.dispose()
    monkeypatch.setenv("FUPAN_DB", db_url)
    monkeypatch.delenv("DATABASE_URL", raising=False)
    st.cache_data.clear()
    st.cache_resource.clear()
    monkeypatch.setattr(signin, "LIMITER", Limiter())  # each test's sign-in attempts start afresh
    yield Library(db_url, int(ids[0] or 0), int(ids[1] or 0))
    st.cache_resource.clear()  # the app's engine, which holds connections to this database
    st.cache_data.clear()


def _stored(url: str, deal_id: int) -> list[StoredDecision]:
    """The decisions stored on a deal, read by a connection of the test's own."""
    eng = open_db(url)
    try:
        return deal_decisions(eng, deal_id)
    finally:
        eng.dispose()


def _page(name: str, lang: str, user: str | None = None) -> None:
    import importlib

    import streamlit as st

    from views.parts import signin

    st.session_state.setdefault("lang", lang)
    if user is not None and not st.session_state.get("test_signed_in"):  # signed in once, its password unasked
        st.session_state["test_signed_in"] = True
        assert signin.sign_in(user)
    importlib.import_module(f"views.pages.{name}").render()
    from views.parts.account import account_box

    with st.sidebar:  # as app.py draws it, after the page
        account_box()


def _run(name: str, lang: str = "zh", deal_id: int | None = None, step: int = 0, user: str | None = None) -> AppTest:
    """A page run as a function; ``user``: the session signed in as that account (as its password would)."""
    at = AppTest.from_function(_page, kwargs={"name": name, "lang": lang, "user": user}, default_timeout=TIMEOUT)
    at.session_state["lang"] = lang
    if deal_id is not None:
        at.session_state["deal_id"] = deal_id
        at.session_state["step"] = step
    return _ok(at.run())


def _ok(at: AppTest) -> AppTest:
    assert not at.exception, [e.value for e in at.exception]
    for el in (*at.markdown, *at.caption, *at.error, *at.warning, *at.info, *at.success):
        assert not getattr(el.proto, "allow_html", False), el.value
    return at


def _plain(values: Any) -> str:
    return "\n".join(str(getattr(v, "value", "")) for v in values).replace("\\", "")


def _sign_in(at: AppTest, name: str, password: str) -> AppTest:
    at.text_input(key="sign_in_name").input(name)
    at.text_input(key="sign_in_password").input(password)
    return _ok(at.button(key="sign_in_button").click().run())


def _decide(at: AppTest, deal_id: int, event: int, outcome: str, text: str, lang: str = "zh") -> AppTest:
    at.radio(key=f"decide_outcome_{deal_id}_{event}").set_value(outcome)
    at.text_area(key=f"decide_text_{deal_id}_{event}_{lang}").input(text)
    return _ok(at.button(key="desk_record").click().run())


# -- signing in -------------------------------------------------------------------------------------


def test_a_wrong_password_is_refused(library: Library) -> None:
    at = _run("dispute", "en", library.deal_id, 3)
    at = _sign_in(at, REFEREE, "not the password")
    assert "user" not in at.session_state
    assert "Wrong name or password" in _plain(at.error)
    assert not [b for b in at.button if b.key == "desk_record"]  # no form to record with
    for name in ("Gone", "Nobody"):  # a disabled account, an unknown name: the same answer
        at = _sign_in(at, name, PASSWORD)
        assert "user" not in at.session_state and "Wrong name or password" in _plain(at.error)


def test_signing_in_and_out_keeps_only_the_name(library: Library) -> None:
    at = _sign_in(_run("dispute", "zh", library.deal_id, 3), f"  {REFEREE} ", PASSWORD)
    assert at.session_state["user"] == REFEREE and at.session_state["user_token"].count(".") == 3
    for key in ("sign_in_password", "sign_in_name"):  # the form is cleared: no password left in the session
        assert key not in at.session_state or at.session_state[key] == ""
    assert f"已登录：{REFEREE}" in _plain(at.caption)
    assert [b for b in at.button if b.key == "desk_record"]
    at = _ok(at.button(key="sign_out").click().run())
    assert "user" not in at.session_state and "user_token" not in at.session_state


class Clock:
    """A clock the test moves."""

    def __init__(self) -> None:
        self.now = 1_000_000.0

    def __call__(self) -> float:
        return self.now


LONGER = "(trying earlier makes the wait longer)."


def _said(at: AppTest) -> str:
    """What the sign-in form said (the sidebar's error)."""
    return str(at.sidebar.error[0].value).replace("\\", "")


def test_sign_in_attempts_are_slowed_and_a_wait_is_said_alike_for_any_name(
    library: Library, monkeypatch: pytest.MonkeyPatch
) -> None:
    said = {}
    for name in (REFEREE, "Nobody"):  # a wrong password, an unknown name: the same answers
        clock = Clock()
        monkeypatch.setattr(signin, "LIMITER", Limiter(clock=clock))
        at = _run("dispute", "en", library.deal_id, 3)
        answers = []
        for _ in range(5):
            answers.append(_said(_sign_in(at, name, "not the password")))
        at = _sign_in(at, name, PASSWORD)  # the right password (for REFEREE) at once: refused, the wait said
        answers.append(_said(at))
        assert "user" not in at.session_state
        said[name] = answers
        if name == REFEREE:
            clock.now += 59  # too early: refused again, and the wait doubles
            assert "user" not in _sign_in(at, REFEREE, PASSWORD).session_state
            assert _said(at) == f"Too many sign-in attempts: try again in 120 s {LONGER}"
            clock.now += 120
            assert _sign_in(at, REFEREE, PASSWORD).session_state["user"] == REFEREE  # after the wait: signed in
    wrong = "Wrong name or password, or the account is disabled."
    assert said[REFEREE] == said["Nobody"] == [wrong] * 5 + [f"Too many sign-in attempts: try again in 60 s {LONGER}"]


def test_the_wait_is_said_in_chinese(library: Library) -> None:
    at = _run("dispute", "zh", library.deal_id, 3)
    for _ in range(6):
        at = _sign_in(at, "Nobody", "not the password")
    assert _said(at) == "登录尝试太多：请 60 秒后再试（提前再试会等得更久）。"


def test_a_session_that_only_names_a_user_is_not_signed_in(library: Library) -> None:
    """A session state that holds a name without its token (as a session did before issue 33) writes nothing."""
    at = AppTest.from_function(_page, kwargs={"name": "dispute", "lang": "en"}, default_timeout=TIMEOUT)
    at.session_state["user"] = REFEREE
    at.session_state["deal_id"], at.session_state["step"] = library.deal_id, 3
    at = _ok(at.run())
    assert "user" not in at.session_state
    assert "Signed out: the sign-in's token is not valid. Nothing was written" in _plain(at.warning)
    assert not [b for b in at.button if b.key == "desk_record"]


def test_a_session_joined_by_another_connection_writes_nothing(library: Library) -> None:
    at = _sign_in(_run("dispute", "zh", library.deal_id, 3), REFEREE, PASSWORD)
    assert at.session_state["user"] == REFEREE
    signin.forget_local_connections()  # another websocket joins the session: the connection is not the signed one
    at = _decide(at, library.deal_id, 3, "upheld", "taken over")
    assert "已退出登录：这个会话现在由另一个连接使用" in _plain(at.error) and "没有写入任何内容" in _plain(at.error)
    assert "user" not in at.session_state and "user_token" not in at.session_state
    assert not [b for b in at.button if b.key == "desk_record"]
    assert _stored(library.url, library.deal_id) == []


def test_an_expired_sign_in_writes_nothing(library: Library, monkeypatch: pytest.MonkeyPatch) -> None:
    clock = Clock()
    monkeypatch.setattr(signin, "SIGNER", signin.Signer(clock=clock))
    at = _sign_in(_run("dispute", "en", library.deal_id, 3), REFEREE, PASSWORD)
    clock.now += 8 * 3600 - 1
    at = _decide(at, library.deal_id, 3, "upheld", "in time", "en")
    assert "Recorded" in _plain(at.success)
    clock.now += 1
    at = _decide(at, library.deal_id, 3, "overruled", "too late", "en")
    assert "Signed out: the sign-in expired (after 8 hours)" in _plain(at.error)
    assert [s.decision.text for s in _stored(library.url, library.deal_id)] == ["in time"]


@pytest.mark.parametrize("part", [0, 1, 2, 3])
def test_a_tampered_token_writes_nothing(library: Library, part: int) -> None:
    at = _sign_in(_run("dispute", "en", library.deal_id, 3), REFEREE, PASSWORD)
    token = at.session_state["user_token"].split(".")
    token[part] = token[part][:-1] + ("A" if token[part][-1] != "A" else "B")
    at.session_state["user_token"] = ".".join(token)
    at = _decide(at, library.deal_id, 3, "upheld", "forged", "en")
    assert "Signed out: the sign-in's token is not valid. Nothing was written" in _plain(at.error)
    assert _stored(library.url, library.deal_id) == []


def test_an_upload_in_a_session_joined_by_another_connection_stores_nothing(library: Library) -> None:
    at = _run("library", "zh", user=REFEREE)
    signin.forget_local_connections()
    before = len(_deal_ids(library.url))
    at = _upload(at, _with_decision(34))
    assert "没有存入" in _plain(at.error) and "这个会话现在由另一个连接使用" in _plain(at.error)
    assert not at.success and len(_deal_ids(library.url)) == before
    assert "user" not in at.session_state


def _deal_ids(url: str) -> list[int]:
    from sqlmodel import Session, select

    from data.models import Deal

    eng = open_db(url)
    try:
        with Session(eng) as db:
            return [int(d) for d in db.exec(select(Deal.id)).all() if d is not None]
    finally:
        eng.dispose()


# -- recording ----------------------------------------------------------------------------------------


def test_an_overrule_starts_from_an_empty_text_box(library: Library) -> None:
    at = _sign_in(_run("dispute", "zh", library.deal_id, 3), REFEREE, PASSWORD)
    text, outcome = f"decide_text_{library.deal_id}_3_zh", f"decide_outcome_{library.deal_id}_3"
    assert "过牌不烧" in at.text_area(key=text).value  # upheld: the ruling's words
    at = _ok(at.radio(key=outcome).set_value("overruled").run())
    assert at.text_area(key=text).value == ""  # an overrule: the referee's own words, from nothing
    at = _ok(at.radio(key=outcome).set_value("upheld").run())
    assert "过牌不烧" in at.text_area(key=text).value
    at = _ok(at.text_area(key=text).input("我自己的话").run())
    at = _ok(at.radio(key=outcome).set_value("overruled").run())
    assert at.text_area(key=text).value == "我自己的话"  # what the referee wrote stays


def test_a_referee_records_decisions_shown_on_the_desk_replay_and_library(
    library: Library, served: dict[str, bytes]
) -> None:
    at = _run("dispute", "zh")  # no deal open: the referee picks it and its event on the desk
    at.selectbox(key="dispute_deal").set_value(library.deal_id).run()
    at.slider[0].set_value(3).run()
    at = _sign_in(at, REFEREE, PASSWORD)
    assert at.selectbox(key="dispute_deal").value == library.deal_id and at.slider[0].value == 3
    # the text comes prefilled from the ruling; the rule cited from the ruling's
    draft = at.text_area(key=f"decide_text_{library.deal_id}_3_zh").value
    assert "过牌不烧" in draft and "这一动作不成立" in draft
    assert at.selectbox(key=f"decide_rule_{library.deal_id}_3").value == "GJ-BURN"
    at = _decide(at, library.deal_id, 3, "upheld", "过牌不烧：烧牌不成立。")
    assert "已记录" in _plain(at.success)
    assert at.selectbox(key="dispute_deal").value == library.deal_id and at.slider[0].value == 3  # still there
    at = _decide(at, library.deal_id, 3, "overruled", f"复议后推翻 {HOSTILE}")
    stored = _stored(library.url, library.deal_id)
    assert [(s.decision.decision, s.decision.referee, s.decision.rule) for s in stored] == [
        ("upheld", REFEREE, "GJ-BURN"),
        ("overruled", REFEREE, "GJ-BURN"),
    ]
    assert stored[1].decision.text == f"复议后推翻 {HOSTILE}"  # stored verbatim
    # the desk: the history of two, oldest first, the later one standing
    history = next(m.value for m in at.markdown if m.value.startswith("1. "))
    lines = history.split("\n")
    assert len(lines) == 2 and "维持" in lines[0] and "推翻" in lines[1]
    assert "（现行）" in lines[1] and "（现行）" not in lines[0]
    assert r"\<img" in history and history.count("<img") == history.count(r"\<img")  # the referee's text escaped
    sheet = served[f"ruling-deal{library.deal_id}-event3.html"].decode("utf-8")  # the sheet carries both
    assert "过牌不烧：烧牌不成立。" in sheet and "复议后推翻 &lt;img" in sheet and "（现行）" in sheet
    # the Replay page, at the step after the event (where its verdict is): the standing decision
    rep = _run("replay", "zh", library.deal_id, 4)
    box = _plain(rep.warning)
    assert f"**裁判裁定：推翻**（{REFEREE}，" in box and "复议后推翻" in box
    assert "此前另有 1 条" in _plain(rep.caption)
    assert "裁判裁定" not in _plain(_run("replay", "zh", library.deal_id, 3).warning)  # not at other steps
    en = _run("replay", "en", library.deal_id, 4)
    assert f"**Referee: overruled** by {REFEREE} at " in _plain(en.warning)
    # the Library: the filter and the count
    lib = library_filters(_ok(AppTest.from_file(APP, default_timeout=TIMEOUT).run()))
    table = lib.dataframe[0].value
    assert dict(zip(table["编号"], table["裁判裁定"], strict=True))[library.deal_id] == 2
    _widget(lib.selectbox, "裁判裁定").select(True).run()
    assert list(_ok(lib).dataframe[0].value["编号"]) == [library.deal_id]
    _widget(lib.selectbox, "裁判裁定").select(False).run()
    assert library.deal_id not in set(_ok(lib).dataframe[0].value["编号"])
    assert library.other_id in set(lib.dataframe[0].value["编号"])


def _widget(widgets: Any, label: str) -> Any:
    found = [w for w in widgets if w.label == label]
    assert len(found) == 1, (label, [w.label for w in widgets])
    return found[0]


def _change_account(url: str, name: str, change: str) -> None:
    """Change an account behind a signed-in session's back (an admin at the command line)."""
    eng = open_db(url)
    try:
        if change == "disable":
            disable_user(eng, name)
        else:
            with eng.begin() as conn:  # a role the dashboard does not know, or one without the right
                conn.execute(accounts.USERS.update().where(accounts.USERS.c.name == name).values(role=change))
    finally:
        eng.dispose()


@pytest.mark.parametrize(
    ("change", "why"),
    [("disable", "is disabled"), ("viewer", "the role 'viewer'"), ("member", "the role 'member'")],
)
def test_a_session_that_may_no_longer_write_is_refused_at_write_time(library: Library, change: str, why: str) -> None:
    eng = open_db(library.url)
    add_user(eng, "Temp", PASSWORD, "referee")
    eng.dispose()
    at = _run("dispute", "en", library.deal_id, 3, user="Temp")  # a referee: the form is offered
    assert [b for b in at.button if b.key == "desk_record"]
    _change_account(library.url, "Temp", change)  # then the account changes: the write itself refuses
    at = _decide(at, library.deal_id, 3, "upheld", "stands", "en")
    assert "Not recorded" in _plain(at.error) and why in _plain(at.error)
    assert not at.exception
    assert _stored(library.url, library.deal_id) == []
    assert not [b for b in at.button if b.key == "desk_record"]  # and the form is no longer offered


@pytest.mark.parametrize("user", ["Gone", "Viewer", "Nobody"])
def test_no_form_for_a_session_that_may_not_rule(library: Library, user: str) -> None:
    at = _run("dispute", "en", library.deal_id, 3, user=user)
    assert not [b for b in at.button if b.key == "desk_record"]
    assert "A signed-in referee or admin records a decision here" in _plain(at.caption)


def test_an_empty_text_is_refused_plainly(library: Library) -> None:
    at = _run("dispute", "en", library.deal_id, 3, user=REFEREE)
    at = _decide(at, library.deal_id, 3, "upheld", "   ", "en")
    assert "Not recorded: text" in _plain(at.error)
    assert _stored(library.url, library.deal_id) == []


# -- a Library upload that carries decisions ---------------------------------------------------------


def _with_decision(seed: int) -> str:
    log = simulate_deal(seed, "gouji").log
    d = Decision(event=1, decision="upheld", text="ok", referee="老王", at="2026-12-01T20:15:00Z")
    return dataclasses.replace(log, decisions=(d,)).dumps()


def _upload(at: AppTest, text: str) -> AppTest:
    _widget(at.text_area, "或者粘贴日志文本").input(text)
    return _ok(_widget(at.button, "导入并打开").click().run())


@pytest.mark.parametrize("user", [None, "Gone"])
def test_an_upload_stores_no_decision_without_a_referee(library: Library, user: str | None) -> None:
    at = _upload(_run("library", "zh", user=user), _with_decision(31))
    assert any("已加入第" in s.value for s in at.success)  # the deal itself is imported
    warning = _plain(at.warning)
    assert "1 条裁判裁定，没有存入" in warning and "只导入了牌局本身" in warning
    assert ("没有登录" if user is None else "已停用") in warning  # in the page's language
    deal_id = at.session_state["deal_id"]
    assert _stored(library.url, deal_id) == []


def test_an_upload_by_a_referee_stores_its_decisions(library: Library) -> None:
    at = _run("library", "zh", user=REFEREE)
    assert f"已登录：{REFEREE}" in _plain(at.caption)
    at = _upload(at, _with_decision(32))
    assert not at.warning and any("已加入第" in s.value for s in at.success)
    stored = _stored(library.url, at.session_state["deal_id"])
    assert [s.decision.text for s in stored] == ["ok"] and stored[0].user_id is not None


def test_an_upload_without_decisions_needs_no_account(library: Library) -> None:
    at = _upload(_ok(AppTest.from_file(APP, default_timeout=TIMEOUT).run()), simulate_deal(33, "gouji").log.dumps())
    assert not at.warning and any("已加入第" in s.value for s in at.success)
