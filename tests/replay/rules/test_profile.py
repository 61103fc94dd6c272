"""Tests of replay/rules/profile.py: the shipped profiles, gouji against gouji-online (RULES.md §3), club
profiles by path with ``base``, every ProfileError (naming the file and the key) and with_overrides."""

from __future__ import annotations

import tomllib
from pathlib import Path
from types import MappingProxyType

import pytest
from ui_words import latin_words

from replay.rules.profile import Profile, ProfileError
from replay.rules.profile_files import shipped_files
from replay.rules.profile_loader import (
    GAMES,
    all_options,
    default_options,
    default_profile,
    load_profile,
    option_defaults,
    options_for,
    profile_words,
    shipped_profiles,
)

SHIPPED = ["baohuang", "baohuang-no345", "gouji", "gouji-logged", "gouji-online", "shengji-35"]

# RULES.md §3: where seeds 000 and 004 differ, gouji takes 000's choice and gouji-online 004's.
RULES_DIFF = {
    "first_lead": ("liang3", "rotate"),
    "passed_answer": ("in_turn", "at_kou"),
    "burn_fail": ("flag", "dalao"),
    "deadlevel": ("any_dipai", "gouji_dipai"),
    "chaos_pass": ("free", "lock"),
    "score_mode": ("positive_only", "net"),
    "tribute": (False, True),
}


def _raw(name: str) -> dict:
    return tomllib.loads(shipped_files()[name].read_text(encoding="utf-8"))


def _write(tmp_path: Path, name: str, text: str) -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


# ---------------------------------------------------------------------------------------------
# Shipped profiles


def test_shipped_profiles() -> None:
    assert shipped_profiles() == SHIPPED


@pytest.mark.parametrize("name", SHIPPED)
def test_shipped_profile_sets_every_option_of_its_game(name: str) -> None:
    p = load_profile(name)
    assert isinstance(p, Profile)
    assert p.name == name
    assert p.game in GAMES
    assert p.title_zh and p.title_en and p.source
    assert p.label_zh and p.label_en and not latin_words(p.label_zh)  # its short name beside its id on the pages
    assert set(p.options) == set(options_for(p.game))
    for key, opt in options_for(p.game).items():
        assert opt.check(p.options[key]) is None, (name, key, p.options[key])
        assert getattr(p, key) == p.options[key]
        assert p.option_rule(key) == opt.rule


@pytest.mark.parametrize("name", SHIPPED)
def test_shipped_file_lists_every_option_unless_it_has_a_base(name: str) -> None:
    raw = _raw(name)
    if "base" in raw:
        assert raw["base"] in SHIPPED
        return
    assert set(raw["options"]) == set(options_for(raw["game"]))


def test_options_for_game() -> None:
    gouji = options_for("gouji")
    assert {"twos_attach", "first_lead", "undeclared_burn", "score_mode", "tribute", "revolution"} <= set(gouji)
    assert "removed_ranks" not in gouji and "force_from" not in gouji
    baohuang = options_for("baohuang")
    assert set(baohuang) == {"twos_attach", "removed_ranks", "force_from", "bigjoker_answer"}
    shengji = options_for("shengji")
    assert set(shengji) == {"kitty", "levels", "declare_compare", "throws", "kitty_multiplier"}
    assert set(all_options()) == set(gouji) | set(baohuang) | set(shengji)
    assert all_options()["twos_attach"] is gouji["twos_attach"]  # an option two games share: the first game's


def test_each_game_declares_its_options_with_their_defaults() -> None:
    """The options are the game's own (``replay/games/<game>/options.py``): its profiles' reader asks it."""
    from replay import games

    for name in GAMES:
        game = games.get(name)
        assert list(options_for(name)) == [o.name for o in game.options]
        assert default_options(name) == {o.name: o.default for o in game.options}
        for o in game.options:
            assert o.check(o.default) is None, (name, o.name)
    assert option_defaults("twos_attach") == {"gouji": True, "baohuang": False}
    assert load_profile("gouji").option_rule("burn_fail") == "GJ-BURN"
    assert default_options("baohuang")["twos_attach"] is False
    assert default_options("gouji")["twos_attach"] is True


def test_gouji_is_the_default_profile() -> None:
    assert dict(load_profile("gouji").options) == default_options("gouji")


def test_each_game_has_a_shipped_default_profile() -> None:
    assert [default_profile(g) for g in GAMES] == ["gouji", "baohuang", "shengji-35"]
    for game in GAMES:
        prof = load_profile(default_profile(game))
        assert prof.game == game and default_profile(game) in SHIPPED
    assert dict(load_profile("shengji-35").options) == default_options("shengji")


def test_gouji_versus_gouji_online_as_rules_md_says() -> None:
    classic, online = load_profile("gouji"), load_profile("gouji-online")
    for key, (v000, v004) in RULES_DIFF.items():
        assert classic.options[key] == v000, key
        assert online.options[key] == v004, key
    # options both seeds agree on
    for key in ("twos_attach", "undeclared_burn", "burn_seats", "burn_needs_head", "revolution"):
        assert classic.options[key] == online.options[key], key
    assert classic.burn_seats == "any" and classic.burn_needs_head is False and classic.revolution is True


def test_gouji_and_gouji_online_differ_only_where_rules_md_says() -> None:
    classic, online = load_profile("gouji"), load_profile("gouji-online")
    differ = {k for k in classic.options if classic.options[k] != online.options[k]}
    assert differ == set(RULES_DIFF)


def test_gouji_logged_is_gouji_as_a_score_sheet_records_it() -> None:
    """The first lead as logged, and a play over another seat's 够级 set read as the burn it was."""
    logged, classic = load_profile("gouji-logged"), load_profile("gouji")
    assert logged.first_lead == "logged" and logged.undeclared_burn == "burn"
    assert classic.undeclared_burn == "illegal"
    differ = {k for k in classic.options if classic.options[k] != logged.options[k]}
    assert differ == {"first_lead", "undeclared_burn"}


@pytest.mark.parametrize("key", ["burn_priority", "joker_compare"])
def test_a_removed_option_is_refused_with_its_reason(tmp_path: Path, key: str) -> None:
    path = _write(tmp_path, "club.toml", f'name = "club"\nbase = "gouji"\n[options]\n{key} = "seed"\n')
    with pytest.raises(ProfileError) as err:
        load_profile(str(path))
    assert f"option {key!r} was removed" in str(err.value) and str(path) in str(err.value)
    assert "log" in str(err.value) or "seeds" in str(err.value)


def test_profile_is_read_only() -> None:
    p = load_profile("gouji")
    assert isinstance(p.options, MappingProxyType)
    with pytest.raises(TypeError):
        p.options["score_mode"] = "net"  # type: ignore[index]  # the write that must fail
    with pytest.raises(AttributeError):
        p.name = "x"  # type: ignore[misc]  # the write that must fail
    with pytest.raises(AttributeError):
        _ = p.no_such_option
    assert repr(p) == "load_profile('gouji')"


def test_a_profiles_repr_is_the_call_that_gives_it_overrides_included(tmp_path: Path) -> None:
    changed = load_profile("gouji").with_overrides({"score_mode": "net"}).with_overrides({"revolution": False})
    assert repr(changed) == "load_profile('gouji').with_overrides({'score_mode': 'net', 'revolution': False})"
    assert eval(repr(changed), {"load_profile": load_profile}) == changed
    assert repr(load_profile("gouji").with_overrides({})) == "load_profile('gouji')"
    club = tmp_path / "club.toml"
    club.write_text('base = "gouji"\n[options]\nscore_mode = "net"\n', encoding="utf-8")
    assert repr(load_profile(str(club))) == f"load_profile({str(club)!r})"
    assert eval(repr(load_profile(str(club))), {"load_profile": load_profile}) == load_profile(str(club))


# ---------------------------------------------------------------------------------------------
# Club profiles by path


def test_club_profile_with_base(tmp_path: Path) -> None:
    path = _write(
        tmp_path,
        "qingdao.toml",
        'base = "gouji"\nname = "qingdao"\ntitle_zh = "青岛俱乐部"\n\n[options]\nscore_mode = "net"\n'
        'burn_fail = "dalao"\nburn_seats = "between"\n',
    )
    p = load_profile(str(path))
    assert p.name == "qingdao"
    assert p.game == "gouji"
    assert p.title_zh == "青岛俱乐部"
    assert p.score_mode == "net"
    assert p.burn_fail == "dalao"
    assert p.burn_seats == "between"
    base = load_profile("gouji")
    changed = {"score_mode", "burn_fail", "burn_seats"}
    assert {k: v for k, v in p.options.items() if k not in changed} == {
        k: v for k, v in base.options.items() if k not in changed
    }
    assert set(p.options) == set(options_for("gouji"))
    # the base itself is untouched
    assert base.score_mode == "positive_only"


def test_club_profile_name_defaults_to_the_file_stem(tmp_path: Path) -> None:
    path = _write(tmp_path, "weihai-club.toml", 'base = "gouji-online"\n[options]\ntribute = false\n')
    p = load_profile(str(path))
    assert p.name == "weihai-club"
    assert p.tribute is False
    assert p.first_lead == "rotate"  # from its base


def test_club_profile_on_a_club_base(tmp_path: Path) -> None:
    first = _write(tmp_path, "first.toml", 'base = "gouji"\n[options]\nscore_mode = "net"\n')
    second = _write(tmp_path, "second.toml", f'base = "{first}"\n[options]\nchaos_pass = "lock"\n')
    p = load_profile(str(second))
    assert p.score_mode == "net" and p.chaos_pass == "lock" and p.first_lead == "liang3"


def test_club_profile_without_base_takes_the_defaults(tmp_path: Path) -> None:
    path = _write(tmp_path, "plain.toml", 'game = "gouji"\n[options]\nrevolution = false\n')
    p = load_profile(str(path))
    assert p.revolution is False
    assert {k: v for k, v in p.options.items() if k != "revolution"} == {
        k: v for k, v in default_options("gouji").items() if k != "revolution"
    }


def test_baohuang_club_profile(tmp_path: Path) -> None:
    path = _write(tmp_path, "bh.toml", 'game = "baohuang"\n[options]\nremoved_ranks = [3, 4, 5]\n')
    p = load_profile(str(path))
    assert p.game == "baohuang"
    assert p.removed_ranks == [3, 4, 5]
    assert p.twos_attach is False
    assert set(p.options) == set(options_for("baohuang"))


# ---------------------------------------------------------------------------------------------
# Errors: each names the file and the key


def _error(path: Path | str) -> str:
    with pytest.raises(ProfileError) as info:
        load_profile(str(path))
    assert isinstance(info.value, ValueError)
    return str(info.value)


def test_unknown_top_level_key(tmp_path: Path) -> None:
    path = _write(tmp_path, "top.toml", 'base = "gouji"\ncolour = "red"\n')
    msg = _error(path)
    assert str(path) in msg
    assert "'colour'" in msg
    assert "unknown key" in msg
    for known in ("base", "game", "name", "options", "source", "title_en", "title_zh", "label_en", "label_zh"):
        assert known in msg


def test_a_label_beside_the_id_is_the_files_own_and_a_misspelt_one_is_refused(tmp_path: Path) -> None:
    """Issue 35, item 6: the pages name a profile by its short name beside its id (``profile_words``), read from its
    file (``label_zh``, ``label_en``); a file without one is named by its id; a key spelt otherwise is refused."""
    assert profile_words("gouji-logged", zh=True) == "够级（记录） gouji-logged"
    assert profile_words("gouji-logged") == "Gouji, as logged (gouji-logged)"
    assert profile_words("no-such-profile", zh=True) == "no-such-profile"
    path = _write(tmp_path, "club.toml", 'base = "gouji"\nlabel_zh = "青岛俱乐部"\nlabel_en = "Qingdao club"\n')
    p = load_profile(str(path))
    assert (p.label_zh, p.label_en) == ("青岛俱乐部", "Qingdao club")
    assert "unknown key 'label'" in _error(_write(tmp_path, "bad.toml", 'base = "gouji"\nlabel = "青岛"\n'))


def test_unknown_option(tmp_path: Path) -> None:
    path = _write(tmp_path, "opt.toml", 'base = "gouji"\n[options]\nscore_mod = "net"\n')
    msg = _error(path)
    assert str(path) in msg
    assert "unknown option 'score_mod'" in msg
    assert "score_mode" in msg  # the known options are listed


def test_option_of_another_game(tmp_path: Path) -> None:
    path = _write(tmp_path, "other.toml", 'base = "gouji"\n[options]\nremoved_ranks = [3]\n')
    msg = _error(path)
    assert str(path) in msg and "'removed_ranks'" in msg and "gouji" in msg


@pytest.mark.parametrize(
    ("line", "key", "expected"),
    [
        ('score_mode = "gross"', "score_mode", ["'positive_only'", "'net'"]),
        ('first_lead = "liang4"', "first_lead", ["'liang3'", "'rotate'", "'logged'"]),
        ('burn_fail = "Dalao"', "burn_fail", ["'dalao'", "'flag'"]),
        ("tribute = 1", "tribute", ["true or false"]),
        ('revolution = "yes"', "revolution", ["true or false"]),
        ("chaos_pass = true", "chaos_pass", ["'free'", "'lock'"]),
    ],
)
def test_bad_value_lists_allowed_values(tmp_path: Path, line: str, key: str, expected: list[str]) -> None:
    path = _write(tmp_path, "val.toml", f'base = "gouji"\n[options]\n{line}\n')
    msg = _error(path)
    assert str(path) in msg
    assert f"option {key} = " in msg
    assert "not allowed" in msg
    for word in expected:
        assert word in msg


def test_bad_toml_syntax(tmp_path: Path) -> None:
    path = _write(tmp_path, "syntax.toml", 'base = "gouji"\n[options\nscore_mode = "net"\n')
    msg = _error(path)
    assert str(path) in msg
    assert "line 2" in msg


def test_options_not_a_table(tmp_path: Path) -> None:
    path = _write(tmp_path, "opts.toml", 'base = "gouji"\noptions = 3\n')
    msg = _error(path)
    assert str(path) in msg and "[options]" in msg


def test_bad_game(tmp_path: Path) -> None:
    path = _write(tmp_path, "chess.toml", 'game = "chess"\n')
    msg = _error(path)
    assert str(path) in msg and "'chess'" in msg and "gouji" in msg and "baohuang" in msg
    path = _write(tmp_path, "nogame.toml", 'name = "x"\n')
    msg = _error(path)
    assert str(path) in msg and "game" in msg


def test_bad_name(tmp_path: Path) -> None:
    path = _write(tmp_path, "name.toml", 'base = "gouji"\nname = 5\n')
    msg = _error(path)
    assert str(path) in msg and "name" in msg


def test_unknown_profile_name() -> None:
    msg = _error("gouji-classic")
    assert "'gouji-classic'" in msg
    for name in SHIPPED:
        assert name in msg
    assert ".toml" in msg


def test_missing_profile_file(tmp_path: Path) -> None:
    path = tmp_path / "absent.toml"
    msg = _error(path)
    assert str(path) in msg and "no such profile file" in msg


def test_base_that_is_its_own_base(tmp_path: Path) -> None:
    path = tmp_path / "loop.toml"
    path.write_text(f'base = "{path}"\n', encoding="utf-8")
    msg = _error(path)
    assert str(path) in msg
    assert "its own base" in msg


def test_bases_in_a_cycle(tmp_path: Path) -> None:
    a, b = tmp_path / "a.toml", tmp_path / "b.toml"
    a.write_text(f'base = "{b}"\n', encoding="utf-8")
    b.write_text(f'base = "{a}"\n', encoding="utf-8")
    msg = _error(a)
    assert "its own base" in msg
    assert str(a) in msg


def test_game_differs_from_base(tmp_path: Path) -> None:
    path = _write(tmp_path, "mismatch.toml", 'base = "gouji"\ngame = "baohuang"\n')
    msg = _error(path)
    assert str(path) in msg
    assert "'baohuang'" in msg and "'gouji'" in msg


def test_unknown_base_names_the_file(tmp_path: Path) -> None:
    path = _write(tmp_path, "badbase.toml", 'base = "nosuch"\n')
    msg = _error(path)
    assert "'nosuch'" in msg
    assert str(path) in msg


def test_a_failed_load_is_not_cached(tmp_path: Path) -> None:
    path = _write(tmp_path, "later.toml", 'base = "gouji"\n[options]\nscore_mode = "gross"\n')
    _error(path)
    path.write_text('base = "gouji"\n[options]\nscore_mode = "net"\n', encoding="utf-8")
    assert load_profile(str(path)).score_mode == "net"


# ---------------------------------------------------------------------------------------------
# with_overrides


def test_with_overrides() -> None:
    base = load_profile("gouji")
    p = base.with_overrides({"score_mode": "net", "tribute": True})
    assert p.score_mode == "net" and p.tribute is True
    assert p.name == base.name and p.game == base.game and p.title_en == base.title_en
    assert base.score_mode == "positive_only" and base.tribute is False
    assert set(p.options) == set(base.options)
    assert base.with_overrides({}) is base


def test_with_overrides_validation() -> None:
    base = load_profile("gouji")
    with pytest.raises(ProfileError) as info:
        base.with_overrides({"score_mod": "net"}, "deal3.json overrides")
    assert "deal3.json overrides" in str(info.value)
    assert "'score_mod'" in str(info.value)
    with pytest.raises(ProfileError) as info:
        base.with_overrides({"score_mode": "gross"})
    msg = str(info.value)
    assert msg.startswith("overrides:")
    assert "score_mode" in msg and "'positive_only'" in msg and "'net'" in msg
    with pytest.raises(ProfileError, match="true or false"):
        base.with_overrides({"tribute": "yes"})
    with pytest.raises(ProfileError, match="removed_ranks"):
        base.with_overrides({"removed_ranks": [3]})


def test_bigjoker_answer_is_declared_with_a_documented_default_and_unknown_keys_are_still_refused() -> None:
    from replay.rules.profile_loader import load_profile

    prof = load_profile("baohuang")
    assert prof.options["bigjoker_answer"] == "rank"  # RULES.md: 步步高; "top": seed 003's 掛大花的牌是最大的
    assert prof.with_overrides({"bigjoker_answer": "top"}).options["bigjoker_answer"] == "top"
    with pytest.raises(Exception, match="bigjoker_answer"):
        prof.with_overrides({"bigjoker_answer": "highest"})
    with pytest.raises(Exception, match="bigjoker_answers"):
        prof.with_overrides({"bigjoker_answers": "top"})
