"""Where rule profiles come from (the record is ``replay.rules.profile``'s ``Profile``), read from TOML and validated
against the game's declared options (asked of the game registry: ``options_for``, ``all_options``).

Shipped profiles live in ``replay/games/<game>/profiles/``. A club's own profile is a file too: given by path on the command line
(``--profile PATH``, ``find_profile``: a path has a ``/`` or ends in ``.toml``; a bare name is never a file
of the current folder), or kept in the server's folder of club profiles (the folder
``FUPAN_PROFILES`` names), where a log may name it. A log only ever *names* its profile
(``log_profile``): a path in a log is refused without looking at the file, so that an uploaded log
cannot make fupan read a file of the machine. A profile may start from another with
``base = "gouji"`` and override some options. An unknown key or a bad value is a ProfileError that
names the file, the key and what was expected.
"""

from __future__ import annotations

import os
import re
from pathlib import Path
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

from replay import games
from replay.core.clip import shown
from replay.core.files import NotRegular, open_regular
from replay.core.said import said, said_of, zh_of
from replay.formats.words import os_reason_zh, toml_problem_zh
from replay.rules.option import Option
from replay.rules.profile import Profile, ProfileError, validate_options
from replay.rules.profile_files import parsed_shipped, shipped_files

if TYPE_CHECKING:
    from replay.formats.log_doc import Log

GAMES = games.names()  # the games shipped with fupan (a game registered later is not here: ask games.names())


def default_profile(game: str) -> str:
    """The shipped profile a log of ``game`` names when it names none (and ``fupan simulate --game``)."""
    return games.get(game).default_profile


def all_options() -> dict[str, Option]:
    """Every game's options by name, in the games' order (an option two games share, as 贴钱, is the first
    game's record; this loads every game)."""
    out: dict[str, Option] = {}
    for game in games.GAMES:
        for o in game.options:
            out.setdefault(o.name, o)
    return out


def option_defaults(name: str) -> dict[str, Any]:
    """Option ``name``'s default in each game that has it (game name -> value; this loads every game)."""
    return {g.name: o.default for g in games.GAMES for o in g.options if o.name == name}


def options_of(rule_id: str, game: str | None = None) -> list[Option]:
    """The options that change rule ``rule_id`` (of ``game``'s profiles, when given)."""
    found = all_options().values() if game is None else games.get(game).options
    return [o for o in found if o.rule == rule_id]


def options_for(game: str) -> dict[str, Option]:
    """The options a game's profiles must set, as the game declares them (``GameType.options``), in order."""
    return {o.name: o for o in games.get(game).options}


def default_options(game: str) -> dict[str, Any]:
    """The default value of each option of a game."""
    return games.get(game).option_defaults()


_TOP_KEYS = {"name", "game", "base", "title_zh", "title_en", "label_zh", "label_en", "source", "options"}


_shipped: tuple[str, ...] = ()


def shipped_profiles() -> list[str]:
    """Names of the profiles shipped in the package (the folder is listed once: package data does not change while
    the program runs, and every log read asks whether its profile is one of them)."""
    global _shipped
    if not _shipped:
        _shipped = tuple(sorted(shipped_files()))
    return list(_shipped)


def is_profile_path(text: str) -> bool:
    """Whether ``--profile TEXT`` names a file: it contains a ``/`` (or ``\\``) or ends in ``.toml``
    (``./club``, ``clubs/qingdao.toml``, ``club.toml``). Anything else is a profile's name, looked up among
    the shipped profiles and the folder of club profiles only, never in the current folder: a file or
    folder named ``gouji`` where fupan runs does not shadow the shipped ``gouji``."""
    return "/" in text or "\\" in text or text.endswith(".toml")


def _read_toml(name_or_path: str) -> tuple[dict[str, Any], str]:
    if is_profile_path(name_or_path):
        where = name_or_path
        text = read_profile_file(name_or_path)
    else:
        if not _is_shipped_name(name_or_path):
            raise _unknown(name_or_path, command_line=True)
        res = shipped_files()[name_or_path]
        where = f"profiles/{name_or_path}.toml"
        text = res.read_text(encoding="utf-8")
        parsed = parsed_shipped(name_or_path, text)  # the TOML as parsed when shipped, while the file is unchanged
        if parsed is not None:
            return parsed, where
    import tomllib  # only for a file not parsed already: its import costs a command's start

    try:
        return tomllib.loads(text), where
    except tomllib.TOMLDecodeError as exc:
        raise ProfileError(said(f"{where}：{toml_problem_zh(str(exc))}", f"{where}: {exc}")) from None


_cache: dict[str, Profile] = {}


def load_profile(name_or_path: str, _seen: tuple[str, ...] = ()) -> Profile:
    """A shipped profile by name, or a club's profile file by path, validated."""
    shipped = _is_shipped_name(name_or_path)
    if shipped and name_or_path in _cache:
        return _cache[name_or_path]
    if name_or_path in _seen:
        raise ProfileError(said(f"规则配置 {name_or_path!r} 以自己为基础", f"profile {name_or_path!r} is its own base"))
    data, where = _read_toml(name_or_path)
    extra = set(data) - _TOP_KEYS
    if extra:
        key, known = sorted(extra)[0], ", ".join(sorted(_TOP_KEYS))
        raise ProfileError(
            said(f"{where}：没有键 {key!r}（已有：{known}）", f"{where}: unknown key {key!r} (known: {known})")
        )
    options = data.get("options", {})
    if not isinstance(options, dict):
        raise ProfileError(said(f"{where}：[options] 必须是一个表", f"{where}: [options] must be a table"))
    if "base" in data:
        base_name = str(data["base"])
        if not shipped and not _is_shipped_name(base_name) and not Path(base_name).is_absolute():
            base_name = os.path.join(os.path.dirname(name_or_path) or ".", base_name)  # a club's base, beside its file
        try:
            base = load_profile(base_name, (*_seen, name_or_path))
        except ProfileError as exc:
            base_text = f"{where}: base = {data['base']!r}"
            raise ProfileError(said(f"{base_text}：{zh_of(said_of(exc))}", f"{base_text}: {exc}")) from None
        game = data.get("game", base.game)
        if game != base.game:
            raise ProfileError(
                said(
                    f"{where}：game {game!r} 与它的基础配置的 {base.game!r} 不同",
                    f"{where}: game {game!r} differs from its base's game {base.game!r}",
                )
            )
        merged = dict(base.options)
    else:
        game = data.get("game")
        if game not in games.names():
            known = ", ".join(games.names())
            raise ProfileError(
                said(
                    f"{where}：game = {game!r}；应为 {known} 之一", f"{where}: game = {game!r}; expected one of {known}"
                )
            )
        merged = default_options(game)
        missing = sorted(set(merged) - set(options))
        if missing and name_or_path in shipped_profiles():
            raise ProfileError(
                said(
                    f"{where}：自带的规则配置缺少选项 {missing[0]!r}",
                    f"{where}: shipped profile misses option {missing[0]!r}",
                )
            )
    merged.update(validate_options(options_for(game), game, options, where))
    name = data.get("name", Path(name_or_path).stem)
    if not isinstance(name, str):
        raise ProfileError(said(f"{where}：name 必须是文字", f"{where}: name must be a string"))
    prof = Profile(
        name,
        game,
        MappingProxyType(merged),
        str(data.get("title_zh", "")),
        str(data.get("title_en", "")),
        str(data.get("source", "")),
        label_zh=str(data.get("label_zh", "")),
        label_en=str(data.get("label_en", "")),
        loaded_as=name_or_path,
        declared=MappingProxyType(options_for(game)),
    )
    if shipped:
        _cache[name_or_path] = prof
    return prof


CLUB_PROFILES_ENV = "FUPAN_PROFILES"
"""The environment variable naming the server's folder of club profiles (``NAME.toml`` files)."""

MAX_PROFILE_BYTES = 1_000_000  # a profile is a page of TOML; a file larger is not one

_PROFILE_NAME = re.compile(r"[\w-]{1,64}")  # letters (any script), digits, _ and -: no dot, no slash


def club_profiles_dir() -> Path | None:
    """The folder of club profiles the server is configured with (``FUPAN_PROFILES``), or None."""
    folder = os.environ.get(CLUB_PROFILES_ENV, "").strip()
    return Path(folder).expanduser() if folder else None


def club_profiles() -> list[str]:
    """Names of the club profiles in the configured folder (empty when none is configured or readable)."""
    folder = club_profiles_dir()
    if folder is None:
        return []
    try:
        names = [p.stem for p in folder.iterdir() if p.suffix == ".toml" and p.is_file()]
    except OSError:
        return []
    return sorted(n for n in names if _PROFILE_NAME.fullmatch(n))


def log_profile(name: str) -> Profile:
    """The profile a log names: a shipped profile, or a club's profile in the folder of club profiles
    (``FUPAN_PROFILES``). A log cannot name a file: a path (or anything but a name) is refused before
    any file is looked at, so the message says nothing about the machine's files."""
    if not _PROFILE_NAME.fullmatch(name):
        shipped = ", ".join(shipped_profiles())
        raise ProfileError(
            said(
                f"规则配置 {shown(name, zh=True)}：记录只能写规则配置的名字（自带的：{shipped}；或 {CLUB_PROFILES_ENV} "
                "所指文件夹中的俱乐部配置），不能给出文件；俱乐部的配置文件在命令行中使用（--profile 路径）",
                f"profile {shown(name)}: a log names its profile (a shipped profile: {shipped}; "
                f"or a club profile of the folder {CLUB_PROFILES_ENV} names) and cannot give a file; "
                "a club's profile file is used from the command line (--profile PATH)",
            )
        )
    if _is_shipped_name(name):
        return load_profile(name)
    folder = club_profiles_dir()
    if folder is not None and name in club_profiles():
        return load_profile(str(folder / f"{name}.toml"))
    raise _unknown(name)


def profile_words(name: str, zh: bool = False) -> str:
    """A profile as the pages and the ruling sheet name it: its short name beside its id (``够级（记录） gouji-logged``,
    ``Gouji, as logged (gouji-logged)``: ``label_zh``, ``label_en`` in its file); a profile without a short name, or
    one that is neither shipped nor a club's, by its id alone."""
    try:
        profile = log_profile(name)
    except ProfileError:
        return name
    label = profile.label_zh if zh else profile.label_en
    if not label:
        return name
    return f"{label} {name}" if zh else f"{label} ({name})"


def _unknown(name: str, command_line: bool = False) -> ProfileError:
    """The error for a profile name that is neither shipped nor a club profile of ``FUPAN_PROFILES``; on the command
    line it says how a file is given (the current folder is never searched for a name)."""
    club = club_profiles()
    where = f"; club profiles: {', '.join(club)}" if club else f"; no club profile in {CLUB_PROFILES_ENV}"
    where_zh = f"；俱乐部的：{', '.join(club)}" if club else f"；{CLUB_PROFILES_ENV} 中没有俱乐部的配置"
    if command_line:
        where += "; a file is given as a path: ./NAME or NAME.toml"
        where_zh += "；配置文件要写成路径：./名字 或 名字.toml"
    shipped = ", ".join(shipped_profiles())
    return ProfileError(
        said(
            f"没有规则配置 {shown(name, zh=True)}（自带的：{shipped}{where_zh}）",
            f"unknown profile {shown(name)} (shipped: {shipped}{where})",
        )
    )


def profile_of(log: Log) -> Profile:
    """The rule profile a log names (``log_profile``: never a file the log points at), with the log's
    overrides applied; ProfileError if it is unusable."""
    prof = log_profile(log.profile_name)
    if prof.game != log.game:
        raise ProfileError(
            said(
                f"规则配置 {shown(log.profile_name, zh=True)} 是 {prof.game} 的，这份记录是 {log.game}",
                f"profile {shown(log.profile_name)} is for {prof.game}, the log is {log.game}",
            )
        )
    return prof.with_overrides(log.overrides, "log overrides")


def find_profile(name_or_path: str) -> Profile:
    """A profile as a person names it on the command line (``--profile``): a path when it looks like one
    (``is_profile_path``: a ``/`` in it, or a ``.toml`` ending), read as a club's file; else a name, a
    shipped profile or a club profile of the folder ``FUPAN_PROFILES`` names (``log_profile``), never a file
    of the current folder."""
    if is_profile_path(name_or_path):
        return load_profile(name_or_path)
    if _is_shipped_name(name_or_path) or name_or_path in club_profiles():
        return log_profile(name_or_path)
    raise _unknown(name_or_path, command_line=True)


def read_profile_file(path: str) -> str:
    """The text of a club's profile file named by path (``--profile club.toml``): a regular file, never a FIFO or a
    device (refused before it is opened), in UTF-8; else a ProfileError naming the path."""
    named = shown(path, zh=True)  # quoted in the Chinese: a path's words are data
    try:
        with open_regular(path) as fh:
            raw = fh.read(MAX_PROFILE_BYTES + 1)
    except NotRegular as exc:
        raise ProfileError(said(f"{named}：{exc.reason.zh}", f"{path}: {exc.reason}")) from None
    except FileNotFoundError:
        raise ProfileError(said(f"{named}：没有这个规则配置文件", f"{path}: no such profile file")) from None
    except OSError as exc:
        raise ProfileError(
            said(
                f"{named}：读不了规则配置文件：{os_reason_zh(exc)}",
                f"{path}: cannot read the profile file: {exc.strerror or exc}",
            )
        ) from None
    if len(raw) > MAX_PROFILE_BYTES:
        raise ProfileError(
            said(
                f"{named}：规则配置文件超过 {MAX_PROFILE_BYTES:,} 字节",
                f"{path}: a profile file of more than {MAX_PROFILE_BYTES:,} bytes",
            )
        )
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise ProfileError(
            said(f"{named}：规则配置文件不是 UTF-8 文本", f"{path}: the profile file is not UTF-8 text")
        ) from None


def _is_shipped_name(name: str) -> bool:
    """True for the bare name of a profile shipped in the package (not a path)."""
    if not _shipped:
        shipped_profiles()
    return "/" not in name and "\\" not in name and not name.endswith(".toml") and name in _shipped
