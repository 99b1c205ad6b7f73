"""A heartbeat file for container health checks.

The Discord bot has no port to probe, so while it is connected it rewrites a small file every
``INTERVAL`` seconds; ``rulesbot health`` (the Docker HEALTHCHECK) says healthy only when the
file is fresh.  A bot that hung, lost the gateway for good or was never ready stops writing.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import Callable
from pathlib import Path

INTERVAL = 30.0
# Three missed beats: a reconnect that takes a minute is not reported as a failure.
STALE_AFTER = 3 * INTERVAL + 5
FILE_NAME = "heartbeat"


def heartbeat_path(data_dir: Path) -> Path:
    return data_dir / FILE_NAME


def beat(path: Path, now: float | None = None) -> None:
    """Record that the bot is alive now (written then renamed: a reader never sees half)."""
    partial = path.with_suffix(".tmp")
    partial.write_text(f"{time.time() if now is None else now:.0f}\n", encoding="utf-8")
    partial.replace(path)


def health(path: Path, now: float | None = None) -> tuple[bool, str]:
    """``(healthy, why)`` from the heartbeat file's age."""
    try:
        written = float(path.read_text(encoding="utf-8").strip())
    except (OSError, ValueError):
        return False, f"no heartbeat at {path}: the bot has not connected to Discord yet"
    age = (time.time() if now is None else now) - written
    if age > STALE_AFTER:
        return False, f"the last heartbeat is {age:.0f} s old (more than {STALE_AFTER:.0f} s)"
    return True, f"connected; last heartbeat {max(age, 0):.0f} s ago"


async def keep_beating(path: Path, alive: Callable[[], bool], interval: float = INTERVAL) -> None:
    """Beat every ``interval`` seconds while ``alive()``; runs until cancelled."""
    while True:
        if alive():
            with contextlib.suppress(OSError):  # a full or read-only disk must not stop the bot
                await asyncio.to_thread(beat, path)
        await asyncio.sleep(interval)
