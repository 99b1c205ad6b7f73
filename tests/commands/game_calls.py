"""One line typed in channel c1, as a player (not a judge) would: the saved-game tests' call."""

from __future__ import annotations

from bot.commands.context import Caller, CommandContext, Services
from bot.commands.dispatch import run_command
from bot.commands.reply import Reply


async def ask(services: Services, line: str, user: str = "alice") -> Reply:
    caller = Caller(user=user, channel="c1", is_judge=False)
    return await run_command(CommandContext(caller, services), line)
