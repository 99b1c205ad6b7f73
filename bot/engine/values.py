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
    copied = copied_dict(mapping)
    copied[key] = value
    return copied


def copied_dict(mapping: Mapping[K, V]) -> dict[K, V]:
    """A new dict with ``mapping``'s items, in its order.

    ``dict.copy`` clones a dict's table as it is; ``dict(d)`` rebuilds it item by item once an
    item has been deleted from ``d`` (a state's objects, after every move): 20 µs instead of
    3 for a long game's thousand objects, the most of what made a game slower as it grew
    (issue 14).  Anything else is read into a dict as before."""
    if type(mapping) is dict:
        return mapping.copy()
    return dict(mapping)
