"""Frozen value classes without the ``dataclasses`` module: ``class Seat(Record)`` with annotated fields behaves as
``@dataclass(frozen=True) class Seat`` did (the same ``__init__``, ``__repr__``, ``__eq__``, ``__hash__``, frozen
fields, ``__post_init__``), and ``dataclasses.replace``, ``fields`` and ``asdict`` still work on it.

Why: importing ``dataclasses`` imports ``inspect`` (and with it ``ast``, ``dis``, ``tokenize``), about a fifth of the
start of ``fupan check`` (issue 17), and each dataclass compiles its methods when its module is imported. A
``Record``'s methods are written once, here, and read the class's fields from ``_fields``; the dataclasses module is
imported only when something asks for ``__dataclass_fields__`` (``dataclasses.replace(log, ...)``, say).
Measured against ``dataclasses`` and ``msgspec.Struct`` in issue 34 (docs/performance.md, bench/bench_machinery.py):
either made ``fupan check`` start 57-64 % slower.

A field is an annotated class attribute (``ClassVar`` ones are not fields), its value the default; ``field(...)``
gives a default made per instance (``default_factory``) or keeps a field out of ``==``/``hash`` (``compare=False``)
or ``repr`` (``repr=False``). Subclass fields follow the base's. ``class V(Record, kw_only=True)`` takes keywords
only. ``_replace(**changes)`` is a copy with some fields changed (as NamedTuple's)."""

from __future__ import annotations

import copyreg
from collections.abc import Callable
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, ClassVar

from replay.core.errors import FupanError


def read_only(items: dict[Any, Any]) -> MappingProxyType[Any, Any]:
    """``items`` behind a read-only view (what an unpickled ``MappingProxyType`` is made by)."""
    return MappingProxyType(items)


def _pickled_proxy(proxy: MappingProxyType[Any, Any]) -> tuple[Any, ...]:
    return (read_only, (dict(proxy),))


# Records hold read-only mappings as ``MappingProxyType`` (a profile's options), which pickle cannot send as it is: a
# worker process started afresh (coach.evaluate's spawned workers) is sent a dict, wrapped read-only again there.
copyreg.pickle(MappingProxyType, _pickled_proxy)

if TYPE_CHECKING:
    from typing import Self, dataclass_transform
else:

    def dataclass_transform(**_kw: Any) -> Any:  # typing's is only for the type checker: no cost at run time
        return lambda cls: cls


class _Missing:
    def __repr__(self) -> str:
        return "MISSING"


MISSING: Any = _Missing()
_MADE: Any = _Missing()  # in a class's template: a default made per instance


class Field:
    """A field's options, as ``field(...)`` gives them in a class body."""

    __slots__ = ("compare", "default", "default_factory", "repr")

    def __init__(self, default: Any, default_factory: Callable[[], Any] | None, compare: bool, repr: bool) -> None:
        self.default, self.default_factory, self.compare, self.repr = default, default_factory, compare, repr


def field(
    *,
    default: Any = MISSING,
    default_factory: Callable[[], Any] | None = None,
    compare: bool = True,
    repr: bool = True,  # dataclasses.field's name
) -> Any:
    """A field's default and options, as ``dataclasses.field`` takes them."""
    return Field(default, default_factory, compare, repr)


class FrozenError(FupanError, AttributeError):
    """A field of a Record was assigned (a Record is frozen, as a frozen dataclass's ``FrozenInstanceError``)."""


class _DataclassFields:
    """``__dataclass_fields__`` of a Record class: the ``dataclasses.Field`` of each field, made (importing
    dataclasses) the first time ``dataclasses.replace``, ``fields`` or ``asdict`` asks."""

    def __get__(self, obj: object, cls: type[Record]) -> dict[str, Any]:
        made = cls.__dict__.get("_dataclass_twin")
        if made is None:
            import dataclasses

            specs = [
                (name, Any, dataclasses.field(compare=name in cls._compared, repr=name in cls._shown))
                for name in cls._fields
            ]
            twin: Any = dataclasses.make_dataclass(cls.__name__, specs, kw_only=cls._kw_only)
            made = cls._dataclass_twin = dict(twin.__dataclass_fields__)
        return made


@dataclass_transform(frozen_default=True, field_specifiers=(field,))
class Record:
    """A frozen value class's methods; a subclass declares its fields (see the module's doc)."""

    _fields: ClassVar[tuple[str, ...]] = ()
    _compared: ClassVar[tuple[str, ...]] = ()
    _shown: ClassVar[tuple[str, ...]] = ()
    _plain: ClassVar[dict[str, Any]] = {}  # field -> its default (one value for every instance)
    _made: ClassVar[dict[str, Callable[[], Any]]] = {}  # field -> what makes its default, per instance
    _kw_only: ClassVar[bool] = False
    _template: ClassVar[dict[str, Any]] = {}  # each field (in order) -> its default, _MADE or MISSING
    _needs: ClassVar[tuple[str, ...]] = ()  # the fields with no default, or one made per instance
    _post: ClassVar[Callable[[Any], None] | None] = None  # __post_init__
    _dataclass_twin: ClassVar[dict[str, Any] | None] = None  # __dataclass_fields__, once made
    if TYPE_CHECKING:
        __dataclass_fields__: ClassVar[dict[str, Any]]
    else:
        __dataclass_fields__ = _DataclassFields()

    def __init_subclass__(cls, kw_only: bool = False, **kw: Any) -> None:
        super().__init_subclass__(**kw)
        names, compared, shown = list(cls._fields), set(cls._compared), set(cls._shown)
        plain, made = dict(cls._plain), dict(cls._made)
        for name, note in cls.__dict__.get("__annotations__", {}).items():  # noqa: RUF063  # not inspect's: its import
            if str(note).startswith(("ClassVar", "typing.ClassVar")):
                continue
            value = cls.__dict__.get(name, MISSING)
            spec = value if isinstance(value, Field) else Field(value, None, True, True)
            if name not in names:
                names.append(name)
            plain.pop(name, None)
            made.pop(name, None)
            if spec.default_factory is not None:
                made[name] = spec.default_factory
            elif spec.default is not MISSING:
                plain[name] = spec.default
            (compared.add if spec.compare else compared.discard)(name)
            (shown.add if spec.repr else shown.discard)(name)
            if isinstance(value, Field):  # the class attribute is the default, as a dataclass's is
                if spec.default is MISSING:
                    delattr(cls, name)
                else:
                    setattr(cls, name, spec.default)
        cls._fields = tuple(names)
        cls._compared = tuple(n for n in names if n in compared)
        cls._shown = tuple(n for n in names if n in shown)
        cls._plain, cls._made = plain, made
        cls._kw_only = kw_only or cls._kw_only
        cls._template = {n: plain.get(n, _MADE if n in made else MISSING) for n in names}
        cls._needs = tuple(n for n in names if n not in plain)
        cls._post = getattr(cls, "__post_init__", None)
        type.__setattr__(cls, "__match_args__", () if cls._kw_only else cls._fields)  # as a dataclass's

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        cls = type(self)
        names = cls._fields
        values = cls._template.copy()  # the defaults, in field order
        if args:
            if cls._kw_only or len(args) > len(names):
                took = 0 if cls._kw_only else len(names)
                raise TypeError(f"{cls.__name__}() takes {took} positional arguments but {len(args)} were given")
            if kwargs and not kwargs.keys().isdisjoint(names[: len(args)]):
                twice = next(k for k in names[: len(args)] if k in kwargs)
                raise TypeError(f"{cls.__name__}() got multiple values for argument {twice!r}")
            values.update(zip(names, args, strict=False))
        values.update(kwargs)
        if len(values) != len(names):
            wrong = next(k for k in kwargs if k not in cls._template)
            raise TypeError(f"{cls.__name__}() got an unexpected keyword argument {wrong!r}")
        for name in cls._needs:
            value = values[name]
            if value is _MADE:
                values[name] = cls._made[name]()
            elif value is MISSING:
                raise TypeError(f"{cls.__name__}() missing a required argument: {name!r}")
        object.__setattr__(self, "__dict__", values)
        if cls._post is not None:
            cls._post(self)

    def __setattr__(self, name: str, value: Any) -> None:
        raise FrozenError(f"cannot assign to field {name!r}")

    def __delattr__(self, name: str) -> None:
        raise FrozenError(f"cannot delete field {name!r}")

    def _key(self) -> tuple[Any, ...]:
        values = self.__dict__
        return tuple([values[n] for n in self._compared])

    def __eq__(self, other: object) -> bool:
        if other.__class__ is self.__class__:
            return self._key() == other._key()  # of the same class: a Record
        return NotImplemented

    def __hash__(self) -> int:
        return hash(self._key())

    def __repr__(self) -> str:
        values = self.__dict__
        inner = ", ".join(f"{n}={values[n]!r}" for n in self._shown)
        return f"{type(self).__qualname__}({inner})"

    def _replace(self, **changes: Any) -> Self:
        """A copy with the fields ``changes`` names changed (made as ``__init__`` makes it: a name that is no field
        is a TypeError)."""
        cls, now = type(self), self.__dict__
        if not changes.keys() <= cls._template.keys():
            wrong = next(k for k in changes if k not in cls._template)
            raise TypeError(f"{cls.__name__}() got an unexpected keyword argument {wrong!r}")
        values = {n: now[n] for n in cls._fields}  # the fields only (not what a cached_property kept)
        values.update(changes)
        new = object.__new__(cls)
        object.__setattr__(new, "__dict__", values)
        if cls._post is not None:
            cls._post(new)
        return new
