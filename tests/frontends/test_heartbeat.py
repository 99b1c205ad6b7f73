"""The heartbeat the Docker health check reads (``rulesbot health``)."""

from __future__ import annotations

import asyncio
from pathlib import Path

from bot.frontends.heartbeat import STALE_AFTER, beat, health, keep_beating


def test_a_fresh_heartbeat_is_healthy_and_an_old_or_missing_one_is_not(tmp_path: Path) -> None:
    path = tmp_path / "heartbeat"
    assert health(path, now=1000.0) == (
        False,
        f"no heartbeat at {path}: the bot has not connected to Discord yet",
    )
    beat(path, now=1000.0)
    assert health(path, now=1010.0)[0]
    healthy, why = health(path, now=1000.0 + STALE_AFTER + 1)
    assert not healthy and "old" in why
    path.write_text("garbage")
    assert not health(path, now=1000.0)[0]


async def test_the_bot_beats_only_while_it_is_connected(tmp_path: Path) -> None:
    path = tmp_path / "heartbeat"
    connected = False
    task = asyncio.create_task(keep_beating(path, lambda: connected, interval=0.01))
    await asyncio.sleep(0.05)
    assert not path.exists()
    connected = True
    for _ in range(200):
        if path.exists():
            break
        await asyncio.sleep(0.01)
    task.cancel()
    assert health(path)[0]
