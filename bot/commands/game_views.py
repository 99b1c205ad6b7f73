"""How a channel's game is shown, the same for every kind of game: its seats and who may change
it, its board, and the choice in progress (``game state`` in MTG and Riftbound alike)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from bot.commands.context import CommandContext
from bot.commands.reply import Choice, Reply, Section
from bot.engine.wording import counted
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
    pending: tuple[str, Prompt] | None = None,
) -> Reply:
    """``game state``: seats, the board's sections, and the action in progress with its choices.

    ``board`` is the game's own board text (heading, text); ``board_data`` its machine-readable
    form, which also draws the picture; ``pending`` the action in progress (its title, such as
    "Casting Arc Trail", and its next choice).
    """
    sections = [seats_section(ctx, seating), *(Section(h, text) for h, text in board)]
    choices: tuple[Choice, ...] = ()
    if pending is not None:
        title, prompt = pending
        sections.append(Section(title, prompt.text))
        choices = prompt_choices(prompt)
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
        f"{ctx.caller.user_mention(record.started_by)}; "
        f"{counted(record.version, 'log entry', 'log entries')}.",
        sections=tuple(sections),
        data=data,
        choices=choices,
        picture=data,
    )


def game_script_reply(kind: str, transcript: Sequence[str], in_progress: str | None) -> Reply:
    """``game export``: the statements that rebuild the game; ``in_progress`` names an action
    still being chosen (it is not part of the script yet)."""
    script = "\n".join(transcript)
    if script and kind != "mtg":
        # `scenario` reads Magic unless told: the first line says which game this is, and
        # a game channel of the same kind skips it (QA 25 M4).
        script = f"game: {kind}\n{script}"
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


PICK_SEVERAL = "Pick several with their numbers, e.g. `game choose 1 3`."
DIVIDE_HOW = (
    "Give each target's amount in the order the targets were chosen, e.g. `game choose 2 1`."
)

# Choices whose options are what the player may pick (an empty list means nothing is legal).
_PICKING_KINDS = ("targets", "new target", "positions", "location", "sacrifice")


def choice_reply(
    title: str,
    card: str,
    prompt: Prompt,
    chosen: list[str],
    *,
    rule_prefix: str = "CR ",
) -> Reply:
    """An action in progress waiting for its next choice, in either game: what to decide and
    the rule, the numbered options with their buttons, and what was chosen so far.
    ``rule_prefix`` is how the game's rules are cited ("CR 601.2c", "rule 355.9")."""
    body = prompt.text + (f" ({rule_prefix}{prompt.rule})" if prompt.rule else "")
    options = "\n".join(f"{o.number}. {o.label}" for o in prompt.options)
    if options:
        body += "\n" + options
    elif prompt.kind in _PICKING_KINDS and not (
        prompt.kind == "positions" and not prompt.min_count
    ):
        # (Targets to change that may all stay: keeping them is the choice, 115.7.)
        body += "\nThere is no legal choice."
    if prompt.kind == "division":
        # QA 13: the division prompt was the only one that didn't say how to answer.
        body += "\n" + DIVIDE_HOW
    several = (
        prompt.kind in ("targets", "positions", "modes", "sacrifice") and prompt.max_count != 1
    )
    pick_several = None
    if several and len(prompt.options) > 1:
        body += "\n" + PICK_SEVERAL
        most = min(prompt.max_count or len(prompt.options), len(prompt.options))
        pick_several = (max(prompt.min_count, 1), most)
    return Reply(
        title=title,
        body=body,
        sections=(Section("Chosen so far", "\n".join(chosen)),) if chosen else (),
        choices=prompt_choices(prompt),
        pick_several=pick_several,
        data={
            "pending": {
                "card": card,
                "title": title,
                "choice": prompt.kind,
                "prompt": prompt.text,
                "rule": prompt.rule,
                "options": [
                    {"number": o.number, "label": o.label, "value": o.value} for o in prompt.options
                ],
            }
        },
    )
