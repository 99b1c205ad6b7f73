"""Who may change a game: its starter, the players named in it, and judges.  Anyone may look."""

from __future__ import annotations

from collections.abc import Iterable

from bot.errors import PermissionDeniedError
from bot.games.model import Actor, normalise_player


def may_change(actor: Actor, started_by: str, participants: Iterable[str]) -> bool:
    """Whether ``actor`` may change a game started by ``started_by`` with these participants.

    ``participants`` are the player names or user ids the game names (from the reducer); an
    actor matches by id or by display name, case-insensitively and ignoring a leading ``@``.
    """
    if actor.is_judge:
        return True
    allowed = {normalise_player(started_by)} | {normalise_player(p) for p in participants}
    return not actor.identities.isdisjoint(allowed)


def ensure_may_change(actor: Actor, started_by: str, participants: Iterable[str]) -> None:
    """Raise ``PermissionDeniedError`` unless ``actor`` may change the game."""
    if not may_change(actor, started_by, participants):
        raise PermissionDeniedError(
            f"{actor.name or actor.user} is not playing in this channel's game, so it was not "
            "changed.",
            hint="Only the player who started it, players named in it, and judges can change "
            "it; anyone can look at it.",
        )
