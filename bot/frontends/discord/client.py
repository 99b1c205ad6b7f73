"""The Discord client: ``create_bot`` (tests use it) and ``run_discord`` (``rulesbot`` uses it).

Minimal gateway intents (guilds and guild messages); the privileged message content intent is
requested only when inline references are configured to read every message
(``message_content=True``).  Without it, Discord still delivers the content of messages that
mention the bot, so ``@rulesbot [[Arc Trail]]`` works either way.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import signal
from pathlib import Path
from typing import Any

import aiohttp
import discord
from discord import app_commands
from discord.ext import commands

from bot.commands.context import Services
from bot.errors import UserError
from bot.frontends.discord.cogs.games import Games
from bot.frontends.discord.cogs.lookup import Lookup
from bot.frontends.discord.cogs.messages import Messages
from bot.frontends.discord.cogs.settings import Settings as SettingsCog
from bot.frontends.discord.errors import handle_error
from bot.frontends.discord.views import PERSISTENT_ITEMS
from bot.frontends.heartbeat import heartbeat_path, keep_beating
from bot.frontends.worker import CommandWorker
from bot.guilds import command_links, store
from bot.guilds.command_links import CommandLinks
from bot.guilds.database import SettingsDatabase
from bot.guilds.store import GuildSettingsStore
from bot.settings import Settings

log = logging.getLogger(__name__)


class RulesTree(app_commands.CommandTree["RulesBot"]):
    async def on_error(
        self, interaction: discord.Interaction[RulesBot], error: app_commands.AppCommandError
    ) -> None:
        await handle_error(interaction, error)


def intents_for(message_content: bool) -> discord.Intents:
    intents = discord.Intents.none()
    intents.guilds = True
    intents.guild_messages = True
    intents.message_content = message_content
    return intents


class RulesBot(commands.Bot):
    """The bot: services shared with the console, the guild settings store, the cogs."""

    def __init__(
        self,
        services: Services,
        *,
        settings_db: Path,
        message_content: bool = False,
        sync_guild_id: int | None = None,
        **sharding: Any,
    ) -> None:
        super().__init__(
            **sharding,
            command_prefix=commands.when_mentioned,
            intents=intents_for(message_content),
            help_command=None,
            tree_cls=RulesTree,
            allowed_mentions=discord.AllowedMentions.none(),
        )
        self.services = services
        self.settings_db = settings_db
        self.sync_guild_id = sync_guild_id
        self._settings: SettingsDatabase | None = None
        self._guild_store: GuildSettingsStore | None = None
        self._command_links: CommandLinks | None = None
        self._heartbeat: asyncio.Task[None] | None = None
        # Commands run here, so CPU-bound work never blocks the gateway or the defer timer.
        self.worker = CommandWorker()

    @property
    def guild_store(self) -> GuildSettingsStore:
        if self._guild_store is None:
            raise RuntimeError("the guild settings store opens in setup_hook")
        return self._guild_store

    @property
    def command_links(self) -> CommandLinks:
        if self._command_links is None:
            raise RuntimeError("the command links open in setup_hook")
        return self._command_links

    async def setup_hook(self) -> None:
        self._settings = await SettingsDatabase.open(
            self.settings_db, (*store.SCHEMA, *command_links.SCHEMA)
        )
        self._guild_store = GuildSettingsStore(self._settings)
        self._command_links = CommandLinks(self._settings)
        # Container health: beat while connected and ready (``rulesbot health`` reads it).
        self._heartbeat = asyncio.create_task(
            keep_beating(
                heartbeat_path(self.services.settings.data_dir),
                lambda: self.is_ready() and not self.is_closed(),
            )
        )
        for cog in (Lookup(self), Games(self), SettingsCog(self), Messages(self)):
            await self.add_cog(cog)
        # Components carry their command in their custom_id: registering the item classes
        # makes every button and select sent before a restart work again.
        self.add_dynamic_items(*PERSISTENT_ITEMS)
        if self.sync_guild_id is not None:
            guild = discord.Object(self.sync_guild_id)
            self.tree.copy_global_to(guild=guild)
            synced = await self.tree.sync(guild=guild)
        else:
            synced = await self.tree.sync()
        log.info(
            "synced %d application commands (%s)",
            len(synced),
            f"guild {self.sync_guild_id}" if self.sync_guild_id else "global",
        )

    async def close(self) -> None:
        if self._heartbeat is not None:
            self._heartbeat.cancel()
            self._heartbeat = None
        try:
            await super().close()
        finally:
            if self._settings is not None:
                await self._settings.close()
                self._settings = self._guild_store = self._command_links = None
            self.worker.stop()


class ShardedRulesBot(RulesBot, commands.AutoShardedBot):
    """The bot running some of the shards (``RULESBOT_SHARD_COUNT``/``RULESBOT_SHARD_IDS``):
    several processes split the guilds and, through PostgreSQL, share the games."""


def create_bot(
    services: Services,
    *,
    settings_db: Path | None = None,
    message_content: bool = False,
    sync_guild_id: int | None = None,
) -> RulesBot:
    """A bot ready to start; the guild settings live in ``settings_db`` (default: the games
    database file of ``services.settings``).  Sharded when the settings name shards."""
    settings = services.settings
    database = settings_db or settings.db_path
    if settings.shard_count is None:
        return RulesBot(
            services,
            settings_db=database,
            message_content=message_content,
            sync_guild_id=sync_guild_id,
        )
    return ShardedRulesBot(
        services,
        settings_db=database,
        message_content=message_content,
        sync_guild_id=sync_guild_id,
        shard_count=settings.shard_count,
        shard_ids=list(settings.shard_ids) if settings.shard_ids else None,
    )


class JsonFormatter(logging.Formatter):
    """One JSON object per line; the token is never part of any record we write."""

    def format(self, record: logging.LogRecord) -> str:
        entry: dict[str, Any] = {
            "time": self.formatTime(record),
            "level": record.levelname,
            "logger": record.name,
            "message": record.getMessage(),
        }
        if record.exc_info:
            entry["traceback"] = self.formatException(record.exc_info)
        return json.dumps(entry, ensure_ascii=False)


class RedactSecret(logging.Filter):
    """Defence in depth: replaces the token wherever a library might print it."""

    def __init__(self, secret: str) -> None:
        super().__init__()
        self._secret = secret

    def filter(self, record: logging.LogRecord) -> bool:
        if self._secret and self._secret in record.getMessage():
            record.msg = record.getMessage().replace(self._secret, "[token]")
            record.args = ()
        return True


def configure_discord_logging(token: str) -> None:
    handler = logging.StreamHandler()
    handler.setFormatter(JsonFormatter())
    handler.addFilter(RedactSecret(token))
    for name in ("discord", "bot"):
        logger = logging.getLogger(name)
        logger.handlers[:] = [handler]
        logger.setLevel(logging.INFO)
        logger.propagate = False


async def run_discord(settings: Settings, services: Services) -> None:
    """Run until SIGTERM/SIGINT or a fatal gateway error; then close the bot cleanly.

    Commands sync to ``settings.dev_guild_id`` when set (instant), else globally.  The caller
    closes ``services`` afterwards.
    """
    token = settings.discord_token
    if not token:
        raise ValueError("run_discord needs settings.discord_token")
    configure_discord_logging(token)
    message_content = settings.discord_message_content
    bot = create_bot(services, message_content=message_content, sync_guild_id=settings.dev_guild_id)
    loop = asyncio.get_running_loop()
    stopping: list[asyncio.Task[None]] = []

    def stop() -> None:
        log.info("shutting down on a signal")
        stopping.append(loop.create_task(bot.close()))

    for sig in (signal.SIGTERM, signal.SIGINT):
        with contextlib.suppress(NotImplementedError, RuntimeError):  # Windows has none
            loop.add_signal_handler(sig, stop)
    log.info("starting (message content intent: %s)", message_content)
    try:
        async with bot:
            try:
                await bot.start(token)
            except discord.LoginFailure as error:
                raise UserError(
                    "Discord refused the bot token in DISCORD_TOKEN.",
                    hint="Copy the token again from the application's Bot page, or unset "
                    "DISCORD_TOKEN to use the local console.",
                ) from error
            except (aiohttp.ClientError, OSError) as error:
                raise UserError(
                    f"Could not reach Discord ({type(error).__name__}).",
                    hint="Check the network connection, or unset DISCORD_TOKEN to use the "
                    "local console.",
                ) from error
    finally:
        for sig in (signal.SIGTERM, signal.SIGINT):
            loop.remove_signal_handler(sig)
        if stopping:
            await asyncio.gather(*stopping, return_exceptions=True)
        log.info("stopped")
