"""Durable storage of per-channel games in PostgreSQL (asyncpg), for bots run as several
processes (Discord shards) that share games.  The same contract as the SQLite ``GameStore``
(``bot.games.storage.GameStorage``): an append-only action log per game, one active game per
channel, snapshots as a cache, seats.

Concurrency: the optimistic version check is one statement.  ``append`` bumps
``games.version`` with ``WHERE version = $expected`` and inserts the entry from the updated row
(a data-modifying CTE), so the row lock PostgreSQL takes on the game serializes appenders: a
second writer at the same version waits, re-reads the row, finds the version moved and writes
nothing (``ConflictError``).  The primary key (game_id, seq) would refuse a duplicate anyway.

Isolation: as in SQLite, every query is keyed by the ``GameScope`` (guild, channel).
Times are stored as ISO-8601 text, like the SQLite store, so both read records alike.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterator
from contextlib import asynccontextmanager, contextmanager
from typing import Any, NoReturn

import asyncpg
import orjson

from bot.errors import StorageError
from bot.games.errors import GameExistsError, NoGameError
from bot.games.model import (
    ActionRecord,
    Actor,
    GameLog,
    GameRecord,
    GameScope,
    NewEntry,
    Replay,
    Seating,
    SnapshotBlob,
    StoredSnapshot,
    normalise_player,
)
from bot.games.postgres_migrations import migrate
from bot.games.replay import replay_log
from bot.games.store import (
    CHECKPOINT_SPAN,
    KEEP_SNAPSHOTS,
    Clock,
    _action_from_row,
    _game_from_row,
    encode_payload,
    refuse_append,
    seating_from_rows,
    utc_now,
)

_NOTHING_SAVED = "nothing was changed"

# ``load``'s one statement: the active game, its seats and its log (as JSON arrays, in order),
# and its newest snapshot of the tag asked for ($3; '' for none) with its data.
_LOAD = """
SELECT g.id, g.guild, g.channel, g.kind, g.started_by, g.started_at, g.version, g.ended_at,
    g.ended_by, g.open,
    (SELECT coalesce(json_agg(json_build_array(s.player, s.user_id) ORDER BY s.at, s.player),
        '[]') FROM seats s WHERE s.game_id = g.id) AS seats,
    (SELECT coalesce(json_agg(json_build_array(a.seq, a.kind, a.payload, a.target, a.user_id,
        a.name, a.is_judge, a.at) ORDER BY a.seq), '[]')
        FROM actions a WHERE a.game_id = g.id) AS actions,
    n.last_seq AS snapshot_seq, n.data AS snapshot
FROM games g
LEFT JOIN LATERAL (SELECT last_seq, data FROM snapshots
    WHERE game_id = g.id AND tag = $3 ORDER BY last_seq DESC LIMIT 1) n ON true
WHERE g.guild = $1 AND g.channel = $2 AND g.ended_at IS NULL
"""


@contextmanager
def _storage_errors() -> Iterator[None]:
    """PostgreSQL's conditions of the server or the machine as the friendly ``StorageError``."""
    try:
        yield
    except (asyncpg.exceptions.DiskFullError, asyncpg.exceptions.OutOfMemoryError) as error:
        raise StorageError(
            f"The game database is full, so {_NOTHING_SAVED}.",
            hint="Ask the bot's host to free space on the database server.",
        ) from error
    except (
        asyncpg.exceptions.ReadOnlySQLTransactionError,
        asyncpg.exceptions.InsufficientPrivilegeError,
    ) as error:
        raise StorageError(
            f"The game database is read-only for the bot, so {_NOTHING_SAVED}.",
            hint="Ask the bot's host to give its database user write access.",
        ) from error
    except (asyncpg.exceptions.DataCorruptedError, asyncpg.exceptions.IndexCorruptedError) as error:
        # The server's own files are damaged (SQLSTATE XX001/XX002); as SQLite's damaged file.
        raise StorageError(
            f"The game database is damaged on the database server, so {_NOTHING_SAVED}.",
            hint="Ask the bot's host to repair the database or restore it from a backup.",
        ) from error
    except (
        OSError,
        asyncpg.exceptions.ConnectionDoesNotExistError,
        asyncpg.exceptions.CannotConnectNowError,
        asyncpg.exceptions.TooManyConnectionsError,
        asyncpg.exceptions.InterfaceError,
    ) as error:
        raise StorageError(
            f"The game database server can't be reached, so {_NOTHING_SAVED}.",
            hint="Try again in a moment; if it lasts, ask the bot's host to check the database.",
        ) from error


class PostgresGameStore:
    """Games in a PostgreSQL database.  Open with :meth:`open`; close with :meth:`close`."""

    def __init__(self, pool: asyncpg.Pool, *, clock: Clock) -> None:
        self._pool = pool
        self._clock = clock

    @classmethod
    async def open(
        cls, url: str, *, clock: Clock = utc_now, max_connections: int = 4
    ) -> PostgresGameStore:
        """Connect to ``url`` (``postgresql://user@host:port/db``) and migrate its schema."""
        with _storage_errors():
            pool = await asyncpg.create_pool(url, min_size=1, max_size=max_connections)
            try:
                async with pool.acquire() as conn:
                    await migrate(conn)
            except BaseException:
                await pool.close()
                raise
        return cls(pool, clock=clock)

    async def close(self) -> None:
        await self._pool.close()

    async def __aenter__(self) -> PostgresGameStore:
        return self

    async def __aexit__(self, *exc_info: object) -> None:
        await self.close()

    @asynccontextmanager
    async def _connection(self) -> AsyncIterator[asyncpg.Connection]:
        with _storage_errors():
            async with self._pool.acquire() as conn:
                yield conn

    @asynccontextmanager
    async def _transaction(self, **options: Any) -> AsyncIterator[asyncpg.Connection]:
        async with self._connection() as conn, conn.transaction(**options):
            yield conn

    @staticmethod
    async def _active(conn: asyncpg.Connection, scope: GameScope) -> GameRecord | None:
        row = await conn.fetchrow(
            "SELECT id, guild, channel, kind, started_by, started_at, version, ended_at, ended_by FROM games WHERE guild = $1 AND channel = $2 AND ended_at IS NULL",
            scope.guild,
            scope.channel,
        )
        return _game_from_row(row) if row is not None else None

    # -- games --------------------------------------------------------------------------------

    async def create_game(self, scope: GameScope, kind: str, actor: Actor) -> GameRecord:
        """Start a game in ``scope``; ``GameExistsError`` if one is already active there."""
        try:
            async with self._connection() as conn:
                row = await conn.fetchrow(
                    "INSERT INTO games (guild, channel, kind, started_by, started_at) "
                    "VALUES ($1, $2, $3, $4, $5) RETURNING id, guild, channel, kind, started_by, started_at, version, ended_at, ended_by",
                    scope.guild,
                    scope.channel,
                    kind,
                    actor.user,
                    self._clock().isoformat(),
                )
        except asyncpg.exceptions.UniqueViolationError:
            # The partial unique index: another game is active in this channel.
            existing = await self.active_game(scope)
            raise GameExistsError(existing.kind if existing else kind) from None
        return _game_from_row(row)

    async def active_game(self, scope: GameScope) -> GameRecord | None:
        async with self._connection() as conn:
            return await self._active(conn, scope)

    async def games(self, scope: GameScope) -> list[GameRecord]:
        """Every game ever played in ``scope`` (ended ones are kept), newest first."""
        async with self._connection() as conn:
            rows = await conn.fetch(
                "SELECT id, guild, channel, kind, started_by, started_at, version, ended_at, ended_by FROM games "
                "WHERE guild = $1 AND channel = $2 ORDER BY id DESC",
                scope.guild,
                scope.channel,
            )
        return [_game_from_row(row) for row in rows]

    async def end_game(self, scope: GameScope, actor: Actor) -> GameRecord:
        """Mark the active game ended (its log is kept, its snapshots are not)."""
        async with self._transaction() as conn:
            row = await conn.fetchrow(
                "UPDATE games SET ended_at = $3, ended_by = $4 WHERE guild = $1 AND channel = $2 AND ended_at IS NULL "
                "RETURNING id, guild, channel, kind, started_by, started_at, version, ended_at, ended_by",
                scope.guild,
                scope.channel,
                self._clock().isoformat(),
                actor.user,
            )
            if row is None:
                raise NoGameError()
            ended = _game_from_row(row)
            await conn.execute("DELETE FROM snapshots WHERE game_id = $1", ended.id)
        return ended

    async def reopen_game(self, scope: GameScope, game_id: int) -> GameRecord:
        """Make an ended game of ``scope`` active again; ``GameExistsError`` if the channel
        has an active game (the partial unique index decides between racing processes)."""
        async with self._transaction() as conn:
            kind = await conn.fetchval(
                "SELECT kind FROM games WHERE guild = $1 AND channel = $2 AND ended_at IS NULL",
                scope.guild,
                scope.channel,
            )
            if kind is not None:
                raise GameExistsError(str(kind))
            try:
                row = await conn.fetchrow(
                    "UPDATE games SET ended_at = NULL, ended_by = NULL "
                    "WHERE id = $1 AND guild = $2 AND channel = $3 AND ended_at IS NOT NULL "
                    "RETURNING id, guild, channel, kind, started_by, started_at, version, "
                    "ended_at, ended_by",
                    game_id,
                    scope.guild,
                    scope.channel,
                )
            except asyncpg.UniqueViolationError:
                raise GameExistsError("") from None
            if row is None:
                raise NoGameError()
            return _game_from_row(row)

    # -- seats --------------------------------------------------------------------------------

    async def seating(self, scope: GameScope) -> Seating:
        async with self._transaction(isolation="repeatable_read", readonly=True) as conn:
            return await self._seating(conn, scope)

    async def _seating(self, conn: asyncpg.Connection, scope: GameScope) -> Seating:
        game_id, started_by, is_open = await self._game_id_and_starter(conn, scope)
        rows = await conn.fetch(
            "SELECT player, user_id FROM seats WHERE game_id = $1 ORDER BY at, player", game_id
        )
        return Seating(started_by, {str(p): str(u) for p, u in rows}, bool(is_open))

    async def set_seat(
        self, scope: GameScope, player: str, user_id: str | None, actor: Actor
    ) -> Seating:
        async with self._transaction() as conn:
            game_id, *_ = await self._game_id_and_starter(conn, scope)
            key = normalise_player(player)
            await conn.execute(
                "DELETE FROM seats WHERE game_id = $1 AND player_key = $2", game_id, key
            )
            if user_id is not None:
                await conn.execute(
                    "INSERT INTO seats (game_id, player, player_key, user_id, seated_by, at) "
                    "VALUES ($1, $2, $3, $4, $5, $6)",
                    game_id,
                    player,
                    key,
                    user_id,
                    actor.user,
                    self._clock().isoformat(),
                )
        return await self.seating(scope)

    async def set_open(self, scope: GameScope, is_open: bool) -> Seating:
        async with self._connection() as conn:
            done = await conn.fetchval(
                "UPDATE games SET open = $3 WHERE guild = $1 AND channel = $2 AND ended_at IS NULL RETURNING id",
                scope.guild,
                scope.channel,
                int(is_open),
            )
        if done is None:
            raise NoGameError()
        return await self.seating(scope)

    @staticmethod
    async def _game_id_and_starter(
        conn: asyncpg.Connection, scope: GameScope
    ) -> tuple[int, str, int]:
        row = await conn.fetchrow(
            "SELECT id, started_by, open FROM games WHERE guild = $1 AND channel = $2 AND ended_at IS NULL",
            scope.guild,
            scope.channel,
        )
        if row is None:
            raise NoGameError()
        return int(row[0]), str(row[1]), int(row[2])

    # -- the log ------------------------------------------------------------------------------

    async def append(
        self,
        scope: GameScope,
        expected_version: int,
        entry: NewEntry,
        actor: Actor,
        *,
        snapshot: SnapshotBlob | None = None,
    ) -> ActionRecord:
        """Append ``entry`` if the game is still at ``expected_version`` (else
        ``ConflictError``, nothing written); ``snapshot`` is saved in the same transaction."""
        if snapshot is not None and entry.kind != "do":
            raise ValueError("a snapshot can only be saved with a 'do' entry")
        payload = encode_payload(entry.payload)
        at = self._clock()
        seq = expected_version + 1
        insert = (
            "WITH game AS (UPDATE games SET version = $3 "
            "WHERE guild = $1 AND channel = $2 AND ended_at IS NULL AND version = $4 "
            # Permission decided by the writing statement itself (see GameStore.append).
            "AND ($12 OR open <> 0 OR started_by = $8 OR EXISTS "
            "(SELECT 1 FROM seats WHERE seats.game_id = games.id AND seats.user_id = $8)) "
            "RETURNING id) "
            "INSERT INTO actions (game_id, seq, kind, payload, target, user_id, name, "
            "is_judge, at) SELECT id, $3, $5, $6, $7, $8, $9, $10, $11 FROM game "
            "RETURNING game_id",
            scope.guild,
            scope.channel,
            seq,
            expected_version,
            entry.kind,
            payload,
            entry.target,
            actor.user,
            actor.name,
            int(actor.is_judge),
            at.isoformat(),
            actor.is_judge,
        )
        if snapshot is None:
            # One statement is a transaction of its own (the version check, the permission
            # and the write together): an explicit BEGIN and COMMIT were two more round trips
            # to the server for every action (issue 14).
            async with self._connection() as conn:
                if await conn.fetchval(*insert) is None:
                    async with conn.transaction():
                        await self._refuse(conn, scope, expected_version, actor)
            return ActionRecord.appended(seq, entry, payload, actor, at)
        async with self._transaction() as conn:
            game_id = await conn.fetchval(*insert)
            if game_id is None:
                await self._refuse(conn, scope, expected_version, actor)
            await conn.execute(
                "INSERT INTO snapshots (game_id, last_seq, tag, data) VALUES ($1, $2, $3, $4) "
                "ON CONFLICT (game_id, last_seq, tag) DO UPDATE SET data = EXCLUDED.data",
                game_id,
                seq,
                snapshot.tag,
                snapshot.data,
            )
            await self._prune_snapshots(conn, game_id, snapshot.tag)
        return ActionRecord.appended(seq, entry, payload, actor, at)

    @staticmethod
    async def _prune_snapshots(conn: asyncpg.Connection, game_id: int, tag: str) -> None:
        """The newest ``KEEP_SNAPSHOTS`` of ``tag`` and one per ``CHECKPOINT_SPAN`` entries before
        them stay; the rest (and any of another format) go, as in the SQLite store."""
        await conn.execute(
            "WITH ranked AS (SELECT last_seq, tag, "
            "ROW_NUMBER() OVER (ORDER BY last_seq DESC) AS newest, "
            "ROW_NUMBER() OVER (PARTITION BY last_seq / $2 ORDER BY last_seq DESC) AS in_span "
            "FROM snapshots WHERE game_id = $1 AND tag = $3) "
            "DELETE FROM snapshots s WHERE s.game_id = $1 AND NOT EXISTS ("
            "SELECT 1 FROM ranked r WHERE r.last_seq = s.last_seq AND r.tag = s.tag "
            "AND (r.newest <= $4 OR r.in_span = 1))",
            game_id,
            CHECKPOINT_SPAN,
            tag,
            KEEP_SNAPSHOTS,
        )

    async def _refuse(
        self, conn: asyncpg.Connection, scope: GameScope, expected_version: int, actor: Actor
    ) -> NoReturn:
        await refuse_append(
            await self._active(conn, scope),
            expected_version,
            actor,
            lambda: self._seating(conn, scope),
        )

    async def load(self, scope: GameScope, snapshot_tag: str | None = None) -> GameLog:
        """The active game, its whole log and its deepest usable snapshot.

        One statement reads the game, its seats, its log and its newest snapshot (one view of
        the database, as a statement sees it): a round trip to the server is most of what a
        query costs, and a transaction of three queries made seven on a fresh connection
        (issue 14).  Only after an undo past the newest snapshot are older ones looked at.
        """
        async with self._connection() as conn:
            row = await conn.fetchrow(_LOAD, scope.guild, scope.channel, snapshot_tag or "")
            if row is None:
                raise NoGameError()
            game = _game_from_row(tuple(row)[:9])
            seats = orjson.loads(row["seats"])
            seating = seating_from_rows(
                game, [(row["open"], p, u) for p, u in seats] or [(row["open"], None, None)]
            )
            entries = tuple(_action_from_row(item) for item in orjson.loads(row["actions"]))
            replay = replay_log(entries)
            snapshot = None
            if snapshot_tag is not None and row["snapshot_seq"] is not None:
                newest = StoredSnapshot(
                    row["snapshot_seq"], SnapshotBlob(snapshot_tag, bytes(row["snapshot"]))
                )
                snapshot = await self._deepest_snapshot(conn, game.id, replay, snapshot_tag, newest)
        return GameLog(game, entries, replay, snapshot, seating)

    @staticmethod
    async def _deepest_snapshot(
        conn: asyncpg.Connection,
        game_id: int,
        replay: Replay,
        tag: str,
        newest: StoredSnapshot,
    ) -> StoredSnapshot | None:
        """The snapshot after the longest prefix of effective actions: usually ``newest``
        (read with the log); after an undo past it, an older one."""
        effective = {record.seq for record in replay.applied}
        if newest.last_seq in effective:
            return newest
        seqs = await conn.fetch(
            "SELECT last_seq FROM snapshots WHERE game_id = $1 AND tag = $2 ORDER BY last_seq DESC",
            game_id,
            tag,
        )
        best = next((row[0] for row in seqs if row[0] in effective), None)
        if best is None:
            return None
        data = await conn.fetchval(
            "SELECT data FROM snapshots WHERE game_id = $1 AND tag = $2 AND last_seq = $3",
            game_id,
            tag,
            best,
        )
        return None if data is None else StoredSnapshot(best, SnapshotBlob(tag, bytes(data)))

    async def actions(self, scope: GameScope) -> list[ActionRecord]:
        """The active game's whole log (``do``, ``undo`` and ``redo`` entries) in order."""
        return list((await self.load(scope)).entries)
