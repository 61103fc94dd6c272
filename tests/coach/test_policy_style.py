"""coach/policy_style.py: the rollout policy's thresholds as data (issue 37, item 3).

1. ``style_of`` reads a style from its JSON fields and refuses an unknown field or a value that is not an integer,
   naming the place and the key; the shipped styles file reads, names only climbing games and holds the styles
   bench/train_policy.py found (not the plain one); a game without a style plays the plain one.

What each field does to a decision: tests/coach/test_policy.py; what the tuned styles are worth:
tests/bench/test_bench_policy.py.
"""

from __future__ import annotations

import json

import pytest

from coach.games import coach_for
from coach.policy_style import NAMES, PLAIN, STYLES, Style, StyleError, style_of, tuned


def test_a_style_is_read_from_its_fields() -> None:
    assert style_of({}, "x") == PLAIN
    assert style_of({"partner_low": 7, "spend_size": 99}, "x") == Style(partner_low=7, spend_size=99)


@pytest.mark.parametrize(
    ("doc", "words"),
    [
        ({"partner_lo": 7}, "styles.gouji: unknown style field 'partner_lo'"),
        ({"spend_size": "5"}, "styles.gouji.spend_size: expected an integer, got '5'"),
        ({"spend_size": True}, "styles.gouji.spend_size: expected an integer, got True"),
        ({"spend_size": 4.5}, "styles.gouji.spend_size: expected an integer, got 4.5"),
        ([1, 2], "styles.gouji: expected an object of style fields, got list"),
    ],
)
def test_a_bad_style_is_refused_with_its_place(doc: object, words: str) -> None:
    with pytest.raises(StyleError) as e:
        style_of(doc, "policy_styles.json: styles.gouji")
    assert words in str(e.value)


def test_the_shipped_styles_are_the_trained_ones_of_climbing_games() -> None:
    doc = json.loads(STYLES.read_text(encoding="utf-8"))
    assert set(doc["styles"]) == {"gouji", "baohuang"}
    for game, fields in doc["styles"].items():
        assert coach_for(game).pricing is not None
        assert set(fields) <= set(NAMES)
        assert tuned(game) == style_of(fields, game) != PLAIN
    assert tuned("shengji") == PLAIN  # no style: the plain one
