"""One judgement per move on the dashboard (docs/coach.md, "One judgement per move"): the Coach page, the
Evaluation page and the Replay page show the same judgement of one priced move, under Streamlit's AppTest on a
temporary SQLite library.

The move is the problem report's: a 够级 sample where seat 3 answers an opponent's Qs with KC while holding AD
(逢Q盖帽), and the price (20 rollouts, 3 candidates, seed 5; the tuned policy since COACH_VERSION 6) finds KC better
by 2.70 points. The Coach page once
called it a mistake ("! 错误") while the Evaluation page priced the play made above the saying's: now both say the
saying is overruled, and neither calls it a mistake."""

from __future__ import annotations

import pytest
from app_pages import library_of, page_ok, run_page
from streamlit.testing.v1 import AppTest

from coach.evaluate import evaluate_decision
from coach.prices import Evaluation, Settings
from data.database import open_db
from data.evaluations import save_evaluation
from data.make_samples import SAMPLES_DIR
from replay.core.numbering import step_after
from replay.formats.log import read_log
from replay.replay import Replay
from views.pages.evaluation import DECISION

SAMPLE = SAMPLES_DIR / "gouji" / "gouji-2026-09-08-d2.json"
INDEX = 35  # seat 3: KC on an opponent's Qs while holding AD
PRICE = Settings(rollouts=20, max_candidates=3, seed=5)
SAID_ZH = "判断：俗语说「逢Q盖帽」（出牌 AD）；此处估价认为 出牌 KC 更好，多 2.70 分（标准误 1.00）"
SAID_EN = "Judgement: the saying says '逢Q盖帽' (play AD); here the pricing finds play KC better by 2.70 points"


@pytest.fixture
def stored(tmp_path, monkeypatch) -> int:
    """A library holding the sample, with the move priced (that one decision alone): the deal's id."""
    log = read_log(SAMPLE)
    deal_id = library_of(tmp_path, monkeypatch, log)
    rep = Replay(log)
    d = evaluate_decision(rep.engine, rep.states, rep.log.events, INDEX, PRICE)
    assert d is not None
    import os

    eng = open_db(os.environ["FUPAN_DB"])
    try:
        save_evaluation(eng, deal_id, Evaluation((d,), PRICE, rep.final.n, 0, 0.0))
    finally:
        eng.dispose()
    return deal_id


def _texts(at: AppTest) -> list[str]:
    """What the page shows, as plain text (Markdown's escapes and bold marks taken out)."""
    return [el.value.replace("\\", "").replace("**", "") for el in (*at.markdown, *at.caption, *at.warning, *at.info)]


def _said(at: AppTest, text: str) -> list[str]:
    return [v for v in _texts(at) if text in v]


@pytest.mark.parametrize(("lang", "said"), [("zh", SAID_ZH), ("en", SAID_EN)])
def test_the_coach_and_evaluation_pages_show_the_same_judgement(stored: int, lang: str, said: str) -> None:
    coach = run_page("coach", stored, lang=lang, timeout=120)
    page_ok(coach)
    assert _said(coach, said), _texts(coach)
    heads = [v for v in _texts(coach) if ("第 36 手" in v or "event 36" in v) and ("逢Q盖帽" in v)]
    assert heads and all("错误" not in h and "mistake" not in h and "! " not in h for h in heads), heads
    at = run_page("evaluation", stored, lang=lang, timeout=120)
    at.session_state[DECISION] = INDEX
    at.run()
    page_ok(at)
    assert _said(at, said), _texts(at)
    replay = run_page("replay", stored, step=step_after(INDEX), lang=lang, timeout=120)
    page_ok(replay)
    assert _said(replay, said.split("（标准误")[0].split(" (standard")[0]), _texts(replay)


def test_a_move_no_evaluation_priced_says_so(tmp_path, monkeypatch) -> None:
    deal_id = library_of(tmp_path, monkeypatch, read_log(SAMPLE))
    coach = run_page("coach", deal_id, lang="zh", timeout=120)
    page_ok(coach)
    assert any(v == "判断：未估价" or "判断：俗语说「逢Q盖帽」；未估价" in v for v in _texts(coach)), _texts(coach)


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_the_coach_pages_csv_holds_each_findings_judgement(stored: int, served: dict[str, bytes], lang: str) -> None:
    """The findings' CSV gives each finding its move's one judgement, its kind and its words in the page's language:
    the priced 逢Q盖帽 move's saying overruled (never a mistake), a move no evaluation priced "not priced"."""
    import io

    import pandas as pd

    coach = run_page("coach", stored, lang=lang, timeout=120)
    page_ok(coach)
    data = served[f"fupan-deal{stored}-findings.csv"]
    back = pd.read_csv(io.BytesIO(data), encoding="utf-8-sig", keep_default_na=False)
    k = 0 if lang == "zh" else 1
    event, maxim, kind, words = (
        ("第几手", "俗语", "判断", "判断详情"),
        ("Event", "Maxim", "Judgement", "Judgement in full"),
    )[k]
    at_move = back[event].astype(str) == str(INDEX + 1)  # an event's number (the whole deal's rows have none)
    (row,) = back[at_move & (back[maxim] == "逢Q盖帽")].to_dict("records")
    assert row[kind] == ("被估价否决", "overruled by the pricing")[k]
    assert (SAID_ZH.removeprefix("判断："), SAID_EN.removeprefix("Judgement: "))[k] in row[words]
    others = back[~at_move]
    assert len(others) > 0 and set(others[kind]) <= {("未估价", "not priced")[k], ("违规", "violation")[k]}
    assert all(("未估价", "not priced")[k] in w or w.startswith(("违规", "violation")[k]) for w in others[words])
