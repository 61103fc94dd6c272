"""The Players page and stale findings (views/pages/players.py, data/recoach.py): findings an older engine or
coach made are said to be stale, with the versions, until ``fupan recoach`` computes them again; the page
asks the registry and the stored levels, not a game's name."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from app_pages import open_tab
from sqlalchemy import update
from streamlit.testing.v1 import AppTest

from coach.version import COACH_VERSION
from data.database import open_db
from data.importer import import_log
from data.models import Deal, FindingRow, table_of
from data.recoach import recoach
from replay.simulate import simulate_deal
from replay.version import ENGINE_VERSION
from views.parts.texts import EMPTY_CELL

TIMEOUT = 120


def _page(lang: str) -> None:
    import streamlit as st

    from views.pages import players

    st.session_state.setdefault("lang", lang)
    players.render()


@pytest.fixture
def library(tmp_path: Path, point_app: Callable[[str], str]) -> str:
    url = f"sqlite:///{tmp_path / 'fupan.db'}"
    engine = open_db(url)
    for seed in (1, 2):
        import_log(engine, simulate_deal(seed, "gouji").log)
    import_log(engine, simulate_deal(3, "shengji-35").log)
    engine.dispose()
    return point_app(url)


def _run(lang: str = "en") -> AppTest:
    at = AppTest.from_function(_page, kwargs={"lang": lang}, default_timeout=TIMEOUT).run()
    assert not at.exception, at.exception
    return at


def _age(url: str) -> None:
    engine = open_db(url)
    with engine.begin() as conn:
        conn.execute(update(table_of(Deal)).where(table_of(Deal).c.id == 1).values(engine_version=0, coach_version=0))
        conn.execute(update(table_of(FindingRow)).where(table_of(FindingRow).c.deal_id == 1).values(engine_version=0))
    engine.dispose()


def test_current_findings_are_not_flagged(library: str) -> None:
    at = _run()
    assert not at.warning
    assert len(at.radio[0].options) == 2 and at.radio[0].value == "gouji"  # the first registered game stored


def test_stale_findings_are_said_with_their_versions_until_recoached(library: str) -> None:
    _age(library)
    at = _run()
    (warning,) = at.warning
    assert "1 deals" in warning.value and "engine 0, coach 0" in warning.value
    assert f"now engine {ENGINE_VERSION}, coach {COACH_VERSION}" in warning.value and "fupan recoach" in warning.value
    at.radio[0].set_value("shengji").run()
    assert not at.warning  # the 升级 deal is current
    assert _run("zh").warning[0].value.count("旧版本") == 1
    engine = open_db(library)
    assert [r.status for r in recoach(engine)] == ["done"]
    engine.dispose()
    assert not _run().warning


def test_the_ladder_of_levels_is_read_from_the_stored_levels(library: str) -> None:
    at = _run()
    at.radio[0].set_value("shengji").run()
    assert not at.exception
    table = at.dataframe[0].value
    assert "Declared" in table.columns and len(table) == 4  # four named players, from the stored levels


def test_an_empty_cell_is_a_dash_not_none(library: str) -> None:
    """Issue 35, item 6: a table shows a value it has not as – (Streamlit's own is the English "None"): the Players
    table's players without a place (a 升级 seat, a player placed in no deal) among them."""
    at = _run("zh")
    assert at.dataframe
    for frame in at.dataframe:
        assert frame.proto.placeholder == EMPTY_CELL == "–"


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_the_errors_column_counts_by_judgement_and_says_what_it_counts(library: str, lang: str) -> None:
    """The findings by kind carry each player's errors per deal (``data.mistakes``: by each move's one judgement),
    and the column's help says what is counted; a player chosen shows the same figure with the same help."""
    from data.make_samples import SAMPLES_DIR
    from data.mistakes import player_mistakes
    from replay.formats.log import read_log
    from views.pages.players import MISTAKES, MISTAKES_HELP

    k = 0 if lang == "zh" else 1
    engine = open_db(library)
    import_log(engine, read_log(SAMPLES_DIR / "disputes" / "01-burn-after-pass.txt"))  # a burn after a pass
    want = player_mistakes(engine, "gouji").set_index("player")["per_deal"].round(2)
    engine.dispose()
    assert want.max() > 0
    at = open_tab(_run(lang), "findings")
    (kinds,) = [d for d in at.dataframe if MISTAKES[k] in d.value.columns]
    shown = kinds.value[MISTAKES[k]]
    assert shown.to_dict() == want.reindex(shown.index).fillna(0.0).to_dict()
    import json

    assert json.loads(kinds.proto.columns)[MISTAKES[k]]["help"] == MISTAKES_HELP[k]  # the column's help
    first = str(want.idxmax())
    at.selectbox[0].set_value(first).run()
    (metric,) = [m for m in at.metric if MISTAKES[k] in m.label]
    assert metric.value == f"{want.get(first, 0.0):.2f}" and metric.proto.help == MISTAKES_HELP[k]
