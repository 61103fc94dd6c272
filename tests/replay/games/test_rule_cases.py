"""Every rule ID of RULES.md has a legal and an illegal hand-written case under tests/replay/games/<game>/cases/ (the family's in tests/replay/climbing/cases/).

A case file is named ``RULE-ID.legal[.variant].txt`` or ``RULE-ID.illegal[.variant].txt`` (text
notation), or the same with ``.json`` (a JSON log; the 升级 cases of §5, SJ-*, are JSON). A legal case
replays with every verdict legal; an illegal case has at least one illegal verdict, and every illegal
verdict cites the file's rule.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from paths import CASE_LOGS, ROOT

from replay.formats.log import read_log
from replay.replay import Replay
from replay.rules.register import RULES

CASES = CASE_LOGS
FILES = sorted([*CASES.glob("*.txt"), *CASES.glob("*.json")])
RULES_MD = ROOT.parent / "shared" / "RULES.md"
GAME_RULES = [r for r in RULES if r != "LOG" and not r.startswith("SJ-")]
SJ_RULES = [r for r in RULES if r.startswith("SJ-")]


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


@pytest.mark.parametrize("rule", GAME_RULES + SJ_RULES)
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


def _section_5() -> str:
    if not RULES_MD.exists():
        pytest.skip("shared/RULES.md is not beside the checkout")
    text = RULES_MD.read_text(encoding="utf-8")
    return text.split("## 5.")[1].split("\n## ")[0]


def test_every_sj_rule_of_rules_md_is_registered_with_both_cases() -> None:
    ids = set(re.findall(r"\bSJ-[A-Z]+\b", _section_5()))
    assert {
        "SJ-DEAL",
        "SJ-LEVEL",
        "SJ-DECLARE",
        "SJ-EXCHANGE",
        "SJ-TRUMPS",
        "SJ-TRICK",
        "SJ-FOLLOW",
        "SJ-POINTS",
    } <= ids
    assert ids == set(SJ_RULES), sorted(ids ^ set(SJ_RULES))
    names = {p.name for p in FILES}
    for rule in ids:
        assert f"{rule}.legal.json" in names and f"{rule}.illegal.json" in names, rule


def test_sj_cases_are_json_logs_of_shengji() -> None:
    for path in CASES.glob("SJ-*"):
        assert path.suffix == ".json", path.name
        log = read_log(path)
        assert log.game == "shengji"
        assert all(h is not None and None not in h and len(h) == 26 for h in log.hands), path.name
        assert log.kitty is not None and len(log.kitty) == 4, path.name


def test_every_option_belongs_to_a_rule_of_its_games() -> None:
    """Each profile option names the rule it changes, and that rule belongs to the option's games (the
    quotes themselves are checked against the seeds in tests/replay/rules/test_register.py)."""
    from replay.rules.profile_loader import all_options, option_defaults

    for opt in all_options().values():
        if opt.rule == "MAXIM":  # the coach's reading of a saying, not a rule
            continue
        assert opt.rule in RULES, opt.name
        assert set(option_defaults(opt.name)) <= set(RULES[opt.rule].games), opt.name
