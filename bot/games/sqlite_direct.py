"""SQLite work on the calling thread, moved to a worker thread only when it would have to wait.

A trip to aiosqlite's worker thread costs two thread switches: about 0.5 ms on the 2-core
machines we measure on, where the statement itself (an append to a game's log, WAL with
``synchronous=NORMAL``: no fsync) takes about 40 us (issue 14).  So the hot paths, appending an
action, loading a game, reading the active game and opening the file, run their SQL here, on
the event loop's thread, with SQLite's busy timeout at zero: they never wait there.  If another
process holds the write lock, SQLite answers SQLITE_BUSY at once and nothing was written (each
unit of work is one statement or one transaction, rolled back on any error), so the same work
runs again in a worker thread, which may wait the configured busy timeout without holding up
the event loop.

Waiting on the disk stays off the event loop too: with ``synchronous=FULL`` (an fsync at every
commit) all work goes to the worker thread, and WAL checkpoints (which write the database
file and fsync it) are run there, every ``CHECKPOINT_PAGES`` pages or so of log written,
instead of by whichever commit crosses SQLite's automatic threshold.

One ``DirectConnection`` is used by one ``GameStore``, under its lock: one piece of work at a
time, whichever thread it runs on.
"""

from __future__ import annotations

import asyncio
import functools
import logging
import sqlite3
import time
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

from bot.games.sqlerrors import SQLITE_BUSY, SQLITE_LOCKED

T = TypeVar("T")
log = logging.getLogger(__name__)

# SQLite checkpoints a WAL automatically at 1,000 pages; we do it ourselves, as often.
CHECKPOINT_PAGES = 1000
PAGE_SIZE_GUESS = 4096
# Work on the calling thread gives the event loop a turn at least this often.
TURN_SECONDS = 0.005
# Pages a small commit adds to the WAL (the log's leaf, the game's row, their indexes).
PAGES_PER_COMMIT = 4


def is_busy(error: sqlite3.Error) -> bool:
    """Whether SQLite refused because another connection holds a lock (nothing was done)."""
    code = getattr(error, "sqlite_errorcode", None)
    if isinstance(code, int):
        return code & 0xFF in (SQLITE_BUSY, SQLITE_LOCKED)
    return "database is locked" in str(error).lower()


class DirectConnection:
    """A ``sqlite3`` connection whose work runs on the calling thread unless it must wait."""

    def __init__(self, conn: sqlite3.Connection, busy_timeout: float, on_calling_thread: bool):
        self._conn = conn
        self._busy_ms = max(0, int(busy_timeout * 1000))
        self._on_calling_thread = on_calling_thread
        self._unchecked_pages = 0
        self._turn_started = time.monotonic()

    @classmethod
    async def open(
        cls,
        database: Path | str,
        *,
        read_only: bool,
        busy_timeout: float,
        synchronous: str,
    ) -> DirectConnection:
        """Open ``database`` (a path, or a read-only ``file:`` URI when ``read_only``) as the
        game store configured it."""
        conn = sqlite3.connect(
            database, uri=read_only, timeout=0, isolation_level=None, check_same_thread=False
        )
        on_calling_thread = synchronous != "FULL"  # FULL fsyncs at every commit
        direct = cls(conn, busy_timeout, on_calling_thread)
        try:
            # Even setting these may have to wait for another process (the first statement of
            # a connection reads the schema): as any work, in a worker thread if it must.
            await direct.run(
                functools.partial(
                    _set_up,
                    read_only=read_only,
                    synchronous=synchronous,
                    own_checkpoints=on_calling_thread,
                )
            )
        except BaseException:
            conn.close()
            raise
        return direct

    async def run(self, work: Callable[[sqlite3.Connection], T], *, pages: int = 0) -> T:
        """``work(connection)`` here if it needn't wait, else in a worker thread.

        ``work`` must be atomic (one statement, or one transaction it rolls back on error), so
        a first try that SQLite refused as busy changed nothing and may simply run again.
        ``pages`` estimates what it adds to the WAL, beyond a small commit's, for checkpoints.
        """
        if self._on_calling_thread:
            try:
                result = work(self._conn)
            except sqlite3.OperationalError as error:
                if not is_busy(error):
                    raise
                result = await self._in_thread(self._waiting, work)
            await self._count(pages)
            await self._share_the_loop()
            return result
        return await self._in_thread(self._waiting, work)

    async def cap_pages(self, max_pages: int) -> None:
        """Cap the file's size (writes beyond it fail as "full"), as every connection must."""
        await self.run(lambda conn: conn.execute(f"PRAGMA max_page_count = {int(max_pages)}"))

    def close(self) -> None:
        self._conn.close()

    async def _count(self, pages: int) -> None:
        self._unchecked_pages += PAGES_PER_COMMIT + pages
        if self._unchecked_pages >= CHECKPOINT_PAGES:
            self._unchecked_pages = 0
            # PASSIVE: copies what no reader still needs and never waits for anyone.
            await self._in_thread(_checkpoint, self._conn)

    async def _share_the_loop(self) -> None:
        """Work on the calling thread never waits, so a burst of it would never give the event
        loop back (other channels, Discord's heartbeat): let it go round every few ms."""
        if time.monotonic() - self._turn_started >= TURN_SECONDS:
            await asyncio.sleep(0)
            self._turn_started = time.monotonic()

    def _waiting(self, work: Callable[[sqlite3.Connection], T]) -> T:
        """``work`` with the configured busy timeout: SQLite waits for the lock (in a worker
        thread, so the event loop doesn't)."""
        conn = self._conn
        conn.execute(f"PRAGMA busy_timeout = {self._busy_ms}")
        try:
            return work(conn)
        finally:
            conn.execute("PRAGMA busy_timeout = 0")

    @staticmethod
    async def _in_thread(function: Callable[..., T], argument: object) -> T:
        """``function(argument)`` in a worker thread, finished before this returns, even if
        the caller is cancelled: the connection must not be used again (the store's lock
        released) while a transaction is still running on it."""
        task = asyncio.ensure_future(asyncio.to_thread(function, argument))
        cancelled = False
        while True:
            try:
                result = await asyncio.shield(task)
                break
            except asyncio.CancelledError:
                if task.done():
                    raise
                cancelled = True
        if cancelled:
            raise asyncio.CancelledError()
        return result


def _set_up(
    conn: sqlite3.Connection, *, read_only: bool, synchronous: str, own_checkpoints: bool
) -> None:
    conn.execute("PRAGMA foreign_keys = ON")
    if not read_only:
        # ``synchronous`` is one of two literals (checked by the store); PRAGMAs take no
        # parameters.
        conn.execute(f"PRAGMA synchronous = {synchronous}")
        if own_checkpoints:
            conn.execute("PRAGMA wal_autocheckpoint = 0")  # ours run in a thread


def _checkpoint(conn: sqlite3.Connection) -> None:
    """Copy the WAL's pages into the database file, as far as no reader needs them.  It runs
    after the work that crossed the threshold was committed, so a failure here must not make
    that work look failed: it is logged, and the next checkpoint tries again.  (Another
    process's checkpoint in progress is no error: the PRAGMA reports it in its result row.)"""
    try:
        conn.execute("PRAGMA wal_checkpoint(PASSIVE)").fetchall()
    except sqlite3.Error:
        log.warning("WAL checkpoint failed; the next one will try again", exc_info=True)
