"""The engine's texts in Chinese (issue 18, item 3): every effect, unverified note and score explanation, and every
refusal of a log or a profile, carries a hand-written Chinese text with no English word in it, beside the English
it has always had (``replay.core.said``).

Deals: seeded simulated deals of every game, the same with the hands left out (what cannot be verified), and
corrupted ones (``tests/corrupt.py``), replayed leniently; every rule case of the case logs (``tests/replay/**/cases``). Errors: the bad
logs of the case logs (``tests/replay/**/cases``) (none), truncated and garbled JSON and text notation of simulated deals, bad keys and values
at every level of the format, bad profiles. And a scan of the sources: no refusal or effect written in English only.
"""

from __future__ import annotations

import ast
import json
import re
from dataclasses import replace
from pathlib import Path

import pytest
from corrupt import JSON_NOISE, TEXT_NOISE, corrupt_events, edit, edits
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from paths import CASE_LOGS, ROOT
from ui_words import latin_words

from replay import games
from replay.core.events import EVENT_TYPES
from replay.core.said import Said, error_in, said, said_in, where_zh
from replay.formats.log import DEAL_KEYS, META_KEYS, TOP_KEYS, Log, LogError, parse_log, read_log
from replay.formats.log_doc import RESULT_KEYS
from replay.formats.notation.read import KEYWORDS, format_text
from replay.replay import Replay
from replay.rules.profile import ProfileError
from replay.rules.profile_loader import all_options, load_profile, shipped_profiles
from replay.simulate import simulate_deal

GAMES = [(g, games.get(g).default_profile) for g in games.names() if g != "toy"]
HAN = re.compile(r"[\u4e00-\u9fff]+")

# The log format's own words, typed as they are in Chinese messages too (keys, keywords, actions, values)
FORMAT_WORDS = [
    *TOP_KEYS,
    *META_KEYS,
    *DEAL_KEYS,
    *RESULT_KEYS,
    *KEYWORDS,
    *EVENT_TYPES,
    "fupan",
    "name",
    "overrides",
    "options",
    "player",
    "seat",
    "action",
    "note",
    "cards",
    "to",
    "count",
    "true",
    "false",
    "null",
    "toml",
    "upheld",
    "overruled",
    "finish",
    "first_leader",
    "revolution",
    "defenders",
    "kitty",
    "before",
    "after",
    "sweep",
    "team",
    "decision",
    "rule",
    "text",
    "referee",
    "at",
    "base",
    "game",
    "max",
    "bytes",
    "events",
    *games.names(),
    # identifiers typed as they are: card tokens, profile and option names, the environment and the command line
    *(
        "TOML",
        "UTC",
        "UTF",
        "title",
        "label",
        "zh",
        "en",
        "source",
        "TS",
        "SJ",
        "BJ",
        "QH",
        "FUPAN",
        "PROFILES",
        "profile",
        "max",
        "bytes",
        "events",
    ),
    *(w for name in shipped_profiles() for w in re.findall(r"[a-z]+", name)),
    *(w for name in all_options() for w in re.findall(r"[a-z]+", name)),
]


def _deal_texts(rep: Replay) -> list[str]:
    """Every effect, unverified note and score explanation of a replay."""
    out: list[str] = [fx for v in rep.verdicts for fx in v.effects]
    out += rep.unverified
    score = rep.score()
    if score is not None:
        out += [text for _, text in score.explain]
    return out


def _check_texts(texts: list[str], names: list[str]) -> None:
    for text in texts:
        assert isinstance(text, Said), f"English only: {text!r}"
        assert not latin_words(text.zh, names), f"English in the Chinese {text.zh!r} (of {text!r})"
        assert HAN.search(text.zh), f"no Chinese in {text.zh!r}"
        assert said_in(text, "en") == str.__str__(text) and type(said_in(text, "en")) is str
        assert latin_words(str(text)), f"no English in {text!r}"
        # the English keeps Chinese only for the game's terms, as it always has: 烧牌, 保皇派, 只记正分 (no sentence)
        assert all(len(run) <= 8 for run in HAN.findall(str(text))), f"Chinese prose in the English {text!r}"


def _names(log: Log) -> list[str]:
    return [s.player for s in log.seats]


@pytest.mark.parametrize(("game", "profile"), GAMES)
def test_simulated_deals_say_everything_in_chinese(game: str, profile: str) -> None:
    seen: set[str] = set()
    for seed in range(12):
        log = simulate_deal(seed, profile).log
        for variant in (log, replace(log, hands=None, kitty=None), replace(log, result=None)):
            rep = Replay(variant)
            texts = _deal_texts(rep)
            _check_texts(texts, _names(log))
            seen.update(str(t) for t in texts)
    assert seen, f"{game}: no effect, note or explanation at all"


@pytest.mark.parametrize(("game", "profile"), GAMES)
@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data(), seed=st.integers(0, 200))
def test_corrupted_deals_say_everything_in_chinese(game: str, profile: str, data: st.DataObject, seed: int) -> None:
    log = corrupt_events(simulate_deal(seed, profile).log, data)
    _check_texts(_deal_texts(Replay(log)), _names(log))


def test_rule_cases_say_everything_in_chinese() -> None:
    cases = sorted((CASE_LOGS).glob("*.txt"))
    assert cases
    for path in cases:
        log = read_log(path)
        _check_texts(_deal_texts(Replay(log)), _names(log))


# -- errors ------------------------------------------------------------------------------------------------------


QUOTED = re.compile(r"'[^']*'|\"[^\"]*\"|`[^`]*`")  # what a message quotes of the input is data


def _check_error(exc: LogError | ProfileError, data: list[str]) -> None:
    allowed = [*data, *FORMAT_WORDS]
    zh = error_in(exc, "zh")
    assert zh != str(exc), f"English only: {exc}"
    reason = QUOTED.sub(" ", exc.reason_zh if isinstance(exc, LogError) else zh)
    assert not latin_words(reason, allowed), f"English in {zh!r} (of {exc})"
    assert HAN.search(reason), f"no Chinese in {zh!r}"
    if isinstance(exc, LogError):
        assert not latin_words(exc.where_zh.replace(exc.source, " "), allowed), exc.where_zh
        if exc.line is not None:
            assert where_zh(exc.line, exc.col) in exc.where_zh
        assert error_in(exc, "en") == str(exc) and str(exc).startswith(exc.where)


def _refused(text: str) -> LogError | None:
    try:
        parse_log(text, "t.log")
    except LogError as exc:
        return exc
    except ProfileError as exc:  # pragma: no cover - a log's profile is read as a DocError
        raise AssertionError(f"ProfileError escaped the reader: {exc}") from None
    return None


def _tokens(text: str) -> list[str]:
    """What a (corrupted) text holds that its message may quote: every run of letters in it."""
    return re.findall(r"[A-Za-z][A-Za-z']+", text)


@pytest.mark.parametrize(("game", "profile"), GAMES)
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data(), seed=st.integers(0, 50), form=st.sampled_from(("json", "text")), ops=edits)
def test_garbled_logs_are_refused_in_chinese(
    game: str, profile: str, data: st.DataObject, seed: int, form: str, ops: list[tuple[str, int, int, int]]
) -> None:
    log = simulate_deal(seed, profile).log
    text = log.dumps() if form == "json" else format_text(log)
    text = edit(text, ops, JSON_NOISE if form == "json" else TEXT_NOISE, data)
    exc = _refused(text)
    if exc is not None:
        _check_error(exc, _tokens(text))


@pytest.mark.parametrize(("game", "profile"), GAMES)
def test_truncated_logs_are_refused_in_chinese(game: str, profile: str) -> None:
    log = simulate_deal(3, profile).log
    refused = 0
    for text in (log.dumps(), format_text(log)):
        for cut in range(1, len(text), max(1, len(text) // 60)):
            exc = _refused(text[:cut])
            if exc is not None:
                refused += 1
                _check_error(exc, _tokens(text[:cut]))
    assert refused > 50


GOOD = json.loads(simulate_deal(1, "gouji").log.dumps())
BAD_DOCS: list[tuple[str, object]] = [
    ("", None),
    ("format", "fupan/9"),
    ("game", "bridge"),
    ("profile", 7),
    ("profile", {"name": "gouji", "wrong": 1}),
    ("profile", {"overrides": 3}),
    ("profile", "no-such-profile"),
    ("profile", "../etc/passwd"),
    ("overrides", []),
    ("overrides", {"burn_fail": "maybe"}),
    ("overrides", {"no_option": 1}),
    ("overrides", {"burn_priority": 1}),
    ("meta", []),
    ("meta", {"wrong": 1}),
    ("meta", {"venue": 3}),
    ("meta", {"deal": 0}),
    ("meta", {"previous": []}),
    ("meta", {"previous": {"wrong": 1}}),
    ("meta", {"previous": {"finish_order": [0, 0]}}),
    ("meta", {"previous": {"finish_order": 3}}),
    ("meta", {"previous": {"first_leader": 9}}),
    ("seats", {}),
    ("seats", [3]),
    ("seats", [{"seat": 0, "wrong": 1}]),
    ("seats", [{"seat": 0, "player": 5}]),
    ("seats", [{"seat": 0}, {"seat": 0}]),
    ("seats", [{"seat": 99}]),
    ("deal", []),
    ("deal", {"wrong": 1}),
    ("deal", {"hands": 3}),
    ("deal", {"hands": [1, 2]}),
    ("deal", {"hands": [["XX"], None, None, None, None, None]}),
    ("deal", {"hands": [{}, None, None, None, None, None]}),
    ("deal", {"hands": [["3S"] * 217, None, None, None, None, None]}),
    ("deal", {"hands": [0, None, None, None, None, None]}),
    ("deal", {"hands": [["SJS"], None, None, None, None, None]}),
    ("deal", {"hands": [[""], None, None, None, None, None]}),
    ("deal", {"hands": [[5], None, None, None, None, None]}),
    ("deal", {"kitty": ["3S"]}),
    ("deal", {"marked": 2}),
    ("events", {}),
    ("events", [3]),
    ("events", [{"seat": 0, "action": "fly"}]),
    ("events", [{"seat": 0, "action": "pass", "cards": ["3S"]}]),
    ("events", [{"seat": 0, "action": "pass", "note": 1}]),
    ("events", [{"seat": 0, "action": "play", "cards": []}]),
    ("events", [{"seat": 0, "action": "play", "cards": ["ZZ"]}]),
    ("events", [{"seat": 0, "action": "play", "cards": [None]}]),
    ("events", [{"seat": 9, "action": "pass"}]),
    ("events", [{"seat": 0, "action": "tribute", "cards": ["2S"], "to": 8}]),
    ("events", [{"seat": 0, "action": "report", "count": -1}]),
    ("result", []),
    ("result", {}),
    ("result", {"wrong": 1}),
    ("result", {"sweep": 1}),
    ("result", {"teams": 3}),
    ("result", {"teams": [{"seats": [0]}]}),
    ("result", {"teams": [{"seats": [0], "points": "x"}]}),
    ("result", {"points": {"defenders": 3}}),
    ("result", {"levels": {"before": ["A", "2"]}}),
    ("decisions", {}),
    ("decisions", [3]),
    ("decisions", [{"event": 0}]),
    ("decisions", [{"event": 0, "decision": "x", "text": "t", "referee": "r", "at": "2026-01-01T00:00:00Z"}]),
    ("decisions", [{"event": 0, "decision": "upheld", "text": "", "referee": "r", "at": "2026-01-01T00:00:00Z"}]),
    ("decisions", [{"event": 0, "decision": "upheld", "text": "t", "referee": "", "at": "2026-01-01T00:00:00Z"}]),
    ("decisions", [{"event": 0, "decision": "upheld", "text": "t", "referee": "r", "at": "yesterday"}]),
    (
        "decisions",
        [{"event": 0, "decision": "upheld", "text": "t", "referee": "r", "at": "2026-01-01T00:00:00Z", "rule": "x"}],
    ),
    ("decisions", [{"event": 9999, "decision": "upheld", "text": "t", "referee": "r", "at": "2026-01-01T00:00:00Z"}]),
    (
        "decisions",
        [{"event": 0, "decision": "upheld", "text": "t", "referee": "r", "at": "2026-01-01T00:00:00Z", "x": 1}],
    ),
]


@pytest.mark.parametrize(("key", "value"), BAD_DOCS)
def test_bad_values_are_refused_in_chinese(key: str, value: object) -> None:
    doc = dict(GOOD)
    if key == "":
        text = json.dumps([1, 2])
    else:
        doc[key] = value
        text = json.dumps(doc, ensure_ascii=False)
    exc = _refused(text)
    assert exc is not None, f"{key} = {value!r} was read"
    _check_error(exc, [*_tokens(text)])


BAD_TEXTS = [
    "",
    "fupan/3 gouji",
    "hello",
    "fupan/1",
    "fupan/1 bridge",
    "fupan/1 gouji extra",
    "fupan/1 gouji\nwhat 3",
    "fupan/1 gouji\nprofile gouji\nprofile gouji",
    "fupan/1 gouji\nprofile",
    "fupan/1 gouji\noption",
    "fupan/1 gouji\noption burn_fail [1,",
    "fupan/1 gouji\noption burn_fail 1 2",
    "fupan/1 gouji\noption burn_fail maybe",
    "fupan/1 gouji\ndeal",
    "fupan/1 gouji\ndeal x",
    "fupan/1 gouji\ndeal 1\ndeal 2",
    "fupan/1 gouji\nprevious wrong 1",
    "fupan/1 gouji\nprevious first_leader",
    "fupan/1 gouji\nseat",
    "fupan/1 gouji\nseat 0 A\nseat 0 B",
    "fupan/1 gouji\nhand",
    "fupan/1 gouji\nhand 0 ?? ?",
    "fupan/1 gouji\nhand 0 3S,",
    "fupan/1 gouji\nkitty 3S",
    "fupan/1 shengji\nkitty ??",
    "fupan/1 shengji\nlevels A",
    "fupan/1 shengji\nlevels Z 2",
    "fupan/1 gouji\n0 play 3S",
    "fupan/1 gouji\ndecision 0 upheld",
    "fupan/1 gouji\nevents\nevents",
    "fupan/1 gouji\nevents\nprofile gouji",
    "fupan/1 gouji\nevents\nhello",
    "fupan/1 gouji\nevents\n0 fly",
    "fupan/1 gouji\nevents\n0 定主",
    "fupan/1 gouji\nevents\n0 play",
    "fupan/1 gouji\nevents\n0 play ZZ",
    "fupan/1 gouji\nevents\n0 play ??",
    "fupan/1 gouji\nevents\n0 pass 3S",
    "fupan/1 gouji\nevents\n0 tribute 2S",
    "fupan/1 gouji\nevents\n0",
    "fupan/1 gouji\nevents\n0 play 3S\ndecision 0 maybe",
    "fupan/1 gouji\nevents\n0 play 3S\ndecision 0 upheld 2026-01-01T00:00:00Z",
    "fupan/1 gouji\nevents\n0 play 3S\ndecision 0 upheld 2026-01-01T00:00:00Z r x # t",
    "fupan/1 gouji\nevents\n0 play 3S\ndecision 0 upheld 2026-01-01T00:00:00Z “r” # t",
    "fupan/1 gouji\nevents\n0 play 3S\ndecision 0 upheld now r # t",
    "fupan/1 gouji\nevents\n0 play 3S\nresult wrong",
    "fupan/1 gouji\nevents\n0 play 3S\nresult sweep",
    "fupan/1 gouji\nevents\n0 play 3S\nresult sweep maybe",
    "fupan/1 gouji\nevents\n0 play 3S\nresult team 0 2 4",
    "fupan/1 gouji\nevents\n0 play 3S\nresult team 0 2 4 =",
    "fupan/1 gouji\nevents\n0 play 3S\nresult team 0 2 4 = x",
    "fupan/1 shengji\nevents\n0 pass\nresult points wrong 3",
    "fupan/1 shengji\nevents\n0 pass\nresult points defenders",
    "fupan/1 shengji\nevents\n0 pass\nresult levels wrong A 2",
]


@pytest.mark.parametrize("text", BAD_TEXTS)
def test_bad_text_notation_is_refused_in_chinese(text: str) -> None:
    exc = _refused(text)
    assert exc is not None, f"{text!r} was read"
    _check_error(exc, _tokens(text))
    assert exc.line is not None and "行" in exc.where_zh


def test_unreadable_files_are_refused_in_chinese(tmp_path: Path) -> None:
    for path in (tmp_path / "none.log", tmp_path):
        with pytest.raises(LogError) as caught:
            read_log(path)
        _check_error(caught.value, _tokens(str(path)))
    bad = tmp_path / "bad.log"
    bad.write_bytes(b'{"format": "fupan/1", \xff}')
    with pytest.raises(LogError) as caught:
        read_log(bad)
    _check_error(caught.value, ["xff"])  # the byte, in hex
    assert "第 1 行，第 23 列" in caught.value.zh


@pytest.mark.parametrize(
    "toml",
    [
        "game = 'gouji'\nwrong = 1\n",
        "game = 'gouji'\noptions = 3\n",
        "game = 'bridge'\n",
        "game = 'gouji'\n[options]\nburn_fail = 'maybe'\n",
        "game = 'gouji'\n[options]\nno_such = 1\n",
        "game = 'gouji'\nname = 3\n",
        "game = \n",
        "base = 'no-such'\n",
    ],
)
def test_bad_profiles_are_refused_in_chinese(tmp_path: Path, toml: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)  # the file named shortly: a long temporary path would be cut inside a word
    path = Path("club.toml")
    path.write_text(toml, encoding="utf-8")
    with pytest.raises(ProfileError) as caught:
        load_profile(str(path))
    _check_error(caught.value, [*_tokens(str(tmp_path / path)), *_tokens(toml)])


def test_said_is_its_english() -> None:
    text = said("座位3烧牌", "seat 3 burns (烧牌)")
    assert text == "seat 3 burns (烧牌)" and json.dumps([text]) == json.dumps(["seat 3 burns (烧牌)"])
    assert said_in(text, "zh") == "座位3烧牌" and said_in("plain", "zh") == "plain"
    err = LogError(said("应为一个对象", "expected an object"), "a.log", 3, 5, "meta")
    assert str(err) == "a.log:3:5 (meta): expected an object"
    assert err.zh == "a.log，第 3 行，第 5 列（JSON 路径 meta）：应为一个对象"


# -- the sources ---------------------------------------------------------------------------------------------------

_SPEAKERS = {"LogError", "DocError", "ProfileError", "DecisionError", "ItemError", "Syntax", "fail"}


def _english_literal(node: ast.AST) -> bool:
    """A string written in place: a literal or an f-string (a Said is a call)."""
    return isinstance(node, ast.JoinedStr) or (isinstance(node, ast.Constant) and isinstance(node.value, str))


def _left_english(path: Path) -> list[str]:
    out = []
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            name = node.func.attr if isinstance(node.func, ast.Attribute) else getattr(node.func, "id", "")
            if name in _SPEAKERS:
                args = node.args[1:] if name == "DocError" else node.args[:1]
                if name in ("CardError",):
                    args = node.args[1:2]
                if name == "DecisionError":
                    args = node.args[1:2]
                if any(_english_literal(a) and (not isinstance(a, ast.Constant) or a.value) for a in args):
                    out.append(f"{path.name}:{node.lineno} {name}")
            positional = {"legal": node.args[1:2], "repeated": node.args[4:5]}.get(name, [])
            for arg in positional:
                elts = arg.elts if isinstance(arg, ast.Tuple) else [arg]
                if any(_english_literal(e) for e in elts):
                    out.append(f"{path.name}:{node.lineno} {name}(...)")
            for kw in node.keywords:
                literal = isinstance(kw.value, ast.Tuple) and any(_english_literal(e) for e in kw.value.elts)
                if kw.arg in ("effects", "unverified") and literal:
                    out.append(f"{path.name}:{node.lineno} {kw.arg}=")
        if (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and node.func.attr in ("append", "insert")
        ):
            target = node.func.value
            if isinstance(target, ast.Name) and target.id in ("fx", "unv", "unverified", "explain", "effects"):
                item = node.args[-1] if node.args else None
                texts = item.elts[-1:] if isinstance(item, ast.Tuple) else [item]
                if any(t is not None and _english_literal(t) for t in texts):
                    out.append(f"{path.name}:{node.lineno} {target.id}.{node.func.attr}")
    return out


def test_no_refusal_or_effect_is_written_in_english_only() -> None:
    files = [*sorted((ROOT / "replay").glob("*.py")), ROOT / "data" / "importer.py"]
    left = [hit for path in files for hit in _left_english(path)]
    assert not left, f"English only, at: {left}"


def test_import_refusals_are_said_in_chinese(tmp_path: Path) -> None:
    from data.database import open_db
    from data.importer import import_paths

    folder = tmp_path / "logs"
    folder.mkdir()
    good = simulate_deal(2, "gouji").log
    (folder / "a_garbled.json").write_text(good.dumps()[:-40], encoding="utf-8")
    (folder / "b_bad_card.txt").write_text(format_text(good).replace(" 3S", " 3X", 1), encoding="utf-8")
    (folder / "c_not_utf8.json").write_bytes(b'{"format": \xff}')
    nul = json.loads(good.dumps())
    nul["decisions"] = [
        {"event": 0, "decision": "upheld", "text": "a\x00b", "referee": "r", "at": "2026-01-01T00:00:00Z"}
    ]
    (folder / "d_nul.json").write_text(json.dumps(nul), encoding="utf-8")
    results = import_paths(open_db(f"sqlite:///{tmp_path / 'lib.db'}"), [folder], jobs=1)
    assert [r.status for r in results] == ["error"] * 4
    for r in results:
        zh = said_in(r.reason, "zh")
        assert zh != r.reason and HAN.search(zh), r.reason
        rest = QUOTED.sub(" ", zh.replace(r.source, " "))
        assert not latin_words(rest, [*FORMAT_WORDS, "xff", "NUL", "Unicode", "decisions"]), zh


def test_the_scan_finds_what_is_left_in_english(tmp_path: Path) -> None:
    planted = tmp_path / "planted.py"
    planted.write_text(
        "def f(st, s, fx, explain):\n"
        "    fx.append(f'seat {s} goes out')\n"
        "    explain.append(('GJ-SCORE', 'net mode'))\n"
        "    raise LogError('bad', source)\n"
        "    raise DocError(['meta'], f'expected {s}')\n"
        "    self.fail('twice', line, 1)\n"
        "    return legal(st, ('round closed',))\n"
        "    return Outcome(st, None, effects=(f'seat {s} burns',))\n"
        "    return repeated(st, 'zh', 'en', 'RULE', 'had passed')\n"
        "    fx.append(said('座位', 'seat'))\n"
        "    raise LogError(said('坏', 'bad'), source)\n",
        encoding="utf-8",
    )
    found = [hit.split(" ", 1)[1] for hit in _left_english(planted)]
    assert sorted(found) == sorted(
        ["fx.append", "explain.append", "LogError", "DocError", "fail", "legal(...)", "effects=", "repeated(...)"]
    )
