"""Small helpers for the engines' immutable values (game objects are frozen dataclasses)."""

from __future__ import annotations

from typing import Any


def given(**values: Any) -> dict[str, Any]:
    """The keyword arguments that were given (not None): ``replace(obj, **given(tapped=t))``
    changes only what a statement named and keeps every other field."""
    return {name: value for name, value in values.items() if value is not None}
