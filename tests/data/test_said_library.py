"""The library's own refusals in Chinese (issue 18, item 3): a damaged, read-only, replaced library and an account
that may not write are said in the page's language (``replay.core.said.error_in``), their English unchanged for the
command line and the server's log."""

from __future__ import annotations

import os

import pytest
from ui_words import latin_words

from data.accounts import NotPermitted, add_user, disable_user, record_decision
from data.database import library_state, open_db
from data.importer import import_log
from replay.core.said import error_in
from replay.formats.decisions import Decision, now_utc
from replay.simulate import simulate_deal


@pytest.fixture
def engine(tmp_path):
    eng = open_db(f"sqlite:///{tmp_path / 'fupan.db'}")
    yield eng
    eng.dispose()


def _chinese(exc: BaseException, *data: str) -> str:
    zh = error_in(exc, "zh")
    assert zh != str(exc), f"English only: {exc}"
    assert not latin_words(zh, [*data, "export"]), zh  # `fupan export`: the command's name
    return zh


def test_a_damaged_read_only_or_replaced_library_is_said_in_chinese(engine, tmp_path):
    state = library_state(engine)
    shown = str(state.shown)
    damaged = state.damaged_error("database disk image is malformed")
    assert "已损坏" in _chinese(damaged, shown, "database disk image is malformed")
    assert str(damaged).startswith(f"the library {shown} is damaged")
    assert "只读" in _chinese(state.read_only_error("the file cannot be written"), shown, "the file cannot be written")
    path = tmp_path / "fupan.db"
    os.replace(path, tmp_path / "moved.db")
    with pytest.raises(Exception) as found:
        state.check_file()
    assert "被删除" in _chinese(found.value, str(path))


@pytest.mark.parametrize(("name", "word"), [("ref", "已停用"), ("nobody", "没有名为")])
def test_an_account_that_may_not_write_is_refused_in_chinese(engine, name, word):
    log = simulate_deal(1, "gouji").log
    deal_id = import_log(engine, log, "gouji.json").deal_id
    add_user(engine, "ref", "a long enough password", "referee")
    disable_user(engine, "ref")
    decision = Decision(event=3, decision="upheld", text="so it stands", referee=name, at=now_utc())
    with pytest.raises(NotPermitted) as found:
        record_decision(engine, deal_id, decision, name)
    assert word in _chinese(found.value, name)
    assert "may" in str(found.value)  # the English as before
