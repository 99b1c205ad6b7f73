"""Game-specific kinds of the project's friendly errors (all are ``bot.errors.UserError``)."""

from __future__ import annotations

from bot.errors import NotFoundError, UsageError, UserError


def _a_game(kind: str) -> str:
    return {"mtg": "an MTG game", "riftbound": "a Riftbound game"}.get(kind, f"a {kind} game")


class NoGameError(NotFoundError):
    """The channel has no active game."""

    def __init__(self) -> None:
        super().__init__(
            "There is no game running in this channel.",
            hint="Start one with `game new` (or `game new riftbound`).",
        )


class GameExistsError(UsageError):
    """The channel already has an active game (one active game per channel)."""

    def __init__(self, kind: str) -> None:
        super().__init__(
            f"This channel already has {_a_game(kind)} running.",
            hint="End it first with `game end`, or play in another channel.",
        )


class ReplayError(UserError):
    """A stored action can no longer be replayed (e.g. the rules engine changed)."""


class StaleStepError(UserError):
    """A choice or button offered at an earlier version of the game (compare-and-set refused)."""

    def __init__(self) -> None:
        super().__init__(
            "That choice belongs to an earlier step of this game, so nothing was changed.",
            hint="`game state` shows where the game is now.",
        )
