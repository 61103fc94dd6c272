"""The compiled hot path: the modules a rollout spends its time in, compiled by Cython, loaded only when
each one was compiled from the source that is there now.

A 够级 evaluation runs tens of thousands of rollouts of a hundred small steps each, and the profile is
flat (no single function above a few per cent; docs/evaluation.md). Compiling the same Python source
with Cython (no type declarations, no other source: Cython's own annotation typing is off, so that the
compiled module means exactly what the source says) takes out the interpreter's dispatch. The source
stays the one truth: ``make`` builds the modules into ``build/compiled/`` (``make compiled``), and the finder installed here loads a compiled module only when the SHA-256 of its source
file matches the one it was compiled from; anything else (no build, an edited source, another Python,
``FUPAN_COMPILED=0``) imports the source as usual. The two give the same results (the golden tests run
on both: ``tests/replay/test_compiled.py``). Plain CPython 3.11 to 3.13 and mypyc were measured
against it in issue 34 (docs/performance.md).

    python -c "import replay.compiled as c; c.main(['build'])"    # compile what changed (needs Cython)
    python -c "import replay.compiled as c; c.main(['status'])"   # which modules load compiled, and why not
"""

from __future__ import annotations

import importlib.machinery
import json
import os
import sys
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from types import ModuleType

from replay.core.record import Record, field

#: the modules compiled: those of a rollout's step (the engine's fast path and the policy), and those of reading and
#: replaying a log (``fupan check``, the import: the reader, the events, the replay loop, each game's engine)
HOT = (
    "replay.core.events",
    "replay.formats.log",
    "replay.formats.log_doc",  # the Log record and its JSON document (split from replay.formats.log)
    "replay.formats.checks",  # the reader's checks of a claimed result (split from replay.formats.log)
    "replay.formats.event_json",
    "replay.engine",
    "replay.replay",
    "replay.games.baohuang.engine",
    "replay.games.baohuang.state",
    "replay.games.shengji.engine",
    "replay.games.shengji.state",
    "replay.games.shengji.cards",
    "replay.games.shengji.deal",
    "replay.climbing.state",
    "replay.core.sets",
    "replay.core.hand",
    "replay.simulate",
    "replay.climbing.table",
    "replay.climbing.moves",
    "replay.games.gouji.state",
    "replay.games.gouji.cycle",
    "replay.games.gouji.engine",
    "replay.games.gouji.score",
    "replay.core.seats",
    "coach.policy",
    "coach.games.gouji",
    "coach.evaluate",
)
#: the project's root (the folder holding replay/ and coach/)
ROOT = Path(__file__).resolve().parent.parent
#: where ``build`` writes the compiled modules and their manifest
DEFAULT_DIR = ROOT / "build" / "compiled"
MANIFEST = "manifest.json"
LOCK = ".lock"
#: set to 0 to import every module from its source
SWITCH = "FUPAN_COMPILED"
#: Cython's settings: Python 3 semantics, introspectable functions, type annotations not turned into C types
DIRECTIVES = {"language_level": 3, "binding": True, "annotation_typing": False, "embedsignature": False}


def source_of(name: str, root: Path = ROOT) -> Path:
    """The source file of module ``name`` (``replay.core.hand`` -> ``<root>/replay/hand.py``)."""
    return root.joinpath(*name.split(".")).with_suffix(".py")


def digest(path: Path) -> str:
    """The SHA-256 of a file's bytes."""
    import hashlib  # only when a source's size or time changed: its import costs every command's start

    return hashlib.sha256(path.read_bytes()).hexdigest()


def stamp(path: Path) -> list[int]:
    """A file's modification time (ns) and size: while both are as at the build, the source is the one
    compiled (as Python trusts a cached .pyc); when either changed, the digest decides."""
    st = path.stat()
    return [st.st_mtime_ns, st.st_size]


def suffix() -> str:
    """The file ending of an extension module for this Python (``.cpython-311-x86_64-linux-gnu.so``)."""
    return importlib.machinery.EXTENSION_SUFFIXES[0]


class Manifest(Record):
    """What a build compiled: for this Python (``tag``, the extension ``suffix``), each module's source digest
    and the source file's ``stamp`` then."""

    tag: str
    suffix: str
    modules: dict[str, str]
    stamps: dict[str, list[int]] = field(default_factory=dict)

    @classmethod
    def read(cls, folder: Path) -> Manifest | None:
        """The manifest in ``folder`` (None when there is none or it cannot be read)."""
        try:
            data = json.loads((folder / MANIFEST).read_text(encoding="utf-8"))
            stamps = {str(k): [int(x) for x in v] for k, v in data.get("stamps", {}).items()}
            return cls(
                str(data["tag"]), str(data["suffix"]), {str(k): str(v) for k, v in data["modules"].items()}, stamps
            )
        except (OSError, ValueError, KeyError, TypeError, AttributeError):
            return None

    def write(self, folder: Path) -> None:
        """Write the manifest into ``folder`` (through a temporary file: a reader sees the old one or the new)."""
        tmp = folder / (MANIFEST + ".tmp")
        data = {
            "tag": self.tag,
            "suffix": self.suffix,
            "modules": dict(sorted(self.modules.items())),
            "stamps": {k: self.stamps[k] for k in sorted(self.modules) if k in self.stamps},
        }
        tmp.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
        os.replace(tmp, folder / MANIFEST)


def compiled_file(folder: Path, name: str) -> Path:
    """Where the compiled module ``name`` lies in ``folder``."""
    parts = name.split(".")
    return folder.joinpath(*parts[:-1], parts[-1] + suffix())


def why_not(name: str, manifest: Manifest | None, folder: Path, root: Path = ROOT) -> str | None:
    """Why module ``name`` would not load compiled from ``folder`` (None: it would)."""
    if os.environ.get(SWITCH, "1") == "0":
        return f"{SWITCH}=0"
    if manifest is None:
        return f"no build in {folder}"
    if manifest.tag != sys.implementation.cache_tag or manifest.suffix != suffix():
        return f"built for {manifest.tag}, this is {sys.implementation.cache_tag}"
    want = manifest.modules.get(name)
    if want is None:
        return "not compiled"
    if not compiled_file(folder, name).is_file():
        return f"{compiled_file(folder, name).name} missing"
    try:
        source = source_of(name, root)
        if manifest.stamps.get(name) != stamp(source) and digest(source) != want:
            return "source changed since the build"
    except OSError as exc:
        return f"source unreadable: {exc.strerror}"
    return None


class CompiledFinder:
    """Finds the compiled module for a name of ``names`` (``HOT``) when it was built from the source there now
    (the manifest is read once, when the finder is made). A meta path finder by its ``find_spec`` alone:
    ``importlib.abc`` is not imported, as it costs the start of every command more than this module."""

    def __init__(self, folder: Path = DEFAULT_DIR, root: Path = ROOT, names: Sequence[str] = HOT) -> None:
        self.folder, self.root, self.names = folder, root, frozenset(names)
        self.manifest = Manifest.read(folder)

    def find_spec(
        self, fullname: str, path: Sequence[str] | None, target: ModuleType | None = None
    ) -> importlib.machinery.ModuleSpec | None:
        if fullname not in self.names or why_not(fullname, self.manifest, self.folder, self.root) is not None:
            return None  # the source, found the usual way
        so = str(compiled_file(self.folder, fullname))
        loader = importlib.machinery.ExtensionFileLoader(fullname, so)
        return importlib.machinery.ModuleSpec(fullname, loader, origin=so)


def install() -> None:
    """Put the finder first on ``sys.meta_path`` (once; the packages replay and coach call it on import)."""
    if not any(isinstance(f, CompiledFinder) for f in sys.meta_path):
        sys.meta_path.insert(0, CompiledFinder())


def loaded_compiled(name: str) -> bool:
    """True when module ``name`` is imported and came from a compiled file."""
    mod = sys.modules.get(name)
    return mod is not None and isinstance(getattr(mod, "__loader__", None), importlib.machinery.ExtensionFileLoader)


def ready_since_import(folder: Path = DEFAULT_DIR, root: Path = ROOT, names: Sequence[str] = HOT) -> bool:
    """True when a module of ``names`` that this process imported from its source would now load compiled: a build
    finished after the import (``make run`` serves the dashboard while the build runs in the background). A process
    started afresh then runs faster than one forked from this one (``coach.evaluate`` starts its workers so)."""
    if os.environ.get(SWITCH, "1") == "0":
        return False
    imported = [n for n in names if n in sys.modules and not loaded_compiled(n)]
    if not imported:
        return False
    manifest = Manifest.read(folder)
    return any(why_not(n, manifest, folder, root) is None for n in imported)


def status(folder: Path = DEFAULT_DIR) -> dict[str, str | None]:
    """Each module of ``HOT`` and why it would not load compiled (None: it would)."""
    manifest = Manifest.read(folder)
    return {name: why_not(name, manifest, folder) for name in HOT}


def describe(folder: Path = DEFAULT_DIR) -> str:
    """One line for a bench's header: how many of the hot modules load compiled."""
    st = status(folder)
    ok = sum(v is None for v in st.values())
    if ok == len(st):
        return f"compiled hot path: all {ok} modules (Cython, {folder})"
    reasons = sorted({v for v in st.values() if v is not None})
    return f"compiled hot path: {ok} of {len(st)} modules ({'; '.join(reasons)}); the rest from source"


@contextmanager
def building(folder: Path) -> Iterator[None]:
    """One build at a time in ``folder``: a lock on its ``.lock`` file, held while the block runs; a second build
    (``make run``'s in the background and a ``make test`` started meanwhile) waits for the first, then finds
    nothing left to compile. Where there is no ``fcntl`` (not POSIX) there is no lock."""
    folder.mkdir(parents=True, exist_ok=True)
    try:
        import fcntl
    except ImportError:  # pragma: no cover - not on this project's machines
        yield
        return
    with open(folder / LOCK, "w") as held:
        fcntl.flock(held, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(held, fcntl.LOCK_UN)


def build(folder: Path = DEFAULT_DIR, names: Sequence[str] = HOT, root: Path = ROOT) -> list[str]:
    """Compile the modules of ``names`` whose source changed since the last build into ``folder`` (one build at a
    time: ``building``); the manifest lists every module compiled from its present source (one that fails to
    compile is left out, and imports from its source). Returns error lines (empty when every module compiled)."""
    with building(folder):
        return _build(folder, names, root)


def _build(folder: Path, names: Sequence[str], root: Path) -> list[str]:
    # the build's own tools, imported only to build; setuptools ships no types (types-setuptools is not a dependency)
    from Cython.Build import cythonize
    from setuptools import Distribution, Extension  # type: ignore[import-untyped]
    from setuptools.command.build_ext import build_ext  # type: ignore[import-untyped]

    folder.mkdir(parents=True, exist_ok=True)
    old = Manifest.read(folder)
    kept = dict(old.modules) if old is not None and old.tag == sys.implementation.cache_tag else {}
    kept = {n: d for n, d in kept.items() if n in names}
    todo: dict[str, str] = {}
    for name in names:
        d = digest(source_of(name, root))
        if kept.get(name) == d and compiled_file(folder, name).is_file():
            continue
        kept.pop(name, None)
        todo[name] = d
    errors: list[str] = []
    if todo:
        Manifest(sys.implementation.cache_tag, suffix(), kept).write(folder)  # the stale ones out first

        def compile_all(group: list[str]) -> None:
            exts = cythonize(  # type: ignore[no-untyped-call]  # Cython's build API has no annotations
                [Extension(n, [str(source_of(n, root))], extra_compile_args=["-g0"]) for n in group],
                compiler_directives=DIRECTIVES,
                build_dir=str(folder / "c"),
                quiet=True,
                force=True,
                nthreads=os.cpu_count() or 1,
            )
            cmd = build_ext(Distribution({"ext_modules": exts, "script_name": "compiled"}))
            cmd.build_lib, cmd.build_temp, cmd.parallel = str(folder), str(folder / "o"), os.cpu_count() or 1
            cmd.ensure_finalized()
            cmd.run()

        try:
            compile_all(list(todo))
            done = list(todo)
        except Exception:  # then one at a time, to keep those that compile
            done = []
            for name in todo:
                try:
                    compile_all([name])
                    done.append(name)
                except Exception as exc:  # a module that does not compile imports from its source
                    errors.append(f"{name}: {type(exc).__name__}: {exc}")
        for name in done:
            if digest(source_of(name, root)) == todo[name]:  # not edited while it compiled
                kept[name] = todo[name]
    stamps = {name: stamp(source_of(name, root)) for name in kept}
    Manifest(sys.implementation.cache_tag, suffix(), kept, stamps).write(folder)
    return errors


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if args == ["build"]:
        try:
            errors = build()
        except ImportError as exc:
            print(f"replay.compiled: cannot build without Cython ({exc}); every module imports from source")
            return 1
        for line in errors:
            print(f"replay.compiled: {line}", file=sys.stderr)
        print(describe())
        return 1 if errors else 0
    if args == ["status"]:
        for name, why in status().items():
            print(f"{name:<22} {'compiled' if why is None else 'source: ' + why}")
        return 0
    print("usage: replay.compiled.main(['build'] or ['status'])", file=sys.stderr)
    return 2
