"""Text helpers for the library, players and scoring pages: user text made safe to show, and the names
of games, places and roles in the chosen language (``lang()``, ``t(zh, en)``: the bottom of views/, it
imports no other module of it).

Log text (player names, venues, notes, match keys, file names, a referee's words, error messages quoting a bad
token) is never trusted. Streamlit draws as Markdown ``st.markdown``/``st.write``/``st.caption``, the alerts
(``st.error`` …), ``st.toast``, every widget's label and ``help``, radio options, expander, tab, popover and
page-link labels, metric labels and values, and ``st.table``'s cells; all of it takes log text through ONE path,
``_literal``:

- ``md(text)``: one line (line breaks become spaces); ``esc(text)``: its line breaks kept (as Markdown line
  breaks), for longer text a person typed (a pasted log's error, a referee's decision). Every ASCII punctuation
  character is backslash-escaped (no link, image, HTML tag, ``$`` formula, ``:red[…]`` directive, emphasis, and
  no ``:material/…:`` icon: Streamlit reads those in the source), and a word joiner (U+2060, invisible) goes after
  the ``:`` of ``http://``, after a ``:`` that opens a shortcode, after an ``@`` before a domain and before the
  ``.`` after ``www``: Streamlit's renderer finds auto-links (``http://…``, ``www.…``, e-mail addresses) and emoji
  and icon shortcodes (``:smile:``, ``:material_home:``) in the text *after* the escapes are read, so a backslash
  alone does not stop them (``mdast-util-gfm-autolink-literal``, remark-emoji and Streamlit's icon plugin run over
  text nodes);
- ``chart(text)`` escapes it for Plotly, whose labels read a few HTML tags (``<a href>``, ``<b>``) and
  entities: ``html.escape`` turns them into entities that Plotly shows as the plain characters.

Widgets that show text as it is need neither: selectbox and multiselect options, text inputs' values,
``st.dataframe`` cells and column names (drawn on a canvas), ``st.html`` (escaped with ``html.escape`` where it is
built). tests/views/test_app_hostile_names.py opens every page over a deal with hostile names and checks every Markdown
text the page sends; tests/views/browser/test_e2e_attack.py (section 2) checks the drawn page in Chromium.
"""

from __future__ import annotations

import html
import re

import streamlit as st

from coach import report_words
from replay import games
from replay.core import plural
from replay.core.said import seat_name
from replay.formats.log import Log
from replay.rules.profile_loader import profile_words
from replay.rules.register import RULES
from replay.score import place_words


def lang() -> str:
    """The chosen language: "zh" (default) or "en"."""
    return st.session_state.get("lang", "zh")


def t(zh: str, en: str) -> str:
    """The text in the chosen language."""
    return zh if lang() == "zh" else en


_PUNCT = re.compile(r"([!-/:-@\[-`{-~])")  # every ASCII punctuation character
JOINER = "\u2060"  # WORD JOINER: invisible, no line break; it parts what the renderer would make a link or icon of
#: where a word joiner goes (the module's docstring): after the ``:`` of ``http://``, a ``:`` that opens a shortcode
#: (``:smile:``, ``:+1:``, ``:material_home:``), an ``@`` before a domain; between ``www`` and ``.``
_PARTED = re.compile(r"(?i:(?<=http:)|(?<=https:))(?=//)|(?<=:)(?=[\w+-]+:)|(?<=@)(?=[-\w])|(?i:(?<=www)(?=\.))")


def _literal(line: str) -> str:
    """One line of log text as Markdown that Streamlit shows exactly as written (the module's docstring)."""
    return _PUNCT.sub(r"\\\1", _PARTED.sub(JOINER, line))


def md(text: object) -> str:
    """``text`` as literal Markdown: shown exactly as written, one line."""
    return _literal(" ".join(str(text).split()))


def esc(text: object) -> str:
    """``text`` as literal Markdown, its line breaks kept (as Markdown line breaks)."""
    lines = str(text).replace("\r\n", "\n").replace("\r", "\n").split("\n")
    return "  \n".join(_literal(line) for line in lines)


def chart(text: object) -> str:
    """``text`` for a Plotly label, legend or hover: shown exactly as written."""
    return html.escape(str(text), quote=True)


def game_words(game: str | None) -> tuple[str, str]:
    """A game's names (Chinese, English) as ``replay.games`` declares them (a game it does not know: its
    name twice)."""
    try:
        found = games.get(game or "")
    except ValueError:
        return game or "", game or ""
    return found.name_zh, found.name_en


def game_name(game: str | None) -> str:
    """够级 / Gouji, 保皇 / Baohuang, 升级 / Shengji (any other game as it is)."""
    return t(*game_words(game))


def game_seats(game: str) -> int:
    """The number of seats of a game (``replay.games``; 6 for a game it does not know)."""
    try:
        return games.get(game).seats
    except ValueError:
        return 6


def who(log: Log, seat: int) -> str:
    """``seat N`` and the player's name, for Markdown."""
    name = log.player(seat)
    if name == f"{seat_name(seat, en=True)}":
        return t(f"座位 {seat}", f"{seat_name(seat, en=True)}")
    return t(f"座位 {seat}（{md(name)}）", f"{seat_name(seat, en=True)} ({md(name)})")


def place_name(place: int | None, game: str) -> str:
    """头科 … 大落 (Chinese) or 1st … 6th (English); "" for no place."""
    if place is None:
        return ""
    return t(*place_words(place, game_seats(game)))


# -- the names of things: one word for each, in each language, and no word for two of them -----------------------
# (the coach's HTML report shows the same: the tables are ``coach.report_words``'s; tests/replay/formats/notation/test_words.py)

ROLE_NAMES = report_words.ROLE  # the roles a climbing game's engine shows (保皇's)
SEVERITY_NAMES = report_words.SEVERITY  # how much a finding weighs: violation, error, hint, on trial
KIND_NAMES = report_words.KIND  # where a finding comes from: a rule, a maxim, a game's note, an evaluation
SURENESS_NAMES = report_words.SURENESS  # how sure a maxim's reading is
GRADE_NAMES = report_words.GRADE  # a priced decision's grade: inaccuracy, mistake, blunder
JUDGEMENT_NAMES = report_words.JUDGEMENT  # a move's one judgement: not priced, sound, graded, uncertain, overruled …
VIEW_NAMES = report_words.VIEW  # an evaluation's two views: the seat's, all cards known

#: a finding's severity as a mark that needs no emoji font (a text character; colours where Markdown is shown)
SEVERITY_MARK = {"violation": "✗", "mistake": "!", "hint": "※", "trial": "△"}
_SEVERITY_COLOUR = {"violation": "red", "mistake": "orange", "hint": "blue", "trial": "gray"}


#: the facts of a finding's evidence (``coach.findings.Evidence.facts``) by their key, and the words among their values
FACT_NAMES = {
    "roles_known": ("当时知道的身份", "roles known then"),
    "instead_action": ("更好的做法", "better action"),
    "leader": ("领出者", "led by"),
    "trick": ("这一墩", "the trick"),
    "note": ("提示", "note"),
    "points": ("分数", "points"),
    "kitty": ("底牌分", "kitty points"),
    "known": ("可知", "could be known"),
    "stake": ("涉及分数", "points at stake"),
    "winner": ("赢墩者", "trick won by"),
    "phase": ("阶段", "phase"),
    "action": ("动作", "action"),
    "finish_order": ("出完的顺序", "finishing order"),
    "opponent_cards": ("对手剩余张数", "opponent's cards left"),
    "big_jokers_unseen": ("未见的大王", "big jokers unseen"),
    "partner": ("同伴", "partner"),
    "trumps_instead": ("可改出的主牌张数", "trumps in the alternative"),
    "trumps_spent": ("花掉的主牌张数", "trumps spent"),
}
FACT_VALUES = {
    "points-given-away": ("送分", "points given away"),
    "points-not-taken": ("没拿的分", "points not taken"),
    "points-buried-lost": ("扣底丢分", "points buried and lost"),
    "trumps-on-partners-trick": ("主牌垫在同伴的墩上", "trumps on the partner's trick"),
    "declare": ("定主", "declaring"),
    "exchange": ("换牌", "exchange"),
    "kitty": ("扣底", "the kitty"),
    "play": ("打牌", "play"),
}
YES_NO = {True: ("是", "yes"), False: ("否", "no")}
#: what a table shows in a cell without a value (Streamlit's own is the English "None"): every ``st.dataframe`` and
#: ``st.data_editor`` of the views passes it as ``placeholder`` (tests/views/test_ui_words.py reads the sources)
EMPTY_CELL = "–"
SEAT_FACTS = frozenset({"leader", "winner", "seat"})  # facts whose value is a seat


def name_of(table: dict[str, tuple[str, str]], key: str, lang_: str | None = None) -> str:
    """The name of ``key`` in one of the tables above, in ``lang_`` (the chosen language by default; an unknown
    key: itself)."""
    zh, en = table.get(key, (key, key))
    return zh if (lang_ or lang()) == "zh" else en


def severity_md(severity: str) -> str:
    """A severity's mark for Markdown, in its colour."""
    mark = SEVERITY_MARK.get(severity, "·")
    colour = _SEVERITY_COLOUR.get(severity)
    return f":{colour}[**{md(mark)}**]" if colour else md(mark)


def count(n: int, zh_unit: str, one: str, many: str | None = None, lang_: str | None = None) -> str:
    """A count with its unit in the chosen language: "3 张" / "1 card", "3 cards" (``replay.core.plural.count``)."""
    if (lang_ or lang()) == "zh":
        return f"{n} {zh_unit}"
    return plural.count(n, one, many)


def rule_name(rule: str) -> str:
    """The short name of a rule ID in the chosen language (the ID itself when unknown)."""
    r = RULES.get(rule)
    if r is None:
        return rule
    return t(r.name_zh, r.name_en)


def profile_name(name: str, lang_: str | None = None) -> str:
    """A profile's short name beside its id, in the chosen language (``replay.rules.profile_loader.profile_words``:
    够级（记录） gouji-logged)."""
    return profile_words(name, (lang_ or lang()) == "zh")


def rule_quote(rule: str) -> str:
    """The seed text a rule rests on, or the reading where no seed speaks, as the chosen language shows it ("" when
    unknown)."""
    r = RULES.get(rule)
    return r.quote_for().shown(lang()) if r is not None else ""


# -- the Evaluation page -------------------------------------------------------------------------

EVALUATION_HELP_ZH = """\
**怎么算的**：每个有选择的决定（出牌、烧牌、过牌、扣牌、让牌、叫庄/让庄），取实际的做法、策略的首选、不要，以及另外几种牌型作为**候选**。每个候选用同一个简单策略替所有座位把牌打完，打若干次（“模拟次数”），取这一方得分的平均值——**期望分**（够级：本队的净分，串三户加倍；保皇：本座的分）。误差线是平均值的 ±2 倍标准误。

- **本座视角**：别人的手牌按这个座位当时所知随机补齐，每次模拟换一副；评级用这个视角。
- **明牌**：用真实的牌（日志里有全部手牌时），能把“打错了”和“运气差”分开。
- **损失**：最佳候选的期望分减去实际做法的期望分（评级视角）。
- **评级**：损失超过两倍标准误才算数（否则在模拟的误差之内；n 次模拟的标准误至少按 1/√n 分计）：0.5 分起为**欠佳**，1.5 分起为**失误**，3 分起为**大错**。
- **准确率**：一个决定为 100 × e^(−损失/2)（误差内的损失算 0），损失 0.5 分约 78%，1.5 分约 47%，3 分约 22%；一个座位的准确率是它所有决定的平均。

模拟次数少时数字很粗：评级只看超出误差的损失，但仍请多看几手再下结论。"""

EVALUATION_HELP_EN = """\
**How it works**: for every decision with a choice (a play, burn, pass, 扣, 让, a 保皇 call or yield) the \
**candidates** are the choice made, the policy's first choice, the decline and a few other shapes. Each candidate \
is played to the end several times ("rollouts") by one simple policy at every seat, and the side's points are \
averaged: its **expected points** (够级: the team's net points, doubled for 串三户; 保皇: the seat's own points). \
Error bars are the mean ± 2 standard errors.

- **Seat's view**: the other hands are sampled from what this seat knew then, a new deal for each rollout; grades \
use this view.
- **All cards known**: the true deal (when the log has every hand): it tells a mistake from bad luck.
- **Loss**: the best candidate's expected points minus the choice made's, in the grading view.
- **Grade**: a loss counts only when it is larger than twice its standard error (else it is within the noise; \
over n rollouts the standard error is taken as at least 1/√n point): \
from 0.5 point an **inaccuracy**, from 1.5 a **mistake**, from 3 a **blunder**.
- **Accuracy**: of one decision 100 × e^(−loss/2) (a loss within the noise counts as 0): 0.5 point lost gives \
78 %, 1.5 gives 47 %, 3 gives 22 %; a seat's accuracy is the mean over its decisions.

With few rollouts the numbers are rough: grades count only losses beyond the noise, but look at several hands \
before drawing conclusions."""


def evaluation_help() -> str:
    """What the views, loss, grades and accuracy mean (Markdown written here, no log text)."""
    return t(EVALUATION_HELP_ZH, EVALUATION_HELP_EN)
