"""Small helpers for the engines' immutable values (game objects are frozen dataclasses)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

K = TypeVar("K")
V = TypeVar("V")


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
