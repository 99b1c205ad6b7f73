"""One reducer and one snapshot codec for the games service over each game kind's own.

A state says which kind of game it is (``state.kind``: "mtg", "riftbound"), so the service
never asks which class it holds; a game is started as one kind and stays that kind.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bot.games.reducer import Reducer, SnapshotCodec, StepByStep


class KindReducer:
    """Each state to the reducer of its kind."""

    def __init__(self, reducers: Mapping[str, Reducer[Any]]) -> None:
        self._reducers = dict(reducers)

    def initial(self, kind: str) -> Any:
        return self._reducers[kind].initial(kind)

    def apply(self, state: Any, action: Mapping[str, Any]) -> Any:
        return self._reducers[state.kind].apply(state, action)

    def has_action_in_progress(self, state: Any) -> bool:
        reducer = self._reducers[state.kind]
        return isinstance(reducer, StepByStep) and reducer.has_action_in_progress(state)

    def starts_action(self, action: Mapping[str, Any]) -> bool:
        return any(
            isinstance(reducer, StepByStep) and reducer.starts_action(action)
            for reducer in self._reducers.values()
        )

    def cancels_action(self, action: Mapping[str, Any]) -> bool:
        return any(
            isinstance(reducer, StepByStep) and reducer.cancels_action(action)
            for reducer in self._reducers.values()
        )

    def continues_action(self, action: Mapping[str, Any]) -> bool:
        return any(
            isinstance(reducer, StepByStep) and reducer.continues_action(action)
            for reducer in self._reducers.values()
        )


class KindCodec:
    """Snapshots of every kind: each kind's codec, its blobs prefixed by the kind's label
    (``b"mtg:"``, ``b"rb:"``) so a blob is read back by the codec that wrote it."""

    def __init__(self, codecs: Mapping[str, tuple[bytes, SnapshotCodec[Any]]]) -> None:
        self._codecs = dict(codecs)

    @property
    def tag(self) -> str:
        return "+".join(codec.tag for _, codec in self._codecs.values())

    def serialize(self, state: Any) -> bytes:
        prefix, codec = self._codecs[state.kind]
        return prefix + codec.serialize(state)

    def deserialize(self, data: bytes) -> Any:
        for prefix, codec in self._codecs.values():
            if data.startswith(prefix):
                return codec.deserialize(data[len(prefix) :])
        raise TypeError("not a game snapshot")
