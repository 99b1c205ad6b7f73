"""Command work off the front end's event loop.

A command may be CPU-bound for seconds (a long scenario, a long game's replay).  Run on
Discord's event loop it would block the loop, and with it the timer that defers the
interaction before Discord's 3-second deadline.  ``CommandWorker`` runs commands on an event
loop of their own, in one background thread: the front end's loop only waits for the result,
so it keeps answering the gateway and can defer in time whatever the command does.
"""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Coroutine
from typing import Any, TypeVar

T = TypeVar("T")


class CommandWorker:
    """An event loop in a daemon thread; ``run`` awaits a coroutine executed there."""

    def __init__(self, name: str = "rulesbot-commands") -> None:
        self._name = name
        self._loop: asyncio.AbstractEventLoop | None = None
        self._thread: threading.Thread | None = None
        self._started = threading.Lock()

    def _ensure_started(self) -> asyncio.AbstractEventLoop:
        with self._started:
            if self._loop is None:
                loop = asyncio.new_event_loop()
                thread = threading.Thread(target=loop.run_forever, name=self._name, daemon=True)
                thread.start()
                self._loop, self._thread = loop, thread
            return self._loop

    async def run(self, coroutine: Coroutine[Any, Any, T]) -> T:
        """Run ``coroutine`` on the worker's loop and wait for it without blocking this one.

        Cancelling the wait cancels the work too.
        """
        future = asyncio.run_coroutine_threadsafe(coroutine, self._ensure_started())
        try:
            return await asyncio.wrap_future(future)
        except asyncio.CancelledError:
            future.cancel()
            raise

    def stop(self) -> None:
        """Stop the loop (work still running is abandoned with it) and wait for the thread."""
        with self._started:
            loop, thread = self._loop, self._thread
            self._loop = self._thread = None
        if loop is None or thread is None:
            return
        loop.call_soon_threadsafe(loop.stop)
        thread.join(timeout=10)
        if not thread.is_alive():
            loop.close()
