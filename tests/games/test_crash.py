"""SIGKILL the writer at random moments: every acknowledged action survives and replays."""

from __future__ import annotations

import asyncio
import json
import random
import signal
import sqlite3
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path

from bot.games.replay import replay_log
from bot.games.service import GameService
from bot.games.storage import open_storage
from tests.conftest import REPO_ROOT
from tests.games.crash_worker import CHANNELS
from tests.games.tally import TallyCodec, TallyReducer, expected_state

SEED = 20260116
KILLS = 22
MIN_ACKNOWLEDGED = 1000


def start_worker(db: str, run_index: int, stderr_file) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [
            sys.executable,
            "-m",
            "tests.games.crash_worker",
            str(db),
            str(SEED),
            str(run_index),
            "100000",
        ],
        cwd=REPO_ROOT,
        stdout=subprocess.PIPE,
        stderr=stderr_file,
        text=True,
    )


def run_until_killed(db: str, run_index: int, rng: random.Random, log_dir: Path) -> list[str]:
    """Start a worker, let it acknowledge a random number of actions, then SIGKILL it."""
    with (log_dir / f"worker-{run_index}.stderr").open("w") as stderr_file:
        worker = start_worker(db, run_index, stderr_file)
        assert worker.stdout is not None
        lines = []
        for _ in range(rng.randint(1, 120)):
            line = worker.stdout.readline()
            if not line:
                break
            lines.append(line)
        time.sleep(rng.uniform(0, 0.01))  # kill mid-stream, at no particular point
        worker.send_signal(signal.SIGKILL)
        rest = worker.stdout.read()
        worker.wait()
    assert worker.returncode == -signal.SIGKILL, (
        log_dir / f"worker-{run_index}.stderr"
    ).read_text()
    # A line cut off by the kill was never fully acknowledged.
    lines.extend(line for line in rest.splitlines(keepends=True) if line.endswith("\n"))
    return [line.rstrip("\n") for line in lines]


LOG_QUERY = (
    "SELECT g.guild, g.channel, a.seq, a.kind, a.payload, a.target "
    "FROM actions a JOIN games g ON g.id = a.game_id ORDER BY g.id, a.seq"
)


def read_logs(db: str) -> dict[tuple[str, str], dict[int, tuple[str, str]]]:
    """(guild, channel) -> seq -> (kind, token of the action done/undone/redone), read with the
    database's own client, not the store under test."""
    if db.startswith("postgresql://"):
        rows = asyncio.run(_postgres_rows(db))
    else:
        with sqlite3.connect(db) as conn:
            rows = conn.execute(LOG_QUERY).fetchall()
    logs: dict[tuple[str, str], dict[int, tuple[str, str]]] = {}
    for guild, channel, seq, kind, payload, target in rows:
        log = logs.setdefault((guild, channel), {})
        token = json.loads(payload)["token"] if kind == "do" else log[target][1]
        log[seq] = (kind, token)
    return logs


async def _postgres_rows(url: str) -> list[tuple[object, ...]]:
    import asyncpg

    conn = await asyncpg.connect(url)
    try:
        return [tuple(row) for row in await conn.fetch(LOG_QUERY)]
    finally:
        await conn.close()


def check_acknowledged(db: str, acknowledged: list[str]) -> None:
    logs = read_logs(db)
    done_tokens = Counter(
        token for log in logs.values() for kind, token in log.values() if kind == "do"
    )
    assert max(done_tokens.values(), default=1) == 1, "an action was stored twice"
    for line in acknowledged:
        kind, guild, channel, *rest = line.split()
        log = logs[(guild, channel)]
        if kind == "do":
            assert ("do", rest[0]) in log.values(), f"acknowledged but lost: {line}"
        else:
            seq, token = int(rest[0]), rest[1]
            assert log.get(seq) == (kind, token), f"acknowledged but lost: {line}"


async def check_games_replay(db: str) -> None:
    store = await open_storage(db if db.startswith("postgresql://") else None, Path(db))
    try:
        with_snapshots = GameService(store, TallyReducer(), snapshots=TallyCodec())
        full_replay = GameService(store, TallyReducer())
        for scope in CHANNELS:
            replay_log(await store.actions(scope))  # the log's grammar is intact
            exported = await full_replay.export(scope)
            expected = expected_state("mtg", exported)
            assert await full_replay.state(scope) == expected
            assert await with_snapshots.state(scope) == expected
    finally:
        await store.close()


def crash_test(db: str, log_dir: Path, kills: int, min_acknowledged: int) -> None:
    rng = random.Random(SEED)
    acknowledged: list[str] = []
    done = 0
    while done < kills or sum(line.startswith("do") for line in acknowledged) < min_acknowledged:
        assert done < 5 * kills, "the worker is not making progress"
        acknowledged += run_until_killed(db, done, rng, log_dir)
        done += 1
        check_acknowledged(db, acknowledged)
        asyncio.run(check_games_replay(db))
    assert done >= kills
    assert sum(line.startswith(("undo", "redo")) for line in acknowledged) > 0


def test_acknowledged_actions_survive_sigkill(tmp_path: Path):
    crash_test(str(tmp_path / "crash.sqlite3"), tmp_path, KILLS, MIN_ACKNOWLEDGED)


def test_acknowledged_actions_survive_sigkill_on_postgresql(postgres_url: str, tmp_path: Path):
    # Fewer kills than on SQLite (each worker start connects and migrates): the same checks.
    crash_test(postgres_url, tmp_path, KILLS // 2, MIN_ACKNOWLEDGED // 2)
