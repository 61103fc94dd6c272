"""A rule profile: which option of RULES.md a table plays, as a validated record (``Profile``), and its error
(``ProfileError``).

A profile names a game and sets every option of that game; it carries the game's declared options
(``Profile.declared``, ``GameType.options``), so that changing an option (``with_overrides``) is checked without
asking the game registry. Where profiles come from (the shipped ones, a club's file, the profile a log names) is
``replay.rules.profile_loader``.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Any

from replay.core.clip import clip
from replay.core.errors import FupanError
from replay.core.record import Record, field
from replay.core.said import said
from replay.formats.words import REMOVED_ZH, expected_zh, where_zh_of
from replay.rules.option import Option

# Options that profiles once had and that changed nothing: refused with the reason (docs/rules-as-implemented.md).
REMOVED_OPTIONS = {
    "burn_priority": "who claimed a burn first cannot be seen in a log (a log records only the burn that happened), "
    "so the order of several burn claims is never judged",
    "joker_compare": "it had one value ('seed'): sets with jokers attached are always compared as the seeds say "
    "(SET-SMALLJOKER)",
}


class ProfileError(FupanError):
    """A profile that cannot be used; the message names the file and the key (what it quotes of the
    input cut short: ``replay.core.clip``)."""

    def __init__(self, message: str) -> None:
        super().__init__(clip(message))


class Profile(Record):
    """A validated rule profile: a game and a value for each of that game's options."""

    name: str
    game: str
    options: Mapping[str, Any] = field(repr=False)
    title_zh: str = ""
    title_en: str = ""
    source: str = ""
    #: its short name beside its id on the pages (``label_zh``, ``label_en`` in its file: 够级（记录） gouji-logged)
    label_zh: str = ""
    label_en: str = ""
    loaded_as: str = field(default="", repr=False, compare=False)  # what load_profile was given
    overrides: Mapping[str, Any] = field(default_factory=lambda: MappingProxyType({}), repr=False, compare=False)
    #: the game's options as it declares them, by name (what ``with_overrides`` checks a change against)
    declared: Mapping[str, Option] = field(default_factory=lambda: MappingProxyType({}), repr=False, compare=False)

    def __getattr__(self, key: str) -> Any:
        opts = object.__getattribute__(self, "options")
        if key in opts:
            return opts[key]
        raise AttributeError(key)

    def with_overrides(self, overrides: Mapping[str, Any], where: str = "overrides") -> Profile:
        """A copy with some options changed, validated like a file."""
        if not overrides:
            return self
        changed = validate_options(self.declared, self.game, overrides, where)
        return self._replace(
            options=MappingProxyType({**self.options, **changed}),
            overrides=MappingProxyType({**self.overrides, **changed}),
        )

    def option_rule(self, key: str) -> str:
        """The rule ID an option belongs to."""
        return self.declared[key].rule

    def __repr__(self) -> str:
        """The call that gives this profile: ``load_profile('gouji')``, with ``.with_overrides({...})`` when
        options were changed after loading."""
        loaded = f"load_profile({(self.loaded_as or self.name)!r})"
        return loaded + (f".with_overrides({dict(self.overrides)!r})" if self.overrides else "")


def validate_options(allowed: Mapping[str, Option], game: str, raw: Mapping[str, Any], where: str) -> dict[str, Any]:
    """The options of ``raw`` checked against the game's declared options ``allowed`` (a ProfileError naming
    ``where`` for a removed, unknown or ill-valued one)."""
    out: dict[str, Any] = {}
    for key, value in raw.items():
        opt = allowed.get(key)
        if key in REMOVED_OPTIONS:
            raise ProfileError(
                said(
                    f"{where_zh_of(where)}：选项 {key!r} 已取消：{REMOVED_ZH[key]}",
                    f"{where}: option {key!r} was removed: {REMOVED_OPTIONS[key]}",
                )
            )
        if opt is None:
            known = ", ".join(sorted(allowed))
            raise ProfileError(
                said(
                    f"{where_zh_of(where)}：{game} 没有选项 {key!r}（已有：{known}）",
                    f"{where}: unknown option {key!r} for {game} (known: {known})",
                )
            )
        problem = opt.check(value)
        if problem:
            raise ProfileError(
                said(
                    f"{where_zh_of(where)}：选项 {key} = {value!r} 不允许；应为{expected_zh(problem)}",
                    f"{where}: option {key} = {value!r} is not allowed; expected {problem}",
                )
            )
        out[key] = value
    return out
