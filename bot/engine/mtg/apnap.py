"""Triggers of several players at once go on the stack in APNAP order (CR 603.3b, 101.4): the
active player's first, then each other player's in turn order, so the last ones put there
resolve first.  The bot keeps no turn, so it takes a likely active player (the caster, the
drawer) and says so: the answer must not present that order as certain."""

from __future__ import annotations

from collections.abc import Sequence

from bot.engine.wording import and_list

RULE = "603.3b"


def apnap_note(controllers: Sequence[str], active: str) -> str | None:
    """The note for triggers controlled by ``controllers`` put on the stack together, taking
    ``active`` as the active player; None when only one player's triggered."""
    others = sorted({name for name in controllers if name.lower() != active.lower()})
    if not others or len(set(controllers)) < 2:
        return None
    if active.lower() not in {name.lower() for name in controllers}:
        return None
    whose = and_list(f"{name}'s" for name in others)
    return (
        f"{active}'s and {whose} abilities triggered together: taking {active} as the active "
        f"player, {active}'s go on the stack first and {whose} on top of them, so those resolve "
        f"first (APNAP, {RULE}); on another player's turn that player's go on the stack first"
    )
