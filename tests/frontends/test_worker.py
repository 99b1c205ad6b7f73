"""Commands run on a worker loop, so the front end defers in time even when a command is
CPU-bound (issue 10: a command blocking for 3.5 s answered at 3,511 ms, not deferred, and the
earlier test used asyncio.sleep, which can't catch that)."""

from __future__ import annotations

import asyncio
import threading
import time
from collections.abc import Iterator

import pytest

from bot.frontends.discord.answers import finish_or_defer
from bot.frontends.worker import CommandWorker


@pytest.fixture
def worker() -> Iterator[CommandWorker]:
    started = CommandWorker()
    yield started
    started.stop()


async def cpu_bound(seconds: float) -> str:
    """Real work that never yields to an event loop, like a long scenario's engine run."""
    deadline = time.perf_counter() + seconds
    total = 0
    while time.perf_counter() < deadline:
        total += sum(range(2000))
    return f"done {total > 0} on {threading.current_thread().name}"


async def test_a_cpu_bound_command_is_deferred_before_it_finishes(worker: CommandWorker) -> None:
    started = time.perf_counter()
    deferred_at: list[float] = []

    async def defer() -> None:
        deferred_at.append(time.perf_counter() - started)

    answer = await finish_or_defer(worker.run(cpu_bound(1.5)), defer, after=0.2)
    finished = time.perf_counter() - started
    assert answer == "done True on rulesbot-commands"
    assert len(deferred_at) == 1
    # The defer fired on time while the CPU was busy, long before the work ended.
    assert deferred_at[0] < 1.0 < finished


async def test_a_fast_command_is_answered_without_deferring(worker: CommandWorker) -> None:
    calls: list[str] = []

    async def defer() -> None:
        calls.append("defer")

    assert (await finish_or_defer(worker.run(cpu_bound(0.0)), defer, after=1.0)).startswith("done")
    assert calls == []


async def test_on_the_callers_loop_the_same_work_blocks_the_timer() -> None:
    """Why the worker exists: run inline, the CPU-bound command starves the defer timer."""
    started = time.perf_counter()
    deferred_at: list[float] = []

    async def defer() -> None:
        deferred_at.append(time.perf_counter() - started)

    await finish_or_defer(cpu_bound(1.0), defer, after=0.2)
    assert not deferred_at or deferred_at[0] >= 1.0


async def test_errors_and_cancellation_cross_the_worker(worker: CommandWorker) -> None:
    async def fails() -> None:
        raise ValueError("bad input")

    with pytest.raises(ValueError, match="bad input"):
        await worker.run(fails())
    ran: list[str] = []

    async def slow() -> None:
        try:
            await asyncio.sleep(5)
        finally:
            ran.append("cleaned up")

    task = asyncio.ensure_future(worker.run(slow()))
    await asyncio.sleep(0.1)
    task.cancel()
    with pytest.raises(asyncio.CancelledError):
        await task
    for _ in range(50):
        if ran:
            break
        await asyncio.sleep(0.02)
    assert ran == ["cleaned up"]
