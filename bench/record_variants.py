"""Stand-ins for ``replay.core.record`` built on maintained libraries, for ``bench_machinery.py`` (issue 34, item 6):
the same names (``Record``, ``field``, ``FrozenError``, ``MISSING``), so that the project's value classes can be made
by ``dataclasses`` or ``msgspec`` instead of our own code, and timed in the same run as ours.

    python bench/record_variants.py VARIANT SCRIPT [ARGS ...]    # run a script (a bench) with that Record
    python bench/record_variants.py VARIANT -c CODE [ARGS ...]   # run CODE, ``sys.argv`` = ["fupan", ARGS ...]

``dataclass``: each subclass made a ``dataclasses.dataclass(frozen=True)`` in place (by ``__init_subclass__``, as
the class body ends). ``slots=True`` cannot be had this way (it makes a new class), and the climbing states' hot
path reads and writes their fields as one dict (``replay.climbing.state``), which a slotted class has not; the
slotted dataclass is timed on a state's own operations in ``bench_machinery.py``.

``msgspec``: the value classes other than the climbing states are ``msgspec.Struct(frozen=True)``; the states keep
ours, for the reason above (their fields must be one dict). ``field``'s ``compare``/``repr`` have no msgspec
counterpart and are dropped (a ``Log``'s positions then count in ``==``: not for the golden tests, for timing only).
"""

from __future__ import annotations

import runpy
import sys
import types
from typing import Any

VARIANTS = ("ours", "dataclass", "msgspec")


def dataclass_module() -> types.ModuleType:
    """A ``replay.core.record`` whose Record makes each subclass a frozen dataclass."""
    import dataclasses

    mod = types.ModuleType("replay.core.record")

    class Record:
        _fields: tuple[str, ...] = ()
        _kw: bool = False

        def __init_subclass__(cls, kw_only: bool = False, **kw: Any) -> None:
            super().__init_subclass__(**kw)
            cls._kw = kw_only or cls._kw
            made: Any = dataclasses.dataclass(frozen=True, kw_only=cls._kw)(cls)  # in place: the same class
            cls._fields = tuple(f.name for f in dataclasses.fields(made))

        def _replace(self, **changes: Any) -> Any:
            made: Any = self
            return dataclasses.replace(made, **changes)

    mod.Record = Record  # type: ignore[attr-defined]
    mod.field = dataclasses.field  # type: ignore[attr-defined]
    mod.FrozenError = dataclasses.FrozenInstanceError  # type: ignore[attr-defined]
    mod.MISSING = dataclasses.MISSING  # type: ignore[attr-defined]
    return mod


def msgspec_module() -> types.ModuleType:
    """A ``replay.core.record`` whose Record is a frozen ``msgspec.Struct`` (ours for the climbing states)."""
    import msgspec

    ours = _ours()
    mod = types.ModuleType("replay.core.record")

    def field(*, default: Any = msgspec.NODEFAULT, default_factory: Any = None, **_dropped: Any) -> Any:
        if default_factory is not None:
            return msgspec.field(default_factory=default_factory)
        return msgspec.field(default=default)

    class Record(msgspec.Struct, frozen=True, dict=True):  # type: ignore[call-arg]  # msgspec is in the bench extra only: without it mypy sees no Struct; dict: a cached_property keeps its value there
        def _replace(self, **changes: Any) -> Any:
            return msgspec.structs.replace(self, **changes)

    class Chooser:
        """``Record`` for the modules: the states' module (replay.climbing.state) gets ours."""

        def __mro_entries__(self, bases: tuple[Any, ...]) -> tuple[type, ...]:
            caller = sys._getframe(1).f_globals.get("__name__", "")
            return (ours.Record,) if caller == "replay.climbing.state" else (Record,)

    chooser = Chooser()
    chooser.__dict__["__dict__"] = ours.Record.__dict__["__dict__"]  # state.set_fields reads Record.__dict__
    mod.Record = chooser  # type: ignore[attr-defined]
    mod.field = field  # type: ignore[attr-defined]
    mod.FrozenError = AttributeError  # type: ignore[attr-defined]
    mod.MISSING = msgspec.NODEFAULT  # type: ignore[attr-defined]
    return mod


def _ours() -> types.ModuleType:
    import importlib.util
    from pathlib import Path

    path = Path(__file__).resolve().parent.parent / "replay" / "core" / "record.py"
    spec = importlib.util.spec_from_file_location("_record_ours", path)
    assert spec is not None and spec.loader is not None
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def install(variant: str) -> None:
    """Put the variant's Record in place of ``replay.core.record`` (before anything imports it)."""
    if variant == "dataclass":
        sys.modules["replay.core.record"] = dataclass_module()
    elif variant == "msgspec":
        sys.modules["replay.core.record"] = msgspec_module()
    elif variant != "ours":
        raise SystemExit(f"record_variants: no variant {variant!r} (one of {', '.join(VARIANTS)})")


def main() -> None:
    variant, what, *rest = sys.argv[1:]
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
    install(variant)
    if what == "-c":
        sys.argv = ["fupan", *rest[1:]]
        exec(compile(rest[0], "<string>", "exec"), {"__name__": "__main__"})
    else:
        sys.argv = [what, *rest]
        sys.path.insert(0, str(Path(what).resolve().parent))
        runpy.run_path(what, run_name="__main__")


if __name__ == "__main__":
    main()
