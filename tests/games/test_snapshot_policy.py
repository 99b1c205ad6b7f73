"""Snapshots are taken by replay cost, not every N actions (issue 14).

A snapshot is stored once the reducer work a cold load would replay since the last one
reaches what a snapshot costs to encode (the median of the last three, and at least
``MIN_REPLAY_SECONDS``). The clock is
faked: each action "costs" what its reducer says, each snapshot what its codec says.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

import pytest

from bot.games import service as service_module
from bot.games.service import MIN_REPLAY_SECONDS, GameService
from bot.games.store import GameStore
from tests.games.conftest import HERE, STARTER
from tests.games.tally import TallyCodec, TallyReducer, TallyState, add, expected_state


class FakeClock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def clock(monkeypatch: pytest.MonkeyPatch) -> Iterator[FakeClock]:
    fake = FakeClock()
    monkeypatch.setattr(service_module.time, "perf_counter", fake)
    yield fake


class CostlyReducer(TallyReducer):
    def __init__(self, clock: FakeClock, seconds: float) -> None:
        super().__init__()
        self.clock, self.seconds = clock, seconds

    def apply(self, state: TallyState, action: Mapping[str, Any]) -> TallyState:
        self.clock.now += self.seconds
        return super().apply(state, action)


class CostlyCodec(TallyCodec):
    def __init__(self, clock: FakeClock, seconds: float) -> None:
        super().__init__()
        self.clock, self.seconds = clock, seconds
        self.written = 0

    def serialize(self, state: TallyState) -> bytes:
        self.clock.now += self.seconds
        self.written += 1
        return super().serialize(state)


async def _snapshots_for(
    db_path: Path, clock: FakeClock, action_seconds: float, encode_seconds: float, count: int
) -> int:
    async with await GameStore.open(db_path) as store:
        codec = CostlyCodec(clock, encode_seconds)
        service = GameService(store, CostlyReducer(clock, action_seconds), snapshots=codec)
        await service.new(HERE, "mtg", STARTER)
        for i in range(count):
            await service.apply(HERE, add(f"t{i}", i), STARTER)
        return codec.written


async def test_cheap_actions_are_snapshotted_rarely_and_costly_ones_often(
    tmp_path: Path, clock: FakeClock
) -> None:
    assert MIN_REPLAY_SECONDS == 0.004
    # 1.1 ms actions, 0.1 ms snapshots: one every 4 actions (4.4 ms of replay >= 4 ms).
    cheap = await _snapshots_for(tmp_path / "a.sqlite3", clock, 0.0011, 0.0001, 40)
    assert cheap == 10
    # 0.11 ms actions: 40 actions are 4.4 ms of replay, one snapshot (at the 37th).
    assert await _snapshots_for(tmp_path / "b.sqlite3", clock, 0.00011, 0.0001, 40) == 1
    # 1.1 ms actions but 10 ms snapshots: after the first, one per 10 ms of replay (at
    # actions 4, 14, 24, 34): snapshots never cost more than the replays they save.
    assert await _snapshots_for(tmp_path / "c.sqlite3", clock, 0.0011, 0.010, 40) == 4


async def test_a_cold_load_replays_no_more_than_the_policy_allows(
    tmp_path: Path, clock: FakeClock
) -> None:
    db_path = tmp_path / "games.sqlite3"
    await _snapshots_for(db_path, clock, 0.0011, 0.0001, 23)
    async with await GameStore.open(db_path) as store:
        reducer, codec = TallyReducer(), TallyCodec()
        reader = GameService(store, reducer, snapshots=codec)
        state = await reader.state(HERE)
    assert state == expected_state("mtg", [add(f"t{i}", i) for i in range(23)])
    # Snapshots at 4, 8, ..., 20: the load decodes the one at 20 and replays 3 actions.
    assert (codec.loaded, reducer.applied) == (1, 3)


class OnceSlowCodec(CostlyCodec):
    """Encodes cost ``seconds``, except the ``slow_at``-th, which costs ``slow``."""

    def __init__(self, clock: FakeClock, seconds: float, slow_at: int, slow: float) -> None:
        super().__init__(clock, seconds)
        self.slow_at, self.slow = slow_at, slow

    def serialize(self, state: TallyState) -> bytes:
        if self.written + 1 == self.slow_at:
            self.clock.now += self.slow - self.seconds
        return super().serialize(state)


async def test_one_slow_snapshot_does_not_hold_the_next_ones_back(
    tmp_path: Path, clock: FakeClock
) -> None:
    # 1.1 ms actions and 0.1 ms snapshots: one every 4 actions (at 4, 8, 12, ...).  The third
    # takes 30 ms (the machine paused): the next ones still come every 4 actions, so a cold
    # load never replays 27 actions behind it, as it would by that one encode's cost.
    async with await GameStore.open(tmp_path / "games.sqlite3") as store:
        codec = OnceSlowCodec(clock, 0.0001, slow_at=3, slow=0.030)
        service = GameService(store, CostlyReducer(clock, 0.0011), snapshots=codec)
        await service.new(HERE, "mtg", STARTER)
        for i in range(24):
            await service.apply(HERE, add(f"t{i}", i), STARTER)
    assert codec.written == 6
