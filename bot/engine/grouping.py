"""Split targets given in text order among the places that ask for them.

Both games' scenario statements list targets in the order the card's text asks for them
(CR 601.2c; Riftbound 355.8); each place takes as many as it may while leaving enough for the
ones after it.  What to do with targets left over is each game's own rule.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

T = TypeVar("T")


def split_in_text_order(
    bounds: Sequence[tuple[int, int | None]], refs: Sequence[T]
) -> tuple[list[list[T]], list[T]]:
    """Groups, one per ``(min_count, max_count)`` bound, and the targets left over."""
    groups: list[list[T]] = []
    rest = list(refs)
    for number, (min_count, max_count) in enumerate(bounds):
        later_min = sum(low for low, _ in bounds[number + 1 :])
        room = max(0, len(rest) - later_min)
        take = room if max_count is None else min(max_count, room)
        take = max(take, min(min_count, len(rest)))
        groups.append(rest[:take])
        rest = rest[take:]
    return groups, rest
