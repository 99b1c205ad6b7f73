"""Buttons and select menus: paging, step-through choices, follow-up commands.

Every component is a ``DynamicItem`` whose ``custom_id`` holds the command line to run
(``rb:run:game choose 2``), so a click works on any message, even after a restart, and nothing
is kept in memory: the answer is computed again and re-rendered on demand.  A line too long for
the 100-character id is stored under a short key (``rb:run:#<key>``) in the settings database.

Modes: ``run`` replaces the message with the new answer (step-through, navigation);
``say`` answers in a new message (a card's rulings); ``p<N>u<ID>`` shows page N of the line's
answer to user ID, who asked for it (anyone else gets their own copy, only they can see).  The
pages of an answer that may have changed a game are shown from the answer as stored
(``STORED_REPLY``), never by running its line again.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import discord

from bot.commands.dispatch import RULINGS, runs_again_safely
from bot.commands.reply import Choice, Reply, reply_to_json
from bot.errors import UserError
from bot.frontends.discord.render import (
    CUSTOM_ID_CHARS,
    SELECT_OPTIONS,
    RenderedPage,
    button_label,
    option_text,
)

if TYPE_CHECKING:
    from bot.guilds.command_links import CommandLinks

LINK = "#"
# A stored answer, not a command line: the pages of an answer that changed a game are shown
# from it, since running its line again would change the game again (QA 14).
STORED_REPLY = "#reply "
SELECT_ID = "rb:choose"
BUTTONS_IN_A_ROW = 5


@dataclass(frozen=True)
class ExtraButton:
    """A follow-up command offered under an answer (e.g. a card's rulings)."""

    label: str
    line: str
    mode: str = "say"


async def encode_line(links: CommandLinks, head: str, line: str) -> str:
    """``head + line`` when it fits a custom_id, else ``head + '#' + key`` stored for later."""
    if len(head) + len(line) <= CUSTOM_ID_CHARS and not line.startswith(LINK):
        return head + line
    return head + LINK + await links.remember(line)


async def decode_line(links: CommandLinks, encoded: str) -> str:
    if not encoded.startswith(LINK):
        return encoded
    line = await links.recall(encoded[len(LINK) :])
    if line is None:
        raise UserError(
            "This button no longer knows which command it runs.",
            hint="Run the command again to get fresh buttons.",
        )
    return line


class CommandButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"(?s)rb:(?P<mode>run|say|p\d{1,4}(?:u\d{1,20})?):(?P<line>.+)",
):
    """A button that runs the command line in its custom_id."""

    def __init__(
        self,
        custom_id: str,
        label: str,
        *,
        style: discord.ButtonStyle = discord.ButtonStyle.secondary,
        disabled: bool = False,
        row: int | None = None,
    ) -> None:
        super().__init__(
            discord.ui.Button(label=label, custom_id=custom_id, style=style, disabled=disabled),
            row=row,
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: Any, /
    ) -> CommandButton:
        button = item if isinstance(item, discord.ui.Button) else None
        custom_id = match.string
        return cls(
            custom_id,
            (button.label if button else None) or "…",
            style=button.style if button else discord.ButtonStyle.secondary,
        )

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        from bot.frontends.discord.answers import on_component

        match = self.template.fullmatch(self.item.custom_id or "")
        if match is None:  # pragma: no cover - discord.py only routes matching ids here
            return
        mode = match["mode"]
        if not mode.startswith("p"):
            await on_component(interaction, mode, 1, match["line"])
            return
        page, _, owner = mode[1:].partition("u")
        await on_component(interaction, "page", int(page), match["line"], owner=owner or None)


class ChoiceSelect(discord.ui.DynamicItem[discord.ui.Select[Any]], template=SELECT_ID):
    """A select menu of next steps; each option's value is a command line (or its key)."""

    def __init__(
        self,
        options: Sequence[discord.SelectOption],
        placeholder: str | None,
        fewest: int = 1,
        most: int = 1,
    ) -> None:
        super().__init__(
            discord.ui.Select(
                custom_id=SELECT_ID,
                options=list(options),
                placeholder=placeholder,
                min_values=fewest,
                max_values=most,
            )
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: Any, /
    ) -> ChoiceSelect:
        if isinstance(item, discord.ui.Select):
            return cls(item.options, item.placeholder, item.min_values, item.max_values)
        return cls([], None)  # pragma: no cover - the id is only ever put on a select

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        from bot.frontends.discord.answers import bot_of, on_component

        values = self.item.values
        if len(values) > 1:
            # Several options of one step (Kolaghan's Command's two modes): one command that
            # picks them all, `game choose 1 3 @v4g2` (QA 20: each was refused alone).
            links = bot_of(interaction).command_links
            lines = [await decode_line(links, value) for value in values]
            joined = together(lines)
            if joined is not None:
                await on_component(interaction, "run", 1, await encode_line(links, "", joined))
                return
        if values:
            await on_component(interaction, "run", 1, values[0])


_CHOOSE_ONE = re.compile(r"^game choose (\d+)(\s+@v\d+(?:g\d+)?)?$")


def together(lines: Sequence[str]) -> str | None:
    """``game choose 1 @v4g2`` and ``game choose 3 @v4g2`` -> ``game choose 1 3 @v4g2``;
    None when they aren't all option numbers of one step."""
    picked = [_CHOOSE_ONE.match(line.strip()) for line in lines]
    if not all(picked):
        return None
    stamp = next((m.group(2) for m in picked if m and m.group(2)), "")
    return "game choose " + " ".join(m.group(1) for m in picked if m) + stamp


PERSISTENT_ITEMS: tuple[type[discord.ui.DynamicItem[Any]], ...] = (CommandButton, ChoiceSelect)


_STAMP = re.compile(r"\s@v\d+(?:g\d+)?\s*$")


# Moving around a step-through (never an option of the choice itself): always buttons, so a
# long list of options in a select menu can't push them out of reach.
_CONTROLS = ("game back", "game cancel", "game undo")


def _bare(command: str) -> str:
    return _STAMP.sub("", command).strip()


def step_controls(choices: Sequence[Choice]) -> list[Choice]:
    """Back, Cancel and Undo under a game's choices: those the reply offers, then Back and Undo
    if it doesn't, each once.

    They carry the same version stamp as the choices: an old message's Undo must not undo
    whatever the game's newest action is by then.
    """
    game_steps = [choice.command for choice in choices if choice.command.startswith("game ")]
    if not game_steps:
        return []
    stamp = _STAMP.search(game_steps[0])
    suffix = stamp.group(0) if stamp else ""
    offered = [choice for choice in choices if _bare(choice.command) in _CONTROLS]
    added = [
        Choice(label, command + suffix)
        for label, command in (("Back", "game back"), ("Undo", "game undo"))
        if command not in {_bare(choice.command) for choice in offered}
    ]
    controls: list[Choice] = []
    for choice in [*offered, *added]:
        if _bare(choice.command) not in {_bare(c.command) for c in controls}:
            controls.append(choice)
    return controls


def options_of(choices: Sequence[Choice]) -> list[Choice]:
    """The choices that are options to pick, without the step controls."""
    return [choice for choice in choices if _bare(choice.command) not in _CONTROLS]


def rulings_extra(reply: Reply) -> list[ExtraButton]:
    """A card answer offers its rulings (in a new message)."""
    return [ExtraButton("Rulings", RULINGS.call(reply.title).line)] if reply.kind == "card" else []


async def rulings_buttons(links: CommandLinks, cards: Sequence[Reply]) -> discord.ui.View | None:
    """One ``Rulings: NAME`` button per card answer of a several-reference reply."""
    view = discord.ui.View(timeout=None)
    for number, card in enumerate(cards[: BUTTONS_IN_A_ROW * 5]):
        custom_id = await encode_line(links, "rb:say:", RULINGS.call(card.title).line)
        view.add_item(
            CommandButton(
                custom_id, button_label(f"Rulings: {card.title}"), row=number // BUTTONS_IN_A_ROW
            )
        )
    return view if view.children else None


def overflow_note(reply: Reply) -> str:
    """Said in the footer when there are more choices than a select menu holds."""
    count = len({choice.command for choice in options_of(reply.choices)})
    if count <= SELECT_OPTIONS:
        return ""
    example = next((c.command for c in reply.choices if c.command.startswith("game choose")), "")
    how = "pick the others with `game choose N`" if example else "type the others as a command"
    return f"showing {SELECT_OPTIONS} of {count} options; {how}"


def _unique(choices: Sequence[Choice]) -> list[Choice]:
    seen: set[str] = set()
    out = []
    for choice in choices:
        if choice.command not in seen:
            seen.add(choice.command)
            out.append(choice)
    return out


async def build_view(
    links: CommandLinks,
    reply: Reply,
    line: str,
    page: RenderedPage,
    extra: Sequence[ExtraButton] = (),
    owner: str = "",
) -> discord.ui.View | None:
    """Paging buttons (for ``owner``, the user who asked), the reply's choices (buttons, or a
    select when more than five), the game's back/undo, and extra follow-ups; ``None`` when
    there is nothing to click."""
    view = discord.ui.View(timeout=None)
    row = 0
    whose = f"u{owner}" if owner.isdigit() else ""
    if page.total > 1:
        if not line.startswith(STORED_REPLY) and not runs_again_safely(line):
            line = STORED_REPLY + reply_to_json(reply)
        for label, target, disabled in (
            ("◀ Previous", page.number - 1, page.number <= 1),
            ("Next ▶", page.number + 1, page.number >= page.total),
        ):
            custom_id = await encode_line(links, f"rb:p{max(target, 1)}{whose}:", line)
            if disabled:
                custom_id = await encode_line(links, f"rb:p{page.number}{whose}:", line)
            view.add_item(CommandButton(custom_id, label, disabled=disabled, row=row))
        row += 1
    choices = _unique(options_of(reply.choices))
    several = reply.pick_several
    if choices and several and several[1] > 1:
        # Several of one step's options together: one multi-select, never single buttons
        # that each pick one alone (QA 20).
        picks = [c for c in choices if _CHOOSE_ONE.match(_bare(c.command))]
        options = [
            discord.SelectOption(
                label=option_text(choice.label) or "…",
                value=await encode_line(links, "", choice.command),
            )
            for choice in picks[:SELECT_OPTIONS]
        ]
        fewest, most = several
        most = min(most, len(options))
        view.add_item(ChoiceSelect(options, f"Choose {fewest}–{most}…", min(fewest, most), most))
        row += 1
        for choice in choices:
            if choice not in picks:  # "No target": choosing none is its own button
                custom_id = await encode_line(links, "rb:run:", choice.command)
                view.add_item(CommandButton(custom_id, button_label(choice.label), row=row))
        row += 1 if len(picks) < len(choices) else 0
    elif choices and len(choices) <= BUTTONS_IN_A_ROW:
        for choice in choices:
            custom_id = await encode_line(links, "rb:run:", choice.command)
            view.add_item(
                CommandButton(
                    custom_id,
                    button_label(choice.label),
                    style=discord.ButtonStyle.primary,
                    row=row,
                )
            )
        row += 1
    elif choices:
        options = [
            discord.SelectOption(
                label=option_text(choice.label) or "…",
                value=await encode_line(links, "", choice.command),
                description=option_text(choice.description) or None,
            )
            for choice in choices[:SELECT_OPTIONS]
        ]
        view.add_item(ChoiceSelect(options, "Choose…"))
        row += 1
    controls = [ExtraButton(c.label, c.command, "run") for c in step_controls(reply.choices)]
    from_a_game = line.startswith(("game", STORED_REPLY))
    if from_a_game and reply.picture is None and reply.kind != "error":
        # Every game reply can show the board as it is now, drawn (issue 15).
        controls.append(ExtraButton("Picture", "game state", "say"))
    follow_ups = [*controls, *extra][:BUTTONS_IN_A_ROW]
    for button in follow_ups:
        head = "rb:say:" if button.mode == "say" else "rb:run:"
        custom_id = await encode_line(links, head, button.line)
        view.add_item(CommandButton(custom_id, button_label(button.label), row=row))
    # Two buttons with the same id would be rejected by Discord; ids are unique by
    # construction (distinct pages, commands deduplicated, modes differ in the prefix).
    return view if view.children else None
