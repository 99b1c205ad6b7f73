"""Faster ways to make and change the engines' frozen dataclasses, with the same results.

Python 3.11's dataclass machinery is general and slow: ``dataclasses.replace`` reads the
fields and runs ``__init__``, a frozen dataclass's ``__init__`` sets each field with a call to
``object.__setattr__``, and ``functools.cached_property`` takes a lock on every first read.  A
game's reducer makes and changes thousands of these values an action (issue 14), so the
engine's hot values use the helpers here instead.
"""

from __future__ import annotations

import dataclasses
import functools
import inspect
from typing import TYPE_CHECKING, Any, TypeVar

T = TypeVar("T")

# A dataclass's field names in order, as a set, and its cached properties' names; None for a
# class ``evolve`` can't copy.
_Fields = tuple[tuple[str, ...], frozenset[str], tuple[str, ...]]
_FIELDS: dict[type, _Fields | None] = {}
_UNREAD: Any = object()


def evolve(obj: T, /, **changes: Any) -> T:
    """``dataclasses.replace(obj, **changes)``, made by copying the fields' values.

    Python 3.11's ``replace`` reads the fields, gets each value and runs ``__init__``: about a
    seventh of a game's reducer time went there (issue 14).  A dataclass whose ``__init__`` only
    stores its arguments (no ``__post_init__``, every field an argument, instances with a
    ``__dict__``) is the same value when its fields are copied; any other (or an unknown
    field's name, which ``replace`` rejects) goes through ``replace``.  Cached properties live
    in the instance dict and are not copied: the new value computes its own.
    """
    cls = type(obj)
    known = _FIELDS.get(cls, _UNREAD)
    if known is _UNREAD:
        known = _plain_fields(cls)
    if known is None or not known[1].issuperset(changes):
        return dataclasses.replace(obj, **changes)  # type: ignore[type-var]
    names, name_set, cached = known
    values = obj.__dict__.copy()
    if len(values) != len(names):
        # Only the fields: anything else in the instance dict is a cached property's value.
        for name in cached:
            values.pop(name, None)
        if len(values) != len(names):
            for extra in values.keys() - name_set:
                del values[extra]
    values.update(changes)
    new = object.__new__(cls)
    object.__setattr__(new, "__dict__", values)  # a frozen dataclass refuses setattr
    return new


def _plain_fields(cls: type) -> _Fields | None:
    """The field names of a dataclass ``evolve`` may copy, or None."""
    names: _Fields | None = None
    params = getattr(cls, "__dataclass_params__", None)
    if (
        params is not None
        and params.init
        and not hasattr(cls, "__post_init__")
        and cls.__new__ is object.__new__
        # Fields kept in slots are not in the instance dict (an empty ``__slots__``, as
        # ``Generic`` has, adds none).
        and not any(getattr(base, "__slots__", ()) for base in cls.__mro__)
    ):
        fields = dataclasses.fields(cls)
        own = tuple(spec.name for spec in fields)
        # The arguments of ``__init__`` are exactly the fields: no ``InitVar``, no field
        # left to a default, no hand-written ``__init__`` taking something else.
        arguments = set(inspect.signature(cls).parameters)
        if all(spec.init for spec in fields) and arguments == set(own):
            cached = {
                name
                for base in cls.__mro__
                for name, value in vars(base).items()
                if isinstance(value, functools.cached_property)
            }
            names = own, frozenset(own), tuple(sorted(cached))
    _FIELDS[cls] = names
    return names


class _Factory:
    """The default of a field made by its ``default_factory``, as ``dataclasses`` shows it."""

    def __repr__(self) -> str:
        return "<factory>"


_FACTORY = _Factory()


def quick_init(cls: type[T]) -> type[T]:
    """``cls`` (a frozen dataclass) with an ``__init__`` that stores the fields straight into
    the instance dict.

    A frozen dataclass's generated ``__init__`` sets each field through ``object.__setattr__``,
    a call per field: an object of 28 fields took 9 µs to make, and making the engine's values
    was a seventh of a game's reducer time (issue 14).  This one takes the same arguments, in
    the same order and with the same defaults, and leaves the same instance; a class it can't
    copy this way (``__post_init__``, ``InitVar``, slots, fields left out of ``__init__``) is
    returned unchanged.
    """
    params = getattr(cls, "__dataclass_params__", None)
    if params is None or not params.frozen or _plain_fields(cls) is None:
        return cls
    specs = {spec.name: spec for spec in dataclasses.fields(cls)}  # type: ignore[arg-type]
    if any(name == "self" or name.startswith("_") for name in specs):
        return cls  # a field the code below could confuse with its own names ("_d_")
    scope: dict[str, Any] = {"_FACTORY": _FACTORY}
    body = ["def __init__(self, {arguments}):", "    _d_ = self.__dict__"]
    for spec in specs.values():
        name = spec.name
        if spec.default_factory is not dataclasses.MISSING:
            scope[f"_make_{name}"] = spec.default_factory
            body.append(f"    _d_[{name!r}] = _make_{name}() if {name} is _FACTORY else {name}")
        else:
            body.append(f"    _d_[{name!r}] = {name}")
    # The arguments in the generated __init__'s order (keyword-only ones last), with its
    # defaults.
    arguments: list[str] = []
    for name, parameter in inspect.signature(cls).parameters.items():
        if parameter.kind is inspect.Parameter.KEYWORD_ONLY and "*" not in arguments:
            arguments.append("*")
        if parameter.default is inspect.Parameter.empty:
            arguments.append(name)
        elif specs[name].default_factory is not dataclasses.MISSING:
            arguments.append(f"{name}=_FACTORY")
        else:
            scope[f"_default_{name}"] = parameter.default
            arguments.append(f"{name}=_default_{name}")
    source = "\n".join(body).replace("{arguments}", ", ".join(arguments), 1)
    exec(source, scope)
    init = scope["__init__"]
    init.__annotations__ = dict(cls.__init__.__annotations__)
    init.__qualname__ = f"{cls.__qualname__}.__init__"
    init.__module__ = cls.__module__
    type.__setattr__(cls, "__init__", init)
    return cls


if TYPE_CHECKING:
    cached_value = functools.cached_property  # what type checkers know as a property
else:

    class cached_value(functools.cached_property[T]):
        """``functools.cached_property`` without Python 3.11's lock around every first read (3.12
        dropped it): a game state's lookups are read for the first time on each of the thousands
        of states a game makes (issue 14).  Two threads reading one value at once may each work it
        out; values are pure, so either is the same."""

        def __get__(self, instance: Any, owner: type | None = None) -> Any:
            if instance is None or self.attrname is None:
                return super().__get__(instance, owner)
            value = self.func(instance)
            instance.__dict__[self.attrname] = value
            return value
