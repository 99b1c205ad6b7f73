"""Who may change a game: its starter, the users holding its seats, and judges; everyone in the
channel while the starter keeps it open.  Anyone may look.

A user is known by id only.  Display names and nicknames are never compared with the player
names of a game: anyone can call themselves "Bob".  A player name is bound to a user only by
an explicit seat (``game join Bob``, or ``game seat Bob @user`` by the starter or a judge).
"""

from __future__ import annotations

from bot.errors import PermissionDeniedError
from bot.games.model import Actor, Seating


def may_change(actor: Actor, seating: Seating) -> bool:
    """Whether ``actor`` may change the game seated as ``seating``."""
    return (
        actor.is_judge
        or seating.open
        or actor.user == seating.started_by
        or actor.user in seating.seats.values()
    )


def may_manage(actor: Actor, seating: Seating) -> bool:
    """Whether ``actor`` may assign or free other people's seats and open or close the game."""
    return actor.is_judge or actor.user == seating.started_by


def may_take_back(actor: Actor, seating: Seating, author: str) -> bool:
    """Whether ``actor`` may undo or redo an action ``author`` made: their own, or anyone's
    for the game's starter and judges."""
    return actor.user == author or may_manage(actor, seating)


def ensure_may_change(actor: Actor, seating: Seating) -> None:
    """Raise ``PermissionDeniedError`` unless ``actor`` may change the game."""
    if not may_change(actor, seating):
        raise PermissionDeniedError(
            "You don't hold a seat in this channel's game, so it was not changed.",
            hint="Its starter, the players holding seats and judges can change it; anyone can "
            "look at it. Take a free seat with `game join NAME`, or ask the starter to "
            "`game seat NAME @you`.",
        )


def ensure_may_manage(actor: Actor, seating: Seating) -> None:
    """Raise ``PermissionDeniedError`` unless ``actor`` may manage seats and openness."""
    if not may_manage(actor, seating):
        raise PermissionDeniedError(
            "Only the player who started this game or a judge can do that.",
            hint="You can take a free seat yourself with `game join NAME`, or leave yours with "
            "`game leave`.",
        )


def ensure_may_end(actor: Actor, seating: Seating) -> None:
    """Raise ``PermissionDeniedError`` unless ``actor`` may end the game: its starter or a
    judge (who alone can reopen it).  Told so whether or not they hold a seat: a seat
    doesn't let them end it (QA 16: a user without one was told to take one)."""
    if not may_manage(actor, seating):
        seated = may_change(actor, seating)
        raise PermissionDeniedError(
            "Only the player who started this game or a judge can end it.",
            hint="Only they can reopen an ended game."
            + (
                " You can take back your own last action with `game undo`, or leave your seat "
                "with `game leave`."
                if seated
                else " Anyone can look at it with `game state`."
            ),
        )
