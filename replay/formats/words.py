"""The words of the log reader's refusals that several of its parts share, in Chinese and English (``replay.core.said``):
a key the format does not know, the JSON parser's own complaints, a file the system would not give, and the
phrases of what a value was expected to be.

The English stays word for word what the reader has always said; the Chinese is written beside it.
"""

from __future__ import annotations

import errno
from collections.abc import Iterable

from replay.core.said import Said, said

OBJECT = said("应为一个对象", "expected an object")
OPTIONS_OBJECT = said("应为规则选项的对象", "expected an object of options")
SEAT_LIST = said("应为座位的列表", "expected a list of seats")


def unknown_key(key: str, keys: Iterable[str]) -> Said:
    """A key that does not belong where it stands: "unknown key 'x' (expected a, b)"."""
    listed = ", ".join(keys)
    return said(f"没有键 {key!r}（应为 {listed} 之一）", f"unknown key {key!r} (expected {listed})")


# The JSON parser's messages (json.decoder and its C scanner), the start of each, in Chinese.
_JSON_ZH = (
    ("Expecting value", "这里应有一个值"),
    ("Expecting property name enclosed in double quotes", "这里应有双引号括起的键名"),
    ("Expecting ':' delimiter", "这里应有冒号 ':'"),
    ("Expecting ',' delimiter", "这里应有逗号 ','"),
    ("Unterminated string starting at", "字符串没有结束的引号"),
    ("Invalid control character", "字符串中有不允许的控制字符"),
    ("Invalid \\uXXXX escape", "无效的 \\u 转义"),
    ("Invalid \\escape", "无效的转义"),
    ("Extra data", "JSON 结束后还有多余的内容"),
    ("Illegal trailing comma", "结尾多了一个逗号"),
)


def json_text_problem(msg: str) -> str:
    """The JSON parser's message ``msg`` in Chinese (its gist; the English is the parser's own)."""
    for start, zh in _JSON_ZH:
        if msg.startswith(start):
            return zh
    return "JSON 格式有误"


def json_problem(msg: str) -> Said:
    """A log whose JSON does not parse: "malformed JSON: <the parser's message>"."""
    return said(f"JSON 格式有误：{json_text_problem(msg)}", f"malformed JSON: {msg}")


_OS_ZH = {
    errno.ENOENT: "文件不存在",
    errno.EACCES: "没有读取的权限",
    errno.EPERM: "没有读取的权限",
    errno.EISDIR: "这是一个文件夹，不是文件",
    errno.ENAMETOOLONG: "文件名太长",
    errno.ENOTDIR: "路径中有一段不是文件夹",
    errno.ELOOP: "符号链接循环",
    errno.EIO: "读写出错",
}


def os_reason_zh(exc: OSError) -> str:
    """Why the system would not give a file, in Chinese."""
    known = _OS_ZH.get(exc.errno) if exc.errno is not None else None
    return known or (f"系统错误（错误码 {exc.errno}）" if exc.errno is not None else "系统错误")


# What a value was expected to be (``event_json.doc_int``'s ``what``), in Chinese.
WHAT_ZH = {
    "a seat": "座位号",
    "a deal number": "局号",
    "a number of card points": "分数",
    "a number of unknown cards": "不明牌的张数",
    "a card count": "张数",
}


def expected(what: str, lo: int, hi: int, got: str) -> Said:
    """A value out of its range: "expected a seat (0..5), got 9"."""
    return said(f"应为{WHAT_ZH.get(what, what)}（{lo}..{hi}），不是 {got}", f"expected {what} ({lo}..{hi}), got {got}")


# -- a rule profile's refusals (replay.rules.profile) ------------------------------------------------------------------

# Options that profiles once had, and why they were removed, in Chinese (replay.rules.profile.REMOVED_OPTIONS)
REMOVED_ZH = {
    "burn_priority": "记录里只有实际发生的烧牌，看不出谁先要求烧，所以从不判断几家争烧的先后",
    "joker_compare": "它只有一个值（'seed'）：带王的牌总是按山东规矩比较（SET-SMALLJOKER）",
}

_KIND_ZH = {"int": "整数", "str": "文字", "float": "数", "bool": "true 或 false"}


def expected_zh(problem: str) -> str:
    """What an option's value was expected to be (``Option.check``'s English), in Chinese."""
    if problem.startswith("one of "):
        return "、".join(problem[len("one of ") :].split(", ")) + " 之一"
    if problem == "true or false":
        return "true 或 false"
    if problem.startswith("a list of distinct ranks"):
        return "互不相同的牌点 3..15 的列表（11 = J，14 = A，15 = 2）"
    return _KIND_ZH.get(problem.removeprefix("a "), problem)


def where_zh_of(where: str) -> str:
    """Where a profile's option came from, in Chinese: a file's name as it is, the overrides by name."""
    return {"log overrides": "记录中的规则覆盖", "overrides": "规则覆盖"}.get(where, where)


def toml_problem_zh(message: str) -> str:
    """A TOML parser's message in Chinese: its place, when it gives one ("(at line 3, column 5)")."""
    import re

    found = re.search(r"at line (\d+), column (\d+)", message)
    return f"TOML 格式有误（第 {found[1]} 行，第 {found[2]} 列）" if found else "TOML 格式有误"


# -- the text notation's phrases (replay.formats.notation.read): what was expected, what a token came after ------------------

PHRASE_ZH = {
    "the game": "游戏名",
    "the deal number": "局号",
    "the seat": "座位号",
    "a seat": "座位号",
    "a seat number": "座位号",
    "a card": "牌",
    "the two levels": "两方的级",
    "the points": "分数",
    "true or false": "true 或 false",
    "the referee's name": "裁判的名字",
    "the event's index": "事件的序号",
    "the event's number": "事件的序号（第几手）",
    "the rule ID": "规则编号",
    "the decision": "裁定",
    "the seat given to": "给牌的座位",
    "the card count": "张数",
    "upheld or overruled (维持 or 推翻)": "维持或推翻（upheld 或 overruled）",
    "a seat number and the player's name": "座位号和牌手的名字",
    "'events'": "'events'",
    "a rule ID (e.g. GJ-BURN)": "规则编号（如 GJ-BURN）",
}


def twice(what: str) -> Said:
    """A line or value given twice: "deal given twice" (``what`` a keyword of the notation)."""
    return said(f"{what} 写了两次", f"{what} given twice")


def phrase_zh(what: str) -> str:
    """A phrase of the notation's messages ("the deal number", "'events'") in Chinese; a quoted keyword as it is."""
    if what.endswith(" (it takes no cards)"):
        return what.removesuffix(" (it takes no cards)") + "（它不带牌）"
    if what.startswith(("'", '"')):
        return what
    if what.startswith("the ") and what.endswith(" points"):
        return f"{what[4:-7]} 的分数"
    return PHRASE_ZH.get(what, what)
