"""The Chinese words of the text notation: action words, and the words of a decision line.

A log typed on a Chinese keyboard may write ``0 出 3S 3S`` for ``0 play 3S 3S``, ``1 过`` for
``1 pass``, ``裁定 3 维持 …`` for ``decision 3 upheld …``. This module is the one table of those words;
``replay.formats.notation.read`` reads them (after NFKC, so ``亮３`` is ``亮3``) and always writes the ASCII keywords.

A word stands for an action only in the games that have that action (``GAME_ACTIONS``, the engines'
actions): ``定主`` in a 够级 log is no action at all, and the reader refuses it, where the ASCII keyword
``declare`` is read and left to the engine to refuse. A few words mean different things per game;
``GAME_WORDS`` resolves them by the log's game.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from replay import games

# The actions each game's engine knows (the registry's, replay.games).
GAME_ACTIONS: Mapping[str, frozenset[str]] = games.GAMES.view(lambda g: g.actions)

# Each action's Chinese words, the usual one first (simplified, then traditional forms). A word
# stands for its action in every game that has the action, unless GAME_WORDS says otherwise.
ACTION_WORDS: MappingProxyType[str, tuple[str, ...]] = MappingProxyType(
    {
        "play": ("出", "出牌"),
        "pass": ("过", "过牌", "過", "過牌"),
        "kou": ("扣", "扣牌"),
        "rang": ("让", "让牌", "讓", "讓牌"),
        "burn": ("烧", "烧牌", "燒", "燒牌", "捎", "捎牌"),  # 捎牌: the seeds' word (seed 004)
        "jiefeng": ("接风", "接風"),
        "show": ("亮3", "亮三"),
        "revolution": ("革命",),
        "waive": ("放弃", "放棄"),
        "tribute": ("进贡", "進貢"),
        "return": ("还贡", "還貢"),
        "refuse": ("拒收",),
        "report": ("报牌", "報牌"),
        "call": ("叫庄", "叫莊"),  # 保皇
        "yield": ("让庄", "讓莊"),  # 保皇
        "grab": ("抢庄", "搶莊"),  # 保皇
        "reveal": ("明保", "明独", "明獨"),  # 保皇: 明保 (BH-LOYALIST) and 明独 (BH-SOLO) are both reveal
        "declare": ("定主",),  # 升级
        "exchange": ("换三张", "換三張"),  # 升级
        "bury": ("扣底",),  # 升级
    }
)

# How each action is named to a person (zh, en): rulings, the dispute desk, reports.
ACTION_NAMES: MappingProxyType[str, tuple[str, str]] = MappingProxyType(
    {
        "play": ("出牌", "play"),
        "burn": ("烧牌", "burn"),
        "pass": ("过牌", "pass"),
        "kou": ("扣牌", "kou (close)"),
        "rang": ("让牌", "rang (let)"),
        "jiefeng": ("接风", "jiefeng"),
        "show": ("亮3", "show 3s"),
        "revolution": ("革命", "revolution"),
        "waive": ("放弃够死级", "waive"),
        "tribute": ("进贡", "tribute"),
        "return": ("还贡", "return"),
        "refuse": ("拒收还贡", "refuse"),
        "report": ("报牌", "report a count"),
        "call": ("叫庄", "call"),
        "yield": ("让庄", "yield"),
        "grab": ("抢庄", "grab"),
        "reveal": ("明保/明独", "reveal"),
        "declare": ("定主", "declare"),
        "exchange": ("换三张", "exchange (换三张)"),
        "bury": ("扣底", "bury the kitty"),
        "deal": ("发牌", "deal"),  # a verdict on the deal itself
        "result": ("结果", "result"),  # a verdict on the claimed result
    }
)
# Where a game names an action otherwise (升级's pass is 不定主): the game's ``action_names``.
GAME_ACTION_NAMES: Mapping[str, Mapping[str, tuple[str, str]]] = games.GAMES.view(lambda g: g.action_names)


def action_name(action: str, game: str | None = None) -> tuple[str, str]:
    """An action's name (zh, en), as ``game`` calls it when given."""
    own = GAME_ACTION_NAMES.get(game or "")
    found = (own.get(action) if own is not None else None) or ACTION_NAMES.get(action)
    return found if found is not None else (action, action)


# Words whose meaning in one game differs from ACTION_WORDS; in that game they take precedence (the
# game's ``words``).
GAME_WORDS: Mapping[str, Mapping[str, str]] = games.GAMES.view(lambda g: g.words)

# The words of a decision line (``decision`` and its ``rule`` keyword) and of its outcome.
DECISION_WORDS: MappingProxyType[str, str] = MappingProxyType({"裁定": "decision", "规则": "rule", "規則": "rule"})
OUTCOME_WORDS: MappingProxyType[str, str] = MappingProxyType({"维持": "upheld", "維持": "upheld", "推翻": "overruled"})

_WORD_ACTION: dict[str, str] = {word: action for action, words in ACTION_WORDS.items() for word in words}


def action_of(word: str, game: str) -> str | None:
    """The action a Chinese ``word`` stands for in ``game``, or None when it is no action of that game."""
    own = GAME_WORDS.get(game)
    special = None if own is None else own.get(word)
    if special is not None:
        return special
    action = _WORD_ACTION.get(word)
    return action if action is not None and action in GAME_ACTIONS.get(game, ()) else None


def meanings(word: str) -> dict[str, str]:
    """What ``word`` stands for in each game where it is an action word ({game: action})."""
    out = {}
    for game in GAME_ACTIONS:
        action = action_of(word, game)
        if action is not None:
            out[game] = action
    return out


def meaning(word: str) -> str:
    """What ``word`` stands for, and in which games: "kou in gouji and baohuang; bury in shengji"
    ("" when it is no action word)."""
    games: dict[str, list[str]] = {}
    for game, action in meanings(word).items():
        games.setdefault(action, []).append(game)
    return "; ".join(f"{action} in {' and '.join(names)}" for action, names in games.items())


def meaning_zh(word: str) -> str:
    """``meaning`` in Chinese: "gouji、baohuang 中的 kou；shengji 中的 bury" (the actions' keywords as typed)."""
    games: dict[str, list[str]] = {}
    for game, action in meanings(word).items():
        games.setdefault(action, []).append(game)
    return "；".join(f"{'、'.join(names)} 中的 {action}" for action, names in games.items())


def words_of(game: str) -> list[str]:
    """The usual Chinese word of each action of ``game`` and its own words (for error messages)."""
    out = [words[0] for action, words in ACTION_WORDS.items() if action_of(words[0], game) == action]
    return out + [word for word in GAME_WORDS.get(game, {}) if word not in out]
