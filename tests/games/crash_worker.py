"""Crash-test worker: applies random actions to games in many channels until killed.

Run as ``python -m tests.games.crash_worker DB SEED RUN COUNT`` from the repository root; DB is
a SQLite file or a ``postgresql://`` URL.  After
each action is committed it prints one acknowledgement line (and flushes):

    do GUILD CHANNEL TOKEN          an ordinary action with a unique token was stored
    undo GUILD CHANNEL SEQ TOKEN    log entry SEQ undid the action carrying TOKEN
    redo GUILD CHANNEL SEQ TOKEN    log entry SEQ redid the action carrying TOKEN

The parent test kills it with SIGKILL at random moments and checks every acknowledged line
against the log.
"""

from __future__ import annotations

import asyncio
import random
import sys
from pathlib import Path

from bot.errors import StateError
from bot.games.model import Actor, GameScope
from bot.games.service import GameService
from bot.games.storage import open_storage
from tests.games.tally import TallyCodec, TallyReducer, TallyState, add

CHANNELS = tuple(GameScope(f"guild-{g}", f"channel-{c}") for g in range(3) for c in range(4))
PLAYER = Actor("100", "Worker")
IN_FLIGHT = 4  # actions on different channels committed concurrently


def acknowledge(*fields: object) -> None:
    print(*fields, flush=True)


async def one_action(
    service: GameService[TallyState], scope: GameScope, roll: float, token: str, value: int
) -> None:
    where = (scope.guild, scope.channel)
    try:
        if roll < 0.12:
            step = await service.undo(scope, PLAYER)
            acknowledge("undo", *where, step.version, step.action["token"])
        elif roll < 0.2:
            step = await service.redo(scope, PLAYER)
            acknowledge("redo", *where, step.version, step.action["token"])
        else:
            await service.apply(scope, add(token, value), PLAYER)
            acknowledge("do", *where, token)
    except StateError:
        pass  # nothing to undo or redo: nothing was written, nothing to acknowledge


async def run(db: str, seed: int, run_index: int, count: int) -> None:
    rng = random.Random(seed * 10_000 + run_index)
    store = await open_storage(db if db.startswith("postgresql://") else None, Path(db))
    try:
        service = GameService(store, TallyReducer(), snapshots=TallyCodec(), snapshot_every=5)
        for scope in CHANNELS:
            if await store.active_game(scope) is None:
                await service.new(scope, "mtg", PLAYER)
        for start in range(0, count, IN_FLIGHT):
            batch = rng.sample(CHANNELS, IN_FLIGHT)
            await asyncio.gather(
                *(
                    one_action(
                        service,
                        scope,
                        rng.random(),
                        f"r{run_index}-{start + i}",
                        rng.randint(-9, 9),
                    )
                    for i, scope in enumerate(batch)
                )
            )
    finally:
        await store.close()


if __name__ == "__main__":
    db_arg, seed_arg, run_arg, count_arg = sys.argv[1:5]
    asyncio.run(run(db_arg, int(seed_arg), int(run_arg), int(count_arg)))
