"""Many commands at once on one channel: every one applied exactly once, none lost."""

from __future__ import annotations

import asyncio
from collections import Counter
from pathlib import Path

from bot.games.service import GameService
from bot.games.store import GameStore
from tests.games.conftest import HERE, STARTER
from tests.games.tally import TallyCodec, TallyReducer, add, expected_state

COMMANDS = 200


async def check_each_applied_once(store: GameStore, service: GameService) -> None:
    log = await store.actions(HERE)
    counts = Counter(record.payload["token"] for record in log)
    assert counts == Counter({f"t{i}": 1 for i in range(COMMANDS)})
    assert [record.seq for record in log] == list(range(1, COMMANDS + 1))
    exported = await service.export(HERE)
    assert await service.state(HERE) == expected_state("mtg", exported)
    # A cold load (snapshots + tail replay) agrees with the order the log recorded.
    cold = GameService(store, TallyReducer(), snapshots=TallyCodec())
    state = await cold.state(HERE)
    assert state["count"] == COMMANDS and state["total"] == sum(range(COMMANDS))


async def test_200_concurrent_commands_on_one_channel(service: GameService, store: GameStore):
    await service.new(HERE, "mtg", STARTER)
    states = await asyncio.gather(
        *(service.apply(HERE, add(f"t{i}", i), STARTER) for i in range(COMMANDS))
    )
    assert sorted(state["count"] for state in states) == list(range(1, COMMANDS + 1))
    assert service.conflicts == 0  # one process: the per-channel lock serializes them
    await check_each_applied_once(store, service)


async def test_200_concurrent_commands_through_two_connections(db_path: Path):
    """Two stores on one file stand for two processes: only the SQL version check protects."""
    async with (
        await GameStore.open(db_path) as first_store,
        await GameStore.open(db_path) as second_store,
    ):
        first = GameService(first_store, TallyReducer(), snapshots=TallyCodec(), snapshot_every=7)
        second = GameService(second_store, TallyReducer(), snapshots=TallyCodec(), snapshot_every=7)
        await first.new(HERE, "mtg", STARTER)
        await asyncio.gather(
            *(
                (first if i % 2 else second).apply(HERE, add(f"t{i}", i), STARTER)
                for i in range(COMMANDS)
            )
        )
        assert first.conflicts + second.conflicts > 0  # the version check really was exercised
        await check_each_applied_once(first_store, first)
        await check_each_applied_once(second_store, second)


async def test_concurrent_undo_and_apply_through_two_connections(db_path: Path):
    async with (
        await GameStore.open(db_path) as first_store,
        await GameStore.open(db_path) as second_store,
    ):
        first = GameService(first_store, TallyReducer())
        second = GameService(second_store, TallyReducer())
        await first.new(HERE, "mtg", STARTER)
        for i in range(40):
            await first.apply(HERE, add(f"base{i}"), STARTER)
        undos = [second.undo(HERE, STARTER) for _ in range(20)]
        applies = [first.apply(HERE, add(f"new{i}"), STARTER) for i in range(20)]
        await asyncio.gather(*undos, *applies)
        log = await first_store.actions(HERE)
        assert len(log) == 80
        assert Counter(record.kind for record in log) == {"do": 60, "undo": 20}
        exported = await first.export(HERE)
        assert len(exported) == 40  # 60 actions, 20 of them undone
        assert await second.export(HERE) == exported
        assert await second.state(HERE) == expected_state("mtg", exported)
