"""Parse a command line (``card arc trial``) and run the matching command.

Every front end goes through here: the console and ``rulesbot ask`` directly, Discord's cogs
by calling the same command functions with their options.
"""

from __future__ import annotations

import importlib
from collections.abc import Awaitable, Callable
from dataclasses import dataclass

from bot.commands.context import CommandContext
from bot.commands.reply import Reply
from bot.errors import UsageError

Handler = Callable[[CommandContext, str], Awaitable[Reply]]

MAX_COMMAND_CHARS = 20_000


@dataclass(frozen=True)
class CommandSpec:
    name: str
    usage: str
    summary: str
    target: str  # "module:function"; imported on first use
    needs_argument: bool = True

    def handler(self) -> Handler:
        module_name, function_name = self.target.split(":")
        function: Handler = getattr(importlib.import_module(module_name), function_name)
        return function


COMMANDS: dict[str, CommandSpec] = {
    spec.name: spec
    for spec in (
        CommandSpec("card", "card NAME", "Show a card's Oracle text (misspellings are fine).",
                    "bot.commands.routing:card"),
        CommandSpec("rulings", "rulings NAME", "List a card's official rulings with dates.",
                    "bot.commands.routing:rulings"),
        CommandSpec("rule", "rule QUERY",
                    "A rule by number (115.7a), a glossary term, keyword, slang, a question "
                    "(French too); game:riftbound for Riftbound's rules.",
                    "bot.commands.routing:rule"),
        CommandSpec("search", "search TEXT", "Free-text search of the Comprehensive Rules.",
                    "bot.commands.routing:search"),
        CommandSpec("mtr", "mtr QUERY", "A Magic Tournament Rules section by number, term or text.",
                    "bot.commands.docs:mtr"),
        CommandSpec("ipg", "ipg QUERY",
                    "An Infraction Procedure Guide section by number, term or text.",
                    "bot.commands.docs:ipg"),
        CommandSpec("scenario", "scenario STATEMENTS",
                    "Answer a game situation in plain English, statement by statement "
                    "(`scenario -` reads a script from standard input).",
                    "bot.commands.scenario:scenario"),
        CommandSpec("game", "game new|state|history|undo|redo|export|end|cast|choose|back|"
                    "resolve, or game STATEMENTS",
                    "This channel's saved game: start one, add statements, cast step by step, "
                    "undo, export.",
                    "bot.commands.games:game"),
        CommandSpec("about", "about", "Data versions and how to update them.",
                    "bot.commands.info:about", needs_argument=False),
        CommandSpec("help", "help [COMMAND]", "What each command does.",
                    "bot.commands.info:help_command", needs_argument=False),
    )
}


def split_command(line: str) -> tuple[str, str]:
    """``"card  Arc Trail "`` -> ``("card", "Arc Trail")``; the name is case-insensitive."""
    stripped = line.strip()
    if not stripped:
        raise UsageError("The command is empty.", hint="Try `help` to see the commands.")
    if len(stripped) > MAX_COMMAND_CHARS:
        raise UsageError(
            f"That command is {len(stripped):,} characters long; the limit is "
            f"{MAX_COMMAND_CHARS:,}."
        )
    name, _, rest = stripped.partition(" ")
    return name.lower().lstrip("/!"), rest.strip()


def find_command(name: str) -> CommandSpec:
    spec = COMMANDS.get(name)
    if spec is None:
        from rapidfuzz import process

        close = [match for match, score, _ in process.extract(name, list(COMMANDS), limit=3)
                 if score >= 60]
        raise UsageError(
            f"There is no command `{name[:40]}`.",
            suggestions=close,
            hint="Commands: " + ", ".join(sorted(COMMANDS)) + ".",
        )
    return spec


async def run_command(ctx: CommandContext, line: str) -> Reply:
    name, argument = split_command(line)
    spec = find_command(name)
    if spec.needs_argument and not argument:
        raise UsageError(f"`{name}` needs something to look up.", hint=f"Usage: {spec.usage}")
    return await spec.handler()(ctx, argument)
