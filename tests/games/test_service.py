"""GameService: validation before storing, undo/redo, history, export, snapshots, restarts."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from bot.errors import (
    NotFoundError,
    PermissionDeniedError,
    ScenarioError,
    StateError,
    UsageError,
)
from bot.games.errors import GameExistsError, NoGameError, ReplayError
from bot.games.model import GameScope
from bot.games.service import GameService
from bot.games.store import GameStore
from tests.games.conftest import HERE, JUDGE, STARTER, STRANGER, StepClock
from tests.games.tally import TallyCodec, TallyReducer, TallyState, add, expected_state


def tokens(actions) -> list[str]:
    return [action["token"] for action in actions]


async def test_new_game_starts_empty_and_rejects_unknown_kinds(service: GameService):
    state = await service.new(HERE, "MTG", STARTER)
    assert state == expected_state("mtg", [])
    with pytest.raises(GameExistsError):
        await service.new(HERE, "riftbound", STARTER)
    with pytest.raises(UsageError, match="no game kind 'chess'") as raised:
        await service.new(GameScope("guild-1", "other"), "chess", STARTER)
    assert raised.value.suggestions == ("mtg", "riftbound")


async def test_commands_without_a_game_say_how_to_start_one(service: GameService):
    for command in (service.state(HERE), service.export(HERE), service.history(HERE)):
        with pytest.raises(NoGameError, match="no game running") as raised:
            await command
        assert isinstance(raised.value, NotFoundError)
    with pytest.raises(NoGameError):
        await service.apply(HERE, add("a"), STARTER)


async def test_apply_folds_actions_through_the_reducer(service: GameService):
    await service.new(HERE, "mtg", STARTER)
    for i in range(5):
        state = await service.apply(HERE, add(f"t{i}", i), STARTER)
    expected = expected_state("mtg", [add(f"t{i}", i) for i in range(5)])
    assert state == expected and await service.state(HERE) == expected
    assert tokens(await service.export(HERE)) == [f"t{i}" for i in range(5)]


async def test_a_rejected_action_is_not_stored(service: GameService, store: GameStore):
    await service.new(HERE, "mtg", STARTER)
    await service.apply(HERE, add("kept"), STARTER)
    with pytest.raises(ScenarioError, match="can't 'fail'"):
        await service.apply(HERE, {"op": "fail"}, STARTER)
    assert tokens(await service.export(HERE)) == ["kept"]
    assert len(await store.actions(HERE)) == 1
    game = await store.active_game(HERE)
    assert game is not None and game.version == 1


async def test_undo_redo_and_a_new_action_clearing_the_redo_stack(service: GameService):
    await service.new(HERE, "mtg", STARTER)
    for token in "abc":
        await service.apply(HERE, add(token), STARTER)
    step = await service.undo(HERE, STARTER)
    assert step.action["token"] == "c" and step.version == 4
    assert step.state == expected_state("mtg", [add("a"), add("b")])
    assert (await service.undo(HERE, JUDGE)).action["token"] == "b"
    assert tokens(await service.export(HERE)) == ["a"]
    redo = await service.redo(HERE, STARTER)
    assert redo.action["token"] == "b" and redo.state == expected_state("mtg", [add("a"), add("b")])
    await service.apply(HERE, add("d"), STARTER)
    with pytest.raises(StateError, match="nothing to redo"):
        await service.redo(HERE, STARTER)
    assert tokens(await service.export(HERE)) == ["a", "b", "d"]
    assert await service.state(HERE) == expected_state("mtg", [add(t) for t in "abd"])


async def test_undo_with_nothing_to_undo_says_so(service: GameService):
    await service.new(HERE, "mtg", STARTER)
    with pytest.raises(StateError, match="nothing to undo"):
        await service.undo(HERE, STARTER)
    await service.apply(HERE, add("a"), STARTER)
    await service.undo(HERE, STARTER)
    with pytest.raises(StateError, match="nothing to undo"):
        await service.undo(HERE, STARTER)


async def test_history_keeps_everything_with_who_and_when(service: GameService):
    await service.new(HERE, "mtg", STARTER)
    await service.apply(HERE, add("a"), STARTER)
    await service.apply(HERE, add("b"), STARTER)
    await service.undo(HERE, JUDGE)
    await service.redo(HERE, JUDGE)
    await service.undo(HERE, STARTER)
    lines = await service.history(HERE)
    assert [(h.seq, h.kind, h.action["token"], h.target) for h in lines] == [
        (1, "do", "a", None),
        (2, "do", "b", None),
        (3, "undo", "b", 2),
        (4, "redo", "b", 2),
        (5, "undo", "b", 2),
    ]
    assert [h.in_effect for h in lines] == [True, False, False, False, False]
    assert [(h.user, h.name) for h in lines][2] == ("555", "Judge")
    times = [h.at for h in lines]
    assert times == sorted(times) and len(set(times)) == 5 and times[0].tzinfo is not None


async def test_a_restart_loses_nothing(db_path: Path):
    async with await GameStore.open(db_path) as store:
        service = GameService(store, TallyReducer())
        await service.new(HERE, "riftbound", STARTER)
        for token in "abcd":
            await service.apply(HERE, add(token, players=["Alice"]), STARTER)
        await service.undo(HERE, STARTER)
        before = (await service.state(HERE), await service.export(HERE))
    async with await GameStore.open(db_path) as store:
        service = GameService(store, TallyReducer())
        assert (await service.state(HERE), await service.export(HERE)) == before
        step = await service.redo(HERE, STARTER)  # the redo stack survives a restart too
        assert step.action["token"] == "d"
        assert (await service.game(HERE)).kind == "riftbound"


async def test_end_keeps_the_game_and_frees_the_channel(service: GameService, store: GameStore):
    await service.new(HERE, "mtg", STARTER)
    await service.apply(HERE, add("a"), STARTER)
    ended = await service.end(HERE, STARTER)
    assert ended.ended_by == "100"
    with pytest.raises(NoGameError):
        await service.state(HERE)
    assert await service.new(HERE, "mtg", STARTER) == expected_state("mtg", [])
    assert len(await store.games(HERE)) == 2


async def test_loading_replays_only_the_tail_after_a_snapshot(db_path: Path):
    async with await GameStore.open(db_path) as store:
        writer = GameService(store, TallyReducer(), snapshots=TallyCodec(), snapshot_every=10)
        await writer.new(HERE, "mtg", STARTER)
        for i in range(25):
            await writer.apply(HERE, add(f"t{i}", i), STARTER)
        all_actions = [add(f"t{i}", i) for i in range(25)]

        reducer, codec = TallyReducer(), TallyCodec()
        reader = GameService(store, reducer, snapshots=codec, snapshot_every=10)
        assert await reader.state(HERE) == expected_state("mtg", all_actions)
        assert (codec.loaded, reducer.applied) == (1, 5)  # snapshot at 20, then 5 actions

        for _ in range(6):  # back to 19 actions: the snapshot at 20 no longer applies
            await writer.undo(HERE, STARTER)
        reducer, codec = TallyReducer(), TallyCodec()
        reader = GameService(store, reducer, snapshots=codec, snapshot_every=10)
        assert await reader.state(HERE) == expected_state("mtg", all_actions[:19])
        assert (codec.loaded, reducer.applied) == (1, 9)  # snapshot at 10, then 9 actions

        reducer = TallyReducer()
        retagged = GameService(store, reducer, snapshots=TallyCodec("tally-v2"))
        assert await retagged.state(HERE) == expected_state("mtg", all_actions[:19])
        assert reducer.applied == 19  # snapshots of another reducer version are ignored


async def test_an_unreadable_snapshot_costs_a_replay_not_the_game(db_path: Path):
    async with await GameStore.open(db_path) as store:
        writer = GameService(store, TallyReducer(), snapshots=TallyCodec(), snapshot_every=3)
        await writer.new(HERE, "mtg", STARTER)
        for i in range(4):
            await writer.apply(HERE, add(f"t{i}"), STARTER)
    with sqlite3.connect(db_path) as conn:
        assert conn.execute("UPDATE snapshots SET data = ?", (b"\x00garbage",)).rowcount == 1
    async with await GameStore.open(db_path) as store:
        reader = GameService(store, TallyReducer(), snapshots=TallyCodec())
        assert await reader.state(HERE) == expected_state("mtg", [add(f"t{i}") for i in range(4)])


class CodecThatCannotWrite(TallyCodec):
    """A codec meeting a state JSON can't carry exactly (as orjson refuses an integer beyond
    64 bits)."""

    def serialize(self, state: TallyState) -> bytes:
        raise TypeError("Integer exceeds 64-bit range")


async def test_a_state_that_cannot_be_snapshotted_is_stored_and_replayed(db_path: Path):
    async with await GameStore.open(db_path) as store:
        writer = GameService(
            store, TallyReducer(), snapshots=CodecThatCannotWrite(), snapshot_every=2
        )
        await writer.new(HERE, "mtg", STARTER)
        for i in range(4):
            await writer.apply(HERE, add(f"t{i}"), STARTER)
        assert (await store.load(HERE, "tally-v1")).snapshot is None
        reader = GameService(store, TallyReducer(), snapshots=TallyCodec())
        assert await reader.state(HERE) == expected_state("mtg", [add(f"t{i}") for i in range(4)])


class PickyReducer(TallyReducer):
    """A later version of the rules that no longer accepts values above 5."""

    def apply(self, state: TallyState, action) -> TallyState:
        if action.get("value", 0) > 5:
            raise ScenarioError("Values above 5 are no longer allowed.")
        return super().apply(state, action)


async def test_a_game_that_no_longer_replays_says_so_and_can_still_be_ended(db_path: Path):
    async with await GameStore.open(db_path) as store:
        old = GameService(store, TallyReducer())
        await old.new(HERE, "mtg", STARTER)
        await old.apply(HERE, add("big", 9, players=["Alice"]), STARTER)
        new = GameService(store, PickyReducer())
        with pytest.raises(ReplayError, match=r"#1 .* no longer be replayed"):
            await new.state(HERE)
        assert tokens(await old.export(HERE)) == ["big"]
        with pytest.raises(PermissionDeniedError):
            await new.end(HERE, STRANGER)
        assert (await new.end(HERE, STARTER)).ended_at is not None


async def test_times_come_from_the_store_clock(db_path: Path):
    clock = StepClock()
    async with await GameStore.open(db_path, clock=clock) as store:
        service = GameService(store, TallyReducer())
        await service.new(HERE, "mtg", STARTER)
        await service.apply(HERE, add("a"), STARTER)
        (line,) = await service.history(HERE)
        assert line.at == clock.now
