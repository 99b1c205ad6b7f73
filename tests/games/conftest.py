"""Fixtures for the game-storage tests: a fresh database file, a store and a service on it."""

from __future__ import annotations

from collections.abc import AsyncIterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from bot.games.model import Actor, GameScope
from bot.games.service import GameService
from bot.games.store import GameStore
from tests.games.tally import TallyCodec, TallyReducer, TallyState

HERE = GameScope("guild-1", "channel-1")
STARTER = Actor("100", "Starter")
STRANGER = Actor("999", "Stranger")
JUDGE = Actor("555", "Judge", is_judge=True)


class StepClock:
    """A clock that moves one second per reading, so stored times are predictable."""

    def __init__(self) -> None:
        self.now = datetime(2026, 1, 16, 12, 0, tzinfo=UTC)

    def __call__(self) -> datetime:
        self.now += timedelta(seconds=1)
        return self.now


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "games.sqlite3"


@pytest.fixture
async def store(db_path: Path) -> AsyncIterator[GameStore]:
    opened = await GameStore.open(db_path, clock=StepClock())
    yield opened
    await opened.close()


@pytest.fixture
def reducer() -> TallyReducer:
    return TallyReducer()


@pytest.fixture
def codec() -> TallyCodec:
    return TallyCodec()


@pytest.fixture
def service(store: GameStore, reducer: TallyReducer, codec: TallyCodec) -> GameService[TallyState]:
    return GameService(store, reducer, snapshots=codec, snapshot_every=10)
