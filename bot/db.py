"""Run one statement on an aiosqlite connection without leaving a cursor open (games, guild settings)."""

from __future__ import annotations

from typing import Any

import aiosqlite


async def run_statement(conn: aiosqlite.Connection, sql: str, parameters: Any = ()) -> int:
    """Execute one statement and close its cursor at once; return the rows it changed.

    A cursor left open keeps its statement "in progress" until garbage collection, and SQLite
    then refuses to COMMIT ("SQL statements in progress") - so no cursor is ever left open.
    """
    cursor = await conn.execute(sql, parameters)
    try:
        return int(cursor.rowcount)
    finally:
        await cursor.close()
