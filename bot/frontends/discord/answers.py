"""Run a command for a Discord interaction and show its answer: the thin cogs' one helper.

Who is asking: ``Caller.user`` is the member's id (stable across renames, what games store as
the player), ``Caller.name`` their display name, ``channel``/``guild`` the ids (``"dm"`` for a
direct message).  ``is_judge`` is true for members with the guild's judge role or the Manage
Channels permission; the game service refuses changes from anyone else who is not a player.
"""

from __future__ import annotations

import asyncio
import io
import logging
from collections.abc import Awaitable, Callable, Sequence
from typing import TYPE_CHECKING, Any, TypeVar, cast

import discord

from bot.commands.context import Caller, CommandContext
from bot.commands.dispatch import CommandCall, run_command
from bot.commands.reply import Reply, reply_from_json
from bot.errors import UserError
from bot.frontends.discord.errors import handle_error
from bot.frontends.discord.render import render
from bot.frontends.discord.views import (
    STORED_REPLY,
    ExtraButton,
    build_view,
    decode_line,
    overflow_note,
)

if TYPE_CHECKING:
    from bot.frontends.discord.client import RulesBot

log = logging.getLogger(__name__)
T = TypeVar("T")

DM = "dm"
ExtraButtons = Callable[[Reply], Sequence[ExtraButton]]
# Well inside Discord's 3-second deadline for the first response, leaving time to send it.
DEFER_AFTER_SECONDS = 1.5


def bot_of(interaction: discord.Interaction[Any]) -> RulesBot:
    return cast("RulesBot", interaction.client)


async def game_of(bot: RulesBot, guild: str, channel: str, explicit: str | None = None) -> str:
    """The game asked for, else the channel's game, else the guild's default."""
    if explicit:
        return explicit
    if guild == DM:
        return "mtg"
    return await bot.guild_store.game_for(guild, channel)


async def is_judge(
    bot: RulesBot, member: discord.abc.User, permissions: discord.Permissions
) -> bool:
    if permissions.manage_channels:
        return True
    guild = getattr(member, "guild", None)
    if guild is None or not isinstance(member, discord.Member):
        return False
    role = (await bot.guild_store.guild(str(guild.id))).judge_role
    return role is not None and any(str(r.id) == role for r in member.roles)


def scope_of(guild: discord.Guild | None, channel_id: int | None) -> tuple[str, str]:
    return (str(guild.id) if guild else DM, str(channel_id or DM))


async def context_for(
    bot: RulesBot,
    user: discord.abc.User,
    permissions: discord.Permissions,
    guild: discord.Guild | None,
    channel_id: int | None,
    game: str | None = None,
) -> CommandContext:
    guild_id, channel = scope_of(guild, channel_id)
    caller = Caller(
        user=str(user.id),
        channel=channel,
        guild=guild_id,
        is_judge=await is_judge(bot, user, permissions),
        game_hint=await game_of(bot, guild_id, channel, game),
        name=user.display_name,
    )
    return CommandContext(caller=caller, services=bot.services)


async def interaction_context(
    interaction: discord.Interaction[Any], game: str | None = None
) -> CommandContext:
    return await context_for(
        bot_of(interaction),
        interaction.user,
        interaction.permissions,
        interaction.guild,
        interaction.channel_id,
        game,
    )


async def show(
    interaction: discord.Interaction[Any],
    reply: Reply,
    line: str,
    *,
    page: int = 1,
    edit: bool = False,
    extra: Sequence[ExtraButton] = (),
    private: bool = False,
) -> None:
    """Send (or, with ``edit``, replace) the message showing page ``page`` of ``reply``;
    ``private`` sends it so only the user sees it.  Its paging buttons belong to this user."""
    rendered = render(reply, page, overflow_note(reply))
    view = await build_view(
        bot_of(interaction).command_links,
        reply,
        line,
        rendered,
        extra,
        owner=str(interaction.user.id),
    )
    files = await _picture_files(reply, rendered.embed, interaction.guild)
    if edit:
        if interaction.response.is_done():
            await interaction.edit_original_response(
                embed=rendered.embed, view=view, attachments=files
            )
        else:
            await interaction.response.edit_message(
                embed=rendered.embed, view=view, attachments=files
            )
        return
    options: dict[str, Any] = {"embed": rendered.embed}
    if files:
        options["files"] = files
    if view is not None:
        options["view"] = view
    ephemeral = reply.ephemeral or private
    if interaction.response.is_done():
        await interaction.followup.send(**options, ephemeral=ephemeral)
    else:
        await interaction.response.send_message(**options, ephemeral=ephemeral)


PICTURE_NAME = "board.png"


async def _picture_files(
    reply: Reply, embed: discord.Embed, guild: discord.Guild | None
) -> list[discord.File]:
    """The board picture as the embed's image, when the reply has a board to draw."""
    if reply.picture is None:
        return []
    from bot.pictures import board_png

    picture = dict(reply.picture)
    if picture.get("seats"):
        # A picture can't render a mention: show the seat holder's server name instead of an
        # id (for display only; who may act is decided by id, never by name).
        picture["seats"] = {
            player: _member_name(guild, str(user)) for player, user in picture["seats"].items()
        }
    png = await asyncio.to_thread(board_png, picture)  # ~20 ms of drawing off the loop
    embed.set_image(url=f"attachment://{PICTURE_NAME}")
    return [discord.File(io.BytesIO(png), filename=PICTURE_NAME)]


def _member_name(guild: discord.Guild | None, user_id: str) -> str:
    member = guild.get_member(int(user_id)) if guild is not None and user_id.isdigit() else None
    return f"@{member.display_name}" if member is not None else "a member"


async def finish_or_defer(
    work: Awaitable[T], defer: Callable[[], Awaitable[object]], after: float
) -> T:
    """Wait for ``work``; if it takes longer than ``after`` seconds, ``defer`` meanwhile.

    ``work`` runs on the command worker's loop, so this timer fires on time even when the
    command is CPU-bound.
    """
    task = asyncio.ensure_future(work)
    finished, _ = await asyncio.wait({task}, timeout=after)
    if not finished:
        await defer()
    return await task


async def answer(
    interaction: discord.Interaction[Any],
    call: CommandCall,
    *,
    game: str | None = None,
    defer: bool = False,
    extra: ExtraButtons | None = None,
) -> Reply | None:
    """Run ``call`` for a slash command and show the answer; a ``UserError`` is answered
    politely and ephemerally.

    ``defer`` marks work that may be slow (search, scenarios, games): if it has not finished
    within ``DEFER_AFTER_SECONDS`` the interaction is deferred, so Discord's 3-second deadline
    is always met, while fast answers and refusals are sent directly (a refusal stays
    ephemeral, which a public "thinking..." placeholder would not allow).
    """
    try:
        ctx = await interaction_context(interaction, game)
        work = bot_of(interaction).worker.run(call.run(ctx))
        if defer:
            reply = await finish_or_defer(
                work, lambda: interaction.response.defer(thinking=True), DEFER_AFTER_SECONDS
            )
        else:
            reply = await work
        await show(interaction, reply, call.line, extra=extra(reply) if extra else ())
    except UserError as error:
        await handle_error(interaction, error)
        return None
    return reply


async def on_component(
    interaction: discord.Interaction[Any],
    mode: str,
    page: int,
    encoded: str,
    *,
    owner: str | None = None,
) -> None:
    """A button or select was used: run its line again, then show the page it asks for.

    ``mode`` is "run" (replace the message), "say" (a new message) or "page" (turn the page).
    Pages belong to ``owner``, who asked: anyone else gets their own copy, only they can see,
    instead of turning the page under the asker's eyes.  Errors of every kind go to the one
    handler here, because discord.py swallows exceptions raised by persistent components.
    """
    try:
        line = await decode_line(bot_of(interaction).command_links, encoded)
        someone_else = mode == "page" and owner is not None and owner != str(interaction.user.id)
        if someone_else:
            await interaction.response.defer(ephemeral=True, thinking=True)
        elif mode == "say":
            await interaction.response.defer(thinking=True)
        else:
            await interaction.response.defer()
        if line.startswith(STORED_REPLY):
            # The pages of an answer that changed a game: shown as it was, not run again.
            reply = reply_from_json(line[len(STORED_REPLY) :])
        else:
            ctx = await interaction_context(interaction)
            reply = await bot_of(interaction).worker.run(run_command(ctx, line))
        await show(
            interaction,
            reply,
            line,
            page=page,
            edit=mode != "say" and not someone_else,
            private=someone_else,
        )
    except Exception as error:
        await handle_error(interaction, error)
