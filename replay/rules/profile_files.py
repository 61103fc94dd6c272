"""The shipped profiles' files (``replay/games/<game>/profiles/*.toml``, package data in each game's folder) and their
parsed form kept here (``replay/rules/parsed_profiles.json``), so that reading a log's profile needs no TOML parser at the start of a command (issue 17:
importing ``tomllib`` compiles its regular expressions, some 5 ms of every ``fupan check``).

The parsed form of a file is used only while the file's text is the very text it was parsed from (that text is kept
in it and compared, whole); a profile edited since is parsed from its TOML as any club's file is, and
tests/replay/rules/test_profile_files.py fails until ``write_parsed()`` renews the parsed form:

    python -c "import replay.rules.profile_files as p; p.write_parsed()"

The parsed form is JSON data, never code; it holds only the shipped files (a club's file is always parsed)."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

#: the games' folders, each holding its shipped profiles in ``profiles/`` (package data; importlib.resources would cost
#: every command's start several milliseconds of imports, for folders that are always there)
GAMES = Path(__file__).resolve().parent.parent / "games"
PARSED = Path(__file__).resolve().parent / "parsed_profiles.json"

_files: dict[str, Path] = {}


def shipped_files() -> dict[str, Path]:
    """The shipped profiles' files by name (``gouji`` -> ``replay/games/gouji/profiles/gouji.toml``), listed once:
    package data does not change while the program runs."""
    if not _files:
        found = sorted(GAMES.glob("*/profiles/*.toml"), key=lambda p: p.name)
        _files.update((p.name[:-5], p) for p in found)
    return dict(_files)


_parsed: dict[str, Any] | None = None


def parsed_shipped(name: str, text: str) -> dict[str, Any] | None:
    """The TOML data of shipped profile ``name`` whose file's text is ``text``, from the parsed form (None when the
    parsed form has no entry for it, was made from another text, or cannot be read: parse the TOML then)."""
    global _parsed
    if _parsed is None:
        try:
            loaded = json.loads(PARSED.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            loaded = {}
        _parsed = loaded if isinstance(loaded, dict) else {}
    entry = _parsed.get(name)
    if not isinstance(entry, dict) or entry.get("toml") != text or not isinstance(entry.get("data"), dict):
        return None
    data: dict[str, Any] = entry["data"]
    return data


def parsed_form() -> dict[str, Any]:
    """The parsed form of the shipped profiles as their files are now: name -> its text and its TOML data."""
    import tomllib

    out: dict[str, Any] = {}
    for path in shipped_files().values():
        text = path.read_text(encoding="utf-8")
        data = tomllib.loads(text)
        if json.loads(json.dumps(data)) != data:  # a TOML date or an infinite float: not kept, parsed each time
            continue
        out[path.stem] = {"toml": text, "data": data}
    return out


def write_parsed() -> None:
    """Write the shipped profiles' parsed form (through a temporary file: a reader sees the old one or the new)."""
    global _parsed
    tmp = PARSED.with_suffix(".tmp")
    tmp.write_text(json.dumps(parsed_form(), ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    os.replace(tmp, PARSED)
    _parsed = None
