"""Card names a front end suggests while a ``game`` command is typed (Discord's autocomplete)."""

from __future__ import annotations

import contextlib

from bot.commands import cards, riftbound
from bot.commands.context import CommandContext
from bot.commands.game_calls import games_service, scope_of
from bot.errors import UserError


async def game_card_autocomplete(ctx: CommandContext, prefix: str) -> list[str]:
    """Up to 25 names of the channel's running game's cards for a partly typed one: a
    Riftbound game's own cards, not Magic's (QA 65 U1); with no game running, those of the
    game the channel is set to."""
    kind = ctx.caller.game_hint or "mtg"
    with contextlib.suppress(UserError):  # no game running here
        kind = (await (await games_service(ctx)).state(scope_of(ctx))).kind
    if kind == "riftbound":
        return riftbound.autocomplete_riftbound_cards(ctx, prefix)
    return cards.card_autocomplete(ctx, prefix)
