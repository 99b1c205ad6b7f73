"""Guild and channel settings in the games database file, in tables of their own.

Storage only: ids are plain strings and games are ``"mtg"``/``"riftbound"``; nothing here knows
about Discord.  The tables are created with ``IF NOT EXISTS`` and the file's ``user_version`` is
left alone, because the game store's migrations own it.

``command_links`` keeps command lines too long to fit in a component's 100-character id, under a
short stable key, so buttons built from them still work after a restart.
"""

from __future__ import annotations

import asyncio
import hashlib
import sqlite3
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass
from pathlib import Path

import aiosqlite

from bot.db import run_statement
from bot.errors import StorageError, UsageError

GAMES = ("mtg", "riftbound")
DEFAULT_GAME = "mtg"

_SCHEMA = (
    """CREATE TABLE IF NOT EXISTS guild_settings (
        guild TEXT PRIMARY KEY,
        inline_references INTEGER NOT NULL DEFAULT 0,
        judge_role TEXT,
        default_game TEXT NOT NULL DEFAULT 'mtg'
    )""",
    """CREATE TABLE IF NOT EXISTS channel_settings (
        guild TEXT NOT NULL,
        channel TEXT NOT NULL,
        game TEXT,
        scenario_messages INTEGER NOT NULL DEFAULT 0,
        PRIMARY KEY (guild, channel)
    )""",
    """CREATE TABLE IF NOT EXISTS command_links (
        key TEXT PRIMARY KEY,
        line TEXT NOT NULL
    )""",
)


@dataclass(frozen=True)
class GuildSettings:
    """A guild's choices; a guild never configured gets these defaults."""

    guild: str
    inline_references: bool = False
    judge_role: str | None = None
    default_game: str = DEFAULT_GAME


@dataclass(frozen=True)
class ChannelSettings:
    """A channel's game (``None``: use the guild's default) and whether plain messages are
    read as scenario statements when the channel has a game (opt-in)."""

    guild: str
    channel: str
    game: str | None = None
    scenario_messages: bool = False


def check_game(game: str) -> str:
    name = game.strip().lower()
    if name not in GAMES:
        raise UsageError(f"There is no game `{game[:40]}`.", hint="Games: mtg, riftbound.")
    return name


def link_key(line: str) -> str:
    """A short key naming ``line`` (stable: the same line always gets the same key)."""
    return hashlib.sha256(line.encode("utf-8")).hexdigest()[:24]


class GuildSettingsStore:
    """Reads and writes settings; one connection, one asyncio lock per store."""

    def __init__(self, conn: aiosqlite.Connection) -> None:
        self._conn = conn
        self._lock = asyncio.Lock()

    @classmethod
    async def open(cls, path: Path) -> GuildSettingsStore:
        path.parent.mkdir(parents=True, exist_ok=True)
        try:
            conn = await aiosqlite.connect(path, timeout=5.0, isolation_level=None)
            # The game store uses WAL; setting it here too means neither connection has to
            # change the journal mode under the other's feet.
            await run_statement(conn, "PRAGMA journal_mode = WAL")
            for statement in _SCHEMA:
                await run_statement(conn, statement)
        except sqlite3.Error as error:
            raise StorageError(
                f"The settings database at {path} can't be opened ({error})."
            ) from error
        return cls(conn)

    async def close(self) -> None:
        await self._conn.close()

    @asynccontextmanager
    async def _writing(self) -> AsyncIterator[aiosqlite.Connection]:
        async with self._lock:
            try:
                await run_statement(self._conn, "BEGIN IMMEDIATE")
                try:
                    yield self._conn
                except BaseException:
                    await run_statement(self._conn, "ROLLBACK")
                    raise
                await run_statement(self._conn, "COMMIT")
            except sqlite3.Error as error:
                raise StorageError(
                    f"The settings could not be saved ({error}); nothing was changed."
                ) from error

    async def guild(self, guild: str) -> GuildSettings:
        async with self._conn.execute(
            "SELECT inline_references, judge_role, default_game FROM guild_settings WHERE guild = ?",
            (guild,),
        ) as cursor:
            row = await cursor.fetchone()
        if row is None:
            return GuildSettings(guild)
        return GuildSettings(guild, bool(row[0]), row[1], row[2])

    async def update_guild(
        self,
        guild: str,
        *,
        inline_references: bool | None = None,
        judge_role: str | None = None,
        clear_judge_role: bool = False,
        default_game: str | None = None,
    ) -> GuildSettings:
        """Change the given settings (``None`` leaves one as it is); returns the result."""
        current = await self.guild(guild)
        new = GuildSettings(
            guild,
            current.inline_references if inline_references is None else inline_references,
            None if clear_judge_role else (judge_role or current.judge_role),
            current.default_game if default_game is None else check_game(default_game),
        )
        async with self._writing() as conn:
            await run_statement(
                conn,
                "INSERT OR REPLACE INTO guild_settings VALUES (?, ?, ?, ?)",
                (guild, int(new.inline_references), new.judge_role, new.default_game),
            )
        return new

    async def channel(self, guild: str, channel: str) -> ChannelSettings:
        async with self._conn.execute(
            "SELECT game, scenario_messages FROM channel_settings WHERE guild = ? AND channel = ?",
            (guild, channel),
        ) as cursor:
            row = await cursor.fetchone()
        if row is None:
            return ChannelSettings(guild, channel)
        return ChannelSettings(guild, channel, row[0], bool(row[1]))

    async def update_channel(
        self,
        guild: str,
        channel: str,
        *,
        game: str | None = None,
        scenario_messages: bool | None = None,
    ) -> ChannelSettings:
        current = await self.channel(guild, channel)
        new = ChannelSettings(
            guild,
            channel,
            current.game if game is None else check_game(game),
            current.scenario_messages if scenario_messages is None else scenario_messages,
        )
        async with self._writing() as conn:
            await run_statement(
                conn,
                "INSERT OR REPLACE INTO channel_settings VALUES (?, ?, ?, ?)",
                (guild, channel, new.game, int(new.scenario_messages)),
            )
        return new

    async def game_for(self, guild: str, channel: str) -> str:
        """The channel's game if it has one, else the guild's default."""
        channel_game = (await self.channel(guild, channel)).game
        return channel_game or (await self.guild(guild)).default_game

    async def remember_line(self, line: str) -> str:
        """Store ``line`` under its short key (idempotent) and return the key."""
        key = link_key(line)
        async with self._writing() as conn:
            await run_statement(
                conn, "INSERT OR IGNORE INTO command_links VALUES (?, ?)", (key, line)
            )
        return key

    async def recall_line(self, key: str) -> str | None:
        async with self._conn.execute(
            "SELECT line FROM command_links WHERE key = ?", (key,)
        ) as cursor:
            row = await cursor.fetchone()
        return None if row is None else str(row[0])
