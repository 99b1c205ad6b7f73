"""A small deterministic reducer for the game-storage tests.

Its state carries a count, a running total and an order-sensitive digest of every action, so a
replay that lost, duplicated or reordered an action is detectable.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable, Mapping
from typing import Any

from bot.errors import ScenarioError

TallyState = Mapping[str, Any]

START_DIGEST = "0" * 16


def next_digest(digest: str, action: Mapping[str, Any]) -> str:
    text = f"{digest}|{action['token']}|{action['value']}"
    return hashlib.sha256(text.encode()).hexdigest()[:16]


class TallyReducer:
    """Actions: ``{"op": "add", "token": str, "value": int, "players": [names]?}``.

    ``{"op": "fail"}`` and unknown ops are rejected with ``ScenarioError``, like an illegal
    statement.  Players named in an action become participants of the game.
    """

    def __init__(self) -> None:
        self.applied = 0  # counts calls, to see how much a load replays

    def initial(self, kind: str) -> TallyState:
        return {"kind": kind, "count": 0, "total": 0, "digest": START_DIGEST, "players": []}

    def apply(self, state: TallyState, action: Mapping[str, Any]) -> TallyState:
        self.applied += 1
        if action.get("op") != "add":
            raise ScenarioError(f"I can't {action.get('op')!r} here.", hint="Try an add.")
        players = sorted(set(state["players"]) | set(action.get("players", ())))
        return {
            "kind": state["kind"],
            "count": state["count"] + 1,
            "total": state["total"] + action["value"],
            "digest": next_digest(state["digest"], action),
            "players": players,
        }


def expected_state(kind: str, actions: Iterable[Mapping[str, Any]]) -> TallyState:
    """The state a correct replay of ``actions`` must produce, computed independently."""
    state = TallyReducer().initial(kind)
    for action in actions:
        state = TallyReducer().apply(state, action)
    return state


class TallyCodec:
    """Snapshots as JSON; counts deserializations to see whether a load used a snapshot."""

    def __init__(self, tag: str = "tally-v1") -> None:
        self._tag = tag
        self.loaded = 0

    @property
    def tag(self) -> str:
        return self._tag

    def serialize(self, state: TallyState) -> bytes:
        return json.dumps(state).encode()

    def deserialize(self, data: bytes) -> TallyState:
        self.loaded += 1
        return json.loads(data)


def add(token: str, value: int = 1, players: Iterable[str] = ()) -> dict[str, Any]:
    action: dict[str, Any] = {"op": "add", "token": token, "value": value}
    if players:
        action["players"] = list(players)
    return action
