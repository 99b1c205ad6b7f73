"""The game database's schema, as an ordered list of migrations.

``PRAGMA user_version`` holds the number of migrations applied.  Each migration runs in its own
``BEGIN IMMEDIATE`` transaction together with the version bump, so a crash leaves the file at
one version or the next, and two processes opening an old file at once migrate it once.
Migrations are append-only: never edit one that has shipped; add the next instead.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable

import aiosqlite

from bot.db import run_statement
from bot.errors import StorageError

Migration = Callable[[aiosqlite.Connection], Awaitable[None]]


async def _create_games_and_actions(conn: aiosqlite.Connection) -> None:
    """v1: games (one active per channel) and their append-only action log."""
    await run_statement(
        conn,
        """
        CREATE TABLE games (
            id          INTEGER PRIMARY KEY,
            guild       TEXT NOT NULL,
            channel     TEXT NOT NULL,
            kind        TEXT NOT NULL,
            started_by  TEXT NOT NULL,
            started_at  TEXT NOT NULL,
            version     INTEGER NOT NULL DEFAULT 0,  -- number of log entries
            ended_at    TEXT,
            ended_by    TEXT
        )
        """,
    )
    # Ended games are kept; the partial index allows at most one active game per channel.
    await run_statement(
        conn,
        "CREATE UNIQUE INDEX games_one_active_per_channel "
        "ON games (guild, channel) WHERE ended_at IS NULL",
    )
    await run_statement(
        conn,
        """
        CREATE TABLE actions (
            game_id  INTEGER NOT NULL REFERENCES games (id),
            seq      INTEGER NOT NULL,
            kind     TEXT NOT NULL CHECK (kind IN ('do', 'undo', 'redo')),
            payload  TEXT NOT NULL,
            target   INTEGER,
            user     TEXT NOT NULL,
            at       TEXT NOT NULL,
            PRIMARY KEY (game_id, seq)
        ) WITHOUT ROWID
        """,
    )
    # The log and the game's version move together: an entry must be the next one, and
    # inserting it bumps the version in the same statement (so one INSERT is one append).
    await run_statement(
        conn,
        """
        CREATE TRIGGER actions_are_appended_in_order BEFORE INSERT ON actions
        WHEN NEW.seq <> (SELECT version + 1 FROM games WHERE id = NEW.game_id)
        BEGIN SELECT RAISE(ABORT, 'game log entries must be appended in order'); END
        """,
    )
    await run_statement(
        conn,
        """
        CREATE TRIGGER actions_bump_game_version AFTER INSERT ON actions
        BEGIN UPDATE games SET version = NEW.seq WHERE id = NEW.game_id; END
        """,
    )


async def _add_snapshots_and_actor_details(conn: aiosqlite.Connection) -> None:
    """v2: who acted (display name, judge flag) and state snapshots for fast loading."""
    await run_statement(conn, "ALTER TABLE actions ADD COLUMN name TEXT NOT NULL DEFAULT ''")
    await run_statement(conn, "ALTER TABLE actions ADD COLUMN is_judge INTEGER NOT NULL DEFAULT 0")
    await run_statement(conn, "CREATE INDEX games_by_channel ON games (guild, channel)")
    await run_statement(
        conn,
        """
        CREATE TABLE snapshots (
            game_id   INTEGER NOT NULL REFERENCES games (id),
            last_seq  INTEGER NOT NULL,  -- seq of the last effective 'do' entry it includes
            tag       TEXT NOT NULL,     -- reducer/format that wrote it; others ignore it
            data      BLOB NOT NULL,
            UNIQUE (game_id, last_seq, tag)
        )
        """,
    )


async def _add_seats(conn: aiosqlite.Connection) -> None:
    """v3: seats bind a game's player names to user ids (never to names a user can set), and an
    open game may be changed by anyone in its channel."""
    await run_statement(
        conn,
        """
        CREATE TABLE seats (
            game_id    INTEGER NOT NULL REFERENCES games (id),
            player     TEXT NOT NULL,  -- the player's name as typed in the game ("Bob")
            player_key TEXT NOT NULL,  -- how names compare: case-insensitive
            user_id    TEXT NOT NULL,  -- the user holding the seat
            seated_by  TEXT NOT NULL,  -- the user id who claimed or assigned it
            at         TEXT NOT NULL,
            PRIMARY KEY (game_id, player_key)
        ) WITHOUT ROWID
        """,
    )
    await run_statement(conn, "ALTER TABLE games ADD COLUMN open INTEGER NOT NULL DEFAULT 0")


MIGRATIONS: tuple[Migration, ...] = (
    _create_games_and_actions,
    _add_snapshots_and_actor_details,
    _add_seats,
)
LATEST_VERSION = len(MIGRATIONS)


async def schema_version(conn: aiosqlite.Connection) -> int:
    rows = list(await conn.execute_fetchall("PRAGMA user_version"))  # one trip to its thread
    return int(rows[0][0]) if rows else 0


async def migrate(conn: aiosqlite.Connection, *, target: int = LATEST_VERSION) -> int:
    """Bring the schema up to ``target`` (default: latest); returns the version reached.

    The connection must be in autocommit mode (``isolation_level=None``).
    """
    if not 0 <= target <= LATEST_VERSION:
        raise ValueError(f"no schema version {target}; latest is {LATEST_VERSION}")
    current = await schema_version(conn)
    if current > LATEST_VERSION:
        raise StorageError(
            f"The game database was written by a newer rulesbot (schema {current}; this one "
            f"knows up to {LATEST_VERSION}), so it was left untouched.",
            hint="Upgrade the bot, or point it at another game database.",
        )
    while current < target:
        await run_statement(conn, "BEGIN IMMEDIATE")
        try:
            # Re-read under the write lock: another process may have migrated meanwhile.
            current = await schema_version(conn)
            if current < target:
                await MIGRATIONS[current](conn)
                current += 1
                # PRAGMA takes no parameters; ``current`` is an int we computed.
                await run_statement(conn, f"PRAGMA user_version = {int(current)}")
            await run_statement(conn, "COMMIT")
        except BaseException:
            if conn.in_transaction:
                await run_statement(conn, "ROLLBACK")
            raise
    return current
