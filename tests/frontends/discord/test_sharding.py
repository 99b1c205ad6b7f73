"""RULESBOT_SHARD_COUNT / RULESBOT_SHARD_IDS: a process runs some of the bot's shards."""

from __future__ import annotations

from dataclasses import replace

import discord

from bot.commands.context import Services
from bot.frontends.discord.client import RulesBot, create_bot


async def test_without_shard_settings_one_process_runs_the_bot(services: Services) -> None:
    bot = create_bot(services)
    try:
        assert type(bot) is RulesBot
        assert not isinstance(bot, discord.AutoShardedClient)
    finally:
        await bot.close()


async def test_shard_settings_make_a_sharded_bot_running_those_shards(services: Services) -> None:
    services.settings = replace(services.settings, shard_count=4, shard_ids=(1, 3))
    bot = create_bot(services)
    try:
        assert isinstance(bot, discord.AutoShardedClient) and isinstance(bot, RulesBot)
        assert (bot.shard_count, bot.shard_ids) == (4, [1, 3])
    finally:
        # Never connected: discord.py's sharded close() expects launched shards, so only the
        # bot's own command worker is stopped.
        bot.worker.stop()
        await bot.http.close()
