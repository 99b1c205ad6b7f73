"""Small helpers for the engines' immutable values (game objects are frozen dataclasses)."""

from __future__ import annotations

import dataclasses
import inspect
from collections.abc import Mapping
from typing import Any, TypeVar

K = TypeVar("K")
V = TypeVar("V")
T = TypeVar("T")


def given(**values: Any) -> dict[str, Any]:
    """The keyword arguments that were given (not None): ``replace(obj, **given(tapped=t))``
    changes only what a statement named and keeps every other field."""
    return {name: value for name, value in values.items() if value is not None}


def with_item(mapping: Mapping[K, V], key: K, value: V) -> Mapping[K, V]:
    """``mapping`` and one more item, as a new mapping (``mapping`` is left as it was).

    A mapping that can add an item without reading its others says so with a ``with_item``
    method: a restored game's record of departures decodes each one only when it is asked for.
    """
    add = getattr(mapping, "with_item", None)
    if add is not None:
        added: Mapping[K, V] = add(key, value)
        return added
    copied = dict(mapping)
    copied[key] = value
    return copied


# A dataclass's field names in order, and as a set; None for a class ``evolve`` can't copy.
_Fields = tuple[tuple[str, ...], frozenset[str]]
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
    names, name_set = known
    values = obj.__dict__.copy()
    if len(values) != len(names):
        # Only the fields: anything else in the instance dict is a cached property's value.
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
            names = own, frozenset(own)
    _FIELDS[cls] = names
    return names
