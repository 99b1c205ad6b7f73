"""The SQLite store's hot paths run on the calling thread, and move to a worker thread only to
wait: a lock held by another process never stalls the event loop, and the WAL stays bounded
though SQLite's own checkpoints are off on that connection (issue 14)."""

from __future__ import annotations

import asyncio
import contextlib
import sqlite3
import time
from pathlib import Path

from bot.games.model import NewEntry, SnapshotBlob
from bot.games.store import GameStore
from tests.games.conftest import HERE, STARTER
from tests.games.tally import add


async def test_an_append_waiting_for_another_process_lock_leaves_the_event_loop_running(
    db_path: Path,
):
    async with await GameStore.open(db_path, busy_timeout=5.0) as store:
        await store.create_game(HERE, "mtg", STARTER)
        other = sqlite3.connect(db_path, isolation_level=None)
        other.execute("BEGIN IMMEDIATE")  # another process's writer holds the write lock
        append = asyncio.create_task(store.append(HERE, 0, NewEntry.do(add("a")), STARTER))
        started = time.monotonic()
        for _ in range(20):  # 0.2 s of the event loop doing other channels' work
            await asyncio.sleep(0.01)
        # The loop went on (a stalled one would have waited out the 5 s busy timeout).
        assert time.monotonic() - started < 2.5
        assert not append.done()  # still waiting for the lock, in a worker thread
        other.execute("ROLLBACK")
        other.close()
        record = await asyncio.wait_for(append, timeout=5)
        assert record.seq == 1
        assert [entry.payload for entry in await store.actions(HERE)] == [add("a")]


async def test_a_cancelled_append_that_was_waiting_leaves_the_store_usable(db_path: Path):
    async with await GameStore.open(db_path, busy_timeout=0.3) as store:
        await store.create_game(HERE, "mtg", STARTER)
        other = sqlite3.connect(db_path, isolation_level=None)
        other.execute("BEGIN IMMEDIATE")
        append = asyncio.create_task(store.append(HERE, 0, NewEntry.do(add("a")), STARTER))
        await asyncio.sleep(0.05)
        append.cancel()
        other.execute("ROLLBACK")
        other.close()
        with contextlib.suppress(asyncio.CancelledError):
            await append
        # Whether or not the cancelled append landed, the next one sees the truth.
        version = len(await store.actions(HERE))
        await store.append(HERE, version, NewEntry.do(add("b")), STARTER)
        assert [e.payload["token"] for e in await store.actions(HERE)][-1] == "b"


async def test_the_wal_is_checkpointed_though_sqlite_does_not_do_it_on_that_connection(
    db_path: Path,
):
    wal = db_path.with_name(db_path.name + "-wal")
    blob = SnapshotBlob("tally-v1", b"x" * 40_000)  # ~10 pages a snapshot
    async with await GameStore.open(db_path) as store:
        await store.create_game(HERE, "mtg", STARTER)
        for seq in range(600):  # ~8,000 pages of log: 33 MB of WAL if never checkpointed
            await store.append(HERE, seq, NewEntry.do(add(str(seq))), STARTER, snapshot=blob)
        assert wal.stat().st_size < 12_000_000
        assert len(await store.actions(HERE)) == 600


async def test_a_store_that_fsyncs_every_commit_does_its_work_in_the_worker_thread(db_path: Path):
    async with await GameStore.open(db_path, synchronous="FULL") as store:
        await store.create_game(HERE, "mtg", STARTER)
        for seq in range(3):
            await store.append(HERE, seq, NewEntry.do(add(str(seq))), STARTER)
        log = await store.load(HERE)
        assert [record.payload["token"] for record in log.replay.applied] == ["0", "1", "2"]


async def test_a_burst_of_appends_gives_the_event_loop_turns(db_path: Path):
    # Appends on the calling thread never wait, so without a turn for the event loop now and
    # then, a burst would hold up everything else (other channels, Discord's heartbeat) to
    # its end.
    appended = 0
    seen_by_others: list[int] = []

    async def others() -> None:
        while True:
            seen_by_others.append(appended)
            await asyncio.sleep(0)

    async with await GameStore.open(db_path) as store:
        await store.create_game(HERE, "mtg", STARTER)
        ticker = asyncio.create_task(others())
        await asyncio.sleep(0)
        # 200 small appends: ~20 ms of work, and fewer pages than a checkpoint (which waits).
        for seq in range(200):
            await store.append(HERE, seq, NewEntry.do(add(str(seq))), STARTER)
            appended += 1
        ticker.cancel()
    during = [count for count in seen_by_others if 0 < count < 200]
    assert during, "the event loop had no turn during the burst"


async def test_opening_while_another_process_holds_the_file_waits_for_it(db_path: Path):
    # Even the first statements of a connection read the file; another process can hold it
    # for a moment (seen as "database is locked" when ten bot processes shared a file). The
    # store waits for it, off the event loop, as for any other work.
    async with await GameStore.open(db_path) as store:
        await store.create_game(HERE, "mtg", STARTER)
    other = sqlite3.connect(db_path, isolation_level=None)
    other.execute("PRAGMA locking_mode = EXCLUSIVE")
    other.execute("BEGIN EXCLUSIVE")
    opening = asyncio.create_task(GameStore.open(db_path, busy_timeout=5.0))
    await asyncio.sleep(0.2)
    assert not opening.done()
    other.execute("COMMIT")
    other.close()
    async with await asyncio.wait_for(opening, timeout=5) as store:
        assert (await store.load(HERE)).game.version == 0
