"""One bot process of the sharded proof: COUNT concurrent actions on one channel's game.

Run as ``python -m tests.games.shard_worker URL INDEX COUNT``.  Prints ``ok TOKEN`` for every
action the service acknowledged and ``failed TOKEN`` for every one it refused, then ``done``.
"""

from __future__ import annotations

import asyncio
import sys

from bot.errors import UserError
from bot.games.model import Actor, GameScope
from bot.games.postgres_store import PostgresGameStore
from bot.games.service import GameService
from tests.games.tally import TallyCodec, TallyReducer, TallyState, add

SCOPE = GameScope("guild-shared", "channel-shared")
PLAYER = Actor("100", "Shard")


async def one(service: GameService[TallyState], token: str) -> None:
    try:
        await service.apply(SCOPE, add(token, 1), PLAYER)
    except UserError:
        print("failed", token, flush=True)
    else:
        print("ok", token, flush=True)


async def run(url: str, index: int, count: int) -> None:
    store = await PostgresGameStore.open(url)
    try:
        service = GameService(store, TallyReducer(), snapshots=TallyCodec(), snapshot_every=10)
        await asyncio.gather(*(one(service, f"p{index}-{n}") for n in range(count)))
    finally:
        await store.close()
    print("done", flush=True)


if __name__ == "__main__":
    asyncio.run(run(sys.argv[1], int(sys.argv[2]), int(sys.argv[3])))
