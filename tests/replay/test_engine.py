"""``replay.engine``'s ruling values: ``Outcome`` made by its compiled ``__new__`` and ``legal`` (the ruling on most
events, made without the class call) give the same value as the class's own fields and defaults."""

from __future__ import annotations

import pytest

from replay.core.verdicts import Reading
from replay.engine import Outcome, legal

READING = Reading("redundant-pass", "又过", "passes again", rule="PASS-LOCK", reason="")


def test_an_outcomes_fields_and_defaults() -> None:
    assert Outcome._fields == (
        "state", "rule", "message_zh", "message_en", "effects", "unverified", "reading", "reason"
    )  # fmt: skip
    out = Outcome("st")
    assert tuple(out) == ("st", None, "", "", (), (), None, "")
    assert Outcome("st", "GJ-BURN", "zh", "en", reason="r") == ("st", "GJ-BURN", "zh", "en", (), (), None, "r")


@pytest.mark.parametrize(
    ("effects", "reading"), [((), None), (("round closed (扣牌)",), None), ((), READING), (("a", "b"), READING)]
)
def test_legal_is_the_outcome_of_a_legal_event(effects: tuple[str, ...], reading: Reading | None) -> None:
    out = legal("st", effects, reading)
    assert type(out) is Outcome
    assert out == Outcome("st", effects=effects, reading=reading)
    assert out.rule is None and out.state == "st" and out.effects == effects and out.reading is reading
