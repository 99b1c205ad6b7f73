"""How verdicts and statements list things in English."""

from __future__ import annotations

from collections.abc import Iterable


def and_list(items: Iterable[str]) -> str:
    """``A``, ``A and B``, ``A, B and C`` (empty for nothing)."""
    parts = list(items)
    if len(parts) <= 1:
        return "".join(parts)
    return ", ".join(parts[:-1]) + " and " + parts[-1]


_ORDINAL_WORDS = {1: "first", 2: "second", 3: "third", 4: "fourth", 5: "fifth", -1: "last"}


def ordinal(n: int) -> str:
    """``first`` ... ``fifth``, ``last`` for -1, then ``6th``, ``21st``, ``112th``."""
    word = _ORDINAL_WORDS.get(n)
    if word is not None:
        return word
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"
