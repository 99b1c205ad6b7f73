"""Plain messages: inline references (when the server turned them on) and, in channels that
opted in, scenario statements for the channel's game."""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any

import discord
from discord.ext import commands

from bot.commands.dispatch import GAME, CommandCall
from bot.commands.reply import Reply
from bot.errors import UserError
from bot.frontends.discord.answers import context_for, scope_of
from bot.frontends.discord.inline import MAX_REFERENCES, find_references
from bot.frontends.discord.render import (
    APOLOGY,
    embeds_fit,
    reference_embed,
    render,
    user_error_text,
)
from bot.frontends.discord.views import build_view, overflow_note, rulings_buttons, rulings_extra

if TYPE_CHECKING:
    from bot.frontends.discord.client import RulesBot

log = logging.getLogger(__name__)

# Messages that are clearly not statements (other bots' commands, quotes) are left alone.
_NOT_STATEMENTS = ("/", "!", ">", "http://", "https://")


class Messages(commands.Cog):
    def __init__(self, bot: RulesBot) -> None:
        self.bot = bot

    @commands.Cog.listener()
    async def on_message(self, message: discord.Message) -> None:
        if message.author.bot or message.guild is None or not message.content:
            return
        store = self.bot.guild_store
        guild, channel = scope_of(message.guild, message.channel.id)
        settings = await store.guild(guild)
        channel_settings = await store.channel(guild, channel)
        game = channel_settings.game or settings.default_game
        if settings.inline_references:
            calls = find_references(message.content, game)
            if len(calls) == 1:
                await self._answer(message, calls[0], game)
            elif calls:
                await self._answer_several(message, calls, game)
            if calls:
                return
        text = message.content.strip()
        if channel_settings.scenario_messages and not text.startswith(_NOT_STATEMENTS):
            # Statements only: a message starting "End ..." or "Undo ..." is not a subcommand.
            await self._answer(message, GAME.call(f"do {text}"), game)

    async def _run(self, message: discord.Message, call: CommandCall, game: str) -> Reply:
        author = message.author
        permissions = (
            message.channel.permissions_for(author)
            if isinstance(author, discord.Member)
            and isinstance(message.channel, discord.abc.GuildChannel)
            else discord.Permissions.none()
        )
        ctx = await context_for(
            self.bot, author, permissions, message.guild, message.channel.id, game
        )
        return await self.bot.worker.run(call.run(ctx))

    async def _answer_several(
        self, message: discord.Message, calls: list[CommandCall], game: str
    ) -> None:
        """Several references: one reply, one embed each (first page), at most ten."""
        answers: list[tuple[str, Reply | str]] = []
        for call in calls[:MAX_REFERENCES]:
            try:
                answers.append((call.line, await self._run(message, call, game)))
            except UserError as error:
                answers.append((call.line, user_error_text(error)))
            except Exception:
                log.exception("inline answer failed for %r", call.line[:200])
                answers.append((call.line, APOLOGY))
        embeds = [reference_embed(line, answer) for line, answer in answers]
        while len(embeds) > 1 and not embeds_fit(embeds):  # 6,000 characters in all
            embeds.pop()
        skipped = len(calls) - len(embeds)
        note = (
            (
                f"{skipped} more reference{'s' if skipped != 1 else ''} not shown (one message "
                f"holds {len(embeds)}); ask for them with /card or /rule."
            )
            if skipped
            else None
        )
        cards = [
            answer
            for _, answer in answers[: len(embeds)]
            if isinstance(answer, Reply) and answer.kind == "card"
        ]
        view = await rulings_buttons(self.bot.command_links, cards)
        options: dict[str, Any] = {"embeds": embeds, "mention_author": False}
        if note:
            options["content"] = note
        if view is not None:
            options["view"] = view
        await message.reply(**options)

    async def _answer(self, message: discord.Message, call: CommandCall, game: str) -> None:
        try:
            reply = await self._run(message, call, game)
        except UserError as error:
            await message.reply(user_error_text(error), mention_author=False)
            return
        except Exception:
            log.exception("inline answer failed for %r", call.line[:200])
            await message.reply(APOLOGY, mention_author=False)
            return
        rendered = render(reply, 1, overflow_note(reply))
        extra = rulings_extra(reply)
        view = await build_view(self.bot.command_links, reply, call.line, rendered, extra)
        if view is None:
            await message.reply(embed=rendered.embed, mention_author=False)
        else:
            await message.reply(embed=rendered.embed, view=view, mention_author=False)
