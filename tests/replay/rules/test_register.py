"""The rule register (replay/rules/register.py): every quote is the seed's words, verbatim (whitespace aside;
``……`` only elides), in the seed file it names; a quote without a seed says whose reading it is; every
(rule, reason) the engines cite is registered."""

from __future__ import annotations

import ast
import re

import pytest
from paths import ROOT, SEEDS_COPY

from replay.rules.register import BY_FUPAN, BY_HOUSE, BY_RULES_MD, RULES, SEED_FILES, Quote

SEEDS = ROOT.parent / "shared" / "seeds"  # the authority, beside the checkout
COPY = SEEDS_COPY  # a copy, so that the quotes are checked wherever the tests run
ENGINES = [
    ROOT / "replay" / "climbing" / "table.py",
    ROOT / "replay" / "replay.py",
    *sorted((ROOT / "replay" / "games").glob("*/*.py")),
]  # the engines: the shared part and each game's modules


def _seed_text(seed: str) -> str:
    """The seed's text: ../shared/seeds/ when it is beside the checkout, else the copy in tests/replay/rules/seeds/."""
    path = SEEDS / SEED_FILES[seed]
    return (path if path.exists() else COPY / SEED_FILES[seed]).read_text(encoding="utf-8")


@pytest.mark.parametrize("seed", sorted(SEED_FILES))
def test_the_copy_of_the_seeds_is_the_seeds(seed: str) -> None:
    """tests/replay/rules/seeds/ holds the seeds as ../shared/seeds/ has them (checked when ../shared is beside)."""
    copy = COPY / SEED_FILES[seed]
    assert copy.exists() and copy.stat().st_size > 1000
    path = SEEDS / SEED_FILES[seed]
    if not path.exists():
        pytest.skip(f"{path} is not beside the checkout: the copy stands in")
    assert copy.read_bytes() == path.read_bytes(), f"{copy} differs from {path}: copy the seed again"


def _squash(text: str) -> str:
    return re.sub(r"\s+", "", text)


def found_verbatim(quote: str, seed_text: str) -> bool:
    """True when every part of ``quote`` between ``……`` is in the seed, in order, whitespace aside."""
    hay = _squash(seed_text)
    at = 0
    for part in quote.split("……"):
        part = _squash(part)
        if not part:
            return False
        i = hay.find(part, at)
        if i < 0:
            return False
        at = i + len(part)
    return True


QUOTES = [(r.id, reason, k, q) for r in RULES.values() for reason, qs in r.quotes.items() for k, q in enumerate(qs)]


@pytest.mark.parametrize(
    ("rule", "reason", "k", "quote"), QUOTES, ids=[f"{r}:{why or '-'}:{k}" for r, why, k, _ in QUOTES]
)
def test_every_quote_is_the_seed_s_words(rule: str, reason: str, k: int, quote: Quote) -> None:
    if not quote.seed:
        assert quote.by in (BY_RULES_MD, BY_FUPAN, BY_HOUSE), f"{rule}: a quote without a seed says whose reading it is"
        assert quote.text
        return
    assert quote.seed in SEED_FILES and quote.file == SEED_FILES[quote.seed]
    assert not quote.by
    assert "..." not in quote.text and "…" not in quote.text.replace("……", ""), "elide with …… only"
    assert found_verbatim(quote.text, _seed_text(quote.seed)), (
        f"{rule} ({reason or 'the rule'}): not verbatim in seed {quote.seed}"
    )


def test_the_check_itself_refuses_what_is_not_verbatim() -> None:
    seed = "遊戲人數：五人。使用牌數：四副牌\n皇帝： 皇帝即為莊家"
    assert found_verbatim("使用牌數：四副牌", seed)
    assert found_verbatim("遊戲人數：五人。……皇帝即為莊家", seed)
    assert found_verbatim("使用 牌數：四副牌", seed)  # whitespace aside
    assert not found_verbatim("使用牌数：四副牌", seed)  # simplified 数 is not the seed's 數
    assert not found_verbatim("皇帝即為莊家……遊戲人數", seed)  # out of order
    assert not found_verbatim("使用牌數：四付牌", seed)


def test_each_rule_has_names_games_and_its_own_quote() -> None:
    for r in RULES.values():
        assert r.name_zh and r.name_en and r.games, r.id
        assert "" in r.quotes and r.reasons[0] == "", r.id
        assert all(r.quotes[why] for why in r.reasons), r.id
        assert r.quote_for("no such reason") == r.quote_for()


def test_a_ruling_quotes_the_passage_of_its_reason() -> None:
    burn = RULES["GJ-BURN"]
    assert burn.quote_for("passed").text == "過牌不燒，燒牌優先"
    assert "燒牌的條件是" in burn.quote_for().text
    assert burn.quote_for("passed", seed="004").seed == "004"  # a profile following seed 004 quotes it there
    assert burn.quote_for("between").by == BY_HOUSE


def _cited() -> set[tuple[str, str]]:
    """(rule, reason) pairs the engines cite with constants: ``Outcome(st, "RULE", ..., reason="x")``,
    ``Reading(..., rule="RULE", reason="x")``, ``repeated(st, zh, en, "RULE", reason="x")`` and
    ``Why(..., "x")`` (GJ-BURN's reasons)."""
    pairs: set[tuple[str, str]] = set()
    for path in ENGINES:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Call):
                continue
            name = getattr(node.func, "id", "")
            kw = {k.arg: k.value for k in node.keywords}
            whys = _constants(kw.get("reason")) or [""]
            if name == "Outcome" and len(node.args) > 1 and isinstance(node.args[1], ast.Constant):
                pairs.update((node.args[1].value, why) for why in whys)
            elif name == "Reading" and isinstance(kw.get("rule"), ast.Constant):
                pairs.update((kw["rule"].value, why) for why in whys)  # type: ignore[union-attr]  # a keyword node with a constant
            elif name == "repeated" and len(node.args) > 3 and isinstance(node.args[3], ast.Constant):
                pairs.update((node.args[3].value, why) for why in whys)  # repeated(st, zh, en, rule, ...)
            elif name == "Why" and len(node.args) == 3 and isinstance(node.args[2], ast.Constant):
                pairs.add(("GJ-BURN", node.args[2].value))
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            # class attributes naming a rule and reason: void_reason = (rule, reason, zh, en), confirm_rule = (rule, reason)
            if isinstance(node, ast.Assign | ast.AnnAssign) and isinstance(node.value, ast.Tuple):
                target = node.targets[0] if isinstance(node, ast.Assign) else node.target
                if getattr(target, "id", "") in ("void_reason", "confirm_rule"):
                    rule, why = (c.value for c in node.value.elts[:2] if isinstance(c, ast.Constant))
                    pairs.add((rule, why))
    return pairs


def _constants(node: ast.expr | None) -> list[str]:
    """The string constants a reason expression may take (a constant, or either side of ``a if c else b``)."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return [node.value]
    if isinstance(node, ast.IfExp):
        return _constants(node.body) + _constants(node.orelse)
    return []


def test_every_rule_and_reason_the_engines_cite_is_registered() -> None:
    cited = _cited()
    assert len(cited) > 60
    missing = sorted((r, why) for r, why in cited if r is not None and (r not in RULES or why not in RULES[r].quotes))
    assert not missing, missing


def test_every_registered_reason_is_cited_somewhere() -> None:
    cited = _cited()
    unused = sorted((r.id, why) for r in RULES.values() for why in r.reasons if why and (r.id, why) not in cited)
    assert not unused, unused


def test_a_reading_is_said_in_chinese_without_its_english_and_a_seed_as_it_is() -> None:
    """Issue 35, item 6: a page in Chinese shows a reading (RULES.md's or fupan's words, where no seed speaks) without
    the English it ends with in brackets; a seed's words stay verbatim in either language; English shows it whole."""
    trick = RULES["SJ-TRICK"].quote_for()
    assert not trick.seed and trick.text.endswith(
        "(seed 000 is silent; RULES.md's reading of the standard rules of 升级)"
    )
    assert trick.shown("zh") == trick.text.split(" (seed 000")[0] and trick.shown("zh").startswith("种子未言")
    assert trick.shown("en") == trick.text
    seed = Quote("000", "過牌不燒 (as written)")
    assert seed.shown("zh") == seed.text  # a seed's words are never cut
    for rule in RULES.values():
        for quotes in rule.quotes.values():
            for q in quotes:
                assert "seed 000 is silent" not in q.shown("zh") and "(the " not in q.shown("zh"), (rule.id, q)
