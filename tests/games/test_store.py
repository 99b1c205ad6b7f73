"""GameStore: one active game per channel, the optimistic version check, snapshots."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from bot.errors import ConflictError, UsageError
from bot.games.errors import GameExistsError, NoGameError
from bot.games.model import GameScope, NewEntry, SnapshotBlob
from bot.games.store import KEEP_SNAPSHOTS, GameStore
from tests.games.conftest import HERE, STARTER, STRANGER
from tests.games.tally import add


async def test_a_new_file_is_in_wal_mode_at_the_latest_schema(store: GameStore, db_path: Path):
    with sqlite3.connect(db_path) as conn:
        assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
        assert conn.execute("PRAGMA user_version").fetchone()[0] == 3


async def test_a_channel_has_at_most_one_active_game(store: GameStore):
    game = await store.create_game(HERE, "mtg", STARTER)
    assert (game.kind, game.started_by, game.version, game.ended_at) == ("mtg", "100", 0, None)
    with pytest.raises(GameExistsError, match="already has an MTG game"):
        await store.create_game(HERE, "riftbound", STARTER)
    assert await store.active_game(HERE) == game


async def test_ended_games_are_kept_and_a_new_one_may_start(store: GameStore, db_path: Path):
    first = await store.create_game(HERE, "mtg", STARTER)
    await store.append(HERE, 0, NewEntry.do(add("a")), STARTER)
    ended = await store.end_game(HERE, STRANGER)
    assert ended.id == first.id and ended.ended_at is not None and ended.ended_by == "999"
    assert await store.active_game(HERE) is None
    second = await store.create_game(HERE, "riftbound", STARTER)
    assert [g.id for g in await store.games(HERE)] == [second.id, first.id]
    assert await store.actions(HERE) == []  # the new game's log starts empty
    with sqlite3.connect(db_path) as conn:
        kept = conn.execute("SELECT COUNT(*) FROM actions WHERE game_id = ?", (first.id,))
        assert kept.fetchone()[0] == 1


async def test_ending_without_a_game_says_so(store: GameStore):
    with pytest.raises(NoGameError):
        await store.end_game(HERE, STARTER)


async def test_append_returns_the_record_and_bumps_the_version(store: GameStore):
    await store.create_game(HERE, "mtg", STARTER)
    record = await store.append(HERE, 0, NewEntry.do(add("a", 3)), STARTER)
    assert (record.seq, record.kind, record.payload["token"], record.user) == (1, "do", "a", "100")
    game = await store.active_game(HERE)
    assert game is not None and game.version == 1
    assert await store.actions(HERE) == [record]


async def test_a_stale_version_is_a_conflict_and_writes_nothing(store: GameStore):
    await store.create_game(HERE, "mtg", STARTER)
    await store.append(HERE, 0, NewEntry.do(add("first")), STARTER)
    with pytest.raises(ConflictError):
        await store.append(HERE, 0, NewEntry.do(add("lost-update")), STRANGER)
    assert [r.payload["token"] for r in await store.actions(HERE)] == ["first"]
    game = await store.active_game(HERE)
    assert game is not None and game.version == 1


async def test_appending_without_a_game_is_not_a_conflict(store: GameStore):
    with pytest.raises(NoGameError):
        await store.append(HERE, 0, NewEntry.do(add("a")), STARTER)


async def test_a_snapshot_needs_a_do_entry(store: GameStore):
    await store.create_game(HERE, "mtg", STARTER)
    with pytest.raises(ValueError, match="snapshot"):
        await store.append(HERE, 0, NewEntry.undo(1), STARTER, snapshot=SnapshotBlob("t", b"x"))


async def test_load_picks_the_deepest_snapshot_still_in_effect(store: GameStore):
    await store.create_game(HERE, "mtg", STARTER)
    for version in range(4):
        blob = SnapshotBlob("t", f"after {version + 1}".encode())
        await store.append(HERE, version, NewEntry.do(add(str(version))), STARTER, snapshot=blob)
    assert (await store.load(HERE, "t")).snapshot.last_seq == 4  # type: ignore[union-attr]
    await store.append(HERE, 4, NewEntry.undo(4), STARTER)
    snapshot = (await store.load(HERE, "t")).snapshot
    assert snapshot is not None and (snapshot.last_seq, snapshot.blob.data) == (3, b"after 3")
    assert (await store.load(HERE, "other-tag")).snapshot is None
    assert (await store.load(HERE)).snapshot is None


def _snapshot_rows(db_path: Path) -> list[tuple[int, int, str]]:
    with sqlite3.connect(db_path) as conn:
        rows = conn.execute(
            "SELECT game_id, last_seq, tag FROM snapshots ORDER BY game_id, last_seq"
        )
        return [tuple(row) for row in rows]


async def test_only_the_newest_snapshots_are_kept_and_ending_drops_them(
    store: GameStore, db_path: Path
):
    game = await store.create_game(HERE, "mtg", STARTER)
    elsewhere = GameScope(HERE.guild, "another-channel")
    other = await store.create_game(elsewhere, "mtg", STARTER)
    await store.append(
        elsewhere, 0, NewEntry.do(add("x")), STARTER, snapshot=SnapshotBlob("t", b"x")
    )
    await store.append(
        HERE, 0, NewEntry.do(add("old")), STARTER, snapshot=SnapshotBlob("old", b"o")
    )
    for version in range(1, 8):
        blob = SnapshotBlob("t", f"after {version + 1}".encode())
        await store.append(HERE, version, NewEntry.do(add(str(version))), STARTER, snapshot=blob)
    # KEEP_SNAPSHOTS of this game's current format; the old format's is gone; the other
    # channel's game keeps its own.
    assert KEEP_SNAPSHOTS == 3
    assert _snapshot_rows(db_path) == [
        (game.id, 6, "t"),
        (game.id, 7, "t"),
        (game.id, 8, "t"),
        (other.id, 1, "t"),
    ]
    await store.append(HERE, 8, NewEntry.undo(8), STARTER)
    assert (await store.load(HERE, "t")).snapshot.last_seq == 7  # type: ignore[union-attr]
    await store.end_game(HERE, STARTER)
    assert _snapshot_rows(db_path) == [(other.id, 1, "t")]
    assert len(await store.games(HERE)) == 1  # the ended game and its log are kept


async def test_older_snapshots_thin_out_to_one_checkpoint_per_span(
    store: GameStore, db_path: Path, monkeypatch: pytest.MonkeyPatch
):
    from bot.games import store as store_module

    monkeypatch.setattr(store_module, "CHECKPOINT_SPAN", 4)
    game = await store.create_game(HERE, "mtg", STARTER)
    for version in range(12):
        blob = SnapshotBlob("t", f"after {version + 1}".encode())
        await store.append(HERE, version, NewEntry.do(add(str(version))), STARTER, snapshot=blob)
    # the newest three (10-12) and the newest of each span of four before them (3, 7)
    assert [seq for _, seq, _ in _snapshot_rows(db_path)] == [3, 7, 10, 11, 12]
    for version in range(12, 21):  # undo back to 3 actions: the checkpoint at 3 still serves
        await store.append(HERE, version, NewEntry.undo(24 - version), STARTER)
    assert game.id == (await store.active_game(HERE)).id  # type: ignore[union-attr]
    assert (await store.load(HERE, "t")).snapshot.last_seq == 3  # type: ignore[union-attr]


async def test_a_scope_needs_both_parts():
    with pytest.raises(UsageError):
        GameScope("", "channel")


async def test_payloads_must_be_json(store: GameStore):
    await store.create_game(HERE, "mtg", STARTER)
    with pytest.raises(TypeError):
        await store.append(HERE, 0, NewEntry.do({"x": object()}), STARTER)
    assert await store.actions(HERE) == []


async def test_the_schema_refuses_a_log_entry_out_of_order(store: GameStore, db_path: Path):
    """Even SQL that bypasses the store can't leave a gap or a second entry at one seq."""
    game = await store.create_game(HERE, "mtg", STARTER)
    await store.append(HERE, 0, NewEntry.do(add("a")), STARTER)
    with sqlite3.connect(db_path) as conn:
        for seq in (1, 3):
            with pytest.raises(sqlite3.IntegrityError):
                conn.execute(
                    "INSERT INTO actions (game_id, seq, kind, payload, user, at) "
                    "VALUES (?, ?, 'do', '{}', 'x', 'now')",
                    (game.id, seq),
                )
    assert [record.seq for record in await store.actions(HERE)] == [1]
