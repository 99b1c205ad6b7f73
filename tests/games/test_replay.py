"""Undo/redo semantics against a plain model, for random sequences of commands."""

from __future__ import annotations

import asyncio
import tempfile
from datetime import UTC, datetime
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.errors import DataError, StateError
from bot.games.model import ActionRecord
from bot.games.replay import replay_log
from bot.games.service import GameService
from bot.games.store import GameStore
from tests.games.conftest import HERE, STARTER
from tests.games.tally import TallyCodec, TallyReducer, add, expected_state

commands = st.lists(st.sampled_from(["do", "do", "undo", "redo"]), max_size=40)


def model(script: list[str]) -> list[str]:
    """Effective tokens after ``script``, by the issue's definition of undo and redo."""
    applied: list[str] = []
    undone: list[str] = []
    for index, command in enumerate(script):
        if command == "do":
            applied.append(f"t{index}")
            undone.clear()
        elif command == "undo" and applied:
            undone.append(applied.pop())
        elif command == "redo" and undone:
            applied.append(undone.pop())
    return applied


async def play(script: list[str]) -> None:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "games.sqlite3"
        async with await GameStore.open(path) as store:
            service = GameService(store, TallyReducer(), snapshots=TallyCodec(), snapshot_every=2)
            await service.new(HERE, "mtg", STARTER)
            for index, command in enumerate(script):
                try:
                    if command == "do":
                        await service.apply(HERE, add(f"t{index}", index), STARTER)
                    elif command == "undo":
                        await service.undo(HERE, STARTER)
                    else:
                        await service.redo(HERE, STARTER)
                except StateError as error:
                    assert "nothing to" in error.message
            tokens = [action["token"] for action in await service.export(HERE)]
            assert tokens == model(script)
            expected = expected_state("mtg", await service.export(HERE))
            assert await service.state(HERE) == expected
            cold = GameService(store, TallyReducer(), snapshots=TallyCodec())
            assert await cold.state(HERE) == expected  # snapshots + tail agree with the live state
            history = await service.history(HERE)
            assert [h.action["token"] for h in history if h.in_effect] == tokens


@settings(max_examples=40, deadline=None)
@given(commands)
def test_the_service_matches_the_model(script: list[str]):
    asyncio.run(play(script))


def record(seq: int, kind: str, target: int | None = None) -> ActionRecord:
    at = datetime(2026, 1, 1, tzinfo=UTC)
    return ActionRecord(seq, kind, f'{{"token": "{seq}"}}', target, "1", "", False, at)  # type: ignore[arg-type]


def test_a_log_the_service_could_not_have_written_is_reported_as_corrupt():
    with pytest.raises(DataError, match="#2 \\(undo of #5\\)"):
        replay_log([record(1, "do"), record(2, "undo", 5)])
    with pytest.raises(DataError, match="#1 \\(redo of #1\\)"):
        replay_log([record(1, "redo", 1)])
    replay = replay_log([record(1, "do"), record(2, "do"), record(3, "undo", 2)])
    assert [r.seq for r in replay.applied] == [1] and [r.seq for r in replay.undone] == [2]


def test_a_record_read_back_from_a_store_is_the_record_itself():
    # ActionRecord.stored skips the dataclass __init__ for speed (issue 14): the record must
    # still be equal, hash alike, stay frozen and decode its payload.
    at = datetime(2026, 1, 1, tzinfo=UTC)
    built = ActionRecord(7, "do", '{"token": "7"}', None, "1", "Alice", True, at)
    stored = ActionRecord.stored(7, "do", '{"token": "7"}', None, "1", "Alice", True, at)
    assert stored == built and hash(stored) == hash(built) and repr(stored) == repr(built)
    assert stored.payload == {"token": "7"}
    with pytest.raises(AttributeError):
        stored.seq = 8  # type: ignore[misc]


def test_the_actions_an_undo_took_back_together_are_kept_together():
    # QA 64 M1: a whole undo's entries say so, so a redo (in any process) does them again as
    # one; a later single undo or a redo of one of them ends that.
    at = datetime(2026, 1, 1, tzinfo=UTC)

    def undo(seq: int, target: int, whole: bool) -> ActionRecord:
        payload = '{"whole": true}' if whole else "{}"
        return ActionRecord(seq, "undo", payload, target, "1", "", False, at)  # type: ignore[arg-type]

    log = [record(1, "do"), record(2, "do"), record(3, "do"), undo(4, 3, True), undo(5, 2, True)]
    assert replay_log(log).together == frozenset({2, 3})
    assert replay_log([*log, record(6, "redo", 2)]).together == frozenset({3})
    assert replay_log([*log, record(6, "do")]).together == frozenset()
    single = [record(1, "do"), record(2, "do"), undo(3, 2, False)]
    assert replay_log(single).together == frozenset()
