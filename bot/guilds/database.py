"""The settings database file: one connection and one write lock, shared by the guild and
channel settings (``store.py``) and the stored command links (``command_links.py``).

Storage only: nothing here knows about Discord.  Tables are created with ``IF NOT EXISTS`` and
the file's ``user_version`` is left alone, because the game store's migrations own it when both
live in one file.
"""

from __future__ import annotations

import asyncio
import sqlite3
from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import aiosqlite

from bot.db import run_statement
from bot.errors import StorageError


class SettingsDatabase:
    """Reads and writes the settings tables; one connection, one asyncio lock."""

    def __init__(self, conn: aiosqlite.Connection) -> None:
        self._conn = conn
        self._lock = asyncio.Lock()

    @classmethod
    async def open(cls, path: Path, schema: Sequence[str]) -> SettingsDatabase:
        """Open (or create) the file at ``path`` with the tables ``schema`` creates."""
        path.parent.mkdir(parents=True, exist_ok=True)
        try:
            conn = await aiosqlite.connect(path, timeout=5.0, isolation_level=None)
            # The game store uses WAL; setting it here too means neither connection has to
            # change the journal mode under the other's feet.
            await run_statement(conn, "PRAGMA journal_mode = WAL")
            for statement in schema:
                await run_statement(conn, statement)
        except sqlite3.Error as error:
            raise StorageError(
                f"The settings database at {path} can't be opened ({error})."
            ) from error
        return cls(conn)

    async def close(self) -> None:
        await self._conn.close()

    async def row(self, query: str, parameters: Sequence[Any]) -> sqlite3.Row | None:
        """The first row ``query`` finds, if any (parameterized, never formatted)."""
        async with self._conn.execute(query, parameters) as cursor:
            return await cursor.fetchone()

    @asynccontextmanager
    async def writing(self) -> AsyncIterator[aiosqlite.Connection]:
        """One write transaction: committed when the block ends, rolled back on an error,
        which is reported as a ``StorageError`` saying nothing was changed."""
        async with self._lock:
            try:
                await run_statement(self._conn, "BEGIN IMMEDIATE")
                try:
                    yield self._conn
                except BaseException:
                    await run_statement(self._conn, "ROLLBACK")
                    raise
                await run_statement(self._conn, "COMMIT")
            except sqlite3.Error as error:
                raise StorageError(
                    f"The settings could not be saved ({error}); nothing was changed."
                ) from error
