"""Tests of a log typed on a Chinese keyboard (replay/formats/notation/read.py with replay/formats/notation/words.py): Chinese action
words, full-width letters, digits and punctuation (NFKC), ``，`` and ``、`` between cards and seats; a
Chinese text reads to the same Log as the canonical ASCII text, and what is not a token of the
notation is an error at its line and column."""

from __future__ import annotations

import random
import re
import unicodedata
from dataclasses import replace
from functools import cache

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from log_errors import located
from paths import ROOT

from replay.core.cards import Card
from replay.core.events import EVENT_TYPES
from replay.formats.decisions import Decision
from replay.formats.log import Log, LogError, Seat
from replay.formats.notation.lex import escape
from replay.formats.notation.read import format_text, parse_text
from replay.formats.notation.words import (
    ACTION_WORDS,
    DECISION_WORDS,
    GAME_ACTIONS,
    GAME_WORDS,
    OUTCOME_WORDS,
    action_of,
    meanings,
)
from replay.formats.notation.write import name_text
from replay.games.baohuang.engine import Baohuang
from replay.games.gouji.engine import Gouji
from replay.simulate import simulate_deal

DISPUTES = ROOT / "data" / "samples" / "disputes"
PROFILES = ("gouji", "gouji-online", "baohuang", "shengji-35")
H = "fupan/1 gouji\n"
B = "fupan/1 baohuang\n"
S = "fupan/1 shengji\n"
GAPS = (" ", "\u3000", "\t", "  ", " \u3000")  # between tokens
LIST_GAPS = (*GAPS, "、", "，", ",", " 、", ", ", "， ")  # between the cards or seats of a list


# ---------------------------------------------------------------------------------------------
# The table of words


def test_the_games_actions_are_the_engines() -> None:
    assert GAME_ACTIONS["gouji"] == {action for action, cls in EVENT_TYPES.items() if cls in Gouji.HANDLERS}
    assert GAME_ACTIONS["baohuang"] == {action for action, cls in EVENT_TYPES.items() if cls in Baohuang.HANDLERS}
    assert GAME_ACTIONS["shengji"] == {"declare", "pass", "exchange", "bury", "play"}
    assert set(ACTION_WORDS) == set(EVENT_TYPES)  # every action has its Chinese words


def test_the_words_are_distinct_and_in_nfkc() -> None:
    words = [w for ws in ACTION_WORDS.values() for w in ws]
    assert len(words) == len(set(words))
    special = [w for own in GAME_WORDS.values() for w in own]
    for word in [*words, *special, *DECISION_WORDS, *OUTCOME_WORDS]:
        assert unicodedata.normalize("NFKC", word) == word
        assert not word.isascii()
    for game, own in GAME_WORDS.items():
        assert set(own.values()) <= GAME_ACTIONS[game]


@pytest.mark.parametrize(
    ("word", "game", "action"),
    [
        ("出", "gouji", "play"),
        ("出牌", "shengji", "play"),
        ("過", "baohuang", "pass"),
        ("过牌", "shengji", "pass"),
        ("不定主", "shengji", "pass"),
        ("不定主", "gouji", None),
        ("扣", "gouji", "kou"),
        ("扣", "baohuang", "kou"),
        ("扣", "shengji", "bury"),  # 升级 has no kou: its 扣 is 扣底
        ("扣牌", "shengji", None),
        ("扣底", "shengji", "bury"),
        ("让", "baohuang", "rang"),
        ("让庄", "baohuang", "yield"),
        ("讓", "gouji", "rang"),
        ("捎牌", "gouji", "burn"),
        ("燒", "gouji", "burn"),
        ("烧", "baohuang", None),
        ("亮3", "gouji", "show"),
        ("亮三", "gouji", "show"),
        ("亮3", "shengji", None),
        ("革命", "gouji", "revolution"),
        ("進貢", "gouji", "tribute"),
        ("還貢", "gouji", "return"),
        ("拒收", "gouji", "refuse"),
        ("放弃", "gouji", "waive"),
        ("报牌", "gouji", "report"),
        ("接风", "baohuang", "jiefeng"),
        ("叫庄", "baohuang", "call"),
        ("抢庄", "baohuang", "grab"),
        ("明保", "baohuang", "reveal"),
        ("明独", "baohuang", "reveal"),
        ("明保", "gouji", None),
        ("定主", "shengji", "declare"),
        ("换三张", "shengji", "exchange"),
        ("play", "gouji", None),  # the keywords are not in the table
    ],
)
def test_a_word_is_resolved_by_the_logs_game(word: str, game: str, action: str | None) -> None:
    assert action_of(word, game) == action


def test_meanings_of_a_word() -> None:
    assert meanings("扣") == {"gouji": "kou", "baohuang": "kou", "shengji": "bury"}
    assert meanings("定主") == {"shengji": "declare"}
    assert meanings("飞") == {}


# ---------------------------------------------------------------------------------------------
# Typed forms that read the same


@pytest.mark.parametrize(
    ("typed", "canonical"),
    [
        (H + "events\n0 出 3S 3S\n", H + "events\n0 play 3S 3S\n"),
        (H + "events\n0 出牌 3♠、3♠\n", H + "events\n0 play 3S 3S\n"),
        (H + "events\n0 play 5H,5H\n", H + "events\n0 play 5H 5H\n"),
        (H + "events\n0 play 5H，5H\n", H + "events\n0 play 5H 5H\n"),
        (H + "events\n0 play 5H , 5H ，\u30005H\n", H + "events\n0 play 5H 5H 5H\n"),
        (H + "events\n0：5H 5H\n", H + "events\n0 play 5H 5H\n"),
        (H + "events\n0：5H、5H\n", H + "events\n0 play 5H 5H\n"),
        (H + "events\n１：－\n", H + "events\n1 pass\n"),
        (H + "events\n０\u3000出\u3000１０Ｈ\u3000ＫＳ\n", H + "events\n0 play 10H KS\n"),
        (H + "events\n1 过\n2 過\n3 扣\n4 让\n", H + "events\n1 pass\n2 pass\n3 kou\n4 rang\n"),
        (H + "events\n1 烧 A、A\n2 捎牌 K K\n", H + "events\n1 burn A A\n2 burn K K\n"),
        (H + "events\n0 亮３ 3H\n0 亮三 3S\n", H + "events\n0 show 3H\n0 show 3S\n"),
        (H + "events\n5 进贡 0 大王，小王\n0 还贡 5 3S\n", H + "events\n5 tribute 0 BJ SJ\n0 return 5 3S\n"),
        (H + "events\n5 拒收 0 3S\n2 报牌 ８\n", H + "events\n5 refuse 0 3S\n2 report 8\n"),
        (H + "events\n0 革命\n3 放弃\n1 接风\n", H + "events\n0 revolution\n3 waive\n1 jiefeng\n"),
        (H + "events\n0 出 3S ＃ 注：记分员\n", H + "events\n0 play 3S # 注：记分员\n"),
        (
            B + "events\n2 让庄\n1 叫庄 7♦ 7♦ ♦7\n4 明保\n0 抢庄\n",
            B + "events\n2 yield\n1 call 7D 7D 7D\n4 reveal\n0 grab\n",
        ),
        (B + "events\n1 明独\n3 让\n", B + "events\n1 reveal\n3 rang\n"),
        (
            S + "events\n2 不定主\n0 定主 小王、9D、9D\n0 换三张 1 SJ\n1 扣 3S 4H\n1 扣底 5D\n",
            S + "events\n2 pass\n0 declare SJ 9D 9D\n0 exchange 1 SJ\n1 bury 3S 4H\n1 bury 5D\n",
        ),
        (
            H + "hand 0 ３♠、３♠，5H,5H ？？\nhand 1 ？３６\nhand 2 ？\n",
            H + "hand 0 3S 3S 5H 5H ??\nhand 1 ?36\nhand 2 ?\n",
        ),
        (S + "kitty 3S、4H、5D、6C\nlevels ａ　Ｔ\n", S + "kitty 3S 4H 5D 6C\nlevels A 10\n"),
        (H + "previous finish ０、２、４、１、３、５\ndeal １２\n", H + "previous finish 0 2 4 1 3 5\ndeal 12\n"),
        (
            H + "events\nresult finish 0，2，4\nresult team ０、２、４ ＝ －１２．５\n",
            H + "events\nresult finish 0 2 4\nresult team 0 2 4 = -12.5\n",
        ),
        (H + "option tribute ｔｒｕｅ\noption score_mode ｎｅｔ\n", H + "option tribute true\noption score_mode net\n"),
        ("ｆｕｐａｎ／１\u3000ｇｏｕｊｉ\nｅｖｅｎｔｓ\n", H + "events\n"),
        ("＃ 记分表\n" + H + "\u3000＃ 注释\nevents # 开始\n", H + "events\n"),
    ],
)
def test_typed_on_a_chinese_keyboard_reads_the_same(typed: str, canonical: str) -> None:
    log = parse_text(typed)
    assert log == parse_text(canonical)
    assert log.dumps() == parse_text(canonical).dumps()


def test_free_text_is_kept_as_typed() -> None:
    typed = (
        H
        + "seat 0 张三 ＃１\u3000ＫＳ\nvenue 青岛，市北、１号\ndate ２０２６年１１月\nevents\n0 出 3S # ＫＳ、１０Ｈ\n"
    )
    log = parse_text(typed)
    assert log.seats == (Seat(0, "张三 ＃１\u3000ＫＳ"),)
    assert dict(log.meta) == {"venue": "青岛，市北、１号", "date": "２０２６年１１月"}
    assert log.events[0].note == "ＫＳ、１０Ｈ"
    assert format_text(log) == (
        "fupan/1 gouji\nprofile gouji\ndate ２０２６年１１月\nvenue 青岛，市北、１号\nseat 0 张三 ＃１\u3000ＫＳ\n"
        "events\n0 play 3S # ＫＳ、１０Ｈ\n"
    )


def test_positions_count_characters_of_the_typed_line() -> None:
    log = parse_text(H + "events\n\u3000０：５Ｈ\n　　１\u3000过\n")
    assert log.positions == ((3, 2), (4, 3))


def test_the_writer_stays_ascii() -> None:
    log = parse_text(S + "events\n2 不定主\n0 定主 小王、9D、9D\n1 扣 3S\n")
    assert format_text(log).splitlines()[-3:] == ["2 pass", "0 declare SJ 9D 9D", "1 bury 3S"]


# ---------------------------------------------------------------------------------------------
# Errors: line, column (characters of the typed line) and the token as typed

ERRORS = [
    (
        H + "events\n0 飞 3S\n",
        3,
        3,
        r'unknown action "飞" \(expected one of play, burn.*; or a word of gouji: 出, 过, 扣',
    ),
    (H + "events\n0 fly\n", 3, 3, r'unknown action "fly" \(expected one of play'),
    (H + "events\n０\u3000ＰＬＡＹ\u30003S\n", 3, 3, r'unknown action "ＰＬＡＹ"'),
    (
        H + "events\n0 定主 SJ 9D 9D\n",
        3,
        3,
        r"'定主' is no action of gouji \(it stands for declare in shengji\); the gouji words are 出, 过",
    ),
    (H + "events\n0 不定主\n", 3, 3, r"'不定主' is no action of gouji \(it stands for pass in shengji\)"),
    (
        S + "events\n0 亮3 3H\n",
        3,
        3,
        r"'亮3' is no action of shengji \(it stands for show in gouji\); the shengji words are 出, 过, 定主, 换三张, 扣底, 扣, 不定主",
    ),
    (S + "events\n0 扣牌\n", 3, 3, r"'扣牌' is no action of shengji \(it stands for kou in gouji and baohuang\)"),
    (H + "events\n0 叫庄 5H 5H 5H\n", 3, 3, r"'叫庄' is no action of gouji \(it stands for call in baohuang\)"),
    (H + "events\n０\u3000出\u3000３Ｓ\u3000４Ｚ\n", 3, 8, r"unknown card '４Ｚ'"),
    (H + "events\n0 出 3S、、3S\n", 3, 8, "expected a card before '、'"),
    (H + "events\n0 出 、3S\n", 3, 5, "expected a card before '、'"),
    (H + "events\n0 出 3S，\n", 3, 7, "expected a card after '，'"),
    (H + "events\n0 出 3S ,\n", 3, 8, "expected a card after ','"),
    (H + "events\n0 出 3S、4Z\n", 3, 8, r"unknown card '4Z'"),
    (H + "events\n0 出\n", 3, 5, "expected the cards after '出'"),
    (H + "events\n0 进贡\n", 3, 6, "expected the seat given to after '进贡'"),
    (H + "events\n0 进贡 1，BJ\n", 3, 6, r"expected a seat number \(an integer\), got '1，BJ'"),
    (H + "events\n0 过 3S\n", 3, 5, r"unexpected '3S' after '过' \(it takes no cards\)"),
    (H + "events\n0：\n", 3, 4, "expected cards or - after '0：'"),
    (H + "events\n０：５Ｈ\u3000ＺＺ\n", 3, 6, r"unknown card 'ＺＺ'"),
    (H + "events\n1：－ 3S\n", 3, 5, r"unexpected '3S' after '-'"),
    (H + "events\n９：5H\n", 3, 1, r"expected a seat \(0\.\.5\), got 9"),
    (H + "events\n２ 报牌 八\n", 3, 6, r"expected the card count \(an integer\), got '八'"),
    (H + "hand 0 3S、\n", 2, 10, "expected a card after '、'"),
    (H + "hand 0 ？、3S\n", 2, 8, r"'\?' \(a wholly unknown hand\) must stand alone"),
    (H + "hand ６ ？\n", 2, 6, r"expected a seat \(0\.\.5\), got 6"),
    (H + "result finish 0、0\n", 2, 17, "a seat appears twice in the list"),
    (H + "result team 0、、2 = 1\n", 2, 15, "expected a seat before '、'"),
    (H + "previous finish 0 1，\n", 2, 20, "expected a seat after '，'"),
    (S + "kitty 3S、？？\n", 2, 10, r"unknown card '？？': the kitty is given in full or left out"),
    (H + "ｃｏｌｏｕｒ red\n", 2, 1, r"unknown keyword 'ｃｏｌｏｕｒ'"),
    (H + "events\n０ ｆｌｙ\n", 3, 3, r'unknown action "ｆｌｙ"'),
    (H + "events\nＸ 出 3S\n", 3, 1, r"expected an event .* got 'Ｘ'"),
    (H + "events\n0 出 " + "Ｑ" * 200 + "\n", 3, 5, r"unknown card '" + "Ｑ" * 80 + "…'"),
    (
        H + "seat " + "９" * 100 + " x\n",
        2,
        6,
        r"expected a seat number \(an integer\), got '" + "９" * 80 + r"…' \(100 digits\)",
    ),
]


@pytest.mark.parametrize(("text", "line", "col", "message"), ERRORS)
def test_errors(text: str, line: int, col: int, message: str) -> None:
    located(text, line, col, message)


def test_a_long_token_is_quoted_in_part() -> None:
    with pytest.raises(LogError) as info:
        parse_text(H + "events\n0 " + "飞" * 1000 + "\n")
    assert "飞" * 80 + "…" in info.value.reason and "飞" * 81 not in info.value.reason


# ---------------------------------------------------------------------------------------------
# Property: the canonical text rewritten as typed on a Chinese keyboard reads to the same log


def full_width(text: str, rng: random.Random) -> str:
    """Some of the ASCII letters, digits and signs of a token in their full-width forms."""
    return "".join(chr(ord(c) + 0xFEE0) if "!" <= c <= "~" and rng.random() < 0.5 else c for c in text)


def card_form(token: str, rng: random.Random) -> str:
    """A card as someone might type it: the token, a suit symbol, 大王/小王; partly full-width."""
    card = Card(token)
    forms = [token]
    if card.is_joker:
        forms.append("大王" if token == "BJ" else "小王")
    elif card.suit is not None:
        forms += [card.glyph(), card.glyph()[1:] + card.glyph()[0]]
    return full_width(rng.choice(forms), rng)


def joined(words: list[str], rng: random.Random, gaps: tuple[str, ...] = GAPS) -> str:
    out = words[0] if words else ""
    for w in words[1:]:
        out += rng.choice(gaps) + w
    return out


def action_word(action: str, game: str, rng: random.Random) -> str:
    words = [w for ws in ACTION_WORDS.values() for w in ws] + [w for own in GAME_WORDS.values() for w in own]
    return rng.choice([action, *(w for w in words if action_of(w, game) == action)])


def chinese_event(line: str, game: str, rng: random.Random) -> str:
    """An event line of the canonical text as typed on a Chinese keyboard."""
    body, hash_, note = line.partition(" # ")
    seat, action, *args = body.split(" ")
    tail = (rng.choice(["#", "＃"]) + rng.choice(" \u3000\t") + note) if hash_ else ""
    seat = full_width(seat, rng)
    cards = args
    lead: list[str] = []
    if action in ("tribute", "return", "refuse", "exchange"):
        lead, cards = [full_width(args[0], rng)], args[1:]
    elif action == "report":
        lead, cards = [full_width(args[0], rng)], []
    typed_cards = joined([card_form(c, rng) for c in cards], rng, LIST_GAPS)
    if action == "play" and rng.random() < 0.3:
        head = seat + rng.choice(":：") + rng.choice(["", " ", "\u3000"]) + typed_cards
    elif action == "pass" and rng.random() < 0.3:
        head = seat + rng.choice(":：") + rng.choice(["", " "]) + rng.choice("-－")
    else:
        words = [seat, action_word(action, game, rng), *lead] + ([typed_cards] if typed_cards else [])
        head = joined(words, rng)
    return head + (rng.choice(GAPS) + tail if tail else "")


def chinese_decision(d: Decision, rng: random.Random) -> str:
    outcome = rng.choice([d.decision, *(w for w, o in OUTCOME_WORDS.items() if o == d.decision)])
    words = [rng.choice(["decision", "裁定", "ｄｅｃｉｓｉｏｎ"]), full_width(str(d.number), rng), outcome]
    words += [full_width(d.at, rng), name_text(d.referee)]
    if d.rule is not None:
        words += [rng.choice(["rule", "规则", "規則"]), full_width(d.rule, rng)]
    return joined(words, rng) + rng.choice(GAPS) + rng.choice("#＃") + " " + escape(d.text)


TEXT_KEYS = ("date", "venue", "match", "table", "notes", "profile")


def chinese_text(log: Log, rng: random.Random) -> str:
    """The canonical text of ``log`` rewritten as a scorer might type it on a Chinese keyboard."""
    lines = format_text(log).splitlines()
    n_decisions = len(log.decisions)
    out = []
    in_events = False
    for k, line in enumerate(lines):
        key, _, rest = line.partition(" ")
        if k >= len(lines) - n_decisions:
            out.append(chinese_decision(log.decisions[k - (len(lines) - n_decisions)], rng))
        elif key in TEXT_KEYS or key == "option":
            out.append(full_width(key, rng) + rng.choice(" \u3000\t") + rest if rest else full_width(key, rng))
        elif key == "seat":
            seat, _, name = rest.partition(" ")
            out.append(
                joined([full_width(key, rng), full_width(seat, rng)], rng)
                + ((rng.choice(" \u3000") + name) if name else "")
            )
        elif key == "events":
            in_events = True
            out.append(full_width(line, rng))
        elif in_events and key != "result":
            out.append(chinese_event(line, log.game, rng))
        elif key in ("hand", "kitty") or line.startswith(("result finish", "previous finish", "result team")):
            words = line.split(" ")
            fixed = {"hand": 2, "kitty": 1}.get(key, 2)
            if line.startswith("result team"):
                eq = words.index("=")
                head = [full_width(w, rng) for w in words[:2]]
                seats = joined([full_width(w, rng) for w in words[2:eq]], rng, LIST_GAPS)
                tail = [full_width(w, rng) for w in words[eq:]]
                out.append(joined([*head, *([seats] if seats else []), *tail], rng))
                continue
            head = [full_width(w, rng) for w in words[:fixed]]
            items = words[fixed:]
            if key in ("hand", "kitty"):
                typed = [full_width(c, rng) if c.startswith("?") else card_form(c, rng) for c in items]
            else:
                typed = [full_width(w, rng) for w in items]
            listed = joined(typed, rng, LIST_GAPS)
            out.append(joined([*head, *([listed] if listed else [])], rng))
        else:
            out.append(joined([full_width(w, rng) for w in line.split(" ")], rng))
    return "\n".join(out) + "\n"


def with_decisions(log: Log) -> Log:
    """The log with a referee's decisions whose names and texts hold spaces, '#', line breaks and HTML."""
    n = len(log.events)
    decisions = (
        Decision(0, "upheld", "过牌不烧，烧牌无效 # see GJ-BURN", "老王", "2026-12-01T20:15:00Z", "GJ-BURN"),
        Decision(n - 1, "overruled", "<b>late</b> & wrong\nsecond line \\n", "Wang Laoshi #2", "2026-12-01T20:16:00Z"),
        Decision(n // 2, "upheld", " 维持 ", '"李" 裁判', "2026-12-02T08:00:00Z"),
    )
    seats = (*log.seats[:-1], Seat(log.seats[-1].seat, "刘 八 #8"))
    return replace(log, decisions=decisions, seats=seats)


@cache
def logs() -> tuple[Log, ...]:
    """Simulated deals of each game's profiles and the hand-written disputes, with decisions."""
    out = [with_decisions(simulate_deal(seed, profile).log) for profile in PROFILES for seed in (1, 2)]
    out += [with_decisions(parse_text(path.read_text(encoding="utf-8"))) for path in sorted(DISPUTES.glob("*.txt"))]
    return tuple(out)


def test_the_logs_hold_every_game_and_the_disputes() -> None:
    assert {log.game for log in logs()} == {"gouji", "baohuang", "shengji"}
    assert len(logs()) == 2 * len(PROFILES) + len(list(DISPUTES.glob("*.txt"))) >= 15


@settings(max_examples=60, deadline=None)
@given(index=st.integers(0, 2 * len(PROFILES) + len(list(DISPUTES.glob("*.txt"))) - 1), seed=st.integers(0, 2**32))
def test_chinese_text_reads_to_the_same_log(index: int, seed: int) -> None:
    log = logs()[index]
    ascii_text = format_text(log)
    typed = chinese_text(log, random.Random(seed))
    assert typed != ascii_text
    again = parse_text(typed, "<typed>")
    assert again == parse_text(ascii_text, "<typed>")
    assert again.dumps() == log.dumps()
    assert format_text(again) == ascii_text
    lines = typed.split("\n")
    for place, event in zip(again.positions, again.events, strict=True):
        assert place is not None and place[1] == 1 and lines[place[0] - 1].strip(), event


# ---------------------------------------------------------------------------------------------
# docs/log-format.md says the same

DOCS = ROOT / "docs" / "log-format.md"


def docs_section(title: str, nth: int = 1) -> str:
    """The ``nth`` section ``### title`` of docs/log-format.md."""
    text = DOCS.read_text(encoding="utf-8")
    start = -1
    for _ in range(nth):
        start = text.index(f"\n### {title}\n", start + 1)
    return text[start : text.index("\n### ", start + 1)]


def test_docs_word_table_is_the_table() -> None:
    rows = dict(re.findall(r"^\| `(\w+)` \| (.*?) \|", docs_section("Typed on a Chinese keyboard"), re.M))
    assert set(rows) == set(ACTION_WORDS)
    for action, words in ACTION_WORDS.items():
        assert set(words) <= set(re.split(r"[,;() ]+", rows[action])), action
    for game_words in GAME_WORDS.values():
        for word, action in game_words.items():
            assert word in rows[action]


def test_docs_chinese_example_reads_as_said() -> None:
    (typed,) = re.findall(r"```text\n(０.*?)```", docs_section("Typed on a Chinese keyboard"), re.S)
    said = "0 play 3S 3S\n1 pass\n2 play 5H 5H # 注\n3 pass\n5 tribute 0 BJ SJ\n4 report 8\n"
    assert parse_text(H + "events\n" + typed) == parse_text(H + "events\n" + said)


def test_docs_decision_examples_read() -> None:
    section = docs_section("Decisions", 2)  # the first is JSON's
    blocks = re.findall(r"```text\n(.*?)```", section, re.S)
    events = "".join(f"{i % 6} pass\n" for i in range(13))
    h2 = H.replace("fupan/1", "fupan/2")  # the docs' decisions count events as people do (fupan/2)
    log = parse_text(h2 + "events\n" + events + blocks[0])
    assert [(d.number, d.decision, d.referee, d.rule) for d in log.decisions] == [
        (12, "upheld", "老王", "GJ-BURN"),
        (3, "overruled", "Wang Laoshi", None),
    ]
    assert [d.event for d in log.decisions] == [11, 2]  # their indexes in the log
    assert log.decisions[1].text == "seat 1 <b>played</b> out of turn"
    typed = re.search(r"`(裁定 .*?)`", section)
    assert typed is not None
    assert parse_text(h2 + "events\n" + events + typed[1] + "\n").decisions[0] == replace(
        log.decisions[0], text="过牌不烧"
    )
    old = parse_text(H + "events\n" + events + blocks[0].replace("decision 12", "decision 11"))  # fupan/1: from 0
    assert old.decisions[0] == log.decisions[0]
