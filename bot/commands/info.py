"""``about`` and ``help``: what data the bot answers from, and what it can do."""

from __future__ import annotations

from bot import __version__
from bot.commands.context import CommandContext
from bot.commands.reply import Reply, Section

UPDATE_HOWTO = (
    "`rulesbot sync` downloads the current Comprehensive Rules and Scryfall's card data; "
    "`rulesbot sync --from DIR` imports a local folder."
)

_VERSION_LABELS = (
    ("cr_effective_date", "Comprehensive Rules effective"),
    ("cr_versions", "Comprehensive Rules versions kept"),
    ("cards_date", "Card data (Oracle text) as of"),
    ("cards_count", "Cards"),
    ("riftbound_rules_current", "Riftbound Core Rules"),
    ("riftbound_cards_count", "Riftbound cards"),
    ("riftbound_tournament_rules", "Riftbound Tournament Rules"),
    ("mtr_effective", "Magic Tournament Rules effective"),
    ("ipg_effective", "Infraction Procedure Guide effective"),
    ("synced_at", "Last sync"),
)


def data_versions(meta: dict[str, str]) -> list[tuple[str, str]]:
    return [(label, meta[key]) for key, label in _VERSION_LABELS if key in meta]


async def about(ctx: CommandContext, argument: str = "") -> Reply:
    meta = ctx.reference.meta
    versions = data_versions(meta)
    lines = [f"**{label}:** {value}" for label, value in versions]
    return Reply(
        title=f"rulesbot {__version__}",
        body=(
            "Settles Magic: The Gathering and Riftbound rules questions: card and rule lookups, "
            "and a targeting engine that explains every verdict with the rules it used."
        ),
        sections=(
            Section("Data", "\n".join(lines) or "No data imported yet."),
            Section("Updating", UPDATE_HOWTO),
        ),
        kind="about",
        data={"version": __version__, "data": dict(meta)},
    )


def _example_line(line: str) -> str:
    """A line that marks its commands in `code` as written; any other (a scenario statement)
    in code whole."""
    return line if "`" in line else f"`{line}`"


async def help_command(ctx: CommandContext, argument: str = "") -> Reply:
    from bot.commands.dispatch import find_command, listed_commands

    if argument:
        spec = find_command(argument.split()[0].lower())
        sections = []
        if spec.subcommands:
            sections.append(Section("Subcommands", "\n".join(spec.subcommands)))
        if spec.examples:
            sections.append(Section("Examples", "\n".join(map(_example_line, spec.examples))))
        return Reply(
            title=f"help {spec.name}",
            body=f"`{spec.usage}`\n{spec.summary}",
            sections=tuple(sections),
            kind="help",
        )
    commands = listed_commands()
    lines = [f"`{spec.usage}` — {spec.summary}" for spec in commands]
    return Reply(
        title="rulesbot commands",
        body="\n".join(lines),
        kind="help",
        data={"commands": [{"usage": s.usage, "summary": s.summary} for s in commands]},
    )
