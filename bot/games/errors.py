"""Game-specific kinds of the project's friendly errors (all are ``bot.errors.UserError``)."""

from __future__ import annotations

from bot.errors import NotFoundError, PermissionDeniedError, StateError, UserError


def _a_game(kind: str) -> str:
    return {"mtg": "an MTG game", "riftbound": "a Riftbound game", "": "a game"}.get(
        kind, f"a {kind} game"
    )


class NoGameError(NotFoundError):
    """The channel has no active game."""

    def __init__(self) -> None:
        super().__init__(
            "There is no game running in this channel.",
            hint="Start one with `game new` (or `game new riftbound`); a game ended here comes "
            "back as it was with `game reopen` (its starter or a judge).",
        )


class GameExistsError(StateError):
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

    def __init__(self, why: str = "earlier") -> None:
        said = {
            "earlier": "That choice belongs to an earlier step of this game",
            "future": "That choice names a step this game hasn't reached",
            "game": (
                "That choice belongs to another game, not the one running in this channel "
                "(an ended game, or another channel's)"
            ),
        }[why]
        super().__init__(
            f"{said}, so nothing was changed.", hint="`game state` shows where the game is now."
        )


class NotYoursError(PermissionDeniedError):
    """A change to what belongs to another user: a step of the action they are in the middle
    of (a cast chosen step by step), or, for undo and redo, their action.

    ``owner`` is that user's id; :meth:`naming` words the refusal with how a front end names
    them (a Discord mention).
    """

    def __init__(self, owner: str, *, in_progress: bool, doing: str = "undo") -> None:
        self.owner = owner
        self.in_progress = in_progress
        self.doing = doing
        message, hint = self._texts(owner)
        super().__init__(message, hint=hint)

    def naming(self, who: str) -> NotYoursError:
        """The same refusal naming the owner as ``who``."""
        named = NotYoursError(self.owner, in_progress=self.in_progress, doing=self.doing)
        named.message, named.hint = named._texts(who)
        named.args = (named.message,)
        return named

    def _texts(self, who: str) -> tuple[str, str]:
        if self.in_progress:
            return (
                f"{who} is in the middle of an action chosen step by step: only {who} or a "
                "judge can make its choices, go back or undo its steps (the player who "
                "started the game may also cancel it).",
                f"Wait until {who} finishes it or cancels it (`game cancel`); `game state` "
                "shows where it is.",
            )
        return (
            f"The last action in effect was {who}'s, so it was not {self.doing}ne: you can "
            f"{self.doing} only your own actions.",
            f"Ask {who}, the player who started the game or a judge (they can {self.doing} "
            "anyone's); `game history` shows who did what.",
        )
