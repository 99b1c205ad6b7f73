"""One contract, two drivers: the same tests against the SQLite store (embedded, the default)
and the PostgreSQL store (several bot processes sharing games), on a real PostgreSQL server."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.errors import ConflictError, PermissionDeniedError, StorageError, UsageError
from bot.games.errors import GameExistsError, NoGameError
from bot.games.model import GameScope, NewEntry, SnapshotBlob
from bot.games.postgres_store import PostgresGameStore
from bot.games.service import GameService
from bot.games.storage import GameStorage, open_storage
from bot.games.store import GameStore
from tests.games.conftest import HERE, JUDGE, STARTER, STRANGER, StepClock
from tests.games.tally import TallyCodec, TallyReducer, add

THERE = GameScope("guild-2", "channel-1")


@pytest.fixture(params=["sqlite", "postgresql"])
def opener(request: pytest.FixtureRequest, tmp_path: Path):  # type: ignore[no-untyped-def]
    """Opens another handle on the same database (another bot process, in effect)."""
    if request.param == "sqlite":
        path = tmp_path / "games.sqlite3"

        async def open_sqlite() -> GameStorage:
            return await GameStore.open(path, clock=StepClock())

        return open_sqlite
    url = request.getfixturevalue("postgres_url")

    async def open_postgres() -> GameStorage:
        return await PostgresGameStore.open(url, clock=StepClock())

    return open_postgres


@pytest.fixture
async def store(opener) -> AsyncIterator[GameStorage]:  # type: ignore[no-untyped-def]
    opened = await opener()
    yield opened
    await opened.close()


async def test_one_active_game_per_channel_and_channels_apart(store: GameStorage) -> None:
    game = await store.create_game(HERE, "mtg", STARTER)
    assert (game.kind, game.started_by, game.version, game.ended_at) == ("mtg", "100", 0, None)
    with pytest.raises(GameExistsError):
        await store.create_game(HERE, "riftbound", STARTER)
    other = await store.create_game(THERE, "riftbound", STARTER)
    await store.append(HERE, 0, NewEntry.do(add("a")), STARTER)
    assert (await store.active_game(THERE)) == other  # another guild's game is untouched
    assert await store.actions(THERE) == []


async def test_append_load_undo_redo_and_end(store: GameStorage) -> None:
    await store.create_game(HERE, "mtg", STARTER)
    first = await store.append(HERE, 0, NewEntry.do(add("a", 3)), STARTER)
    second = await store.append(HERE, 1, NewEntry.do(add("b", 4)), STARTER)
    await store.append(HERE, 2, NewEntry.undo(second.seq), STARTER)
    await store.append(HERE, 3, NewEntry.redo(second.seq), STARTER)
    log = await store.load(HERE)
    assert [e.kind for e in log.entries] == ["do", "do", "undo", "redo"]
    assert [r.payload["token"] for r in log.replay.applied] == ["a", "b"]
    assert log.game.version == 4 and first.payload["value"] == 3
    ended = await store.end_game(HERE, STRANGER)
    assert ended.ended_by == "999" and await store.active_game(HERE) is None
    with pytest.raises(NoGameError):
        await store.append(HERE, 4, NewEntry.do(add("c")), STARTER)
    second_game = await store.create_game(HERE, "mtg", STARTER)
    assert [g.id for g in await store.games(HERE)] == [second_game.id, ended.id]
    assert await store.actions(HERE) == []


async def test_a_stale_version_is_a_conflict_and_writes_nothing(store: GameStorage) -> None:
    await store.create_game(HERE, "mtg", STARTER)
    await store.append(HERE, 0, NewEntry.do(add("a")), STARTER)
    with pytest.raises(ConflictError):
        await store.append(HERE, 0, NewEntry.do(add("late")), STARTER)
    assert [r.payload["token"] for r in await store.actions(HERE)] == ["a"]


async def test_snapshots_are_used_only_while_their_action_is_in_effect(store: GameStorage) -> None:
    await store.create_game(HERE, "mtg", STARTER)
    await store.append(HERE, 0, NewEntry.do(add("a")), STARTER, snapshot=SnapshotBlob("t", b"1"))
    await store.append(HERE, 1, NewEntry.do(add("b")), STARTER, snapshot=SnapshotBlob("t", b"2"))
    assert (await store.load(HERE, "t")).snapshot.blob.data == b"2"  # type: ignore[union-attr]
    await store.append(HERE, 2, NewEntry.undo(2), STARTER)
    snapshot = (await store.load(HERE, "t")).snapshot
    assert snapshot is not None and (snapshot.last_seq, snapshot.blob.data) == (1, b"1")
    assert (await store.load(HERE, "other-format")).snapshot is None


async def test_seats_and_openness(store: GameStorage) -> None:
    await store.create_game(HERE, "mtg", STARTER)
    seating = await store.set_seat(HERE, "Bob", "200", STARTER)
    assert seating.seats == {"Bob": "200"} and seating.started_by == "100"
    seating = await store.set_seat(HERE, "bob", None, STARTER)  # names compare case-blind
    assert seating.seats == {}
    assert (await store.set_open(HERE, True)).open
    empty = (await store.load(HERE)).seating  # open, with no seat taken
    assert empty.open and empty.seats == {} and empty == await store.seating(HERE)
    with pytest.raises(NoGameError):
        await store.seating(THERE)
    # A load reads the seats with the game (one query): the same seating, in the order taken.
    await store.set_seat(HERE, "Bob", "200", STARTER)
    await store.set_seat(HERE, "Alice", "300", STARTER)
    loaded = (await store.load(HERE)).seating
    assert loaded == await store.seating(HERE)
    assert list(loaded.seats.items()) == [("Bob", "200"), ("Alice", "300")] and loaded.open


async def test_the_append_itself_refuses_whoever_may_not_change_the_game(
    store: GameStorage,
) -> None:
    """Who may change a game is checked by the statement that writes (permissions.py: the
    starter, seat holders, judges; anyone while open), whatever a caller checked before."""
    await store.create_game(HERE, "mtg", STARTER)
    with pytest.raises(PermissionDeniedError):
        await store.append(HERE, 0, NewEntry.do(add("x")), STRANGER)
    assert await store.actions(HERE) == []
    await store.append(HERE, 0, NewEntry.do(add("judge")), JUDGE)
    await store.set_seat(HERE, "Bob", STRANGER.user, STARTER)
    await store.append(HERE, 1, NewEntry.do(add("seated")), STRANGER)
    await store.set_seat(HERE, "Bob", None, STARTER)
    with pytest.raises(PermissionDeniedError):
        await store.append(HERE, 2, NewEntry.do(add("after leaving")), STRANGER)
    await store.set_open(HERE, True)
    await store.append(HERE, 2, NewEntry.do(add("open")), STRANGER)
    with pytest.raises(ConflictError):  # a stale version is a conflict, whoever asks
        await store.append(HERE, 2, NewEntry.do(add("late")), STRANGER)
    assert [r.payload["token"] for r in await store.actions(HERE)] == ["judge", "seated", "open"]


async def test_seats_changed_by_another_process_are_never_bypassed(opener) -> None:  # type: ignore[no-untyped-def]
    """A service keeps a game's seats with the game; another process seating or unseating a
    player must count at once, in both directions."""
    mine, theirs = await opener(), await opener()
    try:
        service = GameService(mine, TallyReducer())
        await service.new(HERE, "mtg", STARTER)
        await service.seat(HERE, "Bob", STRANGER.user, STARTER)
        await service.apply(HERE, add("bob"), STRANGER)
        await theirs.set_seat(HERE, "Bob", None, STARTER)  # unseated elsewhere
        with pytest.raises(PermissionDeniedError):
            await service.apply(HERE, add("unseated"), STRANGER)
        await theirs.set_seat(HERE, "Bob", STRANGER.user, STARTER)  # seated again elsewhere
        await service.apply(HERE, add("reseated"), STRANGER)
        assert [r.payload["token"] for r in await theirs.actions(HERE)] == ["bob", "reseated"]
    finally:
        await mine.close()
        await theirs.close()


async def test_concurrent_appenders_from_two_processes_never_both_win(opener) -> None:  # type: ignore[no-untyped-def]
    one, two = await opener(), await opener()
    try:
        await one.create_game(HERE, "mtg", STARTER)
        for version in range(20):
            results = await asyncio.gather(
                one.append(HERE, version, NewEntry.do(add(f"x{version}")), STARTER),
                two.append(HERE, version, NewEntry.do(add(f"y{version}")), STARTER),
                return_exceptions=True,
            )
            winners = [r for r in results if not isinstance(r, BaseException)]
            assert len(winners) == 1, results
            assert all(isinstance(r, ConflictError) for r in results if r not in winners)
        assert [r.seq for r in await two.actions(HERE)] == list(range(1, 21))
    finally:
        await one.close()
        await two.close()


async def test_the_service_on_either_driver_gives_the_replayed_state(opener) -> None:  # type: ignore[no-untyped-def]
    writer = await opener()
    reader = await opener()
    try:
        service = GameService(writer, TallyReducer(), snapshots=TallyCodec(), snapshot_every=3)
        await service.new(HERE, "mtg", STARTER)
        for n in range(10):
            await service.apply(HERE, add(f"t{n}", n), STARTER)
        await service.undo(HERE, STARTER)
        await service.redo(HERE, STARTER)
        expected = await service.state(HERE)
        fresh = GameService(reader, TallyReducer(), snapshots=TallyCodec(), snapshot_every=3)
        assert await fresh.state(HERE) == expected  # as another process loads it
        assert expected["count"] == 10 and expected["total"] == sum(range(10))
    finally:
        await writer.close()
        await reader.close()


async def test_a_read_only_postgresql_user_gets_a_clear_error(postgres_url: str) -> None:
    import asyncpg

    store = await PostgresGameStore.open(postgres_url)
    await store.create_game(HERE, "mtg", STARTER)
    await store.close()
    admin = await asyncpg.connect(postgres_url)
    try:
        await admin.execute("CREATE ROLE reader LOGIN")
        await admin.execute("GRANT SELECT ON ALL TABLES IN SCHEMA public TO reader")
    finally:
        await admin.close()
    reader = await PostgresGameStore.open(postgres_url.replace("postgres@", "reader@", 1))
    try:
        with pytest.raises(StorageError, match="read-only"):
            await reader.append(HERE, 0, NewEntry.do(add("a")), STARTER)
        assert await reader.actions(HERE) == []
    finally:
        await reader.close()


async def test_an_unreachable_server_is_a_clear_error() -> None:
    with pytest.raises(StorageError, match="can't be reached"):
        await open_storage("postgresql://postgres@127.0.0.1:9/none", Path("unused"))


async def test_a_database_url_that_is_not_postgresql_says_what_would_work() -> None:
    with pytest.raises(UsageError, match="PostgreSQL address") as caught:
        await open_storage("mysql://db/games", Path("unused"))
    assert "postgresql://" in caught.value.hint


async def test_an_ended_game_is_reopened_as_it_was(store: GameStorage) -> None:
    # `game reopen`: what users did in a game they ended is not lost (QA 14).
    await store.create_game(HERE, "mtg", STARTER)
    await store.append(HERE, 0, NewEntry.do(add("a", 3)), STARTER)
    ended = await store.end_game(HERE, STARTER)
    reopened = await store.reopen_game(HERE, ended.id)
    assert reopened.id == ended.id and reopened.ended_at is None and reopened.version == 1
    assert (await store.active_game(HERE)) == reopened
    log = await store.load(HERE)
    assert [r.payload["token"] for r in log.replay.applied] == ["a"]
    await store.append(HERE, 1, NewEntry.do(add("b")), STARTER)  # and goes on


async def test_a_game_is_not_reopened_over_a_running_one(store: GameStorage) -> None:
    await store.create_game(HERE, "mtg", STARTER)
    ended = await store.end_game(HERE, STARTER)
    running = await store.create_game(HERE, "riftbound", STARTER)
    with pytest.raises(GameExistsError):
        await store.reopen_game(HERE, ended.id)
    assert (await store.active_game(HERE)) == running
    with pytest.raises(NoGameError):
        await store.reopen_game(THERE, ended.id)  # another channel's game can't be reached
