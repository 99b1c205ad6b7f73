"""Guild and channel settings, in tables of their own in the settings database
(``database.py``).

Storage only: ids are plain strings and games are ``"mtg"``/``"riftbound"``; nothing here knows
about Discord.
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.db import run_statement
from bot.errors import UsageError
from bot.guilds.database import SettingsDatabase

GAMES = ("mtg", "riftbound")
DEFAULT_GAME = "mtg"

SCHEMA = (
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


class GuildSettingsStore:
    """Reads and writes guild and channel settings."""

    def __init__(self, db: SettingsDatabase) -> None:
        self._db = db

    async def guild(self, guild: str) -> GuildSettings:
        row = await self._db.row(
            "SELECT inline_references, judge_role, default_game FROM guild_settings WHERE guild = ?",
            (guild,),
        )
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
        async with self._db.writing() as conn:
            await run_statement(
                conn,
                "INSERT OR REPLACE INTO guild_settings VALUES (?, ?, ?, ?)",
                (guild, int(new.inline_references), new.judge_role, new.default_game),
            )
        return new

    async def channel(self, guild: str, channel: str) -> ChannelSettings:
        row = await self._db.row(
            "SELECT game, scenario_messages FROM channel_settings WHERE guild = ? AND channel = ?",
            (guild, channel),
        )
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
        async with self._db.writing() as conn:
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
