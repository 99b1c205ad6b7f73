"""Commands as a Discord user types them.

The commands' replies name other commands in the console's syntax (`game choose 2`,
`card Lightning Bolt`), which a Discord user can't type.  ``to_slash`` rewrites every such
command written in `code` into the slash form with its option names (`/game choose option:2`),
and ``slash_help`` lists the slash commands as Discord itself shows them, from the registered
command tree, so the list can't drift from what is registered.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any

from discord import app_commands

from bot.commands.reply import Reply

AppCommand = app_commands.Command[Any, ..., Any]
_STAMP = r"(?:\s+@v\d+(?:g\d+)?)?"
# (console form, slash form); the first that matches the whole code span wins.
_FORMS: tuple[tuple[str, str], ...] = (
    (r"game new(?:\s+(?P<game>mtg|riftbound))?", "/game new{game}"),
    (r"game join\s+(?P<player>.+)", "/game join player:{player}"),
    (r"game seat\s+(?P<player>\S+)\s+(?P<member>.+)", "/game seat player:{player} member:{member}"),
    (
        r"game (?P<verb>leave|open|close|state|back|cancel|resolve|undo|redo|history|export|end"
        r"|reopen)" + _STAMP,
        "/game {verb}",
    ),
    (r"game choose\s+(?P<option>.+?)" + _STAMP, "/game choose option:{option}"),
    (r"game cast\s+(?P<spell>.+)", "/game cast spell:{spell}"),
    (r"game activate\s+(?P<ability>.+)", "/game activate ability:{ability}"),
    (r"game retarget\s+(?P<spell>.+)", "/game retarget spell:{spell}"),
    (r"game\s+(?P<statements>.+)", "/game do statements:{statements}"),
    (r"card\s+(?P<name>.+?)(?P<game>\s+game:\w+)?", "/card name:{name}{game}"),
    (r"rulings\s+(?P<name>.+)", "/rulings name:{name}"),
    (r"rule\s+(?P<query>.+?)(?P<game>\s+game:\w+)?", "/rule query:{query}{game}"),
    (r"search\s+(?P<text>.+)", "/search text:{text}"),
    (r"(?P<doc>mtr|ipg)\s+(?P<query>.+?)(?P<game>\s+game:\w+)?", "/{doc} query:{query}{game}"),
    (r"scenario\s+-", "/scenario"),
    (r"scenario\s+(?P<text>.+)", "/scenario text:{text}"),
    (r"help\s+(?P<command>\S+)", "/help command:{command}"),
    (r"(?P<bare>help|about|scenario|game)", "/{bare}"),
)
_COMPILED = tuple((re.compile(pattern, re.DOTALL), form) for pattern, form in _FORMS)
_CODE = re.compile(r"`([^`\n]+)`")


def slash_form(command: str) -> str | None:
    """The slash form of one console command line, or None when it is not one."""
    line = " ".join(command.split())
    for pattern, form in _COMPILED:
        match = pattern.fullmatch(line)
        if match is not None:
            values = {key: value or "" for key, value in match.groupdict().items()}
            if "game" in values and form.startswith("/game new") and values["game"]:
                values["game"] = f" game:{values['game']}"
            return form.format(**values)
    return None


def to_slash(text: str) -> str:
    """``text`` with every console command in `code` written as its slash command."""

    def rewrite(match: re.Match[str]) -> str:
        slash = slash_form(match.group(1))
        return f"`{slash}`" if slash else match.group(0)

    return _CODE.sub(rewrite, text)


def _usage(name: str, command: AppCommand) -> str:
    options = " ".join(
        f"{p.display_name}" if p.required else f"[{p.display_name}]" for p in command.parameters
    )
    return f"/{name} {options}".rstrip()


def slash_lines(commands: Iterable[object]) -> list[str]:
    """``/name options`` — description, one line per command and subcommand, sorted."""
    lines: list[tuple[str, str]] = []
    for command in commands:
        if isinstance(command, app_commands.Group):
            for sub in command.commands:
                if isinstance(sub, app_commands.Command):
                    lines.append((_usage(f"{command.name} {sub.name}", sub), sub.description))
        elif isinstance(command, app_commands.Command):
            lines.append((_usage(command.name, command), command.description))
    return [f"`{usage}` — {description}" for usage, description in sorted(lines)]


def slash_help(commands: Iterable[object]) -> Reply:
    """``/help``: every slash command with its options, as Discord shows them."""
    lines = slash_lines(commands)
    return Reply(
        title="rulesbot commands",
        body="\n".join(lines)
        + "\n\nOptions in [brackets] are optional. `/help command:NAME` explains one command.",
        kind="help",
        data={"commands": lines},
    )
