"""One reducer and one snapshot codec for the games service over each game kind's own.

A state says which kind of game it is (``state.kind``: "mtg", "riftbound"), so the service
never asks which class it holds; a game is started as one kind and stays that kind.
"""

from __future__ import annotations

import zlib
from collections.abc import Mapping
from typing import Any

from bot.games.reducer import Reducer, SnapshotCodec, StepByStep


class KindReducer:
    """Each state to the reducer of its kind."""

    def __init__(self, reducers: Mapping[str, Reducer[Any]]) -> None:
        self._reducers = dict(reducers)
        # The kinds whose actions may be chosen step by step, found once: an isinstance check
        # against a runtime-checkable protocol is slow, and these are asked on every change.
        self._steps: dict[str, StepByStep] = {
            kind: reducer
            for kind, reducer in self._reducers.items()
            if isinstance(reducer, StepByStep)
        }

    def initial(self, kind: str) -> Any:
        return self._reducers[kind].initial(kind)

    def apply(self, state: Any, action: Mapping[str, Any]) -> Any:
        return self._reducers[state.kind].apply(state, action)

    def has_action_in_progress(self, state: Any) -> bool:
        steps = self._steps.get(state.kind)
        return steps is not None and steps.has_action_in_progress(state)

    def starts_action(self, action: Mapping[str, Any]) -> bool:
        return any(steps.starts_action(action) for steps in self._steps.values())

    def cancels_action(self, action: Mapping[str, Any]) -> bool:
        return any(steps.cancels_action(action) for steps in self._steps.values())

    def continues_action(self, action: Mapping[str, Any]) -> bool:
        return any(steps.continues_action(action) for steps in self._steps.values())


# A snapshot's JSON repeats itself (every copy of a card carries its rules text): zlib's
# fastest level makes a long game's 160 KB a tenth as big in ~0.4 ms, which the database
# then writes, copies at each checkpoint and reads back for less (issue 14).
COMPRESSION_LEVEL = 1
COMPRESSED = b"z:"  # after the kind's label: a compressed snapshot (older ones are plain JSON)
# A snapshot is read from a database file that could have been tampered with: never inflate
# one beyond this (a long game's state is well under a megabyte).
MAX_SNAPSHOT_BYTES = 64 * 1024 * 1024


class KindCodec:
    """Snapshots of every kind: each kind's codec, its blobs prefixed by the kind's label
    (``b"mtg:"``, ``b"rb:"``) so a blob is read back by the codec that wrote it, and
    compressed (``b"mtg:z:"``); plain ones written before are read as they are."""

    def __init__(self, codecs: Mapping[str, tuple[bytes, SnapshotCodec[Any]]]) -> None:
        self._codecs = dict(codecs)

    @property
    def tag(self) -> str:
        return "+".join(codec.tag for _, codec in self._codecs.values())

    def serialize(self, state: Any) -> bytes:
        prefix, codec = self._codecs[state.kind]
        return prefix + COMPRESSED + zlib.compress(codec.serialize(state), COMPRESSION_LEVEL)

    def deserialize(self, data: bytes) -> Any:
        for prefix, codec in self._codecs.values():
            if data.startswith(prefix + COMPRESSED):
                return codec.deserialize(_inflate(data[len(prefix) + len(COMPRESSED) :]))
            if data.startswith(prefix):
                return codec.deserialize(data[len(prefix) :])
        raise TypeError("not a game snapshot")


def _inflate(data: bytes) -> bytes:
    """A compressed snapshot's bytes; ``ValueError`` if they are not whole zlib data or would
    grow beyond ``MAX_SNAPSHOT_BYTES`` (the service then replays the log instead)."""
    inflater = zlib.decompressobj()
    try:
        out = inflater.decompress(data, MAX_SNAPSHOT_BYTES)
    except zlib.error as error:
        raise ValueError(f"not a compressed snapshot: {error}") from error
    if inflater.unconsumed_tail or not inflater.eof:
        raise ValueError("a compressed snapshot too large or cut short")
    return out
