"""Tests of replay/core/record.py: a Record behaves as the frozen dataclass it replaces (each test builds the same class
both ways and compares them), ``dataclasses.replace``/``fields``/``asdict`` work on it, and ``fupan``'s value
classes are Records, not dataclasses (whose module the start of every command would import)."""

from __future__ import annotations

import copy
import dataclasses
import pickle
from collections.abc import Mapping
from types import MappingProxyType
from typing import Any, ClassVar

import pytest
from paths import ROOT

from replay.core.record import FrozenError, Record, field
from replay.rules.profile_loader import load_profile


class Rec(Record):
    a: int
    b: str = "b"
    c: dict[str, int] = field(default_factory=dict)
    d: tuple[int, ...] = field(default=(), compare=False, repr=False)
    LIMIT: ClassVar[int] = 3


class SubRec(Rec):
    e: bool = False


@dataclasses.dataclass(frozen=True)
class Dc:
    a: int
    b: str = "b"
    c: dict[str, int] = dataclasses.field(default_factory=dict)
    d: tuple[int, ...] = dataclasses.field(default=(), compare=False, repr=False)
    LIMIT: ClassVar[int] = 3


@dataclasses.dataclass(frozen=True)
class SubDc(Dc):
    e: bool = False


CALLS: list[tuple[tuple[Any, ...], dict[str, Any]]] = [
    ((1,), {}),
    ((1, "x"), {}),
    ((1,), {"c": {"k": 1}, "d": (4,)}),
    ((), {"a": 2, "b": "y"}),
    ((1, "x", {}, (1,)), {}),
]


def _shown(obj: object, name: str) -> str:
    return repr(obj).replace(name, "X", 1)


@pytest.mark.parametrize(("args", "kwargs"), CALLS)
def test_a_record_is_made_shown_compared_and_hashed_as_a_frozen_dataclass(
    args: tuple[Any, ...], kwargs: dict[str, Any]
) -> None:
    for rec_cls, dc_cls in ((Rec, Dc), (SubRec, SubDc)):
        rec, dc = rec_cls(*args, **kwargs), dc_cls(*args, **kwargs)
        assert _shown(rec, rec_cls.__name__) == _shown(dc, dc_cls.__name__)
        assert rec._fields == tuple(f.name for f in dataclasses.fields(dc))
        assert all(getattr(rec, n) == getattr(dc, n) for n in rec._fields)
        try:
            expected = hash(dc)
        except TypeError:  # the dict field: unhashable, in both
            with pytest.raises(TypeError):
                hash(rec)
        else:
            assert hash(rec) == expected
        assert hash(Rec(1, c=None)) == hash(Dc(1, c=None))  # type: ignore[arg-type]  # a hashable value there
        assert rec == rec_cls(*args, **kwargs) and rec != Rec(99) and rec != dc
        assert rec == rec._replace(d=(7, 7)) and rec != rec._replace(b="other")  # d is not compared


def test_a_default_made_per_instance_is_not_shared() -> None:
    first, second = Rec(1), Rec(1)
    assert first.c == {} and first.c is not second.c
    assert Rec.b == "b" and not hasattr(Rec, "c")  # the class attribute is the plain default, as a dataclass's


@pytest.mark.parametrize(("args", "kwargs"), [((), {}), ((1, "b", {}, (), 5), {}), ((1,), {"a": 2}), ((1,), {"z": 2})])
def test_wrong_arguments_are_a_type_error_as_for_the_dataclass(args: tuple[Any, ...], kwargs: dict[str, Any]) -> None:
    with pytest.raises(TypeError):
        Dc(*args, **kwargs)
    with pytest.raises(TypeError):
        Rec(*args, **kwargs)


def test_a_record_is_frozen() -> None:
    rec = Rec(1)
    with pytest.raises(AttributeError):
        rec.a = 2  # type: ignore[misc]  # the point: it is refused
    with pytest.raises(FrozenError):
        del rec.b  # type: ignore[misc]  # the point: it is refused
    assert rec.a == 1 and rec.b == "b"


def test_keyword_only_records_and_post_init() -> None:
    class Kw(Record, kw_only=True):
        x: int
        y: int = 0

        def __post_init__(self) -> None:
            if self.x < 0:
                raise ValueError("x < 0")

    assert Kw(x=1) == Kw(x=1, y=0) and Kw.__match_args__ == ()
    with pytest.raises(TypeError):
        Kw(1)  # type: ignore[misc]  # the point: keywords only
    with pytest.raises(ValueError, match="x < 0"):
        Kw(x=-1)
    assert Rec.__match_args__ == ("a", "b", "c", "d")


def test_replace_fields_and_asdict_work_as_on_a_dataclass() -> None:
    rec = SubRec(1, c={"k": 2}, e=True)
    assert rec._replace(b="z") == dataclasses.replace(rec, b="z") == SubRec(1, "z", {"k": 2}, e=True)
    assert type(dataclasses.replace(rec, a=5)) is SubRec
    with pytest.raises(TypeError):
        rec._replace(nope=1)
    assert [f.name for f in dataclasses.fields(rec)] == ["a", "b", "c", "d", "e"]
    assert dataclasses.asdict(rec) == {"a": 1, "b": "b", "c": {"k": 2}, "d": (), "e": True}
    assert dataclasses.is_dataclass(rec)


def test_a_record_is_pickled_and_copied() -> None:
    rec = SubRec(3, "q", {"k": 1}, (2,), True)
    for again in (pickle.loads(pickle.dumps(rec)), copy.copy(rec), copy.deepcopy(rec)):
        assert again == rec and again.d == (2,) and type(again) is SubRec


def test_fupans_value_classes_are_records() -> None:
    from replay.claims import Difference
    from replay.climbing.state import State
    from replay.compiled import Manifest
    from replay.formats.decisions import Decision
    from replay.formats.limits import Limits
    from replay.formats.log import Log, Seat
    from replay.formats.notation.lex import Line
    from replay.games import GameType
    from replay.games.baohuang.state import BaohuangState
    from replay.games.gouji.state import GoujiState
    from replay.rules.option import Option
    from replay.rules.profile import Profile
    from replay.score import KnownPlace, PlaceScore, Score, TeamScore
    from replay.view import StepView

    classes = [BaohuangState, Difference, Manifest, Decision, GameType, GoujiState, Limits, Log, Seat, Option]
    classes += [Profile, KnownPlace, PlaceScore, Score, TeamScore, State, StepView, Line]
    for cls in classes:
        assert issubclass(cls, Record) and "__dataclass_fields__" not in cls.__dict__, cls


def test_a_log_keeps_its_field_options() -> None:
    """What the dataclass said of Log's fields: positions and text neither compared nor shown, overrides and meta
    a fresh dict each."""
    from replay.formats.log import Log

    log = Log("gouji", "gouji", text="{...}", positions=((1, 2),))
    assert log == Log("gouji", "gouji") and "text" not in repr(log) and "positions" not in repr(log)
    assert isinstance(log.meta, Mapping) and log.meta is not Log("gouji", "gouji").meta


def _variant_run(variant: str, code: str, *args: str) -> str:
    """The output of ``code`` run by bench/record_variants.py with ``variant``'s Record (issue 34's bench)."""
    import os
    import subprocess
    import sys

    root = ROOT
    env = {**os.environ, "FUPAN_COMPILED": "0"}
    cmd = [sys.executable, str(root / "bench" / "record_variants.py"), variant, "-c", code, *args]
    done = subprocess.run(cmd, cwd=root, env=env, capture_output=True, text=True, check=True, timeout=120)
    return done.stdout


@pytest.mark.parametrize("variant", ["dataclass", "msgspec"])
def test_the_benchs_stand_ins_make_the_value_classes_and_check_a_log_as_ours(variant: str) -> None:
    """bench/record_variants.py puts a dataclass or msgspec base in place of Record (what bench_machinery.py times
    against ours): the value classes are then made by that library, and ``fupan check`` says what it says with ours."""
    if variant == "msgspec":
        pytest.importorskip("msgspec")  # in the bench extra

    log = str(sorted((ROOT / "data" / "samples" / "gouji").glob("*.json"))[0])
    check = "import cli; cli.run()"
    assert _variant_run(variant, check, "check", log) == _variant_run("ours", check, "check", log) != ""
    made_by = {
        "dataclass": "from replay.formats.log import Log; print('__dataclass_fields__' in Log.__dict__)",  # made here
        "msgspec": "import msgspec; from replay.formats.log import Log; print(issubclass(Log, msgspec.Struct))",
    }[variant]
    assert _variant_run(variant, made_by).split() == ["True"]
    assert _variant_run("ours", made_by).split() == ["False"]


def test_a_profile_with_read_only_options_pickles() -> None:
    """A worker process started afresh is sent the profile (coach.evaluate): its read-only mappings arrive as equal
    read-only mappings."""
    profile = load_profile("gouji").with_overrides({"revolution": False})
    back = pickle.loads(pickle.dumps(profile))
    assert back == profile and back.overrides == profile.overrides and back.declared == profile.declared
    assert isinstance(back.options, MappingProxyType) and isinstance(back.declared, MappingProxyType)
    with pytest.raises(TypeError):
        back.options["revolution"] = True  # type: ignore[index]  # the point: it refuses
