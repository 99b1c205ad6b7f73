"""Figures for per-channel game storage: durable actions per second, and loading a long game.

Run: ``.venv/bin/python bench/games.py``.  Targets: >= 2,000 durable actions/s; loading a
500-action game (cold: snapshot + replay of the tail) <= 20 ms.  Timings on a busy machine
vary; run it a few times (``uptime`` shows the load).

The reducer does real work per action (a JSON round trip of a dict state of ~40 permanents,
as a rules engine copying its game state would), so replay cost is not flattered.

The last figures use the bot's own games service (the MTG scenario reducer and snapshot codec,
as ``game`` commands run it) on the real card data, replaying a cast-redirect-resolve cycle.
Pass the reference store as the first argument (default: the configured data folder).
Measured 2026-11-22 on the quiet 2-core machine: 668 durable actions/s and a 14.8 ms median
load (p95 29.6 ms) for a 500-action game; the executor's statement work and the JSON snapshot
every ten actions (its state grows with the graveyards) cost more than the storage itself.
2026-11-25 (a slower VM, with the test suite running beside it): SQLite 228 actions/s, load500
26.5 ms; PostgreSQL on loopback 139 actions/s, load500 41.4 ms, 4 processes on one channel 119
actions/s together.  Later that day, after the append decides permissions itself (seats kept
with the session: no seating read per action), one worker-thread trip per change, memoized
snapshot encoding and a per-state zone index: SQLite 546 actions/s, load500 16.2 ms;
PostgreSQL 385 actions/s, 4 processes 167, load500 24.5 ms (run alternately with the previous
commit on the same machine: 444-473 vs 160-232 actions/s).  The bot's-games figures are now the
median of three runs with their range; at 20:08 that day (a slow phase of the VM):
``games: sqlite 371 actions/s (364-377), load500 26.6 ms (24.9-28.9); postgresql 280
actions/s (269-319), load500 31.6 ms (29.8-35.8); 4 processes on one channel 217 actions/s
(168-245)``, while alternating runs gave 417-531 against the stop's first commit's 190-238.
2026-11-26, after the SQLite store's appends and loads run on the calling thread (a worker
thread only to wait for a lock), snapshots written ahead as text and read and written by orjson:
``games: sqlite 931 actions/s (753-1,073), load500 13.2 ms (12.6-16.6); postgresql 271
actions/s (249-312), load500 29.4 ms (26.2-30.4); 4 processes on one channel 193 actions/s
(172-209)`` (the counting reducer: 4,012 durable actions/s, was 947).  At 05:23, with the GC
settled once warm and the PostgreSQL load in one statement: ``games: sqlite 852 actions/s
(805-885), load500 13.2 ms (11.4-14.4); postgresql 301 actions/s (290-313), load500 23.2 ms
(22.8-28.0); 4 processes on one channel 181 actions/s (179-191)``, each load replaying 0-2
actions after its snapshot.  At 05:26, with loads also timed in a fresh process: ``games: sqlite
761 actions/s (756-1,264), load500 14.1 ms (12.6-15.6) (fresh process 9.7 ms (7.2-11.3));
postgresql 260 actions/s (250-311), load500 29.6 ms (28.1-35.5) (fresh process 25.0 ms
(24.7-25.2)); 4 processes on one channel 196 actions/s (166-199)``, the loads replaying 1-7
actions after their snapshot.  2026-11-26 06:43, after casting stopped listing every legal
option to make a choice and stopped starting each cast twice, young GC collections every
10,000 allocations once warm, and a snapshot's pairs written in one loop: ``games: sqlite 1,051
actions/s (951-1,082), load500 13.2 ms (12.6-16.5) (fresh process 12.4 ms (11.3-13.4));
postgresql 297 actions/s (211-358), load500 26.5 ms (24.3-28.9) (fresh process 23.6 ms
(21.2-24.2)); 4 processes on one channel 178 actions/s (177-220)`` (alternating runs with the
stop's first commit: 980-1,185 against 911-1,151 actions/s; fresh-process loads of one
500-action file alternated: 12.1-14.2 against 12.0-15.9 ms, no change).  At 07:59, after the
day's rules fixes, in a slow phase of the VM (PostgreSQL lower across the board): ``games:
sqlite 955 actions/s (748-1,009), load500 14.9 ms (11.8-15.1) (fresh process 12.4 ms
(8.6-15.6)); postgresql 208 actions/s (179-230), load500 28.8 ms (26.1-37.4) (fresh process
30.6 ms (21.0-35.8)); 4 processes on one channel 149 actions/s (139-153)``.
2026-11-26 23:41 (stop 35), after snapshots were stored zlib-compressed (160 KB -> 10 KB), plain
PostgreSQL appends made one statement, and the MTG reducer made ~1.4x faster (1.62x fewer
instructions): ``games: sqlite 1,776 actions/s (1,534-1,830), load500 8.5 ms (5.2-9.1) (fresh
process 7.5 ms (4.7-7.6)); postgresql 678 actions/s (654-794), load500 20.6 ms (19.3-23.2)
(fresh process 19.2 ms (15.5-21.4)); 4 processes on one channel 244 actions/s (232-297)``.
Minutes later, in a slow phase of the VM, alternating with the stop's first commit (7e7023c):
sqlite 1,224 (1,154-1,543) and 1,076 (982-1,615) against 851 (785-1,023) and 847 (773-1,011)
actions/s; PostgreSQL ~530-590 against 407-487.
2026-11-27 02:15-02:18 (stop 36), after the MTG reducer took 1.23x fewer instructions per action
(cached readings and battlefield-derived values, dict copies that don't slow with game length)
and snapshot encoding reused a game's cards text: ``games: sqlite 2,067 actions/s
(2,046-2,107), load500 6.6 ms (5.6-6.8) (fresh process 6.7 ms (5.1-9.0)); postgresql 876
actions/s (807-1,051), load500 13.2 ms (11.5-14.3) (fresh process 13.2 ms (10.9-14.3)); 4
processes on one channel 460 actions/s (326-466)`` and ``games: sqlite 2,385 actions/s
(2,383-2,755), load500 6.8 ms (5.3-6.8) ...; postgresql 713 actions/s (694-833), load500 15.0
ms ...; 4 processes on one channel 333 actions/s (297-357)``; then alternating with the stop's
first commit (c7f760d, run with PYTHONPATH set to a clone of it): sqlite 1,726 (1,583-1,835)
against 2,201 (2,161-2,202) actions/s, load500 6.0 against 5.8 ms.
The last line is ``games: sqlite N actions/s, load500 M ms (fresh process F ms); postgresql
...``; the PostgreSQL figures start a throwaway server (initdb and pg_ctl on PATH).

Durability: ``synchronous=NORMAL`` (the default) survives a crash or SIGKILL of the process;
``FULL`` also survives power loss by fsyncing the WAL at every commit.  Both are measured.
"""

from __future__ import annotations

import asyncio
import json
import statistics
import sys
import tempfile
import time
from collections.abc import Mapping, Set
from dataclasses import replace
from pathlib import Path
from typing import Any

from bot.app import settle_memory
from bot.commands.game_calls import game_codec
from bot.commands.games import GameHub
from bot.commands.scenario import IndexCardLookup
from bot.engine.mtg.state import GameState
from bot.games.model import Actor, GameScope
from bot.games.mtg_reducer import MtgTable, MtgTableCodec, table_json
from bot.games.service import GameService
from bot.games.store import GameStore, Synchronous
from bot.reference.store import Reference
from bot.scenario.executor import MtgScenarioExecutor
from bot.settings import Settings

State = dict[str, Any]
REPO = Path(__file__).resolve().parents[1]
PLAYER = Actor("1", "Alice")
BATTLEFIELD_LIMIT = 40


class BoardReducer:
    """A stand-in for a rules engine: copies its state and changes a board of permanents."""

    def initial(self, kind: str) -> State:
        players = {name: {"life": 20, "hand": 7} for name in ("Alice", "Bob")}
        return {"kind": kind, "players": players, "battlefield": [], "stack": [], "turn": 1}

    def apply(self, state: State, action: Mapping[str, Any]) -> State:
        new: State = json.loads(json.dumps(state))  # immutable-state discipline: copy, then edit
        n = action["n"]
        battlefield = new["battlefield"]
        battlefield.append(
            {
                "id": n,
                "name": f"Runeclaw Bear {n}",
                "controller": ("Alice", "Bob")[n % 2],
                "power": 2,
                "toughness": 2,
                "tapped": n % 3 == 0,
                "counters": {"+1/+1": n % 4},
                "abilities": ["hexproof"] if n % 5 == 0 else [],
            }
        )
        if len(battlefield) > BATTLEFIELD_LIMIT:
            del battlefield[0]
        new["players"][("Alice", "Bob")[n % 2]]["life"] -= 1
        new["stack"] = [{"spell": "Lightning Bolt", "targets": [n]}] if n % 7 == 0 else []
        new["turn"] = 1 + n // 10
        return new

    def participants(self, state: State) -> Set[str]:
        return frozenset(state["players"])


class JsonCodec:
    tag = "board-v1"

    def serialize(self, state: State) -> bytes:
        return json.dumps(state).encode()

    def deserialize(self, data: bytes) -> State:
        return json.loads(data)


def service_on(store: GameStore, reducer: Any = None) -> GameService[State]:
    return GameService(store, reducer or BoardReducer(), snapshots=JsonCodec(), snapshot_every=10)


class CountingReducer(BoardReducer):
    """Nearly free, to show what the storage alone costs per action."""

    def initial(self, kind: str) -> State:
        return {"count": 0}

    def apply(self, state: State, action: Mapping[str, Any]) -> State:
        return {"count": state["count"] + 1}

    def participants(self, state: State) -> Set[str]:
        return frozenset()


async def actions_per_second(folder: Path, synchronous: Synchronous, count: int) -> None:
    path = folder / f"rate-{synchronous}.sqlite3"
    async with await GameStore.open(path, synchronous=synchronous) as store:
        rates = []
        for label, reducer in (("counting reducer", CountingReducer()), ("board reducer", None)):
            service = service_on(store, reducer)
            one = GameScope("g", f"one-{label}")
            await service.new(one, "mtg", PLAYER)
            start = time.perf_counter()
            for n in range(count):
                await service.apply(one, {"n": n}, PLAYER)
            rates.append(f"{count / (time.perf_counter() - start):7,.0f} ({label})")

        service = service_on(store, CountingReducer())
        channels = [GameScope("g", f"c{i}") for i in range(8)]
        for scope in channels:
            await service.new(scope, "mtg", PLAYER)
        start = time.perf_counter()
        await asyncio.gather(
            *(_apply_many(service, scope, count // len(channels)) for scope in channels)
        )
        rates.append(f"{count / (time.perf_counter() - start):7,.0f} (8 channels at once)")
    print(f"durable actions/s, synchronous={synchronous:<6}: " + ", ".join(rates))


async def _apply_many(service: GameService[State], scope: GameScope, count: int) -> None:
    for n in range(count):
        await service.apply(scope, {"n": n}, PLAYER)


async def load_times(folder: Path, rounds: int) -> None:
    """Cold loads (a fresh service, as after a restart) of ~500-action games.

    With a snapshot every 10 effective actions, 499 effective actions is the worst case for
    about 500: the snapshot at 490, then 9 actions replayed.
    """
    async with await GameStore.open(folder / "load.sqlite3") as store:
        games = {
            "499 actions (worst tail, 9 replayed)": (499, 0),
            "520 actions, 21 undone (499 in effect)": (520, 21),
        }
        for index, (label, (done, undone)) in enumerate(games.items()):
            scope = GameScope("g", f"long-{index}")
            writer = service_on(store)
            await writer.new(scope, "mtg", PLAYER)
            for n in range(done):
                await writer.apply(scope, {"n": n}, PLAYER)
            for _ in range(undone):
                await writer.undo(scope, PLAYER)
            expected = await writer.state(scope)
            makers = [("snapshots + tail", lambda: service_on(store))]
            if index == 0:
                makers.append(("full replay", lambda: GameService(store, BoardReducer())))
            for how, make in makers:
                timings = []
                for _ in range(rounds):
                    cold = make()  # nothing cached: this is a load after a restart
                    start = time.perf_counter()
                    state = await cold.state(scope)
                    timings.append((time.perf_counter() - start) * 1000)
                    assert state == expected
                timings.sort()
                p95 = timings[int(len(timings) * 0.95) - 1]
                print(
                    f"load {label}, {how}: median {statistics.median(timings):6.2f} ms, "
                    f"p95 {p95:6.2f} ms"
                )
    print(f"(board reducer cost per action: {_reducer_cost() * 1000:.3f} ms)")


def _reducer_cost() -> float:
    reducer = BoardReducer()
    state = reducer.initial("mtg")
    for n in range(BATTLEFIELD_LIMIT):
        state = reducer.apply(state, {"n": n})
    start = time.perf_counter()
    for n in range(500):
        state = reducer.apply(state, {"n": n})
    return (time.perf_counter() - start) / 500


# A judge-channel game: a spell is cast at creatures, redirected and resolved, and the
# creatures die, again and again, so the battlefield stays the size of a real game's while the
# graveyards and the script that rebuilds the game grow with every cycle.
GAME_SETUP = "Bob controls Spellskite and Troll Ascetic."
GAME_CYCLE = (
    "Alice controls Runeclaw Bear and Llanowar Elves.",
    "Bob casts Arc Trail targeting Runeclaw Bear and Llanowar Elves.",
    "Alice casts Redirect targeting Arc Trail.",
    "Redirect resolves choosing new targets Llanowar Elves and Runeclaw Bear.",
    "Arc Trail resolves.",
    "Runeclaw Bear dies.",
    "Llanowar Elves dies.",
    "Bob has 17 life.",
)


def _game_actions(count: int) -> list[dict[str, str]]:
    statements = [GAME_SETUP, *(GAME_CYCLE[n % len(GAME_CYCLE)] for n in range(count - 1))]
    return [{"statement": text, "speaker": "alice"} for text in statements]


async def real_games(
    folder: Path,
    reference_db: Path,
    count: int,
    rounds: int,
    database_url: str | None = None,
    run: int = 0,
) -> tuple[float, float, float]:
    """The bot's own MTG games service: durable actions/s and cold loads of a long game, in
    this process (beside the game just played) and in a fresh one (as after a restart)."""
    reference = Reference(reference_db)
    executor = MtgScenarioExecutor(IndexCardLookup(reference.cards))
    actions = _game_actions(count)
    db_file = folder / f"real-{run}.sqlite3"
    hub = GameHub(db_file, executor, database_url=database_url)
    driver = "postgresql" if database_url else "sqlite"
    try:
        service = await hub.service()
        scope = GameScope("g", f"real-{run}")
        await service.new(scope, "mtg", PLAYER)
        await service.apply(scope, actions[0], PLAYER)  # warm the card caches
        settle_memory()  # as the bot does once warm (``bot.app.warm_up``)
        start = time.perf_counter()
        for action in actions[1:]:
            await service.apply(scope, action, PLAYER)
        rate = (count - 1) / (time.perf_counter() - start)
        print(f"durable actions/s, the bot's MTG games ({driver}): {rate:7,.0f}")
        expected = await service.state(scope)
        if database_url is None and run == 0:
            _snapshot_figures(expected, count)
        timings = []
        for _ in range(rounds):
            cold = GameHub(db_file, executor, database_url=database_url)
            start = time.perf_counter()
            state = await (await cold.service()).state(scope)
            timings.append((time.perf_counter() - start) * 1000)
            await cold.aclose()
            assert state == expected
        timings.sort()
        load = statistics.median(timings)
        print(
            f"load a {count}-action MTG game ({driver}, snapshot + tail): median "
            f"{load:6.2f} ms, p95 {timings[int(len(timings) * 0.95) - 1]:6.2f} ms "
            f"({await _tail(hub, scope)} actions replayed after the snapshot)"
        )
    finally:
        await hub.aclose()
        reference.close()
    # After a restart the process that played the game is gone (its connection closed).
    fresh = fresh_process_loads(db_file, reference_db, scope, rounds, database_url)
    print(
        f"load a {count}-action MTG game ({driver}) in a fresh process, as after a restart: "
        f"median {statistics.median(fresh):6.2f} ms, "
        f"p95 {fresh[int(len(fresh) * 0.95) - 1]:6.2f} ms"
    )
    return rate, load, statistics.median(fresh)


def fresh_process_loads(
    db_file: Path, reference_db: Path, scope: GameScope, rounds: int, database_url: str | None
) -> list[float]:
    """Cold loads timed in a new process that starts as the bot does (the reference opened,
    the card index built, memory settled once warm) and has played nothing: the loads in this
    process also pay for collecting around the game just played and its caches."""
    import subprocess

    command = [sys.executable, __file__, "--cold-loads", str(db_file), str(reference_db)]
    command += [scope.guild, scope.channel, str(rounds), database_url or ""]
    out = subprocess.run(command, capture_output=True, text=True, check=True, cwd=REPO).stdout
    timings: list[float] = sorted(json.loads(out.strip().splitlines()[-1]))
    return timings


async def _cold_loads(arguments: list[str]) -> None:
    """The child of ``fresh_process_loads``: prints the timings as a JSON list."""
    db_file, reference_db, guild, channel, rounds, database_url = arguments
    reference = Reference(Path(reference_db))
    executor = MtgScenarioExecutor(IndexCardLookup(reference.cards))
    executor.cards.resolve("Runeclaw Bear")  # the card index, as a warm bot has it
    settle_memory()
    scope, timings = GameScope(guild, channel), []
    for _ in range(int(rounds)):
        cold = GameHub(Path(db_file), executor, database_url=database_url or None)
        start = time.perf_counter()
        await (await cold.service()).state(scope)
        timings.append((time.perf_counter() - start) * 1000)
        await cold.aclose()
    reference.close()
    print(json.dumps(timings))


async def _tail(hub: GameHub, scope: GameScope) -> int:
    """How many effective actions a cold load replays after the snapshot it starts from: the
    snapshot policy decides it, and it explains most of a load's spread between runs."""
    stored = await (await hub.service()).store.load(scope, game_codec().tag)
    applied = [record.seq for record in stored.replay.applied]
    if stored.snapshot is None:
        return len(applied)
    return len(applied) - applied.index(stored.snapshot.last_seq) - 1


def _snapshot_figures(state: MtgTable, count: int) -> None:
    """Size and encode/decode times of the snapshot of a ``count``-action game: the first
    encode (nothing remembered), then one after another action (its unchanged objects'
    encodings reused, as in a running game)."""
    codec = MtgTableCodec(table_json())
    codec.serialize(MtgTable(kind="mtg", game=GameState()))  # build the converters first
    start = time.perf_counter()
    data = codec.serialize(state)
    first = time.perf_counter() - start
    later = []
    for _ in range(20):
        start = time.perf_counter()
        codec.serialize(replace(state, transcript=(*state.transcript, "Bob has 16 life.")))
        later.append(time.perf_counter() - start)
    start = time.perf_counter()
    codec.deserialize(data)
    decode = time.perf_counter() - start
    # As stored: compressed by the service's codec (zlib's fastest level).
    stored = game_codec()
    compressed = stored.serialize(state)
    squeeze = []
    for _ in range(20):
        start = time.perf_counter()
        stored.serialize(replace(state, transcript=(*state.transcript, "Bob has 16 life.")))
        squeeze.append(time.perf_counter() - start)
    print(
        f"snapshot of a {count}-action MTG game: {len(data) / 1024:.0f} KB of JSON, "
        f"{len(compressed) / 1024:.0f} KB stored; encode {first * 1000:.1f} ms first, "
        f"{statistics.median(later) * 1000:.1f} ms after an action (unchanged objects reused), "
        f"{statistics.median(squeeze) * 1000:.1f} ms with compression; decode "
        f"{decode * 1000:.1f} ms"
    )


async def _end_shared_game(url: str) -> None:
    from bot.games.postgres_store import PostgresGameStore
    from tests.games.shard_worker import PLAYER as SHARD_PLAYER
    from tests.games.shard_worker import SCOPE

    store = await PostgresGameStore.open(url)
    try:
        if await store.active_game(SCOPE) is not None:
            await store.end_game(SCOPE, SHARD_PLAYER)
    finally:
        await store.close()


def postgres_processes(url: str, processes: int, each: int) -> float:
    """Actions/s of ``processes`` bot processes changing one channel's game at once (the worst
    case: every action contends for the same game)."""
    import subprocess

    from tests.games.test_sharded_processes import start_game

    asyncio.run(_end_shared_game(url))  # a fresh game for each run
    asyncio.run(start_game(url))
    started = time.perf_counter()
    workers = [
        subprocess.Popen(
            [sys.executable, "-m", "tests.games.shard_worker", url, str(i), str(each)],
            cwd=REPO,
            stdout=subprocess.DEVNULL,
        )
        for i in range(processes)
    ]
    for worker in workers:
        worker.wait()
    rate = processes * each / (time.perf_counter() - started)
    print(f"durable actions/s, {processes} processes on one channel (postgresql): {rate:7,.0f}")
    return rate


async def main() -> None:
    reference_db = Path(sys.argv[1]) if len(sys.argv) > 1 else Settings.from_env().reference_db
    with tempfile.TemporaryDirectory() as name:
        folder = Path(name)
        await load_times(folder, rounds=50)
        for synchronous in ("NORMAL", "FULL"):
            await actions_per_second(folder, synchronous, count=4000)
        if not reference_db.exists():
            print(
                f"(no reference store at {reference_db}: run `rulesbot sync --from DIR` "
                "for the figures on the bot's own games)"
            )
            return
        sqlite = [
            await real_games(folder, reference_db, count=500, rounds=50, run=run)
            for run in range(RUNS)
        ]
        postgres = await postgres_figures(folder, reference_db)
        print(f"games: sqlite {_figures(sqlite)}; postgresql {postgres}")


RUNS = 3  # the machine's speed varies: each figure is the median of three runs, with its range


def _spread(values: list[float], unit: str, digits: int = 0) -> str:
    """``546 actions/s (480-560)``: the median, then the range over the runs."""
    low, mid, high = min(values), statistics.median(values), max(values)
    return f"{mid:,.{digits}f} {unit} ({low:,.{digits}f}-{high:,.{digits}f})"


def _figures(runs: list[tuple[float, float, float]]) -> str:
    rates, loads = [run[0] for run in runs], [run[1] for run in runs]
    fresh = [run[2] for run in runs]
    return (
        f"{_spread(rates, 'actions/s')}, load500 {_spread(loads, 'ms', 1)} "
        f"(fresh process {_spread(fresh, 'ms', 1)})"
    )


async def postgres_figures(folder: Path, reference_db: Path) -> str:
    """The same game on a throwaway PostgreSQL server on loopback, then 4 processes at once."""
    sys.path.insert(0, str(REPO))
    from tests.postgres_server import MISSING, binaries_available, postgres_server

    if not binaries_available():
        print(f"(no PostgreSQL figures: {MISSING})")
        return "not measured"
    with postgres_server() as url:
        runs = [
            await real_games(folder, reference_db, count=500, rounds=20, database_url=url, run=run)
            for run in range(RUNS)
        ]
        together = [await asyncio.to_thread(postgres_processes, url, 4, 50) for _ in range(RUNS)]
    return f"{_figures(runs)}; 4 processes on one channel {_spread(together, 'actions/s')}"


if __name__ == "__main__":
    if sys.argv[1:2] == ["--cold-loads"]:
        asyncio.run(_cold_loads(sys.argv[2:]))
    else:
        asyncio.run(main())
