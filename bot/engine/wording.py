"""How verdicts and statements list things in English."""

from __future__ import annotations

from collections.abc import Iterable


def and_list(items: Iterable[str]) -> str:
    """``A``, ``A and B``, ``A, B and C`` (empty for nothing)."""
    parts = list(items)
    if len(parts) <= 1:
        return "".join(parts)
    return ", ".join(parts[:-1]) + " and " + parts[-1]
