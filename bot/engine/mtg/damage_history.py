"""“Target creature that was dealt damage this turn” (Fatal Blow, Opportunist), CR 115.1.

Damage dealt to a creature is marked on it (120.3e) and stays until the cleanup step (514.2),
which the bot applies on "It is a later turn."; so damage marked on a creature shows it was
dealt damage this turn, and a creature with none marked isn't a creature the scenario shows
was.  Who dealt it ("that dealt damage this turn") isn't kept, so that stays unchecked.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from bot.engine.model import GameObject, Zone

_WAS_DEALT_DAMAGE = re.compile(r"\bthat (?:was|were) dealt damage this turn\b", re.IGNORECASE)


def is_dealt_damage_word(word: str) -> bool:
    """Whether an unchecked word of a description is "that was dealt damage this turn"."""
    return _WAS_DEALT_DAMAGE.fullmatch(word.strip()) is not None


def dealt_damage_problem(text: str, obj: GameObject) -> str | None:
    """Why permanent ``obj`` doesn't fit the "that was dealt damage this turn" of ``text``
    (no damage marked on it, 120.3e), or None."""
    if _WAS_DEALT_DAMAGE.search(text) is None or obj.zone is not Zone.BATTLEFIELD:
        return None
    if obj.damage > 0:
        return None
    return (
        f"{obj.name} has no damage marked, so the scenario shows no damage dealt to it this "
        f"turn (120.3e, 514.2)"
    )


def damage_decides(seen: Sequence[GameObject]) -> bool:
    """Whether the board decides "that was dealt damage this turn" for every object seen."""
    return bool(seen) and all(o.zone is Zone.BATTLEFIELD and o.damage > 0 for o in seen)
