"""The compiled hot path (replay/compiled.py): a compiled module loads only when it was built from the source
that is there now, and the compiled modules give the results of the source (the golden tests, run again
from source in a subprocess)."""

from __future__ import annotations

import importlib.machinery
import os
import subprocess
import sys
import threading
import types
from pathlib import Path

import pytest
from paths import ROOT

from replay import compiled
from replay.compiled import HOT, SWITCH, CompiledFinder, Manifest, building, compiled_file, digest, stamp, suffix


def _fake_build(tmp_path: Path, source: str = "X = 1\n") -> tuple[Path, Path]:
    """A project root with ``pkgz/mod.py`` and a build folder whose manifest says it compiled that source."""
    root, folder = tmp_path / "root", tmp_path / "build"
    (root / "pkgz").mkdir(parents=True)
    (root / "pkgz" / "mod.py").write_text(source, encoding="utf-8")
    (folder / "pkgz").mkdir(parents=True)
    compiled_file(folder, "pkgz.mod").write_bytes(b"not loaded by find_spec")
    Manifest(sys.implementation.cache_tag, suffix(), {"pkgz.mod": digest(root / "pkgz" / "mod.py")}).write(folder)
    return root, folder


def test_a_module_built_from_its_present_source_loads_compiled(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(SWITCH, raising=False)
    root, folder = _fake_build(tmp_path)
    spec = CompiledFinder(folder, root, names=["pkgz.mod"]).find_spec("pkgz.mod", None)
    assert spec is not None
    assert isinstance(spec.loader, importlib.machinery.ExtensionFileLoader)
    assert spec.origin == str(compiled_file(folder, "pkgz.mod"))
    assert CompiledFinder(folder, root, names=["pkgz.mod"]).find_spec("pkgz.other", None) is None


def test_a_touched_source_of_the_same_bytes_still_loads_compiled(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The build's stamp (time, size) spares reading the source; a new time falls back to the digest."""
    monkeypatch.delenv(SWITCH, raising=False)
    root, folder = _fake_build(tmp_path)
    src = root / "pkgz" / "mod.py"
    Manifest(sys.implementation.cache_tag, suffix(), {"pkgz.mod": digest(src)}, {"pkgz.mod": stamp(src)}).write(folder)
    assert CompiledFinder(folder, root, names=["pkgz.mod"]).find_spec("pkgz.mod", None) is not None
    os.utime(src, ns=(src.stat().st_atime_ns, src.stat().st_mtime_ns + 10**9))
    assert CompiledFinder(folder, root, names=["pkgz.mod"]).find_spec("pkgz.mod", None) is not None
    src.write_text("X = 3\n", encoding="utf-8")  # the same size, another time, other bytes
    assert CompiledFinder(folder, root, names=["pkgz.mod"]).find_spec("pkgz.mod", None) is None


def test_an_edited_source_imports_from_source(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(SWITCH, raising=False)
    root, folder = _fake_build(tmp_path)
    (root / "pkgz" / "mod.py").write_text("X = 2\n", encoding="utf-8")
    finder = CompiledFinder(folder, root, names=["pkgz.mod"])
    assert finder.find_spec("pkgz.mod", None) is None
    assert compiled.why_not("pkgz.mod", finder.manifest, folder, root) == "source changed since the build"


@pytest.mark.parametrize("spoil", ["switch", "other python", "missing file", "no manifest", "bad manifest"])
def test_no_usable_build_imports_from_source(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, spoil: str) -> None:
    monkeypatch.delenv(SWITCH, raising=False)
    root, folder = _fake_build(tmp_path)
    if spoil == "switch":
        monkeypatch.setenv(SWITCH, "0")
    elif spoil == "other python":
        Manifest("cpython-27", ".so", {"pkgz.mod": digest(root / "pkgz" / "mod.py")}).write(folder)
    elif spoil == "missing file":
        compiled_file(folder, "pkgz.mod").unlink()
    elif spoil == "no manifest":
        (folder / compiled.MANIFEST).unlink()
    else:
        (folder / compiled.MANIFEST).write_text("{not json", encoding="utf-8")
    assert CompiledFinder(folder, root, names=["pkgz.mod"]).find_spec("pkgz.mod", None) is None


def test_the_built_hot_path_is_in_use() -> None:
    """After ``make`` (which builds it), every hot module of this process came from its compiled file; CI, which
    runs ``make test`` on a fresh clone, must have built it."""
    reasons = compiled.status()
    if any(r is not None for r in reasons.values()) and os.environ.get("CI") != "true":
        pytest.skip(f"the compiled hot path is not built here: {compiled.describe()}")
    assert all(r is None for r in reasons.values()), compiled.describe()
    for name in HOT:
        __import__(name)
        assert compiled.loaded_compiled(name), name


def test_the_source_gives_the_golden_results_too() -> None:
    """The golden tests (check, score, coach and the priced decisions on the samples and on simulated deals) run
    in this suite on the compiled modules; here they run again from source alone."""
    env = {**os.environ, SWITCH: "0"}
    golden = ["tests/golden/test_golden.py", "tests/golden/test_golden_evaluate.py"]
    code = "import sys, pytest, replay.compiled as c; sys.exit(pytest.main(sys.argv[1:]))"
    done = subprocess.run(
        [sys.executable, "-c", code, "-q", "-p", "no:cacheprovider", "-x", *golden],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-2000:]
    probe = (
        "import replay.core.hand, coach.policy, replay.compiled as c; print(any(c.loaded_compiled(n) for n in c.HOT))"
    )
    seen = subprocess.run([sys.executable, "-c", probe], cwd=ROOT, env=env, capture_output=True, text=True, check=True)
    assert seen.stdout.strip() == "False"


def test_builds_in_one_folder_take_turns(tmp_path: Path) -> None:
    """`make run` builds in the background while a `make test` may start its own build: the second waits until the
    first is done (``building``'s lock), so that no two compilers write the same folder at once."""
    folder = tmp_path / "build"
    order: list[str] = []
    first_in = threading.Event()
    release = threading.Event()

    def first() -> None:
        with building(folder):
            order.append("first in")
            first_in.set()
            release.wait(10)
            order.append("first out")

    def second() -> None:
        with building(folder):
            order.append("second in")

    a = threading.Thread(target=first)
    a.start()
    assert first_in.wait(10)
    b = threading.Thread(target=second)
    b.start()
    b.join(0.3)
    assert b.is_alive() and order == ["first in"]  # the second build waits while the first holds the folder
    release.set()
    a.join(10)
    b.join(10)
    assert order == ["first in", "first out", "second in"]


def test_a_build_finished_after_the_import_is_noticed(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A module this process imported from its source, whose build is now there: ``ready_since_import`` says so
    (the evaluation's workers then start afresh); without a build, or with the module not imported, it does not."""
    monkeypatch.delenv(SWITCH, raising=False)
    root, folder = _fake_build(tmp_path)
    assert not compiled.ready_since_import(folder, root, names=["pkgz.mod"])  # not imported here
    monkeypatch.setitem(sys.modules, "pkgz.mod", types.ModuleType("pkgz.mod"))  # imported from its source
    assert compiled.ready_since_import(folder, root, names=["pkgz.mod"])
    assert not compiled.ready_since_import(tmp_path / "nothing", root, names=["pkgz.mod"])
    monkeypatch.setenv(SWITCH, "0")
    assert not compiled.ready_since_import(folder, root, names=["pkgz.mod"])
