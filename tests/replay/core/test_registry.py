"""The one registry type (replay/core/registry.py) every layer keeps an instance of: entries by their game's
name, the built-in ones imported from their package when first asked for (and not before), a default or a
ValueError naming the known games, one entry per name."""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import NamedTuple

import pytest
from paths import ROOT

from replay.core.registry import Registry


class Entry(NamedTuple):
    name: str
    size: int


@pytest.fixture
def package(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    """A package ``toyreg_pkg`` with two built-in entries, ``alpha`` and ``beta``, each declaring ``ENTRY``."""
    root = tmp_path / "toyreg_pkg"
    root.mkdir()
    (root / "__init__.py").write_text("", encoding="utf-8")
    for k, name in enumerate(("alpha", "beta"), start=1):
        (root / f"{name}.py").write_text(
            f"from test_registry import Entry\nENTRY = Entry({name!r}, {k})\n", encoding="utf-8"
        )
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.syspath_prepend(str(ROOT))
    yield "toyreg_pkg"
    for name in [m for m in sys.modules if m.startswith("toyreg_pkg")]:
        del sys.modules[name]


def registry(package: str, default: bool = False) -> Registry[Entry]:
    return Registry(
        "game",
        lambda e: e.name,
        package + ".{}",
        ("alpha", "beta"),
        "ENTRY",
        (lambda n: Entry(n, 0)) if default else None,
    )


def test_a_built_in_entry_is_imported_when_first_asked_for(package: str) -> None:
    reg = registry(package)
    assert reg.names() == ("alpha", "beta") and len(reg) == 2 and "beta" in reg
    assert f"{package}.alpha" not in sys.modules  # names() imports no entry
    assert reg.get("alpha") == Entry("alpha", 1)
    assert f"{package}.alpha" in sys.modules and f"{package}.beta" not in sys.modules
    assert list(reg) == [Entry("alpha", 1), Entry("beta", 2)]  # iterating loads them all, in order


def test_an_unknown_name_is_an_error_naming_the_known_ones_or_the_default(package: str) -> None:
    with pytest.raises(ValueError, match=r"unknown game 'gamma' \(expected one of alpha, beta\)"):
        registry(package).get("gamma")
    reg = registry(package, default=True)
    assert reg.get("gamma") == Entry("gamma", 0) and reg.find("gamma") is None
    assert "gamma" not in reg.names()  # a default is not registered


def test_one_entry_per_name(package: str) -> None:
    reg = registry(package)
    with pytest.raises(ValueError, match="game 'alpha' is registered already"):
        reg.register(Entry("alpha", 9))  # the built-in declaration is loaded to compare
    assert reg.register(Entry("alpha", 1)) == Entry("alpha", 1)  # the same entry again: no change
    toy = reg.register(Entry("toy", 3))
    assert reg.get("toy") is toy and reg.names() == ("alpha", "beta", "toy")
    reg.unregister("toy")
    assert reg.names() == ("alpha", "beta") and reg.find("toy") is None
    reg.unregister("alpha")  # a built-in entry comes back from its package
    assert reg.get("alpha") == Entry("alpha", 1) and reg.names() == ("alpha", "beta")


def test_an_entry_replaced_for_a_while_comes_back(package: str) -> None:
    reg = registry(package)
    with reg.replaced(Entry("beta", 7)) as stand_in:
        assert reg.get("beta") is stand_in and reg.names() == ("alpha", "beta")
    assert reg.get("beta") == Entry("beta", 2)  # the declared entry again, not the stand-in
    with reg.replaced(Entry("toy", 3)):
        assert reg.names() == ("alpha", "beta", "toy")
    assert reg.find("toy") is None and reg.names() == ("alpha", "beta")
    with pytest.raises(RuntimeError), reg.replaced(Entry("alpha", 5)):
        raise RuntimeError  # an error in the block restores it too
    assert reg.get("alpha") == Entry("alpha", 1)


def test_a_view_reads_one_field_of_every_entry(package: str) -> None:
    reg = registry(package)
    sizes = reg.view(lambda e: e.size)
    assert dict(sizes) == {"alpha": 1, "beta": 2} and len(sizes) == 2
    reg.register(Entry("toy", 3))
    assert sizes["toy"] == 3  # read when asked: a game registered later is found
    with pytest.raises(KeyError):
        sizes["gamma"]


PROBE = """
import json, sys
from replay import games
from coach import games as coaches
from cli import text
names = games.names(), coaches.COACHES.names(), text.TEXTS.names()
loaded = sorted(m for m in sys.modules if m.startswith(("replay.games.", "coach.games.", "cli.games.")))
games.get(sys.argv[1])
after = sorted(m for m in sys.modules if m.startswith(("replay.games.", "coach.games.", "cli.games.")))
print(json.dumps([names, loaded, after]))
"""


def test_each_layers_registry_imports_a_game_only_when_asked_for() -> None:
    done = subprocess.run(
        [sys.executable, "-c", PROBE, "baohuang"], cwd=ROOT, capture_output=True, text=True, timeout=120, check=True
    )
    names, loaded, after = json.loads(done.stdout)
    assert names == [["gouji", "baohuang", "shengji"]] * 3
    assert loaded == []
    assert "replay.games.baohuang" in after and "replay.games.baohuang.engine" in after
    assert not [m for m in after if m.startswith(("replay.games.gouji", "replay.games.shengji", "coach.", "cli."))]
    assert "replay.games.baohuang.sim" not in after and "replay.games.baohuang.rules" not in after
