"""Look-up commands: /card, /rulings, /rule, /search, /mtr, /ipg, /about, /help."""

from __future__ import annotations

import logging
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any, Literal

import discord
from discord import app_commands
from discord.ext import commands

from bot.commands import cards, docs, riftbound, riftbound_tournament, rules
from bot.commands.context import CommandContext
from bot.commands.dispatch import (
    ABOUT,
    CARD,
    HELP,
    IPG,
    MTR,
    RIFTBOUND_CARD,
    RIFTBOUND_IPG,
    RIFTBOUND_MTR,
    RIFTBOUND_RULE,
    RULE,
    RULINGS,
    SEARCH,
)
from bot.commands.reply import Reply
from bot.errors import UserError
from bot.frontends.discord.answers import answer, interaction_context, show
from bot.frontends.discord.render import autocomplete_choices
from bot.frontends.discord.slash_syntax import slash_help
from bot.frontends.discord.views import ExtraButton, rulings_extra

if TYPE_CHECKING:
    from collections.abc import Callable

    from bot.frontends.discord.client import RulesBot

log = logging.getLogger(__name__)

Game = Literal["mtg", "riftbound"]
Choices = list[app_commands.Choice[str]]


def rulings_button(reply: Reply) -> list[ExtraButton]:
    return rulings_extra(reply)


async def _complete(
    interaction: discord.Interaction[Any],
    current: str,
    pick: Callable[[CommandContext, str], Iterable[str | tuple[str, str]]],
) -> Choices:
    """Autocomplete never fails loudly: a problem means no suggestions, logged."""
    try:
        ctx = await interaction_context(interaction, getattr(interaction.namespace, "game", None))
        return autocomplete_choices(pick(ctx, current))
    except UserError:
        return []
    except Exception:
        log.exception("autocomplete failed for %r", current[:100])
        return []


def _card_names(ctx: CommandContext, current: str) -> Iterable[str]:
    if ctx.caller.game_hint == "riftbound":
        return riftbound.autocomplete_riftbound_cards(ctx, current)
    return cards.card_autocomplete(ctx, current)


def _rule_names(ctx: CommandContext, current: str) -> Iterable[str | tuple[str, str]]:
    if ctx.caller.game_hint == "riftbound":
        return riftbound.autocomplete_riftbound_rules(ctx, current)
    return rules.rule_autocomplete(ctx, current)


def _doc_sections(
    doc: Literal["mtr", "ipg"],
) -> Callable[[CommandContext, str], list[tuple[str, str]]]:
    def pick(ctx: CommandContext, current: str) -> list[tuple[str, str]]:
        if ctx.caller.game_hint == "riftbound":
            # Riftbound's penalties are chapter 700 of its Tournament Rules (it has no IPG).
            return riftbound_tournament.autocomplete_tournament(
                ctx, current, penalties_only=doc == "ipg"
            )
        return docs.doc_autocomplete(ctx, doc, current)

    return pick


class Lookup(commands.Cog):
    """Cards, rules and tournament documents."""

    def __init__(self, bot: RulesBot) -> None:
        self.bot = bot

    async def _game(self, interaction: discord.Interaction[Any], game: str | None) -> str:
        return (await interaction_context(interaction, game)).caller.game_hint or "mtg"

    @app_commands.command(name="card")
    @app_commands.describe(
        name="The card's name (misspellings are fine)",
        game="Which game's cards (default: this channel's game)",
    )
    async def card(
        self, interaction: discord.Interaction[Any], name: str, game: Game | None = None
    ) -> None:
        """Show a card's Oracle text, with a button for its rulings."""
        if await self._game(interaction, game) == "riftbound":
            await answer(interaction, RIFTBOUND_CARD.call(name), game="riftbound")
        else:
            await answer(interaction, CARD.call(name), game="mtg", extra=rulings_button)

    @card.autocomplete("name")
    async def _card_name(self, interaction: discord.Interaction[Any], current: str) -> Choices:
        return await _complete(interaction, current, _card_names)

    @app_commands.command(name="rulings")
    @app_commands.describe(name="The card's name")
    async def rulings(self, interaction: discord.Interaction[Any], name: str) -> None:
        """List a Magic card's official rulings, oldest first."""
        await answer(interaction, RULINGS.call(name), game="mtg")

    @rulings.autocomplete("name")
    async def _rulings_name(self, interaction: discord.Interaction[Any], current: str) -> Choices:
        return await _complete(interaction, current, cards.card_autocomplete)

    @app_commands.command(name="rule")
    @app_commands.describe(
        query="A rule number (115.7a), a term or keyword, or a question",
        game="Which game's rules (default: this channel's game)",
    )
    async def rule(
        self, interaction: discord.Interaction[Any], query: str, game: Game | None = None
    ) -> None:
        """Look up a rule by number, a glossary term or keyword; other text is searched."""
        if await self._game(interaction, game) == "riftbound":
            await answer(interaction, RIFTBOUND_RULE.call(query), game="riftbound")
        else:
            await answer(interaction, RULE.call(query), game="mtg")

    @rule.autocomplete("query")
    async def _rule_query(self, interaction: discord.Interaction[Any], current: str) -> Choices:
        return await _complete(interaction, current, _rule_names)

    @app_commands.command(name="search")
    @app_commands.describe(text="Words to find in the Comprehensive Rules")
    async def search(self, interaction: discord.Interaction[Any], text: str) -> None:
        """Search the Magic Comprehensive Rules for words."""
        await answer(interaction, SEARCH.call(text), game="mtg", defer=True)

    @app_commands.command(name="mtr")
    @app_commands.describe(
        query="A section number (3.2; Riftbound: 204.8) or words",
        game="Which game's tournament rules (default: this channel's game)",
    )
    async def mtr(
        self, interaction: discord.Interaction[Any], query: str, game: Game | None = None
    ) -> None:
        """A section of the Magic (or Riftbound) Tournament Rules."""
        if await self._game(interaction, game) == "riftbound":
            await answer(interaction, RIFTBOUND_MTR.call(query), game="riftbound")
        else:
            await answer(interaction, MTR.call(query), game="mtg")

    @mtr.autocomplete("query")
    async def _mtr_query(self, interaction: discord.Interaction[Any], current: str) -> Choices:
        return await _complete(interaction, current, _doc_sections("mtr"))

    @app_commands.command(name="ipg")
    @app_commands.describe(
        query="A section number (2.1; Riftbound: 702.2) or words",
        game="Which game's penalties (default: this channel's game)",
    )
    async def ipg(
        self, interaction: discord.Interaction[Any], query: str, game: Game | None = None
    ) -> None:
        """The Infraction Procedure Guide (Riftbound: its Tournament Rules' penalties)."""
        if await self._game(interaction, game) == "riftbound":
            await answer(interaction, RIFTBOUND_IPG.call(query), game="riftbound")
        else:
            await answer(interaction, IPG.call(query), game="mtg")

    @ipg.autocomplete("query")
    async def _ipg_query(self, interaction: discord.Interaction[Any], current: str) -> Choices:
        return await _complete(interaction, current, _doc_sections("ipg"))

    @app_commands.command(name="about")
    async def about(self, interaction: discord.Interaction[Any]) -> None:
        """The data versions the bot answers from, and how to update them."""
        await answer(interaction, ABOUT.call())

    @app_commands.command(name="help")
    @app_commands.describe(command="A command to explain (optional)")
    async def help(self, interaction: discord.Interaction[Any], command: str | None = None) -> None:
        """What each command does."""
        if command:
            await answer(interaction, HELP.call(command.removeprefix("/")))
            return
        # The list comes from the registered commands: what Discord shows is what it says.
        await show(interaction, slash_help(self.bot.tree.get_commands()), "help")
