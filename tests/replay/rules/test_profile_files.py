"""Tests of replay/rules/profile_files.py: the shipped profiles' parsed form (profiles/parsed.json) is current, is used only
for the very text it was parsed from, and an edited or unlisted profile is parsed from its TOML (with the same
errors as ever)."""

from __future__ import annotations

import json
import shutil
import tomllib
from pathlib import Path

import pytest

import replay.rules.profile_files as files
import replay.rules.profile_loader as profile


def test_the_parsed_form_is_that_of_the_shipped_files_now() -> None:
    """Fails when a shipped profile changed and the parsed form was not renewed (then run
    ``python -c "import replay.rules.profile_files as p; p.write_parsed()"``)."""
    kept = json.loads(files.PARSED.read_text(encoding="utf-8"))
    assert kept == files.parsed_form()
    assert sorted(kept) == profile.shipped_profiles()
    for name, entry in kept.items():
        assert entry["data"] == tomllib.loads(files.shipped_files()[name].read_text(encoding="utf-8"))


def test_the_parsed_form_serves_only_the_text_it_was_made_from() -> None:
    text = files.shipped_files()["gouji"].read_text(encoding="utf-8")
    assert files.parsed_shipped("gouji", text) == tomllib.loads(text)
    assert files.parsed_shipped("gouji", text.replace("revolution = true", "revolution = false")) is None
    assert files.parsed_shipped("gouji", text + " ") is None
    assert files.parsed_shipped("no-such-profile", text) is None


@pytest.fixture
def shipped_copy(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The shipped profiles and their parsed form copied to a folder the profile module reads instead (a game's
    folder each, as in the package)."""
    games = tmp_path / "games"
    for name, path in files.shipped_files().items():
        (games / path.parent.parent.name / "profiles").mkdir(parents=True, exist_ok=True)
        shutil.copy(path, games / path.parent.parent.name / "profiles" / f"{name}.toml")
    folder = tmp_path / "profiles"
    folder.mkdir()
    for path in games.glob("*/profiles/*.toml"):
        (folder / path.name).symlink_to(path)
    monkeypatch.setattr(files, "GAMES", games)
    monkeypatch.setattr(files, "_files", {})
    monkeypatch.setattr(files, "PARSED", tmp_path / "parsed_profiles.json")
    shutil.copy(files.__file__.replace("profile_files.py", "parsed_profiles.json"), tmp_path / "parsed_profiles.json")
    monkeypatch.setattr(files, "_parsed", None)
    monkeypatch.setattr(profile, "_cache", {})
    return folder


def test_a_shipped_profile_edited_since_is_read_from_its_toml(shipped_copy: Path) -> None:
    path = shipped_copy / "gouji.toml"
    path.write_text(path.read_text(encoding="utf-8").replace("revolution = true", "revolution = false"), "utf-8")
    assert profile.load_profile("gouji").options["revolution"] is False
    assert profile.load_profile("gouji-online").options["revolution"] is True  # its own file, unchanged


def test_a_shipped_profile_broken_since_gives_the_tomls_error(shipped_copy: Path) -> None:
    path = shipped_copy / "gouji.toml"
    path.write_text(path.read_text(encoding="utf-8") + "\nrevolution = \n", "utf-8")
    with pytest.raises(profile.ProfileError, match=r"^profiles/gouji.toml: "):
        profile.load_profile("gouji")


def test_a_parsed_form_that_cannot_be_read_is_no_parsed_form(shipped_copy: Path) -> None:
    files.PARSED.write_text("{not json", encoding="utf-8")
    assert files.parsed_shipped("gouji", (shipped_copy / "gouji.toml").read_text(encoding="utf-8")) is None
    assert profile.load_profile("gouji").options["revolution"] is True  # parsed from its TOML
