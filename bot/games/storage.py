"""What the games service needs from a game database: the one contract both drivers keep.

``GameStore`` (SQLite, aiosqlite: embedded, the default) and ``PostgresGameStore``
(PostgreSQL, asyncpg: several bot processes sharing games) implement it; the conformance suite
(``tests/games/test_storage_conformance.py``) runs the same tests against both.
"""

from __future__ import annotations

from pathlib import Path
from typing import Protocol

from bot.errors import UsageError
from bot.games.model import (
    ActionRecord,
    Actor,
    GameLog,
    GameRecord,
    GameScope,
    NewEntry,
    Seating,
    SnapshotBlob,
)


class GameStorage(Protocol):
    async def create_game(self, scope: GameScope, kind: str, actor: Actor) -> GameRecord: ...
    async def active_game(self, scope: GameScope) -> GameRecord | None: ...
    async def games(self, scope: GameScope) -> list[GameRecord]: ...
    async def end_game(self, scope: GameScope, actor: Actor) -> GameRecord: ...
    async def reopen_game(self, scope: GameScope, game_id: int) -> GameRecord: ...
    async def seating(self, scope: GameScope) -> Seating: ...
    async def set_seat(
        self, scope: GameScope, player: str, user_id: str | None, actor: Actor
    ) -> Seating: ...
    async def set_open(self, scope: GameScope, is_open: bool) -> Seating: ...
    async def append(
        self,
        scope: GameScope,
        expected_version: int,
        entry: NewEntry,
        actor: Actor,
        *,
        snapshot: SnapshotBlob | None = None,
    ) -> ActionRecord: ...
    async def load(self, scope: GameScope, snapshot_tag: str | None = None) -> GameLog: ...
    async def actions(self, scope: GameScope) -> list[ActionRecord]: ...
    async def close(self) -> None: ...


async def open_storage(database_url: str | None, sqlite_path: Path) -> GameStorage:
    """PostgreSQL when ``database_url`` (``RULESBOT_DATABASE_URL``) names one, else the SQLite
    file at ``sqlite_path``."""
    if database_url:
        if not database_url.startswith(("postgresql://", "postgres://")):
            raise UsageError(
                "RULESBOT_DATABASE_URL must be a PostgreSQL address.",
                hint="e.g. postgresql://user:password@host:5432/rulesbot — or unset it to keep "
                "games in the SQLite file.",
            )
        from bot.games.postgres_store import PostgresGameStore

        return await PostgresGameStore.open(database_url)
    from bot.games.store import GameStore

    return await GameStore.open(sqlite_path)
