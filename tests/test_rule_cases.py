"""Every rule ID of RULES.md §1-4 has a legal and an illegal hand-written case under tests/cases/.

A case file is named ``RULE-ID.legal[.variant].txt`` or ``RULE-ID.illegal[.variant].txt``. A legal
case replays with every verdict legal; an illegal case has at least one illegal verdict, every
illegal verdict cites the file's rule, and nothing is illegal before the first of them.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from replay.log import read_log
from replay.replay import Replay
from replay.verdicts import RULES

CASES = Path(__file__).parent / "cases"
FILES = sorted(CASES.glob("*.txt"))
RULES_MD = Path(__file__).resolve().parents[2] / "shared" / "RULES.md"
GAME_RULES = [r for r in RULES if r != "LOG" and not r.startswith("SJ-")]


def _split(path: Path) -> tuple[str, str]:
    rule, kind = path.name.split(".")[:2]
    return rule, kind


@pytest.mark.parametrize("path", FILES, ids=[p.name for p in FILES])
def test_case(path: Path) -> None:
    rule, kind = _split(path)
    assert rule in RULES, f"{path.name}: unknown rule {rule}"
    rep = Replay(read_log(path))
    bad = rep.illegal
    if kind == "legal":
        assert bad == [], [v.line() for v in bad]
        assert rep.verdicts, "a legal case must have events"
    else:
        assert kind == "illegal"
        assert bad, f"{path.name}: expected an illegal verdict citing {rule}"
        assert {v.rule for v in bad} == {rule}, [v.line() for v in bad]
        for v in bad:
            assert v.message_zh and v.message_en


def test_strict_mode_stops_at_the_illegal_event() -> None:
    rep = Replay(read_log(CASES / "TURN-ORDER.illegal.txt"), strict=True)
    assert rep.stopped_at == 1
    assert len(rep.states) == 2


@pytest.mark.parametrize("rule", GAME_RULES)
def test_every_rule_has_both_cases(rule: str) -> None:
    names = {p.name for p in FILES}
    assert any(n.startswith(f"{rule}.legal") for n in names), f"no legal case for {rule}"
    assert any(n.startswith(f"{rule}.illegal") for n in names), f"no illegal case for {rule}"


def test_register_matches_rules_md() -> None:
    if not RULES_MD.exists():
        pytest.skip("shared/RULES.md is not beside the checkout")
    text = RULES_MD.read_text(encoding="utf-8")
    part = text.split("## 5.")[0]
    ids = set(re.findall(r"\*\*([A-Z][A-Z0-9]*(?:-[A-Z0-9]+)+)\*\*", part))
    assert ids, "no rule IDs found in RULES.md §1-4"
    assert ids <= set(GAME_RULES), sorted(ids - set(GAME_RULES))
