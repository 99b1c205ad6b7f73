"""A locked, read-only or full database gives a friendly StorageError and changes nothing."""

from __future__ import annotations

import os
import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import asyncpg
import pytest

from bot.errors import StorageError, UserError
from bot.games.postgres_store import _storage_errors
from bot.games.service import GameService
from bot.games.sqlerrors import storage_error_for
from bot.games.store import GameStore
from tests.games.conftest import HERE, STARTER
from tests.games.tally import TallyReducer, add

OTHER_CHANNEL = HERE.__class__(HERE.guild, "channel-2")


async def game_with_three_actions(path: Path) -> list:
    async with await GameStore.open(path) as store:
        service = GameService(store, TallyReducer())
        await service.new(HERE, "mtg", STARTER)
        for token in "abc":
            await service.apply(HERE, add(token), STARTER)
        return await store.actions(HERE)


async def assert_unchanged(path: Path, before: list) -> None:
    async with await GameStore.open(path) as store:
        assert await store.actions(HERE) == before
        game = await store.active_game(HERE)
        assert game is not None and game.version == len(before)
        assert await store.active_game(OTHER_CHANNEL) is None


def file_size(path: Path) -> int:
    return path.stat().st_size


@contextmanager
def write_lock_held(path: Path) -> Iterator[None]:
    """Another process's writer holding the write lock (an open IMMEDIATE transaction)."""
    other = sqlite3.connect(path, isolation_level=None)
    try:
        other.execute("BEGIN IMMEDIATE")
        other.execute("CREATE TABLE other_process_scratch (x)")
        yield
        other.execute("ROLLBACK")
    finally:
        other.close()


async def every_change_fails(service: GameService, match: str) -> None:
    changes = (
        service.apply(HERE, add("d"), STARTER),
        service.undo(HERE, STARTER),
        service.new(OTHER_CHANNEL, "mtg", STARTER),
        service.end(HERE, STARTER),
    )
    for change in changes:
        with pytest.raises(StorageError, match=match) as raised:
            await change
        assert "nothing was changed" in str(raised.value) and raised.value.hint
        assert isinstance(raised.value, UserError)


async def test_a_locked_database(db_path: Path):
    before = await game_with_three_actions(db_path)
    async with await GameStore.open(db_path, busy_timeout=0.05) as store:
        service = GameService(store, TallyReducer())
        await service.state(HERE)  # cached before the lock, to test the write path only
        with write_lock_held(db_path):
            await every_change_fails(service, "busy")
            # Anyone may still look: WAL readers don't wait for writers.
            assert [a["token"] for a in await service.export(HERE)] == ["a", "b", "c"]
        assert await store.actions(HERE) == before
        # Once the lock is gone the same command works, on the unchanged game.
        assert (await service.apply(HERE, add("d"), STARTER))["count"] == 4


async def test_a_database_opened_read_only(db_path: Path):
    before = await game_with_three_actions(db_path)
    async with await GameStore.open(db_path, read_only=True) as store:
        service = GameService(store, TallyReducer())
        assert (await service.state(HERE))["count"] == 3
        await every_change_fails(service, "read-only")
    await assert_unchanged(db_path, before)


@pytest.mark.skipif(os.geteuid() == 0, reason="root ignores file permissions")
async def test_a_database_file_without_write_permission(db_path: Path):
    before = await game_with_three_actions(db_path)
    for file in db_path.parent.glob(db_path.name + "*"):
        file.chmod(0o444)
    try:
        async with await GameStore.open(db_path) as store:  # SQLite falls back to read-only
            service = GameService(store, TallyReducer())
            assert (await service.state(HERE))["count"] == 3
            await every_change_fails(service, "read-only")
    finally:
        for file in db_path.parent.glob(db_path.name + "*"):
            file.chmod(0o644)
    await assert_unchanged(db_path, before)


async def test_a_full_database(db_path: Path):
    before = await game_with_three_actions(db_path)
    async with await GameStore.open(db_path, max_bytes=file_size(db_path)) as store:
        service = GameService(store, TallyReducer())
        big = add("big") | {"note": "x" * 200_000}
        with pytest.raises(StorageError, match="full"):
            await service.apply(HERE, big, STARTER)
        # The cap holds on both of the store's connections (seats go through aiosqlite's).
        with pytest.raises(StorageError, match="full"):
            await store.set_seat(HERE, "P" * 200_000, STARTER.user, STARTER)
        assert (await service.state(HERE))["count"] == 3
    await assert_unchanged(db_path, before)
    async with await GameStore.open(db_path) as store:  # with room again, it goes in
        assert (await GameService(store, TallyReducer()).apply(HERE, big, STARTER))["count"] == 4


def test_other_sqlite_errors_are_bugs_not_user_errors():
    assert storage_error_for(sqlite3.OperationalError("no such table: games")) is None
    assert storage_error_for(sqlite3.IntegrityError("UNIQUE constraint failed")) is None
    full = sqlite3.OperationalError("database or disk is full")
    assert "full" in str(storage_error_for(full))


async def test_a_missing_folder_is_a_storage_error(tmp_path: Path):
    with pytest.raises(StorageError, match="could not be read or written"):
        await GameStore.open(tmp_path / "no-such-folder" / "games.sqlite3")


@pytest.mark.parametrize(
    "garbage",
    [
        os.urandom(50_000),  # QA 14: random bytes, "file is not a database"
        b"SQLite format 3\x00" + b"\xff" * 4000,  # a damaged header, "malformed"
    ],
)
async def test_a_damaged_or_foreign_file_is_a_storage_error(tmp_path: Path, garbage: bytes):
    path = tmp_path / "games.sqlite3"
    path.write_bytes(garbage)
    with pytest.raises(StorageError, match="damaged or is not a rulesbot games database") as raised:
        await GameStore.open(path)
    assert "nothing was changed" in str(raised.value) and raised.value.hint
    assert path.read_bytes() == garbage  # opening it wrote nothing


def test_a_corrupt_database_error_is_a_storage_error():
    for error in (
        sqlite3.DatabaseError("file is not a database"),
        sqlite3.DatabaseError("database disk image is malformed"),
    ):
        assert "damaged" in str(storage_error_for(error))


def test_a_damaged_postgresql_database_is_a_storage_error():
    # A server reporting damaged data (XX001) is a condition of the machine, as in SQLite.
    with pytest.raises(StorageError, match="damaged") as raised, _storage_errors():
        raise asyncpg.exceptions.DataCorruptedError("invalid page in block 0")
    assert "nothing was changed" in str(raised.value) and raised.value.hint
