"""The nouns of per-channel games: where a game lives, who acts, and what the log holds.

Values only; storage is in ``store.py`` and session logic in ``service.py``.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import datetime
from functools import cached_property
from typing import Any, Literal

from bot.errors import UsageError

EntryKind = Literal["do", "undo", "redo"]
"""A log entry either does an action, undoes the last effective one, or redoes the last undone."""

GAME_KINDS = ("mtg", "riftbound")


@dataclass(frozen=True)
class GameScope:
    """The one place a game lives: a (guild, channel) pair.

    Every storage query is keyed by a scope, so a command can only ever reach the game of the
    channel it was typed in; users never pass a raw game id.
    """

    guild: str
    channel: str

    def __post_init__(self) -> None:
        if not self.guild or not self.channel:
            raise UsageError(
                "A game needs both a server and a channel.",
                hint="Games can be played in a server's text channels (use a fixed name for DMs).",
            )


@dataclass(frozen=True)
class Actor:
    """Who asks for a change: a stable user id, a display name, and whether a judge.

    Only ``user`` ever decides what an actor may do: ``name`` is a display name the user can
    set to anything ("Bob"), so it is shown, never matched.  ``is_judge`` is decided by the
    front end (a role, a permission); this layer trusts it.
    """

    user: str
    name: str = ""
    is_judge: bool = False


@dataclass(frozen=True)
class Seating:
    """Who may change a game: its starter, the holders of its seats, everyone while it is open.

    ``seats`` maps a player's name as typed in the game ("Bob") to the user id holding it.
    """

    started_by: str
    seats: Mapping[str, str] = field(default_factory=dict)
    open: bool = False

    def holder(self, player: str) -> str | None:
        """The user id holding ``player``'s seat (names compare case-insensitively)."""
        key = normalise_player(player)
        return next(
            (user for name, user in self.seats.items() if normalise_player(name) == key), None
        )

    def seats_of(self, user: str) -> list[str]:
        """The player names ``user`` holds, in the order they were taken."""
        return [name for name, holder in self.seats.items() if holder == user]


# A player's name in a shared game: one word of plain letters, so that no one can add or take
# a seat that only looks like another player's ("Аlice" with a Cyrillic А, an invisible space).
PLAIN_PLAYER_NAME = re.compile(r"[A-Za-z][A-Za-z0-9_'’-]{0,31}")


def normalise_player(value: str) -> str:
    """How player names and ids are compared: case-insensitive, a leading ``@`` ignored."""
    return value.strip().removeprefix("@").casefold()


@dataclass(frozen=True)
class GameRecord:
    """One game row.  ``version`` counts log entries; ``id`` is internal, never user input."""

    id: int
    scope: GameScope
    kind: str
    started_by: str
    started_at: datetime
    version: int
    ended_at: datetime | None = None
    ended_by: str | None = None


@dataclass(frozen=True)
class ActionRecord:
    """One log entry, as stored: ``seq`` is its 1-based place in the game's log.

    For ``do`` entries ``payload`` is the action; for ``undo``/``redo`` entries ``target`` is the
    ``seq`` of the ``do`` entry they affect and ``payload`` is empty (an undo that took back a
    step-by-step action as a whole has ``{"whole": true}``).  The stored JSON is
    decoded on first use: loading a long game decodes only the actions it replays.
    """

    seq: int
    kind: EntryKind
    payload_json: str
    target: int | None
    user: str
    name: str
    is_judge: bool
    at: datetime

    @classmethod
    def appended(
        cls, seq: int, entry: NewEntry, payload_json: str, actor: Actor, at: datetime
    ) -> ActionRecord:
        """The record of ``entry`` as a store has just appended it at ``seq``."""
        return cls(
            seq=seq,
            kind=entry.kind,
            payload_json=payload_json,
            target=entry.target,
            user=actor.user,
            name=actor.name,
            is_judge=actor.is_judge,
            at=at,
        )

    @classmethod
    def stored(
        cls,
        seq: int,
        kind: EntryKind,
        payload_json: str,
        target: int | None,
        user: str,
        name: str,
        is_judge: bool,
        at: datetime,
    ) -> ActionRecord:
        """A record read back from a store, built without the generated ``__init__``: a frozen
        dataclass sets each field through ``object.__setattr__``, and a cold load builds one
        record per log entry (500 for a 500-action game: 2 ms of a 10 ms budget, issue 14)."""
        record = object.__new__(cls)
        record.__dict__.update(
            seq=seq,
            kind=kind,
            payload_json=payload_json,
            target=target,
            user=user,
            name=name,
            is_judge=is_judge,
            at=at,
        )
        return record

    @cached_property
    def payload(self) -> Mapping[str, Any]:
        """The action as a JSON object (shared: treat it as read-only)."""
        decoded: Mapping[str, Any] = json.loads(self.payload_json)
        return decoded


@dataclass(frozen=True)
class NewEntry:
    """A log entry to append; build it with :meth:`do`, :meth:`undo` or :meth:`redo`."""

    kind: EntryKind
    payload: Mapping[str, Any]
    target: int | None = None

    @classmethod
    def do(cls, payload: Mapping[str, Any]) -> NewEntry:
        return cls("do", payload)

    @classmethod
    def undo(cls, target: int, *, whole: bool = False) -> NewEntry:
        """``whole``: one of the entries of an undo that took back a step-by-step action as
        a whole, which a redo then does again as a whole."""
        return cls("undo", {"whole": True} if whole else {}, target)

    @classmethod
    def redo(cls, target: int) -> NewEntry:
        return cls("redo", {}, target)


@dataclass(frozen=True)
class SnapshotBlob:
    """A serialized state.  ``tag`` names the reducer/format that wrote it; others ignore it."""

    tag: str
    data: bytes


@dataclass(frozen=True)
class StoredSnapshot:
    """A snapshot of the state after the effective actions ending with the ``do`` at ``last_seq``."""

    last_seq: int
    blob: SnapshotBlob


@dataclass(frozen=True)
class Replay:
    """The effective ``do`` entries in order, and the redo stack (its last item is redone next)."""

    applied: tuple[ActionRecord, ...]
    undone: tuple[ActionRecord, ...]
    # The undone actions an undo took back together, as a whole step-by-step action.
    together: frozenset[int] = frozenset()


@dataclass(frozen=True)
class GameLog:
    """Everything needed to rebuild a game, read in one consistent transaction."""

    game: GameRecord
    entries: tuple[ActionRecord, ...]
    replay: Replay
    snapshot: StoredSnapshot | None
    seating: Seating


@dataclass(frozen=True)
class HistoryEntry:
    """One line of a game's history, with the action it did, undid or redid."""

    seq: int
    kind: EntryKind
    action: Mapping[str, Any]
    target: int | None
    user: str
    name: str
    at: datetime
    in_effect: bool
    """For ``do`` entries: whether the action currently counts (not undone)."""
