"""The sharded proof: several bot processes share one PostgreSQL and change one channel's game
at once.  Every acknowledged action is in the log exactly once, no refused one is, and the
state loaded afterwards equals the replay of the log."""

from __future__ import annotations

import asyncio
import subprocess
import sys
from collections import Counter

from bot.games.postgres_store import PostgresGameStore
from bot.games.service import GameService
from tests.conftest import REPO_ROOT
from tests.games.shard_worker import PLAYER, SCOPE
from tests.games.tally import TallyCodec, TallyReducer, expected_state

PROCESSES = 4
COMMANDS_EACH = 50


async def start_game(url: str) -> None:
    store = await PostgresGameStore.open(url)
    try:
        await GameService(store, TallyReducer()).new(SCOPE, "mtg", PLAYER)
    finally:
        await store.close()


async def logged_tokens_and_states(url: str) -> tuple[list[str], object, object]:
    store = await PostgresGameStore.open(url)
    try:
        full = GameService(store, TallyReducer())
        exported = await full.export(SCOPE)
        expected = expected_state("mtg", exported)
        snapshots = GameService(store, TallyReducer(), snapshots=TallyCodec())
        tokens = [action["token"] for action in exported]
        return tokens, expected, await snapshots.state(SCOPE)
    finally:
        await store.close()


def test_four_processes_times_fifty_commands_on_one_channel(postgres_url: str) -> None:
    asyncio.run(start_game(postgres_url))
    workers = [
        subprocess.Popen(
            [sys.executable, "-m", "tests.games.shard_worker", postgres_url, str(i), "50"],
            cwd=REPO_ROOT,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for i in range(PROCESSES)
    ]
    outputs = [worker.communicate(timeout=300) for worker in workers]
    assert all(w.returncode == 0 for w in workers), [err for _, err in outputs]
    lines = [line.split() for out, _ in outputs for line in out.splitlines()]
    assert sum(line == ["done"] for line in lines) == PROCESSES
    acknowledged = [token for kind, *rest in lines if kind == "ok" for token in rest]
    refused = {token for kind, *rest in lines if kind == "failed" for token in rest}
    tokens, expected, loaded = asyncio.run(logged_tokens_and_states(postgres_url))
    counts = Counter(tokens)
    assert all(counts[token] == 1 for token in acknowledged), "an acknowledged action is missing"
    assert max(counts.values()) == 1, "an action was stored twice"
    assert not refused & set(tokens), "a refused action was stored"
    assert set(tokens) == set(acknowledged)
    assert len(acknowledged) == PROCESSES * COMMANDS_EACH  # the retries let every one through
    assert loaded == expected
