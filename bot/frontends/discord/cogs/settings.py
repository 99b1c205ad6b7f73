"""/settings: a server's inline references, judge role and default game (Manage Server only)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Literal

import discord
from discord import app_commands
from discord.ext import commands

from bot.commands.reply import Reply, Section
from bot.frontends.discord.answers import show
from bot.guilds.store import ChannelSettings, GuildSettings

if TYPE_CHECKING:
    from bot.frontends.discord.client import RulesBot

Game = Literal["mtg", "riftbound"]


def settings_reply(guild: GuildSettings, channel: ChannelSettings, changed: bool) -> Reply:
    judge = f"<@&{guild.judge_role}>" if guild.judge_role else "none (Manage Channels only)"
    lines = [
        f"**Inline references** (`[[card]]`, `CR 115.7a`): {'on' if guild.inline_references else 'off'}",
        f"**Judge role** (may change any game): {judge}",
        f"**Default game:** {guild.default_game}",
        f"**This channel's game:** {channel.game or 'the default'}",
        "**Scenario statements as plain messages in this channel:** "
        + ("on" if channel.scenario_messages else "off"),
    ]
    return Reply(
        title="Settings saved" if changed else "Server settings",
        sections=(Section("", "\n".join(lines)),),
        footer="Change them with /settings and its options.",
        kind="settings",
        ephemeral=True,
    )


class Settings(commands.Cog):
    def __init__(self, bot: RulesBot) -> None:
        self.bot = bot

    @app_commands.command(name="settings")
    @app_commands.guild_only()
    @app_commands.default_permissions(manage_guild=True)
    @app_commands.checks.has_permissions(manage_guild=True)
    @app_commands.describe(
        inline_references="Answer [[card]] and CR 115.7a in messages",
        judge_role="Members with this role may change any game",
        clear_judge_role="Remove the judge role",
        default_game="The game for /rule and /card when a channel has none",
        channel_game="This channel's game",
        scenario_messages="Read plain messages in this channel as game statements",
    )
    async def settings(
        self,
        interaction: discord.Interaction[Any],
        inline_references: bool | None = None,
        judge_role: discord.Role | None = None,
        clear_judge_role: bool = False,
        default_game: Game | None = None,
        channel_game: Game | None = None,
        scenario_messages: bool | None = None,
    ) -> None:
        """Show or change this server's settings (needs Manage Server)."""
        store = self.bot.guild_store
        guild = str(interaction.guild_id)
        channel = str(interaction.channel_id)
        changed = (
            any(
                v is not None
                for v in (
                    inline_references,
                    judge_role,
                    default_game,
                    channel_game,
                    scenario_messages,
                )
            )
            or clear_judge_role
        )
        guild_settings = (
            await store.update_guild(
                guild,
                inline_references=inline_references,
                judge_role=str(judge_role.id) if judge_role else None,
                clear_judge_role=clear_judge_role,
                default_game=default_game,
            )
            if changed
            else await store.guild(guild)
        )
        channel_settings = (
            await store.update_channel(
                guild, channel, game=channel_game, scenario_messages=scenario_messages
            )
            if changed
            else await store.channel(guild, channel)
        )
        await show(
            interaction, settings_reply(guild_settings, channel_settings, changed), "settings"
        )
