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
from bot.games.store import GameStore
from tests.conftest import REPO_ROOT
from tests.games.crash_worker import CHANNELS
from tests.games.tally import TallyCodec, TallyReducer, expected_state

SEED = 20260116
KILLS = 22
MIN_ACKNOWLEDGED = 1000


def start_worker(db: Path, run_index: int, stderr_file) -> subprocess.Popen[str]:
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


def run_until_killed(db: Path, run_index: int, rng: random.Random, log_dir: Path) -> list[str]:
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


def read_logs(db: Path) -> dict[tuple[str, str], dict[int, tuple[str, str]]]:
    """(guild, channel) -> seq -> (kind, token of the action done/undone/redone), via plain sqlite3."""
    with sqlite3.connect(db) as conn:
        rows = conn.execute(
            "SELECT g.guild, g.channel, a.seq, a.kind, a.payload, a.target "
            "FROM actions a JOIN games g ON g.id = a.game_id ORDER BY g.id, a.seq"
        ).fetchall()
    logs: dict[tuple[str, str], dict[int, tuple[str, str]]] = {}
    for guild, channel, seq, kind, payload, target in rows:
        log = logs.setdefault((guild, channel), {})
        token = json.loads(payload)["token"] if kind == "do" else log[target][1]
        log[seq] = (kind, token)
    return logs


def check_acknowledged(db: Path, acknowledged: list[str]) -> None:
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


async def check_games_replay(db: Path) -> None:
    async with await GameStore.open(db) as store:
        with_snapshots = GameService(store, TallyReducer(), snapshots=TallyCodec())
        full_replay = GameService(store, TallyReducer())
        for scope in CHANNELS:
            replay_log(await store.actions(scope))  # the log's grammar is intact
            exported = await full_replay.export(scope)
            expected = expected_state("mtg", exported)
            assert await full_replay.state(scope) == expected
            assert await with_snapshots.state(scope) == expected


def test_acknowledged_actions_survive_sigkill(tmp_path: Path):
    rng = random.Random(SEED)
    db = tmp_path / "crash.sqlite3"
    acknowledged: list[str] = []
    kills = 0
    while kills < KILLS or sum(line.startswith("do") for line in acknowledged) < MIN_ACKNOWLEDGED:
        assert kills < 5 * KILLS, "the worker is not making progress"
        acknowledged += run_until_killed(db, kills, rng, tmp_path)
        kills += 1
        check_acknowledged(db, acknowledged)
        asyncio.run(check_games_replay(db))
    assert kills >= KILLS
    assert sum(line.startswith(("undo", "redo")) for line in acknowledged) > 0
