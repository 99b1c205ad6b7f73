"""The one error handler: what users see when a command or a component fails.

``UserError`` (and its kinds) becomes a short ephemeral message saying what was wrong and what
works.  A failed check says which permission is needed.  Anything else is a bug: logged with
its traceback, and the user gets a short apology.
"""

from __future__ import annotations

import logging
from typing import Any

import discord
from discord import app_commands

from bot.errors import UserError
from bot.frontends.discord.render import APOLOGY, message_text, user_error_text

log = logging.getLogger(__name__)


def _permission_names(permissions: list[str]) -> str:
    return ", ".join(name.replace("_", " ").title() for name in permissions)


def describe(error: BaseException) -> str | None:
    """The text shown for an expected error, or ``None`` for a bug."""
    original = error.original if isinstance(error, app_commands.CommandInvokeError) else error
    if isinstance(original, UserError):
        return user_error_text(original)
    if isinstance(original, app_commands.MissingPermissions):
        return (
            f"You need the {_permission_names(original.missing_permissions)} permission "
            "to use this command."
        )
    if isinstance(original, app_commands.NoPrivateMessage):
        return "This command works in servers only."
    if isinstance(original, app_commands.CheckFailure):
        return "You can't use this command here."
    if isinstance(original, app_commands.TransformerError):
        return f"`{str(original.value)[:100]}` is not a valid value for that option."
    return None


async def handle_error(interaction: discord.Interaction[Any], error: BaseException) -> None:
    """Tell the user what went wrong (ephemerally) and log bugs with their traceback."""
    text = describe(error)
    if text is None:
        original = getattr(error, "original", error)
        command = interaction.command.qualified_name if interaction.command else "component"
        log.error(
            "unexpected error in %s (interaction %s)",
            command,
            interaction.id,
            exc_info=(type(original), original, original.__traceback__),
        )
        text = APOLOGY
    else:
        log.info("user error in interaction %s: %s", interaction.id, text.splitlines()[0][:200])
    await send_ephemeral(interaction, text)


async def send_ephemeral(interaction: discord.Interaction[Any], text: str) -> None:
    """An ephemeral message, replacing a public "thinking…" placeholder if one is showing."""
    content = message_text(text)
    try:
        if not interaction.response.is_done():
            await interaction.response.send_message(content, ephemeral=True)
            return
        thinking = (
            interaction.response.type is discord.InteractionResponseType.deferred_channel_message
        )
        if thinking:
            # The public "thinking…" placeholder takes the first follow-up, which can't be
            # ephemeral: show the error there rather than leave the placeholder spinning.
            await interaction.edit_original_response(content=content, embed=None, view=None)
            return
        await interaction.followup.send(content, ephemeral=True)
    except discord.HTTPException:
        log.warning("could not tell the user about an error (interaction %s)", interaction.id)
