"""How a channel's game is shown, the same for every kind of game: its seats and who may change
it, its board, and the choice in progress (``game state`` in MTG and Riftbound alike)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from bot.commands.context import CommandContext
from bot.commands.reply import Choice, Reply, Section
from bot.games.model import GameRecord, Seating
from bot.scenario.stepping import Prompt

GAME_TITLES = {"mtg": "Magic", "riftbound": "Riftbound"}


def seats_text(ctx: CommandContext, seating: Seating) -> str:
    """Who plays whom, and who may change the game."""
    lines = [f"{player}: {ctx.caller.user_mention(user)}" for player, user in seating.seats.items()]
    if not lines:
        lines.append("No one has taken a seat yet (`game join NAME`).")
    who = "everyone in this channel" if seating.open else "its starter, seated players and judges"
    lines.append(f"Who may change it: {who}.")
    return "\n".join(lines)


def seats_section(ctx: CommandContext, seating: Seating) -> Section:
    return Section("Seats", seats_text(ctx, seating))


def game_state_reply(
    ctx: CommandContext,
    record: GameRecord,
    seating: Seating,
    board: Iterable[tuple[str, str]],
    board_data: Mapping[str, Any],
    *,
    in_progress: Section | None = None,
    choices: tuple[Choice, ...] = (),
) -> Reply:
    """``game state``: seats, the board's sections, and the action in progress with its choices.

    ``board`` is the game's own board text (heading, text); ``board_data`` its machine-readable
    form, which also draws the picture.
    """
    sections = [seats_section(ctx, seating), *(Section(h, text) for h, text in board)]
    if in_progress is not None:
        sections.append(in_progress)
    data: dict[str, Any] = {
        "kind": record.kind,
        "version": record.version,
        "started_by": record.started_by,
        "seats": dict(seating.seats),
        "open": seating.open,
        **board_data,
    }
    # Embed titles and footers don't render mentions; the body does.
    return Reply(
        title=f"{GAME_TITLES.get(record.kind, record.kind)} game",
        body=f"In {ctx.caller.channel_mention()}, started by "
        f"{ctx.caller.user_mention(record.started_by)}; {record.version} log entries.",
        sections=tuple(sections),
        data=data,
        choices=choices,
        picture=data,
    )


def game_script_reply(kind: str, transcript: Sequence[str], in_progress: str | None) -> Reply:
    """``game export``: the statements that rebuild the game; ``in_progress`` names an action
    still being chosen (it is not part of the script yet)."""
    script = "\n".join(transcript)
    note = f"\n({in_progress} is in progress and is not included.)" if in_progress else ""
    return Reply(
        title="Game script",
        body=(script or "The game is empty.") + note,
        data={"script": script, "statements": list(transcript), "kind": kind},
    )


def prompt_choices(prompt: Prompt) -> tuple[Choice, ...]:
    """The buttons for a choice in progress, in either game: one per option, "No target" or
    "Keep every target" when choosing nothing is allowed, then Back and Cancel."""
    choices = [
        Choice(f"{option.number}. {option.label}", f"game choose {option.number}")
        for option in prompt.options
    ]
    if prompt.kind == "targets" and prompt.min_count == 0:
        choices.append(Choice("No target", "game choose none"))
    if prompt.kind == "positions" and prompt.min_count == 0:
        choices.append(Choice("Keep every target", "game choose none"))
    choices += [Choice("Back", "game back"), Choice("Cancel", "game cancel")]
    return tuple(choices)
