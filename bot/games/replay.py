"""The grammar of a game's log: which actions are in effect after ``do``/``undo``/``redo``.

History is never deleted.  Undo moves the last effective action to the redo stack, redo moves
the last undone action back, and a new ordinary action clears the redo stack.  Pure functions.
"""

from __future__ import annotations

from collections.abc import Iterable

from bot.errors import DataError
from bot.games.model import ActionRecord, HistoryEntry, Replay

__all__ = ["Replay", "history", "replay_log"]


def replay_log(entries: Iterable[ActionRecord]) -> Replay:
    """Derive the effective actions from a log given in ``seq`` order.

    Raises ``DataError`` if the log is not one the service could have written (an undo with
    nothing to undo, or an undo/redo whose target is not the entry it would affect).
    """
    applied: list[ActionRecord] = []
    undone: list[ActionRecord] = []
    together: set[int] = set()
    for entry in entries:
        if entry.kind == "do":
            applied.append(entry)
            undone.clear()
            continue
        source, dest = (applied, undone) if entry.kind == "undo" else (undone, applied)
        if not source or source[-1].seq != entry.target:
            raise DataError(
                f"Game log entry #{entry.seq} ({entry.kind} of #{entry.target}) does not match "
                "the log before it; the game file is corrupt."
            )
        dest.append(source.pop())
        if entry.kind == "undo" and entry.payload.get("whole") and entry.target is not None:
            together.add(entry.target)
        elif entry.target is not None:
            together.discard(entry.target)
    kept = {record.seq for record in undone}
    return Replay(tuple(applied), tuple(undone), frozenset(together & kept))


def history(entries: Iterable[ActionRecord]) -> list[HistoryEntry]:
    """Every log entry with the action it did, undid or redid, and whether a ``do`` still counts."""
    ordered = list(entries)
    in_effect = {record.seq for record in replay_log(ordered).applied}
    done = {record.seq: record for record in ordered if record.kind == "do"}
    lines = []
    for record in ordered:
        subject = done[record.target] if record.target is not None else record
        lines.append(
            HistoryEntry(
                seq=record.seq,
                kind=record.kind,
                action=subject.payload,
                target=record.target,
                user=record.user,
                name=record.name,
                at=record.at,
                in_effect=record.kind == "do" and record.seq in in_effect,
            )
        )
    return lines
