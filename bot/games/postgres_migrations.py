"""The PostgreSQL game database's schema, as an ordered list of migrations.

``rulesbot_schema`` holds the number of migrations applied.  Each migration runs in its own
transaction with the version bump, under an advisory lock, so several bot processes starting at
once migrate the database once.  Append-only: never edit a migration that has shipped.
The schema mirrors the SQLite one (``bot.games.migrations``) in PostgreSQL's terms.
"""

from __future__ import annotations

import asyncpg

from bot.errors import StorageError

# Any fixed number, the same in every process: pg_advisory_xact_lock serializes migrators.
_MIGRATION_LOCK = 0x72756C6573  # "rules"

MIGRATIONS: tuple[str, ...] = (
    # v1: games (one active per channel, the partial unique index), the append-only log,
    # snapshots (a cache) and seats — the SQLite schema at its version 3.
    """
    CREATE TABLE games (
        id          BIGSERIAL PRIMARY KEY,
        guild       TEXT NOT NULL,
        channel     TEXT NOT NULL,
        kind        TEXT NOT NULL,
        started_by  TEXT NOT NULL,
        started_at  TEXT NOT NULL,
        version     INTEGER NOT NULL DEFAULT 0,
        ended_at    TEXT,
        ended_by    TEXT,
        open        INTEGER NOT NULL DEFAULT 0
    );
    CREATE UNIQUE INDEX games_one_active_per_channel ON games (guild, channel)
        WHERE ended_at IS NULL;
    CREATE INDEX games_by_channel ON games (guild, channel);
    CREATE TABLE actions (
        game_id   BIGINT NOT NULL REFERENCES games (id),
        seq       INTEGER NOT NULL,
        kind      TEXT NOT NULL CHECK (kind IN ('do', 'undo', 'redo')),
        payload   TEXT NOT NULL,
        target    INTEGER,
        user_id   TEXT NOT NULL,
        name      TEXT NOT NULL DEFAULT '',
        is_judge  INTEGER NOT NULL DEFAULT 0,
        at        TEXT NOT NULL,
        PRIMARY KEY (game_id, seq)
    );
    CREATE TABLE snapshots (
        game_id   BIGINT NOT NULL REFERENCES games (id),
        last_seq  INTEGER NOT NULL,
        tag       TEXT NOT NULL,
        data      BYTEA NOT NULL,
        PRIMARY KEY (game_id, last_seq, tag)
    );
    CREATE TABLE seats (
        game_id    BIGINT NOT NULL REFERENCES games (id),
        player     TEXT NOT NULL,
        player_key TEXT NOT NULL,
        user_id    TEXT NOT NULL,
        seated_by  TEXT NOT NULL,
        at         TEXT NOT NULL,
        PRIMARY KEY (game_id, player_key)
    );
    """,
)
LATEST_VERSION = len(MIGRATIONS)


async def schema_version(conn: asyncpg.Connection) -> int:
    exists = await conn.fetchval("SELECT to_regclass('rulesbot_schema') IS NOT NULL")
    if not exists:
        return 0
    return int(await conn.fetchval("SELECT version FROM rulesbot_schema") or 0)


async def migrate(conn: asyncpg.Connection) -> int:
    """Bring the schema up to the latest version; returns the version reached."""
    current = await schema_version(conn)
    if current == LATEST_VERSION:
        return current  # nothing to write (a read-only user may open an up-to-date database)
    async with conn.transaction():
        await conn.execute("SELECT pg_advisory_xact_lock($1)", _MIGRATION_LOCK)
        await conn.execute(
            "CREATE TABLE IF NOT EXISTS rulesbot_schema (version INTEGER NOT NULL);"
            "INSERT INTO rulesbot_schema (version) SELECT 0 "
            "WHERE NOT EXISTS (SELECT 1 FROM rulesbot_schema)"
        )
    current = await schema_version(conn)
    if current > LATEST_VERSION:
        raise StorageError(
            f"The game database was written by a newer rulesbot (schema {current}; this one "
            f"knows up to {LATEST_VERSION}), so it was left untouched.",
            hint="Upgrade the bot, or point it at another game database.",
        )
    while current < LATEST_VERSION:
        async with conn.transaction():
            await conn.execute("SELECT pg_advisory_xact_lock($1)", _MIGRATION_LOCK)
            current = await schema_version(conn)  # another process may have migrated meanwhile
            if current < LATEST_VERSION:
                await conn.execute(MIGRATIONS[current])
                current += 1
                await conn.execute("UPDATE rulesbot_schema SET version = $1", current)
    return current
