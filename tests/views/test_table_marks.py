"""The climbing table's game marks (views/parts/table.py's ``TableMarks``): the table draws what a game's view gives
it where it belongs (under a seat's name, as a seat's badges, beside the set, among the round's flags), escaped,
hides the actions a game calls private from the other seats, and draws no game's marks of its own."""

from __future__ import annotations

import re

import pytest

from replay.games.gouji.step_view import gouji_marks
from replay.replay import Replay
from replay.simulate import simulate_deal
from views.games import gouji
from views.parts.table import NO_MARKS, Mark, TableMarks, action_label, table_html


@pytest.fixture(scope="module")
def rep() -> Replay:
    return Replay(simulate_deal(3, "gouji").log)


def _seat_box(html: str, seat: int) -> str:
    start = html.index(f'data-seat="{seat}"')
    ends = [i for i in (html.find('class="fp-seat', start), html.find('class="fp-mid"', start)) if i != -1]
    return html[start : min(ends)]


def _middle(html: str) -> str:
    return html[html.index('class="fp-mid"') :]


def _acts(html: str, seat: int) -> list[str]:
    """The actions the act line of ``seat`` offers ([] when it has none)."""
    found = re.search(rf'data-act="{seat}">▶ ([^<—]*?)(?: — |</div>)', html)
    return [] if found is None else found.group(1).split(", ")


def _head(view: object, seat: int, seat_view: int | None, lang: str) -> tuple[str, str]:
    return "fp-x", f"<head {seat}>"


MARKS = TableMarks(
    seat_head=_head,
    seat_badges=lambda view, seat: [Mark("徽<", "badge<", "fp-warn")] if seat == 2 else [],
    set_marks=lambda view: [Mark("套", "set&", "fp-gouji")],
    table_flags=lambda view: [Mark("旗<", "flag<")],
)


def test_a_games_marks_are_drawn_where_they_belong_and_escaped(rep: Replay) -> None:
    step = next(k for k in range(1, len(rep.states)) if rep.view(k).table_seat is not None)
    for lang, badge, set_mark, flag in (("en", "badge&lt;", "set&amp;", "flag&lt;"), ("zh", "徽&lt;", "套", "旗&lt;")):
        html = table_html(rep, step, None, lang, MARKS)
        assert f'<span class="fp-badge fp-warn">{badge}</span>' in _seat_box(html, 2)
        assert all(badge not in _seat_box(html, s) for s in (0, 1, 3, 4, 5))
        for s in range(6):
            assert f'<div class="fp-sub">&lt;head {s}&gt;</div>' in _seat_box(html, s)
        assert len(re.findall(r'class="fp-seat fp-x[ "]', html)) == 6
        assert f' <span class="fp-gouji">{set_mark}</span></div>' in _middle(html)
        assert f"<div class='fp-step'>{flag}" in _middle(html)


def test_the_shared_table_draws_no_games_marks(rep: Replay) -> None:
    """Without marks the 够级 deal is drawn with none of 够级's: no team, no passed seats, no 够级 set."""
    step = next(k for k in range(1, len(rep.states)) if gouji_marks(rep.view(k)).passed)
    view = rep.view(step)
    bare = table_html(rep, step, None, "en", NO_MARKS)
    drawn = table_html(rep, step, None, "en", gouji.MARKS)
    for s in gouji_marks(view).passed:
        assert '<span class="fp-badge">passed</span>' in _seat_box(drawn, s)
        assert "passed" not in _seat_box(bare, s)
    assert "Team A (0·2·4)" in drawn and "Team A (0·2·4)" not in bare and "对头" not in bare
    assert '<div class="fp-sub"></div>' in _seat_box(bare, 0)
    gouji_step = next(k for k in range(1, len(rep.states)) if gouji_marks(rep.view(k)).table_gouji)
    assert 'class="fp-gouji"' in table_html(rep, gouji_step, None, "en", gouji.MARKS)
    assert '<span class="fp-gouji"' not in table_html(rep, gouji_step, None, "en", NO_MARKS)


def test_a_private_action_is_hidden_from_the_other_seats_only(rep: Replay) -> None:
    step, seat = next(
        (k, s) for k in range(1, len(rep.states)) for s, acts in rep.view(k).to_act.items() if "pass" in acts
    )
    other = (seat + 1) % 6
    passing = action_label("pass", "en")
    private = TableMarks(private_actions=frozenset({"pass"}))
    assert passing in _acts(table_html(rep, step, other, "en", NO_MARKS), seat)
    assert passing not in _acts(table_html(rep, step, other, "en", private), seat)
    assert passing in _acts(table_html(rep, step, seat, "en", private), seat)  # its own seat sees it
    assert passing in _acts(table_html(rep, step, None, "en", private), seat)  # and the review
