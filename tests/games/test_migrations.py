"""Schema versions: an older file is migrated in place, keeping its games; a newer one is refused."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import aiosqlite
import pytest

from bot.errors import StorageError
from bot.games.migrations import LATEST_VERSION, migrate, schema_version
from bot.games.service import GameService
from bot.games.store import GameStore
from tests.games.conftest import HERE, STARTER
from tests.games.tally import TallyCodec, TallyReducer, add, expected_state

V1_ACTIONS = [add("old-a", 1, players=["Alice"]), add("old-b", 2), add("old-c", 3)]


async def write_version_1_file(path: Path) -> None:
    """A game file as the first release wrote it: no snapshots, no actor names."""
    async with aiosqlite.connect(path, isolation_level=None) as conn:
        assert await migrate(conn, target=1) == 1
        await conn.execute(
            "INSERT INTO games (guild, channel, kind, started_by, started_at) "
            "VALUES (?, ?, 'mtg', '100', '2025-06-01T10:00:00+00:00')",
            (HERE.guild, HERE.channel),
        )
        rows = [
            (1, "do", '{"op":"add","token":"old-a","value":1,"players":["Alice"]}', None),
            (2, "do", '{"op":"add","token":"old-b","value":2}', None),
            (3, "do", '{"op":"add","token":"old-c","value":3}', None),
            (4, "undo", "{}", 3),
        ]
        for seq, kind, payload, target in rows:  # the v1 triggers bump the game's version
            await conn.execute(
                "INSERT INTO actions (game_id, seq, kind, payload, target, user, at) "
                "VALUES (1, ?, ?, ?, ?, '100', '2025-06-01T10:00:00+00:00')",
                (seq, kind, payload, target),
            )


async def test_a_version_1_file_is_migrated_and_its_game_goes_on(db_path: Path):
    await write_version_1_file(db_path)
    async with await GameStore.open(db_path) as store:
        assert (await store.active_game(HERE)).version == 4  # type: ignore[union-attr]
        service = GameService(store, TallyReducer(), snapshots=TallyCodec(), snapshot_every=2)
        assert await service.export(HERE) == V1_ACTIONS[:2]
        history = await service.history(HERE)
        assert [(h.kind, h.name) for h in history] == [
            ("do", ""),
            ("do", ""),
            ("do", ""),
            ("undo", ""),
        ]
        assert (await service.redo(HERE, STARTER)).action == V1_ACTIONS[2]
        await service.apply(HERE, add("new-d", 4), STARTER)  # 4th effective: a snapshot
    with sqlite3.connect(db_path) as conn:
        assert conn.execute("PRAGMA user_version").fetchone()[0] == LATEST_VERSION
        assert conn.execute("SELECT COUNT(*) FROM snapshots").fetchone()[0] == 1
        assert conn.execute("SELECT name FROM actions WHERE seq = 6").fetchone()[0] == "Starter"
    async with await GameStore.open(db_path) as store:  # opening again migrates nothing
        service = GameService(store, TallyReducer(), snapshots=TallyCodec())
        assert await service.state(HERE) == expected_state("mtg", [*V1_ACTIONS, add("new-d", 4)])


async def test_a_file_from_a_newer_bot_is_refused_and_left_alone(db_path: Path):
    with sqlite3.connect(db_path) as conn:
        conn.execute(f"PRAGMA user_version = {LATEST_VERSION + 1}")
    with pytest.raises(StorageError, match="newer rulesbot"):
        await GameStore.open(db_path)
    with sqlite3.connect(db_path) as conn:
        assert conn.execute("PRAGMA user_version").fetchone()[0] == LATEST_VERSION + 1
        assert conn.execute("SELECT COUNT(*) FROM sqlite_master").fetchone()[0] == 0


async def test_an_old_file_opened_read_only_asks_for_an_upgrade(db_path: Path):
    await write_version_1_file(db_path)
    with pytest.raises(StorageError, match="can't be upgraded"):
        await GameStore.open(db_path, read_only=True)


async def test_migrating_in_steps_reaches_the_same_schema_as_at_once(tmp_path: Path):
    async def schema(path: Path, steps: list[int]) -> list[tuple[str, str]]:
        async with aiosqlite.connect(path, isolation_level=None) as conn:
            for target in steps:
                await migrate(conn, target=target)
            assert await schema_version(conn) == LATEST_VERSION
            async with conn.execute(
                "SELECT name, sql FROM sqlite_master WHERE sql IS NOT NULL ORDER BY name"
            ) as cursor:
                return [tuple(row) async for row in cursor]

    stepwise = await schema(tmp_path / "steps.sqlite3", list(range(1, LATEST_VERSION + 1)))
    at_once = await schema(tmp_path / "once.sqlite3", [LATEST_VERSION])
    assert stepwise == at_once
