"""Durable storage of per-channel games: an append-only action log in SQLite (aiosqlite).

Pure storage: it knows the log's grammar (``replay.py``) but nothing of rules or Discord.

Durability: the file is in WAL mode with ``synchronous=NORMAL`` by default.  A committed action
then survives a crash or SIGKILL of the process (the WAL is in the OS page cache before COMMIT
returns) but the last few commits may be lost on power loss or an OS crash.  Pass
``synchronous="FULL"`` to fsync the WAL on every commit (survives power loss; slower, see
``bench/games.py``).

Concurrency: one ``GameStore`` owns two connections to its file, used one at a time under an
asyncio lock that keeps each transaction whole: aiosqlite's for most work, and a ``sqlite3`` one
whose work (appends, loads) runs on the calling thread unless it must wait (``sqlite_direct``).
Lost updates are impossible even with several processes on one file, because every append
bumps ``games.version`` with ``WHERE version = ?`` inside the same ``BEGIN IMMEDIATE``
transaction as the INSERT of the entry (0 rows -> ``ConflictError``).

Isolation: every query is keyed by the ``GameScope`` (guild, channel) of the active game, or
by a game id read from such a query in the same transaction; no method accepts a game id.
"""

from __future__ import annotations

import asyncio
import functools
import json
import sqlite3
from collections.abc import AsyncIterator, Awaitable, Callable, Iterable, Iterator, Mapping
from contextlib import asynccontextmanager, contextmanager, suppress
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, Literal, NoReturn, cast

import aiosqlite

from bot.db import run_statement
from bot.errors import ConflictError, StorageError
from bot.games.errors import GameExistsError, NoGameError
from bot.games.migrations import LATEST_VERSION, migrate
from bot.games.model import (
    ActionRecord,
    Actor,
    EntryKind,
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
from bot.games.permissions import ensure_may_change
from bot.games.replay import replay_log
from bot.games.sqlerrors import storage_errors
from bot.games.sqlite_direct import PAGE_SIZE_GUESS, DirectConnection

Synchronous = Literal["NORMAL", "FULL"]
# Snapshots kept per game: enough to load quickly after a few undos, few enough that a long
# game's snapshots (each a copy of its state) don't outgrow its log.
KEEP_SNAPSHOTS = 3
# ... plus one checkpoint per this many log entries, so undoing far back stays quick.
CHECKPOINT_SPAN = 100
Clock = Callable[[], datetime]


def utc_now() -> datetime:
    return datetime.now(UTC)


def _game_from_row(row: Iterable[Any]) -> GameRecord:
    id_, guild, channel, kind, started_by, started_at, version, ended_at, ended_by = row
    return GameRecord(
        id=id_,
        scope=GameScope(guild, channel),
        kind=kind,
        started_by=started_by,
        started_at=datetime.fromisoformat(started_at),
        version=version,
        ended_at=datetime.fromisoformat(ended_at) if ended_at else None,
        ended_by=ended_by,
    )


def _action_from_row(row: Iterable[Any]) -> ActionRecord:
    seq, kind, payload, target, user, name, is_judge, at = row
    return ActionRecord.stored(
        seq,
        cast(EntryKind, kind),
        payload,
        target,
        user,
        name,
        bool(is_judge),
        datetime.fromisoformat(at),
    )


def seating_from_rows(game: GameRecord, rows: list[Any]) -> Seating:
    """Seats from ``(open, player, user_id)`` rows of a games-seats left join (one row with
    no player when no seat is taken)."""
    return Seating(
        game.started_by,
        {str(player): str(user) for _, player, user in rows if player is not None},
        bool(rows and rows[0][0]),
    )


async def refuse_append(
    game: GameRecord | None,
    expected_version: int,
    actor: Actor,
    read_seating: Callable[[], Awaitable[Seating]],
) -> NoReturn:
    """Why an append wrote nothing, for either driver: no active game, another writer got
    there first (the version moved), or the actor may not change the game (any more)."""
    if game is None:
        raise NoGameError()
    if game.version == expected_version:
        ensure_may_change(actor, await read_seating())
    raise ConflictError(
        "Someone changed this game at the same time, so your change was not saved.",
        hint="Look at the game again and retry.",
    )


ACTIVE_GAME = (
    "SELECT id, guild, channel, kind, started_by, started_at, version, ended_at, "
    "ended_by FROM games WHERE guild = ? AND channel = ? AND ended_at IS NULL"
)


@dataclass(frozen=True)
class _Opening:
    """How the store was opened, for connecting aiosqlite when it is first needed."""

    path: Path
    read_only: bool
    busy_timeout: float
    synchronous: Synchronous
    max_pages: int | None


def _read_only_uri(path: Path) -> str:
    return path.resolve().as_uri() + "?mode=ro"


def encode_payload(payload: Mapping[str, Any]) -> str:
    """The stored form of an action: compact JSON (raises ``TypeError``/``ValueError`` if not JSON)."""
    return json.dumps(payload, separators=(",", ":"), ensure_ascii=False, allow_nan=False)


class GameStore:
    """One SQLite file of games.  Open with :meth:`open`; close with :meth:`close`."""

    def __init__(self, direct: DirectConnection, opening: _Opening, *, clock: Clock) -> None:
        # The hot paths (append, load, the active game) run their SQL on the calling thread
        # when it needn't wait (``sqlite_direct``); the rest goes through aiosqlite's thread,
        # connected on first use (a cold load needn't wait for it: issue 14).
        self._direct = direct
        self._opening = opening
        self._conn: aiosqlite.Connection | None = None
        self._clock = clock
        self._lock = asyncio.Lock()

    @classmethod
    async def open(
        cls,
        path: Path,
        *,
        read_only: bool = False,
        busy_timeout: float = 5.0,
        synchronous: Synchronous = "NORMAL",
        max_bytes: int | None = None,
        clock: Clock = utc_now,
    ) -> GameStore:
        """Open (creating and migrating if needed) the game database at ``path``.

        ``busy_timeout`` is how long a write waits for another process's write lock before
        failing with ``StorageError``; ``max_bytes`` caps the file's size (writes beyond it fail
        with ``StorageError`` "full").  ``read_only`` opens the file without write access.
        """
        if synchronous not in ("NORMAL", "FULL"):
            raise ValueError(f"synchronous must be NORMAL or FULL, not {synchronous!r}")
        with storage_errors():
            if not path.parent.is_dir():
                # As SQLite would say, before any connection is made.
                raise sqlite3.OperationalError("unable to open database file")
            direct = await DirectConnection.open(
                _read_only_uri(path) if read_only else path,
                read_only=read_only,
                busy_timeout=busy_timeout,
                synchronous=synchronous,
            )
            store: GameStore | None = None
            try:
                version = await direct.run(_schema_version)
                if read_only and version != LATEST_VERSION:
                    raise StorageError(
                        f"The game database has schema {version} but this bot needs "
                        f"{LATEST_VERSION}, and it is open read-only so it can't be upgraded.",
                        hint="Open it once with write access to upgrade it.",
                    )
                max_pages = None
                if max_bytes is not None:
                    page_size = await direct.run(_page_size)
                    max_pages = max(1, int(max_bytes) // page_size)
                    await direct.cap_pages(max_pages)
                opening = _Opening(path, read_only, busy_timeout, synchronous, max_pages)
                store = cls(direct, opening, clock=clock)
                if not read_only:
                    await direct.run(_use_wal)  # a no-op read once the file is in WAL mode
                    if version != LATEST_VERSION:
                        async with store._statements() as conn:
                            await migrate(conn)
            except BaseException:
                if store is not None:
                    await store.close()
                else:
                    direct.close()
                raise
        return store

    async def close(self) -> None:
        async with self._lock:
            self._direct.close()
            if self._conn is not None:
                await self._conn.close()
                self._conn = None

    async def __aenter__(self) -> GameStore:
        return self

    async def __aexit__(self, *exc_info: object) -> None:
        await self.close()

    # -- transactions -------------------------------------------------------------------------
    # Every call into aiosqlite is a hop to its thread (~0.1-0.5 ms), so each query is one
    # ``execute_fetchall``; the hot paths don't use it at all (``sqlite_direct``).

    @asynccontextmanager
    async def _exclusive(self) -> AsyncIterator[None]:
        """Exclusive use of the store's connections, storage errors mapped."""
        async with self._lock:
            with storage_errors():
                yield

    @asynccontextmanager
    async def _statements(self) -> AsyncIterator[aiosqlite.Connection]:
        """Exclusive use of the aiosqlite connection in autocommit mode, storage errors mapped."""
        async with self._exclusive():
            conn = await self._connection()
            if conn.in_transaction:
                # A caller cancelled mid-transaction left one open; never build on it.
                await self._rollback_quietly()
            yield conn

    async def _connection(self) -> aiosqlite.Connection:
        """The aiosqlite connection, made and configured as the store was opened."""
        if self._conn is None:
            how = self._opening
            if how.read_only:
                conn = await aiosqlite.connect(
                    _read_only_uri(how.path),
                    uri=True,
                    timeout=how.busy_timeout,
                    isolation_level=None,
                )
            else:
                conn = await aiosqlite.connect(
                    how.path, timeout=how.busy_timeout, isolation_level=None
                )
            try:
                # One trip for all.  ``synchronous`` is one of two literals (checked by
                # ``open``) and the page cap an int; PRAGMA takes no parameters.
                pragmas = ["PRAGMA foreign_keys = ON;"]
                if not how.read_only:
                    pragmas.append(f"PRAGMA synchronous = {how.synchronous};")
                if how.max_pages is not None:
                    pragmas.append(f"PRAGMA max_page_count = {int(how.max_pages)};")
                await conn.executescript(" ".join(pragmas))
            except BaseException:
                await conn.close()
                raise
            self._conn = conn
        return self._conn

    @asynccontextmanager
    async def _transaction(
        self, begin: str = "BEGIN IMMEDIATE"
    ) -> AsyncIterator[aiosqlite.Connection]:
        """A whole transaction; rolled back on any error (storage errors mapped).

        ``BEGIN IMMEDIATE`` takes the write lock up front, so what the transaction reads can't
        change before it writes.  ``BEGIN`` gives a consistent snapshot for several reads.
        """
        async with self._statements() as conn:
            await run_statement(conn, begin)
            try:
                yield conn
                await run_statement(conn, "COMMIT")
            except BaseException:
                await self._rollback_quietly()
                raise

    async def _rollback_quietly(self) -> None:
        # SQLite may already have rolled back (e.g. after SQLITE_FULL); a failing ROLLBACK must
        # not hide the error that caused it.
        if self._conn is not None and self._conn.in_transaction:
            with suppress(sqlite3.Error):
                await run_statement(self._conn, "ROLLBACK")

    @staticmethod
    async def _active(conn: aiosqlite.Connection, scope: GameScope) -> GameRecord | None:
        rows = list(await conn.execute_fetchall(ACTIVE_GAME, (scope.guild, scope.channel)))
        return _game_from_row(rows[0]) if rows else None

    # -- games --------------------------------------------------------------------------------

    async def create_game(self, scope: GameScope, kind: str, actor: Actor) -> GameRecord:
        """Start a game in ``scope``; ``GameExistsError`` if one is already active there."""
        async with self._transaction() as conn:
            existing = await self._active(conn, scope)
            if existing is not None:
                raise GameExistsError(existing.kind)
            await run_statement(
                conn,
                "INSERT INTO games (guild, channel, kind, started_by, started_at) "
                "VALUES (?, ?, ?, ?, ?)",
                (scope.guild, scope.channel, kind, actor.user, self._clock().isoformat()),
            )
            created = await self._active(conn, scope)
        assert created is not None
        return created

    async def active_game(self, scope: GameScope) -> GameRecord | None:
        async with self._exclusive():
            return await self._direct.run(functools.partial(_active_game, scope=scope))

    async def games(self, scope: GameScope) -> list[GameRecord]:
        """Every game ever played in ``scope`` (ended ones are kept), newest first."""
        async with self._statements() as conn:
            rows = await conn.execute_fetchall(
                "SELECT id, guild, channel, kind, started_by, started_at, version, ended_at, "
                "ended_by FROM games WHERE guild = ? AND channel = ? ORDER BY id DESC",
                (scope.guild, scope.channel),
            )
        return [_game_from_row(row) for row in rows]

    async def end_game(self, scope: GameScope, actor: Actor) -> GameRecord:
        """Mark the active game ended (its log is kept, its snapshots are not: an ended game
        is never loaded again); ``NoGameError`` if there is none."""
        async with self._transaction() as conn:
            rows = list(
                await conn.execute_fetchall(
                    "UPDATE games SET ended_at = ?, ended_by = ? "
                    "WHERE guild = ? AND channel = ? AND ended_at IS NULL "
                    "RETURNING id, guild, channel, kind, started_by, started_at, version, "
                    "ended_at, ended_by",
                    (self._clock().isoformat(), actor.user, scope.guild, scope.channel),
                )
            )
            if not rows:
                raise NoGameError()
            ended = _game_from_row(rows[0])
            await run_statement(conn, "DELETE FROM snapshots WHERE game_id = ?", (ended.id,))
        return ended

    async def reopen_game(self, scope: GameScope, game_id: int) -> GameRecord:
        """Make an ended game of ``scope`` active again (``game reopen``); ``GameExistsError``
        if the channel has an active game (one per channel: the partial unique index)."""
        async with self._transaction() as conn:
            active = await conn.execute_fetchall(
                "SELECT kind FROM games WHERE guild = ? AND channel = ? AND ended_at IS NULL",
                (scope.guild, scope.channel),
            )
            if active:
                raise GameExistsError(str(next(iter(active))[0]))
            rows = list(
                await conn.execute_fetchall(
                    "UPDATE games SET ended_at = NULL, ended_by = NULL "
                    "WHERE id = ? AND guild = ? AND channel = ? AND ended_at IS NOT NULL "
                    "RETURNING id, guild, channel, kind, started_by, started_at, version, "
                    "ended_at, ended_by",
                    (game_id, scope.guild, scope.channel),
                )
            )
            if not rows:
                raise NoGameError()
            return _game_from_row(rows[0])

    # -- seats --------------------------------------------------------------------------------

    async def seating(self, scope: GameScope) -> Seating:
        """The active game's starter, seats (in the order taken) and whether it is open."""
        async with self._transaction("BEGIN") as conn:
            return await self._seating(conn, scope)

    async def _seating(self, conn: aiosqlite.Connection, scope: GameScope) -> Seating:
        game_id, started_by, is_open = await self._game_id_and_starter(conn, scope)
        rows = await conn.execute_fetchall(
            "SELECT player, user_id FROM seats WHERE game_id = ? ORDER BY at, player",
            (game_id,),
        )
        return Seating(started_by, {str(p): str(u) for p, u in rows}, bool(is_open))

    async def set_seat(
        self, scope: GameScope, player: str, user_id: str | None, actor: Actor
    ) -> Seating:
        """Give ``player``'s seat to ``user_id`` (``None`` frees it); returns the new seating.

        Permission is the caller's business (the service checks it); this only stores.
        """
        async with self._transaction() as conn:
            game_id, *_ = await self._game_id_and_starter(conn, scope)
            key = normalise_player(player)
            await run_statement(
                conn, "DELETE FROM seats WHERE game_id = ? AND player_key = ?", (game_id, key)
            )
            if user_id is not None:
                await run_statement(
                    conn,
                    "INSERT INTO seats (game_id, player, player_key, user_id, seated_by, at) "
                    "VALUES (?, ?, ?, ?, ?, ?)",
                    (game_id, player, key, user_id, actor.user, self._clock().isoformat()),
                )
        return await self.seating(scope)

    async def set_open(self, scope: GameScope, is_open: bool) -> Seating:
        """Open the active game to everyone in its channel, or close it again."""
        async with self._transaction() as conn:
            game_id, *_ = await self._game_id_and_starter(conn, scope)
            await run_statement(
                conn, "UPDATE games SET open = ? WHERE id = ?", (int(is_open), game_id)
            )
        return await self.seating(scope)

    @staticmethod
    async def _game_id_and_starter(
        conn: aiosqlite.Connection, scope: GameScope
    ) -> tuple[int, str, int]:
        rows = list(
            await conn.execute_fetchall(
                "SELECT id, started_by, open FROM games "
                "WHERE guild = ? AND channel = ? AND ended_at IS NULL",
                (scope.guild, scope.channel),
            )
        )
        if not rows:
            raise NoGameError()
        game_id, started_by, is_open = rows[0]
        return int(game_id), str(started_by), int(is_open)

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
        """Append ``entry`` to the active game's log if its version is still ``expected_version``.

        Returns the stored record; its ``seq`` is the game's new version.  Raises
        ``ConflictError`` (nothing written) if another writer got there first, ``NoGameError``
        if the channel has no active game.  ``snapshot`` (only with a ``do`` entry) is the state
        after this entry, saved in the same transaction.

        The optimistic check is the INSERT's ``WHERE version = ?``: the row goes in only if the
        game is still at ``expected_version``, and the schema's trigger bumps ``games.version``
        to the new ``seq`` in the same statement, hence the same transaction (SQLite takes the
        write lock before a write statement reads, so another process can't slip in between;
        the primary key (game_id, seq) would refuse a second entry at one seq anyway).
        """
        if snapshot is not None and entry.kind != "do":
            raise ValueError("a snapshot can only be saved with a 'do' entry")
        payload = encode_payload(entry.payload)
        at = self._clock()
        seq = expected_version + 1
        insert = (
            "INSERT INTO actions "
            "(game_id, seq, kind, payload, target, user, name, is_judge, at) "
            "SELECT id, ?, ?, ?, ?, ?, ?, ?, ? FROM games "
            "WHERE guild = ? AND channel = ? AND ended_at IS NULL AND version = ? "
            # Whether the actor may change the game is decided by the same statement that
            # writes, so a seat given up a moment ago in another process can't let a change in
            # (permissions.may_change, in SQL; the service checks it first for a clear answer).
            "AND (? OR open OR started_by = ? OR EXISTS "
            "(SELECT 1 FROM seats WHERE seats.game_id = games.id AND seats.user_id = ?)) "
            # RETURNING makes execute + fetch + close one trip to aiosqlite's thread (issue 14:
            # the two trips of execute-then-close were a quarter of an action's time).
            "RETURNING seq",
            (
                seq,
                entry.kind,
                payload,
                entry.target,
                actor.user,
                actor.name,
                int(actor.is_judge),
                at.isoformat(),
                scope.guild,
                scope.channel,
                expected_version,
                int(actor.is_judge),
                actor.user,
                actor.user,
            ),
        )
        if snapshot is None:
            work = functools.partial(_insert_entry, insert=insert)
            pages = 0
        else:
            work = functools.partial(
                _insert_with_snapshot, insert=insert, scope=scope, seq=seq, snapshot=snapshot
            )
            pages = len(snapshot.data) // PAGE_SIZE_GUESS + 1
        async with self._exclusive():
            stored = await self._direct.run(work, pages=pages)
        if not stored:
            # Why nothing was written, read in a transaction of its own: a refusal, so the
            # answer needn't be of the very instant the append was refused.
            async with self._transaction("BEGIN") as conn:
                await self._refuse(conn, scope, expected_version, actor)
        return ActionRecord.appended(seq, entry, payload, actor, at)

    async def _refuse(
        self, conn: aiosqlite.Connection, scope: GameScope, expected_version: int, actor: Actor
    ) -> NoReturn:
        """Why an append wrote nothing: no active game, another writer got there first, or
        the actor may not change the game (any more)."""
        await refuse_append(
            await self._active(conn, scope),
            expected_version,
            actor,
            lambda: self._seating(conn, scope),
        )

    async def load(self, scope: GameScope, snapshot_tag: str | None = None) -> GameLog:
        """The active game, its whole log and (if ``snapshot_tag``) its deepest usable snapshot.

        Read in one transaction, so the three agree even while other processes write.
        A snapshot is usable if its ``last_seq`` is still an effective action (not undone).
        """
        async with self._exclusive():
            found = await self._direct.run(lambda c: _read_log(c, scope, snapshot_tag))
        if found is None:
            raise NoGameError()
        return found

    async def actions(self, scope: GameScope) -> list[ActionRecord]:
        """The active game's whole log (``do``, ``undo`` and ``redo`` entries) in order."""
        return list((await self.load(scope)).entries)


# -- work run by ``DirectConnection`` (on the calling thread, or a worker's if it must wait) ----


def _schema_version(conn: sqlite3.Connection) -> int:
    return int(conn.execute("PRAGMA user_version").fetchone()[0])


def _page_size(conn: sqlite3.Connection) -> int:
    return int(conn.execute("PRAGMA page_size").fetchone()[0])


def _use_wal(conn: sqlite3.Connection) -> None:
    conn.execute("PRAGMA journal_mode = WAL").fetchall()


def _active_game(conn: sqlite3.Connection, scope: GameScope) -> GameRecord | None:
    row = conn.execute(ACTIVE_GAME, (scope.guild, scope.channel)).fetchone()
    return None if row is None else _game_from_row(row)


@contextmanager
def _sync_transaction(conn: sqlite3.Connection, begin: str = "BEGIN IMMEDIATE") -> Iterator[None]:
    """A whole transaction on a ``sqlite3`` connection, rolled back on any error."""
    conn.execute(begin)
    try:
        yield
        conn.execute("COMMIT")
    except BaseException:
        if conn.in_transaction:
            with suppress(sqlite3.Error):
                conn.execute("ROLLBACK")
        raise


def _insert_entry(conn: sqlite3.Connection, insert: tuple[str, tuple[Any, ...]]) -> bool:
    """The entry alone, one statement; False (nothing written) if it was refused."""
    return bool(conn.execute(*insert).fetchall())


def _insert_with_snapshot(
    conn: sqlite3.Connection,
    insert: tuple[str, tuple[Any, ...]],
    scope: GameScope,
    seq: int,
    snapshot: SnapshotBlob,
) -> bool:
    """The entry and the state after it, in one transaction; False (nothing written) if the
    entry was refused."""
    with _sync_transaction(conn):
        if not conn.execute(*insert).fetchall():
            return False
        conn.execute(
            "INSERT OR REPLACE INTO snapshots (game_id, last_seq, tag, data) "
            "SELECT id, version, ?, ? FROM games "
            "WHERE guild = ? AND channel = ? AND ended_at IS NULL AND version = ?",
            (snapshot.tag, snapshot.data, scope.guild, scope.channel, seq),
        )
        _prune_snapshots(conn, scope, snapshot.tag)
    return True


def _prune_snapshots(conn: sqlite3.Connection, scope: GameScope, tag: str) -> None:
    """Keep the game's newest ``KEEP_SNAPSHOTS`` snapshots of ``tag``, and the newest of each
    ``CHECKPOINT_SPAN`` log entries before them; drop the rest (and any of an older format).

    A long game's file then holds a few copies of its state instead of one per ten actions.
    Snapshots are only a cache of the log: an undo past every kept one costs a longer
    replay (from the checkpoint before it), never a wrong state.
    """
    conn.execute(
        "WITH game AS (SELECT id FROM games "
        "WHERE guild = ? AND channel = ? AND ended_at IS NULL), "
        "ranked AS (SELECT rowid AS kept, "
        "ROW_NUMBER() OVER (ORDER BY last_seq DESC) AS newest, "
        "ROW_NUMBER() OVER (PARTITION BY last_seq / ? ORDER BY last_seq DESC) AS in_span "
        "FROM snapshots WHERE game_id = (SELECT id FROM game) AND tag = ?) "
        "DELETE FROM snapshots WHERE game_id = (SELECT id FROM game) "
        "AND rowid NOT IN (SELECT kept FROM ranked WHERE newest <= ? OR in_span = 1)",
        (scope.guild, scope.channel, CHECKPOINT_SPAN, tag, KEEP_SNAPSHOTS),
    )


def _read_log(conn: sqlite3.Connection, scope: GameScope, tag: str | None) -> GameLog | None:
    """``load``'s reads, in one read transaction: the game with its seats in one query, its
    log, and the newest snapshot with its data in one (a cold load's every query counts)."""
    with _sync_transaction(conn, "BEGIN"):
        rows = conn.execute(
            "SELECT g.id, g.guild, g.channel, g.kind, g.started_by, g.started_at, "
            "g.version, g.ended_at, g.ended_by, g.open, s.player, s.user_id "
            "FROM games g LEFT JOIN seats s ON s.game_id = g.id "
            "WHERE g.guild = ? AND g.channel = ? AND g.ended_at IS NULL "
            "ORDER BY s.at, s.player",
            (scope.guild, scope.channel),
        ).fetchall()
        if not rows:
            return None
        game = _game_from_row(rows[0][:9])
        seating = seating_from_rows(game, [row[9:] for row in rows])
        actions = conn.execute(
            "SELECT seq, kind, payload, target, user, name, is_judge, at FROM actions "
            "WHERE game_id = ? ORDER BY seq",
            (game.id,),
        ).fetchall()
        entries = tuple(_action_from_row(row) for row in actions)
        replay = replay_log(entries)
        snapshot = None if tag is None else _deepest_snapshot(conn, game.id, replay, tag)
    return GameLog(game, entries, replay, snapshot, seating)


def _deepest_snapshot(
    conn: sqlite3.Connection, game_id: int, replay: Replay, tag: str
) -> StoredSnapshot | None:
    # Effective seqs only grow along the list, so the largest snapshot seq among them is
    # the longest prefix already computed.  Usually that is the newest snapshot: it is
    # read with its data in one query; after an undo past it, the older ones are looked at.
    effective = {record.seq for record in replay.applied}
    if not effective:
        return None
    newest = conn.execute(
        "SELECT last_seq, data FROM snapshots WHERE game_id = ? AND tag = ? "
        "ORDER BY last_seq DESC LIMIT 1",
        (game_id, tag),
    ).fetchall()
    if not newest:
        return None
    if newest[0][0] in effective:
        return StoredSnapshot(newest[0][0], SnapshotBlob(tag, bytes(newest[0][1])))
    rows = conn.execute(
        "SELECT last_seq FROM snapshots WHERE game_id = ? AND tag = ? ORDER BY last_seq DESC",
        (game_id, tag),
    ).fetchall()
    best = next((row[0] for row in rows if row[0] in effective), None)
    if best is None:
        return None
    ((data,),) = conn.execute(
        "SELECT data FROM snapshots WHERE game_id = ? AND tag = ? AND last_seq = ?",
        (game_id, tag, best),
    ).fetchall()
    return StoredSnapshot(best, SnapshotBlob(tag, bytes(data)))
