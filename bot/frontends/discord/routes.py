"""Command lines the Discord front end can run, beyond the console's ``COMMANDS``.

Buttons and select menus store a command line (``game choose 2``, ``mtr 3.2``,
``riftbound-rule 355.6``) and run it again when clicked, so every component works after a
restart.  Lines whose command is in ``bot.commands.dispatch.COMMANDS`` go through
``run_command``; the others are listed here and imported on first use.
"""

from __future__ import annotations

import importlib

from bot.commands.context import CommandContext
from bot.commands.dispatch import COMMANDS, Handler, run_command, split_command
from bot.commands.reply import Reply
from bot.errors import UsageError

EXTRA_COMMANDS: dict[str, str] = {
    "riftbound-rule": "bot.commands.riftbound:riftbound_rule",
    "riftbound-card": "bot.commands.riftbound:riftbound_card",
    "mtr": "bot.commands.docs:mtr",
    "ipg": "bot.commands.docs:ipg",
    "game": "bot.commands.games:game",
    "scenario": "bot.commands.scenario:scenario",
}

# Commands whose first word the game service understands without an argument.
NO_ARGUMENT = frozenset({"game"})


def handler_for(name: str) -> Handler:
    """The function behind an extra command; a module not shipped yet is a friendly error."""
    module_name, function_name = EXTRA_COMMANDS[name].split(":")
    try:
        module = importlib.import_module(module_name)
    except ModuleNotFoundError as error:
        if error.name != module_name:
            raise
        raise UsageError(
            f"`{name}` is not available in this version of the bot yet.",
            hint="Try `/help` to see what works.",
        ) from error
    function: Handler = getattr(module, function_name)
    return function


async def run_line(ctx: CommandContext, line: str) -> Reply:
    """Run one command line; unknown commands raise ``UsageError`` with suggestions."""
    name, argument = split_command(line)
    if name in COMMANDS or name not in EXTRA_COMMANDS:
        return await run_command(ctx, line)
    if not argument and name not in NO_ARGUMENT:
        raise UsageError(f"`{name}` needs something to look up.", hint=f"For example: `{name} 1.1`.")
    return await handler_for(name)(ctx, argument)
