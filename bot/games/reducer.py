"""What the game service needs from a rules engine: a reducer over actions.

The service stores actions and replays them through the reducer; it never looks inside a state.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Protocol, TypeVar, runtime_checkable

S = TypeVar("S")


class Reducer(Protocol[S]):
    """Builds a game state by applying actions, one at a time, deterministically.

    ``apply`` must not mutate ``state`` or ``action`` (it returns a new state) and must give the same result
    every time for the same inputs, because states are rebuilt by replaying the log.  It raises
    ``bot.errors.UserError`` (e.g. ``ScenarioError``) for an action it rejects; such an action
    is not stored.  Actions arrive exactly as stored: a JSON object.
    """

    def initial(self, kind: str) -> S:
        """The empty state of a new game of ``kind`` ("mtg" or "riftbound")."""
        ...

    def apply(self, state: S, action: Mapping[str, Any]) -> S:
        """The state after ``action``; raises ``UserError`` if the action is rejected."""
        ...


@runtime_checkable
class StepByStep(Protocol):
    """Optional: a reducer whose actions may be chosen step by step (a cast, one choice at a
    time) says whether one is in progress and which stored actions start one, so the service
    knows whose it is: the user who stored the action that started it."""

    def has_action_in_progress(self, state: Any) -> bool: ...

    def starts_action(self, action: Mapping[str, Any]) -> bool: ...

    def cancels_action(self, action: Mapping[str, Any]) -> bool: ...

    def continues_action(self, action: Mapping[str, Any]) -> bool:
        """Whether ``action`` is a step of an action in progress (a choice, back, cancel)."""
        ...


class SnapshotCodec(Protocol[S]):
    """Optional: serializes states so loading replays only the tail of a long log.

    ``tag`` names the format and rules version; change it whenever the reducer's behaviour
    or the format changes, and older snapshots are ignored (the log is replayed instead).
    """

    @property
    def tag(self) -> str: ...

    def serialize(self, state: S) -> bytes: ...

    def deserialize(self, data: bytes) -> S: ...
